"""The API's pydantic models: what requests must look like and what responses hold.

A state message (``GET /api/games/{id}/state`` and every websocket message) is documented in
docs/server.md; its ``view`` and event fields belong to the game kind, so they are free-form
JSON here.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    model_validator,
)
from pydantic_core import PydanticCustomError

from westeros.server.names import EmptyName, clean_name
from westeros.server.seatoptions import OptionProblems, apply

NAME_LENGTH = 64


def _clean_name(value: str) -> str:
    """A display name without control or format characters (see ``names.clean_name``)."""
    try:
        name = clean_name(value)
    except EmptyName as exc:
        raise PydanticCustomError("name", str(exc)) from None
    if len(name) > NAME_LENGTH:
        raise PydanticCustomError("name", f"a name has at most {NAME_LENGTH} characters")
    return name


CleanName = Annotated[str, Field(min_length=1, max_length=NAME_LENGTH), AfterValidator(_clean_name)]


DECK_LIST_LENGTH = 20_000


class DeckList(BaseModel):
    """A deck list as a person pastes it: ThronesDB's "export as text" list or its JSON."""

    model_config = ConfigDict(extra="forbid")

    text: StrictStr = Field(min_length=1, max_length=DECK_LIST_LENGTH)


# a seat's deck (the card game): a shipped deck's id, or a pasted list
SeatDeck = Annotated[StrictStr, Field(min_length=1, max_length=64)] | DeckList


def _value(value: StrictStr | BaseModel | None) -> Any:
    return value.model_dump() if isinstance(value, BaseModel) else value


class SeatSpec(BaseModel):
    """A seat of a new game. A human seat is ``invite`` (its join link carries its token;
    the default) or ``open`` (anyone may claim it from the lobby); ``creator`` marks the
    creator's own seat (held at once, like an invite seat). ``deck``: the seat's deck in a
    kind that takes one per seat (the card game; see docs/server.md, "Seat options")."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["human", "bot"]
    bot: str | None = Field(default=None, max_length=32)
    name: CleanName | None = None
    access: Literal["open", "invite"] | None = None
    creator: StrictBool = False
    deck: SeatDeck | None = None


class CreateGame(BaseModel):
    """``players`` and ``tides`` are board-game config keys; other kinds put theirs in
    ``config``. Per-seat settings (``seats[i].deck``) are checked here and moved into the
    config (a 422 lists every problem, seat by seat)."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(max_length=32)
    players: StrictInt | None = None
    tides: StrictBool | None = None
    config: dict[str, Any] | None = None
    seats: list[SeatSpec] | None = Field(default=None, max_length=16)
    private: StrictBool = False
    clock: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _seat_options(self) -> CreateGame:
        seats = self.seats or []
        try:
            self.config = apply(self.kind, self.config, {"deck": [_value(s.deck) for s in seats]})
        except OptionProblems as exc:
            problems = [p.to_json() for p in exc.problems]
            raise PydanticCustomError(
                "seat_options", "{detail}", {"detail": str(exc), "problems": problems}
            ) from None
        return self


class OptionCheck(BaseModel):
    """A per-seat setting to check before creating a game (e.g. a deck as it is typed)."""

    model_config = ConfigDict(extra="forbid")

    value: SeatDeck


class OptionChecked(BaseModel):
    """``ok`` and the setting's summary (e.g. the deck's faction, agenda and sizes), or every
    problem (``problems``, one a line) and ``detail`` saying them all."""

    ok: bool
    value: Any = None
    summary: dict[str, Any] | None = None
    detail: str | None = None
    problems: list[str] = Field(default_factory=list)


class OptionChoices(BaseModel):
    """The ready-made values of a per-seat setting (e.g. the shipped decks)."""

    kind: str
    option: str
    config_key: str
    choices: list[dict[str, Any]]


class Kind(BaseModel):
    """A game kind this server hosts: its seats, the bots that play it (the stand-in first),
    the settings each seat may bring and the game-wide settings a lobby may offer."""

    kind: str
    title: str
    min_players: int
    max_players: int
    bots: list[str]
    stand_in: str
    seat_options: list[str]
    # game-wide settings to offer (the board game's scenario and house-card deck):
    # [{"key", "title", "values": [{"value", "title", "players", "requires", "seats"}]}]
    options: list[dict[str, Any]] = Field(default_factory=list)


class SeatLink(BaseModel):
    """A human seat of a new game: its token and join link (an invite seat, the creator's),
    or no token and the game's page (an open seat, claimed from there)."""

    seat: int
    name: str
    token: str | None
    link: str
    creator: bool = False


class Created(BaseModel):
    id: str
    kind: str
    config: dict[str, Any]
    owner_token: str
    seats: list[SeatLink]


class SeatPublic(BaseModel):
    seat: int
    type: str
    bot: str | None
    name: str
    claimed: bool
    access: str | None = None
    away: bool = False


class LobbyGame(BaseModel):
    id: str
    kind: str
    config: dict[str, Any]
    status: str
    move: int
    players: list[SeatPublic]
    free_seats: list[int]
    created_at: str
    error: str | None = None


class Lobby(BaseModel):
    """A page of public games, newest first; ``next`` is the cursor of the next page."""

    games: list[LobbyGame]
    next: str | None = None


class Give(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: CleanName | None = None


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: CleanName


CHAT_LENGTH = 500  # characters of one line of chat


def _clean_line(value: str) -> str:
    try:
        return clean_name(value)  # the same cleaning as names: no escapes, no invisible text
    except EmptyName:
        raise PydanticCustomError("chat", "a line of chat needs a visible character") from None


class Say(BaseModel):
    """One line of table talk."""

    model_config = ConfigDict(extra="forbid")

    text: Annotated[
        StrictStr, Field(min_length=1, max_length=CHAT_LENGTH), AfterValidator(_clean_line)
    ]


class ChatLine(BaseModel):
    id: int
    seat: int
    name: str
    text: str
    at: str


class Chat(BaseModel):
    lines: list[ChatLine]


class Claimed(BaseModel):
    game: str
    seat: int
    name: str
    token: str
    link: str


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")

    move: StrictInt = Field(ge=0)
    choice: StrictStr | StrictInt


class StateMessage(BaseModel):
    """One seat's (or a spectator's) state; see docs/server.md."""

    game: str
    seat: int | None
    move: int
    status: str
    view: dict[str, Any] | None
    decisions: list[dict[str, Any]]
    events: list[dict[str, Any]]
    next: int
    outcome: dict[str, Any] | None
    players: list[dict[str, Any]]
    waiting: list[int]
    clocks: list[dict[str, Any]] | None = None
    notices: list[dict[str, Any]] = Field(default_factory=list)
    chat: int = 0  # the id of the newest line of chat (GET …/chat?after=N reads the lines)
    spectators: int = 0  # websockets watching without a seat (on this process)
    error: str | None = None


class Problem(BaseModel):
    detail: str
    move: int | None = None
