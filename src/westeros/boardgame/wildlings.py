"""Wildling attacks (R4, D8, D9): secret bids for the Night's Watch, the outcome, the threat
move and the nine wildling cards (R4.5).

Entry step: :class:`WildlingAttack` ``(strength, excluded=None)``. Flow (R4.3):

1. every participating house bids secretly at once (R4.3.2, helpers of ``bidding``);
2. bids are revealed and paid to the Pool; the Night's Watch wins iff the sum ≥ strength (R4.3.3);
3. the single highest (Night's Watch win) or lowest (wildling win) bidder is found; ties are
   broken by the Iron Throne holder (R4.3.4, D8: :data:`~decisions.TIE_BREAK`);
4. the threat moves (R4.3.5), then the top wildling card is revealed and applied (R4.3.6, Q11).
   The card is out of the deck while it resolves and goes to the bottom afterwards, so the
   second attack of Preemptive Raid draws the next card;
5. penalties: the lowest bidder first, then "everyone else" one house at a time in the turn
   order in force at that moment (R4.3.7, errata E7, R4.5.5); after each house's penalty a win
   is checked (R9.2) and ports are checked (R8.5) (R4.3.8). Units to destroy or replace are
   picked one per decision and removed together once the selection is complete, so no
   half-applied penalty is ever visible.

Every card's whole text is one :class:`WildlingText` subclass registered by card id in
:data:`WILDLING_TEXTS`: its Night's Watch row (``highest``) and its two wildling rows
(``lowest``, ``everyone_else``), each applying what it can at once and returning the steps
that ask the rest (the hook steps live next to the card). Adding a card is one data row in
``data/wildling_cards.json`` plus one entry. Effects are applied as far as possible and the
rest is ignored (Q19).
"""

from __future__ import annotations

from typing import ClassVar

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.bidding import (
    Bids,
    BidStep,
    add_bid,
    announce_power,
    auto_bids,
    bid_decisions,
    open_bids,
    pay_bids,
)
from westeros.boardgame.mustering import muster_options, muster_step, mustering_areas
from westeros.boardgame.state import TRACKS, BoardGame, Unit
from westeros.boardgame.supply import Reconcile, consequences, unit_choices
from westeros.engine import Choice, Decision, Step

# ------------------------------------------------------------------------------------------
# small helpers
# ------------------------------------------------------------------------------------------


def _hn(house: str) -> str:
    return T.house_name(house)


def _pick(choice: str) -> tuple[str, str]:
    """``"winterfell:footman"`` -> (area, unit kind) (:data:`~decisions.DESTROY_UNIT`)."""
    parts = D.DESTROY_UNIT.parse(choice)
    return parts["area"], parts["unit"]


def _find_unit(g: BoardGame, house: str, choice: str) -> tuple[str, Unit]:
    area, kind = _pick(choice)
    unit = next(u for u in g.units[area] if u.house == house and u.kind == kind)
    return area, unit


def move_on_track(g: BoardGame, track: str, house: str, index: int) -> None:
    """Remove ``house`` from a track and reinsert it at 0-based ``index`` (clamped); the others
    shift by one and dominance tokens follow position 1 (R1.9.5)."""
    order = [h for h in g.tracks[track] if h != house]
    order.insert(max(0, min(index, len(order))), house)
    g.set_track(track, order)
    g.emit(E.WILDLING_TRACK_MOVED(house=house, track=track, position=g.position(track, house)))


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
# the card registry (R4.5)
# ------------------------------------------------------------------------------------------


class WildlingText:
    """The whole text of one wildling card (R4.5); subclasses are registered by ``card`` id.

    Each row applies its immediate effect and returns the steps that carry out the rest
    (decisions, sub-penalties). The default rows do nothing.
    """

    card: ClassVar[str]

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        """The Night's Watch wins: the highest bidder's row (``bid``: what it bid)."""
        return []

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        """The wildlings win: the lowest bidder's row."""
        return []

    @staticmethod
    def everyone_else(g: BoardGame, house: str) -> list[Step]:
        """The wildlings win: the row of every other participant."""
        return []


WILDLING_TEXTS: dict[str, type[WildlingText]] = {}


def wildling_card(text: type[WildlingText]) -> type[WildlingText]:
    """Register a card's text under its id (its data row must exist)."""
    assert text.card in T.WILDLING_CARD_BY_ID and text.card not in WILDLING_TEXTS, text.card
    WILDLING_TEXTS[text.card] = text
    return text


class CardRow(Step):
    """One row of ``card`` for ``house``: ``"highest"`` (with its ``bid``), ``"lowest"`` or
    ``"everyone_else"``."""

    def __init__(self, card: str, house: str, row: str, bid: int = 0) -> None:
        self.card = card
        self.house = house
        self.row = row
        self.bid = bid

    def run(self, g: BoardGame) -> None:
        h, text = self.house, WILDLING_TEXTS[self.card]
        g.emit(E.WILDLING_ROW(card=self.card, house=h, row=self.row))
        if self.row == "highest":
            steps = text.highest(g, h, self.bid)
        elif self.row == "lowest":
            steps = text.lowest(g, h)
        else:
            steps = text.everyone_else(g, h)
        g.push(*steps)


# ------------------------------------------------------------------------------------------
# the attack (R4.3)
# ------------------------------------------------------------------------------------------


class WildlingAttack(_Choosing, BidStep):
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

    @property
    def what(self) -> str:
        return f"the Night's Watch against a wildling attack of strength {self.strength}"

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.stage == "bid":  # R4.3.2 / D7 secret, simultaneous
            return bid_decisions(g, self.houses, self.bids, self.what, wildlings=self.strength)
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
        return D.TIE_BREAK.ask(
            g.seat_of(holder),
            f"{_hn(holder)} (Iron Throne): choose the {which} bidder among "
            + ", ".join(_hn(h) for h in self.tied),
            self.tied,
            bidder=which,
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        if self.stage == "start":
            self._start(g)
        elif self.stage == "bid":
            self._reveal(g)
        elif self.stage == "tie":
            assert choice is not None
            self.chosen = choice
            g.emit(E.WILDLING_TIE_BROKEN(house=g.holder("iron_throne"), chosen=choice))
            self._resolve(g)
        else:  # finish: R4.3.6 the card goes face down to the bottom of the deck
            assert self.card is not None
            g.wildling_deck = (*g.wildling_deck, self.card)
            g.emit(E.WILDLING_CARD_BOTTOM(card=self.card))

    def _start(self, g: BoardGame) -> None:
        self.houses = tuple(  # X-MOD-10.6 vassals take no part in wildling attacks
            h for h in g.turn_order() if h != self.excluded and h not in g.vassals
        )
        g.emit(
            E.WILDLING_ATTACK(
                strength=self.strength, threat=g.wildling_threat, excluded=self.excluded
            )
        )
        announce_power(g, self.houses)  # R4.3.2 / F42
        self.bids = auto_bids(g, self.houses, self.bids)  # R4.3.2 no power: bid 0
        self.stage = "bid"
        open_bids(g, self, self.houses, self.what, wildlings=self.strength)

    def _reveal(self, g: BoardGame) -> None:
        self.bids = pay_bids(g, self.bids, self.houses)  # R4.3.3 all bids go to the Pool
        amounts = dict(self.bids)
        total = sum(amounts.values())
        self.won = total >= self.strength
        g.emit(E.WILDLING_OUTCOME(total=total, strength=self.strength, won=self.won))
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
        g.emit(E.WILDLING_BIDDER(house=house, highest=self.won))
        old = g.wildling_threat  # R4.3.5 then R4.3.6 (Q11)
        g.wildling_threat = 0 if self.won else max(0, old - 2 * T.WILDLING_STEP)
        g.emit(E.THREAT_DROPS(before=old, after=g.wildling_threat))
        card = g.wildling_deck[0]
        g.wildling_deck = g.wildling_deck[1:]
        if card == g.raven_peek:  # R1.14.1 the card looked at with the Raven is now public;
            g.raven_peek = None  # one put at the bottom stays the holder's secret knowledge
            g.raven_peek_house = None
        self.card = card
        g.emit(E.WILDLING_CARD(card=card))
        self.stage = "finish"
        if self.won:  # R4.3.4 only the highest bidder's row applies
            g.push(CardRow(card, house, "highest", dict(self.bids)[house]), self)
        else:  # R4.3.7 lowest bidder first, then everyone else in turn order (E7)
            g.push(
                CardRow(card, house, "lowest"),
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
                    CardRow(self.card, house, "everyone_else"),
                    AfterPenalty(house),
                    EveryoneElse(self.card, self.houses, (*self.done, house)),
                )
                return


# ------------------------------------------------------------------------------------------
# shared hooks: destroying units (R4.4.1), choosing a track
# ------------------------------------------------------------------------------------------


class DestroyUnits(_Choosing):
    """Destroy ``count`` units of ``house`` for wildling ``card`` (one
    :data:`~decisions.DESTROY_UNIT` pick per decision; ``note`` qualifies the reason).

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
        card: str,
        note: str = "",
        areas: tuple[str, ...] | None = None,
        kinds: tuple[str, ...] | None = None,
        same_area: bool = False,
        picked: tuple[str, ...] = (),
        choice: str | None = None,
    ) -> None:
        self.house = house
        self.count = count
        self.card = card
        self.note = note
        self.areas = areas
        self.kinds = kinds
        self.same_area = same_area
        self.picked = picked
        self.choice = choice

    def _candidates(self, g: BoardGame) -> list[tuple[str, Unit]]:
        """The house's eligible units not picked yet."""
        fixed = _pick(self.picked[0])[0] if self.same_area and self.picked else None
        out = _remaining(g, self.house, self.picked)
        return [
            (a, u)
            for a, u in out
            if (self.areas is None or a in self.areas)
            and (fixed is None or a == fixed)
            and (self.kinds is None or u.kind in self.kinds)
        ]

    def _automatic(self, g: BoardGame, cands: list[tuple[str, Unit]]) -> bool:
        if len(unit_choices(g, cands)) <= 1:
            return True
        one_area = not self.same_area or bool(self.picked) or len({a for a, _ in cands}) == 1
        return len(cands) <= self.count - len(self.picked) and one_area  # all go anyway

    def ask(self, g: BoardGame) -> Decision | None:
        left = self.count - len(self.picked)
        if left <= 0:
            return None
        cands = self._candidates(g)
        if not cands or self._automatic(g, cands):
            return None
        what = "knight" if self.kinds == ("knight",) else "unit"
        reason = E.destroy_reason(self.card, self.note)
        return D.DESTROY_UNIT.ask(
            g.seat_of(self.house),
            f"{_hn(self.house)}: choose a {what} to destroy ({reason}; {left} to go)",
            unit_choices(g, cands),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        if choice is None and len(self.picked) < self.count:
            cands = self._candidates(g)
            if cands:
                choice = unit_choices(g, cands)[0]  # the only choice, or all go anyway
        if choice is not None:
            self.picked = (*self.picked, choice)
            g.push(self)
            return
        h, card, note = self.house, self.card, self.note
        for pick in self.picked:  # the selection is complete: destroy it at once
            area, unit = _find_unit(g, h, pick)
            g.remove_unit(area, unit)
            g.emit(
                E.WILDLING_UNIT_DESTROYED(house=h, area=area, unit=unit.kind, card=card, note=note)
            )
        if len(self.picked) < self.count:  # Q19 apply as far as possible
            g.emit(E.WILDLING_NO_UNITS_LEFT(house=h, card=card, note=note))


def _remaining(g: BoardGame, house: str, picked: tuple[str, ...]) -> list[tuple[str, Unit]]:
    """The house's units (map order) minus one matching unit per ``"area:kind"`` pick."""
    out = sorted(g.units_of(house), key=lambda c: (g.map.order[c[0]], c[1].routed))
    for pick in picked:
        area, kind = _pick(pick)
        for i, (a, u) in enumerate(out):
            if a == area and u.kind == kind:
                del out[i]
                break
    return out


class ChooseTrack(_Choosing):
    """:data:`~decisions.CHOOSE_TRACK`: ``decider`` picks one of ``options`` for ``house``;
    ``mode`` ``"last"`` (A King Beyond the Wall, everyone else), ``"first"`` (its Night's Watch
    row) or ``"drop2"`` (Preemptive Raid option B, Q7)."""

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
            "last": f"the track on which {_hn(self.house)} moves to the last position",
            "first": f"the track on which {_hn(self.house)} moves to position 1",
            "drop2": f"the track on which {_hn(self.house)} drops 2 positions",
        }[self.mode]
        return D.CHOOSE_TRACK.ask(
            g.seat_of(self.decider),
            f"{_hn(self.decider)}: choose {what}",
            self.options,
            house=self.house,
            move=self.mode,
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        assert choice is not None
        if self.mode == "last":
            move_on_track(g, choice, self.house, g.lowest_position(self.house) - 1)
        elif self.mode == "first":
            move_on_track(g, choice, self.house, 0)
        else:
            move_on_track(g, choice, self.house, g.position(choice, self.house) - 1 + 2)


# ------------------------------------------------------------------------------------------
# Silence at the Wall
# ------------------------------------------------------------------------------------------


@wildling_card
class SilenceAtTheWall(WildlingText):
    """Nothing happens, whoever wins."""

    card = "silence_at_the_wall"


# ------------------------------------------------------------------------------------------
# Preemptive Raid (R4.5.1; F36; Q7)
# ------------------------------------------------------------------------------------------


@wildling_card
class PreemptiveRaid(WildlingText):
    """Night's Watch: a new attack of strength 6 without the highest bidder (the threat is
    already 0). Lowest bidder: destroy 2 units or drop 2 positions (its choice). Everyone
    else: nothing."""

    card = "preemptive_raid"
    strength = 6  # R4.2 (c)

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        return [WildlingAttack(PreemptiveRaid.strength, excluded=house)]

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        return [PreemptiveOption(house)]


class PreemptiveOption(_Choosing):
    """Lowest bidder (:data:`~decisions.WILDLING_OPTION`): ``"destroy"`` 2 units anywhere or
    ``"drop"`` 2 positions on its best track; either may be chosen even if it cannot be carried
    out (F36)."""

    def __init__(self, house: str, choice: str | None = None) -> None:
        self.house = house
        self.choice = choice

    def ask(self, g: BoardGame) -> Decision | None:
        return D.WILDLING_OPTION.ask(
            g.seat_of(self.house),
            f"{_hn(self.house)} (Preemptive Raid): destroy 2 of your units anywhere, or drop "
            "2 positions on the influence track where you stand highest",
            ("destroy", "drop"),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        h = self.house
        assert choice is not None
        g.emit(E.WILDLING_OPTION_CHOSEN(house=h, card=PreemptiveRaid.card, option=choice))
        if choice == "destroy":
            g.push(DestroyUnits(h, 2, PreemptiveRaid.card))
            return
        best = min(g.position(t, h) for t in TRACKS)
        tracks = tuple(t for t in TRACKS if g.position(t, h) == best)
        if best == g.lowest_position(h):  # F36; XF19: the space above Targaryen is the last
            g.emit(E.WILDLING_ALREADY_LAST(house=h))
        elif len(tracks) == 1:
            move_on_track(g, tracks[0], h, best - 1 + 2)
        else:  # Q7 the Iron Throne holder picks among the tied tracks
            g.push(ChooseTrack(g.holder("iron_throne"), h, tracks, "drop2"))


# ------------------------------------------------------------------------------------------
# Crow Killers (R4.5.2)
# ------------------------------------------------------------------------------------------


@wildling_card
class CrowKillers(WildlingText):
    """Night's Watch: up to 2 footmen become knights. Lowest bidder: every knight becomes a
    footman. Everyone else: 2 knights become footmen. Knights that find no footman in the pool
    are destroyed."""

    card = "crow_killers"

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        return [UpgradeFootmen(house, 2)]

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        return [CrowKillersAll(house)]

    @staticmethod
    def everyone_else(g: BoardGame, house: str) -> list[Step]:
        return [ReplaceKnights(house, 2)]


def _knights(g: BoardGame, house: str) -> list[tuple[str, Unit]]:
    return [(a, u) for a, u in g.units_of(house) if u.kind == "knight"]


def _knight_to_footman(g: BoardGame, house: str, area: str, knight: Unit) -> None:
    """Replace a knight with a pool footman in place, keeping its routed state; without a
    footman in the pool the knight is destroyed (R4.5.2)."""
    if g.pool_left(house, "footman") > 0:
        g.replace_unit(area, knight, Unit(house, "footman", knight.routed))
        g.emit(E.WILDLING_KNIGHT_REPLACED(house=house, area=area, card=CrowKillers.card))
    else:
        g.remove_unit(area, knight)
        g.emit(E.WILDLING_KNIGHT_LOST(house=house, area=area, card=CrowKillers.card))


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
            g.emit(E.WILDLING_NO_KNIGHTS(house=h, card=CrowKillers.card))  # Q19
            return
        short = len(knights) - g.pool_left(h, "footman")
        if self.stage == "start" and short > 0:
            self.stage = "replace"
            destroy = DestroyUnits(h, short, CrowKillers.card, "no_footman", kinds=("knight",))
            g.push(destroy, self)
            return
        for area, knight in knights:  # footmen suffice after the destruction above
            _knight_to_footman(g, h, area, knight)


class ReplaceKnights(_Choosing):
    """Everyone else: ``count`` knights (all if fewer), picked one at a time
    (:data:`~decisions.REPLACE_KNIGHT`), are replaced with pool footmen; those picked after the
    pool's footmen run out are destroyed (R4.5.2). Applied together once the selection is
    complete."""

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
        choices = unit_choices(g, knights)
        footmen = g.pool_left(self.house, "footman") - len(self.picked)
        if len(choices) <= 1:
            return None
        if len(knights) <= left and (footmen >= len(knights) or footmen <= 0):
            return None  # every knight left gets the same treatment
        what = "replace with a footman" if footmen > 0 else "destroy (no footman left in your pool)"
        return D.REPLACE_KNIGHT.ask(
            g.seat_of(self.house),
            f"{_hn(self.house)} (Crow Killers): choose a knight to {what} ({left} to go)",
            choices,
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        h = self.house
        if choice is None and len(self.picked) < self.count:
            knights = self._candidates(g)
            if knights:
                choice = unit_choices(g, knights)[0]
        if choice is not None:
            self.picked = (*self.picked, choice)
            g.push(self)
            return
        if not self.picked:
            g.emit(E.WILDLING_NO_KNIGHTS(house=h, card=CrowKillers.card))  # Q19
        for pick in self.picked:
            _knight_to_footman(g, h, *_find_unit(g, h, pick))


class UpgradeFootmen(_Choosing):
    """Night's Watch: may replace up to ``left`` footmen anywhere with pool knights, one at a
    time (:data:`~decisions.UPGRADE_FOOTMAN`, ``"done"`` to stop; R4.5.2)."""

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
        return D.UPGRADE_FOOTMAN.ask(
            g.seat_of(self.house),
            f"{_hn(self.house)} (Crow Killers): replace a footman with a knight "
            f"(up to {self.left} more) or done",
            (*unit_choices(g, footmen), "done"),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        if choice is None or choice == "done":
            return
        area, footman = _find_unit(g, self.house, choice)
        g.replace_unit(area, footman, Unit(self.house, "knight", footman.routed))
        g.emit(E.WILDLING_FOOTMAN_UPGRADED(house=self.house, area=area, card=CrowKillers.card))
        self.left -= 1
        if self.left > 0:
            g.push(self)


# ------------------------------------------------------------------------------------------
# Rattleshirt's Raiders (R4.5.3, Q12)
# ------------------------------------------------------------------------------------------


def _move_supply(g: BoardGame, house: str, delta: int) -> None:
    old = g.supply[house]
    g.supply[house] = max(0, min(T.MAX_SUPPLY, old + delta))
    g.emit(E.WILDLING_SUPPLY_CHANGED(house=house, before=old, after=g.supply[house]))


@wildling_card
class RattleshirtsRaiders(WildlingText):
    """Night's Watch: supply +1 (max 6). Lowest bidder: supply -2, everyone else: -1 (min 0),
    each reconciling in penalty order (Q12)."""

    card = "rattleshirts_raiders"

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        _move_supply(g, house, +1)
        return []

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        _move_supply(g, house, -2)
        return [Reconcile((house,))]  # R4.5.3 / Q12 reconcile in penalty order

    @staticmethod
    def everyone_else(g: BoardGame, house: str) -> list[Step]:
        _move_supply(g, house, -1)
        return [Reconcile((house,))]


# ------------------------------------------------------------------------------------------
# Massing on the Milkwater (R4.5.4, F7, F37, Q3)
# ------------------------------------------------------------------------------------------


@wildling_card
class MassingOnTheMilkwater(WildlingText):
    """Night's Watch: the whole discard pile back into hand. Lowest bidder: discard the
    highest-strength cards (the whole hand one at a time if all tie, Q3 / F37). Everyone
    else: discard one chosen card. At most one card in hand: nothing (Q19)."""

    card = "massing_on_the_milkwater"

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        back = g.discards[house]
        g.hands[house] = (*g.hands[house], *back)
        g.discards[house] = ()
        g.emit(E.WILDLING_DISCARDS_RETURNED(house=house, cards=list(back), last_discarded=None))
        return []

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        hand = g.hands[house]
        if len(hand) <= 1:
            _one_card_at_most(g, house)
            return []
        top = max(T.HOUSE_CARD_BY_ID[c].strength for c in hand)
        highest = [c for c in hand if T.HOUSE_CARD_BY_ID[c].strength == top]
        if len(highest) == len(hand):  # Q3 / F37: the whole hand, in the owner's order
            return [DiscardCards(house, whole_hand=True)]
        for card in highest:
            _discard(g, house, card)
        return []

    @staticmethod
    def everyone_else(g: BoardGame, house: str) -> list[Step]:
        return [DiscardCards(house)]


def _discard(g: BoardGame, house: str, card: str) -> None:
    hand = list(g.hands[house])
    hand.remove(card)
    g.hands[house] = tuple(hand)
    g.discards[house] = (*g.discards[house], card)
    g.emit(E.WILDLING_HOUSE_CARD_DISCARDED(house=house, card=card))
    if not hand:  # R1.11.3 / F7: the last card stays discarded, the others return
        others = tuple(c for c in g.discards[house] if c != card)
        g.hands[house] = others
        g.discards[house] = (card,)
        g.emit(E.WILDLING_DISCARDS_RETURNED(house=house, cards=list(others), last_discarded=card))


def _one_card_at_most(g: BoardGame, house: str) -> None:
    g.emit(E.WILDLING_NO_DISCARD(house=house, cards=len(g.hands[house])))  # Q19


class DiscardCards(_Choosing):
    """Massing on the Milkwater, :data:`~decisions.DISCARD_CARD` (R4.5.4, D9).

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
        return D.DISCARD_CARD.ask(
            g.seat_of(self.house), f"{_hn(self.house)} (Massing on the Milkwater): {what}", hand
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


# ------------------------------------------------------------------------------------------
# A King Beyond the Wall (R4.5.5)
# ------------------------------------------------------------------------------------------


@wildling_card
class AKingBeyondTheWall(WildlingText):
    """Night's Watch: position 1 on a track of its choice. Lowest bidder: last on every track.
    Everyone else: last on Fiefdoms or King's Court (its choice), in the turn order in force."""

    card = "a_king_beyond_the_wall"

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        return [ChooseTrack(house, house, TRACKS, "first")]

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        for track in TRACKS:
            move_on_track(g, track, house, g.lowest_position(house) - 1)
        return []

    @staticmethod
    def everyone_else(g: BoardGame, house: str) -> list[Step]:
        return [ChooseTrack(house, house, ("fiefdoms", "kings_court"), "last")]


# ------------------------------------------------------------------------------------------
# Mammoth Riders
# ------------------------------------------------------------------------------------------


@wildling_card
class MammothRiders(WildlingText):
    """Night's Watch: may take one discarded house card back. Lowest bidder: destroy 3 units
    anywhere; everyone else: 2."""

    card = "mammoth_riders"

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        return [RetrieveCard(house)]

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        return [DestroyUnits(house, 3, MammothRiders.card)]

    @staticmethod
    def everyone_else(g: BoardGame, house: str) -> list[Step]:
        return [DestroyUnits(house, 2, MammothRiders.card)]


class RetrieveCard(_Choosing):
    """Highest bidder: may take one discarded card back (:data:`~decisions.RETRIEVE_CARD`)."""

    def __init__(self, house: str, choice: str | None = None) -> None:
        self.house = house
        self.choice = choice

    def ask(self, g: BoardGame) -> Decision | None:
        pile = g.discards[self.house]
        if not pile:
            return None
        return D.RETRIEVE_CARD.ask(
            g.seat_of(self.house),
            f"{_hn(self.house)} (Mammoth Riders): take a card back from your discard pile, or pass",
            (*pile, "pass"),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        h = self.house
        if choice is None or choice == "pass":
            g.emit(E.WILDLING_CARD_RETRIEVED(house=h, card=None))
            return
        g.discards[h] = tuple(c for c in g.discards[h] if c != choice)
        g.hands[h] = (*g.hands[h], choice)
        g.emit(E.WILDLING_CARD_RETRIEVED(house=h, card=choice))


# ------------------------------------------------------------------------------------------
# The Horde Descends (F35)
# ------------------------------------------------------------------------------------------


@wildling_card
class TheHordeDescends(WildlingText):
    """Night's Watch: may muster in one controlled castle or stronghold area (R3.6). Lowest
    bidder: destroy 2 units in one controlled castle/stronghold area (F35), else 2 anywhere.
    Everyone else: destroy 1 unit."""

    card = "the_horde_descends"

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        return [HordeMuster(house)]

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        card = TheHordeDescends.card
        areas = tuple(
            a
            for a in g.controlled_areas(house)
            if g.map.areas[a].is_land and g.map.areas[a].has_castle and len(g.units.get(a, ())) >= 2
        )
        if areas:
            return [DestroyUnits(house, 2, card, areas=areas, same_area=True)]
        g.emit(E.HORDE_ANYWHERE(house=house))
        return [DestroyUnits(house, 2, card)]

    @staticmethod
    def everyone_else(g: BoardGame, house: str) -> list[Step]:
        return [DestroyUnits(house, 1, TheHordeDescends.card)]


class HordeMuster(_Choosing):
    """Highest bidder: may muster in one controlled castle/stronghold area
    (:data:`~decisions.HORDE_AREA`: areas where something can be mustered, or pass; R3.6.6)."""

    def __init__(self, house: str, choice: str | None = None) -> None:
        self.house = house
        self.choice = choice

    def _areas(self, g: BoardGame) -> tuple[str, ...]:
        return tuple(
            a
            for a in mustering_areas(g, self.house)
            if muster_options(g, self.house, a, g.map.areas[a].mustering_points)
        )

    def ask(self, g: BoardGame) -> Decision | None:
        areas = self._areas(g)
        if not areas:
            return None
        return D.HORDE_AREA.ask(
            g.seat_of(self.house),
            f"{_hn(self.house)} (The Horde Descends): choose a castle or stronghold area to "
            "muster in, or pass",
            (*areas, "pass"),
        )

    def act(self, g: BoardGame, choice: str | None) -> None:
        h = self.house
        area = None if choice in (None, "pass") else choice
        g.emit(E.HORDE_MUSTER(house=h, area=area, could=choice is not None))
        if area is not None:
            g.push(muster_step(g, h, (area,)))


# ------------------------------------------------------------------------------------------
# Skinchanger Scout
# ------------------------------------------------------------------------------------------


@wildling_card
class SkinchangerScout(WildlingText):
    """Night's Watch: the highest bidder takes its bid back. Lowest bidder: discards all its
    available power; everyone else: 2 (all if fewer)."""

    card = "skinchanger_scout"

    @staticmethod
    def highest(g: BoardGame, house: str, bid: int) -> list[Step]:
        g.emit(E.WILDLING_POWER_REGAINED(house=house, amount=g.gain_power(house, bid)))
        return []

    @staticmethod
    def lowest(g: BoardGame, house: str) -> list[Step]:
        g.emit(
            E.WILDLING_POWER_DISCARDED(house=house, amount=g.discard_power(house, g.power[house]))
        )
        return []

    @staticmethod
    def everyone_else(g: BoardGame, house: str) -> list[Step]:
        g.emit(E.WILDLING_POWER_DISCARDED(house=house, amount=g.discard_power(house, 2)))
        return []
