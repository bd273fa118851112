"""Hostile input to ``GET /api/kinds`` and ``POST /api/games`` (docs/server.md, "API"): every
bad game config — values of every JSON type for each board-game key (scenario, house_cards,
arryn_power_tokens, planning, …), deep nesting, huge values, unknown keys — is a 400 or 422
whose detail names the key, never a 500, and stores no game; every combination the kinds
offer (``options``) is one a game can be made with."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.hostile import JSON, deep, refused
from westeros.boardgame import mod
from westeros.boardgame.setup import CONFIG_KEYS

BOARD_KEYS = sorted(CONFIG_KEYS)
MOD_KEYS = sorted({*mod.KEYS, "houses", "vassal_bots"})  # X-MOD-1, X-MOD-13.1


def games(client: TestClient) -> int:
    """How many games the lobby lists (every test game is public)."""
    r = client.get("/api/games", params={"limit": 200})
    assert r.status_code == 200, r.text
    return len(r.json()["games"])


def create(client: TestClient, config: dict[str, Any], **body: Any) -> Any:
    return client.post("/api/games", json={"kind": "boardgame", "config": config, **body})


def board_options(client: TestClient) -> dict[str, Any]:
    r = client.get("/api/kinds")
    assert r.status_code == 200, r.text
    kinds = {k["kind"]: k for k in r.json()}
    return {o["key"]: o for o in kinds["boardgame"]["options"]}


def test_every_combination_the_kinds_offer_makes_a_game(hostile: TestClient) -> None:
    """X-ADWD-1.1, X-ADWD-2.1, X-AFFC-2.1: each scenario with each player count and deck it
    offers is a game whose seats are the houses offered; a deck it does not allow is a 400
    naming house_cards."""
    options = board_options(hostile)
    decks = [v["value"] for v in options["house_cards"]["values"]]
    for scenario in options["scenario"]["values"]:
        allowed = scenario["requires"].get("house_cards") or decks
        for players in scenario["players"]:
            for deck in allowed:
                config = {"scenario": scenario["value"], "house_cards": deck}
                r = create(hostile, config, players=players)
                assert r.status_code == 201, (config, players, r.text)
                names = sorted(s["name"] for s in r.json()["seats"])
                offered = scenario["seats"].get(str(players))
                if offered is None:  # X-MOD-13.1: some of the board's houses, the rest vassals
                    board = max(scenario["seats"].values(), key=len)
                    assert len(set(names)) == players and set(names) <= set(board)
                else:
                    assert names == sorted(offered)
        players = scenario["players"][0]
        for deck in set(decks) - set(allowed):
            r = create(
                hostile, {"scenario": scenario["value"], "house_cards": deck}, players=players
            )
            refused(r, 400, naming="house_cards")


@pytest.mark.parametrize(
    "path",
    ["/api/kinds/boardgame/seat-options/scenario", "/api/kinds/nothing/seat-options/deck"],
)
def test_a_game_wide_option_or_an_unknown_kind_is_no_seat_option(
    hostile: TestClient, path: str
) -> None:
    refused(hostile.get(path), 404)
    refused(hostile.post(f"{path}/check", json={"value": "base"}), 404)


@pytest.mark.parametrize("value", [None, 5, ["westeros-stark"], {"text": 5}, {"text": "x", "y": 1}])
def test_a_seat_option_check_of_the_wrong_shape_is_a_422(hostile: TestClient, value: Any) -> None:
    r = hostile.post("/api/kinds/cardgame/seat-options/deck/check", json={"value": value})
    refused(r, 422, naming="value")


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    key=st.sampled_from(BOARD_KEYS),
    value=JSON | st.sampled_from(["base", "adwd", "affc", "table", "sequential", 4, 6, 19]),
    affc=st.booleans(),
)
def test_any_value_of_a_config_key_is_a_game_or_a_400_naming_the_key(
    hostile: TestClient, key: str, value: Any, affc: bool
) -> None:
    """Strings where numbers go, huge numbers, lists, objects, nulls, booleans as numbers: a
    game (the config as checked) or a 400 that names the key, and no game stored."""
    base = {"scenario": "affc", "players": 4} if affc and key != "scenario" else {}
    before = games(hostile)
    r = create(hostile, {**base, key: value})
    if r.status_code == 201:
        assert r.json()["config"].get(key) == value or value is None
        assert games(hostile) == before + 1
        return
    words = {"houses": "houses", "players": "players"}.get(key, key)
    refused(r, 400, naming=words)
    assert games(hostile) == before


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(key=st.sampled_from(MOD_KEYS), value=JSON, essos=st.booleans())
def test_any_value_of_a_mod_setting_is_a_game_or_a_short_400_naming_it(
    hostile: TestClient, key: str, value: Any, essos: bool
) -> None:
    """X-MOD-1, X-MOD-13.1: a Mother of Dragons setting of any JSON value in a MoD game: a
    game, or a 400 whose one sentence names the key and shows the value shortened (never a
    Python message such as 'unhashable type')."""
    base = {"scenario": "mod", "players": 4, "essos": essos}
    before = games(hostile)
    r = create(hostile, {**base, key: value})
    if r.status_code == 201:
        assert games(hostile) == before + 1
        return
    detail = refused(r, 400, naming=key)
    assert "unhashable" not in detail and len(detail) < 400, detail[:500]
    assert games(hostile) == before


@pytest.mark.parametrize("key", BOARD_KEYS)
def test_deeply_nested_values_are_refused_naming_the_key(hostile: TestClient, key: str) -> None:
    refused(create(hostile, {key: deep("x", 900)}), 400, naming=key)
    # deeper than the JSON reader goes (written by hand: no encoder goes there either): the
    # body itself is refused
    nested = "[" * 5000 + '"x"' + "]" * 5000
    text = f'{{"kind": "boardgame", "config": {{"{key}": {nested}}}}}'
    r = hostile.post("/api/games", content=text, headers={"Content-Type": "application/json"})
    refused(r, 400, 422)


@pytest.mark.parametrize("key", ["scenario", "house_cards", "planning", "houses"])
def test_a_refusal_shows_a_huge_value_shortened(hostile: TestClient, key: str) -> None:
    """A 60 KB value is named, not echoed whole: the detail stays a sentence."""
    detail = refused(create(hostile, {key: "x" * 60_000}), 400, naming=key)
    assert len(detail) < 400, len(detail)


@pytest.mark.parametrize(
    ("body", "status", "naming"),
    [
        # of the wrong type or unknown: pydantic's 422
        ({"kind": "boardgame", "players": "4"}, 422, "players"),
        ({"kind": "boardgame", "players": 4.0}, 422, "players"),
        ({"kind": "boardgame", "players": True}, 422, "players"),
        ({"kind": "boardgame", "tides": 1}, 422, "tides"),
        ({"kind": "boardgame", "config": ["scenario", "affc"]}, 422, "config"),
        ({"kind": "boardgame", "config": "affc"}, 422, "config"),
        ({"kind": "boardgame", "private": "yes"}, 422, "private"),
        ({"kind": "boardgame", "scenario": "affc"}, 422, "scenario"),  # a config key at the top
        ({"kind": ["boardgame"]}, 422, "kind"),
        ({"kind": None}, 422, "kind"),
        ({}, 422, "kind"),
        ({"kind": "boardgame", "seats": {"0": {"type": "human"}}}, 422, "seats"),
        ({"kind": "boardgame", "seats": [{"type": "robot"}] * 6}, 422, "seats.0.type"),
        ({"kind": "boardgame", "seats": [{"type": "bot", "bot": 7}] * 6}, 422, "seats.0.bot"),
        ({"kind": "boardgame", "seats": [{"type": "human", "creator": 1}] * 6}, 422, "creator"),
        # of the right type, but no game: the game's or the server's 400
        ({"kind": "nothing"}, 400, "nothing"),
        ({"kind": "boardgame", "config": {"speed": "fast"}}, 400, "speed"),
        ({"kind": "boardgame", "clock": {"mode": ["chess"]}}, 400, "clock"),
        ({"kind": "boardgame", "clock": {"mode": "chess", "initial": 10**40}}, 400, "initial"),
        ({"kind": "boardgame", "clock": {"mode": "turn", "seconds": "60"}}, 400, "seconds"),
        ({"kind": "boardgame", "clock": {"mode": "turn", "seconds": 60, "x": 1}}, 400, "x"),
        (
            {"kind": "boardgame", "players": 4, "seats": [{"type": "bot", "bot": "nobody"}] * 4},
            400,
            "nobody",
        ),
        ({"kind": "boardgame", "players": 4, "seats": [{"type": "human"}] * 3}, 400, "seats"),
        ({"kind": "cardgame", "config": {"decks": "westeros-stark"}}, 400, "decks"),
        ({"kind": "cardgame", "config": {"players": [2]}}, 400, "players"),
    ],
)
def test_a_bad_field_is_refused_naming_it_and_stores_no_game(
    hostile: TestClient, body: dict[str, Any], status: int, naming: str
) -> None:
    before = games(hostile)
    refused(hostile.post("/api/games", json=body), status, naming=naming)
    assert games(hostile) == before


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"null", b"[]", b'"boardgame"', b"\xff\xfe", b'{"kind": "boardgame",}'],
)
def test_a_body_that_is_no_json_object_is_refused(hostile: TestClient, content: bytes) -> None:
    r = hostile.post("/api/games", content=content, headers={"Content-Type": "application/json"})
    refused(r, 400, 422)
