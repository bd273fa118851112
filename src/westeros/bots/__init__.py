"""Bots: players that see only their seat's view and their pending decision."""

from westeros.bots.base import Bot, play_out
from westeros.bots.random_bot import RandomBot
from westeros.bots.registry import BOTS, make_bot

__all__ = ["BOTS", "Bot", "RandomBot", "make_bot", "play_out"]
