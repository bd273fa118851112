"""The Westeros phase and wildlings: bids by the value of track positions, tie-breaks, the
dominance holders' card options, mustering toward threatened borders, supply and wildling
penalties (lose the least useful units and cards)."""

from __future__ import annotations

from dataclasses import replace

from westeros.boardgame.public import decisions as D
from westeros.bots.heuristic.board import STRENGTH, Board, area_of, card_strength
from westeros.engine import Choice, Decision

TRACK_WEIGHT = {"iron_throne": 0.3, "fiefdoms": 0.3, "kings_court": 0.35}
OPTION_BASE = {
    "mustering": 2.0,
    "supply": 1.5,
    "clash_of_kings": 1.0,
    "game_of_thrones": 1.5,
    "no_defense": 1.2,
    "no_march_plus1": 1.0,
    "nothing": 0.8,
}


def bid(b: Board, decision: Decision) -> Choice:
    power = b.power()
    top = max(int(c) for c in decision.choices)
    track = str(decision.about("track") or "")
    if not track:  # a wildling attack
        return wildling_bid(b, decision, top)
    if b.me == "targaryen":  # X-MOD-5.1 it stays last whatever it bids
        return 0
    weight = TRACK_WEIGHT.get(track, 0.3)
    if track and b.position(track) == 1:
        weight += 0.1  # keep the dominance token
    return max(0, min(top, round(power * weight)))


def wildling_bid(b: Board, decision: Decision, top: int) -> int:
    """R4.3: a share of the attack's strength (the decision's ``wildlings`` context: the
    threat at attack time, or 6 for Preemptive Raid's second attack, when the track already
    stands at 0), one more for a strong attack; never 0 while the house has power to lose,
    as the lowest bidder bears the worst of a wildling victory."""
    strength = int(decision.about("wildlings") or b.view["wildling_threat"])
    share = -(-strength // max(1, len(b.houses)))
    wanted = share + 1 if strength >= 6 else share
    return max(min(top, 1), min(top, wanted))


def tie_break(b: Board, decision: Decision) -> Choice:
    houses = [str(c) for c in decision.choices]
    if decision.about("bidder") == "lowest":  # the wildlings' victim: the leader, never me
        others = [h for h in houses if h != b.me] or houses
        return max(others, key=b.castles)
    if b.me in houses:
        return b.me
    return min(houses, key=b.castles)


def westeros_choice(b: Board, decision: Decision) -> Choice:
    avg_power = sum(int(h["power"]) for h in b.houses.values()) / max(1, len(b.houses))
    avg_castles = sum(int(h["victory"]) for h in b.houses.values()) / max(1, len(b.houses))

    def score(option: Choice) -> float:
        s = OPTION_BASE.get(str(option), 0.5)
        if option == "mustering" and b.castles(b.me) >= avg_castles:
            s += 1.0
        if option == "clash_of_kings" and b.power() > avg_power:
            s += 1.0
        if option == "threat_to_zero":  # The Burden of Power (X-AFFC-D3): worth it when high
            s += int(b.view["wildling_threat"]) / 3
        return s

    return max(decision.choices, key=score)


def track_choice(b: Board, decision: Decision) -> Choice:
    tracks = [str(c) for c in decision.choices]
    move, house = decision.about("move"), decision.about("house")
    if move == "first" and house == b.me:  # a gain: where I stand worst
        return max(tracks, key=lambda t: (b.position(t), t == "iron_throne"))
    if house is not None and house != b.me:  # another house moves: hurt it where it stands best
        return min(tracks, key=lambda t: b.position(t, str(house)))
    return max(tracks, key=lambda t: b.position(t))  # a loss: where I have least to lose


def lose_unit(b: Board, decision: Decision) -> Choice:
    """destroy_unit, reconcile: the weakest unit in the least valuable, most crowded area."""

    def score(choice: Choice) -> float:
        area, _, kind = str(choice).partition(":")
        crowd = len(b.units.get(area, ()))
        alone = crowd <= 1
        return -STRENGTH.get(kind, 1) - (b.value(area) if alone else 0.0) + 0.2 * crowd

    return max(decision.choices, key=score)


def weakest_card(b: Board, decision: Decision) -> Choice:
    return min(decision.choices, key=lambda c: (card_strength(str(c)), str(c)))


def muster(b: Board, decision: Decision) -> Choice:
    area = area_of(decision)
    threat = b.threat.get(area, 0) if area else 0
    near_castle = area is not None and any(
        b.areas[n].has_castle and b.owner(n) not in (None, b.me) for n in b.neighbors(area)
    )

    def score(choice: Choice) -> float:
        purchase, _, to = str(choice).partition(">")
        if purchase == "knight":
            return 3.0 + 0.3 * threat
        if purchase == "upgrade_knight":
            return 2.5
        if purchase == "siege_engine":
            return 2.6 if near_castle else 0.7
        if purchase == "upgrade_siege_engine":
            return 2.2 if near_castle else 0.4
        if purchase == "footman":
            return 2.0 + 0.3 * threat
        if purchase == "ship":
            if to not in b.areas:
                return 1.0
            enemy = sum(1 for n in b.neighbors(to) if b.owner(n) not in (None, b.me))
            return 1.6 + 0.5 * enemy - 0.3 * threat
        if purchase == "later":
            return 0.1
        return 0.0  # done: unspent points are lost (R3.6.2)

    def worth(choice: Choice) -> float:  # any purchase beats losing the points
        return score(choice) if choice in ("done", "later") else max(0.2, score(choice))

    return max(decision.choices, key=worth)


def plan_bid(b: Board, decision: Decision) -> Choice:
    """Bidding at the table (``plan_bid``): set the amount :func:`bid` would bid, then confirm
    it (``ready``) once it is set."""
    power = int(decision.about("power") or 0)
    wanted = bid(b, replace(decision, kind=D.BID.name, choices=tuple(range(power + 1))))
    return "ready" if wanted == decision.about("bid") else wanted


def plan_muster(b: Board, decision: Decision) -> Choice:
    """Mustering at the table (``plan_muster``): in the first area (map order) where
    :func:`muster` would buy something, that purchase; done when it would buy nothing more
    (the plan is never reset)."""
    offers: dict[str, list[Choice]] = {}
    for c in decision.choices:
        if c not in ("done", "reset"):
            area, _, purchase = str(c).partition(":")
            offers.setdefault(area, []).append(purchase)
    for area, purchases in offers.items():
        asked = replace(
            decision, kind=D.MUSTER.name, choices=(*purchases, "done"), context=(("area", area),)
        )
        pick = muster(b, asked)
        if pick != "done":
            return f"{area}:{pick}"
    return "done"
