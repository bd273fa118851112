"""The Core Set [tyrell] cards (01179–01197): each text shown working through the engine."""

from __future__ import annotations

from tests.cardgame.driver import Table

TUMBLESTONE = "01150"  # Tumblestone Knight: STR 2, [military][power], vanilla
CREW = "01072"  # Black Wind's Crew: STR 3, [military][power], pillage
RANGERS = "01132"  # Ranging Party: STR 5, [military][power]
PYCELLE = "01085"  # Grand Maester Pycelle: STR 2, [intrigue][power], insight
DAYNE = "01113"  # House Dayne Knight: STR 2, [military][intrigue]
LINEAGE = "01036"  # Noble Lineage: a Condition attachment, cost 0


def _table() -> Table:
    return Table(factions=("tyrell", "lannister"))


def test_01179_left_with_right_gets_str_power_icon_and_defends_standing() -> None:
    t = _table()
    left = t.add(0, "01179")
    assert t.g.strength(left) == 2 and not t.g.has_icon(left, "power")
    t.add(0, "01184")
    assert t.g.strength(left) == 3 and t.g.has_icon(left, "power")
    attacker = t.add(1, CREW)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], [left])
    t.auto()
    assert t.g.standing(left)  # did not kneel as a defender
    assert t.won(1, "military")  # 3 vs 3: the attacker wins ties


def test_01179_left_alone_kneels_when_defending() -> None:
    t = _table()
    left = t.add(0, "01179")
    t.add(0, "01187")  # a second character: claim asks which one dies
    attacker = t.add(1, TUMBLESTONE)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], [left])
    t.auto()
    assert t.kinds() == ["claim_kill"]
    assert t.g.knelt(left)


def test_01184_right_with_left_gets_str_intrigue_icon_and_defends_standing() -> None:
    t = _table()
    right = t.add(0, "01184")
    assert t.g.strength(right) == 2 and not t.g.has_icon(right, "intrigue")
    t.add(0, "01179")
    assert t.g.strength(right) == 3 and t.g.has_icon(right, "intrigue")
    attacker = t.add(1, PYCELLE)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "intrigue", [attacker], [right])
    t.auto()
    assert t.g.standing(right)
    assert t.won(0, "intrigue")


def test_01180_maester_lomys_discards_at_random_after_defending_an_intrigue_win() -> None:
    t = _table()
    lomys = t.add(0, "01180")  # STR 3 [intrigue]
    attacker = t.add(1, PYCELLE)  # STR 2
    t.add(1, CREW, zone="hand")
    t.add(1, CREW, zone="hand")
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "intrigue", [attacker], [lomys])
    assert t.can_use(lomys)
    t.use(lomys)
    t.auto()
    assert len(t.hand(1)) == 1
    # attacking and winning: no reaction
    t2 = _table()
    l2 = t2.add(0, "01180")
    t2.add(1, CREW, zone="hand")
    t2.start("challenges")
    t2.challenge(0, "intrigue", [l2])
    assert not t2.can_use(l2)


def test_01181_margaery_tyrell_kneels_to_give_plus_three() -> None:
    t = _table()
    margaery = t.add(0, "01181")
    crew = t.add(0, CREW)
    t.start("challenges")
    t.use(margaery)
    t.do(crew)
    assert t.g.knelt(margaery)
    assert t.g.strength(crew) == 6
    t.do("done")  # seat 0 ends its challenges; seat 1 has none: the phase ends: the bonus expires
    assert t.g.strength(crew) == 3
    # not in the marshaling phase
    t2 = _table()
    m2 = t2.add(0, "01181")
    t2.add(0, CREW, zone="hand")
    t2.start("marshaling")
    assert not t2.can_use(m2)


def test_01182_paxter_redwyne_first_event_each_round_costs_one_less_and_income() -> None:
    t = _table()
    paxter = t.add(0, "01182")
    assert t.g.plot_value(0, "income") == 3 + 1
    first = t.add(0, "01195", zone="hand")  # Growing Strong: cost 1
    second = t.add(0, "01195", zone="hand")
    t.add(0, TUMBLESTONE)
    t.gold(0, 0)
    t.start("challenges")
    assert t.g.cost(first, 0) == 0
    t.use(first)
    t.do(paxter)  # the only [tyrell] character: +2 STR
    assert t.g.where[first] == "discard"
    assert t.g.strength(paxter) == 3 + 2
    assert t.g.cost(second, 0) == 1  # only the first event each round
    assert not t.can_use(second)  # no gold left for it


def test_01186_the_queen_of_thorns_puts_a_tyrell_character_into_play() -> None:
    t = _table()
    queen = t.add(0, "01186")
    wardens = t.add(0, "01190", zone="hand")  # cost 4
    t.add(0, "01183", zone="hand")  # Randyll Tarly costs 6 too: a choice
    big = t.add(0, RANGERS, zone="hand")  # not [tyrell]
    t.start("challenges")
    t.challenge(0, "intrigue", [queen])
    t.use(queen)
    assert big not in t.choices(0)
    t.do(wardens)
    t.auto()
    assert t.g.where[wardens] == "play"
    # not participating: no reaction
    t2 = _table()
    q2 = t2.add(0, "01186")
    other = t2.add(0, PYCELLE)
    t2.add(0, "01190", zone="hand")
    t2.start("challenges")
    t2.challenge(0, "intrigue", [other])
    assert not t2.can_use(q2)


def test_01187_courtesan_of_the_rose_printed_values() -> None:
    t = _table()
    courtesan = t.add(0, "01187")
    assert t.g.strength(courtesan) == 2
    assert t.g.icons(courtesan) == ["intrigue", "power"]
    t.start("challenges")
    t.challenge(0, "power", [courtesan])
    t.auto()
    assert t.won(0, "power")


def test_01188_garden_caretaker_reduces_next_tyrell_character() -> None:
    t = _table()
    caretaker = t.add(0, "01188")
    wardens = t.add(0, "01190", zone="hand")  # cost 4, income 3
    t.gold(0, 0)
    t.start("marshaling")
    assert f"marshal:{wardens}" not in t.choices(0)
    t.use(caretaker)
    t.do(f"marshal:{wardens}")
    assert t.g.where[wardens] == "play"
    t2 = _table()
    c2 = t2.add(0, "01188")
    t2.add(0, "01194", zone="hand")  # a [tyrell] location, not a character
    t2.start("marshaling")
    assert not t2.can_use(c2)


def test_01190_wardens_of_the_reach_str_per_reach_location() -> None:
    t = _table()
    wardens = t.add(0, "01190")
    assert t.g.strength(wardens) == 3
    t.add(0, "01193")  # The Mander
    t.add(0, "01194")  # Rose Garden
    t.add(1, "01194")  # an opponent's does not count
    assert t.g.strength(wardens) == 5


def test_01191_heartsbane_tyrell_only_and_plus_three_while_participating() -> None:
    t = _table()
    crew = t.add(0, CREW)
    courtesan = t.add(0, "01187")
    heartsbane = t.add(0, "01191", zone="hand")
    t.start("marshaling")
    t.do(f"marshal:{heartsbane}")  # only the [tyrell] character can take it
    assert t.g.play[heartsbane].parent == courtesan
    t.start("challenges")
    assert not t.can_use(heartsbane)  # not participating
    blocker = t.add(1, PYCELLE)
    t.challenge(0, "power", [courtesan], [blocker], stop=lambda d: t.can_use(heartsbane))
    t.use(heartsbane)  # after attackers are declared
    assert t.g.strength(courtesan) == 5
    t.do(blocker)  # Pycelle defends: 5 vs 2
    t.auto()
    assert t.won(0, "power")
    assert t.g.strength(courtesan) == 2  # until the end of the challenge
    assert t.g.attachments_on(crew) == []


def test_01193_the_mander_draws_two_after_a_win_by_five() -> None:
    t = _table()
    mander = t.add(0, "01193")
    rangers = t.add(0, RANGERS)
    t.start("challenges")
    t.challenge(0, "military", [rangers])  # 5 - 0
    before = len(t.hand(0))
    t.use(mander)
    t.auto(stop=lambda d: d.kind == "claim_kill")
    assert len(t.hand(0)) == before + 2
    assert t.g.knelt(mander)
    # by 4 only: no reaction
    t2 = _table()
    m2 = t2.add(0, "01193")
    r2 = t2.add(0, RANGERS)
    blocker = t2.add(1, "01168")  # Braided Warrior STR 3: 5 - 3 = 2
    t2.start("challenges")
    t2.challenge(0, "military", [r2], [blocker])
    assert not t2.can_use(m2)


def test_01194_rose_garden_reduces_next_tyrell_card() -> None:
    t = _table()
    garden = t.add(0, "01194")
    courtesan = t.add(0, "01187")
    heartsbane = t.add(0, "01191", zone="hand")  # cost 1
    t.gold(0, -3)  # 0 after income
    t.start("marshaling")
    assert f"marshal:{heartsbane}" not in t.choices(0)
    t.use(garden)
    t.do(f"marshal:{heartsbane}")
    assert t.g.play[heartsbane].parent == courtesan
    t2 = _table()
    g2 = t2.add(0, "01194")
    t2.add(0, CREW, zone="hand")
    t2.start("marshaling")
    assert not t2.can_use(g2)


def test_01195_growing_strong_gives_up_to_three_tyrell_characters_plus_two() -> None:
    t = _table()
    a = t.add(0, "01187")
    b = t.add(0, "01179")
    crew = t.add(0, CREW)
    event = t.add(0, "01195", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.use(event)
    assert crew not in t.choices(0)
    t.do(a)
    t.do(b)  # no [tyrell] character left to choose: it resolves
    assert t.g.strength(a) == 4 and t.g.strength(b) == 4 and t.g.strength(crew) == 3
    assert t.g.where[event] == "discard"
    assert t.g.players[0].gold == 0


def test_01183_randyll_tarly_stands_when_a_card_effect_raises_his_str() -> None:
    """Randyll Tarly: after his STR is increased by a card effect, stand him (twice per
    phase). Here Margaery's +3 and two Growing Strong."""
    t = _table()
    randyll = t.add(0, "01183", knelt=True)
    margaery = t.add(0, "01181")
    strong = [t.add(0, "01195", zone="hand") for _ in range(2)]
    t.gold(0, 2)
    t.start("challenges")
    t.use(margaery)
    t.do(randyll)
    t.use(randyll)  # reaction window to the raise
    assert t.g.standing(randyll) and t.g.strength(randyll) == 8
    t.g.update(randyll, knelt=True)
    t.use(strong[0])
    t.do(randyll)
    t.do(margaery)
    t.use(randyll)
    assert t.g.standing(randyll)
    t.g.update(randyll, knelt=True)
    t.use(strong[1])
    t.do(randyll)
    t.do(margaery)
    assert not t.can_use(randyll)  # limit twice per phase
    assert t.g.knelt(randyll)


def test_01183_randyll_tarly_renown_and_no_reaction_when_standing() -> None:
    t = _table()
    randyll = t.add(0, "01183")
    margaery = t.add(0, "01181")
    t.start("challenges")
    t.use(margaery)
    t.do(randyll)
    assert not t.can_use(randyll)  # already standing: nothing to do (C1.4)
    t.challenge(0, "military", [randyll])
    t.auto()
    assert t.g.play[randyll].power == 1


def test_01185_the_knight_of_flowers_alone_allows_one_defender() -> None:
    t = _table()
    knight = t.add(0, "01185")  # STR 5
    d1 = t.add(1, CREW)
    d2 = t.add(1, CREW)
    t.start("challenges")
    t.challenge(0, "military", [knight], [d1, d2])
    t.auto()
    assert t.g.standing(d2)  # could not be declared
    assert t.won(0, "military")  # 5 vs 3
    t.do(d2)  # claim
    t.auto()
    assert t.g.play[knight].power == 1  # renown


def test_01185_the_knight_of_flowers_not_alone_allows_more_defenders() -> None:
    t = _table()
    knight = t.add(0, "01185")
    friend = t.add(0, TUMBLESTONE)
    d1 = t.add(1, CREW)
    d2 = t.add(1, CREW)
    t.start("challenges")
    t.challenge(0, "military", [knight, friend], [d1, d2])
    t.auto(stop=lambda d: d.kind == "claim_kill")
    assert t.g.knelt(d1) and t.g.knelt(d2)


def test_01189_olennas_informant_ambushed_in_challenges_grants_a_named_challenge() -> None:
    t = _table()
    first = t.add(0, "01187")
    second = t.add(0, PYCELLE)
    informant = t.add(0, "01189", zone="hand")
    t.gold(0, 4)
    t.start("challenges")
    t.do(f"ambush:{informant}")
    t.use(informant)
    t.do("intrigue")
    t.challenge(0, "intrigue", [first])
    t.auto()
    assert "intrigue>1" in t.choices(0)
    t.challenge(0, "intrigue", [second])
    t.auto()
    assert [c for c, _ in t.g.players[0].challenges] == ["intrigue", "intrigue"]


def test_01189_olennas_informant_marshaled_does_nothing() -> None:
    t = _table()
    informant = t.add(0, "01189", zone="hand")
    t.gold(0, 0)
    t.start("marshaling")
    t.do(f"marshal:{informant}")
    assert t.g.where[informant] == "play"
    assert not t.can_use(informant)


def test_01192_highgarden_stands_and_removes_an_attacker() -> None:
    t = _table()
    highgarden = t.add(0, "01192")
    defender = t.add(0, TUMBLESTONE)
    attacker = t.add(1, RANGERS)
    t.gold(0, 1)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], stop=lambda d: t.can_use(highgarden))
    t.use(highgarden)
    assert t.g.knelt(highgarden) and t.g.players[0].gold == 0
    assert t.g.standing(attacker)
    assert t.g.challenge is not None and t.g.challenge.attackers == []
    t.auto(stop=lambda d: d.kind == "defender")
    t.do("done")
    t.auto()
    assert not t.won(1, "military")  # no attacker left: nobody wins
    assert t.g.where[defender] == "play"


def test_01192_highgarden_needs_gold_and_a_challenge() -> None:
    t = _table()
    highgarden = t.add(0, "01192")
    t.add(0, TUMBLESTONE)
    attacker = t.add(1, RANGERS)
    t.gold(0, 0)
    t.g.first = 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], stop=lambda d: d.kind == "defender")
    assert not t.can_use(highgarden)


def test_01196_olennas_cunning_searches_for_another_cardtype() -> None:
    t = _table()
    queen = t.add(0, "01186")
    cunning = t.add(0, "01196", zone="hand")
    loc = t.add(0, "01193", zone="deck")
    t.gold(0, 2)
    t.start("challenges")
    t.challenge(0, "intrigue", [queen])
    t.use(cunning)
    assert set(t.choices(1)) == {"character", "location", "attachment", "event"}
    t.do("character", seat=1)
    choices = t.choices(0)
    assert loc in choices
    assert all(c == "none" or t.g.defs[int(c)].type != "character" for c in choices)
    t.do(loc)
    assert t.g.where[loc] == "hand"
    assert t.g.where[cunning] == "discard"


def test_01196_olennas_cunning_not_after_a_military_win() -> None:
    t = _table()
    crew = t.add(0, CREW)
    cunning = t.add(0, "01196", zone="hand")
    t.gold(0, 2)
    t.start("challenges")
    t.challenge(0, "military", [crew])
    assert not t.can_use(cunning)


def test_01197_the_bear_and_the_maiden_fair_reorders_a_deck() -> None:
    t = _table()
    bear = t.add(0, "01197", zone="hand")
    deck = t.g.players[1].deck
    top5 = list(reversed(deck[-5:]))  # top first
    bottom_before = deck[0]
    t.start("challenges")
    t.use(bear)
    t.do(1)  # the opponent's deck
    t.do(top5[0])  # the top card goes to the bottom
    t.do(top5[1])
    t.do("done")
    t.do(top5[4])  # placed on top first …
    t.do(top5[2])  # … then this one, then the last one (top5[3]) ends on top
    assert deck[0] == top5[1] and deck[1] == top5[0] and deck[2] == bottom_before
    assert deck[-3:] == [top5[4], top5[2], top5[3]]
    assert t.g.where[bear] == "discard"
