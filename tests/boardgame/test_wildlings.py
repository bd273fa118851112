"""Wildling attacks (R4, D7, D8, D9; errata E7; FAQ F7, F34–F37; R12 Q3, Q7, Q11, Q12, Q19).

Four players throughout: seats Stark 0, Lannister 1, Baratheon 2, Greyjoy 3; turn order
(Iron Throne) Baratheon, Lannister, Stark, Greyjoy; Fiefdoms Greyjoy, Stark, Baratheon,
Lannister; King's Court Lannister, Stark, Baratheon, Greyjoy; 5 available power each.
"""

from __future__ import annotations

import pytest

from tests.boardgame.driver import log_lines
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame, Unit
from westeros.boardgame.wildlings import WildlingAttack
from westeros.engine import Choice, Decision, IllegalAction

# Wildlings win (3 < 8), Stark is the single lowest bidder.
STARK_LOWEST = {"baratheon": 1, "lannister": 1, "stark": 0, "greyjoy": 1}
# Night's Watch wins (8 >= 8), Stark is the single highest bidder.
STARK_HIGHEST = {"baratheon": 1, "lannister": 1, "stark": 5, "greyjoy": 1}
# Wildlings win, Greyjoy (last in turn order) is the single lowest bidder.
GREYJOY_LOWEST = {"baratheon": 1, "lannister": 1, "stark": 1, "greyjoy": 0}


def scen(*cards: str) -> Scenario:
    return Scenario(players=4).empty().wildling_top(*cards)


def bid(g: BoardGame, amounts: dict[str, int]) -> None:
    """R4.3.2: every participant has a secret bid open at once; apply them all."""
    open_ = {d.seat for d in g.pending()}
    assert all(d.kind == "bid" for d in g.pending())
    assert open_ == {g.seat_of(h) for h, a in amounts.items() if g.power[h] > 0}
    for house, amount in amounts.items():
        if g.power[house] > 0:
            g.apply(g.seat_of(house), amount)


def only(g: BoardGame) -> Decision:
    (d,) = g.pending()
    return d


def play(g: BoardGame, *choices: Choice) -> None:
    for choice in choices:
        d = only(g)
        g.apply(d.seat, choice)


def assert_illegal(g: BoardGame, choice: Choice, seat: int | None = None) -> None:
    seat = only(g).seat if seat is None else seat
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply(seat, choice)
    assert g.state_hash() == before


def who(g: BoardGame) -> str:
    return g.house_of(only(g).seat)


def kinds(g: BoardGame, area: str) -> list[str]:
    return sorted(u.kind for u in g.units.get(area, ()))


def board(g: BoardGame, house: str) -> list[str]:
    return sorted(f"{a}:{u.kind}" for a, u in g.units_of(house))


def done(g: BoardGame) -> None:
    assert g.pending() == []


# ------------------------------------------------------------------------------------------
# procedure (R4.3)
# ------------------------------------------------------------------------------------------


def test_r4_3_2_all_houses_bid_secretly_at_once() -> None:
    g = scen("silence_at_the_wall").power("greyjoy", 0).start(WildlingAttack(8))
    ds = g.pending()
    assert [d.seat for d in ds] == [0, 1, 2]  # Greyjoy has no power: bids 0 automatically
    assert all(d.kind == "bid" and d.choices == tuple(range(6)) for d in ds)
    assert all("5 power" in d.prompt and "strength 8" in d.prompt for d in ds)
    assert_illegal(g, 6, seat=0)
    assert_illegal(g, -1, seat=0)
    assert_illegal(g, "5", seat=0)
    g.apply(0, 3)
    assert {d.seat for d in g.pending()} == {1, 2}  # the others still bid
    assert_illegal(g, 1, seat=0)  # Stark has bid already


def test_r4_3_3_night_watch_wins_at_equal_strength_and_bids_go_to_the_pool() -> None:
    g = scen("silence_at_the_wall").threat(8).start(WildlingAttack(8))
    bid(g, {"baratheon": 2, "lannister": 2, "stark": 2, "greyjoy": 2})
    assert any(
        "Night's Watch 8 against wildlings 8: the Night's Watch wins" in x for x in log_lines(g)
    )
    play(g, "stark")  # four-way tie for the highest bid
    assert g.power == {h: 3 for h in g.houses}
    assert all(g.power_in_pool(h) == 17 for h in g.houses)
    assert g.wildling_threat == 0  # R4.3.5
    done(g)


def test_r4_3_3_wildlings_win_below_strength() -> None:
    g = scen("silence_at_the_wall").threat(8).start(WildlingAttack(8))
    bid(g, {"baratheon": 2, "lannister": 2, "stark": 2, "greyjoy": 1})
    assert any("the wildlings win" in x for x in log_lines(g))
    assert g.wildling_threat == 4  # R4.3.5 back two spaces
    done(g)


def test_r4_3_5_wildling_win_threat_floor_zero() -> None:
    g = scen("silence_at_the_wall").threat(2).start(WildlingAttack(2))
    bid(g, {"baratheon": 0, "lannister": 1, "stark": 0, "greyjoy": 0})
    play(g, "stark")  # lowest-bidder tie
    assert g.wildling_threat == 0


def test_r4_3_6_card_revealed_then_put_at_the_bottom() -> None:
    g = scen("silence_at_the_wall", "mammoth_riders").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    assert g.wildling_deck[0] == "mammoth_riders"
    assert g.wildling_deck[-1] == "silence_at_the_wall"
    assert len(g.wildling_deck) == len(T.WILDLING_CARDS)
    assert any("Wildling card: Silence at the Wall" in x for x in log_lines(g))
    # Q11: the threat moved before the card was revealed
    logs = [x for x in log_lines(g) if "threat goes" in x or "Wildling card" in x]
    assert "threat goes" in logs[0]


def test_r4_3_4_highest_bidder_tie_broken_by_iron_throne_holder() -> None:
    """D8: Baratheon holds the Iron Throne and picks among the tied highest bidders."""
    g = scen("skinchanger_scout").start(WildlingAttack(8))
    bid(g, {"baratheon": 0, "lannister": 4, "stark": 4, "greyjoy": 0})
    d = only(g)
    assert d.kind == "tie_break" and d.seat == g.seat_of("baratheon")
    assert d.choices == ("lannister", "stark")  # in turn order
    assert "highest" in d.prompt
    assert_illegal(g, "baratheon")
    assert_illegal(g, "greyjoy")
    play(g, "lannister")
    assert g.power["lannister"] == 5  # Skinchanger Scout: gets its bid back
    assert g.power["stark"] == 1
    done(g)


def test_r4_3_4_lowest_bidder_tie_broken_by_iron_throne_holder() -> None:
    g = scen("skinchanger_scout").start(WildlingAttack(8))
    bid(g, {"baratheon": 1, "lannister": 1, "stark": 0, "greyjoy": 0})
    d = only(g)
    assert d.kind == "tie_break" and d.choices == ("stark", "greyjoy") and "lowest" in d.prompt
    play(g, "greyjoy")
    assert g.power["greyjoy"] == 0  # lowest: all available power
    assert g.power["stark"] == 3  # everyone else: 2
    assert g.power["baratheon"] == 2 and g.power["lannister"] == 2
    done(g)


def test_f34_attack_at_zero_is_still_resolved() -> None:
    """F34: at threat 0 the Night's Watch cannot lose, bids still happen; with no power at
    all nobody bids and the Iron Throne holder picks the highest bidder among all."""
    s = scen("skinchanger_scout").threat(0)
    for h in ("stark", "lannister", "baratheon", "greyjoy"):
        s.power(h, 0)
    g = s.start(WildlingAttack(0))
    d = only(g)
    assert d.kind == "tie_break" and d.choices == ("baratheon", "lannister", "stark", "greyjoy")
    play(g, "stark")
    assert any("the Night's Watch wins" in x for x in log_lines(g))
    assert g.wildling_deck[-1] == "skinchanger_scout"
    done(g)


def test_f34_attack_at_zero_with_bids() -> None:
    g = scen("silence_at_the_wall").threat(0).start(WildlingAttack(0))
    bid(g, {"baratheon": 0, "lannister": 0, "stark": 1, "greyjoy": 0})
    assert g.wildling_threat == 0 and g.power["stark"] == 4
    done(g)


def test_silence_at_the_wall_both_outcomes_do_nothing() -> None:
    for amounts in (STARK_LOWEST, STARK_HIGHEST):
        s = scen("silence_at_the_wall").units("winterfell", "stark", "footman")
        g = s.start(WildlingAttack(8))
        bid(g, amounts)
        done(g)
        assert board(g, "stark") == ["winterfell:footman"]
        assert g.tracks == Scenario(players=4).g.tracks


def test_raven_peek_cleared_once_the_card_is_revealed() -> None:
    s = scen("silence_at_the_wall")
    s.g.raven_peek, s.g.raven_peek_house = "silence_at_the_wall", "lannister"
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    assert g.raven_peek is None and g.raven_peek_house is None


def test_f42_available_power_announced_before_the_bids() -> None:
    """R4.3.2 / F42: participants announce their available power (turn order) before bidding."""
    g = scen("silence_at_the_wall").power("greyjoy", 0).start(WildlingAttack(8))
    g.pending()
    assert log_lines(g)[-1] == "Available power: Baratheon 5, Lannister 5, Stark 5, Greyjoy 0"


def test_r1_14_raven_peek_kept_while_the_card_looked_at_stays_hidden() -> None:
    """R1.14.1: the Raven holder put the card it looked at to the bottom; another card is
    revealed, so the holder still (secretly) knows the one it saw."""
    s = scen("silence_at_the_wall")
    bottom = s.g.wildling_deck[-1]
    s.g.raven_peek, s.g.raven_peek_house = bottom, "lannister"
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    assert g.wildling_deck[-2:] == (bottom, "silence_at_the_wall")
    assert g.raven_peek == bottom and g.raven_peek_house == "lannister"
    assert g.view(g.seat_of("lannister"))["raven_peek"] == bottom
    assert not any(T.WILDLING_CARD_BY_ID[bottom].name in line for line in log_lines(g))


# ------------------------------------------------------------------------------------------
# penalty order (R4.3.7, E7) and consequences (R4.3.8)
# ------------------------------------------------------------------------------------------


def test_e7_lowest_bidder_first_then_everyone_else_in_turn_order() -> None:
    s = scen("mammoth_riders")
    for h, area in (
        ("stark", "karhold"),
        ("lannister", "stoney_sept"),
        ("baratheon", "kingswood"),
        ("greyjoy", "greywater_watch"),
    ):
        s.units(area, h, "footman", "footman", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    order: list[str] = []
    while g.pending():
        d = only(g)
        assert d.kind == "destroy_unit"
        if not order or order[-1] != g.house_of(d.seat):
            order.append(g.house_of(d.seat))
        g.apply(d.seat, d.choices[0])
    # Stark (lowest) destroys 3 = all: no decision; then Baratheon, Lannister, Greyjoy
    assert order == ["baratheon", "lannister", "greyjoy"]
    assert board(g, "stark") == []
    assert all(len(g.units_of(h)) == 1 for h in ("lannister", "baratheon", "greyjoy"))


def test_r4_3_8_win_checked_after_each_penalty() -> None:
    """Lannister's only unit leaves Winterfell: it reverts to Stark (R1.3.2), who reaches 7
    castles; the game ends before anybody else is penalised (R9.2)."""
    s = scen("mammoth_riders").units("winterfell", "lannister", "footman")
    for area in ("white_harbor", "moat_cailin", "flints_finger", "the_eyrie", "riverrun"):
        s.token(area, "stark")
    s.token("harrenhal", "stark").power("stark", 5)
    s.units("pyke", "greyjoy", "footman", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, {"baratheon": 1, "lannister": 0, "stark": 1, "greyjoy": 1})
    assert g.phase == "over" and g.winner == "stark"
    assert kinds(g, "pyke") == ["footman"] * 3  # Greyjoy never penalised
    done(g)


def test_r4_3_8_ports_checked_after_a_penalty_uncontrolled_land() -> None:
    """R8.5 / F39: White Harbor emptied → uncontrolled → Lannister's ship in its port is lost."""
    s = (
        scen("the_horde_descends")
        .units("white_harbor", "lannister", "footman")
        .units("port_of_white_harbor", "lannister", "ship")
    )
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert who(g) == "lannister" and d.kind == "destroy_unit"
    assert d.choices == ("white_harbor:footman", "port_of_white_harbor:ship")
    play(g, "white_harbor:footman")
    assert "port_of_white_harbor" not in g.units
    done(g)


def test_r4_3_8_ports_checked_after_a_penalty_home_area_reverts() -> None:
    """R8.5 / D10: Winterfell reverts to Stark, who may take over Lannister's port ship."""
    s = (
        scen("the_horde_descends")
        .units("winterfell", "lannister", "footman")
        .units("karhold", "lannister", "footman")
        .units("port_of_winterfell", "lannister", "ship")
    )
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)  # Stark (no units) first, then Baratheon, Lannister, Greyjoy
    d = only(g)
    assert who(g) == "lannister" and d.kind == "destroy_unit"
    play(g, "winterfell:footman")
    d = only(g)
    assert d.kind == "port_takeover" and who(g) == "stark"
    play(g, 1)
    assert g.units["port_of_winterfell"] == (Unit("stark", "ship"),)
    done(g)


# ------------------------------------------------------------------------------------------
# Preemptive Raid (R4.5.1; F36; Q7)
# ------------------------------------------------------------------------------------------


def test_preemptive_raid_lowest_destroys_two_units_chosen() -> None:
    s = scen("preemptive_raid").units("winterfell", "stark", "footman", "knight")
    s.units("karhold", "stark", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert d.kind == "wildling_option" and d.choices == ("destroy", "drop")
    assert_illegal(g, "A")
    play(g, "destroy")
    d = only(g)
    assert d.kind == "destroy_unit"
    assert d.choices == ("karhold:footman", "winterfell:footman", "winterfell:knight")
    assert_illegal(g, "winterfell:ship")
    assert_illegal(g, "pyke:footman")
    play(g, "winterfell:knight")
    assert only(g).choices == ("karhold:footman", "winterfell:footman")
    play(g, "karhold:footman")
    assert board(g, "stark") == ["winterfell:footman"]
    done(g)


def test_preemptive_raid_drop_tied_tracks_iron_throne_holder_picks_q7() -> None:
    """Stark is 2nd on Fiefdoms and King's Court (its best, tied): Baratheon picks (Q7)."""
    g = scen("preemptive_raid").start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    play(g, "drop")
    d = only(g)
    assert d.kind == "choose_track" and who(g) == "baratheon"
    assert d.choices == ("fiefdoms", "kings_court")
    assert_illegal(g, "iron_throne")
    play(g, "kings_court")
    assert g.tracks["kings_court"] == ("lannister", "baratheon", "greyjoy", "stark")
    assert g.tracks["fiefdoms"] == ("greyjoy", "stark", "baratheon", "lannister")
    done(g)


def test_preemptive_raid_drop_single_best_track_and_dominance_token() -> None:
    """Lannister stands highest on King's Court (1st): it drops to 3rd; the Raven follows."""
    g = scen("preemptive_raid").start(WildlingAttack(8))
    bid(g, {"baratheon": 1, "lannister": 0, "stark": 1, "greyjoy": 1})
    play(g, "drop")
    assert g.tracks["kings_court"] == ("stark", "baratheon", "lannister", "greyjoy")
    assert g.holder("kings_court") == "stark"
    assert any("Stark now holds the King's Court dominance token" in x for x in log_lines(g))
    done(g)


def test_preemptive_raid_drop_near_the_end_goes_last() -> None:
    s = scen("preemptive_raid")
    s.track("iron_throne", "baratheon", "lannister", "greyjoy", "stark")
    s.track("fiefdoms", "greyjoy", "baratheon", "stark", "lannister")
    s.track("kings_court", "lannister", "baratheon", "greyjoy", "stark")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    play(g, "drop")
    assert g.tracks["fiefdoms"] == ("greyjoy", "baratheon", "lannister", "stark")
    done(g)


def test_f36_preemptive_raid_options_chosen_even_if_impossible() -> None:
    """F36: 'drop' while last on every track, or 'destroy' without units: nothing happens."""
    for option in ("drop", "destroy"):
        s = scen("preemptive_raid")
        for track in ("iron_throne", "fiefdoms", "kings_court"):
            s.track(track, "baratheon", "lannister", "greyjoy", "stark")
        g = s.start(WildlingAttack(8))
        bid(g, STARK_LOWEST)
        play(g, option)
        done(g)
        assert g.tracks["iron_throne"][-1] == "stark"


def test_preemptive_raid_everyone_else_nothing() -> None:
    s = scen("preemptive_raid").units("karhold", "lannister", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    play(g, "drop")
    play(g, "fiefdoms")
    done(g)
    assert board(g, "lannister") == ["karhold:footman"]


def test_preemptive_raid_night_watch_second_attack_of_six_without_highest_bidder() -> None:
    """R4.5.1: threat to 0, then a new attack of strength 6; Stark (highest) sits it out:
    no bid, no penalty. The second card is the next one; Preemptive Raid ends at the bottom."""
    s = scen("preemptive_raid", "mammoth_riders").threat(8)
    s.units("winterfell", "stark", "footman", "footman")
    s.units("lannisport", "lannister", "footman", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    assert g.wildling_threat == 0
    ds = g.pending()
    assert {d.seat for d in ds} == {g.seat_of(h) for h in ("baratheon", "lannister", "greyjoy")}
    assert all("strength 6" in d.prompt for d in ds)
    assert any("Stark does not take part" in x for x in log_lines(g))
    bid(g, {"baratheon": 1, "lannister": 0, "greyjoy": 1})  # 2 < 6: wildlings win
    assert g.wildling_threat == 0
    done(g)  # Lannister destroys all 3; Baratheon and Greyjoy have no units
    assert board(g, "lannister") == []
    assert kinds(g, "winterfell") == ["footman", "footman"]  # Stark untouched
    assert g.wildling_deck[-2:] == ("mammoth_riders", "preemptive_raid")
    assert len(g.wildling_deck) == len(T.WILDLING_CARDS)


def test_preemptive_raid_second_attack_night_watch_win() -> None:
    g = scen("preemptive_raid", "skinchanger_scout").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    bid(g, {"baratheon": 4, "lannister": 1, "greyjoy": 1})
    assert g.wildling_threat == 0
    assert g.power["baratheon"] == 4  # got its 4 back (Skinchanger Scout)
    done(g)


# ------------------------------------------------------------------------------------------
# Crow Killers (R4.5.2)
# ------------------------------------------------------------------------------------------


def test_crow_killers_lowest_replaces_every_knight() -> None:
    s = scen("crow_killers").units("winterfell", "stark", "knight", "knight", "footman")
    s.units("karhold", "stark", "knight", routed=True)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    done(g)
    assert kinds(g, "winterfell") == ["footman"] * 3
    assert g.units["karhold"] == (Unit("stark", "footman", True),)  # stays routed
    assert g.pool_left("stark", "knight") == 5


def test_crow_killers_lowest_footmen_short_house_chooses_knights_destroyed() -> None:
    s = scen("crow_killers").units("castle_black", "stark", *["footman"] * 9)
    s.units("winterfell", "stark", "knight", "knight").units("karhold", "stark", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert d.kind == "destroy_unit" and d.choices == ("karhold:knight", "winterfell:knight")
    assert "2 to go" in d.prompt
    assert_illegal(g, "castle_black:footman")
    play(g, "winterfell:knight")
    play(g, "karhold:knight")
    assert kinds(g, "winterfell") == ["footman"]
    assert "karhold" not in g.units
    assert g.count_units("stark", "knight") == 0 and g.pool_left("stark", "footman") == 0
    done(g)


def test_crow_killers_everyone_else_chooses_two_knights() -> None:
    s = scen("crow_killers").units("lannisport", "lannister", "knight")
    s.units("stoney_sept", "lannister", "knight").units("riverrun", "lannister", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert d.kind == "replace_knight" and who(g) == "lannister"
    assert d.choices == ("riverrun:knight", "lannisport:knight", "stoney_sept:knight")
    assert_illegal(g, "lannisport:footman")
    play(g, "lannisport:knight")
    assert only(g).choices == ("riverrun:knight", "stoney_sept:knight")
    play(g, "riverrun:knight")
    done(g)
    assert kinds(g, "lannisport") == ["footman"] and kinds(g, "riverrun") == ["footman"]
    assert kinds(g, "stoney_sept") == ["knight"]


def test_crow_killers_everyone_else_all_if_fewer_no_decision() -> None:
    s = scen("crow_killers").units("lannisport", "lannister", "knight")
    s.units("stoney_sept", "lannister", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    done(g)
    assert g.count_units("lannister", "knight") == 0
    assert g.count_units("lannister", "footman") == 2


def test_crow_killers_everyone_else_short_of_footmen_chooses_which_is_replaced() -> None:
    s = scen("crow_killers").units("searoad_marches", "lannister", *["footman"] * 9)
    s.units("lannisport", "lannister", "knight").units("stoney_sept", "lannister", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert d.kind == "replace_knight" and "replace with a footman" in d.prompt
    play(g, "stoney_sept:knight")
    done(g)  # no footman left: the other knight is destroyed
    assert kinds(g, "stoney_sept") == ["footman"]
    assert "lannisport" not in g.units


def test_crow_killers_no_knights_unaffected_q19() -> None:
    g = scen("crow_killers").units("winterfell", "stark", "footman").start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    done(g)
    assert board(g, "stark") == ["winterfell:footman"]


def test_crow_killers_night_watch_upgrades_up_to_two_footmen() -> None:
    s = scen("crow_killers").units("winterfell", "stark", "footman", "footman")
    s.units("karhold", "stark", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    d = only(g)
    assert d.kind == "upgrade_footman"
    assert d.choices == ("karhold:footman", "winterfell:footman", "done")
    assert_illegal(g, "winterfell:knight")
    play(g, "winterfell:footman", "winterfell:footman")
    done(g)
    assert kinds(g, "winterfell") == ["knight", "knight"]
    assert kinds(g, "karhold") == ["footman"]


def test_crow_killers_night_watch_optional_and_limited_by_knights() -> None:
    s = scen("crow_killers").units("winterfell", "stark", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    play(g, "done")
    done(g)
    assert kinds(g, "winterfell") == ["footman", "footman"]

    s = scen("crow_killers").units("winterfell", "stark", "footman", "footman")
    s.units("karhold", "stark", "knight", "knight", "knight", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    play(g, "winterfell:footman")
    done(g)  # the knight pool is empty
    assert kinds(g, "winterfell") == ["footman", "knight"]


# ------------------------------------------------------------------------------------------
# Rattleshirt's Raiders (R4.5.3, Q12)
# ------------------------------------------------------------------------------------------


def test_rattleshirts_raiders_supply_changes_with_bounds() -> None:
    s = scen("rattleshirts_raiders").supply("stark", 1).supply("lannister", 0)
    s.supply("baratheon", 6)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    done(g)
    assert g.supply == {"stark": 0, "lannister": 0, "baratheon": 5, "greyjoy": 1}


def test_rattleshirts_raiders_night_watch_plus_one_max_six() -> None:
    g = scen("rattleshirts_raiders").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    assert g.supply["stark"] == 2
    g = scen("rattleshirts_raiders").supply("stark", 6).start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    assert g.supply["stark"] == 6
    done(g)


def test_q12_rattleshirts_reconcile_lowest_bidder_first() -> None:
    """Greyjoy (lowest, last in turn order) reconciles before Baratheon (first in turn order)."""
    s = scen("rattleshirts_raiders")
    s.units("pyke", "greyjoy", "footman", "footman", "footman")  # supply 2 -> 0: (2,2)
    s.units("kingswood", "baratheon", "footman", "footman", "footman")  # supply 2 -> 1: (3,2)
    s.units("dragonstone", "baratheon", "footman", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, GREYJOY_LOWEST)
    d = only(g)
    assert d.kind == "reconcile" and who(g) == "greyjoy"
    play(g, "pyke:footman")
    d = only(g)
    assert d.kind == "reconcile" and who(g) == "baratheon"
    play(g, "kingswood:footman")
    done(g)
    assert g.supply["greyjoy"] == 0 and g.supply["baratheon"] == 1
    assert g.complies("greyjoy") and g.complies("baratheon")


# ------------------------------------------------------------------------------------------
# Massing on the Milkwater (R4.5.4, F7, F37, Q3)
# ------------------------------------------------------------------------------------------


def test_massing_lowest_discards_the_highest_card_others_choose_one() -> None:
    g = scen("massing_on_the_milkwater").start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    assert g.discards["stark"] == ("eddard_stark",)
    for house in ("baratheon", "lannister", "greyjoy"):  # turn order
        d = only(g)
        assert d.kind == "discard_card" and who(g) == house
        assert d.choices == g.hands[house] and len(d.choices) == 7
        if house == "baratheon":
            assert_illegal(g, "eddard_stark")
        play(g, d.choices[-1])
    done(g)
    assert g.discards["baratheon"] == ("patchface",)
    assert len(g.hands["greyjoy"]) == 6


def test_massing_lowest_discards_every_tied_highest_card() -> None:
    s = scen("massing_on_the_milkwater").hand(
        "stark", "roose_bolton", "greatjon_umber", "catelyn_stark"
    )
    for house in ("lannister", "baratheon", "greyjoy"):
        s.hand(house, T.HOUSE_CARDS[house][0].id)  # one card: unaffected (Q19)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    done(g)
    assert g.hands["stark"] == ("catelyn_stark",)
    assert set(g.discards["stark"]) >= {"roose_bolton", "greatjon_umber"}
    assert all(len(g.hands[h]) == 1 for h in ("lannister", "baratheon", "greyjoy"))


def test_q3_f37_massing_whole_hand_tied_one_at_a_time_last_stays_discarded() -> None:
    s = scen("massing_on_the_milkwater").hand("stark", "roose_bolton", "greatjon_umber")
    for house in ("lannister", "baratheon", "greyjoy"):
        s.hand(house, T.HOUSE_CARDS[house][0].id)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert d.kind == "discard_card" and who(g) == "stark"
    assert d.choices == ("roose_bolton", "greatjon_umber")
    assert_illegal(g, "eddard_stark")
    play(g, "greatjon_umber")
    done(g)  # Roose Bolton is discarded last and stays; the six others return (F7)
    assert g.discards["stark"] == ("roose_bolton",)
    assert sorted(g.hands["stark"]) == sorted(
        c.id for c in T.HOUSE_CARDS["stark"] if c.id != "roose_bolton"
    )


def test_q19_massing_one_card_is_unaffected() -> None:
    s = scen("massing_on_the_milkwater")
    for house in ("stark", "lannister", "baratheon", "greyjoy"):
        s.hand(house, T.HOUSE_CARDS[house][1].id)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    done(g)
    assert all(len(g.hands[h]) == 1 for h in g.houses)


def test_massing_night_watch_whole_discard_pile_back() -> None:
    s = scen("massing_on_the_milkwater").hand("stark", "catelyn_stark")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    done(g)
    assert len(g.hands["stark"]) == 7 and g.discards["stark"] == ()


# ------------------------------------------------------------------------------------------
# A King Beyond the Wall (R4.5.5)
# ------------------------------------------------------------------------------------------


def test_king_beyond_the_wall_lowest_last_everywhere_others_choose_in_new_turn_order() -> None:
    """Baratheon (Iron Throne holder) is lowest: last on all three tracks; 'everyone else'
    then follows the turn order in force: Lannister, Stark, Greyjoy."""
    g = scen("a_king_beyond_the_wall").start(WildlingAttack(8))
    bid(g, {"baratheon": 0, "lannister": 1, "stark": 1, "greyjoy": 1})
    assert g.tracks["iron_throne"] == ("lannister", "stark", "greyjoy", "baratheon")
    assert g.tracks["fiefdoms"][-1] == "baratheon" and g.tracks["kings_court"][-1] == "baratheon"
    assert g.holder("iron_throne") == "lannister"
    for house, track in (
        ("lannister", "kings_court"),
        ("stark", "fiefdoms"),
        ("greyjoy", "fiefdoms"),
    ):
        d = only(g)
        assert d.kind == "choose_track" and who(g) == house
        assert d.choices == ("fiefdoms", "kings_court")
        if house == "lannister":
            assert_illegal(g, "iron_throne")
        play(g, track)
    done(g)
    assert g.tracks["kings_court"] == ("stark", "greyjoy", "baratheon", "lannister")
    assert g.tracks["fiefdoms"] == ("lannister", "baratheon", "stark", "greyjoy")
    assert g.tracks["iron_throne"] == ("lannister", "stark", "greyjoy", "baratheon")


def test_king_beyond_the_wall_night_watch_to_position_one() -> None:
    g = scen("a_king_beyond_the_wall").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    d = only(g)
    assert d.kind == "choose_track" and d.choices == ("iron_throne", "fiefdoms", "kings_court")
    assert_illegal(g, "done")
    play(g, "iron_throne")
    assert g.tracks["iron_throne"] == ("stark", "baratheon", "lannister", "greyjoy")
    assert g.holder("iron_throne") == "stark"
    done(g)


# ------------------------------------------------------------------------------------------
# Mammoth Riders
# ------------------------------------------------------------------------------------------


def test_mammoth_riders_lowest_three_anywhere_one_at_a_time() -> None:
    s = scen("mammoth_riders").units("winterfell", "stark", "footman", "knight")
    s.units("karhold", "stark", "footman").units("port_of_winterfell", "stark", "ship")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert d.kind == "destroy_unit" and "3 to go" in d.prompt
    assert d.choices == (
        "karhold:footman",
        "winterfell:footman",
        "winterfell:knight",
        "port_of_winterfell:ship",
    )
    play(g, "port_of_winterfell:ship", "karhold:footman", "winterfell:footman")
    assert board(g, "stark") == ["winterfell:knight"]
    done(g)


def test_mammoth_riders_everyone_else_two_and_all_if_fewer() -> None:
    s = scen("mammoth_riders").units("lannisport", "lannister", "footman", "knight", "knight")
    s.units("kingswood", "baratheon", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)  # Baratheon lost its only unit without a decision
    assert who(g) == "lannister" and "2 to go" in d.prompt
    play(g, "lannisport:knight")
    assert only(g).choices == ("lannisport:footman", "lannisport:knight")
    play(g, "lannisport:footman")
    done(g)
    assert board(g, "lannister") == ["lannisport:knight"]
    assert board(g, "baratheon") == []


def test_mammoth_riders_night_watch_retrieve_card_or_pass() -> None:
    s = scen("mammoth_riders").hand("stark", "eddard_stark", "robb_stark")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    d = only(g)
    assert d.kind == "retrieve_card" and d.choices[-1] == "pass"
    assert set(d.choices[:-1]) == set(g.discards["stark"])
    assert_illegal(g, "eddard_stark")  # in hand, not discarded
    play(g, "catelyn_stark")
    assert "catelyn_stark" in g.hands["stark"] and "catelyn_stark" not in g.discards["stark"]
    done(g)

    g = scen("mammoth_riders").hand("stark", "eddard_stark").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    play(g, "pass")
    assert g.hands["stark"] == ("eddard_stark",)
    done(g)


def test_mammoth_riders_night_watch_empty_discard_pile_no_decision() -> None:
    g = scen("mammoth_riders").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    done(g)


# ------------------------------------------------------------------------------------------
# The Horde Descends (F35)
# ------------------------------------------------------------------------------------------


def test_f35_horde_lowest_both_units_from_one_castle_area() -> None:
    s = scen("the_horde_descends").units("winterfell", "stark", "footman", "knight", "siege_engine")
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman")  # castle, but only 1 unit
    s.units("karhold", "stark", "footman", "footman")  # no castle
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert d.kind == "destroy_unit"
    assert d.choices == (
        "winterfell:footman",
        "winterfell:knight",
        "winterfell:siege_engine",
        "white_harbor:footman",
    )
    assert_illegal(g, "karhold:footman")
    play(g, "winterfell:knight")
    d = only(g)
    assert d.choices == ("winterfell:footman", "winterfell:siege_engine")  # same area
    assert_illegal(g, "white_harbor:footman")
    play(g, "winterfell:siege_engine")
    done(g)
    assert kinds(g, "winterfell") == ["footman"]
    assert kinds(g, "white_harbor") == ["footman", "footman"]


def test_f35_horde_lowest_single_eligible_area_is_automatic() -> None:
    s = scen("the_horde_descends").units("white_harbor", "stark", "footman", "footman")
    s.units("karhold", "stark", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    done(g)
    assert "white_harbor" not in g.units and kinds(g, "karhold") == ["footman"]


def test_horde_lowest_impossible_then_two_anywhere() -> None:
    s = scen("the_horde_descends").units("winterfell", "stark", "footman")
    s.units("karhold", "stark", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert d.choices == ("karhold:footman", "winterfell:footman")
    play(g, "winterfell:footman")
    done(g)
    assert board(g, "stark") == ["karhold:footman"]


def test_horde_everyone_else_one_unit_anywhere() -> None:
    s = scen("the_horde_descends").units("lannisport", "lannister", "footman", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    d = only(g)
    assert who(g) == "lannister" and "1 to go" in d.prompt
    play(g, "lannisport:footman")
    done(g)
    assert kinds(g, "lannisport") == ["knight"]


def test_horde_night_watch_musters_in_one_chosen_area() -> None:
    s = scen("the_horde_descends").token("white_harbor", "stark").power("stark", 5)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    d = only(g)
    assert d.kind == "horde_area" and d.choices == ("winterfell", "white_harbor", "pass")
    assert_illegal(g, "karhold")
    assert_illegal(g, "lannisport")
    play(g, "winterfell")
    d = only(g)
    assert d.kind == "muster" and "Winterfell" in d.prompt
    play(g, "footman", "ship>bay_of_ice")
    done(g)  # only one area
    assert kinds(g, "winterfell") == ["footman"] and kinds(g, "bay_of_ice") == ["ship"]


def test_horde_night_watch_pass() -> None:
    g = scen("the_horde_descends").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    play(g, "pass")
    done(g)
    assert g.units == {}


# ------------------------------------------------------------------------------------------
# Skinchanger Scout
# ------------------------------------------------------------------------------------------


def test_skinchanger_lowest_all_power_others_two_or_all() -> None:
    s = scen("skinchanger_scout").power("greyjoy", 2)
    g = s.start(WildlingAttack(8))
    bid(g, {"baratheon": 1, "lannister": 0, "stark": 1, "greyjoy": 1})
    done(g)
    assert g.power == {"stark": 2, "lannister": 0, "baratheon": 2, "greyjoy": 0}


def test_skinchanger_night_watch_gets_its_bid_back() -> None:
    g = scen("skinchanger_scout").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST)
    assert g.power["stark"] == 5 and g.power["lannister"] == 4
    done(g)


# ------------------------------------------------------------------------------------------
# engine contract
# ------------------------------------------------------------------------------------------


def test_clone_mid_attack_is_independent_and_hash_stable() -> None:
    s = scen("mammoth_riders").units("winterfell", "stark", "footman", "knight", "footman")
    g = s.units("karhold", "stark", "footman", "footman").start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    other = g.clone()
    assert other.state_hash() == g.state_hash()
    play(g, "karhold:footman")
    assert other.state_hash() != g.state_hash()
    play(other, "winterfell:knight")
    assert kinds(g, "winterfell") == ["footman", "footman", "knight"]
    assert kinds(other, "karhold") == ["footman", "footman"]


def test_r4_3_8_units_picked_then_destroyed_together_before_port_check() -> None:
    """R4.3.8: consequences follow the whole penalty. Stark may pick its White Harbor footman
    and then the ship in its port (the selection is destroyed at once, like removing two
    units by hand); nothing changes on the board until the selection is complete."""
    s = scen("mammoth_riders").units("white_harbor", "stark", "footman")
    s.units("port_of_white_harbor", "stark", "ship").units("karhold", "stark", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)  # Mammoth Riders, lowest bidder: 3 units, Stark has exactly 3
    done(g)
    assert board(g, "stark") == []

    s = scen("mammoth_riders").units("white_harbor", "lannister", "footman")
    s.units("port_of_white_harbor", "lannister", "ship").units("karhold", "lannister", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST)
    play(g, "white_harbor:footman")
    assert kinds(g, "white_harbor") == ["footman"]  # not destroyed yet
    assert only(g).choices == ("karhold:footman", "port_of_white_harbor:ship")
    play(g, "port_of_white_harbor:ship")
    done(g)
    assert board(g, "lannister") == ["karhold:footman"]
