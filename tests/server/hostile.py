"""Helpers of the hostile-input tests (tests/server/test_hostile_*.py, whose app is the
``hostile`` fixture: a crash comes back as a 500 response): JSON values of every kind, and the
checks every refused request must pass."""

from __future__ import annotations

from typing import Any

import httpx
from hypothesis import strategies as st

# JSON values of every kind: null, booleans, whole numbers of any size, fractions, strings,
# lists and objects of them
LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
JSON = st.recursive(
    LEAVES,
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def refused(r: httpx.Response, *statuses: int, naming: str | tuple[str, ...] = ()) -> str:
    """The request got one of ``statuses`` (any 4xx when none is given) with a ``detail`` that
    names each of ``naming``; its detail."""
    assert r.status_code < 500, f"{r.status_code}: {r.text[:500]}"
    assert r.status_code in statuses if statuses else 400 <= r.status_code < 500, r.text[:500]
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail.strip(), r.text[:500]
    for word in (naming,) if isinstance(naming, str) else naming:
        assert word in detail, f"{word!r} not in {detail[:500]!r}"
    return detail


def deep(value: Any, depth: int) -> Any:
    """``value`` inside ``depth`` nested lists."""
    for _ in range(depth):
        value = [value]
    return value
