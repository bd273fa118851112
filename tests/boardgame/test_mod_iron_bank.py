"""Mother of Dragons: the Iron Bank (X-MOD-8) — config, starting power, the slots, interest
and unpaid interest, buying with the Iron Bank order, Braavos' discount and each of the 12
loans (X-MOD-8.1), with the FAQ rulings XF23, XF27–XF32, XF34."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from tests.boardgame.driver import decide, pending
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import iron_bank as IB
from westeros.boardgame import tables as T
from westeros.boardgame.consolidate import ResolveConsolidate, consolidate_gain
from westeros.boardgame.game import PlayedGame, new_position
from westeros.boardgame.sea_orders import barred, sea_tokens
from westeros.boardgame.setup import validate_config
from westeros.boardgame.state import Order, Unit
from westeros.boardgame.westeros_phase import reveal
from westeros.engine import ConfigError, Decision, Step

MOD8: dict[str, Any] = {"scenario": "mod", "players": 8, "essos": True}
EIGHT = ("stark", "lannister", "baratheon", "greyjoy", "tyrell", "martell", "arryn", "targaryen")


def game(seed: int = 1, **extra: Any) -> PlayedGame:
    return new_position({**MOD8, "houses": list(EIGHT), **extra}, seed)


def with_slots(g: PlayedGame, *loans: str) -> PlayedGame:
    """The three slots hold ``loans`` (costs 7, 4, 1); the deck the other loans."""
    g.loan_slots = tuple(loans)
    g.loan_deck = tuple(x for x in IB.LOANS if x not in loans)
    return g


def kinds_of(g: PlayedGame, kind: E.EventKind) -> list[dict[str, Any]]:
    return [e.fields for e in g.log if e.kind == kind.name]


def awaited(g: PlayedGame) -> list[Decision]:
    """The decisions the game waits for (gifts of power are idle, X-MOD-11.1)."""
    return [d for d in g.pending() if not d.idle]


def push(g: PlayedGame, *steps: Step) -> None:
    """Push rule steps on a test position (its open decisions are worked out anew)."""
    g.push(*steps)
    g.invalidate()


def buy(g: PlayedGame, house: str, loan: str, area: str = "port_of_pentos") -> None:
    """``house`` resolves an Iron Bank order (X-MOD-9.2) and buys ``loan``."""
    push(g, IB.BuyLoan(house, area))
    decide(g, D.LOAN, loan, house=house)


# -- config and set-up (X-MOD-1.3, X-MOD-2.5, X-MOD-2.9, X-MOD-Q1) --------------------------------


def test_x_mod_1_3_the_iron_bank_is_on_with_essos_and_needs_it() -> None:
    assert validate_config(MOD8)["iron_bank"] is True
    assert validate_config({**MOD8, "iron_bank": False})["iron_bank"] is False
    with pytest.raises(ConfigError, match="needs essos"):
        validate_config({"scenario": "mod", "players": 7, "iron_bank": True})
    with pytest.raises(ConfigError, match="true or false"):
        validate_config({**MOD8, "iron_bank": "yes"})
    with pytest.raises(ConfigError, match="scenario 'mod' only"):
        validate_config({"players": 6, "iron_bank": False})
    assert "iron_bank" not in validate_config({"scenario": "mod", "players": 7})


def test_x_mod_2_5_x_mod_q1_seven_starting_power_with_the_iron_bank() -> None:
    assert set(game().power.values()) == {7}
    assert set(game(iron_bank=False).power.values()) == {5}
    assert set(game(starting_power=9).power.values()) == {9}
    with pytest.raises(ConfigError, match="starting_power"):
        validate_config({**MOD8, "starting_power": 21})
    # vassals have none (X-MOD-2.5, X-MOD-10.6)
    g = new_position({**MOD8, "players": 6, "houses": list(EIGHT[2:])}, 3)
    assert g.vassals == ("stark", "lannister")
    assert {h: g.power[h] for h in g.vassals} == {"stark": 0, "lannister": 0}
    assert set(g.loans) == set(EIGHT[2:])  # X-MOD-10.6: vassals never hold loans


def test_x_mod_2_9_twelve_shuffled_loans_empty_slots() -> None:
    g = game()
    assert g.loan_slots == ("", "", "")
    assert sorted(g.loan_deck) == sorted(IB.LOANS) and len(IB.LOANS) == 12
    assert game(seed=2).loan_deck != g.loan_deck
    assert "loan_deck" not in game(iron_bank=False).snapshot()
    assert "loan_deck" in g.snapshot()


# -- the slots and interest (X-MOD-8.2, X-MOD-8.7, X-MOD-8.8) ------------------------------------


def test_x_mod_8_2_a_new_loan_every_round_into_the_first_slot() -> None:
    from westeros.engine import new_game

    g = new_game("boardgame", {**MOD8, "houses": list(EIGHT)}, 5)
    g.pending()
    first = g.loan_slots[0]
    assert first and g.loan_slots[1:] == ("", "")  # round 1 too (X-MOD-Q6)
    deck = g.loan_deck
    for _ in range(3):
        IB.deal(g)
    assert g.loan_slots == (deck[2], deck[1], deck[0])
    assert g.loan_deck[-1] == first  # pushed out of the last slot: under the deck
    assert len(g.loan_deck) == 9
    assert [s["cost"] for s in g.view(None)["iron_bank"]["slots"]] == [7, 4, 1]


def test_x_mod_8_7_interest_from_round_2_one_token_per_loan() -> None:
    g = with_slots(game(), "spymaster", "pyromancer", "full_host")
    g.loans["stark"] = ("customs_officer", "spymaster")
    push(g, IB.IronBankRound(first=True))
    g.pending()
    assert g.power["stark"] == 7 and not kinds_of(g, E.INTEREST_PAID)
    push(g, IB.IronBankRound(first=False))
    g.pending()
    assert g.power["stark"] == 5
    assert kinds_of(g, E.INTEREST_PAID) == [{"house": "stark", "owed": 2, "paid": 2}]


def test_x_mod_8_7_x_mod_d8_unpaid_interest_the_fiefdoms_leader_destroys_units() -> None:
    g = game()
    g.loans["stark"] = ("customs_officer", "spymaster", "full_host")
    g.power["stark"] = 1
    push(g, IB.CollectInterest(("stark",)))
    d = pending(g, D.UNPAID_INTEREST)
    assert g.house_of(d.seat) == "greyjoy"  # first on Fiefdoms, not the debtor
    assert set(d.choices) == {
        "winterfell:knight",
        "winterfell:footman",
        "white_harbor:footman",
        "the_shivering_sea:ship",
    }
    g.apply(d.seat, "winterfell:knight")
    decide(g, D.UNPAID_INTEREST, "the_shivering_sea:ship")
    assert not awaited(g)
    assert g.power["stark"] == 0
    assert [e["unit"] for e in kinds_of(g, E.DEBT_UNIT_DESTROYED)] == ["knight", "ship"]
    assert "the_shivering_sea" not in g.units


def test_x_mod_8_7_debtors_pay_in_turn_order() -> None:
    g = game()
    g.loans["targaryen"] = ("spymaster",)
    g.loans["baratheon"] = ("spymaster",)
    g.power["targaryen"] = 0
    push(g, IB.IronBankRound(first=False))
    decide(g, D.UNPAID_INTEREST, "myr:knight")
    order = [e.kind for e in g.log if e.kind in (E.INTEREST_PAID.name, E.DEBT_UNIT_DESTROYED.name)]
    first, last = g.turn_order().index("baratheon"), g.turn_order().index("targaryen")
    assert first < last  # Baratheon before Targaryen on the Iron Throne track
    assert order == [E.INTEREST_PAID.name, E.INTEREST_PAID.name, E.DEBT_UNIT_DESTROYED.name]
    assert [e["house"] for e in kinds_of(g, E.INTEREST_PAID)] == ["baratheon", "targaryen"]


def test_x_mod_8_7_the_chooser_is_never_the_debtor_nor_a_vassal() -> None:
    g = new_position({**MOD8, "players": 6, "houses": list(EIGHT[2:])}, 3)
    rest = (h for h in EIGHT if h not in ("stark", "greyjoy"))
    g.tracks["fiefdoms"] = ("stark", "greyjoy", "lannister", *rest)
    assert IB.debt_chooser(g, "greyjoy") == "baratheon"  # stark and lannister are vassals
    assert IB.debt_chooser(g, "tyrell") == "greyjoy"


def test_xf23_unpaid_interest_may_destroy_a_dragon() -> None:
    """X-MOD-6.5, XF23: the Fiefdoms leader may pick a dragon for unpaid interest."""
    g = game()
    g.loans["targaryen"] = ("customs_officer",)
    g.power["targaryen"] = 0
    push(g, IB.CollectInterest(("targaryen",)))
    d = pending(g, D.UNPAID_INTEREST)
    assert "norvos:dragon" in d.choices
    g.apply(d.seat, "norvos:dragon")
    assert "norvos" not in g.units


# -- buying (X-MOD-8.4, X-MOD-9.2, X-MOD-3.5) -----------------------------------------------------


def test_x_mod_8_4_x_mod_9_2_the_iron_bank_order_buys_a_loan_it_can_pay() -> None:
    g = with_slots(game(), "customs_officer", "spymaster", "pyromancer")
    g.power["targaryen"] = 4
    g.orders["port_of_pentos"] = Order("targaryen", "iron_bank")
    push(g, ResolveConsolidate("targaryen"))
    decide(g, D.CONSOLIDATE, "port_of_pentos")
    d = pending(g, D.LOAN)
    assert d.choices == ("spymaster", "pyromancer", "none")  # 7 is too dear
    g.apply(d.seat, "pyromancer")
    assert g.power["targaryen"] == 3
    assert g.loans["targaryen"] == ("pyromancer",)
    assert g.loan_slots == ("customs_officer", "spymaster", "")
    assert "port_of_pentos" not in g.orders
    assert g.view(0)["iron_bank"]["loans"]["targaryen"] == ["pyromancer"]
    assert g.view(0)["iron_bank"]["interest"]["targaryen"] == 1


def test_x_mod_d7_none_removes_the_order_without_a_purchase() -> None:
    g = with_slots(game(), "customs_officer", "", "")
    buy(g, "stark", "none", "the_shivering_sea")
    assert g.loans["stark"] == () and g.power["stark"] == 7
    assert kinds_of(g, E.LOAN_DECLINED)


def test_x_mod_3_5_xf31_braavos_pays_one_less_even_without_its_castle() -> None:
    """X-MOD-8.3: Braavos' controller pays 1 less per loan; the Pyromancer keeps it (XF31)."""
    g = with_slots(game(), "customs_officer", "spymaster", "pyromancer")
    assert IB.cost(g, "targaryen", 0) == 7
    g.units["braavos"] = (Unit("targaryen", "footman"),)
    assert [IB.cost(g, "targaryen", s) for s in range(3)] == [6, 3, 0]
    assert IB.cost(g, "stark", 1) == 4
    buy(g, "targaryen", "pyromancer")
    decide(g, D.LOAN_AREA, "braavos")
    decide(g, D.LOAN_OPTION, "power")
    assert not g.areas["braavos"].has_castle
    assert IB.cost(g, "targaryen", 0) == 6  # the discount belongs to the area (XF31)


def test_xf27_an_iron_bank_order_in_a_port_works_with_enemy_ships_in_the_sea() -> None:
    g = with_slots(game(), "customs_officer", "", "")
    g.units["bay_of_pentos"] = (Unit("baratheon", "ship"),)
    g.orders["port_of_pentos"] = Order("targaryen", "iron_bank")
    assert consolidate_gain(g, "targaryen", "port_of_pentos") == 0  # trade is blocked
    push(g, ResolveConsolidate("targaryen"))
    decide(g, D.CONSOLIDATE, "port_of_pentos")
    assert pending(g, D.LOAN).choices == ("customs_officer", "none")


def test_xf34_feast_for_crows_does_not_bar_the_iron_bank_token() -> None:
    g = game()
    g.restrictions = frozenset({"consolidate"})
    assert not barred(g, "iron_bank")


def test_x_mod_10_6_vassals_have_no_iron_bank_token() -> None:
    g = new_position({**MOD8, "players": 6, "houses": list(EIGHT[2:])}, 3)
    assert "iron_bank" not in sea_tokens(g, "stark")
    assert "iron_bank" in sea_tokens(g, "greyjoy")


# -- the loans (X-MOD-8.1, X-MOD-8.5, X-MOD-8.6, XF28–XF30, XF32) ---------------------------------


def test_customs_officer_gains_10_power_up_to_the_pool() -> None:
    g = with_slots(game(), "", "", "customs_officer")
    g.power["stark"] = 12
    buy(g, "stark", "customs_officer", "the_shivering_sea")
    assert g.power["stark"] == 20  # 12 - 1 + 10, less the tokens on the board: 20 in all
    assert kinds_of(g, E.LOAN_POWER)[0]["gained"] == 9


def test_expert_artificer_a_crown_then_8_power() -> None:
    g = with_slots(game(), "", "", "expert_artificer")
    g.power["stark"] = 1
    buy(g, "stark", "expert_artificer", "the_shivering_sea")
    d = pending(g, D.LOAN_AREA)
    assert set(d.choices) == set(g.map.land_areas)  # any land area
    g.apply(d.seat, "winterfell")
    assert g.power["stark"] == 8
    assert g.areas["winterfell"].power == T.MAPS["mod_essos"].areas["winterfell"].power + 1
    assert g.improvements == {"winterfell": ("power",)}
    g.orders["winterfell"] = Order("stark", "consolidate")
    assert consolidate_gain(g, "stark", "winterfell") == 1 + g.areas["winterfell"].power


def test_x_mod_8_6_an_improved_map_pickles_and_copies_to_itself() -> None:
    g = game()
    IB.put_improvement(g, "winterfell", "supply", "loyal_maester")
    IB.put_improvement(g, "moat_cailin", "stronghold", "master_at_arms")
    for other in (pickle.loads(pickle.dumps(g.map)), copy.deepcopy(g).map, g.clone().map):
        assert other.areas["winterfell"].supply == g.areas["winterfell"].supply
        assert other.areas["moat_cailin"].fortification == "stronghold"
    assert g.view(1)["map"] == "mod_essos"
    assert g.view(1)["iron_bank"]["improvements"]["moat_cailin"] == ["stronghold"]


def test_loyal_maester_two_different_areas_get_a_barrel() -> None:
    g = with_slots(game(), "", "", "loyal_maester")
    before = g.barrels("stark")
    buy(g, "stark", "loyal_maester", "the_shivering_sea")
    decide(g, D.LOAN_AREA, "winterfell")
    d = pending(g, D.LOAN_AREA)
    assert "winterfell" not in d.choices and "white_harbor" in d.choices
    g.apply(d.seat, "white_harbor")
    assert g.barrels("stark") == min(T.MAX_SUPPLY, before + 2)


def test_master_at_arms_two_castles_become_strongholds() -> None:
    g = with_slots(game(), "", "", "master_at_arms")
    buy(g, "stark", "master_at_arms", "the_shivering_sea")
    d = pending(g, D.LOAN_AREA)
    assert set(d.choices) == {
        a for a in g.map.land_areas if T.MAPS["mod_essos"].areas[a].fortification == "castle"
    }
    assert "winterfell" not in d.choices  # already a stronghold
    g.apply(d.seat, "white_harbor")
    decide(g, D.LOAN_AREA, "moat_cailin")
    assert g.areas["white_harbor"].fortification == "stronghold"
    assert g.areas["moat_cailin"].fortification == "stronghold"
    # X-MOD-8.6: it counts for every rule — mustering points, castles for victory
    assert g.areas["white_harbor"].mustering_points == 2
    assert g.castles("stark") == 2  # Winterfell and the improved White Harbor


def test_pyromancer_xf32_removes_a_castle_its_port_keeps_working() -> None:
    g = with_slots(game(), "", "", "pyromancer")
    castles = g.castles("stark")
    buy(g, "stark", "pyromancer", "the_shivering_sea")
    decide(g, D.LOAN_AREA, "white_harbor")
    assert pending(g, D.LOAN_OPTION).choices == ("power", "supply")
    decide(g, D.LOAN_OPTION, "supply")
    assert g.castles("stark") == castles - 1
    assert "white_harbor" not in g.map.castle_areas
    assert g.areas["white_harbor"].port == "port_of_white_harbor"  # XF32
    assert g.improvements["white_harbor"] == ("degraded", "supply")


def test_savvy_steward_a_barrel_and_one_up_the_supply_track() -> None:
    g = with_slots(game(), "", "", "savvy_steward")
    supply = g.supply["stark"]
    buy(g, "stark", "savvy_steward", "the_shivering_sea")
    decide(g, D.LOAN_AREA, "winterfell")
    assert g.supply["stark"] == supply + 1
    assert g.improvements == {"winterfell": ("supply",)}


def test_full_host_x_mod_8_5_units_into_controlled_areas_xf28_no_skipping() -> None:
    g = with_slots(game(), "", "", "full_host")
    g.supply["stark"] = 6
    buy(g, "stark", "full_host", "the_shivering_sea")
    d = pending(g, D.LOAN_AREA)
    assert dict(d.context)["unit"] == "footman"
    assert "none" not in d.choices and "pass" not in d.choices  # XF28
    assert set(d.choices) == {a for a in g.map.land_areas if g.controller(a) == "stark"}
    g.apply(d.seat, "white_harbor")
    decide(g, D.LOAN_AREA, "winterfell")  # the knight
    decide(g, D.LOAN_AREA, "white_harbor")  # the siege engine
    d = pending(g, D.LOAN_AREA)
    assert dict(d.context)["unit"] == "ship"
    # its sea and the ports of its land areas
    assert set(d.choices) == {"the_shivering_sea", "port_of_white_harbor", "port_of_winterfell"}
    g.apply(d.seat, "port_of_white_harbor")
    assert [e["unit"] for e in kinds_of(g, E.LOAN_UNIT)] == [
        "footman",
        "knight",
        "siege_engine",
        "ship",
    ]
    assert g.complies("stark")


def test_xf30_units_beyond_supply_are_not_received() -> None:
    g = with_slots(game(), "", "", "full_host")
    assert g.supply["stark"] == 1  # armies of 3 and 2 at most
    buy(g, "stark", "full_host", "the_shivering_sea")
    decide(g, D.LOAN_AREA, "white_harbor")  # footman: armies 2, 2
    decide(g, D.LOAN_AREA, "winterfell")  # knight: armies 3, 2
    d = pending(g, D.LOAN_AREA)  # no room for the siege engine; a lone ship is no army
    assert dict(d.context)["unit"] == "ship"
    assert set(d.choices) == {"port_of_white_harbor", "port_of_winterfell"}
    g.apply(d.seat, "port_of_winterfell")
    assert not awaited(g)
    missing = [e["units"] for e in kinds_of(g, E.LOAN_UNITS_MISSING)]
    assert missing == [["siege_engine"]]
    assert g.complies("stark")


def test_sea_raiders_port_limit_of_three_ships() -> None:
    g = with_slots(game(), "", "", "sea_raiders")
    g.units["port_of_pentos"] = (Unit("targaryen", "ship"),) * 2
    g.units["bay_of_pentos"] = (Unit("targaryen", "ship"),)
    g.supply["targaryen"] = 6
    buy(g, "targaryen", "sea_raiders")
    decide(g, D.LOAN_AREA, "pentos")
    decide(g, D.LOAN_AREA, "port_of_pentos")
    d = pending(g, D.LOAN_AREA)
    assert "port_of_pentos" not in d.choices  # 3 ships: the port is full (X-MOD-8.5)
    assert "bay_of_pentos" in d.choices


def test_siege_engineers_targaryen_gets_only_the_footman_xf29_xf30() -> None:
    g = with_slots(game(), "", "", "siege_engineers")
    buy(g, "targaryen", "siege_engineers")  # XF29: bought though it cannot be used in full
    decide(g, D.LOAN_AREA, "myr")
    assert not awaited(g)
    assert kinds_of(g, E.LOAN_UNITS_MISSING) == [
        {"house": "targaryen", "loan": "siege_engineers", "units": ["siege_engine"]},
        {"house": "targaryen", "loan": "siege_engineers", "units": ["siege_engine"]},
    ]


def test_vanguard_cavalry_xf30_missing_knights_are_not_received() -> None:
    g = with_slots(game(), "", "", "vanguard_cavalry")
    g.supply["stark"] = 6
    pool = g.pool_left("stark", "knight")
    for area in ("the_stony_shore", "castle_black", "karhold"):
        g.units[area] = (Unit("stark", "knight"),) * 1
    left = g.pool_left("stark", "knight")
    assert left == pool - 3 == 1
    buy(g, "stark", "vanguard_cavalry", "the_shivering_sea")
    decide(g, D.LOAN_AREA, "karhold")
    assert not awaited(g)
    assert len(kinds_of(g, E.LOAN_UNITS_MISSING)) == 2
    assert g.pool_left("stark", "knight") == 0


def test_the_faceless_men_a_knight_and_a_footman_in_two_areas_of_any_house() -> None:
    g = new_position({**MOD8, "players": 6, "houses": list(EIGHT[2:])}, 3)
    with_slots(g, "", "", "the_faceless_men")
    buy(g, "greyjoy", "the_faceless_men", "ironmans_bay")
    d = pending(g, D.LOAN_AREA)
    assert {"white_harbor", "myr", "pyke"} <= set(d.choices)
    assert "winterfell" not in d.choices  # only footmen there
    g.apply(d.seat, "white_harbor")  # a vassal's knight (X-MOD-8.1: any player or vassal)
    d = pending(g, D.LOAN_AREA)
    assert dict(d.context)["unit"] == "footman" and "white_harbor" not in d.choices
    g.apply(d.seat, "pentos")
    assert [(e["victim"], e["unit"]) for e in kinds_of(g, E.FACELESS_KILL)] == [
        ("stark", "knight"),
        ("targaryen", "footman"),
    ]


def test_the_faceless_men_an_emptied_area_loses_its_order() -> None:
    g = with_slots(game(), "", "", "the_faceless_men")
    g.orders["white_harbor"] = Order("stark", "defense+1")
    g.orders["winterfell"] = Order("stark", "consolidate")
    g.units["white_harbor"] = (Unit("stark", "knight"),)
    buy(g, "lannister", "the_faceless_men", "the_golden_sound")
    decide(g, D.LOAN_AREA, "white_harbor")
    decide(g, D.LOAN_AREA, "lannisport")
    assert "white_harbor" not in g.orders  # R5.1: no units, no order
    assert "winterfell" in g.orders


def test_spymaster_looks_secretly_and_puts_cards_under() -> None:
    g = with_slots(game(), "", "", "spymaster")
    buy(g, "stark", "spymaster", "the_shivering_sea")
    d = pending(g, D.LOAN_OPTION)
    assert d.choices == ("1", "2", "3", "4")
    g.apply(d.seat, "2")
    a, b, *rest = g.westeros_decks[2]
    d = pending(g, D.LOAN_OPTION)
    assert set(d.choices) == {
        f"{a},{b}/",
        f"{b},{a}/",
        f"{a}/{b}",
        f"{b}/{a}",
        f"/{a},{b}",
        f"/{b},{a}",
    }
    g.apply(d.seat, f"{b}/{a}")
    assert g.westeros_decks[2] == (b, *rest, a)
    event = next(e for e in g.log if e.kind == E.SPYMASTER.name)
    assert event.for_seat(g.seat_of("stark")).fields["top"] == [b]
    assert "top" not in event.for_seat(g.seat_of("lannister")).fields
    assert b not in str(g.view(g.seat_of("lannister")))


def test_x_mod_8_1_a_sample_keeps_what_the_spymaster_saw_for_its_buyer_only() -> None:
    """R1.14: Stark's sample keeps the two cards it is looking at, then the card it put back
    on top and the one it put under; another seat's sample does not depend on them."""
    g = with_slots(game(), "", "", "spymaster")
    buy(g, "stark", "spymaster", "the_shivering_sea")
    decide(g, D.LOAN_OPTION, "2")
    a, b, *rest = g.westeros_decks[2]
    stark, lannister = g.seat_of("stark"), g.seat_of("lannister")
    for seed in range(4):
        sample = g.determinize(stark, seed)
        assert sample.westeros_decks[2][:2] == (a, b)
        assert sample.view(stark) == g.view(stark)
    g.apply(stark, f"{b}/{a}")
    samples = [g.determinize(stark, seed).westeros_decks[2] for seed in range(4)]
    assert all(deck[0] == b and deck[-1] == a for deck in samples)
    assert len(set(samples)) > 1  # the middle is still shuffled
    twin = g.clone()
    twin.westeros_decks[2] = (a, *rest, b)  # what Stark did is Lannister's secret
    assert twin.determinize(lannister, 3).state_hash() == g.determinize(lannister, 3).state_hash()


WINTER = "II:winter_is_coming"


def _spied(g: PlayedGame, house: str, arrangement: Any) -> tuple[str, str]:
    """``house`` buys Spymaster, looks at deck II's top 2 cards (a, b) and puts them back as
    ``arrangement(a, b)`` says; (a, b)."""
    with_slots(g, "", "", "spymaster")
    buy(g, house, "spymaster", "the_shivering_sea")
    decide(g, D.LOAN_OPTION, "2", house=house)
    a, b = g.westeros_decks[2][:2]
    decide(g, D.LOAN_OPTION, arrangement(a, b), house=house)
    return a, b


def _deck_ii(g: PlayedGame, *top: str) -> None:
    """Deck II starts with ``top`` (distinct cards), Winter Is Coming at the bottom."""
    rest = list(g.westeros_decks[2])
    for card in (*top, WINTER):
        rest.remove(card)
    g.westeros_decks[2] = (*top, *rest, WINTER)


def _same_for(g: PlayedGame, twin: PlayedGame, house: str) -> None:
    """R1.14: the seat cannot tell the twins apart, and its samples are the same."""
    seat = g.seat_of(house)
    assert g.view(seat) == twin.view(seat)
    assert [e.fields for e in g.events(seat)] == [e.fields for e in twin.events(seat)]
    for seed in range(4):
        assert g.determinize(seat, seed).state_hash() == twin.determinize(seat, seed).state_hash()


def test_x_mod_8_1_the_spymaster_still_knows_its_second_card_after_a_draw() -> None:
    """Both cards back on top: once the first is revealed (R3.2.2), the buyer still knows the
    next one; the others' samples shuffle it."""
    g = game()
    _deck_ii(g, "II:game_of_thrones", "II:dark_wings_dark_words")
    a, b = _spied(g, "stark", lambda a, b: f"{a},{b}/")
    reveal(g, 2)
    assert kinds_of(g, E.WESTEROS_REVEALED)[-1]["card"] == a
    stark, lannister = g.seat_of("stark"), g.seat_of("lannister")
    assert all(g.determinize(stark, seed).westeros_decks[2][0] == b for seed in range(6))
    assert {g.determinize(lannister, seed).westeros_decks[2][0] for seed in range(6)} != {b}


def test_x_mod_8_1_r3_3_1_a_reshuffle_ends_what_the_spymaster_knew() -> None:
    """Winter Is Coming put back on top by Stark is revealed: the deck is shuffled (R3.3.1).
    Two games that differ only in the new order — one where Stark's two cards happen to be on
    top again — look the same to Stark, and its samples are the same (they never keep the
    cards it saw)."""
    g = game()
    _deck_ii(g, "II:game_of_thrones")
    g.westeros_decks[2] = (WINTER, *g.westeros_decks[2][:-1])  # Winter Is Coming on top
    a, b = _spied(g, "stark", lambda a, b: f"{a},{b}/")
    assert a == WINTER
    reveal(g, 2)
    assert kinds_of(g, E.WINTER_IS_COMING)
    cards = list(g.westeros_decks[2])
    if b not in cards:  # the new card revealed was b: another of Stark's cards then
        b = next(c for c in cards if c != WINTER)
    cards.remove(WINTER)
    cards.remove(b)
    g.westeros_decks[2] = (WINTER, b, *cards)  # by chance as Stark left them
    twin = g.clone()
    twin.westeros_decks[2] = (*cards, b, WINTER)
    _same_for(g, twin, "stark")
    tops = {g.determinize(g.seat_of("stark"), seed).westeros_decks[2][:2] for seed in range(8)}
    assert tops != {(WINTER, b)}


def test_x_mod_8_1_another_spymaster_leaves_the_buyer_two_cards_in_two_places() -> None:
    """Stark put (a, b) on top; then Lannister looks and puts one under (moved 1, public): Stark
    knows a and b are the top and the bottom card, not which is where — whichever Lannister
    chose, Stark's samples are the same and hold both orders."""
    g = game()
    _deck_ii(g, "II:game_of_thrones", "II:dark_wings_dark_words")
    a, b = _spied(g, "stark", lambda a, b: f"{a},{b}/")
    twin = g.clone()
    _spied(g, "lannister", lambda x, y: f"{x}/{y}")
    _spied(twin, "lannister", lambda x, y: f"{y}/{x}")
    assert g.westeros_decks[2] != twin.westeros_decks[2]
    _same_for(g, twin, "stark")
    decks = [g.determinize(g.seat_of("stark"), seed).westeros_decks[2] for seed in range(8)]
    assert all({d[0], d[-1]} == {a, b} for d in decks)
    assert {d[0] for d in decks} == {a, b}


def test_x_mod_8_6_fifteen_improvement_tokens_at_most() -> None:
    g = game()
    for area in g.map.land_areas[:15]:
        IB.put_improvement(g, area, "power", "expert_artificer")
    assert IB.tokens_left(g) == 0
    assert IB.improvable(g, "supply") == []
    with_slots(g, "", "", "loyal_maester")
    buy(g, "stark", "loyal_maester", "the_shivering_sea")  # XF29: nothing can be done
    assert not awaited(g) and len(kinds_of(g, E.LOAN_SKIPPED)) == 2


def test_base_games_have_no_iron_bank() -> None:
    g = new_position({"players": 6}, 1)
    assert "iron_bank" not in g.view(0) and "loan_deck" not in g.snapshot()
    assert not IB.uses_iron_bank(g)


def test_random_bots_answer_the_iron_bank_decisions_legally() -> None:
    from westeros.bots import RandomBot
    from westeros.bots.heuristic import HeuristicBot

    g = with_slots(game(), "full_host", "the_faceless_men", "customs_officer")
    g.power["stark"] = 20 - len(g.power_tokens_of("stark"))
    for bot in (RandomBot(1), HeuristicBot(2)):
        h = g.clone()
        push(h, IB.BuyLoan("stark", "the_shivering_sea"))
        while awaited(h):
            d = awaited(h)[0]
            h.apply(d.seat, bot.choose(h.view(d.seat), d))
        assert h.loans["stark"]
    assert not awaited(g)


# -- whole games (slow lane) ----------------------------------------------------------------------
IB_KINDS = {D.LOAN.name, D.LOAN_AREA.name, D.LOAN_OPTION.name, D.UNPAID_INTEREST.name}


def _bank_invariants(g: PlayedGame) -> None:
    """X-MOD-8.2: every loan is in the deck, a slot or a house's hand, once; X-MOD-8.6: at most
    15 tokens; X-MOD-10.6: vassals hold none."""
    held = [x for loans in g.loans.values() for x in loans]
    cards = [*g.loan_deck, *(s for s in g.loan_slots if s), *held]
    assert sorted(cards) == sorted(IB.LOANS)
    assert IB.tokens_left(g) >= 0
    assert not set(g.loans) & set(g.vassals)


def test_whole_random_8_player_mod_games_with_the_iron_bank() -> None:
    """X-MOD-8: random and heuristic 8-house games end, every Iron Bank decision answered
    legally, the loans conserved (games with vassals need the vassals' orders: not here)."""
    from tests.boardgame.invariants import check_invariants
    from westeros.bots import RandomBot
    from westeros.bots.heuristic import HeuristicBot
    from westeros.engine import new_game

    met: set[str] = set()
    bought = 0
    for seed in range(4):
        players = 8
        g = new_game("boardgame", {**MOD8, "players": players}, 5200 + seed)
        bots = [
            RandomBot(seed * 8 + s) if (s + seed) % 2 else HeuristicBot(seed * 8 + s)
            for s in range(players)
        ]
        while awaited(g):
            d = awaited(g)[0]
            met.add(d.kind)
            choice = bots[d.seat].choose(g.view(d.seat), d)
            assert choice in d.choices
            g.apply(d.seat, choice)
            check_invariants(g)
            _bank_invariants(g)
        assert g.outcome() is not None
        bought += len(kinds_of(g, E.LOAN_BOUGHT))
    assert {D.LOAN.name, D.UNPAID_INTEREST.name} <= met, IB_KINDS - met
    assert bought > 0


def test_deep_checks_on_a_random_8_player_iron_bank_game() -> None:
    """Bad input at every decision, views, replay hash by hash (test_fuzz.play_checked)."""
    from tests.boardgame.test_fuzz import play_checked

    kinds = play_checked(8, 5300, deep=True, extra={"scenario": "mod", "essos": True})
    assert D.LOAN.name in kinds
