"""Mother of Dragons' observation (X-MOD-3): one seat's VIEW (``game.view(seat)``) as a
fixed-size ``float32`` vector, entries in [0, 1], over the 8-house map with Essos
(:data:`westeros.rl.actions.MOD_AREAS`, 75 areas: a 7-house game leaves Essos' areas zero) and
all 8 houses (:data:`westeros.rl.actions.MOD_HOUSES`; a house not in the game has zeros).

It reads the view only, so a seat sees exactly what its view shows (R1.14): another house's
face-down orders are "an order of that house is here", hidden hands and bids are absent. The
sections (:data:`MOD_SECTIONS` gives offsets and sizes):

* ``areas`` — per area: its units' house (8, one-hot), units by kind /4 (footman, knight,
  siege_engine, ship, dragon), routed /4, its power token's house (8), garrison /4, neutral
  force /6, impassable, its order's house (8), the order token (every token, the vassals',
  the sea's and the Iron Bank's too; one-hot, when visible), "order hidden", loyalty tokens /4.
* ``houses`` — per house: in the game, a vassal (X-MOD-10.1), commanded by the seat this round
  (X-MOD-10.3), is the seat's house, power /20, power in pool /20, supply /6, castles /7,
  stars /3, position on each influence track /8, cards in hand /10, discards /10.
* ``dominance`` — each track's holder (8, one-hot), blade used, raven used.
* ``cards`` — per house card of every deck: in the seat's hand, in a discard pile.
* ``round`` — round /10, last round /10, phase (westeros, planning, action, over).
* ``decision`` — the seat has a decision the game waits for, its kind (one-hot over the MoD
  space's kinds), its number of choices /64; which seats are awaited (8).
* ``board`` — wildling threat /12, wildling deck /9, the four Westeros decks' sizes /10,
  dragon strength /6, loyalty taken /20, loyalty left /20, each Iron Bank slot's loan (one-hot).
* ``combat`` — a fight is on, attacker's and defender's house (8 + 8), the embattled area
  (one-hot), the seat attacks, defends, each side's card (one-hot, when shown), each side's
  strength /20.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from westeros.engine import Game
from westeros.rl.actions import LOAN_IDS, MOD, MOD_AREAS, MOD_CARD_IDS, MOD_HOUSES, MOD_TOKENS
from westeros.rl.actions import MOD_UNITS as UNITS
from westeros.rl.encoding import Vector, layout

SEATS = len(MOD_HOUSES)
PHASES: tuple[str, ...] = ("westeros", "planning", "action", "over")
TRACKS: tuple[str, ...] = ("iron_throne", "fiefdoms", "kings_court")
SLOTS = 3  # the Iron Bank's face-up loans (X-MOD-8.2)

_H = {h: i for i, h in enumerate(MOD_HOUSES)}
_A = {a: i for i, a in enumerate(MOD_AREAS)}
_U = {u: i for i, u in enumerate(UNITS)}
_TOK = {t: i for i, t in enumerate(MOD_TOKENS)}
_CARD = {c: i for i, c in enumerate(MOD_CARD_IDS)}
_KIND = {k: i for i, k in enumerate(MOD.kind_ids)}
_LOAN = {x: i for i, x in enumerate(LOAN_IDS)}
_NH = len(MOD_HOUSES)

# per-area layout
A_UNIT_HOUSE = 0
A_UNITS = _NH
A_ROUTED = A_UNITS + len(UNITS)
A_TOKEN_HOUSE = A_ROUTED + 1
A_GARRISON = A_TOKEN_HOUSE + _NH
A_NEUTRAL = A_GARRISON + 1
A_IMPASSABLE = A_NEUTRAL + 1
A_ORDER_HOUSE = A_IMPASSABLE + 1
A_ORDER_TOKEN = A_ORDER_HOUSE + _NH
A_ORDER_HIDDEN = A_ORDER_TOKEN + len(MOD_TOKENS)
A_LOYALTY = A_ORDER_HIDDEN + 1
AREA_WIDTH = A_LOYALTY + 1
HOUSE_WIDTH = 14

_sizes = {
    "areas": len(MOD_AREAS) * AREA_WIDTH,
    "houses": _NH * HOUSE_WIDTH,
    "dominance": 3 * _NH + 2,
    "cards": 2 * len(MOD_CARD_IDS),
    "round": 2 + len(PHASES),
    "decision": 1 + len(MOD.kind_ids) + 1 + SEATS,
    "board": 2 + 4 + 3 + SLOTS * len(LOAN_IDS),
    "combat": 1 + 2 * _NH + len(MOD_AREAS) + 2 + 2 * len(MOD_CARD_IDS) + 2,
}
MOD_SECTIONS, MOD_OBS_SIZE = layout(_sizes)


def _put(out: Vector, at: int, value: float, scale: float = 1.0) -> None:
    out[at] = min(value / scale, 1.0)


def _areas(out: Vector, v: dict[str, Any]) -> None:
    base = MOD_SECTIONS["areas"][0]

    def at(area: str) -> int:
        return base + _A[area] * AREA_WIDTH

    for area, units in v["units"].items():
        o = at(area)
        for u in units:
            out[o + A_UNIT_HOUSE + _H[u["house"]]] = 1.0
            out[o + A_UNITS + _U[u["kind"]]] += 0.25
            if u["routed"]:
                out[o + A_ROUTED] += 0.25
    for area, house in v["power_tokens"].items():
        out[at(area) + A_TOKEN_HOUSE + _H[house]] = 1.0
    for area, n in v["garrisons"].items():
        _put(out, at(area) + A_GARRISON, n, 4)
    for area, n in v["neutral_forces"].items():
        _put(out, at(area) + A_NEUTRAL, n, 6)
    for area in v["impassable"]:
        out[at(area) + A_IMPASSABLE] = 1.0
    for area, order in v["orders"].items():
        o = at(area)
        out[o + A_ORDER_HOUSE + _H[order["house"]]] = 1.0
        token = order.get("token")
        if token is None:
            out[o + A_ORDER_HIDDEN] = 1.0
        else:
            out[o + A_ORDER_TOKEN + _TOK[token]] = 1.0
    for area, n in v.get("loyalty", {}).items():
        _put(out, at(area) + A_LOYALTY, n, 4)


def _houses(out: Vector, v: dict[str, Any]) -> None:
    base = MOD_SECTIONS["houses"][0]
    me = v.get("house")
    vassals = set(v.get("vassals", ()))
    commanders = v.get("commanders", {})
    castles = v.get("castles", {})
    for house, h in v["houses"].items():
        o = base + _H[house] * HOUSE_WIDTH
        out[o] = 1.0
        out[o + 1] = float(house in vassals)
        out[o + 2] = float(me is not None and commanders.get(house) == me)
        out[o + 3] = float(house == me)
        _put(out, o + 4, h["power"], 20)
        _put(out, o + 5, h["power_in_pool"], 20)
        _put(out, o + 6, h["supply"], 6)
        _put(out, o + 7, h.get("victory", castles.get(house, 0)), 7)
        _put(out, o + 8, h["stars"], 3)
        for t, track in enumerate(TRACKS):
            order = v["tracks"][track]
            if house in order:
                _put(out, o + 9 + t, order.index(house) + 1, 8)
        _put(out, o + 12, h.get("hand_size", len(h["hand"])), 10)
        _put(out, o + 13, len(h["discards"]), 10)


def _dominance(out: Vector, v: dict[str, Any]) -> None:
    base = MOD_SECTIONS["dominance"][0]
    dom = v["dominance"]
    for t, key in enumerate(("iron_throne", "valyrian_steel_blade", "messenger_raven")):
        holder = dom.get(key)
        if holder in _H:
            out[base + t * _NH + _H[holder]] = 1.0
    out[base + 3 * _NH] = float(bool(dom.get("blade_used")))
    out[base + 3 * _NH + 1] = float(bool(dom.get("raven_used")))


def _cards(out: Vector, v: dict[str, Any]) -> None:
    base = MOD_SECTIONS["cards"][0]
    me = v.get("house")
    for house, h in v["houses"].items():
        if house == me:
            for c in h["hand"]:
                out[base + 2 * _CARD[c]] = 1.0
        for c in h["discards"]:
            out[base + 2 * _CARD[c] + 1] = 1.0


def _round(out: Vector, v: dict[str, Any]) -> None:
    base = MOD_SECTIONS["round"][0]
    _put(out, base, v["round"], 10)
    _put(out, base + 1, v["last_round"], 10)
    phase = "over" if v.get("winner") is not None else v["phase"]
    if phase in PHASES:
        out[base + 2 + PHASES.index(phase)] = 1.0


def _decision(out: Vector, v: dict[str, Any]) -> None:
    base = MOD_SECTIONS["decision"][0]
    d = v.get("decision")
    if d is not None and d["kind"] in _KIND and not d.get("idle"):
        out[base] = 1.0
        out[base + 1 + _KIND[d["kind"]]] = 1.0
        _put(out, base + 1 + len(_KIND), len(d["choices"]), 64)
    for seat in v["waiting_for"]:
        out[base + 2 + len(_KIND) + seat] = 1.0


def _board(out: Vector, v: dict[str, Any]) -> None:
    base = MOD_SECTIONS["board"][0]
    _put(out, base, v["wildling_threat"], 12)
    _put(out, base + 1, v["wildling_deck_size"], 9)
    for deck, n in v["westeros_deck_sizes"].items():
        _put(out, base + 1 + int(deck), n, 10)
    _put(out, base + 6, v.get("dragon_strength", 0), 6)
    _put(out, base + 7, v.get("loyalty_taken", 0), 20)
    _put(out, base + 8, v.get("loyalty_left", 0), 20)
    slots = (v.get("iron_bank") or {}).get("slots", ())
    for i, slot in enumerate(slots[:SLOTS]):
        if slot["loan"] in _LOAN:
            out[base + 9 + i * len(LOAN_IDS) + _LOAN[slot["loan"]]] = 1.0


def _combat(out: Vector, v: dict[str, Any]) -> None:
    c = v.get("combat")
    if not c or c.get("kind") != "combat":
        return
    base = MOD_SECTIONS["combat"][0]
    out[base] = 1.0
    for side, off in (("attacker", 1), ("defender", 1 + _NH)):
        if c.get(side) in _H:
            out[base + off + _H[c[side]]] = 1.0
    o = base + 1 + 2 * _NH
    if c.get("area") in _A:
        out[o + _A[c["area"]]] = 1.0
    o += len(MOD_AREAS)
    out[o] = float(c.get("attacker") == v.get("house"))
    out[o + 1] = float(c.get("defender") == v.get("house"))
    o += 2
    for i, side in enumerate(("attacker", "defender")):
        card = (c.get("cards") or {}).get(side)
        if card in _CARD:
            out[o + i * len(MOD_CARD_IDS) + _CARD[card]] = 1.0
    o += 2 * len(MOD_CARD_IDS)
    for i, side in enumerate(("attacker", "defender")):
        strength = (c.get("strength") or {}).get(side) or {}
        total = sum(int(x) for k, x in strength.items() if k != "initial" and x is not None)
        _put(out, o + i, max(total, 0), 20)


def mod_encode(view: dict[str, Any]) -> Vector:
    """The vector of a Mother of Dragons view."""
    out = np.zeros(MOD_OBS_SIZE, dtype=np.float32)
    for part in (_areas, _houses, _dominance, _cards, _round, _decision, _board, _combat):
        part(out, view)
    return np.minimum(out, 1.0, out=out)


def mod_encode_game(game: Game, seat: int | None) -> Vector:
    """The vector of ``seat``'s view of a Mother of Dragons game."""
    return mod_encode(game.view(seat))
