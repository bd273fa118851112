"""The card game's decision catalogue (C22): every kind of decision a seat is asked.

Each kind names the decision point(s) of C22 it implements. Choices are small: a card id
(an integer), a player seat, or a short string ("pass", "done", "use:<card>:<ability>",
"marshal:<card>", "military>1" …); multi-card choices are asked one card at a time.
"""

from __future__ import annotations

from westeros.engine import Choice, Decision

KINDS: dict[str, str] = {}


def _kind(name: str, description: str) -> str:
    KINDS[name] = description
    return name


MULLIGAN = _kind("mulligan", "D2 keep the opening hand or mulligan once (C5.7): keep | mulligan")
SETUP = _kind("setup", "D3 a setup card to place face down, or done (C5.8)")
ATTACH_TO = _kind("attach_to", "D4/D16 the card an attachment goes on (C19.1)")
PLOT = _kind("plot", "D5 the plot to reveal, secret and simultaneous (C7.2)")
FIRST_PLAYER = _kind("first_player", "D6 the initiative winner names the first player (C7.3.2)")
ACTION = _kind("action", "D9/D16/D24 take an action in an action window, or pass (C6.4)")
INTERRUPT = _kind("interrupt", "D10 use an interrupt to an occurrence, or pass (C16.9)")
REACTION = _kind("reaction", "D10 use a reaction to an occurrence, or pass (C16.9)")
COST = _kind("cost", "D13 which card pays a cost (C16.5)")
TARGET = _kind("target", "D13 a target of an ability (C16.6)")
OPTION = _kind("option", "D13 an option inside an effect (a 'may', a card to search for…)")
CHALLENGE = _kind("challenge", "D17 initiate a challenge '<type>><opponent>', or done (C10.3)")
ATTACKER = _kind("attacker", "D17 an attacker to declare, or done (C11.1.3)")
STEALTH = _kind("stealth", "D17 the character a stealth attacker bypasses, or none (C17.9)")
DEFENDER = _kind("defender", "D19 a defender to declare, or done (C11.5)")
CLAIM_KILL = _kind("claim_kill", "D20 a character to kill for military claim (C12.2)")
INTIMIDATE = _kind("intimidate", "D23 the character intimidate kneels, or none (C17.4)")
TITLE = _kind("title", "D8 the title to take from the pool, secret (C21.2)")
REDIRECT = _kind("redirect", "D18 the Crown Regent redirects this challenge or not (C21.6)")
WHISPERS = _kind("whispers", "D21 an opponent for Master of Whispers' claim, or done (C21.7.6)")
RESERVE = _kind("reserve", "D26 a card to discard down to reserve (C15.3)")


def ask(
    kind: str,
    seat: int,
    prompt: str,
    choices: tuple[Choice, ...],
    context: tuple[tuple[str, str | int], ...] = (),
) -> Decision:
    """A decision of a catalogued kind."""
    assert kind in KINDS, kind
    return Decision(seat, kind, prompt, choices, context)
