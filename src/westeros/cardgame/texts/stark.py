"""Card texts: stark cards (one entry per card, registered by code)."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame.abilities import Attach, Ctx, Modifier, PlayIf, Target, text
from westeros.cardgame.flow import cancel
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_SELF,
    SACRIFICE_SELF,
    a_character,
    action,
    attached_gets,
    attacking,
    event,
    faction_card,
    for_each_player,
    interrupt,
    kneel_a,
    participating,
    reaction,
    reduce_next_marshal,
    self_gains,
    self_str,
    until,
    you_lose,
    you_win,
)

STARK = "stark"


def _stark_character(g: CardGame, cid: int) -> bool:
    return g.defs[cid].type == "character" and g.is_faction(cid, STARK)


def _killable(g: CardGame, cid: int) -> bool:
    return not g.has("cannot_be_killed", cid)


def _controls_named(g: CardGame, seat: int, name: str) -> bool:
    return any(g.defs[c].name == name for c in g.characters(seat))


# 01141 Arya Stark — Stealth. While she has a duplicate, she gains a [military] icon;
# Reaction: after she enters play, place the top card of your deck on her facedown as a
# duplicate (C18.6).
def _arya_dup(g: CardGame, ctx: Ctx) -> None:
    deck = g.players[ctx.you].deck
    if not deck or ctx.source not in g.play:
        return
    top = deck[-1]
    A.place_duplicate(g, top, ctx.source)
    g.update(top, facedown=True)
    g.emit(A.event("facedown_placed", card=ctx.source, name=g.name(ctx.source)))


text(
    "01141",
    self_gains("icon:military", lambda g, s: bool(g.duplicates_on(s))),
    reaction(
        "enters_play",
        _arya_dup,
        when=lambda g, ctx: (
            ctx.occ is not None and ctx.source in ctx.occ.cards and bool(g.players[ctx.you].deck)
        ),
    ),
)

# 01142 Bran Stark — Interrupt: when the effects of an opponent's event would initiate,
# sacrifice Bran Stark (cost) to cancel those effects (C16.13).
text(
    "01142",
    interrupt(
        "initiating",
        lambda g, ctx: cancel(g),
        when=lambda g, ctx: (
            ctx.occ is not None and ctx.occ.player != ctx.you and ctx.occ.get("event") is True
        ),
        cost=(SACRIFICE_SELF,),
        cancels=True,
    ),
)


# 01143 Catelyn Stark — while she is participating in a challenge, your opponents cannot
# trigger card abilities (actions, reactions, interrupts and events; forced abilities and
# When Revealed still resolve: they are not triggered by a player).
def _catelyn(g: CardGame, source: int, seat: int) -> bool:
    return participating(g, source) and seat != g.controller(source)


text("01143", for_each_player("cannot_trigger", _catelyn))

# 01144 Eddard Stark — Reaction: after a challenge is initiated against you, stand him
# (the original defender only, C23 Q7/Q24).
text(
    "01144",
    reaction(
        "challenge_initiated",
        lambda g, ctx: A.stand(g, [ctx.source]),
        when=lambda g, ctx: (
            ctx.occ is not None and ctx.occ.get("against") == ctx.you and g.knelt(ctx.source)
        ),
    ),
)


# 01145 Grey Wind — Challenges Action: kneel it to choose and kill a character with STR 1 or
# lower (2 or lower if you control Robb Stark).
def _grey_wind_ok(g: CardGame, ctx: Ctx, cid: int) -> bool:
    most = 2 if _controls_named(g, ctx.you, "Robb Stark") else 1
    return g.strength(cid) <= most and _killable(g, cid)


text(
    "01145",
    action(
        lambda g, ctx: A.kill(g, [ctx.target]),
        phase="challenges",
        cost=(KNEEL_SELF,),
        target=a_character(_grey_wind_ok, "choose a character to kill"),
    ),
)


# 01146 Robb Stark — Reaction: after a [stark] character you control is sacrificed or killed,
# stand each character you control. Limit once per round.
def _robb_when(g: CardGame, ctx: Ctx) -> bool:
    occ = ctx.occ
    return (
        occ is not None
        and any(
            _stark_character(g, c) and g.where[c] != "play" and g.controller(c) == ctx.you
            for c in occ.cards
        )
        and any(g.knelt(c) for c in g.characters(ctx.you))
    )


text(
    "01146",
    reaction(
        "killed|sacrificed",
        lambda g, ctx: A.stand(g, g.characters(ctx.you)),
        when=_robb_when,
        limit=(1, "round"),
    ),
)

# 01147 Sansa Stark — enters play knelt; Reaction: after she stands, gain 1 power for your
# faction. Limit once per round.
text(
    "01147",
    self_gains("enters_knelt"),
    reaction(
        "stood",
        lambda g, ctx: A.gain_power(g, faction_card(g, ctx.you), 1),
        when=lambda g, ctx: ctx.occ is not None and ctx.source in ctx.occ.cards,
        limit=(1, "round"),
    ),
)


# 01148 Summer — while you control Bran Stark, he gains insight; Reaction: after Summer
# enters play, return a [stark] character with printed STR 2 or lower from your discard or
# dead pile to your hand.
def _summer_bran(g: CardGame, source: int, target: int) -> bool:
    return (
        g.defs[target].name == "Bran Stark"
        and g.where[target] == "play"
        and g.controller(target) == g.controller(source)
    )


def _summer_ok(g: CardGame, ctx: Ctx, cid: int) -> bool:
    return (
        g.defs[cid].type == "character" and g.is_faction(cid, STARK) and g.defs[cid].strength <= 2
    )


text(
    "01148",
    Modifier("keyword:insight", _summer_bran),
    reaction(
        "enters_play",
        lambda g, ctx: A.to_zone(g, ctx.target, "hand"),
        when=lambda g, ctx: ctx.occ is not None and ctx.source in ctx.occ.cards,
        target=Target(
            _summer_ok, "choose a Stark character to return to your hand", zone="discard+dead"
        ),
    ),
)


# 01149 Direwolf Pup — +1 STR for each other Direwolf card you control.
def _other_direwolves(g: CardGame, source: int) -> int:
    seat = g.controller(source)
    return sum(1 for c in g.cards_in_play(seat) if c != source and g.has_trait(c, "Direwolf"))


text("01149", self_str(_other_direwolves))


# 01151 Vanguard of the North — while a player has a War plot revealed, it does not kneel when
# declared as an attacker in a [military] challenge.
def _war_military(g: CardGame, source: int) -> bool:
    return (
        g.challenge is not None
        and g.challenge.type == "military"
        and any(p.plot is not None and g.has_trait(p.plot, "War") for p in g.players)
    )


text("01151", self_gains("attacks_standing", _war_military))


# 01152 Winterfell Steward — Marshaling Action: kneel it to reduce the cost of the next [stark]
# character you marshal this phase by 1.
text("01152", reduce_next_marshal("stark", "character"))


# 01153 Ice — [stark] character only; +2 STR; Reaction: after you win a [military] challenge
# in which attached character participates, sacrifice Ice to choose and kill a character
# controlled by the losing opponent.
def _ice_when(g: CardGame, ctx: Ctx) -> bool:
    parent = g.play[ctx.source].parent if ctx.source in g.play else None
    return you_win("military")(g, ctx) and parent is not None and participating(g, parent)


def _ice_target(g: CardGame, ctx: Ctx, cid: int) -> bool:
    return ctx.occ is not None and g.controller(cid) == ctx.occ.get("loser") and _killable(g, cid)


text(
    "01153",
    Attach(lambda g, att, parent: _stark_character(g, parent)),
    attached_gets("strength", 2),
    reaction(
        "challenge_won",
        lambda g, ctx: A.kill(g, [ctx.target]),
        when=_ice_when,
        cost=(SACRIFICE_SELF,),
        target=a_character(_ice_target, "choose a character to kill"),
    ),
)


# 01154 Gates of Winterfell — Challenges Action: kneel it to reveal the top card of your deck;
# if it is a [stark] card, draw it.
def _gates(g: CardGame, ctx: Ctx) -> None:
    deck = g.players[ctx.you].deck
    if not deck:
        return
    top = deck[-1]
    g.emit(A.event("top_revealed", player=ctx.you, card=top, name=g.name(top)))
    if g.is_faction(top, STARK):
        A.draw(g, ctx.you, 1)


text(
    "01154",
    action(
        _gates,
        phase="challenges",
        cost=(KNEEL_SELF,),
        when=lambda g, ctx: bool(g.players[ctx.you].deck),
    ),
)


# 01155 The Wolfswood — each Direwolf card in your hand gains ambush (X), X its printed cost
# (read by actions.ambush_value).
def _wolfswood(g: CardGame, source: int, target: int) -> bool:
    return (
        g.where[target] == "hand"
        and g.owner[target] == g.controller(source)
        and g.has_trait(target, "Direwolf")
    )


text(
    "01155",
    Modifier("keyword:ambush", _wolfswood),
    Modifier("ambush_x", _wolfswood, lambda g, s, t: g.defs[t].cost or 0),
)


# 01156 Heart Tree Grove — Limited. Marshaling Action: kneel it to reduce the cost of the next
# [stark] card you marshal this phase by 1 (events are played, not marshaled).
text("01156", reduce_next_marshal("stark", "card"))


# 01157 For the North! — play only during a [military] challenge; Action: choose a
# participating [stark] character: +2 STR until the end of the challenge; if you win the
# challenge, draw 1 card (a delayed effect, C16.16: "draw_on_win" until the challenge ends).
def _for_the_north(g: CardGame, ctx: Ctx) -> None:
    until(g, "strength", [ctx.target], 2, "challenge", ctx.source)
    until(g, "draw_on_win", [ctx.you], 1, "challenge", ctx.source, players=True)


text(
    "01157",
    PlayIf(lambda g, ctx: g.challenge is not None and g.challenge.type == "military"),
    event(
        "action",
        _for_the_north,
        target=a_character(
            lambda g, ctx, c: participating(g, c) and _stark_character(g, c),
            "choose a participating Stark character",
        ),
    ),
)


# 01158 Like Warm Rain — Reaction: after you lose an [intrigue] challenge as the defending
# player, kneel a Direwolf character (cost) to choose and kill an attacking character.
# Max 1 per challenge.
def _lost_defending_intrigue(g: CardGame, ctx: Ctx) -> bool:
    return you_lose("intrigue")(g, ctx) and ctx.occ is not None and ctx.occ.get("attacking") is True


text(
    "01158",
    event(
        "reaction",
        lambda g, ctx: A.kill(g, [ctx.target]),
        on="challenge_won",
        when=_lost_defending_intrigue,
        cost=(
            kneel_a(
                lambda g, c: g.defs[c].type == "character" and g.has_trait(c, "Direwolf"),
                "kneel a Direwolf character",
            ),
        ),
        target=a_character(
            lambda g, ctx, c: attacking(g, c) and _killable(g, c),
            "choose an attacking character to kill",
        ),
        max=(1, "challenge"),
    ),
)

# 01159 Winter Is Coming — play only during a challenge; Action: until the end of the
# challenge, raise the claim value on your revealed plot by 1. Max 1 per challenge.
text(
    "01159",
    PlayIf(lambda g, ctx: g.challenge is not None),
    event(
        "action",
        lambda g, ctx: until(g, "claim", [ctx.you], 1, "challenge", ctx.source, players=True),
        max=(1, "challenge"),
    ),
)
