"""The card game's state: cards, zones, players, the round, and the values rules read.

Every physical card in the game has an integer id. What is printed on it is its
:class:`~westeros.cardgame.cards.CardDef` (``g.defs[id]``, shared by clones); where it is
lies in ``g.where[id]`` and in its owner's ordered zone lists; a card in play (C3.1) also has
an :class:`InPlay` record (C2.11) in ``g.play``, replaced on change. Values a rule reads (STR,
icons, keywords, plot values…) are computed from the printed value plus every active modifier
(C1.6) by :meth:`CardGame.value`, never stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Protocol

from westeros.cardgame.cards import CHALLENGES, CardDef
from westeros.engine import Choice, Decision, Event, Outcome, StepGame

# Zones (C3): ordered per-player lists, plus "play" (in play), "faction", "agenda", "plot"
# (the revealed plot), "setup" (face down at setup, C5.8), "dup" (a duplicate, C18.6),
# "limbo" (an event resolving, C16.8), "title" (borne title).
LIST_ZONES = ("deck", "hand", "discard", "dead", "plots", "used", "removed")
IN_PLAY = frozenset({"play", "faction", "plot", "dup", "title"})
PHASES = ("plot", "draw", "marshaling", "challenges", "dominance", "standing", "taxation")
WIN_POWER = 15  # C1.1, C20.3


class StatModifier(Protocol):
    """What the state reads of a constant ability (``abilities.Modifier``, C16.3)."""

    @property
    def players(self) -> bool: ...
    @property
    def applies(self) -> Callable[[CardGame, int, int], bool]: ...
    @property
    def amount(self) -> Callable[[CardGame, int, int], int]: ...


Modifiers = Mapping[str, Sequence[tuple[int, StatModifier]]]


@dataclass(frozen=True, slots=True)
class InPlay:
    """The runtime state of one card in play (C2.11). A record never changes: a change
    replaces it (:meth:`CardGame.update`), so that clones share the records they have not
    changed."""

    controller: int
    entered: int = 0  # a counter: a card that leaves and re-enters is a new copy
    knelt: bool = False
    power: int = 0
    parent: int | None = None  # attachments and duplicates: the card they are on
    facedown: bool = False  # setup cards before the reveal (C5.8)
    tokens: tuple[tuple[str, int], ...] = ()


class Player:
    """One seat: its zones (C3), gold pool (C3.7) and per-round counters."""

    __slots__ = (
        "agenda",
        "challenges",
        "dead",
        "deck",
        "discard",
        "eliminated",
        "faction",
        "gold",
        "hand",
        "limited",
        "plot",
        "plots",
        "removed",
        "seat",
        "used",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.faction = -1  # the faction card's id
        self.agenda: int | None = None
        self.deck: list[int] = []  # top of the deck is the end of the list
        self.hand: list[int] = []
        self.discard: list[int] = []  # top is the end
        self.dead: list[int] = []
        self.plots: list[int] = []  # the plot deck (C2.3)
        self.used: list[int] = []  # the used pile
        self.removed: list[int] = []  # removed from the game (C18.12)
        self.plot: int | None = None  # the revealed plot
        self.gold = 0
        self.eliminated = False
        self.limited = 0  # limited cards marshaled or played this round (C17.5)
        # challenges initiated this phase: (type, opponent) in order (C10.4)
        self.challenges: tuple[tuple[str, int], ...] = ()

    def copy(self) -> Player:
        other = Player.__new__(Player)
        other.seat = self.seat
        other.faction = self.faction
        other.agenda = self.agenda
        other.plot = self.plot
        other.gold = self.gold
        other.eliminated = self.eliminated
        other.limited = self.limited
        other.challenges = self.challenges
        other.deck = self.deck[:]  # the zones of LIST_ZONES
        other.hand = self.hand[:]
        other.discard = self.discard[:]
        other.dead = self.dead[:]
        other.plots = self.plots[:]
        other.used = self.used[:]
        other.removed = self.removed[:]
        return other

    def zone(self, name: str) -> list[int]:
        zone: list[int] = getattr(self, name)
        return zone


@dataclass(slots=True)
class Challenge:
    """The challenge being declared or resolved (C11): who, what, and how it went, run
    through the declared flow of :mod:`westeros.cardgame.challenges`."""

    type: str
    attacker: int
    defender: int
    against: int  # initiated against (C21.6.3)
    attackers: list[int] = field(default_factory=list)
    defenders: list[int] = field(default_factory=list)
    bypassed: frozenset[int] = frozenset()  # by stealth (C17.9)
    winner: int | None = None
    loser: int | None = None
    attacker_total: int = 0
    defender_total: int = 0
    difference: int = 0
    unopposed: bool = False
    claim_done: bool = False
    stage: str = ""  # the running stage of its flow (challenges.FLOW)
    stealth: tuple[tuple[int, int], ...] = ()  # (attacker, bypassed or -1), C11.1.4
    declaring: tuple[int, ...] = ()  # defenders chosen so far (C11.5), declared together
    declared: bool = False  # the declaration is complete: the challenge is initiated (C11.1)

    def copy(self) -> Challenge:
        return Challenge(
            self.type,
            self.attacker,
            self.defender,
            self.against,
            list(self.attackers),
            list(self.defenders),
            self.bypassed,
            self.winner,
            self.loser,
            self.attacker_total,
            self.defender_total,
            self.difference,
            self.unopposed,
            self.claim_done,
            self.stage,
            self.stealth,
            self.declaring,
            self.declared,
        )

    def side_of(self, card: int) -> int | None:
        """The player whose side ``card`` is on, None if it does not participate."""
        if card in self.attackers:
            return self.attacker
        if card in self.defenders:
            return self.defender
        return None


@dataclass(frozen=True, slots=True)
class Lasting:
    """A lasting effect (C16.15): a modifier on some cards or players until a period ends.

    ``targets`` are card ids (or seats for player values); ``until`` is "challenge", "phase",
    "round" or "game".
    """

    stat: str
    targets: frozenset[int]
    amount: int
    until: str
    source: int = -1
    on_players: bool = False


@dataclass(frozen=True, slots=True)
class Faces:
    """The contract methods that read the whole package (what a seat sees, the log's text,
    a determinization): defined in the top module, :mod:`westeros.cardgame.game`, which
    installs them as ``CardGame.FACES`` (so that this module imports none of the rules)."""

    view: Callable[[CardGame, int | None], dict[str, Any]]
    render: Callable[[CardGame, Event], str]
    determinize: Callable[[CardGame, int, int], CardGame]


class CardGame(StepGame):
    """The state of one card game (C1–C20). Rules live in the other modules of the package."""

    KIND = "cardgame"
    FACES: ClassVar[Faces]
    ACTIVE_MODIFIERS: ClassVar[Callable[[CardGame], Modifiers]]
    # the continuous state checks run after every step (installed by the rules, actions.py)
    STATE_CHECKS: ClassVar[list[Callable[[CardGame], None]]] = []
    # why a choice is refused, in the player's words (None: not this one's business; actions.py)
    REFUSALS: ClassVar[list[Callable[[CardGame, int, Choice], str | None]]] = []

    def refusal(self, decision: Decision, choice: Choice) -> str:
        """Why ``choice`` is refused, naming the card and the rule (the installed REFUSALS)."""
        for why in self.REFUSALS:
            text = why(self, decision.seat, choice)
            if text is not None:
                return text
        return super().refusal(decision, choice)

    def __init__(self, config: dict[str, Any], seed: int) -> None:
        super().__init__(config, seed)
        self.defs: tuple[CardDef, ...] = ()  # printed facts by card id (shared by clones)
        self.owner: tuple[int, ...] = ()  # owner seat by card id
        self.where: list[str] = []  # zone by card id
        self.play: dict[int, InPlay] = {}
        self.players: list[Player] = []
        self.names: tuple[str, ...] = ()
        self.round = 0
        self.phase = "setup"
        self.first = 0  # the first player (C7.3.2)
        self.active: int | None = None  # the active player (marshaling and challenges)
        self.challenge: Challenge | None = None
        self.lasting: tuple[Lasting, ...] = ()
        self.uses: dict[tuple[Any, ...], int] = {}  # ability uses per period (C16.19)
        self.history: frozenset[tuple[Any, ...]] = frozenset()  # facts cards look back on
        self.entered_count = 0
        self.winner: int | None = None
        self.reason = ""
        self.ranking: tuple[int, ...] = ()
        self._mods: Modifiers | None = None
        self._unsettled = True  # something changed since the last state checks (settle)
        # a seat's power may have risen since a check found nobody at 15 (C20.3): power rises
        # only by :meth:`update` (records never change), which sets this
        self.power_moved = True

    # -- cloning -----------------------------------------------------------------------
    def clone(self) -> CardGame:
        other = CardGame.__new__(CardGame)
        other.__dict__ = self.backup_fields()
        self._clone_engine_into(other)
        return other

    def backup_fields(self) -> dict[str, Any]:
        """The fields of a copy: the values never changed in place shared, the rest copied
        (the engine's part, stack and log, is copied by ``clone``)."""
        fields = self.__dict__.copy()
        fields["rng"] = self.rng.copy()
        fields["where"] = self.where[:]
        fields["play"] = self.play.copy()  # records never change (InPlay): shared
        fields["players"] = [p.copy() for p in self.players]
        if self.challenge is not None:
            fields["challenge"] = self.challenge.copy()
        fields["uses"] = self.uses.copy()
        return fields

    def determinize(self, seat: int, seed: int) -> CardGame:
        return self.FACES.determinize(self, seat, seed)

    # -- contract pieces ---------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "play": {
                str(c): [r.controller, r.knelt, r.power, r.parent, r.facedown, list(r.tokens)]
                for c, r in sorted(self.play.items())
            },
            "players": [
                {
                    **{z: p.zone(z) for z in LIST_ZONES},
                    "plot": p.plot,
                    "gold": p.gold,
                    "out": p.eliminated,
                    "limited": p.limited,
                    "challenges": [list(c) for c in p.challenges],
                }
                for p in self.players
            ],
            "round": self.round,
            "phase": self.phase,
            "first": self.first,
            "active": self.active,
            "challenge": None if self.challenge is None else repr(self.challenge),
            "lasting": [stable(x) for x in self.lasting],
            "uses": sorted(stable(k) + str(v) for k, v in self.uses.items()),
            "history": sorted(stable(h) for h in self.history),
            "winner": self.winner,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.FACES.view(self, seat)

    def render(self, event: Event) -> str:
        return self.FACES.render(self, event)

    def seat_names(self) -> tuple[str, ...]:
        return self.names

    def outcome(self) -> Outcome | None:
        if self.winner is None and not self.ranking:
            return None
        return Outcome(
            winner=self.winner,
            ranking=self.ranking,
            reason=self.reason,
            names=self.names,
            scores=tuple({"power": self.total_power(s)} for s in range(len(self.players))),
            rounds=self.round,
        )

    def halted(self) -> bool:
        """A won game stops at once, whatever is left to do (C20.3)."""
        return self.winner is not None

    def settle(self) -> None:
        """The continuous state checks (C19.4), installed by the rules in ``STATE_CHECKS``,
        after every step that changed what card values depend on (:meth:`changed`: cards
        moving, control, lasting effects), until a pass changes nothing; then those of
        ``RESULT_CHECKS`` (C20.3, C20.4), after every step."""
        if self._unsettled:
            for _ in range(len(self.play) + 1):
                if not self._unsettled:
                    break
                self._unsettled = False
                for check in self.STATE_CHECKS:
                    check(self)
        for check in self.RESULT_CHECKS:  # C20.3, C20.4: after every step, whatever changed
            check(self)

    # -- cards ---------------------------------------------------------------------------
    def name(self, cid: int) -> str:
        return self.defs[cid].name

    def update(self, cid: int, **changes: Any) -> None:
        """Change fields of a card's record in play (records are replaced, never changed)."""
        self.play[cid] = replace(self.play[cid], **changes)
        if "power" in changes or "controller" in changes:
            self.power_moved = True

    def invalidate(self) -> None:
        """The state was changed from outside the rules: every check is due again."""
        self.power_moved = True
        super().invalidate()

    def controller(self, cid: int) -> int:
        rec = self.play.get(cid)
        return rec.controller if rec is not None else self.owner[cid]

    def in_play(self, cid: int) -> bool:
        return self.where[cid] in IN_PLAY

    def cards_in_play(self, seat: int | None = None, type: str | None = None) -> list[int]:
        """Face-up cards in play areas (characters, locations, attachments), by id order."""
        where = self.where
        if seat is None and type is None:  # the common case, quicker
            return [c for c, r in self.play.items() if where[c] == "play" and not r.facedown]
        defs = self.defs
        return [
            c
            for c, r in self.play.items()
            if where[c] == "play"
            and not r.facedown
            and (seat is None or r.controller == seat)
            and (type is None or defs[c].type == type)
        ]

    def characters(self, seat: int | None = None) -> list[int]:
        return self.cards_in_play(seat, "character")

    def attachments_on(self, cid: int) -> list[int]:
        return [c for c, r in self.play.items() if r.parent == cid and self.where[c] == "play"]

    def duplicates_on(self, cid: int) -> list[int]:
        return [c for c, r in self.play.items() if r.parent == cid and self.where[c] == "dup"]

    def knelt(self, cid: int) -> bool:
        return self.play[cid].knelt

    def standing(self, cid: int) -> bool:
        rec = self.play.get(cid)
        return rec is not None and not rec.knelt

    # the checks of winning and elimination, run after every step whatever changed (C20.3,
    # C20.4: decks and power change without :meth:`changed`; installed by actions.py)
    RESULT_CHECKS: ClassVar[list[Callable[[CardGame], None]]] = []

    def automatic(self, seat: int) -> bool:
        """Whether ``seat`` leaves its D7/D11/D14/D15/D22/D23 choices to the engine (the
        config's ``auto``: one boolean, or one per seat)."""
        auto = self.config.get("auto", False)
        return bool(auto[seat] if isinstance(auto, list | tuple) else auto)

    def opponents(self, seat: int) -> list[int]:
        return [p.seat for p in self.players if p.seat != seat and not p.eliminated]

    def order(self) -> list[int]:
        """Player order from the first player (C0.4), eliminated players left out."""
        players, first = self.players, self.first
        turn = _TURNS.get((len(players), first))
        if turn is None:
            turn = _TURNS[(len(players), first)] = (*range(first, len(players)), *range(first))
        for p in players:
            if p.eliminated:
                return [s for s in turn if not players[s].eliminated]
        return list(turn)

    def total_power(self, seat: int) -> int:
        """C20.1: all power on cards the player controls."""
        return sum(r.power for r in self.play.values() if r.controller == seat)

    # -- values (C1.6) -----------------------------------------------------------------
    def modifiers(self, stat: str) -> Sequence[tuple[int, StatModifier]]:
        """The active constant modifiers of one stat, with their source card (found by
        ``abilities.active_modifiers``, installed as ``ACTIVE_MODIFIERS``: this module
        imports no rules)."""
        if self._mods is None:
            self._mods = self.ACTIVE_MODIFIERS()  # a method: active_modifiers(self)
        return self._mods.get(stat, [])

    def changed(self) -> None:
        """Something that constant abilities depend on moved: recompute them when next read,
        and run the state checks after this step (:meth:`settle`)."""
        self._mods = None
        self._unsettled = True

    def bonus(self, stat: str, target: int, players: bool = False) -> int:
        """The sum of all modifiers of ``stat`` on a card (or a player)."""
        found = self._mods
        if found is None:
            found = self._mods = self.ACTIVE_MODIFIERS()
        mods = found.get(stat, ())
        if not mods and not self.lasting:
            return 0  # the common case: nothing modifies this stat at all
        total = 0
        for source, mod in mods:
            if mod.players == players and mod.applies(self, source, target):
                total += mod.amount(self, source, target)
        for effect in self.lasting:
            if effect.stat == stat and effect.on_players == players and target in effect.targets:
                total += effect.amount
        return total

    def has(self, stat: str, target: int, players: bool = False) -> bool:
        """A yes/no modifier ("cannot be killed", "gains stealth"): any positive source."""
        found = self._mods
        if found is None:
            found = self._mods = self.ACTIVE_MODIFIERS()
        if stat not in found:
            for effect in self.lasting:
                if effect.stat == stat:
                    break
            else:
                return False  # the common case, as bonus() finds it: nothing modifies this stat
        return self.bonus(stat, target, players) > 0

    def having(self, stat: str, cards: Sequence[int]) -> set[int]:
        """The cards among ``cards`` that :meth:`has` ``stat``: the same sums as :meth:`bonus`,
        added up modifier by modifier for all the cards at once."""
        total = dict.fromkeys(cards, 0)
        for source, mod in self.modifiers(stat):
            if not mod.players:
                for c in total:
                    if mod.applies(self, source, c):
                        total[c] += mod.amount(self, source, c)
        for effect in self.lasting:
            if effect.stat == stat and not effect.on_players:
                for c in total:
                    if c in effect.targets:
                        total[c] += effect.amount
        return {c for c, n in total.items() if n > 0}

    def blanking(self) -> bool:
        """Whether any card could be blank other than a duplicate (C2.12): a blanking
        modifier is active or a lasting effect blanks; if not, :meth:`blank` is a zone test."""
        return bool(self.modifiers("blank")) or any(e.stat == "blank" for e in self.lasting)

    def blank(self, cid: int) -> bool:
        """C2.12: a blanked card loses its printed text box."""
        return self.where[cid] == "dup" or self.has("blank", cid)

    def strength(self, cid: int) -> int:
        """C1.6: printed STR plus modifiers, never below 0 (C1.6.4)."""
        if self.has("set_strength_zero", cid):
            return 0
        return max(0, self.defs[cid].strength + self.bonus("strength", cid))

    def has_icon(self, cid: int, icon: str) -> bool:
        printed = 1 if icon in self.defs[cid].icons else 0
        return printed + self.bonus("icon:" + icon, cid) > 0

    def has_keyword(self, cid: int, keyword: str) -> bool:
        printed = 0 if self.blank(cid) or self.defs[cid].keyword(keyword) is None else 1
        return printed + self.bonus("keyword:" + keyword, cid) > 0

    def has_trait(self, cid: int, trait: str) -> bool:
        return trait in self.defs[cid].traits or self.has("trait:" + trait, cid)

    def is_faction(self, cid: int, faction: str) -> bool:
        return self.defs[cid].faction == faction

    def cost(self, cid: int, seat: int) -> int:
        """The gold a card costs ``seat`` to marshal or play now (C9.4.2), never below 0."""
        printed = self.defs[cid].cost or 0
        return max(0, printed - self.bonus("reduce", cid))

    def plot_value(self, seat: int, stat: str) -> int:
        """Income, initiative, claim or reserve of ``seat`` (C7.3.1, C9.2, C12.1, C15.3):
        the revealed plot's value plus printed +N icons on cards in play and modifiers."""
        p = self.players[seat]
        base = int(getattr(self.defs[p.plot], stat)) if p.plot is not None else 0
        if p.plot is not None and self.has("set_zero:" + stat, seat, players=True):
            base = 0
        printed = sum(
            int(getattr(self.defs[c], stat))
            for c in self.cards_in_play(seat)
            if self.defs[c].type != "plot" and not self.blank(c)
        )
        return max(0, base + printed + self.bonus(stat, seat, players=True))

    def icons(self, cid: int) -> list[str]:
        return [i for i in CHALLENGES if self.has_icon(cid, i)]


_TURNS: dict[tuple[int, int], tuple[int, ...]] = {}  # (players, first) -> the seats in order


def stable(value: Any) -> str:
    """A repr for state hashes that is the same in every process: functions by name (their
    default repr holds a memory address), containers item by item."""
    if callable(value) and hasattr(value, "__qualname__"):
        return str(value.__qualname__)
    if isinstance(value, tuple | list):
        return "(" + ", ".join(stable(v) for v in value) + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{stable(k)}: {stable(v)}" for k, v in value.items()) + "}"
    return repr(value)
