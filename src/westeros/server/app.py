"""The FastAPI application: the HTTP API and the websocket (paths documented in
docs/server.md), body limits, rate limits, health and metrics, error handling. Game logic
lives in the hub."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from westeros.bots.registry import bots_for, default_bot
from westeros.engine import ConfigError, SeatOption, game_info, known_games, shown
from westeros.server import dblock, migrations
from westeros.server.bots import MAX_BOT_MOVES
from westeros.server.errors import ApiError
from westeros.server.fanout import encode
from westeros.server.health import PING_TIMEOUT, RETRY_AFTER, ping, unavailable
from westeros.server.hub import Hub
from westeros.server.metrics import Metrics
from westeros.server.ratelimit import RateLimiter, RateLimits, TooManyRequests
from westeros.server.schemas import (
    Chat,
    ChatLine,
    Claim,
    Claimed,
    Created,
    CreateGame,
    DeckList,
    Give,
    Kind,
    Lobby,
    LobbyGame,
    Move,
    OptionCheck,
    OptionChecked,
    OptionChoices,
    Say,
    SeatLink,
    SeatPublic,
    StateMessage,
)
from westeros.server.seatoptions import UnknownOption, option_of
from westeros.server.storage import GameInfoRow, Repository, is_postgres, make_engine

# a malformed choice, in words for either game
CHOICE_PROBLEM = "A choice is a word or a whole number (a bid, say, is a whole number)."

log = logging.getLogger("westeros.server")

MAX_BODY = 64 * 1024
MAX_ID = 2**31 - 1  # the largest row id (INTEGER on PostgreSQL): a larger one is a 422
DEFAULT_DB = "sqlite:///westeros-server.sqlite3"
DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"


@dataclass
class Settings:
    db: str = DEFAULT_DB
    bot_delay: float = 0.5
    max_body: int = MAX_BODY
    listen: bool = True  # PostgreSQL: LISTEN for other processes' moves
    web: bool = True  # the browser client at / and /play/{id} (westeros.web.client)
    max_think: float = 3.0  # seconds a bot may think per decision
    max_bot_moves: int = MAX_BOT_MOVES  # bot moves in a row before a game is stopped
    idle_seconds: float = 300.0  # an unwatched game nobody moves leaves memory after this
    freeze_gc: bool = False  # a server process freezes its start-up objects (serve() does)
    public_url: str = DEFAULT_PUBLIC_URL  # join links start with it (never the Host header)
    cors_origins: tuple[str, ...] = ()  # origins of other sites' pages allowed to call the API
    limits: RateLimits = field(default_factory=RateLimits)  # per client address


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuses HTTP request bodies over ``limit`` bytes with 413, declared or streamed
    (chunked): the body is read here first, at most ``limit`` bytes of it, and handed to the
    application in one message."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared < 0 or declared > self.limit:
                    await _too_large(send, self.limit)
                    return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                first = message  # the client left: the application hears it
                break
            body += message.get("body", b"")
            if len(body) > self.limit:
                await _too_large(send, self.limit)
                return
            if not message.get("more_body", False):
                first = {"type": "http.request", "body": bytes(body), "more_body": False}
                break
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return first
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(send: Send, limit: int) -> None:
    body = f'{{"detail":"request body over {limit} bytes"}}'.encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "Authorization must be 'Bearer <seat token>'")
    return token.strip()


def _since(text: str) -> int:
    """The websocket's ``since`` (read here, so that a bad one gets the error message, not a
    bare close); a negative one counts as 0."""
    try:
        return max(0, int(text))
    except ValueError:
        problem = f"since must be a whole number (an event index), not {shown(text)}"
        raise ApiError(422, problem) from None


def _link(base: str, game_id: str, seat: int, token: str | None) -> str:
    """A seat's join link on the configured public URL (the Host header is the client's to
    forge), its token in the fragment (never sent to a server); an open seat's: the page."""
    page = f"{base.rstrip('/')}/play/{game_id}?seat={seat}"
    return page if token is None else f"{page}#token={token}"


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client is not None else "unknown"


def _claimed(base: str, game_id: str, seat: int, name: str, token: str) -> Claimed:
    return Claimed(
        game=game_id, seat=seat, name=name, token=token, link=_link(base, game_id, seat, token)
    )


def _lobby_game(r: GameInfoRow) -> LobbyGame:
    return LobbyGame(
        id=r.id,
        kind=r.kind,
        config=r.config,
        status=r.status,
        move=r.moves,
        players=[
            SeatPublic(
                seat=s.seat,
                type=s.type,
                bot=s.bot,
                name=s.name,
                claimed=s.claimed,
                access=s.access if s.type == "human" else None,
                away=s.away,
            )
            for s in r.seats
        ],
        free_seats=[
            s.seat for s in r.seats if s.type == "human" and s.access == "open" and not s.claimed
        ],
        created_at=r.created_at.isoformat(),
        error=r.error,
    )


def kind_of_game(kind: str) -> Kind:
    info = game_info(kind)
    return Kind(
        kind=kind,
        title=info.title,
        min_players=info.min_players,
        max_players=info.max_players,
        bots=bots_for(kind),
        stand_in=default_bot(kind),
        seat_options=sorted(info.seat_options),
        options=[o.to_json() for o in info.options],
    )


def _option(kind: str, name: str) -> SeatOption:
    try:
        return option_of(kind, name)
    except UnknownOption as exc:
        raise ApiError(404, str(exc)) from None


def _json(message: dict[str, Any]) -> Response:
    """A state message as is (already JSON-ready: no second validation of the view)."""
    return Response(encode(message), media_type="application/json")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    metrics = Metrics()
    limiter = RateLimiter(settings.limits)
    db = settings.db

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lock = dblock.acquire(db)  # DatabaseInUse: another process serves this file
        try:
            async with serving(app):
                yield
        finally:
            dblock.release(lock)

    @asynccontextmanager
    async def serving(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.db)
        await asyncio.to_thread(migrations.upgrade, engine)
        hub = Hub(
            Repository(engine),
            bot_delay=settings.bot_delay,
            max_think=settings.max_think,
            idle_seconds=settings.idle_seconds,
            metrics=metrics,
            max_bot_moves=settings.max_bot_moves,
        )
        metrics.count_games(lambda: sum(g.status == "playing" for g in hub.live.games.values()))
        app.state.hub = hub
        listener: asyncio.Task[None] | None = None
        if settings.listen and is_postgres(settings.db):
            from westeros.server.listener import listen

            ready = asyncio.Event()
            listener = asyncio.create_task(listen(hub, settings.db, ready))
            await asyncio.wait_for(ready.wait(), timeout=30)
        resumed = await hub.start()
        if resumed:
            log.info("resumed %d games with bots to move or clocks running", len(resumed))
        # What start-up made (modules, the app, the schema: ~100,000 objects) lives as long as
        # the process: out of the collector's sight, a full collection (a pause of every game)
        # looks at the games' objects only. (Off for an app embedded in a larger process, e.g.
        # the tests: collecting their whole heap at every start costs more than it saves.)
        if settings.freeze_gc:
            gc.collect()
            gc.freeze()
        try:
            yield
        finally:
            if settings.freeze_gc:
                gc.unfreeze()
            if listener is not None:
                listener.cancel()
                with contextlib.suppress(BaseException):
                    await listener
            await hub.close()
            engine.dispose()

    app = FastAPI(
        title="westeros server",
        version="1",
        description="Hosts A Game of Thrones games for people and bots. See docs/server.md.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, limit=settings.max_body)
    if settings.cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type"],
            max_age=600,
        )

    public = settings.public_url

    def hub_of(request: Request | WebSocket) -> Hub:
        hub = request.app.state.hub
        assert isinstance(hub, Hub)
        return hub

    if settings.web:
        from westeros.web.client import mount

        async def kind_of(request: Request, game_id: str) -> str | None:
            """The kind of a game, for the web client to pick its page (None: no such game)."""
            try:
                return (await hub_of(request).get(game_id)).kind
            except ApiError:
                return None

        mount(app, kind_of)

    async def seat_of(hub: Hub, game_id: str, authorization: str | None, what: str) -> int | None:
        """The seat of the bearer token (401 without a token or for a bad one; None for the
        owner's token, which is no seat)."""
        await hub.get(game_id)
        token = _bearer(authorization)
        if token is None:
            raise ApiError(401, f"{what} needs 'Authorization: Bearer <seat token>'")
        return await hub.authenticate(game_id, token)

    def limit(route: str, request: Request | WebSocket) -> None:
        limit_key(route, _client(request))

    def limit_key(route: str, key: str) -> None:
        """Count one request on ``route`` for ``key`` (a client address, or a game's seat)."""
        try:
            limiter.check(route, key)
        except TooManyRequests:
            metrics.throttled(route)
            raise

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        content: dict[str, Any] = {"detail": exc.detail}
        if exc.move is not None:
            content["move"] = exc.move
        headers = {}
        if isinstance(exc, TooManyRequests):
            headers["Retry-After"] = str(exc.retry_after)
        elif exc.status == 503:
            headers["Retry-After"] = str(RETRY_AFTER)
        return JSONResponse(content, status_code=exc.status, headers=headers)

    @app.exception_handler(DBAPIError)
    @app.exception_handler(PoolTimeout)
    async def database_error(_request: Request, exc: Exception) -> JSONResponse:
        if not unavailable(exc):
            log.error("database error", exc_info=exc)
            return JSONResponse({"detail": "internal server error"}, status_code=500)
        log.warning("the database is unreachable: %s", str(exc).splitlines()[0])
        return JSONResponse(
            {"detail": "the database is unreachable; try again shortly"},
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        content: dict[str, Any] = {}
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            if where.split(".")[0] == "choice":  # one sentence for the player, not two
                if CHOICE_PROBLEM not in problems:
                    problems.append(CHOICE_PROBLEM)
                continue
            problems.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
            if err.get("type") == "seat_options":  # every problem, seat by seat
                content["problems"] = err["ctx"]["problems"]
        return JSONResponse(
            {"detail": "; ".join(problems) or "bad request", **content}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return JSONResponse({"detail": "internal server error"}, status_code=500)

    @app.get("/healthz")
    async def healthz(request: Request) -> JSONResponse:
        """200 when the database answers ``SELECT 1`` (on the hub's database thread)."""
        hub = hub_of(request)
        try:
            await asyncio.wait_for(hub.db(ping, hub.repo.engine), PING_TIMEOUT)
        except Exception as exc:
            log.warning("health check: the database does not answer (%s)", type(exc).__name__)
            return JSONResponse(
                {"status": "unavailable", "detail": "the database does not answer"},
                status_code=503,
                headers={"Retry-After": str(RETRY_AFTER)},
            )
        return JSONResponse({"status": "ok"})

    @app.get("/metrics")
    async def prometheus() -> Response:
        text, content_type = metrics.render()
        return Response(text, media_type=content_type)

    @app.post("/api/games", status_code=201, response_model=Created)
    async def create_game(body: CreateGame, request: Request) -> Created:
        limit("games", request)
        config = dict(body.config or {})
        if body.players is not None:
            config["players"] = body.players
        if body.tides is not None:
            config["tides"] = body.tides
        seats = (
            [s.model_dump(exclude={"deck"}) for s in body.seats] if body.seats is not None else None
        )
        created = await hub_of(request).create(body.kind, config, seats, body.private, body.clock)
        return Created(
            id=created.id,
            kind=body.kind,
            config=created.config,
            owner_token=created.owner_token,
            seats=[
                SeatLink(
                    seat=i,
                    name=name,
                    token=token,
                    link=_link(public, created.id, i, token),
                    creator=creator,
                )
                for i, name, token, creator in created.seats
            ],
        )

    @app.get("/api/kinds", response_model=list[Kind])
    async def kinds() -> list[Kind]:
        """The game kinds this server hosts, with the bots that play each."""
        return [kind_of_game(k) for k in known_games()]

    @app.get("/api/kinds/{kind}/seat-options/{option}", response_model=OptionChoices)
    async def option_choices(kind: str, option: str) -> OptionChoices:
        """The ready-made values of a per-seat setting (the card game's shipped decks)."""
        found = _option(kind, option)
        return OptionChoices(
            kind=kind, option=option, config_key=found.config_key, choices=found.choices()
        )

    @app.post("/api/kinds/{kind}/seat-options/{option}/check", response_model=OptionChecked)
    async def option_check(kind: str, option: str, body: OptionCheck) -> OptionChecked:
        """Check one seat's setting (e.g. a deck list as it is pasted): its summary, or every
        problem found."""
        found = _option(kind, option)
        value = body.value.model_dump() if isinstance(body.value, DeckList) else body.value
        try:
            kept, summary = await asyncio.to_thread(found.check, value)
        except ConfigError as exc:
            return OptionChecked(ok=False, detail="; ".join(exc.problems), problems=exc.problems)
        return OptionChecked(ok=True, value=kept, summary=summary)

    @app.get("/api/games", response_model=Lobby)
    async def lobby(
        request: Request,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        before: Annotated[str | None, Query(max_length=80)] = None,
        status: Annotated[str | None, Query(max_length=16, pattern="^[a-z]*$")] = None,
    ) -> Lobby:
        rows, cursor = await hub_of(request).lobby(limit, before, status)
        return Lobby(games=[_lobby_game(r) for r in rows], next=cursor)

    @app.post("/api/games/{game_id}/seats/{seat}/claim", response_model=Claimed)
    async def claim(
        game_id: str,
        seat: int,
        body: Claim,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Claimed:
        limit("claims", request)
        token = await hub_of(request).claim(game_id, seat, body.name, _bearer(authorization))
        return _claimed(public, game_id, seat, body.name, token)

    @app.post("/api/games/{game_id}/seats/{seat}/release", status_code=204)
    async def release(
        game_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        await hub_of(request).release(game_id, seat, _bearer(authorization))
        return Response(status_code=204)

    @app.post("/api/games/{game_id}/seats/{seat}/give", response_model=Claimed)
    async def give(
        game_id: str,
        seat: int,
        body: Give,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Claimed:
        hub = hub_of(request)
        token = await hub.give(game_id, seat, _bearer(authorization), body.name)
        live = await hub.get(game_id)
        return _claimed(public, game_id, seat, live.seats[seat].name, token)

    @app.post("/api/games/{game_id}/seats/{seat}/rotate", response_model=Claimed)
    async def rotate(
        game_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Claimed:
        hub = hub_of(request)
        token = await hub.rotate(game_id, seat, _bearer(authorization))
        live = await hub.get(game_id)
        return _claimed(public, game_id, seat, live.seats[seat].name, token)

    @app.post("/api/games/{game_id}/seats/{seat}/kick", status_code=204)
    async def kick(
        game_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        await hub_of(request).kick(game_id, seat, _bearer(authorization))
        return Response(status_code=204)

    @app.post("/api/games/{game_id}/seats/{seat}/away", status_code=204)
    async def away(
        game_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        await hub_of(request).away(game_id, seat, _bearer(authorization), True)
        return Response(status_code=204)

    @app.post("/api/games/{game_id}/seats/{seat}/back", status_code=204)
    async def back(
        game_id: str,
        seat: int,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        await hub_of(request).away(game_id, seat, _bearer(authorization), False)
        return Response(status_code=204)

    @app.post("/api/games/{game_id}/abandon", status_code=204)
    async def abandon(
        game_id: str,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        await hub_of(request).abandon(game_id, _bearer(authorization))
        return Response(status_code=204)

    @app.get("/api/games/{game_id}/state", response_model=StateMessage)
    async def state(
        game_id: str,
        request: Request,
        since: Annotated[int, Query(ge=0)] = 0,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        hub = hub_of(request)
        await hub.get(game_id)
        token = _bearer(authorization)
        seat = await hub.authenticate(game_id, token)
        return _json(await hub.state(game_id, seat, since, token))

    @app.post("/api/games/{game_id}/moves", response_model=StateMessage)
    async def move(
        game_id: str,
        body: Move,
        request: Request,
        since: Annotated[int | None, Query(ge=0)] = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        received = time.perf_counter()
        limit("moves", request)
        hub = hub_of(request)
        seat = await seat_of(hub, game_id, authorization, "a move")
        if seat is None:
            raise ApiError(401, "a move needs 'Authorization: Bearer <seat token>'")
        token = _bearer(authorization)
        text = await hub.move(game_id, seat, body.move, body.choice, since, token)
        metrics.move_latency(time.perf_counter() - received)  # committed and broadcast
        return Response(text, media_type="application/json")

    @app.post("/api/games/{game_id}/chat", status_code=201, response_model=ChatLine)
    async def say(
        game_id: str,
        body: Say,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """One line of table talk by a seat's holder; spectators read the chat, never write."""
        hub = hub_of(request)
        seat = await seat_of(hub, game_id, authorization, "chat")
        if seat is None:
            raise ApiError(403, "spectators read the table talk; only the players write")
        limit_key("chat", f"{game_id}:{seat}")
        return await hub.say(game_id, seat, body.text, _bearer(authorization))

    @app.get("/api/games/{game_id}/chat", response_model=Chat)
    async def chat(
        game_id: str, request: Request, after: Annotated[int, Query(ge=0, le=MAX_ID)] = 0
    ) -> dict[str, Any]:
        """The table talk after line ``after`` (the newest 200), for players and spectators."""
        return {"lines": await hub_of(request).chat(game_id, after)}

    @app.get("/api/games/{game_id}/replay")
    async def replay(
        game_id: str,
        request: Request,
        move: Annotated[int, Query(ge=0)] = 0,
        since: Annotated[int, Query(ge=0)] = 0,
    ) -> dict[str, Any]:
        """A finished game after ``move`` moves as a spectator saw it: its view, the log from
        event ``since``, the number of moves and the moves where rounds began."""
        limit("replays", request)
        return await hub_of(request).replay(game_id, move, since)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, request: Request) -> dict[str, Any]:
        return await hub_of(request).record(game_id)

    @app.websocket("/api/games/{game_id}/ws")
    async def websocket(
        ws: WebSocket,
        game_id: str,
        token: str | None = None,
        since: str = "0",
    ) -> None:
        hub = hub_of(ws)
        await ws.accept()
        try:
            limit("websockets", ws)
            start = _since(since)
            live = await hub.get(game_id)
            seat = await hub.authenticate(game_id, token or None)
            conn = await hub.connect(live, seat, start, token or None)
        except ApiError as exc:
            await ws.send_json({"error": exc.detail, "status": exc.status})
            await ws.close(code=4000 + exc.status, reason=exc.detail[:120])
            return
        except (DBAPIError, PoolTimeout) as exc:
            if not unavailable(exc):
                raise
            await ws.send_json({"error": "the database is unreachable", "status": 503})
            await ws.close(code=4503, reason="the database is unreachable")
            return
        metrics.ws_opened()

        async def sender() -> None:
            while True:
                text = await conn.queue.get()
                if text is None:
                    await ws.close(code=1001)
                    return
                await ws.send_text(text)

        send_task = asyncio.create_task(sender())
        try:
            while True:
                receive = asyncio.create_task(ws.receive())
                done, _ = await asyncio.wait(
                    {receive, send_task}, return_when=asyncio.FIRST_COMPLETED
                )
                if send_task in done:
                    receive.cancel()
                    break
                # Clients need not send anything: text, binary or malformed frames are ignored.
                if receive.result()["type"] == "websocket.disconnect":
                    break
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            metrics.ws_closed()
            send_task.cancel()
            with contextlib.suppress(BaseException):
                await send_task
            await hub.disconnect(live, conn)

    return app


def app_from_env() -> FastAPI:
    """For ``uvicorn westeros.server.app:app_from_env --factory``: settings from the
    environment (docs/server.md): WESTEROS_DB, WESTEROS_BOT_DELAY, WESTEROS_PUBLIC_URL,
    WESTEROS_CORS_ORIGINS (comma-separated), WESTEROS_LIMIT_GAMES, WESTEROS_LIMIT_CLAIMS,
    WESTEROS_LIMIT_MOVES, WESTEROS_LIMIT_WEBSOCKETS, WESTEROS_LOG_LEVEL, WESTEROS_LOG_FORMAT,
    WESTEROS_MAX_THINK, WESTEROS_IDLE_SECONDS, WESTEROS_MAX_BOT_MOVES."""
    import os

    from westeros.server.logs import configure_logging

    env = os.environ
    configure_logging(env.get("WESTEROS_LOG_LEVEL", "info"), env.get("WESTEROS_LOG_FORMAT", "text"))
    defaults = RateLimits()
    public = env.get("WESTEROS_PUBLIC_URL")
    if not public:
        log.warning("WESTEROS_PUBLIC_URL is not set: join links start with %s", DEFAULT_PUBLIC_URL)
    return create_app(
        Settings(
            db=env.get("WESTEROS_DB", DEFAULT_DB),
            bot_delay=float(env.get("WESTEROS_BOT_DELAY", "0.5")),
            public_url=public or DEFAULT_PUBLIC_URL,
            cors_origins=tuple(
                o.strip() for o in env.get("WESTEROS_CORS_ORIGINS", "").split(",") if o.strip()
            ),
            limits=RateLimits(
                games=env.get("WESTEROS_LIMIT_GAMES", defaults.games),
                claims=env.get("WESTEROS_LIMIT_CLAIMS", defaults.claims),
                moves=env.get("WESTEROS_LIMIT_MOVES", defaults.moves),
                websockets=env.get("WESTEROS_LIMIT_WEBSOCKETS", defaults.websockets),
                replays=env.get("WESTEROS_LIMIT_REPLAYS", defaults.replays),
            ),
            max_think=float(env.get("WESTEROS_MAX_THINK", "3.0")),
            freeze_gc=True,
            idle_seconds=float(env.get("WESTEROS_IDLE_SECONDS", "300")),
            max_bot_moves=int(env.get("WESTEROS_MAX_BOT_MOVES", str(MAX_BOT_MOVES))),
        )
    )
