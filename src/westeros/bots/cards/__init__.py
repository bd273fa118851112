"""A heuristic card-game bot: it reads only its seat's view and the public card catalogue,
and answers every decision kind of the card game's catalogue (C22) with a rule of thumb:
``plots`` (D5, D6), ``setup`` (D2–D4), ``marshaling`` (action windows, reserve),
``challenges`` (D17–D20, D22, D23), ``abilities`` (D7, D10, D11, D13–D15, standing) and
``titles`` (melee, D8, D18, D21). A kind without a rule gets a seeded random legal choice;
a rule's answer that is not legal is replaced the same way (never an illegal choice)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from westeros.bots.cards import abilities, challenges, marshaling, plots, setup, titles
from westeros.bots.cards.table import Table, word
from westeros.cardgame.public import decisions as D
from westeros.engine import Choice, Decision, Rng

Rule = Callable[[Table, Decision], Choice]
MAX_REPEATS = 3  # the same action taken this often in one phase: pass (no endless loop)


def _word(*words: str) -> Rule:
    def rule(t: Table, decision: Decision) -> Choice:
        return word(decision, *words)

    return rule


def _first(t: Table, decision: Decision) -> Choice:
    return decision.choices[0]


RULES: dict[str, Rule] = {
    D.MULLIGAN.name: setup.mulligan,
    D.SETUP.name: setup.setup,
    D.ATTACH_TO.name: setup.attach_to,
    D.PLOT.name: plots.plot,
    D.FIRST_PLAYER.name: plots.first_player,
    D.TITLE.name: titles.title,
    D.ACTION.name: marshaling.action,
    D.INTERRUPT.name: abilities.trigger,
    D.REACTION.name: abilities.trigger,
    D.ORDER.name: _first,
    D.DELAYED_ORDER.name: _first,
    D.DUPLICATE_SAVE.name: _word("save"),
    D.RESULT.name: abilities.result,
    D.COST.name: abilities.cost,
    D.TARGET.name: abilities.choose_card,
    D.PICK.name: abilities.choose_card,
    D.NAME.name: abilities.name,
    D.EFFECT_OPTION.name: abilities.effect_option,
    D.CHALLENGE.name: challenges.challenge,
    D.ATTACKER.name: challenges.attacker,
    D.STEALTH.name: challenges.stealth,
    D.REDIRECT.name: titles.redirect,
    D.REDIRECT_TO.name: titles.redirect_to,
    D.CLAIM_KILL.name: challenges.claim_kill,
    D.WHISPERS.name: titles.whispers,
    D.KEYWORD_TYPE.name: _first,
    D.KEYWORD.name: challenges.keyword,
    D.INTIMIDATE.name: challenges.intimidate,
    D.STAND.name: abilities.stand,
    D.RESERVE.name: marshaling.reserve,
}


class CardHeuristicBot:
    """Rules of thumb over the seat's view of a card game; never sees the game object.

    It remembers two things between its own decisions, both from its own choices: the
    defenders it declared in the running challenge (the view lists them only afterwards) and
    how often it took each action in the current phase."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.declared = challenges.Declared()
        self.repeats: dict[tuple[Any, ...], int] = {}
        self.fallbacks = 0  # answers a rule could not give (a random legal choice instead)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        if len(decision.choices) == 1:
            return decision.choices[0]
        if view.get("game") != "cardgame":
            return self.rng.choice(decision.choices)
        t = Table(view)
        choice: Choice | None
        if decision.kind == D.DEFENDER.name:
            declared = self.declared.of(t)
            choice = challenges.defender(t, decision, declared)
            if isinstance(choice, int):
                declared.append(choice)
        else:
            rule = RULES.get(decision.kind)
            choice = None if rule is None else rule(t, decision)
        if decision.kind == D.ACTION.name and choice is not None:
            choice = self._no_loop(t, decision, choice)
        if choice is None or choice not in decision.choices:
            self.fallbacks += 1
            return self.rng.choice(decision.choices)
        return choice

    def _no_loop(self, t: Table, decision: Decision, choice: Choice) -> Choice:
        if choice == "pass":
            return choice
        key = (t.round, t.phase, decision.about("window"), choice)
        if len(self.repeats) > 512:
            self.repeats.clear()
        self.repeats[key] = self.repeats.get(key, 0) + 1
        if self.repeats[key] > MAX_REPEATS and "pass" in decision.choices:
            return "pass"
        return choice


__all__ = ["RULES", "CardHeuristicBot"]
