"""The board game's game-wide settings as a client offers them (``GameInfo.options``): the
scenario (the base game or an expansion's, X-ADWD-2) with the player count and houses it is
played with, and the house-card deck (X-ADWD-1.1). Built from the tables, so a scenario added
to ``data/scenarios.json`` is offered as soon as the tables hold it; ``setup.validate_config``
still refuses a bad combination in words."""

from __future__ import annotations

from westeros.boardgame import mod
from westeros.boardgame import tables as T
from westeros.boardgame.setup import BASE_DECKS
from westeros.engine import GameOption, OptionValue

BASE_TITLE = "Base game"


def _houses(houses: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(T.house_name(h) for h in houses)


def _offered(name: str, setup: T.PlayerCountSetup) -> tuple[int, ...]:
    """The player counts offered for a scenario: its seat counts (X-MOD-13.1 for MoD)."""
    return mod.OFFERED_SEATS if name == mod.SCENARIO else setup.seats


def scenario_option() -> GameOption:
    """``scenario``: the base game for 3–6 players (R2) with the base or the ADwD deck
    (X-ADWD-1.1), and each expansion scenario with its player counts, its houses and its
    house-card deck (X-ADWD-2.1; A Feast for Crows: 4 players with Arryn, X-AFFC-2.1; Mother
    of Dragons: the 7 houses for 3 to 7 players, the unplayed ones vassals, X-MOD-13.1)."""
    base = OptionValue(
        "base",
        BASE_TITLE,
        players=tuple(sorted(T.SETUPS)),
        requires={"house_cards": BASE_DECKS},  # X-ADWD-1.1: the base deck or ADwD's
        seats={n: _houses(s.houses) for n, s in sorted(T.SETUPS.items())},
    )
    scenarios = tuple(
        OptionValue(
            name,
            T.SCENARIO_NAMES.get(name, name),
            players=_offered(name, s),
            requires={"house_cards": (s.house_cards,)},
            seats={n: _houses(s.houses) for n in _offered(name, s) if n == s.player_count},
        )
        for name, s in T.SCENARIOS.items()
        if name != mod.ESSOS  # the 8-house set-up is scenario "mod" with essos (X-MOD-1.2)
    )
    return GameOption("scenario", "Scenario", (base, *scenarios))


def deck_option() -> GameOption:
    """``house_cards``: each house-card deck, the base game's first (X-ADWD-1.1: the base
    scenario may be played with the A Dance with Dragons deck)."""
    return GameOption(
        "house_cards",
        "House cards",
        tuple(
            OptionValue(deck, BASE_TITLE if deck == "base" else T.SCENARIO_NAMES.get(deck, deck))
            for deck in T.HOUSE_CARD_DECKS
        ),
    )


def _board(essos: bool, title: str) -> OptionValue:
    """One MoD board: its player counts and its houses (X-MOD-1.2), with scenario mod only."""
    setup = T.SCENARIOS[mod.ESSOS if essos else mod.SCENARIO]
    return OptionValue(
        essos,
        title,
        players=setup.seats,
        requires={"scenario": (mod.SCENARIO,)},
        seats={len(setup.houses): _houses(setup.houses)},
    )


def essos_option() -> GameOption:
    """``essos``: Mother of Dragons on the 7-house board, or the 8-house board with Essos and
    House Targaryen for 4 to 8 players (X-MOD-1.2); a setting of scenario ``mod`` only."""
    return GameOption(
        "essos",
        "Board",
        (
            _board(False, "Westeros (7 houses)"),
            _board(True, "Westeros and Essos (8 houses, Targaryen)"),
        ),
    )


def targaryen_deck_option() -> GameOption:
    """``targaryen_deck``: House Targaryen's deck A (the default) or B (X-MOD-Q3), with Essos
    only."""
    return GameOption(
        "targaryen_deck",
        "Targaryen's house cards",
        tuple(
            OptionValue(deck, f"Deck {deck.upper()}", requires={"essos": (True,)})
            for deck in T.TARGARYEN_DECKS
        ),
    )


def options() -> tuple[GameOption, ...]:
    """The scenario and the house-card deck, titled by the scenarios' names (X-ADWD-2.1), and
    Mother of Dragons' board and Targaryen's deck (X-MOD-1.2, X-MOD-Q3)."""
    return (scenario_option(), deck_option(), essos_option(), targaryen_deck_option())
