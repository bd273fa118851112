"""The observation encoder as it was before the fast path (``encode(view)``, read from the
view alone), kept verbatim as the reference the fast path must match bit for bit; the
``scenario`` section of issue 24 (X-ADWD-2) is added at its end, read from the view in the
same way, written here on its own from the documented layout."""

from __future__ import annotations

from typing import Any

import numpy as np

from westeros.rl.encoding import (
    _A,
    _ABASE,
    _CARD,
    _CARD_AT,
    _COMBAT0,
    _DEC0,
    _DISCARD_AT,
    _DOM0,
    _H,
    _HOUSES0,
    _KIND,
    _PHASE,
    _RESTR0,
    _ROUND0,
    _TOK,
    _TOKEN_AT,
    _UNIT_AT,
    _WEST,
    _WEST0,
    _WILD,
    _WILD0,
    A_GARRISON,
    A_IMPASSABLE,
    A_NEUTRAL,
    A_ORDER_HIDDEN,
    A_ORDER_HOUSE,
    A_ROUTED,
    A_TOKEN_HOUSE,
    AREAS,
    CARDS,
    GARRISON_AREAS,
    HOUSE_WIDTH,
    HOUSES,
    KIND_IDS,
    OBS_SIZE,
    SCENARIOS,
    SECTIONS,
    TRACKS,
    WESTEROS_BASE,
    Vector,
)


def reference_encode(view: dict[str, Any]) -> Vector:
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
    _scenario_section(view, idx, pos, val)

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


def _scenario_section(
    view: dict[str, Any], idx: list[int], pos: list[int], val: list[float]
) -> None:
    """The scenario (one-hot), last round /10, each garrison area's house (6 each), the sides
    whose card text is ignored (attacker, defender)."""
    at = SECTIONS["scenario"][0]
    idx.append(at + SCENARIOS.index(view["scenario"]))
    at += len(SCENARIOS)
    pos.append(at)
    val.append(view["last_round"] / 10)
    at += 1
    for area, owner in view["garrison_houses"].items():
        if owner is not None:
            idx.append(at + GARRISON_AREAS.index(area) * len(HOUSES) + _H[owner])
    at += len(GARRISON_AREAS) * len(HOUSES)
    combat = view["combat"] or {}
    for s, side in enumerate(("attacker", "defender")):
        if side in combat.get("ignored", ()):
            idx.append(at + s)
