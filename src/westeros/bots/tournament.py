"""Tournaments between registered bots, for both games: seats rotated so that each bot plays
each house (board game) or each deck in each seat (card game: decks and bots are the
entrants), win rates with 95% Wilson intervals, an openskill (Plackett-Luce) multiplayer
rating, the results as JSON with every game's record, and a PNG plot of ratings and win rates
per house or deck.

Each game's seed and seating are fixed by its index, so the results do not depend on the
number of worker processes (``jobs``) nor on a Ray cluster running the games (``ray``,
:mod:`westeros.runner`). One game is a plain function of data (:func:`play_job`: game kind,
config, seed, bots by seat → a JSON result), so it can run anywhere.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from westeros.bots.base import play_out
from westeros.bots.registry import make_bot
from westeros.engine import Record, new_game
from westeros.runner import imap

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def seating(bots: list[str], players: int, index: int) -> list[str]:
    """The bot of each seat in game ``index``: the list of bots repeated to fill the seats,
    rotated by the game index, so over ``players`` games each bot sits in every seat (and
    plays every house) equally often."""
    line = [bots[i % len(bots)] for i in range(players)]
    shift = index % players
    return line[shift:] + line[:shift]


def deck_seating(decks: list[str], players: int, index: int) -> list[str]:
    """The deck of each seat in card game ``index``: the decks repeated to fill the seats,
    rotated once every ``players`` games, so that with :func:`seating` rotating the bots every
    game each bot plays each deck in each seat (a joust of two bots and two decks: 4 games)."""
    return seating(decks, players, index // players)


@dataclass(frozen=True)
class GameSpec:
    index: int
    players: int
    seed: int
    seats: tuple[str, ...]
    tides: bool = False
    game: str = "boardgame"
    decks: tuple[str, ...] = ()  # the card game: the deck of each seat

    def config(self) -> dict[str, Any]:
        if self.game == "cardgame":  # bots leave D7, D11, D14, D15, D22, D23 to the engine
            return {"decks": list(self.decks), "auto": True}
        return {"players": self.players, "tides": self.tides}


def play_job(kind: str, config: dict[str, Any], seed: int, seats: list[str]) -> dict[str, Any]:
    """One game of ``kind`` between the registered bots named per seat: its result and record
    as JSON data (a plain function of data: any worker can run it)."""
    game = new_game(kind, config, seed)
    record = Record(kind, config, seed)
    bots = [make_bot(name, seed * 100 + s, kind) for s, name in enumerate(seats)]
    play_out(game, bots, record=record)
    record.final_hash = game.state_hash()
    outcome = game.outcome()
    assert outcome is not None
    return {
        "seed": seed,
        "seats": list(seats),
        "houses": list(config["decks"]) if kind == "cardgame" else list(outcome.names),
        "winner": outcome.winner,
        "ranking": list(outcome.ranking),
        "rounds": outcome.rounds,
        "reason": outcome.reason,
        "record": json.loads(record.dumps()),
    }


def play_one(spec: GameSpec) -> dict[str, Any]:
    """Play one tournament game; its result and record as JSON data."""
    result = play_job(spec.game, spec.config(), spec.seed, list(spec.seats))
    return {"index": spec.index, **result}


@dataclass
class Results:
    players: int
    bots: list[str]
    seed: int
    games: list[dict[str, Any]] = field(default_factory=list)
    game: str = "boardgame"
    decks: list[str] = field(default_factory=list)

    def win_rates(self) -> dict[str, dict[str, Any]]:
        """Per bot: seats played, wins, win rate and its 95% interval."""
        out: dict[str, dict[str, Any]] = {}
        for bot in self.bots:
            seats = sum(g["seats"].count(bot) for g in self.games)
            wins = sum(1 for g in self.games if g["seats"][g["winner"]] == bot)
            low, high = wilson(wins, seats)
            out[bot] = {
                "seats": seats,
                "wins": wins,
                "win_rate": wins / seats if seats else 0.0,
                "ci95": [low, high],
            }
        return out

    def per_house(self) -> dict[str, dict[str, dict[str, int]]]:
        """Per bot and house (card game: deck): seats played and wins."""
        out: dict[str, dict[str, dict[str, int]]] = {b: {} for b in self.bots}
        for g in self.games:
            for seat, bot in enumerate(g["seats"]):
                cell = out[bot].setdefault(g["houses"][seat], {"seats": 0, "wins": 0})
                cell["seats"] += 1
                cell["wins"] += int(g["winner"] == seat)
        return out

    def deck_rates(self) -> dict[str, dict[str, Any]]:
        """Per house (card game: deck), whichever bot played it: seats, wins, win rate and
        its 95% interval."""
        seats: dict[str, int] = {}
        wins: dict[str, int] = {}
        for g in self.games:
            for seat, house in enumerate(g["houses"]):
                seats[house] = seats.get(house, 0) + 1
                wins[house] = wins.get(house, 0) + int(g["winner"] == seat)
        out: dict[str, dict[str, Any]] = {}
        for house in sorted(seats):
            low, high = wilson(wins[house], seats[house])
            out[house] = {
                "seats": seats[house],
                "wins": wins[house],
                "win_rate": wins[house] / seats[house],
                "ci95": [low, high],
            }
        return out

    def ratings(self) -> dict[str, dict[str, float]]:
        """An openskill Plackett-Luce rating per bot, every seat a one-player team, games in
        index order (mu, sigma and the conservative ordinal mu - 3 sigma)."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        ratings = {b: model.rating(name=b) for b in self.bots}
        for g in sorted(self.games, key=lambda g: g["index"]):
            seats = g["seats"]
            teams = [[ratings[seats[s]]] for s in range(len(seats))]
            ranks = [g["ranking"].index(s) + 1 for s in range(len(seats))]
            new = model.rate(teams, ranks=ranks)
            # a bot in several seats: average its updated ratings
            merged: dict[str, list[tuple[float, float]]] = {}
            for s, team in enumerate(new):
                merged.setdefault(seats[s], []).append((team[0].mu, team[0].sigma))
            for bot, values in merged.items():
                ratings[bot].mu = sum(m for m, _ in values) / len(values)
                ratings[bot].sigma = sum(s for _, s in values) / len(values)
        return {
            b: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma}
            for b, r in ratings.items()
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "decks": self.decks,
            "seed": self.seed,
            "games_played": len(self.games),
            "win_rates": self.win_rates(),
            "ratings": self.ratings(),
            "per_house": self.per_house(),
            "per_deck": self.deck_rates(),
            "games": sorted(self.games, key=lambda g: g["index"]),
        }


def run(
    bots: list[str],
    players: int,
    games: int,
    seed: int,
    jobs: int = 1,
    tides: bool = False,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    game: str = "boardgame",
    decks: list[str] | None = None,
    ray: str | None = None,
) -> Results:
    """Play the tournament (``jobs`` worker processes, or on the Ray cluster at ``ray``);
    ``on_game`` after each game. For the card game ``decks`` are the decks (their number is the
    number of players: 2 a joust)."""
    for name in set(bots):
        make_bot(name, 0, game)  # a bad name fails before any game is played
    if game == "cardgame":
        players = len(decks or ())
        new_game(game, {"decks": list(decks or ()), "auto": True}, seed)  # bad decks fail now
    specs = [
        GameSpec(
            i,
            players,
            seed + i,
            tuple(seating(bots, players, i)),
            tides,
            game,
            tuple(deck_seating(list(decks or ()), players, i)) if game == "cardgame" else (),
        )
        for i in range(games)
    ]
    results = Results(players, list(bots), seed, game=game, decks=list(decks or ()))
    for _, result in imap(play_one, specs, jobs, ray):
        results.games.append(result)
        if on_game is not None:
            on_game(result)
    results.games.sort(key=lambda g: g["index"])
    return results


def save(results: Results, out: Path) -> tuple[Path, Path]:
    """Write ``results.json`` (with every record) and ``ratings.png`` into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    data = results.to_json()
    json_path = out / "results.json"
    json_path.write_text(json.dumps(data, indent=1))
    png_path = out / "ratings.png"
    plot(data, png_path)
    return json_path, png_path


def plot(data: dict[str, Any], path: Path) -> None:
    """Ratings (mu ± 3 sigma) and win rates per house of each bot, as a PNG (Agg backend)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bots: list[str] = data["bots"]
    ratings = data["ratings"]
    per_house = data["per_house"]
    houses = sorted({h for b in bots for h in per_house[b]})
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    mus = [ratings[b]["mu"] for b in bots]
    errs = [3 * ratings[b]["sigma"] for b in bots]
    left.bar(bots, mus, yerr=errs, capsize=6, color="#4a6fa5")
    left.set_title("openskill rating (mu ± 3 sigma)")
    left.set_ylabel("mu")
    width = 0.8 / max(1, len(bots))
    for i, bot in enumerate(bots):
        rates = [
            per_house[bot].get(h, {}).get("wins", 0)
            / max(1, per_house[bot].get(h, {}).get("seats", 0))
            for h in houses
        ]
        xs = [x + i * width for x in range(len(houses))]
        right.bar(xs, rates, width=width, label=bot)
    right.set_xticks([x + width * (len(bots) - 1) / 2 for x in range(len(houses))])
    right.set_xticklabels(houses, rotation=20)
    right.set_ylim(0, 1)
    right.set_title("win rate per " + ("deck" if data.get("game") == "cardgame" else "house"))
    right.legend()
    fig.suptitle(f"{data['games_played']} games, {data['players']} players")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
