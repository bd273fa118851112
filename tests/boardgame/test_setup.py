"""Setup for 3–6 players (R2) and the game configuration (D1)."""

from __future__ import annotations

import pytest

from westeros.boardgame import tables as T
from westeros.boardgame.game import new_game
from westeros.boardgame.setup import new_state, validate_config


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_r2_starting_position(players: int) -> None:
    g = new_state({"players": players}, 7)
    setup = T.SETUPS[players]
    assert sorted(g.houses) == sorted(setup.houses)  # R2.1
    assert all(g.power[h] == 5 and g.power_in_pool(h) == 15 for h in g.houses)  # R2.4
    assert g.wildling_threat == 2 and g.round == 1  # R2.4
    assert g.tracks["iron_throne"] == setup.iron_throne  # R2.2
    assert g.garrisons == {T.HOME_AREAS[h]: 2 for h in g.houses}  # R2.6
    for house in g.houses:
        assert g.supply[house] == g.barrels(house)  # R2.4 initial supply = barrels
        assert g.castles(house) == (2 if house == "stark" else 1)
        assert g.complies(house)
        assert sorted(g.hands[house]) == sorted(c.id for c in T.HOUSE_CARDS[house])
    assert all(len(g.westeros_decks[d]) == 10 for d in (1, 2, 3))
    assert len(g.wildling_deck) == 9


def test_r2_7_neutral_forces_and_r2_8_impassable_for_three_players() -> None:
    g = new_state({"players": 3}, 1)
    assert g.neutral == {"kings_landing": 5, "the_eyrie": 6}
    assert {"pyke", "highgarden", "sunspear", "port_of_pyke"} <= g.impassable
    g4 = new_state({"players": 4}, 1)
    assert g4.neutral["storms_end"] == 4 and not g4.impassable
    assert "highgarden" not in g4.neutral and g4.controller("highgarden") is None  # R2.9, Q9


def test_r2_5_lannister_port_ship_errata_and_variant_flag() -> None:
    g = new_state({"players": 3}, 1)
    assert [u.kind for u in g.units["port_of_lannisport"]] == ["ship"]
    g2 = new_state({"players": 3, "lannister_port_ship": False}, 1)
    assert "port_of_lannisport" not in g2.units


def test_d1_houses_chosen_or_random_by_seed() -> None:
    chosen = new_state({"players": 3, "houses": ["baratheon", "stark", "lannister"]}, 1)
    assert chosen.seat_houses == ("baratheon", "stark", "lannister")
    a = new_state({"players": 6}, 5).seat_houses
    assert a == new_state({"players": 6}, 5).seat_houses
    assert any(new_state({"players": 6}, s).seat_houses != a for s in range(6, 12))


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"players": 2}, "players must be 3, 4, 5 or 6"),
        ({"players": 3, "houses": ["stark", "stark", "lannister"]}, "each of"),
        ({"players": 4, "tides": "yes"}, "tides must be"),
        ({"players": 4, "colour": 1}, "unknown config keys: colour"),
    ],
)
def test_bad_config_is_a_clear_error(config: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        validate_config(config)


def test_new_game_starts_with_planning_in_round_1() -> None:
    """R3.1: the Westeros phase is skipped in round 1."""
    g = new_game({"players": 4}, 3)
    assert g.round == 1 and g.phase == "planning"
    assert {d.kind for d in g.pending()} <= {"place_order"}
