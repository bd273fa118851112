"""The 20 Lannister cards of the Core Set (01084–01102): each text shown working."""

from __future__ import annotations

from tests.cardgame.driver import FILLER, Table
from westeros.cardgame import actions as A
from westeros.cardgame.flow import Call


def test_01084_cersei_lannister_raises_claim_while_attacking_in_intrigue() -> None:
    """Cersei: while attacking in an [intrigue] challenge, claim +1 (2 + 1 = 3 cards)."""
    t = Table()
    cersei = t.add(0, "01084")
    t.hand_cards(1, 5)
    t.start("challenges")
    t.challenge(0, "intrigue", [cersei])
    t.auto()
    assert len(t.hand(1)) == 5 - 3


def test_01084_cersei_lannister_no_raise_when_not_attacking() -> None:
    """Without Cersei among the attackers the claim stays 2."""
    t = Table()
    t.add(0, "01084", knelt=True)
    spy = t.add(0, "01085")  # Pycelle: [intrigue]
    t.hand_cards(1, 5)
    t.start("challenges")
    t.challenge(0, "intrigue", [spy])
    t.auto()
    assert len(t.hand(1)) == 5 - 2


def test_01085_grand_maester_pycelle_insight_draws_on_a_win() -> None:
    """Pycelle (vanilla): Insight draws 1 card when he wins a challenge (C17.3)."""
    t = Table()
    pycelle = t.add(0, "01085")
    t.start("challenges")
    before = len(t.hand(0))
    t.challenge(0, "power", [pycelle])
    t.auto()
    assert len(t.hand(0)) == before + 1
    assert t.g.play[t.faction(0)].power == 1  # unopposed; the claim finds no power to move


def test_01086_joffrey_baratheon_gains_power_when_a_lord_is_killed() -> None:
    """Joffrey: after a Lord or Lady character is killed, he gains 1 power."""
    t = Table()
    joffrey = t.add(0, "01086")
    attacker = t.add(0, FILLER)
    tywin = t.add(1, "01090", knelt=True)  # Lord
    t.add(1, FILLER, knelt=True)
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    t.do(tywin)  # claim 2: seat 1 kills Tywin and the other character
    assert t.g.where[tywin] == "dead"
    assert t.can_use(joffrey)
    t.use(joffrey)
    assert t.g.play[joffrey].power == 1


def test_01086_joffrey_baratheon_limit_three_per_round() -> None:
    """Two Lords killed together: 2 power (C16.10, one window C16.11); two more later in
    the round: only 1 more (Limit 3 times per round)."""
    t = Table()
    joffrey = t.add(0, "01086")
    lords = [t.add(1, code) for code in ("01090", "01089", "01087", "01105")]
    t.run(Call(A.kill, lords[:2]), phase="challenges")
    t.use(joffrey)
    assert t.g.play[joffrey].power == 2
    t.run(Call(A.kill, lords[2:]), phase="challenges")
    t.use(joffrey)
    assert t.g.play[joffrey].power == 3
    t.run(Call(A.kill, [t.add(1, "01084")]), phase="challenges")  # Cersei, a Lady
    assert not t.can_use(joffrey)


def test_01086_joffrey_baratheon_ignores_other_kills() -> None:
    """No Lord or Lady killed: no reaction."""
    t = Table()
    joffrey = t.add(0, "01086")
    attacker = t.add(0, FILLER)
    a = t.add(1, FILLER, knelt=True)
    t.add(1, FILLER, knelt=True)
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    t.do(a)
    assert t.g.where[a] == "dead"
    assert not t.can_use(joffrey)
    t.auto()
    assert t.g.play[joffrey].power == 0


def test_01087_ser_jaime_lannister_attacks_standing_and_gains_renown_in_military() -> None:
    """Jaime: no kneel when attacking in [military]; renown while in a [military] challenge."""
    t = Table()
    jaime = t.add(0, "01087")
    t.start("challenges")
    t.challenge(0, "military", [jaime])
    assert t.g.standing(jaime)
    t.auto()
    assert t.g.play[jaime].power == 1


def test_01087_ser_jaime_lannister_kneels_and_no_renown_in_intrigue() -> None:
    t = Table()
    jaime = t.add(0, "01087")
    t.start("challenges")
    t.challenge(0, "intrigue", [jaime])
    assert t.g.knelt(jaime)
    t.auto()
    assert t.g.play[jaime].power == 0


def test_01088_the_tickler_discards_top_card_and_a_copy_in_play() -> None:
    """The Tickler: Dominance Action; kneel, discard the opponent's top card, then may
    discard a copy (same title, C1.8) of it from play."""
    t = Table()
    tickler = t.add(0, "01088")
    victim = t.add(1, FILLER)
    deck_before = len(t.g.players[1].deck)
    top = t.g.players[1].deck[-1]
    t.start("dominance")
    assert t.can_use(tickler)
    t.use(tickler)
    assert t.g.where[top] == "discard"
    assert len(t.g.players[1].deck) == deck_before - 1
    assert t.g.knelt(tickler)
    t.do(victim)
    assert t.g.where[victim] == "discard"


def test_01088_the_tickler_only_in_dominance() -> None:
    t = Table()
    tickler = t.add(0, "01088")
    t.start("challenges")
    assert not t.can_use(tickler)


def test_01089_tyrion_lannister_gains_gold_after_intrigue_initiated() -> None:
    """Tyrion: after an [intrigue] challenge is initiated (by anyone), gain 2 gold; not after
    other types; Limit twice per round."""
    t = Table()
    tyrion = t.add(0, "01089")
    spy = t.add(0, "01085")
    t.add(0, "01097")  # Casterly Rock: a second [intrigue] challenge
    mil = t.add(0, FILLER)
    their_spy = t.add(1, "01085")
    t.gold(0, 0)
    t.start("challenges")
    t.challenge(0, "power", [mil])
    assert not t.can_use(tyrion)
    t.auto()
    t.challenge(0, "intrigue", [spy])
    t.use(tyrion)
    assert t.g.players[0].gold == 2
    t.auto()
    t.challenge(0, "intrigue", [tyrion])
    t.use(tyrion)
    assert t.g.players[0].gold == 4
    t.auto()
    t.do("done")
    t.challenge(1, "intrigue", [their_spy])
    assert not t.can_use(tyrion)
    assert t.g.players[0].gold == 4


def test_01090_tywin_lannister_strength_income_and_renown() -> None:
    """Tywin: +1 STR per gold in your pool; +2 income (printed); renown."""
    t = Table()
    tywin = t.add(0, "01090")
    t.gold(0, 3)
    assert t.g.strength(tywin) == 6 + 3
    t.gold(0, 0)
    assert t.g.strength(tywin) == 6
    assert t.g.plot_value(0, "income") == 3 + 2
    t.start("challenges")
    t.challenge(0, "power", [tywin])
    t.auto()
    assert t.g.play[tywin].power == 1


def test_01091_burned_men_ambush_for_two_gold() -> None:
    """Burned Men (vanilla): Ambush (2) puts it into play in a challenges window (C17.2);
    with 1 gold it cannot be ambushed."""
    for gold in (1, 2):
        t = Table()
        men = t.add(0, "01091", zone="hand")
        t.gold(0, gold)
        t.start("challenges")
        assert t.offered(f"ambush:{men}") is (gold == 2)
        if gold == 2:
            t.g.apply(0, f"ambush:{men}")
            assert t.g.where[men] == "play"
            assert t.g.players[0].gold == 0


def test_01092_gold_cloaks_ambushed_are_discarded_at_phase_end() -> None:
    """Gold Cloaks: when the phase in which it was ambushed ends, discard it; a copy that
    did not enter by ambush stays."""
    t = Table()
    cloaks = t.add(0, "01092", zone="hand")
    other = t.add(0, "01092")
    t.gold(0, 2)
    t.start("challenges")
    t.g.apply(0, f"ambush:{cloaks}")
    assert t.g.where[cloaks] == "play"
    t.finish_phase()
    assert t.g.where[cloaks] == "discard"
    assert t.g.where[other] == "play"


def test_01093_lannisport_moneylender_income_and_limited() -> None:
    """Moneylender (+1 income, Limited): income 3 + 1; a second limited card cannot be
    marshaled the same round (C17.5)."""
    t = Table()
    t.add(0, "01093")
    fief = t.add(0, "01099", zone="hand")
    t.g.players[0].limited = 1  # the Moneylender was marshaled this round
    t.gold(0, 0)
    t.start("marshaling")
    assert t.g.players[0].gold == 4
    assert not t.offered(f"marshal:{fief}")
    assert t.g.where[fief] == "hand"


def test_01094_lannisport_merchant_reduces_next_lannister_character() -> None:
    """Lannisport Merchant: kneel to make the next [lannister] character cost 1 less."""
    t = Table()
    merchant = t.add(0, "01094")
    tyrion = t.add(0, "01089", zone="hand")  # cost 5
    t.gold(0, 1)  # + 3 income = 4
    t.start("marshaling")
    assert f"marshal:{tyrion}" not in t.choices(0)
    t.use(merchant)
    assert t.g.knelt(merchant)
    t.g.apply(0, f"marshal:{tyrion}")
    assert t.g.where[tyrion] == "play"
    assert t.g.players[0].gold == 0


def test_01094_lannisport_merchant_not_offered_without_a_lannister_character() -> None:
    t = Table()
    merchant = t.add(0, "01094")
    t.add(0, "01097", zone="hand")  # a location, not a character
    t.start("marshaling")
    assert not t.can_use(merchant)


def test_01095_the_queens_assassin_makes_opponent_kill_a_character() -> None:
    """Queen's Assassin: after entering by ambush, an opponent with fewer cards in hand
    chooses and kills a character."""
    t = Table()
    assassin = t.add(0, "01095", zone="hand")
    t.hand_cards(0, 3)
    t.hand_cards(1, 1)
    victim = t.add(1, FILLER)
    t.gold(0, 4)
    t.start("challenges")
    t.g.apply(0, f"ambush:{assassin}")
    t.use(assassin)
    assert t.g.where[victim] == "dead"


def test_01095_the_queens_assassin_no_kill_if_opponent_has_as_many_cards() -> None:
    t = Table()
    assassin = t.add(0, "01095", zone="hand")
    t.hand_cards(0, 1)
    t.hand_cards(1, 1)
    victim = t.add(1, FILLER)
    t.gold(0, 4)
    t.start("challenges")
    t.g.apply(0, f"ambush:{assassin}")
    assert not t.can_use(assassin)
    assert t.g.where[victim] == "play"


def test_01096_widows_wail_gives_strength_and_military_to_joffrey() -> None:
    """Widow's Wail: +2 STR; Joffrey Baratheon gains [military]; others do not."""
    t = Table()
    joffrey = t.add(0, "01086")
    cersei = t.add(0, "01084")
    assert not t.g.has_icon(joffrey, "military")
    t.add(0, "01096", on=joffrey)
    t.add(0, "01096", on=cersei)
    assert t.g.strength(joffrey) == 3 + 2
    assert t.g.has_icon(joffrey, "military")
    assert t.g.strength(cersei) == 4 + 2
    assert not t.g.has_icon(cersei, "military")


def test_01096_widows_wail_ambush_attaches() -> None:
    """Widow's Wail: Ambush (1) puts it into play on a chosen character."""
    t = Table()
    joffrey = t.add(0, "01086")
    wail = t.add(0, "01096", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.g.apply(0, f"ambush:{wail}")
    assert t.g.play[wail].parent == joffrey
    assert t.g.players[0].gold == 0


def test_01097_casterly_rock_allows_a_second_intrigue_challenge() -> None:
    """Casterly Rock: an additional [intrigue] challenge (C10.4); without it, only one."""
    for with_rock in (True, False):
        t = Table()
        if with_rock:
            t.add(0, "01097")
        a = t.add(0, "01085")
        t.add(0, "01084")
        t.start("challenges")
        t.challenge(0, "intrigue", [a])
        t.auto()
        assert ("intrigue>1" in t.choices(0)) is with_rock


def test_01098_lannisport_draws_after_an_intrigue_win() -> None:
    """Lannisport: after you win an [intrigue] challenge, draw 1; not after a loss."""
    t = Table()
    port = t.add(0, "01098")
    spy = t.add(0, "01085")
    t.start("challenges")
    before = len(t.hand(0))
    t.challenge(0, "intrigue", [spy])
    t.use(port)
    t.auto()
    assert len(t.hand(0)) == before + 1 + 1  # Lannisport and Pycelle's insight


def test_01098_lannisport_not_after_a_loss() -> None:
    t = Table()
    port = t.add(0, "01098")
    spy = t.add(0, "01085")  # STR 2
    defender = t.add(1, "01084")  # STR 4
    t.start("challenges")
    t.challenge(0, "intrigue", [spy], [defender])
    assert not t.can_use(port)


def test_01099_western_fiefdom_reduces_next_lannister_card() -> None:
    """Western Fiefdom: kneel to make the next [lannister] card (a location here) cost 1
    less."""
    t = Table()
    fief = t.add(0, "01099")
    port = t.add(0, "01098", zone="hand")  # Lannisport, cost 3
    t.start("marshaling")
    t.gold(0, 2)
    t.g._pending = None
    assert f"marshal:{port}" not in t.choices(0)
    t.use(fief)
    t.g.apply(0, f"marshal:{port}")
    assert t.g.where[port] == "play"
    assert t.g.players[0].gold == 0


def test_01099_western_fiefdom_not_for_other_factions() -> None:
    t = Table()
    fief = t.add(0, "01099")
    t.add(0, FILLER, zone="hand")  # not Lannister
    t.start("marshaling")
    assert not t.can_use(fief)


def test_01100_hear_me_roar_puts_a_character_into_play_until_phase_end() -> None:
    """Hear Me Roar!: put a [lannister] character from hand into play; at the end of the
    phase it is discarded (cannot be saved)."""
    t = Table()
    roar = t.add(0, "01100", zone="hand")
    tywin = t.add(0, "01090", zone="hand")
    t.gold(0, 1)
    t.start("challenges")
    t.use(roar)
    assert t.g.where[tywin] == "play"
    assert t.g.where[roar] == "discard"
    dup = t.add(0, "01090", zone="dup", on=tywin)  # a duplicate cannot save it
    t.finish_phase()
    assert t.g.where[tywin] == "discard"
    assert t.g.where[dup] == "discard"


def test_01100_hear_me_roar_only_lannister_characters() -> None:
    t = Table()
    roar = t.add(0, "01100", zone="hand")
    t.add(0, "01105", zone="hand")  # Doran: Martell
    t.add(0, FILLER)
    t.gold(0, 1)
    t.start("challenges")
    assert not t.can_use(roar)


def test_01101_the_things_i_do_for_love_returns_a_character_of_cost_x() -> None:
    """The Things I Do For Love: with a [lannister] Lord or Lady, kneel your faction card and
    pay X to return an opponent's character of printed cost X or lower to its owner's hand
    (C1.7: X chosen when the cost is paid)."""
    t = Table()
    love = t.add(0, "01101", zone="hand")
    t.add(0, "01090")  # Tywin, a Lord
    cheap = t.add(1, "01085")  # cost 3
    dear = t.add(1, "01087")  # cost 6
    t.gold(0, 4)
    t.start("challenges")
    t.use(love)
    assert t.decision(0).kind == "cost"
    assert set(t.choices(0)) == {3, 4}
    t.do(3)  # X = 3: Pycelle is the only legal target, chosen at once
    assert t.g.where[cheap] == "hand"
    assert t.g.where[dear] == "play"
    assert t.g.players[0].gold == 1
    assert t.g.knelt(t.faction(0))


def test_01101_the_things_i_do_for_love_needs_a_lannister_lord_or_lady() -> None:
    t = Table()
    love = t.add(0, "01101", zone="hand")
    t.add(0, "01091")  # Burned Men: no Lord or Lady
    t.add(1, "01085")
    t.gold(0, 4)
    t.start("challenges")
    assert not t.can_use(love)


def test_01102_treachery_cancels_a_character_ability() -> None:
    """Treachery: with a unique [lannister] character, cancel a character ability as it
    would initiate; its cost stays paid (C16.13)."""
    t = Table()
    edric = t.add(0, "01106")
    treachery = t.add(1, "01102", zone="hand")
    t.add(1, "01089")  # Tyrion: unique Lannister
    t.gold(0, 1)
    t.gold(1, 1)
    t.start("challenges")
    t.use(edric)
    assert t.kinds() == ["interrupt"]
    t.use(treachery)
    assert t.g.players[0].gold == 0
    assert t.g.where[treachery] == "discard"
    assert t.g.icons(edric) == []


def test_01102_treachery_needs_a_unique_lannister_character() -> None:
    t = Table()
    edric = t.add(0, "01106")
    t.add(1, "01102", zone="hand")
    t.add(1, "01091")  # Burned Men: not unique
    t.gold(0, 1)
    t.gold(1, 1)
    t.start("challenges")
    t.use(edric)
    t.do("military")
    assert t.g.icons(edric) == ["military"]
