"""What one seat may know (C1.9): the only way outside code sees a card game.

Open: cards in play, discard, dead and removed-from-game piles, used piles, revealed plots,
gold, power, the characters stealth bypassed, the number of cards in hands, decks and plot
decks. Hidden from other seats: hand contents, deck order and contents, face-down cards (setup
cards, a face-down duplicate: not even their card id), the plot chosen before the reveal, and
the plots left in a plot deck.
"""

from __future__ import annotations

from typing import Any

from westeros.cardgame.challenges import side_total
from westeros.cardgame.decisions import KINDS
from westeros.cardgame.state import CardGame
from westeros.engine import Decision
from westeros.engine.steps import check_seat

# the decision kinds whose integer choices are card ids (the others name seats)
_CARD_PARTS = ("card", "pick", "target")


def card_json(g: CardGame, cid: int) -> dict[str, Any]:
    """A card's printed facts (for cards a seat may see)."""
    d = g.defs[cid]
    return {"id": cid, "code": d.code, "name": d.name, "type": d.type, "faction": d.faction}


def hidden_from(g: CardGame, cid: int, seat: int | None) -> bool:
    """A face-down card in play is known only to its controller (C1.9, C5.8)."""
    rec = g.play[cid]
    return rec.facedown and seat != rec.controller


def facedown_json(g: CardGame, cid: int) -> dict[str, Any]:
    """A face-down card as another seat sees it: no card id (ids follow the deck lists, so an
    id would name the card), only where it lies and on which face-up card."""
    rec = g.play[cid]
    parent = rec.parent
    on = parent if parent is not None and not g.play[parent].facedown else None
    return {"facedown": True, "controller": rec.controller, "zone": g.where[cid], "on": on}


def _in_play(g: CardGame, seat: int | None) -> list[dict[str, Any]]:
    """Face-up cards by id; then other seats' face-down cards, in an order that carries
    nothing of their ids."""
    shown = [in_play_json(g, c, seat) for c in sorted(g.play) if not hidden_from(g, c, seat)]
    hidden = [facedown_json(g, c) for c in g.play if hidden_from(g, c, seat)]
    hidden.sort(key=lambda x: (x["controller"], x["zone"], -1 if x["on"] is None else x["on"]))
    return shown + hidden


def in_play_json(g: CardGame, cid: int, seat: int | None) -> dict[str, Any]:
    rec = g.play[cid]
    if hidden_from(g, cid, seat):
        return facedown_json(g, cid)
    out = card_json(g, cid)
    out.update(
        controller=rec.controller,
        owner=g.owner[cid],
        zone=g.where[cid],
        knelt=rec.knelt,
        power=rec.power,
        parent=rec.parent,
        facedown=rec.facedown,
    )
    if g.defs[cid].type == "character":
        out["strength"] = g.strength(cid)
        out["icons"] = g.icons(cid)
    if rec.tokens:
        out["tokens"] = dict(rec.tokens)
    return out


def view(g: CardGame, seat: int | None) -> dict[str, Any]:
    check_seat(seat)  # as apply: True or 1.0 is no seat
    pending = g.pending()  # first: it runs the rules up to the next decision
    mine = next((d for d in pending if d.seat == seat), None)
    return {
        "game": "cardgame",
        "seat": seat,
        "round": g.round,
        "phase": g.phase,
        "first_player": g.first,
        "active": g.active,
        "names": list(g.names),
        "players": [_player(g, p.seat, seat) for p in g.players],
        "in_play": _in_play(g, seat),
        "challenge": _challenge(g, seat),
        "waiting_for": [d.seat for d in pending],
        "decision": None if mine is None else mine.to_json(),
        "decision_cards": {} if mine is None else _decision_cards(g, mine),
        "winner": g.winner,
        "ranking": list(g.ranking),
    }


def _challenge(g: CardGame, seat: int | None) -> dict[str, Any] | None:
    """The challenge in progress: who, what, the participants and each side's STR now (C11.7.1),
    the attacker's claim (C12.1); the defenders being chosen only to the defender (C11.5:
    declared together)."""
    ch = g.challenge
    if ch is None:
        return None
    out: dict[str, Any] = {
        "type": ch.type,
        "stage": ch.stage,
        "attacker": ch.attacker,
        "defender": ch.defender,
        "attackers": list(ch.attackers),
        "defenders": list(ch.defenders),
        "winner": ch.winner,
        "bypassed": sorted(ch.bypassed),  # by stealth: they cannot defend (C17.9)
        "attacker_strength": side_total(g, ch, ch.attacker),
        "defender_strength": side_total(g, ch, ch.defender),
        "claim": g.plot_value(ch.attacker, "claim"),
    }
    if seat == ch.defender:
        out["declaring"] = list(ch.declaring)
    return out


def _decision_cards(g: CardGame, d: Decision) -> dict[str, dict[str, Any]]:
    """The printed facts of the cards a seat's own decision offers (a card searched for in its
    deck, a plot, a title): the choices name them already, by id, to that seat alone."""
    names = KINDS[d.kind].codec.names
    if not names or names[0] not in _CARD_PARTS or d.about("target") == "player":
        return {}
    return {str(c): card_json(g, c) for c in d.choices if isinstance(c, int)}  # JSON keys


def _title(g: CardGame, seat: int) -> dict[str, Any] | None:
    for c, rec in g.play.items():
        if g.where[c] == "title" and rec.controller == seat:
            return card_json(g, c)
    return None


def _player(g: CardGame, who: int, seat: int | None) -> dict[str, Any]:
    p = g.players[who]
    mine = who == seat
    out: dict[str, Any] = {
        "seat": who,
        "name": g.names[who],
        "faction": p.faction,
        "agenda": None if p.agenda is None else card_json(g, p.agenda),
        "power": g.total_power(who),
        "gold": p.gold,
        "hand_size": len(p.hand),
        "deck_size": len(p.deck),
        "plots_left": len(p.plots),
        "plot": None if p.plot is None else card_json(g, p.plot),
        "used": [card_json(g, c) for c in p.used],
        "discard": [card_json(g, c) for c in p.discard],
        "dead": [card_json(g, c) for c in p.dead],
        "removed": [card_json(g, c) for c in p.removed],  # out of the game (C18.12)
        "eliminated": p.eliminated,
        "title": _title(g, who),
        "reserve": g.plot_value(who, "reserve") if p.plot is not None else None,
        "claim": g.plot_value(who, "claim") if p.plot is not None else None,
    }
    if mine:
        out["hand"] = [card_json(g, c) for c in p.hand]
        out["plot_deck"] = [card_json(g, c) for c in p.plots]
    return out
