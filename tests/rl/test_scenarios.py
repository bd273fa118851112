"""The research environments on the expansion scenarios (issue 24, item 4): every house card of
every deck is its own action (X-ADWD-1.1), the observation says the scenario, its last round
and each garrison's house (X-ADWD-2), and in A Feast for Crows the seat's objectives, the
scored ones and the victory points (X-AFFC-4); the PettingZoo, Gymnasium and OpenSpiel
adapters take a scenario config and play whole random A Dance with Dragons and A Feast for
Crows games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import westeros.rl.openspiel_game  # noqa: F401  (registers the games)
from tests.rl.helpers import play_aec, random_actions
from tests.rl.reference_encoding import reference_encode
from westeros.boardgame.public import tables as T
from westeros.bots import RandomBot
from westeros.engine import Decision, Game, new_game
from westeros.rl import actions as A
from westeros.rl.encoding import (
    GARRISON_AREAS,
    OBS_SIZE,
    SCENARIOS,
    SECTIONS,
    encode,
    encode_game,
)
from westeros.rl.gym_env import WesterosGym
from westeros.rl.parallel_env import parallel_env
from westeros.rl.pettingzoo_env import env
from westeros.rl.spaces import space

ADWD = {"scenario": "adwd"}
AFFC = {"scenario": "affc"}
DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def scenario_games(
    count: int, first_seed: int = 0, config: dict[str, str] = ADWD
) -> Iterator[tuple[Game, Decision]]:
    """Every (game, decision) met in ``count`` random games of a scenario (A Dance with Dragons
    by default), with and without Tides of Battle."""
    players = T.SCENARIOS[config["scenario"]].player_count
    for seed in range(first_seed, first_seed + count):
        game = new_game("boardgame", {"players": players, **config, "tides": seed % 2 == 0}, seed)
        bot = RandomBot(seed)
        while not game.is_over:
            decision = game.pending()[0]
            yield game, decision
            game.apply(decision.seat, bot.choose({}, decision))


def test_x_adwd_1_1_every_card_of_every_deck_is_its_own_action() -> None:
    """An ADwD card is never mapped onto a base card's index (X-ADWD-1.1)."""
    # every card but Mother of Dragons' 28 (MoD games are refused: X-MOD-4.2, X-MOD-5.8,
    # X-MOD-10.9)
    assert tuple(c for c in T.HOUSE_CARD_BY_ID if c not in A.MOD_CARDS) == A.CARDS
    assert len(A.MOD_CARDS) == 28 and all(c in T.HOUSE_CARD_BY_ID for c in A.MOD_CARDS)
    ids = {c.id for d in T.HOUSE_CARD_DECKS.values() for cs in d.values() for c in cs}
    ids -= A.MOD_CARDS
    assert len(A.CARDS) == len(ids)  # AFfC's deck is the base cards and Arryn's own
    arryn = {A.index("house_card", c.id) for c in T.HOUSE_CARD_DECKS["affc"]["arryn"]}
    assert len(arryn) == 7 and max(arryn) - min(arryn) == 6  # X-AFFC-5
    base = {A.index("house_card", c.id) for cs in T.HOUSE_CARD_DECKS["base"].values() for c in cs}
    adwd = {A.index("house_card", c.id) for cs in T.HOUSE_CARD_DECKS["adwd"].values() for c in cs}
    assert len(base) == len(adwd) == 42 and not base & adwd
    block = next(b for b in A.BLOCKS if b.kind == "house_card")
    assert block.size == len(A.CARDS)


def test_the_documented_sections_are_the_encoders() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name, (start, size) in SECTIONS.items():
        assert f"| `{name}` | {start} | {size} |" in text, name
    assert f"`float32[{OBS_SIZE}]`" in text


def test_x_adwd_2_the_observation_says_the_scenario_and_its_garrisons() -> None:
    game = new_game("boardgame", {"players": 6, **ADWD}, 1)
    obs = encode_game(game, 0)
    start, size = SECTIONS["scenario"]
    part = obs[start : start + size]
    assert part[SCENARIOS.index("adwd")] == 1.0 and part[SCENARIOS.index("base")] == 0.0
    assert part[len(SCENARIOS)] == np.float32(0.6)  # the last round, 6 (X-ADWD-2.2)
    garrisons = part[len(SCENARIOS) + 1 :].reshape(-1)
    width = len(A.HOUSES)
    # X-ADWD-2.8: Storm's End's garrison defends for Baratheon, Oldtown's for Tyrell
    for area, house in (("storms_end", "baratheon"), ("oldtown", "tyrell")):
        at = GARRISON_AREAS.index(area) * width + A.HOUSES.index(house)
        assert garrisons[at] == 1.0
    base = encode_game(new_game("boardgame", {"players": 6}, 1), 0)[start : start + size]
    assert base[SCENARIOS.index("base")] == 1.0 and base[len(SCENARIOS)] == np.float32(1.0)


def test_the_fast_path_is_the_view_encoder_in_adwd_games() -> None:
    """Bit for bit, for every seat and the spectator, on two random ADwD games."""
    steps = 0
    for game, _decision in scenario_games(2, first_seed=70):
        if game.moves % 5:
            continue
        for seat in (*range(6), None):
            view = game.view(seat)
            fast = encode_game(game, seat)
            assert fast.tobytes() == reference_encode(view).tobytes(), (game.moves, seat)
            assert fast.tobytes() == encode(view).tobytes(), (game.moves, seat)
        steps += 1
    assert steps > 100


def test_every_legal_choice_in_random_adwd_games_has_an_index_that_round_trips() -> None:
    met = cards = 0
    for _game, decision in scenario_games(3):
        indices = A.legal_indices(decision)
        assert len(set(indices)) == len(decision.choices)
        for i, choice in zip(indices, decision.choices, strict=True):
            assert A.choice(i) == (decision.kind, choice) and A.decode(decision, i) == choice
        cards += decision.kind == "house_card"
        met += 1
    assert met > 1000 and cards > 10


def test_the_adapters_take_a_scenario_config() -> None:
    s = space(config=ADWD)
    assert s.config["scenario"] == "adwd" and s.config["house_cards"] == "adwd"
    assert s.agents == T.SCENARIOS["adwd"].houses and s.players == 6
    mixed = space(players=4, config={"house_cards": "adwd"})
    assert mixed.config["house_cards"] == "adwd" and mixed.players == 4


@pytest.mark.parametrize("players", [None, 4, 7])
def test_mother_of_dragons_gets_its_own_space_not_the_base_maps(players: int | None) -> None:
    """X-MOD-3: the base map's observation and sections stay as they were; a MoD config gets
    the MoD space (tests/rl/test_mod.py)."""
    assert SCENARIOS == ("base", "adwd", "affc")
    s = space(players=players, config={"scenario": "mod"})
    assert s.actions is A.MOD and s.obs_size != OBS_SIZE
    assert WesterosGym(config={"scenario": "mod"}).action_space.n == A.MOD.n


def test_pettingzoo_api_test_on_adwd() -> None:
    api_test(env(config=ADWD, seed=2), num_cycles=200)


def test_gymnasium_check_env_on_adwd() -> None:
    check_env(WesterosGym(config=ADWD), skip_render_check=True)


def test_whole_random_adwd_games_through_the_aec_and_gym_envs() -> None:
    e = env(config=ADWD)
    totals, steps = play_aec(e, seed=5)
    assert steps > 100 and sorted(totals.values()) == [0.0] * 5 + [1.0]
    assert e.session.g.view(None)["round"] <= 6  # X-ADWD-2.2
    gym_env = WesterosGym(config=ADWD, seat=3)
    obs, _ = gym_env.reset(seed=8)
    rng = np.random.default_rng(8)
    done = False
    while not done:
        obs, _reward, done, _truncated, info = gym_env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
    assert info["outcome"]["winner"] is not None


def test_a_whole_random_adwd_game_through_the_parallel_env() -> None:
    e = parallel_env(config=ADWD)
    parallel_api_test(parallel_env(config=ADWD, seed=3), num_cycles=100)
    obs, _ = e.reset(seed=6)
    rng = np.random.default_rng(6)
    while e.agents:
        obs, _rewards, _terms, _truncs, _infos = e.step(random_actions(e, obs, rng))
    assert e.session.g.is_over


def test_openspiel_plays_a_whole_random_adwd_game() -> None:
    game = pyspiel.load_game("python_westeros_boardgame", {"scenario": "adwd"})
    assert game.num_players() == 6 and game.num_distinct_actions() == A.N_ACTIONS
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    state.apply_action(4)  # the chance node: the game's seed
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [0.0] * 5 + [1.0]
    assert state.game is not None and state.game.view(None)["scenario"] == "adwd"


# -- A Feast for Crows -----------------------------------------------------------------------


def test_x_affc_4_the_observation_holds_the_seats_objectives_and_the_victory_points() -> None:
    """The seat's own objective hand (secret to it, X-AFFC-2.8), each house's VP and hand size,
    the deck's size; another seat's hand is never in it."""
    game = new_game("boardgame", {"players": 4, **AFFC}, 3)
    bot = RandomBot(3)
    while game.view(None)["round"] < 3:  # past the keeping and two scoring phases
        d = game.pending()[0]
        game.apply(d.seat, bot.choose({}, d))
    start, size = SECTIONS["objectives"]
    n = len(A.OBJECTIVES)
    for seat in range(4):
        view = game.view(seat)
        part = encode_game(game, seat)[start : start + size]
        mine = view["objectives"]["hand"]
        assert [A.OBJECTIVES[i] for i in np.flatnonzero(part[:n])] == sorted(mine)
        houses = A.HOUSES.index(view["house"])
        at = n * (2 + len(A.HOUSES)) + 3 * houses
        points = view["objectives"]["victory_points"][view["house"]]
        assert part[at] == np.float32(points / 7) and part[at + 1] == np.float32(len(mine) / 5)
    spectator = encode_game(game, None)[start : start + size]
    assert not spectator[: 2 * n].any()  # nobody's hand


def test_the_fast_path_is_the_view_encoder_in_affc_games() -> None:
    steps = 0
    for game, _decision in scenario_games(2, first_seed=80, config=AFFC):
        if game.moves % 3:
            continue
        for seat in (*range(4), None):
            assert encode_game(game, seat).tobytes() == encode(game.view(seat)).tobytes()
        steps += 1
    assert steps > 100


def test_every_legal_choice_in_random_affc_games_has_an_index_that_round_trips() -> None:
    met: dict[str, int] = {}
    for _game, decision in scenario_games(3, config=AFFC):
        indices = A.legal_indices(decision)
        assert len(set(indices)) == len(decision.choices)
        for i, choice in zip(indices, decision.choices, strict=True):
            assert A.choice(i) == (decision.kind, choice) and A.decode(decision, i) == choice
        met[decision.kind] = met.get(decision.kind, 0) + 1
    # X-AFFC-D1, D2, D4: the new decisions are among them
    new = {"return_objective", "score_special", "score_objective", "shifting_ambitions_give"}
    assert new | {"shifting_ambitions_take", "new_information_return"} <= set(met), met


def test_whole_random_affc_games_through_every_adapter() -> None:
    """X-AFFC-2.1: four houses with Arryn; the envs play whole games to a winner."""
    s = space(config=AFFC)
    assert s.players == 4 and "arryn" in s.agents
    api_test(env(config=AFFC, seed=2), num_cycles=200)
    check_env(WesterosGym(config=AFFC), skip_render_check=True)
    e = env(config=AFFC, shaping=0.1)
    totals, steps = play_aec(e, seed=5)
    outcome = e.session.g.outcome()
    assert steps > 100 and outcome is not None and outcome.winner is not None
    # the winner's 1 and everyone's 0.1 per victory point (at most 0.7)
    assert [h for h, t in totals.items() if t >= 1.0] == [e.session.seat_agent[outcome.winner]]
    # X-AFFC-4.1: the shaping follows the victory points, not castles
    points = e.session.g.view(None)["objectives"]["victory_points"]
    assert e.session.scores() == {h: points[h] for h in e.session.seat_agent}
    p = parallel_env(config=AFFC)
    obs, _ = p.reset(seed=6)
    rng = np.random.default_rng(6)
    while p.agents:
        obs, *_ = p.step(random_actions(p, obs, rng))
    game = pyspiel.load_game("python_westeros_boardgame", {"players": 4, "scenario": "affc"})
    state = game.new_initial_state()
    state.apply_action(7)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [0.0, 0.0, 0.0, 1.0]


@pytest.mark.parametrize("params", [{"scenario": "adwd"}, {"players": 4, "scenario": "affc"}])
def test_openspiel_random_sim_test_on_the_scenarios(params: dict[str, object]) -> None:
    """OpenSpiel's own whole-game check, with serialization (a state replayed from its action
    history), on A Dance with Dragons and A Feast for Crows."""
    game = pyspiel.load_game("python_westeros_boardgame", params)
    assert game.get_parameters()["scenario"] == params["scenario"]
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
