"""The board game's scenarios through the server (issue 24, item 4): ``GET /api/kinds`` offers
each scenario with its player count, houses and house-card deck, and the decks (X-ADWD-1.1,
X-ADWD-2.1); a game is created with them in its config; a bad combination is refused in
words; a finished A Dance with Dragons game's record and replay load."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.support import humans_and_bots, wait_for
from tests.server.test_api import create, state
from westeros.boardgame.public import tables as T
from westeros.engine import Record, new_game


def board_options(client: TestClient) -> dict[str, dict[str, Any]]:
    kinds = {k["kind"]: k for k in client.get("/api/kinds").json()}
    assert kinds["cardgame"]["options"] == []  # the card game has no game-wide setting
    return {o["key"]: o for o in kinds["boardgame"]["options"]}


def scenario_game(scenario: str, players: int, **config: Any) -> dict[str, Any]:
    return {
        "kind": "boardgame",
        "players": players,
        "config": {"scenario": scenario, **config},
        "seats": humans_and_bots(0, players),
    }


def test_the_kinds_offer_each_scenario_with_its_players_houses_and_deck(
    client: TestClient,
) -> None:
    """X-ADWD-2.1: A Dance with Dragons is played by the six houses with its own deck; the base
    game by 3–6 players with either deck (X-ADWD-1.1)."""
    options = board_options(client)
    scenarios = {v["value"]: v for v in options["scenario"]["values"]}
    assert options["scenario"]["values"][0]["value"] == "base"  # the default first
    base, adwd = scenarios["base"], scenarios["adwd"]
    assert base["players"] == [3, 4, 5, 6]
    assert base["requires"] == {"house_cards": ["base", "adwd"]}
    assert base["seats"]["3"] == ["Stark", "Lannister", "Baratheon"]
    assert adwd["title"] == "A Dance with Dragons"
    assert adwd["players"] == [6] and adwd["requires"] == {"house_cards": ["adwd"]}
    assert adwd["seats"]["6"] == [T.house_name(h) for h in T.SCENARIOS["adwd"].houses]
    # the 8-house set-up is scenario "mod" with essos, not a scenario of its own (X-MOD-1.2)
    assert set(scenarios) == {"base", *T.SCENARIOS} - {"mod_essos"}
    # X-AFFC-2.1: four players, Arryn among them, the scenario's own deck
    affc = scenarios["affc"]
    assert (affc["title"], affc["players"]) == ("A Feast for Crows", [4])
    assert affc["seats"]["4"] == ["Stark", "Lannister", "Baratheon", "Arryn"]
    assert affc["requires"] == {"house_cards": [T.SCENARIOS["affc"].house_cards]}
    decks = [(v["value"], v["title"]) for v in options["house_cards"]["values"]]
    assert decks[:2] == [("base", "Base game"), ("adwd", "A Dance with Dragons")]
    assert ("affc", "A Feast for Crows") in decks


def test_an_adwd_game_and_a_base_game_with_the_adwd_deck_are_created(client: TestClient) -> None:
    adwd = create(client, scenario_game("adwd", 6))
    assert adwd["config"]["scenario"] == "adwd" and adwd["config"]["house_cards"] == "adwd"
    view = state(client, adwd["id"])["view"]
    assert (view["scenario"], view["last_round"], view["house_cards"]) == ("adwd", 6, "adwd")
    body = scenario_game("base", 4, house_cards="adwd")
    mixed = state(client, create(client, body)["id"])["view"]
    assert (mixed["scenario"], mixed["house_cards"], mixed["last_round"]) == ("base", "adwd", 10)
    hands = {h: set(mixed["houses"][h]["hand"]) for h in mixed["houses"]}
    assert all(hands[h] == {c.id for c in T.HOUSE_CARD_DECKS["adwd"][h]} for h in hands)


def test_a_bad_combination_is_refused_in_words(client: TestClient) -> None:
    """X-ADWD-2.1: six players and the scenario's own deck; nothing is created."""
    before = len(client.get("/api/games").json()["games"])
    four = client.post("/api/games", json=scenario_game("adwd", 4))
    assert four.status_code == 400
    assert "played by exactly 6 players, not 4" in four.json()["detail"]
    deck = client.post("/api/games", json=scenario_game("adwd", 6, house_cards="base"))
    assert deck.status_code == 400
    assert "played with its own house cards" in deck.json()["detail"]
    unknown = client.post("/api/games", json=scenario_game("westeros", 6))
    assert unknown.status_code == 400 and "scenario must be one of" in unknown.json()["detail"]
    assert len(client.get("/api/games").json()["games"]) == before


def test_a_finished_adwd_game_replays(client: TestClient) -> None:
    """Six random bots play A Dance with Dragons to its end (6 rounds at most, X-ADWD-2.2);
    the record replays to the same end and the replay's last view is the game's."""
    gid = create(client, scenario_game("adwd", 6))["id"]
    wait_for(lambda: state(client, gid)["status"] == "over", timeout=300, what="game over")
    record = Record.from_json(client.get(f"/api/games/{gid}/record").json())
    assert record.config["scenario"] == "adwd"
    game = new_game(record.game, record.config, record.seed)
    for seat, choice in record.moves:
        game.apply(seat, choice)
    assert game.is_over and game.view(None)["round"] <= 6
    url = f"/api/games/{gid}/replay"
    start = client.get(url, params={"move": 0}).json()
    assert start["view"]["scenario"] == "adwd" and start["moves"] == len(record.moves)
    end = client.get(url, params={"move": len(record.moves)}).json()
    assert end["view"] == game.view(None) == state(client, gid)["view"]


def test_an_affc_game_is_created_and_a_bad_one_refused(client: TestClient) -> None:
    """X-AFFC-2.1: exactly four players, Arryn among the seats; the base game cannot take the
    AFfC deck (X-ADWD-1.1 lists the base game's decks)."""
    made = create(client, scenario_game("affc", 4))
    view = state(client, made["id"])["view"]
    assert view["scenario"] == "affc" and sorted(view["seats"]) == sorted(
        ["stark", "lannister", "baratheon", "arryn"]
    )
    assert view["homes"]["the_eyrie"] == "arryn"  # X-AFFC-2.2
    assert view["objectives"]["hand"] is None  # the spectator sees no objective hand
    six = client.post("/api/games", json=scenario_game("affc", 6))
    assert six.status_code == 400 and "played by exactly 4 players, not 6" in six.json()["detail"]
    base = client.post("/api/games", json=scenario_game("base", 4, house_cards="affc"))
    assert (
        base.status_code == 400 and "house_cards must be one of base, adwd" in base.json()["detail"]
    )


def test_a_finished_affc_game_replays(client: TestClient) -> None:
    """Four random bots play A Feast for Crows to its end (X-AFFC-4.5, 4.6); the replay's last
    view is the game's, with the victory points."""
    gid = create(client, scenario_game("affc", 4))["id"]
    wait_for(lambda: state(client, gid)["status"] == "over", timeout=300, what="game over")
    record = Record.from_json(client.get(f"/api/games/{gid}/record").json())
    game = new_game(record.game, record.config, record.seed)
    for seat, choice in record.moves:
        game.apply(seat, choice)
    url = f"/api/games/{gid}/replay"
    end = client.get(url, params={"move": len(record.moves)}).json()
    assert end["view"] == game.view(None) == state(client, gid)["view"]
    assert "victory_points" in end["view"]["objectives"]
    start = client.get(url, params={"move": 0}).json()
    assert start["view"]["objectives"]["hand"] is None  # a spectator's replay


def test_mother_of_dragons_is_offered_for_three_to_seven_players(client: TestClient) -> None:
    """X-MOD-13.1, X-MOD-1.1: the 7 houses on the MoD map, for 3 to 7 players (the unplayed
    houses are vassals, X-MOD-10); a 7-player game is created with the MoD config and map."""
    mod = {v["value"]: v for v in board_options(client)["scenario"]["values"]}["mod"]
    assert (mod["title"], mod["players"]) == ("Mother of Dragons", [3, 4, 5, 6, 7])
    assert mod["seats"]["7"] == [T.house_name(h) for h in T.SCENARIOS["mod"].houses]
    assert mod["requires"] == {"house_cards": ["mod"]}
    made = create(client, {**scenario_game("mod", 7), "seats": humans_and_bots(7, 0)})
    assert made["config"]["sea_orders"] is True and made["config"]["vassals"] == []
    view = state(client, made["id"])["view"]
    assert (view["scenario"], view["map"], len(view["seats"])) == ("mod", "mod_westeros", 7)
    assert view["homes"]["the_eyrie"] == "arryn" and "the_vale_of_arryn" in view["units"]
    eight = client.post("/api/games", json=scenario_game("mod", 8))
    assert eight.status_code == 400 and "players must be 3, 4, 5, 6 or 7" in eight.json()["detail"]


def test_mother_of_dragons_offers_its_board_and_targaryens_deck(client: TestClient) -> None:
    """X-MOD-1.2: the 7-house board (3–7 players) or the 8-house board with Essos and
    Targaryen (4–8), scenario mod only; X-MOD-Q3: Targaryen's deck A (the default) or B, with
    Essos only. The lobby reads these; a game made with them has them in its config."""
    options = board_options(client)
    boards = {v["value"]: v for v in options["essos"]["values"]}
    assert [v["value"] for v in options["essos"]["values"]] == [False, True]
    assert boards[False]["players"] == [3, 4, 5, 6, 7]
    assert boards[True]["players"] == [4, 5, 6, 7, 8]
    assert boards[True]["seats"]["8"] == [T.house_name(h) for h in T.SCENARIOS["mod_essos"].houses]
    assert all(v["requires"] == {"scenario": ["mod"]} for v in boards.values())
    decks = options["targaryen_deck"]["values"]
    assert [(v["value"], v["requires"]) for v in decks] == [
        ("a", {"essos": [True]}),
        ("b", {"essos": [True]}),
    ]
    # people's seats: the game waits for them (bot-only MoD games are played in the slow tests)
    eight = scenario_game("mod", 8, essos=True, targaryen_deck="b")
    made = create(client, {**eight, "seats": humans_and_bots(8, 0)})
    assert (made["config"]["essos"], made["config"]["targaryen_deck"]) == (True, "b")
