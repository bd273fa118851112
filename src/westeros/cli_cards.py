"""The ``westeros cards`` commands: the card game's simulations and deck checks."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from westeros.cli_console import Jobs, RayAddress, console
from westeros.cli_console import fail as _fail
from westeros.cli_console import progress as _progress

cards = typer.Typer(
    help="A Game of Thrones: The Card Game (Second Edition): simulations and deck checks.",
    no_args_is_help=True,
    add_completion=False,
)


@cards.command("simulate")
def simulate(
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="games (per pairing)")] = 10,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="random seed")] = 0,
    decks: Annotated[
        str,
        typer.Option(
            "--decks",
            help="shipped deck ids, comma-separated (one per player; see `cards decks`), or "
            "'starter': the four Core Set starter decks round-robin",
        ),
    ] = "westeros-stark,westeros-lannister",
    save: Annotated[
        Path | None, typer.Option("--save", help="write each game's record into this folder")
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help="SEAT=BOT, repeatable: the bot of a seat (0: the first), e.g. --seat "
            "0=heuristic --seat 1=search:6 (bots: random, heuristic, search[:PLAYOUTS or "
            ":MSms]; default random); the decks swap seats every other joust",
        ),
    ] = None,
    jobs: Jobs = 1,
    ray: RayAddress = None,
) -> None:
    """Play whole games between bots (random unless --seat) and print wins per deck and per
    seat (2 decks: joust; 3 to 6: melee; 'starter': every pairing of the starter decks)."""
    from westeros.cardgame.public import STARTER_IDS

    names = [d.strip() for d in decks.split(",") if d.strip()]
    if names == ["starter"]:
        pairings = [[a, b] for i, a in enumerate(STARTER_IDS) for b in STARTER_IDS[i + 1 :]]
    else:
        pairings = [names]
    _simulate(pairings, games, seed, save, _seat_bots(seat, len(pairings[0])), jobs, ray)


def _seat_bots(values: list[str] | None, players: int) -> dict[str, str]:
    """``["0=heuristic"]`` -> ``{"0": "heuristic"}``; a bad entry, seat or bot exits 2."""
    from westeros.bots import make_bot

    out: dict[str, str] = {}
    for value in values or []:
        key, sep, bot = (part.strip() for part in value.partition("="))
        if not sep or not key.isdigit() or not bot:
            _fail(f"--seat takes SEAT=BOT with a seat number, not {value!r}")
        if int(key) >= players:
            _fail(f"no seat {key} in a {players}-player game (seats 0 to {players - 1})")
        try:
            make_bot(bot, 0, "cardgame")
        except (KeyError, ValueError) as exc:
            _fail(str(exc).strip('"'))
        out[str(int(key))] = bot
    return out


def _simulate(
    pairings: list[list[str]],
    games: int,
    seed: int,
    save: Path | None,
    bots: dict[str, str],
    jobs: int = 1,
    ray: str | None = None,
) -> None:
    from westeros.engine import ConfigError, game_info
    from westeros.simulate import GameJob, Summary, play_games, save_record, seat_bots

    summary = Summary()
    played: dict[str, int] = {}
    wins: dict[str, int] = {}
    seat_wins: dict[str, int] = {}  # "seat 0 (heuristic)"
    started = time.perf_counter()
    total = games * len(pairings)
    work: list[GameJob] = []
    for k, names in enumerate(pairings):
        for i in range(games):
            seats = names if i % 2 == 0 or len(names) != 2 else names[::-1]  # swap seats
            # bots leave the choices a seat may automate to the engine (D7, D11, D14,
            # D15, D22, D23)
            config = {"decks": seats, "casual": True, "auto": True}
            try:
                game_info("cardgame").check_config(config)
            except ConfigError as exc:
                _fail(str(exc))
            work.append(GameJob("cardgame", config, seed + k * games + i, bool(save), bots))
    with _progress() as progress:
        task = progress.add_task("card games", total=total)
        try:
            results = play_games(work, jobs, ray)
            for n, result in results:
                seats, game_seed = work[n].config["decks"], work[n].seed
                summary.add(result)
                for name in seats:
                    played[name] = played.get(name, 0) + 1
                    wins.setdefault(name, 0)
                who = seat_bots(result.outcome.names, bots)
                labels = [f"seat {s} ({b})" for s, b in enumerate(who)]
                for label in labels:
                    seat_wins.setdefault(label, 0)
                if result.outcome.winner is not None:
                    wins[seats[result.outcome.winner]] += 1
                    seat_wins[labels[result.outcome.winner]] += 1
                if save is not None:
                    save_record(result.record, save, f"cards-{'-'.join(seats)}-seed{game_seed}")
                progress.advance(task)
        except RuntimeError as exc:
            progress.stop()
            _fail(str(exc))
    summary.seconds = time.perf_counter() - started
    table = Table(title=f"{total} card games ({len(pairings[0])} players)")
    for col in ("deck", "games", "wins", "win rate"):
        table.add_column(col, justify="left" if col == "deck" else "right")
    for name in sorted(wins, key=lambda n: (-wins[n] / played[n], n)):
        table.add_row(name, str(played[name]), str(wins[name]), f"{wins[name] / played[name]:.0%}")
    console.print(table)
    if bots:
        by_seat = Table(title="wins per seat")
        for col in ("seat (bot)", "wins", "win rate"):
            by_seat.add_column(col, justify="left" if col == "seat (bot)" else "right")
        for label, n in seat_wins.items():
            by_seat.add_row(label, str(n), f"{n / total:.0%}")
        console.print(by_seat)
    console.print(
        f"average rounds {summary.rounds / total:.2f} · "
        f"average decisions per game {summary.decisions / total:.1f} · "
        f"{total / summary.seconds:.2f} games/s"
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
    from westeros.cardgame.public import DeckError, check_deck, describe, load_deck, unimplemented

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
    from westeros.cardgame.public import SHIPPED, describe, unimplemented

    for name in sorted(SHIPPED):
        deck = SHIPPED[name]()
        missing = unimplemented(deck)
        state = "playable" if not missing else f"{len(missing)} card(s) not implemented yet"
        console.print(f"[bold]{name}[/] — {state}\n{describe(deck)}\n", highlight=False)
