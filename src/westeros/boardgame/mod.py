"""Mother of Dragons set-up: its settings (X-MOD-1), the seats' houses and the vassals
(X-MOD-1.5, X-MOD-10.1) and the vassals' starting position (X-MOD-10.2).

Vassal *play* (commanders, vassal orders, vassal combat) lives in the vassals' own modules;
this module only puts the board of a MoD game in its round-1 position."""

from __future__ import annotations

from typing import Any

from westeros.boardgame import iron_bank
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame
from westeros.engine import ConfigError, shown

SCENARIO = "mod"
# X-MOD-1.4: sea orders and gifting are on in every MoD game unless the config turns them off
FLAGS = ("sea_orders", "gifting")
# X-MOD-1.2, X-MOD-Q3; X-MOD-1.3, X-MOD-Q1 (the Iron Bank: iron_bank.settings)
KEYS = ("vassals", *FLAGS, "essos", "targaryen_deck", "iron_bank", "starting_power")
ESSOS = "mod_essos"  # X-MOD-1.2: the 8-house set-up, with Targaryen and Essos
TARGARYEN = "targaryen"
TOP_SPACES = 3  # X-MOD-10.2 (S&R): no vassal starts in the top 3 spaces of a track
# the seat counts a client offers: 3 to 7, the unplayed houses as vassals (X-MOD-13.1, X-MOD-10)
OFFERED_SEATS: tuple[int, ...] = T.SCENARIOS[SCENARIO].seats


def _words(items: tuple[str, ...] | list[str]) -> str:
    return ", ".join(items)


def refuse_keys(config: dict[str, Any], scenario: str) -> None:
    """The MoD settings belong to scenario ``mod`` only: another scenario names the key."""
    if scenario == SCENARIO:
        return
    for key in KEYS:
        if key in config:
            raise ConfigError(f"{key} is a setting of scenario 'mod' only")


def _house_list(value: object, key: str, allowed: tuple[str, ...], size: int) -> list[str]:
    if (
        not isinstance(value, list)
        or not all(isinstance(h, str) for h in value)
        or len(value) != size
        or len(set(value)) != size
        or not set(value) <= set(allowed)
    ):
        raise ConfigError(
            f"{key} must list {size} different houses of {_words(allowed)}, not {shown(value)}"
        )
    return list(value)


def board(config: dict[str, Any]) -> str:
    """X-MOD-1.2: the set-up of a MoD config — ``mod`` (7 houses) or, with ``essos``, the
    8-house ``mod_essos``."""
    essos = config.get("essos", False)
    if not isinstance(essos, bool):
        raise ConfigError(f"essos must be true or false, not {shown(essos)}")
    return ESSOS if essos else SCENARIO


def seat_houses(config: dict[str, Any], players: int) -> list[str] | None:
    """X-MOD-13.1: the seats' houses, ``players`` different houses of the 7 (or the 8 with
    Essos, Targaryen among them, X-MOD-1.5) (or None)."""
    houses = config.get("houses")
    if houses is None:
        return None
    chosen = _house_list(houses, "houses", T.SCENARIOS[board(config)].houses, players)
    if board(config) == ESSOS and TARGARYEN not in chosen:
        raise ConfigError("with essos a player must play Targaryen (it is never a vassal)")
    return chosen


def settings(config: dict[str, Any], players: int, houses: list[str] | None) -> dict[str, Any]:
    """X-MOD-1.4, X-MOD-10.1: the vassals (the unplayed houses, in house order; derived from
    ``houses`` when given; None = chosen at random at set-up) and the module flags."""
    allowed = T.SCENARIOS[board(config)].houses
    vassals = config.get("vassals")
    if vassals is not None:
        vassals = _house_list(vassals, "vassals", allowed, len(allowed) - players)
        if TARGARYEN in vassals:  # X-MOD-1.5
            raise ConfigError("Targaryen is never a vassal")
    if houses is not None:
        unplayed = [h for h in allowed if h not in houses]
        if vassals is not None and sorted(vassals) != sorted(unplayed):
            raise ConfigError(
                f"vassals must be the houses no seat plays ({_words(unplayed)}), "
                f"not {shown(vassals)}"
            )
        vassals = unplayed
    elif vassals is not None:
        vassals = [h for h in allowed if h in vassals]
    elif players == len(allowed):
        vassals = []  # every house has a seat
    flags: dict[str, Any] = {}
    for key in FLAGS:
        flags[key] = config.get(key, True)
        if not isinstance(flags[key], bool):
            raise ConfigError(f"{key} must be true or false, not {shown(flags[key])}")
    bank = iron_bank.settings(config, board(config) == ESSOS)  # X-MOD-1.3, X-MOD-Q1
    return {"vassals": vassals} | flags | _targaryen_settings(config) | bank


def _targaryen_settings(config: dict[str, Any]) -> dict[str, Any]:
    """X-MOD-1.2, X-MOD-Q3: ``essos`` (Targaryen and Essos, default false) and, with it only,
    ``targaryen_deck`` (``a``, the default, or ``b``)."""
    if board(config) != ESSOS:
        if "targaryen_deck" in config:
            raise ConfigError("targaryen_deck is a setting of MoD games with essos only")
        return {}
    deck = config.get("targaryen_deck", "a")
    if not isinstance(deck, str) or deck not in T.TARGARYEN_DECKS:
        raise ConfigError(f"targaryen_deck must be a or b, not {shown(deck)}")
    return {"essos": True, "targaryen_deck": deck}


def seats_and_vassals(g: BoardGame) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """D1 for MoD: each seat's house and the vassals (X-MOD-10.1) — as configured, or the
    seats' houses drawn at random and the rest vassals, in house order."""
    cfg, allowed = g.config, g.setup.houses
    if cfg["houses"]:
        seats = tuple(cfg["houses"])
    elif cfg["vassals"] is not None:
        seats = g.rng.shuffled([h for h in allowed if h not in cfg["vassals"]])
    elif TARGARYEN in allowed:  # X-MOD-1.5: Targaryen always has a seat
        others = [h for h in allowed if h != TARGARYEN]
        seats = g.rng.shuffled([TARGARYEN, *g.rng.shuffled(others)[: cfg["players"] - 1]])
    else:
        seats = g.rng.shuffled(allowed)[: cfg["players"]]
    return seats, tuple(h for h in allowed if h not in seats)


def vassals_to_bottom(order: tuple[str, ...], vassals: tuple[str, ...]) -> tuple[str, ...]:
    """X-MOD-10.2 (S&R, X-MOD-Q4): if a vassal stands in one of the top 3 spaces of a track at
    set-up, all vassals move to the bottom of that track, keeping their order — above
    Targaryen, who keeps the last space (X-MOD-5.1, XF19)."""
    if not any(h in vassals for h in order[:TOP_SPACES]):
        return order
    last = tuple(h for h in order if h == TARGARYEN)
    players = (h for h in order if h not in vassals and h != TARGARYEN)
    return (*players, *(h for h in order if h in vassals), *last)
