"""Issue 22 item 4: a search whose roll-out opponents are a mixture of styles (``mixsearch``),
and a style of the board heuristic the search never plays in its roll-outs (``aggressive``).
Both answer legally in whole games, are deterministic for a seed, and see only their seat's
view (and the search a sampler)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.bots.test_bots import SearchSpy, Spy
from tests.bots.test_determinize import _positions, _secret_pairs
from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots import Bot, RandomBot, make_bot, play_out
from westeros.bots.base import Sampler
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.heuristic.aggressive import AggressiveBot
from westeros.bots.registry import BOT_KINDS, bots_for, plays
from westeros.bots.search import DOMAINS, MIXTURE, Mixture, Noisy, SearchBot
from westeros.engine import Choice, Record, Rng, new_game

BOARD = DOMAINS["boardgame"]


def _mixsearch(seed: int, iterations: int = 3, depth: int = 6) -> SearchBot:
    return SearchBot(seed, iterations=iterations, depth=depth, opponents=MIXTURE)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_aggressive_bot_always_answers_legally(players: int) -> None:
    """Whole games: aggressive bots against heuristic ones (with and without Tides of Battle),
    every choice checked by the spy."""
    for seed in range(2):
        game = new_game("boardgame", {"players": players, "tides": seed == 1}, 300 + seed)
        spies = [Spy(AggressiveBot(s) if s % 2 == 0 else HeuristicBot(s)) for s in range(players)]
        play_out(game, spies)
        assert game.outcome() is not None
        assert all(spy.handed for spy in spies[::2])


def _order_types(bot: Bot, players: int, seed: int) -> Counter[str]:
    """The order types ``bot`` would place at every order placement of heuristic games."""
    game = new_game("boardgame", {"players": players}, seed)
    heuristic = [HeuristicBot(s) for s in range(players)]
    placed: Counter[str] = Counter()
    while game.pending():
        d = game.pending()[0]
        view = game.view(d.seat)
        if d.kind == D.PLACE_ORDER.name and len(d.choices) > 1:
            token = str(bot.choose(view, d))
            placed[T.ORDER_KINDS[token].type if token != "none" else "none"] += 1
        game.apply(d.seat, heuristic[d.seat].choose(view, d))
    return placed


def test_the_aggressive_bot_marches_and_raids_more_and_defends_less() -> None:
    """On the same positions (heuristic games), the aggressive style places more March and
    Raid orders and fewer Defense orders than the heuristic: a different policy, not a copy."""
    mine: Counter[str] = Counter()
    theirs: Counter[str] = Counter()
    for players, seed in [(3, 5), (4, 6), (6, 7)]:
        mine += _order_types(AggressiveBot(seed), players, seed)
        theirs += _order_types(HeuristicBot(seed), players, seed)
    assert mine.total() == theirs.total() > 100
    assert mine["march"] + mine["raid"] > 1.2 * (theirs["march"] + theirs["raid"])
    assert mine["defense"] < theirs["defense"]


def test_the_aggressive_bot_moves_for_smaller_gains() -> None:
    """At March resolutions of aggressive games, where the two disagree the aggressive bot
    moves and the heuristic stays (``done``); never the other way round (same scores, lower
    thresholds)."""
    moved, stayed = 0, 0
    for players, seed in [(6, 13), (3, 14)]:
        game = new_game("boardgame", {"players": players}, seed)
        bolder = [AggressiveBot(s) for s in range(players)]
        heuristic = HeuristicBot(0)
        while game.pending():
            d = game.pending()[0]
            view = game.view(d.seat)
            choice = bolder[d.seat].choose(view, d)
            if d.kind == D.MARCH_MOVE.name:
                other = heuristic.choose(view, d)
                moved += other == "done" and choice != "done"
                stayed += choice == "done" and other != "done"
            game.apply(d.seat, choice)
    assert moved > 0 and stayed == 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_mixture_search_always_answers_legally(players: int) -> None:
    """A whole game: the mixture search in seat 0 against aggressive and heuristic bots."""
    game = new_game("boardgame", {"players": players, "tides": True}, 60 + players)
    search = _mixsearch(2)
    others: list[Bot] = [
        Spy(AggressiveBot(s) if s % 2 else HeuristicBot(s)) for s in range(1, players)
    ]
    play_out(game, [SearchSpy(search), *others])
    assert game.outcome() is not None
    assert search.searched > 10 and search.playouts >= 2 * search.searched
    assert search.search_cpu > 0.0


def _mix_moves(seed: int) -> list[tuple[int, Choice]]:
    game = new_game("boardgame", {"players": 3}, 78)
    record = Record("boardgame", game.config, 78)
    bots: list[Bot] = [_mixsearch(seed, 4, 8), AggressiveBot(1), HeuristicBot(2)]
    play_out(game, bots, record=record)
    return list(record.moves)


def test_the_mixture_search_is_deterministic_for_a_seed_and_budget() -> None:
    assert _mix_moves(5) == _mix_moves(5)


def test_the_mixture_search_sees_the_same_samples_whatever_another_seats_secret() -> None:
    """R1.14: two games that differ only in another seat's face-down order or bid hand the
    mixture search the same view and the same samples, and get the same choice."""
    probed = 0
    game = new_game("boardgame", {"players": 4}, 31)
    for position in _positions(game, 31, every=3):
        pair = _secret_pairs(position)
        if pair is None:
            continue
        one, two, secret_seat = pair
        d = next((d for d in one.pending() if d.seat != secret_seat and len(d.choices) > 1), None)
        if d is None:
            continue
        assert one.state_hash() != two.state_hash()
        view = one.view(d.seat)
        assert two.view(d.seat) == view
        real, other = Sampler(one, d.seat), Sampler(two, d.seat)
        assert all(real(s).state_hash() == other(s).state_hash() for s in (1, 2, 99))
        searcher = _mixsearch(7, 6, 10)
        first = searcher.choose_with(view, d, real)
        second = _mixsearch(7, 6, 10).choose_with(view, d, other)
        assert first == second and searcher.searched == 1
        probed += 1
        if probed == 4:
            break
    assert probed == 4


def test_the_mixture_draws_styles_by_their_weights() -> None:
    """Half the draws are the roll-out policy itself, a quarter each noisy style."""
    rng = Rng(3)
    drawn = Counter(MIXTURE.draw(rng) for _ in range(4000))
    assert set(drawn) == {0.0, 0.3, 0.6}
    assert 1800 < drawn[0.0] < 2200
    assert 850 < drawn[0.3] < 1150 and 850 < drawn[0.6] < 1150
    assert {Mixture(policy=1.0, noisy=()).draw(rng) for _ in range(50)} == {0.0}


def test_roll_out_opponents_follow_the_mixture_and_the_seat_plays_the_policy() -> None:
    """The searching seat plays the roll-out policy; the others a style drawn per roll-out,
    the same for the same roll-out seed (every candidate of a sample meets the same players)."""
    search = _mixsearch(1)
    noisy = 0
    for seed in range(100):
        bots = search._rollout_bots(BOARD, 6, 2, seed)
        assert isinstance(bots[2], HeuristicBot)
        again = search._rollout_bots(BOARD, 6, 2, seed)
        assert [type(b) for b in bots] == [type(b) for b in again]
        noisy += sum(isinstance(b, Noisy) for b in bots)
    assert 200 < noisy < 300  # about half of the 500 opponents
    plain = SearchBot(1)._rollout_bots(BOARD, 6, 2, 0)
    assert all(isinstance(b, HeuristicBot) for b in plain)


def test_a_noisy_opponent_plays_the_policy_or_a_random_legal_choice() -> None:
    game = new_game("boardgame", {"players": 3}, 4)
    d = game.pending()[0]
    view = game.view(d.seat)
    policy = HeuristicBot(0).choose(view, d)
    assert all(Noisy(HeuristicBot(0), 0.0, s).choose(view, d) == policy for s in range(20))
    wild = {Noisy(HeuristicBot(0), 1.0, s).choose(view, d) for s in range(40)}
    assert wild <= set(d.choices) and len(wild) > 1


def test_the_registry_seats_the_new_bots() -> None:
    """``mixsearch`` (with a budget) plays both games; ``aggressive`` the board game only."""
    bot = make_bot("mixsearch:24", 1)
    assert isinstance(bot, SearchBot) and bot.iterations == 24 and bot.opponents is MIXTURE
    assert isinstance(make_bot("mixsearch", 1), SearchBot)
    assert make_bot("search:24", 1).opponents is None  # type: ignore[attr-defined]
    assert isinstance(make_bot("aggressive", 1, "boardgame"), AggressiveBot)
    assert BOT_KINDS["aggressive"] == frozenset({"boardgame"})
    assert plays("mixsearch:300", "cardgame") and not plays("aggressive", "cardgame")
    assert "aggressive" in bots_for("boardgame") and "aggressive" not in bots_for("cardgame")
    game = new_game("boardgame", {"players": 3}, 9)
    play_out(game, [make_bot("aggressive", 1), RandomBot(2), RandomBot(3)])
    assert game.outcome() is not None
