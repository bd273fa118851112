"""The 26 Core Set plots (C2.3, C7): each plot's text shown working."""

from __future__ import annotations

from tests.cardgame.driver import FILLER, Table


def test_01001_a_clash_of_kings_moves_power_after_a_won_power_challenge() -> None:
    """A Clash of Kings: after you win a [power] challenge, move 1 power from the losing
    opponent's faction card to yours (then claim 1 moves one more, C12.4)."""
    t = Table()
    t.reveal(0, "01001")
    attacker = t.add(0, "01048")  # Robert Baratheon: STR 5, [military][power]
    t.power(1, 3)
    t.start("challenges")
    t.challenge(0, "power", [attacker])
    assert t.can_use(t.g.players[0].plot or -1)
    t.use(t.g.players[0].plot or -1)
    t.auto()
    assert t.g.play[t.faction(0)].power == 1 + 1 + 1  # reaction, unopposed, claim
    assert t.g.play[t.faction(1)].power == 1


def test_01010_counting_coppers_draws_three_when_revealed() -> None:
    """Counting Coppers: When Revealed, draw 3 cards (C7.3.3)."""
    t = Table()
    before = len(t.hand(0))
    t.plot_phase({0: "01010", 1: "01025"})
    assert len(t.hand(0)) == before + 3
    assert len(t.hand(1)) == 0


def test_01025_the_winds_of_winter_has_no_text_and_its_values() -> None:
    """The Winds of Winter: income 3, initiative 4, claim 2, reserve 5 (C2.3)."""
    t = Table()
    t.reveal(0, "01025")
    assert [t.g.plot_value(0, v) for v in ("income", "initiative", "claim", "reserve")] == [
        3,
        4,
        2,
        5,
    ]
    filler = t.add(0, FILLER)
    assert t.g.defs[filler].name == "Ranging Party"
