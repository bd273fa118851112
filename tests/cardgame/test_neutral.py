"""The neutral draw cards 01028–01045: each card's text shown working through the engine."""

from __future__ import annotations

from tests.cardgame.driver import Table
from westeros.cardgame.actions import can_attach, can_marshal
from westeros.cardgame.phases import dominance_total

LITTLEFINGER = "01028"  # Lord, STR 4, [intrigue][power], +1 income
VARYS = "01029"  # Lord, STR 3, [intrigue], stealth
RANGING_PARTY = "01132"  # STR 5, [military][power], vanilla
BRAIDED_WARRIOR = "01168"  # STR 3, [military], vanilla
TUMBLESTONE = "01150"  # STR 2, [military][power], vanilla, Knight (no Lord/Lady)
DAYNE_KNIGHT = "01113"  # STR 2, [military][intrigue], vanilla
COURTESAN = "01187"  # STR 2, [intrigue][power], vanilla


def _zone(t: Table, cid: int) -> str:
    return t.g.where[cid]


# -- 01028 Littlefinger ----------------------------------------------------------------


def test_01028_littlefinger_draws_two_after_being_marshaled() -> None:
    """Reaction: after you marshal Littlefinger, draw 2 cards."""
    t = Table()
    lf = t.add(0, LITTLEFINGER, zone="hand")
    t.gold(0, 5)
    t.start("marshaling")
    t.do(f"marshal:{lf}")
    assert t.can_use(lf)
    t.use(lf)
    assert len(t.hand(0)) == 2
    assert _zone(t, lf) == "play"


def test_01028_littlefinger_no_draw_when_another_card_is_marshaled_and_plus_one_income() -> None:
    """The reaction answers only Littlefinger's own marshaling; +1 Income is printed."""
    t = Table()
    lf = t.add(0, LITTLEFINGER)
    other = t.add(0, TUMBLESTONE, zone="hand")
    assert t.g.plot_value(0, "income") == 3 + 1  # Winds of Winter 3, Littlefinger +1
    t.start("marshaling")
    assert t.g.players[0].gold == 4
    t.do(f"marshal:{other}")
    assert not t.can_use(lf)
    assert t.hand(0) == []


# -- 01029 Varys -----------------------------------------------------------------------


def test_01029_varys_discards_every_character_when_dominance_ends() -> None:
    """Interrupt: when the dominance phase ends, remove Varys from the game to discard each
    character from play."""
    t = Table()
    varys = t.add(0, VARYS)
    mine = t.add(0, TUMBLESTONE)
    theirs = t.add(1, RANGING_PARTY)
    t.start("dominance")
    t.auto(stop=lambda d: f"use:{varys}:0" in d.choices)
    t.use(varys)
    t.auto()
    assert _zone(t, varys) == "removed"
    assert _zone(t, mine) == "discard"
    assert _zone(t, theirs) == "discard"


def test_01029_varys_not_offered_outside_the_end_of_dominance() -> None:
    t = Table()
    varys = t.add(0, VARYS)
    t.start("standing")
    for _ in range(20):
        if not t.pending():
            break
        assert not t.can_use(varys)
        t.do("pass")
    assert _zone(t, varys) == "play"


def test_01029_varys_stealth_bypasses_a_defender() -> None:
    """Stealth (C17.9): the bypassed character cannot defend."""
    t = Table()
    varys = t.add(0, VARYS)
    defender = t.add(1, COURTESAN)
    t.start("challenges")
    t.challenge(0, "intrigue", [varys], [defender], stealth={varys: defender})
    t.auto()
    assert defender not in (t.g.challenge.defenders if t.g.challenge else [])
    assert t.g.play[defender].knelt is False  # never declared as a defender


# -- 01030 Rattleshirt's Raiders -------------------------------------------------------


def test_01030_rattleshirts_raiders_discard_an_attachment_of_the_loser() -> None:
    t = Table()
    raiders = t.add(0, "01030")
    target = t.add(1, DAYNE_KNIGHT)
    bird = t.add(1, "01034", on=target)
    t.start("challenges")
    t.challenge(0, "military", [raiders])
    assert t.can_use(raiders)
    t.use(raiders)
    assert bird in t.g.players[1].discard  # discarded from play to its owner's pile


def test_01030_rattleshirts_raiders_no_attachment_no_reaction_and_no_attachments() -> None:
    """Without an attachment to choose the reaction is not offered (C16.6.2); No attachments
    keeps attachments off it (C17.6)."""
    t = Table()
    raiders = t.add(0, "01030")
    t.add(1, DAYNE_KNIGHT)
    bird = t.add(0, "01034", zone="hand")
    assert not can_attach(t.g, bird, raiders)
    t.start("challenges")
    t.challenge(0, "military", [raiders])
    assert not t.can_use(raiders)


# -- 01031 Wildling Horde --------------------------------------------------------------


def test_01031_wildling_horde_kneels_faction_for_plus_two_strength() -> None:
    """Challenges Action: kneel your faction card: a participating Wildling you control gets
    +2 STR until the end of the challenge."""
    t = Table()
    horde = t.add(0, "01031")
    defender = t.add(1, RANGING_PARTY)  # STR 5 vs the Horde's 5
    t.start("challenges")
    t.challenge(
        0,
        "military",
        [horde],
        [defender],
        stop=lambda d: "challenges:defenders" in d.prompt and t.can_use(horde),
    )
    assert t.g.strength(horde) == 5
    t.use(horde)  # nobody else can act: the challenge resolves at once
    assert t.g.knelt(t.faction(0))
    assert t.g.players[1].dead == [defender]  # 7 against 5: the Horde won the challenge
    assert t.g.strength(horde) == 5  # the +2 expired with the challenge


def test_01031_wildling_horde_action_needs_a_participating_wildling() -> None:
    t = Table()
    horde = t.add(0, "01031")
    t.start("challenges")
    assert not t.can_use(horde)  # not participating yet


def test_01031_wildling_horde_pillage_discards_the_loser_deck_top() -> None:
    t = Table()
    horde = t.add(0, "01031")
    t.start("challenges")
    before = len(t.g.players[1].deck)
    t.challenge(0, "power", [horde])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert len(t.g.players[1].deck) == before - 1
    assert len(t.g.players[1].discard) == 1


# -- 01032 Seal of the Hand ------------------------------------------------------------


def test_01032_seal_of_the_hand_stands_the_attached_character() -> None:
    t = Table()
    lord = t.add(0, LITTLEFINGER, knelt=True)
    seal = t.add(0, "01032", on=lord)
    t.start("dominance")
    t.auto(stop=lambda d: t.can_use(seal))
    t.use(seal)
    assert not t.g.knelt(lord)
    assert t.g.knelt(seal)


def test_01032_seal_of_the_hand_lord_or_lady_only_and_not_on_standing() -> None:
    t = Table()
    knight = t.add(0, TUMBLESTONE)
    lord = t.add(0, LITTLEFINGER)
    seal = t.add(0, "01032", on=lord)
    assert not can_attach(t.g, seal, knight)
    assert can_attach(t.g, seal, lord)
    t.start("dominance")
    assert not t.can_use(seal)  # the attached character already stands (C1.4)


# -- 01033 Bodyguard -------------------------------------------------------------------


def test_01033_bodyguard_sacrificed_to_save_from_military_claim() -> None:
    """Interrupt: when the attached character would be killed, sacrifice Bodyguard to save it
    (C18.8)."""
    t = Table()
    attacker = t.add(1, RANGING_PARTY)
    lord = t.add(0, LITTLEFINGER, knelt=True)
    guard = t.add(0, "01033", on=lord)
    t.start("challenges", active=1)
    t.g.first = 1
    t.challenge(1, "military", [attacker])
    t.auto(stop=lambda d: t.can_use(guard))
    assert t.can_use(guard)
    t.use(guard)
    t.auto(stop=lambda d: d.kind == "challenge")
    assert _zone(t, lord) == "play"
    assert _zone(t, guard) == "discard"


def test_01033_bodyguard_cannot_save_from_cannot_be_saved_and_lord_or_lady_only() -> None:
    """Marched to the Wall discards "cannot be saved" (C18.8.1): Bodyguard is not offered."""
    t = Table()
    lord = t.add(0, LITTLEFINGER)
    guard = t.add(0, "01033", on=lord)
    knight = t.add(0, TUMBLESTONE)
    assert not can_attach(t.g, guard, knight)
    t.discard_to(knight, "discard")
    t.plot_phase({0: "01015", 1: "01025"})
    t.auto(stop=lambda d: t.can_use(guard))
    assert not t.can_use(guard)
    assert _zone(t, lord) == "discard"
    assert _zone(t, guard) == "hand"  # back to its owner's hand (C19.3)


# -- 01034 Little Bird, 01036 Noble Lineage, 01037 Syrio's Training --------------------


def test_01034_little_bird_gives_an_intrigue_icon() -> None:
    t = Table()
    knight = t.add(0, TUMBLESTONE)
    assert not t.g.has_icon(knight, "intrigue")
    bird = t.add(0, "01034", on=knight)
    assert t.g.has_icon(knight, "intrigue")
    t.start("challenges")
    t.challenge(0, "intrigue", [knight])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert len(t.g.players[1].discard) == 0  # empty hand: claim finds nothing
    assert t.g.knelt(knight)
    t.discard_to(bird, "discard")
    assert not t.g.has_icon(knight, "intrigue")


def test_01036_noble_lineage_gives_a_power_icon() -> None:
    t = Table()
    warrior = t.add(0, DAYNE_KNIGHT)  # takes a Condition (Braided Warrior takes only Weapons)
    assert not t.g.has_icon(warrior, "power")
    t.add(0, "01036", on=warrior)
    t.power(1, 3)
    t.start("challenges")
    t.challenge(0, "power", [warrior])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.play[t.faction(0)].power == 1 + 2  # unopposed + claim 2 (Winds of Winter)
    assert t.g.play[t.faction(1)].power == 1


def test_01037_syrios_training_gives_a_military_icon() -> None:
    t = Table()
    courtesan = t.add(0, COURTESAN)
    assert not t.g.has_icon(courtesan, "military")
    t.add(0, "01037", on=courtesan)
    assert t.g.has_icon(courtesan, "military")
    victim = t.add(1, TUMBLESTONE, knelt=True)
    t.start("challenges")
    t.challenge(0, "military", [courtesan])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert _zone(t, victim) == "dead"


# -- 01035 Milk of the Poppy -----------------------------------------------------------


def test_01035_milk_of_the_poppy_blanks_the_attached_character() -> None:
    """The attached character's printed text box is blank: Littlefinger's +1 Income and
    Varys's Stealth are gone; their traits stay."""
    t = Table()
    lf = t.add(0, LITTLEFINGER)
    varys = t.add(0, VARYS)
    assert t.g.plot_value(0, "income") == 4
    assert t.g.has_keyword(varys, "stealth")
    t.add(1, "01035", on=lf)
    t.add(1, "01035", on=varys)
    assert t.g.plot_value(0, "income") == 3
    assert not t.g.has_keyword(varys, "stealth")
    assert t.g.has_trait(varys, "Lord")


def test_01035_milk_of_the_poppy_is_terminal() -> None:
    """Terminal (C17.10): when the character leaves play Milk goes to the discard pile."""
    t = Table()
    victim = t.add(0, TUMBLESTONE, knelt=True)
    milk = t.add(1, "01035", on=victim)
    attacker = t.add(1, RANGING_PARTY)
    t.g.first = 1
    t.start("challenges", active=1)
    t.challenge(1, "military", [attacker])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert _zone(t, victim) == "dead"
    assert milk in t.g.players[1].discard


# -- 01038 The Iron Throne -------------------------------------------------------------


def test_01038_the_iron_throne_adds_eight_to_dominance_and_one_reserve() -> None:
    t = Table()
    t.add(1, RANGING_PARTY)
    assert dominance_total(t.g, 0) == 0
    throne = t.add(0, "01038", knelt=True)
    assert dominance_total(t.g, 0) == 8  # a location: it counts kneeling too (card text)
    t.g.update(throne, knelt=False)
    assert dominance_total(t.g, 1) == 5
    assert t.g.plot_value(0, "reserve") == 5 + 1
    t.start("dominance")
    t.auto()
    assert t.g.play[t.faction(0)].power == 1
    assert t.g.play[t.faction(1)].power == 0


# -- 01039 The Kingsroad, 01040 The Roseroad ------------------------------------------


def test_01039_the_kingsroad_reduces_the_next_character_by_three() -> None:
    t = Table()
    road = t.add(0, "01039")
    party = t.add(0, RANGING_PARTY, zone="hand")  # cost 4
    assert t.g.plot_value(0, "initiative") == 4 + 1
    t.start("marshaling")  # 3 gold income
    assert t.can_use(road)
    t.use(road)
    assert _zone(t, road) == "discard"
    t.do(f"marshal:{party}")
    assert _zone(t, party) == "play"
    assert t.g.players[0].gold == 3 - 1


def test_01039_the_kingsroad_only_while_you_hold_a_character_and_limited() -> None:
    t = Table()
    road = t.add(0, "01039")
    t.add(0, "01040", zone="hand")
    t.gold(0, 0)
    t.start("marshaling")
    assert not t.can_use(road)  # no character in hand (C1.4)
    t.do("marshal:" + str(t.hand(0)[0]))  # limited allowance used on the Roseroad
    other = t.add(0, "01039", zone="hand")
    assert not can_marshal(t.g, other, 0)


def test_01040_the_roseroad_plus_one_income_and_limited() -> None:
    t = Table()
    rose = t.add(0, "01040", zone="hand")
    rose2 = t.add(0, "01040", zone="hand")
    t.start("marshaling")
    assert t.g.players[0].gold == 3
    t.do(f"marshal:{rose}")
    assert t.g.plot_value(0, "income") == 3 + 1
    assert not can_marshal(t.g, rose2, 0)  # Limited: one per round (C17.5)


# -- 01041 Put to the Sword, 01042 Put to the Torch, 01043 Superior Claim -------------


def _win_by(t: Table, type_: str, strength_codes: list[str], defender_codes: list[str]) -> None:
    attackers = [t.add(0, c) for c in strength_codes]
    defenders = [t.add(1, c) for c in defender_codes]
    t.start("challenges")
    t.challenge(0, type_, attackers, defenders)


def test_01041_put_to_the_sword_kills_after_a_military_win_by_five() -> None:
    t = Table()
    sword = t.add(0, "01041", zone="hand")
    t.gold(0, 2)
    victim = t.add(1, COURTESAN)
    _win_by(t, "military", [RANGING_PARTY, TUMBLESTONE], [])
    assert t.can_use(sword)
    t.use(sword)
    assert _zone(t, victim) == "dead"
    assert _zone(t, sword) == "discard"
    assert t.g.players[0].gold == 0


def test_01041_put_to_the_sword_not_after_a_win_by_less_than_five() -> None:
    t = Table()
    sword = t.add(0, "01041", zone="hand")
    t.gold(0, 2)
    t.add(1, COURTESAN)
    _win_by(t, "military", [RANGING_PARTY], [])  # unopposed by 5 exactly? STR 5 vs 0
    assert t.can_use(sword)
    t2 = Table()
    sword2 = t2.add(0, "01041", zone="hand")
    t2.gold(0, 2)
    _win_by(t2, "military", [RANGING_PARTY], [BRAIDED_WARRIOR])  # 5 vs 3
    assert not t2.can_use(sword2)


def test_01042_put_to_the_torch_discards_a_location_after_a_military_win_by_five() -> None:
    t = Table()
    torch = t.add(0, "01042", zone="hand")
    t.gold(0, 1)
    loc = t.add(1, "01040")
    _win_by(t, "military", [RANGING_PARTY], [])
    t.use(torch)
    assert _zone(t, loc) == "discard"
    t2 = Table()
    torch2 = t2.add(0, "01042", zone="hand")
    t2.gold(0, 1)
    t2.add(1, "01040")
    _win_by(t2, "power", [RANGING_PARTY], [])  # not a military challenge
    assert not t2.can_use(torch2)


def test_01043_superior_claim_gains_two_power_after_a_power_win_by_five() -> None:
    t = Table()
    claim = t.add(0, "01043", zone="hand")
    _win_by(t, "power", [RANGING_PARTY], [])
    t.use(claim)
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.play[t.faction(0)].power == 2 + 1  # Superior Claim + unopposed (no power to claim)
    t2 = Table()
    claim2 = t2.add(0, "01043", zone="hand")
    _win_by(t2, "power", [RANGING_PARTY], [TUMBLESTONE])  # 5 vs 2
    assert not t2.can_use(claim2)


# -- 01044 Tears of Lys ----------------------------------------------------------------


def test_01044_tears_of_lys_poisoned_character_dies_at_the_end_of_the_phase() -> None:
    """A poison token on a loser's character without [intrigue]; at the end of the phase the
    character is killed and the token removed (delayed effect, C16.16)."""
    t = Table()
    tears = t.add(0, "01044", zone="hand")
    t.gold(0, 1)
    spy = t.add(0, COURTESAN)
    victim = t.add(1, TUMBLESTONE)  # no [intrigue] icon
    t.add(1, DAYNE_KNIGHT, knelt=True)  # has [intrigue]: not eligible
    t.start("challenges")
    t.challenge(0, "intrigue", [spy])
    assert t.can_use(tears)
    t.use(tears)
    assert dict(t.g.play[victim].tokens) == {"poison": 1}
    t.auto(stop=lambda d: d.kind == "challenge")
    assert _zone(t, victim) == "play"  # not before the end of the phase
    while t.pending():  # on to the end of the challenges phase
        t.do("done" if "done" in t.choices() else "pass")
    assert _zone(t, victim) == "dead"


def test_01044_tears_of_lys_needs_a_character_without_intrigue_and_an_intrigue_win() -> None:
    t = Table()
    tears = t.add(0, "01044", zone="hand")
    t.gold(0, 1)
    spy = t.add(0, COURTESAN)
    t.add(1, DAYNE_KNIGHT)  # only characters with [intrigue]
    t.start("challenges")
    t.challenge(0, "intrigue", [spy])
    assert not t.can_use(tears)
    t2 = Table()
    tears2 = t2.add(0, "01044", zone="hand")
    t2.gold(0, 1)
    t2.add(1, TUMBLESTONE)
    party = t2.add(0, RANGING_PARTY)
    t2.start("challenges")
    t2.challenge(0, "power", [party])  # not an intrigue challenge
    assert not t2.can_use(tears2)


def test_01044_tears_of_lys_a_character_that_left_play_is_not_killed_later() -> None:
    """The token leaves with the card (C18.13): the copy put back into play is safe."""
    from westeros.cardgame.actions import enter_play, to_zone

    t = Table()
    tears = t.add(0, "01044", zone="hand")
    t.gold(0, 1)
    spy = t.add(0, COURTESAN)
    victim = t.add(1, TUMBLESTONE)
    t.start("challenges")
    t.challenge(0, "intrigue", [spy])
    t.use(tears)
    to_zone(t.g, victim, "hand")
    enter_play(t.g, victim, 1)
    while t.pending():
        t.do("done" if "done" in t.choices() else "pass")
    assert _zone(t, victim) == "play"


# -- 01045 The Hand's Judgment ---------------------------------------------------------


def _sword_played_against(hj_gold: int) -> tuple[Table, int, int, int]:
    t = Table()
    sword = t.add(0, "01041", zone="hand")  # printed cost 2
    judgment = t.add(1, "01045", zone="hand")
    t.gold(0, 2)
    t.gold(1, hj_gold)
    t.reveal(0, "01005")  # claim 1
    victim = t.add(1, COURTESAN)
    t.add(1, TUMBLESTONE, knelt=True)
    attacker = t.add(0, RANGING_PARTY)
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    t.use(sword)
    t.do(victim)  # Put to the Sword's target
    return t, sword, judgment, victim


def test_01045_the_hands_judgment_cancels_an_opponents_event() -> None:
    """Interrupt: when an opponent's event would initiate, cancel its effects; X (paid) is its
    printed cost. The canceled event is still played: costs stay paid, it is discarded."""
    t, sword, judgment, victim = _sword_played_against(2)
    assert t.can_use(judgment)
    t.use(judgment)
    assert t.kinds() == ["claim_kill"]  # Put to the Sword did not kill: claim 1 comes next
    assert _zone(t, victim) == "play"
    assert sword in t.g.players[0].discard
    assert judgment in t.g.players[1].discard
    assert t.g.players[0].gold == 0
    assert t.g.players[1].gold == 0


def test_01045_the_hands_judgment_needs_x_gold() -> None:
    t, sword, judgment, victim = _sword_played_against(1)
    assert not t.can_use(judgment)
    assert _zone(t, victim) == "dead"  # killed by Put to the Sword, before any claim
    assert t.kinds() == []  # claim 1 then took the other character without a question
    assert judgment in t.g.players[1].hand


def test_01045_the_hands_judgment_not_against_your_own_event() -> None:
    t = Table()
    claim = t.add(0, "01043", zone="hand")
    judgment = t.add(0, "01045", zone="hand")
    t.gold(0, 5)
    party = t.add(0, RANGING_PARTY)
    t.start("challenges")
    t.challenge(0, "power", [party])
    t.use(claim)
    assert not t.can_use(judgment)
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.play[t.faction(0)].power == 2 + 1


def test_01033_bodyguard_saves_from_a_discard_and_only_its_character() -> None:
    """Varys discards every character; Bodyguard saves just the one it is attached to."""
    t = Table()
    varys = t.add(0, VARYS)
    lord = t.add(1, LITTLEFINGER)
    guard = t.add(1, "01033", on=lord)
    other = t.add(1, TUMBLESTONE)
    t.start("dominance")
    t.auto(stop=lambda d: t.can_use(varys))
    t.use(varys)
    assert t.can_use(guard)
    t.use(guard)
    t.auto()
    assert _zone(t, lord) == "play"
    assert _zone(t, guard) == "discard"
    assert _zone(t, other) == "discard"


def test_01044_tears_of_lys_max_one_per_challenge() -> None:
    t = Table()
    first = t.add(0, "01044", zone="hand")
    second = t.add(0, "01044", zone="hand")
    t.gold(0, 2)
    spy = t.add(0, COURTESAN)
    t.add(1, TUMBLESTONE)
    t.add(1, BRAIDED_WARRIOR)
    t.start("challenges")
    t.challenge(0, "intrigue", [spy])
    t.use(first)
    t.do(t.choices(0)[0])  # a target
    assert not t.can_use(second)
    assert second in t.g.players[0].hand
