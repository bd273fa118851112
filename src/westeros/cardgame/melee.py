"""Melee (C21): the title pool, title selection (step 1.4), support and rivals, the Crown
Regent's redirect, the Hand of the King's extra power challenge and the Master of Whispers'
claim. The titles' own values (STR bonuses, income, reserve, draw, dominance) are their card
texts in :mod:`westeros.cardgame.texts.titles`.

Title cards have ids like every card; a title in the pool is in zone "pool", a borne title in
zone "title" with an in-play record under its bearer's control (C21.3).
"""

from __future__ import annotations

from westeros.cardgame import decisions as D
from westeros.cardgame import events as E
from westeros.cardgame.cards import card
from westeros.cardgame.state import CardGame, InPlay
from westeros.engine import Ask, Choice, Decision, Step

TITLE_CODES = ("01206", "01207", "01208", "01209", "01210", "01211")
CROWN_REGENT = "Crown Regent"
HAND = "Hand of the King"
WHISPERS = "Master of Whispers"
SET_ASIDE = {3: 2, 4: 1, 5: 1, 6: 0}  # C21.2.1


def is_melee(g: CardGame) -> bool:
    return len(g.players) > 2


def add_title_pool(g: CardGame) -> None:
    """C5.4: the six titles form the title pool (melee only)."""
    defs, owner = list(g.defs), list(g.owner)
    for code in TITLE_CODES:
        defs.append(card(code))
        owner.append(0)  # titles belong to the pool; owner is never read for them
        g.where.append("pool")
    g.defs, g.owner = tuple(defs), tuple(owner)


def titles(g: CardGame) -> list[int]:
    return [c for c in range(len(g.defs)) if g.defs[c].type == "title"]


def title_of(g: CardGame, seat: int) -> int | None:
    """The title ``seat`` bears now, if any."""
    for c, rec in g.play.items():
        if g.where[c] == "title" and rec.controller == seat:
            return c
    return None


def title_name(g: CardGame, seat: int) -> str | None:
    t = title_of(g, seat)
    return None if t is None else g.defs[t].name


def bears(g: CardGame, seat: int, name: str) -> bool:
    return title_name(g, seat) == name


def supports(g: CardGame, seat: int, other: int) -> bool:
    """C21.4: ``seat``'s title supports ``other``'s title."""
    mine, theirs = title_of(g, seat), title_name(g, other)
    return mine is not None and theirs is not None and theirs in g.defs[mine].supports


def rivals(g: CardGame, seat: int, other: int) -> bool:
    """C21.5: ``other`` bears a title that ``seat``'s title lists as a rival."""
    mine, theirs = title_of(g, seat), title_name(g, other)
    return mine is not None and theirs is not None and theirs in g.defs[mine].rivals


# -- title selection (C21.2) -----------------------------------------------------------


class SelectTitles(Step):
    """C21.2: shuffle the pool, set some aside at random, then each player in player order
    secretly takes one; all are revealed and enter play at once."""

    def __init__(self) -> None:
        self.pool: tuple[int, ...] = ()
        self.taken: tuple[tuple[int, int], ...] = ()
        self.started = False

    def next_seat(self, g: CardGame) -> int | None:
        done = {s for s, _ in self.taken}
        for seat in g.order():
            if seat not in done:
                return seat
        return None

    def decisions(self, g: CardGame) -> list[Decision]:
        seat = self.next_seat(g) if self.started else None
        if seat is None:
            return []
        left = tuple(c for c in self.pool if c not in {t for _, t in self.taken})
        if not left:
            return []
        return [D.TITLE.ask(seat, "choose your title (secret)", left)]

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.taken = (*self.taken, (seat, int(choice)))
        g.emit(E.event("title_chosen", player=seat))

    def run(self, g: CardGame) -> None:
        if not self.started:
            self.started = True
            pool = titles(g)
            g.rng.shuffle(pool)
            self.pool = tuple(pool[SET_ASIDE.get(len(g.order()), 0) :])
            g.push(self)
            return
        for seat, title in self.taken:
            g.where[title] = "title"
            g.play[title] = InPlay(seat)
            g.emit(E.event("title", player=seat, card=title, name=g.name(title)))
        g.changed()


class ReturnTitles(Step):
    """C15.4 (7.4): every title returns to the pool."""

    def run(self, g: CardGame) -> None:
        return_titles(g)


def return_titles(g: CardGame, seat: int | None = None) -> None:
    for t in titles(g):
        if g.where[t] == "title" and (seat is None or g.play[t].controller == seat):
            del g.play[t]
            g.where[t] = "pool"
    g.changed()


# -- challenges (C21.4–C21.7) ----------------------------------------------------------


def may_challenge(g: CardGame, seat: int, opponent: int, type_: str) -> bool:
    """C21.4 and C21.7.2 (Q23): support forbids; a second power challenge needs the Hand and
    another opponent than the bearer's other power challenges."""
    if supports(g, seat, opponent):
        return False
    if type_ != "power" or not bears(g, seat, HAND):
        return True
    done = [opp for t, opp in g.players[seat].challenges if t == "power"]
    allowance = 1 + g.bonus("challenges:power", seat, players=True)
    if len(done) < allowance:
        return True  # the unrestricted allowance is used first (Q23)
    return opponent not in done


def extra_power_challenge(g: CardGame, seat: int) -> int:
    """The Hand of the King's one extra power challenge (C21.7.2)."""
    return 1 if bears(g, seat, HAND) else 0


class Redirect(Ask):
    """C21.6 (Q7): after a challenge is initiated, the Crown Regent's bearer (not its
    attacker) may redirect it once per round; the attacker then picks another opponent."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = False

    def _bearer(self, g: CardGame) -> int | None:
        ch = g.challenge
        if ch is None:
            return None
        for seat in g.order():
            if bears(g, seat, CROWN_REGENT) and seat != ch.attacker:
                if ("redirect", g.round, seat) in g.history:
                    return None
                if [o for o in g.opponents(ch.attacker) if o != ch.defender]:
                    return seat
        return None

    def ask(self, g: CardGame) -> Decision | None:
        seat = self._bearer(g)
        if seat is None:
            return None
        return D.REDIRECT.ask(seat, "Crown Regent: redirect this challenge?", ("redirect", "no"))

    def act(self, g: CardGame, choice: Choice | None) -> None:
        bearer = self._bearer(g)
        ch = g.challenge
        if choice != "redirect" or bearer is None or ch is None:
            return
        g.history = g.history | {("redirect", g.round, bearer)}
        g.queue(RedirectTo())


class RedirectTo(Ask):
    """C21.6.2/D18: the attacker chooses the new defending player (one option: taken)."""

    def _others(self, g: CardGame) -> list[int]:
        ch = g.challenge
        if ch is None:
            return []
        return [o for o in g.opponents(ch.attacker) if o != ch.defender]

    def ask(self, g: CardGame) -> Decision | None:
        others = self._others(g)
        ch = g.challenge
        if len(others) <= 1 or ch is None:
            return None
        return D.REDIRECT_TO.ask(ch.attacker, "redirect: choose the new defending player", others)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        others = self._others(g)
        if choice is None and not others:
            return
        _redirected(g, others[0] if choice is None else choice)


def _redirected(g: CardGame, choice: Choice) -> None:
    """C21.6.2–C21.6.3: the challenge resolves against the new opponent (it still counts as
    initiated against the original one); old stealth picks no longer bypass, and the
    attacker picks new ones (the flow's "redirect_stealth" stage)."""
    ch = g.challenge
    assert ch is not None
    ch.defender = int(choice)
    ch.bypassed = frozenset()
    ch.stealth = ()
    g.emit(E.event("redirect", player=ch.attacker, opponent=ch.defender))
