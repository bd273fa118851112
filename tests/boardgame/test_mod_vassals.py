"""Mother of Dragons vassals (X-MOD-10, XF10–XF18, XF33, X-MOD-Q5, X-MOD-Q9): commanders,
vassal orders, what a commander may not do, the vassals' limits and their combats.

Positions are built on the six-house board with some houses made vassals by hand
(``Scenario.vassals``); whole games on the Mother of Dragons board are in
``test_mod_vassal_games.py``.
"""

from __future__ import annotations

import pytest

from tests.boardgame.driver import (
    assert_illegal,
    choices,
    decide,
    events_of,
    log_lines,
    pending,
    run,
)
from westeros.boardgame import decisions as D
from westeros.boardgame import determinize
from westeros.boardgame import events as E
from westeros.boardgame import vassals as V
from westeros.boardgame.bidding import ClashOfKings
from westeros.boardgame.builder import Scenario
from westeros.boardgame.consolidate import ResolveConsolidate
from westeros.boardgame.fight import current
from westeros.boardgame.geography import destinations
from westeros.boardgame.march import ResolveMarch
from westeros.boardgame.mustering import mustering_areas
from westeros.boardgame.planning import MessengerRaven, PlanningPhase
from westeros.boardgame.raid import ResolveRaid, raid_targets
from westeros.boardgame.state import Side
from westeros.boardgame.support import declare_sides, support_value
from westeros.boardgame.victory import check_win, rank_houses
from westeros.boardgame.wildlings import WildlingAttack

# Cards without text stand in for the shared vassal deck in these positions (X-MOD-10.7).
FAKE_VASSAL_DECK = (
    "eddard_stark",
    "greatjon_umber",
    "ser_rodrik_cassel",
    "ser_gregor_clegane",
    "ser_jaime_lannister",
    "the_hound",
    "brienne_of_tarth",
)


def tyrell_commands(**more: str | None) -> Scenario:
    """Six houses; Martell and Baratheon are vassals of Tyrell (four seats)."""
    return Scenario(players=6).empty().vassals(martell="tyrell", baratheon="tyrell", **more)


def martell_ordered(token: str) -> Scenario:
    """Tyrell commands Martell, whose footman in Yronwood holds the vassal order ``token``."""
    return tyrell_commands().units("yronwood", "martell", "footman").order("yronwood", token)


# -- X-MOD-10.3 commanders (XF12) ---------------------------------------------------------------


def test_x_mod_10_3_markers_go_to_the_first_players_in_iron_throne_order() -> None:
    """X-MOD-10.3: vassals divided by players, one more for the first players while there is
    a remainder; the markers follow the Iron Throne track, vassals skipped."""
    s = Scenario(players=6).vassals(martell=None, baratheon=None)
    s.track("iron_throne", "martell", "greyjoy", "baratheon", "stark", "tyrell", "lannister")
    g = s.g
    assert V.player_houses(g) == ("greyjoy", "stark", "tyrell", "lannister")
    assert V.markers(g) == (1, 1, 0, 0)
    s3 = Scenario(players=6).vassals(martell=None, baratheon=None, tyrell=None, greyjoy=None)
    assert V.markers(s3.g) == (2, 2)


def test_xf12_a_commander_picks_all_its_vassals_at_once_and_passed_markers_move_on() -> None:
    """X-MOD-10.3, XF12: one decision lists every set of vassals up to the markers; a pass
    hands the markers to the next player; the last player takes every vassal left."""
    s = Scenario(players=6).vassals(martell=None, baratheon=None, greyjoy=None)
    s.track("iron_throne", "lannister", "stark", "tyrell", "martell", "baratheon", "greyjoy")
    g = s.start(V.ChooseCommanders())
    d = pending(g, D.CHOOSE_VASSALS, "lannister")
    assert d.choices == ("baratheon", "greyjoy", "martell", "pass")
    decide(g, D.CHOOSE_VASSALS, "pass", "lannister")
    d = pending(g, D.CHOOSE_VASSALS, "stark")  # 1 marker + 1 passed
    assert d.about("markers") == 2
    assert "baratheon+martell" in d.choices and "martell" in d.choices
    assert all(c.count("+") <= 1 for c in map(str, d.choices))
    decide(g, D.CHOOSE_VASSALS, "baratheon+martell", "stark")
    assert not g.pending()  # Tyrell, the last player, takes Greyjoy without a decision
    assert g.commanders == {"baratheon": "stark", "martell": "stark", "greyjoy": "tyrell"}
    assert g.seat_for("martell") == g.seat_of("stark")
    assert any("Stark commands Baratheon, Martell" in line for line in log_lines(g))


def test_x_mod_10_3_commands_end_at_every_planning_phase() -> None:
    """X-MOD-10.3: at the start of the Planning phase the previous commands end."""
    s = Scenario(players=6).vassals(martell="stark", baratheon="stark")
    s.track("iron_throne", "lannister", "stark", "tyrell", "greyjoy", "martell", "baratheon")
    g = s.start(PlanningPhase())
    assert pending(g, D.CHOOSE_VASSALS, "lannister").choices[0] == "baratheon"
    assert g.commanders == {}
    assert events_of(g, E.VASSALS_RELEASED.name)


def test_xf12_illegal_vassal_choices_are_refused() -> None:
    """XF12: more vassals than markers, or a vassal already taken, is refused."""
    s = Scenario(players=6).vassals(martell=None, baratheon=None)
    s.track("iron_throne", "lannister", "stark", "tyrell", "greyjoy", "martell", "baratheon")
    g = s.start(V.ChooseCommanders())
    assert_illegal(g, "baratheon+martell", D.CHOOSE_VASSALS, "lannister")
    decide(g, D.CHOOSE_VASSALS, "martell", "lannister")
    assert_illegal(g, "martell", D.CHOOSE_VASSALS, "stark")


# -- X-MOD-10.4 orders (XF14, XF15, XF33, X-MOD-Q5) ----------------------------------------------


def test_x_mod_10_4_the_vassal_tokens() -> None:
    """X-MOD-10.4: one each of March +0, Raid/Support +1, Defense +1/Muster and Defense +3, no
    star token; order kinds of their own, never among the player houses' tokens."""
    kinds = {k: (t.type, t.modifier, t.special) for k, t in V.T.ORDER_KINDS.items()}
    assert dict(V.T.VASSAL_ORDER_COUNTS) == {
        "vassal_march+0": 1,
        "vassal_raid_support+1": 1,
        "vassal_defense_muster+1": 1,
        "vassal_defense+3": 1,
    }
    assert kinds["vassal_march+0"] == ("march", 0, False)
    assert kinds["vassal_raid_support+1"] == ("raid", 1, False)
    assert kinds["vassal_defense_muster+1"] == ("defense", 1, False)
    assert kinds["vassal_defense+3"] == ("defense", 3, False)
    assert kinds[V.T.VASSAL_SUPPORT_FACE] == ("support", 1, False)
    assert not any(t.id.startswith("vassal_") for t in V.T.ORDER_TOKENS)
    assert not any(k.startswith("vassal_") for k in V.T.ORDER_COUNTS)
    assert E.order_name("vassal_raid_support+1") == "Vassal Raid/Support +1"


def dorne(s: Scenario) -> Scenario:
    """Martell (a vassal) in three areas, Tyrell and Stark with one army each."""
    return (
        s.units("sunspear", "martell", "footman", "knight")
        .units("yronwood", "martell", "footman")
        .units("salt_shore", "martell", "footman")
        .units("highgarden", "tyrell", "footman")
        .units("winterfell", "stark", "footman")
        .units("lannisport", "lannister", "footman")
        .units("pyke", "greyjoy", "footman")
    )


def test_x_mod_10_4_commander_orders_its_vassal_after_the_players_at_most_two_areas() -> None:
    """X-MOD-10.4, X-MOD-Q5: after every player's orders the commander places the vassal's
    own tokens (context names the vassal), in at most 2 areas; revealed with the others."""
    s = dorne(tyrell_commands())
    s.track("iron_throne", "tyrell", "stark", "lannister", "greyjoy", "martell", "baratheon")
    g = s.start(PlanningPhase())
    run(g, {f"{D.CHOOSE_VASSALS.name}@tyrell": "martell"}, until=D.VASSAL_ORDER)
    assert g.commanders == {"martell": "tyrell", "baratheon": "stark"}
    assert all(o.house != "martell" for o in g.orders.values())
    assert {o.house for o in g.orders.values()} == {"tyrell", "stark", "lannister", "greyjoy"}
    d = pending(g, D.VASSAL_ORDER, "tyrell")
    assert d.about("vassal") == "martell"
    assert "Martell" in d.prompt
    tokens = {D.VASSAL_ORDER.parse(c)["token"] for c in d.choices if c != "done"}
    assert tokens == set(V.T.VASSAL_ORDER_COUNTS)
    assert "sunspear:march+0" not in d.choices  # never a player house's token
    decide(g, D.VASSAL_ORDER, "sunspear:vassal_defense+3", "tyrell")
    assert not g.orders_revealed
    stark = g.view(g.seat_of("stark"))["orders"]["sunspear"]
    assert stark == {"house": "martell", "token": None}  # face down (R1.14.1)
    assert g.view(g.seat_of("tyrell"))["orders"]["sunspear"]["token"] == "vassal_defense+3"
    d = pending(g, D.VASSAL_ORDER, "tyrell")
    assert not any(c.endswith("vassal_defense+3") for c in d.choices)  # one token of each
    decide(g, D.VASSAL_ORDER, "yronwood:vassal_march+0", "tyrell")
    # X-MOD-Q5: 2 areas ordered, Salt Shore stays without an order; planning goes on
    assert "salt_shore" not in g.orders
    run(g, until=None, limit=20)
    assert g.orders_revealed
    shown = events_of(g, E.ORDERS_REVEALED.name)[-1].fields["orders"]
    assert shown["martell"] == {"sunspear": "vassal_defense+3", "yronwood": "vassal_march+0"}


def test_x_mod_10_4_done_leaves_the_vassal_with_fewer_orders() -> None:
    """X-MOD-10.4: a commander may give its vassal fewer orders (done at any time)."""
    s = dorne(tyrell_commands())
    g = s.start(V.VassalOrders())
    decide(g, D.VASSAL_ORDER, "done", "tyrell")
    assert g.orders_of("martell") == []
    assert events_of(g, E.VASSAL_ORDERS_DONE.name)[0].fields["count"] == 0


@pytest.mark.parametrize(
    ("restriction", "barred"),
    [
        (("defense+1", "defense+2*"), {"vassal_defense_muster+1", "vassal_defense+3"}),
        (("support+0", "support+1*"), {"vassal_raid_support+1"}),
        (("raid", "raid*"), {"vassal_raid_support+1"}),
        (("march+1*",), set()),
        (("consolidate", "consolidate*"), set()),
    ],
)
def test_xf14_xf33_restrictions_bar_the_vassal_tokens_of_their_type(
    restriction: tuple[str, ...], barred: set[str]
) -> None:
    """XF14, XF33: Storm of Swords bars both vassal Defense tokens (Defense/Muster is a
    Defense order); Web of Lies / Sea of Storms bar the Raid/Support token; Rains of Autumn
    (March +1) and Feast for Crows (Consolidate Power) bar none."""
    g = dorne(tyrell_commands()).restrict(*restriction).start(V.VassalOrders())
    offered = {D.VASSAL_ORDER.parse(c)["token"] for c in choices(g, D.VASSAL_ORDER, "tyrell")[:-1]}
    assert offered == set(V.T.VASSAL_ORDER_COUNTS) - barred


def test_x_mod_10_4_raid_support_raids_or_stays_as_support_plus_one() -> None:
    """X-MOD-10.4: in the Raid step the Raid/Support token may raid; not used to raid it stays
    on the board as a Support +1 order (the commander decides, ``none`` = keep)."""
    s = (
        martell_ordered("vassal_raid_support+1")
        .units("the_boneway", "stark", "footman")
        .order("the_boneway", "support+0")
    )
    g = s.start(ResolveRaid("martell"))
    d = pending(g, D.RAID, "tyrell")
    assert d.about("vassal") == "martell"
    assert d.choices == ("yronwood>the_boneway", "yronwood>none")
    decide(g, D.RAID, "yronwood>none", "tyrell")
    assert g.orders["yronwood"].token == "vassal_support+1"
    assert g.orders["yronwood"].type == "support"
    assert events_of(g, E.VASSAL_SUPPORT_KEPT.name)
    # a Support +1: its unit and +1 back a fight next to it (R7.3.4)
    assert support_value(g, "yronwood", "princes_pass", for_attack=False) == 2


def test_x_mod_q9_a_vassal_pillages_nobody_gains_the_victim_loses_one() -> None:
    """X-MOD-10.6, X-MOD-Q9: a vassal's raid on a Consolidate Power order: nobody gains a
    power token (neither vassal nor commander); the victim still discards 1."""
    s = (
        martell_ordered("vassal_raid_support+1")
        .units("the_boneway", "stark", "footman")
        .order("the_boneway", "consolidate")
        .power("stark", 3)
        .power("tyrell", 2)
    )
    g = s.start(ResolveRaid("martell"))
    decide(g, D.RAID, "yronwood>the_boneway", "tyrell")
    assert (g.power["stark"], g.power["tyrell"], g.power["martell"]) == (2, 2, 0)
    assert events_of(g, E.PILLAGE.name)[0].fields["gained"] == 0


def test_xf15_defense_muster_defends_stays_and_musters_in_consolidate_power() -> None:
    """XF15, X-MOD-10.4: the Defense +1/Muster token counts +1 when defending, is not removed
    after a won defence, and in the Consolidate Power step the commander may muster with it
    (a Defense order, not a Consolidate Power order)."""
    s = (
        tyrell_commands()
        .units("sunspear", "martell", "footman", "footman")
        .order("sunspear", "vassal_defense_muster+1")
        .units("salt_shore", "stark", "footman")
        .hand("stark", "ser_rodrik_cassel")
    )
    with pytest.MonkeyPatch.context() as mp:
        fake_vassal_deck(mp)
        g = s.attack("stark", "salt_shore", "sunspear", "footman")
        run(g, {f"{D.HOUSE_CARD.name}@stark": "ser_rodrik_cassel"})
    assert g.fight is None
    assert g.owner("sunspear") == "martell"
    assert g.orders["sunspear"].token == "vassal_defense_muster+1"  # stays (XF15)
    s2 = (
        tyrell_commands()
        .units("sunspear", "martell", "footman")
        .order("sunspear", "vassal_defense_muster+1")
    )
    g = s2.start_action("consolidate")
    d = pending(g, D.VASSAL_MUSTER, "tyrell")
    assert d.about("vassal") == "martell"
    decide(g, D.VASSAL_MUSTER, "muster", "tyrell")
    d = pending(g, D.MUSTER, "tyrell")
    assert d.about("vassal") == "martell" and d.about("area") == "sunspear"
    decide(g, D.MUSTER, "knight", "tyrell")
    assert [u.kind for u in g.units["sunspear"]] == ["footman", "knight"]
    assert "sunspear" not in g.orders


def test_x_mod_10_6_defense_muster_outside_the_home_never_musters() -> None:
    """X-MOD-10.6: a vassal musters only in its home area: a Defense/Muster elsewhere is a
    plain Defense +1 and the Consolidate Power step passes it by."""
    s = martell_ordered("vassal_defense_muster+1")
    g = s.start_action("consolidate")
    assert not g.pending()
    assert g.orders["yronwood"].token == "vassal_defense_muster+1"


# -- X-MOD-10.5 what a commander may not do (XF16–XF18) ------------------------------------------


def test_xf16_xf18_no_march_into_an_area_of_the_same_command() -> None:
    """XF16, XF18: a commander never attacks its vassals, a vassal never its commander nor a
    fellow vassal; another player may attack them."""
    s = (
        tyrell_commands()
        .units("the_reach", "tyrell", "footman")
        .units("the_boneway", "martell", "footman")
        .units("kingswood", "baratheon", "footman")
        .units("dornish_marches", "tyrell", "footman")
        .units("princes_pass", "stark", "footman")
    )
    g = s.g
    assert "the_boneway" not in destinations(g, "tyrell", "the_reach")  # its vassal
    assert "kingswood" not in destinations(g, "tyrell", "the_reach")
    boneway = destinations(g, "martell", "the_boneway")
    assert "kingswood" not in boneway  # a fellow vassal
    assert "dornish_marches" not in boneway  # its commander
    assert "princes_pass" in boneway  # another player: an attack
    assert "the_boneway" in destinations(g, "stark", "princes_pass")


def test_x_mod_10_5_a_commander_cannot_enter_an_area_held_by_its_vassals_token() -> None:
    """X-MOD-10.5 (S&R): not even an area held only by the vassal's power token."""
    s = tyrell_commands().units("the_reach", "tyrell", "footman").token("the_boneway", "martell")
    s.units("dornish_marches", "stark", "footman")
    assert "the_boneway" not in destinations(s.g, "tyrell", "the_reach")
    assert "the_boneway" in destinations(s.g, "stark", "dornish_marches")


def test_xf16_xf18_no_raid_within_one_command() -> None:
    """XF16, XF18: raids never target the commander's or a fellow vassal's orders."""
    s = (
        martell_ordered("vassal_raid_support+1")
        .units("the_boneway", "tyrell", "footman")
        .order("the_boneway", "support+0")
        .units("starfall", "baratheon", "footman")
        .order("starfall", "vassal_raid_support+1")
        .units("princes_pass", "tyrell", "footman")
        .order("princes_pass", "raid")
    )
    g = s.g
    assert raid_targets(g, "yronwood") == []
    assert raid_targets(g, "princes_pass") == []
    s.clear("princes_pass").units("princes_pass", "stark", "footman").order("princes_pass", "raid")
    assert set(raid_targets(g, "princes_pass")) == {"yronwood", "starfall", "the_boneway"}


def test_xf17_no_support_against_ones_own_command() -> None:
    """XF17: a commander never supports an attack on its vassal; a vassal never supports an
    attack on its commander or a fellow vassal."""
    s = (
        tyrell_commands()
        .units("sunspear", "martell", "footman")
        .units("yronwood", "baratheon", "footman")
        .order("yronwood", "vassal_raid_support+1")
        .units("starfall", "tyrell", "footman")
        .order("starfall", "support+0")
        .units("salt_shore", "stark", "footman")
    )
    g = s.attack("stark", "salt_shore", "sunspear", "footman")
    g.pending()  # the combat begins: Martell defends (R7.1)
    f = current(g)
    assert f is not None
    assert declare_sides(g, f, "tyrell") == (Side.DEFENDER,)  # never against its vassal
    assert declare_sides(g, f, "baratheon") == (Side.DEFENDER,)  # nor a fellow vassal
    assert declare_sides(g, f, "lannister") == (Side.ATTACKER, Side.DEFENDER)


# -- X-MOD-10.6 vassal limits ---------------------------------------------------------------------


def test_x_mod_10_6_vassals_cannot_win() -> None:
    """X-MOD-10.6: a vassal holding 7 castles does not win, and it is never ranked."""
    s = tyrell_commands()
    for area in ("sunspear", "yronwood", "starfall", "highgarden", "oldtown", "the_reach", "pyke"):
        s.units(area, "martell", "footman")
    g = s.g
    assert g.castles("martell") >= 7
    assert not check_win(g)
    assert "martell" not in rank_houses(g) and "baratheon" not in rank_houses(g)


def test_x_mod_10_6_no_dominance_token_for_a_vassal() -> None:
    """X-MOD-10.6: the dominance token goes to the highest player house on the track."""
    s = tyrell_commands().track(
        "fiefdoms", "martell", "baratheon", "greyjoy", "stark", "tyrell", "lannister"
    )
    g = s.g
    assert g.holder("fiefdoms") == "greyjoy"
    assert g.view(0)["dominance"]["valyrian_steel_blade"] == "greyjoy"


def test_x_mod_10_6_a_vassal_leaves_a_free_power_token_when_it_empties_an_area() -> None:
    """X-MOD-10.6: no power, but a token is always left, free and without a decision."""
    s = martell_ordered("vassal_march+0")
    g = s.start(ResolveMarch("martell"))
    decide(g, D.MARCH_ORDER, "yronwood", "tyrell")
    decide(g, D.MARCH_MOVE, "footman>princes_pass", "tyrell")
    decide(g, D.MARCH_MOVE, "done", "tyrell")
    assert not g.pending()
    assert g.power_tokens["yronwood"] == "martell"
    assert g.power["martell"] == 0


def test_x_mod_10_6_a_vassal_never_marches_into_a_port() -> None:
    """X-MOD-10.6: vassals cannot march into ports (a player may)."""
    s = tyrell_commands().units("sea_of_dorne", "martell", "ship").units("sunspear", "martell")
    s.units("sunspear", "martell", "footman")
    dests = destinations(s.g, "martell", "sea_of_dorne")
    assert "port_of_sunspear" not in dests
    s2 = Scenario(players=6).empty().units("east_summer_sea", "martell", "ship")
    s2.units("sunspear", "martell", "footman")
    assert "port_of_sunspear" in destinations(s2.g, "martell", "east_summer_sea")


def test_x_mod_10_6_a_vassal_musters_only_in_its_home() -> None:
    """X-MOD-10.6: mustering (cards and Defense/Muster) only in the vassal's home area."""
    s = tyrell_commands().units("sunspear", "martell", "footman")
    s.units("yronwood", "martell", "footman").units("starfall", "martell", "footman")
    assert mustering_areas(s.g, "martell") == ("sunspear",)
    s.units("highgarden", "tyrell", "footman").units("oldtown", "tyrell", "footman")
    assert mustering_areas(s.g, "tyrell") == ("highgarden", "oldtown")


def test_x_mod_10_6_vassals_bid_zero_in_clash_of_kings() -> None:
    """X-MOD-10.6: a vassal bids 0 without a decision; only the players bid."""
    g = tyrell_commands().power("stark", 3).start(ClashOfKings())
    asked = {g.house_of(d.seat) for d in g.pending()}
    assert asked == {"stark", "lannister", "greyjoy", "tyrell"}
    assert all(d.about("vassal") is None for d in g.pending())
    step = g.stack[-1]
    assert ("martell", 0) in step.bids and ("baratheon", 0) in step.bids  # type: ignore[attr-defined]


def test_x_mod_10_6_vassals_take_no_part_in_wildling_attacks() -> None:
    """X-MOD-10.6: vassals neither bid against the wildlings nor suffer their effects."""
    s = tyrell_commands().power("stark", 2)
    g = s.start(WildlingAttack(4))
    step = g.stack[-1]
    assert "martell" not in step.houses and "baratheon" not in step.houses  # type: ignore[attr-defined]
    assert {g.house_of(d.seat) for d in g.pending()} <= {"stark", "lannister", "greyjoy", "tyrell"}


def test_x_mod_10_6_a_vassal_gains_no_power() -> None:
    """X-MOD-10.6: vassals have no power tokens: gains do nothing (Game of Thrones, CP)."""
    g = tyrell_commands().g
    assert g.gain_power("martell", 3) == 0
    assert g.power["martell"] == 0


# -- X-MOD-10.7 combat (XF10) ---------------------------------------------------------------------


def fake_vassal_deck(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(V, "vassal_deck", lambda: FAKE_VASSAL_DECK)
    mp.setattr(determinize, "vassal_deck", lambda: FAKE_VASSAL_DECK)


def vassal_defends(mp: pytest.MonkeyPatch) -> Scenario:
    fake_vassal_deck(mp)
    return (
        tyrell_commands()
        .units("sunspear", "martell", "footman")
        .units("salt_shore", "stark", "footman", "knight")
        .hand("stark", "ser_rodrik_cassel", "catelyn_stark")
    )


def test_x_mod_10_7_commander_draws_three_vassal_cards_and_chooses_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """X-MOD-10.7, X-MOD-D3: the commander draws 3 random cards of the shared vassal deck and
    plays one for the vassal, at its seat; only its seat sees them; all return after the
    combat."""
    g = vassal_defends(monkeypatch).attack("stark", "salt_shore", "sunspear", "footman", "knight")
    run(g, until=D.HOUSE_CARD)
    d = pending(g, D.HOUSE_CARD, "tyrell")
    assert d.about("vassal") == "martell"
    hand = g.hands["martell"]
    assert len(hand) == 3 and set(hand) <= set(FAKE_VASSAL_DECK)
    assert set(d.choices) == set(hand)
    assert g.view(g.seat_of("tyrell"))["houses"]["martell"]["hand"] == list(hand)
    assert g.view(g.seat_of("stark"))["houses"]["martell"]["hand"] == []
    assert g.view(None)["houses"]["martell"]["hand_size"] == 3
    drawn = events_of(g, E.VASSAL_CARDS_DRAWN.name)[0]
    assert "cards" not in g.events(g.seat_of("stark"))[g.log.index(drawn)].fields
    decide(g, D.HOUSE_CARD, hand[0], "tyrell")
    decide(g, D.HOUSE_CARD, "ser_rodrik_cassel", "stark")
    run(g)
    assert g.fight is None
    assert g.hands["martell"] == () and g.discards["martell"] == ()
    assert events_of(g, E.VASSAL_CARDS_RETURNED.name)


def test_x_mod_10_7_a_vassals_victory_gives_its_commander_one_power(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """X-MOD-10.7: when a vassal wins a combat its commander gains 1 power token."""
    s = vassal_defends(monkeypatch).power("tyrell", 1)
    g = s.attack("stark", "salt_shore", "sunspear", "footman")
    run(g, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, max(g.hands["martell"], key=FAKE_VASSAL_DECK.index), "tyrell")
    decide(g, D.HOUSE_CARD, "catelyn_stark", "stark")  # strength 0
    run(g)  # at least 1 + 1 against 1 + 0: Martell wins
    assert events_of(g, E.COMBAT_WON.name)[0].fields["winner"] == "defender"
    assert g.power["tyrell"] == 2 and g.power["martell"] == 0
    assert events_of(g, E.VASSAL_VICTORY_POWER.name)[0].fields["commander"] == "tyrell"


def test_x_mod_10_7_the_commander_may_use_its_blade_for_a_vassal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """X-MOD-10.7: the Valyrian Steel Blade of the commander may serve its vassal."""
    s = vassal_defends(monkeypatch).track(
        "fiefdoms", "tyrell", "stark", "lannister", "greyjoy", "martell", "baratheon"
    )
    g = s.attack("stark", "salt_shore", "sunspear", "footman")
    run(g, {f"{D.HOUSE_CARD.name}@stark": "ser_rodrik_cassel"}, until=D.BLADE)
    d = pending(g, D.BLADE, "tyrell")
    assert d.about("vassal") == "martell"
    decide(g, D.BLADE, "+1", "tyrell")
    assert g.vsb_used


def test_x_mod_10_7_no_messenger_raven_for_a_vassal() -> None:
    """X-MOD-10.7: the Messenger Raven replaces only the holder's own orders."""
    s = (
        tyrell_commands()
        .units("sunspear", "martell", "footman")
        .order("sunspear", "vassal_march+0")
        .units("highgarden", "tyrell", "footman")
        .order("highgarden", "march+0")
        .track("kings_court", "tyrell", "stark", "lannister", "greyjoy", "martell", "baratheon")
    )
    g = s.start(MessengerRaven())
    assert not any("sunspear" in str(c) for c in choices(g, D.RAVEN, "tyrell"))


def test_xf10_your_opponent_is_the_vassal_not_its_commander(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """XF10, X-MOD-10.8: Doran Martell played against a vassal moves the vassal down a track,
    not its commander."""
    fake_vassal_deck(monkeypatch)
    s = (
        Scenario(players=6)
        .empty()
        .vassals(stark="tyrell")
        .units("moat_cailin", "stark", "footman")
        .units("the_twins", "martell", "footman", "knight")
        .hand("martell", "doran_martell")
        .track("fiefdoms", "stark", "tyrell", "martell", "lannister", "greyjoy", "baratheon")
    )
    g = s.attack("martell", "the_twins", "moat_cailin", "footman", "knight")
    run(g, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, g.hands["stark"][0], "tyrell")
    run(g, {D.DORAN.name: "fiefdoms"}, until=D.DORAN)
    decide(g, D.DORAN, "fiefdoms", "martell")
    assert g.tracks["fiefdoms"][-1] == "stark"
    assert g.tracks["fiefdoms"][0] == "tyrell"


# -- decisions to the commander's seat, secrecy (X-MOD-10.3) -----------------------------------


def test_x_mod_10_3_vassal_decisions_go_to_the_commanders_seat_and_name_the_vassal() -> None:
    """X-MOD-10.3: every decision for a vassal is its commander's, naming the vassal."""
    s = martell_ordered("vassal_march+0")
    g = s.start(ResolveMarch("martell"))
    d = pending(g, D.MARCH_ORDER)
    assert d.seat == g.seat_of("tyrell") and d.about("vassal") == "martell"
    assert d.prompt.startswith("Martell")
    view = g.view(None)
    assert view["vassals"] == ["baratheon", "martell"]
    assert view["houses"]["martell"]["seat"] is None
    assert view["houses"]["martell"]["commander"] == "tyrell"


def test_x_mod_10_4_determinize_keeps_only_what_the_seat_knows_of_vassal_orders() -> None:
    """R1.14, X-MOD-10.4: a seat's copy resamples the face-down orders of vassals it does not
    command (from the vassal tokens), and keeps those of its own vassals."""
    s = dorne(tyrell_commands().vassals(martell="tyrell", baratheon="stark"))
    s.units("storms_end", "baratheon", "footman")
    g = s.g
    g.orders_revealed = False
    s.order("yronwood", "vassal_march+0").order("storms_end", "vassal_defense+3")
    g.orders_revealed = False
    mine = g.determinize(g.seat_of("tyrell"), 7)
    assert mine.orders["yronwood"].token == "vassal_march+0"
    tokens = set()
    for seed in range(30):
        other = g.determinize(g.seat_of("tyrell"), seed)
        assert other.orders["storms_end"].house == "baratheon"
        tokens.add(other.orders["storms_end"].token)
    assert tokens <= set(V.T.VASSAL_ORDER_COUNTS) and len(tokens) > 1


def test_x_mod_10_7_determinize_resamples_another_commanders_vassal_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R1.14, X-MOD-10.7: the drawn vassal cards are the commander's secret: another seat's
    copy draws them again from the shared deck."""
    g = vassal_defends(monkeypatch).attack("stark", "salt_shore", "sunspear", "footman")
    run(g, until=D.HOUSE_CARD)
    real = g.hands["martell"]
    assert g.determinize(g.seat_of("tyrell"), 1).hands["martell"] == real
    hands = {g.determinize(g.seat_of("stark"), seed).hands["martell"] for seed in range(20)}
    assert len(hands) > 1 and all(len(h) == 3 for h in hands)


def test_x_mod_10_consolidate_power_step_still_resolves_players_orders() -> None:
    """X-MOD-10.4: the Consolidate Power cycle resolves players' orders as before."""
    s = (
        tyrell_commands()
        .units("highgarden", "tyrell", "footman")
        .order("highgarden", "consolidate")
    )
    g = s.start(ResolveConsolidate("tyrell"))
    run(g)
    assert g.power["tyrell"] > 0


def test_x_mod_10_3_a_seat_may_leave_its_vassals_to_the_bot() -> None:
    """X-MOD-10.3: config ``vassal_bots`` (MoD only) lists the seats whose vassal choice and
    vassal decisions the server's bot makes (``INFO.delegated``); their own stay theirs."""
    from westeros.boardgame.game import INFO
    from westeros.engine import ConfigError, new_game

    config = {"scenario": "mod", "players": 3, "vassal_bots": [2, 0]}
    assert INFO.check_config(config)["vassal_bots"] == [0, 2]
    for bad in ([3], [0, 0], "all"):
        with pytest.raises(ConfigError, match="vassal_bots"):
            INFO.check_config({**config, "vassal_bots": bad})
    with pytest.raises(ConfigError, match="scenario 'mod' only"):
        INFO.check_config({"players": 3, "vassal_bots": [0]})
    g = new_game("boardgame", config, 3)
    d = g.pending()[0]
    assert d.kind == D.CHOOSE_VASSALS.name
    assert INFO.delegated is not None
    assert INFO.delegated(g.config, d) == (d.seat in (0, 2))
    s = martell_ordered("vassal_march+0")
    g2 = s.start(ResolveMarch("martell"))
    for_vassal, seat = g2.pending()[0], g2.seat_of("tyrell")
    assert INFO.delegated({"vassal_bots": [seat]}, for_vassal)
    assert not INFO.delegated({"vassal_bots": []}, for_vassal)
    own = tyrell_commands().units("highgarden", "tyrell", "footman").order("highgarden", "march+0")
    assert not INFO.delegated(
        {"vassal_bots": [seat]}, own.start(ResolveMarch("tyrell")).pending()[0]
    )


def test_xf13_vassals_take_their_turn_in_the_order_cycles() -> None:
    """XF13, X-MOD-10.1: a vassal resolves its orders at its own place in the turn order."""
    s = (
        martell_ordered("vassal_raid_support+1")
        .units("winterfell", "stark", "footman")
        .order("winterfell", "raid")
        .track("iron_throne", "martell", "stark", "tyrell", "lannister", "greyjoy", "baratheon")
    )
    g = s.start_action("raid")
    d = pending(g, D.RAID)
    assert d.about("vassal") == "martell" and d.seat == g.seat_of("tyrell")
    decide(g, D.RAID, "yronwood>none", "tyrell")
    assert pending(g, D.RAID).seat == g.seat_of("stark")


def test_x_mod_10_7_a_combat_with_the_real_vassal_deck_runs_to_its_end() -> None:
    """X-MOD-10.7, X-MOD-10.9: the shared deck is the seven vassal cards; a vassal's combat
    with them ends with every drawn card back in the deck."""
    s = (
        tyrell_commands()
        .units("sunspear", "martell", "footman", "footman")
        .units("salt_shore", "stark", "footman", "knight")
        .hand("stark", "ser_rodrik_cassel")
    )
    g = s.attack("stark", "salt_shore", "sunspear", "footman", "knight")
    run(g, until=D.HOUSE_CARD)
    assert set(g.hands["martell"]) <= set(V.vassal_deck()) and len(g.hands["martell"]) == 3
    assert len(V.vassal_deck()) == 7
    run(g)
    assert g.fight is None and g.hands["martell"] == () and g.discards["martell"] == ()


def test_x_mod_10_6_a_mustering_card_lets_the_commander_muster_in_the_vassals_home() -> None:
    """X-MOD-10.6, X-MOD-10.3: a Mustering card: the commander musters for its vassal, at its
    seat, in the vassal's home only (its other castles are passed by)."""
    from westeros.boardgame.mustering import MusteringRound

    s = (
        tyrell_commands()
        .units("sunspear", "martell", "footman")
        .units("starfall", "martell", "footman")
        .track("iron_throne", "martell", "tyrell", "stark", "lannister", "greyjoy", "baratheon")
    )
    g = s.start(MusteringRound())
    d = pending(g, D.MUSTER)
    assert d.seat == g.seat_of("tyrell") and d.about("vassal") == "martell"
    assert d.about("area") == "sunspear"
    decide(g, D.MUSTER, "done", "tyrell")
    assert all(x.about("vassal") is None for x in g.pending())


def test_x_mod_10_3_the_commander_reconciles_its_vassals_supply() -> None:
    """X-MOD-10.3: a vassal over its supply destroys units by its commander's choice."""
    from westeros.boardgame.supply import Reconcile

    s = (
        tyrell_commands()
        .units("sunspear", "martell", "footman", "footman", "footman")
        .units("yronwood", "martell", "footman", "footman", "footman")
        .supply("martell", 1)
    )
    g = s.start(Reconcile(("martell",)))
    d = pending(g, D.RECONCILE)
    assert d.seat == g.seat_of("tyrell") and d.about("vassal") == "martell"
    run(g)
    assert g.complies("martell")
