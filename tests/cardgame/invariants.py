"""State invariants of the card game, checked after every choice in seeded random games.

Issue 20 added one for each of its rules: no dead-pile copy brought into play (C18.2), no
duplicate under a card its owner does not own (C18.5), lasting effects only on cards in play
(C16.15), no illegal attachment after any decision (C19.4), no player with an empty deck
still in the game (C20.4), no question for an eliminated player (Q12)."""

from __future__ import annotations

from collections import Counter

from westeros.cardgame.actions import can_attach
from westeros.cardgame.melee import extra_power_challenge, supports
from westeros.cardgame.setup import AttachAtSetup
from westeros.cardgame.state import IN_PLAY, LIST_ZONES, CardGame
from westeros.engine import Event


def check_invariants(
    g: CardGame,
    before: list[tuple[tuple[str, int], ...]] | None = None,
    in_play_before: set[int] | None = None,
) -> None:
    """``before``: each player's challenges before the last choice (the allowance is checked
    when a challenge is initiated: it may shrink later, e.g. when Khal Drogo dies);
    ``in_play_before``: the cards in play before it (what entered play is checked, C18.2)."""
    cards_conserved(g)
    tokens_never_negative(g)
    attachments_and_duplicates_sit_on_cards_in_play(g)
    unique_rule(g)
    if in_play_before is not None:
        no_dead_pile_copy_enters_play(g, in_play_before)
    duplicates_belong_to_their_cards_owner(g)
    lasting_effects_only_on_cards_in_play(g)
    no_illegal_attachment(g)
    no_empty_deck_in_the_game(g)
    no_question_for_an_eliminated_player(g)
    grown = [
        p.seat
        for p, b in zip(g.players, before or [() for _ in g.players], strict=True)
        if before is None or len(p.challenges) > len(b)
    ]
    challenges_within_allowance(g, grown)


def cards_conserved(g: CardGame) -> None:
    """Every card is in exactly one zone, and its zone knows it (C3)."""
    seen: Counter[int] = Counter()
    for p in g.players:
        for zone in LIST_ZONES:
            for c in p.zone(zone):
                seen[c] += 1
                assert g.where[c] == zone, (c, g.where[c], zone)
                assert g.owner[c] == p.seat, "a card in another player's out-of-play zone (C3.4)"
    for c in g.play:
        seen[c] += 1
        assert g.where[c] in IN_PLAY, (c, g.where[c])
    limbo = [c for c, z in enumerate(g.where) if z == "limbo"]
    assert len(limbo) <= 2, f"cards lost in limbo: {limbo}"
    for c in range(len(g.defs)):
        expected = 0 if g.where[c] in ("limbo", "agenda", "pool") else 1
        assert seen[c] == expected, (c, g.defs[c].name, g.where[c], seen[c])


def tokens_never_negative(g: CardGame) -> None:
    for p in g.players:
        assert p.gold >= 0, f"seat {p.seat} has {p.gold} gold"
    for c, rec in g.play.items():
        assert rec.power >= 0, (g.defs[c].name, rec.power)
        assert all(n >= 0 for _, n in rec.tokens)


def attachments_and_duplicates_sit_on_cards_in_play(g: CardGame) -> None:
    for c, rec in g.play.items():
        if rec.parent is not None:
            parent = rec.parent
            assert (
                parent in g.play and g.where[parent] == "play"
            ), f"{g.defs[c].name} is on {g.defs[parent].name}, which is in {g.where[parent]}"
        if g.where[c] == "dup" and not rec.facedown:  # Arya Stark's is face down (01141)
            assert g.defs[rec.parent or 0].name == g.defs[c].name, "a duplicate of another title"
        being_attached = {d.about("card") for d in g.pending() if d.kind == "attach_to"}
        being_attached |= {s.att for s in g.stack if isinstance(s, AttachAtSetup)}
        if (
            g.defs[c].type == "attachment"
            and g.where[c] == "play"
            and not rec.facedown
            and c not in being_attached  # at setup's reveal, while its card is chosen (D4)
        ):
            assert rec.parent is not None, f"{g.defs[c].name} is attached to nothing (C19.1)"


def unique_rule(g: CardGame) -> None:
    """C18.1: at most one in-play copy of a unique title per player."""
    titles = Counter(
        (rec.controller, g.defs[c].name)
        for c, rec in g.play.items()
        if g.where[c] == "play" and g.defs[c].unique and not rec.facedown
    )
    assert all(n == 1 for n in titles.values()), titles


def challenges_within_allowance(g: CardGame, seats: list[int]) -> None:
    """C10.4: at most one challenge of each type per player per phase (plus granted ones:
    the Hand of the King's power challenge against another opponent, C21.7.2); never one
    against the bearer of a title the attacker's title supports (C21.4)."""
    for p in (g.players[s] for s in seats):
        counts = Counter(t for t, _ in p.challenges)
        for t, n in counts.items():
            extra = extra_power_challenge(g, p.seat) if t == "power" else 0
            assert n <= 1 + extra + g.bonus("challenges:" + t, p.seat, players=True), (p.seat, t, n)
        power = [opp for t, opp in p.challenges if t == "power"]
        if len(power) > 1 + g.bonus("challenges:power", p.seat, players=True):
            assert len(set(power)) == len(
                power
            ), "the Hand's extra challenge needs another opponent"
        for _, opp in p.challenges:
            assert not supports(g, p.seat, opp), "a challenge against a supported title's bearer"


def power_balance(before: dict[int, int], g: CardGame, new_events: list[Event]) -> None:
    """Power changes only by logged gains and losses (C20.1–C20.2): moved power is conserved,
    power on a card that leaves play returns to the treasury."""
    gained = sum(e["amount"] for e in new_events if e.kind == "power")
    discarded = sum(e["amount"] for e in new_events if e.kind == "power_discarded")
    returned = sum(e["amount"] for e in new_events if e.kind == "power_returned")
    total_before = sum(before.values())
    total_after = sum(rec.power for rec in g.play.values())
    assert total_after == total_before + gained - discarded - returned, (
        total_before,
        gained,
        discarded,
        returned,
        total_after,
    )


def in_play(g: CardGame) -> set[int]:
    return {c for c in g.play if g.where[c] == "play"}


def no_dead_pile_copy_enters_play(g: CardGame, before: set[int]) -> None:
    """C18.2, C18.4: a unique card that entered play has no copy in its controller's or its
    owner's dead pile (the one exception, a card brought back from the dead pile, leaves it)."""
    for c in in_play(g) - before:
        d = g.defs[c]
        if not d.unique or g.play[c].facedown:
            continue
        for seat in {g.controller(c), g.owner[c]}:
            dead = [x for x in g.players[seat].dead if g.defs[x].name == d.name]
            assert not dead, f"{d.name} entered play with a copy in seat {seat}'s dead pile"


def duplicates_belong_to_their_cards_owner(g: CardGame) -> None:
    """C18.5: a duplicate is owned by the owner of the card it is under."""
    for c, rec in g.play.items():
        if g.where[c] == "dup" and rec.parent is not None:
            owner, parent = g.owner[c], g.owner[rec.parent]
            assert owner == parent, f"seat {owner}'s {g.defs[c].name} under seat {parent}'s card"


def lasting_effects_only_on_cards_in_play(g: CardGame) -> None:
    """C16.15, C18.13: a lasting effect on a card ends for it when it leaves play."""
    for e in g.lasting:
        if e.on_players:
            continue
        for c in e.targets:
            assert g.where[c] in IN_PLAY, f"{e.stat} still on {g.defs[c].name} in {g.where[c]}"


def no_illegal_attachment(g: CardGame) -> None:
    """C19.4, C17.6: after every decision each attachment is legally attached (those being
    attached, whose card is being chosen, aside)."""
    attaching = {d.about("card") for d in g.pending() if d.kind == "attach_to"}
    for c, rec in g.play.items():
        if (
            g.where[c] == "play"
            and rec.parent is not None
            and not rec.facedown
            and g.defs[c].type == "attachment"
            and c not in attaching
        ):
            assert can_attach(
                g, c, rec.parent
            ), f"{g.defs[c].name} illegally on {g.defs[rec.parent].name}"


def no_empty_deck_in_the_game(g: CardGame) -> None:
    """C20.4 (Q16): after setup, nobody with an empty draw deck is still playing (the last
    one standing, who won, aside)."""
    if g.phase == "setup" or g.winner is not None:
        return
    if any(d.kind == "result" for d in g.pending()):  # the first player orders them (D15)
        return
    for p in g.players:
        assert (
            p.eliminated or p.deck
        ), f"seat {p.seat} plays on with an empty deck ({g.phase}, {g.pending()})"


def no_question_for_an_eliminated_player(g: CardGame) -> None:
    """Q12: an eliminated player leaves the game at once and decides nothing more."""
    for d in g.pending():
        assert not g.players[d.seat].eliminated, f"eliminated seat {d.seat} asked {d.kind}"
