"""Card texts: the 26 Core Set plots (C2.3), one entry per card, by code."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame import decisions as D
from westeros.cardgame.abilities import Ctx, Modifier, text
from westeros.cardgame.cards import CHALLENGES
from westeros.cardgame.flow import Call, ask, do
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    a_card,
    a_character,
    action,
    an_opponent,
    each_player_chooses,
    faction_card,
    for_each_player,
    for_you,
    forced_reaction,
    is_attachment,
    lord_or_lady,
    phase_begins,
    reaction,
    search_top,
    when_revealed,
    you_win,
)
from westeros.engine import Choice

# 01001 A Clash of Kings — after you win a [power] challenge, move 1 power from the losing
# opponent's faction card to your own.


def _clash(g: CardGame, ctx: Ctx) -> None:
    assert ctx.occ is not None
    loser = ctx.occ.get("loser")
    A.move_power(g, faction_card(g, loser), faction_card(g, ctx.you), 1)


def _loser_has_power(g: CardGame, ctx: Ctx) -> bool:
    return ctx.occ is not None and g.play[faction_card(g, ctx.occ.get("loser"))].power > 0


text(
    "01001",
    reaction(
        "challenge_won",
        _clash,
        when=lambda g, ctx: you_win("power")(g, ctx) and _loser_has_power(g, ctx),
    ),
)

# 01002 A Feast for Crows — after you win dominance, gain 2 power for your faction.
text(
    "01002",
    reaction(
        "dominance_won",
        lambda g, ctx: A.gain_power(g, faction_card(g, ctx.you), 2),
        when=lambda g, ctx: ctx.occ is not None and ctx.occ.player == ctx.you,
    ),
)


# 01003 A Game of Thrones — no [military] or [power] challenge before winning an [intrigue]
# challenge that phase.
def _no_intrigue_win(g: CardGame, source: int, seat: int) -> bool:
    return ("won", g.round, seat, "intrigue") not in g.history


text(
    "01003",
    for_each_player("cannot_initiate:military", _no_intrigue_win),
    for_each_player("cannot_initiate:power", _no_intrigue_win),
)


# 01004 A Noble Cause — the first Lord or Lady character you marshal this round costs 2 less.
def _noble_cause(g: CardGame, source: int, target: int) -> bool:
    seat = g.controller(source)
    return (
        g.owner[target] == seat
        and g.where[target] == "hand"
        and g.defs[target].type == "character"
        and lord_or_lady(g, target)
        and not any(
            h[0] == "marshaled"
            and h[1] == g.round
            and h[2] == seat
            and lord_or_lady(g, h[3])
            and g.defs[h[3]].type == "character"
            for h in g.history
        )
    )


text("01004", Modifier("reduce", _noble_cause, lambda g, s, t: 2))

# 01005 A Storm of Swords — an additional [military] challenge.
text("01005", for_you("challenges:military"))


# 01006 Building Orders — search the top 10 for an attachment or a location.
def _building_orders(g: CardGame, ctx: Ctx) -> None:
    search_top(
        g,
        ctx.you,
        10,
        lambda g, c: g.defs[c].type in ("attachment", "location"),
        "Building Orders: add an attachment or location to your hand",
    )


text("01006", when_revealed(_building_orders))


# 01007 Calling the Banners — choose an opponent; gain 1 gold per character they control.
text(
    "01007",
    when_revealed(
        lambda g, ctx: A.gain_gold(g, ctx.you, len(g.characters(ctx.target))),
        target=an_opponent(),
    ),
)


# 01008 Calm Over Westeros — name a challenge type; until you reveal a new plot, the attacking
# player's claim is 1 lower in challenges of that type in which you defend.
def _calm_name(g: CardGame, ctx: Ctx) -> None:
    ask(
        g,
        ctx.you,
        D.NAME,
        "Calm Over Westeros: name a challenge type",
        list(CHALLENGES),
        _calm_named,
        ctx.source,
    )


def _calm_named(g: CardGame, choice: Choice, plot: int) -> None:
    g.update(plot, tokens=(("named:" + str(choice), 1),))
    g.changed()
    g.emit(A.event("named", player=g.controller(plot), card=plot, name=g.name(plot), value=choice))


def _calm_applies(g: CardGame, source: int, seat: int) -> bool:
    ch = g.challenge
    rec = g.play.get(source)
    return (
        ch is not None
        and rec is not None
        and ch.attacker == seat
        and ch.defender == rec.controller
        and ("named:" + ch.type, 1) in rec.tokens
    )


text(
    "01008",
    when_revealed(_calm_name),
    Modifier("claim", _calm_applies, lambda g, s, t: -1, players=True),
)


# 01009 Confiscation — choose an attachment, discard it from play.
text(
    "01009",
    when_revealed(
        lambda g, ctx: A.discard_from_play(g, [ctx.target]),
        target=a_card(lambda g, ctx, c: is_attachment(g, c), "choose an attachment to discard"),
    ),
)

# 01010 Counting Coppers — draw 3 cards.
text("01010", when_revealed(lambda g, ctx: A.draw(g, ctx.you, 3)))

# 01011 Filthy Accusations — choose and kneel a character.
text(
    "01011",
    when_revealed(
        lambda g, ctx: A.kneel(g, [ctx.target]),
        target=a_character(lambda g, ctx, c: g.standing(c), "choose a character to kneel"),
    ),
)

# 01012 Fortified Position — every character's printed text box is blank (except Traits).
text("01012", Modifier("blank", lambda g, s, c: g.defs[c].type == "character"))


# 01013 Heads on Spikes — an opponent discards 1 card at random; a character goes to the dead
# pile instead and you gain 2 power for your faction.
def _heads_on_spikes(g: CardGame, ctx: Ctx) -> None:
    do(g, Call(_heads_now, ctx.you, ctx.target))


def _heads_now(g: CardGame, you: int, seat: int) -> None:
    hand = g.players[seat].hand
    if not hand:
        return
    cid = hand[g.rng.below(len(hand))]
    if g.defs[cid].type == "character":
        A.to_zone(g, cid, "dead")
        g.emit(A.event("hand_discarded", player=seat, cards=[cid], names=[g.name(cid)]))
        A.gain_power(g, faction_card(g, you), 2)
    else:
        A.discard_from_hand(g, seat, [cid])


text("01013", when_revealed(_heads_on_spikes, target=an_opponent()))

# 01014 Jousting Contest — at most 1 attacker or defender per player per challenge.
text("01014", for_each_player("one_participant"))


# 01015 Marched to the Wall — each player discards a character they control (cannot be saved).
def _marched(g: CardGame, ctx: Ctx) -> None:
    each_player_chooses(
        g,
        "Marched to the Wall: choose a character you control to discard",
        lambda g, seat: g.characters(seat),
        1,
        lambda g, chosen: A.discard_from_play(g, chosen, save=False),
        up_to=False,
    )


text("01015", when_revealed(_marched))


# 01016 Marching Orders — you cannot marshal locations or attachments, or play events.
def _marching_orders(g: CardGame, source: int, target: int) -> bool:
    return g.owner[target] == g.controller(source) and g.defs[target].type in (
        "location",
        "attachment",
    )


text("01016", Modifier("cannot_marshal", _marching_orders), for_you("cannot_play_events"))


# 01017 Naval Superiority — the base gold value of each revealed Kingdom or Edict plot is 0.
def _kingdom_or_edict(g: CardGame, source: int, seat: int) -> bool:
    plot = g.players[seat].plot
    return plot is not None and (g.has_trait(plot, "Kingdom") or g.has_trait(plot, "Edict"))


text("01017", for_each_player("set_zero:income", _kingdom_or_edict))


# 01018 Power Behind the Throne — a stand token when revealed; discard one to stand a character.
def _place_stand_token(g: CardGame, ctx: Ctx) -> None:
    rec = g.play[ctx.source]
    tokens = dict(rec.tokens)
    tokens["stand"] = tokens.get("stand", 0) + 1
    g.update(ctx.source, tokens=tuple(sorted(tokens.items())))


def _has_stand_token(g: CardGame, ctx: Ctx) -> bool:
    return dict(g.play[ctx.source].tokens).get("stand", 0) > 0


def _use_stand_token(g: CardGame, ctx: Ctx) -> None:
    rec = g.play[ctx.source]
    tokens = dict(rec.tokens)
    tokens["stand"] -= 1
    g.update(ctx.source, tokens=tuple(sorted((k, v) for k, v in tokens.items() if v)))
    A.stand(g, [ctx.target])


text(
    "01018",
    when_revealed(_place_stand_token),
    action(
        _use_stand_token,
        when=_has_stand_token,
        target=a_character(lambda g, ctx, c: g.knelt(c), "choose a character to stand"),
    ),
)


# 01019 Rebuilding — choose up to 3 cards in your discard pile; shuffle them into your deck.
def _rebuilding(g: CardGame, ctx: Ctx) -> None:
    for c in ctx.targets:
        A.to_zone(g, c, "deck")
    A.shuffle_deck(g, ctx.you)


text(
    "01019",
    when_revealed(
        _rebuilding,
        target=a_card(
            lambda g, ctx, c: True,
            "choose a card to shuffle back",
            count=3,
            zone="discard",
            up_to=True,
        ),
    ),
)


# 01020 Reinforcements — put a character with printed cost 5 or lower from your hand or
# discard pile into play.
def _reinforcement_ok(g: CardGame, ctx: Ctx, c: int) -> bool:
    d = g.defs[c]
    return d.type == "character" and (d.cost or 0) <= 5 and A.can_bring_in(g, c, ctx.you)


text(
    "01020",
    when_revealed(
        lambda g, ctx: A.put_into_play(g, ctx.you, ctx.target),
        target=a_card(
            _reinforcement_ok, "choose a character to put into play", zone="hand+discard"
        ),
    ),
)

# 01021 Sneak Attack — you cannot initiate more than 1 challenge.
text("01021", for_you("one_challenge"))

# 01022 Summons — search the top 10 cards of your deck for a character.
text(
    "01022",
    when_revealed(
        lambda g, ctx: search_top(
            g,
            ctx.you,
            10,
            lambda g, c: g.defs[c].type == "character",
            "Summons: add a character to your hand",
        )
    ),
)


# 01023 Supporting the Faith — after the challenges phase begins, all gold returns.
def _all_gold_back(g: CardGame, ctx: Ctx) -> None:
    for p in g.players:
        p.gold = 0
    g.emit(A.event("gold_returned"))


text("01023", forced_reaction("phase_begins", _all_gold_back, when=phase_begins("challenges")))

# 01024 Taxation — 1 additional limited card this round.
text("01024", for_you("limited"))

# 01025 The Winds of Winter — no text.


# 01026 Wildfire Assault — each player chooses up to 3 characters; kill the rest (no save).
def _wildfire(g: CardGame, ctx: Ctx) -> None:
    each_player_chooses(
        g,
        "Wildfire Assault: choose a character to keep",
        lambda g, seat: g.characters(seat),
        3,
        lambda g, kept: A.kill(g, [c for c in g.characters() if c not in kept], save=False),
    )


text("01026", when_revealed(_wildfire))
