"""Settings each seat of a new game brings along (the card game: its deck), through the engine
contract (``GameInfo.seat_options``): the server knows no deck, only that a kind takes a
per-seat setting, how to check one value and where the config keeps them (docs/server.md,
"Seat options and game kinds")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from westeros.engine import ConfigError, RecordError, SeatOption, game_info


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a seat's setting (``seat`` counted from 0)."""

    seat: int | None
    option: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "option": self.option, "problem": self.text}


class OptionProblems(ValueError):
    """Every problem of the seats' settings; the message says them all, seat by seat."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(_sentence(p) for p in problems))


def _sentence(p: Problem) -> str:
    return p.text if p.seat is None else f"seat {p.seat + 1}'s {p.option}: {p.text}"


class UnknownOption(LookupError):
    """A kind that does not exist or takes no such per-seat setting."""


def option_of(kind: str, name: str) -> SeatOption:
    """The per-seat setting ``name`` of ``kind``; UnknownOption names what there is."""
    try:
        info = game_info(kind)
    except RecordError as exc:
        raise UnknownOption(str(exc)) from None
    if name not in info.seat_options:
        have = ", ".join(sorted(info.seat_options)) or "none"
        raise UnknownOption(f"a {kind} game takes no {name} per seat (it takes: {have})")
    return info.seat_options[name]


def _checked(
    option: SeatOption, name: str, seat: int | None, value: Any
) -> tuple[Any, list[Problem]]:
    """The value the config keeps and the problems (one per problem the kind lists)."""
    try:
        return option.check(value)[0], []
    except ConfigError as exc:
        return None, [Problem(seat, name, text) for text in exc.problems]


def apply(
    kind: str, config: dict[str, Any] | None, given: dict[str, list[Any]]
) -> dict[str, Any] | None:
    """The config with each per-seat setting of ``given`` (name -> one value per seat, None
    where a seat gives none) checked and put in its place (the config's list); the config as
    it was when no seat gives any. OptionProblems lists every problem of every seat."""
    if all(v is None for values in given.values() for v in values):
        return config
    out = dict(config or {})
    problems: list[Problem] = []
    for name, values in given.items():
        if all(v is None for v in values):
            continue
        try:
            option = option_of(kind, name)
        except UnknownOption as exc:
            problems.append(Problem(None, name, str(exc)))
            continue
        problems += _place(option, name, values, out)
    if problems:
        raise OptionProblems(problems)
    return out


def _place(
    option: SeatOption, name: str, values: list[Any], config: dict[str, Any]
) -> list[Problem]:
    """Check every seat's value and set the config's list; the problems found."""
    missing = [i + 1 for i, v in enumerate(values) if v is None]
    if missing:
        seats = ", ".join(str(i) for i in missing)
        return [Problem(None, name, f"give every seat a {name} or none: seats {seats} have none")]
    if option.config_key in config:
        return [
            Problem(None, name, f"the {name}s are given per seat and in config.{option.config_key}")
        ]
    problems: list[Problem] = []
    kept: list[Any] = []
    for seat, value in enumerate(values):
        checked, found = _checked(option, name, seat, value)
        kept.append(checked)
        problems += found
    if not problems:
        config[option.config_key] = kept
    return problems
