"""The card game's observation: one seat's VIEW (``game.view(seat)``) as a fixed-size
``float32`` vector with every entry in [0, 1].

Only the view is read, so the vector holds exactly what the seat may know (C1.9): another
seat's hand, deck and face-down cards are counts, never ids. Card ids are the game's own (its
decks' cards in deck-list order, the title pool in melee), so the size depends on the config's
number of card ids (:class:`CardEncoding`). Seats are absolute (0 … 5); counts are divided by a
fixed maximum and capped at 1. Sections (:attr:`CardEncoding.sections` gives offsets):

* ``cards`` — per card id, :data:`CARD_WIDTH` values, zeros for a card the seat cannot see:
  its zone (:data:`ZONES`, one-hot), its type (:data:`TYPES`), controlled by the seat, its
  controller (6, one-hot), knelt, power /10, STR /10, its icons (military, intrigue, power),
  face down (the seat's own setup cards), attached to a card, attacking, defending, bypassed by
  stealth.
* ``seats`` — per seat (6), :data:`SEAT_WIDTH` values: in the game, is the observing seat, is
  the first player, is the active player, eliminated, awaited (has an open decision), power
  /15, gold /20, cards in hand /12, in the deck /60, plots left /7, reserve /12, used plots /7,
  discard /30, dead /30, removed /10, face-down cards in play /10, faction (one-hot, 8).
* ``round`` — round /20, phase (:data:`PHASES`, one-hot).
* ``challenge`` — one is on, its type (3), attacker, defender and winner (6 each, one-hot), the
  seat attacks, the seat defends.
* ``decision`` — the seat has a decision, its kind (one per catalogue kind), its number of
  choices /64.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from westeros.cardgame.public import cards as C
from westeros.cardgame.public import decisions as D
from westeros.engine import Game
from westeros.rl.encoding import Vector, layout

SEATS = 6  # the card game's most seats (C21, melee)
ZONES = (
    "hand",
    "plots",
    "play",
    "faction",
    "agenda",
    "plot",
    "dup",
    "title",
    "limbo",
    "setup",
    "used",
    "discard",
    "dead",
    "removed",
)
TYPES: tuple[str, ...] = (*C.DRAW_TYPES, "plot", "agenda", "faction", "title")
PHASES: tuple[str, ...] = (
    "setup",
    "plot",
    "draw",
    "marshaling",
    "challenges",
    "dominance",
    "standing",
    "taxation",
)
KINDS: tuple[str, ...] = tuple(D.KINDS)
FACTIONS: tuple[str, ...] = C.FACTIONS

# per-card layout
K_ZONE = 0
K_TYPE = K_ZONE + len(ZONES)
K_MINE = K_TYPE + len(TYPES)
K_CONTROLLER = K_MINE + 1
K_KNELT = K_CONTROLLER + SEATS
K_POWER = K_KNELT + 1
K_STRENGTH = K_POWER + 1
K_ICONS = K_STRENGTH + 1
K_FACEDOWN = K_ICONS + len(C.CHALLENGES)
K_ATTACHED = K_FACEDOWN + 1
K_ATTACKING = K_ATTACHED + 1
K_DEFENDING = K_ATTACKING + 1
K_BYPASSED = K_DEFENDING + 1
CARD_WIDTH = K_BYPASSED + 1
SEAT_WIDTH = 18 + len(FACTIONS)

_ZONE = {z: i for i, z in enumerate(ZONES)}
_TYPE = {t: i for i, t in enumerate(TYPES)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_KIND = {k: i for i, k in enumerate(KINDS)}
_FACTION = {f: i for i, f in enumerate(FACTIONS)}
_ICON = {t: i for i, t in enumerate(C.CHALLENGES)}
# the seat fractions (offset in a seat's block, view key, divisor)
_SEAT_VALUES = (
    (6, "power", 15),
    (7, "gold", 20),
    (8, "hand_size", 12),
    (9, "deck_size", 60),
    (10, "plots_left", 7),
    (11, "reserve", 12),
)
_SEAT_PILES = ((12, "used", 7), (13, "discard", 30), (14, "dead", 30), (15, "removed", 10))
S_FACEDOWN = 16
S_FACTION = 18


class CardEncoding:
    """The observation layout of card games with ``cards`` card ids."""

    def __init__(self, cards: int) -> None:
        self.cards = cards
        sizes = {
            "cards": cards * CARD_WIDTH,
            "seats": SEATS * SEAT_WIDTH,
            "round": 1 + len(PHASES),
            "challenge": 1 + len(C.CHALLENGES) + 3 * SEATS + 2,
            "decision": 1 + len(KINDS) + 1,
        }
        self.sections, self.size = layout(sizes)

    def encode_game(self, game: Game, seat: int | None) -> Vector:
        """The vector of ``game.view(seat)``."""
        return self.encode(game.view(seat))

    def encode(self, view: dict[str, Any]) -> Vector:
        """The ``float32`` vector (length :attr:`size`) of one seat's view."""
        out = np.zeros(self.size, dtype=np.float32)
        me = view["seat"]
        seats0 = self.sections["seats"][0]
        for p in view["players"]:
            self._seat(out, seats0 + p["seat"] * SEAT_WIDTH, p, view)
            for key in ("used", "discard", "dead", "removed"):
                for card in p[key]:
                    self._card(out, card, key)
            for zone in ("agenda", "plot"):  # a borne title is among the cards in play
                if p[zone] is not None:
                    self._card(out, p[zone], zone)
            for card in p.get("hand", ()):
                self._card(out, card, "hand")
            for card in p.get("plot_deck", ()):
                self._card(out, card, "plots")
        challenge = view["challenge"] or {}
        sides = {
            **dict.fromkeys(challenge.get("attackers", ()), K_ATTACKING),
            **dict.fromkeys(challenge.get("defenders", ()), K_DEFENDING),
        }
        bypassed = set(challenge.get("bypassed", ()))
        for card in view["in_play"]:
            if card.get("facedown") and "id" not in card:
                out[seats0 + card["controller"] * SEAT_WIDTH + S_FACEDOWN] += 0.1
                continue
            base = self._card(out, card, card["zone"])
            self._in_play(out, base, card, me)
            if card["id"] in sides:
                out[base + sides[card["id"]]] = 1.0
            if card["id"] in bypassed:
                out[base + K_BYPASSED] = 1.0
        self._round(out, view)
        if challenge:
            self._challenge(out, challenge, me)
        self._decision(out, view["decision"])
        np.minimum(out, 1.0, out=out)
        return out

    def _card(self, out: Vector, card: dict[str, Any], zone: str) -> int:
        """A card's zone and type; returns its block's offset."""
        base = self.sections["cards"][0] + int(card["id"]) * CARD_WIDTH
        out[base + K_ZONE + _ZONE[zone]] = 1.0
        out[base + K_TYPE + _TYPE[card["type"]]] = 1.0
        return base

    @staticmethod
    def _in_play(out: Vector, base: int, card: dict[str, Any], me: int | None) -> None:
        controller = card["controller"]
        if controller == me:
            out[base + K_MINE] = 1.0
        out[base + K_CONTROLLER + controller] = 1.0
        out[base + K_KNELT] = float(card["knelt"])
        out[base + K_POWER] = card["power"] / 10
        out[base + K_STRENGTH] = max(card.get("strength", 0), 0) / 10
        for icon in card.get("icons", ()):
            out[base + K_ICONS + _ICON[icon]] = 1.0
        out[base + K_FACEDOWN] = float(card["facedown"])
        out[base + K_ATTACHED] = float(card["parent"] is not None)

    @staticmethod
    def _seat(out: Vector, base: int, p: dict[str, Any], view: dict[str, Any]) -> None:
        seat = p["seat"]
        out[base] = 1.0
        out[base + 1] = float(seat == view["seat"])
        out[base + 2] = float(seat == view["first_player"])
        out[base + 3] = float(seat == view["active"])
        out[base + 4] = float(p["eliminated"])
        out[base + 5] = float(seat in view["waiting_for"])
        for at, key, most in _SEAT_VALUES:
            out[base + at] = max(p[key] or 0, 0) / most
        for at, key, most in _SEAT_PILES:
            out[base + at] = len(p[key]) / most
        if p["faction"] in _FACTION:
            out[base + S_FACTION + _FACTION[p["faction"]]] = 1.0

    def _round(self, out: Vector, view: dict[str, Any]) -> None:
        at = self.sections["round"][0]
        out[at] = view["round"] / 20
        if view["phase"] in _PHASE:
            out[at + 1 + _PHASE[view["phase"]]] = 1.0

    def _challenge(self, out: Vector, challenge: dict[str, Any], me: int | None) -> None:
        at = self.sections["challenge"][0]
        out[at] = 1.0
        out[at + 1 + _ICON[challenge["type"]]] = 1.0
        at += 1 + len(C.CHALLENGES)
        for k, key in enumerate(("attacker", "defender", "winner")):
            if challenge[key] is not None:
                out[at + k * SEATS + challenge[key]] = 1.0
        at += 3 * SEATS
        out[at] = float(me is not None and challenge["attacker"] == me)
        out[at + 1] = float(me is not None and challenge["defender"] == me)

    def _decision(self, out: Vector, decision: dict[str, Any] | None) -> None:
        if decision is None:
            return
        at = self.sections["decision"][0]
        out[at] = 1.0
        out[at + 1 + _KIND[decision["kind"]]] = 1.0
        out[at + 1 + len(KINDS)] = len(decision["choices"]) / 64
