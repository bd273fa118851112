"""The Core Set [targaryen] cards (01160–01178): each text shown working through the engine."""

from __future__ import annotations

from tests.cardgame.driver import Table

TUMBLESTONE = "01150"  # Tumblestone Knight: STR 2, [military][power], vanilla
CREW = "01072"  # Black Wind's Crew: STR 3, [military][power], pillage
RANGERS = "01132"  # Ranging Party: STR 5, [military][power]
DAYNE = "01113"  # House Dayne Knight: STR 2, [military][intrigue]
LINEAGE = "01036"  # Noble Lineage: a Condition attachment, cost 0
DAWN = "01115"  # Dawn: a Weapon attachment without a restriction, cost 2


def _table() -> Table:
    return Table(factions=("targaryen", "lannister"))


def test_01160_daenerys_targaryen_weakens_opponents_participants_while_standing() -> None:
    """Daenerys: while standing, opposing participants get -1 STR; her insight draws.
    Reading: "a challenge against you" = any challenge between you and an opponent."""
    t = _table()
    t.add(0, "01160")
    defender = t.add(0, CREW)
    attacker = t.add(1, CREW)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], [defender])
    t.auto()
    assert t.won(0, "military")  # 3-1 = 2 < 3: the defender wins
    # knelt, she does nothing: the tie goes to the attacker
    t2 = _table()
    t2.add(0, "01160", knelt=True)
    d2 = t2.add(0, CREW)
    a2 = t2.add(1, CREW)
    t2.g.first = 1
    t2.start("challenges")
    t2.challenge(1, "military", [a2], [d2])
    t2.auto()
    assert t2.won(1, "military")


def test_01160_daenerys_targaryen_also_weakens_defenders_when_you_attack() -> None:
    """Reading of "a challenge against you": also a challenge you initiate (the defending
    opponent's side gets -1)."""
    t = _table()
    t.add(0, "01160")
    attacker = t.add(0, TUMBLESTONE)  # STR 2
    defender = t.add(1, CREW)  # STR 3 - 1 = 2: the attacker wins the tie
    t.start("challenges")
    assert t.g.strength(defender) == 3  # no challenge: no penalty
    t.challenge(0, "military", [attacker], [defender])
    t.auto()
    assert t.won(0, "military")  # without her, 2 vs 3 loses


def test_01160_daenerys_insight_draws_when_she_wins() -> None:
    t = _table()
    dany = t.add(0, "01160")
    before = len(t.hand(0))
    t.start("challenges")
    t.challenge(0, "power", [dany])
    t.auto()
    assert t.won(0, "power")
    assert len(t.hand(0)) == before + 1


def test_01161_drogon_gives_stormborn_renown() -> None:
    """Drogon: each Stormborn character you control gains renown (Daenerys gains 1 power)."""
    t = _table()
    dany = t.add(0, "01160")
    t.add(0, "01161")
    t.start("challenges")
    t.challenge(0, "power", [dany])
    t.auto()
    assert t.g.play[dany].power == 1
    # without Drogon: no renown
    t2 = _table()
    d2 = t2.add(0, "01160")
    t2.start("challenges")
    t2.challenge(0, "power", [d2])
    t2.auto()
    assert t2.g.play[d2].power == 0


def test_01161_drogon_no_attachments() -> None:
    t = _table()
    drogon = t.add(0, "01161")
    crew = t.add(0, CREW)
    lineage = t.add(0, LINEAGE, zone="hand")
    t.start("marshaling")
    t.do(f"marshal:{lineage}")  # no choice of host: Drogon cannot take it
    assert t.g.play[lineage].parent == crew
    assert t.g.attachments_on(drogon) == []


def test_01162_khal_drogo_second_military_challenge_and_renown() -> None:
    """Khal Drogo: an additional [military] challenge; renown."""
    t = _table()
    drogo = t.add(0, "01162")
    other = t.add(0, CREW)
    t.start("challenges")
    t.challenge(0, "military", [drogo])
    t.auto()
    assert t.g.play[drogo].power == 1  # renown
    assert "military>1" in t.choices(0)  # a second military challenge is offered
    t.challenge(0, "military", [other])
    t.auto()
    made = [e["type"] for e in t.g.log if e.kind == "challenge" and e["player"] == 0]
    assert made == ["military", "military"]
    # without Drogo a second one is not offered
    t2 = _table()
    a = t2.add(0, CREW)
    t2.add(0, CREW)
    t2.start("challenges")
    t2.challenge(0, "military", [a])
    t2.auto()
    assert "military>1" not in t2.choices(0)


def test_01163_magister_illyrio_pays_two_to_stand_once_per_phase() -> None:
    t = _table()
    illyrio = t.add(0, "01163")
    knelt = t.add(0, CREW, knelt=True)
    knelt2 = t.add(0, CREW, knelt=True)
    t.gold(0, 5)
    t.start("challenges")
    assert t.can_use(illyrio)
    t.use(illyrio)
    t.do(knelt)
    assert t.g.standing(knelt)
    assert t.g.players[0].gold == 3
    assert t.g.knelt(knelt2)
    assert not t.can_use(illyrio)  # limit once per phase
    # not enough gold: not offered
    t2 = _table()
    i2 = t2.add(0, "01163")
    t2.add(0, CREW, knelt=True)
    t2.gold(0, 1)
    t2.start("challenges")
    assert not t2.can_use(i2)


def test_01164_rhaegal_stands_a_stormborn_after_a_win_with_one() -> None:
    t = _table()
    rhaegal = t.add(0, "01164")
    dany = t.add(0, "01160")
    t.start("challenges")
    t.challenge(0, "power", [dany])
    assert t.can_use(rhaegal)
    t.use(rhaegal)
    t.auto()
    assert t.g.standing(dany)
    # without a Stormborn participant: no reaction
    t2 = _table()
    r2 = t2.add(0, "01164")
    t2.add(0, "01160", knelt=True)
    crew = t2.add(0, CREW)
    t2.start("challenges")
    t2.challenge(0, "power", [crew])
    assert not t2.can_use(r2)


def test_01165_ser_jorah_mormont_betrayal_tokens_then_sacrificed() -> None:
    """Ser Jorah: forced betrayal token after each won challenge he is in; at 3, sacrificed."""
    t = _table()
    jorah = t.add(0, "01165")
    t.g.update(jorah, tokens=(("betrayal", 1),))
    t.start("challenges")
    t.challenge(0, "military", [jorah])
    t.auto()
    assert dict(t.g.play[jorah].tokens)["betrayal"] == 2
    assert t.g.play[jorah].power == 1  # renown
    # the third token sacrifices him
    t2 = _table()
    j2 = t2.add(0, "01165")
    t2.g.update(j2, tokens=(("betrayal", 2),))
    t2.start("challenges")
    t2.challenge(0, "intrigue", [j2])
    t2.auto()
    assert t2.g.where[j2] == "discard"


def test_01165_ser_jorah_no_token_when_not_participating() -> None:
    t = _table()
    jorah = t.add(0, "01165")
    crew = t.add(0, CREW)
    t.start("challenges")
    t.challenge(0, "military", [crew])
    t.auto()
    assert dict(t.g.play[jorah].tokens).get("betrayal", 0) == 0


def test_01166_viserion_gives_stormborn_stealth() -> None:
    """Viserion: Daenerys gains stealth, so she bypasses a defender."""
    t = _table()
    dany = t.add(0, "01160")
    t.add(0, "01166")
    blocker = t.add(1, "01085")  # Pycelle: [intrigue][power]
    t.start("challenges")
    t.challenge(0, "power", [dany], [blocker], stealth={dany: blocker})
    t.auto()
    assert t.g.standing(blocker)  # bypassed: it could not defend
    assert t.won(0, "power")
    t2 = _table()
    d2 = t2.add(0, "01160")
    assert not t2.g.has_keyword(d2, "stealth")


def test_01167_viserys_discards_an_attachment_when_he_leaves_play() -> None:
    t = _table()
    viserys = t.add(0, "01167")
    host = t.add(1, CREW)
    lineage = t.add(1, LINEAGE, on=host)
    attacker = t.add(1, RANGERS)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker])
    t.auto(stop=lambda d: d.kind == "interrupt")  # claim: seat 0 must kill Viserys
    assert t.can_use(viserys)
    t.use(viserys)
    t.auto()
    assert t.g.where[viserys] == "dead"
    assert t.g.where[lineage] == "discard"


def test_01168_braided_warrior_takes_only_weapons() -> None:
    """Braided Warrior: STR 3 [military] Dothraki; no attachments except Weapon."""
    t = _table()
    warrior = t.add(0, "01168")
    assert t.g.strength(warrior) == 3 and t.g.icons(warrior) == ["military"]
    lineage = t.add(0, LINEAGE, zone="hand")
    dawn = t.add(0, DAWN, zone="hand")
    t.gold(0, 5)
    t.start("marshaling")
    assert f"marshal:{lineage}" not in t.choices(0)
    assert f"marshal:{dawn}" in t.choices(0)


def test_01169_handmaiden_sacrifices_to_stand_a_lady() -> None:
    t = _table()
    maid = t.add(0, "01169")
    dany = t.add(0, "01160", knelt=True)
    t.start("challenges")
    t.use(maid)
    assert t.g.where[maid] == "discard"
    assert t.g.standing(dany)
    # no knelt Lady: not offered
    t2 = _table()
    m2 = t2.add(0, "01169")
    t2.add(0, CREW, knelt=True)
    t2.start("challenges")
    assert not t2.can_use(m2)


def test_01170_targaryen_loyalist_reduces_next_targaryen_character() -> None:
    t = _table()
    loyalist = t.add(0, "01170")
    unsullied = t.add(0, "01171", zone="hand")  # cost 4, income 3
    t.gold(0, 0)
    t.start("marshaling")
    assert f"marshal:{unsullied}" not in t.choices(0)
    t.use(loyalist)
    assert t.g.knelt(loyalist)
    t.do(f"marshal:{unsullied}")
    assert t.g.where[unsullied] == "play"
    assert t.g.players[0].gold == 0
    # no [targaryen] character in hand: not offered
    t2 = _table()
    l2 = t2.add(0, "01170")
    t2.add(0, CREW, zone="hand")
    t2.start("marshaling")
    assert not t2.can_use(l2)


def test_01171_unsullied_weakens_defenders_while_attacking() -> None:
    t = _table()
    unsullied = t.add(0, "01171")  # STR 3
    defender = t.add(1, CREW)  # STR 3 -> 2
    t.start("challenges")
    t.challenge(0, "military", [unsullied], [defender])
    t.auto()
    assert t.won(0, "military")
    assert t.g.strength(defender) == 3  # only while Unsullied attacks


def test_01171_unsullied_defending_does_not_weaken() -> None:
    t = _table()
    unsullied = t.add(0, "01171")
    attacker = t.add(1, RANGERS)  # STR 5 vs 3
    ally = t.add(0, TUMBLESTONE)  # STR 2: 3 + 2 = 5 ties -> attacker wins
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], [unsullied, ally])
    t.auto(stop=lambda d: d.kind == "claim_kill")
    assert t.won(1, "military")


def test_01172_drogos_arakh_dothraki_only_plus_two_and_drogo_attacks_standing_once() -> None:
    """Drogo's Arakh: Dothraki only; +2 STR; Khal Drogo does not kneel when attacking in the
    first [military] challenge you initiate each round (not in the second)."""
    t = _table()
    drogo = t.add(0, "01162")
    crew = t.add(0, CREW)
    arakh = t.add(0, "01172", zone="hand")
    t.gold(0, 0)
    t.start("marshaling")
    t.do(f"marshal:{arakh}")  # the only Dothraki host: no choice asked
    assert t.g.play[arakh].parent == drogo
    assert t.g.strength(drogo) == 5 + 2
    t.start("challenges")
    t.challenge(0, "military", [drogo])
    t.auto()
    assert t.g.standing(drogo)
    t.challenge(0, "military", [drogo])  # second military challenge (Khal Drogo)
    t.auto()
    assert t.g.knelt(drogo)
    assert t.g.standing(crew)


def test_01172_drogos_arakh_on_another_dothraki_kneels() -> None:
    t = _table()
    warrior = t.add(0, "01168")
    arakh = t.add(0, "01172", on=warrior)
    assert t.g.strength(warrior) == 3 + 2
    t.start("challenges")
    t.challenge(0, "military", [warrior])
    t.auto()
    assert t.g.knelt(warrior)
    assert t.g.where[arakh] == "play"


def test_01175_illyrios_estate_reduces_next_targaryen_card() -> None:
    t = _table()
    estate = t.add(0, "01175")
    t.add(0, CREW)
    arakh = t.add(0, "01172", zone="hand")  # cost 2: an attachment is a card too
    t.add(0, "01168")
    t.gold(0, -2)  # 1 gold after income 3
    t.start("marshaling")
    assert f"marshal:{arakh}" not in t.choices(0)
    t.use(estate)
    t.do(f"marshal:{arakh}")
    assert t.g.where[arakh] == "play"
    assert t.g.players[0].gold == 0
    # nothing [targaryen] in hand: not offered
    t2 = _table()
    e2 = t2.add(0, "01175")
    t2.add(0, CREW, zone="hand")
    t2.start("marshaling")
    assert not t2.can_use(e2)


def test_01173_plaza_of_punishment_burns_a_character_without_attachments() -> None:
    """Plaza: after a won [power] challenge, -2 STR until the phase ends, killed at 0 STR."""
    t = _table()
    plaza = t.add(0, "01173")
    dany = t.add(0, "01160")
    victim = t.add(1, "01187")  # Courtesan of the Rose: STR 2
    armored = t.add(1, TUMBLESTONE)
    t.add(1, LINEAGE, on=armored)  # has an attachment: not a legal target
    big = t.add(1, RANGERS)  # STR 5: survives at 3
    t.start("challenges")
    t.challenge(0, "power", [dany])
    t.use(plaza)
    assert armored not in t.choices(0)
    t.do(victim)
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.knelt(plaza)
    assert t.g.where[victim] == "dead"
    assert t.g.where[big] == "play"


def test_01173_plaza_of_punishment_needs_a_power_win() -> None:
    t = _table()
    plaza = t.add(0, "01173")
    dany = t.add(0, "01160")
    t.add(1, "01187")
    t.start("challenges")
    t.challenge(0, "intrigue", [dany])
    assert not t.can_use(plaza)


def test_01174_dothraki_sea_puts_a_dothraki_into_play_until_the_phase_ends() -> None:
    t = _table()
    sea = t.add(0, "01174")
    dany = t.add(0, "01160")
    warrior = t.add(0, "01168", zone="hand")
    t.add(0, CREW, zone="hand")  # not Dothraki
    t.start("challenges")
    t.challenge(0, "power", [dany])
    t.use(sea)
    assert t.g.where[sea] == "discard"
    assert t.g.where[warrior] == "play"
    t.auto()
    t.do("done")  # seat 0 ends its challenges; seat 1 has none: the phase ends
    assert t.g.where[warrior] == "hand"
    # no Dothraki in hand: not offered
    t2 = _table()
    s2 = t2.add(0, "01174")
    d2 = t2.add(0, "01160")
    t2.add(0, CREW, zone="hand")
    t2.start("challenges")
    t2.challenge(0, "power", [d2])
    assert not t2.can_use(s2)


def test_01176_dracarys_kneels_a_dragon_to_burn_a_participant() -> None:
    t = _table()
    drogon = t.add(0, "01161")
    attacker = t.add(1, CREW)  # STR 3 - 4: killed
    dracarys = t.add(0, "01176", zone="hand")
    t.gold(0, 1)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], stop=lambda d: t.can_use(dracarys))
    t.use(dracarys)
    assert t.g.knelt(drogon)
    assert t.g.where[attacker] == "dead"
    assert t.g.where[dracarys] == "discard"


def test_01176_dracarys_needs_a_standing_dragon_or_daenerys() -> None:
    t = _table()
    t.add(0, "01161", knelt=True)
    t.add(0, CREW)
    attacker = t.add(1, CREW)
    dracarys = t.add(0, "01176", zone="hand")
    t.gold(0, 1)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], stop=lambda d: t.can_use(dracarys))
    assert not t.can_use(dracarys)
    # Daenerys can pay; a STR 5 attacker survives at 1
    t2 = _table()
    dany = t2.add(0, "01160")
    t2.add(0, CREW)  # a possible defender: the challenge waits for seat 0
    big = t2.add(1, RANGERS)
    d2 = t2.add(0, "01176", zone="hand")
    t2.gold(0, 1)
    t2.g.first = 1
    t2.start("challenges")
    t2.challenge(1, "military", [big], stop=lambda d: t2.can_use(d2))
    t2.use(d2)
    assert t2.g.knelt(dany)
    assert t2.g.where[big] == "play"
    assert t2.g.strength(big) == 5 - 4  # Daenerys knelt to pay: her -1 is gone


def test_01177_fire_and_blood_hatchling_into_play_or_shuffle() -> None:
    t = _table()
    viserion = t.add(0, "01166", zone="dead")
    dany = t.add(0, "01160", zone="dead")
    fab = t.add(0, "01177", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.use(fab)
    t.do(viserion)
    t.do("play")
    assert t.g.where[viserion] == "play"
    # a second copy: Daenerys (not a Hatchling) is shuffled back
    fab2 = t.add(0, "01177", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.use(fab2)
    # Viserion is in play now: Daenerys is the only target (chosen without asking)
    assert t.g.where[dany] == "deck"


def test_01177_fire_and_blood_only_in_challenges_with_a_unique_targaryen() -> None:
    t = _table()
    t.add(0, CREW, zone="dead")
    fab = t.add(0, "01177", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    assert not t.can_use(fab)
    t2 = _table()
    t2.add(0, "01166", zone="dead")
    f2 = t2.add(0, "01177", zone="hand")
    t2.add(0, "01170", zone="hand")
    t2.gold(0, 1)
    t2.start("marshaling")
    assert not t2.can_use(f2)


def test_01178_waking_the_dragon_stands_then_returns_to_hand() -> None:
    t = _table()
    dany = t.add(0, "01160", knelt=True)
    waking = t.add(0, "01178", zone="hand")
    t.add(0, CREW)
    t.start("challenges")
    t.use(waking)
    assert t.g.standing(dany)
    t.do("done")
    assert t.g.where[dany] == "hand"
    # a non-unique or non-[targaryen] character is not a target
    t2 = _table()
    t2.add(0, CREW, knelt=True)
    t2.add(0, "01170", knelt=True)  # Targaryen Loyalist: not unique
    w2 = t2.add(0, "01178", zone="hand")
    t2.add(0, "01168")
    t2.start("challenges")
    assert not t2.can_use(w2)


def test_01173_plaza_of_punishment_kills_later_when_str_drops_to_zero() -> None:
    """The burn lasts the phase: at 1 STR the character survives, then Unsullied's -1 to
    defenders brings it to 0 and it is killed (state check)."""
    t = _table()
    plaza = t.add(0, "01173")
    dany = t.add(0, "01160")
    unsullied = t.add(0, "01171")
    crew = t.add(1, CREW)  # STR 3 → 1
    t.add(1, TUMBLESTONE, knelt=True)
    t.start("challenges")
    t.challenge(0, "power", [dany])
    t.use(plaza)
    t.do(crew)
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.where[crew] == "play" and t.g.strength(crew) == 1
    t.challenge(0, "military", [unsullied], [crew])
    assert t.g.where[crew] == "dead"


def test_01167_viserys_not_offered_when_another_character_leaves() -> None:
    t = _table()
    viserys = t.add(0, "01167")
    t.add(0, "01161")  # Drogon pays for Dracarys!
    crew = t.add(0, CREW)
    t.add(1, LINEAGE, on=t.add(1, TUMBLESTONE))
    dracarys = t.add(0, "01176", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.challenge(0, "military", [crew], stop=lambda d: t.can_use(dracarys))
    t.use(dracarys)  # Crew: 3 - 4 → killed
    assert "interrupt" not in t.kinds()
    assert t.g.where[crew] == "dead" and t.g.where[viserys] == "play"
