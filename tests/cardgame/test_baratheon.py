"""The Core Set Baratheon cards (01046–01064): each text shown working through the engine."""

from __future__ import annotations

from tests.cardgame.driver import FILLER, Table
from westeros.cardgame.abilities import text_of
from westeros.cardgame.actions import can_attach
from westeros.cardgame.flow import ctx_for, usable

BASTARD = "01053"  # Bastard in Hiding: vanilla [baratheon], cost 2, STR 2, [military][power]


def _usable(t: Table, cid: int, index: int = 0) -> bool:
    """Whether the card's ability could be initiated now (even if no window is open)."""
    a = text_of(t.g.defs[cid].code).abilities[index]
    return usable(t.g, a, ctx_for(t.g, cid, index))


def _marshal(t: Table, cid: int) -> None:
    t.do(f"marshal:{cid}")


def test_01046_maester_cressen_discards_a_condition() -> None:
    """Marshaling Action: kneel Cressen to discard a Condition attachment."""
    t = Table(("baratheon", "stark"))
    cressen = t.add(0, "01046")
    host = t.add(1, "01150")  # Tumblestone Knight (Ranging Party takes only Weapons, C17.6)
    lineage = t.add(1, "01036", on=host)  # Noble Lineage: a Condition
    t.start("marshaling")
    t.use(cressen)
    assert t.g.where[lineage] == "discard"
    assert t.g.knelt(cressen)


def test_01046_maester_cressen_needs_a_condition() -> None:
    """No Condition attachment in play: the action is not offered (C1.4, C16.6.2)."""
    t = Table(("baratheon", "stark"))
    cressen = t.add(0, "01046")
    t.add(1, FILLER)
    t.add(0, BASTARD, zone="hand")
    t.start("marshaling")
    assert t.pending() and not t.can_use(cressen)


def test_01047_melisandre_kneels_after_a_rhllor_card_is_marshaled() -> None:
    """After you marshal a R'hllor card, choose and kneel a character (once per round)."""
    t = Table(("baratheon", "stark"))
    meli = t.add(0, "01047")
    selyse = t.add(0, "01049", zone="hand")  # R'hllor
    followers = t.add(0, "01054", zone="hand")  # R'hllor
    victim = t.add(1, FILLER)
    t.gold(0, 10)
    t.start("marshaling")
    _marshal(t, selyse)
    t.use(meli)
    t.do(victim)
    assert t.g.knelt(victim)
    t.auto(stop=lambda d: d.kind == "action" and d.seat == 0)
    _marshal(t, followers)
    assert not t.can_use(meli)  # Limit once per round


def test_01047_melisandre_ignores_other_cards() -> None:
    t = Table(("baratheon", "stark"))
    meli = t.add(0, "01047")
    bastard = t.add(0, BASTARD, zone="hand")
    t.add(1, FILLER)
    t.start("marshaling")
    _marshal(t, bastard)
    assert not t.can_use(meli)
    assert t.g.where[bastard] == "play"


def test_01048_robert_baratheon_str_per_other_kneeling_character_and_renown() -> None:
    """+1 STR for each other kneeling character in play; Renown gains power on a win."""
    t = Table(("baratheon", "stark"))
    robert = t.add(0, "01048")
    assert t.g.strength(robert) == 5
    t.add(0, BASTARD, knelt=True)
    t.add(1, FILLER, knelt=True)
    t.add(1, FILLER)  # standing: no bonus
    assert t.g.strength(robert) == 7
    t.start("challenges")
    t.challenge(0, "power", [robert])  # Robert kneels: he is not "other"
    assert t.kinds() == ["intimidate"]  # won by 7: the standing STR 5 character qualifies
    t.do("none")
    t.auto()
    assert t.g.play[robert].power == 1  # renown


def test_01049_selyse_baratheon_gives_an_intrigue_icon_for_the_phase() -> None:
    """Challenges Action: pay 1 gold, a [baratheon] character gains [intrigue] this phase."""
    t = Table(("baratheon", "stark"))
    selyse = t.add(0, "01049")
    bastard = t.add(0, BASTARD)
    t.add(1, FILLER)
    t.gold(0, 1)
    t.start("challenges")
    assert not t.g.has_icon(bastard, "intrigue")
    t.use(selyse)
    assert t.g.has_icon(bastard, "intrigue")
    assert t.g.players[0].gold == 0
    assert not t.can_use(selyse)  # no gold left
    t.do("done")  # seat 0 ends its challenges
    t.auto()
    t.do("done")
    t.auto()
    assert not t.g.has_icon(bastard, "intrigue")


def test_01051_shireen_baratheon_kneels_a_character_when_killed() -> None:
    """Interrupt: when Shireen is killed, choose and kneel a character."""
    t = Table(("stark", "baratheon"))
    attacker = t.add(0, FILLER)
    bystander = t.add(0, FILLER)
    shireen = t.add(1, "01051")
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    t.use(shireen)  # claim kills her (the only choice); she interrupts while in play
    t.do(bystander)
    assert t.g.knelt(bystander)
    assert t.g.where[shireen] == "dead"


def test_01053_bastard_in_hiding_printed_values() -> None:
    """Vanilla: cost 2, STR 2, [military] and [power] (no intrigue)."""
    t = Table(("baratheon", "stark"))
    bastard = t.add(0, BASTARD)
    d = t.g.defs[bastard]
    assert (d.cost, t.g.strength(bastard)) == (2, 2)
    assert t.g.icons(bastard) == ["military", "power"]


def test_01054_fiery_followers_stand_when_dominance_begins() -> None:
    t = Table(("baratheon", "stark"))
    followers = t.add(0, "01054", knelt=True)
    t.start("dominance")
    t.use(followers)
    assert not t.g.knelt(followers)


def test_01054_fiery_followers_not_in_other_phases() -> None:
    t = Table(("baratheon", "stark"))
    followers = t.add(0, "01054", knelt=True)
    t.start("draw")
    assert not t.can_use(followers)
    t.auto()
    assert t.g.knelt(followers)


def test_01055_kings_hunting_party_intrigue_while_opponent_has_a_king() -> None:
    """Gains [intrigue] while an opponent controls a King; No attachments."""
    t = Table(("baratheon", "baratheon"))
    party = t.add(0, "01055")
    t.add(0, "01048")  # own King: does not count
    assert not t.g.has_icon(party, "intrigue")
    t.add(1, "01048")
    assert t.g.has_icon(party, "intrigue")
    light = t.add(0, "01058", zone="hand")
    assert not can_attach(t.g, light, party)


def test_01056_dragonstone_faithful_reduces_next_baratheon_character() -> None:
    t = Table(("baratheon", "stark"))
    faithful = t.add(0, "01056")
    bastard = t.add(0, BASTARD, zone="hand")
    t.gold(0, 0)
    t.start("marshaling")  # income 3
    t.use(faithful)
    _marshal(t, bastard)
    assert t.g.players[0].gold == 3 - 1


def test_01056_dragonstone_faithful_not_without_a_baratheon_character() -> None:
    t = Table(("baratheon", "stark"))
    faithful = t.add(0, "01056")
    t.add(0, FILLER, zone="hand")  # Night's Watch
    t.start("marshaling")
    assert not t.can_use(faithful)


def test_01057_vanguard_lancer_discards_power_on_entering_play() -> None:
    t = Table(("baratheon", "stark"))
    lancer = t.add(0, "01057", zone="hand")
    t.power(1, 3)
    t.start("marshaling")
    _marshal(t, lancer)
    t.use(lancer)  # the faction card: the only card with power
    assert t.g.play[t.faction(1)].power == 2


def test_01057_vanguard_lancer_needs_opponent_power() -> None:
    t = Table(("baratheon", "stark"))
    lancer = t.add(0, "01057", zone="hand")
    t.power(0, 3)  # only own power
    t.start("marshaling")
    _marshal(t, lancer)
    assert not t.can_use(lancer)
    assert t.g.play[t.faction(0)].power == 3


def test_01058_lightbringer_renown_on_stannis_and_stands_after_power() -> None:
    t = Table(("baratheon", "stark"))
    stannis = t.add(0, "01052")
    light = t.add(0, "01058", on=stannis)
    assert t.g.has_keyword(stannis, "renown")
    t.add(1, FILLER, knelt=True)
    t.start("challenges")
    t.challenge(0, "power", [stannis])
    t.auto(stop=lambda d: t.can_use(light))
    assert t.g.knelt(stannis)
    t.use(light)
    assert not t.g.knelt(stannis)
    assert t.g.play[stannis].power == 1


def test_01058_lightbringer_baratheon_only_no_renown_on_others() -> None:
    t = Table(("baratheon", "stark"))
    bastard = t.add(0, BASTARD)
    ranger = t.add(0, FILLER)
    light = t.add(0, "01058", on=bastard)
    assert not t.g.has_keyword(bastard, "renown")
    assert not can_attach(t.g, light, ranger)


def test_01059_dragonstone_port_reduces_next_baratheon_card() -> None:
    t = Table(("baratheon", "stark"))
    port = t.add(0, "01059")
    chamber = t.add(0, "01060", zone="hand")  # a [baratheon] location, cost 2
    t.gold(0, 0)
    t.start("marshaling")
    t.use(port)
    _marshal(t, chamber)
    assert t.g.players[0].gold == 3 - 1
    assert t.g.defs[port].keyword("limited")


def test_01060_chamber_of_the_painted_table_moves_power_after_dominance() -> None:
    t = Table(("baratheon", "stark"))
    chamber = t.add(0, "01060")
    t.add(0, FILLER)
    t.power(1, 2)
    t.start("dominance")
    t.auto(stop=lambda d: t.can_use(chamber))
    t.use(chamber)
    assert t.g.play[t.faction(1)].power == 1
    assert t.g.play[t.faction(0)].power == 1 + 1  # dominance + moved
    assert t.g.knelt(chamber)


def test_01060_chamber_not_when_losing_dominance() -> None:
    t = Table(("baratheon", "stark"))
    chamber = t.add(0, "01060")
    t.add(1, FILLER)
    t.power(1, 2)
    t.start("dominance")
    t.auto(stop=lambda d: t.can_use(chamber))
    assert not t.can_use(chamber)
    assert t.g.play[t.faction(1)].power == 3


def test_01050_ser_davos_seaworth_returns_to_hand_instead_of_dead_pile() -> None:
    """Interrupt: when killed, he goes to his owner's hand instead (C16.14)."""
    t = Table(("stark", "baratheon"))
    attacker = t.add(0, FILLER)
    davos = t.add(1, "01050")
    t.start("challenges")
    t.challenge(0, "military", [attacker])  # claim kills Davos, the only choice
    t.use(davos)
    t.auto()
    assert t.g.where[davos] == "hand"
    assert davos not in t.g.players[1].dead


def test_01050_ser_davos_seaworth_stealth_and_killed_with_another() -> None:
    """Stealth: he bypasses the only defender. Killed together with another character (one
    claim, one interrupt window, C16.11): only he goes to hand."""
    t = Table(("baratheon", "stark"))
    davos = t.add(0, "01050")
    guard = t.add(1, FILLER)
    t.start("challenges")
    t.challenge(0, "military", [davos], stealth={davos: guard})
    t.auto()
    assert ("won", t.g.round, 0, "military") in t.g.history
    assert t.g.where[guard] == "dead"  # claim, no defender

    t = Table(("stark", "baratheon"))
    attacker = t.add(0, FILLER)
    other = t.add(1, BASTARD, knelt=True)
    davos = t.add(1, "01050", knelt=True)
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    t.do(other)  # claim 2: Bastard first, then Davos (the last choice is automatic)
    t.use(davos)
    t.auto()
    assert t.g.where[other] == "dead" and t.g.where[davos] == "hand"


def test_01052_stannis_baratheon_each_player_stands_only_two_characters() -> None:
    t = Table(("baratheon", "stark"))
    stannis = t.add(0, "01052", knelt=True)
    mine = [t.add(0, BASTARD, knelt=True) for _ in range(2)]
    theirs = [t.add(1, FILLER, knelt=True) for _ in range(3)]
    port = t.add(0, "01059", knelt=True)  # a location: not limited
    t.start("standing")
    t.do(stannis)  # seat 0 (first player) chooses first
    t.do(mine[0])
    t.do(theirs[2])
    t.do(theirs[0])
    t.auto()
    standing = [c for c in (stannis, *mine, *theirs, port) if not t.g.knelt(c)]
    assert standing == [stannis, mine[0], theirs[0], theirs[2], port]


def test_01052_stannis_baratheon_no_choice_with_two_or_fewer() -> None:
    t = Table(("baratheon", "stark"))
    stannis = t.add(0, "01052", knelt=True)
    other = t.add(1, FILLER, knelt=True)
    t.start("standing")
    t.auto()
    assert not t.g.knelt(stannis) and not t.g.knelt(other)


def test_01061_the_red_keep_contributes_two_in_power_challenges() -> None:
    """3 + 2 ties a 5-STR defence (the attacker wins ties) only with the Red Keep."""
    t = Table(("baratheon", "stark"))
    t.add(0, "01061")
    attacker = t.add(0, "01072")  # Black Wind's Crew: STR 3
    d1 = t.add(1, FILLER)
    t.start("challenges")
    t.challenge(0, "power", [attacker], [d1])
    t.auto()
    assert ("won", t.g.round, 0, "power") in t.g.history


def test_01061_the_red_keep_not_in_other_challenge_types_nor_without_participant() -> None:
    """3 + 2 would tie 5 (attacker wins); in a [military] challenge 3 loses to 5."""
    t = Table(("baratheon", "stark"))
    t.add(0, "01061")
    attacker = t.add(0, "01072")  # Black Wind's Crew: STR 3
    defender = t.add(1, FILLER)
    t.start("challenges")
    t.challenge(0, "military", [attacker], [defender])
    t.auto()
    assert ("won", t.g.round, 1, "military") in t.g.history

    t = Table(("stark", "baratheon"))
    t.add(1, "01061")
    t.add(1, FILLER, knelt=True)
    attacker = t.add(0, "01072")
    t.start("challenges")
    t.challenge(0, "power", [attacker])  # seat 1 has no participant: 3 vs 0
    t.auto()
    assert ("won", t.g.round, 0, "power") in t.g.history


def test_01061_the_red_keep_draws_two_if_no_power_challenge_lost() -> None:
    t = Table(("baratheon", "stark"))
    keep = t.add(0, "01061")
    hand = len(t.hand(0))
    t.start("challenges")
    t.auto(stop=lambda d: t.can_use(keep))
    t.use(keep)
    assert len(t.hand(0)) == hand + 2
    assert t.g.knelt(keep)


def test_01061_the_red_keep_no_draw_after_losing_a_power_challenge() -> None:
    t = Table(("stark", "baratheon"))
    keep = t.add(1, "01061")
    attacker = t.add(0, FILLER)
    t.start("challenges")
    t.challenge(0, "power", [attacker])
    t.auto(stop=lambda d: t.can_use(keep))
    assert not t.can_use(keep)


def test_01064_seen_in_flames_discards_a_chosen_card_from_an_opponents_hand() -> None:
    t = Table(("baratheon", "stark"))
    t.add(0, "01047")  # Melisandre: R'hllor
    flames = t.add(0, "01064", zone="hand")
    a = t.add(1, FILLER, zone="hand")
    b = t.add(1, BASTARD, zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.use(flames)
    t.do(b)
    assert t.g.where[b] == "discard" and t.g.where[a] == "hand"
    assert t.g.where[flames] == "discard"


def test_01064_seen_in_flames_needs_a_rhllor_character() -> None:
    t = Table(("baratheon", "stark"))
    t.add(0, BASTARD)
    flames = t.add(0, "01064", zone="hand")
    t.add(1, FILLER, zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    assert not t.can_use(flames)


def test_01062_consolidation_of_power_kneels_up_to_four_str_then_one_gains_power() -> None:
    t = Table(("baratheon", "stark"))
    con = t.add(0, "01062", zone="hand")
    a = t.add(1, BASTARD)  # STR 2
    b = t.add(1, BASTARD)  # STR 2
    c = t.add(1, "01051")  # Shireen: STR 1
    mine = t.add(0, BASTARD)  # another player's: never offered with seat 1's picks
    big = t.add(1, FILLER)  # STR 5: never offered
    t.gold(0, 1)
    t.start("marshaling")
    t.use(con)
    assert set(t.choices()) == {a, b, c, mine}
    t.do(a)
    assert set(t.choices()) == {b, c, "done"}
    t.do(b)  # 4 STR: nothing more fits, the kneeling follows
    t.do(a)  # which one gains power
    assert t.g.knelt(a) and t.g.knelt(b)
    assert not t.g.knelt(c) and not t.g.knelt(big) and not t.g.knelt(mine)
    assert t.g.play[a].power == 1 and t.g.play[b].power == 0
    assert t.g.where[con] == "discard"


def test_01062_consolidation_of_power_needs_a_small_standing_character() -> None:
    t = Table(("baratheon", "stark"))
    con = t.add(0, "01062", zone="hand")
    t.add(1, FILLER)  # STR 5
    t.add(0, BASTARD, knelt=True)
    t.gold(0, 1)
    t.start("marshaling")
    assert not t.can_use(con)


def test_01063_ours_is_the_fury_adds_a_kneeling_defender_that_stands_on_a_win() -> None:
    t = Table(("stark", "baratheon"))
    attacker = t.add(0, "01072")  # Black Wind's Crew: STR 3
    fury = t.add(1, "01063", zone="hand")
    robert = t.add(1, "01048", knelt=True)  # STR 5 (+1 per other kneeling character)
    t.gold(1, 2)
    t.start("challenges")
    t.challenge(0, "military", [attacker], stop=lambda d: t.can_use(fury))
    t.use(fury)  # no other defender: without Fury the challenge would be unopposed
    t.auto()
    assert ("won", t.g.round, 1, "military") in t.g.history
    assert not t.g.knelt(robert)


def test_01063_ours_is_the_fury_only_as_the_defending_player() -> None:
    t = Table(("baratheon", "stark"))
    fury = t.add(0, "01063", zone="hand")
    t.add(0, BASTARD, knelt=True)
    attacker = t.add(0, FILLER)
    t.add(1, BASTARD)
    t.gold(0, 2)
    t.start("challenges")
    assert not t.can_use(fury)
    t.challenge(0, "power", [attacker], stop=lambda d: t.g.challenge is not None)
    assert t.g.challenge is not None and not _usable(t, fury)  # attacking, not defending


def test_01063_ours_is_the_fury_no_stand_when_the_challenge_is_lost() -> None:
    t = Table(("stark", "baratheon"))
    attacker = t.add(0, FILLER)  # STR 5
    fury = t.add(1, "01063", zone="hand")
    bastard = t.add(1, BASTARD, knelt=True)  # STR 2
    t.gold(1, 2)
    t.start("challenges")
    t.challenge(0, "power", [attacker], stop=lambda d: t.can_use(fury))
    t.use(fury)
    t.auto()
    assert ("won", t.g.round, 0, "power") in t.g.history
    assert t.g.knelt(bastard)


def test_01051_shireen_baratheon_not_when_another_character_is_killed() -> None:
    t = Table(("greyjoy", "baratheon"))
    asha = t.add(0, "01067")
    crew = t.add(0, "01072")
    axe = t.add(0, "01077", on=asha)  # Throwing Axe: kills a defender after the win
    bastard = t.add(1, BASTARD)
    shireen = t.add(1, "01051", knelt=True)
    t.start("challenges")
    t.challenge(0, "power", [asha, crew], [bastard])
    t.use(axe)
    t.auto(stop=lambda d: t.can_use(shireen))
    assert not t.can_use(shireen)
    assert t.g.where[bastard] == "dead" and t.g.where[shireen] == "play"


def test_01047_melisandre_also_after_playing_a_rhllor_event() -> None:
    t = Table(("baratheon", "stark"))
    meli = t.add(0, "01047")
    flames = t.add(0, "01064", zone="hand")  # Seen In Flames: a R'hllor event
    victim = t.add(1, FILLER)
    t.add(1, FILLER, zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.use(flames)
    t.use(meli)
    t.do(victim)
    assert t.g.knelt(victim)
