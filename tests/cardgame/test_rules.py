"""The card game's framework rules (C5–C20) through the real steps, with vanilla cards and
small test-only card texts (registered for one test by monkeypatching TEXTS)."""

from __future__ import annotations

import pytest

from tests.cardgame.driver import FILLER, Table
from westeros.cardgame import actions as A
from westeros.cardgame.abilities import TEXTS, CardText, Ctx, text
from westeros.cardgame.flow import cancel, save
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import KNEEL_SELF, action, interrupt, reaction
from westeros.engine import IllegalAction, new_game

# Core Set vanilla cards used as plain bodies
RANGING_PARTY = "01132"  # cost 4, STR 5, [military] [power], no attachments except Weapon
BLACK_WINDS_CREW = "01072"  # cost 3, STR 3, [military] [power], pillage


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> dict[str, CardText]:
    """TEXTS, restored after the test (register test-only texts with ``_register``)."""
    saved = dict(TEXTS)
    yield TEXTS
    TEXTS.clear()
    TEXTS.update(saved)


def _register(code: str, *parts: object) -> None:
    TEXTS.pop(code, None)
    text(code, *parts)  # type: ignore[arg-type]


# -- setup (C5) ------------------------------------------------------------------------


def _fresh(seed: int = 1) -> CardGame:
    g = new_game("cardgame", {}, seed)
    assert isinstance(g, CardGame)
    return g


def test_c5_6_c5_7_seven_cards_then_one_mulligan_in_player_order() -> None:
    g = _fresh()
    first = g.first
    d = g.pending()[0]
    assert d.kind == "mulligan" and d.seat == first and set(d.choices) == {"keep", "mulligan"}
    assert all(len(p.hand) == 7 for p in g.players)
    before = list(g.players[first].hand)
    g.apply(first, "mulligan")
    assert len(g.players[first].hand) == 7
    assert g.players[first].hand != before or len(g.players[first].deck) < 7
    d = g.pending()[0]
    assert d.kind == "mulligan" and d.seat == 1 - first  # once each, in player order


def test_c5_8_setup_cards_within_8_gold_no_events_one_limited() -> None:
    g = _fresh(2)
    for _ in range(2):
        g.apply(g.pending()[0].seat, "keep")
    for _ in range(60):
        d = g.pending()[0]
        if d.kind != "setup":
            break
        p = g.players[d.seat]
        facedown = [c for c, r in g.play.items() if r.facedown and r.controller == d.seat]
        titles = {g.defs[c].name: c for c in reversed(facedown)}  # first copy of each title
        spent = sum(g.defs[c].cost or 0 for c in titles.values())
        for c in d.choices:
            if c == "done":
                continue
            assert isinstance(c, int) and c in p.hand
            assert g.defs[c].type in ("character", "location", "attachment")  # C5.8.2
            extra_copy = g.defs[c].unique and g.defs[c].name in titles  # C5.8.5: free
            assert spent + (0 if extra_copy else g.defs[c].cost or 0) <= 8  # C5.8.1
        picks = [c for c in d.choices if c != "done"]
        g.apply(d.seat, picks[0] if picks else "done")
    for seat in (0, 1):
        placed = [c for c, r in g.play.items() if r.controller == seat and g.where[c] == "play"]
        assert sum(g.defs[c].cost or 0 for c in placed) <= 8  # duplicates are not in "play"
        assert sum(1 for c in placed if g.defs[c].keyword("limited")) <= 1  # C5.8.3
        assert len(g.players[seat].hand) == 7 or not g.players[seat].deck  # C5.11


# -- marshaling (C9, C17.5, C18) -------------------------------------------------------


def test_c9_2_income_then_marshal_pays_the_cost() -> None:
    t = Table()
    card = t.add(0, BLACK_WINDS_CREW, zone="hand")
    t.start("marshaling")
    assert t.g.players[0].gold == 3  # The Winds of Winter: income 3
    assert f"marshal:{card}" in t.choices(0)
    t.do(f"marshal:{card}")
    assert t.g.where[card] == "play" and t.g.players[0].gold == 3 - (t.g.defs[card].cost or 0)


def test_c9_4_1_a_card_that_costs_more_than_the_gold_cannot_be_marshaled() -> None:
    t = Table()
    robert = t.add(0, "01048", zone="hand")  # cost 7
    t.start("marshaling")
    d = t.decision(0) if t.pending() and t.pending()[0].kind == "action" else None
    assert d is None or f"marshal:{robert}" not in d.choices
    with pytest.raises(IllegalAction):
        t.g.apply(0, f"marshal:{robert}")


def test_c9_5_c18_3_a_second_copy_of_a_unique_card_is_a_free_duplicate() -> None:
    t = Table()
    eddard = t.add(0, "01144")
    copy = t.add(0, "01144", zone="hand")
    t.start("marshaling")
    t.do(f"marshal:{copy}")
    assert t.g.where[copy] == "dup" and t.g.play[copy].parent == eddard
    assert t.g.players[0].gold == 3  # duplicates cost nothing


def test_c18_7_a_duplicate_saves_its_card_from_being_killed() -> None:
    t = Table()
    eddard = t.add(0, "01144")
    dup = t.add(0, "01144", zone="dup", on=eddard)
    t.run(_Effect(lambda g: A.kill(g, [eddard])), phase="challenges")
    t.auto()
    assert t.g.where[eddard] == "play" and t.g.where[dup] == "discard"


def test_c18_2_a_unique_title_in_the_dead_pile_cannot_be_marshaled() -> None:
    t = Table()
    t.add(0, "01144", zone="dead")
    eddard = t.add(0, "01144", zone="hand")
    t.gold(0, 20)
    assert not A.can_marshal(t.g, eddard, 0)


def test_c17_5_one_limited_card_per_round() -> None:
    t = Table()
    road = t.add(0, "01040", zone="hand")  # The Roseroad, limited, cost 0
    road2 = t.add(0, "01040", zone="hand")
    t.start("marshaling")
    t.do(f"marshal:{road}")
    assert not A.can_marshal(t.g, road2, 0)


# -- challenges (C10–C12) ---------------------------------------------------------------


def test_c11_1_attackers_kneel_and_c11_7_ties_go_to_the_attacker() -> None:
    t = Table()
    a = t.add(0, RANGING_PARTY)
    d = t.add(1, RANGING_PARTY)
    t.start("challenges")
    t.challenge(0, "military", [a], [d])
    t.auto()
    assert t.g.knelt(a)  # C11.1.3
    assert t.g.where[d] == "dead"  # 5–5: the attacker won and claimed the only character


def test_c11_7_3_no_participant_no_winner() -> None:
    """A side that wins on STR needs a participating character (C11.7.3)."""
    t = Table()
    a = t.add(0, RANGING_PARTY)
    t.add(1, BLACK_WINDS_CREW)
    t.start("challenges")
    t.challenge(0, "military", [a], stop=lambda d: d.kind == "defender")
    assert t.g.challenge is not None
    t.g.challenge.attackers.clear()  # the attacker left the challenge
    t.do("done", seat=1)
    t.auto()
    assert t.g.play[t.faction(0)].power == 0


def test_c11_9_unopposed_gains_one_power_and_c12_4_power_claim_moves_power() -> None:
    t = Table()
    a = t.add(0, RANGING_PARTY)
    t.power(1, 5)
    t.start("challenges")
    t.challenge(0, "power", [a])
    t.auto()
    assert t.g.play[t.faction(0)].power == 1 + 2  # unopposed + claim 2 (Winds of Winter)
    assert t.g.play[t.faction(1)].power == 3


def test_c12_2_military_claim_kills_characters_the_defender_chooses() -> None:
    t = Table()
    a = t.add(0, RANGING_PARTY)
    victims = [t.add(1, FILLER), t.add(1, FILLER, knelt=True), t.add(1, FILLER)]
    t.start("challenges")
    t.challenge(0, "military", [a])
    assert t.kinds() == ["claim_kill"] and t.decision().seat == 1
    t.do(victims[1])
    t.do(victims[2])
    t.auto()
    assert [t.g.where[v] for v in victims] == ["play", "dead", "dead"]


def test_c12_3_intrigue_claim_discards_at_random() -> None:
    t = Table()
    a = t.add(0, "01127")  # Samwell Tarly: [intrigue]
    for _ in range(4):
        t.add(1, FILLER, zone="hand")
    t.start("challenges")
    t.challenge(0, "intrigue", [a])
    t.auto()
    assert len(t.hand(1)) == 2 and len(t.g.players[1].discard) == 2


def test_c10_4_each_type_once_per_phase() -> None:
    t = Table()
    a = t.add(0, RANGING_PARTY)
    b = t.add(0, RANGING_PARTY)
    t.start("challenges")
    t.challenge(0, "military", [a])
    t.auto()
    for v in t.g.characters(1):
        del v
    choices = t.choices(0) if t.kinds() == ["challenge"] else ()
    assert "military>1" not in choices and "power>1" in choices
    del b


def test_c17_9_stealth_bypasses_a_defender() -> None:
    t = Table()
    varys = t.add(0, "01029")  # Varys: stealth, [intrigue]
    guard = t.add(1, "01127")  # Samwell Tarly: [intrigue], no stealth
    t.start("challenges")
    t.challenge(0, "intrigue", [varys], stealth={varys: guard}, stop=lambda d: d.kind == "defender")
    assert not t.pending() or t.kinds() != ["defender"] or guard not in t.choices(1)


def test_c17_8_renown_gains_power_on_the_character() -> None:
    t = Table()
    robert = t.add(0, "01048")
    t.start("challenges")
    t.challenge(0, "military", [robert])
    t.auto()
    assert t.g.play[robert].power == 1


def test_c17_7_pillage_discards_the_top_card_of_the_losers_deck() -> None:
    t = Table()
    crew = t.add(0, BLACK_WINDS_CREW)
    deck = len(t.g.players[1].deck)
    t.start("challenges")
    t.challenge(0, "military", [crew])
    t.auto()
    assert len(t.g.players[1].deck) == deck - 1 and len(t.g.players[1].discard) >= 1


def test_c17_3_insight_draws_a_card() -> None:
    t = Table()
    sam = t.add(0, "01127")  # Samwell Tarly: insight
    t.start("challenges")
    before = len(t.hand(0))
    t.challenge(0, "intrigue", [sam])
    t.auto()
    assert len(t.hand(0)) == before + 1


# -- dominance, standing, taxation (C13–C15) -------------------------------------------


def test_c13_dominance_standing_str_plus_gold_wins_one_power() -> None:
    t = Table()
    t.add(0, RANGING_PARTY)
    t.add(1, RANGING_PARTY, knelt=True)
    t.start("dominance")
    t.auto()
    assert t.g.play[t.faction(0)].power == 1 and t.g.play[t.faction(1)].power == 0


def test_c13_3_a_tie_for_dominance_gives_nothing() -> None:
    t = Table()
    t.add(0, RANGING_PARTY)
    t.gold(1, 5)
    t.start("dominance")
    t.auto()
    assert t.g.total_power(0) == 0 and t.g.total_power(1) == 0


def test_c14_standing_stands_every_kneeling_card() -> None:
    t = Table()
    knelt = [t.add(0, RANGING_PARTY, knelt=True), t.add(1, RANGING_PARTY, knelt=True)]
    A.kneel_now(t.g, t.faction(0))
    t.start("standing")
    t.auto()
    assert not any(t.g.knelt(c) for c in [*knelt, t.faction(0)])


def test_c15_gold_returns_and_hands_go_down_to_reserve() -> None:
    t = Table()
    t.gold(0, 4)
    for _ in range(7):
        t.add(0, FILLER, zone="hand")
    t.start("taxation")
    assert t.g.players[0].gold == 0
    assert t.kinds() == ["reserve"]
    while t.kinds() == ["reserve"]:
        t.do(t.choices()[0])
    t.auto()
    assert len(t.hand(0)) == 5  # The Winds of Winter: reserve 5


# -- plots and initiative (C7) ---------------------------------------------------------


def test_c7_3_1_initiative_tie_goes_to_the_lower_power() -> None:
    t = Table()
    t.power(0, 3)
    t.plot_phase({0: "01025", 1: "01025"}, first=1)  # both initiative 4
    assert t.g.first == 1
    won = [e for e in t.g.log if e.kind == "initiative"][-1]
    assert won["player"] == 1


def test_c7_3_5_an_empty_plot_deck_takes_the_used_pile_back() -> None:
    t = Table()
    t.plot_phase({0: "01025", 1: "01025"})
    p = t.g.players[0]
    assert len(p.plots) >= 1 and not p.used


# -- winning and elimination (C20) -----------------------------------------------------


def test_c20_3_fifteen_power_wins_at_once() -> None:
    t = Table()
    t.power(0, 14)
    t.add(0, RANGING_PARTY)
    t.start("dominance")
    t.auto()
    assert t.g.winner == 0 and t.g.is_over
    assert t.g.outcome() is not None and t.g.outcome().ranking == (0, 1)


def test_c20_4_an_empty_draw_deck_eliminates() -> None:
    t = Table(deck=3)
    t.g.players[0].deck = t.g.players[0].deck[:1]
    t.start("draw")
    # seat 0 empties their deck (the draws are simultaneous, C8.2: both decks emptying
    # together is D15's, tests/cardgame/test_elimination.py): eliminated, the other one wins
    assert t.g.players[0].eliminated and not t.g.players[1].eliminated
    assert t.g.winner == 1 and t.g.is_over


# -- the ability framework (C16) --------------------------------------------------------


class _Effect:
    """A step running one effect (for tests)."""

    def __init__(self, fn: object) -> None:
        self.fn = fn

    def decisions(self, g: CardGame) -> list[object]:
        return []

    def run(self, g: CardGame) -> None:
        from westeros.cardgame.flow import run_effect

        run_effect(g, lambda g: self.fn(g))  # type: ignore[operator]

    def snapshot(self) -> dict[str, object]:
        return {"step": "_Effect"}


def test_c6_4_the_first_player_acts_first_and_the_window_closes_after_all_pass(
    texts: dict[str, CardText],
) -> None:
    gained: list[int] = []
    _register("01070", action(lambda g, ctx: gained.append(ctx.you), cost=(KNEEL_SELF,)))
    t = Table(first=1)
    mine = t.add(0, "01070")
    theirs = t.add(1, "01070")
    t.start("draw")
    assert t.decision().seat == 1  # the first player's opportunity comes first (C6.4)
    t.do("pass")
    t.use(mine)
    assert gained == [0]
    assert t.decision().seat == 1  # the window did not close: seat 1 acts again
    t.use(theirs)
    assert gained == [0, 1]
    assert not t.pending() or t.g.phase != "draw"


def test_c16_10_a_reaction_answers_one_occurrence_once(texts: dict[str, CardText]) -> None:
    used: list[int] = []
    _register("01070", reaction("knelt", lambda g, ctx: used.append(1)))
    t = Table()
    t.add(0, "01070")
    target = t.add(1, RANGING_PARTY)
    t.run(_Effect(lambda g: A.kneel(g, [target])), phase="draw")
    assert t.kinds() == ["reaction"]
    t.do(t.choices()[0])
    assert used == [1]
    assert not t.pending() or t.kinds() != ["reaction"]


def test_c16_13_a_cancel_interrupt_stops_an_effect(texts: dict[str, CardText]) -> None:
    drawn: list[int] = []
    _register("01070", action(lambda g, ctx: drawn.append(1), cost=(KNEEL_SELF,)))
    _register(
        "01072",
        interrupt(
            "initiating",
            lambda g, ctx: cancel(g),
            when=lambda g, ctx: ctx.occ is not None and ctx.occ.player != ctx.you,
        ),
    )
    t = Table()
    source = t.add(0, "01070")
    t.add(1, "01072")
    t.start("draw")
    t.use(source)
    assert t.kinds() == ["interrupt"] and t.decision().seat == 1
    t.do(t.choices(1)[0])
    assert drawn == [] and t.g.knelt(source)  # canceled; the cost stays paid (C16.13)


def test_c18_8_a_save_interrupt_keeps_the_card_in_play(texts: dict[str, CardText]) -> None:
    def saver(g: CardGame, ctx: Ctx) -> None:
        assert ctx.occ is not None
        save(g, ctx.occ.cards[0])

    _register(
        "01070",
        interrupt("killed", saver, when=lambda g, ctx: ctx.occ is not None and bool(ctx.occ.cards)),
    )
    t = Table()
    t.add(0, "01070")
    victim = t.add(0, RANGING_PARTY)
    t.run(_Effect(lambda g: A.kill(g, [victim])), phase="draw")
    assert t.kinds() == ["interrupt"]
    t.do(t.choices()[0])
    t.auto()
    assert t.g.where[victim] == "play"


def test_c16_19_limit_once_per_phase(texts: dict[str, CardText]) -> None:
    _register("01070", action(lambda g, ctx: None, limit=(1, "phase")))
    t = Table()
    src = t.add(0, "01070")
    t.start("draw")
    t.use(src)
    assert not t.can_use(src)


def test_c19_3_attachments_go_back_to_hand_and_terminal_ones_are_discarded() -> None:
    t = Table()
    host = t.add(0, "01144")  # Eddard Stark (a Lord)
    seal = t.add(0, "01032", on=host)  # Seal of the Hand
    poppy = t.add(1, "01035", on=host)  # Milk of the Poppy: terminal
    t.run(_Effect(lambda g: A.kill(g, [host])), phase="draw")
    t.auto()
    assert t.g.where[host] == "dead"
    assert t.g.where[seal] == "hand" and t.g.where[poppy] == "discard"
    assert seal in t.g.players[0].hand and poppy in t.g.players[1].discard


def test_c16_4_a_sacrifice_paid_as_a_cost_still_opens_reactions(
    texts: dict[str, CardText],
) -> None:
    """Robb Stark (01146) answers a Stark character sacrificed as a cost (C16.4: reactions to
    what happens while costs are paid are used as normal)."""
    from westeros.cardgame.texts.common import SACRIFICE_SELF

    _register("01150", action(lambda g, ctx: None, cost=(SACRIFICE_SELF,)))
    t = Table()
    robb = t.add(0, "01146")
    knight = t.add(0, "01150")
    tired = t.add(0, RANGING_PARTY, knelt=True)
    t.start("draw")
    t.use(knight)
    assert t.g.where[knight] == "discard"
    assert t.kinds() == ["reaction"]
    t.use(robb)
    assert not t.g.knelt(tired)


def test_c5_9_a_setup_attachment_without_a_legal_card_is_discarded_with_its_duplicate() -> None:
    """Two Ice (01153) at setup: the second is a duplicate of the first (C5.8.5); with only
    Summer (no attachments) to go on, Ice is discarded and its duplicate with it (C18.13)."""
    from westeros.cardgame.setup import RevealSetup

    t = Table()
    summer = t.add(0, "01148")
    ices = [t.add(0, "01153"), t.add(0, "01153")]
    for c in [summer, *ices]:
        t.g.update(c, facedown=True)
    t.run(RevealSetup(), phase="setup")
    assert [t.g.where[c] for c in ices] == ["discard", "discard"]
    assert t.g.where[summer] == "play"


def test_c18_2_no_duplicate_while_a_copy_lies_in_the_dead_pile() -> None:
    """C18.2: with Eddard in play and another Eddard in the dead pile, a third one can be
    neither marshaled as a duplicate nor put into play (ambush, effects)."""
    t = Table()
    t.add(0, "01144")
    t.add(0, "01144", zone="dead")
    third = t.add(0, "01144", zone="hand")
    t.add(0, FILLER, zone="hand")
    t.gold(0, 20)
    assert not A.can_marshal(t.g, third, 0)
    assert not A.can_bring_in(t.g, third, 0)
    t.start("marshaling")
    assert f"marshal:{third}" not in t.choices(0)


def test_c16_15_leaving_play_ends_lasting_effects_on_the_card() -> None:
    """C16.15, C18.13: Burned Men pumped by Margaery (+3 STR until the end of the phase),
    returned to hand and ambushed back the same phase, comes back without the bonus."""
    t = Table(("tyrell", "lannister"))
    margaery = t.add(0, "01181")
    men = t.add(0, "01091")  # Burned Men: STR 2, ambush (2)
    t.gold(0, 2)
    t.start("challenges")
    t.use(margaery)
    t.do(men)
    assert t.g.strength(men) == 2 + 3
    t.run(_Effect(lambda g: A.return_to_hand(g, [men])), phase="challenges")
    t.auto()
    assert t.g.where[men] == "hand"
    t.start("challenges")
    t.g.apply(0, f"ambush:{men}")
    assert t.g.where[men] == "play"
    assert t.g.strength(men) == 2
    assert all(men not in e.targets for e in t.g.lasting)


def test_c5_8_4_a_setup_attachment_needs_a_legal_card_among_the_setup_cards() -> None:
    """C5.8.4: Bodyguard (Lord or Lady only) is offered at setup only once a card it could be
    attached to at the reveal is placed: Ranging Party is no Lord (and takes only Weapons)."""
    from westeros.cardgame.setup import SetupCards

    t = Table()
    ranging = t.add(0, RANGING_PARTY, zone="hand")
    guard = t.add(0, "01033", zone="hand")  # Bodyguard, cost 1
    eddard = t.add(0, "01144", zone="hand")  # Eddard Stark, a Lord, cost 7
    t.run(SetupCards(), phase="setup")
    assert guard not in t.choices(0)
    t.do(ranging)
    assert not t.offered(guard)  # Eddard no longer fits in the 8 gold: nothing left to place
    t2 = Table()
    t2.add(0, RANGING_PARTY, zone="hand")
    guard = t2.add(0, "01033", zone="hand")
    eddard = t2.add(0, "01144", zone="hand")
    t2.run(SetupCards(), phase="setup")
    t2.do(eddard)
    assert guard in t2.choices(0)
