"""The Core Set Greyjoy cards (01065–01083): each text shown working through the engine."""

from __future__ import annotations

import pytest

from tests.cardgame.driver import FILLER, Table
from westeros.cardgame.actions import can_attach, kill
from westeros.cardgame.flow import Call

CREW = "01072"  # Black Wind's Crew: Ironborn, STR 3, [military][power], pillage
NAVIGATOR = "01076"  # Salty Navigator: Ironborn, STR 2, [military], +1 initiative
BASTARD = "01053"  # Bastard in Hiding: STR 2, [military][power]


def test_01065_aeron_damphair_returns_an_ironborn_from_the_dead_pile() -> None:
    """After you win dominance, put an Ironborn character into play from your dead pile."""
    t = Table(("greyjoy", "stark"))
    aeron = t.add(0, "01065")
    theon = t.add(0, "01071", zone="dead")
    t.start("dominance")
    t.auto(stop=lambda d: t.can_use(aeron))
    t.use(aeron)
    assert t.g.where[theon] == "play"
    assert t.g.controller(theon) == 0


def test_01065_aeron_damphair_only_ironborn() -> None:
    t = Table(("greyjoy", "stark"))
    aeron = t.add(0, "01065")
    maester = t.add(0, "01070", zone="dead")  # Maester Wendamyr: not Ironborn
    t.start("dominance")
    t.auto(stop=lambda d: t.can_use(aeron))
    assert not t.can_use(aeron)
    assert t.g.where[maester] == "dead"


def test_01066_alannys_greyjoy_lowers_opponent_reserve_while_first_player() -> None:
    t = Table(("greyjoy", "stark"), first=0)
    t.add(0, "01066")
    assert t.g.plot_value(1, "reserve") == 5 - 1
    assert t.g.plot_value(0, "reserve") == 5
    t.g.first = 1
    t.g.changed()
    assert t.g.plot_value(1, "reserve") == 5


def test_01067_asha_greyjoy_stealth_and_stands_after_an_unopposed_win() -> None:
    """Stealth bypasses the only defender; after the unopposed win Asha stands."""
    t = Table(("greyjoy", "stark"))
    asha = t.add(0, "01067")
    guard = t.add(1, FILLER)
    t.start("challenges")
    t.challenge(0, "military", [asha], stealth={asha: guard})
    assert t.g.knelt(asha)
    t.use(asha)
    assert not t.g.knelt(asha)
    t.auto()
    assert t.g.where[guard] == "dead"  # claim


def test_01067_asha_greyjoy_not_after_an_opposed_win() -> None:
    t = Table(("greyjoy", "stark"))
    asha = t.add(0, "01067")
    weak = t.add(1, BASTARD)
    t.start("challenges")
    t.challenge(0, "military", [asha], [weak])
    t.auto()
    assert t.won(0, "military")
    assert t.g.knelt(asha)


def test_01068_balon_greyjoy_weaker_defenders_do_not_contribute() -> None:
    """While Balon attacks, defenders with lower STR than his contribute nothing (5 vs 5:
    the attacker wins ties; without the text it would be 5 vs 7)."""
    t = Table(("greyjoy", "stark"))
    balon = t.add(0, "01068")
    small = t.add(1, NAVIGATOR)  # STR 2 < 5: no contribution
    big = t.add(1, FILLER)  # STR 5: contributes
    t.start("challenges")
    t.challenge(0, "military", [balon], [small, big])
    t.do(small)  # claim 2: seat 1 loses both
    t.auto()
    assert t.won(0, "military")
    assert t.g.play[balon].power == 1  # renown


def test_01068_balon_greyjoy_only_while_attacking() -> None:
    t = Table(("stark", "greyjoy"))
    attacker = t.add(0, FILLER)
    t.add(0, NAVIGATOR, zone="hand")
    balon = t.add(1, "01068")
    small = t.add(1, NAVIGATOR)
    t.start("challenges")
    t.challenge(0, "military", [attacker], [balon, small])  # 5 vs 5 + 2 when defending
    t.auto()
    assert t.won(1, "military")


def test_01070_maester_wendamyr_stealth_bypasses_a_defender() -> None:
    t = Table(("greyjoy", "stark"))
    maester = t.add(0, "01070")
    guard = t.add(1, FILLER)  # the only [power] defender
    t.power(1, 3)
    t.start("challenges")
    t.challenge(0, "power", [maester], [guard], stealth={maester: guard})
    t.auto()
    assert not t.g.knelt(guard)  # bypassed: could not defend
    assert t.g.play[t.faction(0)].power == 1 + 2  # unopposed + claim 2


def test_01071_theon_greyjoy_gains_power_after_an_unopposed_win() -> None:
    t = Table(("greyjoy", "stark"))
    theon = t.add(0, "01071")
    t.add(1, "01070")  # stealth: Theon cannot bypass it, but it has no [military]
    t.start("challenges")
    t.challenge(0, "military", [theon])
    t.use(theon)
    assert t.g.play[theon].power == 1


def test_01071_theon_greyjoy_not_after_an_opposed_win() -> None:
    t = Table(("greyjoy", "stark"))
    theon = t.add(0, "01071")
    weak = t.add(1, BASTARD)
    t.start("challenges")
    t.challenge(0, "military", [theon], [weak])
    t.auto()
    assert t.won(0, "military")
    assert t.g.play[theon].power == 0


def test_01072_black_winds_crew_pillage_discards_the_top_card() -> None:
    t = Table(("greyjoy", "stark"))
    crew = t.add(0, CREW)
    deck = len(t.g.players[1].deck)
    t.start("challenges")
    t.challenge(0, "power", [crew])
    t.auto()
    assert len(t.g.players[1].deck) == deck - 1
    assert len(t.g.players[1].discard) == 1


def test_01073_drowned_men_str_per_own_warship() -> None:
    t = Table(("greyjoy", "greyjoy"))
    men = t.add(0, "01073")
    assert t.g.strength(men) == 3
    t.add(0, "01078")  # Great Kraken: Warship
    t.add(0, "01079")  # Iron Fleet Scout: Warship
    t.add(0, "01080")  # Sea Tower: not a Warship
    t.add(1, "01079")  # an opponent's Warship
    assert t.g.strength(men) == 5


def test_01074_iron_islands_fishmonger_reduces_next_greyjoy_character() -> None:
    t = Table(("greyjoy", "stark"))
    fish = t.add(0, "01074")
    crew = t.add(0, CREW, zone="hand")
    t.gold(0, 0)
    t.start("marshaling")
    t.use(fish)
    t.do(f"marshal:{crew}")
    assert t.g.players[0].gold == 3 - 2


def test_01074_iron_islands_fishmonger_not_for_locations() -> None:
    t = Table(("greyjoy", "stark"))
    fish = t.add(0, "01074")
    t.add(0, "01078", zone="hand")  # a [greyjoy] location only
    t.start("marshaling")
    assert not t.can_use(fish)


def test_01075_lordsport_shipwright_kneels_a_cheap_location() -> None:
    """Cost 2 or lower; 3 or lower while first player."""
    t = Table(("greyjoy", "stark"), first=1)
    wright = t.add(0, "01075")
    kraken = t.add(1, "01078")  # cost 3
    chamber = t.add(1, "01060")  # cost 2
    t.start("marshaling")
    t.auto(stop=lambda d: t.can_use(wright))
    t.use(wright)  # only the Chamber qualifies while not first player
    assert t.g.knelt(chamber) and not t.g.knelt(kraken)

    t = Table(("greyjoy", "stark"), first=0)
    wright = t.add(0, "01075")
    kraken = t.add(1, "01078")
    t.start("marshaling")
    t.use(wright)
    assert t.g.knelt(kraken)


def test_01076_salty_navigator_adds_initiative() -> None:
    t = Table(("greyjoy", "stark"))
    before = t.g.plot_value(0, "initiative")
    t.add(0, NAVIGATOR)
    assert t.g.plot_value(0, "initiative") == before + 1


def test_01077_throwing_axe_kills_a_defender() -> None:
    t = Table(("greyjoy", "stark"))
    asha = t.add(0, "01067")
    crew = t.add(0, CREW)
    axe = t.add(0, "01077", on=asha)
    defender = t.add(1, BASTARD)
    t.start("challenges")
    t.challenge(0, "military", [asha, crew], [defender])
    t.use(axe)
    assert t.g.where[axe] == "discard"
    assert t.g.where[defender] == "dead"


def test_01077_throwing_axe_ironborn_only_and_not_when_defending() -> None:
    t = Table(("stark", "greyjoy"))
    bastard = t.add(1, BASTARD)
    axe = t.add(1, "01077", zone="hand")
    assert not can_attach(t.g, axe, bastard)
    attacker = t.add(0, BASTARD)
    crew = t.add(1, CREW)
    axe = t.add(1, "01077", on=crew)
    t.start("challenges")
    t.challenge(0, "military", [attacker], [crew])
    t.auto()
    assert t.won(1, "military")
    assert t.g.where[axe] == "play" and t.g.where[attacker] == "play"


def test_01078_great_kraken_stealth_for_balon_and_draw_or_power() -> None:
    t = Table(("greyjoy", "stark"))
    kraken = t.add(0, "01078")
    balon = t.add(0, "01068")
    assert t.g.has_keyword(balon, "stealth")
    theon = t.add(0, "01071")
    t.power(1, 3)
    hand = len(t.hand(0))
    t.start("challenges")
    t.challenge(0, "power", [balon])
    t.use(kraken)
    t.do("draw")
    t.auto()
    assert len(t.hand(0)) == hand + 1
    t.do("military>1")
    t.challenge(0, "military", [theon])
    t.use(kraken)
    t.do("power")
    assert t.g.play[t.faction(0)].power == 1 + 2 + 1  # first: unopposed + claim; now +1


def test_01078_great_kraken_limit_twice_and_not_opponents_balon() -> None:
    t = Table(("greyjoy", "greyjoy"))
    kraken = t.add(0, "01078")
    other_balon = t.add(1, "01068")
    assert not t.g.has_keyword(other_balon, "stealth")
    t.g.update(other_balon, knelt=True)  # no defender: every challenge is unopposed
    crew = t.add(0, CREW)
    alannys = t.add(0, "01066")  # [intrigue]
    theon = t.add(0, "01071")
    t.start("challenges")
    t.challenge(0, "military", [crew])
    t.use(kraken)
    t.do("power")
    t.auto()
    t.do("intrigue>1")
    t.challenge(0, "intrigue", [alannys])
    t.use(kraken)
    t.do("power")
    t.auto()
    t.do("power>1")
    t.challenge(0, "power", [theon])
    assert t.can_use(theon) and not t.can_use(kraken)  # Limit twice per round


def _at_action(t: Table, cid: int) -> None:
    t.auto(stop=lambda d: t.can_use(cid))


def test_01079_iron_fleet_scout_adds_str_to_a_participant() -> None:
    """+1 STR until the end of the challenge; +2 while first player. The 3-STR crew
    attacking into a 5-STR defender wins only with +2."""
    t = Table(("greyjoy", "stark"), first=0)
    scout = t.add(0, "01079")
    crew = t.add(0, CREW)
    guard = t.add(1, FILLER)
    t.start("challenges")
    t.challenge(0, "power", [crew], [guard], stop=lambda d: t.can_use(scout))
    assert t.kinds() == ["action"]  # after attackers are declared
    t.use(scout)
    assert t.g.strength(crew) == 3 + 2
    t.auto(stop=lambda d: d.kind == "defender")
    t.do(guard)
    t.auto()
    assert t.won(0, "power")
    assert t.g.strength(crew) == 3  # the challenge ended


def test_01079_iron_fleet_scout_plus_one_when_not_first_and_only_greyjoy() -> None:
    t = Table(("greyjoy", "stark"), first=1)
    scout = t.add(0, "01079")
    crew = t.add(0, CREW)
    bastard = t.add(0, BASTARD)  # not [greyjoy]
    t.add(1, "01051")  # a possible defender: the challenge waits for its declaration
    t.start("challenges")
    t.do("done")  # seat 1 (first player) makes no challenge
    t.challenge(0, "power", [crew, bastard], stop=lambda d: t.can_use(scout))
    t.use(scout)  # the only participating [greyjoy] character
    assert t.kinds() == ["defender"]
    assert t.g.strength(crew) == 3 + 1
    assert t.g.strength(bastard) == 2


def test_01080_sea_tower_reduces_next_greyjoy_card() -> None:
    t = Table(("greyjoy", "stark"))
    tower = t.add(0, "01080")
    scout = t.add(0, "01079", zone="hand")  # cost 0: nothing to reduce, still a card
    kraken = t.add(0, "01078", zone="hand")  # cost 3
    t.gold(0, 0)
    t.start("marshaling")
    t.use(tower)
    t.do(f"marshal:{kraken}")
    assert t.g.players[0].gold == 3 - 2
    assert t.g.defs[tower].keyword("limited")
    assert t.g.where[scout] == "hand"


def test_01082_the_krakens_grasp_a_defender_does_not_contribute() -> None:
    t = Table(("greyjoy", "stark"), first=0)
    grasp = t.add(0, "01082", zone="hand")
    crew = t.add(0, CREW)
    guard = t.add(1, FILLER)  # STR 5 would win 5 vs 3
    t.start("challenges")
    t.challenge(0, "power", [crew], [guard], stop=lambda d: t.can_use(grasp))
    t.use(grasp)
    t.auto()
    assert t.won(0, "power")
    assert t.g.where[grasp] == "discard"


def test_01082_the_krakens_grasp_only_as_first_player() -> None:
    t = Table(("greyjoy", "stark"), first=1)
    grasp = t.add(0, "01082", zone="hand")
    crew = t.add(0, CREW)
    guard = t.add(1, FILLER)
    t.start("challenges")
    t.do("done")  # seat 1 (first player) makes no challenge
    t.challenge(0, "power", [crew], [guard], stop=lambda d: t.can_use(grasp))
    assert not t.can_use(grasp)
    t.auto()
    assert t.won(1, "power")
    assert t.g.where[grasp] == "hand"


def test_01083_we_do_not_sow_discards_a_location_after_an_unopposed_win() -> None:
    t = Table(("greyjoy", "baratheon"))
    sow = t.add(0, "01083", zone="hand")
    crew = t.add(0, CREW)
    chamber = t.add(1, "01060")
    t.gold(0, 1)
    t.start("challenges")
    t.challenge(0, "power", [crew])
    t.use(sow)
    assert t.g.where[chamber] == "discard"
    assert t.g.where[sow] == "discard"


def test_01083_we_do_not_sow_not_after_an_opposed_win() -> None:
    t = Table(("greyjoy", "baratheon"))
    sow = t.add(0, "01083", zone="hand")
    crew = t.add(0, CREW)
    weak = t.add(1, "01051")  # Shireen: STR 1 [power]
    t.add(1, "01060")
    t.gold(0, 1)
    t.start("challenges")
    t.challenge(0, "power", [crew], [weak])
    assert not t.can_use(sow)
    t.auto()
    assert t.won(0, "power")
    assert t.g.where[sow] == "hand"


def test_01069_euron_crows_eye_takes_a_location_from_the_losers_discard_pile() -> None:
    t = Table(("greyjoy", "baratheon"))
    euron = t.add(0, "01069")
    port = t.add(1, "01059", zone="discard")  # Dragonstone Port
    t.power(1, 3)
    t.start("challenges")
    t.challenge(0, "power", [euron])
    t.auto(stop=lambda d: t.can_use(euron))
    t.use(euron)
    assert t.g.where[port] == "play"
    assert t.g.controller(port) == 0 and t.g.owner[port] == 1
    t.auto()
    assert t.g.play[euron].power == 1  # renown


def test_01069_euron_crows_eye_nothing_without_a_location() -> None:
    t = Table(("greyjoy", "baratheon"))
    euron = t.add(0, "01069")
    t.add(1, BASTARD, zone="discard")
    crew = t.add(0, CREW)
    t.start("challenges")
    t.challenge(0, "power", [crew])  # another pillager: Euron did not pillage
    t.auto(stop=lambda d: t.can_use(euron))
    assert not t.can_use(euron)


def test_01081_risen_from_the_sea_saves_and_becomes_a_condition() -> None:
    t = Table(("stark", "greyjoy"))
    attacker = t.add(0, FILLER)
    theon = t.add(1, "01071")
    risen = t.add(1, "01081", zone="hand")
    t.start("challenges")
    t.challenge(0, "military", [attacker])  # claim picks Theon (only choice)
    t.use(risen)
    t.auto()
    assert t.g.where[theon] == "play"
    assert t.g.where[risen] == "play" and t.g.play[risen].parent == theon
    assert t.g.strength(theon) == 3 + 1
    assert t.g.has_trait(risen, "Condition") and t.g.has_keyword(risen, "terminal")


def test_01081_risen_from_the_sea_greyjoy_only_and_terminal() -> None:
    t = Table(("stark", "greyjoy"))
    attacker = t.add(0, FILLER)
    bastard = t.add(1, BASTARD)
    risen = t.add(1, "01081", zone="hand")
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    assert not t.can_use(risen)  # not [greyjoy]
    t.auto()
    assert t.g.where[bastard] == "dead"
    # terminal: discarded (not returned to hand) when its character leaves play
    t = Table(("stark", "greyjoy"))
    attacker = t.add(0, FILLER)
    theon = t.add(1, "01071")
    risen = t.add(1, "01081", zone="hand")
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    t.use(risen)
    t.auto()
    t.run(Call(kill, [theon]), phase="challenges")  # a later kill: no second save
    t.auto()
    assert t.g.where[theon] == "dead"
    assert t.g.where[risen] == "discard"  # terminal: not back to hand


def test_01081_risen_from_the_sea_is_a_condition_maester_cressen_can_discard() -> None:
    t = Table(("stark", "greyjoy"))
    attacker = t.add(0, FILLER)
    theon = t.add(1, "01071")
    risen = t.add(1, "01081", zone="hand")
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    t.use(risen)
    t.auto()
    cressen = t.add(0, "01046")
    t.add(0, BASTARD, zone="hand")
    t.start("marshaling")
    t.use(cressen)
    assert t.g.where[risen] == "discard"
    assert t.g.strength(theon) == 3


def test_01065_c18_2_aeron_damphair_not_while_another_copy_is_in_the_dead_pile() -> None:
    """C18.2: a card comes back from the dead pile only if it is the only copy there."""
    t = Table(("greyjoy", "stark"))
    aeron = t.add(0, "01065")
    theons = [t.add(0, "01071", zone="dead"), t.add(0, "01071", zone="dead")]
    t.start("dominance")
    t.auto(stop=lambda d: t.can_use(aeron))
    assert not t.can_use(aeron)
    assert [t.g.where[c] for c in theons] == ["dead", "dead"]


@pytest.mark.parametrize("owner", [0, 1])
def test_01069_c18_4_euron_not_a_unique_location_whose_copy_is_in_play(owner: int) -> None:
    """C18.4: the loser's unique location cannot come into play under Euron's controller
    while a copy either player owns is in play (nor become a duplicate, C18.5)."""
    t = Table(("greyjoy", "baratheon"))
    euron = t.add(0, "01069")
    keep = t.add(1, "01061", zone="discard")  # The Red Keep: unique
    t.add(owner, "01061")
    t.power(1, 3)
    t.start("challenges")
    t.challenge(0, "power", [euron])
    t.auto(stop=lambda d: t.can_use(euron))
    assert not t.can_use(euron)
    assert t.g.where[keep] == "discard"


def test_01081_c18_8_4_no_save_that_leaves_the_strength_at_zero() -> None:
    """C18.8.4: against "killed if its STR is 0" a save must remove the condition: Risen's +1
    leaves Theon (3 - 4) at 0, so it is not offered; a duplicate cannot save him either."""
    t = Table(("targaryen", "greyjoy"))
    t.add(0, "01161")
    theon = t.add(1, "01071")  # STR 3
    dup = t.add(1, "01071", zone="dup", on=theon)
    dracarys = t.add(0, "01176", zone="hand")
    risen = t.add(1, "01081", zone="hand")
    t.gold(0, 1)
    t.gold(1, 5)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [theon], stop=lambda d: t.can_use(dracarys))
    t.use(dracarys)
    assert not t.can_use(risen)
    t.auto()
    assert t.g.where[theon] == "dead" and t.g.where[dup] == "discard"
    assert t.g.where[risen] == "hand"


def test_01081_c18_8_4_a_save_that_lifts_the_strength_above_zero_is_offered() -> None:
    t = Table(("targaryen", "greyjoy"))
    t.add(0, "01161")
    asha = t.add(1, "01067")  # STR 4: 4 - 4 + 1 = 1 with Risen
    dracarys = t.add(0, "01176", zone="hand")
    risen = t.add(1, "01081", zone="hand")
    t.gold(0, 1)
    t.gold(1, 5)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [asha], stop=lambda d: t.can_use(dracarys))
    t.use(dracarys)
    t.use(risen)
    assert t.g.where[asha] == "play" and t.g.play[risen].parent == asha
    assert t.g.strength(asha) == 1  # the condition is gone: she stays


def test_01081_c18_8_4_not_on_a_character_it_cannot_attach_to() -> None:
    """Risen becomes an attachment: not offered for Drowned Men (No attachments, C17.6)."""
    t = Table(("stark", "greyjoy"))
    attacker = t.add(0, FILLER)
    drowned = t.add(1, "01073")
    risen = t.add(1, "01081", zone="hand")
    t.gold(1, 5)
    t.start("challenges")
    t.challenge(0, "military", [attacker])  # claim picks Drowned Men (the only choice)
    assert not t.can_use(risen)
    t.auto()
    assert t.g.where[drowned] == "dead"


def test_01081_c19_4_a_condition_on_a_no_attachments_character_is_discarded_at_once() -> None:
    """C19.4, C17.6: Risen from the Sea found on Drowned Men (No attachments) is discarded by
    the state check as soon as the rules run, whatever happens next."""
    t = Table(("stark", "greyjoy"))
    drowned = t.add(1, "01073")
    risen = t.add(1, "01081", on=drowned)
    assert t.g.where[risen] == "play"
    t.start("draw")
    assert t.g.where[risen] == "discard" and t.g.where[drowned] == "play"
