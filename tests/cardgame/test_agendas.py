"""The Core Set agendas (C2.2): Fealty's action and neutral cap, the eight Banners' deck
building (C2.2.2, checked by :func:`westeros.cardgame.decks.check_deck`)."""

from __future__ import annotations

from tests.cardgame.driver import Table
from westeros.cardgame.actions import marshal_cost
from westeros.cardgame.cards import catalogue
from westeros.cardgame.decks import Deck, check_deck
from westeros.cardgame.flow import card_actions

FEALTY = "01027"
PYCELLE = "01085"  # Grand Maester Pycelle: loyal Lannister, cost 3, vanilla
BURNED_MEN = "01091"  # Burned Men: non-loyal Lannister, cost 2
PLOTS = ("01001", "01002", "01003", "01004", "01005", "01006", "01007")


def _with_agenda(t: Table, seat: int, code: str) -> int:
    """Place ``code`` beside the seat's faction card as its agenda (C2.2)."""
    return t.position.agenda(seat, code)


def _draw_cards(faction: str) -> list[str]:
    return sorted(c.code for c in catalogue().values() if c.faction == faction and c.is_draw_card)


# -- 01027 Fealty ----------------------------------------------------------------------


def test_01027_fealty_kneel_faction_card_next_loyal_card_costs_one_less() -> None:
    t = Table(factions=("lannister", "stark"))
    fealty = _with_agenda(t, 0, FEALTY)
    loyal = t.add(0, PYCELLE, zone="hand")
    other = t.add(0, BURNED_MEN, zone="hand")
    t.start("marshaling")  # 3 gold
    assert t.can_use(fealty)
    t.use(fealty)
    assert t.g.knelt(t.faction(0))
    assert marshal_cost(t.g, other, 0) == 2  # not loyal: no reduction
    assert marshal_cost(t.g, loyal, 0) == 2
    t.do(f"marshal:{loyal}")
    assert t.g.players[0].gold == 3 - 2
    assert marshal_cost(t.g, t.add(0, PYCELLE, zone="hand"), 0) == 3  # only the next one


def test_01027_fealty_needs_a_loyal_card_and_a_standing_faction_card() -> None:
    t = Table(factions=("lannister", "stark"))
    fealty = _with_agenda(t, 0, FEALTY)
    t.add(0, BURNED_MEN, zone="hand")
    t.g.active = 0
    assert f"use:{fealty}:0" not in card_actions(t.g, 0)  # no loyal card in hand (C1.4)
    t.add(0, PYCELLE, zone="hand")
    assert f"use:{fealty}:0" in card_actions(t.g, 0)
    t.g.update(t.faction(0), knelt=True)
    assert f"use:{fealty}:0" not in card_actions(t.g, 0)  # the cost cannot be paid


def test_01027_fealty_at_most_15_neutral_cards() -> None:
    own = [(c, 3) for c in _draw_cards("lannister")]
    neutral = ["01028", "01029", "01030", "01031", "01032", "01033"]  # 6 titles x3 = 18
    deck = Deck("lannister", FEALTY, PLOTS, (*own, *((c, 3) for c in neutral[:5])))
    assert check_deck(deck) == []  # 15 neutral cards
    too_many = Deck("lannister", FEALTY, PLOTS, (*own, *((c, 3) for c in neutral)))
    problems = check_deck(too_many)
    assert len(problems) == 1 and "neutral" in problems[0]
    assert check_deck(Deck("lannister", None, PLOTS, too_many.draw)) == []


# -- 01198 … 01205 the Banners ---------------------------------------------------------


def _banner(code: str, banner: str) -> None:
    """C2.2.2: with the Banner, non-loyal cards of its faction are allowed and at least 12
    are required; its loyal cards stay forbidden (C4.6); without it, none is allowed.
    The Banner has no in-game ability (nothing offered while it is the agenda)."""
    home = "stark" if banner != "stark" else "lannister"
    own = [(c, 3) for c in _draw_cards(home)]
    cat = catalogue()
    others = _draw_cards(banner)
    non_loyal = [c for c in others if not cat[c].loyal]
    loyal = [c for c in others if cat[c].loyal]
    twelve = [(c, 3) for c in non_loyal[:4]]
    assert check_deck(Deck(home, code, PLOTS, (*own, *twelve))) == []
    eleven = [*twelve[:3], (non_loyal[3], 2)]
    problems = check_deck(Deck(home, code, PLOTS, (*own, *eleven)))
    assert len(problems) == 1 and "at least 12" in problems[0]
    with_loyal = check_deck(Deck(home, code, PLOTS, (*own, *twelve, (loyal[0], 1))))
    assert len(with_loyal) == 1 and "loyal" in with_loyal[0]
    assert check_deck(Deck(home, None, PLOTS, (*own, *twelve)))  # no Banner: refused

    t = Table(factions=(home, "lannister" if home != "lannister" else "stark"))
    agenda = _with_agenda(t, 0, code)
    for c in non_loyal[:2] + loyal[:2]:
        t.add(0, c, zone="hand")
    t.gold(0, 20)
    t.start("marshaling")
    assert not any(str(ch).startswith(f"use:{agenda}:") for d in t.pending() for ch in d.choices)
    assert t.g.bonus("reduce", t.hand(0)[0]) == 0


def test_01198_banner_of_the_stag_deck_building() -> None:
    _banner("01198", "baratheon")


def test_01199_banner_of_the_kraken_deck_building() -> None:
    _banner("01199", "greyjoy")


def test_01200_banner_of_the_lion_deck_building() -> None:
    _banner("01200", "lannister")


def test_01201_banner_of_the_sun_deck_building() -> None:
    _banner("01201", "martell")


def test_01202_banner_of_the_watch_deck_building() -> None:
    _banner("01202", "thenightswatch")


def test_01203_banner_of_the_wolf_deck_building() -> None:
    _banner("01203", "stark")


def test_01204_banner_of_the_dragon_deck_building() -> None:
    _banner("01204", "targaryen")


def test_01205_banner_of_the_rose_deck_building() -> None:
    _banner("01205", "tyrell")
