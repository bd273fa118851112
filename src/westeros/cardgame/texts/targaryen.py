"""Card texts: targaryen cards (one entry per card, registered by code)."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame import decisions as D
from westeros.cardgame.abilities import ACTION, Attach, Ctx, Modifier, text
from westeros.cardgame.flow import Call, ask, do
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_SELF,
    SACRIFICE_SELF,
    a_card,
    a_character,
    action,
    attached_gets,
    attacking,
    burn,
    defending,
    event,
    for_you,
    forced_reaction,
    gold,
    interrupt,
    is_attachment,
    is_character,
    kneel_a,
    participating,
    reaction,
    reduce_next_marshal,
    return_at_end,
    you_win,
)
from westeros.engine import Choice


def _stormborn_of(g: CardGame, source: int, target: int) -> bool:
    """A Stormborn character controlled by the source's controller."""
    return (
        g.defs[target].type == "character"
        and g.where[target] == "play"
        and g.controller(target) == g.controller(source)
        and g.has_trait(target, "Stormborn")
    )


# 01160 Daenerys Targaryen — Insight. While standing, each character on an opponent's side in a
# challenge against you gets -1 STR. Reading (C23-style): "a challenge against you" is a
# challenge between you and an opponent, whichever of you attacks.
def _daenerys(g: CardGame, source: int, target: int) -> bool:
    ch = g.challenge
    if ch is None or not g.standing(source):
        return False
    you = g.controller(source)
    side = ch.side_of(target)
    return you in (ch.attacker, ch.defender) and side is not None and side != you


text("01160", Modifier("strength", _daenerys, lambda g, s, t: -1))

# 01161 Drogon — No attachments. Each Stormborn character you control gains renown.
text("01161", Modifier("keyword:renown", _stormborn_of))

# 01162 Khal Drogo — Renown. You may initiate an additional [military] challenge.
text("01162", for_you("challenges:military"))

# 01163 Magister Illyrio — Action: pay 2 gold to choose and stand a character (once per phase).
text(
    "01163",
    action(
        lambda g, ctx: A.stand(g, [ctx.target]),
        cost=(gold(2),),
        target=a_character(lambda g, ctx, c: g.knelt(c), "choose a character to stand"),
        limit=(1, "phase"),
    ),
)


# 01164 Rhaegal — Reaction: after you win a challenge in which a Stormborn character you control
# participates, choose and stand a Stormborn character (once per phase).
def _stormborn_participating(g: CardGame, ctx: Ctx) -> bool:
    return any(
        participating(g, c) and _stormborn_of(g, ctx.source, c) for c in g.characters(ctx.you)
    )


text(
    "01164",
    reaction(
        "challenge_won",
        lambda g, ctx: A.stand(g, [ctx.target]),
        when=lambda g, ctx: you_win()(g, ctx) and _stormborn_participating(g, ctx),
        target=a_character(
            lambda g, ctx, c: g.knelt(c) and g.has_trait(c, "Stormborn"),
            "choose a Stormborn character to stand",
        ),
        limit=(1, "phase"),
    ),
)


# 01165 Ser Jorah Mormont — Renown. Forced Reaction: after you win a challenge in which he
# participates, place 1 betrayal token on him; with 3 or more, sacrifice him (checked as soon
# as a token is placed: the only Core Set source of betrayal tokens).
def _betrayal(g: CardGame, ctx: Ctx) -> None:
    rec = g.play[ctx.source]
    tokens = dict(rec.tokens)
    tokens["betrayal"] = tokens.get("betrayal", 0) + 1
    g.update(ctx.source, tokens=tuple(sorted(tokens.items())))
    g.changed()
    if tokens["betrayal"] >= 3:
        A.sacrifice(g, [ctx.source])


text(
    "01165",
    forced_reaction(
        "challenge_won",
        _betrayal,
        when=lambda g, ctx: you_win()(g, ctx) and participating(g, ctx.source),
    ),
)

# 01166 Viserion — No attachments. Each Stormborn character you control gains stealth.
text("01166", Modifier("keyword:stealth", _stormborn_of))

# 01167 Viserys Targaryen — Interrupt: when Viserys leaves play, choose an attachment and discard
# it from play. (Interrupts the kill/discard/sacrifice/return that takes him out of play.)
text(
    "01167",
    interrupt(
        "killed|discarded|sacrificed|returned",
        lambda g, ctx: A.discard_from_play(g, [ctx.target]),
        when=lambda g, ctx: ctx.occ is not None and ctx.source in ctx.occ.cards,
        target=a_card(lambda g, ctx, c: is_attachment(g, c), "choose an attachment to discard"),
    ),
)

# 01168 Braided Warrior — vanilla (No attachments except Weapon: engine-driven).

# 01169 Handmaiden — Action: sacrifice Handmaiden to choose and stand a Lady character.
text(
    "01169",
    action(
        lambda g, ctx: A.stand(g, [ctx.target]),
        cost=(SACRIFICE_SELF,),
        target=a_character(
            lambda g, ctx, c: g.knelt(c) and g.has_trait(c, "Lady"),
            "choose a Lady character to stand",
        ),
    ),
)

# 01170 Targaryen Loyalist — Marshaling Action: kneel it to reduce the cost of the next
# [targaryen] character you marshal this phase by 1.
text("01170", reduce_next_marshal("targaryen", "character"))

# 01171 Unsullied — No attachments except Weapon. While attacking, each defending character
# gets -1 STR.
text(
    "01171",
    Modifier(
        "strength",
        lambda g, s, t: attacking(g, s) and defending(g, t),
        lambda g, s, t: -1,
    ),
)


# 01172 Drogo's Arakh — Dothraki character only. Attached character gets +2 STR. If attached
# character is Khal Drogo, he does not kneel when declared as an attacker in the first
# [military] challenge you initiate each round (one challenges phase per round).
def _arakh_standing(g: CardGame, source: int, target: int) -> bool:
    ch = g.challenge
    if g.play[source].parent != target or g.defs[target].name != "Khal Drogo":
        return False
    if ch is None or ch.type != "military" or ch.attacker != g.controller(source):
        return False
    done = [t for t, _ in g.players[ch.attacker].challenges]
    return done.count("military") == 1


text(
    "01172",
    Attach(lambda g, att, parent: g.has_trait(parent, "Dothraki") and is_character(g, parent)),
    attached_gets("strength", 2),
    Modifier("attacks_standing", _arakh_standing),
)


# 01173 Plaza of Punishment — Reaction: after you win a [power] challenge, kneel it to choose a
# character without attachments; until the end of the phase it gets -2 STR and is killed if its
# STR is 0 (a lasting "burn" effect, checked as a state check).
text(
    "01173",
    reaction(
        "challenge_won",
        lambda g, ctx: burn(g, ctx.target, 2, "phase", ctx.source),
        when=you_win("power"),
        cost=(KNEEL_SELF,),
        target=a_character(
            lambda g, ctx, c: not g.attachments_on(c), "choose a character without attachments"
        ),
    ),
)


# 01174 Dothraki Sea — Reaction: after you win a [power] challenge, sacrifice it to put a
# Dothraki character into play from your hand; at the end of the phase, if that card is still
# in play, return it to your hand (a delayed effect; returning cannot be saved).
def _dothraki_in_hand(g: CardGame, ctx: Ctx, c: int) -> bool:
    return (
        g.defs[c].type == "character"
        and g.has_trait(c, "Dothraki")
        and A.can_bring_in(g, c, ctx.you)
    )


def _dothraki_sea(g: CardGame, ctx: Ctx) -> None:
    A.put_into_play(g, ctx.you, ctx.target)
    do(g, Call(_sea_delayed, ctx.target, ctx.source))


def _sea_delayed(g: CardGame, cid: int, source: int) -> None:
    return_at_end(g, cid, "phase", save=False)  # "(cannot be saved)"


text(
    "01174",
    reaction(
        "challenge_won",
        _dothraki_sea,
        when=you_win("power"),
        cost=(SACRIFICE_SELF,),
        target=a_card(_dothraki_in_hand, "choose a Dothraki character to put in play", zone="hand"),
    ),
)

# 01175 Illyrio's Estate — Limited. Marshaling Action: kneel it to reduce the cost of the next
# [targaryen] card you marshal this phase by 1.
text("01175", reduce_next_marshal("targaryen", "card"))


# 01176 Dracarys! — Action: kneel a Dragon character or Daenerys Targaryen to choose a
# participating character; until the end of the phase it gets -4 STR and is killed if its STR
# is 0.
text(
    "01176",
    event(
        ACTION,
        lambda g, ctx: burn(g, ctx.target, 4, "phase", ctx.source),
        cost=(
            kneel_a(
                lambda g, c: g.defs[c].type == "character"
                and (g.has_trait(c, "Dragon") or g.defs[c].name == "Daenerys Targaryen"),
                "kneel a Dragon character or Daenerys Targaryen",
            ),
        ),
        target=a_character(
            lambda g, ctx, c: participating(g, c), "choose a participating character"
        ),
    ),
)


# 01177 Fire and Blood — Challenges Action: choose a unique [targaryen] character in your dead
# pile and shuffle it back into your deck; if it is a Hatchling, you may put it into play
# instead.
def _fire_and_blood_ok(g: CardGame, ctx: Ctx, c: int) -> bool:
    d = g.defs[c]
    return d.type == "character" and d.unique and d.faction == "targaryen"


def _fire_and_blood(g: CardGame, ctx: Ctx) -> None:
    cid = ctx.target
    if g.where[cid] != "dead":
        return
    if g.has_trait(cid, "Hatchling"):
        # C18.2: another copy of the title in the dead pile would still block it
        others = [c for c in g.players[ctx.you].dead if c != cid]
        name = g.defs[cid].name
        if not any(g.defs[c].name == name for c in others):
            ask(
                g,
                ctx.you,
                D.EFFECT_OPTION,
                f"Fire and Blood: put {name} into play or shuffle it into your deck",
                ["play", "shuffle"],
                _fire_and_blood_chosen,
                ctx.you,
                cid,
            )
            return
    _fire_and_blood_chosen(g, "shuffle", ctx.you, cid)


def _fire_and_blood_chosen(g: CardGame, choice: Choice, you: int, cid: int) -> None:
    if choice == "play":
        A.remove_from_zone(g, cid)
        A.put_into_play(g, you, cid)
    else:
        A.to_zone(g, cid, "deck")
        A.shuffle_deck(g, you)


text(
    "01177",
    event(
        ACTION,
        _fire_and_blood,
        phase="challenges",
        target=a_card(
            _fire_and_blood_ok, "choose a unique [targaryen] character (dead pile)", zone="dead"
        ),
    ),
)


# 01178 Waking the Dragon — Action: choose and stand a unique [targaryen] character you control;
# at the end of the phase, if it is still in play, return it to your hand.
def _waking(g: CardGame, ctx: Ctx) -> None:
    A.stand(g, [ctx.target])
    return_at_end(g, ctx.target, "phase")


text(
    "01178",
    event(
        ACTION,
        _waking,
        target=a_character(
            lambda g, ctx, c: g.controller(c) == ctx.you
            and g.knelt(c)
            and g.defs[c].unique
            and g.defs[c].faction == "targaryen",
            "choose a unique [targaryen] character you control to stand",
        ),
    ),
)
