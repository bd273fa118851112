"""The ``westeros`` command."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from westeros.engine import Choice, Game, Outcome, Record, RecordError, replay

app = typer.Typer(
    help="westeros — A Game of Thrones board game: exact rules, bots, simulations, replays.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

Players = Annotated[int, typer.Option("--players", "-p", min=3, max=6, help="3 to 6 players")]
Seed = Annotated[int, typer.Option("--seed", "-s", min=0, help="random seed")]
Tides = Annotated[bool, typer.Option("--tides", help="use the Tides of Battle cards")]


@app.command()
def watch(players: Players = 6, seed: Seed = 1, tides: Tides = False) -> None:
    """Watch one whole board game between bots, printed as a readable game log."""
    from westeros.simulate import play_board_game

    printed = 0

    def show(game: Game, seat: int, choice: Choice | None) -> None:
        nonlocal printed
        new = game.events(None, printed)
        for event in new:
            console.print(_style(game.render(event)), highlight=False)
        printed += len(new)

    game, result = play_board_game(players, seed, tides, on_move=show)
    show(game, 0, None)
    console.print(_result_table(result.outcome))
    console.print(f"{result.decisions} decisions. Winner: [bold]{result.winner}")


def _result_table(outcome: Outcome) -> Table:
    columns = list(outcome.scores[0]) if outcome.scores else []
    table = Table(title=f"Result after round {outcome.rounds} ({outcome.reason})")
    for col in ("#", "seat", *columns):
        table.add_column(col)
    for rank, seat in enumerate(outcome.ranking, 1):
        scores = outcome.scores[seat] if outcome.scores else {}
        table.add_row(str(rank), outcome.names[seat], *(str(scores[c]) for c in columns))
    return table


def _style(line: str) -> str:
    if line.startswith("Round") or line.startswith("==="):
        return f"[bold cyan]{line}[/]"
    if line.startswith("Game over") or line.startswith("Final"):
        return f"[bold green]{line}[/]"
    return line


@app.command()
def simulate(
    players: Players = 6,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="number of games")] = 10,
    seed: Seed = 0,
    tides: Tides = False,
    save: Annotated[
        Path | None, typer.Option("--save", help="write each game's record into this folder")
    ] = None,
) -> None:
    """Play many whole games between random bots and print a summary."""
    from westeros.simulate import Summary, play_board_game, save_record

    summary = Summary()
    started = time.perf_counter()
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    ) as progress:
        task = progress.add_task(f"{players}-player games", total=games)
        for i in range(games):
            _, result = play_board_game(players, seed + i, tides, with_hashes=save is not None)
            summary.add(result)
            if save is not None:
                save_record(result.record, save, f"game-{players}p-seed{seed + i}")
            progress.advance(task)
    summary.seconds = time.perf_counter() - started
    table = Table(
        title=f"{games} games, {players} players" + (", Tides of Battle" if tides else "")
    )
    table.add_column("house")
    table.add_column("wins", justify="right")
    for name in sorted(summary.names, key=lambda n: (-summary.wins[n], n)):
        table.add_row(name, str(summary.wins[name]))
    console.print(table)
    console.print(
        f"average rounds {summary.rounds / games:.2f} · "
        f"average decisions per game {summary.decisions / games:.1f} · "
        f"{games / summary.seconds:.2f} games/s"
    )
    if save is not None:
        console.print(f"records written to {save}/")


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a record file written by simulate --save")],
    as_json: Annotated[
        bool, typer.Option("--json", help="print the outcome and the structured events as JSON")
    ] = False,
) -> None:
    """Re-execute a record, check the state hash at every step, print the game log."""
    try:
        record = Record.load(file)
        game = replay(record)
    except RecordError as exc:
        console.print(f"[red]error:[/] {file}: {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    checked = "checked at every step" if record.hashes is not None else "no hashes stored"
    events = game.events(None)
    if as_json:
        outcome = game.outcome()
        out = {
            "game": record.game,
            "config": record.config,
            "seed": record.seed,
            "moves": len(record.moves),
            "hashes": checked,
            "final_hash": game.state_hash(),
            "outcome": outcome.to_json() if outcome is not None else None,
            "events": [e.to_json() for e in events],
        }
        typer.echo(json.dumps(out, indent=1))
        return
    for event in events:
        console.print(_style(game.render(event)), highlight=False)
    console.print(f"replayed {len(record.moves)} moves, state hash {checked}: OK")


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="TCP port")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="SQLAlchemy URL, e.g. postgresql+psycopg://user:pw@host/db "
            "(default: the SQLite file westeros-server.sqlite3 here; one process only)",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", min=0.0, help="seconds a bot waits before moving")
    ] = 0.5,
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level")] = "info",
) -> None:
    """Host games for people and bots: the HTTP + websocket API (docs at /docs)."""
    from westeros.server import DEFAULT_DB
    from westeros.server import serve as run_server

    run_server(host, port, db or DEFAULT_DB, bot_delay, log_level)


def main() -> None:  # pragma: no cover
    app()
