"""westeros: A Game of Thrones board game and card game engines, bots and tools."""

__version__ = "0.1.0"
