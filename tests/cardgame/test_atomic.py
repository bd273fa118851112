"""``apply`` is atomic in the card game too: a rule that raises half-way (a bug) leaves the
exact prior state — the cards, the log, and every step of the stack with its fields — and the
game then plays on as if the failed choice had never been made."""

from __future__ import annotations

import pytest

from westeros.cardgame.state import CardGame
from westeros.engine import Event, Rng, new_game


def _play(g: CardGame, rng: Rng, decisions: int) -> list[str]:
    hashes = []
    for _ in range(decisions):
        pending = g.pending()
        if not pending:
            break
        d = rng.choice(pending)
        g.apply(d.seat, rng.choice(d.choices))
        hashes.append(g.state_hash())
    return hashes


def _broken_check(g: CardGame) -> bool:
    """A rule bug (in ``halted``, read before every step): change the steps on the stack,
    the stack, the cards and the log, then fail."""
    for step in g.stack:
        step.broken = True  # type: ignore[attr-defined]
    if g.stack:
        g.stack.pop()
    g.players[0].hand.clear()
    g.where[0] = "dead"
    g.round += 5
    g.emit(Event("half-way"))
    raise RuntimeError("rule bug")


def _choice_that_runs(g: CardGame, lazy: bool) -> tuple[int, str | int] | None:
    """A choice of the open decision that makes a step run (``halted`` is read then), on a
    step that backs up lazily (a window: any choice but a pass) or not; None if none."""
    d = g.pending()[0]
    if lazy != type(g.stack[-1]).CHOOSES_OWN_FIELDS:
        return None
    choices = [c for c in d.choices if c != "pass"] if lazy else list(d.choices)
    return (d.seat, choices[0]) if choices else None


@pytest.mark.parametrize("lazy", [False, True])
@pytest.mark.parametrize(("config", "seed"), [({}, 3), ({"players": 4}, 5)])
def test_a_failing_rule_restores_the_card_game_exactly(
    monkeypatch: pytest.MonkeyPatch, config: dict[str, object], seed: int, lazy: bool
) -> None:
    """Also for a choice in a window (apply backs it up only before a step runs)."""
    g = new_game("cardgame", {**config, "auto": True}, seed)
    assert isinstance(g, CardGame)
    rng = Rng(seed)
    _play(g, rng, 120)
    while (found := _choice_that_runs(g, lazy)) is None:
        _play(g, rng, 1)
    twin = g.clone()
    before, log, pending = g.state_hash(), list(g.log), g.pending()
    steps = [(type(step), dict(vars(step))) for step in g.stack]
    monkeypatch.setattr(CardGame, "halted", _broken_check)
    with pytest.raises(RuntimeError, match="rule bug"):
        g.apply(*found)
    monkeypatch.undo()
    assert g.state_hash() == before and g.log == log and g.pending() == pending
    assert [(type(step), dict(vars(step))) for step in g.stack] == steps
    assert g.running is None and g.buffer is None
    assert _play(g, Rng(seed + 1), 200) == _play(twin, Rng(seed + 1), 200)
