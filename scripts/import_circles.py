"""Print the import circles among some packages of ``westeros`` (default: the card game and
the engine), counting every import a module runs, function-local ones included; imports under
``if TYPE_CHECKING:`` never run and are left out. Exits 1 when there is a circle.

Run: ``.venv/bin/python scripts/import_circles.py [src] [westeros.cardgame westeros.engine …]``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path


def modules(root: Path) -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package) for every module under ``root/westeros``."""
    found = {}
    for path in (root / "westeros").rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if package else parts)
        found[name] = (path, package)
    return found


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    out: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def graph(root: Path, prefixes: tuple[str, ...]) -> dict[str, set[str]]:
    """Each module of ``prefixes`` -> the modules of ``prefixes`` it imports."""
    mods = modules(root)

    def resolve(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = {}
    for name, (path, package) in mods.items():
        if not name.startswith(prefixes):
            continue
        deps: set[str | None] = set()
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                deps.update(resolve(a.name) for a in node.names)
                continue
            base = node.module or ""
            if node.level:
                here = name if package else name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    here = here.rpartition(".")[0]
                base = f"{here}.{base}" if base else here
            for alias in node.names:
                full = f"{base}.{alias.name}"
                deps.add(full if full in mods else resolve(base))
        edges[name] = {d for d in deps if d and d != name and d.startswith(prefixes)}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                strong(w)
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

    sys.setrecursionlimit(10_000)
    for v in sorted(edges):
        if v not in index:
            strong(v)
    return found


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("src")
    prefixes = tuple(sys.argv[2:]) or ("westeros.cardgame", "westeros.engine")
    edges = graph(root, prefixes)
    found = circles(edges)
    for component in found:
        print(f"circle of {len(component)} modules:")
        for v in component:
            print(f"  {v} -> {', '.join(sorted(edges[v] & set(component)))}")
    print(f"{len(found)} circle(s) among {', '.join(prefixes)}")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
