"""Card texts: greyjoy cards (one entry per card, registered by code)."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame import decisions as D
from westeros.cardgame import events as E
from westeros.cardgame.abilities import (
    ACTION,
    INTERRUPT,
    REACTION,
    Attach,
    Ctx,
    Modifier,
    PlayIf,
    text,
)
from westeros.cardgame.flow import ask, savable, save
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_SELF,
    SACRIFICE_SELF,
    a_card,
    a_character,
    action,
    attached_gets,
    choose_then,
    defending,
    event,
    faction_card,
    for_each_player,
    is_character,
    is_location,
    participating,
    reaction,
    reduce_next_marshal,
    self_str,
    this_card_in,
    until,
    you_win,
)
from westeros.engine import Choice


def _greyjoy(g: CardGame, cid: int) -> bool:
    return g.is_faction(cid, "greyjoy")


def _first(g: CardGame, ctx: Ctx) -> bool:
    return g.first == ctx.you


def _unopposed_win(g: CardGame, ctx: Ctx) -> bool:
    """ "After you win an unopposed challenge" (g.challenge is still set, C11.7.4)."""
    return you_win()(g, ctx) and g.challenge is not None and g.challenge.unopposed


# 01065 Aeron Damphair — Reaction: after you win dominance, put an Ironborn character into
# play from your dead pile.
text(
    "01065",
    reaction(
        "dominance_won",
        lambda g, ctx: A.put_into_play(g, ctx.you, ctx.target),
        when=lambda g, ctx: ctx.occ is not None and ctx.occ.player == ctx.you,
        target=a_card(
            lambda g, ctx, c: g.defs[c].type == "character"
            and g.defs[c].has_trait("Ironborn")
            and A.can_bring_in(g, c, ctx.you),  # C18.2: the only copy in the dead pile
            "choose an Ironborn character in your dead pile",
            zone="dead",
        ),
    ),
)


# 01066 Alannys Greyjoy — while you are the first player, each opponent's reserve is 1 lower.
def _alannys(g: CardGame, source: int, seat: int) -> bool:
    me = g.controller(source)
    return g.first == me and seat != me


text("01066", for_each_player("reserve", _alannys, -1))


# 01067 Asha Greyjoy — Stealth. Reaction: after you win an unopposed challenge in which she is
# participating, stand her (only when she kneels, C1.4).
text(
    "01067",
    reaction(
        "challenge_won",
        lambda g, ctx: A.stand(g, [ctx.source]),
        when=lambda g, ctx: (
            _unopposed_win(g, ctx) and participating(g, ctx.source) and g.knelt(ctx.source)
        ),
    ),
)


# 01068 Balon Greyjoy — Renown. While he is attacking, each defending character with a lower
# STR than his does not contribute its STR to the challenge.
def _below_balon(g: CardGame, source: int, target: int) -> bool:
    ch = g.challenge
    return (
        ch is not None
        and source in ch.attackers
        and target in ch.defenders
        and g.strength(target) < g.strength(source)
    )


text("01068", Modifier("no_contribute", _below_balon))


# 01069 Euron Crow's Eye — Pillage. Renown. Reaction: after he discards a card using pillage,
# put a location from the losing opponent's discard pile into play under your control.
def _euron_options(g: CardGame, ctx: Ctx) -> list[int]:
    loser = ctx.occ.get("loser") if ctx.occ is not None else None
    if loser is None:
        return []
    return [
        c
        for c in g.players[loser].discard
        if g.defs[c].type == "location" and A.can_bring_in(g, c, ctx.you)
    ]


text(
    "01069",
    reaction(
        "pillaged",
        lambda g, ctx: choose_then(
            g,
            ctx.you,
            "Euron Crow's Eye: put a location into play under your control",
            _euron_options(g, ctx),
            lambda g2, c: A.put_into_play(g2, ctx.you, c),
        ),
        when=lambda g, ctx: this_card_in()(g, ctx) and bool(_euron_options(g, ctx)),
    ),
)


# 01071 Theon Greyjoy — Stealth. Reaction: after you win an unopposed challenge in which he
# is participating, he gains 1 power.
text(
    "01071",
    reaction(
        "challenge_won",
        lambda g, ctx: A.gain_power(g, ctx.source, 1),
        when=lambda g, ctx: _unopposed_win(g, ctx) and participating(g, ctx.source),
    ),
)


# 01073 Drowned Men — No attachments. +1 STR for each Warship location you control.
def _warships(g: CardGame, source: int) -> int:
    me = g.controller(source)
    return sum(1 for c in g.cards_in_play(me, "location") if g.has_trait(c, "Warship"))


text("01073", self_str(_warships))


# 01074 Iron Islands Fishmonger — Marshaling Action: kneel it to reduce the cost of the next
# [greyjoy] character you marshal this phase by 1.
text("01074", reduce_next_marshal("greyjoy", "character"))


# 01075 Lordsport Shipwright — Marshaling Action: kneel it to choose and kneel a location with
# printed cost 2 or lower (3 or lower if you are the first player).
def _shipwright_target(g: CardGame, ctx: Ctx, c: int) -> bool:
    limit = 3 if _first(g, ctx) else 2
    return is_location(g, c) and g.standing(c) and (g.defs[c].cost or 0) <= limit


text(
    "01075",
    action(
        lambda g, ctx: A.kneel(g, [ctx.target]),
        phase="marshaling",
        cost=(KNEEL_SELF,),
        target=a_card(_shipwright_target, "choose a location to kneel"),
    ),
)


# 01076 Salty Navigator — +1 Initiative: a printed value read by plot_value (C2.4), no entry.


# 01076 Salty Navigator — +1 Initiative: a printed plot modifier the engine reads (C7.3.1).
text("01076")


# 01077 Throwing Axe — Ironborn character only. Reaction: after you win a challenge in which
# the attached character is attacking, sacrifice the axe to choose and kill a defending
# character.
def _axe_attacks(g: CardGame, ctx: Ctx) -> bool:
    rec = g.play.get(ctx.source)
    ch = g.challenge
    return (
        you_win(attacking=True)(g, ctx)
        and rec is not None
        and ch is not None
        and rec.parent in ch.attackers
    )


text(
    "01077",
    Attach(lambda g, att, parent: is_character(g, parent) and g.has_trait(parent, "Ironborn")),
    reaction(
        "challenge_won",
        lambda g, ctx: A.kill(g, [ctx.target]),
        when=_axe_attacks,
        cost=(SACRIFICE_SELF,),
        target=a_character(
            lambda g, ctx, c: defending(g, c) and not g.has("cannot_be_killed", c),
            "choose a defending character to kill",
        ),
    ),
)


# 01078 Great Kraken — while you control Balon Greyjoy, he gains stealth. Reaction: after you
# win an unopposed challenge, draw 1 card or gain 1 power for your faction (Limit twice per
# round).
def _kraken_choice(g: CardGame, ctx: Ctx) -> None:
    options: list[Choice] = ["power"]
    if g.players[ctx.you].deck:
        options.insert(0, "draw")
    ask(
        g,
        ctx.you,
        D.EFFECT_OPTION,
        "Great Kraken: draw 1 card or gain 1 power",
        options,
        _kraken,
        ctx,
    )


def _kraken(g: CardGame, choice: Choice, ctx: Ctx) -> None:
    if choice == "draw":
        A.draw(g, ctx.you, 1)
    else:
        A.gain_power(g, faction_card(g, ctx.you), 1)


text(
    "01078",
    Modifier(
        "keyword:stealth",
        lambda g, s, t: (
            is_character(g, t)
            and g.defs[t].name == "Balon Greyjoy"
            and g.controller(t) == g.controller(s)
        ),
    ),
    reaction("challenge_won", _kraken_choice, when=_unopposed_win, limit=(2, "round")),
)


# 01079 Iron Fleet Scout — Challenges Action: kneel it to choose a participating [greyjoy]
# character: +1 STR until the end of the challenge (+2 if you are the first player).
def _scout(g: CardGame, ctx: Ctx) -> None:
    until(g, "strength", ctx.targets, 2 if _first(g, ctx) else 1, "challenge", ctx.source)


text(
    "01079",
    action(
        _scout,
        phase="challenges",
        cost=(KNEEL_SELF,),
        target=a_character(
            lambda g, ctx, c: participating(g, c) and _greyjoy(g, c),
            "choose a participating [greyjoy] character",
        ),
    ),
)


# 01080 Sea Tower — Limited. Marshaling Action: kneel it to reduce the cost of the next
# [greyjoy] card you marshal this phase by 1.
text("01080", reduce_next_marshal("greyjoy", "card"))


# 01081 Risen from the Sea — Interrupt: when a [greyjoy] character would be killed, save it
# (any controller's, C23 Q28); then attach this event to it as a Condition attachment with
# "Terminal. Attached character gets +1 STR." (those modifiers apply while it is in play).
def _risen_target(g: CardGame, ctx: Ctx, c: int) -> bool:
    occ = ctx.occ
    return (
        occ is not None
        and c in occ.cards
        and is_character(g, c)
        and _greyjoy(g, c)
        and A.can_attach(g, ctx.source, c)  # it becomes an attachment on it (C17.6)
        and savable(occ, _risen_fixes(g, c))
    )


def _risen_fixes(g: CardGame, c: int) -> bool:
    """C18.8.4: its +1 STR lifts the character above 0 STR ("killed if its STR is 0")."""
    if g.has("set_strength_zero", c):
        return False
    return g.defs[c].strength + g.bonus("strength", c) + 1 > 0


def _risen(g: CardGame, ctx: Ctx) -> None:
    if save(g, ctx.target, fixes=True):
        A.enter_play(g, ctx.source, ctx.you, ctx.target)
        g.emit(
            E.event(
                "attached_as_condition",
                card=ctx.source,
                name=g.name(ctx.source),
                host=ctx.target,
                host_name=g.name(ctx.target),
            )
        )


def _risen_attached(g: CardGame, source: int, target: int) -> bool:
    return source == target and g.play[source].parent is not None


text(
    "01081",
    event(
        INTERRUPT,
        _risen,
        on="killed",
        target=a_character(_risen_target, "choose a [greyjoy] character to save"),
    ),
    Modifier("trait:Condition", _risen_attached),
    Modifier("keyword:terminal", _risen_attached),
    attached_gets("strength", 1),
)


# 01082 The Kraken's Grasp — play only if you are the first player. Challenges Action: choose
# a defending character with STR 5 or lower; it does not contribute its STR to the challenge.
text(
    "01082",
    PlayIf(_first),
    event(
        ACTION,
        lambda g, ctx: until(g, "no_contribute", ctx.targets, 1, "challenge", ctx.source),
        phase="challenges",
        target=a_character(
            lambda g, ctx, c: defending(g, c)
            and g.strength(c) <= 5
            and not g.has("no_contribute", c),
            "choose a defending character with STR 5 or lower",
        ),
    ),
)


# 01083 We Do Not Sow — Reaction: after you win an unopposed challenge, choose an attachment
# or location controlled by the losing opponent and discard it from play (Max 1 per
# challenge).
def _sow_target(g: CardGame, ctx: Ctx, c: int) -> bool:
    loser = ctx.occ.get("loser") if ctx.occ is not None else None
    return (
        g.where[c] == "play"
        and g.defs[c].type in ("attachment", "location")
        and g.controller(c) == loser
    )


text(
    "01083",
    event(
        REACTION,
        lambda g, ctx: A.discard_from_play(g, [ctx.target]),
        on="challenge_won",
        when=_unopposed_win,
        target=a_card(_sow_target, "choose an attachment or location to discard"),
        max=(1, "challenge"),
    ),
)
