"""Mother of Dragons house cards: House Arryn's MoD deck (X-MOD-4.1–X-MOD-4.4), the shared vassal
cards (X-MOD-10.7–X-MOD-10.10, XF10, XF11) and Targaryen's decks A and B (X-MOD-5.8–X-MOD-5.10,
XE4, XE5, XF20). Every text applies and, where it is conditional, does not apply when it should
not; every choice (X-MOD-D10) goes to the right seat, refuses an illegal answer, and the bots
answer it legally.

MoD tracks (X-MOD-2.1): Iron Throne Baratheon, Lannister, Stark, Martell, Greyjoy, Tyrell, Arryn;
Fiefdoms Greyjoy, Tyrell, Martell, Arryn, Stark, Baratheon, Lannister.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.driver import (
    assert_illegal,
    cards,
    decide,
    events_of,
    log_has,
    pending,
    pending_kinds,
    run,
)
from tests.boardgame.invariants import check_invariants
from tests.boardgame.test_affc_cards import answer_all
from westeros.boardgame import decisions as D
from westeros.boardgame import determinize
from westeros.boardgame import house_cards as HC
from westeros.boardgame import tables as T
from westeros.boardgame import vassals as V
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import new_position
from westeros.boardgame.state import BoardGame, Unit
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.random_bot import RandomBot

ARRYN = T.HOUSE_CARD_DECKS["mod"]["arryn"]
MOD_CARDS = (*ARRYN, *T.TARGARYEN_DECKS["a"], *T.TARGARYEN_DECKS["b"], *T.VASSAL_CARDS)


def mod7(**power: int) -> Scenario:
    """An empty 7-player MoD board (no vassals, no garrisons); available power as given."""
    s = Scenario(players=7, scenario="mod").empty(garrisons=False)
    for house, value in power.items():
        s.power(house, value)
    return s


def final(g: BoardGame) -> dict[str, Any]:
    fields: dict[str, Any] = events_of(g, "combat_final")[-1].fields["strength"]
    return fields


def card_texts(g: BoardGame, card: str) -> list[dict[str, Any]]:
    return [e.fields for e in events_of(g, "card_text") if e.fields["card"] == card]


def removed(g: BoardGame) -> list[tuple[str, str]]:
    return [(e.fields["house"], e.fields["card"]) for e in events_of(g, "card_removed")]


# == the data (X-MOD-4.1, X-MOD-4.2, X-MOD-5.8, X-MOD-10.7, X-MOD-10.9) ============================


def test_x_mod_4_1_the_mod_deck_is_the_base_six_and_arryns_mod_cards() -> None:
    deck = T.HOUSE_CARD_DECKS["mod"]
    assert tuple(deck) == T.SCENARIOS["mod"].houses
    for house in T.HOUSES:
        assert deck[house] is T.HOUSE_CARDS[house]
    assert {c.id for c in ARRYN}.isdisjoint(c.id for c in T.HOUSE_CARD_DECKS["affc"]["arryn"])


@pytest.mark.parametrize(
    "cards_",
    [ARRYN, T.TARGARYEN_DECKS["a"], T.TARGARYEN_DECKS["b"], T.VASSAL_CARDS],
    ids=["arryn", "targaryen_a", "targaryen_b", "vassal"],
)
def test_x_mod_seven_cards_per_set_with_the_strengths_of_a_deck(cards_: Any) -> None:
    """X-MOD-4.2, X-MOD-5.8: a house's 7 cards 4,3,2,2,1,1,0; the vassal cards 0..4."""
    strengths = sorted(c.strength for c in cards_)
    if cards_ is T.VASSAL_CARDS:
        assert strengths == [0, 1, 1, 2, 2, 3, 4]  # X-MOD-10.9
        assert {c.house for c in cards_} == {T.VASSAL}
    else:
        assert strengths == [0, 1, 1, 2, 2, 3, 4]
        assert len({c.house for c in cards_}) == 1


def test_x_mod_every_card_with_text_has_an_ability_and_ids_are_unique() -> None:
    ids = [c.id for c in MOD_CARDS]
    assert len(ids) == len(set(ids)) == 28
    for card in MOD_CARDS:
        assert T.HOUSE_CARD_BY_ID[card.id] is card
        assert (card.id in HC.ABILITIES) == (card.timing is not None), card.id
        assert (card.timing is None) == (card.ability is None), card.id


def test_x_mod_4_2_printed_values() -> None:
    values = {c.id: (c.strength, c.swords, c.fortifications) for c in MOD_CARDS}
    assert values["bronze_yohn_royce_mod"] == (3, 1, 2)
    assert values["harry_hardyng"] == (2, 1, 0)
    assert values["janos_slynt"] == (2, 2, 1)  # X-MOD-10.9
    assert values["arstan_whitebeard"] == (3, 1, 1)
    assert values["strong_belwas"] == (2, 2, 0)


def test_x_mod_q3_targaryen_plays_deck_a_unless_the_game_names_b() -> None:
    g = Scenario(players=7, scenario="mod").g
    assert g.house_deck("targaryen") == T.TARGARYEN_DECKS["a"]
    g.config["targaryen_deck"] = "b"
    assert g.house_deck("targaryen") == T.TARGARYEN_DECKS["b"]
    assert g.house_deck("arryn") == ARRYN


# == Arryn (X-MOD-4.2) ============================================================================


def arryn_defends_fingers(s: Scenario, order: str = "defense+1", attacking: int = 1) -> BoardGame:
    """Baratheon marches ``attacking`` footmen from the Mountains of the Moon into The Fingers,
    held by one Arryn footman with ``order``."""
    s.units("the_fingers", "arryn", "footman").order("the_fingers", order)
    return s.attack(
        "baratheon", "the_mountains_of_the_moon", "the_fingers", *("footman",) * attacking
    )


def test_x_mod_d10_lysa_arryn_defending_with_defense_and_winning_may_keep_it() -> None:
    g = arryn_defends_fingers(mod7())
    cards(g, arryn="lysa_arryn_mod", baratheon="melisandre")
    run(g, until=D.LYSA_ARRYN)
    d = pending(g, D.LYSA_ARRYN, "arryn")  # Arryn's own seat decides
    assert d.choices == ("keep", "discard")
    assert_illegal(g, "pass")
    decide(g, D.LYSA_ARRYN, "keep")
    run(g)
    assert "lysa_arryn_mod" in g.hands["arryn"] and "lysa_arryn_mod" not in g.discards["arryn"]
    assert "melisandre" in g.discards["baratheon"]
    assert log_has(g, "Lysa Arryn: Arryn takes Lysa Arryn back into hand")


def test_x_mod_d10_lysa_arryn_may_be_discarded() -> None:
    g = arryn_defends_fingers(mod7())
    cards(g, arryn="lysa_arryn_mod", baratheon="melisandre")
    run(g, {D.LYSA_ARRYN.name: "discard"})
    assert "lysa_arryn_mod" in g.discards["arryn"]
    assert not card_texts(g, "lysa_arryn_mod")


@pytest.mark.parametrize("case", ["support_order", "lost", "attacking"])
def test_x_mod_4_2_lysa_arryn_not_offered(case: str) -> None:
    """Only a defending Arryn with a Defense order in the embattled area that wins."""
    s = mod7()
    if case == "attacking":
        s.units("the_fingers", "baratheon", "footman")
        g = s.attack("arryn", "the_mountains_of_the_moon", "the_fingers", "knight")
    else:
        order = "support+0" if case == "support_order" else "defense+1"
        g = arryn_defends_fingers(s, order, attacking=7 if case == "lost" else 1)
    cards(g, arryn="lysa_arryn_mod", baratheon="melisandre")
    trace: list[str] = []
    run(g, trace=trace)
    assert D.LYSA_ARRYN.name not in trace
    assert "lysa_arryn_mod" in g.discards["arryn"]


@pytest.mark.parametrize(
    ("opponent", "bonus"),
    [("melisandre", True), ("brienne_of_tarth", True), ("renly_baratheon", False)],
)
def test_x_mod_4_2_ser_vardis_egen_against_a_printed_two_or_less(
    opponent: str, bonus: bool
) -> None:
    """+1 strength and 2 fortifications against a card printed 2 or less: Brienne's and
    Melisandre's sword then kills nothing (R7.9.3)."""
    g = arryn_defends_fingers(mod7(), attacking=4)
    cards(g, arryn="ser_vardis_egen", baratheon=opponent)
    run(g)
    assert final(g)["defender"]["house_card"] == (3 if bonus else 2)
    swords = T.HOUSE_CARD_BY_ID[opponent].swords
    lost = [e for e in events_of(g, "casualties") if e.fields["cause"] == "swords"]
    assert bool(lost) == (swords > 0 and not bonus)


def test_x_mod_4_2_ser_vardis_egen_reads_the_printed_strength() -> None:
    """Davos is printed 2 (3 with Stannis discarded): Vardis still gets its bonus."""
    s = mod7().hand("baratheon", "ser_davos_seaworth", "melisandre")
    g = arryn_defends_fingers(s)
    cards(g, arryn="ser_vardis_egen", baratheon="ser_davos_seaworth")
    run(g)
    assert final(g)["attacker"]["house_card"] == 3
    assert final(g)["defender"]["house_card"] == 3


def godric_at_sea(s: Scenario) -> BoardGame:
    """Greyjoy ships attack Arryn's ship in The Narrow Sea (MoD map: it borders The Eyrie, The
    Vale of Arryn, The Fingers, The Mountains of the Moon, Crackclaw Point, Widow's Watch and
    the Port of the Eyrie)."""
    s.units("the_narrow_sea", "arryn", "ship")
    s.units("the_fingers", "arryn", "footman")  # held by a unit
    s.token("crackclaw_point", "arryn")  # held by a power token
    s.units("the_mountains_of_the_moon", "baratheon", "footman")  # held by another house
    s.g.add_unit("port_of_the_eyrie", Unit("arryn", "ship"))  # a port is not a land area
    # The Eyrie: Arryn's home emblem (X-MOD-3.1); The Vale of Arryn: nobody's
    return s.attack("greyjoy", "shipbreaker_bay", "the_narrow_sea", "ship", "ship")


def test_x_mod_4_2_godric_borrell_defending_at_sea_counts_adjacent_land_held() -> None:
    g = godric_at_sea(mod7())
    assert g.controller("the_eyrie") == "arryn" and g.controller("the_vale_of_arryn") is None
    cards(g, arryn="godric_borrell", greyjoy="dagmar_cleftjaw")
    run(g)
    assert final(g)["defender"]["house_card"] == 1 + 3  # Eyrie, Fingers, Crackclaw Point


def test_x_mod_4_2_godric_borrell_only_defending_a_sea_area() -> None:
    g = arryn_defends_fingers(mod7().units("the_eyrie", "arryn", "footman"))
    cards(g, arryn="godric_borrell", baratheon="melisandre")
    run(g)
    assert final(g)["defender"]["house_card"] == 1
    s = mod7().units("the_fingers", "arryn", "ship").units("the_narrow_sea", "greyjoy", "ship")
    g = s.attack("arryn", "the_bite", "the_narrow_sea", "ship")
    cards(g, arryn="godric_borrell", greyjoy="dagmar_cleftjaw")
    run(g)
    assert final(g)["attacker"]["house_card"] == 1


def anya_fight(
    s: Scenario, defending: int = 1, stark: str = "stark", greyjoy: str = "greyjoy"
) -> BoardGame:
    """Arryn (a knight) attacks Crackclaw Point (Baratheon) from the Mountains of the Moon with
    Anya Waynwood; Stark (The Narrow Sea) and Arryn itself (Blackwater Bay) support Arryn,
    Greyjoy (Shipbreaker Bay) supports Baratheon. ``stark``/``greyjoy``: the house deciding for
    each (a vassal's commander)."""
    s.units("crackclaw_point", "baratheon", *("footman",) * defending)
    s.units("the_narrow_sea", "stark", "ship").order("the_narrow_sea", "support+0")
    s.units("blackwater_bay", "arryn", "ship").order("blackwater_bay", "support+0")
    s.units("shipbreaker_bay", "greyjoy", "ship").order("shipbreaker_bay", "support+0")
    g = s.attack("arryn", "the_mountains_of_the_moon", "crackclaw_point", "knight")
    answers = {f"support@{stark}": "attacker", f"support@{greyjoy}": "defender"}
    run(g, {**answers, "support@arryn": "attacker"}, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, "anya_waynwood", "arryn")
    decide(g, D.HOUSE_CARD, "melisandre", "baratheon")
    return g


def test_x_mod_4_2_anya_waynwood_rewards_arryn_and_its_supporters() -> None:
    g = anya_fight(mod7(arryn=1, stark=2, greyjoy=3, baratheon=4))
    run(g)
    assert events_of(g, "combat_won")[-1].fields["winner"] == "attacker"
    assert g.power["arryn"] == 1 + 3 and g.power["stark"] == 2 + 3
    assert g.power["greyjoy"] == 3 and g.power["baratheon"] == 4  # the other side's: nothing
    assert card_texts(g, "anya_waynwood")[0]["gained"] == {"arryn": 3, "stark": 3}
    assert log_has(g, "Anya Waynwood: Arryn gains 3 power, Stark gains 3 power")


def test_x_mod_4_2_anya_waynwood_gives_nothing_when_arryn_loses() -> None:
    g = anya_fight(mod7(arryn=1, stark=2), defending=6)
    run(g)
    assert g.power["arryn"] == 1 and g.power["stark"] == 2
    assert not card_texts(g, "anya_waynwood")


def robert_fight(s: Scenario, attacking: int = 1) -> BoardGame:
    """Baratheon attacks Arryn in The Fingers; Baratheon's discard pile is set by ``s``."""
    return arryn_defends_fingers(s, "support+0", attacking)


def test_x_mod_d10_robert_arryn_removes_itself_and_a_weakest_discarded_card() -> None:
    """Tied weakest cards (two 1s): the choice is Arryn's; both leave the game (X1.3)."""
    s = mod7().hand("baratheon", "stannis_baratheon", "renly_baratheon", "patchface")
    g = robert_fight(s)  # discarded: Davos 2, Brienne 2, Salladhor 1, Melisandre 1
    cards(g, arryn="robert_arryn", baratheon="stannis_baratheon")
    run(g, until=D.ROBERT_ARRYN)
    d = pending(g, D.ROBERT_ARRYN, "arryn")
    assert set(d.choices) == {"salladhor_saan", "melisandre", "pass"}
    assert_illegal(g, "ser_davos_seaworth")
    assert_illegal(g, "stannis_baratheon")
    decide(g, D.ROBERT_ARRYN, "melisandre")
    run(g)
    assert removed(g) == [("arryn", "robert_arryn"), ("baratheon", "melisandre")]
    assert "robert_arryn" not in (*g.hands["arryn"], *g.discards["arryn"])
    assert "melisandre" not in (*g.hands["baratheon"], *g.discards["baratheon"])
    assert "stannis_baratheon" in g.discards["baratheon"]  # discarded as played
    check_invariants(g)  # X1.3: the removed cards are no longer the houses' (invariants)
    assert log_has(g, "Robert Arryn: Arryn removes Robert Arryn and Baratheon's Melisandre")


def test_x_mod_d10_robert_arryn_may_pass_and_reads_the_pile_after_clean_up() -> None:
    """The opponent's card of this combat is in its pile once the clean up has run: Patchface
    (0) is the weakest."""
    s = mod7().hand("baratheon", "stannis_baratheon", "patchface")
    g = robert_fight(s)
    cards(g, arryn="robert_arryn", baratheon="patchface")
    run(g, until=D.ROBERT_ARRYN)
    assert pending(g, D.ROBERT_ARRYN).choices == ("patchface", "pass")
    decide(g, D.ROBERT_ARRYN, "pass")
    run(g)
    assert not removed(g) and "robert_arryn" in g.discards["arryn"]


def test_x_mod_4_2_robert_arryn_only_when_arryn_defended() -> None:
    s = mod7().units("the_fingers", "baratheon", "footman")
    g = s.attack("arryn", "the_mountains_of_the_moon", "the_fingers", "knight")
    cards(g, arryn="robert_arryn", baratheon="patchface")
    trace: list[str] = []
    run(g, trace=trace)
    assert D.ROBERT_ARRYN.name not in trace and not removed(g)


# == bots (X-MOD-D10) =============================================================================


@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_bots_answer_the_arryn_decisions_legally(bot: type) -> None:
    g = arryn_defends_fingers(mod7())
    cards(g, arryn="lysa_arryn_mod", baratheon="melisandre")
    run(g, until=D.LYSA_ARRYN)
    kinds = answer_all(g, bot(1))
    g = robert_fight(mod7().hand("baratheon", "stannis_baratheon", "patchface"))
    cards(g, arryn="robert_arryn", baratheon="patchface")
    run(g, until=D.ROBERT_ARRYN)
    kinds |= answer_all(g, bot(2))
    assert {D.LYSA_ARRYN.name, D.ROBERT_ARRYN.name} <= kinds


def test_the_heuristic_bot_keeps_lysa_and_uses_robert() -> None:
    g = arryn_defends_fingers(mod7())
    cards(g, arryn="lysa_arryn_mod", baratheon="melisandre")
    run(g, until=D.LYSA_ARRYN)
    d = pending(g, D.LYSA_ARRYN)
    assert HeuristicBot(0).choose(g.view(d.seat), d) == "keep"
    g = robert_fight(mod7().hand("baratheon", "stannis_baratheon", "patchface"))
    cards(g, arryn="robert_arryn", baratheon="patchface")
    run(g, until=D.ROBERT_ARRYN)
    d = pending(g, D.ROBERT_ARRYN)
    assert HeuristicBot(0).choose(g.view(d.seat), d) == "patchface"
    assert pending_kinds(g) == [D.ROBERT_ARRYN.name]


# == vassal cards (X-MOD-10.7–X-MOD-10.10, XF10) ==================================================
# Base 6-player tracks: Iron Throne Baratheon, Lannister, Stark, Martell, Greyjoy, Tyrell;
# Fiefdoms Greyjoy, Tyrell, Martell, Stark, Baratheon, Lannister. Martell is Tyrell's vassal.


def vassal_draws(mp: pytest.MonkeyPatch, *deck: str) -> None:
    """The shared vassal deck holds only ``deck`` (3 cards: a vassal draws all of them)."""
    mp.setattr(V, "vassal_deck", lambda: deck)
    mp.setattr(determinize, "vassal_deck", lambda: deck)


def martell_vassal(seed: int = 0) -> Scenario:
    return Scenario(players=6, seed=seed).empty(garrisons=False).vassals(martell="tyrell")


def stark_attacks_sunspear(
    s: Scenario, *attacking: str, defending: tuple[str, ...] = ("footman",)
) -> BoardGame:
    """Stark marches from Salt Shore into Sunspear, held by vassal Martell."""
    s.units("sunspear", "martell", *defending)
    return s.attack("stark", "salt_shore", "sunspear", *attacking)


def vassal_plays(g: BoardGame, card: str, opponent: str, house: str = "stark") -> None:
    """Support with defaults, then Martell's commander (Tyrell) plays ``card`` for it."""
    run(g, until=D.HOUSE_CARD)
    d = pending(g, D.HOUSE_CARD, "tyrell")
    assert d.about("vassal") == "martell" and card in d.choices
    g.apply(d.seat, card)
    decide(g, D.HOUSE_CARD, opponent, house)


def test_x_mod_10_9_varys_puts_the_vassal_on_top_of_fiefdoms(monkeypatch: Any) -> None:
    vassal_draws(monkeypatch, "varys", "janos_slynt", "bronn")
    g = stark_attacks_sunspear(martell_vassal(), "knight", "knight")
    vassal_plays(g, "varys", "eddard_stark")
    run(g)
    assert g.tracks["fiefdoms"] == (
        "martell",
        "greyjoy",
        "tyrell",
        "stark",
        "baratheon",
        "lannister",
    )
    assert g.holder("fiefdoms") == "greyjoy"  # a vassal holds no blade (X-MOD-10.6)
    assert not events_of(g, "dominance")
    assert card_texts(g, "varys")[0]["was"] == 3
    assert log_has(g, "Varys: Martell moves from position 3 to the top of the Fiefdoms track")


def test_x_mod_10_9_syrio_forel_zeroes_non_vassal_footmen_when_the_vassal_defends(
    monkeypatch: Any,
) -> None:
    """Stark's attacking footmen and Greyjoy's supporting footman count 0; the knight 2."""
    vassal_draws(monkeypatch, "syrio_forel", "janos_slynt", "bronn")
    s = martell_vassal().units("yronwood", "greyjoy", "footman").order("yronwood", "support+0")
    g = stark_attacks_sunspear(s, "footman", "footman", "knight")
    run(g, {"support@greyjoy": "attacker"}, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, "syrio_forel", "tyrell")
    decide(g, D.HOUSE_CARD, "eddard_stark", "stark")
    run(g)
    attacker = final(g)["attacker"]
    assert (attacker["units"], attacker["support"]) == (2, 0)
    assert final(g)["defender"]["units"] == 1  # the vassal's own footman counts


def test_x_mod_10_9_syrio_forel_attacking_changes_nothing(monkeypatch: Any) -> None:
    vassal_draws(monkeypatch, "syrio_forel", "janos_slynt", "bronn")
    s = martell_vassal().units("salt_shore", "stark", "footman", "footman")
    g = s.attack("martell", "sunspear", "salt_shore", "footman", token="vassal_march+0")
    vassal_plays(g, "syrio_forel", "eddard_stark")
    run(g)
    assert final(g)["defender"]["units"] == 2


def test_x_mod_10_9_jaqen_h_ghar_swaps_the_opponents_card_for_a_random_one(
    monkeypatch: Any,
) -> None:
    """The card goes back to the hand and one of the hand (itself included) is drawn at random:
    over a few seeds both cards of a two-card hand come up; the new card counts."""
    vassal_draws(monkeypatch, "jaqen_h_ghar", "janos_slynt", "bronn")
    played = set()
    for seed in range(12):
        s = martell_vassal(seed).hand("stark", "eddard_stark", "catelyn_stark")
        g = stark_attacks_sunspear(s, "knight")
        vassal_plays(g, "jaqen_h_ghar", "eddard_stark")
        run(g)
        (text,) = card_texts(g, "jaqen_h_ghar")
        assert text["cancelled"] == "eddard_stark" and text["victim"] == "stark"
        new = text["played"]
        played.add(new)
        assert events_of(g, "combat_over")[-1].fields["cards"]["attacker"] == new
        assert final(g)["attacker"]["house_card"] == T.HOUSE_CARD_BY_ID[new].strength
        assert new in g.discards["stark"]
    assert played == {"eddard_stark", "catelyn_stark"}


def test_x_mod_10_9_jaqen_h_ghar_a_drawn_cancel_text_resolves(monkeypatch: Any) -> None:
    """Lannister's drawn Tyrion still has its cancel text: it may cancel Jaqen in turn."""
    vassal_draws(monkeypatch, "jaqen_h_ghar", "janos_slynt", "bronn")
    for seed in range(40):
        s = martell_vassal(seed).hand("lannister", "ser_gregor_clegane", "tyrion_lannister")
        s.units("sunspear", "martell", "footman")
        g = s.attack("lannister", "salt_shore", "sunspear", "knight")
        vassal_plays(g, "jaqen_h_ghar", "ser_gregor_clegane", "lannister")
        g.pending()
        if card_texts(g, "jaqen_h_ghar")[0]["played"] == "tyrion_lannister":
            assert pending_kinds(g) == [D.TYRION.name]
            assert pending(g, D.TYRION, "lannister").seat == g.seat_of("lannister")
            return
        assert D.TYRION.name not in pending_kinds(g)
    raise AssertionError("Tyrion never drawn")


def test_x_mod_d10_jon_connington_the_commander_musters_a_knight_where_it_retreated(
    monkeypatch: Any,
) -> None:
    vassal_draws(monkeypatch, "jon_connington", "janos_slynt", "bronn")
    g = stark_attacks_sunspear(martell_vassal(), "knight", "knight", "knight")
    vassal_plays(g, "jon_connington", "roose_bolton")  # no sword: the footman retreats
    run(g, until=D.JON_CONNINGTON)
    d = pending(g, D.JON_CONNINGTON, "tyrell")  # the commander's seat, naming the vassal
    assert d.about("vassal") == "martell"
    retreat = events_of(g, "retreat")[0].fields["to"]
    assert d.choices == (retreat, "pass")  # Sunspear, its home, is Stark's now
    assert_illegal(g, "sunspear")
    decide(g, D.JON_CONNINGTON, retreat)
    run(g)
    assert sorted(u.kind for u in g.units[retreat]) == ["footman", "knight"]
    assert log_has(g, "Jon Connington: a knight of Martell is mustered in")


def test_x_mod_10_9_jon_connington_at_home_and_not_when_the_vassal_wins(
    monkeypatch: Any,
) -> None:
    """Losing in Yronwood while holding Sunspear (its home): both are offered."""
    vassal_draws(monkeypatch, "jon_connington", "janos_slynt", "bronn")
    s = (
        martell_vassal()
        .units("sunspear", "martell", "footman")
        .units("yronwood", "martell", "footman")
    )
    g = s.attack("stark", "the_boneway", "yronwood", "knight", "knight", "knight")
    vassal_plays(g, "jon_connington", "roose_bolton")
    run(g, {D.RETREAT.name: "sunspear"}, until=D.JON_CONNINGTON)
    assert pending(g, D.JON_CONNINGTON).choices == ("sunspear", "pass")
    decide(g, D.JON_CONNINGTON, "pass")
    run(g)
    assert not card_texts(g, "jon_connington") and len(g.units["sunspear"]) == 2
    g = stark_attacks_sunspear(martell_vassal(), "footman")  # the vassal wins
    vassal_plays(g, "jon_connington", "catelyn_stark")
    trace: list[str] = []
    run(g, trace=trace)
    assert events_of(g, "combat_won")[-1].fields["winner"] == "defender"
    assert D.JON_CONNINGTON.name not in trace


def test_x_mod_10_9_beric_dondarrion_the_winning_vassal_loses_a_unit_after_casualties(
    monkeypatch: Any,
) -> None:
    vassal_draws(monkeypatch, "beric_dondarrion", "janos_slynt", "bronn")
    g = stark_attacks_sunspear(
        martell_vassal(), "footman", "footman", defending=("footman", "knight")
    )
    vassal_plays(g, "beric_dondarrion", "greatjon_umber")
    run(g, until=D.BERIC_DONDARRION)
    d = pending(g, D.BERIC_DONDARRION, "tyrell")
    assert d.about("vassal") == "martell" and d.choices == ("footman", "knight")
    assert_illegal(g, "ship")
    assert not events_of(g, "retreat")  # once casualties are taken, before the retreat
    decide(g, D.BERIC_DONDARRION, "knight")
    run(g)
    assert [u.kind for u in g.units["sunspear"]] == ["footman"]
    assert card_texts(g, "beric_dondarrion")[0]["units"] == [{"kind": "knight", "routed": False}]
    lost = events_of(g, "combat_over")[-1].fields["casualties"]["defender"]
    assert [u["kind"] for u in lost] == ["knight"]
    kinds = [e.kind for e in g.log]
    assert kinds.index("combat_won") < kinds.index("card_text") < kinds.index("retreat")
    assert log_has(g, "Beric Dondarrion: Martell destroys one of its own units in Sunspear")


def _beric_with_a_routed_footman(mp: pytest.MonkeyPatch, auto: bool = False) -> BoardGame:
    """Sunspear holds a standing footman, a routed one and a knight of vassal Martell, which
    wins with Beric Dondarrion."""
    vassal_draws(mp, "beric_dondarrion", "janos_slynt", "bronn")
    s = martell_vassal().units("sunspear", "martell", "footman", routed=True)
    g = stark_attacks_sunspear(s, "footman", "footman", defending=("footman", "knight"))
    if auto:
        g.config["auto"] = True
    vassal_plays(g, "beric_dondarrion", "greatjon_umber")
    run(g, until=D.BERIC_DONDARRION)
    return g


def test_x_mod_10_9_beric_dondarrion_the_commander_picks_a_standing_or_a_routed_unit(
    monkeypatch: Any,
) -> None:
    """The card: "it must destroy one of its own units": which one is the commander's choice,
    a routed footman or a standing one alike."""
    g = _beric_with_a_routed_footman(monkeypatch)
    d = pending(g, D.BERIC_DONDARRION, "tyrell")
    assert d.choices == ("footman", "footman:routed", "knight")
    assert_illegal(g, "knight:routed")
    left = _sunspear_after(g, "footman")
    assert left == [("footman", True), ("knight", False)]  # the standing footman is gone
    assert card_texts(g, "beric_dondarrion")[0]["units"] == [{"kind": "footman", "routed": False}]


def _sunspear_after(g: BoardGame, choice: str) -> list[tuple[str, bool]]:
    """Beric's choice made and the combat over: Martell's units left in Sunspear."""
    decide(g, D.BERIC_DONDARRION, choice)
    run(g)
    return sorted((u.kind, u.routed) for u in g.units["sunspear"])


def test_x_mod_10_9_beric_dondarrion_a_routed_unit_when_chosen(monkeypatch: Any) -> None:
    g = _beric_with_a_routed_footman(monkeypatch)
    assert _sunspear_after(g, "footman:routed") == [("footman", False), ("knight", False)]


def test_x_mod_10_9_beric_dondarrion_automatic_setting_destroys_a_routed_one(
    monkeypatch: Any,
) -> None:
    """Config auto: the kind is still asked, a routed one of it is destroyed first."""
    g = _beric_with_a_routed_footman(monkeypatch, auto=True)
    d = pending(g, D.BERIC_DONDARRION, "tyrell")
    assert d.choices == ("footman", "knight")
    assert _sunspear_after(g, "footman") == [("footman", False), ("knight", False)]


def test_x_mod_10_9_beric_dondarrion_attacking_with_one_unit_takes_nothing(
    monkeypatch: Any,
) -> None:
    """The vassal's only attacking unit is destroyed before it moves in: the area stays empty,
    with Stark's power token; one kind only: nothing is asked."""
    vassal_draws(monkeypatch, "beric_dondarrion", "janos_slynt", "bronn")
    s = martell_vassal().units("salt_shore", "stark", "footman").token("salt_shore", "stark")
    g = s.attack("martell", "sunspear", "salt_shore", "knight", token="vassal_march+0")
    vassal_plays(g, "beric_dondarrion", "catelyn_stark")
    trace: list[str] = []
    run(g, trace=trace)
    assert D.BERIC_DONDARRION.name not in trace
    assert "salt_shore" not in g.units and g.controller("salt_shore") == "stark"
    assert g.count_units("martell", "knight") == 0


def test_x_mod_10_9_beric_dondarrion_losing_does_nothing(monkeypatch: Any) -> None:
    vassal_draws(monkeypatch, "beric_dondarrion", "janos_slynt", "bronn")
    g = stark_attacks_sunspear(martell_vassal(), "knight", "knight", "knight")
    vassal_plays(g, "beric_dondarrion", "eddard_stark")
    run(g)
    assert not card_texts(g, "beric_dondarrion")


def test_x_mod_d10_bronn_the_opponent_pays_two_to_make_it_zero(monkeypatch: Any) -> None:
    vassal_draws(monkeypatch, "bronn", "janos_slynt", "varys")
    g = stark_attacks_sunspear(martell_vassal().power("stark", 3), "knight")
    vassal_plays(g, "bronn", "eddard_stark")
    run(g, until=D.BRONN)
    d = pending(g, D.BRONN, "stark")  # the opponent's own seat, not the commander's
    assert d.choices == ("pay", "pass")
    assert_illegal(g, "yes")
    decide(g, D.BRONN, "pay")
    run(g)
    assert g.power["stark"] == 1 and final(g)["defender"]["house_card"] == 0
    assert log_has(g, "Bronn: Stark discards 2 power and Bronn's strength is 0")


@pytest.mark.parametrize("power", [5, 1])
def test_x_mod_10_9_bronn_keeps_four_unless_paid(monkeypatch: Any, power: int) -> None:
    """Passing, or with fewer than 2 power (a vassal has none: X-MOD-10.10), Bronn is 4."""
    vassal_draws(monkeypatch, "bronn", "janos_slynt", "varys")
    g = stark_attacks_sunspear(martell_vassal().power("stark", power), "knight")
    vassal_plays(g, "bronn", "eddard_stark")
    trace: list[str] = []
    run(g, {D.BRONN.name: "pass"}, trace=trace)
    assert (D.BRONN.name in trace) == (power >= 2)
    assert g.power["stark"] == power and final(g)["defender"]["house_card"] == 4


def test_x_mod_10_9_janos_slynt_has_two_swords(monkeypatch: Any) -> None:
    vassal_draws(monkeypatch, "janos_slynt", "varys", "bronn")
    g = stark_attacks_sunspear(
        martell_vassal(), "footman", "footman", "footman", defending=("knight", "knight")
    )
    vassal_plays(g, "janos_slynt", "catelyn_stark")
    run(g)
    assert events_of(g, "combat_won")[-1].fields["winner"] == "defender"
    assert g.count_units("stark", "footman") == 3 - 2  # two swords, no fortification


# -- Arryn's cards against vassals (X-MOD-4.3, X-MOD-4.4, XF10, XF11) -----------------------------


def mod_with_vassal(**commanders: str) -> Scenario:
    """A 6-player MoD game: the unplayed house(s) are vassals with the given commanders."""
    seats = [h for h in T.SCENARIOS["mod"].houses if h not in commanders]
    s = Scenario(players=len(seats), scenario="mod", houses=seats).empty(garrisons=False)
    return s.vassals(**commanders)


def test_xf11_robert_arryn_against_a_vassal_removes_nothing(monkeypatch: Any) -> None:
    vassal_draws(monkeypatch, "janos_slynt", "varys", "bronn")
    s = mod_with_vassal(baratheon="lannister")
    g = arryn_defends_fingers(s, "support+0")  # vassal Baratheon attacks
    run(g, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, "janos_slynt", "lannister")
    decide(g, D.HOUSE_CARD, "robert_arryn", "arryn")
    trace: list[str] = []
    run(g, trace=trace)
    assert D.ROBERT_ARRYN.name not in trace and not removed(g)
    assert "robert_arryn" in g.discards["arryn"]


def test_x_mod_4_4_anya_waynwood_a_supporting_vassal_gains_nothing() -> None:
    """Vassal Stark (commanded by Lannister) supports Arryn: only Arryn gains."""
    s = mod_with_vassal(stark="lannister").power("arryn", 0).power("lannister", 0)
    g = anya_fight(s, stark="lannister")
    run(g)
    assert events_of(g, "combat_won")[-1].fields["winner"] == "attacker"
    assert final(g)["attacker"]["support"] == 2  # Stark's ship and Arryn's
    assert card_texts(g, "anya_waynwood")[0]["gained"] == {"arryn": 3}
    assert g.power["stark"] == 0 and g.power["lannister"] == 0


@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_bots_answer_the_vassal_card_decisions_legally(bot: type, monkeypatch: Any) -> None:
    """X-MOD-D10: Jon Connington and Beric Dondarrion (the commander), Bronn (the opponent)."""
    kinds: set[str] = set()
    for card, attacking, defending, opponent in (
        ("jon_connington", ("knight", "knight", "knight"), ("footman",), "roose_bolton"),
        ("beric_dondarrion", ("footman",), ("footman", "knight"), "greatjon_umber"),
        ("bronn", ("knight",), ("footman",), "eddard_stark"),
    ):
        vassal_draws(monkeypatch, card, "janos_slynt", "varys")
        s = martell_vassal().power("stark", 4)
        g = stark_attacks_sunspear(s, *attacking, defending=defending)
        vassal_plays(g, card, opponent)
        kinds |= answer_all(g, bot(3))
    assert {D.JON_CONNINGTON.name, D.BERIC_DONDARRION.name, D.BRONN.name} <= kinds


# == Targaryen A and B (X-MOD-5.8–X-MOD-5.10, XE4, XE5, XF20) =====================================
# 8-house tracks (X-MOD-2.1): as the 7-house ones with Targaryen last on each.

EIGHT = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell", "arryn", "targaryen")


def mod8(deck: str = "a", **power: int) -> Scenario:
    """An empty 8-house board (Essos, X-MOD-1.2) with Targaryen's deck ``deck``."""
    config = {"scenario": "mod", "players": 8, "essos": True, "houses": list(EIGHT)}
    s = Scenario.__new__(Scenario)
    s.g = new_position({**config, "targaryen_deck": deck}, 1)
    s.empty(garrisons=False)
    for house, value in power.items():
        s.power(house, value)
    return s


def targaryen_attacks(
    s: Scenario,
    *attacking: str,
    defending: tuple[str, ...] = ("footman",),
    area: str = "crackclaw_point",
    from_area: str = "the_mountains_of_the_moon",
) -> BoardGame:
    """Targaryen marches ``attacking`` into ``area`` (Crackclaw Point), held by Baratheon."""
    s.units(area, "baratheon", *defending)
    return s.attack("targaryen", from_area, area, *attacking)


def targaryen_plays(g: BoardGame, card: str, opponent: str = "melisandre") -> None:
    cards(g, targaryen=card, baratheon=opponent)


def test_x_mod_5_8_khal_drogo_one_strength_and_sword_per_knight_then_removed() -> None:
    """Two knights (and a footman): +2 strength, +2 swords; removed after the combat."""
    g = targaryen_attacks(mod8(), "knight", "knight", "footman", defending=("footman",) * 3)
    targaryen_plays(g, "khal_drogo", "patchface")
    run(g)
    assert final(g)["attacker"]["house_card"] == 4 + 2
    assert g.count_units("baratheon", "footman") == 3 - 2  # 2 swords
    assert removed(g) == [("targaryen", "khal_drogo")]
    assert "khal_drogo" not in (*g.hands["targaryen"], *g.discards["targaryen"])


def test_x_mod_5_8_khal_drogo_is_removed_after_a_loss_too() -> None:
    g = targaryen_attacks(mod8(), "footman", defending=("knight",) * 4)
    targaryen_plays(g, "khal_drogo")
    run(g)
    assert final(g)["attacker"]["house_card"] == 4  # no knight
    assert events_of(g, "combat_won")[-1].fields["winner"] == "defender"
    assert removed(g) == [("targaryen", "khal_drogo")]


def sea_fight(s: Scenario, targaryen: int, greyjoy: int) -> BoardGame:
    """Targaryen ships attack Greyjoy's in Shipbreaker Bay from Blackwater Bay."""
    s.units("shipbreaker_bay", "greyjoy", *("ship",) * greyjoy)
    return s.attack("targaryen", "blackwater_bay", "shipbreaker_bay", *("ship",) * targaryen)


@pytest.mark.parametrize(("mine", "theirs", "bonus"), [(3, 2, 3), (2, 2, 0), (1, 2, 0)])
def test_xe4_xaro_xhoan_daxos_more_ships_each_plus_one(mine: int, theirs: int, bonus: int) -> None:
    g = sea_fight(mod8(), mine, theirs)
    cards(g, targaryen="xaro_xhoan_daxos", greyjoy="dagmar_cleftjaw")
    run(g)
    assert final(g)["attacker"]["units"] == mine + bonus


def test_x_mod_5_9_xaro_xhoan_daxos_supporting_ships_get_nothing_more() -> None:
    s = mod8().units("east_summer_sea", "targaryen", "ship")
    s.order("east_summer_sea", "support+0", "targaryen")
    g = sea_fight(s, 2, 1)
    run(g, {"support@targaryen": "attacker"}, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, "xaro_xhoan_daxos", "targaryen")
    decide(g, D.HOUSE_CARD, "dagmar_cleftjaw", "greyjoy")
    run(g)
    attacker = final(g)["attacker"]
    assert (attacker["units"], attacker["support"]) == (2 + 2, 1)


@pytest.mark.parametrize("dragon", [True, False])
def test_x_mod_5_8_daenerys_a_plus_two_with_a_dragon_in_the_embattled_area(dragon: bool) -> None:
    attacking = ("knight", "dragon") if dragon else ("knight",)
    g = targaryen_attacks(mod8(), *attacking)
    targaryen_plays(g, "daenerys_targaryen_a")
    run(g)
    assert final(g)["attacker"]["house_card"] == 1 + (2 if dragon else 0)


def test_x_mod_5_8_daenerys_a_counts_a_defending_dragon() -> None:
    s = mod8().units("crackclaw_point", "targaryen", "dragon")
    g = s.attack("baratheon", "blackwater", "crackclaw_point", "footman")
    cards(g, targaryen="daenerys_targaryen_a", baratheon="melisandre")
    run(g)
    assert final(g)["defender"]["house_card"] == 3


def test_x_mod_d10_viserys_discards_a_card_for_its_printed_strength() -> None:
    g = targaryen_attacks(mod8(), "knight")
    targaryen_plays(g, "viserys_targaryen")
    run(g, until=D.VISERYS)
    d = pending(g, D.VISERYS, "targaryen")
    others = tuple(c.id for c in T.TARGARYEN_DECKS["a"] if c.id != "viserys_targaryen")
    assert set(d.choices) == {*others, "pass"}
    assert_illegal(g, "viserys_targaryen")
    assert_illegal(g, "melisandre")
    decide(g, D.VISERYS, "khal_drogo")
    run(g)
    assert final(g)["attacker"]["house_card"] == 1 + 4
    assert log_has(g, "Viserys Targaryen: Targaryen discards Khal Drogo for +4 strength")


def test_xf20_viserys_discarding_khal_drogo_does_not_remove_it() -> None:
    """X-MOD-5.10: Drogo's text does nothing from the discard pile; Viserys won: discarded."""
    g = targaryen_attacks(mod8(), "knight")
    targaryen_plays(g, "viserys_targaryen")
    run(g, {D.VISERYS.name: "khal_drogo"})
    assert events_of(g, "combat_won")[-1].fields["winner"] == "attacker"
    assert not removed(g)
    assert {"khal_drogo", "viserys_targaryen"} <= set(g.discards["targaryen"])


def test_x_mod_5_8_viserys_losing_is_removed_from_the_game() -> None:
    g = targaryen_attacks(mod8().supply("baratheon", 6), "footman", defending=("knight",) * 4)
    targaryen_plays(g, "viserys_targaryen")
    run(g, {D.VISERYS.name: "pass"})
    assert events_of(g, "combat_won")[-1].fields["winner"] == "defender"
    assert final(g)["attacker"]["house_card"] == 1
    assert removed(g) == [("targaryen", "viserys_targaryen")]
    assert len(g.hands["targaryen"]) == 6 and not g.discards["targaryen"]
    check_invariants(g)


@pytest.mark.parametrize(("power", "leaves"), [(0, False), (2, True)])
def test_x_mod_5_8_illyrio_gains_the_difference_and_leaves_when_rich(
    power: int, leaves: bool
) -> None:
    """Three knights (6) + Illyrio 0 against a footman 1 + Melisandre 1: a difference of 4
    (X1.4); with 2 power before, Targaryen has 6 (5 or more): Illyrio leaves."""
    g = targaryen_attacks(
        mod8(targaryen=power), "knight", "knight", "knight", defending=("footman",)
    )
    targaryen_plays(g, "illyrio_mopatis")
    run(g)
    assert f_diff(g) == 4
    assert g.power["targaryen"] == power + 4
    assert (removed(g) == [("targaryen", "illyrio_mopatis")]) == leaves
    assert log_has(g, "Illyrio Mopatis: Targaryen gains 4 power")


def f_diff(g: BoardGame) -> int:
    st = final(g)
    return abs(int(st["attacker"]["final"]) - int(st["defender"]["final"]))


def test_x_mod_5_8_daenerys_b_the_opponent_discards_the_difference() -> None:
    g = targaryen_attacks(mod8("b", baratheon=5), "knight", "knight", "knight")
    targaryen_plays(g, "daenerys_targaryen_b")
    run(g)
    assert f_diff(g) == 6 + 4 - 2
    assert g.power["baratheon"] == 0
    assert card_texts(g, "daenerys_targaryen_b")[0]["lost"] == 5
    assert log_has(g, "Daenerys Targaryen: Baratheon discards 5 power")


def test_x_mod_10_10_daenerys_b_against_a_vassal_takes_nothing(monkeypatch: Any) -> None:
    vassal_draws(monkeypatch, "janos_slynt", "varys", "bronn")
    s = mod8("b").vassals(baratheon="lannister")
    g = targaryen_attacks(s, "knight", "knight", "knight")
    before = g.power["lannister"]  # 7 with the Iron Bank, 5 without (X-MOD-Q1)
    run(g, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, "daenerys_targaryen_b", "targaryen")
    decide(g, D.HOUSE_CARD, "varys", "lannister")
    run(g)
    assert card_texts(g, "daenerys_targaryen_b")[0]["lost"] == 0
    assert g.power["lannister"] == before  # the commander keeps its power (XF10)


def test_x_mod_5_8_captain_groleo_by_ship_transport_counts_ships_around() -> None:
    """From Storm's End through Shipbreaker Bay into Crackclaw Point: the ships next to it
    (Shipbreaker Bay 1, Blackwater Bay 2) add 3; the Narrow Sea's Greyjoy ship nothing."""
    s = mod8("b").units("shipbreaker_bay", "targaryen", "ship")
    s.units("blackwater_bay", "targaryen", "ship", "ship")
    s.units("the_narrow_sea", "greyjoy", "ship")
    g = targaryen_attacks(s, "knight", from_area="storms_end")
    targaryen_plays(g, "captain_groleo")
    run(g)
    assert final(g)["attacker"]["house_card"] == 1 + 3


@pytest.mark.parametrize("case", ["adjacent", "dragons_alone", "defending"])
def test_x_mod_5_8_captain_groleo_only_when_carried_by_ships(case: str) -> None:
    s = mod8("b").units("shipbreaker_bay", "targaryen", "ship")
    if case == "defending":
        s.units("crackclaw_point", "targaryen", "knight")
        g = s.attack("baratheon", "blackwater", "crackclaw_point", "footman")
    elif case == "dragons_alone":  # X-MOD-6.3: flying, not carried
        g = targaryen_attacks(s, "dragon", from_area="storms_end")
    else:
        g = targaryen_attacks(s, "knight")
    cards(g, targaryen="captain_groleo", baratheon="melisandre")
    run(g)
    side = "defender" if case == "defending" else "attacker"
    assert final(g)[side]["house_card"] == 1


def test_xe5_rakharo_knights_in_a_land_area_without_castle_plus_two() -> None:
    """The Fingers (no castle): 2 attacking knights 2+2 each; the supporting knight 2."""
    s = mod8("b").units("the_twins", "targaryen", "knight").order("the_twins", "support+0")
    g = targaryen_attacks(s, "knight", "knight", "footman", area="the_fingers")
    run(g, {"support@targaryen": "attacker"}, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, "rakharo", "targaryen")
    decide(g, D.HOUSE_CARD, "melisandre", "baratheon")
    run(g)
    attacker = final(g)["attacker"]
    assert (attacker["units"], attacker["support"]) == (4 + 4 + 1, 2)


def test_x_mod_5_9_rakharo_nothing_in_a_castle_area() -> None:
    g = targaryen_attacks(mod8("b"), "knight", "knight")  # Crackclaw Point: a castle
    targaryen_plays(g, "rakharo")
    run(g)
    assert final(g)["attacker"]["units"] == 4


def missandei_fight(s: Scenario, defending: int, knights: int = 1) -> BoardGame:
    """Targaryen (a knight, Missandei 0: 2) against ``defending`` Baratheon footmen +
    Melisandre 1; Targaryen loses ties (Fiefdoms). Its discard pile: Grey Worm, Rakharo."""
    s.hand(
        "targaryen",
        "daenerys_targaryen_b",
        "daario_naharis",
        "strong_belwas",
        "captain_groleo",
        "missandei",
    )
    g = targaryen_attacks(s, *("knight",) * knights, defending=("footman",) * defending)
    targaryen_plays(g, "missandei")
    return g


@pytest.mark.parametrize("defending", [1, 3])
def test_x_mod_d10_missandei_losing_by_two_or_less_takes_a_card_back(defending: int) -> None:
    g = missandei_fight(mod8("b"), defending)
    run(g, until=D.MISSANDEI)
    d = pending(g, D.MISSANDEI, "targaryen")
    assert set(d.choices) == {"grey_worm", "rakharo", "pass"}
    assert_illegal(g, "missandei")
    decide(g, D.MISSANDEI, "grey_worm")
    run(g)
    assert f_diff(g) == defending + 1 - 2
    assert "grey_worm" in g.hands["targaryen"] and "missandei" in g.discards["targaryen"]
    assert log_has(g, "Missandei: Targaryen takes Grey Worm back into hand")


@pytest.mark.parametrize(("defending", "knights"), [(4, 1), (1, 3)])
def test_x_mod_5_8_missandei_not_offered_losing_by_three_or_winning(
    defending: int, knights: int
) -> None:
    """4 footmen + Melisandre (5) against a knight (2): lost by 3; 3 knights (6) against 2: won."""
    g = missandei_fight(mod8("b"), defending, knights)
    trace: list[str] = []
    run(g, trace=trace)
    winner = "defender" if knights == 1 else "attacker"
    assert events_of(g, "combat_won")[-1].fields["winner"] == winner
    assert D.MISSANDEI.name not in trace


@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_bots_answer_the_targaryen_decisions_legally(bot: type) -> None:
    g = targaryen_attacks(mod8(), "knight")
    targaryen_plays(g, "viserys_targaryen")
    run(g, until=D.VISERYS)
    kinds = answer_all(g, bot(5))
    g = missandei_fight(mod8("b"), 1)
    run(g, until=D.MISSANDEI)
    kinds |= answer_all(g, bot(6))
    assert {D.VISERYS.name, D.MISSANDEI.name} <= kinds


def test_x_mod_10_8_vassal_against_vassal_jaqen_and_bronn(monkeypatch: Any) -> None:
    """Two vassals of two commanders: Jaqen redraws from the other vassal's 3 drawn cards;
    Bronn's opponent is a vassal without power: nothing is asked (X-MOD-10.10)."""
    vassal_draws(monkeypatch, *sorted(c.id for c in T.VASSAL_CARDS))
    s = Scenario(players=6).empty(garrisons=False).vassals(martell="tyrell", baratheon="stark")
    s.units("sunspear", "martell", "footman")
    g = s.attack("baratheon", "salt_shore", "sunspear", "knight", token="vassal_march+0")
    run(g, until=D.HOUSE_CARD)
    g.hands["martell"] = ("jaqen_h_ghar", "janos_slynt", "varys")
    g.hands["baratheon"] = ("bronn", "syrio_forel", "beric_dondarrion")
    g.invalidate()
    decide(g, D.HOUSE_CARD, "jaqen_h_ghar", "tyrell")
    decide(g, D.HOUSE_CARD, "bronn", "stark")
    trace: list[str] = []
    run(g, trace=trace)
    (text,) = card_texts(g, "jaqen_h_ghar")
    assert text["victim"] == "baratheon" and text["cancelled"] == "bronn"
    assert text["played"] in ("bronn", "syrio_forel", "beric_dondarrion")
    assert D.BRONN.name not in trace
