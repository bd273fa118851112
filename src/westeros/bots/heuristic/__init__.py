"""A heuristic board-game bot: it reads only its seat's view (JSON data) and the decision
catalogue, and answers each decision kind with a simple rule of thumb (``orders``, ``fights``,
``westeros``). Unknown kinds get a seeded random legal choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from westeros.boardgame.public import decisions as D
from westeros.bots.heuristic import (
    fights,
    loans,
    objectives,
    orders,
    raven,
    targaryen,
    vassals,
    westeros,
)
from westeros.bots.heuristic.board import Board
from westeros.engine import Choice, Decision, Rng

Rule = Callable[[Board, Decision], Choice]


def _word(word: str) -> Rule:
    def rule(b: Board, decision: Decision) -> Choice:
        return word if word in decision.choices else decision.choices[0]

    return rule


RULES: dict[str, Rule] = {
    D.PLACE_ORDER.name: orders.place_order,
    D.PLAN_ORDERS.name: orders.plan_orders,
    D.RAVEN.name: raven.raven,
    D.RAVEN_REPLACE.name: raven.raven_replace,
    D.RAVEN_WILDLING.name: _word("keep"),
    D.RAID.name: orders.raid,
    D.MARCH_ORDER.name: orders.march_order,
    D.MARCH_MOVE.name: orders.march_move,
    D.MARCH_TOKEN.name: orders.march_token,
    D.CONSOLIDATE_SPECIAL.name: _word("muster"),
    D.PORT_TAKEOVER.name: orders.port_takeover,
    D.SUPPORT.name: fights.support,
    D.SUPPORT_AREAS.name: _word("all"),
    D.ACCEPT_SUPPORT.name: _word("accept"),
    D.HOUSE_CARD.name: fights.house_card,
    D.BLADE.name: fights.blade,
    D.CASUALTY.name: fights.casualty,
    D.RETREAT_CASUALTY.name: fights.casualty,
    D.RETREAT.name: fights.retreat,
    D.TYRION.name: fights.tyrion,
    D.AERON.name: _word("pass"),
    D.MACE.name: _word("footman"),
    D.QUEEN_OF_THORNS.name: fights.order_to_remove,
    D.CERSEI.name: fights.order_to_remove,
    D.DORAN.name: fights.doran,
    D.RENLY.name: fights.first_action,
    D.PATCHFACE.name: fights.strongest_card,
    D.BID.name: westeros.bid,
    D.PLAN_BID.name: westeros.plan_bid,
    D.TIE_BREAK.name: westeros.tie_break,
    D.WESTEROS_CHOICE.name: westeros.westeros_choice,
    D.MUSTER.name: westeros.muster,
    D.PLAN_MUSTER.name: westeros.plan_muster,
    D.WILDLING_OPTION.name: _word("drop"),
    D.DESTROY_UNIT.name: westeros.lose_unit,
    D.RECONCILE.name: westeros.lose_unit,
    D.UPGRADE_FOOTMAN.name: fights.first_action,
    D.DISCARD_CARD.name: westeros.weakest_card,
    D.RETRIEVE_CARD.name: fights.strongest_card,
    D.CHOOSE_TRACK.name: westeros.track_choice,
    D.HORDE_AREA.name: fights.first_action,
    # A Dance with Dragons cards (X-ADWD-3): simple rules of thumb
    D.REEK.name: _word("keep"),
    D.QYBURN.name: fights.strongest_card,
    D.AERON_POWER.name: fights.some_power,
    D.ILYN_PAYNE.name: fights.first_action,
    D.JON_SNOW.name: _word("down"),
    D.MELISANDRE.name: fights.strongest_card,
    D.RODRIK.name: _word("pass"),
    D.GERRIS.name: fights.first_action,
    # A Feast for Crows objectives (X-AFFC-D1, X-AFFC-D2)
    D.RETURN_OBJECTIVE.name: objectives.return_objective,
    D.SCORE_SPECIAL.name: _word("score"),
    D.SCORE_OBJECTIVE.name: objectives.score_objective,
    # A Feast for Crows cards (X-AFFC-D4: give and return the card worth least, take the one
    # worth most; X-AFFC-D6: Alayne Stone pays whenever it is asked)
    D.SHIFTING_AMBITIONS_GIVE.name: objectives.return_objective,
    D.SHIFTING_AMBITIONS_TAKE.name: objectives.take_objective,
    D.NEW_INFORMATION_RETURN.name: objectives.return_objective,
    D.ALAYNE_STONE.name: _word("pay"),
    # Mother of Dragons vassals (X-MOD-D1, X-MOD-D2, X-MOD-10.4)
    D.CHOOSE_VASSALS.name: vassals.choose_vassals,
    D.VASSAL_ORDER.name: vassals.vassal_order,
    D.VASSAL_MUSTER.name: _word("muster"),
    # Mother of Dragons cards (X-MOD-D10): keep Lysa, use Robert and Jon Connington, buy the
    # strongest card with Viserys or Missandei, pay to silence Bronn, lose the cheapest unit
    D.LYSA_ARRYN.name: _word("keep"),
    D.ROBERT_ARRYN.name: fights.first_action,
    D.VISERYS.name: fights.strongest_card,
    D.MISSANDEI.name: fights.strongest_card,
    D.JON_CONNINGTON.name: fights.first_action,
    D.BRONN.name: _word("pay"),
    D.BERIC_DONDARRION.name: fights.beric,
    # Mother of Dragons: a gift of power is always welcome (X-MOD-11.1; bots never give)
    D.ACCEPT_GIFT.name: _word("accept"),
    # Mother of Dragons: Targaryen (X-MOD-D4) and Westeros deck IV (X-MOD-D6)
    D.BID_HANDOUT.name: targaryen.bid_handout,
    D.LOYALTY_AREA.name: targaryen.first_offer,
    D.LOYALTY_PLAYER.name: targaryen.first_offer,
    D.LOYALTY_CANCEL.name: targaryen.cancel,
    D.FIRE_MADE_FLESH.name: targaryen.fire_made_flesh,
    D.FIRE_MADE_FLESH_TOKEN.name: targaryen.last_token,
    D.LOYALTY_UNIT.name: targaryen.give_unit,
    # the Iron Bank (X-MOD-D7); its areas, options and unpaid interest: any legal choice
    D.LOAN.name: loans.loan,
}


class HeuristicBot:
    """Rules of thumb over the seat's view; never sees the game object. A style of play is a
    subclass with other ``rules`` (:class:`~westeros.bots.heuristic.aggressive.AggressiveBot`)."""

    rules: dict[str, Rule] = RULES

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        if len(decision.choices) == 1:
            return decision.choices[0]
        rule = self.rules.get(decision.kind)
        if rule is None or view.get("game") != "boardgame":
            return self.rng.choice(decision.choices)
        choice = rule(Board(vassals.as_vassal(view, decision)), decision)
        return choice if choice in decision.choices else self.rng.choice(decision.choices)


__all__ = ["RULES", "HeuristicBot"]
