"""Card texts: the Core Set agendas (C2.2). Banners only change deck building (C2.2.2,
checked in :mod:`westeros.cardgame.decks`); they have no in-game text."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame.abilities import Ctx, text
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import KNEEL_FACTION, action

A.REDUCER_TESTS["loyal"] = lambda g, c: g.defs[c].loyal


# 01027 Fealty — kneel your faction card: the next loyal card you marshal or play this phase
# costs 1 less (C2.2.1).
def _fealty(g: CardGame, ctx: Ctx) -> None:
    A.add_reducer(g, ctx.you, "loyal", 1, ctx.source)


def _loyal_in_hand(g: CardGame, ctx: Ctx) -> bool:
    return any(g.defs[c].loyal for c in g.players[ctx.you].hand)


text("01027", action(_fealty, cost=(KNEEL_FACTION,), when=_loyal_in_hand))

for _code in ("01198", "01199", "01200", "01201", "01202", "01203", "01204", "01205"):
    text(_code)  # Banner of the Stag … Banner of the Rose: deck building only
