"""``westeros admin``: an operator's commands on a server's database (docs/server.md): list
games, show one, abandon, export a record, revoke a seat's token, back up, purge old games.
They work beside a running server (SQLite allows one more reader or writer; PostgreSQL
servers are told of revoked tokens)."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from westeros.server.storage import AdminGame, GameInfoRow, Repository

admin = typer.Typer(
    help="Operate a server's database: list, show, abandon, export, revoke, back up, purge.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

STATUSES = ("playing", "over", "abandoned", "broken", "stopped")
TABLES = ("games", "moves")  # counted in a backup

Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="WESTEROS_DB",
        help="SQLAlchemy URL of the server's database (default: the SQLite file "
        "westeros-server.sqlite3 here, as `westeros serve`)",
    ),
]
GameId = Annotated[str, typer.Argument(help="the game's id (see `westeros admin games`)")]
AsJson = Annotated[bool, typer.Option("--json", help="print JSON instead of a table")]


def _fail(message: str, code: int = 1) -> NoReturn:
    console.print(f"[red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def _url(db: str | None) -> str:
    from westeros.server import DEFAULT_DB
    from westeros.server.storage import database_url

    try:
        return database_url(db or DEFAULT_DB)
    except ValueError as exc:
        _fail(str(exc))


def _sqlite_file(url: str) -> Path | None:
    """The database file of a SQLite URL (None for PostgreSQL)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    return Path(parsed.database or "")


def _repo(db: str | None) -> Repository:
    """The repository of an existing database, its schema brought up to date."""
    from westeros.server import migrations
    from westeros.server.storage import Repository, make_engine

    url = _url(db)
    path = _sqlite_file(url)
    if path is not None and not path.is_file():
        _fail(f"no database at {path} (give the server's --db)")
    engine = make_engine(url)
    try:
        migrations.upgrade(engine)
    except Exception as exc:
        _fail(f"cannot open {engine.url.render_as_string(hide_password=True)}: {exc}")
    return Repository(engine)


def _when(stamp: datetime) -> str:
    return stamp.strftime("%Y-%m-%d %H:%M")


def _seats(info: GameInfoRow) -> str:
    """Who plays: the claimed seats' names, then how many are free and how many are bots."""
    names = [s.name for s in info.seats if s.type == "human" and s.claimed]
    free = sum(s.type == "human" and not s.claimed for s in info.seats)
    bots = sorted({s.bot or "random" for s in info.seats if s.type == "bot"})
    count = sum(s.type == "bot" for s in info.seats)
    parts = [", ".join(names)] if names else []
    if free:
        parts.append(f"{free} free")
    if count:
        parts.append(f"{_plural(count, 'bot')} ({', '.join(bots)})")
    return " · ".join(parts)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cells(*values: object) -> list[Text]:
    """Table cells as plain text (names are the players': no rich markup in them)."""
    return [Text(str(v)) for v in values]


def _game_json(info: GameInfoRow) -> dict[str, Any]:
    return {
        "id": info.id,
        "kind": info.kind,
        "status": info.status,
        "moves": info.moves,
        "created": info.created_at.isoformat(),
        "seats": [
            {"seat": s.seat, "type": s.type, "bot": s.bot, "name": s.name, "claimed": s.claimed}
            for s in info.seats
        ],
    }


def _get(repo: Repository, game_id: str) -> AdminGame:
    found = repo.admin_game(game_id)
    if found is None:
        _fail(f"no game {game_id!r}")
    assert found is not None
    return found


@admin.command()
def games(
    db: Db = None,
    status: Annotated[
        str | None, typer.Option("--status", help="only games that are " + ", ".join(STATUSES))
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="at most this many")] = 100,
    as_json: AsJson = False,
) -> None:
    """List games, newest first: id, kind, status, moves, created (UTC), seats."""
    if status is not None and status not in STATUSES:
        _fail(f"--status is one of {', '.join(STATUSES)}, not {status!r}", 2)
    rows = _repo(db).admin_games(status, limit)
    if as_json:
        typer.echo(json.dumps([_game_json(r) for r in rows], indent=1))
        return
    title = _plural(len(rows), "game") + (f" ({status})" if status else "")
    table = Table(title=title, box=box.SIMPLE_HEAD)
    table.add_column("id", no_wrap=True)
    table.add_column("kind")
    table.add_column("status")
    table.add_column("moves", justify="right")
    table.add_column("created (UTC)")
    table.add_column("seats", ratio=1)
    for r in rows:
        table.add_row(*_cells(r.id, r.kind, r.status, r.moves, _when(r.created_at), _seats(r)))
    console.print(table)


@admin.command()
def show(game_id: GameId, db: Db = None, as_json: AsJson = False) -> None:
    """One game: status, times, config, outcome, error and its seats."""
    found = _get(_repo(db), game_id)
    info = found.info
    if as_json:
        data = _game_json(info)
        data.update(
            updated=found.updated_at.isoformat(),
            config=info.config,
            outcome=info.outcome,
            error=info.error,
        )
        for seat, has in zip(data["seats"], found.has_token, strict=True):
            seat["token"] = has
        typer.echo(json.dumps(data, indent=1))
        return
    console.print(
        f"[bold]game {escape(info.id)}[/] ({info.kind}): {info.status}, {info.moves} moves"
    )
    console.print(
        f"created {_when(info.created_at)} UTC, last change {_when(found.updated_at)} UTC",
        highlight=False,
    )
    console.print(f"config {json.dumps(info.config, sort_keys=True)}", highlight=False)
    if info.outcome is not None:
        names = info.outcome.get("names") or []
        ranking = info.outcome.get("ranking") or []
        order = ", ".join(str(names[i]) if i < len(names) else str(i) for i in ranking)
        console.print(
            f"outcome: {info.outcome.get('reason', '')}; ranking {escape(order)}", highlight=False
        )
    if info.error:
        console.print(f"[red]error:[/] {escape(info.error)}", highlight=False)
    table = Table(title="seats")
    for col in ("seat", "type", "bot", "name", "claimed", "token"):
        table.add_column(col)
    for s, has in zip(info.seats, found.has_token, strict=True):
        claimed, token = "yes" if s.claimed else "no", "set" if has else "none"
        table.add_row(*_cells(s.seat, s.type, s.bot or "", s.name, claimed, token))
    console.print(table)


@admin.command()
def abandon(game_id: GameId, db: Db = None) -> None:
    """Mark a game in play abandoned: no more moves or claims, its bots stop."""
    repo = _repo(db)
    found = _get(repo, game_id)
    if not repo.abandon(game_id):
        _fail(f"game {game_id} is {found.info.status}: only a game in play can be abandoned")
    said = (
        f"game {game_id} abandoned at move {found.info.moves}; a running server refuses its "
        "moves once it loads the game again (after a restart)"
    )
    console.print(escape(said), highlight=False)


@admin.command()
def export(
    game_id: GameId,
    db: Db = None,
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="write the record here (default: stdout)")
    ] = None,
) -> None:
    """Write a game's record (JSON that `westeros replay` re-runs), finished or not."""
    from westeros.server.storage import stored_record

    found = _repo(db).admin_record(game_id)
    if found is None:
        _fail(f"no game {game_id!r}")
    assert found is not None
    row, moves = found
    record = stored_record(row, moves)
    if out is None:
        typer.echo(record.dumps())
        return
    record.save(out)
    said = f"game {game_id} ({row.status}, {len(moves)} moves) written to {out}"
    console.print(escape(said), highlight=False)


@admin.command()
def revoke(
    game_id: GameId,
    seat: Annotated[int, typer.Argument(help="the seat number (0 is the first)")],
    db: Db = None,
) -> None:
    """Forget a seat's token: it gets 401, the seat is free to claim again."""
    repo = _repo(db)
    found = _get(repo, game_id)
    if not repo.revoke(game_id, seat):
        _fail(f"game {game_id} has no human seat {seat}")
    note = "PostgreSQL servers are told now" if repo.postgres else "a running server sees it"
    note += "" if repo.postgres else " when it next reads the seats (after a restart)"
    name = found.info.seats[seat].name
    said = f"seat {seat} of game {game_id} ({name}): token revoked, the seat is free; {note}"
    console.print(escape(said), highlight=False)


@admin.command()
def backup(
    file: Annotated[Path, typer.Argument(help="the new SQLite file to write")],
    db: Db = None,
) -> None:
    """Copy a SQLite database, consistently while the server runs (PostgreSQL: pg_dump)."""
    url = _url(db)
    source = _sqlite_file(url)
    if source is None:
        _fail(
            "the database is PostgreSQL: back it up with pg_dump, e.g. "
            "`pg_dump --format=custom --file=westeros.dump 'postgresql://USER@HOST/DB'` "
            "(restore with pg_restore; see docs/server.md)"
        )
        return
    if not source.is_file():
        _fail(f"no database at {source}")
    if file.exists():
        _fail(f"{file} exists: give a new file")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(file)
    try:
        src.backup(dst)  # one step: a consistent snapshot even while the server writes
        check = dst.execute("PRAGMA integrity_check").fetchone()[0]
        counts = [dst.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES]
    finally:
        dst.close()
        src.close()
    if check != "ok":
        _fail(f"the copy in {file} fails SQLite's integrity check: {check}")
    console.print(
        f"backed up {source} to {file}: {counts[0]} games, {counts[1]} moves "
        f"({file.stat().st_size} bytes; integrity ok)",
        highlight=False,
    )


@admin.command()
def purge(
    days: Annotated[
        int, typer.Option("--days", min=0, help="remove finished games older than this")
    ],
    db: Db = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="only list what would be removed")
    ] = False,
) -> None:
    """Delete games over, abandoned, broken or stopped more than N days ago, seats and moves
    too."""
    from westeros.server.storage import now

    repo = _repo(db)
    old = repo.finished_before(now() - timedelta(days=days))
    verb = "would remove" if dry_run else "removed"
    table = Table(title=f"{verb} {_plural(len(old), 'game')} finished over {days} days ago")
    for col in ("id", "kind", "status", "moves", "last change (UTC)"):
        table.add_column(col, no_wrap=True)
    for g in old:
        info = g.info
        table.add_row(*_cells(info.id, info.kind, info.status, info.moves, _when(g.updated_at)))
    if not dry_run and old:
        repo.purge([g.info.id for g in old])
    console.print(table)
    moves = sum(g.info.moves for g in old)
    said = f"{verb} {_plural(len(old), 'game')} and {_plural(moves, 'move')}"
    console.print(said, highlight=False)
