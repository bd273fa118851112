"""Print the rule ids cited in code, tests or docs that the rules key (docs/rules/) lacks.

Usage: ``python scripts/rules_key_missing.py`` from the repository root (after merging a branch
that adds citations). One line per id, in rule order per key file, with every place citing it;
exit status 1 when something is missing. The scanner is the one tests/test_rules_key.py uses.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_rules_key import KEY_FILES, missing, order


def main() -> int:
    places: dict[tuple[str, str], list[str]] = defaultdict(list)
    for cite in missing():
        places[("/".join(cite.games), cite.rule)].append(cite.where)
    for games, rule in sorted(places, key=lambda k: (k[0], order(k[1], k[0].split("/")[0]))):
        keys = " or ".join(f"docs/rules/{KEY_FILES[g]}" for g in games.split("/"))
        print(f"{rule}\t{keys}\t{', '.join(places[(games, rule)])}")
    return 1 if places else 0


if __name__ == "__main__":
    raise SystemExit(main())
