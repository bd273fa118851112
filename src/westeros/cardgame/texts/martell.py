"""Card texts: martell cards (one entry per card, registered by code)."""

from __future__ import annotations

from collections.abc import Callable

from westeros.cardgame import actions as A
from westeros.cardgame import decisions as D
from westeros.cardgame.abilities import ACTION, REACTION, Ctx, Modifier, PlayIf, text
from westeros.cardgame.cards import CHALLENGES
from westeros.cardgame.flow import Call, ask, do
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import (
    KNEEL_SELF,
    SACRIFICE_SELF,
    a_card,
    a_character,
    action,
    attacking,
    event,
    faction_card,
    gold,
    is_character,
    lord_or_lady,
    participating,
    reaction,
    reduce_next_marshal,
    self_gains,
    until,
    you_lose,
    you_win,
)
from westeros.engine import Choice


def _used_plots(g: CardGame, source: int) -> int:
    return len(g.players[g.controller(source)].used)


def _lost_as_defender(g: CardGame, ctx: Ctx) -> bool:
    """After you lose a challenge as the defending player."""
    return you_lose()(g, ctx) and g.challenge is not None and g.challenge.defender == ctx.you


def _ask_icon(
    g: CardGame,
    seat: int,
    prompt: str,
    icons: list[str],
    then: Callable[..., object],
    *args: object,
) -> None:
    choices: list[Choice] = list(icons)
    ask(g, seat, D.NAME, prompt, choices, then, *args)


# 01103 Areo Hotah — Ambush (5). After he enters play during a challenge, choose a
# participating character and remove it from the challenge.
def _areo_when(g: CardGame, ctx: Ctx) -> bool:
    ch = g.challenge
    return (
        ctx.occ is not None
        and ctx.source in ctx.occ.cards
        and ch is not None
        and bool(ch.attackers or ch.defenders)
    )


text(
    "01103",
    reaction(
        "enters_play",
        lambda g, ctx: A.remove_from_challenge(g, ctx.target),
        when=_areo_when,
        target=a_character(
            lambda g, ctx, c: participating(g, c), "choose a participating character"
        ),
    ),
)


# 01104 Arianne Martell — Action: put a character with printed cost 5 or lower into play
# from your hand, then return Arianne to your hand (cannot be saved) (Limit once per phase).
def _arianne(g: CardGame, ctx: Ctx) -> None:
    A.put_into_play(g, ctx.you, ctx.target)
    do(g, Call(lambda g: A.return_to_hand(g, [ctx.source], save=False)))  # C18.8.1


text(
    "01104",
    action(
        _arianne,
        limit=(1, "phase"),
        target=a_card(
            lambda g, ctx, c: g.defs[c].type == "character"
            and (g.defs[c].cost or 0) <= 5
            and A.can_bring_in(g, c, ctx.you),
            "choose a character (printed cost 5 or lower) to put into play",
            zone="hand",
        ),
    ),
)


# 01105 Doran Martell — Insight. Each other [martell] Lord and Lady character you control
# gets +1 STR for each plot card in your used pile.
def _doran_applies(g: CardGame, source: int, target: int) -> bool:
    return (
        target != source
        and is_character(g, target)
        and g.controller(target) == g.controller(source)
        and g.defs[target].faction == "martell"
        and lord_or_lady(g, target)
    )


text("01105", Modifier("strength", _doran_applies, lambda g, s, t: _used_plots(g, s)))


# 01106 Edric Dayne — Stealth. Action: pay 1 gold: he gains a challenge icon of your choice
# until the end of the phase.
def _missing_icons(g: CardGame, cid: int) -> list[str]:
    return [i for i in CHALLENGES if not g.has_icon(cid, i)]


def _edric(g: CardGame, ctx: Ctx) -> None:
    icons = _missing_icons(g, ctx.source)
    if icons:
        _ask_icon(g, ctx.you, "Edric Dayne: gain which icon?", icons, _edric_chosen, ctx.source)


def _edric_chosen(g: CardGame, icon: Choice, cid: int) -> None:
    until(g, f"icon:{icon}", [cid], 1, "phase", source=cid)


text(
    "01106",
    action(_edric, cost=(gold(1),), when=lambda g, ctx: bool(_missing_icons(g, ctx.source))),
)


# 01107 Maester Caleotte — after you lose a challenge in which he participates, choose a
# character: it loses a challenge icon of your choice until the end of the phase.
def _caleotte(g: CardGame, ctx: Ctx) -> None:
    _ask_icon(
        g,
        ctx.you,
        "Maester Caleotte: which icon does it lose?",
        g.icons(ctx.target),
        _caleotte_chosen,
        ctx.target,
        ctx.source,
    )


def _caleotte_chosen(g: CardGame, icon: Choice, cid: int, source: int) -> None:
    until(g, f"icon:{icon}", [cid], -1, "phase", source=source)


text(
    "01107",
    reaction(
        "challenge_won",
        _caleotte,
        when=lambda g, ctx: you_lose()(g, ctx) and participating(g, ctx.source),
        target=a_character(lambda g, ctx, c: bool(g.icons(c)), "choose a character"),
    ),
)


# 01108 Obara Sand — may be declared as a defender in [power] challenges in which you are
# the defending player, even while kneeling (and without a [power] icon, C0.1: card text).
def _obara(g: CardGame, source: int, target: int) -> bool:
    ch = g.challenge
    return (
        source == target
        and ch is not None
        and ch.type == "power"
        and ch.defender == g.controller(source)
    )


text(
    "01108",
    Modifier("defends_knelt", _obara),
    Modifier("defends_without_icon", _obara),  # she has no [power] icon: text overrides C11.5
)


# 01109 The Red Viper — after you win a challenge in which he attacks, he gains 1 power for
# every 5 STR by which you won.
def _viper_when(g: CardGame, ctx: Ctx) -> bool:
    ch = g.challenge
    return (
        you_win(attacking=True)(g, ctx)
        and ch is not None
        and attacking(g, ctx.source)
        and ch.difference >= 5
    )


def _viper(g: CardGame, ctx: Ctx) -> None:
    ch = g.challenge
    assert ch is not None
    A.gain_power(g, ctx.source, ch.difference // 5)


text("01109", reaction("challenge_won", _viper, when=_viper_when))

# 01110 Desert Scavenger — Marshaling Action: kneel it: the next [martell] character you
# marshal this phase costs 1 less.
text("01110", reduce_next_marshal("martell", "character"))


# 01111 Dornish Paramour — after it is declared as an attacker, choose a character of the
# defending player: it must be declared as a defender for this challenge, if able.
def _paramour_when(g: CardGame, ctx: Ctx) -> bool:
    return ctx.occ is not None and ctx.source in ctx.occ.cards and g.challenge is not None


def _paramour_target(g: CardGame, ctx: Ctx, c: int) -> bool:
    return g.challenge is not None and g.controller(c) == g.challenge.defender


text(
    "01111",
    reaction(
        "attackers_declared",
        lambda g, ctx: until(g, "must_defend", [ctx.target], 1, "challenge", ctx.source),
        when=_paramour_when,
        target=a_character(_paramour_target, "choose a character that must defend"),
    ),
)


# 01112 Greenblood Trader — after it enters play, look at the top 2 cards of your deck, add
# up to 1 to your hand and place the others on the bottom in any order.
def _greenblood(g: CardGame, ctx: Ctx) -> None:
    top = list(reversed(g.players[ctx.you].deck[-2:]))  # top card first
    choices: list[Choice] = [*top, "none"]
    ask(
        g,
        ctx.you,
        D.PICK,
        "Greenblood Trader: add a card to your hand",
        choices,
        _greenblood_pick,
        ctx.you,
        tuple(top),
    )


def _greenblood_pick(g: CardGame, choice: Choice, seat: int, top: tuple[int, ...]) -> None:
    if choice != "none":
        A.to_zone(g, int(choice), "hand")
        g.emit(A.event("card_to_hand", player=seat))
    rest = [c for c in top if c != choice]
    if len(rest) > 1:
        ask(
            g,
            seat,
            D.PICK,
            "Greenblood Trader: which card goes to the very bottom?",
            list(rest),
            _greenblood_bottom,
            seat,
            tuple(rest),
        )
    else:
        _to_bottom(g, seat, rest)


def _greenblood_bottom(g: CardGame, choice: Choice, seat: int, rest: tuple[int, ...]) -> None:
    _to_bottom(g, seat, [int(choice), *[c for c in rest if c != choice]])


def _to_bottom(g: CardGame, seat: int, cards: list[int]) -> None:
    """Place ``cards`` on the bottom of the deck, the first one lowest."""
    deck = g.players[seat].deck
    for c in reversed(cards):
        deck.remove(c)
        deck.insert(0, c)


text(
    "01112",
    reaction(
        "enters_play",
        _greenblood,
        when=lambda g, ctx: ctx.occ is not None
        and ctx.source in ctx.occ.cards
        and bool(g.players[ctx.you].deck),
    ),
)

# 01113 House Dayne Knight — no text.

# 01114 Palace Spearman — No attachments (keyword). While you are not the first player, it
# gains an [intrigue] icon.
text("01114", self_gains("icon:intrigue", lambda g, s: g.first != g.controller(s)))


# 01115 Dawn — attached character gets +1 STR for each plot card in your used pile; while it
# has the House Dayne trait, it gains intimidate.
def _dawn_parent(g: CardGame, source: int, target: int) -> bool:
    return g.play[source].parent == target


text(
    "01115",
    Modifier("strength", _dawn_parent, lambda g, s, t: _used_plots(g, s)),
    Modifier(
        "keyword:intimidate",
        lambda g, s, t: _dawn_parent(g, s, t) and g.has_trait(t, "House Dayne"),
    ),
)

# 01116 Ghaston Grey — after you lose a challenge as the defending player, kneel and
# sacrifice it to return an attacking character to its owner's hand (cannot be saved).
text(
    "01116",
    reaction(
        "challenge_won",
        lambda g, ctx: A.return_to_hand(g, [ctx.target], save=False),  # C18.8.1
        when=_lost_as_defender,
        cost=(KNEEL_SELF, SACRIFICE_SELF),
        target=a_character(lambda g, ctx, c: attacking(g, c), "choose an attacking character"),
    ),
)


# 01117 Sunspear — after you lose a challenge as the defending player, kneel it: your claim
# is +1 in challenges of that type until the end of the phase.
def _sunspear(g: CardGame, ctx: Ctx) -> None:
    assert ctx.occ is not None
    until(g, "claim:" + str(ctx.occ.get("type")), [ctx.you], 1, "phase", ctx.source, True)


text(
    "01117",
    reaction("challenge_won", _sunspear, when=_lost_as_defender, cost=(KNEEL_SELF,)),
)

# 01118 Blood Orange Grove — Limited. Marshaling Action: kneel it: the next [martell] card
# you marshal this phase costs 1 less.
text("01118", reduce_next_marshal("martell", "card"))


# 01119 Doran's Game — after you win an [intrigue] challenge by 5 or more STR, gain X power
# for your faction, X = plot cards in your used pile (Max 1 per challenge).
def _dorans_game_when(g: CardGame, ctx: Ctx) -> bool:
    ch = g.challenge
    return (
        you_win("intrigue")(g, ctx)
        and ch is not None
        and ch.difference >= 5
        and len(g.players[ctx.you].used) > 0
    )


text(
    "01119",
    event(
        REACTION,
        lambda g, ctx: A.gain_power(g, faction_card(g, ctx.you), len(g.players[ctx.you].used)),
        on="challenge_won",
        when=_dorans_game_when,
        max=(1, "challenge"),
    ),
)


# 01121 Confinement — choose a character with STR 4 or lower: until the end of the phase it
# loses a [military], an [intrigue] and a [power] icon.
def _confinement(g: CardGame, ctx: Ctx) -> None:
    for icon in CHALLENGES:
        until(g, f"icon:{icon}", [ctx.target], -1, "phase", ctx.source)


text(
    "01121",
    event(
        ACTION,
        _confinement,
        target=a_character(
            lambda g, ctx, c: g.strength(c) <= 4 and bool(g.icons(c)),
            "choose a character with STR 4 or lower",
        ),
    ),
)


# 01120 Unbowed, Unbent, Unbroken — play only if you are not the first player. After you
# lose a challenge as the defending player, name a challenge type: until the end of the
# phase the winner cannot initiate challenges of that type (Max 1 per challenge).
def _unbowed(g: CardGame, ctx: Ctx) -> None:
    assert ctx.occ is not None
    winner = ctx.occ.player
    _ask_icon(
        g,
        ctx.you,
        "Unbowed, Unbent, Unbroken: name a challenge type",
        list(CHALLENGES),
        _unbowed_named,
        winner,
        ctx.source,
    )


def _unbowed_named(g: CardGame, type_: Choice, winner: int, source: int) -> None:
    until(g, f"cannot_initiate:{type_}", [winner], 1, "phase", source, True)


text(
    "01120",
    PlayIf(lambda g, ctx: g.first != ctx.you),
    event(REACTION, _unbowed, on="challenge_won", when=_lost_as_defender, max=(1, "challenge")),
)
