"""The Stark cards of the Core Set (01141–01159), each shown working in the engine."""

from __future__ import annotations

from tests.cardgame.driver import Table, window

TUMBLESTONE = "01150"  # vanilla: STR 2, [military][power]
COURTESAN = "01187"  # vanilla: STR 2, [intrigue][power]
RAVEN = "01130"  # Messenger Raven: STR 1, no icons
PARTY = "01132"  # Ranging Party: STR 5, [military][power]


def test_01144_eddard_stark_stands_when_a_challenge_is_initiated_against_you() -> None:
    """Eddard Stark: after a challenge is initiated against you, stand him (then he can
    defend); not offered for a challenge you initiate (C23 Q7/Q24: the defender's card)."""
    t = Table(first=1)
    ned = t.add(0, "01144", knelt=True)
    attacker = t.add(1, PARTY)
    t.start("challenges")
    t.challenge(1, "military", [attacker])
    assert t.can_use(ned)
    t.use(ned)
    assert t.g.standing(ned)
    t.auto()
    assert ned in t.choices(0)  # he may now defend

    t = Table()
    ned = t.add(0, "01144", knelt=True)
    knight = t.add(0, TUMBLESTONE)
    t.start("challenges")
    t.challenge(0, "military", [knight])
    assert not t.can_use(ned)
    assert t.g.knelt(ned)


def test_01145_grey_wind_kills_a_weak_character_more_with_robb() -> None:
    """Grey Wind: Challenges Action, kneel to kill a character with STR 1 or lower (2 or
    lower while you control Robb Stark)."""
    t = Table()
    wind = t.add(0, "01145")
    raven = t.add(1, RAVEN)
    knight = t.add(1, TUMBLESTONE)
    t.start("marshaling")
    assert not t.can_use(wind)  # a Challenges Action
    t.start("challenges")
    t.use(wind)  # the only legal target (STR 1) is chosen
    assert t.g.knelt(wind)
    assert t.g.where[raven] == "dead"
    assert t.g.where[knight] == "play"

    t = Table()
    wind = t.add(0, "01145")
    t.add(0, "01146")  # Robb Stark
    raven = t.add(1, RAVEN)
    knight = t.add(1, TUMBLESTONE)
    t.start("challenges")
    t.use(wind)
    assert knight in t.choices(0) and raven in t.choices(0)
    t.do(knight)
    assert t.g.where[knight] == "dead"


def test_01146_robb_stark_stands_your_characters_after_a_stark_death() -> None:
    """Robb Stark: after a [stark] character you control is killed, stand each character you
    control; limit once per round."""
    t = Table(first=1)
    robb = t.add(0, "01146", knelt=True)
    knight = t.add(0, TUMBLESTONE, knelt=True)
    other = t.add(0, TUMBLESTONE, knelt=True)
    first, second = t.add(1, PARTY), t.add(1, PARTY)
    t.reveal(1, "01005")  # claim 1 and a second [military] challenge
    t.start("challenges")
    t.challenge(1, "military", [first], stop=lambda d: d.kind == "claim_kill")
    t.do(knight)
    t.auto(stop=lambda d: f"use:{robb}:0" in d.choices)
    t.use(robb)
    assert t.g.where[knight] == "dead"
    assert t.g.standing(robb) and t.g.standing(other)
    # once per round: a second death this round is not answered, though Robb kneels again
    t.g.update(robb, knelt=True)
    t.auto(stop=lambda d: d.kind == "challenge")
    t.challenge(1, "military", [second], stop=lambda d: d.kind == "claim_kill")
    t.do(other)
    t.auto(stop=lambda d: f"use:{robb}:0" in d.choices)
    assert t.g.where[other] == "dead"
    assert not t.can_use(robb)
    assert t.g.knelt(robb)


def test_01147_sansa_stark_enters_knelt_and_gains_power_when_she_stands() -> None:
    """Sansa Stark: enters play knelt; after she stands, gain 1 power for your faction."""
    t = Table()
    sansa = t.add(0, "01147", zone="hand")
    t.start("marshaling")
    t.do(f"marshal:{sansa}")
    assert t.g.knelt(sansa)
    t.start("standing")
    t.auto(stop=lambda d: f"use:{sansa}:0" in d.choices)
    t.use(sansa)
    assert t.g.standing(sansa)
    assert t.g.play[t.faction(0)].power == 1


def test_01148_summer_returns_a_weak_stark_and_gives_bran_insight() -> None:
    """Summer: after it enters play, return a [stark] character with printed STR 2 or lower
    from your discard or dead pile to hand (Eddard, STR 5, is not a legal choice); while you
    control Bran Stark, he gains insight."""
    t = Table()
    summer = t.add(0, "01148", zone="hand")
    knight = t.add(0, TUMBLESTONE, zone="dead")
    ned = t.add(0, "01144", zone="discard")
    t.start("marshaling")
    t.do(f"marshal:{summer}")
    t.use(summer)
    assert t.g.where[knight] == "hand"
    assert t.g.where[ned] == "discard"

    t = Table()
    bran = t.add(0, "01142")
    assert not t.g.has_keyword(bran, "insight")
    t.add(0, "01148")
    assert t.g.has_keyword(bran, "insight")
    before = len(t.hand(0))
    t.start("challenges")
    t.challenge(0, "power", [bran])
    t.auto()
    assert len(t.hand(0)) == before + 1


def test_01149_direwolf_pup_grows_with_other_direwolves() -> None:
    """Direwolf Pup: +1 STR for each other Direwolf card you control (not the opponent's)."""
    t = Table()
    pup = t.add(0, "01149")
    assert t.g.strength(pup) == 1
    t.add(1, "01145")  # the opponent's Grey Wind does not count
    assert t.g.strength(pup) == 1
    t.add(0, "01145")
    t.add(0, "01148")
    assert t.g.strength(pup) == 3


def test_01150_tumblestone_knight_wins_power_and_claims() -> None:
    """Tumblestone Knight (vanilla): STR 2, [military][power]; an unopposed power win
    gains 1 power and moves claim 2 power (C12.4)."""
    t = Table()
    knight = t.add(0, TUMBLESTONE)
    assert t.g.strength(knight) == 2 and t.g.icons(knight) == ["military", "power"]
    t.power(1, 3)
    t.start("challenges")
    t.challenge(0, "power", [knight])
    t.auto()
    assert t.g.play[t.faction(0)].power == 3
    assert t.g.play[t.faction(1)].power == 1


def test_01151_vanguard_of_the_north_attacks_standing_with_a_war_plot() -> None:
    """Vanguard of the North: while a player has a War plot revealed, it does not kneel when
    attacking in a [military] challenge."""
    t = Table()
    vanguard = t.add(0, "01151")
    t.start("challenges")
    t.challenge(0, "military", [vanguard], stop=lambda d: d.kind == "defender")
    assert t.g.knelt(vanguard)

    t = Table()
    t.reveal(1, "01005")  # A Storm of Swords (War), the opponent's
    vanguard = t.add(0, "01151")
    t.start("challenges")
    t.challenge(0, "military", [vanguard], stop=lambda d: d.kind == "defender")
    assert t.g.standing(vanguard)


def test_01152_winterfell_steward_reduces_next_stark_character() -> None:
    """Winterfell Steward: kneel to make the next [stark] character cost 1 less; not offered
    without such a card in hand (C1.4)."""
    t = Table()
    steward = t.add(0, "01152")
    t.add(0, "01154", zone="hand")  # a location
    t.start("marshaling")
    assert not t.can_use(steward)
    t = Table()
    steward = t.add(0, "01152")
    knight = t.add(0, TUMBLESTONE, zone="hand")
    t.gold(0, 0)
    t.start("marshaling")
    t.use(steward)
    t.do(f"marshal:{knight}")
    assert t.g.players[0].gold == 2


def test_01153_ice_strength_and_kill_after_a_military_win() -> None:
    """Ice: [stark] character only, +2 STR; after winning a [military] challenge in which the
    bearer participates, sacrifice Ice to kill a character of the loser; not after a power
    win."""
    t = Table()
    knight = t.add(0, TUMBLESTONE)
    ice = t.add(0, "01153", on=knight)
    assert t.g.strength(knight) == 4
    victim = t.add(1, COURTESAN)
    other = t.add(1, COURTESAN)
    third = t.add(1, COURTESAN)
    t.reveal(0, "01005")  # claim 1
    t.start("challenges")
    t.challenge(0, "military", [knight])
    t.use(ice)
    assert t.g.where[ice] == "discard"
    t.do(victim)
    t.auto(stop=lambda d: d.kind == "claim_kill")
    assert t.g.where[victim] == "dead"
    assert t.g.where[other] == t.g.where[third] == "play"  # claim (1) still to come

    t = Table()
    knight = t.add(0, TUMBLESTONE)
    ice = t.add(0, "01153", on=knight)
    t.add(1, COURTESAN)
    t.start("challenges")
    t.challenge(0, "power", [knight])
    assert not t.can_use(ice)


def test_01154_gates_of_winterfell_draws_a_revealed_stark_card() -> None:
    """Gates of Winterfell: kneel to reveal the top card; draw it only if it is [stark]."""
    t = Table()
    gates = t.add(0, "01154")
    top = t.add(0, TUMBLESTONE, zone="deck")
    t.start("challenges")
    t.use(gates)
    assert t.g.where[top] == "hand"

    t = Table()
    gates = t.add(0, "01154")
    top = t.add(0, COURTESAN, zone="deck")
    t.start("challenges")
    t.use(gates)
    assert t.g.knelt(gates)
    assert t.g.players[0].deck[-1] == top


def test_01156_heart_tree_grove_reduces_next_stark_card() -> None:
    """Heart Tree Grove: kneel to make the next [stark] card (a location here) cost 1 less;
    not offered with only non-Stark cards in hand."""
    t = Table()
    grove = t.add(0, "01156")
    t.add(0, COURTESAN, zone="hand")
    t.start("marshaling")
    assert not t.can_use(grove)
    t = Table()
    grove = t.add(0, "01156")
    gates = t.add(0, "01154", zone="hand")  # cost 2
    t.gold(0, 0)
    t.start("marshaling")
    t.use(grove)
    t.do(f"marshal:{gates}")
    assert t.g.players[0].gold == 2


def test_01158_like_warm_rain_kills_an_attacker_after_a_lost_intrigue_defense() -> None:
    """Like Warm Rain: after you lose an [intrigue] challenge as the defender, kneel a
    Direwolf character to kill an attacking character; not after a [military] loss."""
    t = Table(first=1)
    rain = t.add(0, "01158", zone="hand")
    t.gold(0, 1)
    wolf = t.add(0, "01145")  # Grey Wind, [military] only: cannot defend intrigue
    attacker = t.add(1, COURTESAN)
    t.start("challenges")
    t.challenge(1, "intrigue", [attacker])
    t.use(rain)
    assert t.g.knelt(wolf)
    assert t.g.where[attacker] == "dead"

    t = Table(first=1)
    rain = t.add(0, "01158", zone="hand")
    t.gold(0, 1)
    t.add(0, "01145", knelt=True)
    t.add(0, "01149")  # a standing Direwolf to pay with
    attacker = t.add(1, PARTY)
    t.start("challenges")
    t.challenge(1, "military", [attacker], stop=lambda d: f"use:{rain}:0" in d.choices)
    assert not t.can_use(rain)


def test_01159_winter_is_coming_raises_claim_during_a_challenge() -> None:
    """Winter Is Coming: play only during a challenge; your claim is 1 higher until its end
    (intrigue claim 3 instead of 2)."""
    t = Table()
    wic = t.add(0, "01159", zone="hand")
    t.gold(0, 1)
    knight = t.add(0, COURTESAN)
    for _ in range(4):
        t.add(1, TUMBLESTONE, zone="hand")
    t.start("challenges")
    assert not t.can_use(wic)
    t.challenge(0, "intrigue", [knight], stop=window("challenges:attackers"))
    t.auto(stop=lambda d: f"use:{wic}:0" in d.choices)
    t.use(wic)  # the challenge then runs to its end: no defender, claim 3
    assert len(t.hand(1)) == 1
    assert t.g.plot_value(0, "claim") == 2  # ended with the challenge

    t = Table()  # the same challenge without it: claim 2
    knight = t.add(0, COURTESAN)
    for _ in range(4):
        t.add(1, TUMBLESTONE, zone="hand")
    t.start("challenges")
    t.challenge(0, "intrigue", [knight])
    t.auto()
    assert len(t.hand(1)) == 2


def test_01141_arya_stark_takes_a_duplicate_and_gains_military() -> None:
    """Arya Stark: after she enters play, the top card of your deck goes facedown on her as a
    duplicate; while she has one she gains a [military] icon (and it saves her, C18.7)."""
    t = Table()
    arya = t.add(0, "01141", zone="hand")
    t.gold(0, 3)
    deck_before = len(t.g.players[0].deck)
    top = t.g.players[0].deck[-1]
    t.start("marshaling")
    t.do(f"marshal:{arya}")
    assert not t.g.has_icon(arya, "military")
    t.use(arya)
    assert t.g.where[top] == "dup" and t.g.play[top].parent == arya
    assert len(t.g.players[0].deck) == deck_before - 1
    assert t.g.has_icon(arya, "military")


def test_01142_bran_stark_cancels_an_opponents_event() -> None:
    """Bran Stark: sacrifice him to cancel the effects of an opponent's event (C16.13: the
    event is still played and discarded); not offered against your own events."""
    t = Table(first=1)
    bran = t.add(0, "01142")
    wic = t.add(1, "01159", zone="hand")  # Winter Is Coming, the opponent's
    t.gold(1, 1)
    knight = t.add(1, COURTESAN)
    for _ in range(3):
        t.add(0, TUMBLESTONE, zone="hand")
    t.start("challenges")
    t.challenge(1, "intrigue", [knight], stop=window("challenges:attackers"))
    t.auto(stop=lambda d: f"use:{wic}:0" in d.choices)
    t.use(wic)
    assert t.can_use(bran)
    t.use(bran)
    assert t.g.where[bran] == "discard"
    assert t.g.where[wic] == "discard"
    t.auto()
    assert len(t.hand(0)) == 1  # claim 2, not 3

    t = Table()
    bran = t.add(0, "01142")
    wic = t.add(0, "01159", zone="hand")  # his own side's event
    t.gold(0, 1)
    knight = t.add(0, COURTESAN)
    t.start("challenges")
    t.challenge(0, "intrigue", [knight], stop=window("challenges:attackers"))
    t.auto(stop=lambda d: f"use:{wic}:0" in d.choices)
    t.use(wic)
    assert not t.can_use(bran)
    assert t.g.where[bran] == "play"


def test_01143_catelyn_stark_locks_out_opponent_abilities_while_participating() -> None:
    """Catelyn Stark: while she participates, opponents cannot trigger card abilities (their
    Winter Is Coming is not playable then); when she does not participate, they can."""
    for participates in (True, False):
        t = Table(first=1)
        cat = t.add(0, "01143")  # [intrigue][power]
        wic = t.add(1, "01159", zone="hand")
        t.gold(1, 1)
        knight = t.add(1, COURTESAN)
        t.start("challenges")
        t.challenge(
            1,
            "intrigue",
            [knight],
            [cat] if participates else [],
            stop=window("challenges:defenders"),
        )
        t.auto(stop=lambda d: d.kind == "action")
        if participates:
            assert not t.can_use(wic)
        else:
            assert t.can_use(wic)


def test_01155_the_wolfswood_gives_direwolves_in_hand_ambush() -> None:
    """The Wolfswood: a Direwolf card in your hand gains ambush (its printed cost): Direwolf
    Pup (cost 2) can be ambushed for 2 gold in the challenges phase; without the Wolfswood
    it cannot; a non-Direwolf cannot."""
    t = Table()
    t.add(0, "01155")
    pup = t.add(0, "01149", zone="hand")
    knight = t.add(0, TUMBLESTONE, zone="hand")
    t.gold(0, 3)
    t.start("challenges")
    assert f"ambush:{pup}" in t.choices(0)
    assert f"ambush:{knight}" not in t.choices(0)
    t.do(f"ambush:{pup}")
    assert t.g.where[pup] == "play"
    assert t.g.players[0].gold == 1

    t = Table()
    pup = t.add(0, "01149", zone="hand")
    t.add(0, "01154")  # something to do, so the window asks seat 0
    t.gold(0, 3)
    t.start("challenges")
    assert f"ambush:{pup}" not in t.choices(0)


def test_01157_for_the_north_strength_and_a_draw_on_a_win() -> None:
    """For the North!: during a [military] challenge, a participating [stark] character gets
    +2 STR until the end of the challenge, and you draw 1 card if you win (here it turns a
    loss into a win); not playable outside a [military] challenge."""
    t = Table()
    north = t.add(0, "01157", zone="hand")
    knight = t.add(0, TUMBLESTONE)  # STR 2
    defender = t.add(1, "01168")  # STR 3
    t.start("challenges")
    assert not t.can_use(north)
    t.challenge(0, "military", [knight], [defender], stop=window("challenges:defenders"))
    t.auto(stop=lambda d: f"use:{north}:0" in d.choices)
    before = len(t.hand(0))
    t.use(north)  # the challenge then runs to its end
    t.auto()
    assert ("won", 1, 0, "military") in t.g.history  # 4 beats 3
    assert len(t.hand(0)) == before - 1 + 1  # the event left the hand, 1 card drawn
    assert t.g.strength(knight) == 2

    t = Table()  # a loss even with +2: no draw
    north = t.add(0, "01157", zone="hand")
    knight = t.add(0, TUMBLESTONE)
    defender = t.add(1, "01132")  # STR 5
    t.start("challenges")
    t.challenge(0, "military", [knight], [defender], stop=window("challenges:defenders"))
    t.auto(stop=lambda d: f"use:{north}:0" in d.choices)
    before = len(t.hand(0))
    t.use(north)
    t.auto()
    assert ("lost", 1, 0, "military") in t.g.history
    assert len(t.hand(0)) == before - 1
