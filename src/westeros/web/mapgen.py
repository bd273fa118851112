"""Our own SVG map of Westeros (R1.1), generated from the hand-authored grid ``map/grid.txt``
(and one grid per other map drawn, :data:`GRIDS`: the Mother of Dragons board, X-MOD-3).

The grid names an area for every cell (``..`` names none: the single point where six areas meet,
drawn as a small lake). Each area's cells are merged into closed outlines by tracing the cell
edges that face another area; the outlines are then rounded with Chaikin corner cutting while
every junction (a grid corner where three or more areas, or two areas crosswise, meet) stays
pinned, so the two sides of a shared border are smoothed identically and no gaps open. Last,
the points the eye cannot tell from the outline (within 0.1 SVG units: the middle of straight
runs, pinned or not) are dropped border by border, the same way from both sides.

The SVG carries one ``<path data-area="<area id>" class="area land|sea|port">`` per area (with
``data-x``/``data-y``: the anchor point where a client can place units and orders), markers for
castles, strongholds, supply barrels, power crowns and home areas, and readable names. The
anchors are also written as ``map_anchors.json``.

``python -m westeros.web.mapgen`` regenerates ``static/map.svg`` and ``static/map_anchors.json``
(``static/map_<map id>.svg`` and ``static/map_<map id>_anchors.json`` for the other maps);
``--check`` only reports whether the committed files are up to date.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Final

from westeros.boardgame.public import tables as T

__all__ = [
    "CELL",
    "GRIDS",
    "LEGEND_HEIGHT",
    "MapGrid",
    "adjacent_pairs",
    "anchors",
    "area_cells",
    "main",
    "parse_grid",
    "read_grid",
    "render_anchors_json",
    "render_svg",
    "static_names",
    "trace_loops",
]

CELL: Final = 10  # SVG units per grid cell
NO_AREA: Final = ".."
_SMOOTHING_ROUNDS: Final = 2
_RELAX_ROUNDS: Final = 8
# how far (in cells) a point dropped from an outline may lie from the outline drawn: 0.1 SVG
# units, the precision the coordinates are written to (a third of a pixel at the page's
# largest zoom)
_TOLERANCE: Final = 0.01
LEGEND_HEIGHT: Final = 24  # SVG units under the board for the key to the symbols
_STATIC: Final = Path(__file__).resolve().parent / "static"
# the grid file of each map drawn (a map of the board game's tables, X-MOD-3)
GRIDS: Final = {
    "base": "grid.txt",
    "mod_westeros": "grid_mod_westeros.txt",
    "mod_essos": "grid_mod_essos.txt",  # X-MOD-1.2: with Targaryen
}

Point = tuple[float, float]
Vertex = tuple[int, int]


# --------------------------------------------------------------------------------------------
# The grid
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MapGrid:
    """``cells[y][x]`` is the area id of a cell, or ``None`` for the no-area cell(s)."""

    width: int
    height: int
    legend: tuple[tuple[str, str], ...]  # (code, area id) in file order
    cells: tuple[tuple[str | None, ...], ...]
    map_id: str = "base"  # the map of the tables it draws (T.MAPS)

    @property
    def game_map(self) -> T.GameMap:
        return T.MAPS[self.map_id]

    def at(self, x: int, y: int) -> str | None:
        return self.cells[y][x]


def parse_grid(text: str, map_id: str = "base") -> MapGrid:
    """Parse the grid file format described at the top of ``map/grid.txt``."""
    legend: dict[str, str] = {}
    rows: list[tuple[str | None, ...]] = []
    size: tuple[int, int] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if size is None:
            if not line or line.startswith("#"):
                continue
            words = line.split()
            if words[0] == "legend" and len(words) == 3:
                code, area = words[1], words[2]
                if len(code) != 2 or code == NO_AREA or code in legend:
                    raise ValueError(f"grid line {number}: bad or duplicate code {code!r}")
                if area in legend.values():
                    raise ValueError(f"grid line {number}: area {area!r} has two codes")
                legend[code] = area
            elif words[0] == "grid" and len(words) == 3:
                size = (int(words[1]), int(words[2]))
            else:
                raise ValueError(f"grid line {number}: cannot read {line!r}")
            continue
        if not line:
            continue
        codes = line.split()
        if len(codes) != size[0]:
            raise ValueError(f"grid line {number}: {len(codes)} cells, expected {size[0]}")
        row: list[str | None] = []
        for code in codes:
            if code == NO_AREA:
                row.append(None)
            elif code in legend:
                row.append(legend[code])
            else:
                raise ValueError(f"grid line {number}: unknown code {code!r}")
        rows.append(tuple(row))
    if size is None or len(rows) != size[1]:
        raise ValueError("grid: missing 'grid W H' line or wrong number of rows")
    return MapGrid(size[0], size[1], tuple(legend.items()), tuple(rows), map_id)


def read_grid(map_id: str = "base") -> MapGrid:
    """The grid of a map shipped with the package (the base board unless told)."""
    text = resources.files("westeros.web").joinpath("map", GRIDS[map_id]).read_text("utf-8")
    return parse_grid(text, map_id)


def static_names(map_id: str) -> tuple[str, str]:
    """The static files of a map: its SVG and its anchors."""
    if map_id == "base":
        return "map.svg", "map_anchors.json"
    return f"map_{map_id}.svg", f"map_{map_id}_anchors.json"


def area_cells(grid: MapGrid) -> dict[str, list[Vertex]]:
    """Cells of each area named in the grid, as (x, y), row by row."""
    out: dict[str, list[Vertex]] = {}
    for y, row in enumerate(grid.cells):
        for x, area in enumerate(row):
            if area is not None:
                out.setdefault(area, []).append((x, y))
    return out


def adjacent_pairs(grid: MapGrid) -> dict[frozenset[str], int]:
    """Pairs of areas whose cells share an edge, with the number of shared cell edges."""
    pairs: dict[frozenset[str], int] = {}
    for y in range(grid.height):
        for x in range(grid.width):
            a = grid.at(x, y)
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx < grid.width and ny < grid.height:
                    b = grid.at(nx, ny)
                    if a is not None and b is not None and a != b:
                        key = frozenset((a, b))
                        pairs[key] = pairs.get(key, 0) + 1
    return pairs


# --------------------------------------------------------------------------------------------
# Outlines
# --------------------------------------------------------------------------------------------

_OUTSIDE: Final = "\0outside"
_LAKE: Final = "\0lake"


def _label(grid: MapGrid, x: int, y: int) -> str:
    if not (0 <= x < grid.width and 0 <= y < grid.height):
        return _OUTSIDE
    area = grid.at(x, y)
    return _LAKE if area is None else area


def _corner(grid: MapGrid, vx: int, vy: int) -> tuple[str, str, str, str]:
    """The labels of the four cells around a grid corner: north-west, north-east, south-west,
    south-east."""
    return (
        _label(grid, vx - 1, vy - 1),
        _label(grid, vx, vy - 1),
        _label(grid, vx - 1, vy),
        _label(grid, vx, vy),
    )


def _is_border_end(grid: MapGrid, vx: int, vy: int) -> bool:
    """A grid corner where one border ends and another begins: three or more labels meet there
    (the outside of the board counting as one), or two meet crosswise."""
    nw, ne, sw, se = _corner(grid, vx, vy)
    labels = {nw, ne, sw, se}
    return len(labels) >= 3 or (len(labels) == 2 and nw == se and ne == sw)


def _is_junction(grid: MapGrid, vx: int, vy: int) -> bool:
    """A grid corner that must not move when smoothing: a border ends there, it lies on the
    frame of the board, or on a port or the lake."""
    if vx in (0, grid.width) or vy in (0, grid.height):
        return True
    areas = grid.game_map.areas
    labels = set(_corner(grid, vx, vy))
    if any(label == _LAKE or areas[label].is_port for label in labels if label != _OUTSIDE):
        return True  # ports and the lake keep their crisp cell outline
    return _is_border_end(grid, vx, vy)


def trace_loops(grid: MapGrid, label: str) -> list[list[Vertex]]:
    """Closed outlines (grid corners) of the cells carrying ``label`` (an area id, or the lake
    label). Outer outlines run clockwise on screen, holes counter-clockwise; at a corner where
    the cells touch only crosswise the tracing turns right, so they stay apart (4-connected)."""
    nexts: dict[Vertex, list[Vertex]] = {}

    def edge(a: Vertex, b: Vertex) -> None:
        nexts.setdefault(a, []).append(b)

    for y in range(grid.height):
        for x in range(grid.width):
            if _label(grid, x, y) != label:
                continue
            if _label(grid, x, y - 1) != label:
                edge((x, y), (x + 1, y))
            if _label(grid, x + 1, y) != label:
                edge((x + 1, y), (x + 1, y + 1))
            if _label(grid, x, y + 1) != label:
                edge((x + 1, y + 1), (x, y + 1))
            if _label(grid, x - 1, y) != label:
                edge((x, y + 1), (x, y))
    loops: list[list[Vertex]] = []
    while nexts:
        start = min(nexts)
        loop = [start]
        prev = start
        cur = nexts[start].pop()
        if not nexts[start]:
            del nexts[start]
        while cur != start:
            loop.append(cur)
            options = nexts[cur]
            if len(options) == 1:
                nxt = options.pop()
            else:
                dx, dy = cur[0] - prev[0], cur[1] - prev[1]
                right = (cur[0] - dy, cur[1] + dx)
                nxt = right if right in options else options[0]
                options.remove(nxt)
            if not options:
                del nexts[cur]
            prev, cur = cur, nxt
        loops.append(loop)
    return loops


def _smooth(grid: MapGrid, loop: Sequence[Vertex]) -> list[Point]:
    """Chaikin corner cutting with the junction corners pinned (see the module docstring), then
    the points the eye cannot tell from the outline dropped (:func:`_simplify`)."""
    points: list[Point] = [(float(x), float(y)) for x, y in loop]
    pinned = [_is_junction(grid, x, y) for x, y in loop]
    ends = [_is_border_end(grid, x, y) for x, y in loop]
    for _ in range(_RELAX_ROUNDS):
        n = len(points)
        points = [
            points[i]
            if pinned[i]
            else (
                (points[i - 1][0] + 2 * points[i][0] + points[(i + 1) % n][0]) / 4,
                (points[i - 1][1] + 2 * points[i][1] + points[(i + 1) % n][1]) / 4,
            )
            for i in range(n)
        ]
    for _ in range(_SMOOTHING_ROUNDS):
        new_points: list[Point] = []
        new_pinned: list[bool] = []
        new_ends: list[bool] = []
        n = len(points)
        for i in range(n):
            (px, py), (qx, qy) = points[i], points[(i + 1) % n]
            if pinned[i]:
                new_points.append((px, py))
                new_pinned.append(True)
                new_ends.append(ends[i])
            new_points.append((0.75 * px + 0.25 * qx, 0.75 * py + 0.25 * qy))
            new_points.append((0.25 * px + 0.75 * qx, 0.25 * py + 0.75 * qy))
            new_pinned.extend((False, False))
            new_ends.extend((False, False))
        points, pinned, ends = new_points, new_pinned, new_ends
    return _simplify(points, ends)


def _simplify(points: Sequence[Point], ends: Sequence[bool]) -> list[Point]:
    """The outline with the points that lie within :data:`_TOLERANCE` of it dropped (the middle
    of straight runs, pinned or not; Douglas-Peucker), border by border: the outline is cut at
    the ends of its borders (``ends``), and each border is simplified in one direction fixed by
    its points alone, so the two areas on either side of it keep the same points and the border
    stays shared (the smoothing's arithmetic is exact: sums of halves and quarters of whole
    cells). A closed border with no end (an area inside one other) is cut at its smallest point
    and the point farthest from it, which both sides find."""
    n = len(points)
    cuts = [i for i in range(n) if ends[i]]
    if not cuts:
        first = min(range(n), key=lambda i: points[i])
        fx, fy = points[first]
        far = max(
            range(n),
            key=lambda i: ((points[i][0] - fx) ** 2 + (points[i][1] - fy) ** 2, _neg(points[i])),
        )
        cuts = sorted({first, far})
    out: list[Point] = []
    for k, start in enumerate(cuts):
        stop = cuts[(k + 1) % len(cuts)]
        run = [points[i % n] for i in range(start, stop + (n if stop <= start else 0) + 1)]
        forward = (run[0], run[1]) <= (run[-1], run[-2])
        kept = _douglas_peucker(run if forward else run[::-1])
        out.extend((kept if forward else kept[::-1])[:-1])
    return out


def _neg(point: Point) -> Point:
    return (-point[0], -point[1])


def _douglas_peucker(run: Sequence[Point]) -> list[Point]:
    """The points of an open run kept by Douglas-Peucker: its ends, and recursively the point
    farthest from the chord while it lies farther than :data:`_TOLERANCE` (the first such
    point on a tie)."""
    keep = {0, len(run) - 1}
    todo = [(0, len(run) - 1)]
    while todo:
        i, j = todo.pop()
        best, worst = -1, _TOLERANCE
        for k in range(i + 1, j):
            d = _off_segment(run[k], run[i], run[j])
            if d > worst:
                best, worst = k, d
        if best >= 0:
            keep.add(best)
            todo += [(i, best), (best, j)]
    return [run[i] for i in sorted(keep)]


def _off_segment(p: Point, a: Point, b: Point) -> float:
    """The distance from ``p`` to the segment ``a``-``b``."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return float(((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5)


def _num(value: float) -> str:
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _path_data(grid: MapGrid, label: str) -> str:
    parts = []
    for loop in trace_loops(grid, label):
        pts = _smooth(grid, loop)
        coords = " ".join(f"{_num(x * CELL)} {_num(y * CELL)}" for x, y in pts)
        parts.append(f"M{coords}Z")
    return "".join(parts)


# --------------------------------------------------------------------------------------------
# Anchors
# --------------------------------------------------------------------------------------------


def _depth(grid: MapGrid, cells: Iterable[Vertex]) -> dict[Vertex, int]:
    """Chessboard distance of each cell to the nearest cell outside its area (or the frame)."""
    mine = set(cells)
    depth: dict[Vertex, int] = {}
    frontier = [
        c
        for c in mine
        if any(
            (c[0] + dx, c[1] + dy) not in mine for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
        )
    ]
    for c in frontier:
        depth[c] = 1
    level = 1
    while frontier:
        level += 1
        nxt = []
        for x, y in frontier:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    c = (x + dx, y + dy)
                    if c in mine and c not in depth:
                        depth[c] = level
                        nxt.append(c)
        frontier = nxt
    return depth


def _label_box(area: T.Area) -> tuple[int, int, int]:
    """Cells the name and marker row need around the anchor cell: (half width, rows above,
    rows below)."""
    if area.is_port:
        return (0, 0, 0)
    lines = _split_name(area.name)
    text_width = max(len(line) for line in lines) * 5.6
    half = int(text_width / 2 / CELL + 0.5)
    return (half, len(lines), 1 if _has_markers(area) else 0)


def anchors(grid: MapGrid) -> dict[str, Point]:
    """Per area the anchor point in SVG units, where its name and markers are drawn and where
    the web client places units and orders: the centre of the deepest cell around which the
    name fits inside the area (narrowing the box until some cell fits), nearest to the area's
    centroid among equals, so the choice is stable."""
    out: dict[str, Point] = {}
    for area, cells in sorted(area_cells(grid).items()):
        mine = set(cells)
        depth = _depth(grid, cells)
        mx = sum(x for x, _ in cells) / len(cells)
        my = sum(y for _, y in cells) / len(cells)
        if grid.game_map.areas[area].is_port:  # a small block: its centre
            out[area] = ((mx + 0.5) * CELL, (my + 0.5) * CELL)
            continue
        half, above, below = _label_box(grid.game_map.areas[area])
        fitting: list[Vertex] = []
        while not fitting:
            fitting = [
                (x, y)
                for x, y in cells
                if all(
                    (x + dx, y + dy) in mine
                    for dx in range(-half, half + 1)
                    for dy in range(-above, below + 1)
                )
            ]  # with a 1x1 box every cell fits, so the loop ends
            if half > 0:
                half -= 1
            else:
                above, below = max(0, above - 1), max(0, below - 1)
        best = max(fitting, key=lambda c: (depth[c], -((c[0] - mx) ** 2 + (c[1] - my) ** 2), c))
        out[area] = ((best[0] + 0.5) * CELL, (best[1] + 0.5) * CELL)
    return out


# --------------------------------------------------------------------------------------------
# SVG
# --------------------------------------------------------------------------------------------

_LAND_FILLS: Final = ("#cbd58f", "#b5c77a", "#dcc98c", "#c2b070", "#a9bf86", "#d8d3a0")
_SEA_FILLS: Final = ("#8fb8d6", "#7eaacb", "#a3c6df", "#96bfd0")
_PORT_FILL: Final = "#5e8fb3"
_HOUSE_COLOURS: Final = {
    "stark": ("#e8e8e8", "#333333"),
    "lannister": ("#a8232a", "#f4d27a"),
    "baratheon": ("#f2c400", "#222222"),
    "greyjoy": ("#222222", "#e0c060"),
    "tyrell": ("#2f7d32", "#f4e27a"),
    "martell": ("#e07b1f", "#3a1a00"),
    "arryn": ("#6fa3d8", "#0d2240"),  # X-MOD-3.1: The Eyrie is Arryn's home on the MoD board
    "targaryen": ("#4a0d12", "#f0c85a"),  # X-MOD-1.2: Pentos is Targaryen's home, on Essos
}
_HOUSE_LETTER: Final = {
    "stark": "S",
    "lannister": "L",
    "baratheon": "B",
    "greyjoy": "G",
    "tyrell": "T",
    "martell": "M",
    "arryn": "A",
    "targaryen": "D",  # the letter the pieces show (names.js INITIAL)
}

_STYLE: Final = """
.area { stroke: #4b4636; stroke-width: 0.8; stroke-linejoin: round; }
.sea { stroke: #4f7896; stroke-width: 0.6; }
.port { fill: #5e8fb3; stroke: #23445e; stroke-width: 0.8; }
.lake { fill: #8fb8d6; stroke: #4b4636; stroke-width: 0.6; }
.name { font-family: Georgia, 'DejaVu Serif', serif; text-anchor: middle;
  paint-order: stroke; stroke: #fffdf2; stroke-width: 2.6; stroke-linejoin: round; }
.land-name { font-size: 9.5px; font-weight: bold; fill: #2c2416; }
.sea-name { font-size: 10px; font-style: italic; fill: #1d3f5c; stroke: #dceaf3; }
.castle, .stronghold { fill: #f3efe2; stroke: #2c2416; stroke-width: 0.7; }
.barrel { fill: #a8743a; stroke: #3b2612; stroke-width: 0.5; }
.crown { fill: #f2c94c; stroke: #5a4300; stroke-width: 0.5; }
.home circle { stroke: #2c2416; stroke-width: 0.8; }
.home text { font-family: Georgia, 'DejaVu Serif', serif; font-size: 7px; font-weight: bold;
  text-anchor: middle; }
.key { font-family: Georgia, 'DejaVu Serif', serif; font-size: 9.5px; fill: #2c2416; }
.anchor-icon { fill: none; stroke: #f3f7fa; stroke-width: 0.9; stroke-linecap: round; }
"""


def _colouring(grid: MapGrid, areas: Sequence[str], palette_size: int) -> dict[str, int]:
    """Greedy colouring so that areas sharing a border get different fills (same kind only)."""
    touching = adjacent_pairs(grid)
    chosen: dict[str, int] = {}
    for area in areas:
        used = {chosen[b] for b in chosen if frozenset((area, b)) in touching}
        index = grid.game_map.order[area]
        options = [i for i in range(palette_size) if i not in used]
        chosen[area] = options[index % len(options)] if options else index % palette_size
    return chosen


def _split_name(name: str) -> list[str]:
    if len(name) <= 13 or " " not in name:
        return [name]
    middle = len(name) / 2
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    cut = min(spaces, key=lambda i: abs(i - middle))
    return [name[:cut], name[cut + 1 :]]


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _castle(x: float, y: float, stronghold: bool) -> str:
    """A small tower (castle) or a wider keep with three merlons (stronghold), centred at x."""
    if stronghold:
        w, h = 9.0, 7.0
        left, top = x - w / 2, y - h / 2
        d = (
            f"M{_num(left)} {_num(top + h)}V{_num(top)}h1.8v1.6h1.8v-1.6h1.8v1.6h1.8v-1.6h1.8"
            f"V{_num(top + h)}Z"
        )
        return f'<path class="stronghold" d="{d}"/>'
    w, h = 5.4, 6.4
    left, top = x - w / 2, y - h / 2
    d = f"M{_num(left)} {_num(top + h)}V{_num(top)}h1.8v1.4h1.8v-1.4h1.8V{_num(top + h)}Z"
    return f'<path class="castle" d="{d}"/>'


def _barrel(x: float, y: float) -> str:
    return (
        f'<rect class="barrel" x="{_num(x - 2.2)}" y="{_num(y - 3)}" width="4.4" height="6" '
        'rx="1.6"/>'
    )


def _crown(x: float, y: float) -> str:
    left, base = x - 3, y + 2.5
    d = f"M{_num(left)} {_num(base)}v-4.5l1.5 2 1.5-3 1.5 3 1.5-2v4.5Z"  # five points, flat base
    return f'<path class="crown" d="{d}"/>'


def _home(x: float, y: float, house: str) -> str:
    fill, ink = _HOUSE_COLOURS[house]
    return (
        f'<g class="home" data-house="{house}"><circle cx="{_num(x)}" cy="{_num(y)}" r="5" '
        f'fill="{fill}"/><text x="{_num(x)}" y="{_num(y + 2.5)}" fill="{ink}">'
        f"{_HOUSE_LETTER[house]}</text></g>"
    )


def _anchor_icon(x: float, y: float) -> str:
    d = (
        f"M{_num(x)} {_num(y - 3.5)}v7M{_num(x - 2)} {_num(y - 1.5)}h4"
        f"M{_num(x - 3)} {_num(y + 1.5)}q3 3 6 0"
    )
    return f'<path class="anchor-icon" d="{d}"/>'


def _has_markers(area: T.Area) -> bool:
    return bool(area.home_of or area.fortification or area.supply or area.power)


def _markers(area: T.Area, x: float, y: float) -> list[str]:
    """Marker symbols in one row centred under (x, y)."""
    items: list[tuple[float, str]] = []  # (width, kind)
    if area.home_of is not None:
        items.append((11.0, "home"))
    if area.fortification is not None:
        items.append((10.0 if area.fortification == "stronghold" else 7.0, "fort"))
    items.extend((5.5, "barrel") for _ in range(area.supply))
    items.extend((7.0, "crown") for _ in range(area.power))
    if not items:
        return []
    total = sum(w for w, _ in items)
    left = x - total / 2
    out = []
    for width, kind in items:
        cx = left + width / 2
        if kind == "home":
            assert area.home_of is not None
            out.append(_home(cx, y, area.home_of))
        elif kind == "fort":
            out.append(_castle(cx, y, area.fortification == "stronghold"))
        elif kind == "barrel":
            out.append(_barrel(cx, y))
        else:
            out.append(_crown(cx, y))
        left += width
    return out


def _legend(width: int, top: int) -> str:
    """A key to the symbols, in a strip under the board."""
    y = top + LEGEND_HEIGHT / 2
    parts = [
        f'<g id="legend"><rect x="0" y="{top}" width="{width}" height="{LEGEND_HEIGHT}" '
        'fill="#f4efdf"/>'
    ]
    entries = (
        (_home(0, 0, "stark"), "home area"),
        (_castle(0, 0, True), "stronghold"),
        (_castle(0, 0, False), "castle"),
        (_barrel(0, 0), "supply"),
        (_crown(0, 0), "power"),
        (
            '<rect class="port" x="-6" y="-4.5" width="12" height="9"/>' + _anchor_icon(0, 0),
            "port",
        ),
    )
    x = 14.0
    for symbol, text in entries:
        parts.append(f'<g transform="translate({_num(x)} {_num(y)})">{symbol}</g>')
        parts.append(f'<text class="key" x="{_num(x + 9)}" y="{_num(y + 3.5)}">{text}</text>')
        x += 26 + len(text) * 5.8
    parts.append("</g>")
    return "".join(parts)


def render_svg(grid: MapGrid) -> str:
    """The whole map as an SVG document (deterministic text)."""
    width, height = grid.width * CELL, grid.height * CELL
    points = anchors(grid)
    present = set(area_cells(grid))
    areas, area_ids = grid.game_map.areas, grid.game_map.area_ids
    lands = [a for a in area_ids if areas[a].is_land and a in present]
    seas = [a for a in area_ids if areas[a].is_sea and a in present]
    land_colour = _colouring(grid, lands, len(_LAND_FILLS))
    sea_colour = _colouring(grid, seas, len(_SEA_FILLS))
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {width} {height + LEGEND_HEIGHT}" width="{width}" '
        f'height="{height + LEGEND_HEIGHT}">',
        "<title>Westeros: the board of A Game of Thrones: The Board Game (own drawing)</title>",
        f"<style>{_STYLE}</style>",
        '<g id="areas">',
    ]
    for area_id in area_ids:
        if area_id not in present:
            continue
        area = areas[area_id]
        if area.is_land:
            fill = _LAND_FILLS[land_colour[area_id]]
        elif area.is_sea:
            fill = _SEA_FILLS[sea_colour[area_id]]
        else:
            fill = _PORT_FILL
        x, y = points[area_id]
        out.append(
            f'<path id="area-{area_id}" data-area="{area_id}" class="area {area.kind}" '
            f'data-x="{_num(x)}" data-y="{_num(y)}" fill="{fill}" '
            f'd="{_path_data(grid, area_id)}"><title>{_escape(area.name)}</title></path>'
        )
    out.append("</g>")
    if any(None in row for row in grid.cells):
        out.append(f'<path class="lake" d="{_path_data(grid, _LAKE)}"/>')
    out.append('<g id="markers">')
    labels: list[str] = []
    for area_id in area_ids:
        if area_id not in present:
            continue
        area = areas[area_id]
        x, y = points[area_id]
        if area.is_port:
            out.append(f'<g data-for="{area_id}">{_anchor_icon(x, y)}</g>')
            continue
        lines = _split_name(area.name)
        half_text = max(len(line) for line in lines) * 2.8 + 2
        x = min(max(x, half_text), width - half_text)  # names stay on the board
        size = 10.0
        top = y - 4 - size * (len(lines) - 1)
        marks = _markers(area, x, y + 6)
        if not marks:
            top = y + 3 - size * (len(lines) - 1) / 2
        if marks:
            out.append(f'<g data-for="{area_id}">{"".join(marks)}</g>')
        css = "name land-name" if area.is_land else "name sea-name"
        spans = "".join(
            f'<tspan x="{_num(x)}" y="{_num(top + i * size)}">{_escape(line)}</tspan>'
            for i, line in enumerate(lines)
        )
        labels.append(f'<text class="{css}" data-for="{area_id}">{spans}</text>')
    out.append("</g>")
    out.append('<g id="names">')
    out.extend(labels)
    out.append("</g>")
    out.append(_legend(width, height))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def render_anchors_json(grid: MapGrid) -> str:
    """``{"about": .., "width": .., "height": .., "anchors": {area: [x, y]}}`` in SVG units."""
    points = anchors(grid)
    data = {
        "about": "Anchor point of each area in map.svg units (where units and orders go).",
        "width": grid.width * CELL,
        "height": grid.height * CELL,
        "anchors": {a: [points[a][0], points[a][1]] for a in grid.game_map.area_ids if a in points},
    }
    return json.dumps(data, indent=1) + "\n"


def _outputs(grid: MapGrid) -> dict[Path, str]:
    svg, anchors_json = static_names(grid.map_id)
    return {
        _STATIC / svg: render_svg(grid),
        _STATIC / anchors_json: render_anchors_json(grid),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m westeros.web.mapgen", description="Regenerate the SVG map from grid.txt."
    )
    parser.add_argument(
        "--check", action="store_true", help="only check that the files are up to date"
    )
    args = parser.parse_args(argv)
    stale = []
    outputs = {path: text for m in GRIDS for path, text in _outputs(read_grid(m)).items()}
    for path, text in outputs.items():
        current = path.read_text("utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
    for path in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
