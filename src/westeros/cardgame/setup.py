"""Game creation and setup (C5): decks to cards, first player, hands, mulligans, setup cards.

Each seat's deck becomes numbered cards: the faction card, the agenda, the plots, then the
draw deck (shuffled with the game's generator, C5.5).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from westeros.cardgame import decisions as D
from westeros.cardgame import events as E
from westeros.cardgame.actions import (
    can_attach,
    draw_now,
    leave_play,
    names,
    place_duplicate,
)
from westeros.cardgame.cards import FACTION_NAMES, card
from westeros.cardgame.decks import Deck
from westeros.cardgame.melee import add_title_pool
from westeros.cardgame.phases import Round
from westeros.cardgame.state import CardGame, InPlay, Player
from westeros.engine import Ask, Choice, Decision, Step

SETUP_GOLD = 8  # C5.8.1 (Q1)
HAND_SIZE = 7  # C5.6


def new_state(config: dict[str, Any], seed: int, decks: list[Deck]) -> CardGame:
    g = CardGame(config, seed)
    defs = []
    owner = []
    for seat, deck in enumerate(decks):
        p = Player(seat)
        g.players.append(p)

        def add(code: str, seat: int = seat) -> int:
            defs.append(card(code))
            owner.append(seat)
            return len(defs) - 1

        p.faction = add(f"faction:{deck.faction}")
        p.agenda = add(deck.agenda) if deck.agenda else None
        p.plots = [add(code) for code in deck.plots]
        p.deck = [add(code) for code in deck.draw_cards()]
    g.defs = tuple(defs)
    g.owner = tuple(owner)
    g.where = ["deck"] * len(defs)
    for p in g.players:
        g.where[p.faction] = "faction"
        g.play[p.faction] = InPlay(p.seat)
        if p.agenda is not None:
            g.where[p.agenda] = "agenda"
        for c in p.plots:
            g.where[c] = "plots"
        g.rng.shuffle(p.deck)  # C5.5
    g.names = seat_names([FACTION_NAMES[d.faction] for d in decks])
    if len(decks) > 2:
        add_title_pool(g)  # C5.4, melee
    return g


def seat_names(factions: list[str]) -> tuple[str, ...]:
    """Each seat's name: its faction's, numbered when several seats play one faction."""
    out = []
    for seat, name in enumerate(factions):
        if factions.count(name) > 1:
            name = f"{name} ({factions[: seat + 1].count(name)})"
        out.append(name)
    return tuple(out)


class Setup(Step):
    """C5.2–C5.11, then the first round."""

    def run(self, g: CardGame) -> None:
        g.first = g.rng.below(len(g.players))  # C5.2
        fmt = "joust" if len(g.players) == 2 else "melee"
        g.emit(E.event("game_start", format=fmt, players=list(g.names)))
        g.emit(E.event("first_player", player=g.first))
        for seat in g.order():
            draw_now(g, seat, HAND_SIZE)  # C5.6
        g.push(
            *[Mulligan(seat) for seat in g.order()],
            SetupCards(),
            RevealSetup(),
            Round(),
        )


class Mulligan(Ask):
    """C5.7: once, shuffle the hand back and draw 7 new cards; the second hand is kept."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def ask(self, g: CardGame) -> Decision | None:
        return D.MULLIGAN.ask(self.seat, "keep your hand or mulligan", ("keep", "mulligan"))

    def act(self, g: CardGame, choice: Choice | None) -> None:
        if choice == "keep":
            g.emit(E.event("keep", player=self.seat))
            return
        p = g.players[self.seat]
        for cid in list(p.hand):
            p.hand.remove(cid)
            p.deck.append(cid)
            g.where[cid] = "deck"
        g.rng.shuffle(p.deck)
        g.emit(E.event("mulligan", player=self.seat))
        draw_now(g, self.seat, HAND_SIZE)


class SetupCards(Step):
    """C5.8: in player order, each player places setup cards face down, one at a time:
    characters, locations and attachments, at most 8 printed gold, at most one Limited card,
    extra copies of a unique card free (they become duplicates, C5.8.5)."""

    def __init__(self) -> None:
        self.index = 0
        self.placed: tuple[int, ...] = ()
        self.choice: Choice | None = None

    def _seat(self, g: CardGame) -> int | None:
        order = g.order()
        return order[self.index] if self.index < len(order) else None

    def options(self, g: CardGame, seat: int) -> list[Choice]:
        p = g.players[seat]
        spent = sum(self._cost(g, c) for c in self.placed)
        limited = any(g.defs[c].keyword("limited") for c in self.placed)
        out: list[Choice] = []
        for cid in p.hand:
            d = g.defs[cid]
            if d.type not in ("character", "location", "attachment"):
                continue
            if d.keyword("limited") and limited:
                continue
            cost = 0 if self._copy_of_placed(g, cid) else d.cost or 0
            if spent + cost > SETUP_GOLD:
                continue
            if d.type == "attachment" and not (
                self._copy_of_placed(g, cid) or self._has_host(g, cid)
            ):
                continue
            out.append(cid)
        return out

    def _cost(self, g: CardGame, cid: int) -> int:
        first = next(c for c in self.placed if g.defs[c].name == g.defs[cid].name)
        if first != cid and g.defs[cid].unique:
            return 0
        return g.defs[cid].cost or 0

    def _copy_of_placed(self, g: CardGame, cid: int) -> bool:
        return g.defs[cid].unique and any(g.defs[c].name == g.defs[cid].name for c in self.placed)

    def _has_host(self, g: CardGame, cid: int) -> bool:
        """C5.8.4: some card this player set up could legally take the attachment once
        revealed (a copy of a placed unique card becomes a duplicate instead)."""
        return any(
            _attachable_when_revealed(g, cid, c)
            for c in self.placed
            if not self._copy_of_placed_before(g, c)
        )

    def _copy_of_placed_before(self, g: CardGame, cid: int) -> bool:
        first = next(c for c in self.placed if g.defs[c].name == g.defs[cid].name)
        return g.defs[cid].unique and first != cid

    def decisions(self, g: CardGame) -> list[Decision]:
        seat = self._seat(g)
        if seat is None or self.choice is not None:
            return []
        options = self.options(g, seat)
        if not options:
            return []
        spent = sum(self._cost(g, c) for c in self.placed)
        return [
            D.SETUP.ask(
                seat,
                f"place a setup card face down ({SETUP_GOLD - spent} gold left) or done",
                (*options, "done"),
                gold_left=SETUP_GOLD - spent,
            )
        ]

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.choice = choice

    def run(self, g: CardGame) -> None:
        seat = self._seat(g)
        if seat is None:
            return
        choice, self.choice = self.choice, None
        if choice is None or choice == "done":
            self.index += 1
            self.placed = ()
        else:
            cid = int(choice)
            g.players[seat].hand.remove(cid)
            g.play[cid] = InPlay(seat, facedown=True)
            g.where[cid] = "play"
            self.placed = (*self.placed, cid)
            g.emit(
                E.event(
                    "setup_card",
                    seats=(seat,),
                    hidden=("card", "name"),
                    player=seat,
                    card=cid,
                    name=g.name(cid),
                )
            )
        g.push(self)


def _attachable_when_revealed(g: CardGame, att: int, parent: int) -> bool:
    """Whether ``att`` could be attached to the face-down setup card ``parent`` once it is
    revealed (C5.8.4): the legality test of C19.1 on the card turned face up."""
    rec = g.play[parent]
    g.play[parent] = replace(rec, facedown=False)
    g.changed()
    try:
        return can_attach(g, att, parent)
    finally:
        g.play[parent] = rec
        g.changed()


class RevealSetup(Step):
    """C5.9–C5.11: setup cards turn face up at once; then each player places duplicates and
    attaches attachments (asked per attachment); illegal ones are discarded; then each
    player draws up to 7."""

    def run(self, g: CardGame) -> None:
        facedown = [c for c, r in g.play.items() if r.facedown]
        for c in facedown:
            g.update(c, facedown=False)
        g.changed()
        for seat in g.order():
            mine = [c for c in facedown if g.owner[c] == seat]
            if mine:
                g.emit(E.event("setup_reveal", player=seat, cards=mine, names=names(g, mine)))
        steps: list[Step] = []
        for seat in g.order():
            mine = [c for c in facedown if g.owner[c] == seat]
            for c in mine:
                d = g.defs[c]
                if d.unique:
                    first = next(x for x in mine if g.defs[x].name == d.name)
                    if first != c:
                        place_duplicate(g, c, first)
                        continue
            for c in mine:
                if g.defs[c].type == "attachment" and g.where[c] == "play":
                    steps.append(AttachAtSetup(seat, c, tuple(mine)))
        steps.append(RefillHands())
        g.push(*steps)


class AttachAtSetup(Ask):
    """C5.9/D4: the player picks the card (among their setup cards) an attachment goes on."""

    def __init__(self, seat: int, att: int, mine: tuple[int, ...]) -> None:
        super().__init__()
        self.seat = seat
        self.att = att
        self.mine = mine

    def options(self, g: CardGame) -> list[Choice]:
        del g.play[self.att]
        g.where[self.att] = "limbo"
        try:
            return [c for c in self.mine if c != self.att and can_attach(g, self.att, c)]
        finally:
            rec = InPlay(self.seat)
            g.play[self.att] = rec
            g.where[self.att] = "play"

    def ask(self, g: CardGame) -> Decision | None:
        options = self.options(g)
        if len(options) <= 1:
            return None
        return D.ATTACH_TO.ask(
            self.seat,
            f"attach {g.name(self.att)} to",
            tuple(options),
            card=self.att,
        )

    def act(self, g: CardGame, choice: Choice | None) -> None:
        options = self.options(g)
        if not options:
            leave_play(g, self.att, "discard")  # no legal card (C5.9); its duplicates too
            g.emit(E.event("discarded", cards=[self.att], names=[g.name(self.att)]))
            return
        parent = int(choice) if choice is not None else int(options[0])
        g.update(self.att, parent=parent)
        g.changed()


class RefillHands(Step):
    def run(self, g: CardGame) -> None:
        for seat in g.order():
            missing = max(0, 7 - len(g.players[seat].hand))
            draw_now(g, seat, missing)
        g.phase = "plot"
