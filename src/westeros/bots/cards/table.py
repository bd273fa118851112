"""The card table as one seat sees it: its view read into cards, players and values.

Everything here comes from the seat's view (``game.view(seat)``) and the printed card facts
of the public catalogue (``westeros.cardgame.public.cards``); nothing else of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from westeros.cardgame.public import cards as C
from westeros.engine import Choice, Decision

KEYWORD_VALUE = {"renown": 1.5, "insight": 1.0, "intimidate": 0.6, "pillage": 0.5, "stealth": 0.8}
CHALLENGES = ("military", "intrigue", "power")


@cache
def printed(code: str) -> C.CardDef:
    return C.card(code)


@cache
def base_value(code: str) -> float:
    """What a card is worth before it is in play: its printed strength, icons, keywords and
    text (a card with a text does something), its cost a little (costly cards are stronger)."""
    d = printed(code)
    text = 0.6 if d.text.strip() else 0.0
    if d.type == "character":
        keys = sum(KEYWORD_VALUE.get(k, 0.3) for k, _ in d.keywords)
        return d.strength + 0.8 * len(d.icons) + keys + text + 0.2 * (d.cost or 0)
    if d.type == "location":
        return (
            1.0 + 2.0 * d.income + 0.5 * d.reserve + d.initiative * 0.2 + text + 0.2 * (d.cost or 0)
        )
    if d.type == "attachment":
        return 1.0 + text + 0.2 * (d.cost or 0)
    return 1.0 + text


@dataclass(frozen=True, slots=True)
class Card:
    """A face-up card as the view shows it (in play, in a hand, in a pile)."""

    id: int
    code: str
    zone: str
    controller: int | None = None
    knelt: bool = False
    power: int = 0
    parent: int | None = None
    strength: int = 0
    icons: tuple[str, ...] = ()
    facedown: bool = False

    @property
    def d(self) -> C.CardDef:
        return printed(self.code)

    @property
    def type(self) -> str:
        return self.d.type

    @property
    def standing(self) -> bool:
        return not self.knelt

    def has(self, keyword: str) -> bool:
        return self.d.keyword(keyword) is not None


def _card(raw: dict[str, Any], zone: str | None = None) -> Card:
    return Card(
        raw["id"],
        raw["code"],
        zone or raw.get("zone", ""),
        raw.get("controller"),
        bool(raw.get("knelt", False)),
        int(raw.get("power", 0) or 0),
        raw.get("parent"),
        int(raw.get("strength", 0) or 0),
        tuple(raw.get("icons", ())),
        bool(raw.get("facedown", False)),
    )


class Table:
    """One seat's view of the card game, with the rules of thumb' measures."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.players: list[dict[str, Any]] = view["players"]
        self.me = self.players[self.seat]
        self.round: int = view.get("round", 0)
        self.phase: str = view.get("phase", "")
        self.first: int = view.get("first_player", 0)
        self.challenge: dict[str, Any] | None = view.get("challenge")
        self.cards: dict[int, Card] = {}
        for raw in view["in_play"]:
            if "id" in raw:
                self.cards[raw["id"]] = _card(raw)
        self.hand: dict[int, Card] = {c["id"]: _card(c, "hand") for c in self.me.get("hand", [])}
        self.known: dict[int, str] = {cid: c.code for cid, c in self.cards.items()}
        for p in self.players:
            for pile in ("used", "discard", "dead", "removed"):
                for c in p[pile]:
                    self.known[c["id"]] = c["code"]
            if p.get("plot"):
                self.known[p["plot"]["id"]] = p["plot"]["code"]
        for pile in ("hand", "plot_deck"):
            for c in self.me.get(pile, []):
                self.known[c["id"]] = c["code"]

    # -- who -------------------------------------------------------------------------------

    @property
    def melee(self) -> bool:
        return len(self.players) > 2

    def opponents(self) -> list[int]:
        return [p["seat"] for p in self.players if p["seat"] != self.seat and not p["eliminated"]]

    def power(self, seat: int) -> int:
        return int(self.players[seat]["power"])

    def leader(self) -> int:
        """The opponent closest to winning (most power, then most cards in play)."""
        return max(self.opponents(), key=lambda s: (self.power(s), len(self.characters(s))))

    # -- cards -----------------------------------------------------------------------------

    def code(self, cid: int) -> str | None:
        return self.known.get(cid)

    def characters(self, seat: int) -> list[Card]:
        return [
            c
            for c in self.cards.values()
            if c.controller == seat
            and c.zone == "play"
            and c.type == "character"
            and not c.facedown
        ]

    def in_play(self, seat: int) -> list[Card]:
        return [c for c in self.cards.values() if c.controller == seat and c.zone == "play"]

    def duplicates(self, cid: int) -> int:
        return sum(1 for c in self.cards.values() if c.parent == cid and c.zone == "dup")

    def plot(self, seat: int) -> C.CardDef | None:
        raw = self.players[seat].get("plot")
        return None if raw is None else printed(raw["code"])

    def claim(self, seat: int) -> int:
        plot = self.plot(seat)
        return 1 if plot is None else max(0, plot.claim)

    def value(self, cid: int) -> float:
        """What a card is worth to its controller: printed worth, then in play its strength,
        its power (a card that leaves play loses it), attachments and duplicates."""
        code = self.code(cid)
        if code is None:
            return 0.0
        worth = base_value(code)
        card = self.cards.get(cid)
        if card is None:
            return worth
        if card.type == "character":
            worth += 0.5 * (card.strength - card.d.strength) + 0.5 * len(card.icons)
        worth += 2.0 * card.power + 0.8 * self.duplicates(cid)
        worth += sum(0.8 for c in self.cards.values() if c.parent == cid and c.zone == "play")
        return worth

    def strength(self, seat: int, challenge: str, standing: bool = True) -> int:
        """The STR ``seat`` could bring to a challenge of type ``challenge``."""
        return sum(
            c.strength
            for c in self.characters(seat)
            if challenge in c.icons and (c.standing or not standing)
        )

    def mine(self, cid: Choice) -> bool:
        card = self.cards.get(cid) if isinstance(cid, int) else None
        return card is not None and card.controller == self.seat


def ids(decision: Decision) -> list[int]:
    """The card (or seat) choices of a decision, without its words."""
    return [c for c in decision.choices if isinstance(c, int)]


def word(decision: Decision, *words: str) -> Choice:
    """The first of ``words`` the decision offers, else its first choice."""
    for w in words:
        if w in decision.choices:
            return w
    return decision.choices[0]
