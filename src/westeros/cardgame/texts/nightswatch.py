"""Card texts: nightswatch cards (one entry per card, registered by code)."""

from __future__ import annotations

from westeros.cardgame import actions as A
from westeros.cardgame.abilities import Attach, Ctx, Modifier, PlayIf, text
from westeros.cardgame.flow import Call, do, savable, save
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
    choose_then,
    defending,
    event,
    faction_card,
    forced_reaction,
    interrupt,
    is_location,
    leave_instead,
    participating,
    phase_ends,
    reaction,
    reduce_next_marshal,
    self_gains,
    until,
    you_lose,
    you_win,
)

NW = "thenightswatch"


def _nw_character(g: CardGame, cid: int) -> bool:
    return g.defs[cid].type == "character" and g.is_faction(cid, NW)


# 01122 Benjen Stark — each Ranger character you control cannot be bypassed by stealth
# (C17.9); Interrupt: when he is killed, gain 2 power for your faction, then shuffle him into
# your deck instead of placing him in your dead pile (a replacement, C16.14).
def _you_control_ranger(g: CardGame, source: int, target: int) -> bool:
    return (
        g.where[target] == "play"
        and g.controller(target) == g.controller(source)
        and g.defs[target].type == "character"
        and g.has_trait(target, "Ranger")
    )


def _benjen(g: CardGame, ctx: Ctx) -> None:
    A.gain_power(g, faction_card(g, ctx.you), 2)
    do(g, Call(leave_instead, ctx.source, "deck"))  # then: shuffled in (actions._leave)


text(
    "01122",
    Modifier("cannot_be_bypassed", _you_control_ranger),
    interrupt(
        "killed",
        _benjen,
        when=lambda g, ctx: ctx.occ is not None and ctx.source in ctx.occ.cards,
    ),
)


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


# 01124 Jon Snow — No attachments except Weapon. While standing, he is considered to be
# participating in each challenge in which you control another attacking [thenightswatch]
# character (C23 Q27: on the attacking side; his STR counts, he is not declared and does
# not kneel): "contributes" counts his STR (C11.7.1); "considered_attacking" makes the
# keywords (C11.11) and the participation helpers of common.py see him.
def _jon_considered(g: CardGame, source: int, target: int) -> bool:
    ch = g.challenge
    seat = g.controller(source)
    return (
        source == target
        and ch is not None
        and g.standing(source)
        and ch.attacker == seat
        and source not in ch.attackers
        and any(
            c != source and _nw_character(g, c) and g.controller(c) == seat for c in ch.attackers
        )
    )


text(
    "01124",
    Modifier("contributes", _jon_considered),
    Modifier("considered_attacking", _jon_considered),
)


# 01125 Maester Aemon — No attachments. Interrupt: when a [thenightswatch] character would be
# killed, kneel Maester Aemon to save it (C18.8; any controller's, C23 Q28).
def _aemon_savable(g: CardGame, ctx: Ctx) -> list[int]:
    occ = ctx.occ
    if occ is None or not savable(occ):  # C18.8.1, C18.8.4
        return []
    return [c for c in occ.cards if g.where[c] == "play" and _nw_character(g, c)]


def _aemon_save(g: CardGame, cid: int) -> None:
    save(g, cid)


def _aemon(g: CardGame, ctx: Ctx) -> None:
    choose_then(
        g,
        ctx.you,
        "Maester Aemon: choose a character to save",
        _aemon_savable(g, ctx),
        _aemon_save,
    )


text(
    "01125",
    interrupt(
        "killed",
        _aemon,
        cost=(KNEEL_SELF,),
        when=lambda g, ctx: bool(_aemon_savable(g, ctx)),
    ),
)


# 01126 Old Bear Mormont — while you control The Wall, he does not kneel when declared as a
# defender; Interrupt: when the challenges phase ends, if you have not lost a challenge as
# the defending player this phase, put a [thenightswatch] card into play from your hand.
def _controls_the_wall(g: CardGame, source: int) -> bool:
    seat = g.controller(source)
    return any(g.defs[c].name == "The Wall" for c in g.cards_in_play(seat))


def _mormont_cards(g: CardGame, seat: int) -> list[int]:
    return [
        c
        for c in g.players[seat].hand
        if g.is_faction(c, NW)
        and g.defs[c].type in ("character", "location", "attachment")
        and A.can_bring_in(g, c, seat)
    ]


def _mormont_when(g: CardGame, ctx: Ctx) -> bool:
    return (
        phase_ends("challenges")(g, ctx)
        and not any(
            h[0] == "lost_defending" and h[1] == g.round and h[2] == ctx.you for h in g.history
        )
        and bool(_mormont_cards(g, ctx.you))
    )


def _mormont(g: CardGame, ctx: Ctx) -> None:
    choose_then(
        g,
        ctx.you,
        "Old Bear Mormont: put a Night's Watch card into play",
        _mormont_cards(g, ctx.you),
        lambda g, cid: A.put_into_play(g, ctx.you, cid),
    )


text(
    "01126",
    self_gains("defends_standing", _controls_the_wall),
    interrupt("phase_ends", _mormont, when=_mormont_when),
)

# 01127 Samwell Tarly — insight and +1 reserve: both printed, engine-driven (C17.3, C15.3);
# an empty entry so the catalogue counts it implemented.
text("01127")


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


# 01129 Yoren — Reaction: after you marshal Yoren, choose a character with printed cost 3 or
# lower in an opponent's discard pile and put it into play under your control.
def _yoren_options(g: CardGame, ctx: Ctx) -> list[int]:
    return [
        c
        for seat in g.opponents(ctx.you)
        for c in g.players[seat].discard
        if g.defs[c].type == "character"
        and (g.defs[c].cost or 0) <= 3
        and A.can_bring_in(g, c, ctx.you)
    ]


def _yoren(g: CardGame, ctx: Ctx) -> None:
    choose_then(
        g,
        ctx.you,
        "Yoren: choose a character to put into play under your control",
        _yoren_options(g, ctx),
        lambda g, cid: A.put_into_play(g, ctx.you, cid),
    )


text(
    "01129",
    reaction(
        "marshaled",
        _yoren,
        when=lambda g, ctx: (
            ctx.occ is not None and ctx.source in ctx.occ.cards and bool(_yoren_options(g, ctx))
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
text("01133", reduce_next_marshal("thenightswatch", "character"))

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
    g.emit(A.event("gold_taken", player=ctx.you, opponent=seat, amount=1))


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


# 01137 The Wall — each [thenightswatch] character you control gets +1 STR; Forced Reaction:
# after you lose an unopposed challenge, kneel The Wall; Interrupt: when the challenges phase
# ends, kneel The Wall (cost) to gain 2 power for your faction.
def _wall_boost(g: CardGame, source: int, target: int) -> bool:
    return (
        g.where[target] == "play"
        and g.controller(target) == g.controller(source)
        and _nw_character(g, target)
    )


def _lost_unopposed(g: CardGame, ctx: Ctx) -> bool:
    ch = g.challenge
    return you_lose()(g, ctx) and ch is not None and ch.unopposed and g.standing(ctx.source)


text(
    "01137",
    Modifier("strength", _wall_boost),
    forced_reaction("challenge_won", lambda g, ctx: A.kneel(g, [ctx.source]), when=_lost_unopposed),
    interrupt(
        "phase_ends",
        lambda g, ctx: A.gain_power(g, faction_card(g, ctx.you), 2),
        cost=(KNEEL_SELF,),
        when=phase_ends("challenges"),
    ),
)


# 01139 Take the Black — Dominance Action: choose a non-unique character with printed cost 6
# or lower (that you do not control) and take control of it. Max 1 per round.
def _take_the_black_ok(g: CardGame, ctx: Ctx, cid: int) -> bool:
    return not g.defs[cid].unique and (g.defs[cid].cost or 0) <= 6 and g.controller(cid) != ctx.you


text(
    "01139",
    event(
        "action",
        lambda g, ctx: A.take_control(g, ctx.target, ctx.you),
        phase="dominance",
        target=a_character(_take_the_black_ok, "choose a character to take control of"),
        max=(1, "round"),
    ),
)


# 01140 The Sword in the Darkness — play only during a challenge in which you control a
# participating [thenightswatch] character; Reaction: after you win a challenge by 5 or more
# STR as the defending player, the losing opponent cannot initiate challenges against you
# this round.
def _nw_participates(g: CardGame, ctx: Ctx) -> bool:
    return any(participating(g, c) and _nw_character(g, c) for c in g.characters(ctx.you))


def _sword_when(g: CardGame, ctx: Ctx) -> bool:
    ch = g.challenge
    return you_win(attacking=False)(g, ctx) and ch is not None and ch.difference >= 5


def _sword(g: CardGame, ctx: Ctx) -> None:
    assert ctx.occ is not None
    loser = ctx.occ.get("loser")
    until(g, f"cannot_challenge:{ctx.you}", [loser], 1, "round", ctx.source, players=True)


text(
    "01140",
    PlayIf(_nw_participates),
    event("reaction", _sword, on="challenge_won", when=_sword_when),
)
