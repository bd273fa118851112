"""The 19 Martell cards of the Core Set (01103–01121): each text shown working."""

from __future__ import annotations

from tests.cardgame.driver import BLANK_PLOT, FILLER, Table
from westeros.cardgame.challenges import allowed_types


def used_plots(t: Table, seat: int, n: int) -> None:
    for _ in range(n):
        t.reveal(seat, BLANK_PLOT)


def seat1_attacks(t: Table, type_: str, attackers: list[int], defenders: list[int]) -> None:
    """Seat 0 (first player) ends its challenges; seat 1 then attacks seat 0."""
    t.start("challenges")
    t.auto(stop=lambda d: d.kind == "challenge")
    if t.decision().seat == 0:
        t.do("done")
    t.challenge(1, type_, attackers, defenders)


def test_01103_areo_hotah_removes_a_participant_after_ambush_in_a_challenge() -> None:
    """Areo Hotah: ambushed during a challenge, he removes a participating character from
    it; the challenge then has no attacker and nobody wins (C11.7.3)."""
    t = Table()
    attacker = t.add(0, FILLER)
    areo = t.add(1, "01103", zone="hand")
    t.gold(1, 5)
    t.start("challenges")
    t.challenge(
        0,
        "military",
        [attacker],
        stop=lambda d: d.kind == "action"
        and d.seat == 1
        and d.about("window") == "challenges:attackers",
    )
    t.g.apply(1, f"ambush:{areo}")
    assert t.g.where[areo] == "play"
    t.use(areo)
    assert t.g.challenge is not None and t.g.challenge.attackers == []
    t.auto()
    assert t.g.play[t.faction(0)].power == 0  # no unopposed power: nobody won


def test_01103_areo_hotah_no_reaction_outside_a_challenge() -> None:
    t = Table()
    t.add(0, FILLER)
    areo = t.add(1, "01103", zone="hand")
    t.gold(1, 5)
    t.start("challenges")
    t.auto(stop=lambda d: d.seat == 1 and f"ambush:{areo}" in d.choices)
    t.g.apply(1, f"ambush:{areo}")
    assert t.g.where[areo] == "play"
    assert not t.can_use(areo)


def test_01104_arianne_martell_puts_a_cheap_character_in_and_returns_herself() -> None:
    """Arianne: put a character with printed cost 5 or lower from hand into play, then return
    Arianne to hand."""
    t = Table()
    arianne = t.add(0, "01104")
    edric = t.add(0, "01106", zone="hand")  # cost 2
    doran = t.add(0, "01105", zone="hand")  # cost 6: not a legal choice
    t.gold(0, 0)
    t.start("challenges")
    t.use(arianne)
    assert t.g.where[edric] == "play"
    assert t.g.where[arianne] == "hand"
    assert t.g.where[doran] == "hand"


def test_01104_arianne_martell_not_usable_with_only_expensive_characters() -> None:
    t = Table()
    arianne = t.add(0, "01104")
    t.add(0, "01105", zone="hand")  # Doran, cost 6
    t.start("challenges")
    assert not t.can_use(arianne)


def test_01105_doran_martell_boosts_other_martell_lords_and_ladies() -> None:
    """Doran: each other [martell] Lord/Lady you control +1 STR per used plot; Insight."""
    t = Table()
    used_plots(t, 0, 2)
    doran = t.add(0, "01105")
    arianne = t.add(0, "01104")  # Lady, STR 4
    tywin = t.add(0, "01090")  # Lannister Lord
    theirs = t.add(1, "01104")
    assert t.g.strength(arianne) == 4 + 2
    assert t.g.strength(doran) == 4
    assert t.g.strength(tywin) == 6
    assert t.g.strength(theirs) == 4
    t.start("challenges")
    before = len(t.hand(0))
    t.challenge(0, "intrigue", [doran])
    t.auto()
    assert len(t.hand(0)) == before + 1  # insight


def test_01106_edric_dayne_buys_an_icon_until_the_end_of_the_phase() -> None:
    """Edric Dayne: pay 1 gold: a challenge icon of your choice until the end of the phase."""
    t = Table()
    edric = t.add(0, "01106")
    t.gold(0, 1)
    t.start("challenges")
    assert "military" not in allowed_types(t.g, 0)
    t.use(edric)
    t.do("military")
    assert t.g.players[0].gold == 0
    assert t.g.has_icon(edric, "military")
    assert "military" in allowed_types(t.g, 0)
    t.finish_phase()
    assert not t.g.has_icon(edric, "military")


def test_01106_edric_dayne_needs_gold() -> None:
    t = Table()
    edric = t.add(0, "01106")
    t.add(0, FILLER)
    t.gold(0, 0)
    t.start("challenges")
    assert not t.can_use(edric)


def test_01107_maester_caleotte_takes_an_icon_after_a_lost_challenge() -> None:
    """Maester Caleotte: after you lose a challenge he participates in, a chosen character
    loses an icon of your choice until the end of the phase."""
    t = Table()
    caleotte = t.add(0, "01107")  # STR 2, [intrigue][power]
    tywin = t.add(1, "01090")
    t.add(1, FILLER)  # seat 1 still has a challenge to make afterwards
    seat1_attacks(t, "power", [tywin], [caleotte])
    t.use(caleotte)
    t.do(tywin)
    t.do("power")
    assert not t.g.has_icon(tywin, "power")
    assert t.g.has_icon(tywin, "military")


def test_01107_maester_caleotte_not_when_he_did_not_participate() -> None:
    t = Table()
    caleotte = t.add(0, "01107")
    t.add(0, FILLER)
    tywin = t.add(1, "01090")
    seat1_attacks(t, "power", [tywin], [])
    assert not t.can_use(caleotte)


def test_01108_obara_sand_defends_power_challenges_while_kneeling() -> None:
    """Obara Sand: may defend in [power] challenges in which you defend, even kneeling (and
    though she has no [power] icon: the card text overrides C11.5); not in other types."""
    t = Table()
    obara = t.add(0, "01108", knelt=True)  # STR 3
    pycelle = t.add(1, "01085")  # STR 2
    t.power(0, 5)
    seat1_attacks(t, "power", [pycelle], [obara])
    assert t.g.play[t.faction(0)].power == 5  # she defended and won: no claim
    assert t.g.play[t.faction(1)].power == 0


def test_01108_obara_sand_cannot_defend_other_types_while_kneeling() -> None:
    t = Table()
    obara = t.add(0, "01108", knelt=True)
    tywin = t.add(1, "01090")
    seat1_attacks(t, "military", [tywin], [obara])
    assert t.g.where[obara] == "dead"  # not declared: unopposed, claim kills her


def test_01109_the_red_viper_gains_power_per_five_strength() -> None:
    """The Red Viper: after winning as an attacker, 1 power per 5 STR of the difference."""
    t = Table()
    viper = t.add(0, "01109")
    other = t.add(0, FILLER)
    t.start("challenges")
    t.challenge(0, "power", [viper, other])  # 7 + 5 = 12 unopposed
    t.use(viper)
    assert t.g.play[viper].power == 2


def test_01109_the_red_viper_not_below_five() -> None:
    t = Table()
    viper = t.add(0, "01109")
    defender = t.add(1, "01090")  # STR 6: 7 - 6 = 1
    t.gold(1, 0)
    t.start("challenges")
    t.challenge(0, "power", [viper], [defender])
    assert not t.can_use(viper)
    t.auto()
    assert t.g.play[viper].power == 0


def test_01110_desert_scavenger_reduces_next_martell_character() -> None:
    """Desert Scavenger: kneel: the next [martell] character costs 1 less."""
    t = Table()
    scavenger = t.add(0, "01110")
    doran = t.add(0, "01105", zone="hand")  # cost 6
    t.gold(0, 2)  # + 3 income
    t.start("marshaling")
    assert not t.offered(f"marshal:{doran}")
    t.use(scavenger)
    t.g.apply(0, f"marshal:{doran}")
    assert t.g.where[doran] == "play"
    assert t.g.players[0].gold == 0


def test_01110_desert_scavenger_not_for_locations() -> None:
    t = Table()
    scavenger = t.add(0, "01110")
    t.add(0, "01117", zone="hand")  # Sunspear: a location
    t.start("marshaling")
    assert not t.can_use(scavenger)


def test_01111_dornish_paramour_forces_a_defender() -> None:
    """Dornish Paramour: the chosen character must be declared as a defender if able."""
    t = Table()
    paramour = t.add(0, "01111")
    forced = t.add(1, "01085")  # Pycelle, [intrigue]
    t.start("challenges")
    t.challenge(0, "intrigue", [paramour])
    t.use(paramour)
    t.auto()
    d = t.decision(1)
    assert d.kind == "defender" and "done" not in d.choices
    t.do(forced)
    assert t.g.knelt(forced)  # declared as a defender (defenders kneel, C11.5)


def test_01111_dornish_paramour_without_the_reaction_defending_is_optional() -> None:
    t = Table()
    paramour = t.add(0, "01111")
    t.add(1, "01085")
    t.start("challenges")
    t.challenge(0, "intrigue", [paramour])
    t.g.apply(0, "pass")  # decline the reaction
    t.auto()
    assert "done" in t.decision(1).choices


def test_01112_greenblood_trader_looks_at_two_and_keeps_one() -> None:
    """Greenblood Trader: after entering play, look at the top 2, add up to 1 to hand, the
    others to the bottom."""
    t = Table()
    trader = t.add(0, "01112", zone="hand")
    deck = t.g.players[0].deck
    top, second = deck[-1], deck[-2]
    t.gold(0, 0)
    t.start("marshaling")
    t.g.apply(0, f"marshal:{trader}")
    t.use(trader)
    t.do(second)
    assert t.g.where[second] == "hand"
    assert t.g.players[0].deck[0] == top
    assert second not in t.g.players[0].deck


def test_01112_greenblood_trader_may_keep_none_and_order_the_bottom() -> None:
    """Greenblood Trader: keeping nothing, both cards go to the bottom in the chosen order."""
    t = Table()
    trader = t.add(0, "01112", zone="hand")
    deck = t.g.players[0].deck
    top, second = deck[-1], deck[-2]
    hand_before = len(t.hand(0))
    t.gold(0, 0)
    t.start("marshaling")
    t.g.apply(0, f"marshal:{trader}")
    t.use(trader)
    t.do("none")
    t.do(second)  # the very bottom
    assert t.g.players[0].deck[:2] == [second, top]
    assert len(t.hand(0)) == hand_before - 1  # only the Trader left the hand


def test_01113_house_dayne_knight_printed_values() -> None:
    """House Dayne Knight (vanilla): cost 2, STR 2, [military][intrigue], no [power]."""
    t = Table()
    knight = t.add(0, "01113", zone="hand")
    t.gold(0, 0)  # + 3 income
    t.start("marshaling")
    t.g.apply(0, f"marshal:{knight}")
    assert t.g.players[0].gold == 3 - 2
    assert t.g.strength(knight) == 2
    assert allowed_types(t.g, 0) == ["military", "intrigue"]


def test_01114_palace_spearman_gains_intrigue_when_not_first_player() -> None:
    """Palace Spearman: [intrigue] while you are not the first player; No attachments."""
    t = Table(first=0)
    mine = t.add(0, "01114")
    theirs = t.add(1, "01114")
    assert not t.g.has_icon(mine, "intrigue")
    assert t.g.has_icon(theirs, "intrigue")
    dawn = t.add(0, "01115", zone="hand")
    from westeros.cardgame.actions import hosts

    assert mine not in hosts(t.g, dawn)


def test_01115_dawn_strength_per_used_plot_and_intimidate_on_house_dayne() -> None:
    """Dawn: +1 STR per used plot; intimidate while on a House Dayne character."""
    t = Table()
    used_plots(t, 0, 3)
    knight = t.add(0, "01113")
    other = t.add(0, "01104")
    t.add(0, "01115", on=knight)
    t.add(0, "01115", on=other)
    assert t.g.strength(knight) == 2 + 3
    assert t.g.has_keyword(knight, "intimidate")
    assert t.g.strength(other) == 4 + 3
    assert not t.g.has_keyword(other, "intimidate")


def test_01116_ghaston_grey_returns_an_attacker_to_hand() -> None:
    """Ghaston Grey: after losing as the defender, kneel and sacrifice it to return an
    attacking character to its owner's hand."""
    t = Table()
    grey = t.add(0, "01116")
    tywin = t.add(1, "01090")
    seat1_attacks(t, "power", [tywin], [])
    t.use(grey)
    assert t.g.where[grey] == "discard"
    assert t.g.where[tywin] == "hand"


def test_01116_ghaston_grey_not_when_losing_as_attacker() -> None:
    t = Table()
    grey = t.add(0, "01116")
    a = t.add(0, "01107")  # STR 2
    d = t.add(1, "01090")  # STR 6
    t.start("challenges")
    t.challenge(0, "power", [a], [d])
    assert not t.can_use(grey)


def test_01117_sunspear_raises_claim_in_that_type_this_phase() -> None:
    """Sunspear: after losing as the defender, kneel: your claim +1 in challenges of that
    type until the end of the phase."""
    t = Table(first=1)
    sunspear = t.add(0, "01117")
    spy = t.add(0, "01085")
    their_spy = t.add(1, "01084")
    t.hand_cards(1, 6)
    t.start("challenges")
    t.challenge(1, "intrigue", [their_spy])
    t.use(sunspear)
    t.auto(stop=lambda d: d.kind == "challenge")
    t.challenge(0, "intrigue", [spy])
    t.auto()
    assert len(t.hand(1)) == 6 - 3


def test_01117_sunspear_not_after_winning() -> None:
    t = Table(first=1)
    sunspear = t.add(0, "01117")
    defender = t.add(0, "01090")
    attacker = t.add(1, "01085")
    t.start("challenges")
    t.challenge(1, "intrigue", [attacker], [defender])
    assert not t.can_use(sunspear)


def test_01118_blood_orange_grove_reduces_next_martell_card() -> None:
    """Blood Orange Grove: kneel: the next [martell] card (a location here) costs 1 less."""
    t = Table()
    grove = t.add(0, "01118")
    doran = t.add(0, "01105", zone="hand")  # cost 6
    t.gold(0, 2)
    t.start("marshaling")
    assert not t.offered(f"marshal:{doran}")
    t.use(grove)
    t.g.apply(0, f"marshal:{doran}")
    assert t.g.players[0].gold == 0


def test_01118_blood_orange_grove_not_for_other_factions() -> None:
    t = Table()
    grove = t.add(0, "01118")
    t.add(0, "01090", zone="hand")
    t.start("marshaling")
    assert not t.can_use(grove)


def test_01119_dorans_game_gains_power_per_used_plot() -> None:
    """Doran's Game: after winning [intrigue] by 5 or more, X power for your faction, X =
    your used plots."""
    t = Table()
    used_plots(t, 0, 2)
    game = t.add(0, "01119", zone="hand")
    viper = t.add(0, "01109")
    t.gold(0, 1)
    t.start("challenges")
    t.challenge(0, "intrigue", [viper])
    t.use(game)
    assert t.g.play[t.faction(0)].power == 2
    assert t.g.where[game] == "discard"


def test_01119_dorans_game_not_below_five() -> None:
    t = Table()
    used_plots(t, 0, 2)
    game = t.add(0, "01119", zone="hand")
    a = t.add(0, "01107")  # STR 2
    t.gold(0, 1)
    t.start("challenges")
    t.challenge(0, "intrigue", [a])
    assert not t.can_use(game)


def test_01120_unbowed_unbent_unbroken_forbids_the_named_type() -> None:
    """Unbowed: not the first player; after losing as the defender, name a type: the winner
    cannot initiate challenges of that type this phase."""
    t = Table(first=0)
    unbowed = t.add(1, "01120", zone="hand")
    a = t.add(0, FILLER)
    t.add(0, FILLER)
    t.add(0, "01085")  # [intrigue][power]
    t.start("challenges")
    t.challenge(0, "military", [a])
    t.use(unbowed)
    t.do("power")
    t.auto(stop=lambda d: d.kind == "challenge")
    assert "power>1" not in t.choices(0)
    assert "intrigue>1" in t.choices(0)


def test_01120_unbowed_unbent_unbroken_not_for_the_first_player() -> None:
    t = Table(first=1)
    unbowed = t.add(1, "01120", zone="hand")
    t.add(1, FILLER)
    a = t.add(0, FILLER)
    t.start("challenges")
    t.do("done")
    t.challenge(0, "military", [a])
    assert not t.can_use(unbowed)


def test_01121_confinement_strips_icons_of_a_weak_character() -> None:
    """Confinement: a character with STR 4 or lower loses its icons until the phase ends;
    stronger characters cannot be chosen."""
    t = Table()
    confinement = t.add(0, "01121", zone="hand")
    t.add(0, FILLER)
    cersei = t.add(1, "01084")
    tywin = t.add(1, "01090")
    t.gold(0, 1)
    t.start("challenges")
    t.use(confinement)
    assert t.g.icons(cersei) == []
    assert t.g.icons(tywin) == ["military", "intrigue", "power"]
    t.finish_phase()
    assert t.g.icons(cersei) == ["intrigue", "power"]


def test_01121_confinement_needs_a_weak_character() -> None:
    t = Table()
    confinement = t.add(0, "01121", zone="hand")
    t.add(0, FILLER)  # STR 5
    t.add(1, "01090")  # STR 6
    t.gold(0, 1)
    t.start("challenges")
    assert not t.can_use(confinement)


def test_01104_c18_8_1_arianne_martell_returns_to_hand_even_with_a_duplicate() -> None:
    """Arianne returns to hand "(cannot be saved)": her duplicate does not save her."""
    t = Table()
    arianne = t.add(0, "01104")
    dup = t.add(0, "01104", zone="dup", on=arianne)
    edric = t.add(0, "01106", zone="hand")
    t.gold(0, 0)
    t.start("challenges")
    t.use(arianne)
    assert t.g.where[edric] == "play"
    assert t.g.where[arianne] == "hand" and t.g.where[dup] == "discard"


def test_01116_c18_8_1_ghaston_grey_returns_an_attacker_even_with_a_duplicate() -> None:
    """Ghaston Grey returns the attacker "(cannot be saved)": a duplicate does not save it."""
    t = Table()
    grey = t.add(0, "01116")
    tywin = t.add(1, "01090")
    dup = t.add(1, "01090", zone="dup", on=tywin)
    seat1_attacks(t, "power", [tywin], [])
    t.use(grey)
    assert t.g.where[tywin] == "hand" and t.g.where[dup] == "discard"
