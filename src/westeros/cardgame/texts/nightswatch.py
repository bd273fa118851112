"""Card texts: nightswatch cards (one entry per card, registered by code)."""

from __future__ import annotations
