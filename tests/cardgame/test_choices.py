"""The choices a player of the real game makes that the engine used to make for them (issue
20): the order of simultaneous When Revealed and forced abilities (D7, D11, C7.3.3), the order
of keyword types (D22, C11.11.1), optional keywords (D23, C11.11.2), using a duplicate to save
(D14, C18.7); each asked of the player who makes it, each with the automatic answer a seat can
turn on (the config's ``auto``). D15 (several results at once) is in test_elimination.py."""

from __future__ import annotations

import pytest

from tests.cardgame.driver import Effect, Table
from westeros.cardgame import actions as A
from westeros.cardgame.abilities import TEXTS, CardText, text
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import forced_reaction
from westeros.engine import ConfigError, Event, game_info, new_game

EDDARD = "01144"  # Eddard Stark: unique, STR 5, [military] [power], renown
ROBB = "01146"  # Robb Stark: unique, STR 5, [military] [power], renown
ROBERT = "01048"  # Robert Baratheon: unique, STR 5, [military] [power], intimidate, renown
PYCELLE = "01085"  # Grand Maester Pycelle: unique, STR 2, [intrigue] [power], insight
COPPERS = "01010"  # Counting Coppers: When Revealed, draw 3 cards
BLANK = "01025"  # The Winds of Winter: no text


def _kinds(log: list[Event], *kinds: str) -> list[Event]:
    return [e for e in log if e.kind in kinds]


# -- the setting (config "auto") ---------------------------------------------------------


def test_auto_setting_per_seat_is_validated_and_defaults_to_choosing() -> None:
    check = game_info("cardgame").check_config
    assert check({})["auto"] == [False, False]  # a person at the table chooses
    assert check({"auto": True})["auto"] == [True, True]
    assert check({"players": 3, "auto": [True, False, True]})["auto"] == [True, False, True]
    for bad in ("yes", 1, [True], [True, False, True], [1, 0], None):
        with pytest.raises(ConfigError, match="'auto' must be true, false or one true/false"):
            check({"auto": bad})


def test_auto_setting_reaches_the_game() -> None:
    g = new_game("cardgame", {"auto": [False, True]}, 1)
    assert isinstance(g, CardGame)
    assert not g.automatic(0) and g.automatic(1)


# -- D7 / C7.3.3: When Revealed abilities in the first player's order ----------------------


def test_d7_c7_3_3_the_first_player_orders_when_revealed_abilities() -> None:
    """Both plots draw 3 when revealed; the first player (seat 0, choosing) puts seat 1's
    first, whoever controls them."""
    t = Table(auto=[False, True])
    plots = t.plot_phase({0: COPPERS, 1: COPPERS}, first=0)
    d = t.decision()
    assert d.kind == "order" and d.seat == 0
    assert set(d.choices) == {f"{plots[0]}:0", f"{plots[1]}:0"}
    mark = len(t.g.log)
    t.do(f"{plots[1]}:0")
    t.auto()
    assert [e["player"] for e in _kinds(t.g.log[mark:], "draw")] == [1, 0]


def test_d7_automatic_when_revealed_abilities_resolve_in_player_order() -> None:
    """Q4: player order is the automatic answer (no question)."""
    t = Table(first=1)
    t.plot_phase({0: COPPERS, 1: COPPERS}, first=1)
    t.auto()
    assert "order" not in [e.kind for e in t.g.log]
    assert [e["player"] for e in _kinds(t.g.log, "draw")] == [1, 0]


# -- D11 / C16.9: simultaneous forced abilities in the first player's order ----------------


def _forced_marker(code: str, seen: list[int]) -> None:
    TEXTS.pop(code, None)
    text(
        code,
        forced_reaction(
            "phase_begins",
            lambda g, ctx: seen.append(ctx.you),
            when=lambda g, ctx: ctx.occ is not None and ctx.occ.get("phase") == "draw",
        ),
    )


@pytest.mark.parametrize("first", [0, 1])
def test_d11_c16_9_the_first_player_orders_simultaneous_forced_reactions(
    texts: dict[str, CardText], first: int
) -> None:
    seen: list[int] = []
    _forced_marker("01132", seen)  # test-only text on Ranging Party
    t = Table(first=first, auto=False)
    mine = t.add(0, "01132")
    theirs = t.add(1, "01132")
    t.start("draw")
    d = t.decision()
    assert d.kind == "order" and d.seat == first  # the first player, whoever controls them
    assert set(d.choices) == {f"{mine}:0", f"{theirs}:0"}
    t.do(f"{theirs}:0")
    t.auto()
    assert seen == [1, 0]


def test_d11_automatic_forced_reactions_resolve_in_player_order(
    texts: dict[str, CardText],
) -> None:
    seen: list[int] = []
    _forced_marker("01132", seen)
    t = Table(first=1)
    t.add(0, "01132")
    t.add(1, "01132")
    t.start("draw")
    t.auto()
    assert seen == [1, 0]


# -- D22 / C11.11.1: the order of keyword types --------------------------------------------


def _won_power_challenge(t: Table, attackers: list[int], stop: str | None = None) -> None:
    """Seat 0 attacks alone and unopposed; stops at the decision ``stop`` or, without one,
    when seat 0 is asked for its next challenge."""
    t.start("challenges")
    if stop is not None:
        t.challenge(0, "power", attackers, stop=lambda d: d.kind == stop)
        return
    t.challenge(0, "power", attackers)
    t.auto(stop=lambda d: d.kind == "challenge")


def test_d22_c11_11_1_the_first_player_picks_the_keyword_type_that_resolves_next() -> None:
    """Seat 1 is first player (the defender): they pick renown before insight."""
    t = Table(first=1, auto=[True, False])
    robert = t.add(0, ROBERT)
    pycelle = t.add(0, PYCELLE)
    _won_power_challenge(t, [robert, pycelle], "keyword_type")
    d = t.decision()
    assert d.seat == 1 and set(d.choices) == {"insight", "intimidate", "renown"}
    mark = len(t.g.log)
    t.do("renown")
    d = t.decision()
    assert d.kind == "keyword_type" and set(d.choices) == {"insight", "intimidate"}
    t.do("insight")
    t.auto(stop=lambda d: d.kind == "challenge")
    order = [e.kind for e in _kinds(t.g.log[mark:], "power", "draw")]
    assert order == ["power", "draw"]  # Robert's renown, then Pycelle's insight
    assert t.g.play[robert].power == 1
    # the first player's picks are public (C11.11.1): a logged event each, seen by every seat
    picks = [e for e in t.g.events(None, mark) if e.kind == "keyword_order"]
    assert [(e.fields["player"], e.fields["keyword"]) for e in picks] == [
        (1, "renown"),
        (1, "insight"),
    ]


def test_d22_automatic_keyword_types_resolve_insight_first_renown_last() -> None:
    """Q19: insight, intimidate, pillage, renown."""
    t = Table(first=1)
    robert = t.add(0, ROBERT)
    pycelle = t.add(0, PYCELLE)
    _won_power_challenge(t, [robert, pycelle])
    mark = max(i for i, e in enumerate(t.g.log) if e.kind == "challenge_result")
    faction = t.faction(0)  # the unopposed bonus is not a keyword
    keywords = [
        e for e in _kinds(t.g.log[mark:], "power", "draw") if e.fields.get("card") != faction
    ]
    assert [e.kind for e in keywords] == ["draw", "power"]
    assert not [e for e in t.g.log[mark:] if e.kind == "keyword_order"]  # no choice, no event


# -- D23 / C11.11.2: optional keywords --------------------------------------------------


def test_d23_c11_11_2_the_winner_uses_or_skips_each_renown() -> None:
    t = Table(auto=[False, True])
    eddard = t.add(0, EDDARD)
    robb = t.add(0, ROBB)
    _won_power_challenge(t, [eddard, robb], "keyword")
    d = t.decision()
    assert d.seat == 0 and set(d.choices) == {eddard, robb, "done"}
    t.do(robb)
    assert set(t.choices()) == {eddard, "done"}
    t.do("done")
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.play[robb].power == 1 and t.g.play[eddard].power == 0


def test_d23_insight_may_be_skipped() -> None:
    t = Table(auto=[False, True])
    pycelle = t.add(0, PYCELLE)
    hand = len(t.hand(0))
    _won_power_challenge(t, [pycelle], "keyword")
    assert t.choices() == (pycelle, "done")
    t.do("done")
    t.auto(stop=lambda d: d.kind == "challenge")
    assert len(t.hand(0)) == hand


def test_d23_automatic_every_keyword_is_used() -> None:
    """Q9: the automatic answer uses every instance."""
    t = Table()
    eddard = t.add(0, EDDARD)
    robb = t.add(0, ROBB)
    _won_power_challenge(t, [eddard, robb])
    assert t.g.play[robb].power == 1 and t.g.play[eddard].power == 1


# -- D14 / C18.7: using a duplicate to save ------------------------------------------------


@pytest.mark.parametrize("answer", ["save", "no"])
def test_d14_c18_7_the_controller_chooses_whether_a_duplicate_saves(answer: str) -> None:
    t = Table(auto=[False, True])
    eddard = t.add(0, EDDARD)
    dup = t.add(0, EDDARD, zone="dup", on=eddard)
    t.run(Effect(lambda g: A.kill(g, [eddard])), phase="challenges")
    d = t.decision()
    assert d.kind == "duplicate_save" and d.seat == 0 and d.about("card") == eddard
    t.do(answer)
    t.auto()
    assert t.g.where[dup] == "discard"
    assert t.g.where[eddard] == ("play" if answer == "save" else "dead")


def test_d14_no_duplicate_save_is_offered_against_a_sacrifice() -> None:
    """C18.8.2: a sacrificed card cannot be saved."""
    t = Table(auto=False)
    eddard = t.add(0, EDDARD)
    t.add(0, EDDARD, zone="dup", on=eddard)
    t.run(Effect(lambda g: A.sacrifice(g, [eddard])), phase="challenges")
    assert "duplicate_save" not in t.kinds()
    t.auto()
    assert t.g.where[eddard] == "discard"


def test_d14_automatic_a_duplicate_saves_without_asking() -> None:
    """Q10: the automatic answer saves."""
    t = Table(auto=[True, False])
    eddard = t.add(0, EDDARD)
    t.add(0, EDDARD, zone="dup", on=eddard)
    t.run(Effect(lambda g: A.kill(g, [eddard])), phase="challenges")
    assert "duplicate_save" not in t.kinds()
    t.auto()
    assert t.g.where[eddard] == "play"


def test_the_choices_are_asked_in_whole_games_only_of_seats_that_choose() -> None:
    """The automatic setting is per seat: a seat that turned it on is never asked D7, D11,
    D14, D15, D22 or D23; with it off, whole games ask them."""
    asked: dict[bool, set[str]] = {True: set(), False: set()}
    own = {"order", "duplicate_save", "result", "keyword_type", "keyword"}
    for seed in range(6):
        g = new_game("cardgame", {"auto": [True, False]}, seed)
        assert isinstance(g, CardGame)
        rng = seed
        while g.pending():
            d = g.pending()[0]
            if d.kind in own:
                asked[g.automatic(d.seat)].add(d.kind)
            rng = (rng * 1103515245 + 12345) % 2**31
            g.apply(d.seat, d.choices[rng % len(d.choices)])
    assert asked[True] == set()
    assert {"order", "keyword"} <= asked[False]


# -- D11 / C16.16: delayed effects due together -------------------------------------------


@pytest.mark.parametrize("auto", [True, False])
def test_d11_c16_16_the_first_player_orders_delayed_effects_due_together(auto: bool) -> None:
    """Two "discard it at the end of the phase" effects: the first player (seat 1) picks
    which resolves first; automatic: the order they were made in (here: by card id)."""
    from westeros.cardgame.periods import at_end_of

    t = Table(first=1, auto=auto)
    mine = t.add(0, "01132")
    theirs = t.add(1, "01132")
    for c in (mine, theirs):
        at_end_of(t.g, "phase", "discard_if_still_in_play", c, t.g.play[c].entered)
    t.start("draw")
    t.auto(stop=lambda d: d.kind == "delayed_order")
    if not auto:
        d = t.decision()
        assert d.kind == "delayed_order" and d.seat == 1 and set(d.choices) == {mine, theirs}
        t.do(theirs)
    t.auto()
    gone = [c for e in t.g.log if e.kind == "discarded" for c in e["cards"]]
    assert gone == ([mine, theirs] if auto else [theirs, mine])


def test_d14_c18_8_4_no_duplicate_save_against_a_terminal_condition() -> None:
    """A kill by a terminal condition ("killed if its STR is 0", marked terminal) cannot be
    stopped by a duplicate: the save would not remove the condition."""
    from westeros.cardgame.abilities import Occ
    from westeros.cardgame.flow import occur

    t = Table(auto=False)
    eddard = t.add(0, EDDARD)
    t.add(0, EDDARD, zone="dup", on=eddard)
    info = (("save", True), ("terminal", True))
    t.run(Effect(lambda g: occur(g, Occ("killed", (eddard,), info=info), A._kill)))
    assert "duplicate_save" not in t.kinds()
    t.auto()
    assert t.g.where[eddard] == "dead"
