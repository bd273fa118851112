"""The FastAPI application: the HTTP API and the websocket (paths documented in
docs/server.md), body limits and error handling. Game logic lives in the hub."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from westeros.server import migrations
from westeros.server.errors import ApiError
from westeros.server.fanout import encode
from westeros.server.hub import Hub
from westeros.server.schemas import (
    Claim,
    Claimed,
    Created,
    CreateGame,
    Give,
    Lobby,
    LobbyGame,
    Move,
    SeatLink,
    SeatPublic,
    StateMessage,
)
from westeros.server.storage import GameInfoRow, Repository, is_postgres, make_engine

log = logging.getLogger("westeros.server")

MAX_BODY = 64 * 1024
DEFAULT_DB = "sqlite:///westeros-server.sqlite3"


@dataclass
class Settings:
    db: str = DEFAULT_DB
    bot_delay: float = 0.5
    max_body: int = MAX_BODY
    listen: bool = True  # PostgreSQL: LISTEN for other processes' moves
    web: bool = True  # the browser client at / and /play/{id} (westeros.web.client)
    max_think: float = 3.0  # seconds a bot may think per decision
    idle_seconds: float = 300.0  # an unwatched game nobody moves leaves memory after this


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuses HTTP request bodies over ``limit`` bytes with 413 (declared or streamed)."""

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
        seen = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _BodyTooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except _BodyTooLarge:
            if not started:
                await _too_large(send, self.limit)


class _BodyTooLarge(Exception):
    pass


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


def _link(request: Request, game_id: str, seat: int, token: str | None) -> str:
    """A seat's join link (its token in the fragment: never sent to a server), or the
    game's page for an open seat."""
    base = str(request.base_url).rstrip("/")
    if token is None:
        return f"{base}/play/{game_id}?seat={seat}"
    return f"{base}/play/{game_id}?seat={seat}#token={token}"


def _claimed(request: Request, game_id: str, seat: int, name: str, token: str) -> Claimed:
    return Claimed(
        game=game_id, seat=seat, name=name, token=token, link=_link(request, game_id, seat, token)
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


def _json(message: dict[str, Any]) -> Response:
    """A state message as is (already JSON-ready: no second validation of the view)."""
    return Response(encode(message), media_type="application/json")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.db)
        await asyncio.to_thread(migrations.upgrade, engine)
        hub = Hub(
            Repository(engine),
            bot_delay=settings.bot_delay,
            max_think=settings.max_think,
            idle_seconds=settings.idle_seconds,
        )
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
        # looks at the games' objects only.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
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
    if settings.web:
        from westeros.web.client import mount

        mount(app)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub = request.app.state.hub
        assert isinstance(hub, Hub)
        return hub

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        content: dict[str, Any] = {"detail": exc.detail}
        if exc.move is not None:
            content["move"] = exc.move
        return JSONResponse(content, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            problems.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse({"detail": "; ".join(problems) or "bad request"}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def crash(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return JSONResponse({"detail": "internal server error"}, status_code=500)

    @app.post("/api/games", status_code=201, response_model=Created)
    async def create_game(body: CreateGame, request: Request) -> Created:
        config = dict(body.config or {})
        if body.players is not None:
            config["players"] = body.players
        if body.tides is not None:
            config["tides"] = body.tides
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
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
                    link=_link(request, created.id, i, token),
                    creator=creator,
                )
                for i, name, token, creator in created.seats
            ],
        )

    @app.get("/api/games", response_model=Lobby)
    async def lobby(
        request: Request,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        before: Annotated[str | None, Query(max_length=80)] = None,
        status: Annotated[str | None, Query(max_length=16)] = None,
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
        token = await hub_of(request).claim(game_id, seat, body.name, _bearer(authorization))
        return _claimed(request, game_id, seat, body.name, token)

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
        return _claimed(request, game_id, seat, live.seats[seat].name, token)

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
        return _claimed(request, game_id, seat, live.seats[seat].name, token)

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
        seat = await hub.authenticate(game_id, _bearer(authorization))
        return _json(await hub.state(game_id, seat, since))

    @app.post("/api/games/{game_id}/moves", response_model=StateMessage)
    async def move(
        game_id: str,
        body: Move,
        request: Request,
        since: Annotated[int | None, Query(ge=0)] = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Response:
        hub = hub_of(request)
        await hub.get(game_id)
        token = _bearer(authorization)
        if token is None:
            raise ApiError(401, "a move needs 'Authorization: Bearer <seat token>'")
        seat = await hub.authenticate(game_id, token)
        assert seat is not None
        text = await hub.move(game_id, seat, body.move, body.choice, since)
        return Response(text, media_type="application/json")

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, request: Request) -> dict[str, Any]:
        return await hub_of(request).record(game_id)

    @app.websocket("/api/games/{game_id}/ws")
    async def websocket(
        ws: WebSocket,
        game_id: str,
        token: str | None = None,
        since: int = 0,
    ) -> None:
        hub = hub_of(ws)
        await ws.accept()
        try:
            live = await hub.get(game_id)
            seat = await hub.authenticate(game_id, token or None)
        except ApiError as exc:
            await ws.send_json({"error": exc.detail, "status": exc.status})
            await ws.close(code=4000 + exc.status, reason=exc.detail[:120])
            return
        conn = await hub.connect(live, seat, max(0, since), token or None)

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
                receive = asyncio.create_task(ws.receive_text())
                done, _ = await asyncio.wait(
                    {receive, send_task}, return_when=asyncio.FIRST_COMPLETED
                )
                if send_task in done:
                    receive.cancel()
                    break
                receive.result()  # clients need not send anything; messages are ignored
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            hub.disconnect(live, conn)
            send_task.cancel()
            with contextlib.suppress(BaseException):
                await send_task

    return app


def app_from_env() -> FastAPI:
    """For ``uvicorn westeros.server.app:app_from_env --factory`` (settings from the
    environment: WESTEROS_DB, WESTEROS_BOT_DELAY)."""
    import os

    return create_app(
        Settings(
            db=os.environ.get("WESTEROS_DB", DEFAULT_DB),
            bot_delay=float(os.environ.get("WESTEROS_BOT_DELAY", "0.5")),
        )
    )
