"""House Arryn's 7 cards of A Feast for Crows (X-AFFC-5): one :class:`~westeros.boardgame.
house_cards.Ability` per card with text, registered in the same table as the base cards
(:data:`~westeros.boardgame.house_cards.ABILITIES`). Nestor Royce, Lyn Corbray and Lothor Brune
have none. The data rows are in ``data/house_cards_affc.json``.

* Bronze Yohn Royce — a modifier (``stats``): +1 while Arryn has more available power than the
  opponent (compared when strength is computed, X-AFFC-Q6: available power is public);
* Littlefinger, Lysa Arryn — ``after`` (R7.11 step 4, after the clean up, X-AFFC-5.1);
* Alayne Stone — its on-victory text also reads "controls The Eyrie after this combat", so it
  is evaluated after the clean up too (X-AFFC-5.1: a winning attacker on The Eyrie has moved
  in): the ``after`` window, for the winner only (kind ``alayne_stone``: ``"pay"`` /
  ``"pass"``, X-AFFC-D6; not asked when Arryn has fewer than 2 power or the opponent none).
"""

from __future__ import annotations

from dataclasses import replace

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.fight import Fight
from westeros.boardgame.house_cards import CardStats, Text, _ability, _h, _seat
from westeros.boardgame.state import BoardGame, Side
from westeros.engine import Decision

THE_EYRIE = "the_eyrie"
ALAYNE_COST = 2  # X-AFFC-5: Alayne Stone discards 2 available power tokens
LYSA_GAIN = 3  # X-AFFC-5: Lysa Arryn gains 3 power tokens


def _holds_the_eyrie(g: BoardGame, f: Fight, side: Side) -> bool:
    """X-AFFC-5.1: the side's house controls The Eyrie now (the texts ask after clean up)."""
    return g.controller(THE_EYRIE) == f.house(side)


def _more_power(g: BoardGame, f: Fight, side: Side) -> bool:
    """The side's house has more available power tokens than its opponent (R1.6.4, X-AFFC-Q6)."""
    return g.power[f.house(side)] > g.power[f.house(side.other)]


# -- Bronze Yohn Royce: +1 while Arryn has more available power than the opponent -----------
def _bronze_yohn(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    if _more_power(g, f, side):
        return replace(stats, strength=stats.strength + 1)
    return stats


_ability("bronze_yohn_royce_affc", stats=_bronze_yohn)


# -- Littlefinger: holding The Eyrie after the combat, gain 2 × the opponent's printed strength --
def _littlefinger_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if not _holds_the_eyrie(g, f, side):
        return
    house = f.house(side)
    card = f.card(side.other)
    printed = T.HOUSE_CARD_BY_ID[card].strength if card else 0  # printed: no modifier counts
    gained = g.gain_power(house, 2 * printed)
    g.emit(E.CARD_TEXT(card="littlefinger", house=house, opponent_card=card, gained=gained))


_ability(
    "littlefinger",
    after=Text(_littlefinger_act),
    says=lambda f: f"Littlefinger: {E.house(f['house'])} holds The Eyrie and gains "
    f"{f['gained']} power"
    + (f" (twice the strength of {E.card_name(f['opponent_card'])})" if f["opponent_card"] else ""),
)


# -- Alayne Stone: winning and holding The Eyrie, pay 2 power: the opponent discards all its own --
def _alayne_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    house, victim = f.house(side), f.house(side.other)
    if f.winner is not side or not _holds_the_eyrie(g, f, side):
        return None
    if g.power[house] < ALAYNE_COST or g.power[victim] == 0:
        return None  # nothing to pay with, or nothing to take
    return D.ALAYNE_STONE.ask(
        _seat(g, f, side),
        f"Alayne Stone: discard {ALAYNE_COST} of your {g.power[house]} power to make "
        f"{_h(victim)} discard all of its {g.power[victim]} available power?",
        ("pay", "pass"),
    )


def _alayne_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice != "pay":
        return
    house, victim = f.house(side), f.house(side.other)
    g.discard_power(house, ALAYNE_COST)
    lost = g.discard_power(victim, g.power[victim])
    g.emit(E.CARD_TEXT(card="alayne_stone", house=house, victim=victim, lost=lost))


_ability(
    "alayne_stone",
    after=Text(_alayne_act, _alayne_ask),
    says=lambda f: f"Alayne Stone: {E.house(f['house'])} discards {ALAYNE_COST} power and "
    f"{E.house(f['victim'])} discards all its available power ({f['lost']})",
)


# -- Lysa Arryn: after the combat, if the opponent has more available power, gain 3 ------------
def _lysa_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if not _more_power(g, f, side.other):
        return
    house = f.house(side)
    gained = g.gain_power(house, LYSA_GAIN)
    g.emit(
        E.CARD_TEXT(card="lysa_arryn_affc", house=house, victim=f.house(side.other), gained=gained)
    )


_ability(
    "lysa_arryn_affc",
    after=Text(_lysa_act),
    says=lambda f: f"Lysa Arryn: {E.house(f['victim'])} has more power; {E.house(f['house'])} "
    f"gains {f['gained']} power",
)
