"""The Westeros phase (R3.2–R3.4), Winter Is Coming (R3.3, F31, F32), Game of Thrones (R3.8,
R8.6, F33), the card choices D2–D4 and the planning restrictions (R3.4, R3.2.6)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.boardgame.driver import assert_illegal, events_of, log_lines
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame import westeros_phase
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame
from westeros.boardgame.westeros_phase import (
    WESTEROS_TEXTS,
    ResolveWesterosCard,
    WesterosPhase,
    game_of_thrones,
    power_income,
    text_of,
    trade_ports,
)
from westeros.engine import Step

# 4 players: Iron Throne Baratheon, VSB (Fiefdoms) Greyjoy, Raven (King's Court) Lannister
SEAT = {"stark": 0, "lannister": 1, "baratheon": 2, "greyjoy": 3}
QUIET = ("I:last_days_of_summer", "II:last_days_of_summer", "III:storm_of_swords")


class Recorder:
    """Steps stubbed in place of other modules' steps record (name, args, threat, restrictions)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], int, frozenset[str]]] = []


@pytest.fixture
def rec(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """Stub the Westeros phase's ``WildlingAttack`` and ``MusteringRound`` steps.

    The stub attack acts like a Night's Watch win: the threat drops to 0 (R4.3.5).
    """
    recorder = Recorder()

    class StubAttack(Step):
        def __init__(self, strength: int, excluded: str | None = None) -> None:
            self.strength = strength
            self.excluded = excluded

        def run(self, g: BoardGame) -> None:
            recorder.calls.append(
                ("attack", (self.strength, self.excluded), g.wildling_threat, g.restrictions)
            )
            g.wildling_threat = 0

    class StubMustering(Step):
        def run(self, g: BoardGame) -> None:
            recorder.calls.append(("mustering", (), g.wildling_threat, g.restrictions))

    monkeypatch.setattr(westeros_phase, "WildlingAttack", StubAttack)
    monkeypatch.setattr(westeros_phase, "MusteringRound", StubMustering)
    return recorder


def phase(*cards: str, threat: int = 2, scenario: Scenario | None = None) -> BoardGame:
    s = scenario or Scenario(players=4).empty()
    for card in cards:
        s.westeros_top(T.WESTEROS_CARD_BY_ID[card].deck, card)
    g = s.threat(threat).round(3).start(WesterosPhase())
    g.pending()  # run the rules up to the first decision
    return g


def card(card_id: str, scenario: Scenario | None = None) -> BoardGame:
    s = scenario or Scenario(players=4).empty()
    g = s.start(ResolveWesterosCard(card_id))
    g.pending()
    return g


# ----------------------------------------------------------------------- R3.2 phase steps


def test_r3_2_1_round_marker_reveal_and_discard(rec: Recorder) -> None:
    """R3.2.1 round +1; R3.2.2 top cards revealed; R3.2.5 resolved cards go to discard piles."""
    g = phase(*QUIET)
    assert not g.pending()
    assert g.round == 4 and g.phase == "westeros"
    assert g.last_westeros_cards == QUIET
    for deck, c in zip((1, 2, 3), QUIET, strict=True):
        assert len(g.westeros_decks[deck]) == 9 and c not in g.westeros_decks[deck]
        assert g.westeros_discards[deck] == (c,)
    assert any("Westeros phase" in line for line in log_lines(g))


def test_r3_2_4_cards_resolve_in_order_each_completely(rec: Recorder) -> None:
    """R3.2.4: card I (Supply, with its reconciliation) finishes before card II's choice (D3)."""
    s = Scenario(players=4).empty().supply("stark", 4)
    s.units("winterfell", "stark", "footman", "footman", "footman")  # 1 barrel -> supply 1
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman", "footman")  # armies 3,2,2 > (3,2)
    g = phase("I:supply", "II:dark_wings_dark_words", "III:put_to_the_sword", scenario=s)
    (d,) = g.pending()
    assert d.kind == D.RECONCILE.name and d.seat == SEAT["stark"]
    assert g.westeros_discards[1] == ()  # not discarded until resolved
    g.apply(d.seat, "white_harbor:footman")
    (d,) = g.pending()
    assert d.kind == D.WESTEROS_CHOICE.name and d.seat == SEAT["lannister"]  # Raven holder
    assert g.westeros_discards[1] == ("I:supply",)
    g.apply(d.seat, "nothing")
    (d,) = g.pending()
    assert d.kind == D.WESTEROS_CHOICE.name and d.seat == SEAT["greyjoy"]  # VSB holder
    g.apply(d.seat, "nothing")
    assert not g.pending()
    assert g.westeros_discards == {
        1: ("I:supply",),
        2: ("II:dark_wings_dark_words",),
        3: ("III:put_to_the_sword",),
    }


# ------------------------------------------------------------------------- R3.2.3 wildlings


def test_r3_2_3_each_icon_advances_the_threat_by_two(rec: Recorder) -> None:
    """R3.2.3 / R4.1: three icons move the threat 2 -> 8; no attack below 12."""
    g = phase(*QUIET, threat=2)
    assert g.wildling_threat == 8 and rec.calls == []


def test_r3_2_3_cards_without_icons_leave_the_threat(rec: Recorder) -> None:
    g = phase("I:supply", "II:game_of_thrones", "III:put_to_the_sword", threat=4)
    g.apply(SEAT["greyjoy"], "nothing")
    assert g.wildling_threat == 4 and rec.calls == []


def test_r3_2_3_threat_capped_at_12_attack_at_once_before_the_cards(rec: Recorder) -> None:
    """R3.2.3 / R4.2 (a): 10 + 3 icons stops at 12, the attack (strength 12) is resolved at once,
    before any card resolves (Storm of Swords' restriction is not yet in force)."""
    g = phase(*QUIET, threat=10)
    assert rec.calls == [("attack", (12, None), 12, frozenset())]
    assert g.restrictions == {"defense+1", "defense+2*"}
    assert g.wildling_threat == 0  # the stub attack's Night's Watch win


def test_r3_2_3_attack_at_12_then_wildlings_attack_card_at_new_threat(rec: Recorder) -> None:
    """R3.2.3 then R3.4 Wildlings Attack: the card attacks at the threat after the first attack,
    here 0 — still resolved (F34)."""
    g = phase("I:last_days_of_summer", "II:last_days_of_summer", "III:wildlings_attack", threat=10)
    assert not g.pending()
    assert [c[1] for c in rec.calls] == [(12, None), (0, None)]


def test_r3_2_3_exactly_reaching_12_attacks(rec: Recorder) -> None:
    g = phase("I:last_days_of_summer", "II:game_of_thrones", "III:put_to_the_sword", threat=10)
    assert rec.calls[0][1] == (12, None)
    assert g.pending()[0].kind == D.WESTEROS_CHOICE.name


# ---------------------------------------------------------------------- R3.3 Winter Is Coming


def test_r3_3_1_winter_is_coming_reshuffles_deck_discards_and_itself(rec: Recorder) -> None:
    """R3.3.1 (E9, F31): WIC is shuffled with its deck and that deck's discard pile, then a
    replacement is revealed; WIC never resolves itself."""
    s = Scenario(players=4, seed=5).empty()
    s.westeros_top(1, "I:winter_is_coming")
    s.discarded(1, "I:supply", "I:mustering")  # two cards discarded in earlier rounds
    g = phase("II:last_days_of_summer", "III:storm_of_swords", scenario=s)
    while g.pending():  # whatever deck I's replacement asks, answer the first choice
        d = g.pending()[0]
        g.apply(d.seat, d.choices[0])
    replacement = g.last_westeros_cards[0]
    assert T.WESTEROS_CARD_BY_ID[replacement].deck == 1
    assert T.WESTEROS_CARD_BY_ID[replacement].base_id != "winter_is_coming"
    assert "I:winter_is_coming" in g.westeros_decks[1]
    assert g.westeros_discards[1] == (replacement,)
    everything = Counter(g.westeros_decks[1]) + Counter(g.westeros_discards[1])
    assert everything == Counter(T.westeros_deck_list(1))
    assert any("Winter Is Coming" in line and "shuffled" in line for line in log_lines(g))


def test_f32_replacement_icon_counts_and_can_trigger_the_attack(rec: Recorder) -> None:
    """R3.3.2 / F32: the card revealed for Winter Is Coming counts its wildling icon."""
    s = Scenario(players=4).empty()
    s.westeros_top(1, "I:last_days_of_summer").westeros_top(3, "III:put_to_the_sword")
    s.after_winter(2, "II:last_days_of_summer")
    g = phase(scenario=s, threat=8)
    assert g.last_westeros_cards[1] == "II:last_days_of_summer"
    assert rec.calls and rec.calls[0][1] == (12, None)  # 8 + 2 icons


def test_r3_3_2_winter_is_coming_again_repeats(rec: Recorder) -> None:
    """R3.3.2: if the replacement is Winter Is Coming again, shuffle and reveal again."""
    s = Scenario(players=4).empty()
    s.westeros_top(1, "I:last_days_of_summer").westeros_top(3, "III:storm_of_swords")
    s.after_winter(2, "II:game_of_thrones", times=2)
    g = phase(scenario=s)
    assert g.last_westeros_cards[1] == "II:game_of_thrones"
    reveals = sum(1 for line in log_lines(g) if "Winter Is Coming (II) is revealed" in line)
    assert reveals == 2
    assert [e["deck"] for e in events_of(g, E.WINTER_IS_COMING.name)] == [2, 2]
    assert "II:winter_is_coming" in g.westeros_decks[2]
    everything = Counter(g.westeros_decks[2]) + Counter(g.westeros_discards[2])
    assert everything == Counter(T.westeros_deck_list(2))


# ------------------------------------------------------------------------ Deck I (R3.4)


def test_supply_card_updates_supply(rec: Recorder) -> None:
    """R3.4 Supply -> R3.5.1."""
    s = Scenario(players=4).empty().supply("lannister", 0).token("blackwater", "lannister")
    g = card("I:supply", s)
    assert not g.pending()
    assert g.supply["lannister"] == 4  # Lannisport 2 + Blackwater 2
    assert g.supply["stark"] == 1


def test_mustering_card_runs_the_mustering_round(rec: Recorder) -> None:
    g = card("I:mustering")
    assert not g.pending()
    assert [c[0] for c in rec.calls] == ["mustering"]


@pytest.mark.parametrize("deck", ["I", "II"])
def test_last_days_of_summer_does_nothing(rec: Recorder, deck: str) -> None:
    s = Scenario(players=4).empty()
    before = s.g.snapshot()
    g = s.start(ResolveWesterosCard(f"{deck}:last_days_of_summer"))
    assert not g.pending() and rec.calls == []
    after = g.snapshot()
    assert after.pop("westeros_discards")[str(len(deck))] == [f"{deck}:last_days_of_summer"]
    before.pop("westeros_discards")
    assert before == after


def test_d2_throne_of_blades_decision_by_iron_throne_holder(rec: Recorder) -> None:
    """D2 / R3.4.1: the Iron Throne holder chooses Supply, Mustering or nothing."""
    g = card("I:a_throne_of_blades")
    (d,) = g.pending()
    assert d.kind == D.WESTEROS_CHOICE.name and d.seat == SEAT["baratheon"]
    assert d.choices == ("supply", "mustering", "nothing")
    assert "Baratheon" in d.prompt and "A Throne of Blades" in d.prompt


def test_d2_throne_of_blades_supply(rec: Recorder) -> None:
    g = card("I:a_throne_of_blades", Scenario(players=4).empty().supply("stark", 5))
    g.apply(SEAT["baratheon"], "supply")
    assert not g.pending() and g.supply["stark"] == 1 and rec.calls == []


def test_d2_throne_of_blades_mustering(rec: Recorder) -> None:
    g = card("I:a_throne_of_blades", Scenario(players=4).empty().supply("stark", 5))
    g.apply(SEAT["baratheon"], "mustering")
    assert not g.pending() and [c[0] for c in rec.calls] == ["mustering"]
    assert g.supply["stark"] == 5


def test_d2_throne_of_blades_nothing(rec: Recorder) -> None:
    g = card("I:a_throne_of_blades", Scenario(players=4).empty().supply("stark", 5))
    g.apply(SEAT["baratheon"], "nothing")
    assert not g.pending() and g.supply["stark"] == 5 and rec.calls == []


def test_d2_illegal_choices_change_nothing(rec: Recorder) -> None:
    g = card("I:a_throne_of_blades")
    assert_illegal(g, "clash_of_kings", seat=SEAT["baratheon"])
    assert_illegal(g, 0, seat=SEAT["baratheon"])
    assert_illegal(g, "supply", seat=SEAT["stark"])  # not the Iron Throne holder


# ------------------------------------------------------------------------ Deck II (R3.4)


def test_clash_of_kings_card_starts_the_auctions(rec: Recorder) -> None:
    g = card("II:clash_of_kings")
    assert {d.kind for d in g.pending()} == {D.BID.name} and len(g.pending()) == 4


def test_game_of_thrones_card_collects_power(rec: Recorder) -> None:
    """R3.8: crowns of controlled land areas (home emblems count)."""
    s = Scenario(players=4).empty()
    for h in SEAT:
        s.power(h, 0)
    g = card("II:game_of_thrones", s)
    assert not g.pending()
    assert g.power == {"stark": 1, "lannister": 0, "baratheon": 1, "greyjoy": 1}


def test_d3_dark_wings_decision_by_raven_holder(rec: Recorder) -> None:
    """D3 / R3.4.1: the Messenger Raven (King's Court) holder chooses."""
    g = card("II:dark_wings_dark_words")
    (d,) = g.pending()
    assert d.kind == D.WESTEROS_CHOICE.name and d.seat == SEAT["lannister"]
    assert d.choices == ("clash_of_kings", "game_of_thrones", "nothing")
    assert_illegal(g, "supply", seat=SEAT["lannister"])
    assert_illegal(g, "nothing", seat=SEAT["baratheon"])


def test_d3_dark_wings_clash_of_kings(rec: Recorder) -> None:
    g = card("II:dark_wings_dark_words")
    g.apply(SEAT["lannister"], "clash_of_kings")
    assert {d.kind for d in g.pending()} == {D.BID.name}


def test_d3_f33_dark_wings_game_of_thrones_includes_ports(rec: Recorder) -> None:
    """F33 / Q2: Dark Wings' Game of Thrones option gives port power too (R8.6)."""
    s = Scenario(players=4).empty().power("stark", 0)
    s.units("port_of_winterfell", "stark", "ship")
    g = card("II:dark_wings_dark_words", s)
    g.apply(SEAT["lannister"], "game_of_thrones")
    assert not g.pending() and g.power["stark"] == 2  # Winterfell crown + port


def test_d3_dark_wings_nothing(rec: Recorder) -> None:
    g = card("II:dark_wings_dark_words")
    before = dict(g.power)
    g.apply(SEAT["lannister"], "nothing")
    assert not g.pending() and g.power == before


def test_r3_4_1_chooser_is_the_holder_when_the_card_resolves(rec: Recorder) -> None:
    """R3.4.1: Clash of Kings (II) gives the Valyrian Steel Blade to Stark, who then chooses
    for Put to the Sword (III)."""
    g = phase("I:last_days_of_summer", "II:clash_of_kings", "III:put_to_the_sword")
    for track_winner in ("baratheon", "stark", "lannister"):
        for d in g.pending():
            g.apply(d.seat, 1 if g.house_of(d.seat) == track_winner else 0)
        while g.pending() and g.pending()[0].kind == D.TIE_BREAK.name:
            d = g.pending()[0]
            g.apply(d.seat, d.choices[0])
    assert g.holder("fiefdoms") == "stark"
    (d,) = g.pending()
    assert d.kind == D.WESTEROS_CHOICE.name and d.seat == SEAT["stark"]


# ----------------------------------------------------------------------- Deck III (R3.4)


@pytest.mark.parametrize("threat", [0, 6])
def test_wildlings_attack_card_at_current_threat_even_zero(rec: Recorder, threat: int) -> None:
    """R3.4 / F34: Wildlings Attack at the current threat, even at 0."""
    g = card("III:wildlings_attack", Scenario(players=4).empty().threat(threat))
    assert not g.pending()
    assert [c[:2] for c in rec.calls] == [("attack", (threat, None))]


def test_d4_put_to_the_sword_decision_by_blade_holder(rec: Recorder) -> None:
    """D4: the Valyrian Steel Blade (Fiefdoms) holder chooses the restriction."""
    g = card("III:put_to_the_sword")
    (d,) = g.pending()
    assert d.kind == D.WESTEROS_CHOICE.name and d.seat == SEAT["greyjoy"]
    assert d.choices == ("no_defense", "no_march_plus1", "nothing")
    assert_illegal(g, "storm_of_swords", seat=SEAT["greyjoy"])
    assert_illegal(g, "nothing", seat=SEAT["stark"])


@pytest.mark.parametrize(
    ("choice", "barred"),
    [
        ("no_defense", {"defense+1", "defense+2*"}),
        ("no_march_plus1", {"march+1*"}),
        ("nothing", set()),
    ],
)
def test_d4_put_to_the_sword_restrictions(rec: Recorder, choice: str, barred: set[str]) -> None:
    g = card("III:put_to_the_sword")
    g.apply(SEAT["greyjoy"], choice)
    assert not g.pending() and g.restrictions == barred


@pytest.mark.parametrize(
    ("card_id", "barred", "said"),
    [
        ("III:sea_of_storms", {"raid", "raid*"}, "no Raid orders"),
        ("III:rains_of_autumn", {"march+1*"}, "no March +1 order"),
        ("III:feast_for_crows", {"consolidate", "consolidate*"}, "no Consolidate Power orders"),
        ("III:web_of_lies", {"support+0", "support+1*"}, "no Support orders"),
        ("III:storm_of_swords", {"defense+1", "defense+2*"}, "no Defense orders"),
    ],
)
def test_r3_4_planning_restrictions(
    rec: Recorder, card_id: str, barred: set[str], said: str
) -> None:
    """R3.4 / R5.2: restricted tokens (regular and special alike) are barred this round."""
    g = card(card_id)
    assert not g.pending()
    assert g.restrictions == barred
    assert barred <= set(T.ORDER_KINDS)
    assert log_lines(g)[-1] == f"This round {said} may be placed"


def test_every_westeros_card_is_handled(rec: Recorder) -> None:
    """Every distinct card of R3.4 (except Winter Is Coming, R3.3) resolves without error."""
    for card_id in T.WESTEROS_CARD_BY_ID:
        if text_of(card_id).reshuffle:
            continue
        g = card(card_id)
        for _ in range(50):
            if not g.pending():
                break
            d = g.pending()[0]
            g.apply(d.seat, d.choices[-1])
        assert not g.pending(), card_id


# ------------------------------------------------------------------------ R9.2 win check


def test_r9_2_win_check_after_each_card(rec: Recorder) -> None:
    """R3.2.4 / R9.2: the win is checked after each card; later cards are not resolved."""
    s = Scenario(players=4).empty()
    for area in ("seagard", "riverrun", "harrenhal", "the_eyrie", "kings_landing", "oldtown"):
        s.token(area, "greyjoy")  # Pyke + 6 = 7 castles/strongholds
    g = phase(
        "I:last_days_of_summer", "II:dark_wings_dark_words", "III:storm_of_swords", scenario=s
    )
    assert g.phase == "over" and g.winner == "greyjoy"
    assert not g.pending() and g.restrictions == frozenset()


# ------------------------------------------------------------------ R3.8 Game of Thrones


def test_r3_8_power_from_crowns_tokens_and_units() -> None:
    s = Scenario(players=4).empty()
    s.units("kings_landing", "lannister", "footman").token("harrenhal", "lannister")
    s.units("the_stony_shore", "stark", "footman")  # no crown
    g = s.g
    assert power_income(g, "lannister") == 3  # King's Landing 2 + Harrenhal 1 (Lannisport 0)
    assert power_income(g, "stark") == 1  # Winterfell emblem


def test_r8_6_port_trade_needs_own_ship_and_no_enemy_in_the_sea() -> None:
    """R8.6: +1 per controlled port with a ship of its own whose sea holds no enemy ships."""
    s = Scenario(players=4).empty()
    s.units("port_of_winterfell", "stark", "ship")
    s.units("bay_of_ice", "stark", "ship")  # own ships in the sea do not hurt
    s.units("port_of_lannisport", "lannister", "ship")
    s.units("the_golden_sound", "greyjoy", "ship")  # enemy ship blocks
    s.units("port_of_pyke", "greyjoy", "ship")
    g = s.g
    assert trade_ports(g, "stark") == ["port_of_winterfell"]
    assert trade_ports(g, "lannister") == []
    assert trade_ports(g, "greyjoy") == ["port_of_pyke"]
    assert power_income(g, "stark") == 2 and power_income(g, "greyjoy") == 2
    assert trade_ports(g, "baratheon") == []  # empty port


def test_r3_8_power_capped_by_the_pool() -> None:
    """R1.6.2 / R3.8.1: a house gains only what remains in the Pool."""
    s = Scenario(players=4).empty().power("stark", 19).power("baratheon", 20)
    s.units("port_of_winterfell", "stark", "ship")
    g = s.g
    power_before = dict(g.power)
    game_of_thrones(g)
    assert g.power["stark"] == 20 and g.power["baratheon"] == 20
    assert g.power["greyjoy"] == power_before["greyjoy"] + 1
    assert any("the Pool holds only 1" in line for line in log_lines(g))


# ------------------------------------------------------------- one entry per card, events


def test_every_westeros_card_and_option_has_one_text_entry() -> None:
    """R3.4: every card (by base id) and every chooser option resolves through one entry."""
    for info in T.WESTEROS_CARD_BY_ID.values():
        assert info.base_id in WESTEROS_TEXTS, info.id
        for option in info.options:
            assert option in WESTEROS_TEXTS, (info.id, option)
    assert text_of("II:winter_is_coming").reshuffle
    assert text_of("III:web_of_lies").barred == {"support+0", "support+1*"}


def test_phase_events_carry_the_facts(rec: Recorder) -> None:
    """R3.2: the revealed cards, the threat move and the chosen restriction as data."""
    g = phase("I:last_days_of_summer", "II:game_of_thrones", "III:put_to_the_sword", threat=2)
    g.apply(SEAT["greyjoy"], "no_march_plus1")
    (start,) = events_of(g, E.WESTEROS_PHASE.name)
    assert start["round"] == 4
    revealed = [(e["deck"], e["card"]) for e in events_of(g, E.WESTEROS_REVEALED.name)]
    assert revealed == [
        (1, "I:last_days_of_summer"),
        (2, "II:game_of_thrones"),
        (3, "III:put_to_the_sword"),
    ]
    (icons,) = events_of(g, E.WILDLING_ICONS.name)
    assert icons.fields == {"icons": 1, "before": 2, "after": 4}
    collected = {e["house"]: e["gained"] for e in events_of(g, E.POWER_COLLECTED.name)}
    assert set(collected) == set(SEAT)
    (chosen,) = events_of(g, E.WESTEROS_CHOSEN.name)
    assert chosen.fields == {
        "house": "greyjoy",
        "card": "III:put_to_the_sword",
        "option": "no_march_plus1",
        "barred": ["march+1*"],
    }
    assert "Greyjoy chooses no March +1 order" in log_lines(g)
    (restricted,) = events_of(g, E.WESTEROS_RESTRICTION.name)
    assert restricted["barred"] == ["march+1*"]
