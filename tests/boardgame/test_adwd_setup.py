"""A Dance with Dragons: the game config (scenario, house-card deck) and the scenario's set-up
(X-ADWD-1, X-ADWD-2), 6 rounds (X-ADWD-2.2)."""

from __future__ import annotations

import pytest

from tests.boardgame.driver import run
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import INFO, new_game
from westeros.boardgame.setup import new_state
from westeros.boardgame.state import Unit
from westeros.engine import ConfigError
from westeros.engine import new_game as engine_new_game

ADWD = {"players": 6, "scenario": "adwd"}
ADWD_DECK = T.HOUSE_CARD_DECKS["adwd"]


# -- config ---------------------------------------------------------------------------------------


def test_base_config_defaults_to_the_base_scenario_and_cards() -> None:
    cfg = INFO.check_config({"players": 4})
    assert cfg["scenario"] == "base" and cfg["house_cards"] == "base"


def test_x_adwd_config_defaults_to_its_own_deck() -> None:
    """X-ADWD-1.1: the ADwD scenario is played with the ADwD house cards."""
    assert INFO.check_config({"scenario": "adwd"})["house_cards"] == "adwd"


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": 5, "scenario": "adwd"}, "exactly 6 players, not 5"),  # X-ADWD-2.1
        ({"players": 6, "scenario": "adwd", "house_cards": "base"}, "its own house cards"),
        ({"players": 5, "scenario": "affc"}, "exactly 4 players, not 5"),  # X-AFFC-2.1
        ({"players": 4, "scenario": "affc", "house_cards": "base"}, "its own house cards"),
        ({"players": 4, "arryn_power_tokens": 19}, "scenario 'affc' only"),  # X-AFFC-Q3
        ({"players": 4, "scenario": "dragons"}, "scenario must be one of"),
        ({"players": 4, "house_cards": "affc"}, "house_cards must be one of"),
    ],
)
def test_bad_scenario_combination_is_a_clear_config_error(
    config: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        INFO.check_config(config)


def test_the_public_api_starts_an_adwd_game() -> None:
    g = engine_new_game("boardgame", {"scenario": "adwd", "players": 6}, 3)
    assert g.pending() and g.config["scenario"] == "adwd"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_x_adwd_1_1_the_adwd_deck_with_the_base_scenario(players: int) -> None:
    """Players may use the ADwD house cards in a base game (X-ADWD-1.1)."""
    g = new_state({"players": players, "house_cards": "adwd"}, 2)
    for house in g.houses:
        assert g.hands[house] == tuple(c.id for c in ADWD_DECK[house])
    assert g.setup is T.SETUPS[players]  # the base set-up otherwise (R2)


# -- set-up (X-ADWD-2) ----------------------------------------------------------------------------


def test_x_adwd_2_tracks_dominance_and_stars() -> None:
    g = new_state(ADWD, 1)
    assert g.tracks["iron_throne"] == (
        "lannister",
        "tyrell",
        "greyjoy",
        "stark",
        "baratheon",
        "martell",
    )
    assert g.tracks["fiefdoms"][0] == "greyjoy" and g.tracks["kings_court"][0] == "tyrell"
    assert [g.stars(h) for h in g.tracks["kings_court"]] == [3, 3, 2, 1, 0, 0]  # X-ADWD-2.3


def test_x_adwd_2_4_supply_equals_barrels_and_castles_as_given() -> None:
    g = new_state(ADWD, 1)
    victory = {"stark": 3, "lannister": 4, "baratheon": 2, "greyjoy": 1, "tyrell": 4, "martell": 3}
    supply = {"stark": 2, "lannister": 5, "baratheon": 1, "greyjoy": 3, "tyrell": 4, "martell": 4}
    assert g.supply == supply
    for house in g.houses:
        assert g.supply[house] == g.barrels(house)
        assert g.castles(house) == victory[house]
        assert g.complies(house)


def test_x_adwd_2_5_units_and_2_6_power_tokens() -> None:
    g = new_state(ADWD, 1)
    assert g.units["castle_black"] == (
        Unit("baratheon", "knight"),
        Unit("baratheon", "footman"),
        Unit("baratheon", "footman"),
    )
    assert g.units["west_summer_sea"] == (Unit("greyjoy", "ship"),) * 3
    assert g.units["shipbreaker_bay"] == (Unit("tyrell", "ship"),) * 3
    assert g.owner("kings_landing") == "lannister"
    assert sum(len(g.areas_of(h)) > 0 for h in g.houses) == 6
    assert sorted(g.power_tokens_of("tyrell")) == [
        "dornish_marches",
        "oldtown",
        "the_arbor",
        "the_reach",
        "three_towers",
    ]
    assert g.power_tokens["storms_end"] == "baratheon"
    for house in g.houses:  # X-ADWD-2.7 / X-ADWD-Q1: 5 available, board tokens from the 20
        assert g.power[house] == 5
        assert g.power_in_pool(house) == 15 - len(g.power_tokens_of(house))


def test_x_adwd_2_8_garrisons_and_2_9_neutral_forces_x_adwd_q1_threat() -> None:
    """X-ADWD-Q1 (threat 2), X-ADWD-Q2 (outside garrisons belong to their house)."""
    g = new_state(ADWD, 1)
    assert g.garrisons["storms_end"] == 4 and g.garrisons["oldtown"] == 3
    assert g.garrison_owner("storms_end") == "baratheon"
    assert g.garrison_owner("oldtown") == "tyrell"
    assert g.garrison_owner("pyke") == "greyjoy"
    assert g.neutral == {"the_eyrie": 6} and not g.impassable
    assert g.wildling_threat == 2


def test_x_adwd_q2_a_garrison_outside_home_defends_for_its_house() -> None:
    """X-ADWD-Q2, R1.7.2: Storm's End (no Baratheon unit) is defended by its garrison of 4
    for Baratheon; losing removes it (R1.7.3)."""
    s = Scenario(players=6, scenario="adwd").empty()
    s.token("storms_end", "baratheon")
    g = s.attack("tyrell", "kingswood", "storms_end", "knight", "knight", "knight")
    run(g)
    assert g.fight is None
    combat = [e for e in g.log if e.kind == "combat_begin"][-1]
    assert combat.fields["defender"] == "baratheon" and combat.fields["garrison"] == 4
    assert "storms_end" not in g.garrisons and g.owner("storms_end") == "tyrell"  # R1.7.3


def test_x_adwd_q2_the_garrison_is_hostile_only_to_other_houses() -> None:
    from westeros.boardgame.geography import is_hostile

    g = Scenario(players=6, scenario="adwd").empty().g
    assert is_hostile(g, "tyrell", "storms_end")
    assert not is_hostile(g, "baratheon", "storms_end")
    assert is_hostile(g, "baratheon", "oldtown")  # Tyrell's garrison
    assert not is_hostile(g, "tyrell", "oldtown")


def test_x_adwd_2_2_the_game_ends_after_round_6() -> None:
    g = (
        Scenario(players=6, scenario="adwd")
        .round(6)
        .start_action("consolidate", through="clean_up")
    )
    run(g, limit=2000)
    assert g.is_over and g.round == 6 and g.end_reason == "end of round 6"


def test_base_game_still_lasts_10_rounds() -> None:
    g = Scenario(players=6).round(6).start_action("consolidate", through="clean_up")
    run(g, until="place_order")
    assert not g.is_over and g.round == 7


def test_new_game_adwd_starts_in_planning_of_round_1() -> None:
    g = new_game(ADWD, 4)
    assert g.round == 1 and g.phase == "planning"


def test_x_adwd_q4_tides_of_battle_may_be_used() -> None:
    """X-ADWD-Q4: nothing forbids Tides of Battle with ADwD (R7.7)."""
    g = new_state({"players": 6, "scenario": "adwd", "tides": True}, 1)
    assert g.tides
