"""Our own SVG map (issue #10) agrees with the map data of the rules (R1.1).

The map is drawn from the hand-authored grid ``westeros/web/map/grid.txt`` (and the Mother of
Dragons board from ``grid_mod_westeros.txt``, X-MOD-3); these tests prove, for each map drawn,
that the drawing shows exactly the board's areas and borders (R1.1.1), that each port touches
only its land area and its sea (R1.1.2), and that the committed SVG is the generator's output.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from importlib import resources

import pytest

from westeros.boardgame import tables as T
from westeros.web import mapgen

SVG_NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", params=list(mapgen.GRIDS))
def grid(request: pytest.FixtureRequest) -> mapgen.MapGrid:
    return mapgen.read_grid(request.param)


def _static(name: str) -> str:
    return resources.files("westeros.web").joinpath("static", name).read_text("utf-8")


def test_the_maps_drawn_are_the_base_board_and_the_mod_board() -> None:
    assert list(mapgen.GRIDS) == ["base", "mod_westeros", "mod_essos"]  # Essos: X-MOD-1.2
    assert mapgen.read_grid().map_id == "base"
    assert mapgen.static_names("mod_westeros") == (
        "map_mod_westeros.svg",
        "map_mod_westeros_anchors.json",
    )


def test_r1_1_legend_names_exactly_the_maps_areas(grid: mapgen.MapGrid) -> None:
    legend_areas = [area for _, area in grid.legend]
    assert sorted(legend_areas) == sorted(grid.game_map.area_ids)
    assert (
        len(grid.game_map.area_ids)
        == {"base": 58, "mod_westeros": 61, "mod_essos": 75}[grid.map_id]
    )


def test_r1_1_every_area_is_drawn_as_one_4_connected_region(grid: mapgen.MapGrid) -> None:
    cells = mapgen.area_cells(grid)
    ids = set(grid.game_map.area_ids)
    assert set(cells) == ids, f"not drawn: {sorted(ids - set(cells))}"
    split = []
    for area, own in cells.items():
        todo = set(own)
        stack = [own[0]]
        todo.discard(own[0])
        while stack:
            x, y = stack.pop()
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt in todo:
                    todo.discard(nxt)
                    stack.append(nxt)
        if todo:
            split.append(area)
    assert not split, f"areas drawn in more than one piece: {split}"


def test_r1_1_1_areas_sharing_an_edge_are_exactly_the_maps_borders(grid: mapgen.MapGrid) -> None:
    """R1.1.1: the base map's 143 borders; X-MOD-3.1, X-MOD-3.2: the MoD board's 152; with
    Essos (X-MOD-1.2) 188."""
    drawn = set(mapgen.adjacent_pairs(grid))
    borders = grid.game_map.borders
    assert len(borders) == {"base": 143, "mod_westeros": 152, "mod_essos": 188}[grid.map_id]
    missing = sorted(tuple(sorted(p)) for p in borders - drawn)
    extra = sorted(tuple(sorted(p)) for p in drawn - borders)
    assert not missing and not extra, f"missing borders {missing}; extra borders {extra}"


def test_r1_1_no_area_cells_are_rare_and_surrounded_by_land(grid: mapgen.MapGrid) -> None:
    # The border data has one place where six areas meet (Seagard, The Twins, The Mountains of
    # the Moon, Crackclaw Point, Harrenhal, Riverrun) with no two opposite ones bordering: a grid
    # corner joins at most four cells, so one no-area cell (a small lake) sits there.
    holes = [
        (x, y) for y, row in enumerate(grid.cells) for x, area in enumerate(row) if area is None
    ]
    assert len(holes) <= 1
    for x, y in holes:
        around = {grid.at(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        assert all(a is not None and grid.game_map.areas[a].is_land for a in around)


def test_r1_1_2_each_port_touches_only_its_land_area_and_its_sea(grid: mapgen.MapGrid) -> None:
    pairs = mapgen.adjacent_pairs(grid)
    cells = mapgen.area_cells(grid)
    ports = [a for a in grid.game_map.areas.values() if a.is_port]
    assert len(ports) == {"base": 8, "mod_westeros": 9, "mod_essos": 12}[grid.map_id]
    for port in ports:
        touching = {b for pair in pairs if port.id in pair for b in pair if b != port.id}
        assert touching == {port.port_land, port.port_sea}, port.id
        for x, y in cells[port.id]:  # not even corner to corner with another area
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if 0 <= x + dx < grid.width and 0 <= y + dy < grid.height:
                        assert grid.at(x + dx, y + dy) in {port.id, port.port_land, port.port_sea}


@pytest.mark.parametrize("map_id", list(mapgen.GRIDS))
def test_r1_1_svg_has_one_data_area_path_per_area(map_id: str) -> None:
    root = ET.fromstring(_static(mapgen.static_names(map_id)[0]))
    tagged = [el for el in root.iter() if "data-area" in el.attrib]
    assert all(el.tag == f"{SVG_NS}path" for el in tagged)
    ids = [el.attrib["data-area"] for el in tagged]
    areas = T.MAPS[map_id].areas
    assert sorted(ids) == sorted(areas)
    for el in tagged:
        area = areas[el.attrib["data-area"]]
        assert el.attrib["class"].split() == ["area", area.kind]
        assert re.fullmatch(r"M[-0-9. ]+Z(M[-0-9. ]+Z)*", el.attrib["d"])
        assert float(el.attrib["data-x"]) >= 0 and float(el.attrib["data-y"]) >= 0


def _edges(d: str) -> list[frozenset[str]]:
    """The straight pieces of an outline's path data, each as its two ends."""
    out = []
    for loop in re.findall(r"M([-0-9. ]+)Z", d):
        numbers = loop.split()
        points = [f"{x} {y}" for x, y in zip(numbers[::2], numbers[1::2], strict=True)]
        out += [frozenset((p, q)) for p, q in zip(points, points[1:] + points[:1], strict=True)]
    return out


@pytest.mark.parametrize("map_id", list(mapgen.GRIDS))
def test_r1_1_1_neighbours_draw_their_border_with_the_same_points(map_id: str) -> None:
    """The outlines are simplified (points the eye cannot tell from the line dropped), each
    border the same way from both sides: every piece of an area's outline inside the board is
    a piece of exactly one other outline (a neighbour's, or the lake's), so no gap or overlap
    opens along a border; the frame's pieces belong to one area."""
    root = ET.fromstring(_static(mapgen.static_names(map_id)[0]))
    width, height = (float(v) for v in root.attrib["viewBox"].split()[2:])
    height -= mapgen.LEGEND_HEIGHT
    owners: dict[frozenset[str], list[str]] = {}
    for el in root.iter(f"{SVG_NS}path"):
        name = el.attrib.get("data-area") or ("lake" if el.attrib.get("class") == "lake" else "")
        if name:
            for edge in _edges(el.attrib["d"]):
                owners.setdefault(edge, []).append(name)

    def on_frame(edge: frozenset[str]) -> bool:
        (x1, y1), (x2, y2) = ((float(v) for v in p.split()) for p in edge)
        return any(x1 == x2 == f for f in (0, width)) or any(y1 == y2 == f for f in (0, height))

    unshared = {e: o for e, o in owners.items() if len(o) != (1 if on_frame(e) else 2)}
    assert not unshared, list(unshared.items())[:5]
    assert len(owners) > 5 * len(T.MAPS[map_id].areas)


@pytest.mark.parametrize("map_id", list(mapgen.GRIDS))
def test_r1_2_markers_for_castles_supply_power_and_home_areas(map_id: str) -> None:
    """R1.2; X-MOD-3.1: on the MoD board The Eyrie is Arryn's home stronghold."""
    root = ET.fromstring(_static(mapgen.static_names(map_id)[0]))
    areas = T.MAPS[map_id].areas
    groups = {
        el.attrib["data-for"]: el for el in root.iter(f"{SVG_NS}g") if "data-for" in el.attrib
    }
    for area in areas.values():
        if area.is_port:
            continue
        group = groups.get(area.id)
        classes = [] if group is None else [el.attrib.get("class") for el in group]
        assert classes.count("stronghold") == (area.fortification == "stronghold"), area.id
        assert classes.count("castle") == (area.fortification == "castle"), area.id
        assert classes.count("barrel") == area.supply, area.id
        assert classes.count("crown") == area.power, area.id
        homes = (
            []
            if group is None
            else [el.attrib["data-house"] for el in group if el.attrib.get("class") == "home"]
        )
        assert homes == ([area.home_of] if area.home_of else []), area.id
    names = {
        el.attrib["data-for"]: " ".join(t.text or "" for t in el)
        for el in root.iter(f"{SVG_NS}text")
        if "data-for" in el.attrib
    }
    assert names == {a.id: a.name for a in areas.values() if not a.is_port}
    legend = [el for el in root.iter(f"{SVG_NS}g") if el.attrib.get("id") == "legend"]
    assert len(legend) == 1


def test_anchor_points_lie_inside_their_own_area(grid: mapgen.MapGrid) -> None:
    data = json.loads(_static(mapgen.static_names(grid.map_id)[1]))
    assert set(data["anchors"]) == set(grid.game_map.area_ids)
    for area, (x, y) in data["anchors"].items():
        assert grid.at(int(x // mapgen.CELL), int(y // mapgen.CELL)) == area


def test_committed_svg_and_anchors_are_the_generators_output(grid: mapgen.MapGrid) -> None:
    svg, anchors = mapgen.static_names(grid.map_id)
    assert _static(svg) == mapgen.render_svg(grid), "run: python -m westeros.web.mapgen"
    assert _static(anchors) == mapgen.render_anchors_json(grid)
    assert mapgen.main(["--check"]) == 0
