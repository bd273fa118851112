"""A Feast for Crows cards: the AFfC Westeros deck I (X-AFFC-3, X-AFFC-3.1, X-AFFC-3.2,
X-AFFC-D3, X-AFFC-D4, X-AFFC-D5) and House Arryn's house cards (X-AFFC-5, X-AFFC-5.1,
X-AFFC-D6). Every text applies and, where it is conditional, does not apply when it should not;
every new choice refuses an illegal answer.

Base 4-player tracks (the Westeros cards need no Arryn): Iron Throne Baratheon, Lannister,
Stark, Greyjoy.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tests.boardgame.driver import (
    assert_illegal,
    cards,
    decide,
    events_of,
    log_has,
    only,
    pending,
    play,
    run,
)
from westeros.boardgame import decisions as D
from westeros.boardgame import house_cards as HC
from westeros.boardgame import tables as T
from westeros.boardgame.affc import known_holdings
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame
from westeros.boardgame.westeros_cards_affc import ShiftingAmbitions
from westeros.boardgame.westeros_phase import WESTEROS_TEXTS, ResolveWesterosCard, text_of
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.random_bot import RandomBot
from westeros.engine import IllegalAction

AFFC_I = T.westeros_deck_list(1, "affc")


def resolve(card: str, s: Scenario | None = None) -> BoardGame:
    """Resolve one Westeros card on ``s`` (an empty 4-player base board by default)."""
    g = (s or Scenario(players=4).empty()).start(ResolveWesterosCard(card))
    g.pending()
    return g


def mustered_in(g: BoardGame) -> list[tuple[str, str]]:
    """(house, area) of every area a house was asked to muster in, answering ``done``."""
    seen: list[tuple[str, str]] = []
    while g.pending():
        d = only(g)
        assert d.kind == D.MUSTER.name
        seen.append((g.house_of(d.seat), str(d.about("area"))))
        g.apply(d.seat, "done")
    return seen


# == the deck (X-AFFC-3, X-AFFC-3.1, X-AFFC-2.9) ===================================================


def test_x_affc_3_deck_i_has_ten_cards_of_seven_kinds() -> None:
    names = Counter(T.WESTEROS_CARD_BY_ID[c].name for c in AFFC_I)
    assert names == {
        "Mustering": 1,
        "Rally the Men": 2,
        "The Burden of Power": 2,
        "Famine": 1,
        "Ironborn Raid": 1,
        "Shifting Ambitions": 2,
        "New Information": 1,
    }
    assert all(T.WESTEROS_CARD_BY_ID[c].deck == 1 for c in AFFC_I)


def test_x_affc_3_1_eight_wildling_icons_and_no_winter_is_coming() -> None:
    assert sum(T.WESTEROS_CARD_BY_ID[c].wildling_icon for c in AFFC_I) == 8
    assert not any(text_of(c).reshuffle for c in AFFC_I)
    assert sum(T.WESTEROS_CARD_BY_ID[c].wildling_icon for c in T.westeros_deck_list(1)) == 3


def test_x_affc_2_9_decks_ii_and_iii_stay_the_base_ones() -> None:
    for deck in (2, 3):
        assert T.westeros_deck_list(deck, "affc") == T.westeros_deck_list(deck)
    assert not set(AFFC_I) & set(T.westeros_deck_list(1))


def test_x_affc_3_every_card_and_option_has_a_text() -> None:
    for card in AFFC_I:
        info = T.WESTEROS_CARD_BY_ID[card]
        assert info.base_id in WESTEROS_TEXTS
        assert all(option in WESTEROS_TEXTS for option in info.options)


# == Mustering, Rally the Men (X-AFFC-3, X-AFFC-D5) ================================================


def two_castles_and_strongholds() -> Scenario:
    """Stark holds Winterfell (stronghold) and White Harbor (castle); Lannister Lannisport
    (stronghold) and Harrenhal (castle); Baratheon Dragonstone (stronghold) only."""
    s = Scenario(players=4).empty()
    s.units("winterfell", "stark", "footman").units("white_harbor", "stark", "footman")
    s.units("lannisport", "lannister", "footman").units("harrenhal", "lannister", "footman")
    s.units("dragonstone", "baratheon", "footman")
    return s


def test_x_affc_3_mustering_as_the_base_card() -> None:
    g = resolve("I:mustering_affc", two_castles_and_strongholds())
    assert mustered_in(g) == [
        ("baratheon", "dragonstone"),
        ("lannister", "harrenhal"),  # map order
        ("lannister", "lannisport"),
        ("stark", "winterfell"),
        ("stark", "white_harbor"),
        ("greyjoy", "pyke"),
    ]


def test_x_affc_d5_rally_the_men_musters_in_castles_only_in_turn_order() -> None:
    g = resolve("I:rally_the_men", two_castles_and_strongholds())
    assert mustered_in(g) == [("lannister", "harrenhal"), ("stark", "white_harbor")]
    assert g.westeros_discards[1] == ("I:rally_the_men",)


def test_x_affc_d5_rally_the_men_buys_with_a_castles_points() -> None:
    g = resolve("I:rally_the_men", two_castles_and_strongholds())
    d = only(g)
    assert g.house_of(d.seat) == "lannister" and "knight" not in d.choices  # 1 point (R3.6.2)
    play(g, "footman")
    play(g, "footman")  # Stark in White Harbor; then nothing left anywhere
    assert not g.pending()
    assert g.count_units("stark", "footman") == 3 and g.count_units("lannister", "footman") == 3
    assert [u.kind for u in g.units["winterfell"]] == ["footman"]  # no stronghold mustering


# == The Burden of Power (X-AFFC-3, X-AFFC-D3) =====================================================


def test_x_affc_d3_the_burden_of_power_is_chosen_by_the_iron_throne_holder() -> None:
    g = resolve("I:the_burden_of_power", two_castles_and_strongholds().threat(8))
    d = only(g)
    assert d.kind == D.WESTEROS_CHOICE.name and g.house_of(d.seat) == "baratheon"
    assert set(d.choices) == {"threat_to_zero", "mustering"}
    assert_illegal(g, "nothing")
    assert_illegal(g, "supply")


def test_x_affc_d3_the_burden_of_power_threat_to_zero() -> None:
    g = resolve("I:the_burden_of_power", two_castles_and_strongholds().threat(8))
    decide(g, D.WESTEROS_CHOICE, "threat_to_zero")
    assert not g.pending()
    assert g.wildling_threat == 0
    assert events_of(g, "threat_to_zero")[0].fields == {"before": 8}
    assert log_has(g, "Baratheon chooses the wildling threat to 0")
    assert log_has(g, "the wildling threat drops from 8 to 0")


def test_x_affc_d3_the_burden_of_power_everyone_musters() -> None:
    g = resolve("I:the_burden_of_power", two_castles_and_strongholds().threat(8))
    decide(g, D.WESTEROS_CHOICE, "mustering")
    assert len(mustered_in(g)) == 6  # strongholds too, as Mustering
    assert g.wildling_threat == 8


# == Famine (X-AFFC-3) =============================================================================


def test_x_affc_3_famine_lowers_every_supply_then_reconciles_in_turn_order() -> None:
    s = Scenario(players=4).empty()
    s.supply("stark", 2).supply("lannister", 1).supply("baratheon", 0).supply("greyjoy", 3)
    s.units("winterfell", "stark", "footman", "footman", "footman")  # supply 1: (3, 2)
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman", "footman")  # 3, 2, 2 breaks supply 1
    s.units("lannisport", "lannister", "footman", "footman")  # 2 fits supply 0
    g = resolve("I:famine", s)
    assert g.supply == {"stark": 1, "lannister": 0, "baratheon": 0, "greyjoy": 2}
    moves = [(e.fields["house"], e.fields["old"], e.fields["new"]) for e in events_of(g, "famine")]
    assert moves == [  # turn order, never below 0
        ("baratheon", 0, 0),
        ("lannister", 1, 0),
        ("stark", 2, 1),
        ("greyjoy", 3, 2),
    ]
    d = only(g)
    assert d.kind == D.RECONCILE.name and g.house_of(d.seat) == "stark"
    assert_illegal(g, "lannisport:footman")
    play(g, "moat_cailin:footman")
    assert not g.pending()
    assert log_has(g, "Famine: Stark goes down from 2 to 1 on the supply track")
    assert log_has(g, "Famine: Baratheon stays at 0 on the supply track")


def test_x_affc_3_famine_without_a_breach_asks_nothing() -> None:
    s = Scenario(players=4).empty().supply("stark", 3)
    s.units("winterfell", "stark", "footman", "footman", "footman")
    g = resolve("I:famine", s)
    assert not g.pending() and g.supply["stark"] == 2


# == House Arryn's cards (X-AFFC-5, X-AFFC-5.1, X-AFFC-D6) =========================================
# AFfC tracks (X-AFFC-2.3): Iron Throne Baratheon, Lannister, Arryn, Stark; Fiefdoms Stark,
# Arryn, Baratheon, Lannister. The Eyrie is Arryn's home (X-AFFC-2.2).

ARRYN = T.HOUSE_CARD_DECKS["affc"]["arryn"]


def affc_board(**power: int) -> Scenario:
    """An empty AFfC board without garrisons; available power as given (others unchanged)."""
    s = Scenario(players=4, scenario="affc").empty(garrisons=False)
    for house, value in power.items():
        s.power(house, value)
    return s


def arryn_attacks_crackclaw(s: Scenario, *attacking: str, defending: int = 1) -> BoardGame:
    """Arryn marches ``attacking`` from the Mountains of the Moon into Crackclaw Point, held by
    ``defending`` Baratheon footmen."""
    s.units("crackclaw_point", "baratheon", *("footman",) * defending)
    return s.attack("arryn", "the_mountains_of_the_moon", "crackclaw_point", *attacking)


def final(g: BoardGame) -> dict[str, Any]:
    fields: dict[str, Any] = events_of(g, "combat_final")[-1].fields["strength"]
    return fields


def card_texts(g: BoardGame, card: str) -> list[dict[str, Any]]:
    return [e.fields for e in events_of(g, "card_text") if e.fields["card"] == card]


def test_x_affc_5_seven_arryn_cards_with_the_strengths_of_a_deck() -> None:
    assert sorted(c.strength for c in ARRYN) == [0, 1, 1, 2, 2, 3, 4]
    assert all(c.house == "arryn" for c in ARRYN)
    for card in ARRYN:
        assert (card.id in HC.ABILITIES) == (card.timing is not None), card.id
    with_text = {c.id for c in ARRYN if c.timing is not None}
    assert with_text == {
        "bronze_yohn_royce_affc",
        "littlefinger",
        "alayne_stone",
        "lysa_arryn_affc",
    }


@pytest.mark.parametrize("card", ["nestor_royce", "lyn_corbray", "lothor_brune"])
def test_x_affc_5_textless_arryn_cards_count_their_printed_values(card: str) -> None:
    """X-AFFC-5: strength and swords attacking (casualties R7.9.3), fortifications defending."""
    info = T.HOUSE_CARD_BY_ID[card]
    g = arryn_attacks_crackclaw(affc_board(), "knight", "knight", "knight", defending=3)
    cards(g, arryn=card, baratheon="melisandre")  # 1/0/0 (printed), no text
    run(g)
    assert final(g)["attacker"]["house_card"] == info.strength
    assert g.count_units("baratheon", "footman") == 3 - info.swords
    s = affc_board().units("crackclaw_point", "arryn", "footman")
    g = s.attack("baratheon", "blackwater", "crackclaw_point", "knight", "knight")
    cards(g, arryn=card, baratheon="melisandre")  # 1 sword against the fortifications
    run(g)
    assert final(g)["defender"]["house_card"] == info.strength
    lost = [e.fields["cause"] for e in events_of(g, "casualties") if e.fields["house"] == "arryn"]
    assert ("swords" in lost) == (info.fortifications == 0)


@pytest.mark.parametrize(("arryn", "baratheon", "bonus"), [(5, 3, 1), (3, 3, 0), (2, 4, 0)])
def test_x_affc_5_bronze_yohn_royce_plus_one_only_with_more_power(
    arryn: int, baratheon: int, bonus: int
) -> None:
    """X-AFFC-5, X-AFFC-Q6: strictly more available power than the opponent: +1."""
    g = arryn_attacks_crackclaw(affc_board(arryn=arryn, baratheon=baratheon), "knight")
    cards(g, arryn="bronze_yohn_royce_affc", baratheon="brienne_of_tarth")
    run(g)
    assert final(g)["attacker"]["house_card"] == 4 + bonus


def test_x_affc_5_littlefinger_gains_twice_the_opponents_printed_strength() -> None:
    s = affc_board(arryn=2, baratheon=1).hand("baratheon", "ser_davos_seaworth", "melisandre")
    g = arryn_attacks_crackclaw(s, "knight")  # Stannis discarded: Davos is 3, printed 2
    cards(g, arryn="littlefinger", baratheon="ser_davos_seaworth")
    run(g)
    assert final(g)["defender"]["house_card"] == 3
    assert g.power["arryn"] == 2 + 2 * 2
    (text,) = card_texts(g, "littlefinger")
    assert text["gained"] == 4 and text["opponent_card"] == "ser_davos_seaworth"
    assert log_has(g, "Littlefinger: Arryn holds The Eyrie and gains 4 power (twice the strength")


def test_x_affc_5_littlefinger_needs_the_eyrie() -> None:
    s = affc_board(arryn=2).units("the_eyrie", "stark", "footman")  # Stark holds The Eyrie
    g = arryn_attacks_crackclaw(s, "knight")
    cards(g, arryn="littlefinger", baratheon="brienne_of_tarth")
    run(g)
    assert g.power["arryn"] == 2 and not card_texts(g, "littlefinger")


def test_x_affc_5_1_littlefinger_after_retaking_the_eyrie() -> None:
    """X-AFFC-5.1: control is read after the clean up: Arryn, winning on The Eyrie, has moved
    in by then."""
    s = affc_board(arryn=0).units("the_eyrie", "baratheon", "footman")
    g = s.attack("arryn", "the_mountains_of_the_moon", "the_eyrie", "knight", "knight")
    cards(g, arryn="littlefinger", baratheon="brienne_of_tarth")
    run(g)
    assert g.controller("the_eyrie") == "arryn"
    assert g.power["arryn"] == 2 * 2


def test_x_affc_5_1_littlefinger_after_losing_the_eyrie() -> None:
    """X-AFFC-5.1: Arryn held The Eyrie when the combat was decided, but not after it."""
    s = affc_board(arryn=0).units("the_eyrie", "arryn", "footman")
    g = s.attack("baratheon", "the_mountains_of_the_moon", "the_eyrie", "knight", "knight")
    cards(g, arryn="littlefinger", baratheon="brienne_of_tarth")
    run(g)
    assert g.controller("the_eyrie") == "baratheon"
    assert g.power["arryn"] == 0 and not card_texts(g, "littlefinger")


def alayne_fight(s: Scenario) -> BoardGame:
    """Arryn (three knights) beats one Baratheon footman in Crackclaw Point with Alayne Stone."""
    g = arryn_attacks_crackclaw(s, "knight", "knight", "knight")
    cards(g, arryn="alayne_stone", baratheon="brienne_of_tarth")
    run(g, until=D.ALAYNE_STONE)
    return g


def test_x_affc_d6_alayne_stone_pays_two_and_the_opponent_loses_all() -> None:
    g = alayne_fight(affc_board(arryn=5, baratheon=4))
    d = pending(g, D.ALAYNE_STONE, "arryn")
    assert d.choices == ("pay", "pass")
    assert_illegal(g, "yes")
    decide(g, D.ALAYNE_STONE, "pay")
    run(g)
    assert g.power["arryn"] == 3 and g.power["baratheon"] == 0
    assert card_texts(g, "alayne_stone")[0]["lost"] == 4
    assert log_has(g, "Alayne Stone: Arryn discards 2 power and Baratheon discards all its")


def test_x_affc_d6_alayne_stone_may_pass() -> None:
    g = alayne_fight(affc_board(arryn=5, baratheon=4))
    decide(g, D.ALAYNE_STONE, "pass")
    run(g)
    assert g.power["arryn"] == 5 and g.power["baratheon"] == 4
    assert not card_texts(g, "alayne_stone")


@pytest.mark.parametrize(
    "case", ["lost", "no_eyrie", "too_poor", "nothing_to_take"], ids=lambda c: c
)
def test_x_affc_5_alayne_stone_not_offered(case: str) -> None:
    power = {"arryn": 1 if case == "too_poor" else 5}
    power["baratheon"] = 0 if case == "nothing_to_take" else 4
    s = affc_board(**power)
    if case == "no_eyrie":
        s.units("the_eyrie", "stark", "footman")
    defending = 5 if case == "lost" else 1
    g = arryn_attacks_crackclaw(s, "knight", defending=defending)
    cards(g, arryn="alayne_stone", baratheon="brienne_of_tarth")
    trace: list[str] = []
    run(g, trace=trace)
    assert D.ALAYNE_STONE.name not in trace
    assert g.power["baratheon"] == power["baratheon"]


def test_x_affc_5_1_alayne_stone_after_retaking_the_eyrie() -> None:
    s = affc_board(arryn=5, baratheon=4).units("the_eyrie", "baratheon", "footman")
    g = s.attack("arryn", "the_mountains_of_the_moon", "the_eyrie", "knight", "knight", "knight")
    cards(g, arryn="alayne_stone", baratheon="brienne_of_tarth")
    run(g, until=D.ALAYNE_STONE)
    decide(g, D.ALAYNE_STONE, "pay")
    run(g)
    assert g.power["baratheon"] == 0


@pytest.mark.parametrize(("arryn", "baratheon", "gain"), [(1, 4, 3), (4, 4, 0), (5, 2, 0)])
def test_x_affc_5_lysa_arryn_gains_three_only_against_more_power(
    arryn: int, baratheon: int, gain: int
) -> None:
    g = arryn_attacks_crackclaw(affc_board(arryn=arryn, baratheon=baratheon), "knight")
    cards(g, arryn="lysa_arryn_affc", baratheon="brienne_of_tarth")
    run(g)
    assert g.power["arryn"] == arryn + gain
    assert len(card_texts(g, "lysa_arryn_affc")) == (1 if gain else 0)


# == the objective cards of deck I (X-AFFC-3.2, XF3, X-AFFC-D4) ====================================
# AFfC turn order (Iron Throne, X-AFFC-2.3): Baratheon, Lannister, Arryn, Stark.

AFFC_ORDER = ("baratheon", "lannister", "arryn", "stark")


def objectives(s: Scenario, deck: tuple[str, ...] = (), **hands: tuple[str, ...]) -> Scenario:
    """Objective hands and deck of an AFfC position (every house not named holds none)."""
    s.g.objective_hands = {h: hands.get(h, ()) for h in s.g.houses}
    s.g.objective_deck = deck
    return s


def test_x_affc_3_2_ironborn_raid_two_scored_cards_lose_a_point() -> None:
    s = affc_board()
    s.g.objectives_scored = {
        "baratheon": ("land_grab", "the_throne"),
        "lannister": ("arbor_gold", "the_blade", "the_raven"),
        "arryn": ("hold_court",),
        "stark": ("a_firm_grip", "ample_harvest"),
    }
    s.g.victory_points = {"baratheon": 4, "lannister": 5, "arryn": 3, "stark": 0}
    g = resolve("I:ironborn_raid", s)
    assert not g.pending()
    assert g.victory_points == {"baratheon": 3, "lannister": 4, "arryn": 3, "stark": 0}
    raided = [(e.fields["house"], e.fields["lost"]) for e in events_of(g, "ironborn_raid")]
    assert raided == [("baratheon", 1), ("lannister", 1), ("stark", 0)]  # turn order; never < 0
    assert log_has(g, "Ironborn Raid: Stark has 2 scored objective cards and has no victory")


def test_xf3_ironborn_raid_special_objectives_do_not_count() -> None:
    """XF3 (X-AFFC-3.2): a house with one scored card and its special objective scored (its
    points count, but it is no card) is not raided."""
    s = affc_board()
    s.g.objectives_scored = {h: () for h in AFFC_ORDER} | {"arryn": ("hold_court",)}
    s.g.victory_points = {"baratheon": 0, "lannister": 0, "arryn": 3, "stark": 0}  # 2 + special 1
    g = resolve("I:ironborn_raid", s)
    assert g.victory_points["arryn"] == 3 and not events_of(g, "ironborn_raid")
    assert events_of(g, "westeros_nothing")


def shifting(s: Scenario | None = None) -> BoardGame:
    return resolve(
        "I:shifting_ambitions",
        objectives(
            s or affc_board(),
            baratheon=("land_grab", "the_throne"),
            lannister=("arbor_gold", "the_blade"),
            arryn=("hold_court",),
            stark=(),  # no card: Stark neither gives nor takes
        ),
    )


def test_x_affc_d4_shifting_ambitions_secret_gifts_all_at_once() -> None:
    g = shifting()
    ds = g.pending()
    assert [d.kind for d in ds] == [D.SHIFTING_AMBITIONS_GIVE.name] * 3
    assert {g.house_of(d.seat) for d in ds} == {"baratheon", "lannister", "arryn"}
    assert pending(g, house="baratheon").choices == ("land_grab", "the_throne")
    assert_illegal(g, "arbor_gold", house="baratheon")  # not in its hand
    decide(g, D.SHIFTING_AMBITIONS_GIVE, "the_blade", "lannister")
    assert not events_of(g, "ambition_given")  # nothing logged before everyone gave (R1.14.1)
    decide(g, D.SHIFTING_AMBITIONS_GIVE, "land_grab", "baratheon")
    decide(g, D.SHIFTING_AMBITIONS_GIVE, "hold_court", "arryn")
    pool = events_of(g, "ambitions_pool")[0].fields["cards"]
    assert pool == ["hold_court", "land_grab", "the_blade"]
    for e in events_of(g, "ambition_given"):  # each seat sees its own card only
        mine = g.seat_of(e.fields["house"])
        assert e.for_seat(mine).fields["card"]
        other = (mine + 1) % 4
        assert "card" not in e.for_seat(other).fields
        assert "card" not in e.for_seat(None).fields
    assert g.objective_hands["arryn"] == ()


def test_x_affc_d4_shifting_ambitions_takes_in_turn_order() -> None:
    g = shifting()
    for house, card in (
        ("baratheon", "land_grab"),
        ("lannister", "the_blade"),
        ("arryn", "hold_court"),
    ):
        decide(g, D.SHIFTING_AMBITIONS_GIVE, card, house)
    d = only(g)
    assert d.kind == D.SHIFTING_AMBITIONS_TAKE.name and g.house_of(d.seat) == "baratheon"
    assert d.choices == ("hold_court", "land_grab", "the_blade")  # its own card too
    assert_illegal(g, "the_throne")
    play(g, "the_blade")
    d = only(g)
    assert g.house_of(d.seat) == "lannister" and d.choices == ("hold_court", "land_grab")
    play(g, "land_grab")
    assert not g.pending()  # Arryn takes the last card
    assert g.objective_hands == {
        "baratheon": ("the_throne", "the_blade"),
        "lannister": ("arbor_gold", "land_grab"),
        "arryn": ("hold_court",),
        "stark": (),
    }
    taken = [(e.fields["house"], e.fields["card"]) for e in events_of(g, "ambition_taken")]
    assert taken == [
        ("baratheon", "the_blade"),
        ("lannister", "land_grab"),
        ("arryn", "hold_court"),
    ]
    assert log_has(g, "Shifting Ambitions: Baratheon takes")
    assert g.westeros_discards[1] == ("I:shifting_ambitions",)


def test_x_affc_d4_shifting_ambitions_without_objectives_does_nothing() -> None:
    g = resolve("I:shifting_ambitions", objectives(affc_board()))
    assert not g.pending() and not events_of(g, "ambitions_pool")


def new_information(deck: tuple[str, ...]) -> BoardGame:
    s = objectives(
        affc_board(),
        deck,
        baratheon=("land_grab", "the_throne"),
        lannister=("arbor_gold",),
        arryn=("hold_court", "the_raven"),
        stark=(),
    )
    return resolve("I:new_information", s)


def test_x_affc_d4_new_information_draw_in_turn_order_then_secret_returns() -> None:
    deck = ("the_blade", "crossing_guard", "ample_harvest", "a_firm_grip", "take_the_black")
    g = new_information(deck)
    drawn = [(e.fields["house"], e.fields["card"]) for e in events_of(g, "objective_drawn")]
    assert drawn == [
        ("baratheon", "the_blade"),
        ("lannister", "crossing_guard"),
        ("arryn", "ample_harvest"),
        ("stark", "a_firm_grip"),
    ]
    ds = g.pending()
    assert [d.kind for d in ds] == [D.NEW_INFORMATION_RETURN.name] * 4
    assert pending(g, house="stark").choices == ("a_firm_grip",)
    assert pending(g, house="baratheon").choices == ("land_grab", "the_blade", "the_throne")
    assert_illegal(g, "arbor_gold", house="baratheon")
    for house, card in (
        ("stark", "a_firm_grip"),
        ("baratheon", "the_throne"),
        ("lannister", "arbor_gold"),
        ("arryn", "hold_court"),
    ):
        assert not events_of(g, "objective_returned")
        decide(g, D.NEW_INFORMATION_RETURN, card, house)
    assert not g.pending()
    assert g.objective_hands == {
        "baratheon": ("land_grab", "the_blade"),
        "lannister": ("crossing_guard",),
        "arryn": ("the_raven", "ample_harvest"),
        "stark": (),
    }
    assert sorted(g.objective_deck) == sorted(
        ("take_the_black", "a_firm_grip", "the_throne", "arbor_gold", "hold_court")
    )
    returned = events_of(g, "objective_returned")
    assert [e.fields["house"] for e in returned] == list(AFFC_ORDER)
    for e in returned:
        assert "card" not in e.for_seat(None).fields
    assert log_has(g, "New Information: Stark shuffles an objective card back into the objective")


def test_x_affc_d4_new_information_with_an_empty_deck() -> None:
    g = new_information(())
    assert not events_of(g, "objective_drawn")
    assert {g.house_of(d.seat) for d in g.pending()} == {"baratheon", "lannister", "arryn"}


def test_x_affc_d4_a_card_not_in_hand_is_refused_in_words() -> None:
    g = shifting()
    d = pending(g, D.SHIFTING_AMBITIONS_GIVE, "baratheon")
    with pytest.raises(IllegalAction) as info:
        g.apply(d.seat, "arbor_gold")
    assert info.value.player.startswith(
        "Baratheon: Arbor Gold is not one of the objective cards you may pick now (Shifting "
        "Ambitions: put one objective card"
    )


# == secrecy, determinize and bots for the new decisions ===========================================


def test_x_affc_d4_a_secret_gift_changes_no_other_seats_view() -> None:
    """R1.14: Lannister's gift (either card) leaves every other seat's view and log the same."""
    seen = []
    for card in ("arbor_gold", "the_blade"):
        g = shifting()
        decide(g, D.SHIFTING_AMBITIONS_GIVE, card, "lannister")
        others = [g.seat_of(h) for h in ("baratheon", "arryn", "stark")]
        seen.append([(g.view(seat), [e.for_seat(seat) for e in g.log]) for seat in others])
    assert seen[0] == seen[1]


def test_x_affc_d4_determinize_redraws_the_other_houses_open_picks() -> None:
    g = shifting()
    decide(g, D.SHIFTING_AMBITIONS_GIVE, "the_blade", "lannister")
    decide(g, D.SHIFTING_AMBITIONS_GIVE, "land_grab", "baratheon")
    baratheon = g.seat_of("baratheon")
    for seed in range(6):
        copy = g.determinize(baratheon, seed)
        (step,) = [s for s in copy.stack if isinstance(s, ShiftingAmbitions)]
        picks = dict(step.given)
        assert picks["baratheon"] == "land_grab"  # its own pick is known
        assert picks["lannister"] in copy.objective_hands["lannister"]
        arryn = pending(copy, D.SHIFTING_AMBITIONS_GIVE, "arryn")  # the copy plays on
        copy.apply(arryn.seat, arryn.choices[0])
        assert len(events_of(copy, "ambitions_pool")) == 1


@pytest.mark.parametrize("kind", ["give", "return"])
def test_x_affc_d4_an_unseen_pick_never_reaches_another_seats_sample(kind: str) -> None:
    """R1.14: two games that differ only in Lannister's secret pick give every other seat the
    same determinized sample."""
    samples = []
    for card in ("arbor_gold", "the_blade"):
        if kind == "give":
            g = shifting()
            decide(g, D.SHIFTING_AMBITIONS_GIVE, card, "lannister")
        else:
            g = new_information(("the_blade", "crossing_guard", "a_firm_grip", "take_the_black"))
            decide(
                g,
                D.NEW_INFORMATION_RETURN,
                "crossing_guard" if card == "the_blade" else card,
                "lannister",
            )
        samples.append(
            [g.determinize(g.seat_of(h), 3).state_hash() for h in ("baratheon", "arryn")]
        )
    assert samples[0] == samples[1]


def test_x_affc_d4_a_card_taken_in_public_stays_in_its_takers_sampled_hand() -> None:
    """R1.14: everybody saw Baratheon take The Blade from the pool; a sample keeps it there,
    until Baratheon makes a secret pick of its hand again (New Information)."""
    s = objectives(
        affc_board(),
        ("crossing_guard", "a_firm_grip", "take_the_black", "ample_harvest"),
        baratheon=("land_grab", "the_throne"),
        lannister=("arbor_gold", "the_blade"),
        arryn=("hold_court",),
    )
    g = s.start(
        ResolveWesterosCard("I:shifting_ambitions"), ResolveWesterosCard("I:new_information")
    )
    for house, card in (
        ("baratheon", "land_grab"),
        ("lannister", "the_blade"),
        ("arryn", "hold_court"),
    ):
        decide(g, D.SHIFTING_AMBITIONS_GIVE, card, house)
    play(g, "the_blade", "land_grab")
    assert pending(g).kind == D.NEW_INFORMATION_RETURN.name
    assert known_holdings(g) == {
        "baratheon": {"the_blade"},
        "lannister": {"land_grab"},
        "arryn": {"hold_court"},
    }
    for seed in range(8):
        copy = g.determinize(g.seat_of("lannister"), seed)
        assert "the_blade" in copy.objective_hands["baratheon"]
    for house in ("baratheon", "lannister", "arryn", "stark"):
        d = pending(g, D.NEW_INFORMATION_RETURN, house)
        g.apply(d.seat, d.choices[-1])
    assert not g.pending()
    assert known_holdings(g) == {"baratheon": set(), "lannister": set(), "arryn": set()}


def answer_all(g: BoardGame, bot: Any) -> set[str]:
    """Let ``bot`` answer every decision (through the seat's view) until none is left."""
    kinds: set[str] = set()
    while g.pending():
        d = g.pending()[0]
        choice = bot.choose(g.view(d.seat), d)
        assert choice in d.choices, (d.kind, choice)
        kinds.add(d.kind)
        g.apply(d.seat, choice)
    return kinds


@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_bots_answer_the_new_decisions_legally(bot: type) -> None:
    """X-AFFC-D3, D4, D6: the random and heuristic bots pick legal answers."""
    kinds = answer_all(shifting(), bot(1))
    kinds |= answer_all(new_information(("the_blade", "crossing_guard", "a_firm_grip")), bot(2))
    kinds |= answer_all(
        resolve("I:the_burden_of_power", two_castles_and_strongholds().threat(6)), bot(3)
    )
    kinds |= answer_all(alayne_fight(affc_board(arryn=5, baratheon=4)), bot(4))
    assert {
        D.SHIFTING_AMBITIONS_GIVE.name,
        D.SHIFTING_AMBITIONS_TAKE.name,
        D.NEW_INFORMATION_RETURN.name,
        D.WESTEROS_CHOICE.name,
        D.ALAYNE_STONE.name,
    } <= kinds


def test_the_heuristic_bot_pays_for_alayne_stone() -> None:
    g = alayne_fight(affc_board(arryn=5, baratheon=4))
    d = pending(g, D.ALAYNE_STONE)
    assert HeuristicBot(0).choose(g.view(d.seat), d) == "pay"


@pytest.mark.parametrize(("threat", "expected"), [(10, "threat_to_zero"), (2, "mustering")])
def test_the_heuristic_bot_clears_a_high_threat_with_the_burden_of_power(
    threat: int, expected: str
) -> None:
    """X-AFFC-D3: a simple rule: reset the wildling threat when it is high, else muster."""
    g = resolve("I:the_burden_of_power", two_castles_and_strongholds().threat(threat))
    d = only(g)
    assert HeuristicBot(0).choose(g.view(d.seat), d) == expected


def test_r1_6_2_lysa_arryn_gains_no_more_than_arryns_pool_holds() -> None:
    """R1.6.2: 18 available and one token on the board leave 1 of Arryn's 20 in the Pool."""
    s = affc_board(arryn=19, baratheon=19).token("the_fingers", "arryn")
    g = arryn_attacks_crackclaw(s, "knight")
    cards(g, arryn="lysa_arryn_affc", baratheon="brienne_of_tarth")
    run(g)
    assert g.power["arryn"] == 19 and card_texts(g, "lysa_arryn_affc")[0]["gained"] == 1


def test_x_affc_2_9_the_web_page_names_the_affc_deck_i() -> None:
    """The web table names a revealed AFfC deck I card as it names the base ones."""
    from westeros.web.boardgame_page import boardgame_data

    cards = json.loads(boardgame_data())["westeros_cards"]
    assert cards["I:rally_the_men"]["name"] == "Rally the Men"
    assert set(AFFC_I) | set(T.westeros_deck_list(1)) <= set(cards)


def test_x_affc_d4_the_shown_pool_is_in_every_view_and_the_heuristic_takes_the_best() -> None:
    g = shifting()
    for house, card in (
        ("baratheon", "land_grab"),
        ("lannister", "the_blade"),
        ("arryn", "hold_court"),
    ):
        assert g.view(None)["objectives"]["pool"] == []  # nothing shown before every gift
        decide(g, D.SHIFTING_AMBITIONS_GIVE, card, house)
    for seat in (None, 0, 1, 2, 3):
        seen = g.view(seat)["objectives"]
        assert seen["pool"] == ["hold_court", "land_grab", "the_blade"]
        assert {"hold_court", "land_grab", "the_blade"} <= set(seen["cards"])
    d = pending(g, D.SHIFTING_AMBITIONS_TAKE, "baratheon")
    assert HeuristicBot(0).choose(g.view(d.seat), d) == "land_grab"  # 2 points for Baratheon
