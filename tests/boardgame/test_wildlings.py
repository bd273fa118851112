"""Wildling attacks (R4, D7, D8, D9; errata E7; FAQ F7, F34–F37; R12 Q3, Q7, Q11, Q12, Q19).

Four players throughout: seats Stark 0, Lannister 1, Baratheon 2, Greyjoy 3; turn order
(Iron Throne) Baratheon, Lannister, Stark, Greyjoy; Fiefdoms Greyjoy, Stark, Baratheon,
Lannister; King's Court Lannister, Stark, Baratheon, Greyjoy; 5 available power each.
"""

from __future__ import annotations

from tests.boardgame.driver import (
    assert_illegal,
    bid,
    board,
    events_of,
    log_lines,
    only,
    play,
    units_in,
    who,
)
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import Unit
from westeros.boardgame.wildlings import WILDLING_TEXTS, WildlingAttack

# Wildlings win (3 < 8), Stark is the single lowest bidder.
STARK_LOWEST = {"baratheon": 1, "lannister": 1, "stark": 0, "greyjoy": 1}
# Night's Watch wins (8 >= 8), Stark is the single highest bidder.
STARK_HIGHEST = {"baratheon": 1, "lannister": 1, "stark": 5, "greyjoy": 1}
# Wildlings win, Greyjoy (last in turn order) is the single lowest bidder.
GREYJOY_LOWEST = {"baratheon": 1, "lannister": 1, "stark": 1, "greyjoy": 0}


def scen(*cards: str) -> Scenario:
    return Scenario(players=4).empty().wildling_top(*cards)


# ------------------------------------------------------------------------------------------
# procedure (R4.3)
# ------------------------------------------------------------------------------------------


def test_r4_3_2_all_houses_bid_secretly_at_once() -> None:
    g = scen("silence_at_the_wall").power("greyjoy", 0).start(WildlingAttack(8))
    ds = g.pending()
    assert [d.seat for d in ds] == [0, 1, 2]  # Greyjoy has no power: bids 0 automatically
    assert all(d.kind == D.BID.name and d.choices == tuple(range(6)) for d in ds)
    assert all("5 power" in d.prompt and "strength 8" in d.prompt for d in ds)
    assert_illegal(g, 6, seat=0)
    assert_illegal(g, -1, seat=0)
    assert_illegal(g, "5", seat=0)
    g.apply(0, 3)
    assert {d.seat for d in g.pending()} == {1, 2}  # the others still bid
    assert_illegal(g, 1, seat=0)  # Stark has bid already


def test_r4_3_3_night_watch_wins_at_equal_strength_and_bids_go_to_the_pool() -> None:
    g = scen("silence_at_the_wall").threat(8).start(WildlingAttack(8))
    bid(g, {"baratheon": 2, "lannister": 2, "stark": 2, "greyjoy": 2}, exact=True)
    assert any(
        "Night's Watch 8 against wildlings 8: the Night's Watch wins" in x for x in log_lines(g)
    )
    play(g, "stark")  # four-way tie for the highest bid
    assert g.power == {h: 3 for h in g.houses}
    assert all(g.power_in_pool(h) == 17 for h in g.houses)
    assert g.wildling_threat == 0  # R4.3.5
    assert not g.pending()


def test_r4_3_3_wildlings_win_below_strength() -> None:
    g = scen("silence_at_the_wall").threat(8).start(WildlingAttack(8))
    bid(g, {"baratheon": 2, "lannister": 2, "stark": 2, "greyjoy": 1}, exact=True)
    assert any("the wildlings win" in x for x in log_lines(g))
    assert g.wildling_threat == 4  # R4.3.5 back two spaces
    assert not g.pending()


def test_r4_3_5_wildling_win_threat_floor_zero() -> None:
    g = scen("silence_at_the_wall").threat(2).start(WildlingAttack(2))
    bid(g, {"baratheon": 0, "lannister": 1, "stark": 0, "greyjoy": 0}, exact=True)
    play(g, "stark")  # lowest-bidder tie
    assert g.wildling_threat == 0


def test_r4_3_6_card_revealed_then_put_at_the_bottom() -> None:
    g = scen("silence_at_the_wall", "mammoth_riders").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
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
    bid(g, {"baratheon": 0, "lannister": 4, "stark": 4, "greyjoy": 0}, exact=True)
    d = only(g)
    assert d.kind == D.TIE_BREAK.name and d.seat == g.seat_of("baratheon")
    assert d.choices == ("lannister", "stark")  # in turn order
    assert "highest" in d.prompt
    assert_illegal(g, "baratheon")
    assert_illegal(g, "greyjoy")
    play(g, "lannister")
    assert g.power["lannister"] == 5  # Skinchanger Scout: gets its bid back
    assert g.power["stark"] == 1
    assert not g.pending()


def test_r4_3_4_lowest_bidder_tie_broken_by_iron_throne_holder() -> None:
    g = scen("skinchanger_scout").start(WildlingAttack(8))
    bid(g, {"baratheon": 1, "lannister": 1, "stark": 0, "greyjoy": 0}, exact=True)
    d = only(g)
    assert d.kind == D.TIE_BREAK.name and d.choices == ("stark", "greyjoy") and "lowest" in d.prompt
    play(g, "greyjoy")
    assert g.power["greyjoy"] == 0  # lowest: all available power
    assert g.power["stark"] == 3  # everyone else: 2
    assert g.power["baratheon"] == 2 and g.power["lannister"] == 2
    assert not g.pending()


def test_f34_attack_at_zero_is_still_resolved() -> None:
    """F34: at threat 0 the Night's Watch cannot lose, bids still happen; with no power at
    all nobody bids and the Iron Throne holder picks the highest bidder among all."""
    s = scen("skinchanger_scout").threat(0)
    for h in ("stark", "lannister", "baratheon", "greyjoy"):
        s.power(h, 0)
    g = s.start(WildlingAttack(0))
    d = only(g)
    assert d.kind == D.TIE_BREAK.name and d.choices == (
        "baratheon",
        "lannister",
        "stark",
        "greyjoy",
    )
    play(g, "stark")
    assert any("the Night's Watch wins" in x for x in log_lines(g))
    assert g.wildling_deck[-1] == "skinchanger_scout"
    assert not g.pending()


def test_f34_attack_at_zero_with_bids() -> None:
    g = scen("silence_at_the_wall").threat(0).start(WildlingAttack(0))
    bid(g, {"baratheon": 0, "lannister": 0, "stark": 1, "greyjoy": 0}, exact=True)
    assert g.wildling_threat == 0 and g.power["stark"] == 4
    assert not g.pending()


def test_silence_at_the_wall_both_outcomes_do_nothing() -> None:
    for amounts in (STARK_LOWEST, STARK_HIGHEST):
        s = scen("silence_at_the_wall").units("winterfell", "stark", "footman")
        g = s.start(WildlingAttack(8))
        bid(g, amounts, exact=True)
        assert not g.pending()
        assert board(g, "stark") == ["winterfell:footman"]
        assert g.tracks == Scenario(players=4).g.tracks


def test_raven_peek_cleared_once_the_card_is_revealed() -> None:
    s = scen("silence_at_the_wall")
    s.raven_peek("silence_at_the_wall", "lannister")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
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
    s.raven_peek(bottom, "lannister")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
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
    bid(g, STARK_LOWEST, exact=True)
    order: list[str] = []
    while g.pending():
        d = only(g)
        assert d.kind == D.DESTROY_UNIT.name
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
    bid(g, {"baratheon": 1, "lannister": 0, "stark": 1, "greyjoy": 1}, exact=True)
    assert g.phase == "over" and g.winner == "stark"
    assert units_in(g, "pyke") == ["footman"] * 3  # Greyjoy never penalised
    assert not g.pending()


def test_r4_3_8_ports_checked_after_a_penalty_uncontrolled_land() -> None:
    """R8.5 / F39: White Harbor emptied → uncontrolled → Lannister's ship in its port is lost."""
    s = (
        scen("the_horde_descends")
        .units("white_harbor", "lannister", "footman")
        .units("port_of_white_harbor", "lannister", "ship")
    )
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert who(g) == "lannister" and d.kind == D.DESTROY_UNIT.name
    assert d.choices == ("white_harbor:footman", "port_of_white_harbor:ship")
    play(g, "white_harbor:footman")
    assert "port_of_white_harbor" not in g.units
    assert not g.pending()


def test_r4_3_8_ports_checked_after_a_penalty_home_area_reverts() -> None:
    """R8.5 / D10: Winterfell reverts to Stark, who may take over Lannister's port ship."""
    s = (
        scen("the_horde_descends")
        .units("winterfell", "lannister", "footman")
        .units("karhold", "lannister", "footman")
        .units("port_of_winterfell", "lannister", "ship")
    )
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)  # Stark (no units) first, then Baratheon, Lannister, Greyjoy
    d = only(g)
    assert who(g) == "lannister" and d.kind == D.DESTROY_UNIT.name
    play(g, "winterfell:footman")
    d = only(g)
    assert d.kind == D.PORT_TAKEOVER.name and who(g) == "stark"
    play(g, 1)
    assert g.units["port_of_winterfell"] == (Unit("stark", "ship"),)
    assert not g.pending()


# ------------------------------------------------------------------------------------------
# Preemptive Raid (R4.5.1; F36; Q7)
# ------------------------------------------------------------------------------------------


def test_preemptive_raid_lowest_destroys_two_units_chosen() -> None:
    s = scen("preemptive_raid").units("winterfell", "stark", "footman", "knight")
    s.units("karhold", "stark", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert d.kind == D.WILDLING_OPTION.name and d.choices == ("destroy", "drop")
    assert_illegal(g, "A")
    play(g, "destroy")
    d = only(g)
    assert d.kind == D.DESTROY_UNIT.name
    assert d.choices == ("karhold:footman", "winterfell:footman", "winterfell:knight")
    assert_illegal(g, "winterfell:ship")
    assert_illegal(g, "pyke:footman")
    play(g, "winterfell:knight")
    assert only(g).choices == ("karhold:footman", "winterfell:footman")
    play(g, "karhold:footman")
    assert board(g, "stark") == ["winterfell:footman"]
    assert not g.pending()


def test_preemptive_raid_drop_tied_tracks_iron_throne_holder_picks_q7() -> None:
    """Stark is 2nd on Fiefdoms and King's Court (its best, tied): Baratheon picks (Q7)."""
    g = scen("preemptive_raid").start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    play(g, "drop")
    d = only(g)
    assert d.kind == D.CHOOSE_TRACK.name and who(g) == "baratheon"
    assert d.choices == ("fiefdoms", "kings_court")
    assert_illegal(g, "iron_throne")
    play(g, "kings_court")
    assert g.tracks["kings_court"] == ("lannister", "baratheon", "greyjoy", "stark")
    assert g.tracks["fiefdoms"] == ("greyjoy", "stark", "baratheon", "lannister")
    assert not g.pending()


def test_preemptive_raid_drop_single_best_track_and_dominance_token() -> None:
    """Lannister stands highest on King's Court (1st): it drops to 3rd; the Raven follows."""
    g = scen("preemptive_raid").start(WildlingAttack(8))
    bid(g, {"baratheon": 1, "lannister": 0, "stark": 1, "greyjoy": 1}, exact=True)
    play(g, "drop")
    assert g.tracks["kings_court"] == ("stark", "baratheon", "lannister", "greyjoy")
    assert g.holder("kings_court") == "stark"
    assert any("Stark now holds the King's Court dominance token" in x for x in log_lines(g))
    assert not g.pending()


def test_preemptive_raid_drop_near_the_end_goes_last() -> None:
    s = scen("preemptive_raid")
    s.track("iron_throne", "baratheon", "lannister", "greyjoy", "stark")
    s.track("fiefdoms", "greyjoy", "baratheon", "stark", "lannister")
    s.track("kings_court", "lannister", "baratheon", "greyjoy", "stark")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    play(g, "drop")
    assert g.tracks["fiefdoms"] == ("greyjoy", "baratheon", "lannister", "stark")
    assert not g.pending()


def test_f36_preemptive_raid_options_chosen_even_if_impossible() -> None:
    """F36: 'drop' while last on every track, or 'destroy' without units: nothing happens."""
    for option in ("drop", "destroy"):
        s = scen("preemptive_raid")
        for track in ("iron_throne", "fiefdoms", "kings_court"):
            s.track(track, "baratheon", "lannister", "greyjoy", "stark")
        g = s.start(WildlingAttack(8))
        bid(g, STARK_LOWEST, exact=True)
        play(g, option)
        assert not g.pending()
        assert g.tracks["iron_throne"][-1] == "stark"


def test_preemptive_raid_everyone_else_nothing() -> None:
    s = scen("preemptive_raid").units("karhold", "lannister", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    play(g, "drop")
    play(g, "fiefdoms")
    assert not g.pending()
    assert board(g, "lannister") == ["karhold:footman"]


def test_preemptive_raid_night_watch_second_attack_of_six_without_highest_bidder() -> None:
    """R4.5.1: threat to 0, then a new attack of strength 6; Stark (highest) sits it out:
    no bid, no penalty. The second card is the next one; Preemptive Raid ends at the bottom."""
    s = scen("preemptive_raid", "mammoth_riders").threat(8)
    s.units("winterfell", "stark", "footman", "footman")
    s.units("lannisport", "lannister", "footman", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    assert g.wildling_threat == 0
    ds = g.pending()
    assert {d.seat for d in ds} == {g.seat_of(h) for h in ("baratheon", "lannister", "greyjoy")}
    assert all("strength 6" in d.prompt for d in ds)
    assert any("Stark does not take part" in x for x in log_lines(g))
    bid(g, {"baratheon": 1, "lannister": 0, "greyjoy": 1}, exact=True)  # 2 < 6: wildlings win
    assert g.wildling_threat == 0
    assert not g.pending()  # Lannister destroys all 3; Baratheon and Greyjoy have no units
    assert board(g, "lannister") == []
    assert units_in(g, "winterfell") == ["footman", "footman"]  # Stark untouched
    assert g.wildling_deck[-2:] == ("mammoth_riders", "preemptive_raid")
    assert len(g.wildling_deck) == len(T.WILDLING_CARDS)


def test_preemptive_raid_second_attack_night_watch_win() -> None:
    g = scen("preemptive_raid", "skinchanger_scout").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    bid(g, {"baratheon": 4, "lannister": 1, "greyjoy": 1}, exact=True)
    assert g.wildling_threat == 0
    assert g.power["baratheon"] == 4  # got its 4 back (Skinchanger Scout)
    assert not g.pending()


# ------------------------------------------------------------------------------------------
# Crow Killers (R4.5.2)
# ------------------------------------------------------------------------------------------


def test_crow_killers_lowest_replaces_every_knight() -> None:
    s = scen("crow_killers").units("winterfell", "stark", "knight", "knight", "footman")
    s.units("karhold", "stark", "knight", routed=True)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    assert not g.pending()
    assert units_in(g, "winterfell") == ["footman"] * 3
    assert g.units["karhold"] == (Unit("stark", "footman", True),)  # stays routed
    assert g.pool_left("stark", "knight") == 5


def test_crow_killers_lowest_footmen_short_house_chooses_knights_destroyed() -> None:
    s = scen("crow_killers").units("castle_black", "stark", *["footman"] * 9)
    s.units("winterfell", "stark", "knight", "knight").units("karhold", "stark", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert d.kind == D.DESTROY_UNIT.name and d.choices == ("karhold:knight", "winterfell:knight")
    assert "2 to go" in d.prompt
    assert_illegal(g, "castle_black:footman")
    play(g, "winterfell:knight")
    play(g, "karhold:knight")
    assert units_in(g, "winterfell") == ["footman"]
    assert "karhold" not in g.units
    assert g.count_units("stark", "knight") == 0 and g.pool_left("stark", "footman") == 0
    assert not g.pending()


def test_crow_killers_everyone_else_chooses_two_knights() -> None:
    s = scen("crow_killers").units("lannisport", "lannister", "knight")
    s.units("stoney_sept", "lannister", "knight").units("riverrun", "lannister", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert d.kind == D.REPLACE_KNIGHT.name and who(g) == "lannister"
    assert d.choices == ("riverrun:knight", "lannisport:knight", "stoney_sept:knight")
    assert_illegal(g, "lannisport:footman")
    play(g, "lannisport:knight")
    assert only(g).choices == ("riverrun:knight", "stoney_sept:knight")
    play(g, "riverrun:knight")
    assert not g.pending()
    assert units_in(g, "lannisport") == ["footman"] and units_in(g, "riverrun") == ["footman"]
    assert units_in(g, "stoney_sept") == ["knight"]


def test_crow_killers_everyone_else_all_if_fewer_no_decision() -> None:
    s = scen("crow_killers").units("lannisport", "lannister", "knight")
    s.units("stoney_sept", "lannister", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    assert not g.pending()
    assert g.count_units("lannister", "knight") == 0
    assert g.count_units("lannister", "footman") == 2


def test_crow_killers_everyone_else_short_of_footmen_chooses_which_is_replaced() -> None:
    s = scen("crow_killers").units("searoad_marches", "lannister", *["footman"] * 9)
    s.units("lannisport", "lannister", "knight").units("stoney_sept", "lannister", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert d.kind == D.REPLACE_KNIGHT.name and "replace with a footman" in d.prompt
    play(g, "stoney_sept:knight")
    assert not g.pending()  # no footman left: the other knight is destroyed
    assert units_in(g, "stoney_sept") == ["footman"]
    assert "lannisport" not in g.units


def test_crow_killers_no_knights_unaffected_q19() -> None:
    g = scen("crow_killers").units("winterfell", "stark", "footman").start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    assert not g.pending()
    assert board(g, "stark") == ["winterfell:footman"]


def test_crow_killers_night_watch_upgrades_up_to_two_footmen() -> None:
    s = scen("crow_killers").units("winterfell", "stark", "footman", "footman")
    s.units("karhold", "stark", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    d = only(g)
    assert d.kind == D.UPGRADE_FOOTMAN.name
    assert d.choices == ("karhold:footman", "winterfell:footman", "done")
    assert_illegal(g, "winterfell:knight")
    play(g, "winterfell:footman", "winterfell:footman")
    assert not g.pending()
    assert units_in(g, "winterfell") == ["knight", "knight"]
    assert units_in(g, "karhold") == ["footman"]


def test_crow_killers_night_watch_optional_and_limited_by_knights() -> None:
    s = scen("crow_killers").units("winterfell", "stark", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    play(g, "done")
    assert not g.pending()
    assert units_in(g, "winterfell") == ["footman", "footman"]

    s = scen("crow_killers").units("winterfell", "stark", "footman", "footman")
    s.units("karhold", "stark", "knight", "knight", "knight", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    play(g, "winterfell:footman")
    assert not g.pending()  # the knight pool is empty
    assert units_in(g, "winterfell") == ["footman", "knight"]


# ------------------------------------------------------------------------------------------
# Rattleshirt's Raiders (R4.5.3, Q12)
# ------------------------------------------------------------------------------------------


def test_rattleshirts_raiders_supply_changes_with_bounds() -> None:
    s = scen("rattleshirts_raiders").supply("stark", 1).supply("lannister", 0)
    s.supply("baratheon", 6)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    assert not g.pending()
    assert g.supply == {"stark": 0, "lannister": 0, "baratheon": 5, "greyjoy": 1}


def test_rattleshirts_raiders_night_watch_plus_one_max_six() -> None:
    g = scen("rattleshirts_raiders").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    assert g.supply["stark"] == 2
    g = scen("rattleshirts_raiders").supply("stark", 6).start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    assert g.supply["stark"] == 6
    assert not g.pending()


def test_q12_rattleshirts_reconcile_lowest_bidder_first() -> None:
    """Greyjoy (lowest, last in turn order) reconciles before Baratheon (first in turn order)."""
    s = scen("rattleshirts_raiders")
    s.units("pyke", "greyjoy", "footman", "footman", "footman")  # supply 2 -> 0: (2,2)
    s.units("kingswood", "baratheon", "footman", "footman", "footman")  # supply 2 -> 1: (3,2)
    s.units("dragonstone", "baratheon", "footman", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, GREYJOY_LOWEST, exact=True)
    d = only(g)
    assert d.kind == D.RECONCILE.name and who(g) == "greyjoy"
    play(g, "pyke:footman")
    d = only(g)
    assert d.kind == D.RECONCILE.name and who(g) == "baratheon"
    play(g, "kingswood:footman")
    assert not g.pending()
    assert g.supply["greyjoy"] == 0 and g.supply["baratheon"] == 1
    assert g.complies("greyjoy") and g.complies("baratheon")


# ------------------------------------------------------------------------------------------
# Massing on the Milkwater (R4.5.4, F7, F37, Q3)
# ------------------------------------------------------------------------------------------


def test_massing_lowest_discards_the_highest_card_others_choose_one() -> None:
    g = scen("massing_on_the_milkwater").start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    assert g.discards["stark"] == ("eddard_stark",)
    for house in ("baratheon", "lannister", "greyjoy"):  # turn order
        d = only(g)
        assert d.kind == D.DISCARD_CARD.name and who(g) == house
        assert d.choices == g.hands[house] and len(d.choices) == 7
        if house == "baratheon":
            assert_illegal(g, "eddard_stark")
        play(g, d.choices[-1])
    assert not g.pending()
    assert g.discards["baratheon"] == ("patchface",)
    assert len(g.hands["greyjoy"]) == 6


def test_massing_lowest_discards_every_tied_highest_card() -> None:
    s = scen("massing_on_the_milkwater").hand(
        "stark", "roose_bolton", "greatjon_umber", "catelyn_stark"
    )
    for house in ("lannister", "baratheon", "greyjoy"):
        s.hand(house, T.HOUSE_CARDS[house][0].id)  # one card: unaffected (Q19)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    assert not g.pending()
    assert g.hands["stark"] == ("catelyn_stark",)
    assert set(g.discards["stark"]) >= {"roose_bolton", "greatjon_umber"}
    assert all(len(g.hands[h]) == 1 for h in ("lannister", "baratheon", "greyjoy"))


def test_q3_f37_massing_whole_hand_tied_one_at_a_time_last_stays_discarded() -> None:
    s = scen("massing_on_the_milkwater").hand("stark", "roose_bolton", "greatjon_umber")
    for house in ("lannister", "baratheon", "greyjoy"):
        s.hand(house, T.HOUSE_CARDS[house][0].id)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert d.kind == D.DISCARD_CARD.name and who(g) == "stark"
    assert d.choices == ("roose_bolton", "greatjon_umber")
    assert_illegal(g, "eddard_stark")
    play(g, "greatjon_umber")
    assert not g.pending()  # Roose Bolton is discarded last and stays; the six others return (F7)
    assert g.discards["stark"] == ("roose_bolton",)
    assert sorted(g.hands["stark"]) == sorted(
        c.id for c in T.HOUSE_CARDS["stark"] if c.id != "roose_bolton"
    )


def test_q19_massing_one_card_is_unaffected() -> None:
    s = scen("massing_on_the_milkwater")
    for house in ("stark", "lannister", "baratheon", "greyjoy"):
        s.hand(house, T.HOUSE_CARDS[house][1].id)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    assert not g.pending()
    assert all(len(g.hands[h]) == 1 for h in g.houses)


def test_massing_night_watch_whole_discard_pile_back() -> None:
    s = scen("massing_on_the_milkwater").hand("stark", "catelyn_stark")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    assert not g.pending()
    assert len(g.hands["stark"]) == 7 and g.discards["stark"] == ()


# ------------------------------------------------------------------------------------------
# A King Beyond the Wall (R4.5.5)
# ------------------------------------------------------------------------------------------


def test_king_beyond_the_wall_lowest_last_everywhere_others_choose_in_new_turn_order() -> None:
    """Baratheon (Iron Throne holder) is lowest: last on all three tracks; 'everyone else'
    then follows the turn order in force: Lannister, Stark, Greyjoy."""
    g = scen("a_king_beyond_the_wall").start(WildlingAttack(8))
    bid(g, {"baratheon": 0, "lannister": 1, "stark": 1, "greyjoy": 1}, exact=True)
    assert g.tracks["iron_throne"] == ("lannister", "stark", "greyjoy", "baratheon")
    assert g.tracks["fiefdoms"][-1] == "baratheon" and g.tracks["kings_court"][-1] == "baratheon"
    assert g.holder("iron_throne") == "lannister"
    for house, track in (
        ("lannister", "kings_court"),
        ("stark", "fiefdoms"),
        ("greyjoy", "fiefdoms"),
    ):
        d = only(g)
        assert d.kind == D.CHOOSE_TRACK.name and who(g) == house
        assert d.choices == ("fiefdoms", "kings_court")
        if house == "lannister":
            assert_illegal(g, "iron_throne")
        play(g, track)
    assert not g.pending()
    assert g.tracks["kings_court"] == ("stark", "greyjoy", "baratheon", "lannister")
    assert g.tracks["fiefdoms"] == ("lannister", "baratheon", "stark", "greyjoy")
    assert g.tracks["iron_throne"] == ("lannister", "stark", "greyjoy", "baratheon")


def test_king_beyond_the_wall_night_watch_to_position_one() -> None:
    g = scen("a_king_beyond_the_wall").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    d = only(g)
    assert d.kind == D.CHOOSE_TRACK.name and d.choices == ("iron_throne", "fiefdoms", "kings_court")
    assert_illegal(g, "done")
    play(g, "iron_throne")
    assert g.tracks["iron_throne"] == ("stark", "baratheon", "lannister", "greyjoy")
    assert g.holder("iron_throne") == "stark"
    assert not g.pending()


# ------------------------------------------------------------------------------------------
# Mammoth Riders
# ------------------------------------------------------------------------------------------


def test_mammoth_riders_lowest_three_anywhere_one_at_a_time() -> None:
    s = scen("mammoth_riders").units("winterfell", "stark", "footman", "knight")
    s.units("karhold", "stark", "footman").units("port_of_winterfell", "stark", "ship")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert d.kind == D.DESTROY_UNIT.name and "3 to go" in d.prompt
    assert d.choices == (
        "karhold:footman",
        "winterfell:footman",
        "winterfell:knight",
        "port_of_winterfell:ship",
    )
    play(g, "port_of_winterfell:ship", "karhold:footman", "winterfell:footman")
    assert board(g, "stark") == ["winterfell:knight"]
    assert not g.pending()


def test_mammoth_riders_everyone_else_two_and_all_if_fewer() -> None:
    s = scen("mammoth_riders").units("lannisport", "lannister", "footman", "knight", "knight")
    s.units("kingswood", "baratheon", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)  # Baratheon lost its only unit without a decision
    assert who(g) == "lannister" and "2 to go" in d.prompt
    play(g, "lannisport:knight")
    assert only(g).choices == ("lannisport:footman", "lannisport:knight")
    play(g, "lannisport:footman")
    assert not g.pending()
    assert board(g, "lannister") == ["lannisport:knight"]
    assert board(g, "baratheon") == []


def test_mammoth_riders_night_watch_retrieve_card_or_pass() -> None:
    s = scen("mammoth_riders").hand("stark", "eddard_stark", "robb_stark")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    d = only(g)
    assert d.kind == D.RETRIEVE_CARD.name and d.choices[-1] == "pass"
    assert set(d.choices[:-1]) == set(g.discards["stark"])
    assert_illegal(g, "eddard_stark")  # in hand, not discarded
    play(g, "catelyn_stark")
    assert "catelyn_stark" in g.hands["stark"] and "catelyn_stark" not in g.discards["stark"]
    assert not g.pending()

    g = scen("mammoth_riders").hand("stark", "eddard_stark").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    play(g, "pass")
    assert g.hands["stark"] == ("eddard_stark",)
    assert not g.pending()


def test_mammoth_riders_night_watch_empty_discard_pile_no_decision() -> None:
    g = scen("mammoth_riders").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    assert not g.pending()


# ------------------------------------------------------------------------------------------
# The Horde Descends (F35)
# ------------------------------------------------------------------------------------------


def test_f35_horde_lowest_both_units_from_one_castle_area() -> None:
    s = scen("the_horde_descends").units("winterfell", "stark", "footman", "knight", "siege_engine")
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman")  # castle, but only 1 unit
    s.units("karhold", "stark", "footman", "footman")  # no castle
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert d.kind == D.DESTROY_UNIT.name
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
    assert not g.pending()
    assert units_in(g, "winterfell") == ["footman"]
    assert units_in(g, "white_harbor") == ["footman", "footman"]


def test_f35_horde_lowest_single_eligible_area_is_automatic() -> None:
    s = scen("the_horde_descends").units("white_harbor", "stark", "footman", "footman")
    s.units("karhold", "stark", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    assert not g.pending()
    assert "white_harbor" not in g.units and units_in(g, "karhold") == ["footman"]


def test_horde_lowest_impossible_then_two_anywhere() -> None:
    s = scen("the_horde_descends").units("winterfell", "stark", "footman")
    s.units("karhold", "stark", "footman", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert d.choices == ("karhold:footman", "winterfell:footman")
    play(g, "winterfell:footman")
    assert not g.pending()
    assert board(g, "stark") == ["karhold:footman"]


def test_horde_everyone_else_one_unit_anywhere() -> None:
    s = scen("the_horde_descends").units("lannisport", "lannister", "footman", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    d = only(g)
    assert who(g) == "lannister" and "1 to go" in d.prompt
    play(g, "lannisport:footman")
    assert not g.pending()
    assert units_in(g, "lannisport") == ["knight"]


def test_horde_night_watch_musters_in_one_chosen_area() -> None:
    s = scen("the_horde_descends").token("white_harbor", "stark").power("stark", 5)
    g = s.start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    d = only(g)
    assert d.kind == D.HORDE_AREA.name and d.choices == ("winterfell", "white_harbor", "pass")
    assert_illegal(g, "karhold")
    assert_illegal(g, "lannisport")
    play(g, "winterfell")
    d = only(g)
    assert d.kind == D.MUSTER.name and "Winterfell" in d.prompt
    play(g, "footman", "ship>bay_of_ice")
    assert not g.pending()  # only one area
    assert units_in(g, "winterfell") == ["footman"] and units_in(g, "bay_of_ice") == ["ship"]


def test_horde_night_watch_pass() -> None:
    g = scen("the_horde_descends").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    play(g, "pass")
    assert not g.pending()
    assert g.units == {}


# ------------------------------------------------------------------------------------------
# Skinchanger Scout
# ------------------------------------------------------------------------------------------


def test_skinchanger_lowest_all_power_others_two_or_all() -> None:
    s = scen("skinchanger_scout").power("greyjoy", 2)
    g = s.start(WildlingAttack(8))
    bid(g, {"baratheon": 1, "lannister": 0, "stark": 1, "greyjoy": 1}, exact=True)
    assert not g.pending()
    assert g.power == {"stark": 2, "lannister": 0, "baratheon": 2, "greyjoy": 0}


def test_skinchanger_night_watch_gets_its_bid_back() -> None:
    g = scen("skinchanger_scout").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    assert g.power["stark"] == 5 and g.power["lannister"] == 4
    assert not g.pending()


# ------------------------------------------------------------------------------------------
# engine contract
# ------------------------------------------------------------------------------------------


def test_clone_mid_attack_is_independent_and_hash_stable() -> None:
    s = scen("mammoth_riders").units("winterfell", "stark", "footman", "knight", "footman")
    g = s.units("karhold", "stark", "footman", "footman").start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    other = g.clone()
    assert other.state_hash() == g.state_hash()
    play(g, "karhold:footman")
    assert other.state_hash() != g.state_hash()
    play(other, "winterfell:knight")
    assert units_in(g, "winterfell") == ["footman", "footman", "knight"]
    assert units_in(other, "karhold") == ["footman", "footman"]


def test_r4_3_8_units_picked_then_destroyed_together_before_port_check() -> None:
    """R4.3.8: consequences follow the whole penalty. Stark may pick its White Harbor footman
    and then the ship in its port (the selection is destroyed at once, like removing two
    units by hand); nothing changes on the board until the selection is complete."""
    s = scen("mammoth_riders").units("white_harbor", "stark", "footman")
    s.units("port_of_white_harbor", "stark", "ship").units("karhold", "stark", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)  # Mammoth Riders, lowest bidder: 3 units, Stark has exactly 3
    assert not g.pending()
    assert board(g, "stark") == []

    s = scen("mammoth_riders").units("white_harbor", "lannister", "footman")
    s.units("port_of_white_harbor", "lannister", "ship").units("karhold", "lannister", "footman")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    play(g, "white_harbor:footman")
    assert units_in(g, "white_harbor") == ["footman"]  # not destroyed yet
    assert only(g).choices == ("karhold:footman", "port_of_white_harbor:ship")
    play(g, "port_of_white_harbor:ship")
    assert not g.pending()
    assert board(g, "lannister") == ["karhold:footman"]


# ------------------------------------------------------------------------------------------
# one entry per card, structured events
# ------------------------------------------------------------------------------------------


def test_every_wildling_card_has_one_text_entry() -> None:
    """R4.5: each card's three rows live in one registered entry."""
    assert set(WILDLING_TEXTS) == set(T.WILDLING_CARD_BY_ID)
    assert all(WILDLING_TEXTS[c].card == c for c in WILDLING_TEXTS)


def test_attack_events_carry_the_facts() -> None:
    """Bids (turn order), Night's Watch total against strength, the bidder, the card and the
    rows applied are event data."""
    s = scen("skinchanger_scout").power("greyjoy", 0)
    g = s.start(WildlingAttack(8))
    bid(g, {"baratheon": 1, "lannister": 1, "stark": 0, "greyjoy": 0}, exact=True)
    play(g, "greyjoy")
    (power,) = events_of(g, E.POWER_ANNOUNCED.name)
    assert power["power"][-1] == {"house": "greyjoy", "power": 0}
    (bids,) = events_of(g, E.BIDS_REVEALED.name)
    assert [b["house"] for b in bids["bids"]] == ["baratheon", "lannister", "stark", "greyjoy"]
    (outcome,) = events_of(g, E.WILDLING_OUTCOME.name)
    assert outcome.fields == {"total": 2, "strength": 8, "won": False}
    (tie,) = events_of(g, E.WILDLING_TIE_BROKEN.name)
    assert tie.fields == {"house": "baratheon", "chosen": "greyjoy"}
    (card,) = events_of(g, E.WILDLING_CARD.name)
    assert card["card"] == "skinchanger_scout"
    rows = [(e["house"], e["row"]) for e in events_of(g, E.WILDLING_ROW.name)]
    assert rows == [
        ("greyjoy", "lowest"),
        ("baratheon", "everyone_else"),
        ("lannister", "everyone_else"),
        ("stark", "everyone_else"),
    ]
    paid = {e["house"]: e["amount"] for e in events_of(g, E.WILDLING_POWER_DISCARDED.name)}
    assert paid == {"greyjoy": 0, "baratheon": 2, "lannister": 2, "stark": 2}


def test_destroyed_units_are_event_data() -> None:
    s = scen("mammoth_riders").units("winterfell", "stark", "footman", "knight")
    g = s.start(WildlingAttack(8))
    bid(g, STARK_LOWEST, exact=True)
    lost = [e.fields for e in events_of(g, E.WILDLING_UNIT_DESTROYED.name)]
    assert lost == [
        {"house": "stark", "area": "winterfell", "unit": kind, "card": "mammoth_riders", "note": ""}
        for kind in ("footman", "knight")
    ]
    assert events_of(g, E.WILDLING_NO_UNITS_LEFT.name)[0]["house"] == "stark"
