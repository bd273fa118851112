"""The training example for the card game runs (a tiny budget) and prints the win rate against
random bots before and after training."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_card_game_maskable_ppo_example_prints_win_rates_before_and_after() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(EXAMPLES / "train_maskable_ppo_cards.py"),
            *("--minutes", "0.01", "--eval-games", "2", "--curve-games", "1"),
            *("--chunk", "64", "--n-steps", "64"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    rates = re.findall(r"^(before|after): win rate [\d.]+% \((\d)/2", result.stdout, re.M)
    assert [label for label, _ in rates] == ["before", "after"]
    assert re.search(r"min, \d+ steps: win rate", result.stdout)  # a point of the curve
