"""No seat ever receives another seat's secrets, over HTTP or the websocket.

Whole games with two human seats (A = seat 0, B = seat 1), played at random through the
server, and a spectator's websocket; everything A and the spectator receive is kept, then
checked against the engine replayed from the record:

* their state messages are exactly the engine's view and events *for that seat* (or the
  spectator) at that move, with decisions of that seat only (the server adds nothing of
  anyone else's);
* the board game: scanned for B's secrets at that move (read from B's view, by its documented
  keys): B's face-down orders, B's chosen house card before the reveal, the wildling card B
  looked at;
* the card game (joust and melee): no card of B's hand, deck (its order included), plot deck
  or face-down cards is named (by its id: ids follow the deck lists, so an id names the card)
  in what A receives unless the spectator's message at the same move names it too; and with
  one of B's hand cards traded for a deck card, or two of B's deck cards swapped, A and the
  spectator would have received the same views (C1.9);
* after each secret choice of B, A's next message is what A would have received had B chosen
  otherwise (as long as the choice is not yet public);
* B's token appears nowhere in what A or the spectator receives.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.cardgame.driver import swap_hidden_card
from tests.server.support import bearer, board_game, humans_and_bots
from westeros.cardgame.state import CardGame
from westeros.engine import Game, Record, new_game

A, B = 0, 1
SECRET_KINDS = {"place_order", "plan_orders", "bid", "house_card"}
SPECTATOR = None


@dataclass
class Played:
    """A game played to its end through the server, and what A and the spectator received."""

    gid: str
    tokens: list[str]
    record: Record
    http_a: list[dict[str, Any]] = field(default_factory=list)  # A's HTTP state messages
    ws_a: list[dict[str, Any]] = field(default_factory=list)
    ws_spectator: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)  # every body A or the spectator received
    b_moves: list[tuple[int, str, Any]] = field(default_factory=list)  # (move, kind, choice)


Pick = Callable[[dict[str, Any], random.Random], Any]


def uniform(decision: dict[str, Any], rng: random.Random) -> Any:
    return rng.choice(decision["choices"])


def at_the_table(decision: dict[str, Any], rng: random.Random) -> Any:
    """Planning at the table: mostly towards ready (a uniform walk readies late), now and then
    a change, a removal or, once ready, an unready; None leaves an idle decision open."""
    if decision.get("idle"):
        return "unready" if rng.random() < 0.1 else None
    choices = decision["choices"]
    if decision["kind"] != "plan_orders" or rng.random() < 0.2:
        return rng.choice(choices)
    if "ready" in choices:
        return "ready"
    here = [c for c in choices if c.startswith(f"place:{decision['context'].get('area')}:")]
    return rng.choice(here or choices)


def play_through_server(
    client: TestClient, body: dict[str, Any], seed: int, seconds: float, pick: Pick = uniform
) -> Played:
    """Seats A and B choose with ``pick`` (at random) over HTTP until the game ends; A's
    websocket and a spectator's are read to the end."""
    created = client.post("/api/games", json=body).json()
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    rng = random.Random(seed)
    out = Played(gid, tokens, Record("", {}, 0))
    deadline = time.monotonic() + seconds
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws_spectator:
        # the spectator joined before A's socket: A is not told of a spectator coming
        out.raw.append(ws_spectator.receive_text())
        out.ws_spectator.append(json.loads(out.raw[-1]))
        with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[A]}") as ws_a:
            while not _one_round(client, out, rng, pick):
                assert time.monotonic() < deadline, "the game did not end in time"
            final = out.http_a[-1]["move"]
            for ws, kept in ((ws_a, out.ws_a), (ws_spectator, out.ws_spectator)):
                while not kept or kept[-1]["move"] < final:
                    text = ws.receive_text()
                    out.raw.append(text)
                    kept.append(json.loads(text))
    for kept in (out.ws_a, out.ws_spectator):
        moves = [m["move"] for m in kept]
        assert moves == list(range(moves[0], final + 1)), "one websocket message per move"
    out.record = Record.from_json(client.get(f"/api/games/{gid}/record").json())
    return out


def _one_round(client: TestClient, out: Played, rng: random.Random, pick: Pick) -> bool:
    """A and B each look at the game and make a move if they have one; True once it is over."""
    acted = False
    for seat in (A, B):
        r = client.get(f"/api/games/{out.gid}/state", headers=bearer(out.tokens[seat]))
        assert r.status_code == 200
        msg = r.json()
        if seat == A:
            out.raw.append(r.text)
            out.http_a.append(msg)
        if msg["status"] == "over":
            return True
        if not msg["decisions"]:
            continue
        decision = msg["decisions"][0]
        choice = pick(decision, rng)
        if choice is None:
            continue
        r = client.post(
            f"/api/games/{out.gid}/moves",
            json={"move": msg["move"], "choice": choice},
            headers=bearer(out.tokens[seat]),
        )
        assert r.status_code in (200, 409), r.text
        if seat == A:
            out.raw.append(r.text)
            if r.status_code == 200:
                out.http_a.append(r.json())
        if r.status_code == 200:
            acted = True
            if seat == B:
                out.b_moves.append((msg["move"], decision["kind"], choice))
    if not acted:
        time.sleep(0.002)  # a bot is thinking; bounded by the caller's deadline
    return False


def expected_message(game: Game, seat: int | None, since: int) -> dict[str, Any]:
    game.pending()
    events = game.events(seat, since)
    return {
        "view": game.view(seat),
        "events": [{**e.to_json(), "text": game.render(e)} for e in events],
        "decisions": [d.to_json() for d in game.pending() if seat is not None and d.seat == seat],
    }


def at_each_move(
    record: Record, received: list[dict[str, Any]]
) -> Iterator[tuple[Game, dict[str, Any]]]:
    """Each received message with the engine replayed to its move (in move order)."""
    game = new_game(record.game, record.config, record.seed)
    at = 0
    for msg in sorted(received, key=lambda m: m["move"]):
        while at < msg["move"]:
            game.apply(*record.moves[at])
            at += 1
        yield game, msg


def assert_exactly_the_engines(played: Played, seat: int | None, got: list[dict[str, Any]]) -> int:
    """Every message is the engine's view, events and decisions for ``seat`` at its move."""
    checked = 0
    for game, msg in at_each_move(played.record, got):
        assert msg["seat"] == seat
        want = expected_message(game, seat, msg["next"] - len(msg["events"]))
        assert msg["view"] == want["view"], f"view at move {msg['move']}"
        assert msg["events"] == want["events"], f"events at move {msg['move']}"
        assert msg["decisions"] == want["decisions"]
        checked += 1
    return checked


def assert_b_chose_in_secret(played: Played, kinds: set[str] | None) -> int:
    """Had B chosen otherwise (a choice not public at once), A's next message would have been
    the same. ``kinds``: the decisions to try (None: every one)."""
    record = played.record
    by_move = {m["move"]: m for m in played.ws_a}
    counterfactuals = 0
    for number, kind, choice in played.b_moves:
        if (kinds is not None and kind not in kinds) or number + 1 not in by_move:
            continue
        base = new_game(record.game, record.config, record.seed)
        for seat, c in record.moves[:number]:
            base.apply(seat, c)
        decision = next(d for d in base.pending() if d.seat == B)
        others = [c for c in decision.choices if c != choice]
        if not others:
            continue
        real, other = base.clone(), base.clone()
        real.apply(B, choice)
        other.apply(B, others[0])
        msg = by_move[number + 1]
        since = msg["next"] - len(msg["events"])
        if expected_message(real, None, since) != expected_message(other, None, since):
            continue  # the choice became public at once
        want = expected_message(other, A, since)
        assert msg["view"] == want["view"], (number, kind)
        assert msg["events"] == want["events"], (number, kind)
        counterfactuals += 1
    return counterfactuals


# --- the board game ---------------------------------------------------------------------------


def b_secrets_leaked(game: Game, received: dict[str, Any]) -> list[str]:
    """B's secrets (from B's view at this move) found in A's received view."""
    mine, public, got = game.view(B), game.view(None), received["view"]
    leaks: list[str] = []
    commanded = {v for v, c in mine.get("commanders", {}).items() if c == mine["house"]}
    for area, order in mine["orders"].items():
        secret = (
            (order["house"] == mine["house"] or order["house"] in commanded)  # X-MOD-10.4
            and order["token"]
            and not public["orders"][area]["token"]
        )
        if secret and got["orders"][area]["token"] is not None:
            leaks.append(f"face-down order in {area}")
    fight, public_fight = mine.get("combat"), public.get("combat")
    if fight and fight.get("cards") and public_fight:
        for side in ("attacker", "defender"):
            card = fight["cards"][side]
            if card and not public_fight["cards"][side] and got["combat"]["cards"][side]:
                leaks.append(f"house card {card}")
    for vassal in commanded:  # X-MOD-10.7 the vassal cards B drew
        if mine["houses"][vassal]["hand"] and got["houses"][vassal]["hand"]:
            leaks.append(f"vassal cards of {vassal}")
    if mine.get("raven_peek") and got.get("raven_peek") == mine["raven_peek"]:
        leaks.append(f"raven look {mine['raven_peek']}")
    return leaks


def test_seat_a_never_receives_seat_b_secrets(client: TestClient) -> None:
    played = play_through_server(client, board_game(3, humans_and_bots(2, 1)), 2024, 150)
    assert played.b_moves and any(kind in SECRET_KINDS for _, kind, _ in played.b_moves)
    received = played.http_a + played.ws_a
    assert assert_exactly_the_engines(played, A, received) == len(received) > 100
    assert assert_exactly_the_engines(played, SPECTATOR, played.ws_spectator) > 100
    for game, msg in at_each_move(played.record, received):
        assert b_secrets_leaked(game, msg) == [], f"at move {msg['move']}"
    assert assert_b_chose_in_secret(played, SECRET_KINDS) >= 5
    for text in played.raw:
        assert played.tokens[B] not in text


def test_at_the_table_seat_a_never_receives_seat_b_secrets(client: TestClient) -> None:
    """Planning at the table (config planning: table): B's placements, changes and removals
    reach A only as face-down discs; a change of token shows A nothing (R5.1, R1.14.1)."""
    seats = [*humans_and_bots(2, 0), {"type": "bot", "bot": "heuristic"}]
    body = {**board_game(3, seats), "config": {"planning": "table"}}
    played = play_through_server(client, body, 2025, 240, pick=at_the_table)
    kinds = {kind for _, kind, _ in played.b_moves}
    assert "plan_orders" in kinds and "place_order" not in kinds
    received = played.http_a + played.ws_a
    assert assert_exactly_the_engines(played, A, received) == len(received) > 100
    assert assert_exactly_the_engines(played, SPECTATOR, played.ws_spectator) > 100
    for game, msg in at_each_move(played.record, received):
        assert b_secrets_leaked(game, msg) == [], f"at move {msg['move']}"
    assert assert_b_chose_in_secret(played, {"plan_orders"}) >= 5
    for text in played.raw:
        assert played.tokens[B] not in text


# --- the card game ----------------------------------------------------------------------------


def card_ids(node: Any) -> set[int]:
    """Every card id a message names (the value of each "id" key, wherever it stands)."""
    found: set[int] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "id" and isinstance(value, int):
                found.add(value)
            else:
                found |= card_ids(value)
    elif isinstance(node, list):
        for value in node:
            found |= card_ids(value)
    return found


def hidden_of(game: CardGame, seat: int) -> set[int]:
    """A seat's hidden cards (C1.9): hand, deck, plot deck, face-down cards in play."""
    p = game.players[seat]
    facedown = {c for c, r in game.play.items() if r.facedown and r.controller == seat}
    return {*p.hand, *p.deck, *p.plots, *facedown}


def swap_deck_order(game: CardGame, seat: int) -> CardGame | None:
    """A copy in which two of ``seat``'s deck cards of different titles traded places."""
    deck = game.players[seat].deck
    for i in range(len(deck) - 1, 0, -1):
        j = next((k for k in range(i) if game.defs[deck[k]].name != game.defs[deck[i]].name), None)
        if j is not None:
            other = game.clone()
            assert isinstance(other, CardGame)
            d = other.players[seat].deck
            d[i], d[j] = d[j], d[i]
            other.changed()
            other.invalidate()
            return other
    return None


def assert_no_hidden_card_named(played: Played, spectators: dict[int, dict[str, Any]]) -> int:
    """No card hidden from A (B's) is named in A's messages unless the spectator's message at
    that move names it too; returns the number of secret cards looked for."""
    looked = 0
    for game, msg in at_each_move(played.record, played.http_a + played.ws_a):
        assert isinstance(game, CardGame)
        secret = hidden_of(game, B)
        public = spectators.get(msg["move"])
        public_ids = card_ids(public["view"]) | card_ids(public["events"]) if public else set()
        public_ids |= card_ids(game.view(None))
        named = card_ids(msg["view"]) | card_ids(msg["events"])
        assert (named & secret) <= public_ids, f"B's hidden cards named at move {msg['move']}"
        looked += len(secret)
    return looked


def assert_swaps_change_nothing(played: Played, every: int) -> int:
    """At every ``every``-th message: B's hidden hand card traded for a deck card, and two of
    B's deck cards swapped, give A and the spectator the same view."""
    compared = 0
    for game, msg in at_each_move(played.record, played.ws_a):
        if msg["move"] % every:
            continue
        assert isinstance(game, CardGame)
        hand, deck = swap_hidden_card(game, B), swap_deck_order(game, B)
        assert hand is None or hand.view(B) != game.view(B)  # B sees the trade
        assert deck is None or deck.players[B].deck != game.players[B].deck
        for other in (hand, deck):
            if other is None:
                continue
            assert other.view(A) == msg["view"], f"A's view at move {msg['move']}"
            assert other.view(None) == game.view(None), f"the public view at {msg['move']}"
            compared += 1
    return compared


CARD_GAMES = {
    "joust": {
        "kind": "cardgame",
        "seats": [
            {"type": "human", "name": "A", "deck": "westeros-stark"},
            {"type": "human", "name": "B", "deck": "westeros-lannister"},
        ],
    },
    "melee": {
        "kind": "cardgame",
        "seats": [
            {"type": "human", "name": "A", "deck": "Core-1"},
            {"type": "human", "name": "B", "deck": "Core-2"},
            {"type": "bot", "bot": "random", "deck": "Core-3"},
        ],
    },
}


@pytest.mark.parametrize("table", sorted(CARD_GAMES))
def test_a_card_game_seat_never_receives_another_seats_hand_or_deck(
    client: TestClient, table: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The game's seed fixed (the server draws it with secrets.randbits): the number of B's
    # secret choices the counterfactual below can try depends on the deal, and a random deal
    # sometimes gave fewer than it asks for.
    monkeypatch.setattr(secrets, "randbits", lambda bits: 1_234_567)
    played = play_through_server(client, CARD_GAMES[table], 21, 400)
    received = played.http_a + played.ws_a
    assert assert_exactly_the_engines(played, A, received) == len(received) > 100
    assert assert_exactly_the_engines(played, SPECTATOR, played.ws_spectator) > 100
    spectators = {m["move"]: m for m in played.ws_spectator}
    assert assert_no_hidden_card_named(played, spectators) > 1000
    assert assert_swaps_change_nothing(played, every=7) >= 20
    assert assert_b_chose_in_secret(played, None) >= 5
    for text in played.raw:
        assert played.tokens[B] not in text


def test_the_card_checks_find_a_planted_secret() -> None:
    """The checks above can fail: B's hand card planted in A's view is named as B's hidden
    card, and a view that shows B's hand differs once a hand card is traded for a deck card."""
    game = new_game("cardgame", {"decks": ["westeros-stark", "westeros-lannister"]}, 5)
    assert isinstance(game, CardGame)
    honest = game.view(A)
    assert card_ids(honest) & hidden_of(game, B) == set()
    planted = json.loads(json.dumps(honest))
    planted["players"][B]["hand"] = game.view(B)["players"][B]["hand"]
    assert card_ids(planted) & hidden_of(game, B) == set(game.players[B].hand)
    other = swap_hidden_card(game, B)
    assert other is not None
    hand = {c["id"] for c in other.view(B)["players"][B]["hand"]}
    assert hand != {c["id"] for c in planted["players"][B]["hand"]}  # a planted hand would differ
    assert other.view(A) == honest


def test_with_vassals_seat_a_never_receives_seat_b_secrets(client: TestClient) -> None:
    """Mother of Dragons with 4 vassals (X-MOD-10): B's orders for its vassals stay face down
    and the vassal cards B draws stay B's (X-MOD-10.4, X-MOD-10.7); the new decisions of B
    (choose_vassals, vassal_order) show A nothing it may not know."""
    body = {**board_game(3, humans_and_bots(2, 1)), "config": {"scenario": "mod"}}
    played = play_through_server(client, body, 2026, 300)
    kinds = {kind for _, kind, _ in played.b_moves}
    assert "vassal_order" in kinds
    received = played.http_a + played.ws_a
    assert assert_exactly_the_engines(played, A, received) == len(received) > 100
    assert assert_exactly_the_engines(played, SPECTATOR, played.ws_spectator) > 100
    for game, msg in at_each_move(played.record, received):
        assert b_secrets_leaked(game, msg) == [], f"at move {msg['move']}"
    assert assert_b_chose_in_secret(played, {"vassal_order", *SECRET_KINDS}) >= 5
    assert assert_b_chose_in_secret(played, {"vassal_order"}) >= 1
    for text in played.raw:
        assert played.tokens[B] not in text
