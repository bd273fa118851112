"""Bots: players that see only their seat's view and their pending decision."""

from westeros.bots.base import Bot, play_out
from westeros.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "play_out"]
