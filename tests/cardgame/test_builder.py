"""The public position builder (``westeros.cardgame.public.Position``): every piece of a
position it lays out is what the rules then read."""

from __future__ import annotations

from westeros.cardgame.public import Position
from westeros.cardgame.state import CardGame

ROBB = "01146"  # Robb Stark: unique, [military][power]
LITTLE_BIRD = "01034"  # Little Bird: an attachment (neutral)
RANGER = "01132"  # Ranging Party: vanilla, [military][power]
BURNED_MEN = "01091"  # Burned Men: Lannister, [military]
A_CLASH_OF_KINGS = "01001"
A_FEAST_FOR_CROWS = "01002"
A_NOBLE_CAUSE = "01004"  # income 5


def test_c3_c2_11_cards_per_zone_and_controller_with_attachments_and_duplicates() -> None:
    """C3, C2.11, C18.6: zones, controller, kneeling, power, attachments and duplicates."""
    p = Position()
    robb = p.add(0, ROBB, power=2)
    dup = p.add(0, ROBB, zone="dup", on=robb)
    ice = p.add(0, LITTLE_BIRD, on=robb)
    taken = p.add(1, BURNED_MEN, knelt=True, controller=0)
    hand = p.add(1, RANGER, zone="hand")
    dead = p.add(1, RANGER, zone="dead")
    gone = p.add(1, RANGER, zone="removed")
    g = p.g
    assert g.duplicates_on(robb) == [dup] and g.attachments_on(robb) == [ice]
    assert g.play[robb].power == 2 and g.total_power(0) == 2
    assert g.controller(taken) == 0 and g.owner[taken] == 1 and g.knelt(taken)
    assert taken in g.characters(0) and robb in g.characters(0)
    assert g.players[1].hand[-1] == hand and g.players[1].dead == [dead]
    assert g.players[1].removed == [gone]
    view = g.view(1)
    assert [c["id"] for c in view["players"][1]["removed"]] == [gone]


def test_c2_3_c7_3_plots_agenda_gold_power_first_player_and_round() -> None:
    """C2.3, C7.3: plot deck, used pile and revealed plot; agenda (C2.2), gold pool (C3.7),
    power on the faction card (C20.1), first player (C7.3.2) and round."""
    p = Position(first=1, round=3)
    p.plot_deck(0, A_CLASH_OF_KINGS, A_FEAST_FOR_CROWS).used(0, "01003")
    revealed = p.reveal(0, A_NOBLE_CAUSE)
    fealty = p.agenda(0, "01027")
    p.gold(0, 4).power(1, 6).kneel(p.g.players[1].faction)
    g = p.g
    assert [g.defs[c].code for c in g.players[0].plots] == [A_CLASH_OF_KINGS, A_FEAST_FOR_CROWS]
    # the replaced plot (The Winds of Winter) goes on top of the used pile
    assert [g.defs[c].code for c in g.players[0].used] == ["01003", "01025"]
    assert g.players[0].plot == revealed and g.players[0].agenda == fealty
    assert g.players[0].gold == 4 and g.total_power(1) == 6
    assert g.knelt(g.players[1].faction)
    assert g.first == 1 and g.round == 3 and g.order() == [1, 0]
    view = g.view(0)
    assert view["round"] == 3 and view["first_player"] == 1
    assert view["players"][0]["agenda"]["code"] == "01027"
    assert view["players"][0]["plots_left"] == 2


def test_c21_3_titles_in_a_melee_position() -> None:
    """C21.3: a melee position (3+ factions) with a borne title."""
    p = Position(("stark", "lannister", "baratheon"))
    hand = p.title(2, "Hand of the King")
    assert p.g.view(None)["players"][2]["title"]["id"] == hand


def test_c6_2_start_at_a_phase_runs_the_real_phase() -> None:
    """C6.2, C9.2: starting the marshaling phase collects income from the revealed plot."""
    p = Position()
    p.reveal(0, A_NOBLE_CAUSE)
    ranger = p.add(0, RANGER, zone="hand")
    g = p.start("marshaling")
    assert g.phase == "marshaling" and g.players[0].gold == 5
    assert f"marshal:{ranger}" in g.pending()[0].choices


def _kinds(g: CardGame) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in g.pending()]


def test_c11_start_at_a_challenge_step() -> None:
    """C11.1.3, C11.5: start in a challenge at its attackers step or at its defenders step
    (the attackers knelt, the challenge counted against the allowance, C10.4)."""
    p = Position()
    robb = p.add(0, ROBB)
    ranger = p.add(0, RANGER)
    g = p.challenge(0, "military", 1, [robb], stage="attackers")
    assert _kinds(g) == [(0, "attacker")] and ranger in g.pending()[0].choices

    p = Position()
    robb = p.add(0, ROBB)
    guard = p.add(1, BURNED_MEN)
    g = p.challenge(0, "military", 1, [robb], stage="defenders")
    assert g.challenge is not None and g.challenge.stage == "defenders"
    assert g.knelt(robb) and g.players[0].challenges == (("military", 1),)
    assert _kinds(g) == [(1, "defender")] and guard in g.pending()[0].choices
    g.apply(1, guard)
    while g.challenge is not None:
        d = g.pending()[0]
        g.apply(d.seat, "done" if "done" in d.choices else "pass")
    assert ("won", 1, 0, "military") in g.history  # C11.7: Robb (STR 5) beats Burned Men (2)
