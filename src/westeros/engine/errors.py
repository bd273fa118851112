"""Errors raised through the engine contract."""


class IllegalAction(Exception):
    """A choice that is not legal now. The game state is left exactly as it was."""


class RecordError(ValueError):
    """A record that cannot be read or replayed (corrupt, truncated, foreign, wrong version)."""
