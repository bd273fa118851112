"""Mother of Dragons gifts of power tokens (X-MOD-11.1, X-MOD-D9, X-MOD-1.4; FAQ XE1, XF40):
an idle ``gift`` decision for every player at every stop, the receiver's ``accept_gift``, no
gift in a combat outside the call for support, none for vassals, records replayed."""

from __future__ import annotations

import pytest

from tests.boardgame.driver import decide, events_of, pending, run
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.bidding import ClashOfKings
from westeros.boardgame.builder import Scenario
from westeros.boardgame.planning import PlanningPhase
from westeros.boardgame.state import BoardGame
from westeros.engine import Decision, Record, new_game, replay


def mod(players: int = 7, houses: list[str] | None = None) -> Scenario:
    """A Mother of Dragons position (gifts on by default, X-MOD-1.4), board emptied."""
    return Scenario(players=players, scenario="mod", houses=houses).empty()


def planning(s: Scenario) -> BoardGame:
    """Stark and Lannister each with a footman at home, in the Planning phase."""
    s.units("winterfell", "stark", "footman").units("lannisport", "lannister", "footman")
    return s.start(PlanningPhase())


def gifts(g: BoardGame) -> dict[str, Decision]:
    """The open gift decisions by giver."""
    return {g.house_of(d.seat): d for d in g.pending() if d.kind == D.GIFT.name}


# -- X-MOD-11.1 a standing idle decision for every player ---------------------------------------


def test_x_mod_11_1_every_player_may_give_at_every_stop() -> None:
    s = mod()
    s.power("greyjoy", 0)
    g = planning(s)
    awaited = [g.house_of(d.seat) for d in g.pending() if not d.idle]
    assert awaited == ["stark", "lannister"]  # place_order (R5.1)
    offers = gifts(g)
    assert set(offers) == set(g.seat_houses) - {"greyjoy"}  # no power, nothing to give
    assert all(d.idle for d in offers.values())
    stark = offers["stark"]
    assert stark.about("power") == 5
    assert "stark:1" not in stark.choices and "greyjoy:5" in stark.choices
    assert [c for c in stark.choices if str(c).startswith("lannister:")] == [
        f"lannister:{n}" for n in range(1, 6)
    ]
    assert g.pending()[0].kind == D.PLACE_ORDER.name  # the awaited decisions come first


def test_x_mod_11_1_a_gift_accepted_moves_power_through_the_pools() -> None:
    g = planning(mod())
    before = dict(g.power)
    decide(g, D.GIFT, "lannister:2", "stark")  # stark is itself awaited for its order
    assert [(g.house_of(d.seat), d.kind) for d in g.pending()] == [("lannister", "accept_gift")]
    offer = pending(g, D.ACCEPT_GIFT, "lannister")
    assert (offer.about("house"), offer.about("amount"), offer.choices) == (
        "stark",
        2,
        ("accept", "refuse"),
    )
    decide(g, D.ACCEPT_GIFT, "accept", "lannister")
    assert g.power["stark"] == before["stark"] - 2
    assert g.power["lannister"] == before["lannister"] + 2
    assert g.power_in_pool("stark") + g.power["stark"] == 20  # to its own Pool (R1.6.1)
    assert [e.kind for e in g.log[-2:]] == [E.GIFT_OFFERED.name, E.GIFT_ACCEPTED.name]
    assert pending(g, D.PLACE_ORDER, "stark").about("area") == "winterfell"  # planning goes on


def test_xf40_a_gift_may_be_refused() -> None:
    g = planning(mod())
    before = dict(g.power)
    decide(g, D.GIFT, "lannister:3", "stark")
    decide(g, D.ACCEPT_GIFT, "refuse", "lannister")
    assert g.power == before
    assert events_of(g, E.GIFT_REFUSED.name)[-1].fields == {
        "house": "stark",
        "receiver": "lannister",
        "amount": 3,
    }


def test_x_mod_11_1_a_seat_answers_its_awaited_decision_and_its_gift_apart() -> None:
    g = planning(mod())
    decide(g, D.PLACE_ORDER, "march+0", "stark")
    assert g.orders["winterfell"].token == "march+0"
    assert "stark" in gifts(g)  # still may give while lannister plans


def test_x_mod_11_1_no_gift_while_another_waits_for_its_answer() -> None:
    g = planning(mod())
    decide(g, D.GIFT, "lannister:1", "stark")
    assert not gifts(g)


def test_x_mod_11_1_vassals_neither_give_nor_receive() -> None:
    g = planning(mod(players=4, houses=["stark", "lannister", "greyjoy", "arryn"]))
    offers = gifts(g)
    assert set(offers) == {"stark", "lannister", "greyjoy", "arryn"}
    receivers = {str(c).split(":")[0] for d in offers.values() for c in d.choices}
    assert receivers == {"stark", "lannister", "greyjoy", "arryn"}
    assert not receivers & set(g.vassals)


def test_x_mod_11_1_the_receivers_pool_limits_the_gift() -> None:
    """R1.6.1: the receiver takes the tokens from its own Pool, so no more than it holds."""
    s = mod()
    s.power("lannister", 19)
    g = planning(s)
    assert [c for c in gifts(g)["stark"].choices if str(c).startswith("lannister:")] == [
        "lannister:1"
    ]
    assert "stark:5" in gifts(g)["lannister"].choices  # Stark's Pool holds 15


def test_x_mod_11_1_tokens_of_a_secret_bid_are_not_given() -> None:
    """R3.7.2: a bid made is held in the hand until the reveal; the rest may be given."""
    g = mod().start(ClashOfKings())
    decide(g, D.BID, 3, "stark")
    assert max(int(str(c).split(":")[1]) for c in gifts(g)["stark"].choices) == 2
    assert max(int(str(c).split(":")[1]) for c in gifts(g)["lannister"].choices) == 5


def test_x_mod_11_1_tokens_of_a_bid_at_the_table_are_not_given() -> None:
    """R3.7.2, X-MOD-11.1: at the table (``plan_bid``) the bid being set, confirmed or not,
    is held in the hand too: it cannot be given away and then paid with nothing."""
    s = Scenario(players=7, scenario="mod", planning="table").empty()
    g = s.start(ClashOfKings())
    decide(g, D.PLAN_BID, 3, "stark")
    assert max(int(str(c).split(":")[1]) for c in gifts(g)["stark"].choices) == 2
    decide(g, D.PLAN_BID, "ready", "stark")
    assert max(int(str(c).split(":")[1]) for c in gifts(g)["stark"].choices) == 2
    assert max(int(str(c).split(":")[1]) for c in gifts(g)["lannister"].choices) == 5


# -- XE1 in a combat, only during the call for support -----------------------------------------


def test_xe1_in_a_combat_gifts_only_during_the_call_for_support() -> None:
    s = mod().units("the_stony_shore", "greyjoy", "footman")
    s.units("bay_of_ice", "greyjoy", "ship").order("bay_of_ice", "support+0")
    g = s.attack("stark", "winterfell", "the_stony_shore", "footman")
    assert g.fight is not None and pending(g).kind == D.SUPPORT.name
    assert set(gifts(g)) == set(g.seat_houses)
    decide(g, D.GIFT, "greyjoy:1", "stark")  # e.g. to buy the support
    decide(g, D.ACCEPT_GIFT, "accept", "greyjoy")
    decide(g, D.SUPPORT, "none", "greyjoy")
    run(g, until=D.HOUSE_CARD)
    assert pending(g).kind == D.HOUSE_CARD.name
    assert not gifts(g)


# -- X-MOD-1.4 the setting; other scenarios -----------------------------------------------------


def test_x_mod_1_4_gifting_can_be_turned_off_and_other_scenarios_have_none() -> None:
    s = mod()
    s.g.config["gifting"] = False  # the config key modboard validates (default true)
    assert not gifts(planning(s))
    base = Scenario(players=6).empty()
    assert not gifts(planning(base))
    assert all(not d.idle for d in planning(Scenario(players=6).empty()).pending())


# -- bots and records --------------------------------------------------------------------------


def test_x_mod_d9_the_heuristic_bot_accepts_and_no_bot_gives() -> None:
    from westeros.bots import RandomBot
    from westeros.bots.heuristic import HeuristicBot

    g = planning(mod())
    decide(g, D.GIFT, "lannister:1", "stark")
    d = pending(g, D.ACCEPT_GIFT, "lannister")
    assert HeuristicBot(1).choose(g.view(d.seat), d) == "accept"
    assert RandomBot(1).choose(g.view(d.seat), d) in d.choices
    assert not g.pending()[0].idle  # what play_out and the server's bots take


def test_x_mod_d9_gifts_replay_from_the_record() -> None:
    config = {"players": 7, "scenario": "mod"}
    g = new_game("boardgame", config, 5)
    record = Record("boardgame", config, 5, hashes=[])
    for n in range(40):
        pending_now = g.pending()
        offers = [d for d in pending_now if d.kind == D.GIFT.name]
        d = offers[n % len(offers)] if n % 4 == 0 and offers else pending_now[0]
        choice = d.choices[-1] if d.kind == D.GIFT.name else d.choices[n % len(d.choices)]
        g.apply(d.seat, choice)
        record.moves.append((d.seat, choice))
        assert record.hashes is not None
        record.hashes.append(g.state_hash())
    assert events_of(g, E.GIFT_OFFERED.name)
    replay(Record.loads(record.dumps()))  # raises on any diverging hash


# -- whole random games (slow) -----------------------------------------------------------------


@pytest.mark.parametrize("planning", ["sequential", "table"])
def test_whole_random_mod_games_with_gifts(planning: str) -> None:
    """X-MOD-11.1, XF40: whole random 7-player games with the checks of test_fuzz.py
    (invariants, views, secrecy, bad input at every decision, replay hash by hash); now and
    then an idle decision is taken, a gift among them, and the random bot accepts or refuses."""
    from tests.boardgame.test_fuzz import play_checked

    seed = 4800 + (planning == "table")
    extra = {"scenario": "mod", "planning": planning}
    kinds = play_checked(7, seed, deep=planning == "sequential", extra=extra)
    assert {D.ACCEPT_GIFT.name, D.CONSOLIDATE.name} <= kinds
