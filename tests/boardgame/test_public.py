"""The board game's public face (issue 19): what the layers above read, complete on its own."""

from __future__ import annotations

import subprocess
import sys

from westeros.boardgame import public
from westeros.engine import new_game


def _card_lines_after_importing(module: str) -> list[str]:
    """The house cards with their own log line, in a fresh interpreter that imported only
    ``module``."""
    code = (
        f"import {module}\n"
        "from westeros.boardgame import events\n"
        "print(' '.join(sorted(events.CARD_LINES)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_the_face_alone_renders_every_house_card_line_r7_12() -> None:
    """A reader of the face renders card texts (R7.12) with each card's own line, as the game
    does: the lines are registered by loading the face, no lazy import needed."""
    lines = _card_lines_after_importing("westeros.boardgame.public")
    assert len(lines) >= 10
    assert lines == _card_lines_after_importing("westeros.boardgame.game")


def test_the_face_reads_a_game_as_its_view_does() -> None:
    g = new_game("boardgame", {"players": 3}, 1)
    assert isinstance(g, public.BoardGame)
    view = g.view(0)
    assert public.fight_view(g, g.house_of(0)) is None and view["combat"] is None
    castles = public.castle_counts(g)
    assert {h: castles[h] for h in g.houses} == {h: view["houses"][h]["victory"] for h in g.houses}
    assert {k["kind"] for k in public.catalogue_json()} == set(public.decisions.KINDS)
    assert set(public.tables.HOUSES) >= set(g.houses)
