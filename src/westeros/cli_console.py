"""The terminal output the ``westeros`` command modules share (``cli``, ``cli_cards``): the
console, the progress bar of long commands and the error exit; and the options of commands
that play many games (``--jobs``, ``--ray``)."""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

console = Console()

Jobs = Annotated[int, typer.Option("--jobs", "-j", min=1, help="worker processes")]
RayAddress = Annotated[
    str | None,
    typer.Option(
        "--ray",
        metavar="ADDRESS",
        help="run the games on an existing Ray cluster at ADDRESS (e.g. auto, host:6379, "
        "ray://host:10001; 'local' starts one here); needs the extra westeros[ray]",
    ),
]


def fail(message: str) -> NoReturn:
    """Print ``error: message`` and exit with status 2 (a usage error)."""
    console.print(f"[red]error:[/] {message}", highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def progress() -> Progress:
    """The progress bar of long commands: what, a bar, done/total, time elapsed."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    )
