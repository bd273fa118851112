"""Card texts: tyrell cards (one entry per card, registered by code)."""

from __future__ import annotations

from collections.abc import Callable

from westeros.cardgame import actions as A
from westeros.cardgame.abilities import ACTION, Attach, Check, Ctx, Modifier, text
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_SELF,
    a_card,
    a_character,
    action,
    event,
    is_character,
    participating,
    reaction,
    self_gains,
    self_str,
    until,
    you_win,
)

A.REDUCER_TESTS["tyrell character"] = lambda g, c: (
    g.defs[c].faction == "tyrell" and g.defs[c].type == "character"
)
A.REDUCER_TESTS["tyrell card"] = lambda g, c: (
    g.defs[c].faction == "tyrell" and g.defs[c].type in ("character", "location", "attachment")
)


def _in_hand(test: str) -> Check:
    def check(g: CardGame, ctx: Ctx) -> bool:
        return any(A.REDUCER_TESTS[test](g, c) for c in g.players[ctx.you].hand)

    return check


def _controls(name: str) -> Callable[[CardGame, int], bool]:
    """The source's controller controls a card titled ``name``."""

    def check(g: CardGame, source: int) -> bool:
        you = g.controller(source)
        return any(g.defs[c].name == name for c in g.cards_in_play(you))

    return check


def _tyrell_character(g: CardGame, ctx: Ctx, c: int) -> bool:
    return is_character(g, c) and g.defs[c].faction == "tyrell"


# 01179 Left — No attachments except Weapon. While you control Right: +1 STR, gains a [power]
# icon, and does not kneel when declared as a defender.
text(
    "01179",
    self_str(1, _controls("Right")),
    self_gains("icon:power", _controls("Right")),
    self_gains("defends_standing", _controls("Right")),
)


# 01180 Maester Lomys — Reaction: after you win an [intrigue] challenge as the defending player,
# discard 1 card at random from the attacking player's hand.
def _attacker_has_cards(g: CardGame, ctx: Ctx) -> bool:
    return ctx.occ is not None and bool(g.players[ctx.occ.get("loser")].hand)


text(
    "01180",
    reaction(
        "challenge_won",
        lambda g, ctx: A.discard_at_random(g, ctx.occ.get("loser") if ctx.occ else -1, 1),
        when=lambda g, ctx: you_win("intrigue", attacking=False)(g, ctx)
        and _attacker_has_cards(g, ctx),
    ),
)

# 01181 Margaery Tyrell — Challenges Action: kneel her to choose a character; it gets +3 STR until
# the end of the phase.
text(
    "01181",
    action(
        lambda g, ctx: until(g, "strength", [ctx.target], 3, "phase", ctx.source),
        phase="challenges",
        cost=(KNEEL_SELF,),
        target=a_character(prompt="choose a character to get +3 STR"),
    ),
)


# 01182 Paxter Redwyne — the first event you play each round costs 1 less. +1 Income (printed,
# read by plot_value).
def _paxter(g: CardGame, source: int, target: int) -> bool:
    seat = g.controller(source)
    return (
        g.defs[target].type == "event"
        and g.owner[target] == seat
        and g.where[target] == "hand"
        and not any(
            h[0] == "played" and h[1] == g.round and h[2] == seat for h in g.history if len(h) > 2
        )
    )


text("01182", Modifier("reduce", _paxter))

# 01184 Right — No attachments except Weapon. While you control Left: +1 STR, gains an
# [intrigue] icon, and does not kneel when declared as a defender.
text(
    "01184",
    self_str(1, _controls("Left")),
    self_gains("icon:intrigue", _controls("Left")),
    self_gains("defends_standing", _controls("Left")),
)


# 01186 The Queen of Thorns — Reaction: after you win an [intrigue] challenge in which she
# participates, put a [tyrell] character with printed cost 6 or lower into play from your hand.
def _thorns_ok(g: CardGame, ctx: Ctx, c: int) -> bool:
    d = g.defs[c]
    return (
        d.type == "character"
        and d.faction == "tyrell"
        and (d.cost or 0) <= 6
        and A.can_bring_in(g, c, ctx.you)
    )


text(
    "01186",
    reaction(
        "challenge_won",
        lambda g, ctx: A.put_into_play(g, ctx.you, ctx.target),
        when=lambda g, ctx: you_win("intrigue")(g, ctx) and participating(g, ctx.source),
        target=a_card(_thorns_ok, "choose a [tyrell] character to put into play", zone="hand"),
    ),
)

# 01187 Courtesan of the Rose — vanilla.

# 01188 Garden Caretaker — Marshaling Action: kneel it to reduce the cost of the next [tyrell]
# character you marshal this phase by 1.
text(
    "01188",
    action(
        lambda g, ctx: A.add_reducer(g, ctx.you, "tyrell character", 1, ctx.source),
        phase="marshaling",
        cost=(KNEEL_SELF,),
        when=_in_hand("tyrell character"),
    ),
)


# 01190 Wardens of the Reach — No attachments. +1 STR for each The Reach location you control.
def _reach_locations(g: CardGame, source: int) -> int:
    you = g.controller(source)
    return sum(1 for c in g.cards_in_play(you, "location") if g.has_trait(c, "The Reach"))


text("01190", self_str(_reach_locations))


# 01191 Heartsbane — [tyrell] character only. Action: while the attached character participates
# in a challenge, kneel Heartsbane to give it +3 STR until the end of the challenge.
def _bearer(g: CardGame, ctx: Ctx) -> int | None:
    rec = g.play.get(ctx.source)
    return rec.parent if rec is not None else None


def _heartsbane(g: CardGame, ctx: Ctx) -> None:
    bearer = _bearer(g, ctx)
    if bearer is not None:
        until(g, "strength", [bearer], 3, "challenge", ctx.source)


text(
    "01191",
    Attach(lambda g, att, parent: is_character(g, parent) and g.defs[parent].faction == "tyrell"),
    action(
        _heartsbane,
        cost=(KNEEL_SELF,),
        when=lambda g, ctx: (b := _bearer(g, ctx)) is not None and participating(g, b),
    ),
)


# 01193 The Mander — Reaction: after you win a challenge by 5 or more STR, kneel it to draw 2.
def _by_five(g: CardGame, ctx: Ctx) -> bool:
    return you_win()(g, ctx) and g.challenge is not None and g.challenge.difference >= 5


text(
    "01193",
    reaction(
        "challenge_won", lambda g, ctx: A.draw(g, ctx.you, 2), when=_by_five, cost=(KNEEL_SELF,)
    ),
)

# 01194 Rose Garden — Limited. Marshaling Action: kneel it to reduce the cost of the next
# [tyrell] card you marshal this phase by 1.
text(
    "01194",
    action(
        lambda g, ctx: A.add_reducer(g, ctx.you, "tyrell card", 1, ctx.source),
        phase="marshaling",
        cost=(KNEEL_SELF,),
        when=_in_hand("tyrell card"),
    ),
)

# 01195 Growing Strong — Challenges Action: choose up to three [tyrell] characters; each gets
# +2 STR until the end of the phase.
text(
    "01195",
    event(
        ACTION,
        lambda g, ctx: until(g, "strength", ctx.targets, 2, "phase", ctx.source),
        phase="challenges",
        target=a_card(
            _tyrell_character, "choose a [tyrell] character (+2 STR)", count=3, up_to=True
        ),
    ),
)
