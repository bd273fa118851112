"""The timing machinery of C6 and C16 as steps: effects queued in order, occurrences with
their interrupt and reaction windows, action windows, and the initiation of abilities.

* :func:`run_effect` runs an effect function; the steps it queues (:func:`do`, the engine's
  ``g.queue``) run in the order queued, after it returns — so "kill A, then draw" happens in
  that order even when the kill opens windows.
* :func:`ask` is how card texts ask a decision of a catalogued kind (:class:`Then`, on the
  engine's one ask-then-act step); the rules' own decisions are declared ``Ask`` steps.
* :class:`Occurrence` is C16.9: forced interrupts and an interrupt window, the occurrence
  itself (unless canceled), then forced reactions and a reaction window. Windows open only
  when some player has an ability that answers or could hold one in hand, judged from
  public facts only (the "fast auto-pass" of Q13 that reveals no hand, C1.9).
* :class:`ActionWindow` is C6.4: the first player has the first opportunity; it closes when
  every player has passed in a row; a player without a usable action, who could not hold
  one in hand either (public facts only), passes automatically.
* :class:`Initiate` is C16.4: costs, then targets, then the effect (or a cancel).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from westeros.cardgame import decisions as D
from westeros.cardgame.abilities import (
    ACTION,
    FORCED_INTERRUPT,
    FORCED_REACTION,
    INTERRUPT,
    REACTION,
    TEXTS,
    Ability,
    Ctx,
    Occ,
    Target,
    always,
    text_of,
    use_ctx,
)
from westeros.cardgame.cards import CardDef
from westeros.cardgame.costs import (
    can_play_event,
    consume_reducers,
    full_prices,
    marshal_cost,
    pay_gold,
)
from westeros.cardgame.events import event
from westeros.cardgame.state import CardGame, stable
from westeros.cardgame.zones import remove_from_zone
from westeros.engine import Ask, Choice, Decision, DecisionKind, Step

Resolve = Callable[[CardGame, Occ], None]
StateCheck = Callable[[CardGame], None]
Offer = Callable[[CardGame, Occ], list[Step]]
OfferActions = Callable[[CardGame, int, str], list[Choice]]
TakeAction = Callable[[CardGame, int, str], None]
MayAct = Callable[[CardGame, int, str], bool]

# State checks run after every occurrence (e.g. "killed if its STR is 0"), registered by the
# rules that define them (actions.py).
AFTER_OCCURRENCE: list[StateCheck] = []

# The continuous state checks, run after every step (``CardGame.settle``), registered by the
# rules that define them (actions.py): STATE_CHECKS after a step that changed what card values
# depend on (C19.4), RESULT_CHECKS after every step (C20.3, C20.4: "at any time"); a check
# changes the state at once or pushes the steps that decide (D15).
STATE_CHECKS: list[StateCheck] = CardGame.STATE_CHECKS
RESULT_CHECKS: list[StateCheck] = CardGame.RESULT_CHECKS

# What the rules offer once an occurrence's interrupt window has closed, before it resolves
# (C16.9 step 4): the duplicate saves of C18.7 (actions.py). Each returns the steps to run.
BEFORE_RESOLVING: list[Offer] = []


class _PlayerActions:
    """The player actions the rules grant in action windows (C6.5: marshal, ambush), given
    to :class:`ActionWindow` by :func:`grant_player_actions` (actions.py): ``offer`` lists
    them, ``take`` takes one; ``grants`` tells whether a window grants a seat any at all (a
    quick public test), ``could`` whether it offers one now (the first found answers)."""

    offer: OfferActions | None = None
    take: TakeAction | None = None
    grants: MayAct | None = None
    could: MayAct | None = None


def grant_player_actions(
    offer: OfferActions, take: TakeAction, grants: MayAct, could: MayAct
) -> None:
    _PlayerActions.offer = offer
    _PlayerActions.take = take
    _PlayerActions.grants = grants
    _PlayerActions.could = could


def run_effect(g: CardGame, fn: Callable[..., object], *args: Any) -> None:
    """Run ``fn(g, *args)``; the steps it queues with :func:`do` run next, in queue order."""
    outer = g.buffer
    g.buffer = []
    try:
        fn(g, *args)
    finally:
        queued, g.buffer = g.buffer, outer
    if outer is not None:
        outer.extend(queued)
    elif queued:
        g.push(*queued)


def do(g: CardGame, step: Step) -> None:
    """Queue a step after the running effect (or push it when no effect runs)."""
    g.queue(step)


class Call(Step):
    """Run a function later, in queue order (its own queued steps follow it)."""

    def __init__(self, fn: Callable[..., object], *args: Any) -> None:
        self.fn = fn
        self.args = args

    def run(self, g: CardGame) -> None:
        run_effect(g, self.fn, *self.args)

    def snapshot(self) -> dict[str, Any]:
        return {"step": "Call", "fn": self.fn.__qualname__, "args": stable(self.args)}


class Then(Ask):
    """The ask-then-act step of card texts: one decision of a catalogued kind, then
    ``then(g, choice, *args)`` (the text's own continuation) runs in queue order."""

    def __init__(
        self,
        seat: int,
        kind: DecisionKind,
        prompt: str,
        choices: tuple[Choice, ...],
        then: Callable[..., object],
        *args: Any,
        context: tuple[tuple[str, str | int], ...] = (),
    ) -> None:
        super().__init__()
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        self.choices = choices
        self.then = then
        self.args = args
        self.context = context

    def ask(self, g: CardGame) -> Decision | None:
        if g.players[self.seat].eliminated:  # Q12: an eliminated player decides nothing
            return None
        return self.kind.ask(self.seat, self.prompt, self.choices, **dict(self.context))

    def act(self, g: CardGame, choice: Choice | None) -> None:
        if g.players[self.seat].eliminated:
            return
        run_effect(g, self.then, choice, *self.args)

    def snapshot(self) -> dict[str, Any]:
        return {
            "step": "Ask",
            "seat": self.seat,
            "kind": self.kind.name,
            "choices": list(self.choices),
            "then": self.then.__qualname__,
            "args": stable(self.args),
            "choice": self.choice,
        }


def ask(
    g: CardGame,
    seat: int,
    kind: DecisionKind,
    prompt: str,
    choices: Sequence[Choice],
    then: Callable[..., object],
    *args: Any,
    context: tuple[tuple[str, str | int], ...] = (),
) -> None:
    """Queue a decision; with a single legal choice it is taken without asking."""
    if len(choices) == 1:
        do(g, Call(then, choices[0], *args))
    elif choices:
        do(g, Then(seat, kind, prompt, tuple(choices), then, *args, context=context))


# -- occurrences (C16.9) ---------------------------------------------------------------


class Occurrence(Step):
    """An occurrence with its interrupts, resolution and reactions (C16.9)."""

    def __init__(
        self, occ: Occ, resolve: Resolve | None, stage: int = 0, ctx: Ctx | None = None
    ) -> None:
        self.occ = occ
        self.resolve = resolve
        self.stage = stage
        self.canceled = False
        self.ctx = ctx  # for "initiating": the ability use that may be canceled
        self.offered = False  # what BEFORE_RESOLVING offers was offered (C18.7)

    def run(self, g: CardGame) -> None:
        if self.stage == 0:
            self.stage = 1
            if _answers(g, self.occ, (INTERRUPT, FORCED_INTERRUPT)):
                g.push(TriggerWindow(self.occ, INTERRUPT), self)
                return
        if self.stage == 1:
            if self.canceled:
                return
            if not self.offered:
                self.offered = True
                offers = [step for offer in BEFORE_RESOLVING for step in offer(g, self.occ)]
                if offers:
                    g.push(*offers, self)
                    return
            self.stage = 2
            g.push(self)
            if self.resolve is not None:
                run_effect(g, self.resolve, self.occ)
            return
        if _answers(g, self.occ, (REACTION, FORCED_REACTION)):
            g.push(TriggerWindow(self.occ, REACTION))
        for check in AFTER_OCCURRENCE:
            run_effect(g, check)  # state checks: "killed if its STR is 0" (burn)

    def snapshot(self) -> dict[str, Any]:
        return {
            "step": "Occurrence",
            "occ": stable(self.occ),
            "resolve": getattr(self.resolve, "__qualname__", None),
            "stage": self.stage,
            "canceled": self.canceled,
            "offered": self.offered,
            "ctx": stable(self.ctx),
        }


def occur(g: CardGame, occ: Occ, resolve: Resolve | None = None, ctx: Ctx | None = None) -> None:
    """Queue an occurrence; ``resolve`` makes it happen (None: a pure timing point)."""
    do(g, Occurrence(occ, resolve, ctx=ctx))


def current_occurrence(g: CardGame) -> Occurrence | None:
    """The occurrence whose interrupts are resolving (for saves and cancels, C16.9 step 2)."""
    for step in reversed(g.stack):
        if isinstance(step, Occurrence) and step.stage == 1:
            return step
    return None


def trigger_sources(
    g: CardGame, seat: int | None = None, among: frozenset[int] | None = None
) -> list[int]:
    """Cards whose abilities may be used: in play (face up), revealed plots, agendas,
    titles, and events in hand (C1.3); optionally only those ``among`` some cards (the
    cards with an ability of the kind wanted, :func:`_answerers`), in the same order."""
    where, play = g.where, g.play
    if among is None:
        out = [
            c
            for c, r in play.items()
            if not r.facedown and where[c] != "dup" and (seat is None or r.controller == seat)
        ]
    elif among.isdisjoint(play):  # none of them in play (a quick test in C)
        out = []
    elif seat is None:
        out = [c for c, r in play.items() if c in among and not r.facedown and where[c] != "dup"]
    else:
        out = [
            c
            for c, r in play.items()
            if c in among and r.controller == seat and not r.facedown and where[c] != "dup"
        ]
    players = g.players
    if out:
        if g.blanking():  # C2.12: blank cards have no abilities (rarely any)
            out = [c for c in out if not g.blank(c)]
        for p in players:
            if p.eliminated:  # Q12: their cards answer nothing
                out = [c for c in out if not players[play[c].controller].eliminated]
                break
    defs = g.defs
    for p in players if seat is None else (players[seat],):
        if p.eliminated:
            continue
        if p.agenda is not None and (among is None or p.agenda in among):
            out.append(p.agenda)
        if among is None:
            out += [c for c in p.hand if defs[c].type == "event"]
        elif p.hand:
            out += [c for c in p.hand if c in among and defs[c].type == "event"]
    return out


def _is_source(g: CardGame, cid: int, seat: int | None) -> bool:
    """Whether ``cid`` is one of ``trigger_sources(g, seat)`` (one card's test, for the
    questions that need only a yes or no)."""
    rec = g.play.get(cid)
    players = g.players
    if rec is not None:
        if rec.facedown or g.where[cid] == "dup" or (seat is not None and rec.controller != seat):
            return False
        if players[rec.controller].eliminated:
            return False
        return not (g.blanking() and g.blank(cid))
    owner = g.owner[cid]
    if seat is not None and owner != seat:
        return False  # an agenda or a hand is its owner's
    p = players[owner]
    if p.eliminated:
        return False
    if cid == p.agenda:
        return True
    return g.where[cid] == "hand" and g.defs[cid].type == "event"


def _usable_use(g: CardGame, use: Use, seat: int | None, occ: Occ | None) -> bool:
    """Whether one ability of a card that is a trigger source (of ``seat``, or of anybody)
    could be used now."""
    cid, i, a = use
    if a.phase is not None and g.phase != a.phase:
        return False  # as usable() would find, sooner
    if not _is_source(g, cid, seat):
        return False
    you = g.controller(cid)  # as _usable_at, without making the use unless it is needed
    return _may_use(g, a, cid, you, i) and _usable_with(g, a, use_ctx(cid, you, i, occ))


def _answers(g: CardGame, occ: Occ, kinds: tuple[str, ...]) -> bool:
    """Whether a window opens: an ability in play could answer, or some player could hold an
    answer in hand (judged from public facts only, :func:`could_answer`; C1.9)."""
    index = _index(g)
    cards = index.cards
    keys = [(occ.kind, k) for k in kinds if (occ.kind, k) in cards]
    if not keys:
        return False  # no card of the game answers this occurrence so (the common case)
    where = g.where
    in_play: dict[Key, list[Use]] = {}  # listed once for every seat
    for key in keys:
        for uses in index.owned[key]:
            for use in uses:
                if where[use[0]] in ("hand", "agenda") and _usable_use(g, use, None, occ):
                    return True
        in_play[key] = _in_play_uses(g, key)
        if any(_usable_use(g, use, None, occ) for use in in_play[key]):
            return True
    # forced ones answer from play; a kind nobody holds a card of (no event or agenda of
    # any seat, none in play) could be nobody's answer: could_answer would find no use
    held = [
        key
        for key in keys
        if key[1] in (INTERRUPT, REACTION) and (in_play[key] or any(index.owned[key]))
    ]
    return any(
        could_answer(g, s, occ, key[1], in_play=in_play[key]) for s in g.order() for key in held
    )


def _in_play_uses(g: CardGame, key: Key) -> list[Use]:
    """The abilities (of kind and occurrence ``key``) of the cards in play, whoever controls
    them, by card id (the order of ``others``; the tests that read them want any one usable).
    The cards are found by a set intersection, quicker than a test card by card."""
    others = _index(g).others.get(key)
    if not others:
        return []
    return [use for cid in sorted(others.keys() & g.play.keys()) for use in others[cid]]


# -- windows that reveal nothing (C1.9) ------------------------------------------------
#
# Whether a window opens, and which players it asks, must not depend on a hidden card, or
# the public "waiting for" would tell what a hand holds. A player is asked when they could
# use something were every card of their hand *and deck* in their hand: the hand and the
# deck together are public (the deck list less the open piles), how they are split is not.
# A player asked for that reason alone answers "pass" (the only choice offered).
#
# For speed, only the cards that could matter are looked at (:func:`_own_candidates`: the
# seat's cards with an ability of the kind asked), and the hand is rebuilt as if it held
# the deck only when some such card exists.


def _as_if_all_in_hand(g: CardGame, seat: int, test: Callable[[], bool]) -> bool:
    """``test()`` with the seat's hand and deck all in its hand (a player without cards in
    hand cannot hold anything: False)."""
    p = g.players[seat]
    if not p.hand or p.eliminated:
        return False
    hand, deck, where = p.hand, p.deck, g.where
    p.hand = hand + deck  # in no particular order: the tests answer yes or no
    for c in deck:  # the hand's cards are in hand already
        where[c] = "hand"
    try:
        return test()
    finally:
        p.hand = hand
        for c in deck:
            where[c] = "deck"


def _live_uses(g: CardGame, key: Key, seat: int, in_play: list[Use] | None = None) -> list[Use]:
    """The abilities (of kind and occurrence ``key``) that could be ``seat``'s were its deck
    in hand: of events in its hand or deck it could pay for, of its agenda, of cards in play
    under its control (``in_play``: those of every card in play, if listed already); not
    those of another phase (quick tests first)."""
    index, play, phase = _index(g), g.play, g.phase
    owned = index.phased.get((key, seat, phase))
    if owned is None:
        owned = index.owned_in(key, seat, phase)
    out: list[Use] = []
    if owned:
        where = g.where
        out = [u for u in owned if where[u[0]] in _HELD]
        if out:
            out = _affordable(g, seat, out)
    if in_play is None:  # the seat's cards in play only, in the order _in_play_uses lists
        others = index.others.get(key)
        if not others:
            return out
        mine = [cid for cid in play.keys() & others.keys() if play[cid].controller == seat]
        if len(mine) > 1:
            mine.sort()
        for cid in mine:
            out += [u for u in others[cid] if u[2].phase is None or u[2].phase == phase]
        return out
    for use in in_play:
        if play[use[0]].controller == seat and (use[2].phase is None or use[2].phase == phase):
            out.append(use)
    return out


_HELD = frozenset(("hand", "deck", "agenda"))  # where a seat's own usable cards wait


def _affordable(g: CardGame, seat: int, uses: list[Use]) -> list[Use]:
    """The uses left once the events that cost more gold than ``seat`` has are left out,
    while nothing reduces costs (C9.4.2: the printed cost; C16.8: an event's cost is paid
    when it is played), as :func:`can_play_event` would find. (Whether something reduces
    costs is asked only when some event costs too much.)"""
    gold, defs = g.players[seat].gold, g.defs
    left = [u for u in uses if u[2].zone != "hand" or (defs[u[0]].cost or 0) <= gold]
    return uses if len(left) == len(uses) or not full_prices(g, seat) else left


def could_answer(
    g: CardGame,
    seat: int,
    occ: Occ,
    kind: str,
    used: frozenset[tuple[int, int]] = frozenset(),
    in_play: list[Use] | None = None,
) -> bool:
    """Whether ``seat`` could answer ``occ`` with an ability of ``kind``, judged from public
    facts only (:func:`_as_if_all_in_hand`). The abilities ``used`` on this occurrence
    already do not count: each copy answers an occurrence once (C16.10), and the uses are
    public. (``in_play``: :func:`_in_play_uses`, when listed already.)"""
    if kind not in (INTERRUPT, REACTION):
        return False
    p = g.players[seat]
    if not p.hand or p.eliminated:
        return False
    live = _live_uses(g, (occ.kind, kind), seat, in_play)
    if used:
        live = [u for u in live if (u[0], u[1]) not in used]
    if not live:
        return False
    return _as_if_all_in_hand(g, seat, lambda: any(_usable_use(g, u, seat, occ) for u in live))


# The abilities of a game's cards that answer some occurrence, by (occurrence, ability kind),
# and the Actions (C6.5) under (ANY_TIME, ACTION): printed texts do not change during a game,
# so this is worked out once per set of cards (clones share ``g.defs`` and ``g.owner``), and
# again if the registered texts change (test-only texts). ``cards`` holds the cards by key;
# ``owned`` a seat's events and agenda by key (used from its own hand or agenda), ``others``
# the other cards' abilities (used in play).
Key = tuple[str, str]
Use = tuple[int, int, Ability]  # card, ability index, ability
ANY_TIME = "*"  # no occurrence is named so (abilities.text checks the names)


@dataclass(frozen=True, slots=True)
class Index:
    cards: dict[Key, frozenset[int]]
    owned: dict[Key, tuple[tuple[Use, ...], ...]]
    others: dict[Key, dict[int, tuple[Use, ...]]]  # by card, in card id order
    actions: dict[int, tuple[Use, ...]]  # every card's Actions, by card (in text order)
    phased: dict[tuple[Key, int, str], tuple[Use, ...]] = field(default_factory=dict)

    def owned_in(self, key: Key, seat: int, phase: str) -> tuple[Use, ...]:
        """A seat's own uses of ``key`` (events, agenda) usable in ``phase`` (C16.1: a
        "<Phase> Action:" only then), worked out once per phase."""
        found = self.phased.get((key, seat, phase))
        if found is None:
            owned = self.owned.get(key, ())
            mine = owned[seat] if seat < len(owned) else ()
            found = tuple(u for u in mine if u[2].phase in (None, phase))
            self.phased[(key, seat, phase)] = found
        return found


_Hit = tuple[tuple[CardDef, ...], tuple[int, ...], int, Index]
_INDEX: dict[int, _Hit] = {}
_LAST: list[_Hit | None] = [None]


def _index(g: CardGame) -> Index:
    hit = _LAST[0]  # most calls in a row are for the same game's cards
    if hit is not None and hit[0] is g.defs and hit[1] is g.owner and hit[2] == TEXTS.version:
        return hit[3]
    hit = _INDEX.get(id(g.defs))
    if hit is None or not _fits(hit, g):
        hit = _build_index(g)
    _LAST[0] = hit
    return hit[3]


def _fits(hit: _Hit, g: CardGame) -> bool:
    return hit[0] is g.defs and hit[1] is g.owner and hit[2] == TEXTS.version


def _build_index(g: CardGame) -> _Hit:
    uses: dict[Key, list[Use]] = {}
    for cid, d in enumerate(g.defs):
        entry = text_of(d.code)
        for i, a in enumerate(entry.abilities):
            for on in a.on.split("|") if a.on else ():
                uses.setdefault((on, a.kind), []).append((cid, i, a))
            if a.kind == ACTION:
                uses.setdefault((ANY_TIME, ACTION), []).append((cid, i, a))
    seats = range(max(g.owner, default=-1) + 1)
    own = {"event", "agenda"}
    index = Index(
        {k: frozenset(c for c, _, _ in v) for k, v in uses.items()},
        {
            k: tuple(
                tuple(u for u in v if g.owner[u[0]] == s and g.defs[u[0]].type in own)
                for s in seats
            )
            for k, v in uses.items()
        },
        {k: _by_card(u for u in v if g.defs[u[0]].type not in own) for k, v in uses.items()},
        _by_card(uses.get((ANY_TIME, ACTION), ())),
    )
    if len(_INDEX) > 64:
        _INDEX.clear()
    hit = _INDEX[id(g.defs)] = (g.defs, g.owner, TEXTS.version, index)
    return hit


def _by_card(uses: Iterable[Use]) -> dict[int, tuple[Use, ...]]:
    found: dict[int, list[Use]] = {}
    for use in uses:
        found.setdefault(use[0], []).append(use)
    return {cid: tuple(v) for cid, v in found.items()}


def _answerers(g: CardGame) -> dict[Key, frozenset[int]]:
    return _index(g).cards


def ctx_for(g: CardGame, cid: int, index: int, occ: Occ | None = None) -> Ctx:
    return Ctx(source=cid, you=g.controller(cid), index=index, occ=occ)


def triggered(g: CardGame, occ: Occ, kind: str, seat: int | None = None) -> list[Ctx]:
    """The abilities of ``kind`` that can answer ``occ`` now, optionally one seat's."""
    out: list[Ctx] = []
    cands = _answerers(g).get((occ.kind, kind))
    if not cands:
        return out
    for cid in trigger_sources(g, seat, cands):
        entry = text_of(g.defs[cid].code)
        for i in entry.by_occ.get(occ.kind, ()):
            a = entry.abilities[i]
            if a.kind == kind and (ctx := _usable_at(g, a, cid, i, occ)) is not None:
                out.append(ctx)
    return out


class TriggerWindow(Step):
    """Forced abilities, then an interrupt or reaction window for one occurrence (C16.9
    steps 3–4 and 7–8). Each copy answers an occurrence at most once (C16.10)."""

    CHOOSES_OWN_FIELDS = True  # a choice moves the turn on (apply's lazy backup)

    def __init__(self, occ: Occ, kind: str) -> None:
        self.occ = occ
        self.kind = kind
        self.forced_done = False
        self.turn = 0
        self.passes = 0
        self.used: frozenset[tuple[int, int]] = frozenset()
        self.taken: Choice | None = None

    def _options(self, g: CardGame, seat: int) -> list[Choice]:
        return [
            D.REACTION.format("use", c.source, c.index)
            for c in triggered(g, self.occ, self.kind, seat)
            if (c.source, c.index) not in self.used
        ]

    def decisions(self, g: CardGame) -> list[Decision]:
        if not self.forced_done or self.taken is not None:
            return []
        found = _next_opportunity(g, self.turn, self.passes, self._options, self._could)
        if found is None:
            return []
        seat, options = found
        kind = D.INTERRUPT if self.kind == INTERRUPT else D.REACTION
        what = self.occ.kind.replace("_", " ")
        return [
            kind.ask(seat, f"{self.kind} to: {what}", (*options, "pass"), occurrence=self.occ.kind)
        ]

    def _could(self, g: CardGame, seat: int) -> bool:
        return could_answer(g, seat, self.occ, self.kind, self.used)

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.turn, self.passes = _after_opportunity(g, self.turn, self.passes, seat, choice)
        self.taken = None if choice == "pass" else choice

    def run(self, g: CardGame) -> None:
        if not self.forced_done:
            self.forced_done = True
            forced = FORCED_INTERRUPT if self.kind == INTERRUPT else FORCED_REACTION
            order = {s: k for k, s in enumerate(g.order())}
            due = sorted(
                triggered(g, self.occ, forced), key=lambda c: (order.get(c.you, 9), c.source)
            )
            g.push(*([InOrder(tuple(due))] if due else []), self)
            return
        if self.taken is None:
            return
        use = D.REACTION.parse(self.taken)
        cid, index = use["card"], use["index"]
        self.used = self.used | {(cid, index)}
        self.taken = None
        g.push(Initiate(ctx_for(g, cid, index, self.occ)), self)

    def snapshot(self) -> dict[str, Any]:
        return {
            "step": "TriggerWindow",
            "occ": stable(self.occ),
            "kind": self.kind,
            "state": [self.forced_done, self.turn, self.passes, sorted(self.used), self.taken],
        }


class InOrder(Ask):
    """D7/D11 (C7.3.3, C16.9 steps 3 and 7, C16.21): simultaneous When Revealed or forced
    abilities initiate one at a time, each fully before the next, in the order the first
    player picks (whoever controls them); automatic: in the order given (player order, Q4)."""

    def __init__(self, due: tuple[Ctx, ...]) -> None:
        super().__init__()
        self.due = due

    def ask(self, g: CardGame) -> Decision | None:
        if len(self.due) <= 1 or g.automatic(g.first):
            return None
        choices = tuple(D.ORDER.format(c.source, c.index) for c in self.due)
        return D.ORDER.ask(g.first, "choose the ability that resolves next", choices)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        pick = 0
        if choice is not None:
            parsed = D.ORDER.parse(choice)
            pick = next(
                k
                for k, c in enumerate(self.due)
                if (c.source, c.index) == (parsed["card"], parsed["index"])
            )
        rest = self.due[:pick] + self.due[pick + 1 :]
        g.push(Initiate(self.due[pick]), *([InOrder(rest)] if rest else []))

    def snapshot(self) -> dict[str, Any]:
        return {"step": "InOrder", "due": stable(self.due), "choice": self.choice}


# -- action windows (C6.3, C6.4) -------------------------------------------------------

Options = Callable[[CardGame, int], list[Choice]]
Could = Callable[[CardGame, int], bool]


def _next_opportunity(
    g: CardGame, turn: int, passes: int, options: Options, could: Could
) -> tuple[int, list[Choice]] | None:
    """The next seat in rotation with something to do, or that could hold something to do in
    hand (``could``, public facts only), unless everyone has passed in a row."""
    order = g.order()
    n = len(order)
    for k in range(n - passes):
        seat = order[(turn + k) % n]
        found = options(g, seat)
        if found or could(g, seat):
            return seat, found
    return None


def _after_opportunity(
    g: CardGame, turn: int, passes: int, seat: int, choice: Choice
) -> tuple[int, int]:
    """The rotation after ``seat`` acted: skipped seats count as passes (auto-pass)."""
    order = g.order()
    n = len(order)
    k = (order.index(seat) - turn) % n
    turn = (turn + k + 1) % n
    return turn, (passes + k + 1 if choice == "pass" else 0)


class ActionWindow(Step):
    """An action window (C6.4). ``extra(g, seat)`` adds player actions the rules grant here
    (marshal, ambush; C6.5); ``handle`` runs them."""

    CHOOSES_OWN_FIELDS = True  # a choice moves the turn on (apply's lazy backup)

    def __init__(self, name: str, turn: int = 0) -> None:
        self.name = name
        self.turn = turn
        self.passes = 0
        self.taken: Choice | None = None
        self.seat = -1

    def _options(self, g: CardGame, seat: int) -> list[Choice]:
        offer = _PlayerActions.offer
        granted = offer(g, seat, self.name) if offer is not None else []
        return granted + card_actions(g, seat)

    def decisions(self, g: CardGame) -> list[Decision]:
        if self.taken is not None or g.winner is not None:
            return []
        found = _next_opportunity(g, self.turn, self.passes, self._options, self._could)
        if found is None:
            return []
        seat, options = found
        return [
            D.ACTION.ask(
                seat,
                f"{self.name}: take an action or pass",
                (*options, "pass"),
                window=self.name,
            )
        ]

    def _could(self, g: CardGame, seat: int) -> bool:
        """Public facts only: could the seat act, were its whole deck in hand (C1.9)? Only
        the seat's cards with an Action, and the player actions this window grants, are
        tried (the first one found answers)."""
        p = g.players[seat]
        if not p.hand or p.eliminated:
            return False
        live = _live_uses(g, (ANY_TIME, ACTION), seat)
        grants, could = _PlayerActions.grants, _PlayerActions.could
        granted = grants is not None and could is not None and grants(g, seat, self.name)
        if not live and not granted:
            return False

        def test() -> bool:
            if any(_usable_use(g, u, seat, None) for u in live):
                return True
            return granted and could is not None and could(g, seat, self.name)

        return _as_if_all_in_hand(g, seat, test)

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.turn, self.passes = _after_opportunity(g, self.turn, self.passes, seat, choice)
        self.taken = None if choice == "pass" else choice
        self.seat = seat

    def run(self, g: CardGame) -> None:
        if self.taken is None:
            return
        choice, self.taken = str(self.taken), None
        g.push(self)
        use = D.ACTION.parse(choice)
        if use["verb"] == "use":
            g.push(Initiate(ctx_for(g, use["card"], use["index"])))
        elif _PlayerActions.take is not None:
            run_effect(g, _PlayerActions.take, self.seat, choice)

    def snapshot(self) -> dict[str, Any]:
        return {"step": "ActionWindow", **{k: stable(v) for k, v in vars(self).items()}}


def card_actions(g: CardGame, seat: int) -> list[Choice]:
    """The Action abilities ``seat`` may use now (C6.5): cards they control, events in hand."""
    return list(iter_card_actions(g, seat))


def iter_card_actions(g: CardGame, seat: int) -> Iterator[Choice]:
    """:func:`card_actions` one by one (whoever needs only the first stops there)."""
    index = _index(g)
    actors = index.cards.get((ANY_TIME, ACTION))
    if not actors:
        return
    actions = index.actions
    for cid in trigger_sources(g, seat, actors):
        for _, i, a in actions[cid]:
            if _usable_at(g, a, cid, i, None) is not None:
                yield D.ACTION.format("use", cid, i)


# -- using an ability (C16.4, C16.19) --------------------------------------------------


def usable(g: CardGame, a: Ability, ctx: Ctx) -> bool:
    """Whether an ability could be initiated now (C1.4, C16.4 steps 1–2, C16.19)."""
    return _may_use(g, a, ctx.source, ctx.you, ctx.index) and _usable_with(g, a, ctx)


def _may_use(g: CardGame, a: Ability, cid: int, you: int, index: int) -> bool:
    """The tests of :func:`usable` that need no :class:`Ctx`, the quick ones first."""
    zone = g.where[cid]
    if a.zone == "hand":
        if zone != "hand":
            return False
    elif zone not in ("play", "plot", "faction", "title", "agenda"):
        return False
    if a.phase is not None and g.phase != a.phase:
        return False
    if a.limit is not None and g.uses.get(_limit_key(g, a, cid, index), 0) >= a.limit[0]:
        return False
    if a.max is not None and g.uses.get(("max", a.max[1], you, g.defs[cid].name), 0) >= a.max[0]:
        return False  # the key of _max_key
    if a.kind in (ACTION, REACTION, INTERRUPT) and g.has("cannot_trigger", you, players=True):
        return False  # e.g. Catelyn Stark
    return a.zone != "hand" or can_play_event(g, cid, you)


def _usable_with(g: CardGame, a: Ability, ctx: Ctx) -> bool:
    """The tests of :func:`usable` that read the use: costs, targets, condition. The
    condition, often the quickest "no", is read first; if it raises (a condition that counts
    on a cost or target test to rule its case out), the tests are read in their order."""
    if a.when is not always:
        try:
            if not a.when(g, ctx):
                return False
        except Exception:
            return _usable_in_order(g, a, ctx)
    if a.cost and not all(c.can_pay(g, ctx) for c in a.cost):
        return False
    return a.target is None or _enough_candidates(g, a, ctx)


def _usable_in_order(g: CardGame, a: Ability, ctx: Ctx) -> bool:
    if a.cost and not all(c.can_pay(g, ctx) for c in a.cost):
        return False
    if a.target is not None and not _enough_candidates(g, a, ctx):
        return False
    return a.when(g, ctx)


def _usable_at(g: CardGame, a: Ability, cid: int, index: int, occ: Occ | None) -> Ctx | None:
    """The use of ability ``index`` of ``cid`` (to ``occ``) if it is usable now, else None
    (the use is made only when the quick tests pass)."""
    you = g.controller(cid)
    if not _may_use(g, a, cid, you, index):
        return None
    ctx = use_ctx(cid, you, index, occ)
    return ctx if _usable_with(g, a, ctx) else None


def limit_key(g: CardGame, a: Ability, ctx: Ctx) -> tuple[Any, ...]:
    """The key of an ability's "Limit N per period" count in g.uses (C16.19.1: per copy)."""
    return _limit_key(g, a, ctx.source, ctx.index)


def _limit_key(g: CardGame, a: Ability, cid: int, index: int) -> tuple[Any, ...]:
    rec = g.play.get(cid)
    period = a.limit[1] if a.limit else ""
    return ("limit", period, cid, index, rec.entered if rec else 0)


def _max_key(g: CardGame, ctx: Ctx) -> tuple[Any, ...]:
    a = text_of(g.defs[ctx.source].code).abilities[ctx.index]
    period = a.max[1] if a.max else ""
    return ("max", period, ctx.you, g.defs[ctx.source].name)


def candidates(g: CardGame, a: Ability, ctx: Ctx) -> list[int]:
    """The legal targets of an ability (C16.6): cards (or seats) its test accepts."""
    t = a.target
    assert t is not None
    return [c for c in _target_pool(g, t, ctx) if t.ok(g, ctx, c)]


def _target_pool(g: CardGame, t: Target, ctx: Ctx) -> Iterable[int]:
    """The cards (or seats) a target is chosen among, in order; cards in play one by one, as
    :meth:`CardGame.cards_in_play` lists them (whoever counts may stop early)."""
    if t.players:
        return [p.seat for p in g.players if not p.eliminated]
    if t.zone == "play":
        where, defs, type = g.where, g.defs, t.type
        return (
            c
            for c, r in g.play.items()
            if where[c] == "play" and not r.facedown and (type is None or defs[c].type == type)
        )
    return [c for zone in t.zone.split("+") for c in g.players[ctx.you].zone(zone)]


def _enough_candidates(g: CardGame, a: Ability, ctx: Ctx) -> bool:
    """Whether the ability has as many legal targets as it needs (counted up to that)."""
    t = a.target
    assert t is not None
    needed = 1 if t.up_to else t.count
    if t.zone == "play" and not t.players and needed > 0:  # the pool of _target_pool, inline
        ok, where, defs, type = t.ok, g.where, g.defs, t.type
        for c, r in g.play.items():
            if (
                where[c] == "play"
                and not r.facedown
                and (type is None or defs[c].type == type)
                and ok(g, ctx, c)
            ):
                needed -= 1
                if needed <= 0:
                    return True
        return False
    for c in _target_pool(g, t, ctx):
        if needed <= 0:
            break
        if t.ok(g, ctx, c):
            needed -= 1
    return needed <= 0


class Initiate(Step):
    """C16.4 for one ability use: pay costs (asking which card pays when several could),
    choose targets, then resolve the effect (events go to the discard pile after)."""

    def __init__(self, ctx: Ctx) -> None:
        self.ctx = ctx
        self.stage = "start"
        self.cost_index = 0
        self.pick: Choice | None = None
        self.chosen: tuple[int, ...] = ()
        self.closed = False  # "done": no more targets wanted

    def _ability(self, g: CardGame) -> Ability:
        return text_of(g.defs[self.ctx.source].code).abilities[self.ctx.index]

    def decisions(self, g: CardGame) -> list[Decision]:
        if self.pick is not None or g.players[self.ctx.you].eliminated:
            return []
        a = self._ability(g)
        if self.stage == "cost":
            cost = a.cost[self.cost_index]
            assert cost.options is not None
            options = tuple(cost.options(g, self.ctx))
            return [D.COST.ask(self.ctx.you, f"pay: {cost.label}", options, card=self.ctx.source)]
        if self.stage == "target":
            assert a.target is not None
            left = [c for c in candidates(g, a, self.ctx) if c not in self.chosen]
            done: tuple[Choice, ...] = ("done",) if a.target.up_to and self.chosen else ()
            what = "player" if a.target.players else "card"  # a seat or a card id (C16.6)
            return [
                D.TARGET.ask(
                    self.ctx.you, a.target.prompt, (*left, *done), card=self.ctx.source, target=what
                )
            ]
        return []

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.pick = choice

    def run(self, g: CardGame) -> None:
        if g.players[self.ctx.you].eliminated:  # Q12: an eliminated player resolves nothing
            if g.where[self.ctx.source] == "limbo":  # an event they were playing
                g.players[g.owner[self.ctx.source]].discard.append(self.ctx.source)
                g.where[self.ctx.source] = "discard"
            return
        a = self._ability(g)
        if self.stage == "start":
            self._start(g, a)
        if self.stage == "cost" and not self._pay(g, a):
            return
        if self.stage == "target" and not self._target(g, a):
            if self.stage == "failed" and a.zone == "hand":  # the event still counts as played
                do(g, FinishEvent(self.ctx.source, self.ctx.you))
            return
        if self.stage == "resolve":
            self._resolve(g, a)

    def _start(self, g: CardGame, a: Ability) -> None:
        ctx = self.ctx
        key = limit_key(g, a, ctx) if a.limit else _max_key(g, ctx) if a.max else None
        if key is not None:
            g.uses[key] = g.uses.get(key, 0) + 1
        if a.zone == "hand":
            begin_event(g, ctx.source, ctx.you)
        self.stage = "cost"

    def _pay(self, g: CardGame, a: Ability) -> bool:
        while self.cost_index < len(a.cost):
            cost = a.cost[self.cost_index]
            if cost.options is None:
                cost.pay(g, self.ctx, -1)
            else:
                options = cost.options(g, self.ctx)
                if self.pick is None and len(options) > 1:
                    g.push(self)
                    return False
                pick = int(self.pick) if self.pick is not None else options[0]
                self.pick = None
                cost.pay(g, self.ctx, pick)
                self.ctx = _with(self.ctx, paid=(*self.ctx.paid, pick))
            self.cost_index += 1
        self.stage = "target"
        return True

    def _target(self, g: CardGame, a: Ability) -> bool:
        t = a.target
        if t is not None:
            if self.pick == "done":
                self.pick = None
                self.closed = True
            elif self.pick is not None:
                self.chosen = (*self.chosen, int(self.pick))
                self.pick = None
            while len(self.chosen) < t.count and not self.closed:
                left = [c for c in candidates(g, a, self.ctx) if c not in self.chosen]
                if not left:
                    break
                if len(left) == 1 and not t.up_to and len(left) + len(self.chosen) <= t.count:
                    self.chosen = (*self.chosen, left[0])
                    continue
                g.push(self)
                return False
            if not self.chosen:  # C16.6.5–C16.6.6: no target: resolves unsuccessfully
                self.stage = "failed"
                return False
            self.ctx = _with(self.ctx, targets=self.chosen)
        self.stage = "resolve"
        return True

    def _resolve(self, g: CardGame, a: Ability) -> None:
        log_ability(g, self.ctx)
        ctx = self.ctx
        occ = Occ(
            "initiating",
            (ctx.source,),
            ctx.you,
            (("kind", a.kind), ("event", a.zone == "hand"), ("index", ctx.index)),
        )
        if _answers(g, occ, (INTERRUPT, FORCED_INTERRUPT)):
            # C16.4 step 6: the effect attempts to initiate; a cancel may stop it (C16.13)
            run_effect(g, occur, occ, _resolve_initiating, ctx)
            if a.zone == "hand":
                do(g, FinishEvent(ctx.source, ctx.you))
            return
        run_effect(g, _effect_then_finish, a, ctx)

    def snapshot(self) -> dict[str, Any]:
        return {"step": "Initiate", **{k: stable(v) for k, v in vars(self).items()}}


def _resolve_initiating(g: CardGame, occ: Occ) -> None:
    """The effect of an ability that was not canceled (its Ctx is rebuilt from the step)."""
    step = g.running
    assert isinstance(step, Occurrence)
    ctx = step.ctx
    assert ctx is not None
    text_of(g.defs[ctx.source].code).abilities[ctx.index].effect(g, ctx)


def cancel(g: CardGame) -> None:
    """Cancel the occurrence whose interrupts are resolving (C16.13): it does not happen."""
    step = current_occurrence(g)
    if step is not None:
        step.canceled = True


def savable(occ: Occ, fixes: bool = False) -> bool:
    """Whether a save may be tried against this leaving-play occurrence: not against "cannot
    be saved" (C18.8.1, sacrifices C18.8.2), and against a terminal condition ("killed if its
    STR is 0") only by a save that removes it (``fixes``, C18.8.4; never a duplicate)."""
    return bool(occ.get("save", True)) and (fixes or not occ.get("terminal", False))


def save(g: CardGame, cid: int, fixes: bool = False) -> bool:
    """C18.8: save ``cid`` from the leaving-play occurrence being interrupted: it stays in play
    and is not considered to have left; an occurrence left with no card is no longer imminent
    (C16.9 step 2). False when it cannot be saved (:func:`savable`)."""
    step = current_occurrence(g)
    if step is None or cid not in step.occ.cards or not savable(step.occ, fixes):
        return False
    occ = step.occ
    left = tuple(c for c in occ.cards if c != cid)
    step.occ = Occ(occ.kind, left, occ.player, occ.info)
    step.canceled = step.canceled or not left
    g.emit(event("saved", card=cid, name=g.name(cid)))
    return True


def _effect_then_finish(g: CardGame, a: Ability, ctx: Ctx) -> None:
    """The effect, then (for an event) the card to the discard pile (C16.8)."""
    a.effect(g, ctx)
    if a.zone == "hand":
        do(g, FinishEvent(ctx.source, ctx.you))


def _with(ctx: Ctx, **changes: Any) -> Ctx:
    from dataclasses import replace

    return replace(ctx, **changes)


def begin_event(g: CardGame, cid: int, seat: int) -> None:
    """C16.8: the event is revealed and leaves the hand; its gold cost is paid."""
    cost = marshal_cost(g, cid, seat)
    pay_gold(g, seat, cost)
    consume_reducers(g, cid, seat)
    if g.defs[cid].keyword("limited"):
        g.players[seat].limited += 1
    remove_from_zone(g, cid)
    g.history = g.history | {("played", g.round, seat, cid)}
    g.emit(event("event_played", player=seat, card=cid, name=g.name(cid), cost=cost))


class FinishEvent(Step):
    """C16.8: an event card that resolved (or failed to) goes to the discard pile."""

    def __init__(self, cid: int, seat: int) -> None:
        self.cid = cid
        self.seat = seat

    def run(self, g: CardGame) -> None:
        run_effect(g, finish_event, self.cid, self.seat)


def finish_event(g: CardGame, cid: int, seat: int) -> None:
    """C16.8: after resolving, the event goes to its owner's discard pile; then reactions."""
    if g.where[cid] == "limbo":
        g.players[g.owner[cid]].discard.append(cid)
        g.where[cid] = "discard"
    occur(g, Occ("played", (cid,), seat))


def log_ability(g: CardGame, ctx: Ctx) -> None:
    if g.defs[ctx.source].type == "event":
        return
    fields: dict[str, Any] = {"player": ctx.you, "card": ctx.source, "name": g.name(ctx.source)}
    if ctx.targets:
        fields["targets"] = list(ctx.targets)
        fields["target_names"] = [
            g.name(t) if 0 <= t < len(g.defs) and not _is_seat_target(g, ctx) else g.names[t]
            for t in ctx.targets
        ]
    g.emit(event("ability", **fields))


def _is_seat_target(g: CardGame, ctx: Ctx) -> bool:
    a = text_of(g.defs[ctx.source].code).abilities[ctx.index]
    return a.target is not None and a.target.players
