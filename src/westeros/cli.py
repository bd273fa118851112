"""The ``westeros`` command."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from westeros.cli_cards import cards
from westeros.cli_console import Jobs, RayAddress, console
from westeros.cli_console import fail as _fail
from westeros.cli_console import progress as _progress
from westeros.engine import Choice, Game, Outcome, Record, RecordError, replay

if TYPE_CHECKING:
    from westeros.bots.tournament import Results

app = typer.Typer(
    help="westeros — A Game of Thrones, the board game and the card game: exact rules, bots, "
    "simulations, replays.",
    no_args_is_help=True,
    add_completion=False,
)

Players = Annotated[int, typer.Option("--players", "-p", min=3, max=6, help="3 to 6 players")]
Seed = Annotated[int, typer.Option("--seed", "-s", min=0, help="random seed")]
Tides = Annotated[bool, typer.Option("--tides", help="use the Tides of Battle cards")]
Seats = Annotated[
    list[str] | None,
    typer.Option(
        "--seat",
        help="HOUSE=BOT, repeatable, e.g. --seat stark=search:300 --seat lannister=heuristic "
        "(bots: random, heuristic, search[:PLAYOUTS or :MSms]; default random)",
    ),
]


def _parse_seats(values: list[str] | None) -> dict[str, str]:
    """``["stark=search"]`` -> ``{"stark": "search"}``; a bad entry or bot name exits 2."""
    from westeros.bots import make_bot

    out: dict[str, str] = {}
    for value in values or []:
        house, sep, bot = value.partition("=")
        if not sep or not house or not bot:
            _fail(f"--seat takes HOUSE=BOT, not {value!r}")
        try:
            make_bot(bot, 0)
        except (KeyError, ValueError) as exc:
            _fail(str(exc).strip('"'))
        out[house.strip().lower()] = bot.strip()
    return out


@app.command()
def watch(players: Players = 6, seed: Seed = 1, tides: Tides = False, seat: Seats = None) -> None:
    """Watch one whole board game between bots, printed as a readable game log."""
    from westeros.simulate import play_board_game

    seats = _parse_seats(seat)

    printed = 0

    def show(game: Game, seat: int, choice: Choice | None) -> None:
        nonlocal printed
        new = game.events(None, printed)
        for event in new:
            console.print(_style(game.render(event)), highlight=False)
        printed += len(new)

    try:
        game, result = play_board_game(players, seed, tides, on_move=show, seats=seats)
    except ValueError as exc:
        _fail(str(exc))
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
    seat: Seats = None,
    jobs: Jobs = 1,
    ray: RayAddress = None,
) -> None:
    """Play many whole games between bots (random unless --seat) and print a summary."""
    from westeros.simulate import GameJob, Summary, board_config, play_games, save_record

    seats = _parse_seats(seat)
    config = board_config(players, tides)
    work = [GameJob("boardgame", config, seed + i, save is not None, seats) for i in range(games)]

    summary = Summary()
    started = time.perf_counter()
    with _progress() as progress:
        task = progress.add_task(f"{players}-player games", total=games)
        try:
            for i, result in play_games(work, jobs, ray):
                summary.add(result)
                if save is not None:
                    save_record(result.record, save, f"game-{players}p-seed{seed + i}")
                progress.advance(task)
        except (ValueError, RuntimeError) as exc:
            progress.stop()
            _fail(str(exc))
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


@app.command()
def tournament(
    players: Players = 6,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="number of games")] = 12,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="comma-separated bots, e.g. heuristic,search:40,random (seats rotate)"
        ),
    ] = "heuristic,random",
    seed: Seed = 0,
    jobs: Jobs = 1,
    tides: Tides = False,
    out: Annotated[
        Path, typer.Option("--out", help="folder for results.json (with records) and ratings.png")
    ] = Path("tournament"),
    game: Annotated[
        str, typer.Option("--game", help="boardgame, or cardgame (with --decks)")
    ] = "boardgame",
    decks: Annotated[
        str,
        typer.Option(
            "--decks",
            help="cardgame: comma-separated decks, one per seat (2: a joust, 3 to 6: a melee; "
            "see `cards decks`); decks and bots rotate over the seats",
        ),
    ] = "westeros-stark,westeros-lannister",
    ray: RayAddress = None,
) -> None:
    """Bots against each other, seats rotated over the houses (card game: over the decks):
    win rates with 95% intervals, openskill ratings, results JSON with every record and a PNG
    plot."""
    from westeros.bots import tournament as tour
    from westeros.bots.registry import make_bot
    from westeros.engine import ConfigError

    if game not in ("boardgame", "cardgame"):
        _fail(f"--game takes boardgame or cardgame, not {game!r}")
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        _fail("--bots lists no bot")
    for name in names:
        try:
            make_bot(name, 0, game)
        except (KeyError, ValueError) as exc:
            _fail(str(exc).strip('"'))
    deck_names = [d.strip() for d in decks.split(",") if d.strip()]
    if game == "cardgame":
        players = len(deck_names)
    with _progress() as progress:
        task = progress.add_task(f"{players}-player games", total=games)
        try:
            results = tour.run(
                names,
                players,
                games,
                seed,
                jobs,
                tides,
                on_game=lambda _: progress.advance(task),
                game=game,
                decks=deck_names,
                ray=ray,
            )
        except (ConfigError, RuntimeError) as exc:  # bad decks; --ray without Ray installed
            progress.stop()
            _fail(str(exc))
    json_path, png_path = tour.save(results, out)
    console.print(
        _rates_table(results, f"{games} games, {players} players, bots {', '.join(names)}")
    )
    if game == "cardgame":
        console.print(_deck_table(results.deck_rates()))
    console.print(f"results: {json_path}  plot: {png_path}", highlight=False, soft_wrap=True)


def _rates_table(results: Results, title: str) -> Table:
    rates, ratings = results.win_rates(), results.ratings()
    table = Table(title=title)
    for col in ("bot", "seats", "wins", "win rate", "95% CI", "rating mu", "sigma"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for name in sorted(rates, key=lambda n: -ratings[n]["ordinal"]):
        r, q = rates[name], ratings[name]
        low, high = r["ci95"]
        table.add_row(
            name,
            str(r["seats"]),
            str(r["wins"]),
            f"{r['win_rate']:.1%}",
            f"{low:.1%}–{high:.1%}",
            f"{q['mu']:.2f}",
            f"{q['sigma']:.2f}",
        )
    return table


def _deck_table(rates: dict[str, dict[str, Any]]) -> Table:
    table = Table(title="per deck (whichever bot played it)")
    for col in ("deck", "seats", "wins", "win rate", "95% CI"):
        table.add_column(col, justify="left" if col == "deck" else "right")
    for deck, r in rates.items():
        low, high = r["ci95"]
        table.add_row(
            deck, str(r["seats"]), str(r["wins"]), f"{r['win_rate']:.1%}", f"{low:.1%}–{high:.1%}"
        )
    return table


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


_LIMIT_HELP = "per client address, e.g. 10/minute or '20/second;600/minute' ('' = no limit)"


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="TCP port")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            help="SQLAlchemy URL, e.g. postgresql+psycopg://user:pw@host/db, or a SQLite file "
            "path (default: the SQLite file westeros-server.sqlite3 here; one process only)",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", min=0.0, help="seconds a bot waits before moving")
    ] = 0.5,
    log_level: Annotated[
        str, typer.Option("--log-level", help="critical, error, warning, info or debug")
    ] = "info",
    log_format: Annotated[
        str, typer.Option("--log-format", help="text, or json (one object a line)")
    ] = "text",
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            help="the address people reach this server at, e.g. https://games.example.org "
            "(join links; default http://HOST:PORT)",
        ),
    ] = None,
    cors_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--cors-origin",
            help="an origin whose pages may call the API, e.g. https://site.example "
            "(repeatable; default none)",
        ),
    ] = None,
    limit_games: Annotated[
        str | None,
        typer.Option(
            "--limit-games", help=f"game creations {_LIMIT_HELP}; default 10/minute;100/hour"
        ),
    ] = None,
    limit_claims: Annotated[
        str | None,
        typer.Option("--limit-claims", help=f"seat claims {_LIMIT_HELP}; default 30/minute"),
    ] = None,
    limit_moves: Annotated[
        str | None,
        typer.Option("--limit-moves", help=f"moves {_LIMIT_HELP}; default 20/second;600/minute"),
    ] = None,
    limit_websockets: Annotated[
        str | None,
        typer.Option(
            "--limit-websockets", help=f"websocket connects {_LIMIT_HELP}; default 60/minute"
        ),
    ] = None,
    limit_replays: Annotated[
        str | None,
        typer.Option(
            "--limit-replays", help=f"replay requests {_LIMIT_HELP}; default 5/second;200/minute"
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="proxies whose X-Forwarded-For names the client (comma-separated; "
            "default 127.0.0.1,::1)",
        ),
    ] = None,
    max_think: Annotated[
        float,
        typer.Option(
            "--max-think",
            min=0.05,
            help="seconds a bot may think per decision (bots asking for more are refused; "
            "one that runs over is replaced for that decision)",
        ),
    ] = 3.0,
    idle_seconds: Annotated[
        float,
        typer.Option(
            "--idle-seconds", min=0.0, help="an unwatched game nobody moves leaves memory after"
        ),
    ] = 300.0,
    max_bot_moves: Annotated[
        int,
        typer.Option(
            "--max-bot-moves",
            min=1,
            help="bot moves in a row (no person's move between) after which a game is stopped "
            "(status stopped; a whole game of bots takes a few thousand)",
        ),
    ] = 20_000,
) -> None:
    """Host games for people and bots: the HTTP + websocket API (docs at /docs)."""
    from westeros.server import DEFAULT_DB, DatabaseInUse, RateLimits
    from westeros.server import serve as run_server
    from westeros.server.storage import database_url

    if public_url is not None and not public_url.startswith(("http://", "https://")):
        _fail(f"--public-url must start with http:// or https://, not {public_url!r}")
    try:
        url = database_url(db or DEFAULT_DB)
    except ValueError as exc:
        _fail(str(exc))
    default = RateLimits()
    limits = RateLimits(
        default.games if limit_games is None else limit_games,
        default.claims if limit_claims is None else limit_claims,
        default.moves if limit_moves is None else limit_moves,
        default.websockets if limit_websockets is None else limit_websockets,
        replays=default.replays if limit_replays is None else limit_replays,
    )
    try:
        run_server(
            host,
            port,
            url,
            bot_delay,
            log_level,
            log_format,
            public_url,
            tuple(cors_origin or ()),
            limits,
            forwarded_allow_ips,
            max_think=max_think,
            idle_seconds=idle_seconds,
            max_bot_moves=max_bot_moves,
        )
    except (DatabaseInUse, ValueError) as exc:
        _fail(str(exc))


app.add_typer(cards, name="cards")


def _add_admin_commands() -> None:
    from westeros.cli_admin import admin

    app.add_typer(admin, name="admin")


_add_admin_commands()


def main() -> None:  # pragma: no cover
    app()
