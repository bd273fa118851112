"""Card texts: baratheon cards (one entry per card, registered by code)."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame import decisions as D
from westeros.cardgame import events as E
from westeros.cardgame.abilities import ACTION, Attach, Ctx, Modifier, PlayIf, Target, text
from westeros.cardgame.flow import Call, ask, do
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_SELF,
    a_card,
    a_character,
    action,
    choose_then,
    event,
    faction_card,
    for_each_player,
    gold,
    interrupt,
    is_character,
    leave_instead,
    reaction,
    reduce_next_marshal,
    self_gains,
    self_str,
    this_card_in,
    until,
)
from westeros.engine import Choice


def _baratheon(g: CardGame, cid: int) -> bool:
    return g.is_faction(cid, "baratheon")


def _you(g: CardGame, ctx: Ctx) -> bool:
    return ctx.occ is not None and ctx.occ.player == ctx.you


def _attached(g: CardGame, cid: int) -> bool:
    """An attachment in play (also a card attached as one, e.g. Risen from the Sea)."""
    rec = g.play.get(cid)
    return g.where[cid] == "play" and rec is not None and rec.parent is not None


# 01046 Maester Cressen — Marshaling Action: kneel him to choose a Condition attachment and
# discard it from play.
text(
    "01046",
    action(
        lambda g, ctx: A.discard_from_play(g, [ctx.target]),
        phase="marshaling",
        cost=(KNEEL_SELF,),
        target=a_card(
            lambda g, ctx, c: _attached(g, c) and g.has_trait(c, "Condition"),
            "choose a Condition attachment to discard",
        ),
    ),
)


# 01047 Melisandre — Reaction: after you marshal or play a R'hllor card, choose and kneel a
# character (Limit once per round). A kneeling character is no legal target (C16.6.3).
def _rhllor_by_you(g: CardGame, ctx: Ctx) -> bool:
    occ = ctx.occ
    return (
        occ is not None
        and occ.player == ctx.you
        and any(g.defs[c].has_trait("R'hllor") for c in occ.cards)
    )


text(
    "01047",
    reaction(
        "marshaled|played",
        lambda g, ctx: A.kneel(g, [ctx.target]),
        when=_rhllor_by_you,
        target=a_character(lambda g, ctx, c: g.standing(c), "choose a character to kneel"),
        limit=(1, "round"),
    ),
)


# 01048 Robert Baratheon — Intimidate. Renown (keywords). +1 STR for each other kneeling
# character in play.
def _other_kneeling(g: CardGame, source: int) -> int:
    return sum(1 for c in g.characters() if c != source and g.knelt(c))


text("01048", self_str(_other_kneeling))


# 01049 Selyse Baratheon — Challenges Action: pay 1 gold to choose a [baratheon] character;
# it gains an [intrigue] icon until the end of the phase. Only characters without the icon
# are offered (C1.4).
text(
    "01049",
    action(
        lambda g, ctx: until(g, "icon:intrigue", ctx.targets, 1, "phase", ctx.source),
        phase="challenges",
        cost=(gold(1),),
        target=a_character(
            lambda g, ctx, c: _baratheon(g, c) and not g.has_icon(c, "intrigue"),
            "choose a [baratheon] character to gain [intrigue]",
        ),
    ),
)


# 01050 Ser Davos Seaworth — Stealth. Interrupt: when he is killed, return him to your hand
# instead of placing him in your dead pile (a replacement, C16.14: he is still killed).
text(
    "01050",
    interrupt(
        "killed",
        lambda g, ctx: leave_instead(g, ctx.source, "hand"),
        when=this_card_in(),
    ),
)


# 01051 Shireen Baratheon — Interrupt: when she is killed, choose and kneel a character.
text(
    "01051",
    interrupt(
        "killed",
        lambda g, ctx: A.kneel(g, [ctx.target]),
        when=this_card_in(),
        target=a_character(lambda g, ctx, c: g.standing(c), "choose a character to kneel"),
    ),
)


# 01052 Stannis Baratheon — each player cannot stand more than 2 characters during the
# standing phase (each player chooses which, in player order, C16.21).
text("01052", for_each_player("stand_limit", amount=2))


# 01054 Fiery Followers — Reaction: after the dominance phase begins, stand this card.
text(
    "01054",
    reaction(
        "phase_begins",
        lambda g, ctx: A.stand(g, [ctx.source]),
        when=lambda g, ctx: (
            ctx.occ is not None and ctx.occ.get("phase") == "dominance" and g.knelt(ctx.source)
        ),
    ),
)


# 01055 King's Hunting Party — No attachments (keyword). Gains an [intrigue] icon while an
# opponent controls a King character.
def _opponent_king(g: CardGame, source: int) -> bool:
    me = g.controller(source)
    return any(g.controller(c) != me and g.has_trait(c, "King") for c in g.characters())


text("01055", self_gains("icon:intrigue", _opponent_king))


# 01056 Dragonstone Faithful — Marshaling Action: kneel it to reduce the cost of the next
# [baratheon] character you marshal this phase by 1.
text("01056", reduce_next_marshal("baratheon", "character"))


# 01057 Vanguard Lancer — Reaction: after it enters play, choose an opponent's character or
# faction card and discard 1 power from it (only cards with power are offered, C16.6.3).
def _lancer_options(g: CardGame, ctx: Ctx) -> list[int]:
    cards = [c for c in g.characters() if g.controller(c) != ctx.you]
    cards += [faction_card(g, s) for s in g.opponents(ctx.you)]
    return [c for c in cards if g.play[c].power > 0]


text(
    "01057",
    reaction(
        "enters_play",
        lambda g, ctx: choose_then(
            g,
            ctx.you,
            "Vanguard Lancer: discard 1 power from",
            _lancer_options(g, ctx),
            lambda g2, c: A.discard_power(g2, c, 1),
        ),
        when=lambda g, ctx: this_card_in()(g, ctx) and bool(_lancer_options(g, ctx)),
    ),
)


# 01058 Lightbringer — [baratheon] character only. If attached to Stannis Baratheon, he gains
# renown. Reaction: after the attached character gains power, stand it (Limit once per phase).
def _parent(g: CardGame, source: int) -> int | None:
    rec = g.play.get(source)
    return rec.parent if rec is not None else None


def _lightbringer_stands(g: CardGame, ctx: Ctx) -> bool:
    parent = _parent(g, ctx.source)
    return (
        ctx.occ is not None
        and parent is not None
        and parent in ctx.occ.cards
        and parent in g.play
        and g.knelt(parent)
    )


text(
    "01058",
    Attach(lambda g, att, parent: is_character(g, parent) and _baratheon(g, parent)),
    Modifier(
        "keyword:renown",
        lambda g, s, t: g.play[s].parent == t and g.defs[t].name == "Stannis Baratheon",
    ),
    reaction(
        "power_gained",
        lambda g, ctx: A.stand(g, [p for p in [_parent(g, ctx.source)] if p is not None]),
        when=_lightbringer_stands,
        limit=(1, "phase"),
    ),
)


# 01059 Dragonstone Port — Limited. Marshaling Action: kneel it to reduce the cost of the next
# [baratheon] card you marshal this phase by 1.
text("01059", reduce_next_marshal("baratheon", "card"))


# 01060 Chamber of the Painted Table — Reaction: after you win dominance, kneel it to move 1
# power from an opponent's faction card to your own (opponents with power on it, C1.4).
def _chamber_options(g: CardGame, ctx: Ctx) -> list[int]:
    return [
        faction_card(g, s) for s in g.opponents(ctx.you) if g.play[faction_card(g, s)].power > 0
    ]


text(
    "01060",
    reaction(
        "dominance_won",
        lambda g, ctx: choose_then(
            g,
            ctx.you,
            "Chamber of the Painted Table: move 1 power from",
            _chamber_options(g, ctx),
            lambda g2, c: A.move_power(g2, c, faction_card(g2, ctx.you), 1),
        ),
        when=lambda g, ctx: _you(g, ctx) and bool(_chamber_options(g, ctx)),
        cost=(KNEEL_SELF,),
    ),
)


# 01061 The Red Keep — contributes 2 STR to your side during any [power] challenge in which
# you control a participating character. Interrupt: when the challenges phase ends, if you
# have not lost a [power] challenge this round, kneel it to draw 2 cards.
def _red_keep_contributes(g: CardGame, source: int, seat: int) -> bool:
    ch = g.challenge
    return (
        ch is not None
        and g.controller(source) == seat
        and (seat == ch.attacker or seat == ch.defender)
        and any(g.controller(c) == seat for c in (*ch.attackers, *ch.defenders))
    )


def _no_power_loss(g: CardGame, ctx: Ctx) -> bool:
    return (
        ctx.occ is not None
        and ctx.occ.get("phase") == "challenges"
        and ("lost", g.round, ctx.you, "power") not in g.history
        and bool(g.players[ctx.you].deck)
    )


text(
    "01061",
    Modifier("challenge_total:power", _red_keep_contributes, lambda g, s, t: 2, players=True),
    interrupt(
        "phase_ends",
        lambda g, ctx: A.draw(g, ctx.you, 2),
        when=_no_power_loss,
        cost=(KNEEL_SELF,),
    ),
)


# 01062 Consolidation of Power — Marshaling Action: choose and kneel up to 4 total STR of
# standing characters controlled by one player; then choose one of them: it gains 1 power.
# The characters are picked one at a time (each keeps the total within 4).
def _consolidation_options(g: CardGame, chosen: tuple[int, ...]) -> list[int]:
    left = 4 - sum(g.strength(c) for c in chosen)
    return [
        c
        for c in g.characters()
        if c not in chosen
        and g.standing(c)
        and g.strength(c) <= left
        and (not chosen or g.controller(c) == g.controller(chosen[0]))
    ]


def _consolidation(g: CardGame, ctx: Ctx) -> None:
    _consolidation_pick(g, "start", ctx, ())


def _consolidation_pick(g: CardGame, choice: Choice, ctx: Ctx, chosen: tuple[int, ...]) -> None:
    if choice == "done":
        _consolidation_kneel(g, ctx, chosen)
        return
    if choice != "start":
        chosen = (*chosen, int(choice))
    options: list[Choice] = list(_consolidation_options(g, chosen))
    if not options:
        _consolidation_kneel(g, ctx, chosen)
        return
    if chosen:
        options.append("done")
    ask(
        g,
        ctx.you,
        D.PICK,
        "Consolidation of Power: choose a character to kneel",
        options,
        _consolidation_pick,
        ctx,
        chosen,
    )


def _consolidation_kneel(g: CardGame, ctx: Ctx, chosen: tuple[int, ...]) -> None:
    A.kneel(g, chosen)
    do(g, Call(_consolidation_power, ctx, chosen))


def _consolidation_power(g: CardGame, ctx: Ctx, chosen: tuple[int, ...]) -> None:
    if not chosen or not all(c in g.play and g.knelt(c) for c in chosen):
        return  # "then": only if every chosen character knelt (C16.7)
    choose_then(
        g,
        ctx.you,
        "Consolidation of Power: a character to gain 1 power",
        list(chosen),
        lambda g2, c: A.gain_power(g2, c, 1),
    )


text(
    "01062",
    event(
        ACTION,
        _consolidation,
        phase="marshaling",
        when=lambda g, ctx: bool(_consolidation_options(g, ())),
    ),
)


# 01063 Ours is the Fury — play only during a challenge in which you are the defending
# player. Action: choose a kneeling [baratheon] character you control; it is now
# participating as a defender; if you win this challenge, stand it.
def _fury(g: CardGame, ctx: Ctx) -> None:
    ch = g.challenge
    if ch is None or ctx.target in ch.defenders:
        return
    ch.defenders.append(ctx.target)
    until(g, "stand_if_win", ctx.targets, 1, "challenge", ctx.source)


text(
    "01063",
    PlayIf(lambda g, ctx: g.challenge is not None and g.challenge.defender == ctx.you),
    event(
        ACTION,
        _fury,
        target=a_character(
            lambda g, ctx, c: (
                g.controller(c) == ctx.you
                and _baratheon(g, c)
                and g.knelt(c)
                and g.challenge is not None
                and c not in g.challenge.defenders
            ),
            "choose a kneeling [baratheon] character you control",
        ),
    ),
)


# 01064 Seen In Flames — play only if you control a R'hllor character. Challenges Action:
# choose an opponent (with cards in hand, C16.6.3) and look at their hand; then choose and
# discard 1 card from it.
def _seen_in_flames(g: CardGame, ctx: Ctx) -> None:
    hand = list(g.players[ctx.target].hand)
    g.emit(
        E.event(
            "hand_seen",
            seats=(ctx.you, ctx.target),  # the hand's owner knows it too
            hidden=("cards", "names"),
            player=ctx.you,
            opponent=ctx.target,
            cards=hand,
            names=[g.name(c) for c in hand],
        )
    )
    choose_then(
        g,
        ctx.you,
        "Seen In Flames: discard a card from that hand",
        hand,
        lambda g2, c: A.discard_from_hand(g2, ctx.target, [c]),
    )


text(
    "01064",
    PlayIf(lambda g, ctx: any(g.has_trait(c, "R'hllor") for c in g.characters(ctx.you))),
    event(
        ACTION,
        _seen_in_flames,
        phase="challenges",
        target=Target(
            lambda g, ctx, seat: seat != ctx.you and bool(g.players[seat].hand),
            "choose an opponent",
            players=True,
        ),
    ),
)
