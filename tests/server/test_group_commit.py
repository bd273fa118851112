"""SQLite's group commit (``Repository.append_moves``: all the waiting moves in one transaction
and one statement per kind) stores what one move per transaction stores, numbers two moves of
one game in order, and refuses an unknown game without storing anything for it."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

from westeros.server.migrations import upgrade
from westeros.server.storage import (
    Applied,
    MoveRequest,
    NewGame,
    NewSeat,
    Repository,
    make_engine,
)


def repository(path: Path, games: tuple[str, ...]) -> Repository:
    engine = make_engine(f"sqlite:///{path}")
    upgrade(engine)
    repo = Repository(engine)
    for gid in games:
        repo.create_game(
            NewGame(gid, "boardgame", {"players": 3}, 1, "h0"),
            [NewSeat("human", None, "x", None)] * 3,
        )
    return repo


def applied(stored: int) -> Applied:
    over = stored == 2
    outcome = {"winner": 1, "ranking": [1, 0, 2]} if over else None
    return Applied(f"h{stored + 1}", "over" if over else "playing", outcome, not over)


def rows(repo: Repository) -> list[tuple[object, ...]]:
    with repo.engine.connect() as conn:
        games = conn.execute(
            text("SELECT id, moves, state_hash, status, outcome, attention FROM games ORDER BY id")
        ).all()
        moves = conn.execute(
            text("SELECT game_id, number, seat, choice, state_hash FROM moves ORDER BY 1, 2")
        ).all()
    return [tuple(r) for r in [*games, *moves]]


def test_grouped_moves_are_stored_as_single_ones_are(tmp_path: Path) -> None:
    single = repository(tmp_path / "single.db", ("a", "b"))
    grouped = repository(tmp_path / "grouped.db", ("a", "b"))
    plays = [("a", 0, "march+1"), ("b", 1, 3), ("a", 1, "pass"), ("a", 2, 0)]
    for gid, seat, choice in plays:
        single.append_move(gid, seat, choice, applied)
    requests = [MoveRequest(gid, seat, choice, applied) for gid, seat, choice in plays]
    grouped.append_moves(requests)
    assert [r.result for r in requests] == [0, 0, 1, 2]  # one game's moves numbered in order
    assert rows(grouped) == rows(single)
    assert rows(grouped)[0] == ("a", 3, "h3", "over", '{"winner": 1, "ranking": [1, 0, 2]}', 0)
    single.engine.dispose()
    grouped.engine.dispose()


def test_an_unknown_game_is_refused_and_the_others_stored(tmp_path: Path) -> None:
    repo = repository(tmp_path / "g.db", ("a",))
    known, unknown = MoveRequest("a", 0, "x", applied), MoveRequest("zz", 0, "x", applied)
    repo.append_moves([unknown, known])
    assert isinstance(unknown.result, KeyError)
    assert known.result == 0
    assert repo.move_count("a") == 1 and repo.moves("zz") == []
    repo.engine.dispose()
