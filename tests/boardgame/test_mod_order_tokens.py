"""Each house's own order tokens in the views (R1.10, R3.4): a player house's 15, with the sea
tokens in Mother of Dragons (X-MOD-9.1), a vassal's own 4 instead (X-MOD-10.4), and the ones a
Westeros restriction bars this round (R3.4 through the sea tokens' twins; XF14, XF33 for a
vassal's) — what the page's order overview and token tray list (docs/web.md)."""

from __future__ import annotations

import json
from collections import Counter

from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.web.boardgame_page import boardgame_data

SEA = {"sea_march-1": 1, "sea_support+0": 1, "iron_bank": 1}
VASSAL = {"vassal_march+0", "vassal_raid_support+1", "vassal_defense_muster+1", "vassal_defense+3"}


def mod_with_vassal() -> Scenario:
    """7-player Mother of Dragons (sea orders on, X-MOD-1.4), Martell a vassal of Tyrell."""
    return Scenario(players=7, scenario="mod").empty().vassals(martell="tyrell")


def test_r1_10_a_base_house_has_its_15_tokens_and_the_restricted_ones_are_barred() -> None:
    g = Scenario(players=4).empty().restrict("support+0", "support+1*").g
    stark = g.view(0)["houses"]["stark"]
    assert stark["order_tokens"] == dict(T.ORDER_COUNTS)
    assert sum(stark["order_tokens"].values()) == 15
    assert stark["barred_tokens"] == ["support+0", "support+1*"]  # R3.4, in token order
    assert Scenario(players=4).empty().g.view(None)["houses"]["lannister"]["barred_tokens"] == []


def test_x_mod_9_1_x_mod_10_4_players_have_sea_tokens_vassals_their_own() -> None:
    g = mod_with_vassal().g
    houses = g.view(g.seat_of("stark"))["houses"]
    assert houses["stark"]["order_tokens"] == {**T.ORDER_COUNTS, **SEA}
    assert sum(houses["stark"]["order_tokens"].values()) == 18
    assert set(houses["martell"]["order_tokens"]) == VASSAL  # never a player house's token
    assert set(houses["martell"]["order_tokens"].values()) == {1}
    g.config["sea_orders"] = False  # X-MOD-1.4: turned off, the 15 only
    assert g.view(None)["houses"]["stark"]["order_tokens"] == dict(T.ORDER_COUNTS)


def test_r3_4_xf33_barred_sea_and_vassal_tokens_follow_the_restriction() -> None:
    """Web of Lies (no Support) bars Support +0 and its twin Sea Support, the vassal's
    Raid/Support token; Storm of Swords (no Defense) both vassal Defense tokens (XF14, XF33)."""
    g = mod_with_vassal().restrict("support+0", "support+1*").g
    houses = g.view(None)["houses"]
    assert houses["stark"]["barred_tokens"] == ["support+0", "support+1*", "sea_support+0"]
    assert houses["martell"]["barred_tokens"] == ["vassal_raid_support+1"]
    g.restrictions = frozenset({"defense+1", "defense+2*"})
    barred = g.view(None)["houses"]["martell"]["barred_tokens"]
    assert barred == ["vassal_defense_muster+1", "vassal_defense+3"]


def test_the_page_data_names_every_kind_of_token() -> None:
    """The page reads a house's tokens from its view; the page data describes every kind: the
    base ones named from their type, the vassal and sea ones by their names."""
    orders = json.loads(boardgame_data())["orders"]
    assert set(orders) == set(T.ORDER_KINDS)
    assert orders["march+1*"] == {"type": "march", "modifier": 1, "special": True}
    assert orders["sea_march-1"]["name"] == "Sea March -1"
    assert orders["vassal_defense_muster+1"]["name"] == "Vassal Defense +1/Muster"
    assert Counter("name" in o for o in orders.values())[False] == len(T.ORDER_COUNTS)
