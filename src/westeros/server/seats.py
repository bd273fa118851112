"""Who may play which seat: seat tokens, the owner's token and the rules of claiming.

* A seat token *is* the seat: whoever presents it plays that seat. Tokens are 128-bit random,
  stored as SHA-256 only, compared in constant time.
* Creating a game issues a token for the creator's seat and for every *invite* seat (its join
  link carries it): those seats are held from the start and can never be claimed.
* An *open* seat nobody holds can be claimed from the lobby, once: the claim is atomic (a
  conditional update), so of two racing claims exactly one wins.
* A held seat is released only by its holder or the game's owner; the owner can also give a
  seat to someone else (a new token), kick it to a bot and abandon the game. Releasing,
  giving, rotating or revoking a token closes its websockets at once.
* The holder may step away (a stand-in bot plays the seat) and come back.
"""

from __future__ import annotations

import secrets
from typing import Any

from westeros.server.errors import ApiError
from westeros.server.live import Db, LiveGame
from westeros.server.storage import SeatInfo, hash_token, token_matches


def new_token() -> str:
    """A 128-bit random token."""
    return secrets.token_urlsafe(16)


class Seats:
    """Seat and owner checks and changes of the live games (the caller holds the lock of the
    game for changes, and tells everyone afterwards)."""

    def __init__(self, db: Db) -> None:
        self.db = db
        self.repo = db.repo

    # -- who is asking ---------------------------------------------------------------------

    async def hashes(self, live: LiveGame) -> list[tuple[int, str | None]]:
        if live.token_hashes is None:
            live.token_hashes = await self.db(self.repo.seat_hashes, live.id)
        return live.token_hashes

    async def seat_of(self, live: LiveGame, token: str | None) -> int | None:
        """The seat a token speaks for; None for no token (a spectator) or the owner's
        token; 401 for any other."""
        if token is None:
            return None
        found = None
        for seat, stored in await self.hashes(live):
            if token_matches(token, stored):
                found = seat
        if found is None:
            if token_matches(token, live.owner_hash):
                return None
            raise ApiError(401, "this token is not a seat token of this game")
        return found

    def is_owner(self, live: LiveGame, token: str | None) -> bool:
        return token is not None and token_matches(token, live.owner_hash)

    async def require_holder_or_owner(self, live: LiveGame, seat: int, token: str | None) -> str:
        """'holder' or 'owner'; 401/403 otherwise."""
        if token is None:
            raise ApiError(401, "this needs 'Authorization: Bearer <seat or owner token>'")
        if self.is_owner(live, token):
            return "owner"
        if await self.seat_of(live, token) == seat:
            return "holder"
        raise ApiError(403, f"only seat {seat}'s holder or the game's owner may do this")

    async def require_holder(self, live: LiveGame, seat: int, token: str | None) -> None:
        if token is None:
            raise ApiError(401, "this needs 'Authorization: Bearer <seat token>'")
        if await self.seat_of(live, token) != seat:
            raise ApiError(403, f"this token is not seat {seat}'s")

    def require_owner(self, live: LiveGame, token: str | None) -> None:
        if token is None:
            raise ApiError(401, "this needs 'Authorization: Bearer <owner token>'")
        if not self.is_owner(live, token):
            raise ApiError(403, "only the game's owner may do this")

    @staticmethod
    def human_seat(live: LiveGame, seat: int) -> SeatInfo:
        """The human seat ``seat`` of a game in play (404/409 otherwise)."""
        if not 0 <= seat < len(live.seats):
            raise ApiError(404, f"game {live.id} has no seat {seat}")
        info = live.seats[seat]
        if info.type != "human":
            raise ApiError(409, f"seat {seat} is played by a bot")
        if live.status != "playing":
            raise ApiError(409, f"the game is {live.status}")
        return info

    # -- changes ---------------------------------------------------------------------------

    async def change(
        self, live: LiveGame, seat: int, values: dict[str, Any], only_if: dict[str, Any]
    ) -> bool:
        changed = await self.db(self.repo.update_seat, live.id, seat, values, only_if)
        if changed:
            live.token_hashes = None
        return changed

    async def claim(self, live: LiveGame, seat: int, name: str, token: str | None) -> str:
        """A token for a free open seat; with the seat's own token, a new name for it."""
        info = self.human_seat(live, seat)
        if token is not None:
            await self.require_holder(live, seat, token)
            await self.change(live, seat, {"name": name}, {})
            return token
        if info.access != "open":
            raise ApiError(409, f"seat {seat} is taken by invitation only (use its join link)")
        fresh = new_token()
        free = {"type": "human", "access": "open", "token_hash": None}
        if not await self.change(live, seat, {"name": name, "token_hash": hash_token(fresh)}, free):
            raise ApiError(409, f"seat {seat} is already taken")
        return fresh

    async def release(self, live: LiveGame, seat: int) -> None:
        await self.change(live, seat, {"token_hash": None}, {})

    async def give(self, live: LiveGame, seat: int, name: str | None) -> str:
        """A new token for the seat: the old one stops working; the seat is played by a
        person again (not away)."""
        fresh = new_token()
        values: dict[str, Any] = {"token_hash": hash_token(fresh), "away": False}
        if name:
            values["name"] = name
        await self.change(live, seat, values, {})
        return fresh

    async def set_away(self, live: LiveGame, seat: int, away: bool) -> bool:
        return await self.change(live, seat, {"away": away}, {"away": not away})
