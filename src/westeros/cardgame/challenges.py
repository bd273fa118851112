"""The challenges phase (C10), one challenge (C11), claim (C12) and the challenge keywords
(C17.3–C17.9).

Each active player in turn may initiate up to one challenge of each type (C10.4), in the
order they like; before each initiation there is an action window (C10.2). A challenge is a
record on the game (``g.challenge``, :class:`~westeros.cardgame.state.Challenge`) run through
the declared flow :data:`FLOW`, the steps of C11 in order, by one :class:`ChallengeStep`
(the engine kit's :class:`~westeros.engine.flow.FlowStep`). Attackers, stealth targets,
defenders and military claim victims are chosen one card at a time.
"""

from __future__ import annotations

from collections.abc import Callable

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
    move_power,
    names,
    stand,
)
from westeros.cardgame.cards import CHALLENGES
from westeros.cardgame.flow import ActionWindow, do, occur, run_effect
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
from westeros.engine.flow import Flow, FlowStep, Stage


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


def rest_of_turns(g: CardGame, seat: int) -> list[Step]:
    """What follows a challenge of ``seat`` (C10.6): its turn again, the later players' turns,
    the end of the turns (a position builder starts a challenge with these)."""
    order = g.order()
    later = order[order.index(seat) + 1 :]
    return [ChallengesTurn(seat), *(ChallengesTurn(s) for s in later), _EndTurns()]


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


class ChooseChallenge(Ask):
    """D17: "<type>><opponent>" or done. Done ends the player's challenges (C10.3); a choice
    starts the challenge's declaration (C11.1.1–C11.1.2)."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def options(self, g: CardGame) -> list[Choice]:
        return [
            D.CHALLENGE.format(t, opp)
            for t in allowed_types(g, self.seat)
            for opp in g.opponents(self.seat)
            if not g.has("cannot_be_challenged:" + t, opp, players=True)
            and not g.has(f"cannot_challenge:{opp}", self.seat, players=True)
            and may_challenge(g, self.seat, opp, t)
        ]

    def ask(self, g: CardGame) -> Decision | None:
        if g.winner is not None:
            return None
        options = self.options(g)
        if not options:
            return None
        return D.CHALLENGE.ask(
            self.seat, "initiate a challenge or end your challenges", (*options, "done")
        )

    def act(self, g: CardGame, choice: Choice | None) -> None:
        if choice is None or choice == "done":
            return
        parsed = D.CHALLENGE.parse(choice)
        opponent = parsed["opponent"]
        g.push(ChallengesTurn(self.seat))  # C10.6: after the challenge, back to C10.2
        start_challenge(g, Challenge(parsed["type"], self.seat, opponent, opponent))


# -- one challenge: the declared flow of C11 ----------------------------------------------


def start_challenge(g: CardGame, ch: Challenge) -> None:
    """Put a challenge being declared on the game and push the step that runs its flow."""
    assert g.challenge is None, "one challenge at a time"
    g.challenge = ch
    step = ChallengeStep()
    step.begin(g, ch)
    g.push(step)


def _has_stealth(g: CardGame, ch: Challenge) -> bool:
    return _stealth_next(g, ch) is not None


def _won(g: CardGame, ch: Challenge) -> bool:
    return ch.winner is not None


def _attacker_won(g: CardGame, ch: Challenge) -> bool:
    return ch.winner is not None and ch.winner == ch.attacker


def _window(name: str) -> Callable[[CardGame, Challenge, str | None], bool]:
    """C11.4, C11.6: an action window (it runs before the flow goes on)."""

    def open_window(g: CardGame, ch: Challenge, choice: str | None) -> bool:
        do(g, ActionWindow(name))
        return True

    open_window.__qualname__ = f"window:{name}"
    return open_window


# C11.1.3: attackers, one at a time (at least one) ------------------------------------


def _attack_options(g: CardGame, ch: Challenge) -> list[Choice]:
    if ch.attackers and g.has("one_participant", ch.attacker, players=True):
        return []
    return [
        c for c in g.characters(ch.attacker) if c not in ch.attackers and can_attack(g, c, ch.type)
    ]


def _attackers_ask(g: CardGame, ch: Challenge) -> list[Decision]:
    options = _attack_options(g, ch)
    if not options:
        return []
    done: tuple[Choice, ...] = ("done",) if ch.attackers else ()
    prompt = f"declare an attacker ({ch.type})"
    return [D.ATTACKER.ask(ch.attacker, prompt, (*options, *done), type=ch.type)]


def _attackers(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    if choice is not None and choice != "done":
        ch.attackers = [*ch.attackers, int(choice)]
        return False
    if not ch.attackers:  # C10.8: no attacker declared: the challenge is not initiated
        g.challenge = None
        return False
    return True


# C11.1.4: stealth targets -------------------------------------------------------------


def _stealth_next(g: CardGame, ch: Challenge) -> int | None:
    asked = {a for a, _ in ch.stealth}
    for c in ch.attackers:
        if c not in asked and g.has_keyword(c, "stealth"):
            return c
    return None


def _stealth_options(g: CardGame, ch: Challenge) -> list[Choice]:
    return [
        c
        for c in g.characters(ch.defender)
        if not g.has_keyword(c, "stealth") and not g.has("cannot_be_bypassed", c)
    ]


def _stealth_ask(g: CardGame, ch: Challenge) -> list[Decision]:
    nxt = _stealth_next(g, ch)
    options = _stealth_options(g, ch) if nxt is not None else []
    if nxt is None or not options:
        return []
    prompt = f"{g.name(nxt)} bypasses (stealth)"
    return [D.STEALTH.ask(ch.attacker, prompt, (*options, "none"), card=nxt)]


def _stealth(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    nxt = _stealth_next(g, ch)
    if nxt is not None:
        target = int(choice) if choice is not None and choice != "none" else -1
        ch.stealth = (*ch.stealth, (nxt, target))
    return _stealth_next(g, ch) is None


# C11.1–C11.3: the challenge is initiated ----------------------------------------------


def _initiate(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C11.1–C11.2: the declaration is complete: the challenge counts against the allowance
    (C10.4), the attackers kneel at once (C11.1.3), stealth bypasses (C17.9)."""
    ch.declared = True
    ch.bypassed = frozenset(t for _, t in ch.stealth if t >= 0)
    p = g.players[ch.attacker]
    p.challenges = (*p.challenges, (ch.type, ch.against))
    for c in ch.attackers:
        if not g.has("attacks_standing", c):
            kneel_now(g, c)
    g.emit(E.event("challenge", player=ch.attacker, type=ch.type, opponent=ch.against))
    g.emit(
        E.event(
            "attackers", player=ch.attacker, cards=list(ch.attackers), names=names(g, ch.attackers)
        )
    )
    return True


def _redirect(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C11.2, C21.6: the Crown Regent's redirect, before any reaction to the initiation."""
    do(g, Redirect())
    return True


def _melee(g: CardGame, ch: Challenge) -> bool:
    return is_melee(g)


def _redirected_stealth(g: CardGame, ch: Challenge) -> bool:
    """C21.6.2: after a redirect (the old picks were dropped), stealth attackers pick again."""
    return ch.defender != ch.against and _has_stealth(g, ch)


def _stealth_again(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C21.6.2: new stealth targets among the new defending player's characters."""
    if not _stealth(g, ch, choice):
        return False
    ch.bypassed = frozenset(t for _, t in ch.stealth if t >= 0)
    return True


def _initiated(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C11.3: reactions to the initiation and to the attackers (and stealth) being declared."""
    info = (("type", ch.type), ("against", ch.against))
    occur(g, Occ("challenge_initiated", (), ch.attacker, info))
    occur(g, Occ("attackers_declared", tuple(ch.attackers), ch.attacker, info))
    for attacker, bypassed in ch.stealth:
        if bypassed >= 0:
            occur(g, Occ("bypassed", (attacker, bypassed), ch.attacker, info))
    return True


# C11.5: defenders, one at a time (any number) -------------------------------------------


def _defend_options(g: CardGame, ch: Challenge) -> list[Choice]:
    if ch.declaring and g.has("one_participant", ch.defender, players=True):
        return []
    return [c for c in g.characters(ch.defender) if c not in ch.declaring and can_defend(g, c, ch)]


def _defenders_ask(g: CardGame, ch: Challenge) -> list[Decision]:
    options = _defend_options(g, ch)
    if not options:
        return []
    # "must be declared as a defender, if able": no "done" while such a card is eligible
    must = any(g.has("must_defend", c) for c in options if isinstance(c, int))
    choices = (*options, *(() if must else ("done",)))
    prompt = f"declare a defender ({ch.type})"
    return [D.DEFENDER.ask(ch.defender, prompt, choices, type=ch.type)]


def _defenders(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    if choice is not None and choice != "done":
        ch.declaring = (*ch.declaring, int(choice))
        return False
    declared = ch.declaring
    ch.defenders = [*ch.defenders, *declared]  # some may already be defending
    for c in declared:
        if not g.has("defends_standing", c):
            kneel_now(g, c)
    if declared:
        g.emit(
            E.event("defenders", player=ch.defender, cards=list(declared), names=names(g, declared))
        )
        occur(g, Occ("defenders_declared", declared, ch.defender))
    else:
        g.emit(E.event("no_defenders", player=ch.defender))
    return True


# C11.7: the winner --------------------------------------------------------------------


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


def _winner(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C11.7: totals, the winner (ties to the attacker), unopposed, the STR difference; then
    reactions to winning (C11.7.6) and delayed effects "if you win this challenge"."""
    ch.attacker_total = side_total(g, ch, ch.attacker)
    ch.defender_total = side_total(g, ch, ch.defender)
    if ch.attacker_total >= ch.defender_total:  # C11.7.2: ties go to the attacker
        winner, loser, parts = ch.attacker, ch.defender, ch.attackers
    else:
        winner, loser, parts = ch.defender, ch.attacker, ch.defenders
    best = max(ch.attacker_total, ch.defender_total)
    gone = g.players[ch.attacker].eliminated or g.players[ch.defender].eliminated
    if best < 1 or not parts or gone:  # C11.7.3: nobody wins (Q12: nor against who left)
        g.emit(
            E.event(
                "challenge_result",
                type=ch.type,
                winner=None,
                attacker_total=ch.attacker_total,
                defender_total=ch.defender_total,
            )
        )
        return True
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
        draw(g, winner, extra)
    info = (("type", ch.type), ("loser", loser), ("attacking", winner == ch.attacker))
    occur(g, Occ("challenge_won", (), winner, info))
    # a delayed effect (C16.16, as the challenge is won): "if you win this challenge, stand
    # that character"
    stand(g, [c for c in parts if g.has("stand_if_win", c)])
    return True


# C11.9–C11.12: bonuses, claim, keywords, the end ------------------------------------------


def _bonuses(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C11.9: the unopposed bonus (C11.9.1) and, in melee, the rivals bonus (C21.5)."""
    if ch.unopposed and not g.has("no_unopposed_power", ch.attacker, players=True):
        g.emit(E.event("unopposed", player=ch.attacker))
        gain_power(g, g.players[ch.attacker].faction, 1)
    if is_melee(g):
        rivals_bonus(g)
    return True


def _claim_stage(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C11.10: claim, only when the attacker won (C12)."""
    _claim(g, ch.attacker, ch.defender, ch.type)
    return True


def _keywords_stage(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C11.11: the keyword types one at a time (D22), their instances used or not (D23)."""
    do(g, Keywords())
    return True


def _end(g: CardGame, ch: Challenge, choice: str | None) -> bool:
    """C11.12: participants stop participating; "until the end of the challenge" expires."""
    expire(g, "challenge")
    return True


# The steps of C11 in order: each stage names its rule, says when it applies, what it asks
# and what it does. Windows and occurrences a stage opens run before the next stage.
FLOW: Flow = (
    Stage("attackers", _attackers, _attackers_ask),  # C11.1.1–C11.1.3
    Stage("stealth", _stealth, _stealth_ask, when=_has_stealth),  # C11.1.4, C17.9
    Stage("initiate", _initiate),  # C11.1–C11.2
    Stage("redirect", _redirect, when=_melee),  # C11.2, C21.6
    Stage("redirect_stealth", _stealth_again, _stealth_ask, when=_redirected_stealth),  # C21.6.2
    Stage("initiated", _initiated),  # C11.3
    Stage("attackers_window", _window("challenges:attackers")),  # C11.4
    Stage("defenders", _defenders, _defenders_ask),  # C11.5
    Stage("defenders_window", _window("challenges:defenders")),  # C11.6
    Stage("winner", _winner),  # C11.7
    Stage("bonuses", _bonuses, when=_won),  # C11.9
    Stage("claim", _claim_stage, when=_attacker_won),  # C11.10, C12
    Stage("keywords", _keywords_stage, when=_won),  # C11.11, C17
    Stage("end", _end),  # C11.12
)


class ChallengeStep(FlowStep):
    """Runs ``g.challenge`` through :data:`FLOW` (C11)."""

    FLOW = FLOW

    def record_of(self, g: CardGame) -> Challenge | None:
        return g.challenge

    def close(self, g: CardGame, record: Challenge) -> None:
        g.challenge = None


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
        do(g, ClaimKill(defender, claim))
    elif type_ == "intrigue" and bears(g, attacker, WHISPERS):
        whispers_claim(g, attacker, claim)  # C21.7.6
    elif type_ == "intrigue":
        discard_at_random(g, defender, claim)
    else:
        move_power(g, g.players[defender].faction, g.players[attacker].faction, claim)


class ClaimKill(Ask):
    """C12.2/D20: exactly min(claim, eligible) different characters, chosen one at a time by
    the defending player, killed at once (a single option is taken without asking)."""

    def __init__(self, seat: int, left: int, chosen: tuple[int, ...] = ()) -> None:
        super().__init__()
        self.seat = seat
        self.left = left
        self.chosen = chosen

    def _options(self, g: CardGame) -> list[Choice]:
        if self.left <= 0:
            return []
        return [
            c
            for c in g.characters(self.seat)
            if c not in self.chosen and not g.has("cannot_be_killed", c)
        ]

    def ask(self, g: CardGame) -> Decision | None:
        options = self._options(g)
        if len(options) <= 1:
            return None
        prompt = f"choose a character to kill for claim ({self.left} left)"
        return D.CLAIM_KILL.ask(self.seat, prompt, options)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        options = self._options(g)
        if not options:
            kill(g, self.chosen)
            return
        pick = int(choice) if choice is not None else int(options[0])
        self.chosen = (*self.chosen, pick)
        self.left -= 1
        g.push(self)


# Q19: the fixed order of the keyword types, D22's automatic answer
KEYWORD_TYPES = ("insight", "intimidate", "pillage", "renown")


def keyword_instances(g: CardGame, ch: Challenge, keyword: str) -> list[int]:
    """The participating characters on the winning side with ``keyword`` (C17.3–C17.8),
    counted when their type is processed (C11.11.3); intimidate only for an attacking winner
    (C17.4), pillage only against a loser."""
    if ch.winner is None:
        return []
    if keyword == "intimidate" and ch.winner != ch.attacker:
        return []
    if keyword == "pillage" and ch.loser is None:
        return []
    parts = ch.attackers if ch.winner == ch.attacker else ch.defenders
    if ch.winner == ch.attacker:  # "considered to be attacking" (Jon Snow, C23 Q27)
        parts = [
            *parts,
            *(
                c
                for c in g.characters(ch.winner)
                if c not in parts and g.has("considered_attacking", c)
            ),
        ]
    return [c for c in parts if g.has_keyword(c, keyword)]


class Keywords(Ask):
    """C11.11.1/D22: the first player picks the keyword type that resolves next, until every
    type present has been processed, each once (C11.11.3); automatic: insight, intimidate,
    pillage, renown (Q19)."""

    def __init__(self, done: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.done = done

    def _left(self, g: CardGame) -> list[str]:
        ch = g.challenge
        if ch is None or ch.winner is None:
            return []
        return [k for k in KEYWORD_TYPES if k not in self.done and keyword_instances(g, ch, k)]

    def ask(self, g: CardGame) -> Decision | None:
        left = self._left(g)
        if len(left) <= 1 or g.automatic(g.first):
            return None
        prompt = "choose the keyword type that resolves next"
        return D.KEYWORD_TYPE.ask(g.first, prompt, tuple(left))

    def act(self, g: CardGame, choice: Choice | None) -> None:
        left = self._left(g)
        if not left:
            return
        keyword = str(choice) if choice is not None else left[0]
        if choice is not None:  # the first player's choice is public (C11.11.1)
            g.emit(E.event("keyword_order", player=g.first, keyword=keyword))
        g.push(UseKeyword(keyword), Keywords((*self.done, keyword)))


class UseKeyword(Ask):
    """C11.11.2/D23: the winner picks, one at a time and in the order they resolve, the
    instances of an insight, pillage or renown type to use, or done to skip the rest
    (automatic: every instance, Q9); intimidate asks its character (or none) itself, C17.4."""

    def __init__(self, keyword: str, chosen: tuple[int, ...] = ()) -> None:
        super().__init__()
        self.keyword = keyword
        self.chosen = chosen

    def _options(self, g: CardGame) -> list[Choice]:
        ch = g.challenge
        if ch is None:
            return []
        return [c for c in keyword_instances(g, ch, self.keyword) if c not in self.chosen]

    def ask(self, g: CardGame) -> Decision | None:
        ch = g.challenge
        if ch is None or ch.winner is None or self.keyword == "intimidate":
            return None
        options = self._options(g)
        if not options or g.automatic(ch.winner) or g.players[ch.winner].eliminated:
            return None
        prompt = f"{self.keyword}: a character whose {self.keyword} to use, or done"
        return D.KEYWORD.ask(ch.winner, prompt, (*options, "done"), keyword=self.keyword)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        ch = g.challenge
        if ch is None or ch.winner is None or g.players[ch.winner].eliminated:
            return
        if choice is not None and choice != "done":
            self.chosen = (*self.chosen, int(choice))
            g.push(self)  # ask again
            return
        chosen = self.chosen
        if choice is None:  # automatic, or nothing left to ask
            chosen = (*chosen, *(int(c) for c in self._options(g)))
        _resolve_keyword(g, ch, self.keyword, chosen)


def _resolve_keyword(g: CardGame, ch: Challenge, keyword: str, chosen: tuple[int, ...]) -> None:
    assert ch.winner is not None
    if keyword == "insight" and chosen:
        draw(g, ch.winner, len(chosen))  # C17.3
    elif keyword == "intimidate":
        do(g, Intimidate())  # C17.4
    elif keyword == "pillage" and chosen and ch.loser is not None:
        do(g, Pillage(ch.loser, chosen))  # C17.7
    elif keyword == "renown":
        for c in chosen:
            gain_power(g, c, 1)  # C17.8


class Intimidate(Ask):
    """C17.4/D23: the attacker kneels a standing character of the loser whose STR is at most
    the STR difference, or none."""

    def _options(self, g: CardGame) -> list[Choice]:
        ch = g.challenge
        if ch is None or ch.loser is None:
            return []
        return [
            c for c in g.characters(ch.loser) if g.standing(c) and g.strength(c) <= ch.difference
        ]

    def ask(self, g: CardGame) -> Decision | None:
        options = self._options(g)
        ch = g.challenge
        if not options or ch is None:
            return None
        return D.INTIMIDATE.ask(ch.attacker, "intimidate: kneel a character", (*options, "none"))

    def act(self, g: CardGame, choice: Choice | None) -> None:
        if choice is not None and choice != "none":
            kneel(g, [int(choice)])


class Pillage(Step):
    """C17.7: the loser discards the top card of their deck for each pillager used."""

    def __init__(self, loser: int, pillagers: tuple[int, ...]) -> None:
        self.loser = loser
        self.pillagers = pillagers

    def run(self, g: CardGame) -> None:
        run_effect(g, _pillage, self.loser, self.pillagers)


def _pillage(g: CardGame, loser: int, pillagers: tuple[int, ...]) -> None:
    done = discard_from_deck(g, loser, len(pillagers))
    ch = g.challenge
    if done and ch is not None and ch.winner is not None:
        info = (("loser", loser), ("discarded", tuple(done)))
        occur(g, Occ("pillaged", pillagers, ch.winner, info))


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
