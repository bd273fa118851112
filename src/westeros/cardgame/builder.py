"""A public builder of card-game positions, for tests and for exploring rules by hand (as the
board game's ``Scenario``).

    p = Position(("stark", "lannister"), first=0, round=2)
    robb = p.add(0, "01146", power=2)               # in play, standing, 2 power
    p.add(0, "01146", zone="dup", on=robb)           # a duplicate under him (C18.6)
    p.add(0, "01154", on=robb)                       # an attachment on him
    p.add(1, "01088", knelt=True)                    # kneeling, for seat 1
    p.reveal(1, "01016").gold(1, 5).power(1, 3)     # plot, gold pool, power on the faction
    p.plot_deck(0, "01008", "01025").used(0, "01022")
    fealty = p.agenda(0, "01027")
    g = p.start("challenges")                        # the real phase, from its beginning
    g = p.challenge(0, "military", 1, [robb], stage="defenders")   # or a challenge step

A position starts in round 1's marshaling phase, after setup, with no card in play but the
faction cards and one revealed plot per seat (The Winds of Winter, which has no text); decks
are ``deck`` vanilla characters (Ranging Party). With 3 to 6 factions it is a melee (titles:
:meth:`title`). Card-adding methods return the new card's id; the others return the
position. :meth:`start` and :meth:`challenge` return the game, ready for ``pending``/
``apply``; the phase (or challenge) runs to its end, then the game stops.
"""

from __future__ import annotations

from westeros.cardgame import game as _game  # noqa: F401  (card texts; the contract faces)
from westeros.cardgame.actions import enter_play
from westeros.cardgame.cards import card
from westeros.cardgame.challenges import FLOW, ChallengesPhase, ChallengeStep, rest_of_turns
from westeros.cardgame.decks import Deck
from westeros.cardgame.phases import (
    DominancePhase,
    DrawPhase,
    MarshalingPhase,
    Phase,
    PlotPhase,
    StandingPhase,
    TaxationPhase,
    phase_end,
)
from westeros.cardgame.setup import new_state
from westeros.cardgame.state import PHASES, CardGame, Challenge, InPlay
from westeros.engine import Step

FILLER = "01132"  # Ranging Party: a vanilla character, fills decks
BLANK_PLOT = "01025"  # The Winds of Winter: a plot without text
BODIES = {
    "plot": PlotPhase,
    "draw": DrawPhase,
    "marshaling": MarshalingPhase,
    "challenges": ChallengesPhase,
    "dominance": DominancePhase,
    "standing": StandingPhase,
    "taxation": TaxationPhase,
}
STAGES = tuple(s.name for s in FLOW)
_DECLARED = STAGES.index("initiate")  # stages after it: the challenge is initiated (C11.1)
_DEFENDED = STAGES.index("defenders")  # stages after it: the defenders are declared (C11.5)


class Position:
    """A card-game position laid out card by card (C3 zones, C2.11 in-play state)."""

    def __init__(
        self,
        factions: tuple[str, ...] = ("stark", "lannister"),
        first: int = 0,
        round: int = 1,
        phase: str = "marshaling",
        deck: int = 10,
        seed: int = 7,
        plots: tuple[str, ...] | None = None,
        auto: bool | list[bool] = False,
    ) -> None:
        """``auto``: the seats' automatic setting (D7, D11, D14, D15, D22, D23; a list: per
        seat), as the game config's ``"auto"``."""
        decks = [Deck(f, None, (BLANK_PLOT,) * 6, ((FILLER, deck),)) for f in factions]
        config = {"decks": [], "casual": True, "players": len(factions), "auto": auto}
        self.g: CardGame = new_state(config, seed, decks)
        self.g.first = first
        self.g.round = round
        self.g.phase = phase
        for seat, code in enumerate(plots or (BLANK_PLOT,) * len(factions)):
            self.reveal(seat, code)

    # -- cards -----------------------------------------------------------------------
    def _new_card(self, owner: int, code: str) -> int:
        g = self.g
        g.defs = (*g.defs, card(code))
        g.owner = (*g.owner, owner)
        g.where.append("limbo")
        return len(g.defs) - 1

    def add(
        self,
        seat: int,
        code: str,
        zone: str = "play",
        knelt: bool = False,
        on: int | None = None,
        power: int = 0,
        controller: int | None = None,
    ) -> int:
        """A new card of ``code`` owned by ``seat`` in ``zone``: "play" (standing unless
        ``knelt``, with ``power``; ``on`` the card an attachment is on; ``controller`` if
        another seat controls it), "dup" (a duplicate ``on`` a card), or an out-of-play zone
        ("hand", "deck" (on top), "discard", "dead", "removed", "plots", "used")."""
        g = self.g
        cid = self._new_card(seat, code)
        if zone == "play":
            enter_play(g, cid, seat if controller is None else controller, on)
            g.update(cid, knelt=knelt, power=power)
        elif zone == "dup":
            assert on is not None, "a duplicate is on a card"
            g.play[cid] = InPlay(g.controller(on), parent=on)
            g.where[cid] = "dup"
        else:
            g.players[seat].zone(zone).append(cid)
            g.where[cid] = zone
        g.changed()
        return cid

    def reveal(self, seat: int, code: str) -> int:
        """``code`` becomes the seat's revealed plot (the old one goes to the used pile)."""
        g = self.g
        p = g.players[seat]
        if p.plot is not None:
            old = p.plot
            del g.play[old]
            p.plot = None
            p.used.append(old)
            g.where[old] = "used"
        cid = self._new_card(seat, code)
        p.plot = cid
        g.where[cid] = "plot"
        g.play[cid] = InPlay(seat)
        g.changed()
        return cid

    def agenda(self, seat: int, code: str) -> int:
        """The seat's agenda (C2.2), beside its faction card."""
        g = self.g
        cid = self._new_card(seat, code)
        g.players[seat].agenda = cid
        g.where[cid] = "agenda"
        g.changed()
        return cid

    def title(self, seat: int, name: str) -> int:
        """Seat ``seat`` bears the title ``name`` (melee only, C21.3)."""
        g = self.g
        found = [c for c in range(len(g.defs)) if g.defs[c].name == name]
        assert found, f"no title {name!r} (titles are in melee positions only)"
        g.where[found[0]] = "title"
        g.play[found[0]] = InPlay(seat)
        g.changed()
        return found[0]

    def plot_deck(self, seat: int, *codes: str) -> Position:
        """The seat's plot deck is exactly these plots (C2.3)."""
        p = self.g.players[seat]
        for c in p.plots:
            self.g.where[c] = "limbo"
        p.plots = []
        for code in codes:
            self.add(seat, code, zone="plots")
        return self

    def used(self, seat: int, *codes: str) -> Position:
        """Plots in the seat's used pile (C7.3.5), oldest first."""
        for code in codes:
            self.add(seat, code, zone="used")
        return self

    # -- values ----------------------------------------------------------------------
    def kneel(self, *cards: int) -> Position:
        for cid in cards:
            self.g.update(cid, knelt=True)
        return self

    def gold(self, seat: int, amount: int) -> Position:
        """The seat's gold pool (C3.7)."""
        self.g.players[seat].gold = amount
        return self

    def power(self, seat: int, amount: int) -> Position:
        """Power on the seat's faction card (C20.1)."""
        self.g.update(self.g.players[seat].faction, power=amount)
        return self

    def first_player(self, seat: int) -> Position:
        self.g.first = seat
        return self

    def round_number(self, number: int) -> Position:
        self.g.round = number
        return self

    # -- starting --------------------------------------------------------------------
    def start(self, phase: str, active: int | None = None) -> CardGame:
        """Run ``phase`` from its beginning (its "phase begins" and windows included)."""
        assert phase in PHASES, phase
        g = self.g
        if active is not None:
            g.active = active
        return self.run(Phase(phase, BODIES[phase]()))

    def run(self, *steps: Step, phase: str | None = None) -> CardGame:
        """Run some steps directly (the first given first); ``phase`` sets the phase name."""
        g = self.g
        if phase is not None:
            g.phase = phase
        g.stack.clear()
        g.push(*steps)
        g.invalidate()
        g.pending()
        return g

    def challenge(
        self,
        attacker: int,
        type: str,
        defender: int,
        attackers: list[int],
        defenders: list[int] | None = None,
        stage: str = "attackers",
        stealth: dict[int, int] | None = None,
    ) -> CardGame:
        """Start in the challenges phase, in ``attacker``'s challenge of ``type`` against
        ``defender``, at ``stage`` of the challenge's flow (C11, ``challenges.FLOW``): the
        attackers declared so far (kneeling, and the challenge counted, once past
        "initiate"), the defenders (kneeling, once past "defenders"), stealth targets
        (attacker: bypassed). After the challenge, the attacker's turn and the phase go on.
        From "bonuses" on, set the result on ``g.challenge`` before asking the game."""
        g = self.g
        at = STAGES.index(stage)
        ch = Challenge(type, attacker, defender, defender, list(attackers))
        ch.stealth = tuple((stealth or {}).items())
        if at > _DECLARED:
            ch.declared = True
            ch.bypassed = frozenset(t for _, t in ch.stealth if t >= 0)
            p = g.players[attacker]
            p.challenges = (*p.challenges, (type, defender))
            self.kneel(*(c for c in attackers if not g.has("attacks_standing", c)))
        ch.defenders = list(defenders or ())
        if at > _DEFENDED:
            self.kneel(*ch.defenders)
        g.phase, g.active, g.challenge = "challenges", attacker, ch
        step = ChallengeStep()
        step.enter_from(g, ch, at)
        return self.run(step, *rest_of_turns(g, attacker), *phase_end("challenges"))
