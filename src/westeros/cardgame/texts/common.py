"""Building blocks card texts share: tests on cards, common costs, targets, triggering
conditions and small effects. A card entry should read like its text.
"""

from __future__ import annotations

from collections.abc import Callable

from westeros.cardgame import actions as A
from westeros.cardgame import decisions as D
from westeros.cardgame.abilities import (
    ACTION,
    FORCED_INTERRUPT,
    FORCED_REACTION,
    INTERRUPT,
    REACTION,
    WHEN_REVEALED,
    Ability,
    Check,
    Cost,
    Ctx,
    Effect,
    Modifier,
    Occ,
    Target,
)
from westeros.cardgame.flow import ask, current_occurrence, occur
from westeros.cardgame.phases import DELAYED, at_end_of
from westeros.cardgame.state import CardGame, Lasting
from westeros.engine import Choice

# -- tests on cards (g, ctx, card) -----------------------------------------------------


def is_character(g: CardGame, cid: int) -> bool:
    return g.defs[cid].type == "character" and g.where[cid] == "play"


def is_location(g: CardGame, cid: int) -> bool:
    return g.defs[cid].type == "location" and g.where[cid] == "play"


def is_attachment(g: CardGame, cid: int) -> bool:
    return g.defs[cid].type == "attachment" and g.where[cid] == "play"


def mine(g: CardGame, ctx: Ctx, cid: int) -> bool:
    return g.controller(cid) == ctx.you


def theirs(g: CardGame, ctx: Ctx, cid: int) -> bool:
    return g.controller(cid) != ctx.you


def lord_or_lady(g: CardGame, cid: int) -> bool:
    return g.has_trait(cid, "Lord") or g.has_trait(cid, "Lady")


def faction_card(g: CardGame, seat: int) -> int:
    return g.players[seat].faction


def opponent(g: CardGame, ctx: Ctx) -> int | None:
    """The (single) opponent in a joust; in melee, card texts choose one."""
    others = g.opponents(ctx.you)
    return others[0] if others else None


def participating(g: CardGame, cid: int) -> bool:
    ch = g.challenge
    return ch is not None and (cid in ch.attackers or cid in ch.defenders or attacking(g, cid))


def attacking(g: CardGame, cid: int) -> bool:
    """Declared as an attacker, or considered to be attacking (Jon Snow, C23 Q27)."""
    ch = g.challenge
    return ch is not None and (cid in ch.attackers or g.has("considered_attacking", cid))


def defending(g: CardGame, cid: int) -> bool:
    return g.challenge is not None and cid in g.challenge.defenders


# -- costs (C16.5) ---------------------------------------------------------------------


def _kneel_self_pay(g: CardGame, ctx: Ctx, _: int) -> None:
    A.kneel_now(g, ctx.source)


KNEEL_SELF = Cost("kneel this card", lambda g, ctx: g.standing(ctx.source), _kneel_self_pay)


def _kneel_faction_pay(g: CardGame, ctx: Ctx, _: int) -> None:
    A.kneel_now(g, faction_card(g, ctx.you))


KNEEL_FACTION = Cost(
    "kneel your faction card",
    lambda g, ctx: g.standing(faction_card(g, ctx.you)),
    _kneel_faction_pay,
)


def _leave_self(label: str, zone: str, kind: str) -> Cost:
    """A cost that takes this card out of play (it cannot be saved, C16.5.4)."""

    def pay(g: CardGame, ctx: Ctx, _: int) -> None:
        left_as_cost(g, ctx.source, zone, kind)

    return Cost(label, lambda g, ctx: g.where[ctx.source] == "play", pay)


def left_as_cost(g: CardGame, cid: int, zone: str, kind: str) -> None:
    """A card leaves play to pay a cost: at once and unsaved (C16.5.4, C18.8.2); reactions
    to its being sacrificed (or returned) and to its leaving play still follow (C16.4)."""
    A.leave_play(g, cid, zone)
    g.emit(A.event(kind, cards=[cid], names=[g.name(cid)]))
    A.check_attachments(g)
    occur(g, Occ(kind, (cid,), g.owner[cid], (("cost", True),)))
    occur(g, Occ("leaves_play", (cid,), info=(("how", kind),)))


SACRIFICE_SELF = _leave_self("sacrifice this card", "discard", "sacrificed")


def gold(amount: int) -> Cost:
    """Pay ``amount`` gold from your gold pool."""

    def pay(g: CardGame, ctx: Ctx, _: int) -> None:
        A.pay_cost_gold(g, ctx, amount)

    return Cost(f"{amount} gold", lambda g, ctx: g.players[ctx.you].gold >= amount, pay)


def kneel_a(test: Callable[[CardGame, int], bool], label: str) -> Cost:
    """Kneel a standing card you control that passes ``test``."""

    def options(g: CardGame, ctx: Ctx) -> list[int]:
        return [c for c in g.cards_in_play(ctx.you) if g.standing(c) and test(g, c)]

    def pay(g: CardGame, ctx: Ctx, pick: int) -> None:
        A.kneel_now(g, pick)

    return Cost(label, lambda g, ctx: bool(options(g, ctx)), pay, options)


def sacrifice_a(test: Callable[[CardGame, int], bool], label: str) -> Cost:
    """Sacrifice a card you control that passes ``test`` (C18.11)."""

    def options(g: CardGame, ctx: Ctx) -> list[int]:
        return [c for c in g.cards_in_play(ctx.you) if test(g, c)]

    def pay(g: CardGame, ctx: Ctx, pick: int) -> None:
        left_as_cost(g, pick, "discard", "sacrificed")

    return Cost(label, lambda g, ctx: bool(options(g, ctx)), pay, options)


def discard_power_self(amount: int = 1) -> Cost:
    def pay(g: CardGame, ctx: Ctx, _: int) -> None:
        A.discard_power(g, ctx.source, amount)

    return Cost(
        f"discard {amount} power from this card",
        lambda g, ctx: ctx.source in g.play and g.play[ctx.source].power >= amount,
        pay,
    )


def _discard_from_hand_options(g: CardGame, ctx: Ctx) -> list[int]:
    return list(g.players[ctx.you].hand)


def _discard_from_hand_pay(g: CardGame, ctx: Ctx, pick: int) -> None:
    A.to_zone(g, pick, "discard")
    g.emit(A.event("hand_discarded", player=ctx.you, cards=[pick], names=[g.name(pick)]))


DISCARD_FROM_HAND = Cost(
    "discard 1 card from your hand",
    lambda g, ctx: bool(g.players[ctx.you].hand),
    _discard_from_hand_pay,
    _discard_from_hand_options,
)


RETURN_SELF = _leave_self("return this card to your hand", "hand", "returned")


# -- targets (C16.6) -------------------------------------------------------------------


def a_character(
    test: Callable[[CardGame, Ctx, int], bool] | None = None, prompt: str = "choose a character"
) -> Target:
    def ok(g: CardGame, ctx: Ctx, cid: int) -> bool:
        return is_character(g, cid) and (test is None or test(g, ctx, cid))

    return Target(ok, prompt, type="character")


def a_card(
    test: Callable[[CardGame, Ctx, int], bool], prompt: str = "choose a card", **kw: object
) -> Target:
    return Target(test, prompt, **kw)  # type: ignore[arg-type]


def an_opponent(prompt: str = "choose an opponent") -> Target:
    return Target(lambda g, ctx, seat: seat != ctx.you, prompt, players=True)


def holds_reducible(test_name: str) -> Check:
    """A reducer action could matter (C1.4): you hold a card that REDUCER_TESTS[test_name]
    accepts."""

    def check(g: CardGame, ctx: Ctx) -> bool:
        test = A.REDUCER_TESTS[test_name]
        return any(test(g, c) for c in g.players[ctx.you].hand)

    return check


MARSHALED_TYPES = ("character", "location", "attachment")


def reduce_next_marshal(faction: str, kind: str, amount: int = 1) -> Ability:
    """ "Marshaling Action: Kneel <this card> to reduce the cost of the next [faction] <kind>
    you marshal this phase by N." ``kind`` is "character" or "card" (a character, location or
    attachment: events are played, not marshaled). Offered only while you hold such a card
    (C1.4)."""
    types = ("character",) if kind == "character" else MARSHALED_TYPES
    name = f"{faction} {kind}"

    def test(g: CardGame, c: int) -> bool:
        return g.defs[c].faction == faction and g.defs[c].type in types

    A.REDUCER_TESTS[name] = test

    def effect(g: CardGame, ctx: Ctx) -> None:
        A.add_reducer(g, ctx.you, name, amount, ctx.source)

    return action(effect, phase="marshaling", cost=(KNEEL_SELF,), when=holds_reducible(name))


# -- triggering conditions (ctx.occ) ---------------------------------------------------


def you_win(type_: str | None = None, attacking: bool | None = None) -> Check:
    """ "After you win a [type] challenge" (as attacker or defender if ``attacking``)."""

    def check(g: CardGame, ctx: Ctx) -> bool:
        occ = ctx.occ
        return (
            occ is not None
            and occ.player == ctx.you
            and (type_ is None or occ.get("type") == type_)
            and (attacking is None or occ.get("attacking") == attacking)
        )

    return check


def you_lose(type_: str | None = None) -> Check:
    def check(g: CardGame, ctx: Ctx) -> bool:
        occ = ctx.occ
        return (
            occ is not None
            and occ.get("loser") == ctx.you
            and (type_ is None or occ.get("type") == type_)
        )

    return check


def this_card_in(occ_cards: bool = True) -> Check:
    """The occurrence concerns this card."""

    def check(g: CardGame, ctx: Ctx) -> bool:
        return ctx.occ is not None and ctx.source in ctx.occ.cards

    return check


def phase_begins(phase: str) -> Check:
    def check(g: CardGame, ctx: Ctx) -> bool:
        return ctx.occ is not None and ctx.occ.get("phase") == phase

    return check


def phase_ends(phase: str) -> Check:
    """ "When the <phase> phase ends" (on="phase_ends")."""
    return phase_begins(phase)


def both(*checks: Check) -> Check:
    def check(g: CardGame, ctx: Ctx) -> bool:
        return all(c(g, ctx) for c in checks)

    return check


# -- abilities -------------------------------------------------------------------------


def action(effect: Effect, **kw: object) -> Ability:
    return Ability(ACTION, effect, **kw)  # type: ignore[arg-type]


def reaction(on: str, effect: Effect, **kw: object) -> Ability:
    return Ability(REACTION, effect, on=on, **kw)  # type: ignore[arg-type]


def interrupt(on: str, effect: Effect, **kw: object) -> Ability:
    return Ability(INTERRUPT, effect, on=on, **kw)  # type: ignore[arg-type]


def forced_reaction(on: str, effect: Effect, **kw: object) -> Ability:
    return Ability(FORCED_REACTION, effect, on=on, **kw)  # type: ignore[arg-type]


def forced_interrupt(on: str, effect: Effect, **kw: object) -> Ability:
    return Ability(FORCED_INTERRUPT, effect, on=on, **kw)  # type: ignore[arg-type]


def when_revealed(effect: Effect, **kw: object) -> Ability:
    return Ability(WHEN_REVEALED, effect, **kw)  # type: ignore[arg-type]


def event(kind: str, effect: Effect, **kw: object) -> Ability:
    """An event's ability, used from hand (C2.7); ``kind`` is ACTION, REACTION or INTERRUPT."""
    return Ability(kind, effect, zone="hand", **kw)  # type: ignore[arg-type]


# -- modifiers -------------------------------------------------------------------------


def while_in_play(
    stat: str, applies: Callable[[CardGame, int, int], bool], amount: int = 1
) -> Modifier:
    return Modifier(stat, applies, lambda g, s, t: amount)


def for_you(
    stat: str, amount: int = 1, when: Callable[[CardGame, int], bool] | None = None
) -> Modifier:
    """A modifier of the controller's player value (income, claim, reserve, challenges…)."""

    def applies(g: CardGame, source: int, seat: int) -> bool:
        return g.controller(source) == seat and (when is None or when(g, source))

    return Modifier(stat, applies, lambda g, s, t: amount, players=True)


def for_each_player(
    stat: str, when: Callable[[CardGame, int, int], bool] | None = None, amount: int = 1
) -> Modifier:
    def applies(g: CardGame, source: int, seat: int) -> bool:
        return when is None or when(g, source, seat)

    return Modifier(stat, applies, lambda g, s, t: amount, players=True)


def self_str(
    amount: int | Callable[[CardGame, int], int],
    when: Callable[[CardGame, int], bool] | None = None,
) -> Modifier:
    """This card gets +N STR (optionally while a condition holds)."""

    def applies(g: CardGame, source: int, target: int) -> bool:
        return source == target and (when is None or when(g, source))

    if callable(amount):
        fn = amount
        return Modifier("strength", applies, lambda g, s, t: fn(g, s))
    n = amount
    return Modifier("strength", applies, lambda g, s, t: n)


def self_gains(stat: str, when: Callable[[CardGame, int], bool] | None = None) -> Modifier:
    """This card gains an icon/keyword/trait (``stat`` like "keyword:renown")."""

    def applies(g: CardGame, source: int, target: int) -> bool:
        return source == target and (when is None or when(g, source))

    return Modifier(stat, applies)


def attached_gets(stat: str, amount: int = 1) -> Modifier:
    """The attached character gets/gains (attachments)."""

    def applies(g: CardGame, source: int, target: int) -> bool:
        return g.play[source].parent == target

    return Modifier(stat, applies, lambda g, s, t: amount)


# -- lasting effects (C16.15) ----------------------------------------------------------


def until(
    g: CardGame,
    stat: str,
    targets: list[int] | tuple[int, ...],
    amount: int,
    period: str,
    source: int = -1,
    players: bool = False,
) -> None:
    """Targets get ``amount`` of ``stat`` until the end of ``period`` (challenge/phase/round)."""
    g.lasting = (*g.lasting, Lasting(stat, frozenset(targets), amount, period, source, players))
    g.changed()
    if stat == "strength" and not players and targets:
        if amount > 0:  # e.g. Randyll Tarly reacts to this
            occur(g, Occ("strength_raised", tuple(targets), info=(("amount", amount),)))
        else:
            A.check_burn(g)


def burn(g: CardGame, target: int, amount: int, period: str = "phase", source: int = -1) -> None:
    """ "Until the end of the <period>, that character gets -N STR and is killed if its STR is
    0" (a lasting "burn" effect; :func:`westeros.cardgame.actions.check_burn` kills)."""
    g.lasting = (*g.lasting, Lasting("burn", frozenset((target,)), 1, period, source))
    until(g, "strength", [target], -amount, period, source)


def return_at_end(g: CardGame, cid: int, period: str = "phase", save: bool = True) -> None:
    """A delayed effect (C16.16): at the end of the ``period``, if this copy of ``cid`` is
    still in play, return it to its owner's hand."""
    if cid in g.play:
        at_end_of(g, period, "return_if_still_in_play", cid, g.play[cid].entered, save)


def discard_at_end(g: CardGame, cid: int, period: str = "phase") -> None:
    """A delayed effect (C16.16): at the end of the ``period``, if this copy of ``cid`` is
    still in play, discard it from play (cannot be saved)."""
    if cid in g.play:
        at_end_of(g, period, "discard_if_still_in_play", cid, g.play[cid].entered)


def _same_copy(g: CardGame, cid: int, entered: int) -> bool:
    """The card is still in play as the copy the effect named (C16.19.1: a new copy when it
    left and came back)."""
    return cid in g.play and g.where[cid] == "play" and g.play[cid].entered == entered


def _return_if_still_in_play(g: CardGame, cid: int, entered: int, save: bool) -> None:
    if _same_copy(g, cid, entered):
        A.return_to_hand(g, [cid], save=save)


def _discard_if_still_in_play(g: CardGame, cid: int, entered: int) -> None:
    if _same_copy(g, cid, entered):
        A.discard_from_play(g, [cid], save=False)


DELAYED["return_if_still_in_play"] = _return_if_still_in_play
DELAYED["discard_if_still_in_play"] = _discard_if_still_in_play


# -- choices inside effects ------------------------------------------------------------


def choose_then(
    g: CardGame,
    seat: int,
    prompt: str,
    options: list[int],
    then: Callable[[CardGame, int], None],
    optional: bool = False,
) -> None:
    """Ask ``seat`` to pick one of ``options`` (or "none" when ``optional``), then run ``then``."""
    choices: list[Choice] = list(options)
    if optional:
        choices.append("none")
    if not options:
        return
    ask(g, seat, D.PICK, prompt, choices, _chosen, then)


def _chosen(g: CardGame, choice: Choice, then: Callable[[CardGame, int], None]) -> None:
    if choice != "none":
        then(g, int(choice))


def search_top(
    g: CardGame, seat: int, count: int, test: Callable[[CardGame, int], bool], prompt: str
) -> None:
    """Search the top ``count`` cards of your deck for a card passing ``test``, reveal it, add it
    to your hand, then shuffle your deck (C3.8: a search need not find anything)."""
    top = g.players[seat].deck[-count:]
    found = [c for c in top if test(g, c)]
    if not found:
        A.shuffle_deck(g, seat)
        return
    ask(g, seat, D.PICK, prompt, [*found, "none"], _searched, seat)


def _searched(g: CardGame, choice: Choice, seat: int) -> None:
    if choice != "none":
        cid = int(choice)
        A.to_zone(g, cid, "hand")
        g.emit(A.event("searched", player=seat, card=cid, name=g.name(cid)))
    A.shuffle_deck(g, seat)


def each_player_chooses(
    g: CardGame,
    prompt: str,
    options: Callable[[CardGame, int], list[int]],
    count: int,
    then: Callable[[CardGame, tuple[int, ...]], None],
    up_to: bool = True,
) -> None:
    """C16.21: each player in player order chooses up to ``count`` cards; then ``then`` runs
    once with every choice."""
    _next_chooser(g, prompt, options, count, then, up_to, tuple(g.order()), 0, ())


def _next_chooser(
    g: CardGame,
    prompt: str,
    options: Callable[[CardGame, int], list[int]],
    count: int,
    then: Callable[[CardGame, tuple[int, ...]], None],
    up_to: bool,
    order: tuple[int, ...],
    picked_here: int,
    chosen: tuple[int, ...],
) -> None:
    if not order:
        then(g, chosen)
        return
    seat = order[0]
    left = [c for c in options(g, seat) if c not in chosen]
    if picked_here >= count or not left:
        _next_chooser(g, prompt, options, count, then, up_to, order[1:], 0, chosen)
        return
    choices: list[Choice] = list(left)
    if up_to:
        choices.append("done")
    ask(
        g,
        seat,
        D.PICK,
        prompt,
        choices,
        _each_chosen,
        prompt,
        options,
        count,
        then,
        up_to,
        order,
        picked_here,
        chosen,
    )


def _each_chosen(
    g: CardGame,
    choice: Choice,
    prompt: str,
    options: Callable[[CardGame, int], list[int]],
    count: int,
    then: Callable[[CardGame, tuple[int, ...]], None],
    up_to: bool,
    order: tuple[int, ...],
    picked_here: int,
    chosen: tuple[int, ...],
) -> None:
    if choice == "done":
        _next_chooser(g, prompt, options, count, then, up_to, order[1:], 0, chosen)
    else:
        _next_chooser(
            g, prompt, options, count, then, up_to, order, picked_here + 1, (*chosen, int(choice))
        )


def record(g: CardGame, *fact: object) -> None:
    """Remember a fact for later card checks ("if you have … this round")."""
    g.history = g.history | {tuple(fact)}


# -- replacing and saving (C16.14, C18.8) ----------------------------------------------


def leave_instead(g: CardGame, cid: int, zone: str) -> None:
    """C16.14: the leaving-play occurrence being interrupted puts ``cid`` into ``zone`` (e.g.
    "hand") instead of where it would go; the occurrence still happens to it."""
    step = current_occurrence(g)
    if step is None or cid not in step.occ.cards:
        return
    occ = step.occ
    moved = (*occ.get("instead", ()), (cid, zone))
    info = (*((k, v) for k, v in occ.info if k != "instead"), ("instead", moved))
    step.occ = Occ(occ.kind, occ.cards, occ.player, info)
