"""The one scenario driver of the board-game tests: find, answer and refuse decisions, run a
position forward, read the log.

Build positions with :class:`westeros.boardgame.builder.Scenario`, then drive them here::

    s = Scenario(players=4).empty().units(...)
    g = s.attack("lannister", "harrenhal", "riverrun", "knight")  # a fight: .attack
    run(g, until=D.HOUSE_CARD)
    decide(g, D.HOUSE_CARD, "eddard_stark", house="stark")
    assert_illegal(g, "no_such_card", kind=D.HOUSE_CARD)

A decision kind is given as a catalogue entry (``D.HOUSE_CARD``) or its name.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from westeros.boardgame import decisions as D
from westeros.boardgame.builder import Scenario
from westeros.boardgame.fight import Fight, SideStrength
from westeros.boardgame.state import BoardGame, Side
from westeros.engine import Choice, Decision, Event, IllegalAction

Kind = D.DecisionKind | str

# What ``run`` answers when a test says nothing: decline every optional text and support.
DEFAULTS: dict[str, Choice] = {
    D.SUPPORT.name: "none",
    D.ACCEPT_SUPPORT.name: "accept",
    D.SUPPORT_AREAS.name: "all",
    D.TYRION.name: "keep",
    D.AERON.name: "pass",
    D.RENLY.name: "pass",
    D.CERSEI.name: "pass",
    D.PATCHFACE.name: "pass",
    D.REEK.name: "discard",
    D.QYBURN.name: "pass",
    D.AERON_POWER.name: 0,
    D.ILYN_PAYNE.name: "pass",
    D.JON_SNOW.name: "pass",
    D.MELISANDRE.name: "pass",
    D.RODRIK.name: "pass",
    D.GERRIS.name: "pass",
}


def name_of(kind: Kind) -> str:
    return kind.name if isinstance(kind, D.DecisionKind) else kind


def pending_kinds(g: BoardGame) -> list[str]:
    """The kinds of the open decisions, in seat order."""
    return [d.kind for d in g.pending()]


def pending(g: BoardGame, kind: Kind | None = None, house: str | None = None) -> Decision:
    """The open decision of ``kind`` (any kind: None) for ``house`` (any house: None)."""
    name = None if kind is None else name_of(kind)
    for d in g.pending():
        if (name is None or d.kind == name) and (house is None or d.seat == g.seat_of(house)):
            return d
    open_ = [(g.house_of(d.seat), d.kind) for d in g.pending()]
    raise AssertionError(f"no {name or 'open'} decision for {house or 'any house'}: {open_}")


def choices(g: BoardGame, kind: Kind | None = None, house: str | None = None) -> tuple[Choice, ...]:
    return pending(g, kind, house).choices


def decide(g: BoardGame, kind: Kind | None, choice: Choice, house: str | None = None) -> None:
    """Answer the open decision of ``kind`` (for ``house``) with ``choice``."""
    g.apply(pending(g, kind, house).seat, choice)


def assert_illegal(
    g: BoardGame,
    choice: object,
    kind: Kind | None = None,
    house: str | None = None,
    seat: object = None,
    match: str | None = None,
) -> None:
    """``choice`` (by the seat of the open decision, or ``seat``) raises IllegalAction and
    leaves the state hash and the log unchanged."""
    g.pending()  # run the rules up to the decision first: that is not the illegal choice's doing
    if seat is None:
        seat = pending(g, kind, house).seat
    before, size = g.state_hash(), len(g.log)
    with pytest.raises(IllegalAction, match=match):
        g.apply(seat, choice)  # type: ignore[arg-type]
    assert g.state_hash() == before
    assert len(g.log) == size


def run(
    g: BoardGame,
    answers: dict[str, Choice | Sequence[Choice]] | None = None,
    until: Kind | None = None,
    trace: list[str] | None = None,
    limit: int = 300,
) -> None:
    """Answer decisions until the game waits for ``until`` (or nothing is left).

    ``answers`` keys are ``kind`` or ``kind@house``; a value answers every such decision, a
    list answers them one after the other. Otherwise :data:`DEFAULTS`, ``"no"``/``"keep"`` for
    the blade, else the first legal choice. ``trace`` collects the kinds answered.
    """
    queues: dict[str, Choice | list[Choice]] = {
        k: list(v) if isinstance(v, list | tuple) else v for k, v in (answers or {}).items()
    }
    stop = None if until is None else name_of(until)
    for _ in range(limit):
        ds = g.pending()
        if not ds or (stop is not None and any(d.kind == stop for d in ds)):
            return
        d = ds[0]
        pick = _answer(queues, d, g.house_of(d.seat))
        if trace is not None:
            trace.append(d.kind)
        g.apply(d.seat, pick)
    raise AssertionError("too many decisions")


def _answer(queues: dict[str, Choice | list[Choice]], d: Decision, house: str) -> Choice:
    for key in (f"{d.kind}@{house}", d.kind):
        if key in queues:
            q = queues[key]
            if not isinstance(q, list):
                return q
            if q:
                return q.pop(0)
    if d.kind == D.BLADE.name:
        return "no" if "no" in d.choices else "keep"
    return DEFAULTS.get(d.kind, d.choices[0])


# -- the log ---------------------------------------------------------------------------------------


def log_lines(g: BoardGame, since: int = 0) -> list[str]:
    """The log rendered as text, as a spectator reads it."""
    return [g.render(e) for e in g.events(None, since)]


def log_has(g: BoardGame, text: str) -> bool:
    return any(text in line for line in log_lines(g))


def events_of(g: BoardGame, kind: str, since: int = 0) -> list[Event]:
    """The events of one kind (by name), whole (no redaction)."""
    return [e for e in g.log[since:] if e.kind == kind]


# -- one seat deciding at a time; bids; units on the board -----------------------------------------


def only(g: BoardGame) -> Decision:
    """The one open decision (fails when none or several are open)."""
    (d,) = g.pending()
    return d


def who(g: BoardGame) -> str:
    """The house of the one open decision."""
    return g.house_of(only(g).seat)


def play(g: BoardGame, *choices: Choice) -> None:
    """Answer the one open decision with each choice in turn."""
    for choice in choices:
        g.apply(only(g).seat, choice)


def bid(g: BoardGame, amounts: dict[str, int] | None = None, exact: bool = False) -> None:
    """Answer every open secret bid (D7): each house bids its amount in ``amounts`` (0 if not
    given). ``exact``: the open bids must be exactly those of the houses in ``amounts`` that
    have power (a house without power bids 0 automatically, R4.3.2)."""
    amounts = amounts or {}
    ds = g.pending()
    assert all(d.kind == D.BID.name for d in ds), pending_kinds(g)
    if exact:
        assert {d.seat for d in ds} == {g.seat_of(h) for h in amounts if g.power[h] > 0}
    for d in ds:
        g.apply(d.seat, amounts.get(g.house_of(d.seat), 0))


def units_in(g: BoardGame, area: str) -> list[str]:
    """The kinds of the units in an area, sorted."""
    return sorted(u.kind for u in g.units.get(area, ()))


def board(g: BoardGame, house: str) -> list[str]:
    """A house's units as sorted ``"area:kind"`` strings."""
    return sorted(f"{a}:{u.kind}" for a, u in g.units_of(house))


# == fights (combat, support, neutral forces, house cards) ======================================


def s4(tides: bool = False) -> Scenario:
    """An empty 4-player board (garrisons kept) to build a fight on."""
    return Scenario(players=4, tides=tides).empty()


def s6(tides: bool = False) -> Scenario:
    """An empty 6-player board (garrisons kept) to build a fight on."""
    return Scenario(players=6, tides=tides).empty()


def adwd(tides: bool = False) -> Scenario:
    """An empty A Dance with Dragons board (garrisons kept, X-ADWD-2) to build a fight on."""
    return Scenario(players=6, tides=tides, scenario="adwd").empty()


def fight(g: BoardGame) -> Fight:
    """The fight in progress once the rules have run up to the next decision."""
    g.pending()
    assert g.fight is not None, "no fight in progress"
    return g.fight


def strengths(g: BoardGame) -> dict[Side, SideStrength]:
    """Both sides' strength of the fight in progress, as far as it is known now."""
    from westeros.boardgame.combat import strengths as combat_strengths

    return combat_strengths(g, fight(g))


def cards(g: BoardGame, **by_house: str) -> None:
    """Answer support with defaults, then play the given house cards (``stark="..."``)."""
    run(g, until=D.HOUSE_CARD)
    for house, card in by_house.items():
        decide(g, D.HOUSE_CARD, card, house)
