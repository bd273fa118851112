"""The terminal output the ``westeros`` command modules share (``cli``, ``cli_cards``): the
console, the progress bar of long commands and the error exit."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

console = Console()


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
