"""Combat (R7, D16–D21): one step that runs a whole combat, stage by stage.

``Combat(attacker, from_area, area, attackers, march_token)`` is pushed by a march (R6.4.8).
Precondition: the attacking units have been taken off ``from_area`` and are held on the step
(``attackers``) until they move in or retreat, so the board keeps one house per area; the March
order may still stand in ``from_area`` (its modifier counts from ``march_token`` either way).
The defender is the house with units in ``area`` or, with none, the owner of its garrison.

Stages (``stage``), each either one decision or an automatic step (R7.2, E3):

* ``begin`` → the support stages of :class:`~westeros.boardgame.support.SupportCall`
  (kinds ``support``, ``support_areas``, ``accept_support``; R7.3, D16);
* ``initial`` — initial strength is logged (R7.4); with Tides of Battle the 24 cards are
  shuffled into a fresh deck (E8);
* ``cards`` — attacker and defender choose a house card at once, secretly (kind
  ``house_card``: a card id of the hand, D17), then both are revealed;
* ``window`` — the card texts of one timing window (R7.5.2, :mod:`house_cards`), sides in turn
  order: ``cancel`` (a Tyrion cancel adds a ``recard`` entry: kind ``house_card`` again without
  the cancelled card), then ``immediately``;
* ``draw`` (Tides) — each side draws a Tides of Battle card (R7.7.2);
* ``blade`` — the VSB holder in the combat, if unused (kind ``blade``; with Tides first
  ``"redraw"``/``"keep"``, then the cards are revealed; then ``"+1"``/``"no"``; R7.6, R7.7.3);
* ``victor`` — final strength (never below 0) and the victor, ties to Fiefdoms (R7.8);
  then window ``outcome`` (Tywin, Renly, Cersei, Roose);
* ``casualties`` / ``casualty`` — garrison, automatic destruction of routed units and siege
  engines, then sword and skull casualties one at a time (kind ``casualty``: a unit kind;
  R7.9, R7.7.5);
* ``retreat`` (kind ``retreat``: an area id) and ``retreat_casualty`` (kind
  ``retreat_casualty``: a unit kind, supply losses of the chosen area) — R7.10, D21;
* ``cleanup`` — R7.11 steps 1–3, then window ``after`` (Patchface), then ``finish`` — steps
  5–6 (E2, ports, victory).

Played cards stay in their owner's hand (hands are public, R1.14.2) until clean up step 3;
the step holds which card each side plays (secret until revealed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from westeros.boardgame import house_cards as HC
from westeros.boardgame import tables as T
from westeros.boardgame.march import transport_targets
from westeros.boardgame.state import BoardGame, Order, Unit, supply_complies
from westeros.boardgame.support import (
    SUPPORT_STAGES,
    SupportCall,
    order_modifier,
    unit_value,
    units_text,
)
from westeros.engine import Choice, Decision

NO_CARD = ""  # the side fights without a house card (Tyrion with no other card, R7.12)


@dataclass(frozen=True, slots=True)
class SideStrength:
    """One side's combat strength by source (R7.4, R7.8) and its icons (R7.9.3, R7.7)."""

    units: int
    order: int
    garrison: int
    support: int
    card: int
    blade: int
    tide: int
    swords: int
    fortifications: int
    skulls: int

    @property
    def initial(self) -> int:
        """R7.4.1; may be negative (F30)."""
        return self.units + self.order + self.garrison + self.support

    @property
    def final(self) -> int:
        """R7.8.1: below 0 counts as 0 (F30)."""
        return max(0, self.initial + self.card + self.blade + self.tide)


# -- retreat geometry (R7.10.3, R6.4.3) ----------------------------------------------------------


def retreat_areas(
    g: BoardGame, house: str, area: str, ships: bool, exclude: str | None
) -> list[str]:
    """R7.10.3: areas adjacent to ``area`` or reached by ship transport (land units), friendly
    or uncontrolled and empty, without neutral force, not impassable, not ``exclude``. Ships go
    to sea areas, or to a port whose land area the house controls (F40)."""
    info = T.AREAS[area]
    if ships:
        found = {
            n
            for n in info.neighbors
            if T.AREAS[n].is_sea or (T.AREAS[n].is_port and g.controller(n) == house)
        }
    else:
        found = {n for n in info.neighbors if T.AREAS[n].is_land} | transport_targets(
            g, house, area
        )
    found.discard(area)
    if exclude is not None:
        found.discard(exclude)
    return [
        a
        for a in T.AREA_IDS
        if a in found
        and a not in g.impassable
        and a not in g.neutral
        and g.controller(a) in (house, None)
        and g.owner(a) in (house, None)
    ]


def retreat_cost(g: BoardGame, house: str, leaving: str | None, target: str, count: int) -> int:
    """R7.10.4: the fewest of ``count`` retreating units to destroy so that ``house`` complies
    with supply (and the 3-ship port limit, R8.2) once they stand in ``target``."""
    sizes = {a: len(us) for a, us in g.units.items() if us[0].house == house and a != leaving}
    there = sizes.get(target, 0)
    for lost in range(count + 1):
        after = dict(sizes)
        after[target] = there + count - lost
        if T.AREAS[target].is_port and after[target] > T.MAX_SHIPS_IN_PORT:
            continue
        if supply_complies(after.values(), g.supply[house]):
            return lost
    return count


def _check_ports(g: BoardGame) -> None:
    from westeros.boardgame.ports import check_ports  # lazy: ports imports no combat

    check_ports(g)


class Combat(SupportCall):
    """A combat (R7) from the call for support to the clean up; see the module docstring."""

    after_support = "initial"

    def __init__(
        self,
        attacker: str,
        from_area: str,
        area: str,
        attackers: tuple[Unit, ...],
        march_token: str,
    ) -> None:
        super().__init__(attacker, from_area, area, attackers, march_token)
        self.defender = ""
        self.att_card: str | None = None  # None: not chosen yet; NO_CARD: fights without
        self.def_card: str | None = None
        self.excluded: tuple[str, ...] = ()  # cards cancelled by Tyrion (may not be re-chosen)
        self.window = ""
        self.queue: tuple[str, ...] = ()  # window entries "window:side" still to resolve
        self.tides_deck: tuple[str, ...] = ()
        self.att_tide: str | None = None
        self.def_tide: str | None = None
        self.blade_side: str | None = None  # the side given +1 by the VSB
        self.winner: str | None = None
        self.kills: tuple[tuple[str, int, str], ...] = ()  # (side, count, "swords"|"skull")
        self.retreat_to: str | None = None
        self.retreat_losses = 0
        self.flags: frozenset[str] = frozenset()

    # -- sides ------------------------------------------------------------------------------
    def house(self, side: str) -> str:
        return self.attacker if side == "attacker" else self.defender

    side_house = house

    @staticmethod
    def other(side: str) -> str:
        return "defender" if side == "attacker" else "attacker"

    @property
    def loser(self) -> str | None:
        return None if self.winner is None else self.other(self.winner)

    def sides(self) -> tuple[str, str]:
        """``(winner, loser)`` once the victor is known (R7.8)."""
        assert self.winner is not None
        return self.winner, self.other(self.winner)

    def declare_sides(self, house: str) -> tuple[str, ...]:
        if house == self.attacker:
            return ("attacker",)
        if house == self.defender:
            return ("defender",)
        return ("attacker", "defender")

    def fight_text(self) -> str:
        return (
            f"{T.house_name(self.attacker)} attacks {T.house_name(self.defender)} in "
            f"{T.area_name(self.area)}"
        )

    def sides_in_turn_order(self, g: BoardGame) -> tuple[str, ...]:
        """R7.5.2: both sides in Iron Throne order (read now: Doran may have changed it)."""
        return tuple(
            sorted(("attacker", "defender"), key=lambda s: g.position("iron_throne", self.house(s)))
        )

    def chosen_card(self, side: str) -> str | None:
        """The card the side chose (secret until revealed); None: not chosen yet."""
        return self.att_card if side == "attacker" else self.def_card

    def card(self, side: str) -> str | None:
        """The side's revealed card; None before the reveal or when it plays none (a card
        chosen but not yet revealed is secret and has no effect, R1.14.1)."""
        if "revealed" not in self.flags:
            return None
        return self.chosen_card(side) or None

    def set_card(self, side: str, card: str | None) -> None:
        if side == "attacker":
            self.att_card = card
        else:
            self.def_card = card

    def drawn_tide(self, side: str) -> str | None:
        """The Tides of Battle card the side drew (secret until shown, R1.14.1)."""
        return self.att_tide if side == "attacker" else self.def_tide

    def set_tide(self, side: str, card: str) -> None:
        if side == "attacker":
            self.att_tide = card
        else:
            self.def_tide = card

    def tide(self, side: str) -> T.TidesCard | None:
        """The side's Tides of Battle card once shown (R7.7.3), else None."""
        card = self.drawn_tide(side)
        return (
            T.TIDES_CARD_BY_ID[card] if card is not None and "tides_shown" in self.flags else None
        )

    def garrison(self, g: BoardGame) -> int:
        """R1.7.2 / R7.4.1: the strength of the defender's garrison in the embattled area."""
        if T.AREAS[self.area].home_of != self.defender:
            return 0
        return g.garrisons.get(self.area, 0)

    # -- units in the combat ------------------------------------------------------------------
    def combat_units(self, g: BoardGame, side: str) -> tuple[Unit, ...]:
        """The attacking units (held on the step) or the defending units (in the area)."""
        if side == "attacker":
            return self.attackers
        return tuple(u for u in g.units.get(self.area, ()) if u.house == self.defender)

    def destroy_unit(self, g: BoardGame, side: str, unit: Unit) -> None:
        if side == "attacker":
            rest = list(self.attackers)
            rest.remove(unit)
            self.attackers = tuple(rest)
        else:
            g.remove_unit(self.area, unit)

    def replace_unit(self, g: BoardGame, side: str, old: Unit, new: Unit) -> None:
        if side == "attacker":
            rest = list(self.attackers)
            rest[rest.index(old)] = new
            self.attackers = tuple(rest)
        else:
            g.replace_unit(self.area, old, new)

    # -- strength (R7.4, R7.8) ---------------------------------------------------------------
    def contributions(self, g: BoardGame) -> tuple[HC.Contribution, ...]:
        """Every unit's strength for its side, after card modifiers (R7.4.2, R7.5.2 window 3)."""
        units: list[HC.Contribution] = [
            HC.Contribution("attacker", "attacking", self.area, u, unit_value(u, self.area, True))
            for u in self.attackers
        ]
        units += [
            HC.Contribution("defender", "defending", self.area, u, unit_value(u, self.area, False))
            for u in self.combat_units(g, "defender")
        ]
        for side in ("attacker", "defender"):
            for area, _house in self.valid_support(g, side):
                units += [
                    HC.Contribution(
                        side, "supporting", area, u, unit_value(u, self.area, side == "attacker")
                    )
                    for u in g.units.get(area, ())
                ]
        return HC.apply_unit_modifiers(g, self, tuple(units))

    def strengths(self, g: BoardGame) -> dict[str, SideStrength]:
        units = self.contributions(g)
        out: dict[str, SideStrength] = {}
        for side in ("attacker", "defender"):
            if side == "attacker":
                order = T.ORDER_KINDS[self.march_token].modifier  # R7.4.1 March modifier
                garrison = 0
            else:
                bonus = order_modifier(g, self.area, "defense", self.defender)
                order = HC.order_bonus(self, side, bonus)  # Catelyn doubles it
                garrison = self.garrison(g)
            bonus_support = sum(  # R7.3.4 Support +1
                order_modifier(g, a, "support") for a, _h in self.valid_support(g, side)
            )
            stats = HC.card_stats(g, self, side)
            tide = self.tide(side)
            out[side] = SideStrength(
                units=sum(x.value for x in units if x.side == side and x.role != "supporting"),
                order=order,
                garrison=garrison,
                support=bonus_support
                + sum(x.value for x in units if x.side == side and x.role == "supporting"),
                card=stats.strength,
                blade=1 if self.blade_side == side else 0,
                tide=tide.strength if tide else 0,
                swords=stats.swords + (tide.swords if tide else 0),
                fortifications=stats.fortifications + (tide.fortifications if tide else 0),
                skulls=tide.skulls if tide else 0,
            )
        return out

    # -- the step ---------------------------------------------------------------------------------
    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.choice is not None:
            return []  # recorded; run applies it
        stage = self.stage
        if stage in SUPPORT_STAGES:
            return self.support_decisions(g)
        if stage == "cards":
            return [
                Decision(
                    g.seat_of(self.house(side)),
                    "house_card",
                    f"{T.house_name(self.house(side))}: choose a house card for the combat in "
                    f"{T.area_name(self.area)} ({self._strength_text(g)})",
                    g.hands[self.house(side)],
                )
                for side in ("attacker", "defender")
                if self.chosen_card(side) is None and g.hands[self.house(side)]
            ]
        if stage == "window":
            return self._window_decisions(g)
        if stage == "blade":
            return self._blade_decisions(g)
        if stage == "casualty":
            return self._casualty_decisions(g)
        if stage == "retreat":
            return self._retreat_decisions(g)
        if stage == "retreat_casualty":
            return self._retreat_casualty_decisions(g)
        return []

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        if self.stage == "cards":
            if seat == g.seat_of(self.attacker) and self.att_card is None:
                self.att_card = str(choice)
            else:
                self.def_card = str(choice)
        else:
            self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        stage = self.stage
        if stage in SUPPORT_STAGES:
            self.support_run(g)
        else:
            getattr(self, f"_run_{stage}")(g)
        if self.stage != "done":
            g.push(self)

    # -- begin, initial, cards -----------------------------------------------------------------
    def _run_begin(self, g: BoardGame) -> None:
        owner = g.owner(self.area)
        home = T.AREAS[self.area].home_of
        self.defender = owner if owner is not None else (home or "")
        assert self.defender and self.defender != self.attacker, (self.area, self.defender)
        defending = self.combat_units(g, "defender")
        garrison = self.garrison(g)
        parts = [units_text(defending)] if defending else []
        if garrison:
            parts.append(f"garrison {garrison}")
        g.say(
            f"Combat in {T.area_name(self.area)}: {T.house_name(self.attacker)} attacks from "
            f"{T.area_name(self.from_area)} with {units_text(self.attackers)}; "
            f"{T.house_name(self.defender)} defends with {', '.join(parts) or 'nothing'}"
        )
        self.start_support(g)

    def _strength_text(self, g: BoardGame) -> str:
        s = self.strengths(g)
        return f"{s['attacker'].initial} vs {s['defender'].initial}"

    def _run_initial(self, g: BoardGame) -> None:
        g.say(
            f"{T.house_name(self.attacker)} attacks {T.area_name(self.area)} from "
            f"{T.area_name(self.from_area)}: {self._strength_text(g)}"
        )
        if g.tides:  # R7.7.1 / E8: a fresh deck of all 24 cards before the cards are chosen
            self.tides_deck = g.rng.shuffled([c.id for c in T.TIDES_OF_BATTLE])
        self.stage = "cards"

    def _run_cards(self, g: BoardGame) -> None:
        for side in ("attacker", "defender"):
            if self.chosen_card(side) is None:
                self.set_card(side, NO_CARD)  # an empty hand (never in a legal game)
        self.flags = self.flags | {"revealed"}
        g.say("House cards: " + "; ".join(self._reveal_text(s) for s in ("attacker", "defender")))
        self._enter_window(g, "cancel")

    def _reveal_text(self, side: str) -> str:
        card = self.card(side)
        what = f"{HC.card_name(card)} ({T.HOUSE_CARD_BY_ID[card].strength})" if card else "no card"
        return f"{T.house_name(self.house(side))} reveals {what}"

    # -- text windows (R7.5.2) --------------------------------------------------------------------
    def _enter_window(self, g: BoardGame, window: str) -> None:
        self.window = window
        self.queue = tuple(
            f"{window}:{side}"
            for side in self.sides_in_turn_order(g)
            if (card := self.card(side)) is not None and card in HC.TEXTS[window]
        )
        self.stage = "window"

    def _after_window(self, g: BoardGame) -> None:
        if self.window == "cancel":
            self._enter_window(g, "immediately")
        elif self.window == "immediately":
            self.stage = "draw" if g.tides else "blade"
        elif self.window == "outcome":
            self.stage = "casualties"
        else:  # "after"
            self.stage = "finish"

    def _recard_choices(self, g: BoardGame, side: str) -> tuple[str, ...]:
        return tuple(c for c in g.hands[self.house(side)] if c not in self.excluded)

    def _window_decisions(self, g: BoardGame) -> list[Decision]:
        if not self.queue:
            return []
        window, side = self.queue[0].split(":")
        if window == "recard":
            choices = self._recard_choices(g, side)
            if not choices:
                return []
            return [
                Decision(
                    g.seat_of(self.house(side)),
                    "house_card",
                    f"{T.house_name(self.house(side))}: your card was cancelled; choose a "
                    "different house card",
                    choices,
                )
            ]
        card = self.card(side)
        text = HC.TEXTS[window].get(card) if card is not None else None
        if text is None or text.ask is None:
            return []
        decision = text.ask(g, self, side)
        return [decision] if decision is not None else []

    def _run_window(self, g: BoardGame) -> None:
        if not self.queue:
            self._after_window(g)
            return
        window, side = self.queue[0].split(":")
        self.queue = self.queue[1:]
        choice, self.choice = self.choice, None
        if window == "recard":
            self.set_card(side, choice or NO_CARD)
            if choice is None:
                g.say(f"{T.house_name(self.house(side))} has no other card and fights without one")
            else:
                g.say(self._reveal_text(side))
            return
        card = self.card(side)
        text = HC.TEXTS[window].get(card) if card is not None else None
        if text is not None:
            text.act(g, self, side, choice)

    # -- Tides of Battle and the Valyrian Steel Blade (R7.6, R7.7) -----------------------------
    def _run_draw(self, g: BoardGame) -> None:
        self.att_tide, self.def_tide = self.tides_deck[0], self.tides_deck[1]
        self.tides_deck = self.tides_deck[2:]
        g.say("Both sides draw a Tides of Battle card")
        self.stage = "blade"

    def _blade_side(self, g: BoardGame) -> str | None:
        holder = g.holder("fiefdoms")
        if g.vsb_used or holder not in (self.attacker, self.defender):
            return None
        return "attacker" if holder == self.attacker else "defender"

    def _blade_decisions(self, g: BoardGame) -> list[Decision]:
        side = self._blade_side(g)
        if side is None:
            return []
        seat = g.seat_of(self.house(side))
        if g.tides and "tides_shown" not in self.flags:
            drawn = self.drawn_tide(side)
            return [
                Decision(
                    seat,
                    "blade",
                    f"Valyrian Steel Blade: you drew the Tides of Battle card '{drawn}'. "
                    "Use the blade to draw another one?",
                    ("redraw", "keep"),
                )
            ]
        s = self.strengths(g)
        return [
            Decision(
                seat,
                "blade",
                f"Valyrian Steel Blade: add +1 to your strength? (now {s[side].final} vs "
                f"{s[self.other(side)].final})",
                ("+1", "no"),
            )
        ]

    def _run_blade(self, g: BoardGame) -> None:
        choice, self.choice = self.choice, None
        side = self._blade_side(g)
        if choice == "redraw" and side is not None:
            g.vsb_used = True
            new, self.tides_deck = self.tides_deck[0], self.tides_deck[1:]
            self.set_tide(side, new)
            g.say(
                f"{T.house_name(self.house(side))} uses the Valyrian Steel Blade to draw a new "
                "Tides of Battle card"
            )
        if choice in ("+1", "no") or (choice is None):
            if choice == "+1" and side is not None:
                g.vsb_used = True
                self.blade_side = side
                g.say(f"{T.house_name(self.house(side))} uses the Valyrian Steel Blade: +1")
            if g.tides and "tides_shown" not in self.flags:
                self._show_tides(g)
            self.stage = "victor"
            return
        self._show_tides(g)  # after "redraw"/"keep" (R7.7.3); the +1 may follow

    def _show_tides(self, g: BoardGame) -> None:
        self.flags = self.flags | {"tides_shown"}
        g.say(
            "Tides of Battle: "
            + ", ".join(
                f"{T.house_name(self.house(s))} '{self.drawn_tide(s)}'"
                for s in ("attacker", "defender")
            )
        )

    # -- victor (R7.8)
    def _run_victor(self, g: BoardGame) -> None:
        s = self.strengths(g)
        fa, fd = s["attacker"].final, s["defender"].final
        if fa != fd:
            self.winner = "attacker" if fa > fd else "defender"
        else:  # R7.8.3 tie: higher on the Fiefdoms track
            a, d = g.position("fiefdoms", self.attacker), g.position("fiefdoms", self.defender)
            self.winner = "attacker" if a < d else "defender"
        win, lose = self.sides()
        tie = " (tie won on the Fiefdoms track)" if fa == fd else ""
        g.say(
            f"Final strength: {self._detail(s['attacker'], 'attacker')} against "
            f"{self._detail(s['defender'], 'defender')}"
        )
        g.say(
            f"{T.house_name(self.house(win))} wins the combat "
            f"{s[win].final}–{s[lose].final}{tie}"
        )
        self._enter_window(g, "outcome")

    def _detail(self, st: SideStrength, side: str) -> str:
        parts = [f"units {st.units}"]
        for label, value in (
            ("order", st.order),
            ("garrison", st.garrison),
            ("support", st.support),
            ("card", st.card),
            ("blade", st.blade),
            ("tides", st.tide),
        ):
            if value:
                parts.append(f"{label} {value:+d}")
        return f"{T.house_name(self.house(side))} {st.final} ({', '.join(parts)})"

    # -- casualties (R7.9, R7.7.5)
    def _run_casualties(self, g: BoardGame) -> None:
        win, lose = self.sides()
        lose_house = self.house(lose)
        if lose == "defender" and self.area in g.garrisons:  # R7.9.1
            del g.garrisons[self.area]
            g.say(f"The garrison of {T.area_name(self.area)} is removed")
        doomed = [u for u in self.combat_units(g, lose) if u.routed or u.kind == "siege_engine"]
        for u in doomed:  # R7.9.2 / F18
            self.destroy_unit(g, lose, u)
        if doomed:
            g.say(f"{T.house_name(lose_house)} loses {units_text(doomed)} (routed or siege)")
        s = self.strengths(g)
        kills: list[tuple[str, int, str]] = []
        swords = max(0, s[win].swords - s[lose].fortifications)  # R7.9.3
        if swords and HC.prevents_casualties(self, lose):
            g.say(f"The Blackfish: {T.house_name(lose_house)} takes no sword casualties")
        elif swords:
            kills.append((lose, swords, "swords"))
        if g.tides:  # R7.7.5 skulls hit the opposing side, whoever won
            for side in self.sides_in_turn_order(g):
                skulls = s[self.other(side)].skulls
                if not skulls:
                    continue
                if HC.prevents_casualties(self, side):
                    g.say(f"The Blackfish: {T.house_name(self.house(side))} ignores the skull")
                else:
                    kills.append((side, skulls, "skull"))
        self.kills = tuple(kills)
        self.stage = "casualty"

    def _casualty_pool(self, g: BoardGame, side: str, cause: str) -> list[Unit]:
        """Units that may be chosen: never routed (R1.4.4); siege engines only by skulls."""
        return [
            u
            for u in self.combat_units(g, side)
            if not u.routed and (cause == "skull" or u.kind != "siege_engine")
        ]

    def _destroy_decisions(
        self, g: BoardGame, side: str, kind: str, pool: Sequence[Unit], count: int, prompt: str
    ) -> list[Decision]:
        """D20 / D21: the side names the kind of the next unit of ``pool`` it destroys —
        asked only when the kind matters (fewer victims than units, two kinds or more)."""
        kinds = tuple(k for k in T.UNIT_TYPES if any(u.kind == k for u in pool))
        if count <= 0 or count >= len(pool) or len(kinds) <= 1:
            return []
        house = self.house(side)
        return [Decision(g.seat_of(house), kind, f"{T.house_name(house)}: {prompt}", kinds)]

    def _destroy_chosen(
        self, g: BoardGame, side: str, pool: Sequence[Unit], count: int, choice: str | None
    ) -> list[Unit]:
        """Destroy one unit of the chosen kind or, when nothing was asked, the first ``count``
        units of ``pool`` (all of one kind, or all of them); returns the victims."""
        if choice is not None:
            victims = [next(u for u in pool if u.kind == choice)]
        else:
            victims = list(pool[:count])
        for u in victims:
            self.destroy_unit(g, side, u)
        return victims

    def _casualty_decisions(self, g: BoardGame) -> list[Decision]:
        if not self.kills:
            return []
        side, count, cause = self.kills[0]
        what = "sword casualties" if cause == "swords" else "a skull"
        return self._destroy_decisions(
            g,
            side,
            "casualty",
            self._casualty_pool(g, side, cause),
            count,
            f"destroy a unit in {T.area_name(self.area)} ({count} to destroy, {what})",
        )

    def _run_casualty(self, g: BoardGame) -> None:
        choice, self.choice = self.choice, None
        if not self.kills:
            self.stage = "retreat"
            return
        side, count, cause = self.kills[0]
        victims = self._destroy_chosen(g, side, self._casualty_pool(g, side, cause), count, choice)
        if victims:
            g.say(
                f"{T.house_name(self.house(side))} loses {units_text(victims)} "
                f"({'casualties' if cause == 'swords' else 'skull'})"
            )
        count -= len(victims)
        if count > 0 and self._casualty_pool(g, side, cause):
            self.kills = ((side, count, cause), *self.kills[1:])
        else:
            self.kills = self.kills[1:]

    # -- retreat and routing (R7.10) ------------------------------------------------------------
    def retreat_options(self, g: BoardGame) -> dict[str, int]:
        """Legal retreat areas of the loser with the fewest losses (R7.10.2–R7.10.4, Q6,
        R7.12.1 for Robb); empty when the units cannot retreat (F26, R7.10.5)."""
        _win, lose = self.sides()
        units = self.combat_units(g, lose)
        if not units:
            return {}
        house = self.house(lose)
        ships = units[0].kind == "ship"
        costs: dict[str, int] = {}
        if lose == "attacker":
            if g.controller(self.from_area) in (house, None):  # R7.10.2; else F26
                costs[self.from_area] = 0
            if HC.retreat_chooser(self) is not None:  # R7.12.1 (b), (c): never breaking supply
                for a in retreat_areas(g, house, self.area, ships, None):
                    if a not in costs and retreat_cost(g, house, None, a, len(units)) == 0:
                        costs[a] = 0
        else:
            for a in retreat_areas(g, house, self.area, ships, self.from_area):
                costs[a] = retreat_cost(g, house, self.area, a, len(units))
        if not costs:
            return {}
        least = min(costs.values())
        return {a: n for a, n in costs.items() if n == least}

    def _retreat_decisions(self, g: BoardGame) -> list[Decision]:
        options = self.retreat_options(g)
        if len(options) <= 1:
            return []
        _win, lose = self.sides()
        chooser = HC.retreat_chooser(self) or lose
        who = T.house_name(self.house(chooser))
        losses = next(iter(options.values()))
        cost = f"; it loses {losses} unit(s) to supply" if losses else ""
        return [
            Decision(
                g.seat_of(self.house(chooser)),
                "retreat",
                f"{who}: where do the units of {T.house_name(self.house(lose))} retreat from "
                f"{T.area_name(self.area)}{cost}?",
                tuple(a for a in T.AREA_IDS if a in options),
            )
        ]

    def _run_retreat(self, g: BoardGame) -> None:
        choice, self.choice = self.choice, None
        _win, lose = self.sides()
        units = self.combat_units(g, lose)
        self.stage = "cleanup"
        if not units:
            return
        options = self.retreat_options(g)
        if not options:  # R7.10.5, F26
            for u in units:
                self.destroy_unit(g, lose, u)
            g.say(
                f"{T.house_name(self.house(lose))} has no legal retreat: {units_text(units)} "
                "destroyed"
            )
            return
        target = choice if choice is not None else next(iter(options))
        self.retreat_to = target
        self.retreat_losses = options[target]
        self.stage = "retreat_casualty"

    def _retreat_casualty_decisions(self, g: BoardGame) -> list[Decision]:
        assert self.retreat_to is not None
        _win, lose = self.sides()
        return self._destroy_decisions(
            g,
            lose,
            "retreat_casualty",
            self.combat_units(g, lose),
            self.retreat_losses,
            f"destroy a retreating unit to keep supply in {T.area_name(self.retreat_to)} "
            f"({self.retreat_losses} to destroy)",
        )

    def _run_retreat_casualty(self, g: BoardGame) -> None:
        choice, self.choice = self.choice, None
        assert self.retreat_to is not None
        _win, lose = self.sides()
        house = self.house(lose)
        units = self.combat_units(g, lose)
        if self.retreat_losses > 0 and units:
            victims = self._destroy_chosen(g, lose, units, self.retreat_losses, choice)
            self.retreat_losses -= len(victims)
            g.say(f"{T.house_name(house)} destroys {units_text(victims)} to keep its supply")
            return
        target = self.retreat_to
        for u in units:  # R7.10.6 retreated units are routed
            self.destroy_unit(g, lose, u)
            g.add_unit(target, Unit(house, u.kind, True))
        if units:
            g.say(
                f"{T.house_name(house)} retreats {units_text(units)} to {T.area_name(target)} "
                "(routed)"
            )
        self.stage = "cleanup"

    # -- clean up (R7.11)
    def _run_cleanup(self, g: BoardGame) -> None:
        a_name = T.house_name(self.attacker)
        if self.winner == "attacker":  # step 1
            survivors = self.attackers
            self.attackers = ()
            if survivors and HC.blocks_move_in(self):
                for u in survivors:
                    g.add_unit(self.from_area, u)
                g.say(
                    f"Arianne Martell: {a_name} may not move in; its units return to "
                    f"{T.area_name(self.from_area)}"
                )
            elif survivors:
                token = g.power_tokens.get(self.area)
                if token is not None and token != self.attacker:
                    del g.power_tokens[self.area]  # to the Power Pool
                for u in survivors:
                    g.add_unit(self.area, u)
                g.say(f"{a_name} moves {units_text(survivors)} into {T.area_name(self.area)}")
            order = g.orders.get(self.area)
            if order is not None and order.house == self.defender:
                del g.orders[self.area]
        # step 2: the March order is removed (Loras: moved into the conquered area)
        if self.is_starting_march(g, self.from_area):
            del g.orders[self.from_area]
        if HC.moves_march_order(self):
            g.orders[self.area] = Order(self.attacker, self.march_token)
            g.say(f"Ser Loras Tyrell: the March order moves into {T.area_name(self.area)}")
        for side in ("attacker", "defender"):  # step 3: cards discarded, hand recovery
            card = self.card(side)
            if card is None or f"keep:{side}" in self.flags:
                continue
            HC.discard_from_hand(g, self.house(side), card)
        self._enter_window(g, "after")  # step 4

    def _run_finish(self, g: BoardGame) -> None:
        from westeros.boardgame.victory import check_win

        for area in [a for a in g.orders if a not in g.units]:  # step 5 (E2)
            order = g.orders.pop(area)
            g.say(
                f"{T.house_name(order.house)}'s order in {T.area_name(area)} is removed (no units)"
            )
        self.stage = "done"
        g.say(f"The combat in {T.area_name(self.area)} is over")
        _check_ports(g)  # step 6 (R1.3.8)
        check_win(g)
