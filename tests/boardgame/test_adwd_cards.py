"""A Dance with Dragons house cards (X-ADWD-3, X-ADWD-4) and the combat changes of X1: every
card's text applies and, for a conditional text, does not apply when it should not; every new
choice refuses an illegal answer.

ADwD tracks (X-ADWD-2.3): Iron Throne Lannister, Tyrell, Greyjoy, Stark, Baratheon, Martell;
Fiefdoms Greyjoy, Martell, Baratheon, Tyrell, Lannister, Stark (Greyjoy holds the blade).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.driver import (
    adwd,
    assert_illegal,
    cards,
    choices,
    decide,
    events_of,
    log_has,
    pending_kinds,
    run,
)
from westeros.boardgame import decisions as D
from westeros.boardgame import house_cards as HC
from westeros.boardgame import tables as T
from westeros.boardgame.combat import FLOW
from westeros.boardgame.fight import COMBAT, Fight, SideStrength
from westeros.boardgame.state import BoardGame, Side

DECK = T.HOUSE_CARD_DECKS["adwd"]
TEXTLESS = [c.id for cards_ in DECK.values() for c in cards_ if c.timing is None]
FOE = {"stark": "lannister"}  # the house on the other side of a generic fight


def foe_of(house: str) -> str:
    return FOE.get(house, "stark")


def final(g: BoardGame) -> dict[str, Any]:
    """The last combat's final strength parts per side (R7.8.1)."""
    fields: dict[str, Any] = events_of(g, "combat_final")[-1].fields["strength"]
    return fields


def card_texts(g: BoardGame, card: str) -> list[dict[str, Any]]:
    return [e.fields for e in events_of(g, "card_text") if e.fields["card"] == card]


def hand_without(g: BoardGame, house: str, *cards_: str) -> tuple[str, ...]:
    return tuple(c for c in g.hands[house] if c not in cards_)


# == the deck (X-ADWD-1.1, X-ADWD-3) ===============================================================


def test_x_adwd_3_seven_cards_per_house_with_the_strengths_of_a_deck() -> None:
    for house, deck in DECK.items():
        assert sorted(c.strength for c in deck) == [0, 1, 1, 2, 2, 3, 4], house
        assert all(c.house == house for c in deck)


def test_x_adwd_q3_ser_jon_fossoway_has_one_sword() -> None:
    """X-ADWD-Q3: the recommended answer, 1 sword."""
    card = T.HOUSE_CARD_BY_ID["ser_jon_fossoway"]
    assert (card.strength, card.swords, card.fortifications) == (2, 1, 0)


def test_every_adwd_card_with_text_has_an_ability_and_no_textless_one_has() -> None:
    for deck in DECK.values():
        for card in deck:
            assert (card.id in HC.ABILITIES) == (card.timing is not None), card.id


@pytest.mark.parametrize("card", TEXTLESS)
def test_r7_9_3_textless_adwd_card_attacking(card: str) -> None:
    house = T.HOUSE_CARD_BY_ID[card].house
    victim = foe_of(house)
    victim_card = "black_walder" if victim == "stark" else "daven_lannister"  # 2/1/0, no text
    g = fight_at(house, victim, defending=("footman",) * 3, attacking=("knight",) * 3)
    cards(g, **{house: card, victim: victim_card})
    run(g)
    info = T.HOUSE_CARD_BY_ID[card]
    assert final(g)["attacker"]["final"] == 6 + info.strength
    assert g.count_units(victim, "footman") == 3 - info.swords


@pytest.mark.parametrize("card", TEXTLESS)
def test_r7_9_3_textless_adwd_card_defending(card: str) -> None:
    house = T.HOUSE_CARD_BY_ID[card].house
    foe = foe_of(house)
    foe_card = "roose_bolton_adwd" if foe == "stark" else "daven_lannister"
    g = fight_at(foe, house, defending=("footman",) * 3, attacking=("knight",) * 3)
    cards(g, **{foe: foe_card, house: card})
    run(g)
    info = T.HOUSE_CARD_BY_ID[card]
    assert final(g)["defender"]["house_card"] == info.strength
    if final(g)["attacker"]["final"] > final(g)["defender"]["final"]:
        lost = max(0, T.HOUSE_CARD_BY_ID[foe_card].swords - info.fortifications)
        assert g.count_units(house, "footman") == 3 - lost
    else:
        assert g.count_units(house, "footman") == 3


def fight_at(
    attacker: str, defender: str, defending: tuple[str, ...] = ("footman",), **kw: Any
) -> BoardGame:
    """``attacker`` marches (``attacking``: one knight) from Harrenhal into Blackwater held by
    ``defender`` (``defending``); ``units``, ``orders``, ``power``, ``hands``, ``threat`` and
    ``tracks`` set up the rest of the board first."""
    s = adwd()
    for area, house, kinds in kw.pop("units", ()):
        s.units(area, house, *kinds)
    for area, token, house in kw.pop("orders", ()):
        s.order(area, token, house)
    for house, value in kw.pop("power", {}).items():
        s.power(house, value)
    for house, hand in kw.pop("hands", {}).items():
        s.hand(house, *hand)
    if "threat" in kw:
        s.threat(kw.pop("threat"))
    for track, order in kw.pop("tracks", {}).items():
        s.track(track, *order)
    s.units("blackwater", defender, *defending)
    return s.attack(attacker, "harrenhal", "blackwater", *kw.pop("attacking", ("knight",)))


# == X1 the combat changes =========================================================================


def test_x1_1_the_two_new_windows_are_declared_in_the_flow() -> None:
    names = [stage.name for stage in FLOW]
    assert names.index("immediately") < names.index("before_resolution") < names.index("draw")
    assert names.index("draw") < names.index("final_strength_override") < names.index("blade")


def test_x1_1_before_resolution_texts_resolve_in_iron_throne_order() -> None:
    """Lannister (Iron Throne 1) before Stark (4): Qyburn is asked before Walder Frey acts."""
    g = fight_at("stark", "lannister", power={"lannister": 5})
    g.discards["baratheon"] = ("ser_davos_seaworth_adwd",)
    cards(g, stark="walder_frey", lannister="qyburn")
    assert pending_kinds(g) == [D.QYBURN.name]
    assert not card_texts(g, "walder_frey")  # not yet: Lannister first
    decide(g, D.QYBURN, "pass")
    run(g)
    assert card_texts(g, "walder_frey")


def test_x1_2_an_ignored_text_has_no_effect_queen_of_thorns_vs_mance() -> None:
    """X1.2, X-ADWD-3 Queen of Thorns: Mance Rayder's override is ignored."""
    g = fight_at("baratheon", "tyrell", threat=10)
    cards(g, baratheon="mance_rayder", tyrell="queen_of_thorns_adwd")
    run(g)
    assert card_texts(g, "queen_of_thorns_adwd")[0]["ignored"] == "mance_rayder"
    assert "override" not in final(g)["attacker"]
    assert final(g)["attacker"]["final"] == 2  # one knight, no card strength
    assert not card_texts(g, "mance_rayder")


def test_x1_2_queen_of_thorns_ignores_a_before_resolution_choice() -> None:
    g = fight_at("lannister", "tyrell", power={"lannister": 5})
    g.discards["stark"] = ("roose_bolton_adwd",)
    cards(g, lannister="qyburn", tyrell="queen_of_thorns_adwd")
    run(g)
    assert D.QYBURN.name not in [e for e in pending_kinds(g)]
    assert g.power["lannister"] == 5 and final(g)["attacker"]["house_card"] == 0


def test_x1_3_a_card_removed_from_the_game_leaves_hand_recovery() -> None:
    """X1.3: the removed card is neither in hand nor discarded; hand recovery (R1.11.3) brings
    back only the cards that remain."""
    g = adwd().g
    house = "stark"
    g.hands[house] = ("reek", "black_walder")
    g.discards[house] = tuple(c.id for c in DECK[house] if c.id not in g.hands[house])
    HC.remove_from_game(g, house, "roose_bolton_adwd")
    assert "roose_bolton_adwd" not in (*g.hands[house], *g.discards[house])
    HC.discard_from_hand(g, house, "reek")
    HC.discard_from_hand(g, house, "black_walder")  # the last card: recovery
    assert sorted(g.hands[house]) == sorted(
        c.id for c in DECK[house] if c.id not in ("roose_bolton_adwd", "black_walder")
    )
    assert g.discards[house] == ("black_walder",)
    assert events_of(g, "card_removed")[0].fields == {"house": "stark", "card": "roose_bolton_adwd"}


def test_x1_4_difference_of_final_strengths_is_taken_after_clamping() -> None:
    f = Fight(COMBAT, "stark", "harrenhal", "blackwater", (), "march+0", defender="lannister")
    strong = SideStrength(units=4, order=0, garrison=0, support=0, card=2)
    weak = SideStrength(units=1, order=-1, garrison=0, support=0, card=1)
    f.final = (strong, weak)
    assert f.difference() == 6 - 1
    below = SideStrength(units=0, order=-1, garrison=0, support=0, card=0)  # final 0, not -1
    f.final = (strong, below)
    assert f.difference() == 6
    f.final = (SideStrength(units=9, order=0, garrison=0, support=0, override=2), weak)
    assert f.difference() == 1  # an overridden final strength (X1.1)


# == Stark (Bolton) ================================================================================


def test_ramsay_gets_plus_one_and_three_swords_while_reek_is_in_hand() -> None:
    """X-ADWD-4.4."""
    g = fight_at("stark", "lannister", defending=("footman",) * 4, attacking=("knight",) * 2)
    cards(g, stark="ramsay_bolton", lannister="daven_lannister")
    run(g)
    assert final(g)["attacker"]["house_card"] == 4
    assert g.count_units("lannister", "footman") == 1  # 3 swords: 3 casualties, 1 retreats


def test_ramsay_without_reek_in_hand_is_printed() -> None:
    hand = ("ramsay_bolton", "black_walder")
    g = fight_at("stark", "lannister", hands={"stark": hand})
    cards(g, stark="ramsay_bolton", lannister="daven_lannister")
    run(g)
    assert final(g)["attacker"]["house_card"] == 3


def test_walder_frey_turns_a_third_house_support_to_stark() -> None:
    """X-ADWD-4.5: Tyrell supported Lannister; it now supports Stark."""
    g = fight_at(
        "stark",
        "lannister",
        units=[("the_reach", "tyrell", ("knight",))],
        orders=[("the_reach", "support+0", "tyrell")],
    )
    run(g, {"support@tyrell": "defender"}, until=D.HOUSE_CARD)
    cards(g, stark="walder_frey", lannister="daven_lannister")
    run(g)
    assert card_texts(g, "walder_frey")[0]["houses"] == ["tyrell"]
    assert final(g)["attacker"]["support"] == 2 and final(g)["defender"]["support"] == 0


def test_walder_frey_leaves_the_opponent_own_support() -> None:
    g = fight_at(
        "stark",
        "lannister",
        units=[("stoney_sept", "lannister", ("knight",))],
        orders=[("stoney_sept", "support+0", "lannister")],
    )
    run(g, {"support@lannister": "defender"}, until=D.HOUSE_CARD)
    cards(g, stark="walder_frey", lannister="daven_lannister")
    run(g)
    assert card_texts(g, "walder_frey")[0]["houses"] == []
    assert final(g)["defender"]["support"] == 2


def test_reek_returns_ramsay_and_may_stay_in_hand_after_a_loss() -> None:
    """X-ADWD-4.4, X-ADWD-D1."""
    hand = ("reek", "black_walder", "roose_bolton_adwd")
    g = fight_at("stark", "lannister", defending=("knight",) * 3, hands={"stark": hand})
    assert "ramsay_bolton" in g.discards["stark"]
    cards(g, stark="reek", lannister="daven_lannister")
    run(g, until=D.REEK)
    assert "ramsay_bolton" in g.hands["stark"]  # immediately
    assert choices(g, D.REEK) == ("keep", "discard")
    decide(g, D.REEK, "keep")
    run(g)
    assert "reek" in g.hands["stark"] and "reek" not in g.discards["stark"]


def test_reek_is_discarded_when_not_kept_and_never_asked_on_a_win() -> None:
    g = fight_at("stark", "lannister", defending=("knight",) * 3)
    cards(g, stark="reek", lannister="daven_lannister")
    run(g, {D.REEK.name: "discard"})
    assert "reek" in g.discards["stark"]
    won = fight_at("stark", "lannister", attacking=("knight",) * 3)
    trace: list[str] = []
    cards(won, stark="reek", lannister="cersei_lannister_adwd")
    run(won, trace=trace)
    assert D.REEK.name not in trace and "reek" in won.discards["stark"]


def test_reek_illegal_answer() -> None:
    g = fight_at("stark", "lannister", defending=("knight",) * 3)
    cards(g, stark="reek", lannister="daven_lannister")
    run(g, until=D.REEK)
    assert_illegal(g, "maybe", D.REEK)


# == Lannister =====================================================================================


def test_ser_ilyn_payne_destroys_an_enemy_footman_anywhere_and_its_lone_order() -> None:
    g = fight_at(
        "lannister",
        "stark",
        units=[("the_twins", "stark", ("footman",)), ("winterfell", "stark", ("knight",))],
        orders=[("the_twins", "defense+1", "stark")],
        attacking=("knight",) * 3,
    )
    cards(g, lannister="ser_ilyn_payne", stark="black_walder")
    run(g, until=D.ILYN_PAYNE)
    assert choices(g, D.ILYN_PAYNE) == ("the_twins", "blackwater", "pass")
    decide(g, D.ILYN_PAYNE, "the_twins")
    run(g)
    assert "the_twins" not in g.units and "the_twins" not in g.orders
    assert card_texts(g, "ser_ilyn_payne")[0]["order_removed"] is True


def test_ser_ilyn_payne_not_on_a_defeat_and_illegal_area() -> None:
    g = fight_at("lannister", "stark", defending=("knight",) * 3)
    trace: list[str] = []
    cards(g, lannister="ser_ilyn_payne", stark="roose_bolton_adwd")
    run(g, trace=trace)
    assert D.ILYN_PAYNE.name not in trace
    g2 = fight_at("lannister", "stark", attacking=("knight",) * 3)
    cards(g2, lannister="ser_ilyn_payne", stark="black_walder")
    run(g2, until=D.ILYN_PAYNE)
    assert_illegal(g2, "winterfell", D.ILYN_PAYNE)


def test_ser_addam_marbrand_attacking_knights_plus_one_more() -> None:
    """XE2, X1.5: each attacking Lannister knight +1 more."""
    g = fight_at("lannister", "stark", attacking=("knight", "knight", "footman"))
    cards(g, lannister="ser_addam_marbrand", stark="black_walder")
    run(g)
    assert final(g)["attacker"]["units"] == 3 + 3 + 1


def test_ser_addam_marbrand_not_when_defending() -> None:
    g = fight_at("stark", "lannister", defending=("knight", "knight"))
    cards(g, stark="black_walder", lannister="ser_addam_marbrand")
    run(g)
    assert final(g)["defender"]["units"] == 4


def test_qyburn_pays_two_power_for_a_discarded_card_printed_values() -> None:
    """X-ADWD-4.7, X-ADWD-D2."""
    g = fight_at("lannister", "stark", power={"lannister": 3})
    g.discards["martell"] = ("areo_hotah_adwd",)  # 3 / 0 swords / 2 fortifications
    cards(g, lannister="qyburn", stark="black_walder")
    run(g, until=D.QYBURN)
    assert "areo_hotah_adwd" in choices(g, D.QYBURN)
    decide(g, D.QYBURN, "areo_hotah_adwd")
    run(g)
    assert g.power["lannister"] == 1
    assert final(g)["attacker"]["house_card"] == 3
    assert "areo_hotah_adwd" in g.discards["martell"]  # the copied card stays where it is


def test_qyburn_not_asked_without_two_power_and_illegal_card() -> None:
    g = fight_at("lannister", "stark", power={"lannister": 1})
    g.discards["martell"] = ("areo_hotah_adwd",)
    trace: list[str] = []
    cards(g, lannister="qyburn", stark="black_walder")
    run(g, trace=trace)
    assert D.QYBURN.name not in trace and final(g)["attacker"]["house_card"] == 0
    g2 = fight_at("lannister", "stark", power={"lannister": 3})
    g2.discards["martell"] = ("areo_hotah_adwd",)
    cards(g2, lannister="qyburn", stark="black_walder")
    run(g2, until=D.QYBURN)
    assert_illegal(g2, "big_man", D.QYBURN)  # in Martell's hand, not discarded


# == Baratheon =====================================================================================


def test_stannis_unsupported_removes_adjacent_support_orders() -> None:
    """X-ADWD-4.6: the opponent's support from a third house is removed with its order."""
    g = fight_at(
        "baratheon",
        "lannister",
        units=[("the_reach", "tyrell", ("knight",))],
        orders=[("the_reach", "support+0", "tyrell")],
    )
    run(g, {"support@tyrell": "defender"}, until=D.HOUSE_CARD)
    cards(g, baratheon="stannis_baratheon_adwd", lannister="daven_lannister")
    run(g)
    assert "the_reach" not in g.orders
    assert final(g)["defender"]["support"] == 0


def test_stannis_supported_removes_nothing() -> None:
    g = fight_at(
        "baratheon",
        "lannister",
        units=[("the_reach", "tyrell", ("knight",))],
        orders=[("the_reach", "support+0", "tyrell")],
    )
    run(g, {"support@tyrell": "attacker"}, until=D.HOUSE_CARD)
    cards(g, baratheon="stannis_baratheon_adwd", lannister="daven_lannister")
    run(g)
    assert g.orders["the_reach"].house == "tyrell" and final(g)["attacker"]["support"] == 2
    assert not card_texts(g, "stannis_baratheon_adwd")


def test_jon_snow_moves_the_threat_one_space() -> None:
    """X-ADWD-4.10, X-ADWD-D3."""
    g = fight_at("baratheon", "lannister", threat=4, attacking=("knight",) * 3)
    cards(g, baratheon="jon_snow", lannister="daven_lannister")
    run(g, until=D.JON_SNOW)
    assert choices(g, D.JON_SNOW) == ("up", "down", "pass")
    decide(g, D.JON_SNOW, "down")
    run(g)
    assert g.wildling_threat == 2


def test_jon_snow_never_above_10_nor_on_a_defeat() -> None:
    g = fight_at("baratheon", "lannister", threat=10, attacking=("knight",) * 3)
    cards(g, baratheon="jon_snow", lannister="daven_lannister")
    run(g, until=D.JON_SNOW)
    assert choices(g, D.JON_SNOW) == ("down", "pass")
    assert_illegal(g, "up", D.JON_SNOW)
    lost = fight_at("baratheon", "lannister", threat=4, defending=("knight",) * 3)
    trace: list[str] = []
    cards(lost, baratheon="jon_snow", lannister="daven_lannister")
    run(lost, trace=trace)
    assert D.JON_SNOW.name not in trace and lost.wildling_threat == 4


def test_melisandre_buys_back_a_card_for_its_printed_strength() -> None:
    """X-ADWD-D4: Melisandre herself may come back (strength 2)."""
    g = fight_at("baratheon", "lannister", power={"baratheon": 3})
    g.discards["baratheon"] = ("jon_snow",)  # strength 3
    g.hands["baratheon"] = hand_without(g, "baratheon", "jon_snow")
    cards(g, baratheon="melisandre_adwd", lannister="daven_lannister")
    run(g, until=D.MELISANDRE)
    assert choices(g, D.MELISANDRE) == ("jon_snow", "melisandre_adwd", "pass")
    decide(g, D.MELISANDRE, "jon_snow")
    run(g)
    assert "jon_snow" in g.hands["baratheon"] and g.power["baratheon"] == 0


def test_melisandre_offers_only_cards_she_can_pay_for() -> None:
    g = fight_at("baratheon", "lannister", power={"baratheon": 2})
    g.discards["baratheon"] = ("jon_snow",)
    g.hands["baratheon"] = hand_without(g, "baratheon", "jon_snow")
    cards(g, baratheon="melisandre_adwd", lannister="daven_lannister")
    run(g, until=D.MELISANDRE)
    assert choices(g, D.MELISANDRE) == ("melisandre_adwd", "pass")
    assert_illegal(g, "jon_snow", D.MELISANDRE)


def test_mance_rayder_final_strength_is_the_threat() -> None:
    """X-ADWD-4.1, XF1, X1.1: the override replaces every other part."""
    g = fight_at("baratheon", "lannister", threat=8, defending=("knight",) * 3)
    cards(g, baratheon="mance_rayder", lannister="daven_lannister")
    run(g)
    assert final(g)["attacker"]["final"] == 8 and final(g)["attacker"]["override"] == 8
    assert events_of(g, "combat_won")[-1].fields["winner"] == "attacker"  # 8 vs 6+2


def test_x1_1_the_blade_is_not_offered_to_an_overridden_side() -> None:
    fiefdoms = ("baratheon", "greyjoy", "martell", "tyrell", "lannister", "stark")
    g = fight_at("baratheon", "lannister", threat=4, tracks={"fiefdoms": fiefdoms})
    trace: list[str] = []
    cards(g, baratheon="mance_rayder", lannister="daven_lannister")
    run(g, trace=trace)
    assert D.BLADE.name not in trace and not g.vsb_used
    g2 = fight_at("baratheon", "lannister", threat=4, tracks={"fiefdoms": fiefdoms})
    trace2: list[str] = []
    cards(g2, baratheon="jon_snow", lannister="daven_lannister")
    run(g2, trace=trace2)
    assert D.BLADE.name in trace2  # without the override it is offered


# == Greyjoy =======================================================================================


def test_euron_plus_one_when_the_opponent_is_higher_on_fiefdoms() -> None:
    fiefdoms = ("stark", "greyjoy", "martell", "baratheon", "tyrell", "lannister")
    g = fight_at("greyjoy", "stark", tracks={"fiefdoms": fiefdoms})
    cards(g, greyjoy="euron_crows_eye_adwd", stark="black_walder")
    run(g)
    assert final(g)["attacker"]["house_card"] == 5


def test_euron_printed_when_the_opponent_is_lower() -> None:
    g = fight_at("greyjoy", "stark")  # Greyjoy first on Fiefdoms
    cards(g, greyjoy="euron_crows_eye_adwd", stark="black_walder")
    run(g)
    assert final(g)["attacker"]["house_card"] == 4


def test_rodrik_puts_a_chosen_westeros_card_on_top_secretly() -> None:
    """X-ADWD-4.2, XF2: only the deck is searched; the card is seen by Greyjoy only."""
    g = fight_at("greyjoy", "stark", attacking=("knight",) * 3)
    cards(g, greyjoy="rodrik_the_reader", stark="black_walder")
    run(g, until=D.RODRIK)
    offered = choices(g, D.RODRIK)
    assert set(offered) - {"pass"} == {c for d in g.westeros_decks.values() for c in d}
    decide(g, D.RODRIK, "II:winter_is_coming")
    run(g)
    assert g.westeros_decks[2][0] == "II:winter_is_coming"
    greyjoy, stark = g.seat_of("greyjoy"), g.seat_of("stark")
    mine = [e for e in g.events(greyjoy) if e.kind == "rodrik_search"]
    theirs = [e for e in g.events(stark) if e.kind == "rodrik_search"]
    assert mine[0].fields["card"] == "II:winter_is_coming" and "card" not in theirs[0].fields
    sample = g.determinize(greyjoy, 5)
    assert sample.westeros_decks[2][0] == "II:winter_is_coming"  # it knows its top card


def test_rodrik_choice_never_reaches_another_seats_sample() -> None:
    """R1.14.1: which card Rodrik put on top is Greyjoy's secret."""
    g = fight_at("greyjoy", "stark", attacking=("knight",) * 3)
    cards(g, greyjoy="rodrik_the_reader", stark="black_walder")
    run(g, until=D.RODRIK)
    one, two = g.clone(), g.clone()
    decide(one, D.RODRIK, "II:winter_is_coming")
    decide(two, D.RODRIK, "III:web_of_lies")
    for house in ("stark", "lannister", "tyrell"):
        seat = g.seat_of(house)
        assert one.determinize(seat, 3).state_hash() == two.determinize(seat, 3).state_hash()
        assert one.view(seat) == two.view(seat)


def test_rodrik_not_on_a_defeat_and_illegal_card() -> None:
    g = fight_at("greyjoy", "stark", defending=("knight",) * 3)
    trace: list[str] = []
    cards(g, greyjoy="rodrik_the_reader", stark="roose_bolton_adwd")
    run(g, trace=trace)
    assert D.RODRIK.name not in trace
    g2 = fight_at("greyjoy", "stark", attacking=("knight",) * 3)
    cards(g2, greyjoy="rodrik_the_reader", stark="black_walder")
    run(g2, until=D.RODRIK)
    assert_illegal(g2, "IV:winter_is_coming", D.RODRIK)


def test_qarl_the_maid_attacking_and_losing_gains_three_power() -> None:
    g = fight_at("greyjoy", "stark", defending=("knight",) * 3, power={"greyjoy": 1})
    cards(g, greyjoy="qarl_the_maid", stark="roose_bolton_adwd")
    run(g)
    assert g.power["greyjoy"] == 4


def test_qarl_the_maid_defending_and_losing_gains_nothing() -> None:
    g = fight_at("stark", "greyjoy", attacking=("knight",) * 3, power={"greyjoy": 1})
    cards(g, stark="roose_bolton_adwd", greyjoy="qarl_the_maid")
    run(g)
    assert g.power["greyjoy"] == 1 and not card_texts(g, "qarl_the_maid")


def test_aeron_damphair_adwd_discards_power_for_strength() -> None:
    """X-ADWD-D2: 0..available tokens, +1 each."""
    g = fight_at("greyjoy", "stark", power={"greyjoy": 3})
    cards(g, greyjoy="aeron_damphair_adwd", stark="black_walder")
    run(g, until=D.AERON_POWER)
    assert choices(g, D.AERON_POWER) == (0, 1, 2, 3)
    assert_illegal(g, 4, D.AERON_POWER)
    decide(g, D.AERON_POWER, 2)
    run(g)
    assert g.power["greyjoy"] == 1 and final(g)["attacker"]["house_card"] == 2


def test_aeron_damphair_adwd_with_no_power_asks_nothing() -> None:
    g = fight_at("greyjoy", "stark", power={"greyjoy": 0})
    trace: list[str] = []
    cards(g, greyjoy="aeron_damphair_adwd", stark="black_walder")
    run(g, trace=trace)
    assert D.AERON_POWER.name not in trace and final(g)["attacker"]["house_card"] == 0


# == Tyrell ========================================================================================


def test_queen_of_thorns_adwd_ignores_a_modifier() -> None:
    """X1.2: Ramsay's bonus is ignored; its printed values count."""
    g = fight_at("stark", "tyrell")
    cards(g, stark="ramsay_bolton", tyrell="queen_of_thorns_adwd")
    run(g)
    assert final(g)["attacker"]["house_card"] == 3
    assert log_has(g, "Queen of Thorns: the text of Stark's Ramsay Bolton is ignored")


def test_paxter_redwyne_sea_combat_ships_plus_one_more() -> None:
    """XE3, X-ADWD-4.3: attacking or defending, at sea."""
    s = adwd().units("blackwater_bay", "lannister", "ship")
    g = s.attack("tyrell", "shipbreaker_bay", "blackwater_bay", "ship", "ship")
    cards(g, tyrell="paxter_redwyne", lannister="daven_lannister")
    run(g)
    assert final(g)["attacker"]["units"] == 4


def test_paxter_redwyne_not_on_land() -> None:
    g = fight_at("tyrell", "stark", attacking=("knight",))
    cards(g, tyrell="paxter_redwyne", stark="black_walder")
    run(g)
    assert final(g)["attacker"]["units"] == 2


def test_margaery_defending_a_tyrell_power_token_area_sets_the_opponent_to_two() -> None:
    """X-ADWD-4.11."""
    s = adwd().token("blackwater", "tyrell").units("blackwater", "tyrell", "footman", "footman")
    g = s.attack("stark", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, stark="roose_bolton_adwd", tyrell="margaery_tyrell_adwd")
    run(g)
    assert final(g)["attacker"]["final"] == 2  # not 6 + 4
    assert final(g)["defender"]["final"] == 2  # the tie goes to Tyrell (Fiefdoms, R7.8.3)
    assert events_of(g, "combat_won")[-1].fields["winner"] == "defender"


def test_margaery_defending_home_area() -> None:
    s = adwd().units("highgarden", "tyrell", "footman")
    g = s.attack("martell", "the_reach", "highgarden", "knight", "knight")
    cards(g, martell="areo_hotah_adwd", tyrell="margaery_tyrell_adwd")
    run(g)
    assert final(g)["attacker"]["final"] == 2


def test_margaery_without_a_token_or_when_attacking_does_nothing() -> None:
    g = fight_at("stark", "tyrell", attacking=("knight",) * 3)
    cards(g, stark="roose_bolton_adwd", tyrell="margaery_tyrell_adwd")
    run(g)
    assert final(g)["attacker"]["final"] == 10
    g2 = fight_at("tyrell", "stark")
    cards(g2, tyrell="margaery_tyrell_adwd", stark="black_walder")
    run(g2)
    assert "override" not in final(g2)["defender"]


# == Martell =======================================================================================


def test_doran_adwd_trades_strength_for_icons_per_other_card() -> None:
    """X-ADWD-4.8: six other cards: strength 0, 6 swords, 6 fortifications."""
    g = fight_at("martell", "stark", defending=("footman",) * 3, attacking=("knight",) * 3)
    cards(g, martell="doran_martell_adwd", stark="black_walder")
    run(g)
    assert final(g)["attacker"]["house_card"] == 0
    assert g.count_units("stark", "footman") == 0


def test_doran_adwd_alone_with_one_other_card() -> None:
    hand = ("doran_martell_adwd", "big_man")
    g = fight_at("martell", "stark", hands={"martell": hand})
    cards(g, martell="doran_martell_adwd", stark="black_walder")
    run(g)
    assert final(g)["attacker"]["house_card"] == 3


def test_ser_gerris_moves_up_one_and_takes_the_dominance_token() -> None:
    """X-ADWD-4.9, R1.9.5: Martell is second on Fiefdoms."""
    g = fight_at("martell", "stark", attacking=("knight",) * 3)
    cards(g, martell="ser_gerris_drinkwater", stark="black_walder")
    run(g, until=D.GERRIS)
    assert choices(g, D.GERRIS) == ("iron_throne", "fiefdoms", "kings_court", "pass")
    decide(g, D.GERRIS, "fiefdoms")
    run(g)
    assert g.holder("fiefdoms") == "martell"
    assert g.tracks["fiefdoms"][1] == "greyjoy"


def test_ser_gerris_not_on_a_defeat_nor_on_a_track_led() -> None:
    g = fight_at("martell", "stark", defending=("knight",) * 3)
    trace: list[str] = []
    cards(g, martell="ser_gerris_drinkwater", stark="roose_bolton_adwd")
    run(g, trace=trace)
    assert D.GERRIS.name not in trace
    kc = ("martell", "tyrell", "stark", "lannister", "baratheon", "greyjoy")
    g2 = fight_at("martell", "stark", attacking=("knight",) * 3, tracks={"kings_court": kc})
    cards(g2, martell="ser_gerris_drinkwater", stark="black_walder")
    run(g2, until=D.GERRIS)
    assert_illegal(g2, "kings_court", D.GERRIS)


def test_quentyn_plus_one_per_discarded_card() -> None:
    g = fight_at("martell", "stark")
    g.discards["martell"] = ("big_man", "nymeria_sand_adwd")
    g.hands["martell"] = hand_without(g, "martell", "big_man", "nymeria_sand_adwd")
    cards(g, martell="quentyn_martell", stark="black_walder")
    run(g)
    assert final(g)["attacker"]["house_card"] == 3


def test_quentyn_with_an_empty_discard_pile_is_printed() -> None:
    g = fight_at("martell", "stark")
    cards(g, martell="quentyn_martell", stark="black_walder")
    run(g)
    assert final(g)["attacker"]["house_card"] == 1


# == views =========================================================================================


def test_the_view_shows_the_deck_the_scenario_and_what_texts_did() -> None:
    fiefdoms = ("lannister", "greyjoy", "martell", "baratheon", "tyrell", "stark")
    g = fight_at("lannister", "stark", power={"lannister": 3}, tracks={"fiefdoms": fiefdoms})
    g.discards["martell"] = ("areo_hotah_adwd",)
    cards(g, lannister="qyburn", stark="black_walder")
    run(g, until=D.QYBURN)
    decide(g, D.QYBURN, "areo_hotah_adwd")
    assert pending_kinds(g) == [D.BLADE.name]  # the fight goes on: Lannister holds the blade
    view = g.view(g.seat_of("stark"))
    assert view["scenario"] == "adwd" and view["house_cards"] == "adwd"
    assert view["last_round"] == 6
    assert view["garrison_houses"]["storms_end"] == "baratheon"
    assert view["combat"]["copied"] == {Side.ATTACKER: "areo_hotah_adwd", Side.DEFENDER: None}
    assert view["combat"]["paid"] == {Side.ATTACKER: 0, Side.DEFENDER: 0}
    assert view["combat"]["ignored"] == []
