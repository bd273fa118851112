"""Moving a card between zones (C3): out of wherever it is, into an out-of-play zone."""

from __future__ import annotations

from dataclasses import replace

from westeros.cardgame.state import LIST_ZONES, CardGame


def remove_from_zone(g: CardGame, cid: int) -> None:
    """Take a card out of wherever it is (list zone or in play)."""
    zone = g.where[cid]
    if cid in g.play:
        end_lasting_effects(g, cid)
    p = g.players[g.owner[cid]]
    if zone in LIST_ZONES:
        p.zone(zone).remove(cid)
    elif zone == "plot":
        for q in g.players:
            if q.plot == cid:
                q.plot = None
    g.play.pop(cid, None)
    g.where[cid] = "limbo"
    g.changed()


def to_zone(g: CardGame, cid: int, zone: str) -> None:
    """Put a card into its owner's out-of-play zone (C3.4), on top."""
    remove_from_zone(g, cid)
    g.players[g.owner[cid]].zone(zone).append(cid)
    g.where[cid] = zone


def end_lasting_effects(g: CardGame, cid: int) -> None:
    """C16.15, C18.13: lasting effects on a card end when it leaves play (a copy coming back
    is a new card); those on other cards and players go on."""
    if not any(cid in e.targets and not e.on_players for e in g.lasting):
        return
    kept = []
    for e in g.lasting:
        if cid in e.targets and not e.on_players:
            e = replace(e, targets=e.targets - {cid})
            if not e.targets:
                continue
        kept.append(e)
    g.lasting = tuple(kept)
