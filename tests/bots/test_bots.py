"""Bots: they see only a view (JSON data), always answer legally, the search bot is
deterministic for a seed and budget, and the registry builds them by name."""

from __future__ import annotations

import gc
import json
import types
from typing import Any

import pytest

from westeros.bots import BOTS, Bot, RandomBot, make_bot, play_out
from westeros.bots.base import Sampler
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.registry import PerGame
from westeros.bots.search import SearchBot, evaluate
from westeros.engine import Choice, Decision, Game, Record, new_game

JSON_TYPES = (dict, list, str, int, float, bool, type(None))


class Spy:
    """Wraps a bot: checks that each choice is legal and keeps what the bot was handed."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.needs_view = getattr(bot, "needs_view", True)
        self.handed: list[tuple[dict[str, Any], Decision]] = []

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        self.handed.append((view, decision))
        choice = self.bot.choose(view, decision)
        assert choice in decision.choices, (decision.kind, choice, decision.choices)
        return choice


class SearchSpy(Spy):
    """A spy for a bot that searches: checks the choices it makes with its sampler."""

    def choose_with(self, view: dict[str, Any], decision: Decision, sample: Sampler) -> Choice:
        assert isinstance(self.bot, SearchBot) and isinstance(sample, Sampler)
        choice = self.bot.choose_with(view, decision, sample)
        assert choice in decision.choices, (decision.kind, choice, decision.choices)
        return choice


def _reachable(*roots: object) -> list[object]:
    """Every object reachable from ``roots`` through references (types and modules aside)."""
    seen: dict[int, object] = {}
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_a_bot_is_handed_only_json_data_and_cannot_reach_the_game(kind: str) -> None:
    """Views are plain JSON (a round trip keeps them equal), decisions hold only str/int, and
    nothing reachable from what the bot receives is the game or any non-JSON object."""
    game = new_game("boardgame", {"players": 4, "tides": True}, 6)
    spies = [Spy(make_bot(kind, s)) for s in range(4)]
    play_out(game, spies)  # the harness hands each bot what it asks for
    handed = [h for spy in spies for h in spy.handed]
    assert len(handed) > 100
    for view, decision in handed[::7]:
        assert json.loads(json.dumps(view)) == view
        assert type(decision) is Decision
        assert all(isinstance(c, str | int) for c in decision.choices)
        for obj in _reachable(view, decision):
            assert obj is not game
            assert isinstance(obj, (*JSON_TYPES, tuple, Decision)), type(obj)
            if kind == "random":
                assert view == {}  # the random bot asks for no view at all


def test_a_search_bot_is_handed_a_sampler_that_holds_no_secret() -> None:
    """The sampler keeps a determinized copy, never the game; its samples are games."""
    game = new_game("boardgame", {"players": 3}, 2)
    seat = game.pending()[0].seat
    sampler = Sampler(game, seat)
    assert all(obj is not game for obj in _reachable(sampler))
    sample = sampler(1)
    assert isinstance(sample, Game) and sample is not game
    assert sample.view(seat) == game.view(seat)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_heuristic_bot_always_answers_legally(players: int) -> None:
    """Whole games, every seat heuristic (with and without Tides of Battle)."""
    for seed in range(3):
        game = new_game("boardgame", {"players": players, "tides": seed == 1}, 100 + seed)
        spies = [Spy(HeuristicBot(seed * 10 + s)) for s in range(players)]
        play_out(game, spies)
        assert game.outcome() is not None


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_search_bot_always_answers_legally(players: int) -> None:
    game = new_game("boardgame", {"players": players, "tides": True}, 40 + players)
    search = SearchBot(1, iterations=3, depth=6)
    bots: list[Bot] = [SearchSpy(search), *(Spy(RandomBot(s)) for s in range(1, players))]
    play_out(game, bots)
    assert game.outcome() is not None
    assert search.searched > 10 and search.playouts >= 2 * search.searched


def _search_moves(seed: int) -> list[tuple[int, Choice]]:
    game = new_game("boardgame", {"players": 3}, 77)
    record = Record("boardgame", game.config, 77)
    bots: list[Bot] = [SearchBot(seed, iterations=4, depth=8), HeuristicBot(1), HeuristicBot(2)]
    play_out(game, bots, record=record, max_moves=1_000_000)
    return list(record.moves)


def test_the_search_bot_is_deterministic_for_a_seed_and_budget() -> None:
    first = _search_moves(5)
    assert _search_moves(5) == first


def test_evaluate_scores_a_finished_game_by_its_winner() -> None:
    game = new_game("boardgame", {"players": 3}, 3)
    play_out(game, [RandomBot(s) for s in range(3)])
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is not None
    assert evaluate(game, outcome.winner) == 1.0
    assert all(evaluate(game, s) < 1.0 for s in range(3) if s != outcome.winner)
    start = new_game("boardgame", {"players": 3}, 3)
    assert 0.0 < evaluate(start, 0) < 1.0


def test_the_registry_builds_bots_by_name_and_budget() -> None:
    assert {"random", "heuristic", "search"} <= set(BOTS)
    assert isinstance(make_bot("heuristic", 1, "boardgame"), HeuristicBot)
    either = make_bot("heuristic", 1)  # no kind named: the heuristic of the game it is handed
    assert isinstance(either, PerGame) and isinstance(either.of("boardgame"), HeuristicBot)
    bot = make_bot("search:300", 1)
    assert isinstance(bot, SearchBot) and bot.iterations == 300 and bot.ms is None
    timed = make_bot("search:250ms", 1)
    assert isinstance(timed, SearchBot) and timed.ms == 250.0 and timed.iterations is None
    with pytest.raises(KeyError, match="known: aggressive, heuristic, mixsearch, random, search"):
        make_bot("genius", 1)
    with pytest.raises(KeyError, match="takes no budget"):
        make_bot("random:3", 1)
    for bad in ("search:", "search:x", "search:0", "search:-5ms"):
        with pytest.raises(ValueError, match="bad budget"):
            make_bot(bad, 1)


def test_the_registry_says_which_kinds_each_bot_plays() -> None:
    """Every registered bot says which kinds it plays (a lobby lists them per kind): the
    random bot every kind, the heuristic and search bots both games (not the toy game), the
    aggressive style the board game; each
    kind's stand-in comes first."""
    from westeros.bots.registry import BOT_KINDS, bots_for, plays

    assert set(BOT_KINDS) == set(BOTS)
    assert bots_for("boardgame") == ["heuristic", "aggressive", "mixsearch", "random", "search"]
    assert bots_for("cardgame") == ["heuristic", "mixsearch", "random", "search"]
    assert bots_for("toy") == ["random"]
    assert plays("search:300", "cardgame") and not plays("search:300", "toy")
    assert not plays("genius", "boardgame")


def test_bots_play_another_game_kind_through_the_contract() -> None:
    """On a game they have no rules of thumb for (the toy game), the heuristic and search bots
    fall back to seeded legal choices."""
    from tests.engine.toy import INFO as TOY
    from westeros.engine import register

    register(TOY)
    for seed in range(5):
        game = new_game("toy-nim", {"pile": 9}, seed)
        play_out(game, [SearchSpy(SearchBot(seed, iterations=4)), Spy(HeuristicBot(seed))])
        assert game.outcome() is not None


@pytest.mark.parametrize(("players", "seed"), [(4, 21), (6, 22)])
def test_the_heuristic_bot_never_reads_the_prompt(players: int, seed: int) -> None:
    """Issue #8: programs read data, not English. Two identically seeded heuristic bots, one
    handed every decision with its prompt blanked, choose the same at every decision: what a
    decision is about comes from its structured context (``Decision.about``)."""
    from dataclasses import replace

    game = new_game("boardgame", {"players": players, "tides": True}, seed)
    reading, blind = HeuristicBot(seed), HeuristicBot(seed)
    steps = 0
    while game.pending() and steps < 1500:
        d = game.pending()[0]
        view = game.view(d.seat)
        choice = reading.choose(view, d)
        assert blind.choose(view, replace(d, prompt="")) == choice, (d.kind, d.prompt)
        game.apply(d.seat, choice)
        steps += 1
    assert steps > 150  # a whole game was played


def test_decisions_say_what_they_are_about() -> None:
    """The area of an order, a march, a power token or a muster; the track of a bid."""
    game = new_game("boardgame", {"players": 5}, 8)
    bot = RandomBot(3)
    seen: dict[str, set[str]] = {}
    while game.pending():
        d = game.pending()[0]
        seen.setdefault(d.kind, set()).update(k for k, _ in d.context)
        assert d.to_json()["context"] == dict(d.context)
        game.apply(d.seat, bot.choose({}, d))
    for kind in ("place_order", "march_move", "march_token", "muster"):
        assert "area" in seen.get(kind, {"area"}), kind
    assert {"area"} <= seen["place_order"] and {"area"} <= seen["march_move"]
    assert seen["bid"] & {"track", "wildlings"}
