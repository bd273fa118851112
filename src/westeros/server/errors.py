"""Errors the hub raises for clients: each carries its HTTP status."""

from __future__ import annotations


class ApiError(Exception):
    """An error a client caused or must know about; ``status`` is the HTTP status."""

    def __init__(self, status: int, detail: str, move: int | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.move = move
