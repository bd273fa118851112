"""The challenges phase (C10–C12, C17): which challenge to initiate (D17), attackers that win
while keeping defenders home, stealth targets, defenders when the challenge can be stopped or
its claim hurts (D19), claim victims (D20: the least valuable character), keywords (D22, D23)
and intimidate.

Strength is read from the view (current STR with every modifier). "Could defend" counts the
opponent's standing characters with the challenge's icon, less those stealth bypassed."""

from __future__ import annotations

from typing import Any

from westeros.bots.cards.table import Card, Table, ids
from westeros.cardgame.public import decisions as D
from westeros.engine import Choice, Decision

UNOPPOSED_DENIAL = 3.5  # a character worth less than this defends a lost challenge (C11.9)
TYPE_BONUS = {"military": 1.2, "power": 1.0, "intrigue": 0.6}


def defence(t: Table, seat: int, kind: str, bypassed: frozenset[int] = frozenset()) -> int:
    """The STR ``seat`` could defend a ``kind`` challenge with."""
    return sum(
        c.strength
        for c in t.characters(seat)
        if c.standing and kind in c.icons and c.id not in bypassed
    )


def challenge_score(t: Table, kind: str, opponent: int) -> float:
    """How good initiating ``kind`` against ``opponent`` looks; below 0: do not."""
    mine = t.strength(t.seat, kind)
    theirs = defence(t, opponent, kind)
    if mine <= 0:
        return -1.0
    bonus = TYPE_BONUS[kind] + 0.08 * t.power(opponent)
    if kind == "intrigue" and t.players[opponent]["hand_size"] == 0:
        bonus -= 0.5
    if kind == "military" and not t.characters(opponent):
        bonus -= 0.5
    if theirs == 0:
        return 3.0 + bonus
    if mine > theirs:
        return 1.0 + 0.2 * (mine - theirs) + bonus
    return -1.0


def challenge(t: Table, decision: Decision) -> Choice:
    """D17: the most promising challenge the seat can win, or done."""
    scored = []
    for c in decision.choices:
        if c == "done":
            continue
        parsed = D.CHALLENGE.parse(c)
        scored.append((challenge_score(t, str(parsed["type"]), int(parsed["opponent"])), c))
    best = max(scored, key=lambda x: x[0], default=None)
    if best is None or best[0] < 0:
        return "done" if "done" in decision.choices else decision.choices[0]
    return best[1]


def _attack_total(t: Table, ch: dict[str, Any]) -> int:
    return sum(t.cards[c].strength for c in ch["attackers"] if c in t.cards)


def _other_icons(card: Card, kind: str) -> int:
    return sum(1 for i in card.icons if i != kind)


def attacker(t: Table, decision: Decision) -> Choice:
    """D17: attackers until their STR beats every defender the opponent could declare; the
    cheapest character that gets there, characters with other icons kept home; renown and
    insight characters join a challenge already won."""
    ch = t.challenge
    kind = str(decision.about("type") or (ch or {}).get("type", "military"))
    options = [t.cards[c] for c in ids(decision) if c in t.cards]
    if ch is None or not options:
        return decision.choices[0]
    need = defence(t, ch["defender"], kind, frozenset(ch.get("bypassed", ())))
    have = _attack_total(t, ch)
    if have > need:
        extra = [c for c in options if c.has("renown") or c.has("insight") or c.has("pillage")]
        if extra and (kind != "military" or need == 0):
            return max(extra, key=lambda c: c.strength).id
        return "done" if "done" in decision.choices else options[0].id
    finishing = [c for c in options if have + c.strength > need]
    if finishing:
        pick = min(finishing, key=lambda c: (_other_icons(c, kind), c.strength, t.value(c.id)))
        return pick.id
    return max(options, key=lambda c: (c.strength, -_other_icons(c, kind))).id


def stealth(t: Table, decision: Decision) -> Choice:
    """D17 (C17.9): bypass the strongest character that could defend."""
    ch = t.challenge or {}
    kind = ch.get("type", "military")
    options = [t.cards[c] for c in ids(decision) if c in t.cards]
    able = [c for c in options if c.standing and kind in c.icons]
    if not able:
        return "none" if "none" in decision.choices else decision.choices[0]
    return max(able, key=lambda c: (c.strength, t.value(c.id))).id


class Declared:
    """The defenders a seat declared so far in the running challenge (the view shows them
    only once the declaration is complete)."""

    def __init__(self) -> None:
        self.key: tuple[Any, ...] = ()
        self.cards: list[int] = []

    def of(self, t: Table) -> list[int]:
        ch = t.challenge or {}
        key = (t.round, ch.get("attacker"), ch.get("type"), tuple(ch.get("attackers", ())))
        if key != self.key:
            self.key, self.cards = key, []
        return self.cards


def defender(t: Table, decision: Decision, declared: list[int]) -> Choice:
    """D19: the fewest defenders that beat the attackers' STR; when the challenge cannot be
    stopped, one cheap defender against an unopposed power gain, else none."""
    ch = t.challenge
    options = [t.cards[c] for c in ids(decision) if c in t.cards]
    done = "done" in decision.choices
    if ch is None or not options:
        return decision.choices[0]
    attack = _attack_total(t, ch)
    have = sum(t.cards[c].strength for c in declared if c in t.cards)
    if have > attack and done:
        return "done"
    reach = have + sum(c.strength for c in options)
    if reach > attack:
        finishing = [c for c in options if have + c.strength > attack]
        if finishing:
            return min(finishing, key=lambda c: (c.strength, t.value(c.id))).id
        return max(options, key=lambda c: (c.strength, -t.value(c.id))).id
    cheapest = min(options, key=lambda c: (t.value(c.id), c.id))
    if done and (declared or t.value(cheapest.id) > UNOPPOSED_DENIAL):
        return "done"
    return cheapest.id


def claim_kill(t: Table, decision: Decision) -> Choice:
    """D20: the least valuable character dies."""
    return min(ids(decision), key=lambda c: (t.value(c), c))


def intimidate(t: Table, decision: Decision) -> Choice:
    """C17.4: kneel the opponent's most valuable standing character."""
    options = ids(decision)
    if not options:
        return decision.choices[0]
    return max(options, key=lambda c: (t.value(c), -c))


def keyword(t: Table, decision: Decision) -> Choice:
    """D23: every insight, pillage and renown is used (each only helps)."""
    options = ids(decision)
    return options[0] if options else decision.choices[0]
