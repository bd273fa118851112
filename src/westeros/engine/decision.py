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
    """

    seat: int
    kind: str
    prompt: str
    choices: tuple[Choice, ...]
    context: tuple[tuple[str, str | int], ...] = ()

    def about(self, key: str) -> str | int | None:
        """One item of the context (None when the decision does not say)."""
        for name, value in self.context:
            if name == key:
                return value
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "choices": list(self.choices),
            "context": dict(self.context),
        }
