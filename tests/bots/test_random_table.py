"""The random bot at the table (config ``planning: "table"``): it ends a plan after a few
choices (R5.1 ``ready`` once it may; a bid confirmed, R3.7.2; a muster plan done, R3.6), so
whole random games planned at the table end in as many moves as in turn (a uniform walk over
places, changes and removals took an 8-player Mother of Dragons game some 8,000 moves)."""

from __future__ import annotations

from westeros.boardgame.public import decisions as D
from westeros.bots import RandomBot, play_out
from westeros.bots.random_bot import PATIENCE
from westeros.engine import Choice, Decision, new_game

PLACES = ("place:winterfell:march+0", "place:winterfell:raid", "place:the_shivering_sea:raid")


def plan(*choices: Choice) -> Decision:
    return D.PLAN_ORDERS.ask(0, "Stark: place your orders", choices)


def test_r5_1_the_random_bot_readies_after_a_few_choices() -> None:
    for seed in range(20):
        bot = RandomBot(seed)
        first = [bot.choose({}, plan(*PLACES, "remove:winterfell", "ready")) for _ in range(9)]
        assert "ready" in first[: PATIENCE + 1]
        assert all(c != "ready" for c in first[: first.index("ready")])


def test_r5_1_after_a_few_choices_the_random_bot_undoes_nothing() -> None:
    """Not ready yet (an area without an order): no removal; a muster plan is not reset."""
    bot = RandomBot(3)
    chosen = [bot.choose({}, plan(*PLACES, "remove:winterfell")) for _ in range(60)]
    assert all(c in PLACES for c in chosen[PATIENCE:])
    muster = D.PLAN_MUSTER.ask(0, "Stark: plan your mustering", ("winterfell:footman", "reset"))
    assert [bot.choose({}, muster) for _ in range(PATIENCE + 3)][PATIENCE:] == [
        "winterfell:footman"
    ] * 3
    done = D.PLAN_MUSTER.ask(0, "Stark: plan your mustering", ("winterfell:footman", "done"))
    assert bot.choose({}, done) == "done"  # still the same plan: it ends


def test_r5_1_a_random_mod_game_at_the_table_ends() -> None:
    """8 players, Essos and the Iron Bank (X-MOD-1.2, X-MOD-1.3), every seat the random bot."""
    config = {"scenario": "mod", "players": 8, "essos": True, "planning": "table"}
    game = new_game("boardgame", config, 11)
    play_out(game, [RandomBot(11 + s) for s in range(8)], max_moves=4000)
    assert game.is_over and game.outcome() is not None
