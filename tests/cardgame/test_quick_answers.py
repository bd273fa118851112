"""The quick tests of who could answer or act (flow's index of answering abilities, the
first usable one found, the player actions tried until the first) give the same answers as
listing everything, in every position of whole random games (C1.9, C6.4, C16.9): they are
speed only. Also: the records that clones share, and the texts' change counter."""

from __future__ import annotations

import pytest

from westeros.cardgame import actions as A
from westeros.cardgame import flow
from westeros.cardgame.abilities import INTERRUPT, REACTION, TEXTS, CardText, Ctx, use_ctx
from westeros.cardgame.state import LIST_ZONES, CardGame
from westeros.engine import Rng, new_game


def _could_act_listing(g: CardGame, seat: int, window: str) -> bool:
    """ActionWindow._could the long way: every card action and player action listed."""

    def anything() -> bool:
        return bool(flow.card_actions(g, seat)) or bool(A.player_actions(g, seat, window))

    return flow._as_if_all_in_hand(g, seat, anything)


def _player_actions_listing(g: CardGame, seat: int, window: str) -> list[str]:
    """C6.5, C9.4, C17.2: every card in hand tested in full, in hand order."""
    verb = A.granted_action(g, seat, window)
    test = A.can_marshal if verb == "marshal" else A.can_ambush
    hand = g.players[seat].hand if verb else []
    return [f"{verb}:{c}" for c in hand if test(g, c, seat)]


def _could_answer_listing(
    g: CardGame, seat: int, occ: flow.Occ, kind: str, used: frozenset[tuple[int, int]]
) -> bool:
    if kind not in (INTERRUPT, REACTION):
        return False

    def unused() -> bool:
        return any((c.source, c.index) not in used for c in flow.triggered(g, occ, kind, seat))

    return flow._as_if_all_in_hand(g, seat, unused)


def _window_opens_listing(g: CardGame, occ: flow.Occ, kinds: tuple[str, ...]) -> bool:
    for cid in flow.trigger_sources(g):
        entry = flow.text_of(g.defs[cid].code)
        for i in entry.by_occ.get(occ.kind, ()):
            a = entry.abilities[i]
            if a.kind in kinds and flow.usable(g, a, flow.ctx_for(g, cid, i, occ)):
                return True
    return any(_could_answer_listing(g, s, occ, k, frozenset()) for s in g.order() for k in kinds)


def _live_uses_listing(g: CardGame, key: flow.Key, seat: int) -> list[flow.Use]:
    """flow._live_uses the long way (C1.9): the seat's events in hand or deck and agenda
    with an ability of ``key`` usable in this phase (C16.1), less the events costing more
    gold than it has while nothing reduces costs (C9.4.2), then its cards in play by id."""
    index, phase = flow._index(g), g.phase
    owned = index.owned.get(key, ())
    mine = owned[seat] if seat < len(owned) else ()
    out = [u for u in mine if u[2].phase in (None, phase) and g.where[u[0]] in flow._HELD]
    gold = g.players[seat].gold
    if flow.full_prices(g, seat):
        out = [u for u in out if u[2].zone != "hand" or (g.defs[u[0]].cost or 0) <= gold]
    for cid, uses in sorted(index.others.get(key, {}).items()):
        if cid in g.play and g.play[cid].controller == seat:
            out += [u for u in uses if u[2].phase in (None, phase)]
    return out


_STATS = ("keyword:ambush", "strength", "blank", "keyword:stealth", "reduce")


def _check_position(g: CardGame) -> int:
    """Compare the quick answers with the listings in this position; the number compared."""
    top = g.stack[-1] if g.stack else None
    compared = 0
    n, first = len(g.players), g.first  # C0.4: player order from the first player
    turn = [*range(first, n), *range(first)]
    assert g.order() == [s for s in turn if not g.players[s].eliminated]
    for seat in g.order():
        cards = g.players[seat].hand + g.players[seat].deck + g.cards_in_play(seat)
        for stat in _STATS:  # CardGame.having sums the modifiers as has() does, card by card
            assert g.having(stat, cards) == {c for c in cards if g.has(stat, c)}
            assert all(g.has(stat, c) == (g.bonus(stat, c) > 0) for c in cards)
        for stat in ("cannot_trigger", "cannot_play_events"):  # C16.1: player restrictions
            assert g.has(stat, seat, True) == (g.bonus(stat, seat, True) > 0)
        for key in flow._index(g).cards:  # a seat's live uses, listed the long way
            assert flow._live_uses(g, key, seat) == _live_uses_listing(g, key, seat)
        among = flow._answerers(g).get((flow.ANY_TIME, flow.ACTION), frozenset())
        assert flow.trigger_sources(g, seat, among) == [
            c for c in flow.trigger_sources(g, seat) if c in among
        ]
        if isinstance(top, flow.ActionWindow):
            assert top._could(g, seat) == _could_act_listing(g, seat, top.name)
            listed = A.player_actions(g, seat, top.name)
            assert A.could_take_action(g, seat, top.name) == bool(listed)
            assert listed == _player_actions_listing(g, seat, top.name)
            compared += 1
        if isinstance(top, flow.TriggerWindow):
            listed = _could_answer_listing(g, seat, top.occ, top.kind, top.used)
            assert top._could(g, seat) == listed
            compared += 1
    if isinstance(top, flow.TriggerWindow):
        for kinds in ((INTERRUPT, flow.FORCED_INTERRUPT), (REACTION, flow.FORCED_REACTION)):
            assert flow._answers(g, top.occ, kinds) == _window_opens_listing(g, top.occ, kinds)
    occ = top.occ if isinstance(top, flow.TriggerWindow) else None
    for cid in flow.trigger_sources(g):  # C16.4: the condition read first, the same answer
        entry = flow.text_of(g.defs[cid].code)
        for i in entry.by_occ.get(occ.kind, ()) if occ else range(len(entry.abilities)):
            a = entry.abilities[i]
            if occ is not None or a.kind == flow.ACTION:
                ctx = flow.ctx_for(g, cid, i, occ)
                assert flow._usable_with(g, a, ctx) == flow._usable_in_order(g, a, ctx)
    for cid in flow.trigger_sources(g):  # targets counted up to the number needed (C16.6)
        for i, a in enumerate(flow.text_of(g.defs[cid].code).abilities):
            if a.target is not None:
                ctx = flow.ctx_for(g, cid, i)
                needed = 1 if a.target.up_to else a.target.count
                enough = len(flow.candidates(g, a, ctx)) >= needed
                assert flow._enough_candidates(g, a, ctx) == enough
    return compared


@pytest.mark.parametrize(
    "decks",
    [["westeros-stark", "westeros-lannister"], ["Core-1", "Core-2", "Core-3", "Core-4"]],
)
def test_quick_answers_agree_with_the_listings(decks: list[str]) -> None:
    """C1.9, C6.4, C16.9: in every position of a random game, whether a window opens, whom
    it asks and whether a seat could act are the same by the quick tests and by listing
    every ability and player action (with the seat's deck as if in hand)."""
    g = new_game("cardgame", {"decks": decks, "auto": True}, 1)
    assert isinstance(g, CardGame)
    rng = Rng(1)
    compared = 0
    for _ in range(400):
        pending = g.pending()
        if not pending:
            break
        compared += _check_position(g)
        d = rng.choice(pending)
        g.apply(d.seat, rng.choice(d.choices))
    assert compared >= 100


@pytest.mark.parametrize("decks", [["Core-1", "Core-2", "Core-3", "Core-4"]])
def test_the_15_power_check_agrees_with_summing_every_time(decks: list[str]) -> None:
    """C20.3: the result check that sums power only after some power rose finds what summing
    after every step finds, in every position of a random melee won by power (power rises
    only through CardGame.update, which flags it)."""
    g = new_game("cardgame", {"decks": decks, "auto": True}, 1)
    assert isinstance(g, CardGame)
    rng = Rng(1)
    while pending := g.pending():
        quick = A.results(g)
        other = g.clone()
        other.power_moved = True
        assert A.results(other) == quick
        d = rng.choice(pending)
        g.apply(d.seat, rng.choice(d.choices))
    assert g.reason == "House Lannister reached 15 power"  # the game this seed plays


def test_clones_share_records_yet_change_apart() -> None:
    """A clone shares the in-play records (they never change, InPlay) and each game's
    changes replace its own: the other game keeps its values."""
    g = new_game("cardgame", {}, 3)
    assert isinstance(g, CardGame)
    faction = g.players[0].faction
    other = g.clone()
    assert other.play[faction] is g.play[faction]
    g.update(faction, knelt=True, power=4)
    assert g.play[faction].knelt and g.play[faction].power == 4
    assert not other.play[faction].knelt and other.play[faction].power == 0
    with pytest.raises(AttributeError):
        g.play[faction].knelt = False  # type: ignore[misc]


def test_a_players_copy_copies_every_field() -> None:
    g = new_game("cardgame", {}, 3)
    assert isinstance(g, CardGame)
    p = g.players[1]
    q = p.copy()
    for name in type(p).__slots__:
        assert getattr(q, name) == getattr(p, name), name
    for zone in LIST_ZONES:
        assert q.zone(zone) is not p.zone(zone)
    q.hand.append(-1)
    assert -1 not in p.hand


def test_the_texts_count_their_changes(texts: dict[str, CardText]) -> None:
    """What is worked out from the texts (flow's index) is worked out again after any
    change to them, whichever way the change is made."""
    assert texts is TEXTS
    code = next(iter(TEXTS))
    entry = TEXTS[code]
    steps = [
        lambda: TEXTS.__setitem__(code, entry),
        lambda: TEXTS.__delitem__(code),
        lambda: TEXTS.update({code: entry}),
        lambda: TEXTS.pop(code),
        lambda: TEXTS.setdefault(code, entry),
    ]
    for step in steps:
        before = TEXTS.version
        step()
        assert TEXTS.version > before
    assert TEXTS[code] is entry
    g = new_game("cardgame", {}, 3)
    assert isinstance(g, CardGame)
    index = flow._index(g)
    assert flow._index(g) is index
    TEXTS[code] = entry
    assert flow._index(g) is not index


def test_usable_keeps_its_tests_with_a_ctx() -> None:
    """``usable(g, a, ctx)`` (the form card texts use) answers as the quick form does."""
    g = new_game("cardgame", {"decks": ["westeros-stark", "westeros-lannister"]}, 2)
    assert isinstance(g, CardGame)
    for cid in flow.trigger_sources(g):
        for i, a in enumerate(flow.text_of(g.defs[cid].code).abilities):
            ctx = Ctx(cid, g.controller(cid), i)
            quick = flow._usable_at(g, a, cid, i, None)
            assert flow.usable(g, a, ctx) == (quick is not None)
            assert quick is None or quick == ctx


def test_a_uses_ctx_is_made_once_and_shared() -> None:
    """use_ctx gives the Ctx a new one would be (C16.4: a use with nothing chosen yet), the
    same object each time for the same use, and a use of another occurrence (equal or not)
    its own: a Ctx never changes, so sharing it changes nothing."""
    occ = flow.Occ("killed", (3,), 1)
    same = flow.Occ("killed", (3,), 1)
    ctx = use_ctx(5, 0, 1, occ)
    assert ctx == Ctx(5, 0, 1, occ) and use_ctx(5, 0, 1, occ) is ctx
    assert use_ctx(5, 0, 1, same).occ is same and use_ctx(5, 0, 1, occ).occ is occ
    assert use_ctx(5, 1, 1, occ) == Ctx(5, 1, 1, occ) and use_ctx(5, 0) == Ctx(5, 0)
    with pytest.raises(AttributeError):
        ctx.targets = (1,)  # type: ignore[misc]
