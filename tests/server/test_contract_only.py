"""The server knows games only through the engine contract, and `westeros serve` exists."""

from __future__ import annotations

import ast
from pathlib import Path

from typer.testing import CliRunner

import westeros.server
from westeros.cli import app


def test_the_server_imports_no_game_package() -> None:
    root = Path(westeros.server.__file__).parent
    files = sorted(root.rglob("*.py"))
    assert len(files) >= 6
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(
                    ("westeros.boardgame", "westeros.cardgame")
                ), f"{path.name} imports {name}"


def test_serve_command_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--bot-delay"):
        assert option in result.output
