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
from westeros.boardgame import decisions as D
from westeros.boardgame import house_cards as HC
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
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


def anya_fight(s: Scenario, defending: int = 1) -> BoardGame:
    """Arryn (a knight) attacks Crackclaw Point (Baratheon) from the Mountains of the Moon with
    Anya Waynwood; Stark (The Narrow Sea) and Arryn itself (Blackwater Bay) support Arryn,
    Greyjoy (Shipbreaker Bay) supports Baratheon."""
    s.units("crackclaw_point", "baratheon", *("footman",) * defending)
    s.units("the_narrow_sea", "stark", "ship").order("the_narrow_sea", "support+0")
    s.units("blackwater_bay", "arryn", "ship").order("blackwater_bay", "support+0")
    s.units("shipbreaker_bay", "greyjoy", "ship").order("shipbreaker_bay", "support+0")
    g = s.attack("arryn", "the_mountains_of_the_moon", "crackclaw_point", "knight")
    run(
        g,
        {"support@stark": "attacker", "support@greyjoy": "defender", "support@arryn": "attacker"},
        until=D.HOUSE_CARD,
    )
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
