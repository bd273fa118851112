"""Card texts: nightswatch cards (one entry per card, registered by code)."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame.abilities import Attach, Ctx, text
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    DISCARD_FROM_HAND,
    KNEEL_SELF,
    RETURN_SELF,
    SACRIFICE_SELF,
    a_card,
    a_character,
    action,
    attached_gets,
    defending,
    event,
    holds_reducible,
    interrupt,
    is_location,
    reaction,
    until,
)

NW = "thenightswatch"


def _nw_character(g: CardGame, cid: int) -> bool:
    return g.defs[cid].type == "character" and g.is_faction(cid, NW)


# 01122 Benjen Stark — complex (see below, if implemented).


# 01123 Ghost — after Ghost bypasses a character using stealth (C17.9), that character cannot
# be declared as a defender until the end of the phase.
def _ghost_bypassed(g: CardGame, ctx: Ctx) -> bool:
    occ = ctx.occ
    return (
        occ is not None
        and occ.cards[0] == ctx.source
        and g.where[occ.cards[1]] == "play"
        and not g.has("cannot_defend", occ.cards[1])
    )


def _ghost(g: CardGame, ctx: Ctx) -> None:
    assert ctx.occ is not None
    until(g, "cannot_defend", [ctx.occ.cards[1]], 1, "phase", ctx.source)


text("01123", reaction("bypassed", _ghost, when=_ghost_bypassed))

# 01127 Samwell Tarly — insight and +1 reserve: both printed, engine-driven (C17.3, C15.3).


# 01128 Ser Waymar Royce — interrupt when he is killed: discard 1 card at random from each
# opponent's hand (C12.3's randomness).
def _waymar(g: CardGame, ctx: Ctx) -> None:
    for seat in g.opponents(ctx.you):
        A.discard_at_random(g, seat, 1)


text(
    "01128",
    interrupt(
        "killed",
        _waymar,
        when=lambda g, ctx: (
            ctx.occ is not None
            and ctx.source in ctx.occ.cards
            and any(g.players[s].hand for s in g.opponents(ctx.you))
        ),
    ),
)

# 01130 Messenger Raven — Dominance Action: return it to your hand (cost, C16.5.1) to draw 1.
text(
    "01130",
    action(
        lambda g, ctx: A.draw(g, ctx.you, 1),
        phase="dominance",
        cost=(RETURN_SELF,),
        when=lambda g, ctx: bool(g.players[ctx.you].deck),
    ),
)

# 01131 Old Forest Hunter — Action: discard 1 card from your hand (cost) to gain 1 gold.
# Limit once per phase.
text(
    "01131",
    action(
        lambda g, ctx: A.gain_gold(g, ctx.you, 1),
        cost=(DISCARD_FROM_HAND,),
        limit=(1, "phase"),
    ),
)


# 01133 Steward at the Wall — Marshaling Action: kneel it to reduce the cost of the next
# [thenightswatch] character you marshal this phase by 1.
def _nw_char_reducer(g: CardGame, cid: int) -> bool:
    return _nw_character(g, cid)


A.REDUCER_TESTS["nightswatch character"] = _nw_char_reducer


text(
    "01133",
    action(
        lambda g, ctx: A.add_reducer(g, ctx.you, "nightswatch character", 1, ctx.source),
        phase="marshaling",
        cost=(KNEEL_SELF,),
        when=holds_reducible("nightswatch character"),
    ),
)

# 01134 Veteran Builder — Action: sacrifice it (cost) to choose and stand a location
# (a kneeling one: C16.6.3).
text(
    "01134",
    action(
        lambda g, ctx: A.stand(g, [ctx.target]),
        cost=(SACRIFICE_SELF,),
        target=a_card(
            lambda g, ctx, c: is_location(g, c) and g.knelt(c), "choose a location to stand"
        ),
    ),
)

# 01135 Longclaw — [thenightswatch] character only; attached character gets +1 STR and
# gains renown.
text(
    "01135",
    Attach(lambda g, att, parent: _nw_character(g, parent)),
    attached_gets("strength", 1),
    attached_gets("keyword:renown", 1),
)


# 01136 Castle Black — Action: kneel it to choose and stand a defending [thenightswatch]
# character; it gets +2 STR until the end of the challenge. (A standing defender is a legal
# target: the +2 STR part still affects it, C16.6.3.)
def _castle_black(g: CardGame, ctx: Ctx) -> None:
    A.stand(g, [ctx.target])
    until(g, "strength", [ctx.target], 2, "challenge", ctx.source)


text(
    "01136",
    action(
        _castle_black,
        cost=(KNEEL_SELF,),
        target=a_character(
            lambda g, ctx, c: defending(g, c) and _nw_character(g, c),
            "choose a defending Night's Watch character",
        ),
    ),
)


# 01138 A Meager Contribution — Reaction: after an opponent collects income, move 1 gold from
# their gold pool to yours. Max 1 per round.
def _meager(g: CardGame, ctx: Ctx) -> None:
    assert ctx.occ is not None and ctx.occ.player is not None
    seat = ctx.occ.player
    if g.players[seat].gold < 1:
        return
    g.players[seat].gold -= 1
    g.players[ctx.you].gold += 1
    g.emit(
        A.event("note", text=f"{g.names[ctx.you]} takes 1 gold from {g.names[seat]}'s gold pool.")
    )


text(
    "01138",
    event(
        "reaction",
        _meager,
        on="income",
        max=(1, "round"),
        when=lambda g, ctx: (
            ctx.occ is not None
            and ctx.occ.player is not None
            and ctx.occ.player != ctx.you
            and g.players[ctx.occ.player].gold >= 1
        ),
    ),
)
