"""The fixed action enumeration: every choice of every board-game decision kind has one index.

The enumeration is built from the decision catalogue (:mod:`westeros.boardgame.decisions`:
each kind's codec says which parts a choice has, its words, whether it is an integer or a
``+``-joined list) and the tables (areas, unit kinds, order tokens, house cards, tracks,
houses, Westeros card options). Each kind owns one contiguous block of indices, in catalogue
order; inside a block the kind's words come first, then its values. A part's values come from
its name:

=========================  ============================================================
part                       values
=========================  ============================================================
``area``, ``to``, ``from``  every map area (map order)
``target``                 the areas adjacent to ``from``, then ``none``
``unit``                   unit kinds (footman, knight, siege_engine, ship)
``card``                   every house card of every deck (X-ADWD-1.1): the base deck's,
                           A Dance with Dragons', then Arryn's (each deck in house order, then
                           card order; a card met again kept at its first place); for Rodrik
                           the Reader every Westeros card (``<deck>:<card>``)
``track``                  iron_throne, fiefdoms, kings_court
``house``                  the six houses, then Arryn
``token``                  the 11 distinct order tokens
``option``                 the options of the Westeros cards
``purchase``               footman, knight, siege_engine, upgrade_knight, upgrade_siege_engine,
                           ship (only ``ship`` takes ``>to``, a sea or port area)
``action``                 replace
``routed``                 routed (Renly: land areas only)
``objective``              the 28 AFfC objective cards (ids sorted)
=========================  ============================================================

Two pairs are narrowed by the map so the space stays small: ``<area>:<unit>`` pairs a ship
with sea and port areas and the land units with land areas; a ``+``-joined list
(``support_areas``) is one area or two areas in map order that share a neighbour (a house has
at most three Support orders, so a proper subset has at most two). Integers run from 0 to
their maximum (``bid``: every power token, ``port_takeover``: a port's ships).

:data:`ACTIONS` is the whole list of ``(kind, choice)`` pairs; ``index(kind, choice)`` and
``choice(index)`` convert; :func:`mask` marks a decision's legal choices. They are those of
:data:`BOARD`, an :class:`ActionSpace`: the card game's space is another instance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

from westeros.boardgame.public import LOANS
from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import objectives as O
from westeros.boardgame.public import tables as T
from westeros.engine import Choice, Decision

AREAS: tuple[str, ...] = T.AREA_IDS
LAND: tuple[str, ...] = tuple(a for a in AREAS if T.AREAS[a].kind == "land")
WATER: tuple[str, ...] = tuple(a for a in AREAS if T.AREAS[a].kind != "land")
# every deck's cards, so that an ADwD card is its own action, not a base card's (X-ADWD-1.1)
# Mother of Dragons' 28 cards (Arryn's, Targaryen's A and B, the vassals'; X-MOD-4.2, X-MOD-5.8,
# X-MOD-10.9) have no index here, so this space stays that of the other games: MoD configs get
# their own space (:data:`MOD`, below)
MOD_CARDS: frozenset[str] = frozenset(
    c.id
    for c in (
        *T.HOUSE_CARD_DECKS["mod"]["arryn"],
        *T.TARGARYEN_DECKS["a"],
        *T.TARGARYEN_DECKS["b"],
        *T.VASSAL_CARDS,
    )
)
CARDS: tuple[str, ...] = tuple(c for c in T.HOUSE_CARD_BY_ID if c not in MOD_CARDS)
TOKENS: tuple[str, ...] = tuple(dict.fromkeys(t.id for t in T.ORDER_TOKENS))
TRACKS: tuple[str, ...] = ("iron_throne", "fiefdoms", "kings_court")
OPTIONS: tuple[str, ...] = tuple(
    dict.fromkeys(o for c in T.WESTEROS_CARD_BY_ID.values() for o in c.options)  # every set's
)
OBJECTIVES: tuple[str, ...] = tuple(sorted(O.OBJECTIVES))  # A Feast for Crows (X-AFFC-4.4)
# the houses the RL spaces know: the base six, then Arryn (X-AFFC-2.1); Mother of Dragons'
# Targaryen (X-MOD-5) is not encoded, so the spaces of the other games keep their sizes
HOUSES: tuple[str, ...] = tuple(h for h in T.ALL_HOUSES if h != "targaryen")
LAND_UNITS: tuple[str, ...] = tuple(u for u in T.UNIT_TYPES if u != "ship")
PURCHASES: tuple[str, ...] = (*LAND_UNITS, "upgrade_knight", "upgrade_siege_engine")
INTEGER_MAX: dict[str, int] = {
    D.BID.name: T.POWER_TOKENS_TOTAL,
    D.PORT_TAKEOVER.name: T.MAX_SHIPS_IN_PORT,
    D.AERON_POWER.name: T.POWER_TOKENS_TOTAL,  # A Dance with Dragons (X-ADWD-D2)
}

WESTEROS_CARDS: tuple[str, ...] = tuple(  # <deck>:<card>, e.g. I:supply; not MoD's deck IV
    c for c, card in T.WESTEROS_CARD_BY_ID.items() if card.deck <= 3
)
# kinds whose ``card`` part names something other than a house card
_CARD_PART: dict[str, tuple[str, ...]] = {
    D.RODRIK.name: WESTEROS_CARDS,  # X-ADWD-4.2: the Westeros card put on top of its deck
}


@dataclass(frozen=True)
class _Board:
    """What a space's values are drawn from: a map's areas and neighbours, the houses, cards,
    tokens and unit kinds, the Westeros cards, the largest list of areas (``support_areas``)."""

    areas: tuple[str, ...]
    neighbors: Mapping[str, frozenset[str]]
    land: tuple[str, ...]
    simple: Mapping[str, tuple[str, ...]]
    card_part: Mapping[str, tuple[str, ...]]
    option_part: Mapping[str, tuple[str, ...]]
    land_units: tuple[str, ...]
    max_list: int  # the most areas a ``+``-joined list names


def _board(
    m: T.GameMap,
    simple: Mapping[str, tuple[str, ...]],
    card_part: Mapping[str, tuple[str, ...]],
    option_part: Mapping[str, tuple[str, ...]],
    land_units: tuple[str, ...],
    max_list: int,
) -> _Board:
    """A space's values on the map ``m``: its areas (map order) are every area part's
    (``area``, ``to``, ``from``), its borders the neighbours."""
    areas = m.area_ids
    return _Board(
        areas=areas,
        neighbors={a: m.areas[a].neighbors for a in areas},
        land=tuple(a for a in areas if m.areas[a].kind == "land"),
        simple={**simple, "area": areas, "to": areas, "from": areas},
        card_part=card_part,
        option_part=option_part,
        land_units=land_units,
        max_list=max_list,
    )


_BASE = _board(
    T.MAPS["base"],
    simple={
        "unit": T.UNIT_TYPES,
        "card": CARDS,
        "track": TRACKS,
        "house": HOUSES,
        "token": TOKENS,
        "option": OPTIONS,
        "purchase": PURCHASES,
        "objective": OBJECTIVES,
    },
    card_part=_CARD_PART,
    option_part={},
    land_units=LAND_UNITS,
    max_list=2,
)


def _area_units(b: _Board) -> list[str]:
    out: list[str] = []
    for a in b.areas:
        units = b.land_units if a in b.land else ("ship",)
        out.extend(f"{a}:{u}" for u in units)
    return out


def _area_lists(b: _Board, sep: str) -> list[str]:
    """One area, then the lists of 2 .. ``max_list`` areas (map order) that share a neighbour
    (the areas supporting one fight border the embattled area)."""
    order = {a: i for i, a in enumerate(b.areas)}
    lists: set[tuple[str, ...]] = set()
    for a in b.areas:
        around = sorted(b.neighbors[a], key=order.__getitem__)
        for n in range(2, b.max_list + 1):
            lists.update(combinations(around, n))
    ranked = sorted(lists, key=lambda c: (len(c), [order[a] for a in c]))
    return [*b.areas, *(sep.join(c) for c in ranked)]


def _values(kind: D.DecisionKind, b: _Board = _BASE) -> list[Choice]:
    """Every value (not word) a choice of ``kind`` can take, in a fixed order."""
    codec = kind.codec
    if codec.integer:
        return list(range(INTEGER_MAX[kind.name] + 1))
    names = codec.names
    if not names:
        return []
    if codec.many and names == ("vassal",):  # X-MOD-10.3: the vassals picked, house order
        houses = b.simple["house"]
        return [codec.sep.join(c) for n in range(1, 5) for c in combinations(houses, n)]
    if codec.many:
        if b.max_list == 2:  # the base space's order (pinned by its tests)
            pairs = [
                f"{x}{codec.sep}{y}"
                for x, y in combinations(b.areas, 2)
                if b.neighbors[x] & b.neighbors[y]
            ]
            return [*b.areas, *pairs]
        return list[Choice](_area_lists(b, codec.sep))
    if names == ("area", "unit"):
        return list(_area_units(b))
    if names == ("area", "token"):  # X-MOD-10.4: a vassal's own tokens
        tokens = [t for t in b.simple["token"] if t.startswith("vassal_")]
        return [f"{a}{codec.sep}{t}" for a in b.areas for t in tokens]
    if names == ("from", "target"):
        return [
            f"{a}{codec.sep}{n}"
            for a in b.areas
            for n in (*(n for n in b.areas if n in b.neighbors[a]), "none")
        ]
    if names == ("purchase", "to"):
        water = [a for a in b.areas if a not in b.land]
        return [*b.simple["purchase"], *(f"ship{codec.sep}{a}" for a in water)]
    if names == ("action", "area"):
        return [f"replace{codec.sep}{a}" for a in b.areas]
    if names == ("area", "routed"):
        return [*b.land, *(f"{a}{codec.sep}routed" for a in b.land)]
    if names == ("unit", "routed"):  # X-MOD-10.9 Beric Dondarrion: a kind, or a routed one
        return [*b.land_units, *(f"{u}{codec.sep}routed" for u in b.land_units)]
    if names == ("unit", "to"):
        return [f"{u}{codec.sep}{a}" for u in b.simple["unit"] for a in b.areas]
    if names == ("card",) and kind.name in b.card_part:
        return list(b.card_part[kind.name])
    if names == ("option",) and kind.name in b.option_part:
        return list(b.option_part[kind.name])
    if len(names) == 1:
        return list(b.simple[names[0]])
    raise ValueError(f"no enumeration for the parts {names} of {kind.name}")


@dataclass(frozen=True, slots=True)
class Block:
    """One decision kind's indices: ``start`` .. ``start + size - 1``."""

    kind: str
    start: int
    size: int
    grammar: str


class UnknownChoice(KeyError):
    """A legal choice with no index: the enumeration misses a case (a bug to report)."""


class ActionSpace:
    """A game's fixed action enumeration: each decision kind's choices, one block of indices
    per kind in the order given; index and choice convert both ways, a decision's legal choices
    give a mask. Both games' spaces are instances (the board game's is :data:`BOARD`, the card
    game's is built per config by :func:`westeros.rl.card_actions.card_space`)."""

    def __init__(self, kinds: Iterable[tuple[str, str, Sequence[Choice]]]) -> None:
        actions: list[tuple[str, Choice]] = []
        blocks: list[Block] = []
        for kind, grammar, choices in kinds:
            blocks.append(Block(kind, len(actions), len(choices), grammar))
            actions.extend((kind, c) for c in choices)
        self.actions: tuple[tuple[str, Choice], ...] = tuple(actions)
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.n: int = len(actions)
        self.kind_ids: tuple[str, ...] = tuple(b.kind for b in blocks)
        self._index: dict[tuple[str, Choice], int] = {a: i for i, a in enumerate(actions)}
        # an int choice and a str choice never share an index: bids are ints, "1" is not a bid
        assert len(self._index) == self.n, "an action is enumerated twice"

    def index(self, kind: str, choice: Choice) -> int:
        """The fixed index of ``choice`` for a decision of ``kind``."""
        try:
            return self._index[(kind, choice)]
        except KeyError:
            raise UnknownChoice(f"no action index for {kind} choice {choice!r}") from None

    def choice(self, action: int) -> tuple[str, Choice]:
        """The ``(kind, choice)`` of an index."""
        return self.actions[action]

    def legal_indices(self, decision: Decision) -> list[int]:
        """The indices of a decision's legal choices, in the decision's order."""
        kind = decision.kind
        try:
            return [self._index[(kind, c)] for c in decision.choices]
        except KeyError:
            for c in decision.choices:
                self.index(kind, c)  # raises UnknownChoice naming the choice
            raise

    def mask(self, decision: Decision | None) -> npt.NDArray[np.int8]:
        """An ``int8`` vector of length :attr:`n`: 1 for each legal choice."""
        out = np.zeros(self.n, dtype=np.int8)
        if decision is not None:
            out[self.legal_indices(decision)] = 1
        return out

    def terminal_mask(self) -> npt.NDArray[np.int8]:
        """The mask of a finished game: every action marked, so that a masked policy still has
        a distribution over it (a terminal observation is only ever bootstrapped from, or
        sampled and ignored at an autoreset); no action is applied once the game is over."""
        return np.ones(self.n, dtype=np.int8)

    def decode(self, decision: Decision, action: int) -> Choice:
        """The decision's choice for ``action``; ValueError when it is not one of its legal
        ones."""
        if not 0 <= action < self.n:
            raise ValueError(f"action {action} is outside 0..{self.n - 1}")
        kind, value = self.actions[action]
        if kind != decision.kind or value not in decision.choices:
            raise ValueError(f"action {action} ({kind} {value!r}) is not legal for {decision.kind}")
        return value


# Planning at the table (config planning: "table", for people) has no index: its kind and the
# march reset are left out, so the space (and every index) is that of the sequential game.
TABLE_ONLY_KINDS = frozenset({D.PLAN_ORDERS.name, D.PLAN_BID.name, D.PLAN_MUSTER.name})
TABLE_ONLY_WORDS = frozenset({"reset"})
# Mother of Dragons' vassal decisions (X-MOD-D1, X-MOD-D2) have no index in BOARD either (only a
# MoD game meets one, and it is played with :data:`MOD`), so BOARD stays that of the other games.
VASSAL_KINDS = frozenset({D.CHOOSE_VASSALS.name, D.VASSAL_ORDER.name, D.VASSAL_MUSTER.name})
# Gifts of power tokens (Mother of Dragons, X-MOD-11.1) have no index in either space: a gift is
# an idle decision an agent never takes (``Session.seat_decision`` skips idle decisions).
GIFT_KINDS = frozenset({D.GIFT.name, D.ACCEPT_GIFT.name})
# nor have the decisions of Mother of Dragons' card texts (X-MOD-D10) in BOARD
MOD_CARD_KINDS = frozenset(
    k.name
    for k in (
        D.LYSA_ARRYN,
        D.ROBERT_ARRYN,
        D.VISERYS,
        D.MISSANDEI,
        D.JON_CONNINGTON,
        D.BRONN,
        D.BERIC_DONDARRION,
    )
)
# House Targaryen's and the Iron Bank's decisions (X-MOD-D4, X-MOD-D6) have no index in BOARD
# either: they are MOD's
MOD_ONLY_KINDS = frozenset(
    {
        D.BID_HANDOUT.name,
        D.LOYALTY_AREA.name,
        D.LOYALTY_PLAYER.name,
        D.LOYALTY_UNIT.name,
        D.LOYALTY_MOVE.name,
        D.LOYALTY_CANCEL.name,
        D.FIRE_MADE_FLESH.name,
        D.FIRE_MADE_FLESH_TOKEN.name,
        # the Iron Bank (X-MOD-D7, X-MOD-D8)
        D.LOAN.name,
        D.LOAN_AREA.name,
        D.LOAN_OPTION.name,
        D.UNPAID_INTEREST.name,
    }
)


def _sequential_grammar(kind: D.DecisionKind) -> str:
    return " | ".join(p for p in kind.grammar.split(" | ") if p.strip('"') not in TABLE_ONLY_WORDS)


def _space(b: _Board, skipped: frozenset[str]) -> ActionSpace:
    """Every catalogue kind but the ``skipped`` ones: its words (not the table's), then its
    values drawn from ``b``."""
    return ActionSpace(
        (
            k.name,
            _sequential_grammar(k),
            [*(w for w in k.codec.words if w not in TABLE_ONLY_WORDS), *_values(k, b)],
        )
        for k in D.KINDS.values()
        if k.name not in skipped
    )


BOARD = _space(
    _BASE, TABLE_ONLY_KINDS | VASSAL_KINDS | GIFT_KINDS | MOD_CARD_KINDS | MOD_ONLY_KINDS
)
ACTIONS: tuple[tuple[str, Choice], ...] = BOARD.actions
BLOCKS: tuple[Block, ...] = BOARD.blocks
N_ACTIONS: int = BOARD.n
KIND_IDS: tuple[str, ...] = BOARD.kind_ids
index = BOARD.index
choice = BOARD.choice
legal_indices = BOARD.legal_indices
mask = BOARD.mask
decode = BOARD.decode


# ===================================================== Mother of Dragons' space (X-MOD-3)
# A larger space of its own, for MoD configs only: the 8-house map with Essos (75 areas; the
# 7-house map's areas and borders are a part of it), all 8 houses, every house card (the MoD
# ones too), every order token (the vassals', the sea orders', the Iron Bank's), the dragon
# as a unit, every Westeros card (deck IV too), the loans. Gifts stay out (idle decisions an
# agent never takes, X-MOD-11.1), and so does planning at the table.
MOD_MAP = T.MAPS["mod_essos"]
MOD_AREAS: tuple[str, ...] = MOD_MAP.area_ids
MOD_LAND: tuple[str, ...] = tuple(a for a in MOD_AREAS if MOD_MAP.areas[a].kind == "land")
MOD_HOUSES: tuple[str, ...] = T.ALL_HOUSES
MOD_UNITS: tuple[str, ...] = T.ALL_UNIT_TYPES
MOD_LAND_UNITS: tuple[str, ...] = tuple(u for u in MOD_UNITS if u != "ship")
MOD_CARD_IDS: tuple[str, ...] = tuple(T.HOUSE_CARD_BY_ID)
MOD_TOKENS: tuple[str, ...] = tuple(T.ORDER_KINDS)
ALL_WESTEROS_CARDS: tuple[str, ...] = tuple(T.WESTEROS_CARD_BY_ID)
LOAN_IDS: tuple[str, ...] = tuple(LOANS)


def _arrangements(deck: int) -> list[str]:
    """Spymaster's choices for a deck (X-MOD-8.1): its top 1 or 2 cards put back,
    ``<top>/<bottom>`` (each part comma-joined, top first)."""
    cards = [c for c in ALL_WESTEROS_CARDS if T.WESTEROS_CARD_BY_ID[c].deck == deck]
    seqs = [(c,) for c in cards] + [(a, b) for a in cards for b in cards]
    out = {f"{','.join(s[:cut])}/{','.join(s[cut:])}" for s in seqs for cut in range(len(s) + 1)}
    return sorted(out)


_DECKS = sorted({c.deck for c in T.WESTEROS_CARD_BY_ID.values()})
_MOD = _board(
    MOD_MAP,
    simple={
        **_BASE.simple,
        "unit": MOD_UNITS,
        "card": MOD_CARD_IDS,
        "house": MOD_HOUSES,
        "token": MOD_TOKENS,
        "loan": LOAN_IDS,
        "round": tuple(str(r) for r in T.TARGARYEN.dragon_token_rounds),  # Fire Made Flesh
    },
    card_part={D.RODRIK.name: ALL_WESTEROS_CARDS},
    option_part={
        D.LOAN_OPTION.name: (
            "power",
            "supply",
            *(str(d) for d in _DECKS),
            *(a for d in _DECKS for a in _arrangements(d)),
        )
    },
    land_units=MOD_LAND_UNITS,
    max_list=3,
)
MOD_SKIPPED_KINDS = TABLE_ONLY_KINDS | GIFT_KINDS
MOD = _space(_MOD, MOD_SKIPPED_KINDS)


def table(blocks: Iterable[Block] = BLOCKS) -> list[str]:
    """Markdown rows of the block table (for docs/rl.md)."""
    return [
        f"| `{b.kind}` | {b.start} | {b.size} | `{b.grammar.replace('|', chr(92) + '|')}` |"
        for b in blocks
    ]


def kinds_in(indices: Sequence[int]) -> set[str]:
    return {ACTIONS[i][0] for i in indices}
