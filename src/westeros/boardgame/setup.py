"""Setup for 3–6 players (R2) and the game configuration (D1)."""

from __future__ import annotations

from typing import Any, TypeVar

from westeros.boardgame import affc, iron_bank, mod, targaryen
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import TRACKS, BoardGame, Unit
from westeros.boardgame.vassals import check_vassal_bots
from westeros.engine import ConfigError, shown

SCENARIOS = ("base", "adwd", "affc", "mod")
BASE_DECKS = ("base", "adwd")  # the decks a base game may choose (X-ADWD-1.1)
CONFIG_KEYS = frozenset(
    {
        "players",
        "houses",
        "tides",
        "lannister_port_ship",
        "scenario",
        "house_cards",
        "arryn_power_tokens",
        "planning",
        *mod.KEYS,
        "vassal_bots",  # X-MOD-10.3: seats leaving their vassals to the server's bot
        "auto",  # the seats leaving the choices listed in docs/boardgame-engine.md to the engine
    }
)
PLANNING = ("sequential", "table")


def _scenario(config: dict[str, Any], players: int) -> tuple[str, str]:
    """The scenario and the house-card deck (X-ADWD-1.1, X-ADWD-2.1): a bad combination is a
    ConfigError naming the reason."""
    scenario = config.get("scenario", "base")
    if scenario not in SCENARIOS:
        raise ConfigError(f"scenario must be one of {', '.join(SCENARIOS)}, not {shown(scenario)}")
    default = "base" if scenario == "base" else T.SCENARIOS[scenario].house_cards
    cards = config.get("house_cards", default)
    choices = BASE_DECKS if scenario == "base" else tuple(T.HOUSE_CARD_DECKS)
    if cards not in choices:  # a tuple: a value of any type compares, hashable or not
        raise ConfigError(f"house_cards must be one of {', '.join(choices)}, not {shown(cards)}")
    if scenario != "base":
        setup = T.SCENARIOS[mod.board(config) if scenario == mod.SCENARIO else scenario]
        if players not in setup.seats:
            raise ConfigError(
                f"scenario {scenario!r} is played by exactly {setup.player_count} players, "
                f"not {players}"
            )
        if cards != setup.house_cards:
            raise ConfigError(
                f"scenario {scenario!r} is played with its own house cards "
                f"(house_cards {setup.house_cards!r}), not {cards!r}"
            )
    return scenario, cards


def validate_config(config: dict[str, Any]) -> dict[str, Any]:
    """Check a game configuration and fill in defaults; raise ValueError with a clear message.

    Keys: ``players`` (3–6), ``houses`` (optional list: the house of each seat; omitted =
    random assignment, D1), ``tides`` (Tides of Battle, default False), ``lannister_port_ship``
    (Q8 variant flag, default True: the errata ship is kept for every player count),
    ``scenario`` (``base``, ``adwd`` — A Dance with Dragons, 6 players, X-ADWD-2 — or ``affc``
    — A Feast for Crows, 4 players, X-AFFC-2), ``house_cards`` (``base`` or ``adwd``: the deck
    every house plays with; each scenario needs its own, the base scenario may use either,
    X-ADWD-1.1) and, in AFfC only, ``arryn_power_tokens`` (Arryn's power tokens, 20 by
    default, X-AFFC-Q3),
    ``planning`` (``sequential``, the default: one ``place_order`` decision per area in map
    order; ``table``: orders placed, changed and removed in any order, then Ready/Unready, and
    a march plan may be reset; bids are set, changed and confirmed until every house has
    confirmed; musters are planned with a reset before done — for people;
    planning.TableOrders, bidding.TableBids, mustering.TableMuster). In Mother of Dragons
    (``scenario: "mod"``, :mod:`~westeros.boardgame.mod`) also ``essos`` (House Targaryen and
    Essos: 4–8 players, Targaryen always seated, X-MOD-1.2) and, with it, ``targaryen_deck``
    (``a`` or ``b``, X-MOD-Q3) and ``iron_bank`` (default true, X-MOD-1.3); ``starting_power``
    (X-MOD-Q1: 7 with the Iron Bank, else 5; :mod:`~westeros.boardgame.iron_bank`).
    ``auto`` (optional: true, false or one per seat): the seats whose choices a player may
    leave to the engine (Fire Made Flesh's token, Beric Dondarrion's routed unit) get the
    engine's answer instead of a decision (docs/boardgame-engine.md).
    """
    unknown = set(config) - CONFIG_KEYS
    if unknown:
        raise ValueError(f"unknown config keys: {', '.join(sorted(unknown))}")
    players = _players(config)
    scenario, cards = _scenario(config, players)
    mod.refuse_keys(config, scenario)  # X-MOD-1: the MoD settings belong to MoD games
    houses = _houses(config, scenario, players)
    tides = config.get("tides", False)
    if not isinstance(tides, bool):
        raise ValueError("tides must be true or false")
    ship = config.get("lannister_port_ship", True)
    if not isinstance(ship, bool):
        raise ValueError("lannister_port_ship must be true or false")
    planning = config.get("planning", "sequential")
    if planning not in PLANNING:
        raise ConfigError(f"planning must be one of {', '.join(PLANNING)}, not {shown(planning)}")
    result = {
        "players": players,
        "houses": houses,
        "tides": tides,
        "lannister_port_ship": ship,
        "scenario": scenario,
        "house_cards": cards,
        "planning": planning,
    } | _arryn_tokens(config, scenario)
    if scenario == mod.SCENARIO:  # X-MOD-1.4, X-MOD-10.1 (other configs stay as they were)
        result |= mod.settings(config, players, houses)
    return result | check_vassal_bots(config, players) | _auto(config, players)


def _auto(config: dict[str, Any], players: int) -> dict[str, list[bool]]:
    """``auto``: the seats whose choices a player may leave to the engine get its automatic
    answer (one boolean for every seat, or one per seat; kept only when given)."""
    if "auto" not in config:
        return {}
    auto = config["auto"]
    if isinstance(auto, bool):
        return {"auto": [auto] * players}
    if not isinstance(auto, list) or len(auto) != players or not all(type(a) is bool for a in auto):
        raise ConfigError(
            f"auto must be true, false or one true/false per seat ({players} seats), "
            f"not {shown(auto)}"
        )
    return {"auto": list(auto)}


def _players(config: dict[str, Any]) -> int:
    """The player count: 3–6 (R2), 3–7 in Mother of Dragons (X-MOD-13.1)."""
    players: object = config.get("players", 6)
    counts: tuple[int, ...] = tuple(T.SETUPS)
    if config.get("scenario") == mod.SCENARIO:  # X-MOD-13.1 4-8 with essos (X-MOD-Q2)
        counts = T.SCENARIOS[mod.board(config)].seats
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        words = f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}"
        raise ValueError(f"players must be {words}, not {shown(players)}")
    return players


def _houses(config: dict[str, Any], scenario: str, players: int) -> list[str] | None:
    """D1: the house of each seat (None = drawn at random at set-up)."""
    if scenario == mod.SCENARIO:
        return mod.seat_houses(config, players)  # X-MOD-13.1: some of the 7 houses
    allowed = T.setup_of(scenario, players).houses
    houses = config.get("houses")
    if houses is not None and (
        not isinstance(houses, list)
        or not all(isinstance(h, str) for h in houses)
        or sorted(houses) != sorted(allowed)
    ):
        raise ValueError(
            f"houses for {players} players must list each of {', '.join(allowed)} once"
        )
    return houses


def _arryn_tokens(config: dict[str, Any], scenario: str) -> dict[str, int]:
    """X-AFFC-Q3: Arryn's power tokens in AFfC, 20 unless the config says otherwise (S&R plays
    with 19); the key belongs to AFfC games only."""
    if scenario != "affc":
        if "arryn_power_tokens" in config:
            raise ConfigError("arryn_power_tokens is a setting of scenario 'affc' only")
        return {}
    tokens = config.get("arryn_power_tokens", T.POWER_TOKENS_TOTAL)
    low = T.SCENARIOS["affc"].initial_power["arryn"]
    if isinstance(tokens, bool) or not isinstance(tokens, int) or not low <= tokens <= 20:
        raise ConfigError(f"arryn_power_tokens must be an integer {low}..20, not {shown(tokens)}")
    return {"arryn_power_tokens": tokens}


def new_state(config: dict[str, Any], seed: int) -> BoardGame:
    """A bare state in the round-1 position (R2); games are built by ``game.new_game``."""
    return set_up(BoardGame(validate_config(config), seed))


S = TypeVar("S", bound=BoardGame)


def set_up(g: S) -> S:
    """Put a fresh state (its config already validated) in the round-1 position (R2). The rules
    steps are pushed by ``game.new_game``."""
    cfg = g.config
    setup = g.setup
    g.houses = setup.houses
    if g.is_mod():  # X-MOD-10.1 the unplayed houses are vassals; X-MOD-3 the game's map
        g.seat_houses, g.vassals = mod.seats_and_vassals(g)
        g.map = T.MAPS["mod_essos" if cfg.get("essos") else setup.map]
    else:  # D1: houses chosen per seat, or assigned at random.
        g.seat_houses = tuple(cfg["houses"]) if cfg["houses"] else g.rng.shuffled(setup.houses)
    g.tides = cfg["tides"]
    g.round = 1
    g.phase = "planning"
    g.units = {}
    for house in setup.houses:  # R2.5 starting units (errata Lannister port ship)
        # X-MOD-10.2: a vassal starts with the units of its vassal set-up card
        cards = setup.vassal_units if house in g.vassals else setup.starting_units
        for area, kind in cards[house]:
            if not cfg["lannister_port_ship"] and area == "port_of_lannisport":
                continue
            g.units[area] = (*g.units.get(area, ()), Unit(house, kind))
    g.power_tokens = dict(setup.power_tokens)  # X-ADWD-2.6
    # R2.4; X-MOD-10.2: vassals have no power tokens, and supply 4 (X-MOD-Q4)
    g.power = {h: 0 if h in g.vassals else setup.initial_power[h] for h in setup.houses}
    g.garrisons = dict(setup.garrisons)  # R2.6
    g.neutral = dict(setup.neutral_forces)  # R2.7
    g.impassable = setup.impassable  # R2.8
    g.tracks = {  # R2.2; X-MOD-10.2 vassals leave the top 3 spaces
        "iron_throne": mod.vassals_to_bottom(setup.iron_throne, g.vassals),
        "fiefdoms": mod.vassals_to_bottom(setup.fiefdoms, g.vassals),
        "kings_court": mod.vassals_to_bottom(setup.kings_court, g.vassals),
    }
    assert set(g.tracks) == set(TRACKS)
    g.supply = {
        h: setup.vassal_supply if h in g.vassals else setup.initial_supply[h] for h in setup.houses
    }
    # R1.11.1; X-MOD-10.7: a vassal holds no cards (its commander draws from the vassal deck)
    g.hands = {
        h: () if h in g.vassals else tuple(c.id for c in g.house_deck(h)) for h in setup.houses
    }
    g.discards = {h: () for h in setup.houses}
    g.orders = {}
    g.orders_revealed = False
    g.restrictions = frozenset()
    # R2.10 shuffle each deck separately.
    decks = sorted(T.WESTEROS_DECK_SETS[setup.westeros_decks])  # X-MOD-7.3 deck IV too
    g.westeros_decks = {  # X-AFFC-2.9: AFfC plays its own deck I
        d: g.rng.shuffled(T.westeros_deck_list(d, setup.westeros_decks)) for d in decks
    }
    g.westeros_discards = {d: () for d in decks}
    g.wildling_deck = g.rng.shuffled([c.id for c in T.WILDLING_CARDS])
    g.wildling_threat = setup.wildling_start  # R2.4, X-ADWD-Q1
    g.vsb_used = False
    g.raven_used = False
    g.raven_peek = None
    g.raven_peek_house = None
    g.last_westeros_cards = ()
    g.winner = None
    g.ranking = ()
    g.end_reason = ""
    if setup.homes != T.MAP_HOMES:  # X-AFFC-2.2 The Eyrie for Arryn (else the class's map homes)
        g.homes = dict(setup.homes)
    g.commanders = {}  # X-MOD-10.3: handed out at each Planning phase
    g.loyalty = {}  # X-MOD-7: loyalty tokens on the board (set up with Targaryen)
    g.objective_hands = {}
    g.objectives_scored = {}
    g.victory_points = {}
    g.emit(E.GAME_SETUP(players=cfg["players"], seats=list(g.seat_houses), tides=g.tides))
    if g.is_affc():
        affc.deal_objectives(g)  # X-AFFC-2.8
    if targaryen.in_play(g):
        targaryen.set_up(g)  # X-MOD-2.8 the loyalty token of King's Landing
    if g.is_mod():
        iron_bank.set_up(g)  # X-MOD-2.5, X-MOD-2.9, X-MOD-Q1 power and the loan deck
    return g
