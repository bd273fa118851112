"""Wildling attacks (R4, D8, D9): secret bids for the Night's Watch, the outcome, the threat
move and the nine wildling cards (R4.5).

Entry step: :class:`WildlingAttack` ``(strength, excluded=None)``. Flow (R4.3):

1. every participating house bids secretly at once (R4.3.2, helpers of ``bidding``);
2. bids are revealed and paid to the Pool; the Night's Watch wins iff the sum ≥ strength (R4.3.3);
3. the single highest (Night's Watch win) or lowest (wildling win) bidder is found; ties are
   broken by the Iron Throne holder (R4.3.4, D8: decision ``"tie_break"``);
4. the threat moves (R4.3.5), then the top wildling card is revealed and applied (R4.3.6, Q11).
   The card is out of the deck while it resolves and goes to the bottom afterwards, so the
   second attack of Preemptive Raid draws the next card;
5. penalties: the lowest bidder first, then "everyone else" one house at a time in the turn
   order in force at that moment (R4.3.7, errata E7, R4.5.5); after each house's penalty a win
   is checked (R9.2) and ports are checked (R8.5) (R4.3.8). Units to destroy or replace are
   picked one per decision and removed together once the selection is complete, so no
   half-applied penalty is ever visible.

Decision kinds (D9): ``"wildling_option"`` (``"destroy"`` / ``"drop"``), ``"destroy_unit"``
(``"winterfell:footman"``), ``"replace_knight"`` (``"winterfell:knight"``),
``"upgrade_footman"`` (``"winterfell:footman"`` / ``"done"``), ``"discard_card"`` (card ids),
``"retrieve_card"`` (card ids / ``"pass"``), ``"choose_track"`` (track ids),
``"horde_area"`` (area ids / ``"pass"``), plus ``"bid"``, ``"tie_break"`` and ``"muster"``.
Effects are applied as far as possible and the rest is ignored (Q19).
"""

from __future__ import annotations

from westeros.boardgame import tables as T
from westeros.boardgame.bidding import (
    Bids,
    add_bid,
    announce_power,
    auto_bids,
    bid_decisions,
    pay_bids,
)
from westeros.boardgame.mustering import Muster, muster_options, mustering_areas
from westeros.boardgame.state import TRACK_NAMES, TRACKS, BoardGame, Unit
from westeros.boardgame.supply import UNIT_NAMES, Reconcile, consequences, unit_choices
from westeros.engine import Choice, Decision, Step

PREEMPTIVE_STRENGTH = 6  # R4.2 (c)


# ------------------------------------------------------------------------------------------
# small helpers
# ------------------------------------------------------------------------------------------


def _hn(house: str) -> str:
    return T.house_name(house)


def _card_name(card: str) -> str:
    return T.HOUSE_CARD_BY_ID[card].name


def _find_unit(g: BoardGame, house: str, choice: str) -> tuple[str, Unit]:
    area, kind = choice.split(":", 1)
    unit = next(u for u in g.units[area] if u.house == house and u.kind == kind)
    return area, unit


def move_on_track(g: BoardGame, track: str, house: str, index: int) -> None:
    """Remove ``house`` from a track and reinsert it at 0-based ``index`` (clamped); the others
    shift by one and dominance tokens follow position 1 (R1.9.5)."""
    order = [h for h in g.tracks[track] if h != house]
    order.insert(max(0, min(index, len(order))), house)
    g.set_track(track, order)
    g.say(
        f"{_hn(house)} is now in position {g.position(track, house)} "
        f"on the {TRACK_NAMES[track]} track"
    )


class _Choosing(Step):
    """A step that asks at most one decision at a time. ``choice`` holds the validated choice
    until ``run`` applies it; ``act(g, None)`` means nothing had to be asked."""

    choice: str | None

    def ask(self, g: BoardGame) -> Decision | None:
        return None

    def act(self, g: BoardGame, choice: str | None) -> None:
        raise NotImplementedError

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.choice is not None:
            return []
        decision = self.ask(g)
        return [decision] if decision is not None else []

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        choice, self.choice = self.choice, None
        self.act(g, choice)


# ------------------------------------------------------------------------------------------
# the attack (R4.3)
# ------------------------------------------------------------------------------------------


class WildlingAttack(_Choosing):
    """R4.3: one wildling attack of ``strength``; ``excluded`` sits it out (Preemptive Raid).

    Stages: ``start`` → ``bid`` → (``tie``) → effects → ``finish``.
    """

    def __init__(
        self,
        strength: int,
        excluded: str | None = None,
        stage: str = "start",
        houses: tuple[str, ...] = (),
        bids: Bids = (),
        won: bool = False,
        tied: tuple[str, ...] = (),
        chosen: str | None = None,
        card: str | None = None,
        choice: str | None = None,
    ) -> None:
        self.strength = strength
        self.excluded = excluded
        self.stage = stage
        self.houses = houses  # participating houses, turn order at the start
        self.bids = bids
        self.won = won
        self.tied = tied
        self.chosen = chosen
        self.card = card
        self.choice = choice

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.stage == "bid":  # R4.3.2 / D7 secret, simultaneous
            what = f"the Night's Watch against a wildling attack of strength {self.strength}"
            return bid_decisions(g, self.houses, self.bids, what)
        return super().decisions(g)

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        if self.stage == "bid":
            self.bids = add_bid(g, self.bids, seat, int(choice))
        else:
            self.choice = str(choice)

    def ask(self, g: BoardGame) -> Decision | None:
        if self.stage != "tie":
            return None
        holder = g.holder("iron_throne")  # R4.3.4 / D8
        which = "highest" if self.won else "lowest"
        return Decision(
            g.seat_of(holder),
            "tie_break",
            f"{_hn(holder)} (Iron Throne): choose the {which} bidder among "
            + ", ".join(_hn(h) for h in self.tied),
            self.tied,
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        if self.stage == "start":
            self._start(g)
        elif self.stage == "bid":
            self._reveal(g)
        elif self.stage == "tie":
            assert choice is not None
            self.chosen = choice
            g.say(f"{_hn(g.holder('iron_throne'))} breaks the tie: {_hn(choice)}")
            self._resolve(g)
        else:  # finish: R4.3.6 the card goes face down to the bottom of the deck
            assert self.card is not None
            g.wildling_deck = (*g.wildling_deck, self.card)
            g.say(
                f"{T.WILDLING_CARD_BY_ID[self.card].name} goes to the bottom of the wildling deck"
            )

    def _start(self, g: BoardGame) -> None:
        self.houses = tuple(h for h in g.turn_order() if h != self.excluded)
        text = f"Wildling attack of strength {self.strength} (threat {g.wildling_threat})"
        if self.excluded is not None:
            text += f"; {_hn(self.excluded)} does not take part"
        g.say(text)
        announce_power(g, self.houses)  # R4.3.2 / F42
        self.bids = auto_bids(g, self.houses, self.bids)  # R4.3.2 no power: bid 0
        self.stage = "bid"
        g.push(self)

    def _reveal(self, g: BoardGame) -> None:
        self.bids = pay_bids(g, self.bids, self.houses)  # R4.3.3 all bids go to the Pool
        amounts = dict(self.bids)
        total = sum(amounts.values())
        self.won = total >= self.strength
        winner = "the Night's Watch wins" if self.won else "the wildlings win"
        g.say(f"Night's Watch {total} against wildlings {self.strength}: {winner}")
        target = max(amounts.values()) if self.won else min(amounts.values())
        self.tied = tuple(h for h in self.houses if amounts[h] == target)
        if len(self.tied) > 1:  # R4.3.4 the Iron Throne holder breaks the tie (D8)
            self.stage = "tie"
            g.push(self)
            return
        self.chosen = self.tied[0]
        self._resolve(g)

    def _resolve(self, g: BoardGame) -> None:
        house = self.chosen
        assert house is not None
        g.say(f"{_hn(house)} is the {'highest' if self.won else 'lowest'} bidder")
        old = g.wildling_threat  # R4.3.5 then R4.3.6 (Q11)
        g.wildling_threat = 0 if self.won else max(0, old - 2 * T.WILDLING_STEP)
        g.say(f"The wildling threat goes from {old} to {g.wildling_threat}")
        card = g.wildling_deck[0]
        g.wildling_deck = g.wildling_deck[1:]
        if card == g.raven_peek:  # R1.14.1 the card looked at with the Raven is now public;
            g.raven_peek = None  # one put at the bottom stays the holder's secret knowledge
            g.raven_peek_house = None
        self.card = card
        info = T.WILDLING_CARD_BY_ID[card]
        g.say(f"Wildling card: {info.name}")
        self.stage = "finish"
        if self.won:  # R4.3.4 only the highest bidder's row applies
            amount = dict(self.bids)[house]
            g.push(Reward(card, house, amount), self)
        else:  # R4.3.7 lowest bidder first, then everyone else in turn order (E7)
            g.push(
                Penalty(card, house, True),
                AfterPenalty(house),
                EveryoneElse(card, self.houses, (house,)),
                self,
            )


class AfterPenalty(Step):
    """R4.3.8: after each house's penalty, check ports (R8.5), then for a win (R9.2)."""

    def __init__(self, house: str) -> None:
        self.house = house

    def run(self, g: BoardGame) -> None:
        consequences(g)


class EveryoneElse(Step):
    """R4.3.7 / R4.5.5: the next not yet penalised participant in the turn order in force now."""

    def __init__(self, card: str, houses: tuple[str, ...], done: tuple[str, ...]) -> None:
        self.card = card
        self.houses = houses
        self.done = done

    def run(self, g: BoardGame) -> None:
        for house in g.turn_order():
            if house in self.houses and house not in self.done:
                g.push(
                    Penalty(self.card, house, False),
                    AfterPenalty(house),
                    EveryoneElse(self.card, self.houses, (*self.done, house)),
                )
                return


# ------------------------------------------------------------------------------------------
# card rows (R4.5)
# ------------------------------------------------------------------------------------------


class Penalty(Step):
    """A wildling-win row of ``card`` for one house (``lowest``: the lowest bidder's row)."""

    def __init__(self, card: str, house: str, lowest: bool) -> None:
        self.card = card
        self.house = house
        self.lowest = lowest

    def run(self, g: BoardGame) -> None:
        h, low, card = self.house, self.lowest, self.card
        info = T.WILDLING_CARD_BY_ID[card]
        who = "lowest bidder" if low else "everyone else"
        g.say(
            f"{info.name}, {_hn(h)} ({who}): "
            + (info.lowest_bidder if low else info.everyone_else_loss)
        )
        if card == "preemptive_raid":
            if low:
                g.push(PreemptiveOption(h))
        elif card == "crow_killers":
            if low:
                g.push(CrowKillersAll(h))
            else:
                g.push(ReplaceKnights(h, 2))
        elif card == "rattleshirts_raiders":
            old = g.supply[h]
            g.supply[h] = max(0, old - (2 if low else 1))
            g.say(f"{_hn(h)} supply goes from {old} to {g.supply[h]}")
            g.push(Reconcile((h,)))  # R4.5.3 / Q12 reconcile in penalty order
        elif card == "massing_on_the_milkwater":
            if low:
                _massing_lowest(g, h)
            else:
                g.push(DiscardCards(h))
        elif card == "a_king_beyond_the_wall":
            if low:
                for track in TRACKS:
                    move_on_track(g, track, h, len(g.houses) - 1)
            else:
                g.push(ChooseTrack(h, h, ("fiefdoms", "kings_court"), "last"))
        elif card == "mammoth_riders":
            g.push(DestroyUnits(h, 3 if low else 2, "Mammoth Riders"))
        elif card == "the_horde_descends":
            if low:
                g.push(_horde_lowest(g, h))
            else:
                g.push(DestroyUnits(h, 1, "The Horde Descends"))
        elif card == "skinchanger_scout":
            paid = g.discard_power(h, g.power[h] if low else 2)
            g.say(f"{_hn(h)} discards {paid} power")
        # silence_at_the_wall: nothing


class Reward(Step):
    """The Night's Watch row of ``card`` for the highest bidder (``bid``: what it bid)."""

    def __init__(self, card: str, house: str, bid: int) -> None:
        self.card = card
        self.house = house
        self.bid = bid

    def run(self, g: BoardGame) -> None:
        h, card = self.house, self.card
        info = T.WILDLING_CARD_BY_ID[card]
        g.say(f"{info.name}, {_hn(h)} (highest bidder): {info.highest_bidder}")
        if card == "preemptive_raid":  # R4.5.1 a second attack, threat already 0
            g.push(WildlingAttack(PREEMPTIVE_STRENGTH, excluded=h))
        elif card == "crow_killers":
            g.push(UpgradeFootmen(h, 2))
        elif card == "rattleshirts_raiders":
            old = g.supply[h]
            g.supply[h] = min(T.MAX_SUPPLY, old + 1)
            g.say(f"{_hn(h)} supply goes from {old} to {g.supply[h]}")
        elif card == "massing_on_the_milkwater":
            back = g.discards[h]
            g.hands[h] = (*g.hands[h], *back)
            g.discards[h] = ()
            g.say(f"{_hn(h)} takes {len(back)} cards back into hand")
        elif card == "a_king_beyond_the_wall":
            g.push(ChooseTrack(h, h, TRACKS, "first"))
        elif card == "mammoth_riders":
            g.push(RetrieveCard(h))
        elif card == "the_horde_descends":
            g.push(HordeMuster(h))
        elif card == "skinchanger_scout":
            gained = g.gain_power(h, self.bid)
            g.say(f"{_hn(h)} gets back {gained} power")
        # silence_at_the_wall: nothing


# -- destroying units (R4.4.1) ---------------------------------------------------------------


class DestroyUnits(_Choosing):
    """Destroy ``count`` units of ``house`` (kind ``"destroy_unit"``, one pick per decision).

    The house picks the units one at a time (``picked``) and they are all destroyed together
    once the selection is complete, as a physical player removes them at once: consequences
    (R8.5 ports, control) follow the whole penalty (R4.3.8). ``areas``/``kinds`` restrict the
    candidates; with ``same_area`` every unit comes from the area of the first pick (The Horde
    Descends, F35). Without enough candidates the rest is ignored (R4.4.1, Q19). Asks only
    when the choice matters.
    """

    def __init__(
        self,
        house: str,
        count: int,
        reason: str,
        areas: tuple[str, ...] | None = None,
        kinds: tuple[str, ...] | None = None,
        same_area: bool = False,
        picked: tuple[str, ...] = (),
        choice: str | None = None,
    ) -> None:
        self.house = house
        self.count = count
        self.reason = reason
        self.areas = areas
        self.kinds = kinds
        self.same_area = same_area
        self.picked = picked
        self.choice = choice

    def _candidates(self, g: BoardGame) -> list[tuple[str, Unit]]:
        """The house's eligible units not picked yet."""
        fixed = self.picked[0].split(":", 1)[0] if self.same_area and self.picked else None
        out = _remaining(g, self.house, self.picked)
        return [
            (a, u)
            for a, u in out
            if (self.areas is None or a in self.areas)
            and (fixed is None or a == fixed)
            and (self.kinds is None or u.kind in self.kinds)
        ]

    def _automatic(self, cands: list[tuple[str, Unit]]) -> bool:
        if len(unit_choices(cands)) <= 1:
            return True
        one_area = not self.same_area or bool(self.picked) or len({a for a, _ in cands}) == 1
        return len(cands) <= self.count - len(self.picked) and one_area  # all go anyway

    def ask(self, g: BoardGame) -> Decision | None:
        left = self.count - len(self.picked)
        if left <= 0:
            return None
        cands = self._candidates(g)
        if not cands or self._automatic(cands):
            return None
        what = "knight" if self.kinds == ("knight",) else "unit"
        return Decision(
            g.seat_of(self.house),
            "destroy_unit",
            f"{_hn(self.house)}: choose a {what} to destroy ({self.reason}; {left} to go)",
            unit_choices(cands),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        if choice is None and len(self.picked) < self.count:
            cands = self._candidates(g)
            if cands:
                choice = unit_choices(cands)[0]  # the only choice, or all go anyway
        if choice is not None:
            self.picked = (*self.picked, choice)
            g.push(self)
            return
        for pick in self.picked:  # the selection is complete: destroy it at once
            area, unit = _find_unit(g, self.house, pick)
            g.remove_unit(area, unit)
            g.say(
                f"{_hn(self.house)} destroys a {UNIT_NAMES[unit.kind]} in {T.area_name(area)} "
                f"({self.reason})"
            )
        if len(self.picked) < self.count:  # Q19 apply as far as possible
            g.say(f"{_hn(self.house)} has no units left to destroy ({self.reason})")


def _remaining(g: BoardGame, house: str, picked: tuple[str, ...]) -> list[tuple[str, Unit]]:
    """The house's units (map order) minus one matching unit per ``"area:kind"`` pick."""
    out = sorted(g.units_of(house), key=lambda c: (T.AREA_IDS.index(c[0]), c[1].routed))
    for pick in picked:
        area, kind = pick.split(":", 1)
        for i, (a, u) in enumerate(out):
            if a == area and u.kind == kind:
                del out[i]
                break
    return out


def _horde_lowest(g: BoardGame, house: str) -> DestroyUnits:
    """The Horde Descends, lowest bidder: 2 units from one controlled castle/stronghold area
    (F35); if no such area holds 2 of its units, 2 units anywhere."""
    areas = tuple(
        a
        for a in g.controlled_areas(house)
        if T.AREAS[a].is_land and T.AREAS[a].has_castle and len(g.units.get(a, ())) >= 2
    )
    if areas:
        return DestroyUnits(house, 2, "The Horde Descends", areas=areas, same_area=True)
    g.say(f"{_hn(house)} has no castle or stronghold area with 2 units: 2 units anywhere")
    return DestroyUnits(house, 2, "The Horde Descends")


# -- Preemptive Raid (R4.5.1) ----------------------------------------------------------------


class PreemptiveOption(_Choosing):
    """Lowest bidder: ``"destroy"`` 2 units anywhere or ``"drop"`` 2 positions on its best
    track; either may be chosen even if it cannot be carried out (F36)."""

    def __init__(self, house: str, choice: str | None = None) -> None:
        self.house = house
        self.choice = choice

    def ask(self, g: BoardGame) -> Decision | None:
        return Decision(
            g.seat_of(self.house),
            "wildling_option",
            f"{_hn(self.house)} (Preemptive Raid): destroy 2 of your units anywhere, or drop "
            "2 positions on the influence track where you stand highest",
            ("destroy", "drop"),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        h = self.house
        if choice == "destroy":
            g.say(f"{_hn(h)} chooses to destroy 2 units")
            g.push(DestroyUnits(h, 2, "Preemptive Raid"))
            return
        g.say(f"{_hn(h)} chooses to drop 2 positions")
        best = min(g.position(t, h) for t in TRACKS)
        tracks = tuple(t for t in TRACKS if g.position(t, h) == best)
        if best == len(g.houses):
            g.say(f"{_hn(h)} is already last on every influence track")  # F36
        elif len(tracks) == 1:
            move_on_track(g, tracks[0], h, best - 1 + 2)
        else:  # Q7 the Iron Throne holder picks among the tied tracks
            g.push(ChooseTrack(g.holder("iron_throne"), h, tracks, "drop2"))


class ChooseTrack(_Choosing):
    """Kind ``"choose_track"``: ``decider`` picks one of ``options`` for ``house``; ``mode``
    ``"last"`` (A King Beyond the Wall, everyone else), ``"first"`` (its Night's Watch row) or
    ``"drop2"`` (Preemptive Raid option B, Q7)."""

    def __init__(
        self,
        decider: str,
        house: str,
        options: tuple[str, ...],
        mode: str,
        choice: str | None = None,
    ) -> None:
        self.decider = decider
        self.house = house
        self.options = options
        self.mode = mode
        self.choice = choice

    def ask(self, g: BoardGame) -> Decision | None:
        what = {
            "last": "the track to move to the last position of",
            "first": "the track to move to position 1 of",
            "drop2": f"the track on which {_hn(self.house)} drops 2 positions",
        }[self.mode]
        return Decision(
            g.seat_of(self.decider),
            "choose_track",
            f"{_hn(self.decider)}: choose {what}",
            self.options,
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        assert choice is not None
        if self.mode == "last":
            move_on_track(g, choice, self.house, len(g.houses) - 1)
        elif self.mode == "first":
            move_on_track(g, choice, self.house, 0)
        else:
            move_on_track(g, choice, self.house, g.position(choice, self.house) - 1 + 2)


# -- Crow Killers (R4.5.2) -------------------------------------------------------------------


def _knights(g: BoardGame, house: str) -> list[tuple[str, Unit]]:
    return [(a, u) for a, u in g.units_of(house) if u.kind == "knight"]


def _knight_to_footman(g: BoardGame, house: str, area: str, knight: Unit) -> None:
    """Replace a knight with a pool footman in place, keeping its routed state; without a
    footman in the pool the knight is destroyed (R4.5.2)."""
    if g.pool_left(house, "footman") > 0:
        g.replace_unit(area, knight, Unit(house, "footman", knight.routed))
        g.say(
            f"{_hn(house)} replaces a knight with a footman in {T.area_name(area)} (Crow Killers)"
        )
    else:
        g.remove_unit(area, knight)
        g.say(f"{_hn(house)} destroys a knight in {T.area_name(area)} (Crow Killers, no footman)")


class CrowKillersAll(Step):
    """Lowest bidder: every knight becomes a pool footman; when footmen are short the house
    chooses which knights are destroyed (D9), then the rest are replaced."""

    def __init__(self, house: str, stage: str = "start") -> None:
        self.house = house
        self.stage = stage

    def run(self, g: BoardGame) -> None:
        h = self.house
        knights = _knights(g, h)
        if not knights:
            g.say(f"{_hn(h)} has no knights")  # Q19
            return
        short = len(knights) - g.pool_left(h, "footman")
        if self.stage == "start" and short > 0:
            self.stage = "replace"
            g.push(
                DestroyUnits(h, short, "Crow Killers: no footman to replace it", kinds=("knight",)),
                self,
            )
            return
        for area, knight in knights:  # footmen suffice after the destruction above
            _knight_to_footman(g, h, area, knight)


class ReplaceKnights(_Choosing):
    """Everyone else: ``count`` knights (all if fewer), picked one at a time (kind
    ``"replace_knight"``), are replaced with pool footmen; those picked after the pool's
    footmen run out are destroyed (R4.5.2). Applied together once the selection is complete."""

    def __init__(
        self, house: str, count: int, picked: tuple[str, ...] = (), choice: str | None = None
    ) -> None:
        self.house = house
        self.count = count
        self.picked = picked
        self.choice = choice

    def _candidates(self, g: BoardGame) -> list[tuple[str, Unit]]:
        return [(a, u) for a, u in _remaining(g, self.house, self.picked) if u.kind == "knight"]

    def ask(self, g: BoardGame) -> Decision | None:
        left = self.count - len(self.picked)
        if left <= 0:
            return None
        knights = self._candidates(g)
        choices = unit_choices(knights)
        footmen = g.pool_left(self.house, "footman") - len(self.picked)
        if len(choices) <= 1:
            return None
        if len(knights) <= left and (footmen >= len(knights) or footmen <= 0):
            return None  # every knight left gets the same treatment
        what = "replace with a footman" if footmen > 0 else "destroy (no footman left in your pool)"
        return Decision(
            g.seat_of(self.house),
            "replace_knight",
            f"{_hn(self.house)} (Crow Killers): choose a knight to {what} ({left} to go)",
            choices,
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        h = self.house
        if choice is None and len(self.picked) < self.count:
            knights = self._candidates(g)
            if knights:
                choice = unit_choices(knights)[0]
        if choice is not None:
            self.picked = (*self.picked, choice)
            g.push(self)
            return
        if not self.picked:
            g.say(f"{_hn(h)} has no knights (Crow Killers)")  # Q19
        for pick in self.picked:
            _knight_to_footman(g, h, *_find_unit(g, h, pick))


class UpgradeFootmen(_Choosing):
    """Night's Watch: may replace up to ``left`` footmen anywhere with pool knights, one at a
    time (kind ``"upgrade_footman"``, ``"done"`` to stop; R4.5.2)."""

    def __init__(self, house: str, left: int, choice: str | None = None) -> None:
        self.house = house
        self.left = left
        self.choice = choice

    def ask(self, g: BoardGame) -> Decision | None:
        if self.left <= 0 or g.pool_left(self.house, "knight") <= 0:
            return None
        footmen = [(a, u) for a, u in g.units_of(self.house) if u.kind == "footman"]
        if not footmen:
            return None
        return Decision(
            g.seat_of(self.house),
            "upgrade_footman",
            f"{_hn(self.house)} (Crow Killers): replace a footman with a knight "
            f"(up to {self.left} more) or done",
            (*unit_choices(footmen), "done"),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        if choice is None or choice == "done":
            return
        area, footman = _find_unit(g, self.house, choice)
        g.replace_unit(area, footman, Unit(self.house, "knight", footman.routed))
        g.say(
            f"{_hn(self.house)} replaces a footman with a knight in {T.area_name(area)} "
            "(Crow Killers)"
        )
        self.left -= 1
        if self.left > 0:
            g.push(self)


# -- Massing on the Milkwater (R4.5.4) -------------------------------------------------------


def _discard(g: BoardGame, house: str, card: str) -> None:
    hand = list(g.hands[house])
    hand.remove(card)
    g.hands[house] = tuple(hand)
    g.discards[house] = (*g.discards[house], card)
    g.say(f"{_hn(house)} discards {_card_name(card)}")
    if not hand:  # R1.11.3 / F7: the last card stays discarded, the others return
        others = tuple(c for c in g.discards[house] if c != card)
        g.hands[house] = others
        g.discards[house] = (card,)
        g.say(f"{_hn(house)} takes {len(others)} discarded cards back into hand")


def _one_card_at_most(g: BoardGame, house: str) -> None:
    n = len(g.hands[house])
    g.say(f"{_hn(house)} holds {n} card{'s' if n != 1 else ''}: nothing happens")  # Q19


def _massing_lowest(g: BoardGame, house: str) -> None:
    hand = g.hands[house]
    if len(hand) <= 1:
        _one_card_at_most(g, house)
        return
    top = max(T.HOUSE_CARD_BY_ID[c].strength for c in hand)
    highest = [c for c in hand if T.HOUSE_CARD_BY_ID[c].strength == top]
    if len(highest) < len(hand):
        for card in highest:
            _discard(g, house, card)
    else:  # Q3 / F37: the whole hand, one at a time in the owner's order
        g.push(DiscardCards(house, whole_hand=True))


class DiscardCards(_Choosing):
    """Massing on the Milkwater, kind ``"discard_card"`` (R4.5.4, D9).

    Everyone else (``whole_hand`` False): with more than one card, discard one chosen card;
    otherwise nothing (Q19). Lowest bidder whose every card is tied highest (``whole_hand``):
    discard them one at a time in the owner's order; the last one stays discarded and the
    others return to hand (F37, R1.11.3).
    """

    def __init__(self, house: str, whole_hand: bool = False, choice: str | None = None) -> None:
        self.house = house
        self.whole_hand = whole_hand
        self.choice = choice

    def ask(self, g: BoardGame) -> Decision | None:
        hand = g.hands[self.house]
        if len(hand) <= 1:
            return None
        what = (
            "discard your cards one at a time; the last one stays discarded and the others "
            "return to your hand"
            if self.whole_hand
            else "choose a house card to discard"
        )
        return Decision(
            g.seat_of(self.house),
            "discard_card",
            f"{_hn(self.house)} (Massing on the Milkwater): {what}",
            hand,
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        if choice is not None:
            _discard(g, self.house, choice)
            if self.whole_hand:
                g.push(self)
        elif not self.whole_hand:
            _one_card_at_most(g, self.house)
        elif g.hands[self.house]:  # the last card of the hand
            _discard(g, self.house, g.hands[self.house][0])


# -- Mammoth Riders and The Horde Descends (Night's Watch rows) ------------------------------


class RetrieveCard(_Choosing):
    """Mammoth Riders, highest bidder: may take one discarded card back (kind
    ``"retrieve_card"``: card ids or ``"pass"``)."""

    def __init__(self, house: str, choice: str | None = None) -> None:
        self.house = house
        self.choice = choice

    def ask(self, g: BoardGame) -> Decision | None:
        pile = g.discards[self.house]
        if not pile:
            return None
        return Decision(
            g.seat_of(self.house),
            "retrieve_card",
            f"{_hn(self.house)} (Mammoth Riders): take a card back from your discard pile, or pass",
            (*pile, "pass"),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        h = self.house
        if choice is None or choice == "pass":
            g.say(f"{_hn(h)} takes no card back")
            return
        g.discards[h] = tuple(c for c in g.discards[h] if c != choice)
        g.hands[h] = (*g.hands[h], choice)
        g.say(f"{_hn(h)} takes {_card_name(choice)} back into hand")


class HordeMuster(_Choosing):
    """The Horde Descends, highest bidder: may muster in one controlled castle/stronghold area
    (kind ``"horde_area"``: area ids where something can be mustered, or ``"pass"``; R3.6.6)."""

    def __init__(self, house: str, choice: str | None = None) -> None:
        self.house = house
        self.choice = choice

    def _areas(self, g: BoardGame) -> tuple[str, ...]:
        return tuple(
            a
            for a in mustering_areas(g, self.house)
            if muster_options(g, self.house, a, T.AREAS[a].mustering_points)
        )

    def ask(self, g: BoardGame) -> Decision | None:
        areas = self._areas(g)
        if not areas:
            return None
        return Decision(
            g.seat_of(self.house),
            "horde_area",
            f"{_hn(self.house)} (The Horde Descends): choose a castle or stronghold area to "
            "muster in, or pass",
            (*areas, "pass"),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        h = self.house
        if choice is None:
            g.say(f"{_hn(h)} has no area to muster in")
        elif choice == "pass":
            g.say(f"{_hn(h)} does not muster")
        else:
            g.say(f"{_hn(h)} musters in {T.area_name(choice)}")
            g.push(Muster(h, (choice,)))
