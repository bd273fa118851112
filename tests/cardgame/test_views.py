"""Views and events keep secrets (C1.9): a seat sees its own hand, its plot choice and its
face-down setup cards, never the opponent's, nor any deck order."""

from __future__ import annotations

import json

import pytest

from tests.cardgame.driver import Effect, Table, swap_hidden_card
from westeros.cardgame import actions as A
from westeros.cardgame import events as E
from westeros.cardgame.abilities import REACTION, CardText, text
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import event, reaction
from westeros.engine import Choice, IllegalAction, Rng, new_game


def _game(seed: int = 5) -> CardGame:
    g = new_game("cardgame", {}, seed)
    assert isinstance(g, CardGame)
    return g


def _play_until(g: CardGame, kind: str, rng: Rng) -> None:
    for _ in range(5000):
        pending = g.pending()
        if not pending or any(d.kind == kind for d in pending):
            return
        d = pending[0]
        g.apply(d.seat, rng.choice(d.choices))


def test_c1_9_a_view_shows_the_own_hand_only() -> None:
    g = _game()
    mine = g.view(0)["players"][0]
    theirs = g.view(0)["players"][1]
    assert [c["id"] for c in mine["hand"]] == g.players[0].hand
    assert "hand" not in theirs and theirs["hand_size"] == len(g.players[1].hand)
    spectator = g.view(None)
    assert all("hand" not in p for p in spectator["players"])
    text = json.dumps(g.view(1))
    for cid in g.players[0].hand:
        assert f'"id": {cid},' not in text


def test_c1_9_no_view_shows_a_deck_order() -> None:
    g = _game()
    for seat in (None, 0, 1):
        for p in g.view(seat)["players"]:
            assert "deck" not in p and isinstance(p["deck_size"], int)


def test_c5_8_face_down_setup_cards_are_hidden_from_the_opponent() -> None:
    g = _game()
    rng = Rng(3)
    for _ in range(200):  # until someone has a face-down card while setup goes on
        if any(r.facedown for r in g.play.values()):
            break
        d = g.pending()[0]
        g.apply(d.seat, next((c for c in d.choices if isinstance(c, int)), d.choices[0]))
    down = [c for c, r in g.play.items() if r.facedown]
    assert down, "no setup card was placed"
    owner = g.play[down[0]].controller
    other = 1 - owner
    seen_by_owner = {c["id"]: c for c in g.view(owner)["in_play"]}
    assert seen_by_owner[down[0]]["name"] == g.defs[down[0]].name
    hidden = [c for c in g.view(other)["in_play"] if c.get("facedown")]
    assert hidden == [{"facedown": True, "controller": owner, "zone": "play", "on": None}]
    for ev in g.events(other):
        if ev.kind == "setup_card" and ev["player"] == owner:
            assert "card" not in ev.fields and "name" not in ev.fields
    del rng


def test_c7_2_draws_are_redacted_for_the_opponent() -> None:
    g = _game()
    draws = [e for e in g.events(1) if e.kind == "draw" and e["player"] == 0]
    assert draws and all("names" not in e.fields and "cards" not in e.fields for e in draws)
    own = [e for e in g.events(0) if e.kind == "draw" and e["player"] == 0]
    assert all(len(e["names"]) == e["count"] for e in own)


def test_c7_2_a_chosen_plot_is_secret_until_the_reveal() -> None:
    g = _game()
    rng = Rng(9)
    _play_until(g, "plot", rng)
    pending = {d.seat: d for d in g.pending() if d.kind == "plot"}
    assert set(pending) == {0, 1}
    a, b = g.clone(), g.clone()
    a.apply(0, pending[0].choices[0])
    b.apply(0, pending[0].choices[-1])
    assert a.view(1) == b.view(1)
    assert [e.to_json() for e in a.events(1)] == [e.to_json() for e in b.events(1)]


def test_determinize_keeps_the_own_hand_and_resamples_the_opponents() -> None:
    g = _game()
    d = g.determinize(0, seed=1234)
    assert isinstance(d, CardGame)
    assert d.players[0].hand == g.players[0].hand
    assert sorted(d.players[1].hand + d.players[1].deck) == sorted(
        g.players[1].hand + g.players[1].deck
    )
    assert d.view(0)["players"][0] == g.view(0)["players"][0]


def test_c1_9_c18_12_the_view_shows_the_removed_from_game_pile() -> None:
    """C1.9, C18.12: a card removed from the game is open information, in every view."""
    t = Table()
    robert = t.add(0, "01048")
    A.leave_play(t.g, robert, "removed")
    for seat in (None, 0, 1):
        removed = t.g.view(seat)["players"][0]["removed"]
        assert [c["id"] for c in removed] == [robert]
        assert removed[0]["name"] == "Robert Baratheon"
        assert t.g.view(seat)["players"][1]["removed"] == []


def test_c17_9_the_view_shows_which_characters_stealth_bypassed() -> None:
    """C17.9: the characters stealth bypassed (they cannot defend) are public, in every view."""
    t = Table()
    varys = t.add(0, "01029")  # Varys: stealth, [intrigue]
    guard = t.add(1, "01127")  # Samwell Tarly: [intrigue], no stealth
    t.add(1, "01093")  # Lannisport Moneylender: [intrigue], may still defend
    t.start("challenges")
    t.challenge(0, "intrigue", [varys], stealth={varys: guard}, stop=lambda d: d.kind == "defender")
    assert t.kinds() == ["defender"] and guard not in t.choices(1)
    for seat in (None, 0, 1):
        challenge = t.g.view(seat)["challenge"]
        assert challenge is not None and challenge["bypassed"] == [guard]


def test_c1_9_c5_8_a_face_down_card_carries_no_id_for_other_seats() -> None:
    """C1.9, C5.8: card ids follow the deck lists (the same for every seed), so another seat
    must not see a face-down card's id: two games in which seat 0 placed different setup
    cards give seat 1 and spectators the same view and log."""
    g = _game()
    while g.pending()[0].kind != "setup":
        d = g.pending()[0]
        g.apply(d.seat, d.choices[0])
    d = g.pending()[0]
    cards = [c for c in d.choices if isinstance(c, int)]
    names = {g.defs[c].name for c in cards}
    assert len(names) >= 2
    one, two = g.clone(), g.clone()
    one.apply(d.seat, cards[0])
    two.apply(d.seat, next(c for c in cards if g.defs[c].name != g.defs[cards[0]].name))
    for seat in (1 - d.seat, None):
        assert one.view(seat) == two.view(seat)
        assert [e.to_json() for e in one.events(seat)] == [e.to_json() for e in two.events(seat)]
    assert one.view(d.seat) != two.view(d.seat)


def _public(g: CardGame, seat: int | None) -> tuple[object, ...]:
    return (
        g.view(seat),
        [d.seat for d in g.pending()],
        [e.to_json() for e in g.events(seat)],
    )


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (4, 3), (5, 4)])
def test_c1_9_windows_reveal_no_hidden_card(players: int, seed: int) -> None:
    """C1.9, C16.9, C6.4: whether a window opens and whom it asks depends on public facts
    only. Two games differing only in one hidden hand card give every other seat and the
    spectators the same views, waiting lists and events, then and as play goes on."""
    decks = ["westeros-stark", "westeros-lannister", "Core-1", "Core-2", "Core-3"]
    g = new_game("cardgame", {"decks": decks[:players]}, seed)
    assert isinstance(g, CardGame)
    rng = Rng(seed)
    compared = 0
    for move in range(900):
        if not g.pending():
            break
        if move % 6 == 0:
            hidden = move // 6 % players
            other = swap_hidden_card(g, hidden)
            if other is not None:
                compared += _play_alike(g.clone(), other, hidden, Rng(move))
        d = rng.choice(g.pending())
        g.apply(d.seat, rng.choice(d.choices))
    assert compared >= 200


def _play_alike(one: CardGame, two: CardGame, hidden: int, rng: Rng) -> int:
    """Play both games on with the same choices; every other seat sees them alike until a
    rule shows one of the two swapped cards (e.g. a discard at random by claim, C11.9)."""
    swapped = [c for c, zone in enumerate(one.where) if zone != two.where[c]]
    compared = 0
    for _ in range(12):
        if any(g.where[c] not in ("hand", "deck") for g in (one, two) for c in swapped):
            break  # the hidden card is public now: the games may differ openly
        for seat in [*(s for s in range(len(one.players)) if s != hidden), None]:
            assert _public(one, seat) == _public(two, seat)
            compared += 1
        pending = one.pending()
        if not pending:
            break
        d = rng.choice(pending)
        if d.seat == hidden:
            mine = next(x for x in two.pending() if x.seat == hidden)
            common = [c for c in d.choices if c in mine.choices]
            if "pass" not in common:
                break
            choice: Choice = "pass"
        else:
            choice = rng.choice(d.choices)
        one.apply(d.seat, choice)
        two.apply(d.seat, choice)
    return compared


RANGING_PARTY = "01132"  # a vanilla character
ANSWER_IN_PLAY = "01070"  # a character, given a test-only reaction below
ANSWER_EVENT = "01138"  # an event, given a test-only reaction below


@pytest.mark.parametrize("event_in_deck", [False, True])
def test_c16_10_c1_9_a_used_ability_asks_its_seat_no_more(
    texts: dict[str, CardText], event_in_deck: bool
) -> None:
    """C16.10, C1.9: each copy answers an occurrence once, and its use is public. A seat
    whose one possible answer is used is not asked again in that window (skipped: a public
    reason); a seat that could still hold an answer (an event with such a reaction in its
    deck, as if in hand) is asked again, with only "pass"."""
    for code, ability in (
        (ANSWER_IN_PLAY, reaction("knelt", lambda g, ctx: None)),
        (ANSWER_EVENT, event(REACTION, lambda g, ctx: None, on="knelt")),
    ):
        texts.pop(code, None)
        text(code, ability)
    t = Table()
    t.hand_cards(0, 2)  # seat 0 holds cards: its hand could hold an answer
    answer = t.add(0, ANSWER_IN_PLAY)
    if event_in_deck:
        t.add(0, ANSWER_EVENT, zone="deck")
    target = t.add(1, RANGING_PARTY)
    t.run(Effect(lambda g: A.kneel(g, [target])), phase="draw")
    assert t.kinds() == ["reaction"] and t.decision().seat == 0
    t.use(answer)
    asked = [d for d in t.pending() if d.kind == "reaction"]
    if event_in_deck:
        assert [(d.seat, d.choices) for d in asked] == [(0, ("pass",))]
    else:
        assert asked == []  # the window closed: nobody could answer any more


@pytest.mark.parametrize("seat", [True, False, 1.0, 0.0, "1", (0,)])
def test_c1_9_view_and_events_refuse_a_seat_that_is_not_an_integer(seat: object) -> None:
    """C1.9: ``view`` and ``events`` read a seat as ``apply`` does: ``True`` or ``1.0`` is no
    seat (it would read seat 1's secrets while ``apply`` refuses it)."""
    g = _game()
    with pytest.raises(IllegalAction, match="integer"):
        g.view(seat)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="integer"):
        g.events(seat)  # type: ignore[arg-type]
    assert g.view(None)["seat"] is None and g.view(1)["seat"] == 1


def test_c1_9_01064_seen_in_flames_shows_the_hand_to_its_player_only_in_melee() -> None:
    """C1.9: in a melee, the hand Seen In Flames looks at is seen by its player (and the
    hand's owner), not by a third seat nor a spectator."""
    t = Table(("baratheon", "stark", "lannister"))
    t.add(0, "01047")  # Melisandre: R'hllor
    flames = t.add(0, "01064", zone="hand")
    a = t.add(1, "01132", zone="hand")
    b = t.add(1, "01053", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.use(flames)
    if t.kinds() == ["target"]:
        t.do(1)
    for seat in (0, 1):
        seen = [e for e in t.g.events(seat) if e.kind == "hand_seen"]
        assert [sorted(e["cards"]) for e in seen] == [sorted([a, b])]
    for seat in (2, None):
        seen = [e for e in t.g.events(seat) if e.kind == "hand_seen"]
        assert len(seen) == 1 and seen[0].redacted
        assert "cards" not in seen[0].fields and "names" not in seen[0].fields
        assert "looks at" in t.g.render(seen[0]) and "Bastard" not in t.g.render(seen[0])


def test_c1_9_every_private_event_hides_its_declared_fields() -> None:
    """C1.9: every event kind that can be private declares its hidden fields in the catalogue,
    and every private event of whole games hides exactly those (nothing left to chance at the
    call site)."""
    secret = E.SECRET_FIELDS
    assert {"draw", "setup_card", "hand_seen"} <= set(secret)
    assert all(fields for fields in secret.values())
    private = set()
    for players, seed in ((2, 3), (4, 4)):
        decks = ["westeros-stark", "westeros-lannister", "Core-1", "Core-2"][:players]
        g = new_game("cardgame", {"decks": decks}, seed)
        rng = Rng(seed)
        while g.pending():
            d = rng.choice(g.pending())
            g.apply(d.seat, rng.choice(d.choices))
        for ev in g.log:
            if ev.seats is not None:
                private.add(ev.kind)
                assert ev.hidden == secret[ev.kind], ev
    assert {"draw", "setup_card"} <= private


def test_c5_2_seats_of_the_same_faction_get_distinct_names() -> None:
    """C5.2: seats give the player order; two Stark decks must not both read "House Stark"
    in the log and the outcome."""
    decks = ["westeros-stark", "westeros-stark", "westeros-lannister"]
    g = new_game("cardgame", {"decks": decks}, 1)
    assert isinstance(g, CardGame)
    names = g.seat_names()
    assert len(set(names)) == 3
    assert all(n.startswith("House Stark") for n in names[:2])
    assert names[2] == "House Lannister"  # a faction played once keeps its plain name
    assert g.view(None)["names"] == list(names)


def test_c16_8_c3_7_gold_paid_for_an_event_is_logged() -> None:
    """C16.8, C3.7: an event's gold cost is paid from the (open) gold pool; the log says so."""
    t = Table(("baratheon", "stark"))
    t.add(0, "01047")  # Melisandre: R'hllor
    flames = t.add(0, "01064", zone="hand")  # Seen In Flames, cost 1
    t.add(1, "01132", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.use(flames)
    played = [e for e in t.g.events(1) if e.kind == "event_played"]
    assert [(e["player"], e["cost"]) for e in played] == [(0, 1)]
    assert "for 1 gold" in t.g.render(played[0])


def test_c16_5_1_gold_paid_as_an_ability_cost_is_logged() -> None:
    """C16.5.1, C3.7: gold paid as an ability's cost leaves the gold pool in the log."""
    t = Table(("baratheon", "stark"))
    selyse = t.add(0, "01049")  # Selyse Baratheon: pay 1 gold
    t.add(0, "01053")  # Bastard in Hiding: a [baratheon] character
    t.gold(0, 1)
    t.start("challenges")
    t.use(selyse)
    paid = [e for e in t.g.events(None) if e.kind == "gold_paid"]
    assert [(e["player"], e["amount"], e["card"]) for e in paid] == [(0, 1, selyse)]
    assert t.g.render(paid[0]) == "House Baratheon pays 1 gold for Selyse Baratheon."
