"""Bids and musters at the table (config ``planning: "table"``): a secret bid set, changed,
confirmed and taken back until every house has confirmed, revealed only then (R3.7.2, R4.3.2,
R4.3.3, D7, R1.14.1); a muster plan built in any area, reset, and carried out at "done" only
(R3.6, R3.6.6, D6).

Four players: seats Stark 0, Lannister 1, Baratheon 2, Greyjoy 3; turn order Baratheon,
Lannister, Stark, Greyjoy; 5 available power each (``Scenario(players=4).empty()``).
"""

from __future__ import annotations

import json

from tests.boardgame.driver import assert_illegal, choices, decide, events_of, pending, units_in
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame.bidding import ClashOfKings, TableBids
from westeros.boardgame.builder import Scenario
from westeros.boardgame.consolidate import ResolveConsolidate
from westeros.boardgame.mustering import Muster, MusteringRound, TableMuster
from westeros.boardgame.state import BoardGame
from westeros.boardgame.wildlings import WildlingAttack
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.random_bot import RandomBot
from westeros.engine import new_game

BID = D.PLAN_BID
PLAN = D.PLAN_MUSTER
HOUSES = ("baratheon", "lannister", "stark", "greyjoy")  # turn order


def clash(s: Scenario | None = None) -> BoardGame:
    g = (s or Scenario(players=4, planning="table").empty()).start(ClashOfKings())
    g.pending()
    return g


def confirm(g: BoardGame, bids: dict[str, int]) -> None:
    """Each house sets its bid (when not 0, the starting bid) and confirms it."""
    for house, amount in bids.items():
        if amount:
            decide(g, BID, amount, house=house)
        decide(g, BID, "ready", house=house)


def seen_by(g: BoardGame, seat: int | None) -> str:
    """Everything a seat is shown: its view and its log."""
    events = [e.to_json() for e in g.events(seat)]
    return json.dumps([g.view(seat), events], sort_keys=True)


# -- bids (R3.7.2, R4.3.2, D7) ------------------------------------------------------------------


def test_d7_at_the_table_every_house_with_power_bids_at_once_from_zero() -> None:
    g = clash(Scenario(players=4, planning="table").empty().power("greyjoy", 0))
    asked = {g.house_of(d.seat): d for d in g.pending()}
    assert set(asked) == {"baratheon", "lannister", "stark"}  # no power: 0 (R4.3.2)
    stark = asked["stark"]
    assert stark.kind == BID.name and not stark.idle
    assert stark.choices == (1, 2, 3, 4, 5, "ready")  # 0 is its bid already
    assert stark.about("bid") == 0 and stark.about("power") == 5
    assert stark.about("track") == "iron_throne"
    assert "Iron Throne" in stark.prompt and "0 of your 5 power" in stark.prompt


def test_r3_7_2_a_bid_is_changed_confirmed_and_taken_back_until_all_have_confirmed() -> None:
    g = clash()
    decide(g, BID, 3, house="stark")
    decide(g, BID, 2, house="stark")  # changed
    assert pending(g, BID, "stark").about("bid") == 2
    decide(g, BID, "ready", house="stark")
    idle = pending(g, BID, "stark")
    assert idle.idle and idle.choices == ("unready",) and g.pending()[-1] is idle
    assert idle.prompt == "Stark: bid of 2 confirmed — waiting for Baratheon, Lannister, Greyjoy"
    assert g.view(g.seat_of("greyjoy"))["ready"] == ["stark"]
    assert g.seat_of("stark") not in g.view(None)["waiting_for"]
    assert_illegal(g, 4, BID, "stark")  # confirmed: the amount is fixed
    decide(g, BID, "unready", house="stark")
    decide(g, BID, 4, house="stark")
    confirm(g, {"baratheon": 1, "lannister": 0, "greyjoy": 2})
    assert not events_of(g, E.BIDS_REVEALED.name)  # Stark has not confirmed again
    assert g.power["stark"] == 5
    decide(g, BID, "ready", house="stark")
    (revealed,) = events_of(g, E.BIDS_REVEALED.name)  # R3.7.2 all at once, turn order
    assert revealed["bids"] == [
        {"house": "baratheon", "amount": 1},
        {"house": "lannister", "amount": 0},
        {"house": "stark", "amount": 4},
        {"house": "greyjoy", "amount": 2},
    ]
    assert g.power["stark"] == 1  # paid to the Pool
    assert g.tracks["iron_throne"] == ("stark", "greyjoy", "baratheon", "lannister")
    assert [e["house"] for e in events_of(g, E.BID_READY.name)] == [
        "stark",
        "baratheon",
        "lannister",
        "greyjoy",
        "stark",
    ]
    assert [e["house"] for e in events_of(g, E.BID_UNREADY.name)] == ["stark"]
    assert g.view(None)["ready"] == []
    assert all(d.kind == BID.name and d.about("track") == "fiefdoms" for d in g.pending())


def test_r1_14_1_an_unconfirmed_or_confirmed_bid_shows_nothing_to_another_seat() -> None:
    """Perturbation: two games differing only in Stark's bid (unconfirmed, then confirmed)
    look the same to every other seat and to a spectator, events included."""
    games = [clash(), clash()]
    decide(games[0], BID, 1, house="stark")
    decide(games[1], BID, 5, house="stark")
    others = [None, *(games[0].seat_of(h) for h in ("lannister", "baratheon", "greyjoy"))]
    for seat in others:
        assert seen_by(games[0], seat) == seen_by(games[1], seat)
    assert seen_by(games[0], 0) != seen_by(games[1], 0)  # Stark sees its own bid
    for g in games:
        decide(g, BID, "ready", house="stark")
    for seat in others:
        assert seen_by(games[0], seat) == seen_by(games[1], seat)


def test_r1_14_determinize_draws_the_others_bids_again_at_the_table() -> None:
    """A seat's sample does not depend on another house's secret bid (R1.14)."""
    games = [clash(), clash()]
    decide(games[0], BID, 1, house="stark")
    decide(games[1], BID, 5, house="stark")
    lannister = games[0].seat_of("lannister")
    samples = [g.determinize(lannister, 11) for g in games]
    assert samples[0].state_hash() == samples[1].state_hash()
    step = samples[0].stack[-1]
    assert isinstance(step, TableBids)
    drawn = {
        dict(g.determinize(lannister, seed).stack[-1].bids)["stark"]  # type: ignore[attr-defined]
        for g in games
        for seed in range(12)
    }
    assert len(drawn) > 1 and drawn <= set(range(6))
    own = games[0].determinize(games[0].seat_of("stark"), 3).stack[-1]
    assert dict(own.bids)["stark"] == 1  # type: ignore[attr-defined]


def test_r4_3_3_wildling_bids_at_the_table_revealed_once_all_confirmed() -> None:
    s = Scenario(players=4, planning="table").empty().wildling_top("silence_at_the_wall")
    g = s.threat(8).start(WildlingAttack(8))
    d = pending(g, BID, "stark")
    assert d.about("wildlings") == 8 and "strength 8" in d.prompt
    confirm(g, {"baratheon": 1, "lannister": 1, "stark": 5})
    assert not events_of(g, E.WILDLING_OUTCOME.name)
    confirm(g, {"greyjoy": 1})
    (outcome,) = events_of(g, E.WILDLING_OUTCOME.name)
    assert outcome["total"] == 8 and outcome["won"]  # R4.3.3 the Night's Watch wins at 8
    (bidder,) = events_of(g, E.WILDLING_BIDDER.name)
    assert bidder["house"] == "stark" and bidder["highest"]


def test_d7_bids_stay_one_final_answer_in_the_sequential_game() -> None:
    g = clash(Scenario(players=4).empty())
    assert {d.kind for d in g.pending()} == {D.BID.name}
    assert all(not d.idle for d in g.pending())


def test_bid_refusals_at_the_table_say_why() -> None:
    g = clash()
    d = pending(g, BID, "stark")
    assert g.refusal(d, 0) == "Stark already bids 0: confirm it, or bid another amount."
    assert g.refusal(d, 9) == ("Stark can bid a whole number of power tokens from 0 to 5, not 9.")
    decide(g, BID, "ready", house="stark")
    idle = pending(g, BID, "stark")
    assert "has confirmed its bid" in g.refusal(idle, 3)


def test_the_heuristic_bot_bids_as_in_the_sequential_game_then_confirms() -> None:
    """A bot at the table sets the bid it would give at once, then confirms it."""
    bids = {}
    for planning in ("sequential", "table"):
        g = clash(Scenario(players=4, planning=planning).empty().power("stark", 9))
        bots = [HeuristicBot(s) for s in range(4)]
        moves = 0
        while not events_of(g, E.BIDS_REVEALED.name):
            d = g.pending()[0]
            assert not d.idle
            g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
            moves += 1
        (revealed,) = events_of(g, E.BIDS_REVEALED.name)
        bids[planning] = revealed["bids"]
        if planning == "table":
            nonzero = sum(1 for b in revealed["bids"] if b["amount"])
            assert moves == 4 + nonzero  # one amount each (unless 0) and one ready each
    assert bids["table"] == bids["sequential"]


# -- musters (R3.6, D6) -------------------------------------------------------------------------


def stark_castles(planning: str | None = "table") -> Scenario:
    """Winterfell (stronghold, 2 points) and White Harbor (castle, 1 point, by a token)."""
    return Scenario(players=4, planning=planning).empty().token("white_harbor", "stark")


def test_r3_6_a_muster_plan_in_any_area_places_nothing_until_done() -> None:
    g = stark_castles().start(MusteringRound())
    for house in ("baratheon", "lannister"):  # R3.6.1 in turn order
        assert [g.house_of(d.seat) for d in g.pending()] == [house]
        decide(g, PLAN, "done", house=house)
    d = pending(g, PLAN, "stark")
    assert d.about("plan") == "" and "reset" not in d.choices and "done" in d.choices
    assert {"winterfell:knight", "white_harbor:footman", "winterfell:ship>bay_of_ice"} <= set(
        d.choices
    )
    assert "white_harbor:knight" not in d.choices  # 1 point (R3.6.2, R3.6.3)
    assert "3 points left" in d.prompt and d.about("points") == "winterfell:2,white_harbor:1"
    decide(g, PLAN, "white_harbor:footman", house="stark")  # any area first
    decide(g, PLAN, "winterfell:footman", house="stark")
    d = pending(g, PLAN, "stark")
    assert d.about("plan") == "white_harbor:footman,winterfell:footman"
    assert not any(str(c).startswith("white_harbor:") for c in d.choices)  # its point is spent
    assert "winterfell:upgrade_knight" in d.choices  # the planned footman may be upgraded
    assert "winterfell:knight" not in d.choices  # 1 point left there
    assert d.about("points") == "winterfell:1,white_harbor:0"
    assert "white_harbor" not in g.units and "winterfell" not in g.units  # nothing placed
    assert not events_of(g, E.MUSTERED.name)
    decide(g, PLAN, "winterfell:upgrade_knight", house="stark")
    decide(g, PLAN, "done", house="stark")
    assert units_in(g, "white_harbor") == ["footman"]
    assert units_in(g, "winterfell") == ["knight"]
    mustered = [(e["area"], e["unit"]) for e in events_of(g, E.MUSTERED.name)]
    assert mustered == [("white_harbor", "footman"), ("winterfell", "footman")]
    assert [e["unit"] for e in events_of(g, E.MUSTER_UPGRADED.name)] == ["knight"]
    assert not any(d.seat == g.seat_of("stark") for d in g.pending())  # R3.6.1 next house


def position(g: BoardGame) -> str:
    """The whole state (the board, the steps, the random generator) but the count of moves."""
    state = {k: v for k, v in g.snapshot().items() if k != "moves"}
    return json.dumps([state, g.rng.state, [s.snapshot() for s in g.stack]], sort_keys=True)


def test_r3_6_a_muster_reset_leaves_the_state_unchanged() -> None:
    g = stark_castles().start(TableMuster("stark", ("winterfell", "white_harbor")))
    g.pending()
    before, log = position(g), len(g.log)
    decide(g, PLAN, "winterfell:knight", house="stark")
    decide(g, PLAN, "white_harbor:ship>the_narrow_sea", house="stark")
    assert "reset" in choices(g, PLAN, "stark")
    decide(g, PLAN, "reset", house="stark")
    assert position(g) == before and len(g.log) == log
    d = pending(g, PLAN, "stark")
    assert d.about("plan") == "" and "reset" not in d.choices
    assert_illegal(g, "reset", PLAN, "stark")


def test_r3_6_2_unspent_points_of_a_plan_are_lost_at_done() -> None:
    g = stark_castles().start(TableMuster("stark", ("winterfell", "white_harbor")))
    decide(g, PLAN, "winterfell:footman", house="stark")
    decide(g, PLAN, "done", house="stark")
    lost = {e["area"]: e["lost"] for e in events_of(g, E.MUSTER_ENDED.name)}
    assert lost == {"winterfell": 1, "white_harbor": 1}
    assert g.pending() == []


def test_r1_4_2_the_plan_counts_the_pool_as_it_would_leave_it() -> None:
    s = stark_castles()
    singles = ("karhold", "the_stony_shore", "widows_watch", "castle_black", "moat_cailin")
    for area in (*singles, "greywater_watch", "the_twins", "seagard", "the_fingers"):
        s.units(area, "stark", "footman")  # 9 of Stark's 10 footmen, one per area
    g = s.start(TableMuster("stark", ("winterfell", "white_harbor")))
    assert {"winterfell:footman", "white_harbor:footman"} <= set(choices(g, PLAN, "stark"))
    decide(g, PLAN, "white_harbor:footman", house="stark")
    offered = choices(g, PLAN, "stark")
    assert "winterfell:footman" not in offered  # the last footman is planned already
    assert "winterfell:knight" in offered


def test_r3_6_5_the_plan_keeps_supply_as_it_would_leave_it() -> None:
    s = stark_castles().supply("stark", 0)  # armies of 2 and 2 at most (R1.5)
    s.units("winterfell", "stark", "footman").units("karhold", "stark", "footman", "footman")
    g = s.start(TableMuster("stark", ("winterfell", "white_harbor")))
    decide(g, PLAN, "winterfell:footman", house="stark")
    offered = choices(g, PLAN, "stark")
    assert "winterfell:footman" not in offered  # a third unit there would break supply 0
    assert "winterfell:upgrade_knight" in offered  # upgrades never change army sizes
    decide(g, PLAN, "done", house="stark")
    assert units_in(g, "winterfell") == ["footman", "footman"]


def test_r3_6_6_special_consolidate_power_plans_its_one_area_at_the_table() -> None:
    s = Scenario(players=4, planning="table").empty().units("winterfell", "stark", "footman")
    g = s.order("winterfell", "consolidate*").start(ResolveConsolidate("stark"))
    decide(g, None, "winterfell", house="stark")
    decide(g, D.CONSOLIDATE_SPECIAL, "muster", house="stark")
    d = pending(g, PLAN, "stark")
    assert {str(c).split(":")[0] for c in d.choices if c not in ("done", "reset")} == {"winterfell"}


def test_r3_6_musters_stay_one_purchase_at_a_time_in_the_sequential_game() -> None:
    g = stark_castles(None).start(MusteringRound())
    assert {d.kind for d in g.pending()} == {D.MUSTER.name}
    assert isinstance(g.stack[-1], Muster)


def test_muster_refusals_at_the_table_say_why() -> None:
    g = stark_castles().start(TableMuster("stark", ("winterfell", "white_harbor")))
    d = pending(g, PLAN, "stark")
    assert "does not fit White Harbor" in g.refusal(d, "white_harbor:knight")
    assert "nothing to reset" in g.refusal(d, "reset")


def test_the_heuristic_bot_musters_at_the_table_what_it_musters_one_by_one() -> None:
    """The heuristic plans the purchases it would make area by area, then done."""
    units = {}
    for planning in ("sequential", "table"):
        g = stark_castles(planning).start(MusteringRound())
        bots = [HeuristicBot(s) for s in range(4)]
        while g.pending():
            d = g.pending()[0]
            g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
        units[planning] = {a: units_in(g, a) for a in sorted(g.units)}
    assert units["table"] == units["sequential"]
    assert units["table"]["winterfell"]  # something was mustered


def test_bots_finish_whole_games_at_the_table() -> None:
    """Random and heuristic seats at the table (never an idle decision taken) play to the end,
    bidding and mustering as at the table (R3.6, R3.7, R4.3)."""
    g: BoardGame = new_game("boardgame", {"players": 4, "planning": "table"}, 5)
    bots = [HeuristicBot(0), RandomBot(1), HeuristicBot(2), RandomBot(3)]
    while g.pending():
        d = g.pending()[0]
        assert not d.idle
        g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
    assert g.outcome() is not None
    kinds = {e.kind for e in g.log}
    assert {E.BID_READY.name, E.BIDS_REVEALED.name, E.MUSTERED.name} <= kinds
