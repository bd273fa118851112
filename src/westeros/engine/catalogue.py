"""Decision catalogues: every kind of decision a game asks, its choice grammar, a codec and a
one-line description. Each game declares its kinds once, in its own catalogue
(:class:`DecisionCatalogue`); rules code opens a decision with ``KIND.ask(seat, prompt,
choices, **context)`` and reads a choice with ``KIND.parse(choice)``; no other code writes a
decision-kind literal or builds a :class:`~westeros.engine.Decision` itself.

A choice is a short string or a small integer. Its grammar is one of:

* a single value, e.g. an area id or a card id (an integer when the codec says ``integer``);
* a compound of parts joined by a separator, e.g. ``<unit>><to>`` (``"knight>moat_cailin"``),
  ``<verb>:<card>[:<index>]`` (``"use:12:0"``); a part marked ``?`` may be left out; parts
  named in ``ints`` are integers (parsed to ``int``);
* a list of values joined by a separator (``many``: ``"blackwater+the_reach"``);
* words that stand for the whole choice (``"pass"``, ``"done"``, ``"none"``);
* an integer (a bid, a card id, a seat).

``parse`` returns the parts by name (``{"unit": "knight", "to": "moat_cailin"}``, or
``{"word": "done"}``, ``{"value": 3}``); ``format`` builds a choice from its parts and
``unparse(parse(c)) == c`` for every legal choice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from westeros.engine.decision import Choice, Decision

Parsed = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Codec:
    """How a kind's choices are written: ``parts`` joined by ``sep``, or one of ``words``;
    ``integer``: the choice is an integer (its one part); ``ints``: parts that are integers."""

    parts: tuple[str, ...] = ("value",)
    sep: str = ""
    words: tuple[str, ...] = ()
    integer: bool = False
    many: bool = False  # one part repeated, joined by sep ("a+b+c")
    ints: tuple[str, ...] = ()
    # derived once: the part names without "?", and how many parts a choice must have
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    required: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(p.rstrip("?") for p in self.parts))
        object.__setattr__(self, "required", sum(1 for p in self.parts if not p.endswith("?")))

    @property
    def grammar(self) -> str:
        if self.integer:
            body = "<integer>" if self.parts == ("value",) else f"<{self.parts[0]}:int>"
            return " | ".join([body, *(f'"{w}"' for w in self.words)])
        if not self.parts:
            return " | ".join(f'"{w}"' for w in self.words)
        if self.many:
            body = f"<{self.parts[0]}>{self.sep}<{self.parts[0]}>…"
        else:
            body = ""
            for i, part in enumerate(self.parts):
                optional = part.endswith("?")
                name = part.rstrip("?")
                name = f"<{name}:int>" if name in self.ints else f"<{name}>"
                piece = name if i == 0 else f"{self.sep}{name}"
                body += f"[{piece}]" if optional else piece
        return " | ".join([body, *(f'"{w}"' for w in self.words)])

    def parse(self, choice: Choice) -> Parsed:
        """The parts of a choice by name; ValueError when it does not fit the grammar."""
        if isinstance(choice, str) and choice in self.words:
            return {"word": choice}
        if self.integer:
            if isinstance(choice, bool) or not isinstance(choice, int):
                raise ValueError(f"{choice!r} does not match {self.grammar}")
            return {self.names[0]: choice}
        if not isinstance(choice, str):
            raise ValueError(f"expected a string, not {choice!r}")
        if not self.parts:
            raise ValueError(f"{choice!r} is not one of {self.grammar}")
        if self.many:
            return {self.parts[0]: choice.split(self.sep)}
        names = self.names
        values = choice.split(self.sep, len(names) - 1) if self.sep else [choice]
        if not self.required <= len(values) <= len(names) or "" in values:
            raise ValueError(f"{choice!r} does not match {self.grammar}")
        parsed: Parsed = dict(zip(names, values, strict=False))
        for name in self.ints:
            if name in parsed:
                text = parsed[name]
                if not text.isdigit() or str(int(text)) != text:
                    raise ValueError(f"{choice!r}: <{name}> must be an integer")
                parsed[name] = int(text)
        return parsed

    def format(self, *values: str | int) -> Choice:
        """A choice from its parts (or one word, or the integer)."""
        if self.integer and not (len(values) == 1 and values[0] in self.words):
            (value,) = values
            return int(value)
        if len(values) == 1:
            return str(values[0])
        return self.sep.join(map(str, values))

    def unparse(self, parsed: Parsed) -> Choice:
        """The choice back from :meth:`parse`'s result (``unparse(parse(c)) == c``)."""
        if "word" in parsed:
            return str(parsed["word"])
        if self.integer:
            return int(parsed[self.names[0]])
        if self.many:
            return self.sep.join(parsed[self.parts[0]])
        return self.format(*parsed.values())


ONE = Codec()
INTEGER = Codec(integer=True)


def words(*ws: str) -> Codec:
    """A kind whose choices are only these words."""
    return Codec(parts=(), words=ws)


@dataclass(frozen=True, slots=True)
class DecisionKind:
    """One kind of decision: its name, how its choices are written, and what it means."""

    name: str
    codec: Codec
    description: str

    @property
    def grammar(self) -> str:
        return self.codec.grammar

    def ask(
        self, seat: int, prompt: str, choices: Iterable[Choice], **context: str | int
    ) -> Decision:
        """Open a decision of this kind; ``context`` says what it is about (an area, a card…)."""
        return Decision(
            seat,
            self.name,
            prompt,
            choices if type(choices) is tuple else tuple(choices),
            tuple(context.items()),
        )

    def ask_idle(
        self, seat: int, prompt: str, choices: Iterable[Choice], **context: str | int
    ) -> Decision:
        """An idle decision of this kind (``Decision.idle``): open, but not waited for."""
        return Decision(
            seat,
            self.name,
            prompt,
            choices if type(choices) is tuple else tuple(choices),
            tuple(context.items()),
            idle=True,
        )

    def parse(self, choice: Choice) -> Parsed:
        return self.codec.parse(choice)

    def format(self, *values: str | int) -> Choice:
        return self.codec.format(*values)

    def unparse(self, parsed: Parsed) -> Choice:
        return self.codec.unparse(parsed)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.name, "grammar": self.grammar, "description": self.description}


class DecisionCatalogue:
    """A game's decision kinds by name, each declared once with :meth:`add`."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.kinds: dict[str, DecisionKind] = {}

    def add(self, name: str, codec: Codec, description: str) -> DecisionKind:
        assert name not in self.kinds, f"{self.game}: decision kind {name!r} declared twice"
        kind = DecisionKind(name, codec, description)
        self.kinds[name] = kind
        return kind

    def of(self, decision: Decision) -> DecisionKind:
        """The kind of an open decision (KeyError for a kind not in this catalogue)."""
        return self.kinds[decision.kind]

    def to_json(self) -> list[dict[str, Any]]:
        """Every kind with its grammar and description, for clients and docs."""
        return [k.to_json() for k in self.kinds.values()]
