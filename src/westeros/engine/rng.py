"""The game's own seeded random generator; its whole state is one integer.

We use SplitMix64 rather than :mod:`random` so that a record replays identically on
every Python version (``random.shuffle``'s draws are an implementation detail) and so
that cloning and hashing a game's randomness costs one integer copy.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an integer")
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: tuple[T, ...] | list[T]) -> tuple[T, ...]:
        out = list(items)
        self.shuffle(out)
        return tuple(out)

    def choice(self, items: tuple[T, ...] | list[T]) -> T:
        return items[self.below(len(items))]

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other
