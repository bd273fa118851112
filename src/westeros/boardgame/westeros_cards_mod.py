"""Mother of Dragons' Westeros deck IV (X-MOD-7.3, X-MOD-7.4): the texts of its ten cards.

The deck (``data/westeros_cards_mod.json``, deck set ``mod_essos``) is played with House
Targaryen: its top card is revealed with decks I–III and resolved after them (X-MOD-7.3).
Every card first puts a loyalty token on each area printed on it (``WesterosCard.loyalty``),
then does its own part (:data:`MOD_TEXTS`, registered by the Westeros phase):

* a price paid for more tokens (kind ``loyalty_area``: the price is paid with the first area;
  ``pass`` declines): Domestic Disputes, Empty Promises, Southron Ambitions, Strongholds of
  Resistance, Watering the Seed;
* The Long Plan and Playing With Fire: kind ``loyalty_player`` (the other player, or pass),
  then that player's areas (``loyalty_area``) or the area and its unit (``loyalty_unit``, XF36);
* Word Spreads Quickly and Scattering Dissent: every player in (reverse) turn order moves a
  token (``loyalty_move``, XF38, XF39); Targaryen may pay to cancel each move
  (``loyalty_cancel``);
* Fire Made Flesh: ``fire_made_flesh`` (a dragon's area, ``return`` or ``pass``, XF35, XF37),
  then ``fire_made_flesh_token`` (the round of the strength token moved, unless automatic).
"""

from __future__ import annotations

from collections.abc import Callable

from westeros.boardgame import decisions as D
from westeros.boardgame import dragons, loyalty, targaryen, victory
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame, Unit
from westeros.engine import Choice, Decision, Step

TG = loyalty.TARGARYEN
PASS = "pass"
LAND_UNITS = ("footman", "knight", "siege_engine")
Resolve = Callable[[BoardGame, str | None], list[Step]]


# -- queries ---------------------------------------------------------------------------------------


def westeros_land(g: BoardGame) -> tuple[str, ...]:
    """The land areas of Westeros (not Essos), in map order: where deck IV puts tokens."""
    essos = set(T.TARGARYEN.essos_land)
    return tuple(a for a, info in g.areas.items() if info.is_land and a not in essos)


def other_players(g: BoardGame) -> tuple[str, ...]:
    """Players' houses but Targaryen's, in turn order (vassals are no players)."""
    return tuple(h for h in g.turn_order() if h != TG and not g.is_vassal(h))


def home_area(g: BoardGame, house: str) -> str | None:
    return next((a for a, h in g.homes.items() if h == house), None)


def _pay(g: BoardGame, amount: int, card: str) -> None:
    if amount:
        g.discard_power(TG, amount)
        g.emit(E.LOYALTY_PAID(house=TG, amount=amount, card=card))


def _printed(g: BoardGame, card: str) -> None:
    """X-MOD-7.3: a token on each area printed on the card, before its effect."""
    for area in T.WESTEROS_CARD_BY_ID[card].loyalty:
        loyalty.place(g, area)


# -- steps -----------------------------------------------------------------------------------------


class PlaceLoyalty(Step):
    """``house`` puts loyalty tokens on up to ``left`` different areas of ``areas``, one per
    decision (``loyalty_area``). ``cost`` (Targaryen's power) is paid with the first area and
    must be affordable; ``optional``: ``pass`` before the first area; ``upto``: ``pass``
    after it too."""

    def __init__(
        self,
        card: str,
        house: str,
        areas: tuple[str, ...],
        left: int,
        cost: int = 0,
        optional: bool = True,
        upto: bool = False,
        picked: tuple[str, ...] = (),
        choice: str | None = None,
    ) -> None:
        self.card = card
        self.house = house
        self.areas = areas
        self.left = left
        self.cost = cost
        self.optional = optional
        self.upto = upto
        self.picked = picked
        self.choice = choice

    def options(self, g: BoardGame) -> tuple[str, ...]:
        if self.left <= 0 or (not self.picked and g.power[TG] < self.cost):
            return ()
        areas = tuple(a for a in self.areas if a not in self.picked)
        if not areas:
            return ()
        may_pass = self.upto if self.picked else self.optional
        return (*areas, PASS) if may_pass else areas

    def decisions(self, g: BoardGame) -> list[Decision]:
        options = self.options(g)
        if not options or self.choice is not None:
            return []
        name = T.WESTEROS_CARD_BY_ID[self.card].name
        price = f" (pay {self.cost} power)" if self.cost and not self.picked else ""
        prompt = f"{T.house_name(self.house)}: {name} — put a loyalty token on an area{price}"
        return [D.LOYALTY_AREA.ask(g.seat_for(self.house), prompt, options, card=self.card)]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        choice, self.choice = self.choice, None
        if choice is None or choice == PASS:
            return
        if not self.picked:
            _pay(g, self.cost, self.card)
        self.picked = (*self.picked, choice)
        self.left -= 1
        loyalty.place(g, choice)
        g.push(self)


class ChoosePlayer(Step):
    """The Long Plan and Playing With Fire: Targaryen pays 1 and chooses another player
    (``loyalty_player``), or passes; The Long Plan's player then puts tokens in 2 different
    areas of Westeros, Playing With Fire's gives a unit to the area Targaryen picks next."""

    def __init__(self, card: str, choice: str | None = None) -> None:
        self.card = card
        self.choice = choice

    def players(self, g: BoardGame) -> tuple[str, ...]:
        if g.power[TG] < 1:
            return ()
        if T.WESTEROS_CARD_BY_ID[self.card].base_id == "playing_with_fire":
            if not fire_areas(g):
                return ()
            return tuple(h for h in other_players(g) if unit_kinds(g, h))  # XF36
        return other_players(g)

    def decisions(self, g: BoardGame) -> list[Decision]:
        players = self.players(g)
        if not players or self.choice is not None:
            return []
        name = T.WESTEROS_CARD_BY_ID[self.card].name
        return [
            D.LOYALTY_PLAYER.ask(
                g.seat_for(TG),
                f"Targaryen: {name} — pay 1 power and choose another player, or pass",
                (*players, PASS),
                card=self.card,
            )
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.choice is None or self.choice == PASS:
            return
        _pay(g, 1, self.card)
        if T.WESTEROS_CARD_BY_ID[self.card].base_id == "playing_with_fire":
            g.push(PlayingWithFire(self.card, self.choice))
        else:  # The Long Plan: 2 different land areas of Westeros, chosen by that player
            g.push(PlaceLoyalty(self.card, self.choice, westeros_land(g), 2, optional=False))


def fire_areas(g: BoardGame) -> tuple[str, ...]:
    """Playing With Fire: uncontrolled land areas of Westeros without a neutral force."""
    return tuple(a for a in westeros_land(g) if g.controller(a) is None and a not in g.neutral)


def unit_kinds(g: BoardGame, house: str) -> tuple[str, ...]:
    """The land unit kinds left in a house's pool (XF36: it must have one)."""
    return tuple(k for k in LAND_UNITS if g.pool_left(house, k) > 0)


class PlayingWithFire(Step):
    """Targaryen picks the area (``loyalty_area``); the chosen player picks the kind of its
    unit (``loyalty_unit``); the area gets a loyalty token and that unit (X-MOD-7.4)."""

    def __init__(
        self, card: str, player: str, area: str | None = None, choice: str | None = None
    ) -> None:
        self.card = card
        self.player = player
        self.area = area
        self.choice = choice

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.choice is not None:
            return []
        if self.area is None:
            return [
                D.LOYALTY_AREA.ask(
                    g.seat_for(TG),
                    f"Targaryen: Playing With Fire — the area for {T.house_name(self.player)}'s "
                    "unit and a loyalty token",
                    fire_areas(g),
                    card=self.card,
                )
            ]
        return [
            D.LOYALTY_UNIT.ask(
                g.seat_for(self.player),
                f"{T.house_name(self.player)}: Playing With Fire — which unit of yours goes to "
                f"{T.area_name(self.area)}?",
                unit_kinds(g, self.player),
                area=self.area,
            )
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        choice, self.choice = self.choice, None
        assert choice is not None
        if self.area is None:
            self.area = choice
            g.push(self)
            return
        loyalty.place(g, self.area)
        g.add_unit(self.area, Unit(self.player, choice))
        g.emit(E.UNIT_GIVEN(house=self.player, unit=choice, area=self.area))
        victory.settle_control(g)


def token_moves(g: BoardGame) -> tuple[str, ...]:
    """X-MOD-7.5: every move of one loyalty token to an adjacent land area (``from>to``)."""
    return tuple(
        f"{a}>{n}"
        for a in g.areas
        if g.loyalty.get(a, 0) > 0
        for n in sorted(g.areas[a].neighbors, key=list(g.areas).index)
        if g.areas[n].is_land
    )


class MoveLoyalty(Step):
    """Word Spreads Quickly / Scattering Dissent: each of ``movers`` in order moves one token
    if any can move (XF38; the same token again is fine, XF39); Targaryen may pay ``cost`` to
    cancel another player's move (``loyalty_cancel``)."""

    def __init__(
        self,
        card: str,
        movers: tuple[str, ...],
        cost: int,
        move: str | None = None,
        choice: str | None = None,
    ) -> None:
        self.card = card
        self.movers = movers
        self.cost = cost
        self.move = move
        self.choice = choice

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.choice is not None or not self.movers:
            return []
        mover = self.movers[0]
        name = T.WESTEROS_CARD_BY_ID[self.card].name
        if self.move is None:
            moves = token_moves(g)
            if not moves:
                return []
            prompt = f"{T.house_name(mover)}: {name} — move one loyalty token"
            return [D.LOYALTY_MOVE.ask(g.seat_for(mover), prompt, moves, card=self.card)]
        if mover == TG or g.power[TG] < self.cost:
            return []
        start, _, to = self.move.partition(">")
        prompt = (
            f"Targaryen: {name} — pay {self.cost} power to cancel {T.house_name(mover)}'s move "
            f"from {T.area_name(start)} to {T.area_name(to)}?"
        )
        return [D.LOYALTY_CANCEL.ask(g.seat_for(TG), prompt, ("cancel", "allow"), move=self.move)]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        if not self.movers:
            return
        choice, self.choice = self.choice, None
        if self.move is None and choice is not None:
            self.move = choice  # now Targaryen may cancel it
            g.push(self)
            return
        mover = self.movers[0]
        if self.move is not None:
            start, _, to = self.move.partition(">")
            if choice == "cancel":
                g.discard_power(TG, self.cost)
                g.emit(E.LOYALTY_MOVE_CANCELLED(house=TG, amount=self.cost, from_area=start))
            else:
                _move_token(g, mover, start, to)
        self.movers, self.move = self.movers[1:], None
        g.push(self)


def _move_token(g: BoardGame, mover: str, start: str, to: str) -> None:
    g.loyalty[start] -= 1
    if not g.loyalty[start]:
        del g.loyalty[start]
    g.loyalty[to] = g.loyalty.get(to, 0) + 1
    g.emit(E.LOYALTY_MOVED(house=mover, from_area=start, to=to))
    loyalty.take_in(g, to)  # XF22
    victory.check_win(g)


class FireMadeFlesh(Step):
    """Fire Made Flesh (X-MOD-7.4, XF35, XF37): Targaryen may destroy a dragon (its area) to
    bring one strength token of its choice from the round track into the box at once
    (``fire_made_flesh_token``, asked when more than one waits; automatic answer, config
    ``auto``: the one due last, which the box would otherwise wait for longest), put a
    destroyed dragon back into its home area (``return``), or pass."""

    def __init__(self, card: str, choice: str | None = None) -> None:
        self.card = card
        self.choice = choice
        self.token: int | None = None

    def options(self, g: BoardGame) -> tuple[str, ...]:
        options: list[str] = []
        if waiting_tokens(g):
            options += sorted({a for a, u in g.units_of(TG) if u.kind == T.DRAGON})
        home = home_area(g, TG)
        if (
            home is not None
            and g.pool_left(TG, T.DRAGON) > 0
            and g.controller(home) == TG
            and g.owner(home) in (None, TG)
            and g.complies_with(TG, {home: len(g.units.get(home, ())) + 1})
        ):
            options.append("return")
        return (*options, PASS) if options else ()

    def decisions(self, g: BoardGame) -> list[Decision]:
        seat = g.seat_for(TG)
        if self.choice is None:
            options = self.options(g)
            if not options:
                return []
            prompt = "Targaryen: Fire Made Flesh — destroy a dragon (its area), return one, or pass"
            return [D.FIRE_MADE_FLESH.ask(seat, prompt, options)]
        tokens = waiting_tokens(g)
        if self.choice in (PASS, "return") or self.token is not None or len(tokens) < 2:
            return []
        if g.automatic(seat):
            return []
        prompt = (
            f"Targaryen: Fire Made Flesh — the dragon in {T.area_name(self.choice)} is destroyed;"
            " which round's strength token enters the box now"
        )
        return [D.FIRE_MADE_FLESH_TOKEN.ask(seat, prompt, tuple(str(r) for r in tokens))]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        if self.choice is None:
            self.choice = str(choice)
        else:
            self.token = int(str(choice))

    def run(self, g: BoardGame) -> None:
        if self.choice is None or self.choice == PASS:
            return
        if self.choice == "return":
            home = home_area(g, TG)
            assert home is not None
            g.add_unit(home, Unit(TG, T.DRAGON))
            g.emit(E.DRAGON_RETURNED(house=TG, area=home))
            return
        token = self.token if self.token is not None else waiting_tokens(g)[-1]
        g.remove_unit(self.choice, Unit(TG, T.DRAGON))
        g.dragon_early = (*g.dragon_early, token)
        g.emit(
            E.DRAGON_SACRIFICED(
                house=TG, area=self.choice, round=token, strength=dragons.strength(g)
            )
        )
        victory.settle_control(g)


def waiting_tokens(g: BoardGame) -> tuple[int, ...]:
    """The dragon strength tokens still on the round track (their rounds, in order)."""
    return tuple(
        r for r in T.TARGARYEN.dragon_token_rounds if r > g.round and r not in g.dragon_early
    )


# -- the texts -------------------------------------------------------------------------------------

Effect = Callable[[BoardGame, str], list[Step]]  # (game, card id) -> the steps of its own part


def _text(base_id: str, effect: Effect) -> Resolve:
    """X-MOD-7.3: the printed tokens, then the card's own part — only with Targaryen in play
    (without it, the printed tokens alone)."""
    card = f"IV:{base_id}"

    def resolve(g: BoardGame, option: str | None) -> list[Step]:
        _printed(g, card)
        return effect(g, card) if targaryen.in_play(g) else []

    return resolve


def _priced(*areas: str) -> Effect:
    """Targaryen may pay 1 for a token on one of ``areas``."""
    return lambda g, card: [PlaceLoyalty(card, TG, areas, 1, cost=1)]


def _domestic_disputes(g: BoardGame, card: str) -> list[Step]:
    """Pay 1: a token on the home areas of up to 4 other houses."""
    homes = tuple(a for h in g.turn_order() if h != TG and (a := home_area(g, h)) is not None)
    return [PlaceLoyalty(card, TG, homes, 4, cost=1, upto=True)]


def _with_player(g: BoardGame, card: str) -> list[Step]:
    return [ChoosePlayer(card)]


def _moves(reverse: bool, cost: int) -> Effect:
    def effect(g: BoardGame, card: str) -> list[Step]:
        players = tuple(h for h in g.turn_order() if not g.is_vassal(h))
        return [MoveLoyalty(card, players[::-1] if reverse else players, cost)]

    return effect


def _fire_made_flesh(g: BoardGame, card: str) -> list[Step]:
    return [FireMadeFlesh(card)]


def _watering_the_seed(g: BoardGame, card: str) -> list[Step]:
    """Pay power equal to Targaryen's victory value: tokens in 2 different river-side land
    areas it does not control."""
    areas = tuple(a for a in T.TARGARYEN.river_areas if g.controller(a) != TG)
    return [PlaceLoyalty(card, TG, areas, 2, cost=targaryen.loyalty_value(g))]


MOD_TEXTS: dict[str, Resolve] = {
    base_id: _text(base_id, effect)
    for base_id, effect in (
        ("domestic_disputes", _domestic_disputes),
        ("empty_promises", _priced("the_mountains_of_the_moon", "moat_cailin")),
        ("fire_made_flesh", _fire_made_flesh),
        ("playing_with_fire", _with_player),
        ("scattering_dissent", _moves(reverse=True, cost=1)),
        ("southron_ambitions", _priced("blackwater", "the_boneway")),
        ("strongholds_of_resistance", _priced("harrenhal", "white_harbor")),
        ("the_long_plan", _with_player),
        ("watering_the_seed", _watering_the_seed),
        ("word_spreads_quickly", _moves(reverse=False, cost=2)),
    )
}
