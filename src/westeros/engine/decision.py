"""A decision a seat must take: who, what kind, a human prompt and the finite legal choices."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# A choice is a plain JSON value: short strings ("march+1*", "winterfell>moat_cailin", "pass")
# or small integers (bids). Records store choices verbatim.
Choice = str | int


@dataclass(frozen=True, slots=True)
class Decision:
    """One open decision. Several may be open at once (secret simultaneous choices).

    ``context`` says what the decision is about as data (``(("area", "winterfell"),)``), so
    that no program has to read the prompt: the prompt is for people.

    ``idle``: the game does not wait for this decision; the seat may still take it (a house
    that is ready in planning at the table may take its readiness back). Idle decisions come
    after the awaited ones in ``pending()``; bots, clocks and turn signals ignore them.
    """

    seat: int
    kind: str
    prompt: str
    choices: tuple[Choice, ...]
    context: tuple[tuple[str, str | int], ...] = ()
    idle: bool = False

    def about(self, key: str) -> str | int | None:
        """One item of the context (None when the decision does not say)."""
        for name, value in self.context:
            if name == key:
                return value
        return None

    def to_json(self) -> dict[str, Any]:
        out = {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "choices": list(self.choices),
            "context": dict(self.context),
        }
        if self.idle:  # only then: the JSON of every other decision stays as it was
            out["idle"] = True
        return out
