"""Mother of Dragons sea order tokens (X-MOD-9, X-MOD-1.3, X-MOD-1.4; FAQ XF9, XF27, XF34):
Sea March −1, Sea Support +0 and the Iron Bank token, on ships only, in both planning modes,
barred with their base twins, raidable, the Iron Bank order blank in the Consolidate Power
step."""

from __future__ import annotations

from tests.boardgame.driver import choices, decide, events_of, pending, run, strengths
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.planning import PlanningPhase, raven_replacements, spare_choices
from westeros.boardgame.raid import ResolveRaid
from westeros.boardgame.sea_orders import sea_tokens
from westeros.boardgame.state import BoardGame

SEA = ("sea_march-1", "sea_support+0", "iron_bank")
SHIPS = ("the_shivering_sea", "port_of_winterfell")  # Stark's ships in the tests below
# every token but March +0 barred: Stark has one regular token, and of its sea tokens only the
# Iron Bank token (Sea March −1 and Sea Support go with March −1 and Support +0, R3.4)
ALL_BUT_MARCH_0 = tuple(t for t in T.ORDER_COUNTS if t != "march+0")


def mod(players: int = 7, planning: str | None = None, houses: list[str] | None = None) -> Scenario:
    """A Mother of Dragons position (sea orders on by default, X-MOD-1.4), board emptied."""
    return Scenario(players=players, scenario="mod", planning=planning, houses=houses).empty()


def north(s: Scenario) -> Scenario:
    """Stark: a footman in Winterfell, a ship in The Shivering Sea and in its port."""
    s.units("winterfell", "stark", "footman")
    return s.units(SHIPS[0], "stark", "ship").units(SHIPS[1], "stark", "ship")


def planned(g: BoardGame, house: str) -> dict[str, tuple[str, ...]]:
    """Answer the house's place_order decisions with their first token; the choices offered
    for each of its areas."""
    offered: dict[str, tuple[str, ...]] = {}
    while (d := next((p for p in g.pending() if p.seat == g.seat_of(house)), None)) is not None:
        if d.kind != D.PLACE_ORDER.name:
            break
        offered[str(d.about("area"))] = tuple(map(str, d.choices))
        g.apply(d.seat, d.choices[0])
    return offered


# -- X-MOD-9.1 three more tokens, on ships only ---------------------------------------------------


def test_x_mod_9_1_the_sea_tokens_are_offered_on_ships_only() -> None:
    g = north(mod()).start(PlanningPhase())
    offered = planned(g, "stark")
    assert set(offered) == {"winterfell", *SHIPS}
    assert not set(SEA) & set(offered["winterfell"])
    for area in SHIPS:
        assert set(SEA) <= set(offered[area]), area
    assert all(t not in T.ORDER_COUNTS and t in T.ORDER_KINDS for t in SEA)  # not in the 15


def test_x_mod_9_1_each_sea_token_is_one_token() -> None:
    """R1.10: a sea token placed is no longer offered for the next area on ships."""
    g = north(mod()).start(PlanningPhase())
    decide(g, D.PLACE_ORDER, "march+0", "stark")  # Winterfell (map order: land first)
    assert pending(g, D.PLACE_ORDER, "stark").about("area") == SHIPS[0]
    decide(g, D.PLACE_ORDER, "sea_march-1", "stark")
    second = choices(g, D.PLACE_ORDER, "stark")
    assert "sea_march-1" not in second and {"sea_support+0", "iron_bank"} <= set(second)


def test_x_mod_9_1_sea_tokens_at_the_table_too() -> None:
    g = north(mod(planning="table")).start(PlanningPhase())
    offered = choices(g, D.PLAN_ORDERS, "stark")
    for token in SEA:
        assert f"place:{SHIPS[0]}:{token}" in offered and f"place:{SHIPS[1]}:{token}" in offered
        assert f"place:winterfell:{token}" not in offered
    decide(g, D.PLAN_ORDERS, f"place:{SHIPS[1]}:iron_bank", "stark")
    assert f"place:{SHIPS[0]}:iron_bank" not in choices(g, D.PLAN_ORDERS, "stark")


def test_x_mod_9_1_vassals_have_no_sea_tokens() -> None:
    g = mod(players=4, houses=["stark", "lannister", "greyjoy", "arryn"]).g
    assert g.vassals == ("baratheon", "tyrell", "martell")
    assert dict(sea_tokens(g, "stark")) == dict.fromkeys(SEA, 1)
    assert all(not sea_tokens(g, v) for v in g.vassals)


def test_x_mod_1_4_sea_orders_can_be_turned_off_and_other_scenarios_have_none() -> None:
    s = north(mod())
    s.g.config["sea_orders"] = False  # the config key modboard validates (default true)
    offered = planned(s.start(PlanningPhase()), "stark")
    assert not any(set(SEA) & set(tokens) for tokens in offered.values())
    base = Scenario(players=6).empty()
    base.units("the_shivering_sea", "stark", "ship")
    assert not set(SEA) & set(planned(base.start(PlanningPhase()), "stark")["the_shivering_sea"])


# -- R3.4 restrictions: the sea tokens go with their base twins (X-MOD-9.1, XF34) --------------


def test_x_mod_9_1_web_of_lies_bars_sea_support() -> None:
    g = north(mod().restrict("support+0", "support+1*")).start(PlanningPhase())
    offered = planned(g, "stark")[SHIPS[0]]
    assert "sea_support+0" not in offered
    assert {"sea_march-1", "iron_bank"} <= set(offered)


def test_x_mod_9_1_rains_of_autumn_leaves_sea_march_minus_1() -> None:
    g = north(mod().restrict("march+1*")).start(PlanningPhase())
    assert "sea_march-1" in planned(g, "stark")[SHIPS[0]]


def test_xf34_feast_for_crows_does_not_bar_the_iron_bank_token() -> None:
    """X-MOD-9.2, XF34: the Iron Bank token is no Consolidate Power order."""
    g = north(mod().restrict("consolidate", "consolidate*")).start(PlanningPhase())
    offered = planned(g, "stark")[SHIPS[0]]
    assert "iron_bank" in offered and "consolidate" not in offered


# -- R5.1/R5.3 with sea tokens: a regular token on ships never costs a land area its order ------


def test_x_mod_9_1_a_regular_token_on_ships_never_leaves_land_without_an_order() -> None:
    """With one regular token (March +0) and one sea token (Iron Bank) for a land area and an
    area on ships, the area on ships is offered only the Iron Bank token; "none" neither."""
    s = north(mod().restrict(*ALL_BUT_MARCH_0)).clear(SHIPS[1])
    g = s.g
    areas = [SHIPS[0], "winterfell"]  # asked in this order (a map with land after the seas)
    assert spare_choices(g, "stark", areas, ("march+0", "iron_bank", "none")) == ("iron_bank",)
    assert spare_choices(g, "stark", ["winterfell", SHIPS[0]], ("march+0",)) == ("march+0",)
    base = Scenario(players=6).empty().units(SHIPS[0], "stark", "ship").restrict("raid")
    assert spare_choices(base.g, "stark", [SHIPS[0]], ("march+0", "none")) == ("march+0", "none")


def test_x_mod_9_1_at_the_table_ready_waits_until_the_tokens_cover_every_area() -> None:
    s = north(mod(planning="table").restrict(*ALL_BUT_MARCH_0)).clear(SHIPS[1])
    g = s.start(PlanningPhase())
    decide(g, D.PLAN_ORDERS, f"place:{SHIPS[0]}:march+0", "stark")
    offered = choices(g, D.PLAN_ORDERS, "stark")
    assert "ready" not in offered  # the Iron Bank token could free March +0 for Winterfell
    assert "place:winterfell:iron_bank" not in offered
    decide(g, D.PLAN_ORDERS, f"place:{SHIPS[0]}:iron_bank", "stark")
    decide(g, D.PLAN_ORDERS, "place:winterfell:march+0", "stark")
    assert "ready" in choices(g, D.PLAN_ORDERS, "stark")


def test_x_mod_9_1_r5_3_sea_tokens_count_for_ships_only() -> None:
    """R5.3: one regular token and one sea token for two land areas and one on ships: two
    orders are possible, fewer than the areas, so the houses place in turn order."""
    s = north(mod().restrict(*ALL_BUT_MARCH_0)).clear(SHIPS[1])
    s.units("white_harbor", "stark", "footman")
    g = s.start(PlanningPhase())
    assert "none" in choices(g, D.PLACE_ORDER, "stark")
    assert events_of(g, E.PLANNING.name)[-1]["short"] == ["stark"]
    decide(g, D.PLACE_ORDER, "none", "stark")  # Winterfell stays empty (R5.3)
    decide(g, D.PLACE_ORDER, "march+0", "stark")  # White Harbor
    assert set(choices(g, D.PLACE_ORDER, "stark")) == {"iron_bank"}  # on ships: no "none"


def test_x_mod_9_1_the_raven_may_swap_in_a_sea_token_on_ships() -> None:
    """R5.5.1: the Raven's replacement obeys R5.2 and X-MOD-9.1."""
    s = north(mod()).order("winterfell", "march+0").order(SHIPS[0], "support+0")
    s.order(SHIPS[1], "raid")
    s.track("kings_court", "stark", *[h for h in s.g.houses if h != "stark"])
    assert set(SEA) <= set(raven_replacements(s.g, "stark", SHIPS[0]))
    assert not set(SEA) & set(raven_replacements(s.g, "stark", "winterfell"))


# -- X-MOD-9.1: Sea March −1 and Sea Support are March and Support orders -----------------------


def test_x_mod_9_1_sea_march_minus_1_attacks_with_its_minus_1() -> None:
    s = mod().units(SHIPS[0], "stark", "ship")
    g = s.attack("arryn", "the_narrow_sea", SHIPS[0], "ship", "ship", token="sea_march-1")
    run(g, until=D.HOUSE_CARD)
    assert strengths(g)["attacker"].order == -1


def test_x_mod_9_1_sea_support_supports_an_adjacent_fight() -> None:
    s = mod().units("bay_of_ice", "greyjoy", "ship").units(SHIPS[0], "stark", "ship")
    s.units("the_stony_shore", "greyjoy", "footman").order("bay_of_ice", "sea_support+0")
    g = s.attack("stark", "winterfell", "the_stony_shore", "footman")
    decide(g, D.SUPPORT, "defender", "greyjoy")
    run(g, until=D.HOUSE_CARD)
    assert strengths(g)["defender"].support == 1  # one ship, Support +0


# -- X-MOD-9.2 the Iron Bank order: raided, resolved in the Consolidate Power step --------------


def test_x_mod_9_2_iron_bank_and_sea_support_orders_can_be_raided_without_pillage() -> None:
    s = mod().units("bay_of_ice", "greyjoy", "ship").order("bay_of_ice", "raid")
    s.units(SHIPS[1], "stark", "ship").order(SHIPS[1], "iron_bank")
    s.units("sunset_sea", "stark", "ship").order("sunset_sea", "sea_support+0")
    power = dict(s.g.power)
    g = s.start(ResolveRaid("greyjoy"))
    offered = choices(g, D.RAID, "greyjoy")
    assert "bay_of_ice>port_of_winterfell" in offered and "bay_of_ice>sunset_sea" in offered
    decide(g, D.RAID, "bay_of_ice>port_of_winterfell", "greyjoy")
    assert SHIPS[1] not in g.orders and g.power == power  # no pillage (R6.3.4 is for CP only)
    assert events_of(g, E.RAID.name)[-1]["token"] == "iron_bank"


def test_x_mod_9_2_iron_bank_orders_take_turns_with_consolidate_power_orders() -> None:
    """One order per turn in Iron Throne order, the house choosing which (X-MOD-9.2)."""
    s = north(mod()).order(SHIPS[1], "iron_bank").order("winterfell", "consolidate")
    s.units("lannisport", "lannister", "footman").order("lannisport", "consolidate")
    s.units("stoney_sept", "lannister", "footman").order("stoney_sept", "consolidate")
    g = s.start_action("consolidate")
    order = g.turn_order()
    assert order.index("lannister") < order.index("stark")
    turns = []
    while g.pending():
        d = g.pending()[0]
        turns.append((g.house_of(d.seat), tuple(d.choices)))
        g.apply(d.seat, d.choices[-1])
    assert [h for h, _ in turns] == ["lannister", "stark", "lannister", "stark"]
    assert turns[1][1] == ("winterfell", SHIPS[1])  # its Iron Bank order is one of its orders
    assert [e["area"] for e in events_of(g, E.IRON_BANK_BLANK.name)] == [SHIPS[1]]


def test_x_mod_9_3_xf9_without_the_iron_bank_the_token_is_blank() -> None:
    s = north(mod()).order(SHIPS[1], "iron_bank")
    power = dict(s.g.power)
    g = s.start_action("consolidate")
    decide(g, D.CONSOLIDATE, SHIPS[1], "stark")
    assert not g.orders and g.power == power
    assert events_of(g, E.IRON_BANK_BLANK.name)[-1]["house"] == "stark"


def test_xf27_an_iron_bank_order_in_a_port_works_with_enemy_ships_in_its_sea() -> None:
    s = north(mod()).order(SHIPS[1], "iron_bank").units("bay_of_ice", "greyjoy", "ship")
    g = s.start_action("consolidate")
    assert choices(g, D.CONSOLIDATE, "stark") == (SHIPS[1],)
    decide(g, D.CONSOLIDATE, SHIPS[1], "stark")
    assert events_of(g, E.IRON_BANK_BLANK.name)  # resolved (blank), not skipped


def test_x_mod_9_the_sea_tokens_have_names() -> None:
    assert [E.order_name(t) for t in SEA] == ["Sea March -1", "Sea Support", "Iron Bank"]


# -- whole random games (slow) -----------------------------------------------------------------


def test_random_mod_games_place_sea_orders_and_resolve_the_iron_bank_order() -> None:
    """X-MOD-9.1, X-MOD-9.2: over whole random 7-player games (the invariants check that every
    sea order lies on ships, tests/boardgame/invariants.py) the houses place all three sea
    tokens, and Iron Bank orders are resolved blank or raided."""
    from tests.boardgame.invariants import check_invariants
    from westeros.bots import RandomBot
    from westeros.engine import new_game

    placed: set[str] = set()
    blank = raided = 0
    for seed in range(3):
        g: BoardGame = new_game("boardgame", {"players": 7, "scenario": "mod"}, 4700 + seed)
        bots = [RandomBot(seed * 7 + s) for s in range(7)]
        while g.pending():
            d = g.pending()[0]
            g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
            check_invariants(g)
        for e in events_of(g, E.HOUSE_ORDERS.name):
            placed |= set(SEA) & set(e["orders"].values())
        blank += len(events_of(g, E.IRON_BANK_BLANK.name))
        raided += sum(e["token"] == "iron_bank" for e in events_of(g, E.RAID.name))
    assert placed == set(SEA)
    assert blank > 0 and raided > 0


def test_x_mod_9_1_a_sea_token_off_ships_is_refused_in_plain_words() -> None:
    g = north(mod()).start(PlanningPhase())
    d = pending(g, D.PLACE_ORDER, "stark")
    assert d.about("area") == "winterfell"
    assert "go only on ships" in g.refusal(d, "sea_march-1")
    table = north(mod(planning="table")).start(PlanningPhase())
    d = pending(table, D.PLAN_ORDERS, "stark")
    assert "go only on ships" in table.refusal(d, "place:winterfell:iron_bank")
