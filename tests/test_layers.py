"""The import layers of the package (issue 19; docs/architecture.md, "Layers").

Every module under ``src/westeros`` is read with ``ast``; every import counts, wherever it
stands: at module level, inside a function (a "lazy" import hides an arrow, it does not remove
it) or under ``if TYPE_CHECKING:`` (a type a module needs is a module it needs). An import
``from a.b import c`` is an arrow to the module ``a.b.c`` if there is one, else to ``a.b``.
Parent packages run on import but are not arrows (``__init__`` files re-export their own
modules). The engine's registry imports each game's top module by name
(``importlib.import_module`` over ``GAME_KINDS``), the one import by name in the package.

The rules:

(a) no import circle anywhere: every module can be read and tested with only what is below it;
(b) every arrow between parts of the package goes down the layers of :data:`MAY_IMPORT`, and
    an arrow into a game from outside it lands on the game's public face
    (``westeros.<game>.public``).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

import westeros

ROOT = Path(westeros.__file__).parent
GAMES = ("boardgame", "cardgame")
FACES = {f"{game}.public" for game in GAMES}

# The layers, bottom up: what each part may import besides itself. "boardgame.public" is the
# board game's face; the games never import each other, nothing above them reads their insides.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "westeros": frozenset(),  # the root package: the version only
    "engine": frozenset(),  # the contract, the registry, the step machine
    "runner": frozenset(),  # where many games run: local processes or a Ray cluster
    "boardgame": frozenset({"engine"}),
    "cardgame": frozenset({"engine"}),
    "bots": frozenset({"engine", "runner", *FACES}),
    "rl": frozenset({"engine", "bots", *FACES}),
    "web": frozenset({"engine", *FACES}),
    "server": frozenset({"engine", "bots", "web"}),  # hosts any kind: no game, not even a face
    "simulate": frozenset({"engine", "bots", "runner", *FACES}),
    "cli": frozenset({"engine", "bots", "rl", "web", "server", "simulate", "runner", *FACES}),
}


def part_of(module: str) -> str:
    """The part of the package a module belongs to (``westeros.cli_cards`` -> ``cli``)."""
    if module == "westeros":
        return "westeros"
    name = module.split(".")[1]
    if name.startswith("cli"):
        return "cli"  # cli.py, cli_cards.py, cli_console.py: the command
    return name


@dataclass(frozen=True)
class Arrow:
    source: str
    target: str
    line: int

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} (line {self.line})"


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """Every module under ``root`` by dotted name (a package by its ``__init__``)."""
    out: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = ["westeros", *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def arrows_of(module: str, source: str, known: set[str], is_package: bool) -> Iterator[Arrow]:
    """Every import of a ``westeros`` module in ``source``, wherever it stands."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from .x import y
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        for target in targets:
            resolved = _nearest(target, known)
            if resolved is not None and resolved != module:
                yield Arrow(module, resolved, node.lineno)


def _nearest(name: str, known: set[str]) -> str | None:
    """The module ``name`` names (or the nearest enclosing one); None outside westeros."""
    if name != "westeros" and not name.startswith("westeros."):
        return None
    while name not in known:
        name = name.rpartition(".")[0]
    return name


@cache
def graph() -> dict[str, tuple[Arrow, ...]]:
    """Module -> its arrows, one per (target), the first line that imports it."""
    files = module_files()
    known = set(files)
    out: dict[str, tuple[Arrow, ...]] = {}
    for module, path in files.items():
        first: dict[str, Arrow] = {}
        is_package = path.name == "__init__.py"
        for arrow in arrows_of(module, path.read_text(encoding="utf-8"), known, is_package):
            first.setdefault(arrow.target, arrow)
        out[module] = tuple(first.values())
    return out


def circles(g: dict[str, tuple[Arrow, ...]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # depth is bounded by the package's import depth
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for arrow in g.get(v, ()):
            w = arrow.target
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def a_cycle(g: dict[str, tuple[Arrow, ...]], component: list[str]) -> list[Arrow]:
    """One concrete loop through the component's first module, as arrows (breadth first)."""
    inside = set(component)
    start = component[0]
    came: dict[str, Arrow] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for arrow in g[v]:
                if arrow.target == start:
                    path = [arrow]
                    while path[0].source != start:
                        path.insert(0, came[path[0].source])
                    return path
                if arrow.target in inside and arrow.target not in came:
                    came[arrow.target] = arrow
                    nxt.append(arrow.target)
        frontier = nxt
    raise AssertionError(f"no loop through {start}")  # pragma: no cover


def describe(g: dict[str, tuple[Arrow, ...]], component: list[str]) -> str:
    loop = "\n    ".join(str(a) for a in a_cycle(g, component))
    return f"{len(component)} modules: {', '.join(component)}\n  e.g.\n    {loop}"


def layer_breaches(g: dict[str, tuple[Arrow, ...]], part: str) -> list[Arrow]:
    """The arrows out of ``part`` that go against the layers."""
    bad = []
    for module, arrows in g.items():
        if part_of(module) != part:
            continue
        for arrow in arrows:
            target_part = part_of(arrow.target)
            if target_part == part:
                continue
            if target_part in GAMES:
                face = f"westeros.{target_part}.public"
                allowed = arrow.target == face and f"{target_part}.public" in MAY_IMPORT[part]
            else:
                allowed = target_part == "westeros" or target_part in MAY_IMPORT[part]
            if not allowed:
                bad.append(arrow)
    return bad


# -- the rules --------------------------------------------------------------------------


def test_every_module_belongs_to_a_layer() -> None:
    unplaced = sorted(m for m in graph() if part_of(m) not in MAY_IMPORT)
    assert not unplaced, f"place these modules in MAY_IMPORT (tests/test_layers.py): {unplaced}"


@pytest.mark.parametrize("part", sorted(MAY_IMPORT))
def test_no_import_circle(part: str) -> None:
    """(a) No circle among the modules of ``part`` (a circle across parts also breaks (b))."""
    g = graph()
    mine = [c for c in circles(g) if any(part_of(m) == part for m in c)]
    assert not mine, f"import circles in westeros.{part}:\n" + "\n".join(
        describe(g, c) for c in mine
    )


@pytest.mark.parametrize("part", sorted(MAY_IMPORT))
def test_arrows_go_down_the_layers(part: str) -> None:
    """(b) ``part`` imports only the parts below it, and a game only through its face."""
    bad = layer_breaches(graph(), part)
    assert not bad, f"westeros.{part} imports against the layers:\n" + "\n".join(
        f"  {a}" for a in bad
    )


def test_only_the_registry_imports_by_name() -> None:
    """The walk sees every import: the engine's registry is the one import by name."""
    by_name = []
    for module, path in module_files().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                by_name.append(module)
            if isinstance(node, ast.Name) and node.id == "__import__":
                by_name.append(module)
    assert by_name == ["westeros.engine.registry"]


# -- the walk itself --------------------------------------------------------------------

KNOWN = {"westeros", "westeros.a", "westeros.a.x", "westeros.a.y", "westeros.b"}


def _arrows(module: str, source: str, is_package: bool = False) -> set[tuple[str, str]]:
    return {(a.source, a.target) for a in arrows_of(module, source, KNOWN, is_package)}


def test_the_walk_sees_lazy_typing_and_relative_imports() -> None:
    source = """
from typing import TYPE_CHECKING
import os
from westeros.a import y
if TYPE_CHECKING:
    from westeros.b import Thing
def f():
    from .y import helper
    import westeros.a.x.deep
"""
    assert _arrows("westeros.a.x", source) == {
        ("westeros.a.x", "westeros.a.y"),
        ("westeros.a.x", "westeros.b"),
    }
    assert _arrows("westeros.a", "from . import x\nfrom .. import b\n", is_package=True) == {
        ("westeros.a", "westeros.a.x"),
        ("westeros.a", "westeros.b"),
    }


def test_circles_are_found_and_named_with_a_loop() -> None:
    def arrows(*pairs: str) -> tuple[Arrow, ...]:
        return tuple(Arrow(p.split(">")[0], p.split(">")[1], 1) for p in pairs)

    g = {
        "m.a": arrows("m.a>m.b"),
        "m.b": arrows("m.b>m.c", "m.b>m.d"),
        "m.c": arrows("m.c>m.a"),
        "m.d": (),
        "m.e": arrows("m.e>m.a"),
    }
    assert circles(g) == [["m.a", "m.b", "m.c"]]
    assert [str(a).split(" (")[0] for a in a_cycle(g, ["m.a", "m.b", "m.c"])] == [
        "m.a -> m.b",
        "m.b -> m.c",
        "m.c -> m.a",
    ]
    g["m.c"] = ()
    assert circles(g) == []


def test_breaches_are_found() -> None:
    g = {
        "westeros.bots.x": (
            Arrow("westeros.bots.x", "westeros.boardgame.tables", 3),
            Arrow("westeros.bots.x", "westeros.boardgame.public", 4),
            Arrow("westeros.bots.x", "westeros.server.hub", 5),
            Arrow("westeros.bots.x", "westeros.engine", 6),
        ),
        "westeros.boardgame.y": (Arrow("westeros.boardgame.y", "westeros.cardgame.public", 7),),
        "westeros.server.z": (Arrow("westeros.server.z", "westeros.boardgame.public", 8),),
    }
    assert [a.line for a in layer_breaches(g, "bots")] == [3, 5]
    assert [a.line for a in layer_breaches(g, "boardgame")] == [7]
    assert [a.line for a in layer_breaches(g, "server")] == [8]


def test_modules_are_read_from_the_source_tree() -> None:
    g = graph()
    assert {"westeros.boardgame.public", "westeros.cardgame.public", "westeros.cli"} <= set(g)
    assert len(g) > 100
    targets = defaultdict(set)
    for arrows in g.values():
        for a in arrows:
            targets[a.source].add(a.target)
    assert "westeros.engine" in targets["westeros.boardgame.state"]
