"""Neutral-force attack (R6.5, D15): a fight of kind ``"neutral"`` on the fight record.

:func:`start_neutral_attack` has the same precondition as a combat (the marching units are held
on the fight record, the March order may still stand in ``from_area``). :data:`FLOW`:

* ``begin`` — the attack is announced;
* ``support`` — the call for support of R7.3 (:mod:`westeros.boardgame.support`) in which every
  house with an eligible Support order, the marcher included, may only back the marcher or
  refuse (kind ``support``: ``"attacker"``/``"none"``; ``support_areas`` for a subset); support
  is accepted without asking (R6.5.1 knows no refusal). No house cards, no VSB, no Tides;
* ``resolve`` — the marching strength (units, siege engines 4 only against a castle/stronghold
  area, March modifier, support) is compared with the token (R6.5.1):

  - success — the token is removed for the rest of the game, the units move in and the house
    gains control (R6.5.3); the March order is removed (as in R7.11 step 2); ports and victory
    are checked (R1.3.8);
  - failure — the units go back to ``from_area``, the March order stays, and the log says so;
    ``area in g.neutral`` tells the march to let the player plan this order again (R6.5.2).
"""

from __future__ import annotations

from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.fight import NEUTRAL, Fight, FightStep, Stage, start_fight
from westeros.boardgame.state import BoardGame, Unit
from westeros.boardgame.support import (
    support_act,
    support_ask,
    support_enter,
    support_value,
    unit_value,
)
from westeros.boardgame.victory import settle_control


def strength_parts(g: BoardGame, f: Fight) -> dict[str, int]:
    """R6.5.1 marching strength by part: units, March modifier, support (units and bonus)."""
    units = sum(unit_value(g, u, f.area, True) for u in f.attackers)
    order = T.ORDER_KINDS[f.march_token].modifier
    support = sum(support_value(g, a, f.area, True) for a, _h in f.valid_support(g))
    return {"units": units, "order": order, "support": support, "total": units + order + support}


def _begin(g: BoardGame, f: Fight, choice: str | None) -> bool:
    g.emit(
        E.NEUTRAL_ATTACK(
            attacker=f.attacker,
            area=f.area,
            from_area=f.from_area,
            units=E.units_field(f.attackers),
            token=g.neutral[f.area],
        )
    )
    return True


def _resolve(g: BoardGame, f: Fight, choice: str | None) -> bool:
    token = g.neutral[f.area]
    parts = strength_parts(g, f)
    won = parts["total"] >= token  # R6.5.1
    fields = {
        "attacker": f.attacker,
        "area": f.area,
        "from_area": f.from_area,
        "strength": parts["total"],
        "parts": parts,
        "token": token,
        "won": won,
    }
    if won:  # R6.5.3
        del g.neutral[f.area]
        g.power_tokens.pop(f.area, None)
        units = f.release(g, f.area)
        if f.is_starting_march(g, f.from_area):
            del g.orders[f.from_area]
        g.emit(E.NEUTRAL_RESULT(**fields, units=E.units_field(units)))
        g.fight = None
        settle_control(g)  # R1.3.8: ports, then the win
        return True
    units = f.release(g, f.from_area)  # R6.5.2 the move is illegal: the units stay home
    g.emit(E.NEUTRAL_RESULT(**fields, units=E.units_field(units)))
    return True


FLOW: tuple[Stage, ...] = (
    Stage("begin", _begin),
    Stage("support", support_act, support_ask, support_enter),  # R7.3, D15
    Stage("resolve", _resolve),  # R6.5.1–R6.5.3
)


class NeutralAttack(FightStep):
    """Runs a neutral-force attack (R6.5): :data:`FLOW`."""

    FLOW = FLOW


def start_neutral_attack(
    g: BoardGame,
    attacker: str,
    from_area: str,
    area: str,
    attackers: tuple[Unit, ...],
    march_token: str,
) -> None:
    """Start an attack on the neutral force in ``area`` with ``attackers`` (off ``from_area``)."""
    start_fight(g, NeutralAttack(), NEUTRAL, attacker, from_area, area, attackers, march_token)
