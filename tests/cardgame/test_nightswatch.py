"""The Night's Watch cards of the Core Set (01122–01140), each shown working in the engine."""

from __future__ import annotations

from collections.abc import Callable

from tests.cardgame.driver import Table
from westeros.engine import Decision

NW = ("thenightswatch", "lannister")
TUMBLESTONE = "01150"  # vanilla: STR 2, [military][power]
COURTESAN = "01187"  # vanilla: STR 2, [intrigue][power]
DAYNE_KNIGHT = "01113"  # vanilla: STR 2, [military][intrigue]
LITTLE_BIRD = "01034"  # a non-Weapon attachment (Condition)


def _window(name: str) -> Callable[[Decision], bool]:
    def stop(d: Decision) -> bool:
        return d.kind == "action" and d.about("window") == name

    return stop


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
    t.challenge(1, "power", [attacker], [defender], stop=_window("challenges:defenders"))
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
