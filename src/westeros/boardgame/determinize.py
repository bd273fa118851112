"""Determinization (R1.14): a copy of the game in which everything one seat may not know is
resampled consistently with what that seat sees. Search bots play on such copies, never on
the real game.

Resampled (each from public facts only, so the sample carries no secret of the real game):

* other houses' face-down orders (R1.14.1, R5.1): per house, one token per area holding one of
  its orders, drawn from the tokens it may still place (restrictions and King's Court stars);
* the face-down orders of vassals another player commands (X-MOD-10.4), from the vassal's own
  tokens; a seat keeps its own vassals' orders;
* the vassal cards another commander drew for a combat (X-MOD-10.7), from the shared deck less
  the cards the seat sees;
* bids not yet revealed (R3.7.2, R4.3.2): 0..the bidder's available power;
* house cards chosen but not yet revealed (R7.5.1): one of that house's cards in hand;
* Tides of Battle cards not yet shown and the rest of the fight's Tides deck (R7.7);
* the order of the Westeros decks and of the wildling deck, keeping the seat's Raven peek on
  top (or at the bottom) and the publicly drawn wildling cards at the bottom in their order,
  the card the seat's Rodrik the Reader put on top of a Westeros deck (X-ADWD-4.2) and the
  cards its Spymaster loan looks at or put back on top or at the bottom, as far as the log it
  may read says they are still there (X-MOD-8.1, :mod:`~westeros.boardgame.spied_decks`: after
  reveals, other buyers' looks and reshuffles);
* the objective cards other houses picked and have not shown yet (Shifting Ambitions, New
  Information, X-AFFC-D4): one card of the house's hand each, as the copy holds it;
* the house cards come from the hands, whichever deck is in play (X-ADWD-1.1);
* A Feast for Crows: the objective deck and the other houses' objective hands, dealt again from
  the cards the seat does not see (hand sizes kept), and the cards another house chose to keep
  at set-up and has not yet shown (X-AFFC-2.8, X-AFFC-D1);
* the random generator (reseeded from ``seed``); the game's ``seed`` becomes ``seed``; the
  log keeps only what the seat may read (others' secret fields redacted).
"""

from __future__ import annotations

from typing import Any, TypeVar

from westeros.boardgame import affc
from westeros.boardgame import events as E
from westeros.boardgame.bidding import TableBids
from westeros.boardgame.fight import current
from westeros.boardgame.iron_bank import Spymaster, uses_iron_bank
from westeros.boardgame.planning import placeable_tokens
from westeros.boardgame.spied_decks import LOOK, SPY_EVENTS, Known, known_order
from westeros.boardgame.state import SIDES, BoardGame, Order
from westeros.boardgame.vassals import knows, vassal_deck, vassal_tokens
from westeros.engine import Event, Rng

_MIX = 0x9E3779B97F4A7C15
G = TypeVar("G", bound=BoardGame)


def determinize(g: G, seat: int, seed: int) -> G:
    """A new game: ``g`` as ``seat`` knows it, the unknown parts drawn with ``Rng(seed)``."""
    me = g.house_of(seat)
    out = g.clone()
    rng = Rng((seed * _MIX + 0x5BD1E995) & ((1 << 64) - 1))
    out.seed = seed
    out.rng = Rng(rng.next64())
    out.log = [e.for_seat(seat) for e in g.log]
    _orders(out, me, rng)
    _bids(out, me, rng)
    if out.vassals:
        _vassal_hands(out, me, rng)
    _fight(out, me, rng)
    out.westeros_decks = _westeros(g, me, rng)
    _wildlings(out, me, rng)
    if uses_iron_bank(out):  # X-MOD-8.2: the loan deck's order is hidden from everyone
        out.loan_deck = rng.shuffled(list(out.loan_deck))
    if out.is_affc():
        _objectives(out, me, rng)
    out.invalidate()
    return out


def _orders(g: BoardGame, me: str, rng: Rng) -> None:
    if g.orders_revealed:
        return
    for house in g.houses:
        if knows(g, me, house):  # its own orders and its vassals' (X-MOD-10.4)
            continue
        areas = g.orders_of(house)  # map order: public (an order is here)
        for area in areas:
            del g.orders[area]
        for area in areas:
            vassal = house in g.vassals
            tokens = vassal_tokens(g, house) if vassal else placeable_tokens(g, house, area=area)
            if tokens:
                g.orders[area] = Order(house, rng.choice(tokens))


def _vassal_hands(g: BoardGame, me: str, rng: Rng) -> None:
    """X-MOD-10.7: the vassal cards another commander drew, drawn again from the shared deck
    without the cards the seat sees (its own vassal's draw)."""
    unknown = [h for h in g.vassals if g.hands[h] and not knows(g, me, h)]
    seen = {c for h in g.vassals if knows(g, me, h) for c in g.hands[h]}
    pool = list(rng.shuffled([c for c in vassal_deck() if c not in seen]))
    for house in unknown:
        size = len(g.hands[house])
        g.hands[house], pool = tuple(pool[:size]), pool[size:]


def _bids(g: BoardGame, me: str, rng: Rng) -> None:
    """Bids held by a bidding step (``stage == "bid"``, or :class:`TableBids` at the table,
    confirmed or not) are secret until their reveal."""
    for step in g.stack:
        bids = getattr(step, "bids", None)
        if not bids or not (isinstance(step, TableBids) or getattr(step, "stage", None) == "bid"):
            continue
        step.bids = tuple(  # type: ignore[attr-defined]
            (h, amount if h == me else rng.below(g.power[h] + 1)) for h, amount in bids
        )


def _fight(g: BoardGame, me: str, rng: Rng) -> None:
    f = current(g)
    if f is None:
        return
    f = g.fight = f.copy()
    if not f.revealed:
        chosen = list(f.chosen)
        for i, side in enumerate(SIDES):
            card = chosen[i]
            if card and f.house(side) != me:
                hand = [c for c in g.hands[f.house(side)] if c not in f.excluded]
                chosen[i] = rng.choice(sorted(hand)) if hand else card
        f.chosen = (chosen[0], chosen[1])
    hidden = [
        i
        for i, side in enumerate(SIDES)
        if f.drawn[i] is not None and not f.tides_shown and f.house(side) != me
    ]
    pool = [*f.tides_deck, *(f.drawn[i] for i in hidden)]
    if not pool:
        return
    shuffled = list(rng.shuffled(sorted(c for c in pool if c is not None)))
    drawn = list(f.drawn)
    for i in hidden:
        drawn[i] = shuffled.pop()
    f.drawn = (drawn[0], drawn[1])
    f.tides_deck = tuple(shuffled)


def _westeros(g: BoardGame, me: str, rng: Rng) -> dict[int, tuple[str, ...]]:
    """Each Westeros deck shuffled, but for what the seat knows of its order: the cards its
    Spymaster loan looked at or put back, as far as the log it may read says they are still
    there (X-MOD-8.1, :mod:`~westeros.boardgame.spied_decks`), or the card its Rodrik the
    Reader put on top while the deck has not shrunk since (X-ADWD-4.2)."""
    tops: dict[int, tuple[str, int]] = {}
    name = E.RODRIK_SEARCH.name
    for event in g.log:
        if event.kind == name and event.fields.get("house") == me:
            tops[event.fields["deck"]] = (event.fields["card"], event.fields["size"])
    out: dict[int, tuple[str, ...]] = {}
    log = _spy_log(g, me)
    for d, cards in g.westeros_decks.items():
        top, size = tops.get(d, ("", -1))
        spied = _spied(g, me, d, log) if log is not None else None
        sample = spied.arrange(cards, rng) if spied is not None else None
        if sample is not None:
            out[d] = sample
        elif size == len(cards) and top in cards:
            rest = list(cards)
            rest.remove(top)
            out[d] = (top, *rng.shuffled(sorted(rest)))
        else:
            out[d] = rng.shuffled(sorted(cards))
    return out


def _spy_log(g: BoardGame, me: str) -> list[Event] | None:
    """The events that move Westeros cards, as the seat may read them (None without the Iron
    Bank: no Spymaster)."""
    if not uses_iron_bank(g):
        return None
    seat = g.seat_of(me)
    return [e.for_seat(seat) for e in g.log if e.kind in SPY_EVENTS]


def _spied(g: BoardGame, me: str, deck: int, log: list[Event]) -> Known | None:
    """X-MOD-8.1 Spymaster: what the seat knows of deck ``deck``'s order, read from the log as
    the seat may read it (and the two cards its Spymaster is showing it now)."""
    looking: tuple[str, ...] = ()
    for step in g.stack:
        if isinstance(step, Spymaster) and step.deck == deck and step.house == me:
            looking = g.westeros_decks[deck][:LOOK]
    return known_order(log, me, deck, len(g.westeros_decks[deck]), looking)


def _wildlings(g: BoardGame, me: str, rng: Rng) -> None:
    """Shuffle the wildling deck but for what is known: the cards drawn in public go to the
    bottom in order (the known suffix), and the seat's own Raven peek stays where it put it."""
    deck = list(g.wildling_deck)
    if not deck:
        return
    public = _drawn_wildlings(g)
    known = 0
    while known < len(deck) and deck[len(deck) - 1 - known] in public:
        known += 1
    bottom = deck[len(deck) - known :]
    rest = deck[: len(deck) - known]
    top: list[str] = []
    peek, mine = g.raven_peek, g.raven_peek_house == me
    other_peek_on_top = False
    if peek is not None and peek in rest:
        rest.remove(peek)
        if mine and deck[0] == peek:
            top = [peek]
        elif mine:  # put at the bottom: under the unknown part, above later public draws
            bottom = [peek, *bottom]
        else:  # another seat's peek: an unknown card, on top or at the bottom as it chose
            other_peek_on_top = deck[0] == peek
            rest.append(peek)
    middle = list(rng.shuffled(sorted(rest)))
    g.wildling_deck = (*top, *middle, *bottom)
    if peek is not None and not mine and middle:
        g.raven_peek = middle[0] if other_peek_on_top else middle[-1]


def _drawn_wildlings(g: BoardGame) -> set[str]:
    out: set[str] = set()
    name = E.WILDLING_CARD.name
    for event in g.log:
        if event.kind == name:
            card: Any = event.fields.get("card")
            if isinstance(card, str):
                out.add(card)
    return out


def _objectives(g: BoardGame, me: str, rng: Rng) -> None:
    """X-AFFC-2.8: the cards ``me`` cannot see (the deck and the other hands, but for the cards
    everybody knows a house holds, :data:`affc.KNOWN_HOLDINGS`) dealt again in the same sizes;
    then every step that holds another house's unseen pick of an objective card draws it again
    (``resample_objectives``: the set-up returns, X-AFFC-D1, and the Westeros cards' picks)."""
    others = [h for h in g.houses if h != me]
    known = affc.known_holdings(g)
    kept = {h: [c for c in g.objective_hands[h] if c in known.get(h, ())] for h in others}
    unseen = [*g.objective_deck]
    for house in others:
        unseen += [c for c in g.objective_hands[house] if c not in kept[house]]
    pool = list(rng.shuffled(sorted(unseen)))
    for house in others:
        size = len(g.objective_hands[house]) - len(kept[house])
        g.objective_hands[house], pool = (*kept[house], *pool[:size]), pool[size:]
    g.objective_deck = tuple(pool)
    for step in g.stack:
        resample = getattr(step, "resample_objectives", None)
        if resample is not None:
            resample(g, me, rng)
