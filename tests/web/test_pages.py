"""The pages by game kind (issue 19): the server serves each game's page from the web client's
registry without knowing any game; a kind without a browser table gets a plain page linking
its API, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.support import board_game, humans_and_bots
from westeros.boardgame.public import tables as T
from westeros.engine import known_games
from westeros.web import client as web
from westeros.web.boardgame_page import boardgame_data
from westeros.web.pages import not_available

CARD_GAME = {
    "kind": "cardgame",
    "config": {"decks": ["westeros-stark", "westeros-lannister"]},
    "seats": humans_and_bots(2, 0),
}


def create(client: TestClient, body: dict[str, Any]) -> str:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    game_id: str = r.json()["id"]
    return game_id


def test_a_board_game_is_played_on_the_board_game_page(client: TestClient) -> None:
    gid = create(client, board_game(3, humans_and_bots(3, 0)))
    page = client.get(f"/play/{gid}?seat=0")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.text == web.PAGES["boardgame"].html.read_text(encoding="utf-8")
    assert "app.js" in page.text


def test_a_kind_without_a_table_gets_a_plain_page_linking_its_api(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(web.PAGES, "cardgame")  # as if the card game had no table
    gid = create(client, CARD_GAME)
    page = client.get(f"/play/{gid}?seat=1")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "The Card Game" in page.text and "not available yet" in page.text
    assert "app.js" not in page.text  # not the board game's table
    link = f"/api/games/{gid}/state"
    assert f'href="{link}"' in page.text
    state = client.get(link)  # the link works: the game as a spectator sees it
    assert state.status_code == 200 and state.json()["game"] == gid
    assert state.json()["view"] is not None


def test_an_unknown_game_gets_the_lobby_page_which_says_so(client: TestClient) -> None:
    page = client.get("/play/no-such-game")
    assert page.status_code == 200
    assert page.text == client.get("/").text


def test_each_table_serves_its_static_data_and_a_kind_without_one_none(
    client: TestClient,
) -> None:
    data = client.get("/static/boardgame.json")
    assert data.status_code == 200 and data.headers["content-type"] == "application/json"
    assert data.json() == json.loads(boardgame_data())
    assert {"areas", "houses", "house_cards", "decisions"} <= set(data.json())
    assert client.get("/static/chess.json").status_code == 404


def test_x_mod_3_other_maps_are_read_only_by_a_game_on_them(client: TestClient) -> None:
    """The base page's data names the MoD maps by where their areas are; each serves its SVG,
    size and every area of its map (X-MOD-3), so a base game's page never downloads them."""
    maps = client.get("/static/boardgame.json").json()["maps"]
    assert set(maps) == {"mod_westeros", "mod_essos"}
    for map_id, where in maps.items():
        assert set(where) == {"data"}
        data = client.get(where["data"])
        assert data.status_code == 200 and data.headers["content-type"] == "application/json"
        body = data.json()
        assert set(body["areas"]) == set(T.MAPS[map_id].areas)
        assert client.get(body["svg"]).status_code == 200
    assert "the_vale_of_arryn" not in client.get("/static/boardgame.json").json()["areas"]
    for bad in ("base", "nowhere", "..%2Fmap"):
        assert client.get(f"/static/boardgame/maps/{bad}.json").status_code == 404


def test_x_mod_1_2_every_set_up_a_view_names_has_a_players_name() -> None:
    """A view's ``scenario`` is its set-up: the top bar shows its name, never the id; Mother
    of Dragons with Essos (the set-up ``mod_essos``, X-MOD-1.2) is named with its board, and
    in the top bar by its scenario alone (the whole name on hover)."""
    data = json.loads(boardgame_data())
    titles = data["scenarios"]
    assert set(titles) == {"base", *T.SCENARIOS}
    assert titles["mod_essos"] == "Mother of Dragons — Westeros and Essos"
    assert titles["mod"] == "Mother of Dragons"
    assert data["short_scenarios"] == {"mod_essos": "Mother of Dragons"}
    for setup, title in titles.items():
        assert "_" not in title and title != setup


def test_every_table_is_for_a_registered_kind_and_named_by_it() -> None:
    assert set(web.PAGES) <= set(known_games())
    for kind, page in web.PAGES.items():
        assert page.kind == kind and page.html.is_file()
    assert {"boardgame", "cardgame"} <= set(web.PAGES)  # both games have a table


def test_the_plain_page_escapes_the_game_id_and_the_title() -> None:
    text = not_available("<b>Game</b>", '"><script>alert(1)</script>')
    assert "<script>" not in text and "<b>" not in text
    assert "&lt;b&gt;Game&lt;/b&gt;" in text
    assert 'href="/api/games/%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E/state"' in text


def test_a_kind_unknown_to_this_process_is_named_as_it_is() -> None:
    response = web.page_response("chess", "g1")
    assert b"The browser table of chess is not available yet" in response.body


@pytest.mark.parametrize("kind", known_games())
def test_every_registered_kind_gets_a_page(client: TestClient, kind: str) -> None:
    gid = create(client, {"kind": kind})  # the kind's default config, every seat a person
    page = client.get(f"/play/{gid}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    if kind in web.PAGES:
        assert page.text == web.PAGES[kind].html.read_text(encoding="utf-8")
    else:
        assert "not available yet" in page.text and f"/api/games/{gid}/state" in page.text
