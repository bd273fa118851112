"""Card texts: tyrell cards (one entry per card, registered by code)."""

from __future__ import annotations

from collections.abc import Callable

from westeros.cardgame import actions as A
from westeros.cardgame import decisions as D
from westeros.cardgame.abilities import (
    ACTION,
    REACTION,
    Attach,
    Ctx,
    Modifier,
    Target,
    text,
)
from westeros.cardgame.cards import CHALLENGES
from westeros.cardgame.flow import Call, ask, do
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_SELF,
    a_card,
    a_character,
    action,
    attacking,
    event,
    gold,
    is_character,
    participating,
    reaction,
    reduce_next_marshal,
    search_top,
    self_gains,
    self_str,
    until,
    you_win,
)
from westeros.engine import Choice


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

# 01183 Randyll Tarly — Renown. Reaction: after his STR is increased by a card effect (a
# lasting effect raising it: the "strength_raised" occurrence), stand him (twice per phase).
text(
    "01183",
    reaction(
        "strength_raised",
        lambda g, ctx: A.stand(g, [ctx.source]),
        when=lambda g, ctx: ctx.occ is not None
        and ctx.source in ctx.occ.cards
        and g.knelt(ctx.source),
        limit=(2, "phase"),
    ),
)


# 01184 Right — No attachments except Weapon. While you control Left: +1 STR, gains an
# [intrigue] icon, and does not kneel when declared as a defender.
text(
    "01184",
    self_str(1, _controls("Left")),
    self_gains("icon:intrigue", _controls("Left")),
    self_gains("defends_standing", _controls("Left")),
)


# 01185 The Knight of Flowers — Renown. While attacking alone, the defending player cannot
# declare more than 1 character as a defender.
def _knight_alone(g: CardGame, source: int, seat: int) -> bool:
    ch = g.challenge
    return ch is not None and ch.attackers == [source] and seat == ch.defender


text("01185", Modifier("one_participant", _knight_alone, players=True))


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
text("01188", reduce_next_marshal("tyrell", "character"))


# 01189 Olenna's Informant — Ambush (4). Reaction: after it enters play during the challenges
# phase, name a challenge type: you may initiate an additional challenge of that type this
# phase (Q23 for a third power challenge with Hand of the King).
def _informant(g: CardGame, ctx: Ctx) -> None:
    ask(
        g,
        ctx.you,
        D.NAME,
        "Olenna's Informant: name a challenge type",
        list(CHALLENGES),
        _informant_named,
        ctx.you,
        ctx.source,
    )


def _informant_named(g: CardGame, choice: Choice, you: int, source: int) -> None:
    until(g, "challenges:" + str(choice), [you], 1, "phase", source, players=True)
    g.emit(A.event("named", player=you, card=source, name=g.name(source), value=choice))


text(
    "01189",
    reaction(
        "enters_play",
        _informant,
        when=lambda g, ctx: ctx.occ is not None
        and ctx.source in ctx.occ.cards
        and g.phase == "challenges",
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


# 01192 Highgarden — Challenges Action: kneel it and pay 1 gold to choose an attacking
# character; stand it and remove it from the challenge.
def _highgarden(g: CardGame, ctx: Ctx) -> None:
    cid = ctx.target
    A.stand(g, [cid])
    do(g, Call(_remove_from_challenge, cid))


def _remove_from_challenge(g: CardGame, cid: int) -> None:
    ch = g.challenge
    if ch is not None and cid in ch.attackers:
        ch.attackers.remove(cid)
        g.changed()
        g.emit(A.event("removed_from_challenge", card=cid, name=g.name(cid)))


text(
    "01192",
    action(
        _highgarden,
        phase="challenges",
        cost=(KNEEL_SELF, gold(1)),
        target=a_character(lambda g, ctx, c: attacking(g, c), "choose an attacking character"),
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
text("01194", reduce_next_marshal("tyrell", "card"))

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


# 01196 Olenna's Cunning — Reaction: after you win an [intrigue] or [power] challenge, the losing
# opponent names a cardtype; search your deck for a card of a different cardtype, reveal it and
# add it to your hand; shuffle your deck.
CARDTYPES = ("character", "location", "attachment", "event")


def _cunning(g: CardGame, ctx: Ctx) -> None:
    assert ctx.occ is not None
    loser = ctx.occ.get("loser")
    ask(
        g,
        loser,
        D.NAME,
        "Olenna's Cunning: name a cardtype",
        list(CARDTYPES),
        _cunning_named,
        ctx.you,
        loser,
        ctx.source,
    )


def _cunning_named(g: CardGame, choice: Choice, you: int, loser: int, source: int) -> None:
    g.emit(A.event("named", player=loser, card=source, name=g.name(source), value=choice))
    deck = g.players[you].deck
    search_top(
        g,
        you,
        len(deck),
        lambda g, c: g.defs[c].type != choice,
        f"Olenna's Cunning: add a card that is not a {choice} to your hand",
    )


text(
    "01196",
    event(
        REACTION,
        _cunning,
        on="challenge_won",
        when=lambda g, ctx: you_win("intrigue")(g, ctx) or you_win("power")(g, ctx),
    ),
)


# 01197 "The Bear and the Maiden Fair" — Action: choose a player; look at the top 5 cards of
# their deck; place up to 3 of them on the bottom and the others on top, in any order. The
# cards are chosen one at a time: each card sent down goes beneath the ones before it; then
# each remaining card chosen is placed on top, so the last one chosen ends on top.
def _bear(g: CardGame, ctx: Ctx) -> None:
    deck = g.players[ctx.target].deck
    top = tuple(reversed(deck[-5:]))  # top first
    _bear_bottom(g, ctx.you, ctx.target, top, ())


def _bear_bottom(
    g: CardGame, you: int, seat: int, looked: tuple[int, ...], down: tuple[int, ...]
) -> None:
    left = [c for c in looked if c not in down]
    if len(down) >= 3 or not left:
        _bear_top(g, you, seat, tuple(left), down, ())
        return
    ask(
        g,
        you,
        D.PICK,
        "The Bear and the Maiden Fair: a card to place on the bottom, or done",
        [*left, "done"],
        _bear_bottom_chosen,
        you,
        seat,
        looked,
        down,
    )


def _bear_bottom_chosen(
    g: CardGame, choice: Choice, you: int, seat: int, looked: tuple[int, ...], down: tuple[int, ...]
) -> None:
    if choice == "done":
        left = tuple(c for c in looked if c not in down)
        _bear_top(g, you, seat, left, down, ())
    else:
        _bear_bottom(g, you, seat, looked, (*down, int(choice)))


def _bear_top(
    g: CardGame,
    you: int,
    seat: int,
    left: tuple[int, ...],
    down: tuple[int, ...],
    up: tuple[int, ...],
) -> None:
    rest = [c for c in left if c not in up]
    if len(rest) <= 1:
        _bear_place(g, seat, down, (*up, *rest))
        return
    ask(
        g,
        you,
        D.PICK,
        "The Bear and the Maiden Fair: the next card to place on top (the last ends on top)",
        rest,
        _bear_top_chosen,
        you,
        seat,
        left,
        down,
        up,
    )


def _bear_top_chosen(
    g: CardGame,
    choice: Choice,
    you: int,
    seat: int,
    left: tuple[int, ...],
    down: tuple[int, ...],
    up: tuple[int, ...],
) -> None:
    _bear_top(g, you, seat, left, down, (*up, int(choice)))


def _bear_place(g: CardGame, seat: int, down: tuple[int, ...], up: tuple[int, ...]) -> None:
    deck = g.players[seat].deck
    for c in (*down, *up):
        deck.remove(c)
    deck[:0] = list(reversed(down))  # the first sent down is just below the rest: the bottom
    deck.extend(up)  # the end of the list is the top
    g.emit(A.event("deck_arranged", player=seat))


text(
    "01197",
    event(
        ACTION,
        _bear,
        target=Target(
            lambda g, ctx, seat: len(g.players[seat].deck) > 1,
            "choose a player",
            players=True,
        ),
    ),
)
