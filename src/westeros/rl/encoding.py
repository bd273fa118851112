"""The observation encoding: one seat's VIEW (``game.view(seat)``) as a fixed-size ``float32``
vector with every entry in [0, 1].

A seat's observation holds exactly what the seat may know (R1.14): another seat's face-down
orders appear as "an order of that house is here", its bids and chosen house cards not at all.
Two functions give the same vector, bit for bit: :func:`encode` reads a view (a JSON dict, e.g.
one received from the server), :func:`encode_game` (what the environments use) writes it
straight from a board game's state, about twice as fast as ``view()`` then ``encode()``; it
reads only what ``view(seat)`` holds, with the views' own rules for what is hidden (a test
checks it against the view encoder at every step of random games). Counts are divided by a
fixed maximum and clipped to 1. Houses are in the fixed order of
:data:`westeros.rl.actions.HOUSES` (stark, lannister, baratheon, greyjoy, tyrell, martell,
arryn: Targaryen is not encoded), whatever the seats; a house not in the game has zeros. The
layout, section by section (:data:`SECTIONS` gives each one's offset and size; docs/rl.md the
sizes):

* ``areas`` — per map area (58, map order), 41 values: the house of its units (7, one-hot),
  its units by kind /4 (footman, knight, siege_engine, ship), routed units /4, the house of its
  power token (7), garrison /4, neutral force /6, impassable, the house of its order (7), the
  order token (11, one-hot; only when visible to the seat), "order hidden".
* ``houses`` — per house (7), 12 values: in the game, is the observing seat, power /20, power
  in pool /20, supply /6, castles /7, special-order stars /3, position on each influence track
  (iron_throne, fiefdoms, kings_court; position/5), cards in hand /7, cards discarded /7.
* ``dominance`` — for each of the three tracks the holder's house (7, one-hot), then the blade
  used, the raven used.
* ``cards`` — per house card (every deck's: :data:`westeros.rl.actions.CARDS`, the base deck's
  42, A Dance with Dragons' 42, Arryn's 7): in its owner's hand, in its owner's discards.
* ``restrictions`` — per order token (11): barred this round by a Westeros card.
* ``wildlings`` — threat /12, deck size /9, the wildling card the seat peeked at with the
  Raven (9, one-hot).
* ``westeros`` — per Westeros card kind of every deck set (by base id): drawn this round (last
  cards); the three decks' sizes /10.
* ``round`` — round /10, phase (westeros, planning, action, over; one-hot).
* ``decision`` — the seat has a decision, its kind (one per catalogue kind, one-hot), its
  number of choices /64; which seats are awaited (6).
* ``combat`` — a fight is on, it is against a neutral force, the attacker's and the
  defender's house (7 + 7), the embattled and the marching-from areas (58 + 58, one-hot), the
  seat is the attacker, the defender, each side's house card (one-hot over CARDS, twice; only
  when visible to the seat), each side's total strength as far as known /20, the winner
  (attacker, defender).
* ``scenario`` — what the scenarios add (X-ADWD-2): the scenario (one-hot over ``base`` and
  the expansion scenarios of the tables), the last round /10 (6 in A Dance with Dragons), the
  house each garrison defends for (7 per area that holds a garrison in some set-up: the home
  areas, and the scenarios' own, X-ADWD-2.8, X-AFFC-2.7), and for the fight in progress which
  sides' card texts are ignored (attacker, defender; X1.2).
* ``objectives`` — A Feast for Crows (zeros elsewhere; the view's ``objectives``, X-AFFC-4):
  per objective card in the seat's own hand, fulfilled by the seat now (both secret to it),
  the house that scored it (7); per house its victory points /7, hand size /5, special
  objective fulfilled; the deck's size /28; per card, in Shifting Ambitions' shown pool.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from westeros.boardgame.public import BoardGame, castle_counts, fight_view, objectives_view
from westeros.boardgame.public import tables as T
from westeros.engine import Game
from westeros.rl.actions import AREAS, CARDS, HOUSES, KIND_IDS, TOKENS, TRACKS
from westeros.rl.actions import OBJECTIVES as OBJECTIVE_IDS

SEATS: int = max(T.SETUPS)  # 6
OBJECTIVES: tuple[str, ...] = OBJECTIVE_IDS  # A Feast for Crows' 28 (X-AFFC-4.4)
UNIT_KINDS: tuple[str, ...] = T.UNIT_TYPES
PHASES: tuple[str, ...] = ("westeros", "planning", "action", "over")
WILDLINGS: tuple[str, ...] = tuple(c.id for c in T.WILDLING_CARDS)
WESTEROS_BASE: tuple[str, ...] = tuple(
    dict.fromkeys(  # every deck set's but MoD's deck IV (not encoded, X-MOD-7.3)
        c.base_id for c in T.WESTEROS_CARD_BY_ID.values() if c.deck <= 3
    )
)

_H = {h: i for i, h in enumerate(HOUSES)}
_A = {a: i for i, a in enumerate(AREAS)}
_U = {u: i for i, u in enumerate(UNIT_KINDS)}
_TOK = {t: i for i, t in enumerate(TOKENS)}
_CARD = {c: i for i, c in enumerate(CARDS)}
_KIND = {k: i for i, k in enumerate(KIND_IDS)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_WILD = {w: i for i, w in enumerate(WILDLINGS)}
_WEST = {w: i for i, w in enumerate(WESTEROS_BASE)}
# the scenarios played on the base map: the encoding knows its areas only (not MoD's, X-MOD-3)
SCENARIOS: tuple[str, ...] = ("base", *(k for k, s in T.SCENARIOS.items() if s.map == "base"))
# every area that holds a garrison in some set-up (R2.6, X-ADWD-2.8), map order
GARRISON_AREAS: tuple[str, ...] = tuple(
    a
    for a in AREAS
    if any(a in s.garrisons for s in (*T.SETUPS.values(), *(T.SCENARIOS[k] for k in SCENARIOS[1:])))
)

# per-area layout (one slot per house of HOUSES for a unit's, a power token's, an order's house)
A_UNIT_HOUSE = 0
A_UNITS = len(HOUSES)
A_ROUTED = A_UNITS + len(UNIT_KINDS)
A_TOKEN_HOUSE = A_ROUTED + 1
A_GARRISON = A_TOKEN_HOUSE + len(HOUSES)
A_NEUTRAL = A_GARRISON + 1
A_IMPASSABLE = A_NEUTRAL + 1
A_ORDER_HOUSE = A_IMPASSABLE + 1
A_ORDER_TOKEN = A_ORDER_HOUSE + len(HOUSES)
A_ORDER_HIDDEN = A_ORDER_TOKEN + len(TOKENS)
AREA_WIDTH = A_ORDER_HIDDEN + 1
HOUSE_WIDTH = 12

_sizes = {
    "areas": len(AREAS) * AREA_WIDTH,
    "houses": len(HOUSES) * HOUSE_WIDTH,
    "dominance": 3 * len(HOUSES) + 2,
    "cards": 2 * len(CARDS),
    "restrictions": len(TOKENS),
    "wildlings": 2 + len(WILDLINGS),
    "westeros": len(WESTEROS_BASE) + 3,
    "round": 1 + len(PHASES),
    "decision": 1 + len(KIND_IDS) + 1 + SEATS,
    "combat": 2 + 2 * len(HOUSES) + 2 * len(AREAS) + 2 + 2 * len(CARDS) + 2 + 2,
    "scenario": len(SCENARIOS) + 1 + len(GARRISON_AREAS) * len(HOUSES) + 2,
    "objectives": 3 * len(OBJECTIVES) + len(OBJECTIVES) * len(HOUSES) + 3 * len(HOUSES) + 1,
}


def layout(sizes: dict[str, int]) -> tuple[dict[str, tuple[int, int]], int]:
    """The sections laid out one after the other in the given order: each name's
    ``(offset, size)``, and the whole vector's length."""
    sections: dict[str, tuple[int, int]] = {}
    at = 0
    for name, size in sizes.items():
        sections[name] = (at, size)
        at += size
    return sections, at


SECTIONS, OBS_SIZE = layout(_sizes)

_AREAS0 = SECTIONS["areas"][0]
_HOUSES0 = SECTIONS["houses"][0]
_DOM0 = SECTIONS["dominance"][0]
_CARDS0 = SECTIONS["cards"][0]
_RESTR0 = SECTIONS["restrictions"][0]
_WILD0 = SECTIONS["wildlings"][0]
_WEST0 = SECTIONS["westeros"][0]
_ROUND0 = SECTIONS["round"][0]
_DEC0 = SECTIONS["decision"][0]
_COMBAT0 = SECTIONS["combat"][0]
_SCEN0 = SECTIONS["scenario"][0]
_OBJ0 = SECTIONS["objectives"][0]

Vector = npt.NDArray[np.float32]

_ABASE = {a: _AREAS0 + i * AREA_WIDTH for i, a in enumerate(AREAS)}
_UNIT_AT = {u: A_UNITS + i for i, u in enumerate(UNIT_KINDS)}
_TOKEN_AT = {t: A_ORDER_TOKEN + i for i, t in enumerate(TOKENS)}
_CARD_AT = {c: _CARDS0 + 2 * i for i, c in enumerate(CARDS)}
_DISCARD_AT = {c: at + 1 for c, at in _CARD_AT.items()}
_SCENARIO_AT = {s: _SCEN0 + i for i, s in enumerate(SCENARIOS)}
_LAST_ROUND_AT = _SCEN0 + len(SCENARIOS)
_GARRISON_HOUSE_AT = {
    a: {h: _LAST_ROUND_AT + 1 + i * len(HOUSES) + j for j, h in enumerate(HOUSES)}
    for i, a in enumerate(GARRISON_AREAS)
}
# the objectives section (A Feast for Crows): the seat's hand, its cards fulfilled now, who
# scored each card, per house its VP, hand size and special objective fulfilled, the deck size
_OBJ_HAND_AT = {c: _OBJ0 + i for i, c in enumerate(OBJECTIVES)}
_OBJ_FULFILLED_AT = {c: _OBJ0 + len(OBJECTIVES) + i for i, c in enumerate(OBJECTIVES)}
_OBJ_SCORED_AT = {
    c: {h: _OBJ0 + 2 * len(OBJECTIVES) + i * len(HOUSES) + j for j, h in enumerate(HOUSES)}
    for i, c in enumerate(OBJECTIVES)
}
_OBJ_HOUSE_AT = {
    h: _OBJ0 + len(OBJECTIVES) * (2 + len(HOUSES)) + 3 * j for j, h in enumerate(HOUSES)
}
_OBJ_DECK_AT = _OBJ0 + len(OBJECTIVES) * (2 + len(HOUSES)) + 3 * len(HOUSES)
_OBJ_POOL_AT = {c: _OBJ_DECK_AT + 1 + i for i, c in enumerate(OBJECTIVES)}
_IGNORED_AT = {
    "attacker": _LAST_ROUND_AT + 1 + len(GARRISON_AREAS) * len(HOUSES),
    "defender": _LAST_ROUND_AT + 2 + len(GARRISON_AREAS) * len(HOUSES),
}


def encode(view: dict[str, Any]) -> Vector:
    """The ``float32`` vector (length :data:`OBS_SIZE`) of one seat's view."""
    # one-hot entries go to idx; fractions to pos/val, where repeated positions add up
    # (bincount); everything is capped at 1 (no value is negative)
    idx: list[int] = []
    pos: list[int] = []
    val: list[float] = []
    me = view["house"]
    abase = _ABASE
    house = _H
    unit_at = _UNIT_AT
    add_pos, add_val = pos.append, val.append

    for area, units in view["units"].items():
        if not units:
            continue
        base = abase[area]
        idx.append(base + house[units[0]["house"]])
        for u in units:
            add_pos(base + unit_at[u["kind"]])
            add_val(0.25)
            if u["routed"]:
                add_pos(base + A_ROUTED)
                add_val(0.25)
    for area, owner in view["power_tokens"].items():
        idx.append(abase[area] + A_TOKEN_HOUSE + house[owner])
    for area, strength in view["garrisons"].items():
        pos.append(abase[area] + A_GARRISON)
        val.append(strength / 4)
    for area, strength in view["neutral_forces"].items():
        pos.append(abase[area] + A_NEUTRAL)
        val.append(strength / 6)
    for area in view["impassable"]:
        idx.append(abase[area] + A_IMPASSABLE)
    for area, order in view["orders"].items():
        base = abase[area]
        idx.append(base + A_ORDER_HOUSE + house[order["house"]])
        token = order["token"]
        idx.append(base + (A_ORDER_HIDDEN if token is None else _TOKEN_AT[token]))

    tracks = [view["tracks"][t] for t in TRACKS]
    card_at, discard_at = _CARD_AT.__getitem__, _DISCARD_AT.__getitem__
    for name, info in view["houses"].items():
        base = _HOUSES0 + house[name] * HOUSE_WIDTH
        idx.append(base)
        if name == me:
            idx.append(base + 1)
        pos.extend(range(base + 2, base + 7))
        val.extend(
            (
                info["power"] / 20,
                info["power_in_pool"] / 20,
                info["supply"] / 6,
                info["victory"] / 7,
                info["stars"] / 3,
            )
        )
        for t, order in enumerate(tracks):
            if name in order:
                pos.append(base + 7 + t)
                val.append(order.index(name) / 5)
        pos += (base + 10, base + 11)
        val += (len(info["hand"]) / 7, len(info["discards"]) / 7)
        idx.extend(map(card_at, info["hand"]))
        idx.extend(map(discard_at, info["discards"]))

    dom = view["dominance"]
    for t, key in enumerate(("iron_throne", "valyrian_steel_blade", "messenger_raven")):
        holder = dom[key]
        if holder is not None:
            idx.append(_DOM0 + t * len(HOUSES) + house[holder])
    if dom["blade_used"]:
        idx.append(_DOM0 + 3 * len(HOUSES))
    if dom["raven_used"]:
        idx.append(_DOM0 + 3 * len(HOUSES) + 1)

    idx.extend(_RESTR0 + _TOK[t] for t in view["restrictions"])

    pos += (_WILD0, _WILD0 + 1)
    val += (view["wildling_threat"] / 12, view["wildling_deck_size"] / 9)
    if view["raven_peek"] is not None:
        idx.append(_WILD0 + 2 + _WILD[view["raven_peek"]])

    for card in view["last_westeros_cards"]:
        idx.append(_WEST0 + _WEST[card.split(":", 1)[1]])
    for d, size in view["westeros_deck_sizes"].items():
        pos.append(_WEST0 + len(WESTEROS_BASE) + int(d) - 1)
        val.append(size / 10)

    pos.append(_ROUND0)
    val.append(view["round"] / 10)
    if view["phase"] in _PHASE:
        idx.append(_ROUND0 + 1 + _PHASE[view["phase"]])

    decision = view["decision"]
    if decision is not None:
        idx += (_DEC0, _DEC0 + 1 + _KIND[decision["kind"]])
        pos.append(_DEC0 + 1 + len(KIND_IDS))
        val.append(len(decision["choices"]) / 64)
    idx.extend(_DEC0 + 2 + len(KIND_IDS) + s for s in view["waiting_for"])

    combat = view["combat"]
    if combat is not None:
        _combat(combat, me, idx, pos, val)
    _scenario(view["scenario"], view["last_round"], view["garrison_houses"].items(), idx, pos, val)
    _ignored(combat, idx)
    if "objectives" in view:
        _objectives(view["objectives"], idx, pos, val)

    out = np.bincount(pos, weights=val, minlength=OBS_SIZE)  # float64; positions add up
    out[idx] = 1.0  # one-hot positions never hold a fraction
    np.minimum(out, 1.0, out=out)
    return out.astype(np.float32)


def _combat(
    combat: dict[str, Any], me: str | None, idx: list[int], pos: list[int], val: list[float]
) -> None:
    c = _COMBAT0
    nh, na, nc = len(HOUSES), len(AREAS), len(CARDS)
    idx.append(c)
    neutral = combat["kind"] != "combat"
    if neutral:
        idx.append(c + 1)
    idx.append(c + 2 + _H[combat["attacker"]])
    defender = combat.get("defender")
    if defender:
        idx.append(c + 2 + nh + _H[defender])
    idx.append(c + 2 + 2 * nh + _A[combat["area"]])
    if combat["from_area"]:
        idx.append(c + 2 + 2 * nh + na + _A[combat["from_area"]])
    at = c + 2 + 2 * nh + 2 * na
    if me is not None and me == combat["attacker"]:
        idx.append(at)
    if me is not None and me == defender:
        idx.append(at + 1)
    at += 2
    for s, side in enumerate(("attacker", "defender")):
        card = combat.get("cards", {}).get(side)
        if card:  # None: secret or not chosen; "": the side plays no card
            idx.append(at + s * nc + _CARD[card])
    at += 2 * nc
    strength = combat.get("strength") or {}
    for s, side in enumerate(("attacker", "defender" if not neutral else "neutral_force")):
        part = strength.get(side)
        if isinstance(part, dict):
            total = part.get("final", part.get("initial", part.get("total", 0)))
        else:
            total = part or 0
        pos.append(at + s)
        val.append(max(total, 0) / 20)
    at += 2
    winner = combat.get("winner")
    if winner in ("attacker", "defender"):
        idx.append(at + (0 if winner == "attacker" else 1))


def _scenario(
    scenario: str,
    last_round: int,
    garrisons: Iterable[tuple[str, str | None]],
    idx: list[int],
    pos: list[int],
    val: list[float],
) -> None:
    """The scenario, its last round and each garrison's house (X-ADWD-2, X-ADWD-2.8)."""
    idx.append(_SCENARIO_AT[scenario])
    pos.append(_LAST_ROUND_AT)
    val.append(last_round / 10)
    for area, house in garrisons:
        if house is not None:
            idx.append(_GARRISON_HOUSE_AT[area][house])


def _objectives(o: dict[str, Any], idx: list[int], pos: list[int], val: list[float]) -> None:
    """A Feast for Crows (X-AFFC-2.8, X-AFFC-4): the seat's own objective hand and which of
    it is fulfilled now (secret to it), who scored each card, each house's victory points /7,
    hand size /5 and special objective fulfilled, the deck's size /28, the cards of Shifting
    Ambitions' pool once shown."""
    idx.extend(_OBJ_HAND_AT[c] for c in o["hand"] or ())
    idx.extend(_OBJ_FULFILLED_AT[c] for c in o["fulfilled"])
    for house, cards in o["scored"].items():
        idx.extend(_OBJ_SCORED_AT[c][house] for c in cards)
    hand_sizes, special = o["hand_sizes"], o["special_fulfilled"]
    for house, points in o["victory_points"].items():
        at = _OBJ_HOUSE_AT[house]
        pos += (at, at + 1)
        val += (points / 7, hand_sizes[house] / 5)
        if special[house]:
            idx.append(at + 2)
    pos.append(_OBJ_DECK_AT)
    val.append(o["deck_size"] / len(OBJECTIVES))
    idx.extend(_OBJ_POOL_AT[c] for c in o.get("pool", ()))  # Shifting Ambitions', X-AFFC-D4


def _ignored(combat: dict[str, Any] | None, idx: list[int]) -> None:
    """The sides of the fight whose house card's text is ignored (X1.2), once revealed."""
    if combat is not None:
        idx.extend(_IGNORED_AT[side] for side in combat.get("ignored", ()))


# -- the fast path: the same vector straight from the game's state ------------------------------

_ORDER_TOKEN_AT = {
    a: {t: b + A_ORDER_TOKEN + i for i, t in enumerate(TOKENS)} for a, b in _ABASE.items()
}
_HIDDEN_AT = {a: b + A_ORDER_HIDDEN for a, b in _ABASE.items()}
_HOUSE_BASE = {h: _HOUSES0 + i * HOUSE_WIDTH for i, h in enumerate(HOUSES)}
# per area: the offsets of its units' house, units by kind and routed units
_UNIT_HOUSE_AT = {
    a: {h: b + A_UNIT_HOUSE + i for i, h in enumerate(HOUSES)} for a, b in _ABASE.items()
}
_UNITS_AT = {a: {u: b + A_UNITS + i for i, u in enumerate(UNIT_KINDS)} for a, b in _ABASE.items()}
_TOKEN_HOUSE_AT = {
    a: {h: b + A_TOKEN_HOUSE + i for i, h in enumerate(HOUSES)} for a, b in _ABASE.items()
}
_ORDER_HOUSE_AT = {
    a: {h: b + A_ORDER_HOUSE + i for i, h in enumerate(HOUSES)} for a, b in _ABASE.items()
}
_DOMINANCE_AT = tuple(
    {h: _DOM0 + t * len(HOUSES) + i for i, h in enumerate(HOUSES)} for t in range(3)
)
_RESTRICTION_AT = {t: _RESTR0 + i for i, t in enumerate(TOKENS)}
_PEEK_AT = {w: _WILD0 + 2 + i for i, w in enumerate(WILDLINGS)}
_LAST_WESTEROS_AT = {
    c.id: _WEST0 + _WEST[c.id.split(":", 1)[1]]
    for c in T.WESTEROS_CARD_BY_ID.values()
    if c.base_id in _WEST  # not MoD's deck IV (X-MOD-7.3)
}
_HOUSE_FRACTIONS = {
    h: (b + 2, b + 3, b + 4, b + 5, b + 6, b + 10, b + 11) for h, b in _HOUSE_BASE.items()
}
_TRACK_AT = tuple({h: b + 7 + t for h, b in _HOUSE_BASE.items()} for t in range(3))
_PHASE_AT = {p: _ROUND0 + 1 + i for i, p in enumerate(PHASES)}
_KIND_AT = {k: _DEC0 + 1 + i for i, k in enumerate(KIND_IDS)}
_CHOICES_AT = _DEC0 + 1 + len(KIND_IDS)
_WAITING_AT = _DEC0 + 2 + len(KIND_IDS)


def encode_game(game: Game, seat: int | None) -> Vector:
    """``encode(game.view(seat))`` without building the view: the same vector, bit for bit.

    For a board game the vector is written from the state, reading only what
    ``view(seat)`` holds (R1.14): the same visibility rules, the views' own helpers for the
    castles and the fight (:func:`westeros.boardgame.public.castle_counts`, ``fight_view``).
    Any other game is encoded from its view.
    """
    if not isinstance(game, BoardGame):
        return encode(game.view(seat))
    g = game
    me = g.house_of(seat) if seat is not None else None
    # one-hot positions go to idx; fractions to pos/val (each position at most once); the
    # fractions are capped at 1 at the end, on the float32 vector (rounding to float32 keeps
    # order and 1 is exact, so it is the same as capping before)
    idx: list[int] = []
    pos: list[int] = []
    val: list[float] = []
    one, at, by = idx.append, pos.append, val.append

    board = g.units
    areas, armies = tuple(board), tuple(board.values())
    last = _BOARD_CACHE
    if last[0] != areas or last[1] != armies:  # unit tuples are immutable: equal, same units
        last = _board_entries(areas, armies)
    idx += last[2]
    pos += last[3]
    val += last[4]
    abase = _ABASE
    token_house_at = _TOKEN_HOUSE_AT
    for area, owner in g.power_tokens.items():
        one(token_house_at[area][owner])
    for area, strength in g.garrisons.items():
        at(abase[area] + A_GARRISON)
        by(strength / 4)
    for area, strength in g.neutral.items():
        at(abase[area] + A_NEUTRAL)
        by(strength / 6)
    for area in g.impassable:
        one(abase[area] + A_IMPASSABLE)
    revealed = g.orders_revealed
    order_house_at, order_token_at, hidden_at = _ORDER_HOUSE_AT, _ORDER_TOKEN_AT, _HIDDEN_AT
    for area, order in g.orders.items():
        house = order.house
        idx += (
            order_house_at[area][house],
            # as views._orders: face down to the others until revealed (R1.14.1)
            order_token_at[area][order.token] if revealed or house == me else hidden_at[area],
        )

    castles = castle_counts(g)
    on_board = Counter(g.power_tokens.values())
    setup = g.setup
    stars = setup.stars
    tracks = g.tracks
    kings_court = tracks["kings_court"]
    power, supply, hands, discards = g.power, g.supply, g.hands, g.discards
    hand_cache, discards_cache = _CARDS_CACHE
    for name in g.houses:
        base = _HOUSE_BASE[name]
        one(base)
        if name == me:
            one(base + 1)
        pos += _HOUSE_FRACTIONS[name]
        hand, gone = hands[name], discards[name]
        val += (
            power[name] / 20,
            (g.power_tokens_total(name) - power[name] - on_board[name]) / 20,
            supply[name] / 6,
            castles[name] / 7,
            stars[kings_court.index(name)] / 3,
            len(hand) / 7,
            len(gone) / 7,
        )
        held = hand_cache.get(hand)
        if held is None:
            held = hand_cache[hand] = _card_positions(hand, _CARD_AT, hand_cache)
        idx += held
        held = discards_cache.get(gone)
        if held is None:
            held = discards_cache[gone] = _card_positions(gone, _DISCARD_AT, discards_cache)
        idx += held
    track_cache = _TRACK_CACHE
    for t, track in enumerate(TRACKS):
        ranks = tracks[track]
        known = track_cache[t]
        if known[0] is not ranks:  # track tuples are immutable
            known = track_cache[t] = _track_entries(t, ranks)
        one(known[1])
        pos += known[2]
        val += known[3]
    if g.vsb_used:
        one(_DOM0 + 3 * len(HOUSES))
    if g.raven_used:
        one(_DOM0 + 3 * len(HOUSES) + 1)

    idx.extend(map(_RESTRICTION_AT.__getitem__, g.restrictions))

    pos += (_WILD0, _WILD0 + 1)
    val += (g.wildling_threat / 12, len(g.wildling_deck) / 9)
    if me is not None and g.raven_peek_house == me and g.raven_peek is not None:
        one(_PEEK_AT[g.raven_peek])  # secret to the Raven holder (R1.14.1)

    idx.extend(map(_LAST_WESTEROS_AT.__getitem__, g.last_westeros_cards))
    for deck, cards in g.westeros_decks.items():
        at(_WEST0 + len(WESTEROS_BASE) + int(deck) - 1)
        by(len(cards) / 10)

    at(_ROUND0)
    by(g.round / 10)
    if g.phase in _PHASE_AT:
        one(_PHASE_AT[g.phase])

    asked = False
    for d in g.pending():
        one(_WAITING_AT + d.seat)
        if d.seat == seat and not asked:  # the seat's first open decision, as the view's
            asked = True
            one(_DEC0)
            one(_KIND_AT[d.kind])
            at(_CHOICES_AT)
            by(len(d.choices) / 64)

    combat = fight_view(g, me) if g.fight is not None else None
    if combat is not None:
        _combat(combat, me, idx, pos, val)
    garrisons = ((a, setup.garrison_owner(a)) for a in g.garrisons)
    _scenario(setup.scenario, setup.last_round, garrisons, idx, pos, val)
    _ignored(combat, idx)
    if g.is_affc():
        _objectives(objectives_view(g, me), idx, pos, val)

    out = np.zeros(OBS_SIZE, dtype=np.float32)
    n = len(pos)
    out[np.fromiter(pos, np.intp, n)] = np.fromiter(val, np.float64, n)
    np.minimum(out, _ONE, out=out)
    out[np.fromiter(idx, np.intp, len(idx))] = _ONE
    return out


def _area_units(area: str, units: tuple[Any, ...]) -> tuple[list[int], list[int], list[float]]:
    """An area's units as (one-hot positions, fraction positions, fractions)."""
    if not units:
        return [], [], []
    kinds = _UNITS_AT[area]
    count: dict[int, float] = {}
    routed = 0.0
    for u in units:
        count[kinds[u.kind]] = count.get(kinds[u.kind], 0.0) + 0.25
        if u.routed:
            routed += 0.25
    if routed:
        count[_ABASE[area] + A_ROUTED] = routed
    return [_UNIT_HOUSE_AT[area][units[0].house]], list(count), list(count.values())


_ONE = np.float32(1.0)


def _track_entries(
    t: int, ranks: tuple[str, ...]
) -> tuple[tuple[str, ...], int, list[int], list[float]]:
    """A track's order as (the order, its dominance token's holder position, positions,
    fractions): each house's place on it /5."""
    at = _TRACK_AT[t]
    return (
        ranks,
        _DOMINANCE_AT[t][ranks[0]],  # the dominance token's holder (R1.9.5)
        [at[name] for name in ranks],
        [i / 5 for i in range(len(ranks))],
    )


# the last order seen per track and its entries
_TRACK_CACHE: list[tuple[tuple[str, ...] | None, int, list[int], list[float]]] = [
    (None, 0, [], []) for _ in TRACKS
]


def _board_entries(areas: tuple[str, ...], armies: tuple[tuple[Any, ...], ...]) -> _Board:
    """The units on the board as (areas, their units, one-hot positions, fraction positions,
    fractions), remembered as the last board seen (and each area's last units)."""
    global _BOARD_CACHE
    idx: list[int] = []
    pos: list[int] = []
    val: list[float] = []
    units_cache = _UNITS_CACHE
    for area, units in zip(areas, armies, strict=True):
        cached = units_cache.get(area)
        if cached is None or cached[0] is not units:
            cached = units_cache[area] = (units, *_area_units(area, units))
        idx += cached[1]
        pos += cached[2]
        val += cached[3]
    _BOARD_CACHE = (areas, armies, idx, pos, val)
    return _BOARD_CACHE


# the last units seen per area and their entries (reused while the area's tuple is the same)
_UNITS_CACHE: dict[str, tuple[Any, list[int], list[int], list[float]]] = {}
# the last board seen: its areas, their units and the entries
_Board = tuple[tuple[str, ...], tuple[tuple[Any, ...], ...], list[int], list[int], list[float]]
_BOARD_CACHE: _Board = ((), (), [], [], [])
# the positions of the hands and the discard piles seen, by value
_CARDS_CACHE: tuple[dict[tuple[str, ...], tuple[int, ...]], ...] = ({}, {})


def _card_positions(
    cards: tuple[str, ...], at: dict[str, int], cache: dict[tuple[str, ...], tuple[int, ...]]
) -> tuple[int, ...]:
    if len(cache) > 4096:  # bounded: a few hundred hands and piles occur in practice
        cache.clear()
    return tuple(at[c] for c in cards)
