"""Where many games run (issue 22, item 6): in this process, in worker processes, or on a Ray
instance started here. The same seed gives the same results every way: tournaments, board and
card simulations (their records, byte for byte)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

from westeros.bots import tournament as tour
from westeros.cli import app
from westeros.runner import imap
from westeros.simulate import GameJob, play_games, play_job

cli = CliRunner()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A Ray instance on this machine, used by every ``--ray`` run of the module (the runner
    uses an instance already running in the process)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_local_starts_an_instance_for_the_run_and_shuts_it_down() -> None:
    """``--ray local``: the runner starts Ray on this machine, runs the games there and stops
    it; the results are those of a run in this process."""
    assert not ray.is_initialized()
    jobs = [GameJob("cardgame", {"auto": True}, seed) for seed in (5, 6)]
    on_ray = {i: r.record.final_hash for i, r in play_games(jobs, ray="local")}
    assert not ray.is_initialized()
    here = {i: r.record.final_hash for i, r in play_games(jobs)}
    assert on_ray == here and len(here) == 2


def test_every_job_runs_once_whatever_the_workers() -> None:
    jobs = [GameJob("cardgame", {"auto": True}, seed) for seed in range(4)]
    serial = dict(imap(play_job, jobs))
    pooled = dict(play_games(jobs, workers=2))
    assert sorted(serial) == sorted(pooled) == [0, 1, 2, 3]
    for i in serial:
        assert serial[i].record.final_hash == pooled[i].record.final_hash
        assert serial[i].seed == jobs[i].seed


def test_the_same_seed_gives_the_same_tournament_here_and_on_ray(local_ray: None) -> None:
    here = tour.run(["random", "random"], 3, 3, seed=7)
    on_ray = tour.run(["random", "random"], 3, 3, seed=7, ray="auto")
    pooled = tour.run(["random", "random"], 3, 3, seed=7, jobs=2)
    assert here.to_json() == on_ray.to_json() == pooled.to_json()
    assert [g["index"] for g in on_ray.games] == [0, 1, 2]


def _records(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.json"))}


@pytest.mark.parametrize(
    "command",
    [["simulate", "--players", "3", "--games", "2"], ["cards", "simulate", "--games", "3"]],
    ids=["boardgame", "cardgame"],
)
def test_simulate_with_ray_writes_the_same_records(
    local_ray: None, command: list[str], tmp_path: Path
) -> None:
    outputs = {}
    for name, extra in (("here", []), ("ray", ["--ray", "local"]), ("jobs", ["--jobs", "2"])):
        folder = tmp_path / name
        result = cli.invoke(app, [*command, "--seed", "3", "--save", str(folder), *extra])
        assert result.exit_code == 0, result.output
        outputs[name] = _records(folder)
    assert len(outputs["here"]) == int(command[-1])
    assert outputs["here"] == outputs["ray"] == outputs["jobs"]


def test_the_tournament_command_on_ray(local_ray: None, tmp_path: Path) -> None:
    for name, extra in (("here", []), ("ray", ["--ray", "auto"])):
        result = cli.invoke(
            app,
            [
                *("tournament", "--players", "3", "--games", "2", "--bots", "random"),
                *("--seed", "1", "--out", str(tmp_path / name), *extra),
            ],
        )
        assert result.exit_code == 0, result.output
    here = (tmp_path / "here" / "results.json").read_text()
    assert here == (tmp_path / "ray" / "results.json").read_text()
