"""End of game and victory (R9)."""

from __future__ import annotations

from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame import targaryen
from westeros.boardgame.fight import abandon_fight
from westeros.boardgame.ports import port_takeovers
from westeros.boardgame.state import BoardGame
from westeros.engine import Step


def victory_value(g: BoardGame, house: str) -> int:
    """R9.1: castles and strongholds; Targaryen's loyalty instead (X-MOD-5.2, X-MOD-Q8)."""
    if house == targaryen.TARGARYEN:
        return targaryen.loyalty_value(g)
    return g.castles(house)


def ranking_key(g: BoardGame, house: str) -> tuple[int, int, int, int]:
    """R9.3 (errata): victory value, then land areas, then supply, then Iron Throne position
    (Targaryen's loyalty is its victory value, X-MOD-Q8)."""
    return (
        victory_value(g, house),
        g.land_areas_controlled(house),
        g.supply[house],
        -g.position("iron_throne", house),
    )


MAX_VICTORY_POINTS = 7  # X-AFFC-4.1 the AFfC victory track ends at 7; reaching it wins (4.5)


def affc_ranking_key(g: BoardGame, house: str) -> tuple[int, int, int]:
    """A Feast for Crows: victory points; among houses on 7, more land areas (X-AFFC-4.5); then
    the Iron Throne track (X-AFFC-4.5, X-AFFC-4.6, XF7). Land areas break ties on 7 only: at
    the end of round 10 the Iron Throne alone breaks ties (XF7)."""
    vp = g.victory_points[house]
    land = g.land_areas_controlled(house) if vp >= MAX_VICTORY_POINTS else 0
    return (vp, land, -g.position("iron_throne", house))


def rank_houses(g: BoardGame) -> tuple[str, ...]:
    """R9.3; in A Feast for Crows by victory points (X-AFFC-4.5, X-AFFC-4.6)."""
    key = affc_ranking_key if g.is_affc() else ranking_key
    players = [h for h in g.houses if h not in g.vassals]  # X-MOD-10.6 vassals cannot win
    return tuple(sorted(players, key=lambda h: key(g, h), reverse=True))


def end_game(g: BoardGame, reason: str) -> None:
    """Stop the game: rank every house (R9.3), clear the step stack."""
    g.ranking = rank_houses(g)
    g.winner = g.ranking[0]
    g.end_reason = reason
    g.phase = "over"
    g.orders_revealed = True
    abandon_fight(g)  # a pending attack never happens: its units stay home (R9.2)
    g.stack.clear()
    g.emit(E.GAME_OVER(reason=reason, winner=g.winner))
    castles = [victory_value(g, h) for h in g.ranking]  # Targaryen: loyalty (X-MOD-Q8)
    if g.is_affc():  # X-AFFC-4.6: the ranking is by victory points
        vp = [g.victory_points[h] for h in g.ranking]
        g.emit(E.FINAL_RANKING(ranking=list(g.ranking), castles=castles, victory_points=vp))
    else:
        g.emit(E.FINAL_RANKING(ranking=list(g.ranking), castles=castles))


def _won(g: BoardGame) -> bool:
    """R9.2: a house holds 7 castles — never in A Feast for Crows (X-AFFC-4.7)."""
    if g.is_affc():
        return False
    if targaryen.has_won(g):  # X-MOD-5.2 seven loyalty
        return True
    counts = g.castle_counts()  # asked after every control change: one pass over the castles
    return any(
        n >= T.CASTLES_TO_WIN
        for h, n in counts.items()
        # X-MOD-10.6 vassals cannot win; Targaryen counts no castles (X-MOD-5.2)
        if h is not None and h not in g.vassals and h != targaryen.TARGARYEN
    )


def settle_control(g: BoardGame) -> bool:
    """R1.3.8 after a control change: ports (R8.5), then an immediate win (R9.2).

    Ports come first: when the change that wins the game also captured a port's land, the
    port's ships are destroyed or taken over (D10) before the game ends — the takeover steps
    run first and a :class:`WinCheck` under them ends the game. Returns True when the game has
    ended now; the caller must then return without pushing further steps.
    """
    targaryen.after_control_change(g)  # X-MOD-7.2 loyalty tokens, X-MOD-2.6 Pentos
    takeovers = port_takeovers(g)
    if takeovers and g.phase != "over" and _won(g):
        g.push(*takeovers, WinCheck())
        return False
    g.push(*takeovers)
    return check_win(g)


class WinCheck(Step):
    """R9.2 once the ports of the winning control change are settled (R1.3.8)."""

    def run(self, g: BoardGame) -> None:
        check_win(g)


def check_win(g: BoardGame) -> bool:
    """R9.2 immediate win at 7 castles/strongholds; several at once are ranked by R9.3 (Q18).

    Call after every control change. Returns True when the game has ended; the caller
    must then return without pushing further steps.
    """
    if g.phase == "over":
        return True
    targaryen.after_control_change(g)  # X-MOD-7.2 loyalty tokens, X-MOD-2.6 Pentos
    if targaryen.has_won(g):
        end_game(g, f"{T.TARGARYEN.loyalty_to_win} loyalty")
        return True
    if _won(g):
        end_game(g, f"{T.CASTLES_TO_WIN} castles and strongholds")
        return True
    return False
