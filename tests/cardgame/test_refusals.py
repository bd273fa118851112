"""A refused marshal says why, naming the card and the rule (C9.3, C9.4.2, C17.5, C18.2)."""

from __future__ import annotations

import pytest

from westeros.cardgame.actions import can_marshal, why_not_marshal
from westeros.cardgame.public import Position
from westeros.engine import IllegalAction

A_NOBLE_CAUSE = "01004"  # income 5
EDDARD = "01144"  # Eddard Stark: unique, cost 7
RANGER = "01132"  # Ranging Party: cost 3
WINTERFELL_STEWARD = "01148"


def refusal(g: object, seat: int, choice: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        g.apply(seat, choice)  # type: ignore[attr-defined]
    return caught.value.player


def test_c9_4_2_a_card_above_the_gold_is_refused_with_its_cost() -> None:
    p = Position().gold(0, 1)  # + the default plot's income (A Noble Cause: Eddard costs 5)
    eddard = p.add(0, EDDARD, zone="hand")
    ranger = p.add(0, RANGER, zone="hand")
    g = p.start("marshaling")
    before = g.state_hash()
    gold = g.players[0].gold
    assert gold < 7
    assert refusal(g, 0, f"marshal:{eddard}") == (
        f"Eddard Stark costs 7 gold and you have {gold} (C9.4.2)."
    )
    assert g.state_hash() == before  # nothing changed
    assert why_not_marshal(g, ranger, 0) is None and can_marshal(g, ranger, 0)


def test_c18_2_a_unique_card_with_a_copy_in_the_dead_pile_is_refused() -> None:
    p = Position()
    p.reveal(0, A_NOBLE_CAUSE)
    p.gold(0, 8)
    p.add(0, EDDARD, zone="dead")
    eddard = p.add(0, EDDARD, zone="hand")
    g = p.start("marshaling")
    assert "unique" in refusal(g, 0, f"marshal:{eddard}")
    assert not can_marshal(g, eddard, 0)


def test_c9_3_marshaling_outside_ones_turn_is_refused() -> None:
    p = Position()
    p.reveal(1, A_NOBLE_CAUSE)
    ranger = p.add(1, RANGER, zone="hand")
    mine = p.add(0, RANGER, zone="hand")
    g = p.start("marshaling", active=1)
    assert refusal(g, 1, f"marshal:{mine}") == "Ranging Party is not in your hand."
    assert refusal(g, 1, f"marshal:{ranger}x").endswith(
        "is not one of your choices now (" + (g.pending()[0].prompt) + ")."
    )


def test_every_refusal_agrees_with_can_marshal() -> None:
    """The reason and the legality are one function: a card is refused iff it has a reason."""
    p = Position()
    p.reveal(0, A_NOBLE_CAUSE)
    cards = [p.add(0, code, zone="hand") for code in (EDDARD, RANGER, WINTERFELL_STEWARD)]
    g = p.start("marshaling")
    offered = g.pending()[0].choices
    for cid in cards:
        assert (f"marshal:{cid}" in offered) == (why_not_marshal(g, cid, 0) is None)
