"""Melee (C21): title selection, support, rivals, the six titles, the Crown Regent's redirect
and elimination (Q12), on tables of three or four players."""

from __future__ import annotations

from tests.cardgame.driver import FILLER, Table
from westeros.cardgame import actions as A
from westeros.cardgame.melee import title_name

FOUR = ("stark", "lannister", "baratheon", "tyrell")
THREE = ("stark", "lannister", "baratheon")
BODY = "01132"  # Ranging Party: STR 5, [military] [power]
CREW = "01072"  # Black Wind's Crew: STR 3, [military] [power]
SAM = "01127"  # Samwell Tarly: STR 1, [intrigue]


def test_c21_2_titles_are_chosen_in_player_order_from_a_pool_with_one_set_aside() -> None:
    t = Table(FOUR, first=2)
    t.plot_phase({s: "01025" for s in range(4)}, first=2)
    seats = []
    for _ in range(4):
        d = t.decision()
        assert d.kind == "title"
        assert len(d.choices) == 5 - len(seats)  # 6 titles, 1 set aside with 4 players
        seats.append(d.seat)
        t.do(d.choices[0])
    assert seats == [2, 3, 0, 1]
    assert all(title_name(t.g, s) is not None for s in range(4))
    assert len({title_name(t.g, s) for s in range(4)}) == 4


def test_c21_2_a_chosen_title_is_secret_until_all_are_revealed() -> None:
    t = Table(THREE)
    t.plot_phase({s: "01025" for s in range(3)})
    d = t.decision()
    t.do(d.choices[0])
    assert title_name(t.g, d.seat) is None  # not revealed while others choose
    assert all(p["title"] is None for p in t.g.view(1)["players"])
    assert all("card" not in e.fields for e in t.g.events(1) if e.kind == "title_chosen")


def test_c15_4_titles_return_to_the_pool_in_taxation() -> None:
    t = Table(THREE)
    t.give_title(0, "Master of Coin")
    t.start("taxation")
    t.auto()
    assert title_name(t.g, 0) is None


def test_c21_4_no_challenge_against_the_bearer_of_a_supported_title() -> None:
    t = Table(THREE)
    t.give_title(0, "Hand of the King")  # supports Master of Laws
    t.give_title(1, "Master of Laws")
    t.give_title(2, "Master of Coin")
    t.add(0, BODY)
    t.start("challenges")
    choices = t.choices(0)
    assert "military>1" not in choices and "power>1" not in choices
    assert "military>2" in choices


def test_c21_5_winning_against_a_rival_gains_one_power_once_per_round() -> None:
    t = Table(THREE)
    t.give_title(0, "Hand of the King")  # rivals: Master of Coin, Master of Ships
    t.give_title(1, "Master of Coin")
    t.give_title(2, "Master of Laws")
    a, b = t.add(0, BODY), t.add(0, BODY)
    t.add(1, SAM)  # something to kill for claim
    t.start("challenges")
    t.challenge(0, "military", [a], opponent=1)
    t.auto(stop=lambda d: d.kind == "challenge")
    faction = t.g.play[t.faction(0)].power
    assert faction == 2  # unopposed + rival
    t.challenge(0, "power", [b], opponent=1)
    t.auto(stop=lambda d: d.kind == "challenge")
    # unopposed again, no second rival bonus against the same opponent; claim moves nothing
    assert t.g.play[t.faction(0)].power == faction + 1


def test_c21_7_2_the_hand_may_make_a_second_power_challenge_against_another_opponent() -> None:
    """01208 Hand of the King: one more power challenge, against another opponent."""
    t = Table(THREE)
    t.give_title(0, "Hand of the King")
    t.give_title(1, "Master of Coin")
    t.give_title(2, "Master of Ships")
    a, b = t.add(0, BODY), t.add(0, BODY)
    t.start("challenges")
    t.challenge(0, "power", [a], opponent=1)
    t.auto(stop=lambda d: d.kind == "challenge")
    choices = t.choices(0)
    assert "power>2" in choices and "power>1" not in choices  # Q23
    t.challenge(0, "power", [b], opponent=2)
    t.auto(stop=lambda d: d.kind == "challenge")
    made = [(e["type"], e["opponent"]) for e in t.g.log if e.kind == "challenge"]
    assert made == [("power", 1), ("power", 2)]


def test_c21_7_3_master_of_coin_adds_two_income() -> None:
    """01209 Master of Coin: +2 income."""
    t = Table(THREE)
    t.give_title(0, "Master of Coin")
    assert t.g.plot_value(0, "income") == 3 + 2


def test_c21_7_5_master_of_laws_draws_one_more_and_raises_reserve() -> None:
    """01210 Master of Laws: +1 card in the draw phase, +1 reserve."""
    t = Table(THREE)
    t.give_title(1, "Master of Laws")
    assert t.g.plot_value(1, "reserve") == 5 + 1
    t.start("draw")
    t.auto()
    assert len(t.hand(1)) == 3 and len(t.hand(0)) == 2


def test_c21_7_1_crown_regent_adds_two_to_dominance() -> None:
    """01211 Crown Regent: +2 STR for dominance."""
    t = Table(THREE)
    t.give_title(2, "Crown Regent")
    t.add(0, SAM)  # STR 1
    t.gold(2, 0)
    t.start("dominance")
    t.auto()
    assert t.g.play[t.faction(2)].power == 1  # 2 (Crown Regent) beats 1


def test_c21_7_4_master_of_ships_raises_military_claim_against_a_rival() -> None:
    """01207 Master of Ships: +1 military claim when attacking a rival title's bearer."""
    t = Table(THREE)
    t.give_title(0, "Master of Ships")  # rivals: Master of Laws, Hand of the King
    t.give_title(1, "Master of Laws")
    a = t.add(0, BODY)
    victims = [t.add(1, FILLER, knelt=True) for _ in range(3)]
    t.start("challenges")
    t.challenge(0, "military", [a], opponent=1)
    for _ in range(2):  # claim 2 (The Winds of Winter) + 1 = 3: three victims, asked one by one
        t.do(t.choices(1)[0])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert [t.g.where[v] for v in victims] == ["dead", "dead", "dead"]


def test_c21_7_6_master_of_whispers_claims_against_a_chosen_set_of_opponents() -> None:
    """01206 Master of Whispers: intrigue claim against any opponents chosen (Q14)."""
    t = Table(THREE)
    t.give_title(0, "Master of Whispers")
    t.give_title(1, "Master of Coin")
    t.give_title(2, "Master of Laws")
    sam = t.add(0, SAM)
    for seat in (1, 2):
        for _ in range(3):
            t.add(seat, FILLER, zone="hand")
    t.start("challenges")
    t.challenge(0, "intrigue", [sam], opponent=1)
    assert t.decision().kind == "whispers"
    t.do(2)  # Q14: the losing defender may be left out
    t.do("done")
    t.auto(stop=lambda d: d.kind == "challenge")
    assert len(t.hand(1)) == 3 and len(t.hand(2)) == 1  # claim 2 (The Winds of Winter)


def test_c21_6_the_crown_regent_redirects_a_challenge_to_another_opponent() -> None:
    t = Table(THREE)
    t.give_title(2, "Crown Regent")
    t.give_title(0, "Master of Coin")
    t.give_title(1, "Master of Laws")
    a = t.add(0, BODY)
    t.power(1, 4)
    t.power(2, 4)
    t.start("challenges")
    t.challenge(0, "power", [a], opponent=1, stop=lambda d: d.kind == "redirect")
    assert t.decision().seat == 2  # the bearer decides (Q7)
    t.do("redirect")  # the attacker's only other opponent, seat 2, is taken at once
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.play[t.faction(2)].power == 4 - 2  # claim moved from the new defender
    assert t.g.play[t.faction(1)].power == 4
    made = [(e["type"], e["opponent"]) for e in t.g.log if e.kind == "challenge"]
    assert made == [("power", 1)]  # still initiated against seat 1 (C21.6.3)
    assert ("redirect", 1, 2) in t.g.history  # once per round


def test_q12_an_eliminated_players_cards_leave_the_game_and_the_title_returns() -> None:
    t = Table(THREE, deck=1)
    t.give_title(1, "Master of Coin")
    mine = t.add(1, BODY)
    taken = t.add(0, CREW)
    t.g.update(taken, controller=1)  # seat 1 controls a card seat 0 owns
    t.g.players[1].deck.clear()
    t.g.phase = "draw"
    A.check_results(t.g)  # the state check (C20.4)
    assert t.g.players[1].eliminated
    assert t.g.where[mine] == "removed" and t.g.where[taken] == "discard"
    assert title_name(t.g, 1) is None


def test_c21_6_2_after_a_redirect_the_new_defending_player_declares_defenders() -> None:
    """C21.6.2–C21.6.3: the challenge resolves against the new opponent, who declares the
    defenders (found when the challenge became a declared flow: the original opponent was
    asked before)."""
    t = Table(THREE)
    t.give_title(2, "Master of Coin")
    t.give_title(1, "Crown Regent")
    t.give_title(0, "Master of Laws")
    a = t.add(0, CREW)
    t.add(1, BODY)
    guard = t.add(2, BODY)
    t.start("challenges")
    t.challenge(0, "military", [a], opponent=1, stop=lambda d: d.kind == "redirect")
    assert t.decision().seat == 1  # the bearer (not the attacker) decides (Q7)
    t.do("redirect")  # seat 2 is the attacker's only other opponent: taken at once
    t.auto(stop=lambda d: d.kind == "defender")
    d = t.decision()
    assert d.seat == 2 and guard in d.choices
    t.do(guard)  # the only eligible defender: the declaration closes by itself
    t.auto(stop=lambda d: d.kind == "challenge")
    made = [(e["type"], e["opponent"]) for e in t.g.log if e.kind == "challenge"]
    assert made == [("military", 1)]  # still initiated against seat 1 (C21.6.3)
    defended = [e for e in t.g.log if e.kind == "defenders"][-1]
    assert defended["player"] == 2 and defended["cards"] == [guard]
    result = [e for e in t.g.log if e.kind == "challenge_result"][-1]
    assert result["winner"] == 2 and result["loser"] == 0  # 5 STR defends against 3


ASHA = "01067"  # Asha Greyjoy: STR 4, [military] [power], stealth


def test_c21_6_2_after_a_redirect_the_attacker_picks_new_stealth_targets() -> None:
    """C21.6.2: old stealth targets are no longer bypassed; the attacker may pick new ones
    among the new defending player's characters (the original defender's characters and
    bypasses no longer count, and the new defender takes the claim)."""
    t = Table(THREE)
    t.give_title(2, "Master of Coin")
    t.give_title(1, "Crown Regent")
    t.give_title(0, "Master of Laws")
    asha = t.add(0, ASHA)
    old = t.add(1, BODY)
    t.add(1, BODY)
    bypassed = t.add(2, BODY)
    small = t.add(2, CREW)
    t.start("challenges")
    t.challenge(0, "military", [asha], stealth={asha: old}, opponent=1)
    assert t.decision().kind == "redirect"
    t.do("redirect")  # seat 2, the only other opponent, is taken at once
    d = t.decision()
    assert d.kind == "stealth" and d.seat == 0
    assert set(d.choices) == {bypassed, small, "none"}  # the new defender's characters
    t.do(bypassed)
    ch = t.g.challenge
    assert ch is not None and ch.bypassed == frozenset({bypassed})
    t.auto(stop=lambda d: d.kind == "defender")
    d = t.decision()
    assert d.seat == 2 and bypassed not in d.choices
    t.do(small)  # the only eligible defender left: the declaration closes
    t.auto(stop=lambda d: d.kind in ("challenge", "claim_kill"))
    result = [e for e in t.g.log if e.kind == "challenge_result"][-1]
    assert result["winner"] == 0 and result["loser"] == 2  # 4 STR against the Crew's 3
    assert result["defender_total"] == 3  # only the new defender's STR counts
    claim = [e for e in t.g.log if e.kind == "claim"][-1]
    assert claim["opponent"] == 2  # the new defender takes the claim
    assert t.decision().seat == 2  # and chooses the claim's victims (C12.2)


def test_c15_3_c15_4_players_discard_to_reserve_before_the_titles_return() -> None:
    """C15.3 then C15.4: the Master of Laws' bearer still has +1 reserve when discarding."""
    t = Table(THREE)
    t.give_title(0, "Master of Laws")
    reserve = t.g.plot_value(0, "reserve")
    t.hand_cards(0, reserve)
    t.start("taxation")
    t.auto()
    assert "reserve" not in t.kinds()  # nobody is asked to discard
    assert len(t.hand(0)) == reserve  # at (not over) the reserve with the title's +1
    assert not [e for e in t.g.log if e.kind == "hand_discarded"]
    assert title_name(t.g, 0) is None  # and then the title returned
