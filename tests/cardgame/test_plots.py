"""The 26 Core Set plots (C2.3, C7): each plot's text shown working."""

from __future__ import annotations

from tests.cardgame.driver import FILLER, Table
from westeros.cardgame import actions as A


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


# -- helpers ---------------------------------------------------------------------------

LITTLEFINGER = "01028"  # Lord, cost 5, STR 4, [intrigue][power], +1 income
VARYS = "01029"  # Lord, cost 6, STR 3, [intrigue], stealth
PARTY = FILLER  # Ranging Party: cost 4, STR 5, [military][power], vanilla
WARRIOR = "01168"  # Braided Warrior: cost 2, STR 3, [military], vanilla
KNIGHT = "01150"  # Tumblestone Knight: cost 2, STR 2, [military][power], vanilla
COURTESAN = "01187"  # Courtesan of the Rose: cost 2, STR 2, [intrigue][power], vanilla
ROSEROAD = "01040"  # location, Limited, +1 income
LITTLE_BIRD = "01034"  # attachment: gains [intrigue]
SUPERIOR_CLAIM = "01043"  # event, cost 0


def _challenge_choices(t: Table, seat: int) -> set[str]:
    """The challenges ``seat`` is offered now (C10.4); only "done" when none is asked."""
    pending = [d for d in t.pending() if d.kind == "challenge" and d.seat == seat]
    return {str(c) for c in pending[0].choices} if pending else {"done"}


def _to_next_challenge(t: Table) -> None:
    t.auto(stop=lambda d: d.kind == "challenge")


# -- 01002 … 01009 ---------------------------------------------------------------------


def test_01002_a_feast_for_crows_two_power_after_winning_dominance() -> None:
    t = Table()
    plot = t.reveal(0, "01002")
    t.add(0, PARTY)
    t.start("dominance")
    assert t.can_use(plot)
    t.use(plot)
    t.auto()
    assert t.g.play[t.faction(0)].power == 1 + 2


def test_01002_a_feast_for_crows_nothing_when_the_opponent_wins_dominance() -> None:
    t = Table()
    plot = t.reveal(0, "01002")
    t.add(1, PARTY)
    t.start("dominance")
    assert not t.can_use(plot)
    t.auto()
    assert t.g.play[t.faction(0)].power == 0


def test_01003_a_game_of_thrones_military_and_power_only_after_an_intrigue_win() -> None:
    """No [military] or [power] challenge before you win an [intrigue] challenge that phase
    (for every player: the opponent is restricted too)."""
    t = Table()
    t.reveal(0, "01003")
    spy = t.add(0, COURTESAN)
    t.add(0, PARTY)
    t.start("challenges")
    assert _challenge_choices(t, 0) == {"intrigue>1", "done"}
    t.challenge(0, "intrigue", [spy])
    _to_next_challenge(t)
    assert _challenge_choices(t, 0) == {"military>1", "power>1", "done"}


def test_01003_a_game_of_thrones_binds_the_opponent_too() -> None:
    t = Table()
    t.reveal(0, "01003")
    t.add(1, PARTY)
    t.g.first = 1
    t.start("challenges")
    assert _challenge_choices(t, 1) == {"done"}  # no intrigue icon: nothing to initiate


def test_01004_a_noble_cause_first_lord_or_lady_costs_two_less() -> None:
    t = Table()
    t.reveal(0, "01004")
    lf = t.add(0, LITTLEFINGER, zone="hand")
    varys = t.add(0, VARYS, zone="hand")
    knight = t.add(0, KNIGHT, zone="hand")
    assert t.g.cost(knight, 0) == 2  # not a Lord or Lady
    assert t.g.cost(lf, 0) == 5 - 2
    t.start("marshaling")  # income 5
    t.do(f"marshal:{lf}")
    t.auto(stop=lambda d: d.kind == "action" and f"marshal:{knight}" in d.choices)
    assert t.g.players[0].gold == 5 - 3
    assert t.g.cost(varys, 0) == 6  # only the first one


def test_01005_a_storm_of_swords_an_additional_military_challenge() -> None:
    t = Table()
    t.reveal(0, "01005")
    a, b = t.add(0, PARTY), t.add(0, WARRIOR)
    t.start("challenges")
    t.challenge(0, "military", [a])
    _to_next_challenge(t)
    assert "military>1" in _challenge_choices(t, 0)
    t.challenge(0, "military", [b])
    _to_next_challenge(t)
    assert "military>1" not in _challenge_choices(t, 0)


def test_01005_without_a_storm_of_swords_one_military_challenge() -> None:
    t = Table()
    a = t.add(0, PARTY)
    t.add(0, WARRIOR)
    t.start("challenges")
    t.challenge(0, "military", [a])
    _to_next_challenge(t)
    assert "military>1" not in _challenge_choices(t, 0)


def test_01006_building_orders_finds_a_location_or_attachment() -> None:
    t = Table()
    loc = t.add(0, ROSEROAD, zone="deck")
    t.plot_phase({0: "01006", 1: "01025"})
    assert set(t.choices(0)) == {loc, "none"}  # the Ranging Parties are not offered
    t.do(loc)
    assert t.hand(0) == [loc]
    assert len(t.g.players[0].deck) == 10


def test_01007_calling_the_banners_one_gold_per_opponent_character() -> None:
    t = Table()
    for _ in range(3):
        t.add(1, KNIGHT)
    t.add(0, KNIGHT)
    t.plot_phase({0: "01007", 1: "01025"})
    t.auto()
    assert t.g.players[0].gold == 3
    assert t.g.players[1].gold == 0


def test_01008_calm_over_westeros_lowers_claim_in_the_named_type_when_defending() -> None:
    t = Table()
    victims = [t.add(0, KNIGHT, knelt=True) for _ in range(2)]
    attacker = t.add(1, PARTY)
    t.plot_phase({0: "01008", 1: "01025"}, first=1)  # seat 1 wins initiative (4 > 3)
    t.do("military")
    assert t.g.first == 1
    t.start("challenges")
    t.challenge(1, "military", [attacker])
    assert t.kinds() == ["claim_kill"]
    t.do(victims[0])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert [t.g.where[v] for v in victims] == ["dead", "play"]  # claim 2 - 1


def test_01008_calm_over_westeros_other_types_keep_their_claim() -> None:
    t = Table()
    attacker = t.add(1, COURTESAN)
    for _ in range(3):
        t.add(0, KNIGHT, zone="hand")
    t.plot_phase({0: "01008", 1: "01025"}, first=1)
    t.do("military")
    t.start("challenges")
    t.challenge(1, "intrigue", [attacker])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert len(t.hand(0)) == 3 - 2  # full claim 2


def test_01009_confiscation_discards_an_attachment() -> None:
    t = Table()
    host = t.add(1, KNIGHT)
    bird = t.add(1, LITTLE_BIRD, on=host)
    t.plot_phase({0: "01009", 1: "01025"})
    t.auto()
    assert t.g.where[bird] == "discard"
    assert t.g.where[host] == "play"


# -- 01011 … 01019 ---------------------------------------------------------------------


def test_01011_filthy_accusations_kneels_a_standing_character() -> None:
    t = Table()
    knelt = t.add(0, KNIGHT, knelt=True)
    target = t.add(1, PARTY)
    t.plot_phase({0: "01011", 1: "01025"})  # the only standing character: chosen at once
    t.auto()
    assert t.g.knelt(target)
    assert t.g.knelt(knelt)


def test_01012_fortified_position_blanks_character_text_boxes() -> None:
    t = Table()
    lf = t.add(0, LITTLEFINGER)
    varys = t.add(1, VARYS)
    road = t.add(0, ROSEROAD)
    assert t.g.plot_value(0, "income") == 3 + 1 + 1
    t.reveal(0, "01012")
    assert t.g.plot_value(0, "income") == 5 + 1  # Littlefinger's +1 gone, the Roseroad's not
    assert not t.g.has_keyword(varys, "stealth")
    assert t.g.has_trait(lf, "Lord")  # traits stay
    assert t.g.where[road] == "play"


def test_01013_heads_on_spikes_a_discarded_character_goes_dead_for_two_power() -> None:
    t = Table()
    char = t.add(1, KNIGHT, zone="hand")
    t.plot_phase({0: "01013", 1: "01025"})
    t.auto()
    assert t.g.where[char] == "dead"
    assert t.g.play[t.faction(0)].power == 2


def test_01013_heads_on_spikes_a_non_character_is_just_discarded() -> None:
    t = Table()
    loc = t.add(1, ROSEROAD, zone="hand")
    t.plot_phase({0: "01013", 1: "01025"})
    t.auto()
    assert t.g.where[loc] == "discard"
    assert t.g.play[t.faction(0)].power == 0


def test_01014_jousting_contest_one_attacker_and_one_defender() -> None:
    t = Table()
    t.reveal(1, "01014")  # it binds every player, whoever revealed it
    a, b = t.add(0, PARTY), t.add(0, WARRIOR)
    d1, d2 = t.add(1, KNIGHT), t.add(1, WARRIOR)
    t.start("challenges")
    t.do("military>1")
    t.do(a)  # after one attacker the declaration closes
    assert t.kinds() == ["defender"]
    t.do(d1)  # and after one defender too
    assert t.g.challenge is not None
    assert t.g.challenge.attackers == [a] and b not in t.g.challenge.attackers
    assert t.g.challenge.defenders == [d1] and d2 not in t.g.challenge.defenders


def test_01014_without_jousting_contest_several_attackers() -> None:
    t = Table()
    a, b = t.add(0, PARTY), t.add(0, WARRIOR)
    t.start("challenges")
    t.do("military>1")
    t.do(a)
    assert b in t.choices(0)


def test_01015_marched_to_the_wall_each_player_discards_a_character() -> None:
    t = Table()
    keep, lose = t.add(0, KNIGHT), t.add(0, WARRIOR)
    theirs = t.add(1, PARTY)
    t.plot_phase({0: "01015", 1: "01025"})
    t.do(lose)
    t.auto()
    assert t.g.where[lose] == "discard"
    assert t.g.where[keep] == "play"
    assert t.g.where[theirs] == "discard"


def test_01016_marching_orders_no_locations_attachments_or_events() -> None:
    from westeros.cardgame.actions import can_marshal, can_play_event

    t = Table()
    t.reveal(0, "01016")
    assert t.g.plot_value(0, "income") == 9
    t.gold(0, 9)
    host = t.add(0, KNIGHT)
    assert host
    loc = t.add(0, ROSEROAD, zone="hand")
    att = t.add(0, LITTLE_BIRD, zone="hand")
    char = t.add(0, KNIGHT, zone="hand")
    event = t.add(0, SUPERIOR_CLAIM, zone="hand")
    t.g.active = 0
    assert not can_marshal(t.g, loc, 0)
    assert not can_marshal(t.g, att, 0)
    assert can_marshal(t.g, char, 0)
    assert not can_play_event(t.g, event, 0)
    t.reveal(0, "01025")
    assert can_marshal(t.g, loc, 0) and can_play_event(t.g, event, 0)


def test_01017_naval_superiority_kingdom_and_edict_plots_give_no_gold() -> None:
    t = Table()
    t.reveal(0, "01017")
    t.reveal(1, "01010")  # Counting Coppers: Kingdom, income 2
    t.add(1, ROSEROAD)
    assert t.g.plot_value(1, "income") == 0 + 1  # base 0; printed +1 still counts
    assert t.g.plot_value(0, "income") == 2  # Naval Superiority itself is Siege/War
    t.reveal(1, "01005")  # A Storm of Swords: War
    assert t.g.plot_value(1, "income") == 3 + 1
    t.reveal(1, "01016")  # Marching Orders: Edict
    assert t.g.plot_value(1, "income") == 0 + 1


def test_01018_power_behind_the_throne_one_stand_token() -> None:
    t = Table()
    a, b = t.add(0, KNIGHT, knelt=True), t.add(0, PARTY, knelt=True)
    ids = t.plot_phase({0: "01018", 1: "01025"})
    plot = ids[0]
    t.auto(stop=lambda d: t.can_use(plot, 1))
    t.use(plot, 1)
    t.do(b)
    assert not t.g.knelt(b)
    assert t.g.knelt(a)
    assert not t.can_use(plot, 1)  # the only stand token is gone


def test_01019_rebuilding_shuffles_up_to_three_discarded_cards_back() -> None:
    t = Table()
    cards = [t.add(0, KNIGHT, zone="discard") for _ in range(4)]
    t.plot_phase({0: "01019", 1: "01025"})
    t.do(cards[0])
    t.do(cards[1])
    t.do(cards[2])
    t.auto()
    assert [t.g.where[c] for c in cards] == ["deck", "deck", "deck", "discard"]
    assert len(t.g.players[0].deck) == 10 + 3


# -- 01020 … 01026 ---------------------------------------------------------------------


def test_01020_reinforcements_puts_a_cheap_character_into_play() -> None:
    t = Table()
    cheap = t.add(0, LITTLEFINGER, zone="discard")  # printed cost 5
    t.add(0, VARYS, zone="hand")  # printed cost 6: not eligible
    t.plot_phase({0: "01020", 1: "01025"})
    t.auto()
    assert t.g.where[cheap] == "play"
    assert t.g.players[0].gold == 0


def test_01020_reinforcements_never_a_character_costing_six() -> None:
    t = Table()
    varys = t.add(0, VARYS, zone="hand")
    t.plot_phase({0: "01020", 1: "01025"})
    t.auto()
    assert t.g.where[varys] == "hand"


def test_01021_sneak_attack_only_one_challenge() -> None:
    t = Table()
    t.reveal(0, "01021")
    a = t.add(0, PARTY)
    t.add(0, COURTESAN)
    t.start("challenges")
    t.challenge(0, "military", [a])
    _to_next_challenge(t)
    assert _challenge_choices(t, 0) == {"done"}


def test_01022_summons_finds_a_character() -> None:
    t = Table()
    loc = t.add(0, ROSEROAD, zone="deck")
    t.plot_phase({0: "01022", 1: "01025"})
    choices = t.choices(0)
    assert loc not in choices
    pick = next(c for c in choices if c != "none")
    t.do(pick)
    assert t.hand(0) == [pick]
    assert t.g.defs[int(pick)].type == "character"


def test_01023_supporting_the_faith_gold_returns_when_challenges_begin() -> None:
    t = Table()
    t.reveal(1, "01023")
    t.gold(0, 4)
    t.gold(1, 6)
    t.start("challenges")
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.players[0].gold == 0
    assert t.g.players[1].gold == 0


def test_01024_taxation_one_more_limited_card() -> None:
    from westeros.cardgame.actions import can_marshal

    t = Table()
    roads = [t.add(0, ROSEROAD, zone="hand") for _ in range(3)]
    t.reveal(0, "01024")
    t.start("marshaling")
    t.do(f"marshal:{roads[0]}")
    t.auto(stop=lambda d: f"marshal:{roads[1]}" in d.choices)
    t.do(f"marshal:{roads[1]}")
    assert t.g.where[roads[1]] == "play"
    assert not can_marshal(t.g, roads[2], 0)


def test_01026_wildfire_assault_kills_all_but_three_chosen_per_player() -> None:
    t = Table()
    mine = [t.add(0, KNIGHT) for _ in range(4)]
    theirs = [t.add(1, KNIGHT) for _ in range(2)]
    t.plot_phase({0: "01026", 1: "01025"})
    for c in mine[:3]:
        t.do(c)
    for c in theirs:
        t.do(c)
    t.auto()
    assert [t.g.where[c] for c in mine] == ["play", "play", "play", "dead"]
    assert [t.g.where[c] for c in theirs] == ["play", "play"]


def test_01012_c19_4_an_attachment_made_illegal_when_fortified_position_leaves_is_discarded() -> (
    None
):
    """C19.4, C17.6: Little Bird went on Maester Aemon while Fortified Position blanked his
    No attachments; when a new plot covers Fortified Position, Little Bird is discarded at
    once (a state check after every change, not only when a card enters or leaves play)."""
    t = Table(("thenightswatch", "lannister"))
    t.reveal(0, "01012")
    aemon = t.add(0, "01125")
    bird = t.add(0, LITTLE_BIRD, on=aemon)
    assert A.can_attach(t.g, bird, aemon)
    t.plot_phase({0: "01025", 1: "01025"})
    assert t.g.where[bird] == "discard"
    assert t.g.play.get(bird) is None
