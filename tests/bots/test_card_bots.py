"""The card game's bots: the heuristic answers every decision kind legally (by its own rules,
never the random fallback) in jousts and melees with the automatic setting on and off, plays
claims, attackers, defenders, setup and marshaling by value, and beats the random bot; the
search bot plays on a sampler that holds no secret of the real game (C1.9)."""

from __future__ import annotations

import collections
from typing import Any

import pytest

from tests.cardgame.driver import swap_hidden_card
from westeros.bots import RandomBot, make_bot, play_out
from westeros.bots.base import Sampler, ask
from westeros.bots.cards import CardHeuristicBot
from westeros.bots.cards.setup import SETUP_GOLD
from westeros.bots.cards.table import printed
from westeros.bots.registry import PerGame, default_bot
from westeros.bots.search import SearchBot, evaluate
from westeros.cardgame.public import SHIPPED, Position
from westeros.cardgame.public import decisions as D
from westeros.engine import Choice, Decision, Game, new_game

TUMBLESTONE = "01150"  # Tumblestone Knight: 2 STR, [military][power], no text
RANGING_PARTY = "01132"  # 5 STR, [military][power]
BENJEN = "01122"  # Benjen Stark: 4 STR, [military][power]
ROBB = "01146"  # Robb Stark: unique, 5 STR, renown
BURNED_MEN = "01091"  # 2 STR, [military]
PLAYER_CHOICES = {"order", "delayed_order", "keyword_type", "keyword", "duplicate_save", "result"}


class LegalSpy:
    """A card heuristic whose every answer is checked legal; counts the kinds it was asked."""

    def __init__(self, bot: CardHeuristicBot, asked: collections.Counter[str]) -> None:
        self.bot = bot
        self.asked = asked

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        self.asked[decision.kind] += 1
        choice = self.bot.choose(view, decision)
        assert choice in decision.choices, (decision.kind, choice, decision.choices)
        return choice


def _decks(players: int, shift: int) -> list[str]:
    names = sorted(SHIPPED)
    return [names[(shift + k) % len(names)] for k in range(players)]


@pytest.mark.parametrize("auto", [True, False])
@pytest.mark.parametrize("players", [2, 4])
def test_the_card_heuristic_answers_every_decision_by_its_rules(players: int, auto: bool) -> None:
    """Whole games (joust and 4-player melee, every shipped deck): every answer legal and
    given by a rule (no random fallback); with the automatic setting off, the player choices
    D7/D11/D14/D15/D22/D23 it is asked are answered the same way."""
    asked: collections.Counter[str] = collections.Counter()
    for seed in range(3):
        game = new_game(
            "cardgame", {"decks": _decks(players, seed * players), "auto": auto}, 40 + seed
        )
        bots = [CardHeuristicBot(seed * 10 + s) for s in range(players)]
        play_out(game, [LegalSpy(b, asked) for b in bots])
        assert game.outcome() is not None
        assert [b.fallbacks for b in bots] == [0] * players
    assert {"plot", "setup", "challenge", "attacker", "defender", "action"} <= set(asked)
    if players > 2:
        assert "title" in asked
    if not auto:
        assert PLAYER_CHOICES & set(asked)
    else:
        assert not PLAYER_CHOICES & set(asked)


def _until(game: Game, seat: int, kind: str, bots: dict[int, CardHeuristicBot]) -> Decision:
    """Play the bots' choices until ``seat`` is asked a decision of ``kind``."""
    for _ in range(200):
        d = game.pending()[0]
        if d.seat == seat and d.kind == kind:
            return d
        game.apply(d.seat, bots[d.seat].choose(game.view(d.seat), d))
    raise AssertionError(f"no {kind} decision for seat {seat}")


def _declare(game: Game, seat: int, kind: str) -> list[Choice]:
    """The characters the heuristic declares one at a time (attackers or defenders)."""
    bot = CardHeuristicBot(seat)
    declared: list[Choice] = []
    while (d := game.pending()[0]).kind == kind:
        choice = bot.choose(game.view(seat), d)
        game.apply(seat, choice)
        if choice == "done":
            break
        declared.append(choice)
    return declared


def test_d20_military_claim_kills_the_least_valuable_character() -> None:
    """C12.2: the defender picks its cheapest character, not Robb Stark with power."""
    p = Position()
    robb = p.add(0, ROBB, power=2)
    knight = p.add(0, TUMBLESTONE)
    party = p.add(0, RANGING_PARTY)
    raiders = [p.add(1, RANGING_PARTY), p.add(1, RANGING_PARTY), p.add(1, RANGING_PARTY)]
    game = p.challenge(1, "military", 0, raiders, stage="defenders")
    bots = {0: CardHeuristicBot(0), 1: CardHeuristicBot(1)}
    d = _until(game, 0, D.CLAIM_KILL.name, bots)
    assert {robb, knight, party} <= set(d.choices)
    assert bots[0].choose(game.view(0), d) == knight


def test_d19_the_fewest_defenders_that_stop_the_challenge() -> None:
    """C11.5, C11.7: 5 STR attacks; the defender needs more than 5: the strongest plus the
    weakest that tips it, Benjen stays standing; against 15 STR nobody defends."""
    p = Position()
    knight, party, benjen = p.add(0, TUMBLESTONE), p.add(0, RANGING_PARTY), p.add(0, BENJEN)
    game = p.challenge(1, "power", 0, [p.add(1, RANGING_PARTY)], stage="defenders")
    declared = _declare(game, 0, D.DEFENDER.name)
    assert sorted(declared) == sorted([party, knight]) and benjen not in declared
    p = Position()
    p.add(0, TUMBLESTONE), p.add(0, RANGING_PARTY)
    attackers = [p.add(1, RANGING_PARTY) for _ in range(3)]
    game = p.challenge(1, "power", 0, attackers, stage="defenders")
    d = game.pending()[0]
    assert d.kind == D.DEFENDER.name
    assert CardHeuristicBot(0).choose(game.view(0), d) == "done"


def test_d17_attackers_enough_to_win_the_rest_kept_home() -> None:
    """C11.1.3: the opponent could defend with 2 STR; one 5-STR attacker wins, the others
    stay standing to defend (no renown among them)."""
    p = Position()
    mine = [p.add(0, RANGING_PARTY), p.add(0, BENJEN), p.add(0, TUMBLESTONE)]
    p.add(1, BURNED_MEN)
    game = p.challenge(0, "military", 1, [], stage="attackers")
    chosen = _declare(game, 0, D.ATTACKER.name)
    assert 0 < len(chosen) < len(mine)
    strength = {c["id"]: c["strength"] for c in game.view(0)["in_play"] if "strength" in c}
    assert sum(strength[c] for c in chosen) > 2


def test_d17_no_challenge_it_cannot_win() -> None:
    """C10.3: with 2 STR against 10 STR of possible defenders the bot ends its challenges."""
    p = Position()
    p.add(0, TUMBLESTONE)
    p.add(1, RANGING_PARTY), p.add(1, RANGING_PARTY)
    game = p.start("challenges", active=0)
    d = game.pending()[0]
    assert d.kind == D.CHALLENGE.name and d.seat == 0
    assert CardHeuristicBot(0).choose(game.view(0), d) == "done"


def test_c18_6_marshaling_a_free_duplicate_then_the_best_card_for_the_gold() -> None:
    """C9.4, C18.6: a copy of Robb Stark goes under him for free first; then the gold buys
    a character, not nothing."""
    p = Position()
    robb = p.add(0, ROBB)
    copy = p.add(0, ROBB, zone="hand")
    party = p.add(0, RANGING_PARTY, zone="hand")
    p.gold(0, 4)
    game = p.start("marshaling", active=0)
    bot = CardHeuristicBot(0)
    d = _until(game, 0, D.ACTION.name, {0: bot, 1: CardHeuristicBot(1)})
    assert bot.choose(game.view(0), d) == D.ACTION.format("marshal", copy)
    game.apply(0, D.ACTION.format("marshal", copy))
    placed = next(c for c in game.view(0)["in_play"] if c.get("id") == copy)
    assert placed["zone"] == "dup" and placed["parent"] == robb
    d = _until(game, 0, D.ACTION.name, {0: bot, 1: CardHeuristicBot(1)})
    assert bot.choose(game.view(0), d) == D.ACTION.format("marshal", party)


@pytest.mark.parametrize("seed", range(6))
def test_c5_8_setup_within_8_gold_characters_first_nothing_affordable_left(seed: int) -> None:
    """C5.8: the bot's setup costs at most 8 printed gold, holds at most one Limited card,
    and leaves in hand no character it could still have paid for."""
    game = new_game("cardgame", {"decks": _decks(2, seed), "auto": True}, seed)
    bots = {0: CardHeuristicBot(0), 1: CardHeuristicBot(1)}
    _until(game, 0, D.SETUP.name, bots)
    while (d := game.pending()[0]).kind in (D.SETUP.name, D.ATTACH_TO.name) and d.seat == 0:
        game.apply(0, bots[0].choose(game.view(0), d))
    view = game.view(0)
    placed = [  # face down, or revealed when the other seat set up first
        c
        for c in view["in_play"]
        if c.get("controller") == 0 and c.get("type") in ("character", "location", "attachment")
    ]
    defs = [printed(c["code"]) for c in placed]
    names = [x.name for x in defs]
    spent = sum((x.cost or 0) for i, x in enumerate(defs) if not (x.unique and x.name in names[:i]))
    assert spent <= SETUP_GOLD
    assert sum(1 for x in defs if x.keyword("limited") is not None) <= 1
    assert any(x.type == "character" for x in defs)
    for card in view["players"][0]["hand"]:
        x = printed(card["code"])
        if x.type == "character" and not (x.unique and x.name in names):
            assert (x.cost or 0) > SETUP_GOLD - spent, (x.name, spent)


def test_the_card_heuristic_beats_the_random_bot() -> None:
    """Joust, shipped decks, seats swapped: the heuristic wins nearly every game."""
    wins = 0
    for i in range(10):
        seat = i % 2
        game = new_game("cardgame", {"decks": _decks(2, i), "auto": True}, 300 + i)
        bots = [CardHeuristicBot(i) if s == seat else RandomBot(i) for s in range(2)]
        play_out(game, bots)
        outcome = game.outcome()
        assert outcome is not None
        wins += outcome.winner == seat
    assert wins >= 8


@pytest.mark.parametrize("auto", [True, False])
@pytest.mark.parametrize("players", [2, 4])
def test_the_card_search_bot_answers_legally(players: int, auto: bool) -> None:
    """A whole game with a small budget: it searches, its roll-outs play the card heuristic,
    every answer is legal (automatic setting on and off)."""
    game = new_game("cardgame", {"decks": _decks(players, 1), "auto": auto}, 9)
    search = SearchBot(2, iterations=3, depth=8)
    asked: collections.Counter[str] = collections.Counter()
    others = [LegalSpy(CardHeuristicBot(s), asked) for s in range(1, players)]
    checked: list[Any] = []

    class Checked:
        def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
            return search.choose(view, decision)

        def choose_with(self, view: dict[str, Any], decision: Decision, sample: Sampler) -> Choice:
            assert isinstance(sample, Sampler)
            choice = search.choose_with(view, decision, sample)
            assert choice in decision.choices
            checked.append(choice)
            return choice

    play_out(game, [Checked(), *others])
    assert game.outcome() is not None
    assert search.searched > 5 and search.playouts >= 2 * search.searched


def _searched_positions(seed: int) -> list[tuple[Game, Decision]]:
    """Positions of a joust where seat 0 must take a decision the search bot searches."""
    game = new_game("cardgame", {"decks": _decks(2, seed), "auto": True}, seed)
    bots = [CardHeuristicBot(seed), CardHeuristicBot(seed + 1)]
    out: list[tuple[Game, Decision]] = []
    searched = {D.CHALLENGE.name, D.ATTACKER.name, D.PLOT.name, D.DEFENDER.name}
    while (pending := game.pending()) and len(out) < 6:
        d = pending[0]
        if d.seat == 0 and d.kind in searched and len(d.choices) > 1 and game.clone():
            out.append((game.clone(), d))
        game.apply(d.seat, bots[d.seat].choose(game.view(d.seat), d))
    return out


def test_c1_9_the_search_bot_sees_the_same_samples_whatever_the_hidden_cards() -> None:
    """Two games that differ only in a hidden card of the other seat (a hand card traded
    with a deck card) hand the search bot the same determinized games and get the same
    choice for the same seed."""
    probed = 0
    for position, decision in _searched_positions(3):
        swapped = swap_hidden_card(position, 1)  # type: ignore[arg-type]
        if swapped is None:
            continue
        assert swapped.state_hash() != position.state_hash()
        real, other = Sampler(position, 0), Sampler(swapped, 0)
        for seed in (1, 2, 99):
            assert real(seed).state_hash() == other(seed).state_hash()
        view = position.view(0)
        assert swapped.view(0) == view
        first = SearchBot(5, iterations=6, depth=12).choose_with(view, decision, real)
        second = SearchBot(5, iterations=6, depth=12).choose_with(view, decision, other)
        assert first == second
        probed += 1
    assert probed >= 3


def test_card_evaluate_scores_a_finished_game_by_its_winner() -> None:
    game = new_game("cardgame", {"decks": _decks(2, 0), "auto": True}, 5)
    start = game.clone()
    play_out(game, [CardHeuristicBot(0), RandomBot(1)])
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is not None
    assert evaluate(game, outcome.winner) == 1.0
    assert evaluate(game, 1 - outcome.winner) < 1.0
    assert 0.0 < evaluate(start, 0) < 1.0


def test_the_registry_names_card_bots() -> None:
    """ "heuristic" and "search:N" resolve for the card game; the card game's stand-in bot is
    its heuristic."""
    assert default_bot("cardgame") == "heuristic"
    assert isinstance(make_bot("heuristic", 1, "cardgame"), CardHeuristicBot)
    either = make_bot("heuristic", 1)
    assert isinstance(either, PerGame) and isinstance(either.of("cardgame"), CardHeuristicBot)
    game = new_game("cardgame", {"decks": _decks(2, 0), "auto": True}, 1)
    bots = [make_bot("heuristic", 3), make_bot("search:2", 4)]
    assert isinstance(bots[1], SearchBot)
    for _ in range(25):  # both answer the card game's decisions (through a sampler or not)
        d = game.pending()[0]
        choice = ask(bots[d.seat], game, d)
        assert choice in d.choices
        game.apply(d.seat, choice)


A_NOBLE_CAUSE = "01004"  # income 5, initiative 0, claim 1
NAVAL_SUPERIORITY = "01017"  # income 2, initiative 7, claim 1
THE_WINDS_OF_WINTER = "01025"  # income 3, initiative 4, claim 2
EDDARD = "01144"  # 7 gold


def _plot_choice(p: Position, seat: int = 0) -> str:
    game = p.start("plot")
    d = next(d for d in game.pending() if d.seat == seat)
    assert d.kind == D.PLOT.name
    choice = CardHeuristicBot(seat).choose(game.view(seat), d)
    plots = {c["id"]: c["code"] for c in game.view(seat)["players"][seat]["plot_deck"]}
    return plots[int(choice)]


def test_d5_gold_when_the_hand_needs_it_claim_when_the_board_is_stronger() -> None:
    """C7.2: with costly characters in hand and a thin board, the plot with the most gold;
    with nothing to buy and the stronger board, the plot with the higher claim."""
    p = Position(round=1)
    p.plot_deck(0, A_NOBLE_CAUSE, NAVAL_SUPERIORITY, THE_WINDS_OF_WINTER)
    p.plot_deck(1, A_NOBLE_CAUSE, NAVAL_SUPERIORITY)
    for code in (EDDARD, ROBB, RANGING_PARTY):
        p.add(0, code, zone="hand")
    p.add(1, RANGING_PARTY)
    assert _plot_choice(p) == A_NOBLE_CAUSE
    p = Position(round=4)
    p.plot_deck(0, A_NOBLE_CAUSE, NAVAL_SUPERIORITY, THE_WINDS_OF_WINTER)
    p.plot_deck(1, A_NOBLE_CAUSE, NAVAL_SUPERIORITY)
    for code in (EDDARD, ROBB, RANGING_PARTY):
        p.add(0, code)
    p.add(1, TUMBLESTONE)
    assert _plot_choice(p) == THE_WINDS_OF_WINTER


def test_the_mixture_search_plays_a_card_joust_legally() -> None:
    """Issue 22 item 4: ``mixsearch`` is offered at card tables too (the lobby lists it): with a
    small budget it plays a whole joust against the card heuristic (``apply`` refuses any
    illegal answer) and it really searches, on samples, with roll-outs to spare."""
    game = new_game("cardgame", {"decks": _decks(2, 3), "auto": True}, 11)
    search = make_bot("mixsearch:3", 5, "cardgame")
    assert isinstance(search, SearchBot)
    play_out(game, [search, CardHeuristicBot(1)])
    assert game.outcome() is not None
    assert search.searched > 5 and search.playouts >= 2 * search.searched
