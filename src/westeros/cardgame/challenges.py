"""The challenges phase (C10), one challenge (C11), claim (C12) and the challenge keywords
(C17.3–C17.9).

Each active player in turn may initiate up to one challenge of each type (C10.4), in the
order they like; before each initiation there is an action window (C10.2). Attackers,
stealth targets, defenders and military claim victims are chosen one card at a time.
"""

from __future__ import annotations

from westeros.cardgame import decisions as D
from westeros.cardgame import events as E
from westeros.cardgame.abilities import Occ
from westeros.cardgame.actions import (
    discard_at_random,
    discard_from_deck,
    draw,
    gain_power,
    kill,
    kneel,
    kneel_now,
    move_power_now,
    names,
    stand,
)
from westeros.cardgame.cards import CHALLENGES
from westeros.cardgame.flow import ActionWindow, Call, ask, do, occur, run_effect
from westeros.cardgame.melee import (
    WHISPERS,
    Redirect,
    bears,
    extra_power_challenge,
    is_melee,
    may_challenge,
    rivals,
)
from westeros.cardgame.periods import expire
from westeros.cardgame.state import CardGame, Challenge
from westeros.engine import Ask, Choice, Decision, Step


class ChallengesPhase(Step):
    """C10.1–C10.7: each player in order is active in turn."""

    def run(self, g: CardGame) -> None:
        g.push(*[ChallengesTurn(seat) for seat in g.order()], _EndTurns())


class _EndTurns(Step):
    """C10.7: no active player; this phase's challenge allowances are spent (C10.4)."""

    def run(self, g: CardGame) -> None:
        g.active = None
        for p in g.players:
            p.challenges = ()


class ChallengesTurn(Step):
    """C10.2–C10.3: an action window, then initiate a challenge or end this turn."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, g: CardGame) -> None:
        if g.players[self.seat].eliminated:
            return
        g.active = self.seat
        g.push(ActionWindow("challenges"), ChooseChallenge(self.seat))


def allowed_types(g: CardGame, seat: int) -> list[str]:
    """C10.4–C10.5: types left this phase with an eligible attacker and not forbidden."""
    done = [t for t, _ in g.players[seat].challenges]
    out = []
    for t in CHALLENGES:
        allowance = 1 + g.bonus("challenges:" + t, seat, players=True)
        if t == "power":
            allowance += extra_power_challenge(g, seat)  # C21.7.2
        if done.count(t) >= allowance or g.has("cannot_initiate:" + t, seat, players=True):
            continue
        if g.players[seat].challenges and g.has("one_challenge", seat, players=True):
            continue
        if any(can_attack(g, c, t) for c in g.characters(seat)):
            out.append(t)
    return out


def can_attack(g: CardGame, cid: int, type: str) -> bool:
    return g.standing(cid) and g.has_icon(cid, type) and not g.has("cannot_attack", cid)


def can_defend(g: CardGame, cid: int, ch: Challenge) -> bool:
    return (
        (g.standing(cid) or (cid in g.play and g.has("defends_knelt", cid)))
        and (g.has_icon(cid, ch.type) or g.has("defends_without_icon", cid))
        and cid not in ch.bypassed
        and cid not in ch.defenders
        and not g.has("cannot_defend", cid)
    )


class ChooseChallenge(Step):
    """D17: "<type>><opponent>" or done. Done ends the player's challenges (C10.3)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.choice: Choice | None = None

    def options(self, g: CardGame) -> list[Choice]:
        return [
            D.CHALLENGE.format(t, opp)
            for t in allowed_types(g, self.seat)
            for opp in g.opponents(self.seat)
            if not g.has("cannot_be_challenged:" + t, opp, players=True)
            and not g.has(f"cannot_challenge:{opp}", self.seat, players=True)
            and may_challenge(g, self.seat, opp, t)
        ]

    def decisions(self, g: CardGame) -> list[Decision]:
        if self.choice is not None or g.winner is not None:
            return []
        options = self.options(g)
        if not options:
            return []
        return [
            D.CHALLENGE.ask(
                self.seat,
                "initiate a challenge or end your challenges",
                (*options, "done"),
            )
        ]

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.choice = choice

    def run(self, g: CardGame) -> None:
        if self.choice is None or self.choice == "done":
            return
        parsed = D.CHALLENGE.parse(self.choice)
        g.push(
            DeclareAttackers(self.seat, parsed["type"], parsed["opponent"]),
            ChallengesTurn(self.seat),
        )


class DeclareAttackers(Step):
    """C11.1: attackers one at a time (at least one), then stealth targets (C17.9)."""

    def __init__(self, seat: int, type: str, opponent: int) -> None:
        self.seat = seat
        self.type = type
        self.opponent = opponent
        self.attackers: tuple[int, ...] = ()
        self.stealth: tuple[tuple[int, int], ...] = ()  # (attacker, bypassed or -1)
        self.choice: Choice | None = None
        self.closed = False

    def _attack_options(self, g: CardGame) -> list[Choice]:
        if self.attackers and g.has("one_participant", self.seat, players=True):
            return []
        return [
            c
            for c in g.characters(self.seat)
            if c not in self.attackers and can_attack(g, c, self.type)
        ]

    def _stealth_next(self, g: CardGame) -> int | None:
        asked = {a for a, _ in self.stealth}
        for c in self.attackers:
            if c not in asked and g.has_keyword(c, "stealth"):
                return c
        return None

    def _stealth_options(self, g: CardGame) -> list[Choice]:
        return [
            c
            for c in g.characters(self.opponent)
            if not g.has_keyword(c, "stealth") and not g.has("cannot_be_bypassed", c)
        ]

    def decisions(self, g: CardGame) -> list[Decision]:
        if self.choice is not None:
            return []
        if not self.closed:
            options = self._attack_options(g)
            done: tuple[Choice, ...] = ("done",) if self.attackers else ()
            if not options:
                return []
            return [
                D.ATTACKER.ask(
                    self.seat,
                    f"declare an attacker ({self.type})",
                    (*options, *done),
                    type=self.type,
                )
            ]
        nxt = self._stealth_next(g)
        if nxt is not None:
            options = self._stealth_options(g)
            if options:
                return [
                    D.STEALTH.ask(
                        self.seat,
                        f"{g.name(nxt)} bypasses (stealth)",
                        (*options, "none"),
                        card=nxt,
                    )
                ]
        return []

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.choice = choice

    def run(self, g: CardGame) -> None:
        choice, self.choice = self.choice, None
        if not self.closed:
            if isinstance(choice, int):
                self.attackers = (*self.attackers, choice)
            else:
                self.closed = True
            if self.closed and not self.attackers:
                return  # no attacker declared: the challenge is not initiated (C10.8)
            g.push(self)
            return
        nxt = self._stealth_next(g)
        if nxt is not None:
            target = choice if isinstance(choice, int) else -1
            self.stealth = (*self.stealth, (nxt, target))
            g.push(self)
            return
        initiate(g, self)


def initiate(g: CardGame, d: DeclareAttackers) -> None:
    """C11.1–C11.4: the challenge is initiated; attackers kneel; reactions; a window; then
    defenders (C11.5)."""
    ch = Challenge(d.type, d.seat, d.opponent, d.opponent)
    ch.attackers = list(d.attackers)
    ch.bypassed = frozenset(t for _, t in d.stealth if t >= 0)
    g.challenge = ch
    p = g.players[d.seat]
    p.challenges = (*p.challenges, (d.type, d.opponent))
    for c in d.attackers:
        if not g.has("attacks_standing", c):
            kneel_now(g, c)
    g.emit(E.event("challenge", player=d.seat, type=d.type, opponent=d.opponent))
    g.emit(
        E.event("attackers", player=d.seat, cards=list(d.attackers), names=names(g, d.attackers))
    )
    info = (("type", d.type), ("against", d.opponent))
    g.push(
        ActionWindow("challenges:attackers"),
        DeclareDefenders(d.opponent),
        ActionWindow("challenges:defenders"),
        Resolve(),
    )
    if is_melee(g):
        do(g, Redirect())  # C21.6.1: before any reaction to the initiation
    run_effect(g, _initiated, d.seat, info, tuple(d.attackers), d.stealth)  # runs first


def _initiated(
    g: CardGame,
    seat: int,
    info: tuple[tuple[str, object], ...],
    attackers: tuple[int, ...],
    stealth: tuple[tuple[int, int], ...],
) -> None:
    occur(g, Occ("challenge_initiated", (), seat, info))
    occur(g, Occ("attackers_declared", attackers, seat, info))
    for attacker, bypassed in stealth:
        if bypassed >= 0:
            occur(g, Occ("bypassed", (attacker, bypassed), seat, info))


class DeclareDefenders(Step):
    """C11.5/D19: the defending player declares defenders one at a time, or done."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.defenders: tuple[int, ...] = ()
        self.choice: Choice | None = None
        self.closed = False

    def options(self, g: CardGame) -> list[Choice]:
        ch = g.challenge
        if ch is None or self.closed:
            return []
        if self.defenders and g.has("one_participant", self.seat, players=True):
            return []
        return [
            c for c in g.characters(self.seat) if c not in self.defenders and can_defend(g, c, ch)
        ]

    def decisions(self, g: CardGame) -> list[Decision]:
        if self.choice is not None or g.challenge is None:
            return []
        options = self.options(g)
        if not options:
            return []
        ch = g.challenge
        # "must be declared as a defender, if able": no "done" while such a card is eligible
        must = any(g.has("must_defend", c) for c in options if isinstance(c, int))
        return [
            D.DEFENDER.ask(
                self.seat,
                f"declare a defender ({ch.type})",
                (*options, *(() if must else ("done",))),
                type=ch.type,
            )
        ]

    def choose(self, g: CardGame, seat: int, choice: Choice) -> None:
        self.choice = choice

    def run(self, g: CardGame) -> None:
        choice, self.choice = self.choice, None
        if choice is not None and choice != "done":
            self.defenders = (*self.defenders, int(choice))
            g.push(self)
            return
        ch = g.challenge
        if ch is None:
            return
        ch.defenders = [*ch.defenders, *self.defenders]  # some may already be defending
        for c in self.defenders:
            if not g.has("defends_standing", c):
                kneel_now(g, c)
        if self.defenders:
            g.emit(
                E.event(
                    "defenders",
                    player=self.seat,
                    cards=list(self.defenders),
                    names=names(g, self.defenders),
                )
            )
            run_effect(g, occur, Occ("defenders_declared", self.defenders, self.seat))
        else:
            g.emit(E.event("no_defenders", player=self.seat))


def side_total(g: CardGame, ch: Challenge, seat: int) -> int:
    """C11.7.1: STR of the side's participants, contributors and bonuses."""
    cards = ch.attackers if seat == ch.attacker else ch.defenders
    total = sum(g.strength(c) for c in cards if not g.has("no_contribute", c))
    total += sum(
        g.strength(c)
        for c in g.characters(seat)
        if c not in cards and g.has("contributes", c) and g.standing(c)
    )
    return total + g.bonus("challenge_total:" + ch.type, seat, players=True)


class Resolve(Step):
    """C11.7–C11.12: the winner; reactions to winning; unopposed power; claim; keywords;
    the end of the challenge."""

    def run(self, g: CardGame) -> None:
        ch = g.challenge
        if ch is None:
            return
        ch.attacker_total = side_total(g, ch, ch.attacker)
        ch.defender_total = side_total(g, ch, ch.defender)
        if ch.attacker_total >= ch.defender_total:  # C11.7.2: ties go to the attacker
            winner, loser, parts = ch.attacker, ch.defender, ch.attackers
        else:
            winner, loser, parts = ch.defender, ch.attacker, ch.defenders
        best = max(ch.attacker_total, ch.defender_total)
        if best < 1 or not parts:  # C11.7.3
            g.emit(
                E.event(
                    "challenge_result",
                    type=ch.type,
                    winner=None,
                    attacker_total=ch.attacker_total,
                    defender_total=ch.defender_total,
                )
            )
            g.push(EndChallenge())
            return
        ch.winner, ch.loser = winner, loser
        ch.difference = abs(ch.attacker_total - ch.defender_total)
        ch.unopposed = winner == ch.attacker and ch.defender_total == 0  # C11.7.4
        g.emit(
            E.event(
                "challenge_result",
                winner=winner,
                loser=loser,
                type=ch.type,
                unopposed=ch.unopposed,
                attacker_total=ch.attacker_total,
                defender_total=ch.defender_total,
            )
        )
        g.history = g.history | {
            ("won", g.round, winner, ch.type),
            ("lost", g.round, loser, ch.type),
            *([("lost_defending", g.round, loser, ch.type)] if loser == ch.defender else []),
        }
        extra = g.bonus("draw_on_win", winner, players=True)  # delayed effects (C16.16)
        if extra > 0:
            run_effect(g, draw, winner, extra)
        info = (("type", ch.type), ("loser", loser), ("attacking", winner == ch.attacker))
        g.push(Bonuses(), Keywords(), EndChallenge())
        run_effect(g, occur, Occ("challenge_won", (), winner, info))
        # a delayed effect (C16.16, as the challenge is won): "if you win this challenge, stand
        # that character"; pushed last, it runs first
        run_effect(g, stand, [c for c in parts if g.has("stand_if_win", c)])


class Bonuses(Step):
    """C11.9 (unopposed power) and C11.10/C12 (claim, if the attacker won)."""

    def run(self, g: CardGame) -> None:
        ch = g.challenge
        if ch is None or ch.winner is None:
            return
        if ch.unopposed and not g.has("no_unopposed_power", ch.attacker, players=True):
            g.emit(E.event("unopposed", player=ch.attacker))
            run_effect(g, gain_power, g.players[ch.attacker].faction, 1)
        if is_melee(g):
            run_effect(g, rivals_bonus)  # C21.5, with the unopposed bonus (4.2.3)
        if ch.winner == ch.attacker:
            run_effect(g, _claim, ch.attacker, ch.defender, ch.type)


def claim_value(g: CardGame, seat: int) -> int:
    """C12.1: the attacking player's plot claim with modifiers (also those that apply only
    in challenges of one type, "claim:<type>")."""
    ch = g.challenge
    extra = g.bonus("claim:" + ch.type, seat, players=True) if ch is not None else 0
    return max(0, g.plot_value(seat, "claim") + extra)


def _claim(g: CardGame, attacker: int, defender: int, type_: str) -> None:
    info = (("type", type_), ("defender", defender))
    occur(g, Occ("claim", (), attacker, info), _apply_claim)


def _apply_claim(g: CardGame, occ: Occ) -> None:
    """C12.2–C12.4 (a claim replacement may have canceled the occurrence instead)."""
    attacker = occ.player
    assert attacker is not None
    defender, type_ = occ.get("defender"), occ.get("type")
    claim = claim_value(g, attacker)
    g.emit(E.event("claim", player=attacker, opponent=defender, type=type_, claim=claim))
    if claim <= 0:
        return
    if type_ == "military":
        _ask_claim_kill(g, defender, claim, ())
    elif type_ == "intrigue" and bears(g, attacker, WHISPERS):
        whispers_claim(g, attacker, claim)  # C21.7.6
    elif type_ == "intrigue":
        discard_at_random(g, defender, claim)
    else:
        do(g, Call(_power_claim, defender, attacker, claim))


def _power_claim(g: CardGame, defender: int, attacker: int, claim: int) -> None:
    move_power_now(g, g.players[defender].faction, g.players[attacker].faction, claim)


def _ask_claim_kill(g: CardGame, seat: int, left: int, chosen: tuple[int, ...]) -> None:
    """C12.2: exactly min(claim, eligible) different characters, killed at once."""
    options = [
        c for c in g.characters(seat) if c not in chosen and not g.has("cannot_be_killed", c)
    ]
    if left <= 0 or not options:
        kill(g, chosen)
        return
    ask(
        g,
        seat,
        D.CLAIM_KILL,
        f"choose a character to kill for claim ({left} left)",
        options,
        _claim_kill_chosen,
        seat,
        left,
        chosen,
    )


def _claim_kill_chosen(
    g: CardGame, choice: Choice, seat: int, left: int, chosen: tuple[int, ...]
) -> None:
    _ask_claim_kill(g, seat, left - 1, (*chosen, int(choice)))


class Keywords(Step):
    """C11.11 with the fixed order insight, intimidate, pillage, renown (Q19's default
    answer to D22); optional keywords are used (Q9's auto-accept)."""

    def run(self, g: CardGame) -> None:
        ch = g.challenge
        if ch is None or ch.winner is None:
            return
        run_effect(g, _keywords, ch.winner)


def _keywords(g: CardGame, winner: int) -> None:
    ch = g.challenge
    assert ch is not None
    parts = ch.attackers if winner == ch.attacker else ch.defenders
    if winner == ch.attacker:  # "considered to be attacking" (Jon Snow, C23 Q27)
        parts = [
            *parts,
            *(
                c
                for c in g.characters(winner)
                if c not in parts and g.has("considered_attacking", c)
            ),
        ]
    insight = sum(1 for c in parts if g.has_keyword(c, "insight"))
    if insight:
        draw(g, winner, insight)  # C17.3
    if winner == ch.attacker and any(g.has_keyword(c, "intimidate") for c in parts):
        do(g, Call(_intimidate))  # C17.4
    pillage = sum(1 for c in parts if g.has_keyword(c, "pillage"))
    if pillage and ch.loser is not None:
        do(g, Call(_pillage, ch.loser, pillage))  # C17.7
    for c in parts:
        if g.has_keyword(c, "renown"):
            gain_power(g, c, 1)  # C17.8


def _intimidate(g: CardGame) -> None:
    ch = g.challenge
    if ch is None or ch.loser is None:
        return
    options: list[Choice] = [
        c for c in g.characters(ch.loser) if g.standing(c) and g.strength(c) <= ch.difference
    ]
    if options:
        ask(
            g,
            ch.attacker,
            D.INTIMIDATE,
            "intimidate: kneel a character",
            [*options, "none"],
            _intimidated,
        )


def _intimidated(g: CardGame, choice: Choice) -> None:
    if choice != "none":
        kneel(g, [int(choice)])


def _pillage(g: CardGame, loser: int, count: int) -> None:
    done = discard_from_deck(g, loser, count)
    ch = g.challenge
    if done and ch is not None and ch.winner is not None:
        parts = ch.attackers if ch.winner == ch.attacker else ch.defenders
        pillagers = tuple(c for c in parts if g.has_keyword(c, "pillage"))
        info = (("loser", loser), ("discarded", tuple(done)))
        occur(g, Occ("pillaged", pillagers, ch.winner, info))


class EndChallenge(Step):
    """C11.12: participants stop participating; "until the end of the challenge" expires."""

    def run(self, g: CardGame) -> None:
        g.challenge = None
        expire(g, "challenge")


def rivals_bonus(g: CardGame) -> None:
    """C21.5: winning against the bearer of a rival title gains 1 power, once per rival
    opponent per round."""
    ch = g.challenge
    if ch is None or ch.winner is None or ch.loser is None:
        return
    key = ("rival", g.round, ch.winner, ch.loser)
    if rivals(g, ch.winner, ch.loser) and key not in g.history:
        g.history = g.history | {key}
        g.emit(E.event("rival", player=ch.winner, opponent=ch.loser))
        gain_power(g, g.players[ch.winner].faction, 1)


def whispers_claim(g: CardGame, attacker: int, claim: int) -> None:
    """C21.7.6 (Q14): the bearer picks any non-empty set of opponents; each discards ``claim``
    cards at random."""
    do(g, WhispersClaim(attacker, tuple(g.opponents(attacker)), claim))  # the defender too (Q14)


class WhispersClaim(Ask):
    """C21.7.6/D21: the bearer names opponents one at a time, or done; then each named one
    discards ``claim`` cards at random (a single option is taken without asking)."""

    def __init__(
        self, attacker: int, opponents: tuple[int, ...], claim: int, chosen: tuple[int, ...] = ()
    ) -> None:
        super().__init__()
        self.attacker = attacker
        self.opponents = opponents
        self.claim = claim
        self.chosen = chosen

    def _options(self) -> list[Choice]:
        left: list[Choice] = [o for o in self.opponents if o not in self.chosen]
        return [*left, "done"] if self.chosen else left

    def ask(self, g: CardGame) -> Decision | None:
        options = self._options()
        if len(options) <= 1:
            return None
        prompt = "Master of Whispers: an opponent to discard for claim, or done"
        return D.WHISPERS.ask(self.attacker, prompt, options)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        options = self._options()
        if choice is None:
            choice = options[0] if options else "done"
        if choice == "done":
            for seat in self.chosen:
                discard_at_random(g, seat, self.claim)
            return
        self.chosen = (*self.chosen, int(choice))
        g.push(self)
