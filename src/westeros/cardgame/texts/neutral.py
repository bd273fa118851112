"""Card texts: neutral cards (one entry per card, registered by code)."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame.abilities import INTERRUPT, REACTION, Attach, Cost, Ctx, Modifier, text
from westeros.cardgame.flow import cancel, savable, save
from westeros.cardgame.phases import DELAYED, at_end_of
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_FACTION,
    KNEEL_SELF,
    SACRIFICE_SELF,
    a_card,
    a_character,
    action,
    attached_gets,
    both,
    event,
    faction_card,
    for_you,
    interrupt,
    is_attachment,
    is_location,
    lord_or_lady,
    mine,
    participating,
    reaction,
    until,
    you_win,
)

# -- shared pieces ---------------------------------------------------------------------


def _loser_controls(g: CardGame, ctx: Ctx, cid: int) -> bool:
    """The card is controlled by the opponent who lost the challenge being answered."""
    return ctx.occ is not None and g.controller(cid) == ctx.occ.get("loser")


def _by_5_or_more(g: CardGame, ctx: Ctx) -> bool:
    return g.challenge is not None and g.challenge.difference >= 5


def _lord_or_lady_character(g: CardGame, att: int, parent: int) -> bool:
    """ "Lord or Lady character only." (C19.1)"""
    return g.defs[parent].type == "character" and lord_or_lady(g, parent)


def _parent(g: CardGame, cid: int) -> int | None:
    rec = g.play.get(cid)
    return rec.parent if rec is not None else None


# 01028 Littlefinger — after you marshal him, draw 2 cards. (+1 Income is printed, C2.4.)
text(
    "01028",
    reaction(
        "marshaled",
        lambda g, ctx: A.draw(g, ctx.you, 2),
        when=lambda g, ctx: (
            ctx.occ is not None and ctx.source in ctx.occ.cards and ctx.occ.player == ctx.you
        ),
    ),
)


# 01029 Varys — Stealth. Interrupt: when the dominance phase ends, remove Varys from the game
# to discard each character from play (Varys leaves as a cost, C16.5.4).
def _remove_self_pay(g: CardGame, ctx: Ctx, _: int) -> None:
    A.leave_play(g, ctx.source, "removed")
    g.emit(A.event("removed_from_game", card=ctx.source, name=g.name(ctx.source)))


REMOVE_SELF = Cost(
    "remove this card from the game",
    lambda g, ctx: g.where[ctx.source] == "play",
    _remove_self_pay,
)

text(
    "01029",
    interrupt(
        "phase_ends",
        lambda g, ctx: A.discard_from_play(g, g.characters()),
        when=lambda g, ctx: ctx.occ is not None and ctx.occ.get("phase") == "dominance",
        cost=(REMOVE_SELF,),
    ),
)

# 01030 Rattleshirt's Raiders — No attachments. After you win a challenge in which it attacks,
# choose an attachment controlled by the losing opponent and discard it from play.
text(
    "01030",
    reaction(
        "challenge_won",
        lambda g, ctx: A.discard_from_play(g, [ctx.target]),
        when=lambda g, ctx: (
            you_win(attacking=True)(g, ctx)
            and g.challenge is not None
            and ctx.source in g.challenge.attackers
        ),
        target=a_card(
            lambda g, ctx, c: is_attachment(g, c) and _loser_controls(g, ctx, c),
            "choose an attachment to discard",
        ),
    ),
)

# 01031 Wildling Horde — No attachments. Pillage. Challenges Action: kneel your faction card:
# a participating Wildling character you control gets +2 STR until the end of the challenge.
text(
    "01031",
    action(
        lambda g, ctx: until(g, "strength", [ctx.target], 2, "challenge", ctx.source),
        phase="challenges",
        cost=(KNEEL_FACTION,),
        target=a_character(
            lambda g, ctx, c: (
                mine(g, ctx, c) and participating(g, c) and g.has_trait(c, "Wildling")
            ),
            "choose a participating Wildling character",
        ),
    ),
)

# 01032 Seal of the Hand — Lord or Lady character only. Action: kneel it to stand the attached
# character (C1.4: only while that character kneels).
text(
    "01032",
    Attach(_lord_or_lady_character),
    action(
        lambda g, ctx: A.stand(g, [p] if (p := _parent(g, ctx.source)) is not None else []),
        cost=(KNEEL_SELF,),
        when=lambda g, ctx: (p := _parent(g, ctx.source)) is not None and g.knelt(p),
    ),
)


# 01033 Bodyguard — Lord or Lady character only. Interrupt: when the attached character would
# be killed or discarded from play, sacrifice Bodyguard to save it (C18.8; not against
# "cannot be saved" effects, C18.8.1).
def _would_leave(g: CardGame, ctx: Ctx) -> bool:
    p = _parent(g, ctx.source)
    return (
        ctx.occ is not None
        and p is not None
        and p in ctx.occ.cards
        and savable(ctx.occ)  # C18.8.1, C18.8.4
        and g.where[p] == "play"
    )


def _sacrifice_bodyguard(g: CardGame, ctx: Ctx, _: int) -> None:
    SACRIFICE_SELF.pay(g, ctx, -1)


# the one "option" is the attached character: Initiate records it in ctx.paid, so the effect
# still knows whom to save once Bodyguard has left play
SACRIFICE_BODYGUARD = Cost(
    "sacrifice Bodyguard",
    lambda g, ctx: g.where[ctx.source] == "play",
    _sacrifice_bodyguard,
    lambda g, ctx: [p] if (p := _parent(g, ctx.source)) is not None else [],
)

text(
    "01033",
    Attach(_lord_or_lady_character),
    interrupt(
        "killed|discarded",
        lambda g, ctx: save(g, ctx.paid[0]),
        when=_would_leave,
        cost=(SACRIFICE_BODYGUARD,),
    ),
)

# 01034 Little Bird — the attached character gains an [intrigue] icon.
text("01034", attached_gets("icon:intrigue"))

# 01035 Milk of the Poppy — Terminal. The attached character's printed text box is blank
# (except for Traits; C2.12). Terminal: discarded when its character leaves play (C17.10).
text("01035", Modifier("blank", lambda g, s, t: _parent(g, s) == t))

# 01036 Noble Lineage — the attached character gains a [power] icon.
text("01036", attached_gets("icon:power"))

# 01037 Syrio's Training — the attached character gains a [military] icon.
text("01037", attached_gets("icon:military"))

# 01038 The Iron Throne — contributes 8 STR to your dominance total (C13.2). (+1 Reserve is
# printed.)
text("01038", for_you("dominance", 8))

# 01039 The Kingsroad — Limited. Marshaling Action: kneel and sacrifice it: the next character
# you marshal this phase costs 3 less. (+1 Initiative is printed.)
A.REDUCER_TESTS["character"] = lambda g, c: g.defs[c].type == "character"

text(
    "01039",
    action(
        lambda g, ctx: A.add_reducer(g, ctx.you, "character", 3, ctx.source),
        phase="marshaling",
        cost=(KNEEL_SELF, SACRIFICE_SELF),
        when=lambda g, ctx: any(g.defs[c].type == "character" for c in g.players[ctx.you].hand),
    ),
)

# 01040 The Roseroad — Limited. +1 Income: both read by the engine (C17.5, C9.2); an empty
# entry marks the card implemented.
text("01040")

# 01041 Put to the Sword — after you win a [military] challenge by 5 or more STR as the
# attacker, choose and kill a character the losing opponent controls. Max 1 per challenge.
text(
    "01041",
    event(
        REACTION,
        lambda g, ctx: A.kill(g, [ctx.target]),
        on="challenge_won",
        when=both(you_win("military", attacking=True), _by_5_or_more),
        target=a_character(
            lambda g, ctx, c: _loser_controls(g, ctx, c) and not g.has("cannot_be_killed", c),
            "choose a character to kill",
        ),
        max=(1, "challenge"),
    ),
)

# 01042 Put to the Torch — after you win a [military] challenge by 5 or more STR as the
# attacker, choose a location the losing opponent controls and discard it. Max 1 per challenge.
text(
    "01042",
    event(
        REACTION,
        lambda g, ctx: A.discard_from_play(g, [ctx.target]),
        on="challenge_won",
        when=both(you_win("military", attacking=True), _by_5_or_more),
        target=a_card(
            lambda g, ctx, c: is_location(g, c) and _loser_controls(g, ctx, c),
            "choose a location to discard",
        ),
        max=(1, "challenge"),
    ),
)

# 01043 Superior Claim — after you win a [power] challenge by 5 or more STR, gain 2 power for
# your faction. Max 1 per challenge.
text(
    "01043",
    event(
        REACTION,
        lambda g, ctx: A.gain_power(g, faction_card(g, ctx.you), 2),
        on="challenge_won",
        when=both(you_win("power"), _by_5_or_more),
        max=(1, "challenge"),
    ),
)


# 01044 Tears of Lys — after you win an [intrigue] challenge as the attacker, place a poison
# token on a character without an [intrigue] icon the losing opponent controls; at the end of
# the phase, if it still has that token, remove it and kill the character (a delayed effect,
# C16.16). Max 1 per challenge.
def _tokens(g: CardGame, cid: int) -> dict[str, int]:
    return dict(g.play[cid].tokens)


def _set_tokens(g: CardGame, cid: int, tokens: dict[str, int]) -> None:
    g.update(cid, tokens=tuple(sorted((k, v) for k, v in tokens.items() if v)))


def _poison(g: CardGame, ctx: Ctx) -> None:
    tokens = _tokens(g, ctx.target)
    tokens["poison"] = tokens.get("poison", 0) + 1
    _set_tokens(g, ctx.target, tokens)
    g.emit(A.event("poisoned", card=ctx.target, name=g.name(ctx.target)))
    at_end_of(g, "phase", "tears_of_lys", ctx.target, g.play[ctx.target].entered)


def _poison_kills(g: CardGame, cid: int, entered: int) -> None:
    rec = g.play.get(cid)
    if rec is None or rec.entered != entered or _tokens(g, cid).get("poison", 0) <= 0:
        return  # left play (a new copy has no token) or the token was removed
    tokens = _tokens(g, cid)
    tokens["poison"] -= 1
    _set_tokens(g, cid, tokens)
    A.kill(g, [cid])


DELAYED["tears_of_lys"] = _poison_kills

text(
    "01044",
    event(
        REACTION,
        _poison,
        on="challenge_won",
        when=you_win("intrigue", attacking=True),
        target=a_character(
            lambda g, ctx, c: _loser_controls(g, ctx, c) and not g.has_icon(c, "intrigue"),
            "choose a character to poison",
        ),
        max=(1, "challenge"),
    ),
)


# 01045 The Hand's Judgment — Interrupt: when the effects of an opponent's event would
# initiate, cancel them (C16.13; the canceled event still counts as played, C16.8). X is that
# event's printed cost, paid as this event's cost.
def _judged_cost(g: CardGame, ctx: Ctx) -> int:
    return (g.defs[ctx.occ.cards[0]].cost or 0) if ctx.occ is not None else 0


def _pay_x(g: CardGame, ctx: Ctx, _: int) -> None:
    A.pay_cost_gold(g, ctx, _judged_cost(g, ctx))


PAY_X = Cost(
    "X gold (the event's printed cost)",
    lambda g, ctx: g.players[ctx.you].gold >= _judged_cost(g, ctx),
    _pay_x,
)


def _cancel(g: CardGame, ctx: Ctx) -> None:
    assert ctx.occ is not None
    cancel(g)
    g.emit(A.event("effects_canceled", card=ctx.occ.cards[0], name=g.name(ctx.occ.cards[0])))


text(
    "01045",
    event(
        INTERRUPT,
        _cancel,
        on="initiating",
        when=lambda g, ctx: ctx.occ is not None
        and ctx.occ.player != ctx.you
        and bool(ctx.occ.get("event")),  # an opponent's event, not a card ability
        cost=(PAY_X,),
        cancels=True,
    ),
)
