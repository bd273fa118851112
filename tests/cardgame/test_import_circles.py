"""Issue 19: no import circle inside the card game or the engine, function-local imports
included (``scripts/import_circles.py`` walks every module's imports with ``ast``)."""

from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_import_circle_among_the_card_game_and_the_engine() -> None:
    script = runpy.run_path(str(ROOT / "scripts" / "import_circles.py"))
    edges = script["graph"](ROOT / "src", ("westeros.cardgame", "westeros.engine"))
    assert "westeros.cardgame.flow" in edges and "westeros.cardgame.actions" in edges
    assert "westeros.cardgame.actions" not in edges["westeros.cardgame.flow"]
    assert script["circles"](edges) == []


def test_the_check_finds_a_circle(tmp_path: Path) -> None:
    """The check can fail: two modules importing each other (one inside a function)."""
    package = tmp_path / "westeros" / "demo"
    package.mkdir(parents=True)
    (tmp_path / "westeros" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from westeros.demo import b\n")
    (package / "b.py").write_text("def f():\n    from westeros.demo.a import x\n")
    script = runpy.run_path(str(ROOT / "scripts" / "import_circles.py"))
    edges = script["graph"](tmp_path, ("westeros.demo",))
    assert script["circles"](edges) == [["westeros.demo.a", "westeros.demo.b"]]
