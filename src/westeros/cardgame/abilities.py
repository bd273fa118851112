"""The ability framework's vocabulary (C16): what a card text is made of.

A card's text is one :func:`text` entry (in the faction modules of
:mod:`westeros.cardgame.texts`) holding its parts:

* :class:`Modifier` — a constant ability (C16.3): a value change or a "cannot", active while
  its card is in play (or its plot is revealed, its agenda beside the faction card);
* :class:`Ability` — a triggered ability (C16.1): an Action (in action windows), a Reaction
  or Interrupt to an :class:`Occ` (an occurrence, C16.9), a Forced one, or When Revealed;
* :class:`Attach` — an attachment's restriction (C19.1);
* :class:`PlayIf` — an event's play restriction (C2.7).

Effects are plain functions ``effect(g, ctx)`` that call the primitives of
:mod:`westeros.cardgame.actions`; :class:`Ctx` tells them whose ability it is and what was
chosen. Costs (:class:`Cost`) are paid before targets are chosen and effects resolve (C16.4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from westeros.cardgame.state import CardGame

# Triggered ability kinds (C16.1).
ACTION = "action"
REACTION = "reaction"
INTERRUPT = "interrupt"
FORCED_REACTION = "forced_reaction"
FORCED_INTERRUPT = "forced_interrupt"
WHEN_REVEALED = "when_revealed"
TRIGGER_KINDS = (REACTION, INTERRUPT, FORCED_REACTION, FORCED_INTERRUPT)

# Occurrence kinds (C16.9): what reactions and interrupts answer. One catalogue.
OCCURRENCES: dict[str, str] = {
    "phase_begins": "a phase begins (info: phase)",
    "phase_ends": "a phase ends (info: phase)",
    "plots_revealed": "plots were revealed in step 1.3 (cards: the plots)",
    "initiating": "an ability's effects would initiate: cancel interrupts answer it, C16.13 "
    "(cards: the ability's card; player: its controller; info: kind, event)",
    "marshaled": "a card was marshaled (cards: the card; player: who)",
    "enters_play": "cards entered play (marshaled, put into play, ambushed)",
    "played": "an event was played (cards: the event; player: who)",
    "killed": "characters are killed (cards)",
    "discarded": "cards in play are discarded (cards)",
    "sacrificed": "cards are sacrificed (cards)",
    "leaves_play": "cards leave play (cards)",
    "returned": "cards in play return to hand (cards)",
    "knelt": "cards kneel (cards)",
    "stood": "cards stand (cards)",
    "drawn": "a player draws cards (player; info: count)",
    "drawn_together": "every player draws at once in the draw phase (info: counts, (seat, "
    "number) pairs; C8.2)",
    "hand_discarded": "cards are discarded from a hand (cards; player)",
    "challenge_initiated": "a challenge was initiated (player: attacker; info: type, against)",
    "bypassed": "a stealth attacker bypassed a character (cards: attacker, bypassed; player)",
    "pillaged": "pillage discarded cards (cards: the pillagers; player; info: loser, discarded)",
    "attackers_declared": "attackers were declared (cards; player)",
    "defenders_declared": "defenders were declared (cards; player)",
    "challenge_won": "a challenge was won (player: winner; info: type, loser, attacking)",
    "claim": "claim is applied (player: the attacker; info: type, defender)",
    "power_gained": "power was gained (cards: where; player; info: amount)",
    "dominance_won": "a player won dominance (player)",
    "income": "a player collected income (player)",
    "initiative_won": "a player won initiative (player)",
    "strength_raised": "a lasting card effect raised STR (cards; info: amount)",
}


@dataclass(frozen=True, slots=True)
class Occ:
    """One occurrence (C16.9): its kind, the cards and player it concerns, and details."""

    kind: str
    cards: tuple[int, ...] = ()
    player: int | None = None
    info: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.info:
            if name == key:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Ctx:
    """One use of an ability: its card, its controller ("you", C16.23), what it answers and
    what was chosen (targets in order, X, the paid cost's cards)."""

    source: int
    you: int
    index: int = 0
    occ: Occ | None = None
    targets: tuple[int, ...] = ()
    x: int = 0
    paid: tuple[int, ...] = ()

    @property
    def target(self) -> int:
        return self.targets[0]


_CTXS: dict[tuple[int, int, int, int], Ctx] = {}


def use_ctx(source: int, you: int, index: int = 0, occ: Occ | None = None) -> Ctx:
    """``Ctx(source, you, index, occ)``: a use with nothing chosen yet, made once and shared
    (a Ctx never changes; the tests of whether an ability is usable make one per ability
    asked, and a frozen dataclass is slow to make). Keyed by the occurrence's identity: the
    cached Ctx holds the occurrence, so no other one can take its id meanwhile."""
    key = (source, you, index, id(occ))
    ctx = _CTXS.get(key)
    if ctx is None or ctx.occ is not occ:
        if len(_CTXS) >= 4096:
            _CTXS.clear()
        ctx = _CTXS[key] = Ctx(source, you, index, occ)
    return ctx


Check = Callable[["CardGame", Ctx], bool]
Effect = Callable[["CardGame", Ctx], object]
CardTest = Callable[["CardGame", Ctx, int], bool]


def always(g: CardGame, ctx: Ctx) -> bool:
    """The condition of an ability without one."""
    return True


def _one(g: CardGame, source: int, target: int) -> int:
    return 1


def _self(g: CardGame, source: int, target: int) -> bool:
    return source == target


@dataclass(frozen=True, slots=True)
class Modifier:
    """A constant ability (C16.3): ``amount`` to ``stat`` of every target that ``applies``.

    Stats: "strength", "icon:<type>", "keyword:<name>", "trait:<name>", "reduce" (gold cost
    of a card), the player values "income", "initiative", "claim", "reserve", "dominance",
    "draw", and yes/no restrictions such as "cannot_be_killed", "no_claim_kill", "blank".
    ``players``: the targets are seats, not cards. The default applies to the source alone.
    """

    stat: str
    applies: Callable[[CardGame, int, int], bool] = _self
    amount: Callable[[CardGame, int, int], int] = _one
    players: bool = False


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost (C16.5) paid before targets and effects. ``options`` lists the cards that could
    pay it (None: no choice); ``pay`` pays it with the chosen card (or -1)."""

    label: str
    can_pay: Callable[[CardGame, Ctx], bool]
    pay: Callable[[CardGame, Ctx, int], None]
    options: Callable[[CardGame, Ctx], list[int]] | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """A target (C16.6): ``count`` different cards (or seats, ``players``) for which ``ok``
    holds, chosen by the ability's controller when the ability initiates. ``zone``: where the
    candidates are ("play": face-up cards in play; or a zone of the controller such as
    "hand", "discard", "dead"); ``type``: only cards of that type can pass ``ok`` (the
    candidates in play are then listed by type first, a quicker test)."""

    ok: CardTest
    prompt: str = "choose a card"
    count: int = 1
    zone: str = "play"
    players: bool = False
    up_to: bool = False
    type: str | None = None


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered ability (C16.1) or an event's ability.

    ``on`` is the occurrence kind a reaction or interrupt answers ("a|b" for either),
    ``when`` its triggering condition (for actions: an extra play condition); ``phase``
    restricts "<Phase> Action:";
    ``limit`` is "Limit N per period" (per copy, C16.19.1), ``max`` "Max N per period" (per
    title and player, C16.19.2); ``zone`` is where the card must be ("hand" for events).
    """

    kind: str
    effect: Effect
    on: str = ""
    when: Check = always
    phase: str | None = None
    cost: tuple[Cost, ...] = ()
    target: Target | None = None
    limit: tuple[int, str] | None = None
    max: tuple[int, str] | None = None
    zone: str = "play"
    label: str = ""
    cancels: bool = False  # a cancel interrupt (C16.13): answers "initiating"


@dataclass(frozen=True, slots=True)
class Attach:
    """An attachment's restriction (C19.1): which cards it may be attached to."""

    ok: Callable[[CardGame, int, int], bool]  # (g, attachment, parent)


@dataclass(frozen=True, slots=True)
class PlayIf:
    """An event's (or a card's) play restriction (C2.7, C16.4 step 1)."""

    ok: Check


@dataclass(frozen=True, slots=True)
class CardText:
    """Everything one card's text does, in one place."""

    code: str
    abilities: tuple[Ability, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    attach: Attach | None = None
    play_if: PlayIf | None = None
    by_occ: dict[str, tuple[int, ...]] = field(default_factory=dict)  # on -> ability indices


class Texts(dict[str, CardText]):
    """The registered texts by card code: a dict that counts its changes (``version``), so
    that what is worked out from the texts (``flow._answerers``) knows when to work it out
    again (tests register, replace and remove texts)."""

    version = 0

    def _changed(self) -> None:
        self.version += 1

    def __setitem__(self, key: str, value: CardText) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        self._changed()

    def __ior__(self, other: Any) -> Texts:  # type: ignore[override,misc]
        self.update(other)
        return self

    def pop(self, key: str, *default: Any) -> Any:
        self._changed()
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, CardText]:
        self._changed()
        return super().popitem()

    def clear(self) -> None:
        super().clear()
        self._changed()

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def setdefault(self, key: str, default: CardText) -> CardText:
        self._changed()
        return super().setdefault(key, default)


TEXTS = Texts()
_EMPTY = CardText("")


def text(code: str, *parts: Ability | Modifier | Attach | PlayIf) -> CardText:
    """Register one card's text (once per code)."""
    if code in TEXTS:
        raise ValueError(f"card {code} has two texts")
    abilities = tuple(p for p in parts if isinstance(p, Ability))
    by_occ: dict[str, list[int]] = {}
    for i, a in enumerate(abilities):
        for on in a.on.split("|") if a.on else ():  # "killed|sacrificed": either occurrence
            if on not in OCCURRENCES:
                raise ValueError(f"card {code}: unknown occurrence {on!r}")
            by_occ.setdefault(on, []).append(i)
    attach = [p for p in parts if isinstance(p, Attach)]
    play_if = [p for p in parts if isinstance(p, PlayIf)]
    entry = CardText(
        code,
        abilities,
        tuple(p for p in parts if isinstance(p, Modifier)),
        attach[0] if attach else None,
        play_if[0] if play_if else None,
        {k: tuple(v) for k, v in by_occ.items()},
    )
    TEXTS[code] = entry
    return entry


def text_of(code: str) -> CardText:
    return TEXTS.get(code, _EMPTY)


def active_modifiers(g: CardGame) -> dict[str, list[tuple[int, Modifier]]]:
    """Every constant ability active now (C16.3), by stat: cards in play and face up and not
    blank, revealed plots, agendas and borne titles."""
    out: dict[str, list[tuple[int, Modifier]]] = {}
    for cid, rec in g.play.items():
        entry = TEXTS.get(g.defs[cid].code)
        if entry is None or not entry.modifiers or rec.facedown or g.where[cid] == "dup":
            continue
        for mod in entry.modifiers:
            out.setdefault(mod.stat, []).append((cid, mod))
    for p in g.players:
        if p.agenda is not None:
            entry = TEXTS.get(g.defs[p.agenda].code)
            for mod in entry.modifiers if entry else ():
                out.setdefault(mod.stat, []).append((p.agenda, mod))
    # blanking (C2.12) switches off the other modifiers of blank cards
    if "blank" in out:
        blank = {c for c in g.play if _is_blank(g, c, out["blank"])}
        if blank:
            out = {
                k: [(s, m) for s, m in v if s not in blank or k == "blank"] for k, v in out.items()
            }
    return out


def _is_blank(g: CardGame, cid: int, mods: list[tuple[int, Modifier]]) -> bool:
    return any(m.applies(g, s, cid) for s, m in mods) or any(
        e.stat == "blank" and cid in e.targets for e in g.lasting
    )


CardGame.ACTIVE_MODIFIERS = active_modifiers
