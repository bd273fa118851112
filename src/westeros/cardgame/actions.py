"""The primitives every rule and card text uses to change the game: kneel, stand, kill,
discard, sacrifice, draw, gain power and gold, put into play, marshal, ambush, play events.

Each primitive that is an occurrence (C16.9) is queued as one (see :mod:`flow`) so that its
interrupts and reactions open in order; the ``*_now`` functions are the occurrences'
resolutions. State checks run after every step (``flow.RESULT_CHECKS``): 15 power wins
(C20.3), an empty draw deck eliminates (C20.4), several such results at once are ordered by the
first player (D15); an attachment no longer legal is discarded (C19.4).
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import Any

from westeros.cardgame import decisions as D
from westeros.cardgame.abilities import Occ, text_of
from westeros.cardgame.cards import CardDef
from westeros.cardgame.costs import REDUCER_TESTS as REDUCER_TESTS
from westeros.cardgame.costs import add_reducer as add_reducer
from westeros.cardgame.costs import can_play_event as can_play_event
from westeros.cardgame.costs import consume_reducers as consume_reducers
from westeros.cardgame.costs import full_prices, within_gold
from westeros.cardgame.costs import marshal_cost as marshal_cost
from westeros.cardgame.costs import pay_cost_gold as pay_cost_gold
from westeros.cardgame.costs import pay_gold as pay_gold
from westeros.cardgame.costs import reducers as reducers
from westeros.cardgame.events import event as event
from westeros.cardgame.events import game_over_reason
from westeros.cardgame.flow import (
    AFTER_OCCURRENCE,
    BEFORE_RESOLVING,
    RESULT_CHECKS,
    current_occurrence,
    do,
    grant_player_actions,
    occur,
    run_effect,
    save,
)
from westeros.cardgame.melee import return_titles
from westeros.cardgame.state import WIN_POWER, CardGame, InPlay
from westeros.cardgame.zones import remove_from_zone as remove_from_zone
from westeros.cardgame.zones import to_zone as to_zone
from westeros.engine import Ask, Choice, Decision, Step


def names(g: CardGame, cards: tuple[int, ...] | list[int]) -> list[str]:
    return [g.defs[c].name for c in cards]


# -- moving cards ----------------------------------------------------------------------


def enter_play(g: CardGame, cid: int, seat: int, parent: int | None = None) -> None:
    """Place a card in ``seat``'s play area, standing (C2.4–C2.6), as a new copy (C16.19.1)."""
    remove_from_zone(g, cid)
    g.entered_count += 1
    g.play[cid] = InPlay(seat, g.entered_count, parent=parent)
    g.where[cid] = "play"
    g.changed()


def leave_play(g: CardGame, cid: int, zone: str) -> None:
    """C18.13: the card goes to ``zone`` of its owner; its power returns to the treasury, its
    duplicates are discarded, its attachments go back to their owners' hands (terminal ones
    to the discard pile)."""
    if cid not in g.play:
        return
    for dup in g.duplicates_on(cid):
        to_zone(g, dup, "discard")
    for att in g.attachments_on(cid):  # with their own duplicates (a unique attachment's)
        leave_play(g, att, "discard" if g.has_keyword(att, "terminal") else "hand")
    power = g.play[cid].power
    if power:  # C20.1: power on a card leaving play returns to the treasury
        g.emit(event("power_returned", card=cid, name=g.name(cid), amount=power))
    to_zone(g, cid, zone)
    if g.challenge is not None:
        ch = g.challenge
        if cid in ch.attackers:
            ch.attackers.remove(cid)
        if cid in ch.defenders:
            ch.defenders.remove(cid)


def remove_from_challenge(g: CardGame, cid: int) -> None:
    """C11: the card stops participating in the challenge (it stays in play as it is)."""
    ch = g.challenge
    if ch is None or (cid not in ch.attackers and cid not in ch.defenders):
        return
    if cid in ch.attackers:
        ch.attackers.remove(cid)
    if cid in ch.defenders:
        ch.defenders.remove(cid)
    g.emit(event("removed_from_challenge", card=cid, name=g.name(cid)))
    g.changed()


def check_attachments(g: CardGame) -> None:
    """C19.4: an attachment no longer legally attached is discarded (a state check run after
    every step, ``CardGame.settle``, and at once where cards enter or leave play)."""
    for att, rec in [(c, r) for c, r in g.play.items() if r.parent is not None]:
        parent = rec.parent
        if parent is None or att not in g.play or g.where[att] != "play":
            continue
        if not can_attach(g, att, parent):
            leave_play(g, att, "discard")
            g.emit(event("discarded", cards=[att], names=[g.name(att)]))


# -- uniqueness and attachments (C18, C19) ---------------------------------------------


def unique_in_play(g: CardGame, cid: int, seat: int) -> int | None:
    """The in-play copy of a unique card that ``seat`` owns and controls, if any (C18.3),
    which ``cid`` would go under as a duplicate: only if ``seat`` owns ``cid`` too (C18.5)."""
    if g.owner[cid] != seat:
        return None
    name = g.defs[cid].name
    for other, rec in g.play.items():
        if (
            other != cid
            and g.where[other] == "play"
            and rec.controller == seat
            and g.owner[other] == seat
            and g.defs[other].name == name
        ):
            return other
    return None


def unique_blocked(g: CardGame, cid: int, seat: int) -> bool:
    """C18.2: while another copy of a unique title lies in the player's dead pile, that card
    cannot come into play under them, not even as a duplicate (a card brought from the dead
    pile is allowed when it is the only copy there)."""
    name = g.defs[cid].name
    if any(c != cid and g.defs[c].name == name for c in g.players[seat].dead):
        return True
    return _control_blocked(g, cid, seat)


def _control_blocked(g: CardGame, cid: int, seat: int) -> bool:
    """C18.4 (FAQ 1.3): while a player controls a unique card another player owns, neither
    of them brings in more copies; an opponent's unique card cannot be brought in while
    another copy owned by either player is in play or in its owner's dead pile."""
    name, owner = g.defs[cid].name, g.owner[cid]
    for other, rec in g.play.items():
        if other == cid or g.where[other] != "play" or g.defs[other].name != name:
            continue
        held_by = (g.owner[other], rec.controller)
        if held_by[0] != held_by[1] and seat in held_by:
            return True
        if owner != seat and (seat in held_by or owner == held_by[0]):
            return True
    dead = g.players[owner].dead
    return owner != seat and any(c != cid and g.defs[c].name == name for c in dead)


def can_attach(g: CardGame, att: int, parent: int) -> bool:
    """C19.1, C17.6: an attachment may go on this card (a character unless its text says)."""
    if parent not in g.play or g.where[parent] != "play" or g.play[parent].facedown:
        return False
    entry = text_of(g.defs[att].code)
    if entry.attach is not None:
        if not entry.attach.ok(g, att, parent):
            return False
    elif g.defs[parent].type != "character":
        return False
    if g.has_keyword(parent, "no attachments"):
        allowed = g.defs[parent].keyword("no attachments")
        if not (isinstance(allowed, str) and g.has_trait(att, allowed)):
            return False
    return True


def hosts(g: CardGame, att: int) -> list[int]:
    return [c for c in g.cards_in_play() if c != att and can_attach(g, att, c)]


# -- marshaling, ambush, events (C9.4, C17.2, C16.8) -----------------------------------


def can_bring_in(g: CardGame, cid: int, seat: int) -> bool:
    """Uniqueness (C18.2) and attachment hosts (C9.4.3) allow this card to enter play."""
    d = g.defs[cid]
    if d.unique and unique_blocked(g, cid, seat):
        return False
    return _has_host(g, cid, seat)


def _has_host(g: CardGame, cid: int, seat: int) -> bool:
    """C9.4.3: an attachment enters play only on a card it may attach to (or as a duplicate);
    any other card needs no host."""
    if g.defs[cid].type == "attachment" and unique_in_play(g, cid, seat) is None:
        return any(c != cid and can_attach(g, cid, c) for c in g.cards_in_play())  # hosts
    return True


def can_marshal(g: CardGame, cid: int, seat: int) -> bool:
    return why_not_marshal(g, cid, seat) is None


def why_not_marshal(g: CardGame, cid: int, seat: int) -> str | None:
    """Why ``seat`` may not marshal card ``cid`` now, in the player's words (None: it may)."""
    d = g.defs[cid]
    if d.type not in ("character", "location", "attachment"):
        return f"{d.name} is not marshaled: only characters, locations and attachments are (C9.4)."
    if d.unique and unique_in_play(g, cid, seat) is not None:  # a free duplicate (C9.5)
        return None if can_bring_in(g, cid, seat) else _blocked(d.name)
    if d.keyword("limited") and g.players[seat].limited >= 1 + g.bonus("limited", seat, True):
        return f"{d.name} is Limited and a Limited card was already marshaled this round (C17.5)."
    if g.has("cannot_marshal", cid):
        return f"{d.name} cannot be marshaled now: a card in play forbids it."
    if not within_gold(g, cid, seat):
        cost, gold = marshal_cost(g, cid, seat), g.players[seat].gold
        return f"{d.name} costs {cost} gold and you have {gold} (C9.4.2)."
    if d.unique and unique_blocked(g, cid, seat):
        return _blocked(d.name)
    if not _has_host(g, cid, seat):  # can_bring_in, its uniqueness test done just above
        return f"{d.name} has no card it may be attached to (C9.4.3)."
    return None


def _blocked(name: str) -> str:
    return f"{name} is unique and another copy keeps it out of play (C18.2, C18.4)."


def _marshal_refusal(g: CardGame, seat: int, choice: Choice) -> str | None:
    """The reason a ``marshal:<card>`` choice is refused (CardGame.REFUSALS)."""
    verb, _, card = str(choice).partition(":")
    if verb != "marshal" or not card.isdigit() or int(card) >= len(g.defs):
        return None
    cid, p = int(card), g.players[seat]
    if g.phase != "marshaling" or g.active != seat:
        return "You marshal cards only in your own turn of the marshaling phase (C9.3)."
    if cid not in p.hand:
        return f"{g.defs[cid].name} is not in your hand."
    return why_not_marshal(g, cid, seat)


CardGame.REFUSALS.append(_marshal_refusal)


def granted_action(g: CardGame, seat: int, window: str) -> str | None:
    """The player action of C6.5 this window grants ``seat``, if any: marshal (the active
    player's marshaling window, C9.3) or ambush (challenges windows, C17.2)."""
    if window == "marshaling" and g.active == seat:
        return "marshal"
    if g.phase == "challenges" and window.startswith("challenges"):
        return "ambush"
    return None


def grants_action(g: CardGame, seat: int, window: str) -> bool:
    return granted_action(g, seat, window) is not None


def player_actions(g: CardGame, seat: int, window: str) -> list[Choice]:
    """The rule-granted player actions of C6.5 in this window."""
    verb = granted_action(g, seat, window)
    if verb is None:
        return []
    return [D.ACTION.format(verb, cid) for cid in _granted_cards(g, seat, verb)]


def could_take_action(g: CardGame, seat: int, window: str) -> bool:
    """Whether :func:`player_actions` offers anything (the first card found answers)."""
    verb = granted_action(g, seat, window)
    return verb is not None and next(_granted_cards(g, seat, verb), None) is not None


def _granted_cards(g: CardGame, seat: int, verb: str) -> Iterator[int]:
    """The cards in hand ``seat`` may marshal or ambush now, in hand order. (Quick tests
    first: with nothing reducing costs, a card that costs more gold than the seat has is
    left out at once, as can_marshal and can_ambush would find.)"""
    hand = g.players[seat].hand
    defs, gold = g.defs, g.players[seat].gold
    if verb == "marshal":
        if full_prices(g, seat):  # marshal_cost is the printed cost; a duplicate is free (C9.5)
            hand = [c for c in hand if defs[c].unique or (defs[c].cost or 0) <= gold]
        return (cid for cid in hand if can_marshal(g, cid, seat))
    printed = _printed_ambush(defs)
    if not g.modifiers("keyword:ambush") and not any(
        e.stat == "keyword:ambush" for e in g.lasting
    ):  # nothing grants ambush: only printed ambush counts (ambush_value)
        hand = [cid for cid in hand if cid in printed]
        if hand and full_prices(g, seat):  # ambush_cost is the printed X
            hand = [cid for cid in hand if (ambush_value(g, cid) or 0) <= gold]
    else:  # a card that enters play, with ambush printed or gained (as can_ambush finds)
        hand = [cid for cid in hand if defs[cid].type in _BROUGHT_IN]
        gained = g.having("keyword:ambush", [cid for cid in hand if cid not in printed])
        hand = [cid for cid in hand if cid in printed or cid in gained]
    return (cid for cid in hand if can_ambush(g, cid, seat))


_BROUGHT_IN = ("character", "location", "attachment")  # the types ambush puts into play


_AMBUSH: dict[int, tuple[tuple[CardDef, ...], frozenset[int]]] = {}


def _printed_ambush(defs: tuple[CardDef, ...]) -> frozenset[int]:
    """The cards with a printed ambush keyword (C17.2) among a game's cards: printed facts,
    worked out once per set of cards (clones share ``g.defs``)."""
    hit = _AMBUSH.get(id(defs))
    if hit is None or hit[0] is not defs:
        if len(_AMBUSH) > 64:
            _AMBUSH.clear()
        hit = _AMBUSH[id(defs)] = (
            defs,
            frozenset(c for c, d in enumerate(defs) if d.keyword("ambush") is not None),
        )
    return hit[1]


def ambush_value(g: CardGame, cid: int) -> int | None:
    """The card's ambush X: printed, or gained from a modifier ("keyword:ambush" with its X
    in "ambush_x", e.g. The Wolfswood); None without ambush."""
    value = g.defs[cid].keyword("ambush")
    if value is not None:
        return value if isinstance(value, int) and not isinstance(value, bool) else 0
    if g.has("keyword:ambush", cid):
        return g.bonus("ambush_x", cid)
    return None


def ambush_cost(g: CardGame, cid: int, seat: int) -> int:
    base = ambush_value(g, cid) or 0
    return max(0, base - reducers(g, cid, seat))


def can_ambush(g: CardGame, cid: int, seat: int) -> bool:
    """C17.2: pay X gold to put a card with ambush from hand into play."""
    d = g.defs[cid]
    if d.type not in _BROUGHT_IN or ambush_value(g, cid) is None:
        return False
    return ambush_cost(g, cid, seat) <= g.players[seat].gold and can_bring_in(g, cid, seat)


def take_player_action(g: CardGame, seat: int, choice: str) -> None:
    parsed = D.ACTION.parse(choice)
    verb, cid = parsed["verb"], parsed["card"]
    if verb == "marshal":
        marshal(g, seat, cid)
    elif verb == "ambush":
        cost = ambush_cost(g, cid, seat)
        pay_gold(g, seat, cost)
        consume_reducers(g, cid, seat)
        g.emit(event("ambush", player=seat, card=cid, name=g.name(cid), cost=cost))
        put_into_play(g, seat, cid, how="ambush")


def marshal(g: CardGame, seat: int, cid: int) -> None:
    """C9.4: pay the cost, place the card (an attachment on a chosen card), then reactions to
    its being marshaled and entering play. A unique copy becomes a duplicate (C9.5)."""
    d = g.defs[cid]
    cost = 0
    if not (d.unique and unique_in_play(g, cid, seat) is not None):  # a duplicate is free
        cost = marshal_cost(g, cid, seat)
        pay_gold(g, seat, cost)
        consume_reducers(g, cid, seat)
        if d.keyword("limited"):
            g.players[seat].limited += 1
    put_into_play(g, seat, cid, how="marshal", cost=cost)


def place_duplicate(g: CardGame, cid: int, original: int) -> None:
    """C18.6: the copy goes under the card, blank."""
    remove_from_zone(g, cid)
    g.play[cid] = InPlay(g.controller(original), parent=original)
    g.where[cid] = "dup"
    g.changed()


def put_into_play(g: CardGame, seat: int, cid: int, how: str = "put", cost: int = 0) -> None:
    """Bring a card into play under ``seat`` (C18.14): an attachment asks for its card."""
    d = g.defs[cid]
    original = unique_in_play(g, cid, seat) if d.unique else None
    if original is not None:
        place_duplicate(g, cid, original)
        g.emit(event("duplicate", player=seat, card=original, name=d.name))
        return
    if d.type == "attachment":
        options = hosts(g, cid)
        if not options:
            to_zone(g, cid, "discard")
            return
        remove_from_zone(g, cid)  # in limbo while its card is chosen
        g.where[cid] = "limbo"
        do(g, AttachTo(seat, cid, how, cost, tuple(options)))
        return
    _entered(g, seat, cid, how, cost, None)


class AttachTo(Ask):
    """C19.1/D16: the card an attachment entering play goes on (a single option is taken
    without asking)."""

    def __init__(self, seat: int, cid: int, how: str, cost: int, hosts: tuple[int, ...]) -> None:
        super().__init__()
        self.seat = seat
        self.cid = cid
        self.how = how
        self.cost = cost
        self.hosts = hosts

    def ask(self, g: CardGame) -> Decision | None:
        if len(self.hosts) <= 1:
            return None
        prompt = f"attach {g.defs[self.cid].name} to"
        return D.ATTACH_TO.ask(self.seat, prompt, self.hosts, card=self.cid)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        parent = int(choice) if choice is not None else self.hosts[0]
        _entered(g, self.seat, self.cid, self.how, self.cost, parent)


def _entered(g: CardGame, seat: int, cid: int, how: str, cost: int, parent: int | None) -> None:
    enter_play(g, cid, seat, parent)
    if g.has("enters_knelt", cid):  # e.g. Sansa Stark
        g.update(cid, knelt=True)
    kind = {"marshal": "marshal", "ambush": "put_into_play"}.get(how, "put_into_play")
    host: dict[str, Any] = (
        {"host": parent, "host_name": g.name(parent)} if parent is not None else {}
    )
    if how == "marshal":
        g.emit(event(kind, player=seat, card=cid, name=g.name(cid), cost=cost, **host))
    elif how != "ambush" or parent is not None:
        g.emit(event("put_into_play", player=seat, card=cid, name=g.name(cid), **host))
    if how == "ambush":
        g.history = g.history | {("ambushed", cid, g.play[cid].entered)}
    check_attachments(g)
    if how == "marshal":
        g.history = g.history | {("marshaled", g.round, seat, cid)}
        occur(g, Occ("marshaled", (cid,), seat))
    occur(g, Occ("enters_play", (cid,), seat, (("how", how),)))


# -- gold and power (C3.7, C20) --------------------------------------------------------


def gain_gold(g: CardGame, seat: int, amount: int) -> None:
    do(g, GainGold(seat, amount))


class GainGold(Step):
    """Gold from the treasury into a gold pool (C3.7), in queue order."""

    def __init__(self, seat: int, amount: int) -> None:
        self.seat = seat
        self.amount = amount

    def run(self, g: CardGame) -> None:
        run_effect(g, gain_gold_now, self.seat, self.amount)


def gain_gold_now(g: CardGame, seat: int, amount: int) -> None:
    if amount <= 0:
        return
    g.players[seat].gold += amount
    g.emit(event("gold", player=seat, amount=amount))


def gain_power(g: CardGame, cid: int, amount: int) -> None:
    """Power from the treasury onto a card (C20.2); the faction card for "your faction"."""
    if amount > 0 and not g.has("cannot_gain_power", g.controller(cid), True):
        occur(g, Occ("power_gained", (cid,), g.controller(cid), (("amount", amount),)), _gain)


def _gain(g: CardGame, occ: Occ) -> None:
    cid, amount = occ.cards[0], occ.get("amount")
    if cid not in g.play:
        return
    g.update(cid, power=g.play[cid].power + amount)
    g.emit(event("power", player=g.controller(cid), card=cid, name=g.name(cid), amount=amount))


def move_power(g: CardGame, source: int, dest: int, amount: int) -> None:
    do(g, MovePower(source, dest, amount))


class MovePower(Step):
    """Power moves between cards (C12.4), in queue order; it is not "gained"."""

    def __init__(self, source: int, dest: int, amount: int) -> None:
        self.source = source
        self.dest = dest
        self.amount = amount

    def run(self, g: CardGame) -> None:
        run_effect(g, move_power_now, self.source, self.dest, self.amount)


def move_power_now(g: CardGame, source: int, dest: int, amount: int) -> int:
    """Move up to ``amount`` power; only what exists moves (C12.4, Q5)."""
    if source not in g.play or dest not in g.play:
        return 0
    moved = min(amount, g.play[source].power)
    if moved <= 0:
        return 0
    g.update(source, power=g.play[source].power - moved)
    g.update(dest, power=g.play[dest].power + moved)
    g.emit(
        event(
            "power_moved",
            amount=moved,
            source=source,
            dest=dest,
            from_name=g.name(source),
            to_name=g.name(dest),
        )
    )
    return moved


def discard_power(g: CardGame, cid: int, amount: int) -> None:
    """Power from a card back to the treasury."""
    if cid in g.play and amount > 0:
        lost = min(amount, g.play[cid].power)
        g.update(cid, power=g.play[cid].power - lost)
        if lost:
            g.emit(event("power_discarded", card=cid, name=g.name(cid), amount=lost))


def faction(g: CardGame, seat: int) -> int:
    return g.players[seat].faction


# -- kneel and stand (C2.13) -----------------------------------------------------------


def kneel(g: CardGame, cards: list[int] | tuple[int, ...]) -> None:
    cards = tuple(c for c in cards if g.standing(c))
    if cards:
        occur(g, Occ("knelt", cards), _kneel)


def _kneel(g: CardGame, occ: Occ) -> None:
    done = [c for c in occ.cards if g.standing(c)]
    for c in done:
        g.update(c, knelt=True)
    if done:
        g.emit(event("knelt", cards=done, names=names(g, done)))


def kneel_now(g: CardGame, cid: int) -> None:
    """Kneel as a cost or a framework step (no occurrence of its own)."""
    g.update(cid, knelt=True)


def stand(g: CardGame, cards: list[int] | tuple[int, ...]) -> None:
    cards = tuple(c for c in cards if c in g.play and g.play[c].knelt)
    if cards:
        occur(g, Occ("stood", cards), _stand)


def _stand(g: CardGame, occ: Occ) -> None:
    done = [c for c in occ.cards if c in g.play and g.play[c].knelt]
    for c in done:
        g.update(c, knelt=False)
    if done:
        g.emit(event("stood", cards=done, names=names(g, done)))


# -- leaving play (C18.8–C18.13) -------------------------------------------------------


def kill(
    g: CardGame, cards: list[int] | tuple[int, ...], save: bool = True, terminal: bool = False
) -> None:
    """C18.9: characters go to their owners' dead piles ("cannot be killed" ones stay).
    ``terminal``: killed by a terminal condition, which only a save removing it may stop
    (C18.8.4)."""
    cards = tuple(c for c in cards if _killable(g, c))
    info: tuple[tuple[str, Any], ...] = (("save", save),)
    if terminal:
        info += (("terminal", True),)
    if cards:
        occur(g, Occ("killed", cards, info=info), _kill)


def _killable(g: CardGame, cid: int) -> bool:
    return (
        cid in g.play
        and g.where[cid] == "play"
        and g.defs[cid].type == "character"
        and not g.has("cannot_be_killed", cid)
    )


def _kill(g: CardGame, occ: Occ) -> None:
    _leave(g, occ, "dead", "killed")


def _leave(g: CardGame, occ: Occ, zone: str, kind: str) -> None:
    gone = []
    instead = dict(occ.get("instead", ()))  # C16.14 replacements: card -> zone
    for c in occ.cards:
        if c not in g.play or g.where[c] != "play":
            continue
        dest = instead.get(c, zone)
        leave_play(g, c, dest)
        if dest == "deck":  # "shuffle it back into the deck" (Benjen Stark)
            shuffle_deck(g, g.owner[c])
        gone.append(c)
    if gone:
        g.emit(event(kind, cards=gone, names=names(g, gone)))
        check_attachments(g)
        occur(g, Occ("leaves_play", tuple(gone), info=(("how", kind),)))


def take_control(g: CardGame, cid: int, seat: int) -> None:
    """C18.15-style control change: ``seat`` controls the card in play from now on."""
    if cid in g.play and g.play[cid].controller != seat:
        g.update(cid, controller=seat)
        g.changed()
        g.emit(event("control_taken", player=seat, card=cid, name=g.name(cid)))


# the occurrences a duplicate may save its card from (C18.7: not a sacrifice, C18.8.2)
SAVABLE = frozenset({"killed", "discarded", "returned"})


def duplicate_saves(g: CardGame, occ: Occ) -> list[Step]:
    """C18.7/D14: once the interrupt window of a leaving-play occurrence has closed, each card
    about to leave with a duplicate under it may be saved by discarding the duplicate (its
    controller chooses, in player order)."""
    if occ.kind not in SAVABLE or not occ.get("save", True):
        return []
    if occ.get("terminal", False):  # C18.8.4: a duplicate cannot remove a terminal condition
        return []
    order = {s: k for k, s in enumerate(g.order())}
    cards = [c for c in occ.cards if g.where[c] == "play" and g.duplicates_on(c)]
    return [
        DuplicateSave(c) for c in sorted(cards, key=lambda c: (order.get(g.controller(c), 9), c))
    ]


class DuplicateSave(Ask):
    """C18.7/D14: discard a duplicate to save the card above it, or not (automatic: save,
    Q10). An uncancelable interrupt, a game ability: "cannot trigger" does not stop it."""

    def __init__(self, cid: int) -> None:
        super().__init__()
        self.cid = cid

    def _can(self, g: CardGame) -> bool:
        step = current_occurrence(g)
        return (
            step is not None
            and self.cid in step.occ.cards
            and g.where[self.cid] == "play"
            and bool(g.duplicates_on(self.cid))
            and not g.players[g.controller(self.cid)].eliminated
        )

    def ask(self, g: CardGame) -> Decision | None:
        seat = g.controller(self.cid)
        if not self._can(g) or g.automatic(seat):
            return None
        prompt = f"{g.name(self.cid)} is about to leave play: save it with a duplicate?"
        return D.DUPLICATE_SAVE.ask(seat, prompt, ("save", "no"), card=self.cid)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        if not self._can(g) or choice == "no":
            return
        if choice is None and not g.automatic(g.controller(self.cid)):
            return
        to_zone(g, g.duplicates_on(self.cid)[0], "discard")
        save(g, self.cid)


def discard_from_play(g: CardGame, cards: list[int] | tuple[int, ...], save: bool = True) -> None:
    cards = tuple(c for c in cards if c in g.play and g.where[c] == "play")
    if cards:
        occur(g, Occ("discarded", cards, info=(("save", save),)), _discard)


def _discard(g: CardGame, occ: Occ) -> None:
    _leave(g, occ, "discard", "discarded")


def sacrifice(g: CardGame, cards: list[int] | tuple[int, ...]) -> None:
    """C18.11: cannot be saved."""
    cards = tuple(c for c in cards if c in g.play and g.where[c] == "play")
    if cards:
        occur(g, Occ("sacrificed", cards, info=(("save", False),)), _sacrifice)


def _sacrifice(g: CardGame, occ: Occ) -> None:
    _leave(g, occ, "discard", "sacrificed")


def return_to_hand(g: CardGame, cards: list[int] | tuple[int, ...], save: bool = True) -> None:
    cards = tuple(c for c in cards if c in g.play and g.where[c] == "play")
    if cards:
        occur(g, Occ("returned", cards, info=(("save", save),)), _return)


def _return(g: CardGame, occ: Occ) -> None:
    _leave(g, occ, "hand", "returned")


def check_burn(g: CardGame) -> None:
    """ "…and is killed if its STR is 0": a character under a lasting "burn" effect is killed
    while its STR is 0 (checked after each occurrence and each new lasting effect)."""
    doomed = sorted(
        {
            c
            for e in g.lasting
            if e.stat == "burn"
            for c in e.targets
            if c in g.play and g.where[c] == "play" and g.strength(c) <= 0
        }
    )
    if doomed:
        kill(g, doomed, terminal=True)  # C18.8.4


# -- hands and decks -------------------------------------------------------------------


def draw_together(g: CardGame, counts: tuple[tuple[int, int], ...]) -> None:
    """C8.2: players draw at the same time (the draw phase's draw): ``counts`` is (seat,
    number) pairs; decks emptied together are ordered by the first player (D15)."""
    if any(n > 0 for _, n in counts):
        occur(g, Occ("drawn_together", (), None, (("counts", counts),)), _draw_together)


def _draw_together(g: CardGame, occ: Occ) -> None:
    for seat, count in occ.get("counts"):
        if count > 0 and not g.players[seat].eliminated:
            draw_now(g, seat, count)


def draw(g: CardGame, seat: int, count: int) -> None:
    if count > 0:
        occur(g, Occ("drawn", (), seat, (("count", count),)), _draw)


def _draw(g: CardGame, occ: Occ) -> None:
    assert occ.player is not None
    draw_now(g, occ.player, occ.get("count"))


def draw_now(g: CardGame, seat: int, count: int) -> list[int]:
    """C8.3: draw what is there (an empty deck eliminates: the state check, C20.4)."""
    p = g.players[seat]
    drawn = []
    for _ in range(count):
        if not p.deck:
            break
        cid = p.deck.pop()
        p.hand.append(cid)
        g.where[cid] = "hand"
        drawn.append(cid)
    if drawn:
        g.emit(
            event(
                "draw",
                seats=(seat,),
                hidden=("cards", "names"),
                player=seat,
                count=len(drawn),
                cards=drawn,
                names=names(g, drawn),
            )
        )
    return drawn


def discard_from_hand(g: CardGame, seat: int, cards: list[int] | tuple[int, ...]) -> None:
    cards = tuple(c for c in cards if g.where[c] == "hand")
    if cards:
        occur(g, Occ("hand_discarded", cards, seat), _hand_discard)


def _hand_discard(g: CardGame, occ: Occ) -> None:
    assert occ.player is not None
    done = [c for c in occ.cards if g.where[c] == "hand"]
    for c in done:
        to_zone(g, c, "discard")
    if done:
        g.emit(event("hand_discarded", player=occ.player, cards=done, names=names(g, done)))


def discard_at_random(g: CardGame, seat: int, count: int) -> None:
    """C12.3: cards at random from hand, with the game's generator."""
    hand = list(g.players[seat].hand)
    picked = []
    for _ in range(min(count, len(hand))):
        picked.append(hand.pop(g.rng.below(len(hand))))
    discard_from_hand(g, seat, picked)


def discard_from_deck(g: CardGame, seat: int, count: int) -> list[int]:
    """Discard the top ``count`` cards of a draw deck (pillage, C17.7)."""
    p = g.players[seat]
    done = []
    for _ in range(min(count, len(p.deck))):
        cid = p.deck[-1]
        to_zone(g, cid, "discard")
        done.append(cid)
    if done:
        g.emit(event("deck_discarded", player=seat, cards=done, names=names(g, done)))
    return done


def shuffle_deck(g: CardGame, seat: int) -> None:
    g.rng.shuffle(g.players[seat].deck)


# -- winning and elimination (C20) -----------------------------------------------------


Result = tuple[str, int]  # ("win", seat): 15 power (C20.3); ("out", seat): empty deck (C20.4)


_POWER = attrgetter("power")


def results(g: CardGame) -> list[Result]:
    """What C20.3 and C20.4 call for now (after setup, C5.10): wins, then eliminations, each
    in player order."""
    if g.winner is not None or g.phase == "setup":
        return []
    power = _power_at_15(g) if g.power_moved else None
    if power is None:
        for p in g.players:
            if not p.deck and not p.eliminated:
                break
        else:
            return []  # the common case, quickly: nobody has 15 power, no deck is empty
    order = g.order()
    wins = [("win", s) for s in order if power is not None and power[s] >= WIN_POWER]
    return wins + [("out", s) for s in order if not g.players[s].deck]


def _power_at_15(g: CardGame) -> list[int] | None:
    """Each seat's power (C20.1) when some seat has 15 or more; None when nobody has, found at
    once when no power rose since a check found so (``g.power_moved``)."""
    if not g.power_moved:
        return None
    if sum(map(_POWER, g.play.values())) >= WIN_POWER:
        power = [0] * len(g.players)
        for rec in g.play.values():
            if rec.power:
                power[rec.controller] += rec.power
        if max(power) >= WIN_POWER:
            return power
    g.power_moved = False
    return None


def check_results(g: CardGame) -> None:
    """The state check of C20, after every step: a single result happens at once; several
    at once wait for the first player's order (D15, :class:`Results`)."""
    found = results(g)
    if len(found) == 1:
        apply_result(g, found[0])
    elif found and not (g.stack and isinstance(g.stack[-1], Results)):
        g.push(Results())


def auto_result(g: CardGame, found: list[Result]) -> Result:
    """D15's automatic answer: wins before eliminations; wins in player order, eliminations
    in player order from the first player's left, the first player's last (C20.4: the last
    one standing wins)."""
    order = g.order()
    n = len(order)

    def key(r: Result) -> tuple[int, int]:
        i = order.index(r[1])
        return (0, i) if r[0] == "win" else (1, (i - 1) % n)

    return min(found, key=key)


class Results(Ask):
    """C20.3–C20.4/D15: several players reach 15 power or empty their decks at once: the first
    player picks which result happens first; the state check then goes on with the rest. An
    elimination that leaves one player ends the game: if every remaining player would be
    eliminated at once, the last one standing in the first player's order wins (C20.4)."""

    def ask(self, g: CardGame) -> Decision | None:
        found = results(g)
        if len(found) <= 1 or g.automatic(g.first):
            return None
        choices = tuple(D.RESULT.format(kind, seat) for kind, seat in found)
        prompt = "these happen at once: choose the one that happens first"
        return D.RESULT.ask(g.first, prompt, choices)

    def act(self, g: CardGame, choice: Choice | None) -> None:
        found = results(g)
        if not found:
            return
        if choice is None:
            apply_result(g, auto_result(g, found))
            return
        parsed = D.RESULT.parse(choice)
        apply_result(g, (parsed["result"], parsed["seat"]))


def apply_result(g: CardGame, result: Result) -> None:
    kind, seat = result
    if kind == "win":
        end_game(g, seat, "power")
    else:
        eliminate(g, seat)


def eliminate(g: CardGame, seat: int) -> None:
    """C20.4: the player is out; the last player left wins. Q12: in melee the player leaves
    the game at once (their cards too) and resolves and decides nothing more."""
    p = g.players[seat]
    if p.eliminated:
        return
    p.eliminated = True
    g.emit(event("eliminated", player=seat))
    if len(g.players) > 2:
        _leave_the_table(g, seat)
    if g.first == seat:  # C20.5
        order = [s for s in range(len(g.players)) if not g.players[s].eliminated]
        if order:
            g.first = min(order, key=lambda s: (s - seat) % len(g.players))
    alive = [q.seat for q in g.players if not q.eliminated]
    if len(alive) == 1 and g.winner is None:
        end_game(g, alive[0], "last_player")


def _leave_the_table(g: CardGame, seat: int) -> None:
    """Q12 (melee): an eliminated player's cards in play that they own are removed from the
    game, those they control but do not own are discarded, their title returns."""
    return_titles(g, seat)
    for cid in [c for c in g.play if g.where[c] == "play"]:
        if cid not in g.play:
            continue
        if g.owner[cid] == seat:
            leave_play(g, cid, "removed")
        elif g.play[cid].controller == seat:
            leave_play(g, cid, "discard")
    check_attachments(g)


def end_game(g: CardGame, winner: int | None, reason: str) -> None:
    """C20: the game ends; ``reason`` is a code of :data:`events.GAME_OVER_REASONS`."""
    g.winner = winner
    who = g.names[winner] if winner is not None else "nobody"
    g.reason = game_over_reason(reason, who, WIN_POWER)
    n = len(g.players)
    others = sorted(
        (s for s in range(n) if s != winner),
        key=lambda s: (g.players[s].eliminated, -g.total_power(s), s),
    )
    g.ranking = ((winner,) if winner is not None else ()) + tuple(others)
    g.emit(event("game_over", reason=reason, winner=winner, power=WIN_POWER))


# the rules' hooks in the timing machinery: the burn check after every occurrence (C16.9),
# and the player actions of C6.5 (marshal, ambush) offered in action windows
AFTER_OCCURRENCE.append(check_burn)
RESULT_CHECKS.append(check_results)
BEFORE_RESOLVING.append(duplicate_saves)
grant_player_actions(player_actions, take_player_action, grants_action, could_take_action)
# the continuous state check of C19.4, after every step
CardGame.STATE_CHECKS.append(check_attachments)
