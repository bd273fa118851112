"""The typed contract every game implements: :class:`Game`, its :class:`GameInfo` and
:class:`Outcome`.

Everything above the rules packages (the CLI, simulations, bots, the server, RL adapters)
talks to a game only through this contract, so a new game (the card game) plugs in unchanged.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from westeros.engine.decision import Choice, Decision
from westeros.engine.events import Event

Config = dict[str, Any]


class ConfigError(ValueError):
    """A game configuration that cannot be played; the message says what is wrong.

    ``problems`` lists every problem found, one a line (e.g. each bad line of a deck list); the
    message joins them."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems) if problems is not None else [message]


_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = _SHOWN.maxlong = 40
_SHOWN.maxlevel = 3
SHOWN_LENGTH = 200  # at most this many characters of a refused value in a message


def shown(value: object) -> str:
    """A value a config check refuses, as its message names it: the ``repr``, shortened (a
    long string, a huge number, deep or long lists and objects; the value came from anyone),
    and never longer than ``SHOWN_LENGTH`` characters in all."""
    text = _SHOWN.repr(value)
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 3] + "..."


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``winner`` and ``ranking`` are seats (best first); ``names`` gives each seat's display name
    (e.g. its house); ``scores`` per seat the figures that decided the ranking, in the order to
    show them (e.g. castles, land areas, supply, power); ``rounds`` how many game rounds were
    played.
    """

    winner: int | None
    ranking: tuple[int, ...]
    reason: str
    names: tuple[str, ...]
    scores: tuple[dict[str, int], ...] = ()
    rounds: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "ranking": list(self.ranking),
            "reason": self.reason,
            "names": list(self.names),
            "scores": [dict(s) for s in self.scores],
            "rounds": self.rounds,
        }


@runtime_checkable
class Game(Protocol):
    """A deterministic game: the rules run on their own until some seat must decide."""

    @property
    def info(self) -> GameInfo: ...

    @property
    def config(self) -> Config: ...

    @property
    def seed(self) -> int: ...

    @property
    def moves(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def pending(self) -> list[Decision]:
        """The open decisions, in seat order (several at once for secret choices)."""
        ...

    def apply(self, seat: int, choice: Choice) -> None:
        """Apply a legal choice; anything else raises IllegalAction and changes nothing."""
        ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (None: a spectator), JSON-ready."""
        ...

    def clone(self) -> Game: ...

    def determinize(self, seat: int, seed: int) -> Game:
        """A new game in which everything ``seat`` may not know (others' secrets, deck order,
        the random generator) is resampled from ``seed`` consistently with its view; search
        bots play on these, never on the real game."""
        ...

    def state_hash(self) -> str: ...

    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        ...

    def events(self, seat: int | None, since: int = 0) -> list[Event]:
        """The log from index ``since`` as ``seat`` may see it (secrets of others redacted)."""
        ...

    def render(self, event: Event) -> str:
        """One line of text for an event (the game's one renderer)."""
        ...

    def seat_names(self) -> tuple[str, ...]:
        """Each seat's display name (e.g. its house)."""
        ...


GameFactory = Callable[[Config, int], Game]


@dataclass(frozen=True, slots=True)
class SeatOption:
    """A setting each seat of a new game brings along (the card game: its deck), so a client
    can offer it seat by seat while the config keeps one value per seat.

    ``config_key`` names the config's list (one value per seat, e.g. ``"decks"``); ``choices()``
    the ready-made values to offer (each an object with at least ``id`` and ``name``);
    ``check(value)`` reads a value as a client sends it (a choice's id, or e.g. a pasted deck
    list) and returns the value the config keeps and a summary to show; ConfigError lists every
    problem (``problems``)."""

    config_key: str
    choices: Callable[[], list[dict[str, Any]]] = field(repr=False)
    check: Callable[[Any], tuple[Any, dict[str, Any]]] = field(repr=False)


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One value of a game-wide setting (:class:`GameOption`), as a client offers it.

    ``players``: the player counts it is played with (empty: any the kind allows);
    ``requires``: for another setting's key, the values it may be played with (empty: any);
    ``seats``: per player count, the names of the seats it deals (e.g. the houses in play),
    so a client can say who plays before the game exists. A client may still send a bad
    combination: the kind's ``check_config`` refuses it in words."""

    value: Any
    title: str
    players: tuple[int, ...] = ()
    requires: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    seats: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "title": self.title,
            "players": list(self.players),
            "requires": {k: list(v) for k, v in self.requires.items()},
            "seats": {str(n): list(names) for n, names in self.seats.items()},
        }


@dataclass(frozen=True, slots=True)
class GameOption:
    """A game-wide setting a client may offer when a game is made (the board game's scenario
    and house-card deck): the config key, its title, the values (the first is the default)."""

    key: str
    title: str
    values: tuple[OptionValue, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "values": [v.to_json() for v in self.values],
        }


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is: its name, its seats and how it is played, and its config check."""

    name: str
    title: str
    min_players: int
    max_players: int
    simultaneous_moves: bool
    hidden_information: bool
    validate: Callable[[Config], Config] = field(repr=False)
    factory: GameFactory = field(repr=False)
    players_key: str = "players"
    # per-seat settings by name (e.g. "deck"): see SeatOption
    seat_options: dict[str, SeatOption] = field(default_factory=dict, repr=False, compare=False)
    # game-wide settings a client may offer (e.g. the board game's scenario): see GameOption
    options: tuple[GameOption, ...] = field(default=(), repr=False, compare=False)
    # a decision its seat leaves to the server's bot by the game's own settings, though a person
    # sits there (the board game: a vassal's decisions, config ``vassal_bots``); None: never
    delegated: Callable[[Config, Decision], bool] | None = field(
        default=None, repr=False, compare=False
    )

    def check_config(self, config: Any) -> Config:
        """The validated config with defaults filled in; ConfigError with a clear message."""
        if not isinstance(config, dict):
            raise ConfigError(f"a {self.name} config must be an object, not {config!r}")
        try:
            return self.validate(config)
        except ConfigError:
            raise
        except (ValueError, TypeError) as exc:
            raise ConfigError(f"bad {self.name} config: {exc}") from None

    def players(self, config: Config) -> int:
        """The number of seats of a validated config."""
        if self.min_players == self.max_players:
            return self.min_players
        return int(config[self.players_key])
