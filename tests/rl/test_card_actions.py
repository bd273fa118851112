"""The card game's action space and observation (docs/rl.md, "The card game"): every legal
choice has one index that round-trips, every enumerated choice fits its kind's grammar, the
observation holds nothing another seat hides (C1.9)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from tests.cardgame.driver import swap_hidden_card
from westeros.bots import RandomBot
from westeros.cardgame.abilities import TEXTS
from westeros.cardgame.public import card_count
from westeros.cardgame.public import decisions as D
from westeros.engine import Decision, Game, new_game
from westeros.rl.card_actions import MAX_ABILITIES, card_space
from westeros.rl.card_encoding import CardEncoding
from westeros.rl.spaces import space

CONFIGS = [
    {"auto": True},
    {"auto": False},
    {"decks": ["westeros-stark", "westeros-lannister", "westeros-stark"], "auto": False},
]


def card_games(config: dict[str, object], seeds: range) -> Iterator[tuple[Game, Decision]]:
    """Every (game, decision) met in random card games of a config."""
    for seed in seeds:
        game = new_game("cardgame", {"casual": True, **config}, seed)
        bot = RandomBot(seed)
        while not game.is_over:
            decision = game.pending()[0]
            yield game, decision
            game.apply(decision.seat, bot.choose({}, decision))


def test_blocks_follow_the_catalogue_and_every_choice_fits_its_grammar() -> None:
    actions = card_space(140, 2)
    assert [b.kind for b in actions.blocks] == list(D.KINDS)
    at = 0
    for block in actions.blocks:
        assert block.start == at
        at += block.size
    assert at == actions.n == len(set(actions.actions))
    for kind, choice in actions.actions:
        codec = D.KINDS[kind]
        assert codec.unparse(codec.parse(choice)) == choice
    assert card_space(140, 2).actions == actions.actions  # fixed for a config


def test_no_card_text_has_more_abilities_than_the_space_holds() -> None:
    assert max(len(t.abilities) for t in TEXTS.values()) <= MAX_ABILITIES


@pytest.mark.parametrize("config", CONFIGS, ids=["joust-auto", "joust", "melee"])
def test_every_legal_choice_in_random_card_games_has_an_index_that_round_trips(
    config: dict[str, object],
) -> None:
    s = space("cardgame", config=config)
    met = 0
    for _game, decision in card_games(config, range(3)):
        indices = s.actions.legal_indices(decision)
        assert len(set(indices)) == len(decision.choices)
        for i, choice in zip(indices, decision.choices, strict=True):
            assert s.actions.choice(i) == (decision.kind, choice)
            assert s.actions.decode(decision, i) == choice
        assert int(s.actions.mask(decision).sum()) == len(decision.choices)
        met += 1
    assert met > 100


def test_the_space_is_sized_by_the_configs_card_ids() -> None:
    joust = space("cardgame")
    melee = space("cardgame", config={"decks": ["westeros-stark"] * 3})
    game = new_game("cardgame", joust.config, 5)
    assert joust.config["auto"] == [True, True]  # the adapters answer the automatic choices
    assert joust.agents == ("player_0", "player_1")
    assert card_count(game) == CardEncoding(card_count(game)).cards
    assert joust.actions.n < melee.actions.n and joust.obs_size < melee.obs_size
    assert space("cardgame", config={"auto": False}).config["auto"] == [False, False]


def test_observations_are_in_range_and_follow_the_game() -> None:
    s = space("cardgame")
    seen = set()
    for game, decision in card_games(s.config, range(1)):
        vector = s.encode(game, decision.seat)
        assert vector.shape == (s.obs_size,) and vector.dtype == np.float32
        assert vector.min() >= 0.0 and vector.max() <= 1.0
        seen.add(vector.tobytes())
    assert len(seen) > 50


def test_c1_9_a_hidden_card_of_another_seat_does_not_change_an_observation() -> None:
    """Two games differing only in one card of seat 1's hand (traded with its deck): seat 0
    and a spectator observe exactly the same; seat 1 does not."""
    s = space("cardgame")
    checked = 0
    for game, _decision in card_games(s.config, range(2)):
        if game.moves % 7:
            continue
        other = swap_hidden_card(game, 1)  # type: ignore[arg-type]
        if other is None:
            continue
        assert np.array_equal(s.encode(game, 0), s.encode(other, 0))
        assert np.array_equal(s.encode(game, None), s.encode(other, None))
        assert not np.array_equal(s.encode(game, 1), s.encode(other, 1))
        checked += 1
    assert checked > 5
