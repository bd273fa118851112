"""Views (R1.14): each seat sees public facts and its own secrets, nothing else."""

from __future__ import annotations

import json

from tests.boardgame.driver import fight, log_lines
from westeros.boardgame import events as E
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import new_game
from westeros.boardgame.state import Order


def test_r1_14_face_down_orders_hidden_from_others_and_spectators() -> None:
    g = new_game({"players": 4, "houses": ["stark", "lannister", "baratheon", "greyjoy"]}, 1)
    stark = g.pending()[0]
    assert stark.seat == 0 and stark.kind == "place_order"
    g.apply(0, stark.choices[0])
    placed = [a for a, o in g.orders.items() if o.house == "stark"]
    assert placed
    area = placed[0]
    assert g.view(0)["orders"][area]["token"] == stark.choices[0]
    assert g.view(1)["orders"][area] == {"house": "stark", "token": None}
    assert g.view(None)["orders"][area]["token"] is None
    assert g.view(None)["house"] is None


def test_r1_14_revealed_orders_are_public() -> None:
    s = Scenario(players=3).empty().units("winterfell", "stark", "footman")
    s.order("winterfell", "raid")
    assert s.g.view(None)["orders"]["winterfell"]["token"] == "raid"


def test_r1_14_raven_peek_only_for_the_holder() -> None:
    s = Scenario(players=3)
    s.g.raven_peek, s.g.raven_peek_house = s.g.wildling_deck[0], "lannister"
    seat = s.g.seat_of("lannister")
    assert s.g.view(seat)["raven_peek"] == s.g.wildling_deck[0]
    assert all(s.g.view(x)["raven_peek"] is None for x in (None, *range(3)) if x != seat)


def test_views_carry_no_deck_order_and_are_json() -> None:
    g = new_game({"players": 6}, 2)
    for seat in (None, 0, 3):
        v = g.view(seat)
        json.dumps(v)
        text = json.dumps(v)
        assert 'wildling_deck"' not in text and "westeros_decks" not in text
        assert v["wildling_deck_size"] == 9


def test_views_show_own_decision_only() -> None:
    g = new_game({"players": 3}, 2)
    seats = [d.seat for d in g.pending()]
    for seat in seats:
        assert g.view(seat)["decision"]["seat"] == seat
    assert g.view(None)["decision"] is None
    assert g.view(None)["waiting_for"] == seats


def test_order_dataclass_reports_type() -> None:
    assert Order("stark", "march+1*").type == "march"
    assert Order("stark", "march+1*").special


def test_r1_14_chosen_house_card_hidden_until_both_revealed() -> None:
    """R1.14.1 / R7.5.1: a chosen house card is secret until both are revealed."""
    s = Scenario(players=4, houses=["stark", "lannister", "baratheon", "greyjoy"]).empty()
    s.units("riverrun", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "riverrun", "knight")
    kinds = {d.seat: d.kind for d in g.pending()}
    assert kinds == {0: "house_card", 1: "house_card"}
    g.apply(1, "tywin_lannister")
    assert g.view(1)["combat"]["cards"]["attacker"] == "tywin_lannister"
    for seat in (None, 0, 2, 3):
        combat = g.view(seat)["combat"]
        assert combat["cards"]["attacker"] is None
        assert combat["attacker"] == "lannister" and combat["defender"] == "stark"
    g.apply(0, "eddard_stark")
    assert g.view(None)["combat"] is None or g.view(None)["combat"]["cards"] == {
        "attacker": "tywin_lannister",
        "defender": "eddard_stark",
    }
    assert any("Tywin Lannister" in line for line in log_lines(g))


def test_r7_7_3_tides_of_battle_cards_public_once_revealed() -> None:
    """R7.7.2 / R7.7.3 / R1.14.1: a drawn Tides of Battle card is secret to its drawer until
    both are revealed — after the blade's redraw choice, before its +1 choice."""
    houses = ["stark", "lannister", "baratheon", "greyjoy"]
    s = Scenario(players=4, houses=houses, tides=True).empty()
    s.units("riverrun", "stark", "footman")
    s.track("fiefdoms", "stark", "lannister", "baratheon", "greyjoy")  # Stark holds the VSB
    g = s.attack("lannister", "harrenhal", "riverrun", "knight")
    g.apply(1, "ser_jaime_lannister")
    g.apply(0, "eddard_stark")
    (d,) = g.pending()
    assert (d.seat, d.kind, d.choices) == (0, "blade", ("redraw", "keep"))
    att, dfn = fight(g).drawn
    assert g.view(0)["combat"]["tides"] == {"attacker": None, "defender": dfn}
    assert g.view(1)["combat"]["tides"] == {"attacker": att, "defender": None}
    assert g.view(None)["combat"]["tides"] == {"attacker": None, "defender": None}
    g.apply(0, "keep")
    (d,) = g.pending()
    assert (d.seat, d.kind, d.choices) == (0, "blade", ("+1", "no"))
    assert any(E.tides_text(att) in line and E.tides_text(dfn) in line for line in log_lines(g))
    for seat in (None, 0, 1, 2, 3):
        assert g.view(seat)["combat"]["tides"] == {"attacker": att, "defender": dfn}


def test_e1_discard_piles_public_at_any_time_also_during_combat() -> None:
    """E1 / R1.11.2: every seat and spectators see every discard pile, also mid-combat."""
    s = Scenario(players=4, houses=["stark", "lannister", "baratheon", "greyjoy"]).empty()
    s.units("riverrun", "stark", "footman").hand("stark", "eddard_stark", "robb_stark")
    g = s.attack("lannister", "harrenhal", "riverrun", "knight")
    assert g.pending()[0].kind == "house_card"
    for seat in (None, 0, 1, 2, 3):
        v = g.view(seat)
        assert len(v["houses"]["stark"]["discards"]) == 5
        assert v["houses"]["stark"]["hand"] == ["eddard_stark", "robb_stark"]


def test_r7_4_view_shows_the_public_strength_known_so_far() -> None:
    """R7.4 / R1.14.1: before the cards are revealed only the initial parts are shown; then
    the house cards' part (and blade, tides) too."""
    houses = ["stark", "lannister", "baratheon", "greyjoy"]
    s = Scenario(players=4, houses=houses).empty().units("riverrun", "stark", "footman")
    s.track("fiefdoms", "stark", "lannister", "baratheon", "greyjoy")  # Stark holds the VSB
    g = s.attack("lannister", "harrenhal", "riverrun", "knight")
    g.apply(1, "tywin_lannister")
    for seat in (None, 0, 1):
        strength = g.view(seat)["combat"]["strength"]
        assert strength["attacker"] == {
            "units": 2,
            "order": 0,
            "garrison": 0,
            "support": 0,
            "initial": 2,
        }
        assert "house_card" not in strength["defender"]
    g.apply(0, "eddard_stark")
    assert [d.kind for d in g.pending()] == ["blade"]
    strength = g.view(None)["combat"]["strength"]
    assert (strength["attacker"]["house_card"], strength["attacker"]["final"]) == (4, 6)
    assert (strength["defender"]["house_card"], strength["defender"]["final"]) == (4, 5)
