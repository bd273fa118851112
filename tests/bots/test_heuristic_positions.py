"""The heuristic bot's blunders of issue 22, each shown on a built position: the bot is handed
the seat's view and the open decision, as the harness does."""

from __future__ import annotations

from tests.boardgame.driver import pending
from tests.boardgame.test_planning import place, raven_scenario
from westeros.boardgame import decisions as D
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import PlayedGame
from westeros.boardgame.mustering import Muster
from westeros.boardgame.planning import PlanningPhase
from westeros.boardgame.wildlings import WildlingAttack
from westeros.bots.base import Sampler
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.search import SEARCHED, SearchBot
from westeros.engine import Choice, Decision


def answer(g: PlayedGame, decision: Decision) -> Choice:
    choice = HeuristicBot(0).choose(g.view(decision.seat), decision)
    assert choice in decision.choices
    return choice


def test_r4_5_preemptive_raid_bid_follows_the_attacks_strength_not_the_track() -> None:
    """Preemptive Raid's second attack has strength 6 while the threat track already stands at
    0 (R4.2 c): a house with 10 power bids its share of 6, not 0."""
    g = Scenario(players=4).empty().threat(0).power("stark", 10)
    game = g.start(WildlingAttack(6, excluded="lannister"))
    d = pending(game, D.BID, "stark")
    assert d.about("wildlings") == 6
    assert 2 <= int(answer(game, d)) < 10


def test_r4_3_a_house_with_power_never_bids_nothing_against_the_wildlings() -> None:
    """The lowest bidder bears the worst of a wildling victory (R4.3.4)."""
    game = Scenario(players=4).empty().threat(2).power("stark", 1).start(WildlingAttack(2))
    assert answer(game, pending(game, D.BID, "stark")) == 1


def test_r5_5_1_the_raven_replaces_an_order_that_turned_out_useless() -> None:
    """Lannister's Defense order in Stoney Sept guards against no march (no enemy March order
    next to it, R6.4) once the orders are revealed: the Raven swaps it for a March that takes a
    free area."""
    g = raven_scenario()
    d = pending(g, D.RAVEN)
    assert answer(g, d) == "replace:stoney_sept"
    g.apply(d.seat, "replace:stoney_sept")
    d = pending(g, D.RAVEN_REPLACE)
    assert d.about("area") == "stoney_sept"
    assert T.ORDER_KINDS[str(answer(g, d))].type == "march"


def test_r5_5_2_with_nothing_to_swap_the_raven_looks_at_the_wildlings_rather_than_pass() -> None:
    g = (
        Scenario(players=4)
        .empty()
        .units("lannisport", "lannister", "footman", "knight")
        .units("winterfell", "stark", "footman")
        .start(PlanningPhase())
    )
    place(g, {"lannister": ["march+1*"], "stark": ["march+0"]})
    assert answer(g, pending(g, D.RAVEN)) == "look"


def test_the_search_bot_searches_the_raven() -> None:
    assert {D.RAVEN.name, D.RAVEN_REPLACE.name} <= SEARCHED
    g = raven_scenario()
    d = pending(g, D.RAVEN)
    bot = SearchBot(1, iterations=6, depth=4)
    choice = bot.choose_with(g.view(d.seat), d, Sampler(g, d.seat))
    assert choice in d.choices and bot.searched == 1 and bot.playouts >= 6


def _march(g: PlayedGame) -> Decision:
    """The march_move decision, after the forced choice of the only March order."""
    d = g.pending()[0]
    if d.kind == D.MARCH_ORDER.name and len(d.choices) == 1:
        g.apply(d.seat, d.choices[0])
        d = g.pending()[0]
    assert d.kind == D.MARCH_MOVE.name, d.kind
    return d


def test_r6_4_a_march_order_moves_rather_than_resolve_without_moving() -> None:
    """Three knights with a March order next to free areas worth holding (Karhold's power
    icon) take one: a March order resolved without moving is a wasted order."""
    s = Scenario(players=4).empty().units("castle_black", "stark", "knight", "knight", "knight")
    g = s.order("castle_black", "march+0", "stark").start_action("march")
    choice = answer(g, _march(g))
    assert choice != "done"
    assert D.MARCH_MOVE.parse(choice)["to"] in ("karhold", "widows_watch", "white_harbor")


def test_r6_4_the_last_unit_stays_home_next_to_an_enemy() -> None:
    """Stark's only footman in Winterfell does not leave for White Harbor while Greyjoy's
    knights stand in Moat Cailin, next door: an empty home falls to a march without a fight."""
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    s.units("moat_cailin", "greyjoy", "knight", "knight")
    g = s.order("winterfell", "march+0", "stark").start_action("march")
    assert answer(g, _march(g)) == "done"
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman", "knight")
    s.units("moat_cailin", "greyjoy", "knight", "knight")
    g = s.order("winterfell", "march+0", "stark").start_action("march")
    first = answer(g, _march(g))
    assert first != "done"  # one of two may go
    g.apply(_march(g).seat, first)
    assert answer(g, _march(g)) == "done"  # the other stays


def test_r6_3_2_no_raid_where_it_can_reach_no_enemy() -> None:
    """A Raid order on land reaches only land (R6.3.2): next to nothing but a Greyjoy ship,
    the Stony Shore's footman gets another order (Support is barred this round)."""
    s = Scenario(players=4).empty().power("stark", 5)
    s.units("the_stony_shore", "stark", "footman").units("bay_of_ice", "greyjoy", "ship")
    g = s.restrict("support+0", "support+1*").start(PlanningPhase())
    d = pending(g, D.PLACE_ORDER, "stark")
    assert d.about("area") == "the_stony_shore" and "raid" in d.choices
    assert T.ORDER_KINDS[str(answer(g, d))].type != "raid"


def test_r3_6_2_mustering_points_are_spent_rather_than_lost() -> None:
    """Stark's armies are at their supply limit (R1.5.4) and hold no footman to upgrade, so
    only ships are on offer; with Greyjoy's knights next door the bot still buys one rather
    than lose the point (R3.6.2)."""
    s = Scenario(players=4).empty().supply("stark", 0)
    s.units("winterfell", "stark", "knight", "knight")
    s.units("white_harbor", "stark", "knight", "knight")
    s.units("moat_cailin", "greyjoy", "knight", "knight", "knight", "knight")
    g = s.start(Muster("stark", ("winterfell",)))
    d = pending(g, D.MUSTER, "stark")
    assert all(str(c).startswith("ship") for c in d.choices if c != "done")
    assert len(d.choices) > 1
    assert answer(g, d) != "done"
