"""The ``westeros cards`` commands: the card game's simulations and deck checks."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

cards = typer.Typer(
    help="A Game of Thrones: The Card Game (Second Edition): simulations and deck checks.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


def _fail(message: str) -> None:
    console.print(f"[red]error:[/] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


@cards.command("simulate")
def simulate(
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="number of games")] = 10,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="random seed")] = 0,
    decks: Annotated[
        str,
        typer.Option("--decks", help="two shipped deck ids, comma-separated (see `cards decks`)"),
    ] = "westeros-stark,westeros-lannister",
    save: Annotated[
        Path | None, typer.Option("--save", help="write each game's record into this folder")
    ] = None,
) -> None:
    """Play whole joust games between random bots and print wins per deck."""
    from westeros.cli import _progress
    from westeros.engine import ConfigError
    from westeros.simulate import Summary, play_game, save_record

    names = [d.strip() for d in decks.split(",") if d.strip()]
    config = {"decks": names, "casual": True}
    summary = Summary()
    wins: dict[str, int] = dict.fromkeys(names, 0)
    started = time.perf_counter()
    with _progress() as progress:
        task = progress.add_task("joust games", total=games)
        for i in range(games):
            try:
                _, result = play_game("cardgame", config, seed + i, with_hashes=save is not None)
            except ConfigError as exc:
                progress.stop()
                _fail(str(exc))
            summary.add(result)
            if result.outcome.winner is not None:
                wins[names[result.outcome.winner]] += 1
            if save is not None:
                save_record(result.record, save, f"cards-seed{seed + i}")
            progress.advance(task)
    summary.seconds = time.perf_counter() - started
    table = Table(title=f"{games} joust games")
    table.add_column("deck")
    table.add_column("wins", justify="right")
    for name in names:
        table.add_row(name, str(wins[name]))
    console.print(table)
    console.print(
        f"average rounds {summary.rounds / games:.2f} · "
        f"average decisions per game {summary.decisions / games:.1f} · "
        f"{games / summary.seconds:.2f} games/s"
    )
    if save is not None:
        console.print(f"records written to {save}/")


@cards.command("check")
def check(
    deck: Annotated[Path, typer.Argument(help="a deck list: text (3x Name (Core)) or JSON")],
    casual: Annotated[
        bool, typer.Option("--casual", help="starter-deck rules: no 60-card minimum (C4.8)")
    ] = False,
) -> None:
    """Report a deck's deck-building problems (C4) and its cards not implemented yet."""
    from westeros.cardgame.decklists import unimplemented
    from westeros.cardgame.decks import DeckError, check_deck, describe, load_deck

    try:
        parsed = load_deck(deck)
    except DeckError as exc:
        _fail(f"{deck}:\n{exc}")
    except OSError as exc:
        _fail(f"{deck}: {exc.strerror or exc}")
    console.print(describe(parsed), highlight=False)
    problems = check_deck(parsed, casual=casual)
    missing = unimplemented(parsed)
    for problem in problems:
        console.print(f"[red]✗[/] {problem}", highlight=False, soft_wrap=True)
    if missing:
        console.print(f"[yellow]not implemented yet:[/] {', '.join(missing)}", highlight=False)
    if problems:
        raise typer.Exit(1)
    console.print("[green]legal[/]" + (" (casual)" if casual else ""))


@cards.command("decks")
def decks_cmd() -> None:
    """List the shipped decks (usable in --decks and in game configs)."""
    from westeros.cardgame.decklists import SHIPPED, unimplemented
    from westeros.cardgame.decks import describe

    for name in sorted(SHIPPED):
        deck = SHIPPED[name]()
        missing = unimplemented(deck)
        state = "playable" if not missing else f"{len(missing)} card(s) not implemented yet"
        console.print(f"[bold]{name}[/] — {state}\n{describe(deck)}\n", highlight=False)
