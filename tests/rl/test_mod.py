"""The research environments on Mother of Dragons (issue 25): a space of its own, selected for
scenario "mod" (X-MOD-3: the 8-house map with Essos, all 8 houses, every MoD decision kind and
card its own action); a seat's agent acts for its house and the vassals it commands
(X-MOD-10.3); gifts (X-MOD-11.1) are idle and never an agent's; the base spaces are unchanged."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import westeros.rl.openspiel_game  # noqa: F401  (registers the games)
from tests.rl.helpers import play_aec, random_actions
from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots import RandomBot
from westeros.engine import Decision, Game, new_game
from westeros.rl import actions as A
from westeros.rl.core import Session
from westeros.rl.encoding import OBS_SIZE
from westeros.rl.gym_env import WesterosGym
from westeros.rl.mod_encoding import MOD_OBS_SIZE, MOD_SECTIONS, mod_encode, mod_encode_game
from westeros.rl.parallel_env import parallel_env
from westeros.rl.pettingzoo_env import env
from westeros.rl.spaces import space

MOD7 = {"scenario": "mod", "players": 7}
MOD8 = {"scenario": "mod", "players": 8, "essos": True}


def test_x_mod_3_mod_configs_get_their_own_larger_space() -> None:
    for config in (MOD7, MOD8, {"scenario": "mod", "players": 3, "iron_bank": False}):
        s = space(config=config)
        assert s.actions is A.MOD and s.obs_size == MOD_OBS_SIZE
        assert s.agents == tuple(f"player_{i}" for i in range(config["players"]))
    assert space(config={"scenario": "mod", "essos": True}).players == 8
    assert A.MOD.n == 8722 and MOD_OBS_SIZE == 4898
    assert sum(size for _, size in MOD_SECTIONS.values()) == MOD_OBS_SIZE
    # the other games' spaces stay as they were (records and agents depend on them)
    for config in (None, {"scenario": "adwd"}, {"scenario": "affc"}):
        s = space(config=config)
        assert s.actions is A.BOARD and (A.BOARD.n, s.obs_size) == (3144, OBS_SIZE) == (3144, 3480)


def test_x_mod_every_mod_kind_and_card_is_its_own_action_and_gifts_are_not() -> None:
    kinds = set(A.MOD.kind_ids)
    assert kinds >= A.VASSAL_KINDS | A.MOD_CARD_KINDS | A.MOD_ONLY_KINDS
    assert not (A.GIFT_KINDS | A.TABLE_ONLY_KINDS) & kinds
    assert set(D.KINDS) - kinds == A.GIFT_KINDS | A.TABLE_ONLY_KINDS
    cards = {A.MOD.index(D.HOUSE_CARD.name, c) for c in T.HOUSE_CARD_BY_ID}
    assert len(cards) == len(T.HOUSE_CARD_BY_ID) and set(T.HOUSE_CARD_BY_ID) >= A.MOD_CARDS
    assert {A.MOD.choice(i)[1] for i in cards} == set(T.HOUSE_CARD_BY_ID)
    # 75 areas (Essos too), the dragon, the vassals' tokens
    assert len(A.MOD_AREAS) == 75 and set(T.MAPS["mod_westeros"].area_ids) <= set(A.MOD_AREAS)
    A.MOD.index(D.MARCH_MOVE.name, "dragon>pentos")
    A.MOD.index(D.VASSAL_ORDER.name, "winterfell:vassal_defense+3")
    with pytest.raises(A.UnknownChoice):
        A.BOARD.index(D.VASSAL_ORDER.name, "winterfell:vassal_defense+3")


def _open(game: Game) -> Decision:
    return next(d for d in game.pending() if not d.idle)


def _check_mask(game: Game, decision: Decision) -> None:
    """Every legal choice has exactly one index, every masked index is a legal choice."""
    legal = A.MOD.legal_indices(decision)
    assert len(set(legal)) == len(legal) == len(decision.choices)
    mask = A.MOD.mask(decision)
    assert int(mask.sum()) == len(decision.choices)
    for i in np.flatnonzero(mask):
        assert A.MOD.decode(decision, int(i)) in decision.choices
    assert [A.MOD.choice(i)[1] for i in legal] == list(decision.choices)


@pytest.mark.parametrize(
    ("config", "seed"),
    [
        ({"scenario": "mod", "players": 3}, 0),
        ({"scenario": "mod", "players": 5}, 1),
        (MOD7, 2),
        (MOD8, 0),
    ],
)
def test_x_mod_the_mask_is_exact_over_whole_random_mod_games(
    config: dict[str, object], seed: int
) -> None:
    game = new_game("boardgame", config, seed)
    bot = RandomBot(seed)
    kinds: Counter[str] = Counter()
    vassal_decisions = 0
    while not game.is_over:
        decision = _open(game)
        kinds[decision.kind] += 1
        _check_mask(game, decision)
        vassal = decision.about("vassal")
        if vassal is not None:  # X-MOD-10.3: the commander's seat decides for the vassal
            vassal_decisions += 1
            view = game.view(decision.seat)
            assert view["commanders"][vassal] == view["seats"][decision.seat]
        if kinds.total() % 97 == 0:
            obs = mod_encode_game(game, decision.seat)
            assert obs.shape == (MOD_OBS_SIZE,) and obs.min() >= 0.0 and obs.max() <= 1.0
        game.apply(decision.seat, bot.choose({}, decision))
    assert kinds[D.HOUSE_CARD.name] > 0 and kinds.total() > 300
    if game.view(None).get("vassals"):
        assert kinds[D.CHOOSE_VASSALS.name] > 0 and vassal_decisions > 0


def test_x_mod_11_1_gifts_are_never_an_agents_decision() -> None:
    session = Session(config={"scenario": "mod", "players": 4})
    session.reset(3)
    seen_idle = False
    for _ in range(400):
        for seat in range(4):
            idle = [d for d in session.g.pending() if d.seat == seat and d.idle]
            if idle and session.seat_decision(seat) is None:
                seen_idle = True  # the seat may give, but its agent has nothing to do
                assert not session.mask(seat).any()
        decision = session.decision()
        assert decision is not None and not decision.idle
        session.apply_choice(decision.seat, decision.choices[0])
    assert seen_idle


def test_x_mod_the_observation_shows_the_seats_own_hand_only() -> None:
    game = new_game("boardgame", {"scenario": "mod", "players": 4}, 4)
    start, _ = MOD_SECTIONS["cards"]
    view = game.view(0)
    own = set(view["houses"][view["house"]]["hand"])
    vec = mod_encode(view)
    held = {c for i, c in enumerate(A.MOD_CARD_IDS) if vec[start + 2 * i]}
    assert held == own and len(own) == 7
    # the vassals and their commanders are in the houses section (X-MOD-10.1)
    houses0, _ = MOD_SECTIONS["houses"]
    assert len(view["vassals"]) == 3
    for h in view["vassals"]:
        assert vec[houses0 + A.MOD_HOUSES.index(h) * 14 + 1] == 1.0


def test_the_adapters_keep_refusing_what_they_cannot_play() -> None:
    with pytest.raises(ValueError, match="planning: sequential"):
        space(config={"scenario": "mod", "players": 4, "planning": "table"})
    with pytest.raises(ValueError, match="not 'mod'"):  # OpenSpiel: the base map only
        pyspiel.load_game("python_westeros_boardgame", {"players": 4, "scenario": "mod"})
    with pytest.raises(ValueError, match="not 'nope'"):
        space(config={"scenario": "nope"})


def test_pettingzoo_api_test_on_a_mod_env() -> None:
    api_test(env(config={"scenario": "mod", "players": 5}, seed=2), num_cycles=200)


def test_gymnasium_check_env_on_mod() -> None:
    check_env(WesterosGym(config={"scenario": "mod", "players": 4}), skip_render_check=True)


@pytest.mark.parametrize("config", [{"scenario": "mod", "players": 3}, MOD8])
def test_whole_random_mod_games_through_the_aec_env(config: dict[str, object]) -> None:
    e = env(config=config)
    totals, steps = play_aec(e, seed=1)
    assert steps > 100 and sorted(totals.values()) == [0.0] * (len(totals) - 1) + [1.0]


def test_a_whole_random_mod_game_through_the_parallel_env() -> None:
    e = parallel_env(config={"scenario": "mod", "players": 5})
    obs, _ = e.reset(seed=3)
    rng = np.random.default_rng(0)
    rewards: dict[str, float] = {}
    while e.agents:
        obs, rewards, _, _, _ = e.step(random_actions(e, obs, rng))
    assert e.session.over and sorted(rewards.values()) == [0.0] * 4 + [1.0]
