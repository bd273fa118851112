"""Neutral-force attack (R6.5, D15).

``NeutralAttack(attacker, from_area, area, attackers, march_token)``: same precondition as
:class:`~westeros.boardgame.combat.Combat` (the marching units are held on the step, the March
order may still stand in ``from_area``). It runs the call for support of R7.3 in which every
house with an eligible Support order, the marcher included, may only back the marcher or
refuse (kind ``support``: ``"attacker"``/``"none"``; ``support_areas`` for a subset); support
is accepted without asking (R6.5.1 knows no refusal). No house cards, no VSB, no Tides of Battle.

Then the marching strength (units, siege engines 4 only against a castle/stronghold area,
March modifier, support) is compared with the token (R6.5.1):

* success — the token is removed for the rest of the game, the units move in and the house
  gains control (R6.5.3); the March order is removed (as in R7.11 step 2); ports and victory
  are checked (R1.3.8);
* failure — the units go back to ``from_area``, the March order stays, and the log says so;
  ``area in g.neutral`` tells the march to let the player plan this order again (R6.5.2).
"""

from __future__ import annotations

from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame
from westeros.boardgame.support import (
    SUPPORT_STAGES,
    SupportCall,
    support_value,
    unit_value,
    units_text,
)
from westeros.engine import Decision


class NeutralAttack(SupportCall):
    after_support = "resolve"
    asks_acceptance = False

    def side_house(self, side: str) -> str:
        return self.attacker

    def declare_sides(self, house: str) -> tuple[str, ...]:
        return ("attacker",)

    def fight_text(self) -> str:
        return (
            f"{T.house_name(self.attacker)} attacks the neutral force in "
            f"{T.area_name(self.area)}"
        )

    def strength(self, g: BoardGame) -> int:
        """R6.5.1 marching strength."""
        units = sum(unit_value(u, self.area, True) for u in self.attackers)
        march = T.ORDER_KINDS[self.march_token].modifier
        support = sum(support_value(g, a, self.area, True) for a, _h in self.valid_support(g))
        return units + march + support

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.stage in SUPPORT_STAGES:
            return self.support_decisions(g)
        return []

    def run(self, g: BoardGame) -> None:
        if self.stage == "begin":
            g.say(
                f"{self.fight_text()} (strength {g.neutral[self.area]}) from "
                f"{T.area_name(self.from_area)} with {units_text(self.attackers)}"
            )
            self.start_support(g)
            g.push(self)
            return
        if self.stage in SUPPORT_STAGES:
            self.support_run(g)
            g.push(self)
            return
        self._resolve(g)

    def _resolve(self, g: BoardGame) -> None:
        from westeros.boardgame.ports import check_ports
        from westeros.boardgame.victory import check_win

        house = T.house_name(self.attacker)
        token = g.neutral[self.area]
        strength = self.strength(g)
        if strength >= token:  # R6.5.1, R6.5.3
            del g.neutral[self.area]
            g.power_tokens.pop(self.area, None)
            for u in self.attackers:
                g.add_unit(self.area, u)
            if self.is_starting_march(g, self.from_area):
                del g.orders[self.from_area]
            g.say(
                f"{house} defeats the neutral force in {T.area_name(self.area)} "
                f"({strength} vs {token}) and takes control"
            )
            self.attackers = ()
            check_ports(g)
            check_win(g)
            return
        for u in self.attackers:  # R6.5.2 the move is illegal: the units stay home
            g.add_unit(self.from_area, u)
        self.attackers = ()
        g.say(
            f"{house} is too weak for the neutral force in {T.area_name(self.area)} "
            f"({strength} vs {token}); the units stay in {T.area_name(self.from_area)}"
        )
