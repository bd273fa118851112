"""The card game's entry point: its :data:`INFO`, config check and ``new_game``.

Config: ``{"decks": [deck, deck, …]}`` (2 decks: a joust; 3 to 6: a melee with titles, C21)
where each deck is a shipped deck id (see
:data:`westeros.cardgame.decklists.SHIPPED`) or a deck object (``faction``, ``agenda``,
``plots``, ``draw`` as ``{code: count}``); ``"casual": true`` checks decks as starter decks
(C4.8). A deck holding a card whose text is not implemented yet is refused, naming those cards.
``"auto"`` says which seats let the engine answer the choices a player may leave to it (D7,
D11, D14, D15, D22, D23; the answers: docs/cardgame-engine.md): ``true`` or ``false`` for every
seat, or one boolean per seat (default: every seat chooses; bots and simulations turn it on).
A client may give the decks seat by seat instead (``INFO.seat_options["deck"]``: a shipped id, or
a pasted deck list checked with every C4 rule, see ``decklists.check_seat_deck``).
"""

from __future__ import annotations

from typing import Any

from westeros.cardgame import texts  # noqa: F401  (registers every card text)
from westeros.cardgame.decklists import (
    SHIPPED,
    check_seat_deck,
    deck_from_json,
    shipped_choices,
    unimplemented,
)
from westeros.cardgame.decks import Deck, DeckError, check_deck
from westeros.cardgame.determinize import determinize
from westeros.cardgame.events import render
from westeros.cardgame.setup import Setup, new_state
from westeros.cardgame.state import CardGame, Faces
from westeros.cardgame.views import view
from westeros.engine import Config, ConfigError, GameInfo, SeatOption, shown

DEFAULT_DECKS = ("westeros-stark", "westeros-lannister")


def _deck_of(spec: Any, casual: bool) -> Deck:
    if isinstance(spec, str):
        if spec not in SHIPPED:
            raise ConfigError(f"unknown deck {shown(spec)} (shipped: {', '.join(sorted(SHIPPED))})")
        deck = SHIPPED[spec]()
    elif isinstance(spec, dict):
        try:
            deck = deck_from_json(spec)
        except DeckError as exc:
            raise ConfigError(f"bad deck: {exc}") from None
    else:
        raise ConfigError(f"a deck must be a deck id or an object, not {shown(spec)}")
    problems = check_deck(deck, casual=casual)
    if problems:
        raise ConfigError("illegal deck:\n" + "\n".join(problems))
    missing = unimplemented(deck)
    if missing:
        raise ConfigError("the deck holds cards not implemented yet: " + ", ".join(missing))
    return deck


def validate_config(config: Config) -> Config:
    unknown = set(config) - {"decks", "casual", "players", "auto"}
    if unknown:
        raise ConfigError(f"unknown card game option(s): {', '.join(sorted(unknown))}")
    casual = config.get("casual", True)
    if not isinstance(casual, bool):
        raise ConfigError(f"'casual' must be true or false, not {shown(casual)}")
    given = config.get("decks")
    if given is not None and not isinstance(given, list):  # not a count of characters or keys
        raise ConfigError(f"'decks' must be a list of decks, one per seat, not {shown(given)}")
    players = config.get("players", len(given or DEFAULT_DECKS))
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
        raise ConfigError(
            f"the card game is played by 2 (joust) to 6 (melee) players, not {shown(players)}"
        )
    decks = config.get("decks", [DEFAULT_DECKS[i % 2] for i in range(players)])
    if not isinstance(decks, list) or len(decks) != players:
        raise ConfigError(f"{players} players need {players} decks ('decks': [deck, …])")
    for spec in decks:
        _deck_of(spec, casual)
    auto = _auto_of(config.get("auto", False), players)
    return {"decks": decks, "casual": casual, "players": players, "auto": auto}


def _auto_of(auto: Any, players: int) -> list[bool]:
    """The automatic setting per seat: one boolean for every seat, or a list of them."""
    if isinstance(auto, bool):
        return [auto] * players
    if (
        not isinstance(auto, list)
        or len(auto) != players
        or not all(isinstance(a, bool) for a in auto)
    ):
        raise ConfigError(
            f"'auto' must be true, false or one true/false per seat ({players} seats), "
            f"not {shown(auto)}"
        )
    return list(auto)


def new_game(config: Config, seed: int) -> CardGame:
    """Set up a game (C5) and run the rules until the first decision."""
    decks = [_deck_of(spec, config["casual"]) for spec in config["decks"]]
    g = new_state(config, seed, decks)
    g.push(Setup())
    g.pending()
    return g


INFO = GameInfo(
    name="cardgame",
    title="A Game of Thrones: The Card Game (Second Edition)",
    min_players=2,
    max_players=6,
    simultaneous_moves=True,  # plots are chosen secretly and at once (C7.2)
    hidden_information=True,  # hands, decks, face-down setup cards (C1.9)
    validate=validate_config,
    factory=new_game,
    # each seat may bring its deck (a shipped id or a pasted list), kept in "decks" (D1)
    seat_options={"deck": SeatOption("decks", lambda: list(shipped_choices()), check_seat_deck)},
)
CardGame.INFO = INFO
CardGame.FACES = Faces(view=view, render=render, determinize=determinize)
