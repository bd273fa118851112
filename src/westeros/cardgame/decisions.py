"""The card game's decision catalogue (C22): every kind of decision a seat is asked, its
choice grammar, a codec and a one-line description naming the decision point(s) of C22 it
implements.

Choices are small: a card id or a seat (an integer), a short compound string
(``"use:<card>:<ability>"``, ``"marshal:<card>"``, ``"military>1"``) or a word (``"pass"``,
``"done"``, ``"none"``); multi-card choices are asked one card at a time. Rules code opens a
decision with ``ATTACKER.ask(seat, prompt, choices, type="military")`` and reads a choice with
``CHALLENGE.parse(choice)``; no other module writes a decision-kind literal or builds a
``Decision``. The codec machinery is the engine kit's (:mod:`westeros.engine.catalogue`).
"""

from __future__ import annotations

from typing import Any

from westeros.engine import Decision
from westeros.engine.catalogue import Codec, DecisionCatalogue, DecisionKind, words

CATALOGUE = DecisionCatalogue("cardgame")
KINDS: dict[str, DecisionKind] = CATALOGUE.kinds
_kind = CATALOGUE.add


def kind_of(decision: Decision) -> DecisionKind:
    return CATALOGUE.of(decision)


def catalogue_json() -> list[dict[str, Any]]:
    """Every decision kind with its grammar and description, for clients and docs."""
    return CATALOGUE.to_json()


def cards(*ws: str, part: str = "card") -> Codec:
    """A card id (or, with ``part="seat"``, a seat) or one of the words."""
    return Codec((part,), integer=True, words=ws)


# "<verb>:<card>[:<ability index>]": use:12:0 (an ability), marshal:5, ambush:7
USE = Codec(("verb", "card", "index?"), sep=":", words=("pass",), ints=("card", "index"))

# ============================================================== setup (C5)
MULLIGAN = _kind(
    "mulligan", words("keep", "mulligan"), "D2 keep the opening hand or mulligan once (C5.7)"
)
SETUP = _kind("setup", cards("done"), "D3 a setup card to place face down, or done (C5.8)")
ATTACH_TO = _kind("attach_to", cards(), "D4/D16 the card an attachment goes on (C19.1)")

# ============================================================== plot phase (C7), titles (C21)
PLOT = _kind("plot", cards(), "D5 the plot to reveal, secret and simultaneous (C7.2)")
FIRST_PLAYER = _kind(
    "first_player", cards(part="seat"), "D6 the initiative winner names the first player (C7.3.2)"
)
TITLE = _kind("title", cards(), "D8 the title to take from the pool, secret (C21.2)")

# ============================================================== windows and abilities (C6, C16)
ACTION = _kind(
    "action",
    USE,
    "D9/D16/D24 in an action window: use:<card>:<ability> (an Action, C16.4), marshal:<card> "
    "(C9.4), ambush:<card> (C17.2), or pass (C6.4)",
)
INTERRUPT = _kind(
    "interrupt",
    USE,
    "D10 use an interrupt (use:<card>:<ability>) to an occurrence, or pass (C16.9)",
)
REACTION = _kind(
    "reaction", USE, "D10 use a reaction (use:<card>:<ability>) to an occurrence, or pass (C16.9)"
)
ORDER = _kind(
    "order",
    Codec(("card", "index"), sep=":", ints=("card", "index")),
    "D7/D11 the first player picks which of several simultaneous When Revealed or forced "
    "abilities (<card>:<ability>) resolves next (C7.3.3, C16.9, C16.21)",
)
DELAYED_ORDER = _kind(
    "delayed_order",
    cards(),
    "D11 the first player picks which of several delayed effects due together resolves next, "
    "by the card it concerns (C16.16, C16.21)",
)
DUPLICATE_SAVE = _kind(
    "duplicate_save",
    words("save", "no"),
    "D14 discard a duplicate to save the card above it from leaving play, or not (C18.7)",
)
RESULT = _kind(
    "result",
    Codec(("result", "seat"), sep=":", ints=("seat",)),
    "D15 the first player picks which simultaneous result happens first: win:<seat> (15 "
    "power) or out:<seat> (an empty draw deck) (C20.3, C20.4)",
)
COST = _kind("cost", cards(), "D13 which card pays a cost (C16.5)")
TARGET = _kind(
    "target",
    cards("done", part="target"),
    "D13 a target (a card or a player) of an ability (C16.6)",
)
PICK = _kind(
    "pick",
    cards("none", "done", part="pick"),
    "D13 a card (or a player) an effect picks among those offered (a search, a card to kneel, "
    "to place on the bottom…), or none / done when the effect allows (C3.8, C16.21)",
)
NAME = _kind(
    "name",
    Codec(("name",)),
    "D13 a value an effect names: a challenge type, a card type or an icon",
)
EFFECT_OPTION = _kind(
    "effect_option",
    Codec(("option",)),
    "D13 one of an effect's options (Great Kraken: draw or power; Fire and Blood: play or "
    "shuffle)",
)

# ============================================================== challenges (C10–C12, C17)
CHALLENGE = _kind(
    "challenge",
    Codec(("type", "opponent"), sep=">", words=("done",), ints=("opponent",)),
    "D17 initiate a challenge <type>><opponent> (military>1), or done (C10.3)",
)
ATTACKER = _kind("attacker", cards("done"), "D17 an attacker to declare, or done (C11.1.3)")
STEALTH = _kind(
    "stealth", cards("none"), "D17 the character a stealth attacker bypasses, or none (C17.9)"
)
REDIRECT = _kind(
    "redirect",
    words("redirect", "no"),
    "D18 the Crown Regent redirects this challenge or not (C21.6)",
)
REDIRECT_TO = _kind(
    "redirect_to",
    cards(part="seat"),
    "D18 the attacker's new defending player after a Crown Regent redirect (C21.6.2)",
)
DEFENDER = _kind("defender", cards("done"), "D19 a defender to declare, or done (C11.5)")
CLAIM_KILL = _kind("claim_kill", cards(), "D20 a character to kill for military claim (C12.2)")
WHISPERS = _kind(
    "whispers",
    cards("done", part="seat"),
    "D21 an opponent for Master of Whispers' claim, or done (C21.7.6)",
)
KEYWORD_TYPE = _kind(
    "keyword_type",
    words("insight", "intimidate", "pillage", "renown"),
    "D22 the first player picks the keyword type that resolves next (C11.11.1)",
)
KEYWORD = _kind(
    "keyword",
    cards("done"),
    "D23 the next participating character whose insight, pillage or renown to use, or done "
    "to skip the rest (C11.11.2, C17.3, C17.7, C17.8)",
)
INTIMIDATE = _kind(
    "intimidate", cards("none"), "D23 the character intimidate kneels, or none (C17.4)"
)

# ============================================================== standing, taxation (C14, C15)
STAND = _kind(
    "stand",
    cards(),
    "C14.2, C16.21: a character to stand when an effect limits how many stand",
)
RESERVE = _kind("reserve", cards(), "D26 a card to discard down to reserve (C15.3)")
