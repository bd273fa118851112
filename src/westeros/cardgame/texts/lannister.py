"""Card texts: lannister cards (one entry per card, registered by code)."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame.abilities import (
    ACTION,
    INTERRUPT,
    Cost,
    Ctx,
    Modifier,
    PlayIf,
    text,
)
from westeros.cardgame.flow import Call, cancel, do, limit_key
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_FACTION,
    KNEEL_SELF,
    a_card,
    action,
    an_opponent,
    attached_gets,
    choose_then,
    discard_at_end,
    event,
    for_you,
    forced_interrupt,
    lord_or_lady,
    participating,
    reaction,
    reduce_next_marshal,
    self_gains,
    self_str,
    you_win,
)


def _lannister_character(g: CardGame, c: int) -> bool:
    return g.defs[c].faction == "lannister" and g.defs[c].type == "character"


# 01084 Cersei Lannister — while she attacks in an [intrigue] challenge, your claim is +1.
def _cersei_attacking(g: CardGame, source: int, seat: int) -> bool:
    ch = g.challenge
    return (
        ch is not None
        and ch.type == "intrigue"
        and source in ch.attackers
        and g.controller(source) == seat
    )


text("01084", Modifier("claim", _cersei_attacking, lambda g, s, t: 1, players=True))

# 01085 Grand Maester Pycelle — Insight (keyword only, C17.3): no entry.


# 01086 Joffrey Baratheon — after a Lord or Lady character is killed, he gains 1 power
# (Limit 3 times per round, C16.19). Characters killed together share one reaction window
# (C16.11) but each is its own triggering condition (C16.10): one use answers them all,
# 1 power per Lord or Lady, each counting against the limit.
def _lords_killed(g: CardGame, ctx: Ctx) -> int:
    occ = ctx.occ
    if occ is None:
        return 0
    return sum(
        1
        for c in occ.cards
        if g.where[c] == "dead" and g.defs[c].type == "character" and lord_or_lady(g, c)
    )


def _joffrey(g: CardGame, ctx: Ctx) -> None:
    key = limit_key(g, _JOFFREY_REACTION, ctx)
    used = g.uses.get(key, 0)  # this use already counted
    extra = max(0, min(_lords_killed(g, ctx) - 1, 3 - used))
    if extra:
        g.uses[key] = used + extra
    A.gain_power(g, ctx.source, 1 + extra)


_JOFFREY_REACTION = reaction(
    "killed", _joffrey, when=lambda g, ctx: _lords_killed(g, ctx) > 0, limit=(3, "round")
)
text("01086", _JOFFREY_REACTION)


# 01087 Ser Jaime Lannister — does not kneel when attacking in a [military] challenge; gains
# renown while participating in a [military] challenge.
def _military(g: CardGame) -> bool:
    return g.challenge is not None and g.challenge.type == "military"


text(
    "01087",
    self_gains("attacks_standing", lambda g, s: _military(g)),
    self_gains("keyword:renown", lambda g, s: _military(g) and participating(g, s)),
)


# 01088 The Tickler — Dominance Action: kneel him to discard the top card of an opponent's
# deck; then you may discard 1 copy of that card (same title, C1.8) from play.
def _tickler(g: CardGame, ctx: Ctx) -> None:
    top = A.discard_from_deck(g, ctx.target, 1)
    if not top:
        return
    name = g.defs[top[0]].name
    copies = [c for c in g.cards_in_play() if g.defs[c].name == name]
    choose_then(
        g,
        ctx.you,
        f"The Tickler: discard a copy of {name} from play?",
        copies,
        lambda g, c: A.discard_from_play(g, [c]),
        optional=True,
    )


text(
    "01088",
    action(
        _tickler,
        phase="dominance",
        cost=(KNEEL_SELF,),
        target=a_card(
            lambda g, ctx, seat: seat != ctx.you and bool(g.players[seat].deck),
            "choose an opponent whose top card to discard",
            players=True,
        ),
    ),
)


# 01089 Tyrion Lannister — Stealth. After an [intrigue] challenge is initiated, gain 2 gold
# (Limit twice per round).
text(
    "01089",
    reaction(
        "challenge_initiated",
        lambda g, ctx: A.gain_gold(g, ctx.you, 2),
        when=lambda g, ctx: ctx.occ is not None and ctx.occ.get("type") == "intrigue",
        limit=(2, "round"),
    ),
)

# 01090 Tywin Lannister — Renown; +1 STR per gold in your gold pool; +2 Income (printed,
# read by plot_value).
text("01090", self_str(lambda g, s: g.players[g.controller(s)].gold))

# 01091 Burned Men — Ambush (2) (keyword only): no entry.


# 01092 Gold Cloaks — Ambush (2). Forced Interrupt: when a phase ends in which it entered
# play using ambush, discard it from play (cannot be saved).
def _ambushed_this_phase(g: CardGame, ctx: Ctx) -> bool:
    rec = g.play.get(ctx.source)
    return rec is not None and ("ambushed", ctx.source, rec.entered) in g.history


text(
    "01092",
    forced_interrupt(
        "phase_ends",
        lambda g, ctx: A.discard_from_play(g, [ctx.source], save=False),
        when=_ambushed_this_phase,
    ),
)

# 01093 Lannisport Moneylender — Limited (C17.5); +1 Income: both engine-driven (the printed
# income icon is read by plot_value), so the entry holds nothing.
text("01093")

# 01094 Lannisport Merchant — Marshaling Action: kneel him: the next [lannister] character
# you marshal this phase costs 1 less.
text("01094", reduce_next_marshal("lannister", "character"))


# 01095 The Queen's Assassin — Ambush (4). After it enters play using ambush, choose an
# opponent; if you have more cards in hand, that player chooses and kills a character.
def _fewer_cards(g: CardGame, you: int, seat: int) -> bool:
    return len(g.players[you].hand) > len(g.players[seat].hand)


def _assassin_when(g: CardGame, ctx: Ctx) -> bool:
    occ = ctx.occ
    return (
        occ is not None
        and ctx.source in occ.cards
        and occ.get("how") == "ambush"
        and any(_fewer_cards(g, ctx.you, s) and g.characters(s) for s in g.opponents(ctx.you))
    )


def _assassin(g: CardGame, ctx: Ctx) -> None:
    seat = ctx.target
    if not _fewer_cards(g, ctx.you, seat):
        return
    choose_then(
        g,
        seat,
        "The Queen's Assassin: choose a character you control to kill",
        g.characters(seat),
        lambda g, c: A.kill(g, [c]),
    )


text("01095", reaction("enters_play", _assassin, when=_assassin_when, target=an_opponent()))


# 01096 Widow's Wail — Ambush (1). Attached character gets +2 STR; Joffrey Baratheon gains
# a [military] icon.
def _on_joffrey(g: CardGame, source: int, target: int) -> bool:
    return g.play[source].parent == target and g.defs[target].name == "Joffrey Baratheon"


text("01096", attached_gets("strength", 2), Modifier("icon:military", _on_joffrey))

# 01097 Casterly Rock — you may initiate an additional [intrigue] challenge.
text("01097", for_you("challenges:intrigue"))

# 01098 Lannisport — after you win an [intrigue] challenge, draw 1 card.
text(
    "01098",
    reaction("challenge_won", lambda g, ctx: A.draw(g, ctx.you, 1), when=you_win("intrigue")),
)

# 01099 Western Fiefdom — Limited. Marshaling Action: kneel it: the next [lannister] card
# you marshal this phase costs 1 less (events are played, not marshaled).
text("01099", reduce_next_marshal("lannister", "card"))


# 01100 Hear Me Roar! — put a [lannister] character into play from your hand; at the end of
# the phase, if it is still in play, discard it from play (cannot be saved).
def _hear_me_roar(g: CardGame, ctx: Ctx) -> None:
    A.put_into_play(g, ctx.you, ctx.target)
    do(g, Call(_roar_later, ctx.target))


def _roar_later(g: CardGame, cid: int) -> None:
    if cid in g.play and g.where[cid] == "play":
        discard_at_end(g, cid)


text(
    "01100",
    event(
        ACTION,
        _hear_me_roar,
        target=a_card(
            lambda g, ctx, c: _lannister_character(g, c) and A.can_bring_in(g, c, ctx.you),
            "choose a Lannister character to put into play",
            zone="hand",
        ),
    ),
)


# 01101 The Things I Do For Love — play only if you control a [lannister] Lord or Lady.
# Challenges Action: kneel your faction card (and pay X gold, the event's cost) to return a
# character with printed cost X or lower controlled by an opponent to its owner's hand.
def _lannister_lord_or_lady(g: CardGame, ctx: Ctx) -> bool:
    return any(
        g.defs[c].faction == "lannister" and lord_or_lady(g, c) for c in g.characters(ctx.you)
    )


def _printed_cost(g: CardGame, c: int) -> int:
    return g.defs[c].cost or 0  # C1.7: an undefined value used as X is 0


def _love_targets(g: CardGame, ctx: Ctx, most: int) -> list[int]:
    return [
        c
        for seat in g.opponents(ctx.you)
        for c in g.characters(seat)
        if _printed_cost(g, c) <= most
    ]


def _x_options(g: CardGame, ctx: Ctx) -> list[int]:
    """C1.7: X is chosen as the cost is paid; only values that leave a target (C1.4)."""
    gold_ = g.players[ctx.you].gold
    found = _love_targets(g, ctx, gold_)
    if not found:
        return []
    return list(range(min(_printed_cost(g, c) for c in found), gold_ + 1))


def _pay_x(g: CardGame, ctx: Ctx, x: int) -> None:
    A.pay_cost_gold(g, ctx, x)


X_GOLD = Cost("X gold", lambda g, ctx: bool(_x_options(g, ctx)), _pay_x, _x_options)


def _love_target_ok(g: CardGame, ctx: Ctx, c: int) -> bool:
    x = ctx.paid[-1] if ctx.paid else g.players[ctx.you].gold
    return c in _love_targets(g, ctx, x)


text(
    "01101",
    PlayIf(_lannister_lord_or_lady),
    event(
        ACTION,
        lambda g, ctx: A.return_to_hand(g, [ctx.target]),
        phase="challenges",
        cost=(KNEEL_FACTION, X_GOLD),
        target=a_card(_love_target_ok, "choose a character with printed cost X or lower"),
    ),
)


# 01102 Treachery — play only if you control a unique [lannister] character. Interrupt: when
# the effects of a triggered character, location or attachment ability would initiate,
# cancel them (C16.13; any player's, the cost stays paid).
def _unique_lannister(g: CardGame, ctx: Ctx) -> bool:
    return any(g.defs[c].unique and g.defs[c].faction == "lannister" for c in g.characters(ctx.you))


def _card_ability_initiating(g: CardGame, ctx: Ctx) -> bool:
    occ = ctx.occ
    return (
        occ is not None
        and not occ.get("event")
        and bool(occ.cards)
        and g.defs[occ.cards[0]].type in ("character", "location", "attachment")
    )


text(
    "01102",
    PlayIf(_unique_lannister),
    event(INTERRUPT, lambda g, ctx: cancel(g), on="initiating", when=_card_ability_initiating),
)
