"""The Night's Watch cards of the Core Set (01122–01140), each shown working in the engine."""

from __future__ import annotations

from tests.cardgame.driver import Table, window

NW = ("thenightswatch", "lannister")
TUMBLESTONE = "01150"  # vanilla: STR 2, [military][power]
COURTESAN = "01187"  # vanilla: STR 2, [intrigue][power]
DAYNE_KNIGHT = "01113"  # vanilla: STR 2, [military][intrigue]
LITTLE_BIRD = "01034"  # a non-Weapon attachment (Condition)


def test_01123_ghost_bypassed_character_cannot_defend_for_the_phase() -> None:
    """Ghost: after Ghost bypasses a character with stealth, it cannot defend until the end
    of the phase; without the reaction, stealth bypasses it for one challenge only (C17.9)."""
    for use_ghost in (True, False):
        t = Table(NW)
        ghost = t.add(0, "01123")  # [military], stealth
        other = t.add(0, COURTESAN)  # [intrigue][power]
        target = t.add(1, COURTESAN)
        blocker = t.add(1, "01132")  # defends the first challenge (and wins it)
        t.start("challenges")
        t.challenge(0, "military", [ghost], [blocker], stealth={ghost: target})
        if use_ghost:
            assert t.can_use(ghost)
            t.use(ghost)
        t.auto()
        t.do(blocker)  # seat 1 defends the first challenge
        t.auto()
        # the next challenge: a power challenge with the other character
        t.challenge(0, "power", [other], stop=lambda d: d.kind == "defender")
        defender = t.decision(1) if t.kinds() == ["defender"] else None
        if use_ghost:
            assert defender is None  # the only possible defender is barred
            assert t.g.has("cannot_defend", target)
        else:
            assert defender is not None and target in defender.choices
    # the effect ends with the phase
    t = Table(NW)
    ghost = t.add(0, "01123")
    target = t.add(1, COURTESAN)
    blocker = t.add(1, "01132")
    t.start("challenges")
    t.challenge(0, "military", [ghost], [blocker], stealth={ghost: target})
    t.use(ghost)
    t.auto()
    t.do(blocker)
    t.auto()
    assert t.g.has("cannot_defend", target)
    for _ in range(10):  # end the challenges phase
        if not t.pending():
            break
        if "done" in t.choices():
            t.do("done")
        else:
            t.auto()
    assert not t.pending()  # the phase is over
    assert not t.g.has("cannot_defend", target)


def test_01127_samwell_tarly_insight_draws_and_raises_reserve() -> None:
    """Samwell Tarly: insight (C17.3) draws 1 card on a win; +1 reserve (printed, C15.3)."""
    t = Table(NW)
    assert t.g.plot_value(0, "reserve") == 5
    sam = t.add(0, "01127")
    assert t.g.plot_value(0, "reserve") == 6
    before = len(t.hand(0))
    t.start("challenges")
    t.challenge(0, "intrigue", [sam])
    t.auto()
    assert len(t.hand(0)) == before + 1


def test_01128_ser_waymar_royce_killed_discards_from_opponents_hand() -> None:
    """Ser Waymar Royce: when he is killed, each opponent discards 1 card at random; with
    no card in the opponent's hand the interrupt is not offered (C1.4)."""
    t = Table(NW, first=1)
    waymar = t.add(0, "01128")
    attacker = t.add(1, "01132")
    a, b = t.add(1, COURTESAN, zone="hand"), t.add(1, COURTESAN, zone="hand")
    t.start("challenges")
    t.challenge(1, "military", [attacker])  # stops at the interrupt window to the kill
    assert t.can_use(waymar)
    t.use(waymar)
    t.auto()
    assert t.g.where[waymar] == "dead"
    assert sorted(t.g.where[c] for c in (a, b)) == ["discard", "hand"]

    t = Table(NW, first=1)
    waymar = t.add(0, "01128")
    attacker = t.add(1, "01132")
    t.start("challenges")
    t.challenge(1, "military", [attacker])
    t.auto()
    assert not t.can_use(waymar)
    assert t.g.where[waymar] == "dead"


def test_01130_messenger_raven_returns_to_draw_in_dominance_only() -> None:
    """Messenger Raven: Dominance Action, return it to hand (cost) to draw 1."""
    t = Table(NW)
    raven = t.add(0, "01130")
    t.start("challenges")
    assert not t.can_use(raven)
    t = Table(NW)
    raven = t.add(0, "01130")
    before = len(t.hand(0))
    t.start("dominance")
    t.auto(stop=lambda d: d.kind == "action" and f"use:{raven}:0" in d.choices)
    t.use(raven)
    assert t.g.where[raven] == "hand"
    assert len(t.hand(0)) == before + 2


def test_01131_old_forest_hunter_discards_for_gold_once_per_phase() -> None:
    """Old Forest Hunter: discard 1 card from hand (cost) to gain 1 gold; limit once per
    phase; not usable with an empty hand."""
    t = Table(NW)
    hunter = t.add(0, "01131")
    t.start("challenges")
    assert not t.can_use(hunter)  # empty hand: the cost cannot be paid
    t = Table(NW)
    hunter = t.add(0, "01131")
    card = t.add(0, COURTESAN, zone="hand")
    t.add(0, COURTESAN, zone="hand")
    t.gold(0, 0)
    t.start("challenges")
    t.use(hunter)
    t.do(card)  # which card pays the cost
    assert t.g.where[card] == "discard"
    assert t.g.players[0].gold == 1
    assert len(t.hand(0)) == 1
    assert not t.can_use(hunter)


def test_01132_ranging_party_weapon_only_attachments_and_printed_strength() -> None:
    """Ranging Party (vanilla): STR 5; no attachments except Weapon (C17.6): a Condition
    cannot be marshaled onto it, Longclaw (a Weapon) can."""
    t = Table(NW)
    party = t.add(0, "01132")
    assert t.g.strength(party) == 5
    bird = t.add(0, LITTLE_BIRD, zone="hand")
    longclaw = t.add(0, "01135", zone="hand")
    t.gold(0, 10)
    t.start("marshaling")
    assert f"marshal:{bird}" not in t.choices(0)
    assert f"marshal:{longclaw}" in t.choices(0)


def test_01133_steward_at_the_wall_reduces_next_nights_watch_character() -> None:
    """Steward at the Wall: kneel to make the next [thenightswatch] character cost 1 less;
    not offered without such a card in hand (C1.4)."""
    t = Table(NW)
    steward = t.add(0, "01133")
    t.add(0, COURTESAN, zone="hand")
    t.start("marshaling")
    assert not t.can_use(steward)
    t = Table(NW)
    steward = t.add(0, "01133")
    hunter = t.add(0, "01131", zone="hand")  # cost 2
    t.gold(0, 0)
    t.start("marshaling")  # income 3
    t.use(steward)
    assert t.g.knelt(steward)
    t.do(f"marshal:{hunter}")
    assert t.g.where[hunter] == "play"
    assert t.g.players[0].gold == 2


def test_01134_veteran_builder_sacrifices_to_stand_a_location() -> None:
    """Veteran Builder: sacrifice it to choose and stand a location; only a kneeling location
    is a legal target (C16.6.3)."""
    t = Table(NW)
    builder = t.add(0, "01134")
    castle = t.add(0, "01136")
    t.start("challenges")
    assert not t.can_use(builder)
    t = Table(NW)
    builder = t.add(0, "01134")
    castle = t.add(0, "01136", knelt=True)
    t.start("challenges")
    t.use(builder)
    assert t.g.where[builder] == "discard"
    assert t.g.standing(castle)


def test_01135_longclaw_night_watch_only_strength_and_renown() -> None:
    """Longclaw: [thenightswatch] character only; +1 STR and renown (C17.8)."""
    t = Table(NW)
    knight = t.add(0, TUMBLESTONE)  # a Stark character: not a legal host
    longclaw = t.add(0, "01135", zone="hand")
    bird = t.add(0, LITTLE_BIRD, zone="hand")  # a legal host exists for this one
    t.gold(0, 10)
    t.start("marshaling")
    assert f"marshal:{bird}" in t.choices(0)
    assert f"marshal:{longclaw}" not in t.choices(0)
    t.do(f"marshal:{bird}")
    assert t.g.play[bird].parent == knight

    t = Table(NW)
    hunter = t.add(0, "01131")  # STR 1, [military]
    t.add(0, "01135", on=hunter)
    assert t.g.strength(hunter) == 2
    t.start("challenges")
    t.challenge(0, "military", [hunter])
    t.auto()
    assert t.g.play[hunter].power == 1  # renown


def test_01136_castle_black_stands_and_strengthens_a_defender() -> None:
    """Castle Black: kneel it to stand a defending [thenightswatch] character, +2 STR until
    the end of the challenge; turns a loss into a win here. No target outside a challenge."""
    t = Table(NW, first=1)
    castle = t.add(0, "01136")
    defender = t.add(0, "01134")  # Veteran Builder: STR 4, [power]
    attacker = t.add(1, "01132")  # STR 5
    t.start("challenges")
    assert not t.can_use(castle)
    t.challenge(1, "power", [attacker], [defender], stop=window("challenges:defenders"))
    t.auto(stop=lambda d: f"use:{castle}:0" in d.choices)
    t.use(castle)
    assert t.g.standing(defender)
    assert t.g.strength(defender) == 6
    t.auto()
    assert ("won", 1, 0, "power") in t.g.history
    assert t.g.strength(defender) == 4  # expired with the challenge


def test_01138_a_meager_contribution_takes_a_gold_of_opponent_income() -> None:
    """A Meager Contribution: after an opponent collects income, move 1 gold from their pool
    to yours; not after your own income."""
    t = Table(NW)
    meager = t.add(0, "01138", zone="hand")
    t.gold(0, 0)
    t.gold(1, 0)
    t.add(0, COURTESAN, zone="hand")
    t.start("marshaling")
    # no reaction window opened to seat 0's own income: seat 0 is in its marshaling window
    assert t.decision(0).about("window") == "marshaling"
    assert not t.can_use(meager)
    assert t.g.players[1].gold == 0
    t.auto(stop=lambda d: f"use:{meager}:0" in d.choices)
    t.use(meager)
    assert t.g.players[0].gold == 4
    assert t.g.players[1].gold == 2
    assert t.g.where[meager] == "discard"


def test_01122_benjen_stark_rangers_unbypassable_and_returns_to_deck() -> None:
    """Benjen Stark: your Ranger characters cannot be bypassed by stealth (others can); when
    he is killed, gain 2 power and he is shuffled into the deck instead of the dead pile."""
    t = Table(NW, first=1)
    benjen = t.add(0, "01122")
    hunter = t.add(0, "01131")  # a Ranger
    steward = t.add(0, "01133")  # not a Ranger
    ghost = t.add(1, "01123")  # stealth
    t.start("challenges")
    t.challenge(1, "military", [ghost], stop=lambda d: d.kind == "stealth")
    assert hunter not in t.choices(1) and benjen not in t.choices(1)
    assert steward in t.choices(1)

    t = Table(NW, first=1)
    benjen = t.add(0, "01122")
    attacker = t.add(1, "01132")
    t.reveal(1, "01005")  # claim 1
    t.start("challenges")
    t.challenge(1, "military", [attacker])
    t.use(benjen)
    t.auto()
    assert t.g.where[benjen] == "deck"
    assert benjen not in t.g.players[0].dead
    assert t.g.play[t.faction(0)].power == 2


def test_01124_jon_snow_counts_when_another_nights_watch_character_attacks() -> None:
    """Jon Snow: while standing, considered participating (C23 Q27: his STR counts on the
    attacking side) when you control another attacking [thenightswatch] character."""
    t = Table(NW)
    jon = t.add(0, "01124")  # STR 4, [intrigue]
    hunter = t.add(0, "01131")  # STR 1, [military]
    defender = t.add(1, "01168")  # Braided Warrior: STR 3, [military]
    t.start("challenges")
    t.challenge(0, "military", [hunter], [defender])
    t.auto()
    assert t.g.standing(jon)
    assert ("won", 1, 0, "military") in t.g.history  # 1 + 4 beats 3

    t = Table(NW)  # participants' keywords see him: renown from Longclaw
    jon = t.add(0, "01124")
    t.add(0, "01135", on=jon)  # Longclaw (a Weapon: allowed on Jon)
    hunter = t.add(0, "01131")
    t.start("challenges")
    t.challenge(0, "military", [hunter])
    t.auto()
    assert t.g.play[jon].power == 1

    t = Table(NW)
    jon = t.add(0, "01124", knelt=True)  # knelt: not considered
    hunter = t.add(0, "01131")
    defender = t.add(1, "01168")
    t.start("challenges")
    t.challenge(0, "military", [hunter], [defender])
    t.auto()
    assert ("won", 1, 1, "military") in t.g.history


def test_01125_maester_aemon_saves_a_nights_watch_character() -> None:
    """Maester Aemon: kneel him to save a [thenightswatch] character from being killed (also
    an opponent's, C23 Q28); not offered for a character of another faction."""
    t = Table(NW, first=1)
    aemon = t.add(0, "01125")
    victim = t.add(0, "01132", knelt=True)
    attacker = t.add(1, "01132")
    t.reveal(1, "01005")  # claim 1
    t.start("challenges")
    t.challenge(1, "military", [attacker], stop=lambda d: d.kind == "claim_kill")
    t.do(victim)
    t.use(aemon)
    t.auto()
    assert t.g.where[victim] == "play"
    assert t.g.knelt(aemon)

    t = Table(NW, first=1)
    aemon = t.add(0, "01125")
    victim = t.add(0, TUMBLESTONE, knelt=True)
    attacker = t.add(1, "01132")
    t.reveal(1, "01005")
    t.start("challenges")
    t.challenge(1, "military", [attacker], stop=lambda d: d.kind == "claim_kill")
    t.do(victim)
    assert not t.can_use(aemon)
    t.auto()
    assert t.g.where[victim] == "dead"

    t = Table(NW)  # the opponent's Night's Watch character
    aemon = t.add(0, "01125")
    attacker = t.add(0, "01132")
    victim = t.add(1, "01131")
    t.reveal(0, "01005")
    t.start("challenges")
    t.challenge(0, "military", [attacker])
    t.use(aemon)
    t.auto()
    assert t.g.where[victim] == "play"


def test_01126_old_bear_mormont_defends_standing_and_puts_a_card_into_play() -> None:
    """Old Bear Mormont: with The Wall he defends standing; when the challenges phase ends
    without a lost defence, put a [thenightswatch] card from hand into play; not after a
    lost defence."""
    t = Table(NW, first=1)
    mormont = t.add(0, "01126")  # STR 6 (+1 from The Wall)
    t.add(0, "01137")
    card = t.add(0, "01131", zone="hand")
    attacker = t.add(1, TUMBLESTONE)
    t.start("challenges")
    t.challenge(1, "military", [attacker], [mormont])
    assert t.g.standing(mormont)
    t.auto(stop=lambda d: f"use:{mormont}:0" in d.choices or d.kind == "challenge")
    while not t.can_use(mormont):
        t.do("done")
        t.auto(stop=lambda d: f"use:{mormont}:0" in d.choices or d.kind == "challenge")
    t.use(mormont)
    assert t.g.where[card] == "play"

    t = Table(NW, first=1)
    mormont = t.add(0, "01126", knelt=True)
    defender = t.add(0, "01131")  # STR 1
    card = t.add(0, "01133", zone="hand")
    attacker = t.add(1, "01132")
    t.start("challenges")
    t.challenge(1, "military", [attacker], [defender])
    for _ in range(10):
        if not t.pending():
            break
        assert not t.can_use(mormont)
        if "done" in t.choices():
            t.do("done")
        else:
            t.auto()
    assert t.g.where[card] == "hand"


def test_01129_yoren_takes_a_cheap_character_from_the_opponents_discard() -> None:
    """Yoren: after you marshal him, put a character with printed cost 3 or lower from an
    opponent's discard pile into play under your control (cost 4 is not eligible)."""
    t = Table(NW)
    yoren = t.add(0, "01129", zone="hand")
    cheap = t.add(1, TUMBLESTONE, zone="discard")  # cost 2
    dear = t.add(1, "01132", zone="discard")  # cost 4
    t.gold(0, 0)
    t.start("marshaling")
    t.do(f"marshal:{yoren}")
    t.use(yoren)
    assert t.g.where[cheap] == "play" and t.g.controller(cheap) == 0
    assert t.g.owner[cheap] == 1
    assert t.g.where[dear] == "discard"


def test_01137_the_wall_strength_kneels_after_unopposed_loss_and_gives_power() -> None:
    """The Wall: +1 STR to your [thenightswatch] characters; forced to kneel after you lose
    an unopposed challenge; when the challenges phase ends, kneel it to gain 2 power."""
    t = Table(NW, first=1)
    wall = t.add(0, "01137")
    hunter = t.add(0, "01131", knelt=True)
    assert t.g.strength(hunter) == 2
    attacker = t.add(1, COURTESAN)
    t.start("challenges")
    t.challenge(1, "intrigue", [attacker])
    t.auto()
    assert t.g.knelt(wall)  # forced reaction

    t = Table(NW)
    wall = t.add(0, "01137")
    t.start("challenges")
    t.auto(stop=lambda d: f"use:{wall}:1" in d.choices)
    t.use(wall, 1)
    assert t.g.knelt(wall)
    assert t.g.play[t.faction(0)].power == 2


def test_01139_take_the_black_takes_control_in_dominance() -> None:
    """Take the Black: Dominance Action, take control of a non-unique character with printed
    cost 6 or lower; a unique one is not a legal target."""
    t = Table(NW)
    black = t.add(0, "01139", zone="hand")
    t.gold(0, 3)
    unique = t.add(1, "01144")  # Eddard Stark: unique
    target = t.add(1, TUMBLESTONE)
    t.start("dominance")
    t.auto(stop=lambda d: f"use:{black}:0" in d.choices)
    t.use(black)
    assert t.g.controller(target) == 0
    assert t.g.controller(unique) == 1


def test_01140_the_sword_in_the_darkness_stops_the_losers_challenges() -> None:
    """The Sword in the Darkness: after you win by 5+ STR as defender (with a participating
    [thenightswatch] character), the loser cannot initiate challenges against you this
    round; a win by 4 does not allow it."""
    for attacker_code, margin in (("01131", 5), (TUMBLESTONE, 4)):
        t = Table(NW, first=1)
        sword = t.add(0, "01140", zone="hand")
        t.gold(0, 1)
        defender = t.add(0, "01132")  # STR 5
        t.add(0, "01137", knelt=True)  # The Wall: +1 STR
        attacker = t.add(1, attacker_code)  # STR 1 or 2, [military]
        t.add(1, TUMBLESTONE)  # could attack in a [power] challenge later
        t.start("challenges")
        t.challenge(1, "military", [attacker], [defender])
        assert t.g.strength(defender) - t.g.strength(attacker) == margin
        if margin >= 5:
            t.use(sword)
            t.auto()
            assert not t.pending()  # seat 1 has no challenge left to initiate against seat 0
        else:
            assert not t.can_use(sword)
            t.auto()
            assert "power>0" in t.choices(1)


def test_01129_c18_4_yoren_not_an_opponents_unique_card_while_a_copy_is_in_play() -> None:
    """C18.4, C18.5: an opponent-owned unique card cannot be put into play while a copy owned
    by either player is in play (it never becomes a duplicate under a card its owner does
    not own), nor while another copy lies in its owner's dead pile."""
    for where in ("mine", "theirs", "their dead pile"):
        t = Table(NW)
        yoren = t.add(0, "01129", zone="hand")
        theirs = t.add(1, "01141", zone="discard")  # Arya Stark: unique, cost 3
        if where == "mine":
            t.add(0, "01141")
        elif where == "theirs":
            t.add(1, "01141")
        else:
            t.add(1, "01141", zone="dead")
        t.gold(0, 0)
        t.start("marshaling")
        t.do(f"marshal:{yoren}")
        assert not t.can_use(yoren), where
        assert t.g.where[theirs] == "discard"
