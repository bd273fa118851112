"""The 42 house cards of A Dance with Dragons (X-ADWD-3): one :class:`~westeros.boardgame.
house_cards.Ability` per card with text, registered in the same table as the base cards
(:data:`~westeros.boardgame.house_cards.ABILITIES`), grouped by house. Cards without text have
none. The hooks are those of :mod:`westeros.boardgame.house_cards`, plus the two windows of X1.1:

* ``before_resolution`` — Walder Frey (automatic), Qyburn (kind ``qyburn``: a card id of any
  discard pile or ``"pass"``), Stannis (automatic), Aeron (``aeron_power``: 0..available power);
* ``final_strength_override`` with ``overrides`` — Mance Rayder, Margaery Tyrell;
* ``cancel`` — Queen of Thorns ignores the opponent's text (X1.2, automatic);
* ``immediately`` — Reek (automatic); ``outcome`` — Reek (``reek``: ``"keep"``/``"discard"``),
  Ser Ilyn Payne (``ilyn_payne``: an area or ``"pass"``), Jon Snow (``jon_snow``:
  ``"up"``/``"down"``/``"pass"``), Rodrik the Reader (``rodrik``: a Westeros card id or
  ``"pass"``), Qarl the Maid, Ser Gerris Drinkwater (``gerris``: a track or ``"pass"``);
* ``after`` — Melisandre (``melisandre``: a discarded card id or ``"pass"``);
* modifiers — Ramsay, Euron, Doran, Quentyn (``stats``); Ser Addam Marbrand, Paxter Redwyne
  (``units``).
"""

from __future__ import annotations

from dataclasses import replace

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.fight import Fight, pair_with
from westeros.boardgame.house_cards import (
    CardStats,
    Contribution,
    Override,
    Text,
    _ability,
    _attacking_plus_one,
    _h,
    _optional,
    _seat,
    _winner_may,
    ask_keep,
    keep_card,
)
from westeros.boardgame.state import TRACKS, BoardGame, Side, Unit
from westeros.engine import Decision

# ================================================================================== Stark (Bolton)

# Roose Bolton, Black Walder, Steelshanks Walton, Damon Dance-For-Me: no text.


# -- Ramsay Bolton (X-ADWD-4.4): +1 strength and 3 swords while Reek is in hand ----------------
def _ramsay(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    if "reek" in g.hands[f.house(side)] and f.card(side) != "reek":
        return replace(stats, strength=stats.strength + 1, swords=stats.swords + 3)
    return stats


_ability("ramsay_bolton", stats=_ramsay)


# -- Walder Frey (X-ADWD-4.5): third houses supporting the opponent support Stark instead -----
def _walder_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    opponent = f.house(side.other)
    turned = {house for _area, house, s in f.support if s is side.other and house != opponent}
    f.support = tuple((area, h, side if h in turned else s) for area, h, s in f.support)
    houses = sorted(turned)
    g.emit(E.CARD_TEXT(card="walder_frey", house=f.house(side), houses=houses))


_ability(
    "walder_frey",
    before_resolution=Text(_walder_act),
    says=lambda f: "Walder Frey: "
    + (
        f"{', '.join(E.house(h) for h in f['houses'])} now support {E.house(f['house'])}"
        if f["houses"]
        else "no other house supports the opponent"
    ),
)


# -- Reek (X-ADWD-4.4): Ramsay returns to hand; after a loss Reek may stay in hand -------------
def _reek_now(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    house = f.house(side)
    if "ramsay_bolton" not in g.discards[house]:
        return
    g.discards[house] = tuple(c for c in g.discards[house] if c != "ramsay_bolton")
    g.hands[house] = (*g.hands[house], "ramsay_bolton")
    g.emit(E.CARD_TEXT(card="reek", house=house, returned="ramsay_bolton"))


def _reek_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    if f.winner is side:
        return None
    return ask_keep(
        D.REEK, g, f, side, "Reek: your house lost. Take Reek back into hand (keep) or discard it?"
    )


def _reek_after_loss(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    keep_card(g, f, side, choice, "reek", kept=True)


_ability(
    "reek",
    immediately=Text(_reek_now),
    outcome=Text(_reek_after_loss, _reek_ask),
    says=lambda f: (
        f"Reek: {E.house(f['house'])} takes Reek back into hand"
        if f.get("kept")
        else f"Reek: Ramsay Bolton returns to {E.house(f['house'])}'s hand"
    ),
)


# ================================================================================== Lannister

# Ser Jaime, Ser Kevan, Daven, Cersei Lannister: no text.


# -- Ser Ilyn Payne: on victory destroy one enemy footman anywhere -------------------------------
def _ilyn_footmen(g: BoardGame, f: Fight, side: Side, area: str) -> list[Unit]:
    """The opponent's footmen in ``area`` (in the embattled area: its units in the fight)."""
    victim = f.house(side.other)
    units = f.combat_units(g, side.other) if area == f.area else g.units.get(area, ())
    return [u for u in units if u.house == victim and u.kind == "footman"]


def _ilyn_targets(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    return tuple(a for a in g.map.area_ids if _ilyn_footmen(g, f, side, a))


_ilyn_ask = _winner_may(
    D.ILYN_PAYNE,
    lambda g, f, side: f"Ser Ilyn Payne: destroy a footman of {_h(f.house(side.other))} (its "
    "area) or pass",
    _ilyn_targets,
)


def _ilyn_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    victim = f.house(side.other)
    footmen = _ilyn_footmen(g, f, side, choice)
    target = next((u for u in footmen if not u.routed), footmen[0])
    removed = False
    if choice == f.area:  # its units in the fight (the clean up handles the orders there)
        f.destroy_unit(g, side.other, target)
    else:
        g.remove_unit(choice, target)
        removed = choice not in g.units and g.orders.pop(choice, None) is not None
    g.emit(
        E.CARD_TEXT(
            card="ser_ilyn_payne",
            house=f.house(side),
            victim=victim,
            area=choice,
            order_removed=removed,
        )
    )


_ability(
    "ser_ilyn_payne",
    outcome=Text(_ilyn_act, _ilyn_ask),
    says=lambda f: f"Ser Ilyn Payne destroys a footman of {E.house(f['victim'])} in "
    f"{E.area(f['area'])}" + (" and its order there is removed" if f["order_removed"] else ""),
)

# -- Ser Addam Marbrand (X1.5, XE2): attacking, Lannister knights +1 more ----------------------
_ability("ser_addam_marbrand", units=_attacking_plus_one("knight"))


# -- Qyburn (X-ADWD-4.7): pay 2 power to use the printed values of a discarded card ------------
def _qyburn_targets(g: BoardGame) -> tuple[str, ...]:
    return tuple(sorted({c for h in g.houses for c in g.discards[h]}))


def _qyburn_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    if g.power[f.house(side)] < 2:
        return None
    return _optional(
        _seat(g, f, side),
        D.QYBURN,
        "Qyburn: discard 2 power to use the printed strength and icons of a card in a "
        "discard pile (card) or pass",
        _qyburn_targets(g),
    )


def _qyburn_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    g.discard_power(f.house(side), 2)
    f.copied = pair_with(f.copied, side, choice)
    g.emit(E.CARD_TEXT(card="qyburn", house=f.house(side), copied=choice))


_ability(
    "qyburn",
    before_resolution=Text(_qyburn_act, _qyburn_ask),
    says=lambda f: f"Qyburn: {E.house(f['house'])} discards 2 power and uses the printed "
    f"values of {E.card_name(f['copied'])}",
)


# ================================================================================== Baratheon

# Bastard of Nightsong, Ser Davos Seaworth, Ser Axell Florent: no text.


# -- Stannis Baratheon (X-ADWD-4.6): not supported: adjacent Support orders are removed -------
def _stannis_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if f.supported(g, side):
        return
    around = g.map.areas[f.area].neighbors
    areas = [
        a for a in g.map.area_ids if a in around and (o := g.orders.get(a)) and o.type == "support"
    ]
    for a in areas:
        del g.orders[a]  # the support they gave no longer counts (R7.4.3)
    g.emit(E.CARD_TEXT(card="stannis_baratheon_adwd", house=f.house(side), areas=areas))


_ability(
    "stannis_baratheon_adwd",
    before_resolution=Text(_stannis_act),
    says=lambda f: "Stannis Baratheon: "
    + (
        f"Support orders removed in {', '.join(E.area(a) for a in f['areas'])}"
        if f["areas"]
        else "no Support order next to the combat"
    ),
)


# -- Jon Snow (X-ADWD-4.10): on victory the wildling threat moves one space up or down -------
def _jon_moves(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    top = T.WILDLING_MAX - T.WILDLING_STEP  # never above 10
    out = []
    if g.wildling_threat + T.WILDLING_STEP <= top:
        out.append("up")
    if g.wildling_threat - T.WILDLING_STEP >= 0:
        out.append("down")
    return tuple(out)


_jon_ask = _winner_may(
    D.JON_SNOW,
    lambda g, f, side: f"Jon Snow: move the wildling threat ({g.wildling_threat}) one space up "
    "or down, or pass",
    _jon_moves,
)


def _jon_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice not in ("up", "down"):
        return
    before = g.wildling_threat
    g.wildling_threat += T.WILDLING_STEP if choice == "up" else -T.WILDLING_STEP
    g.emit(
        E.CARD_TEXT(card="jon_snow", house=f.house(side), before=before, after=g.wildling_threat)
    )


_ability(
    "jon_snow",
    outcome=Text(_jon_act, _jon_ask),
    says=lambda f: f"Jon Snow moves the wildling threat from {f['before']} to {f['after']}",
)


# -- Melisandre (ADwD): after combat buy back a discarded card for its printed strength -------
def _melisandre_targets(g: BoardGame, house: str) -> tuple[str, ...]:
    power = g.power[house]
    return tuple(c for c in g.discards[house] if T.HOUSE_CARD_BY_ID[c].strength <= power)


def _melisandre_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    house = f.house(side)
    return _optional(
        _seat(g, f, side),
        D.MELISANDRE,
        f"Melisandre: take a card of your discard pile back into hand for its printed "
        f"strength in power ({g.power[house]} available) or pass",
        _melisandre_targets(g, house),
    )


def _melisandre_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    house = f.house(side)
    paid = g.discard_power(house, T.HOUSE_CARD_BY_ID[choice].strength)
    g.discards[house] = tuple(c for c in g.discards[house] if c != choice)
    g.hands[house] = (*g.hands[house], choice)
    g.emit(E.CARD_TEXT(card="melisandre_adwd", house=house, returned=choice, paid=paid))


_ability(
    "melisandre_adwd",
    after=Text(_melisandre_act, _melisandre_ask),
    says=lambda f: f"Melisandre: {E.house(f['house'])} pays {f['paid']} power and takes "
    f"{E.card_name(f['returned'])} back into hand",
)


# -- Mance Rayder (X-ADWD-4.1, XF1): Baratheon's final strength is the wildling threat -------
def _mance(g: BoardGame, f: Fight, side: Side) -> tuple[Side, int] | None:
    return side, min(g.wildling_threat, T.WILDLING_MAX - T.WILDLING_STEP)


def _override(card: str, hook: Override) -> None:
    """Register a text of the X1.1 final_strength_override window: ``hook`` sets the final
    strength whenever strength is computed; the window logs it once."""

    def act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
        result = hook(g, f, side)
        if result is not None:
            target, value = result
            g.emit(E.CARD_TEXT(card=card, house=f.house(side), target=f.house(target), value=value))

    _ability(
        card,
        overrides=hook,
        final_strength_override=Text(act),
        says=lambda f: f"{E.card_name(f['card'])}: {E.house(f['target'])}'s final strength is "
        f"{f['value']}",
    )


_override("mance_rayder", _mance)


# ================================================================================== Greyjoy

# Victarion Greyjoy, Asha Greyjoy, Ser Harras Harlaw: no text.


# -- Euron Crow's Eye (ADwD): +1 if the opponent is higher on Fiefdoms -------------------------
def _euron(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    me, them = f.house(side), f.house(side.other)
    if g.position("fiefdoms", them) < g.position("fiefdoms", me):
        return replace(stats, strength=stats.strength + 1)
    return stats


_ability("euron_crows_eye_adwd", stats=_euron)


# -- Rodrik the Reader (X-ADWD-4.2, XF2): on victory a Westeros card goes on top of its deck ---
def _rodrik_targets(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    return tuple(c for d in sorted(g.westeros_decks) for c in sorted(set(g.westeros_decks[d])))


_rodrik_ask = _winner_may(
    D.RODRIK,
    lambda g, f, side: "Rodrik the Reader: choose a card of a Westeros deck to put on top of "
    "it, or pass",
    _rodrik_targets,
)


def _rodrik_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    deck = T.WESTEROS_CARD_BY_ID[choice].deck
    rest = list(g.westeros_decks[deck])
    rest.remove(choice)
    g.westeros_decks[deck] = (choice, *g.rng.shuffled(rest))
    house = f.house(side)
    g.emit(
        E.RODRIK_SEARCH.secret(
            (g.seat_of(house),),
            ("card",),
            house=house,
            deck=deck,
            size=len(g.westeros_decks[deck]),
            card=choice,
        )
    )


_ability("rodrik_the_reader", outcome=Text(_rodrik_act, _rodrik_ask))


# -- Qarl the Maid: attacking and losing, gain 3 power -----------------------------------------
def _qarl_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if side is not Side.ATTACKER or f.winner is side:
        return
    gained = g.gain_power(f.house(side), 3)
    g.emit(E.CARD_TEXT(card="qarl_the_maid", house=f.house(side), gained=gained))


_ability(
    "qarl_the_maid",
    outcome=Text(_qarl_act),
    says=lambda f: f"Qarl the Maid: {E.house(f['house'])} gains {f['gained']} power",
)


# -- Aeron Damphair (ADwD): +1 strength per available power token discarded ------------------
def _aeron_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    power = g.power[f.house(side)]
    if power <= 0:
        return None
    return D.AERON_POWER.ask(
        _seat(g, f, side),
        f"Aeron Damphair: discard how many of your {power} power tokens (+1 strength each)?",
        tuple(range(power + 1)),
    )


def _aeron_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    count = int(choice or 0)
    if count <= 0:
        return
    paid = g.discard_power(f.house(side), count)
    f.paid = pair_with(f.paid, side, paid)
    g.emit(E.CARD_TEXT(card="aeron_damphair_adwd", house=f.house(side), paid=paid))


_ability(
    "aeron_damphair_adwd",
    before_resolution=Text(_aeron_act, _aeron_ask),
    says=lambda f: f"Aeron Damphair: {E.house(f['house'])} discards {f['paid']} power for "
    f"+{f['paid']} strength",
)


# ================================================================================== Tyrell

# Mace Tyrell, Randyll Tarly, Willas Tyrell, Ser Jon Fossoway: no text.


# -- Queen of Thorns (ADwD, X1.2, X-ADWD-4.12): the opponent's text is ignored ----------------
def _qot_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    f.ignored = f.ignored | {side.other}
    victim = f.card(side.other)
    g.emit(
        E.CARD_TEXT(
            card="queen_of_thorns_adwd",
            house=f.house(side),
            victim=f.house(side.other),
            ignored=victim,
        )
    )


_ability(
    "queen_of_thorns_adwd",
    cancel=Text(_qot_act),
    says=lambda f: f"Queen of Thorns: the text of {E.house(f['victim'])}'s "
    + (E.card_name(f["ignored"]) if f["ignored"] else "card")
    + " is ignored",
)


# -- Paxter Redwyne (X-ADWD-4.3, XE3): sea combat, Tyrell ships +1 more ---------------------
def _paxter(
    g: BoardGame, f: Fight, side: Side, units: tuple[Contribution, ...]
) -> tuple[Contribution, ...]:
    if not g.map.areas[f.area].is_sea:
        return units
    ship = Unit(f.house(side), "ship")
    return tuple(
        replace(x, value=x.value + 1) if x.side == side and x.unit == ship else x for x in units
    )


_ability("paxter_redwyne", units=_paxter)


# -- Margaery Tyrell (X-ADWD-4.11): defending home or a power-token area, the opponent has 2 --
def _margaery(g: BoardGame, f: Fight, side: Side) -> tuple[Side, int] | None:
    house = f.house(side)
    home = g.map.areas[f.area].home_of == house
    if side is Side.DEFENDER and (home or g.power_tokens.get(f.area) == house):
        return side.other, 2
    return None


_override("margaery_tyrell_adwd", _margaery)


# ================================================================================== Martell

# Areo Hotah, Bastard of Godsgrace, Big Man, Nymeria Sand: no text.


# -- Doran Martell (X-ADWD-4.8): per other card in hand +1 sword, +1 fortification, -1 -------
def _doran(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    others = sum(1 for c in g.hands[f.house(side)] if c != f.card(side))
    return CardStats(
        max(0, stats.strength - others), stats.swords + others, stats.fortifications + others
    )


_ability("doran_martell_adwd", stats=_doran)


# -- Ser Gerris Drinkwater (X-ADWD-4.9): on victory one position up on a track --------------
_gerris_ask = _winner_may(
    D.GERRIS,
    lambda g, f, side: "Ser Gerris Drinkwater: move up one position on which influence track, "
    "or pass",
    lambda g, f, side: tuple(t for t in TRACKS if g.position(t, f.house(side)) > 1),
)


def _gerris_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    house = f.house(side)
    order = list(g.tracks[choice])
    i = order.index(house)
    order[i - 1], order[i] = order[i], order[i - 1]
    g.set_track(choice, order)  # R1.9.5 a new position 1 takes the dominance token
    g.emit(E.CARD_TEXT(card="ser_gerris_drinkwater", house=house, track=choice, position=i))


_ability(
    "ser_gerris_drinkwater",
    outcome=Text(_gerris_act, _gerris_ask),
    says=lambda f: f"Ser Gerris Drinkwater: {E.house(f['house'])} moves up to position "
    f"{f['position']} on the {E.TRACK_NAMES[f['track']]} track",
)


# -- Quentyn Martell: +1 per card in Martell's discard pile ---------------------------------
def _quentyn(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    return replace(stats, strength=stats.strength + len(g.discards[f.house(side)]))


_ability("quentyn_martell", stats=_quentyn)
