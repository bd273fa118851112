"""Mother of Dragons rules and FAQ rulings no other test file asserts: the King's Court and
neutral forces with vassals (XF8, X-MOD-13.2), vassals moved down a track above Targaryen
(X-MOD-2.10, X-MOD-10.2, X-MOD-5.1), Volantis and The Disputed Lands at set-up (X-MOD-3.4),
Targaryen in wildling attacks and with power tokens (X-MOD-5.4, X-MOD-5.5) and the modules a
7-house game leaves out (X-MOD-13.3)."""

from __future__ import annotations

from typing import Any

from tests.boardgame.driver import bid, decide, events_of, pending, play
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import mod
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.consolidate import consolidate_gain
from westeros.boardgame.game import PlayedGame, new_position
from westeros.boardgame.gifts import uses_gifts
from westeros.boardgame.iron_bank import uses_iron_bank
from westeros.boardgame.march import ResolveMarch
from westeros.boardgame.sea_orders import sea_tokens
from westeros.boardgame.state import TRACKS, Order
from westeros.boardgame.wildlings import WildlingAttack

MOD: dict[str, Any] = {"scenario": "mod"}
ESSOS: dict[str, Any] = {**MOD, "essos": True}
EIGHT = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell", "arryn", "targaryen")
TG = "targaryen"


def eight(**extra: Any) -> PlayedGame:
    return new_position({**ESSOS, "players": 8, "houses": list(EIGHT), **extra}, 1)


def test_xf8_x_mod_13_2_with_vassals_the_kings_court_keeps_all_its_spaces() -> None:
    """XF8, X-MOD-2.2, X-MOD-13.2: with vassals the King's Court has the 7-house stars whatever
    the player count (no fewer-player overlay), only King's Landing keeps a neutral force, and
    no area is impassable — unlike a 3-player base game."""
    base = new_position({"players": 3}, 1)
    assert base.setup.stars == (3, 2, 1) and base.impassable
    for players in (3, 4, 5, 6):
        g = new_position({**MOD, "players": players}, players)
        assert g.vassals and len(g.tracks["kings_court"]) == 7
        assert g.setup.stars == (3, 3, 2, 1, 0, 0, 0)
        assert g.neutral == {"kings_landing": 5}
        assert not g.impassable
    g = new_position({**ESSOS, "players": 5}, 1)  # X-MOD-2.7: and Braavos with Essos
    assert g.neutral == {"kings_landing": 5, "braavos": 5}
    assert g.setup.stars == (3, 3, 2, 1, 0, 0, 0, 3) and not g.impassable


def test_x_mod_2_10_x_mod_10_2_vassals_go_down_a_track_but_above_targaryen() -> None:
    """X-MOD-2.10, X-MOD-10.2: a vassal in the top 3 spaces sends the vassals to the bottom of
    the track — above Targaryen, who keeps the last space (X-MOD-5.1, XF19) and its 3 stars
    (X-MOD-2.2)."""
    houses = ["martell", "tyrell", "arryn", "greyjoy", TG]
    g = new_position({**ESSOS, "players": 5, "houses": houses}, 1)
    assert g.vassals == ("stark", "lannister", "baratheon")
    for track, order in g.tracks.items():
        assert order[-1] == TG, track
        assert not set(order[:3]) & set(g.vassals), track
    assert g.tracks["iron_throne"][-4:-1] == ("baratheon", "lannister", "stark")  # their order
    assert g.stars(TG) == 3
    assert mod.vassals_to_bottom(("a", "b", "c", TG), ("a",)) == ("b", "c", "a", TG)


def test_x_mod_2_10_vassal_units_come_from_the_vassal_set_up_card() -> None:
    """X-MOD-2.10: each vassal stands where its vassal set-up card says, nowhere else."""
    g = new_position({**MOD, "players": 3, "houses": ["tyrell", "martell", "arryn"]}, 1)
    for vassal in g.vassals:
        card = T.SCENARIOS["mod"].vassal_units[vassal]
        placed = sorted((a, u.kind) for a, us in g.units.items() for u in us if u.house == vassal)
        assert placed == sorted(card), vassal


def test_x_mod_3_4_volantis_and_the_disputed_lands_start_empty_and_unguarded() -> None:
    g = eight()
    for area in ("volantis", "the_disputed_lands"):
        assert area in g.areas and g.areas[area].is_land
        assert area not in g.units and area not in g.power_tokens
        assert area not in g.neutral and area not in g.garrisons
        assert g.owner(area) is None


def _targaryen_game() -> Scenario:
    s = Scenario.__new__(Scenario)
    s.g = eight(iron_bank=False)
    return s


def test_x_mod_5_4_targaryen_bids_against_the_wildlings() -> None:
    g = _targaryen_game().power(TG, 3).start(WildlingAttack(4))
    d = pending(g, D.BID, house=TG)
    assert d.choices == (0, 1, 2, 3)
    assert TG in g.stack[-1].houses  # type: ignore[attr-defined]


def _attack(card: str, victim: str, orders: dict[str, tuple[str, ...]]) -> PlayedGame:
    """A wildling attack of ``card`` won by the wildlings (7 < 8) in the 8-house game, with
    ``victim`` the lowest bidder and the tracks in the given orders."""
    s = Scenario.__new__(Scenario)
    s.g = eight(iron_bank=False, gifting=False)  # no gift decisions beside the bids
    s.wildling_top(card)
    for track, order in orders.items():
        s.track(track, *order)
    g = s.start(WildlingAttack(8))
    bid(g, {h: 0 if h == victim else 1 for h in EIGHT})
    return g


def _raid_on(victim: str, orders: dict[str, tuple[str, ...]]) -> PlayedGame:
    """Preemptive Raid: the victim chooses to drop 2 positions."""
    g = _attack("preemptive_raid", victim, orders)
    play(g, "drop")
    return g


def _stark_at(position: int) -> tuple[str, ...]:
    """The 8 houses with Stark at ``position`` (1-based) and Targaryen last."""
    others = [h for h in EIGHT if h not in ("stark", TG)]
    return (*others[: position - 1], "stark", *others[position - 1 :], TG)


def test_f36_xf19_preemptive_raid_the_space_above_targaryen_is_already_last() -> None:
    """F36, XF19 (X-MOD-5.1): with Targaryen on the last space, a house on the space above it on
    every track is already last: "drop" changes nothing and the log says so."""
    g = _raid_on("stark", {t: _stark_at(7) for t in TRACKS})
    assert not g.pending()
    assert [e.fields["house"] for e in events_of(g, E.WILDLING_ALREADY_LAST.name)] == ["stark"]
    assert not events_of(g, E.WILDLING_TRACK_MOVED.name)
    assert all(g.tracks[t] == _stark_at(7) for t in TRACKS)


def test_r4_5_1_xf19_preemptive_raid_drops_a_house_to_the_space_above_targaryen() -> None:
    """R4.5.1, XF19: two spaces down from position 6 is position 7, above Targaryen; a house that
    can still drop is not "already last"."""
    orders = {"iron_throne": _stark_at(6), "fiefdoms": _stark_at(7), "kings_court": _stark_at(7)}
    g = _raid_on("stark", orders)
    assert not g.pending() and not events_of(g, E.WILDLING_ALREADY_LAST.name)
    assert g.tracks["iron_throne"] == _stark_at(7)
    (moved,) = events_of(g, E.WILDLING_TRACK_MOVED.name)
    assert moved.fields == {"house": "stark", "track": "iron_throne", "position": 7}


def test_r4_5_5_xf19_a_king_beyond_the_wall_sends_the_lowest_bidder_above_targaryen() -> None:
    """R4.5.5, XF19: "last on every track" is the space above Targaryen, and the log says
    position 7; the others' "last on Fiefdoms or King's Court" too."""
    g = _attack("a_king_beyond_the_wall", "stark", {t: _stark_at(1) for t in TRACKS})
    moved = [e.fields for e in events_of(g, E.WILDLING_TRACK_MOVED.name)]
    assert moved == [{"house": "stark", "track": t, "position": 7} for t in TRACKS]
    assert all(g.tracks[t] == _stark_at(7) for t in TRACKS)
    first = g.turn_order()[0]
    decide(g, D.CHOOSE_TRACK, "fiefdoms", house=first)
    assert g.tracks["fiefdoms"][-2:] == (first, TG)
    assert events_of(g, E.WILDLING_TRACK_MOVED.name)[-1].fields["position"] == 7


def test_xf19_the_lowest_position_of_a_house() -> None:
    """XF19, X-MOD-5.1: the lowest space is the last one, but the one above Targaryen for the
    others when Targaryen plays (vassals included)."""
    g = eight()
    assert g.lowest_position("stark") == 7 and g.lowest_position(TG) == 8
    with_vassal = new_position({**ESSOS, "players": 7}, 1)
    assert len(with_vassal.vassals) == 1 and TG in with_vassal.houses
    assert {with_vassal.lowest_position(h) for h in with_vassal.vassals} == {7}
    seven = new_position({**MOD, "players": 7}, 1)
    assert TG not in seven.houses and seven.lowest_position("stark") == 7


def test_x_mod_5_5_targaryen_gains_power_and_leaves_power_tokens() -> None:
    """X-MOD-5.5: Consolidate Power gives Targaryen power as anyone (Myr: 1 + its crown), and
    marching out of a land area it may leave a power token there (R6.4.7)."""
    g = eight(iron_bank=False)
    assert consolidate_gain(g, TG, "myr") == 2
    s = _targaryen_game()
    s.g.orders["the_rhoyne"] = Order(TG, "march+0")
    g = s.start(ResolveMarch(TG))
    decide(g, D.MARCH_ORDER, "the_rhoyne", house=TG)
    power = g.power[TG]
    decide(g, D.MARCH_MOVE, "dragon>volantis")
    decide(g, D.MARCH_MOVE, "dragon>volantis")
    decide(g, D.MARCH_MOVE, "done")
    decide(g, D.MARCH_TOKEN, "yes", house=TG)
    assert g.power_tokens["the_rhoyne"] == TG and g.power[TG] == power - 1


def test_x_mod_13_3_a_7_house_game_has_no_essos_loyalty_deck_iv_nor_iron_bank() -> None:
    """X-MOD-13.3: without Targaryen there is no Essos, deck IV, loyalty token or Iron Bank;
    sea orders and gifts are still used (and may be switched off, X-MOD-1.4)."""
    g = new_position({**MOD, "players": 7}, 1)
    assert g.map is T.MAPS["mod_westeros"] and "braavos" not in g.areas
    assert TG not in g.houses and 4 not in g.westeros_decks
    assert not g.loyalty and not uses_iron_bank(g)
    assert set(sea_tokens(g, "stark")) >= {"sea_march-1", "sea_support+0", "iron_bank"}
    assert uses_gifts(g)
    off = new_position({**MOD, "players": 7, "sea_orders": False, "gifting": False}, 1)
    assert not sea_tokens(off, "stark") and not uses_gifts(off)
