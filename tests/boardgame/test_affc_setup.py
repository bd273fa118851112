"""A Feast for Crows set-up (X-AFFC-2): the config, House Arryn, the board, the objectives
dealt and kept (X-AFFC-D1), the AFfC Westeros deck I, and base games left as they were."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.boardgame.driver import assert_illegal, decide, pending
from westeros.boardgame import decisions as D
from westeros.boardgame import objectives as O
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import INFO, new_game
from westeros.boardgame.game import new_position as new_state
from westeros.boardgame.setup import validate_config
from westeros.boardgame.state import Unit
from westeros.engine import ConfigError

AFFC: dict[str, Any] = {"players": 4, "scenario": "affc"}
HOUSES = ("stark", "lannister", "baratheon", "arryn")


# -- config (X-AFFC-2.1, X-AFFC-Q3) ---------------------------------------------------------------


def test_x_affc_2_1_four_players_with_arryn() -> None:
    config = validate_config(AFFC)
    assert config["house_cards"] == "affc" and config["arryn_power_tokens"] == 20  # X-AFFC-Q3
    g = new_state(AFFC, 1)
    assert sorted(g.houses) == sorted(HOUSES) and sorted(g.seat_houses) == sorted(HOUSES)
    assert g.is_affc() and T.house_name("arryn") == "Arryn"
    assert "arryn" in T.ALL_HOUSES and "arryn" not in T.HOUSES  # the base tables keep six


@pytest.mark.parametrize("players", [3, 5, 6])
def test_x_affc_2_1_other_player_counts_are_a_config_error(players: int) -> None:
    with pytest.raises(ConfigError, match=f"exactly 4 players, not {players}"):
        INFO.check_config({"players": players, "scenario": "affc"})


@pytest.mark.parametrize("bad", [0, 21, "19", True])
def test_x_affc_q3_arryn_power_tokens_is_checked(bad: object) -> None:
    with pytest.raises(ConfigError, match="arryn_power_tokens"):
        validate_config({**AFFC, "arryn_power_tokens": bad})


def test_x_affc_q3_arryn_owns_19_tokens_when_configured() -> None:
    """X-AFFC-Q3: 20 by default; 19 as S&R plays it, when the config says so."""
    g = new_state({**AFFC, "arryn_power_tokens": 19}, 1)
    assert g.power_in_pool("arryn") == 19 - 5 and g.power_in_pool("stark") == 20 - 5
    assert g.view(0)["houses"]["arryn"]["power_in_pool"] == 14
    assert new_state(AFFC, 1).power_in_pool("arryn") == 15


def test_houses_of_the_seats_must_be_the_four() -> None:
    with pytest.raises(ValueError, match="each of"):
        validate_config({**AFFC, "houses": ["stark", "lannister", "baratheon", "greyjoy"]})
    g = new_state({**AFFC, "houses": ["arryn", "stark", "lannister", "baratheon"]}, 1)
    assert g.house_of(0) == "arryn"


# -- the board (X-AFFC-2.2 to X-AFFC-2.7) ---------------------------------------------------------


def test_x_affc_2_2_the_eyrie_is_arryns_home_and_the_south_is_impassable() -> None:
    s = Scenario(scenario="affc").empty()
    g = s.g
    assert g.controller("the_eyrie") == "arryn"  # R1.3.2 home emblem, no unit there
    assert g.homes["the_eyrie"] == "arryn" and g.view(None)["homes"]["the_eyrie"] == "arryn"
    assert {"pyke", "highgarden", "sunspear", "port_of_pyke"} <= g.impassable
    assert "storms_end" not in g.impassable
    assert new_state({"players": 4}, 1).controller("the_eyrie") is None  # base game unchanged


def test_x_affc_2_2_arryn_leaves_no_power_token_in_its_home() -> None:
    """R6.4.7 with X-AFFC-2.2: leaving The Eyrie empty offers no power token (home area)."""
    from westeros.boardgame.march import ResolveMarch

    s = Scenario(scenario="affc").empty()
    s.units("the_eyrie", "arryn", "footman").order("the_eyrie", "march+0")
    s.units("the_fingers", "arryn", "footman").order("the_fingers", "march+0")
    g = s.start(ResolveMarch("arryn"))
    decide(g, D.MARCH_ORDER, "the_eyrie", house="arryn")
    decide(g, D.MARCH_MOVE, "footman>the_mountains_of_the_moon", house="arryn")
    decide(g, D.MARCH_MOVE, "done", house="arryn")
    assert not [d for d in g.pending() if d.kind == D.MARCH_TOKEN.name]
    assert g.controller("the_eyrie") == "arryn"
    g = s.g.clone()
    g.stack.clear()
    g.push(ResolveMarch("arryn"))
    g.invalidate()
    decide(g, D.MARCH_ORDER, "the_fingers", house="arryn")
    decide(g, D.MARCH_MOVE, "footman>the_mountains_of_the_moon", house="arryn")
    decide(g, D.MARCH_MOVE, "done", house="arryn")
    assert pending(g).kind == D.MARCH_TOKEN.name  # not a home area: the token is offered


def test_x_affc_2_3_to_2_6_tracks_supply_units_tokens() -> None:
    g = new_state(AFFC, 1)
    assert g.tracks["iron_throne"] == ("baratheon", "lannister", "arryn", "stark")
    assert g.tracks["fiefdoms"] == ("stark", "arryn", "baratheon", "lannister")
    assert g.tracks["kings_court"] == ("arryn", "lannister", "baratheon", "stark")
    assert [g.stars(h) for h in g.tracks["kings_court"]] == [3, 2, 1, 0]
    assert g.supply == {"stark": 2, "lannister": 5, "baratheon": 2, "arryn": 3}
    for house in HOUSES:
        assert g.supply[house] == g.barrels(house) and g.complies(house)  # X-AFFC-2.4
        assert g.power[house] == 5
        assert g.victory_points[house] == 0
    assert g.units["white_harbor"] == (Unit("stark", "knight"),)  # X-AFFC-Q1: a knight
    assert Counter(u.kind for _, u in g.units_of("arryn")) == {
        "footman": 4,
        "knight": 2,
        "ship": 1,
    }
    assert g.units["the_mountains_of_the_moon"] == (
        Unit("arryn", "footman"),
        Unit("arryn", "footman"),
        Unit("arryn", "knight"),
    )
    assert sorted(g.power_tokens_of("lannister")) == [
        "blackwater",
        "kings_landing",
        "searoad_marches",
        "stoney_sept",
    ]
    assert g.power_in_pool("lannister") == 20 - 5 - 4
    assert g.wildling_threat == 2 and g.setup.last_round == 10


def test_x_affc_2_7_garrisons_of_the_eyrie_and_kings_landing() -> None:
    g = new_state(AFFC, 1)
    assert g.garrisons == {
        "winterfell": 2,
        "lannisport": 2,
        "dragonstone": 2,
        "the_eyrie": 6,
        "kings_landing": 5,
    }
    assert g.garrison_owner("the_eyrie") == "arryn"
    assert g.garrison_owner("kings_landing") == "lannister"
    assert not g.neutral


def test_x_affc_1_arryn_plays_its_own_cards_the_others_their_base_cards() -> None:
    g = new_state(AFFC, 1)
    assert len(g.hands["arryn"]) == 7 and "littlefinger" in g.hands["arryn"]
    assert sorted(T.HOUSE_CARD_BY_ID[c].strength for c in g.hands["arryn"]) == [
        0,
        1,
        1,
        2,
        2,
        3,
        4,
    ]
    assert g.hands["stark"] == tuple(c.id for c in T.HOUSE_CARDS["stark"])


# -- Westeros decks (X-AFFC-2.9, X-AFFC-3.1) ------------------------------------------------------


def test_x_affc_2_9_deck_i_is_the_affc_deck() -> None:
    g = new_state(AFFC, 1)
    deck = g.westeros_decks[1]
    assert len(deck) == 10 and Counter(deck) == Counter(T.westeros_deck_list(1, "affc"))
    assert Counter(T.WESTEROS_CARD_BY_ID[c].base_id for c in deck) == {
        "mustering_affc": 1,
        "rally_the_men": 2,
        "the_burden_of_power": 2,
        "famine": 1,
        "ironborn_raid": 1,
        "shifting_ambitions": 2,
        "new_information": 1,
    }
    # X-AFFC-3.1: no Winter Is Coming, 8 wildling icons
    assert sum(T.WESTEROS_CARD_BY_ID[c].wildling_icon for c in deck) == 8
    assert g.westeros_decks[2] == tuple(sorted(g.westeros_decks[2], key=deck_order(2)))
    assert Counter(g.westeros_decks[3]) == Counter(T.westeros_deck_list(3))
    assert Counter(new_state({"players": 4}, 1).westeros_decks[1]) == Counter(
        T.westeros_deck_list(1)
    )


def deck_order(deck: int) -> Any:
    """Sort key that leaves a shuffled deck as it is (decks II and III are the base ones)."""
    cards = T.westeros_deck_list(deck)
    return lambda c: 0 if c in cards else 1


# -- objectives (X-AFFC-2.8, X-AFFC-D1, X-AFFC-Q2) ------------------------------------------------


def test_x_affc_2_8_five_dealt_then_three_kept_secretly() -> None:
    """X-AFFC-Q2: 5 dealt, 2 returned one at a time (3 kept), back into the deck, shuffled; the
    choices are secret and simultaneous (all four asked at once, nothing logged before all
    chose)."""
    g = new_game(AFFC, 7)
    assert all(len(g.objective_hands[h]) == 5 for h in HOUSES)
    assert len(g.objective_deck) == 28 - 20
    decisions = g.pending()
    assert {d.kind for d in decisions} == {D.RETURN_OBJECTIVE.name} and len(decisions) == 4
    for d in decisions:
        assert d.choices == tuple(sorted(g.objective_hands[g.house_of(d.seat)]))
    before = len(g.log)
    returned: dict[str, list[str]] = {h: [] for h in HOUSES}
    while any(d.kind == D.RETURN_OBJECTIVE.name for d in g.pending()):
        assert len(g.log) == before  # R1.14.1: nothing shows before everybody chose
        d = g.pending()[-1]
        house = g.house_of(d.seat)
        assert not set(d.choices) & set(returned[house])  # a returned card is not offered
        returned[house].append(str(d.choices[0]))
        g.apply(d.seat, d.choices[0])
    for house in HOUSES:
        assert len(returned[house]) == 2
        assert len(g.objective_hands[house]) == 3
        assert not set(returned[house]) & set(g.objective_hands[house])
        assert set(returned[house]) <= set(g.objective_deck)
    assert len(g.objective_deck) == 28 - 12
    assert set(g.objective_deck).isdisjoint(c for h in HOUSES for c in g.objective_hands[h])
    shown = [e for e in g.events(0) if e.kind == "objectives_kept"]
    assert len(shown) == 4
    mine = [e for e in shown if e["house"] == g.house_of(0)]
    assert mine[0]["cards"] == list(g.objective_hands[g.house_of(0)])
    assert all("cards" not in e.fields for e in shown if e["house"] != g.house_of(0))
    assert pending(g).kind == D.PLACE_ORDER.name  # round 1 begins


def test_x_affc_d1_a_returned_card_cannot_be_returned_again() -> None:
    g = new_game(AFFC, 8)
    d = pending(g, D.RETURN_OBJECTIVE, "stark")
    g.apply(d.seat, d.choices[1])
    assert_illegal(g, d.choices[1], kind=D.RETURN_OBJECTIVE, house="stark")
    assert_illegal(g, "no_such_objective", kind=D.RETURN_OBJECTIVE, house="stark")


def test_x_affc_2_8_all_28_objectives_are_dealt_from() -> None:
    g = new_state(AFFC, 3)
    cards = [*g.objective_deck, *(c for h in HOUSES for c in g.objective_hands[h])]
    assert sorted(cards) == sorted(O.OBJECTIVES) and len(cards) == 28


# -- base games untouched -------------------------------------------------------------------------


@pytest.mark.parametrize("config", [{"players": 4}, {"players": 6, "scenario": "adwd"}])
def test_other_scenarios_have_no_objective_state(config: dict[str, Any]) -> None:
    g = new_state(config, 1)
    assert not g.is_affc()
    assert g.objective_deck == () and g.objective_hands == {} and g.victory_points == {}
    assert "objective_deck" not in g.snapshot()  # the state hash of these games is unchanged
    assert "arryn_power_tokens" not in g.config


def test_an_affc_game_pickles_and_clones_whole() -> None:
    """The AFfC state (homes, objectives) survives pickling and cloning (servers store games)."""
    import pickle

    g = new_game(AFFC, 5)
    back = pickle.loads(pickle.dumps(g))
    assert back.state_hash() == g.state_hash() and back.controller("the_eyrie") == "arryn"
    twin = g.clone()
    d = pending(twin, D.RETURN_OBJECTIVE)
    twin.apply(d.seat, d.choices[0])
    twin.objective_hands["stark"] = ()
    twin.victory_points["stark"] = 3
    assert len(g.objective_hands["stark"]) == 5 and g.victory_points["stark"] == 0
    assert g.state_hash() == back.state_hash()
