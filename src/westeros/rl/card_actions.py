"""The card game's fixed action enumeration, from its decision catalogue and codecs.

A card game's choices name card ids (every physical card of the game has one: its decks'
cards in deck-list order, then the title pool in melee;
:func:`westeros.cardgame.public.card_count`), seats, a few words and short compounds. The
space of a config is fixed: it depends only on its number of card ids and of seats (the same
decks give the same space, whatever the seed).
Each kind of the catalogue (:mod:`westeros.cardgame.decisions`) owns one block, in catalogue
order; inside a block come the kind's words, then its values, from the codec's parts:

=======================  ===============================================================
parts                    values
=======================  ===============================================================
``card`` (an integer)    every card id
``target``, ``pick``     every card id (a player target is a seat: the same integers)
``seat``                 every seat
``verb:card:index?``     ``use:<card>:<ability>`` (ability 0 .. :data:`MAX_ABILITIES` - 1),
                         then ``marshal:<card>``, ``ambush:<card>``
``card:index``           ``<card>:<ability>``
``result:seat``          ``win:<seat>``, ``out:<seat>``
``type>opponent``        a challenge type and a seat
``name``                 the challenge types (icons have the same names), then the card types
``option``               the effects' options (:data:`OPTIONS`)
=======================  ===============================================================
"""

from __future__ import annotations

from collections.abc import Sequence

from westeros.cardgame.public import cards as C
from westeros.cardgame.public import decisions as D
from westeros.engine import Choice
from westeros.engine.catalogue import DecisionKind
from westeros.rl.actions import ActionSpace

MAX_ABILITIES = 4  # abilities on one card text (a test checks every text against it)
USE_VERBS = ("use",)  # "<verb>:<card>:<ability>"
PLAY_VERBS = ("marshal", "ambush")  # "<verb>:<card>" (C9.4, C17.2)
RESULTS = ("win", "out")  # D15: 15 power (C20.3), an empty draw deck (C20.4)
NAMES: tuple[str, ...] = (*C.CHALLENGES, *C.DRAW_TYPES)  # what an effect names (D13)
OPTIONS = ("draw", "power", "play", "shuffle")  # Great Kraken, Fire and Blood (D13)


def _values(kind: DecisionKind, cards: int, seats: int) -> list[Choice]:
    """Every value (not word) a choice of ``kind`` can take, in a fixed order."""
    codec = kind.codec
    names = codec.names
    ids, players = range(cards), range(seats)
    sep = codec.sep
    if codec.integer:
        return list(players if names == ("seat",) else ids)
    if names == ("verb", "card", "index"):
        used = [
            f"{v}{sep}{c}{sep}{i}" for v in USE_VERBS for c in ids for i in range(MAX_ABILITIES)
        ]
        return [*used, *(f"{v}{sep}{c}" for v in PLAY_VERBS for c in ids)]
    if names == ("card", "index"):
        return [f"{c}{sep}{i}" for c in ids for i in range(MAX_ABILITIES)]
    if names == ("result", "seat"):
        return [f"{r}{sep}{s}" for r in RESULTS for s in players]
    if names == ("type", "opponent"):
        return [f"{t}{sep}{s}" for t in C.CHALLENGES for s in players]
    if names == ("name",):
        return list(dict.fromkeys(NAMES))
    if names == ("option",):
        return list(OPTIONS)
    if not names:
        return []
    raise ValueError(f"no enumeration for the parts {names} of {kind.name}")


def card_space(cards: int, seats: int) -> ActionSpace:
    """The action space of a card game with ``cards`` card ids and ``seats`` seats."""
    kinds: Sequence[DecisionKind] = tuple(D.KINDS.values())
    return ActionSpace(
        (k.name, k.grammar, [*k.codec.words, *_values(k, cards, seats)]) for k in kinds
    )
