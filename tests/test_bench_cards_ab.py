"""benchmarks/cardgame_ab.py runs: two workers play the same seeds in turn and a row is printed
for each of `make bench-cards`' decks (figures, never asserted; this checks the tool works)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "cardgame_ab.py"


def test_the_ab_benchmark_prints_a_row_per_deck_pair() -> None:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), str(ROOT), str(ROOT), "--games", "2", "--offset", "7"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    rows = [line for line in out.splitlines() if "B/A" in line]
    assert [r.split()[0] for r in rows] == [
        "westeros-stark,westeros-lannister",
        "Core-1,Core-4",
        "Core-2,Core-3",
        "Core-1,Core-2,Core-3,Core-4",
    ]
    assert "2 games a row from seed 7" in out


def test_a_tree_without_the_package_is_named() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(ROOT), str(ROOT / "docs")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "has no src/westeros" in done.stderr
