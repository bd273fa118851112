"""Mother of Dragons, House Targaryen on the 8-house board (X-MOD-1.2, X-MOD-2, X-MOD-5,
X-MOD-6, X-MOD-7): the config, the set-up with Essos, the tracks it never leaves, its victory by
loyalty, the bid hand-out, dragons and loyalty tokens."""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.driver import decide, pending, run
from westeros.boardgame import decisions as D
from westeros.boardgame import dragons, loyalty, targaryen
from westeros.boardgame import tables as T
from westeros.boardgame.bidding import ClashOfKings
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import PlayedGame, new_game, new_position
from westeros.boardgame.march import ResolveMarch
from westeros.boardgame.mustering import muster_options
from westeros.boardgame.setup import validate_config
from westeros.boardgame.state import Order, Unit
from westeros.boardgame.support import unit_value
from westeros.boardgame.victory import rank_houses
from westeros.bots.random_bot import RandomBot
from westeros.engine import ConfigError

MOD8: dict[str, Any] = {"scenario": "mod", "players": 8, "essos": True}
EIGHT = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell", "arryn", "targaryen")
TG = "targaryen"


def game(seed: int = 1, **extra: Any) -> PlayedGame:
    # without the Iron Bank: 5 starting power (7 with it, X-MOD-Q1: test_mod_iron_bank.py)
    return new_position({**MOD8, "houses": list(EIGHT), "iron_bank": False, **extra}, seed)


def scenario(seed: int = 1, **extra: Any) -> Scenario:
    """A builder on an 8-house game (houses in seat order: seat i plays EIGHT[i])."""
    s = Scenario.__new__(Scenario)
    s.g = game(seed, **extra)
    return s


# -- config (X-MOD-1.2, X-MOD-1.5, X-MOD-13.1, X-MOD-Q2, X-MOD-Q3) --------------------------------


def test_x_mod_1_2_essos_brings_targaryen_and_its_board() -> None:
    g = game()
    assert sorted(g.houses) == sorted(EIGHT) and g.vassals == ()
    assert {"pentos", "braavos", "volantis", "bay_of_pentos"} <= set(g.areas)
    assert "targaryen" in T.ALL_HOUSES and T.ALL_HOUSES[-2:] == ("arryn", "targaryen")
    seven = new_position({"scenario": "mod", "players": 7}, 1)
    assert TG not in seven.houses and "pentos" not in seven.areas  # X-MOD-1.2


@pytest.mark.parametrize("players", [3, 9])
def test_x_mod_13_1_the_8_house_board_takes_4_to_8_players(players: int) -> None:
    with pytest.raises(ValueError, match="players must be 4, 5, 6, 7 or 8"):
        validate_config({**MOD8, "players": players})


def test_x_mod_1_5_targaryen_must_be_a_player_with_essos() -> None:
    """X-MOD-1.5 / X-MOD-Q2: Targaryen is never a vassal; without a seat it is not in play."""
    with pytest.raises(ConfigError, match="[Tt]argaryen"):
        validate_config({**MOD8, "players": 4, "houses": ["stark", "lannister", "tyrell", "arryn"]})
    with pytest.raises(ConfigError, match="[Tt]argaryen"):
        validate_config(
            {"scenario": "mod", "players": 4, "houses": ["stark", "lannister", "tyrell", TG]}
        )


def test_x_mod_q3_targaryen_deck_a_by_default_b_on_request() -> None:
    assert validate_config(MOD8)["targaryen_deck"] == "a"
    assert validate_config({**MOD8, "targaryen_deck": "b"})["targaryen_deck"] == "b"
    with pytest.raises(ConfigError, match="targaryen_deck"):
        validate_config({**MOD8, "targaryen_deck": "c"})
    with pytest.raises(ConfigError, match="targaryen_deck"):
        validate_config({"scenario": "mod", "players": 7, "targaryen_deck": "a"})
    with pytest.raises(ConfigError, match="essos"):
        validate_config({"players": 6, "essos": True})


# -- set-up (X-MOD-2) ------------------------------------------------------------------------------


def test_x_mod_2_1_targaryen_last_on_every_track() -> None:
    g = game()
    for track in ("iron_throne", "fiefdoms", "kings_court"):
        assert len(g.tracks[track]) == 8 and g.tracks[track][-1] == TG
    assert g.tracks["iron_throne"][0] == "baratheon"


def test_x_mod_2_2_three_stars_on_the_eighth_space() -> None:
    g = game()
    assert g.stars(TG) == 3
    assert [g.stars(h) for h in g.tracks["kings_court"][:7]] == [3, 3, 2, 1, 0, 0, 0]


def test_x_mod_2_3_targaryen_units_and_x_mod_5_7_its_pool() -> None:
    g = game()
    mine = sorted((a, u.kind) for a, u in g.units_of(TG))
    assert mine == sorted(
        [
            ("pentos", "knight"),
            ("pentos", "footman"),
            ("port_of_pentos", "ship"),
            ("bay_of_pentos", "ship"),
            ("bay_of_pentos", "ship"),
            ("myr", "knight"),
            ("norvos", "dragon"),
            ("the_rhoyne", "dragon"),
            ("the_rhoyne", "dragon"),
        ]
    )
    assert dict(T.unit_pool(TG)) == {
        "footman": 8,
        "knight": 6,
        "siege_engine": 0,
        "ship": 8,
        "dragon": 3,
    }
    assert g.pool_left(TG, "dragon") == 0 and g.pool_left("stark", "dragon") == 0
    assert g.pool_left(TG, "ship") == 5


def test_x_mod_2_4_supply_4_power_5_victory_1() -> None:
    g = game()
    assert g.supply[TG] == 4 and g.power[TG] == 5
    assert targaryen.loyalty_value(g) == 1  # Pentos' printed loyalty (X-MOD-Q7)
    assert g.view(7)["houses"][TG]["victory"] == 1


def test_x_mod_2_6_and_2_7_garrisons_and_neutral_forces() -> None:
    g = game()
    assert g.garrisons["pentos"] == 2 and g.garrison_owner("pentos") == TG
    assert g.neutral == {"kings_landing": 5, "braavos": 5}


def test_x_mod_2_8_a_loyalty_token_in_kings_landing_and_dragons_at_0() -> None:
    g = game()
    assert g.loyalty == {"kings_landing": 1} and g.loyalty_taken == 0
    assert loyalty.tokens_left(g) == 19
    assert dragons.strength(g) == 0
    view = g.view(None)
    assert view["loyalty"] == {"kings_landing": 1} and view["dragon_strength"] == 0


def test_base_games_carry_no_targaryen_state() -> None:
    g = new_position({"players": 6}, 1)
    assert "loyalty" not in g.snapshot() and "dragon_strength" not in g.view(0)


# -- tracks (X-MOD-5.1, XF19) ----------------------------------------------------------------------


def test_x_mod_5_1_xf19_targaryen_never_leaves_the_last_space() -> None:
    g = game()
    order = list(g.tracks["fiefdoms"])
    g.set_track("fiefdoms", [TG, *(h for h in order if h != TG)])  # moving it up is ignored
    assert g.tracks["fiefdoms"][-1] == TG and g.tracks["fiefdoms"][0] == order[0]
    # XF19: "to the lowest position" puts a house on space 7, above Targaryen
    g.set_track("fiefdoms", [*(h for h in g.tracks["fiefdoms"] if h != "stark"), "stark"])
    assert g.tracks["fiefdoms"][-2:] == ("stark", TG)


# -- the bid hand-out (X-MOD-5.3, XF25, X-MOD-D4) --------------------------------------------------


def _auction(bids: dict[str, int]) -> PlayedGame:
    """A Clash of Kings in the 8-house game, every house with 5 power; ``bids`` (others 0)."""
    s = scenario()
    for house in EIGHT:
        s.power(house, 5)
    g = s.start(ClashOfKings())
    run(g, until=D.BID)
    for house in g.turn_order():
        if g.power[house] > 0:
            decide(g, D.BID, bids.get(house, 0), house=house)
    return g


def test_x_mod_5_3_xf25_targaryen_hands_out_its_bid_before_ties() -> None:
    g = _auction({"stark": 2, "lannister": 3, TG: 2})
    d = pending(g, D.BID_HANDOUT, house=TG)
    assert TG not in d.choices and set(d.choices) == set(EIGHT) - {TG}
    assert g.power[TG] == 3  # paid at the reveal
    decide(g, D.BID_HANDOUT, "stark", house=TG)
    decide(g, D.BID_HANDOUT, "stark", house=TG)  # all tokens must go: stark now bids 4
    assert not any(p.kind == D.BID_HANDOUT.name for p in g.pending())
    assert g.tracks["iron_throne"][0] == "stark" or any(
        p.kind == D.TIE_BREAK.name for p in g.pending()
    )
    run(g, until=D.BID)
    assert g.tracks["iron_throne"][:2] == ("stark", "lannister")
    assert g.tracks["iron_throne"][-1] == TG
    assert g.power["stark"] == 3  # a received token costs the receiver nothing


def test_x_mod_5_3_a_handout_can_create_a_tie_broken_by_the_iron_throne() -> None:
    g = _auction({"stark": 2, "lannister": 3, TG: 1})
    decide(g, D.BID_HANDOUT, "stark", house=TG)  # stark 3 = lannister 3 (XF25)
    d = pending(g, D.TIE_BREAK)
    assert set(d.choices) == {"stark", "lannister"} and d.seat == g.seat_of("baratheon")


def test_x_mod_5_3_no_handout_without_a_bid() -> None:
    g = _auction({"stark": 1})
    assert not any(p.kind == D.BID_HANDOUT.name for p in g.pending())


# -- victory (X-MOD-5.2, X-MOD-Q7, X-MOD-Q8) -------------------------------------------------------


def test_x_mod_5_2_seven_loyalty_wins_at_once() -> None:
    s = scenario()
    s.g.loyalty_taken = 5
    s.units("the_mountains_of_the_moon", TG, "footman")
    g = s.g
    g.loyalty["the_mountains_of_the_moon"] = 1
    from westeros.boardgame.victory import check_win

    assert check_win(g)  # 5 + 1 taken now + Pentos 1 = 7
    assert g.winner == TG and g.loyalty_taken == 6 and "loyalty" in g.end_reason


def test_x_mod_5_2_targaryen_does_not_count_castles() -> None:
    s = scenario()
    for area in (
        "winterfell",
        "white_harbor",
        "the_eyrie",
        "riverrun",
        "lannisport",
        "pyke",
        "highgarden",
    ):
        s.clear(area).units(area, TG, "footman")
    from westeros.boardgame.victory import check_win

    assert not check_win(s.g) and s.g.castles(TG) >= 7


def test_x_mod_q7_pentos_counts_only_while_held() -> None:
    s = scenario()
    s.clear("pentos").units("pentos", "lannister", "footman")
    assert targaryen.loyalty_value(s.g) == 0


def test_x_mod_q8_the_final_ranking_reads_loyalty_for_targaryen() -> None:
    g = game()
    g.loyalty_taken = 4  # 5 with Pentos: above every castle count at set-up
    assert rank_houses(g)[0] == TG


# -- dragons (X-MOD-6) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("round_", "strength"), [(1, 0), (2, 1), (3, 1), (4, 2), (7, 3), (9, 4), (10, 5)]
)
def test_x_mod_6_2_dragon_strength_by_round(round_: int, strength: int) -> None:
    g = game()
    g.round = round_
    assert dragons.strength(g) == strength
    assert unit_value(g, Unit(TG, "dragon"), "myr", True) == strength
    assert unit_value(g, Unit(TG, "dragon", routed=True), "myr", True) == 0


def test_x_mod_6_2_an_early_token_counts_once() -> None:
    g = game()
    g.round, g.dragon_early = 3, (8,)  # Fire Made Flesh moved round 8's token
    assert dragons.strength(g) == 2
    g.round = 8
    assert dragons.strength(g) == 4


def _march(s: Scenario, area: str) -> PlayedGame:
    s.g.orders[area] = Order(TG, "march+0")
    g = s.start(ResolveMarch(TG))
    decide(g, D.MARCH_ORDER, area, house=TG)
    return g


def test_x_mod_6_3_dragons_alone_fly_to_any_land_area() -> None:
    """X-MOD-D5: a march of dragons alone is offered every land area as destination."""
    g = _march(scenario(), "the_rhoyne")  # two dragons
    moves = set(pending(g, D.MARCH_MOVE).choices)
    assert "dragon>winterfell" in moves and "dragon>sunspear" in moves  # Westeros, no route
    assert "dragon>volantis" in moves and "dragon>pentos" in moves
    assert "dragon>braavos" not in moves  # R6.5.1: strength 0 cannot take a neutral force
    assert not any(
        c.startswith("dragon>") and g.areas[c.split(">")[1]].kind != "land" for c in moves
    )
    decide(g, D.MARCH_MOVE, "dragon>the_reach")
    moves = set(pending(g, D.MARCH_MOVE).choices)
    assert "dragon>the_reach" in moves and "dragon>the_eyrie" in moves  # split to anywhere
    decide(g, D.MARCH_MOVE, "dragon>the_eyrie")  # the march's one attack (R6.4.5)
    assert "dragon>winterfell" not in pending(g, D.MARCH_MOVE).choices  # no second attack
    decide(g, D.MARCH_MOVE, "done")
    run(g)
    assert [u.kind for u in g.units.get("the_reach", ())] == ["dragon"]
    # the strength-0 dragon lost at The Eyrie and retreated where it came from (R7.10)
    assert g.owner("the_eyrie") == "arryn" and g.owner("the_rhoyne") == TG


def test_x_mod_6_3_strong_dragons_fly_against_a_neutral_force() -> None:
    s = scenario()
    s.g.round = 10  # 5 tokens: one dragon matches Braavos' 5 (R6.5.1)
    g = _march(s, "norvos")
    assert "dragon>kings_landing" in pending(g, D.MARCH_MOVE).choices


def test_x_mod_q10_mixed_marches_walk_and_split_marches_check_each_destination() -> None:
    s = scenario()
    s.units("norvos", TG, "footman")
    g = _march(s, "norvos")
    moves = set(pending(g, D.MARCH_MOVE).choices)
    assert "footman>winterfell" not in moves and "dragon>winterfell" in moves
    decide(g, D.MARCH_MOVE, "dragon>winterfell")
    moves = set(pending(g, D.MARCH_MOVE).choices)
    assert "footman>winterfell" not in moves  # not with the flying dragon
    assert "footman>braavos" in moves or "footman>pentos" in moves


def test_x_mod_6_4_dragons_never_enter_seas_or_ports_and_x_mod_6_1_are_never_mustered() -> None:
    g = _march(scenario(), "norvos")
    moves = pending(g, D.MARCH_MOVE).choices
    assert "dragon>braavosian_coastlands" not in moves and "dragon>port_of_pentos" not in moves
    options = muster_options(game(), TG, "pentos", 2)
    assert not any("dragon" in o for o in options)


def test_x_mod_5_6_xf24_targaryen_never_musters_a_siege_engine() -> None:
    options = muster_options(game(), TG, "pentos", 2)
    assert "footman" in options and "upgrade_knight" in options
    assert "siege_engine" not in options and "upgrade_siege_engine" not in options


def test_x_mod_6_2_dragons_fight_with_the_round_strength() -> None:
    s = scenario()
    s.g.round = 6  # three tokens in the box
    s.clear("myr").units("myr", "lannister", "footman")
    s.clear("the_rhoyne").units("the_rhoyne", TG, "dragon")  # one dragon marches, one stays
    g = s.attack(TG, "the_rhoyne", "myr", "dragon")
    run(g, until=D.HOUSE_CARD)
    strength = g.view(0)["combat"]["strength"]
    assert strength["attacker"]["units"] == 3 and strength["defender"]["units"] == 1


# -- loyalty tokens (X-MOD-7) ----------------------------------------------------------------------


def test_x_mod_7_1_xf21_land_only_and_20_at_most() -> None:
    g = game()
    with pytest.raises(ValueError, match="land"):
        loyalty.place(g, "the_narrow_sea")
    for _ in range(19):
        assert loyalty.place(g, "riverrun")
    assert loyalty.tokens_left(g) == 0
    assert not loyalty.place(g, "riverrun")  # none left: skipped
    assert g.loyalty["riverrun"] == 19


def test_x_mod_7_2_xf22_a_token_placed_in_a_targaryen_area_is_taken_at_once() -> None:
    g = game()
    assert loyalty.place(g, "myr")
    assert "myr" not in g.loyalty and g.loyalty_taken == 1
    assert targaryen.loyalty_value(g) == 2


def test_x_mod_7_2_a_march_into_a_token_area_takes_it() -> None:
    s = scenario()
    s.g.loyalty["the_disputed_lands"] = 2
    g = _march(s, "myr")
    decide(g, D.MARCH_MOVE, "knight>the_disputed_lands")
    run(g)
    assert g.owner("the_disputed_lands") == TG
    assert g.loyalty_taken == 2 and "the_disputed_lands" not in g.loyalty


def test_xf26_after_a_lost_combat_the_token_stays() -> None:
    s = scenario()
    s.g.loyalty["volantis"] = 1
    s.units("volantis", "martell", "knight", "knight")
    g = s.attack(TG, "myr", "volantis", "footman")
    run(g)
    assert g.owner("volantis") == "martell" and g.loyalty == {"kings_landing": 1, "volantis": 1}
    assert g.loyalty_taken == 0


def test_x_mod_2_6_pentos_garrison_returns_when_targaryen_retakes_it() -> None:
    s = scenario()
    s.clear("pentos").garrison("pentos", None).units("pentos", "lannister", "footman")
    s.units("braavos", TG, "knight", "knight")
    s.neutral("braavos", None)
    g = s.attack(TG, "braavos", "pentos", "knight", "knight")
    run(g)
    assert g.owner("pentos") == TG and g.garrisons["pentos"] == 2


# -- Westeros deck IV (X-MOD-7.3, X-MOD-7.4) -------------------------------------------------------


def _card(s: Scenario, base_id: str) -> PlayedGame:
    from westeros.boardgame.westeros_phase import ResolveWesterosCard

    g = s.start(ResolveWesterosCard(f"IV:{base_id}"))
    g.pending()  # the card runs up to its first decision
    return g


def test_x_mod_7_3_deck_iv_is_dealt_with_targaryen_only() -> None:
    g = game()
    assert sorted(g.westeros_decks) == [1, 2, 3, 4] and len(g.westeros_decks[4]) == 10
    assert not any(T.WESTEROS_CARD_BY_ID[c].wildling_icon for c in g.westeros_decks[4])
    assert sorted(new_position({"players": 6}, 1).westeros_decks) == [1, 2, 3]


def test_x_mod_7_3_the_westeros_phase_resolves_deck_iv_after_deck_iii() -> None:
    from westeros.boardgame.westeros_phase import WesterosPhase

    s = scenario()
    g = s.start(WesterosPhase())
    run(g, limit=400)
    revealed = [e.fields["card"] for e in g.log if e.kind == "westeros_revealed"]
    assert [T.WESTEROS_CARD_BY_ID[c].deck for c in revealed[-4:]] == [1, 2, 3, 4] or any(
        e.kind == "winter_is_coming" for e in g.log
    )
    resolving = [
        T.WESTEROS_CARD_BY_ID[e.fields["card"]].deck
        for e in g.log
        if e.kind == "westeros_resolving"
    ]
    assert resolving[-1] == 4 and len(g.westeros_decks[4]) == 9


def test_x_mod_7_4_empty_promises_prints_then_sells_a_token() -> None:
    s = scenario()
    g = _card(s, "empty_promises")
    assert g.loyalty.get("the_stony_shore") == 1  # printed, before the choice
    d = pending(g, D.LOYALTY_AREA, house=TG)
    assert set(d.choices) == {"the_mountains_of_the_moon", "moat_cailin", "pass"}
    decide(g, D.LOYALTY_AREA, "moat_cailin", house=TG)
    run(g)
    assert g.loyalty["moat_cailin"] == 1 and g.power[TG] == 4


def test_x_mod_7_4_no_power_no_purchase() -> None:
    s = scenario().power(TG, 0)
    g = _card(s, "southron_ambitions")
    assert not g.pending() and g.loyalty.get("searoad_marches") == 1
    assert "blackwater" not in g.loyalty


def test_x_mod_7_4_domestic_disputes_up_to_four_homes() -> None:
    g = _card(scenario(), "domestic_disputes")
    assert g.loyalty.get("storms_end") == 1
    decide(g, D.LOYALTY_AREA, "winterfell", house=TG)
    decide(g, D.LOYALTY_AREA, "lannisport", house=TG)
    d = pending(g, D.LOYALTY_AREA, house=TG)
    assert "pass" in d.choices and "winterfell" not in d.choices and "pentos" not in d.choices
    decide(g, D.LOYALTY_AREA, "pass", house=TG)
    assert g.loyalty["winterfell"] == 1 and g.loyalty["lannisport"] == 1 and g.power[TG] == 4


def test_xf35_xf37_fire_made_flesh_sacrifice_or_pass() -> None:
    s = scenario()
    s.g.round = 3
    g = _card(s, "fire_made_flesh")
    d = pending(g, D.FIRE_MADE_FLESH, house=TG)
    assert set(d.choices) == {"norvos", "the_rhoyne", "pass"}  # no destroyed dragon to return
    decide(g, D.FIRE_MADE_FLESH, "norvos", house=TG)
    d = pending(g, D.FIRE_MADE_FLESH_TOKEN, house=TG)  # the token of Targaryen's choice
    assert d.choices == ("4", "6", "8", "10")
    decide(g, D.FIRE_MADE_FLESH_TOKEN, "10", house=TG)
    assert dragons.strength(g) == 2 and g.dragon_early == (10,)  # one token only (XF35)
    assert g.count_units(TG, "dragon") == 2
    g2 = _card(scenario(), "fire_made_flesh")
    decide(g2, D.FIRE_MADE_FLESH, "pass", house=TG)  # optional (XF37)
    assert g2.count_units(TG, "dragon") == 3 and dragons.strength(g2) == 0


def test_x_mod_7_4_fire_made_flesh_moves_the_token_targaryen_chooses() -> None:
    """The card: "move one dragon strength token of its choice from the round track": the
    token of round 4 leaves round 4 without a new one; with the automatic setting (config
    auto) nothing is asked and the last token (round 10's) moves."""
    s = scenario()
    s.g.round = 3
    g = _card(s, "fire_made_flesh")
    decide(g, D.FIRE_MADE_FLESH, "norvos", house=TG)
    decide(g, D.FIRE_MADE_FLESH_TOKEN, "4", house=TG)
    assert g.dragon_early == (4,) and dragons.strength(g) == 2
    g.round = 4
    assert dragons.strength(g) == 2  # round 4's token was already in the box
    auto = scenario(auto=[i == EIGHT.index(TG) for i in range(8)])
    auto.g.round = 3
    g2 = _card(auto, "fire_made_flesh")
    decide(g2, D.FIRE_MADE_FLESH, "norvos", house=TG)
    assert not g2.pending() and g2.dragon_early == (10,)
    g2.round = 4
    assert dragons.strength(g2) == 3


def test_x_mod_7_4_fire_made_flesh_with_one_token_left_asks_nothing_more() -> None:
    s = scenario()
    s.g.round = 9
    g = _card(s, "fire_made_flesh")
    decide(g, D.FIRE_MADE_FLESH, "norvos", house=TG)
    assert not g.pending() and g.dragon_early == (10,) and dragons.strength(g) == 5


def test_the_automatic_setting_is_validated() -> None:
    config = {**MOD8, "houses": list(EIGHT)}
    assert validate_config({**config, "auto": True})["auto"] == [True] * 8
    assert "auto" not in validate_config(config)
    for bad in ([True] * 7, "yes", [1] * 8):
        with pytest.raises(ConfigError, match="auto must be true, false or one"):
            validate_config({**config, "auto": bad})


def test_x_mod_7_4_fire_made_flesh_returns_a_destroyed_dragon() -> None:
    s = scenario()
    s.clear("norvos")
    g = _card(s, "fire_made_flesh")
    decide(g, D.FIRE_MADE_FLESH, "return", house=TG)
    assert [u.kind for u in g.units["pentos"]].count("dragon") == 1


def test_xf36_playing_with_fire_needs_a_player_with_a_unit() -> None:
    s = scenario()
    for kind in ("footman", "knight", "siege_engine"):
        s.units("winterfell", "stark", *[kind] * s.g.pool_left("stark", kind))
    g = _card(s, "playing_with_fire")
    assert g.loyalty.get("riverrun") == 1 and g.loyalty.get("the_arbor") == 1
    d = pending(g, D.LOYALTY_PLAYER, house=TG)
    assert TG not in d.choices and "pass" in d.choices
    assert "stark" not in d.choices and "lannister" in d.choices  # XF36: nothing in its pool
    decide(g, D.LOYALTY_PLAYER, "lannister", house=TG)
    d = pending(g, D.LOYALTY_AREA, house=TG)
    assert "winterfell" not in d.choices and "kings_landing" not in d.choices  # held / neutral
    assert "pentos" not in d.choices  # Westeros only
    decide(g, D.LOYALTY_AREA, "the_reach", house=TG)
    decide(g, D.LOYALTY_UNIT, "knight", house="lannister")
    assert g.owner("the_reach") == "lannister" and g.loyalty["the_reach"] == 1


def test_xf38_xf39_word_spreads_quickly_every_player_moves() -> None:
    """X-MOD-7.5: each player must move a token (no pass), the same one again too."""
    g = _card(scenario().power(TG, 0), "word_spreads_quickly")
    first = g.turn_order()[0]
    d = pending(g, D.LOYALTY_MOVE, house=first)
    assert "pass" not in d.choices and "crackclaw_point>the_eyrie" not in d.choices
    decide(g, D.LOYALTY_MOVE, "three_towers>oldtown", house=first)
    second = g.turn_order()[1]
    assert "oldtown>three_towers" in pending(g, D.LOYALTY_MOVE, house=second).choices  # XF39
    decide(g, D.LOYALTY_MOVE, "oldtown>three_towers", house=second)
    assert g.loyalty.get("three_towers") == 1 and "oldtown" not in g.loyalty


def test_x_mod_7_4_targaryen_pays_2_to_cancel_a_move() -> None:
    g = _card(scenario(), "word_spreads_quickly")
    first = g.turn_order()[0]
    decide(g, D.LOYALTY_MOVE, "three_towers>oldtown", house=first)
    decide(g, D.LOYALTY_CANCEL, "cancel", house=TG)
    assert g.loyalty.get("three_towers") == 1 and g.power[TG] == 3


def test_x_mod_7_4_the_long_plan_the_chosen_player_places_two() -> None:
    g = _card(scenario(), "the_long_plan")
    decide(g, D.LOYALTY_PLAYER, "tyrell", house=TG)
    d = pending(g, D.LOYALTY_AREA, house="tyrell")
    assert "pass" not in d.choices and "pentos" not in d.choices
    decide(g, D.LOYALTY_AREA, "highgarden", house="tyrell")
    assert "highgarden" not in pending(g, D.LOYALTY_AREA, house="tyrell").choices
    decide(g, D.LOYALTY_AREA, "oldtown", house="tyrell")
    assert g.loyalty["highgarden"] == 1 and g.loyalty["oldtown"] == 1 and g.power[TG] == 4


@pytest.mark.parametrize("seed", range(4))
def test_x_mod_1_5_with_fewer_players_targaryen_always_has_a_seat(seed: int) -> None:
    g = new_position({**MOD8, "players": 4}, seed)
    assert TG in g.seat_houses and TG not in g.vassals and len(g.vassals) == 4
    assert set(g.seat_houses) | set(g.vassals) == set(EIGHT)


def _volantis_won(martell_card: str) -> PlayedGame:
    """Targaryen's two knights from Myr beat Martell's footman in Volantis (a loyalty token
    there) with its strongest card against ``martell_card``."""
    s = scenario()
    s.g.loyalty["volantis"] = 1
    s.units("volantis", "martell", "footman")
    g = s.attack(TG, "myr", "volantis", "knight", "knight")
    strongest = max(g.house_deck(TG), key=lambda c: c.strength).id
    run(g, {"house_card@martell": martell_card, f"house_card@{TG}": strongest})
    return g


def test_xf26_arianne_keeps_the_winner_out_and_the_token_stays() -> None:
    """XF26: Targaryen wins at Volantis but Arianne Martell keeps it out of the area, so it
    does not control it and takes no loyalty token there."""
    g = _volantis_won("arianne_martell")
    assert g.owner("volantis") != TG and g.owner("myr") == TG  # returned to Myr
    assert g.loyalty.get("volantis") == 1 and g.loyalty_taken == 0


def test_xf26_a_won_combat_takes_the_token_once_targaryen_holds_the_area() -> None:
    g = _volantis_won("darkstar")
    assert g.owner("volantis") == TG
    assert "volantis" not in g.loyalty and g.loyalty_taken == 1
    taken = [e for e in g.log if e.kind == "loyalty_taken"]
    assert taken and taken[-1].fields["area"] == "volantis"


def test_xf16_dragons_never_fly_into_an_area_of_a_vassal_targaryen_commands() -> None:
    """X-MOD-10.5, XF16 with X-MOD-6.3: the free flight of dragons never lands where a vassal
    under Targaryen's command holds the area (it once started a combat between one seat's two
    houses that never ended); another command's vassal stays a target."""
    g = new_game({"scenario": "mod", "players": 4, "essos": True}, 0)
    assert "tyrell" in g.vassals and "martell" in g.vassals
    held = {a for a in g.areas if g.controller(a) == "tyrell" and g.areas[a].is_land}
    assert held
    g.commanders = {"tyrell": "targaryen", "martell": "lannister"}
    flights = set(dragons.flight_destinations(g, "targaryen", "the_rhoyne", [], []))
    assert not flights & held
    assert {a for a in g.areas if g.controller(a) == "martell" and g.areas[a].is_land} <= flights
    g.commanders = {"tyrell": "lannister", "martell": "lannister"}
    assert held <= set(dragons.flight_destinations(g, "targaryen", "the_rhoyne", [], []))


def test_xf16_random_four_player_essos_games_with_vassals_end() -> None:
    """The game above played out by a random bot: it reaches its end (R9)."""
    g = new_game({"scenario": "mod", "players": 4, "essos": True}, 0)
    bot = RandomBot(0)
    for _ in range(5000):
        if g.outcome() is not None:
            break
        d = next((d for d in g.pending() if not d.idle), g.pending()[0])
        g.apply(d.seat, bot.choose({}, d))
    assert g.outcome() is not None
