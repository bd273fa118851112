"""Errors raised through the engine contract."""


class IllegalAction(Exception):
    """A choice that is not legal now. The game state is left exactly as it was.

    The text is for developers (the choice as written, the seat, the legal choices);
    ``player`` says the same to the person who chose, in the game's words (a server shows it)."""

    def __init__(self, message: str, player: str | None = None) -> None:
        super().__init__(message)
        self.player = player if player is not None else message


class RecordError(ValueError):
    """A record that cannot be read or replayed (corrupt, truncated, foreign, wrong version)."""
