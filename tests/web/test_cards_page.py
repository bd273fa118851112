"""The card table's page and data (no browser): `/play/{id}` of a card game is the card table,
its static data are the printed facts of every card, its own files stay small and are checked
modules; the view gives the table what it draws — each side's STR and the claim, the cards a
seat's own decision offers (to that seat only), whether a target names a player."""

from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from tests.web.test_pages import CARD_GAME, create
from westeros.cardgame.public import Position, cards
from westeros.engine import new_game
from westeros.web import client as web
from westeros.web.cardgame_page import cardgame_data

STATIC = Path(web.STATIC)


def test_a_card_game_is_played_on_the_card_table(client: TestClient) -> None:
    page = client.get(f"/play/{create(client, CARD_GAME)}?seat=0")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.text == (STATIC / "cards.html").read_text(encoding="utf-8")
    assert "/static/cards/main.js" in page.text and "https://" not in page.text  # no CDN


def test_the_card_data_are_every_cards_printed_facts(client: TestClient) -> None:
    r = client.get("/static/cardgame.json")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    data = r.json()
    assert data == json.loads(cardgame_data())
    assert set(data["cards"]) == set(cards.catalogue())
    robb = data["cards"]["01146"]  # Robb Stark (C2: cost, STR, icons, traits, text)
    printed = cards.card("01146")
    assert (robb["name"], robb["cost"], robb["str"]) == (printed.name, printed.cost, 5)
    assert robb["icons"] == sorted(printed.icons) and robb["traits"] == ["Lord"]
    assert robb["unique"] and "Renown" in robb["text"]
    plot = data["cards"]["01001"]  # A Clash of Kings: the plot values (C2.3)
    assert (plot["income"], plot["initiative"], plot["claim"], plot["reserve"]) == (4, 9, 1, 6)
    assert {k["kind"] for k in data["decisions"]} >= {"attacker", "defender", "title", "plot"}
    assert not re.search(r"\.(png|jpe?g|webp)\b", r.text)  # our own faces: no card images


def test_the_pages_own_files_are_small_checked_modules(client: TestClient) -> None:
    modules = sorted((STATIC / "cards").glob("*.js"))
    assert {m.name for m in modules} >= {"main.js", "net.js", "face.js", "choices.js"}
    for m in modules:
        assert m.read_text(encoding="utf-8").startswith("// @ts-check\n"), m.name
        assert client.get(f"/static/cards/{m.name}").status_code == 200
    files = ["/static/cards.html", "/static/cards/cards.css", "/static/cardgame.json"]
    files += ["/static/common.js", "/static/seats.js", "/static/replay.js", "/static/chat.js"]
    files += ["/static/seats.css"]
    files += [f"/static/cards/{m.name}" for m in modules]
    own = sum(len(client.get(f).content) for f in files)
    assert own < 300_000, own


def test_the_challenge_shows_each_sides_str_and_the_claim() -> None:
    p = Position(("stark", "lannister"), first=0, round=2)
    robb = p.add(0, "01146")  # Robb Stark, STR 5
    p.add(1, "01091")
    p.reveal(0, "01001")  # A Clash of Kings: claim 1
    g = p.challenge(0, "power", 1, [robb], stage="defenders")
    for seat in (0, 1, None):
        ch = g.view(seat)["challenge"]
        assert ch["attackers"] == [robb] and ch["attacker_strength"] == 5
        assert ch["defender_strength"] == 0 and ch["claim"] == 1
    assert g.view(0)["players"][0]["claim"] == 1


def test_c11_5_defenders_being_chosen_are_shown_to_the_defender_only() -> None:
    p = Position(("stark", "lannister"), first=0, round=2)
    robb = p.add(0, "01146")
    guard = p.add(1, "01091")
    p.add(1, "01091")
    g = p.challenge(0, "military", 1, [robb], stage="defenders")
    d = g.pending()[0]
    assert d.kind == "defender" and guard in d.choices
    g.apply(1, guard)  # one chosen; the declaration goes on
    assert g.view(1)["challenge"]["declaring"] == [guard]
    for seat in (0, None):
        assert "declaring" not in g.view(seat)["challenge"]


def test_c1_9_a_decisions_cards_go_to_its_seat_only() -> None:
    g = new_game("cardgame", {"decks": ["westeros-stark", "westeros-lannister"]}, 7)
    for _ in range(30):  # to the plot choice: the plots are named to their own seat only
        d = g.pending()[0]
        if d.kind == "plot":
            break
        g.apply(d.seat, next((c for c in d.choices if c in ("keep", "done")), d.choices[0]))
    d = g.pending()[0]
    assert d.kind == "plot"
    mine = g.view(d.seat)["decision_cards"]
    offered = {str(c) for c in d.choices}
    assert set(mine) == offered and all(mine[c]["type"] == "plot" for c in offered)
    for seat in (1 - d.seat, None):  # the other seat sees its own plots only
        assert not set(g.view(seat)["decision_cards"]) & offered


def test_c16_6_a_target_says_it_names_a_player() -> None:
    p = Position(("stark", "lannister", "baratheon"), first=0, round=2)
    p.plot_deck(0, "01013", "01001")  # Heads on Spikes: When Revealed, choose an opponent
    for seat in (1, 2):
        p.plot_deck(seat, "01001", "01002")
    g = p.start("plot")
    for _ in range(10):
        d = g.pending()[0]
        if d.kind == "target":
            break
        named = g.view(d.seat)["decision_cards"]
        spikes = [c for c in d.choices if named.get(str(c), {}).get("code") == "01013"]
        g.apply(d.seat, spikes[0] if spikes else d.choices[0])
    assert d.kind == "target" and d.about("target") == "player"
    assert sorted(d.choices) == [1, 2]
    assert g.view(0)["decision_cards"] == {}  # seats, not cards: nothing to name
