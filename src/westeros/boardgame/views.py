"""What one seat may know (R1.14): the only way outside code sees a board game."""

from __future__ import annotations

from collections import Counter
from typing import Any

from westeros.boardgame import iron_bank, targaryen
from westeros.boardgame import objectives as O
from westeros.boardgame import tables as T
from westeros.boardgame.affc import KeepObjectives
from westeros.boardgame.bidding import ready_bidders
from westeros.boardgame.combat import strengths
from westeros.boardgame.fight import COMBAT, current
from westeros.boardgame.neutral import strength_parts
from westeros.boardgame.order_tokens import barred_of, tokens_of
from westeros.boardgame.planning import ready_houses
from westeros.boardgame.state import SIDES, TRACKS, BoardGame
from westeros.boardgame.vassals import knows


def view(g: BoardGame, seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of public facts plus ``seat``'s own secrets (``None`` = spectator).

    A seat sees its vassals' secrets as its own (their face-down orders and drawn vassal
    cards, X-MOD-10.4, X-MOD-10.7).
    Hidden from other seats (R1.14.1): face-down orders (only "an order is here"), bids
    and chosen house cards (they live on steps, never here), deck order (sizes only),
    and the wildling card the Raven holder looked at.
    """
    me = g.house_of(seat) if seat is not None else None
    castles = castle_counts(g)  # R9.1, one pass for all houses
    on_board = Counter(g.power_tokens.values())  # power tokens on the board, per house
    pending = g.pending()
    return (
        {
            "game": "boardgame",
            "seat": seat,
            "house": me,
            "round": g.round,
            "last_round": g.setup.last_round,  # 10, or 6 in A Dance with Dragons (X-ADWD-2.2)
            "scenario": g.setup.scenario,
            # the map the game is played on (R1.1; X-MOD-3: a MoD variant); the Iron Bank's
            # improvements (X-MOD-8.6) are listed in "iron_bank"
            "map": g.map.id.partition("|")[0],
            "house_cards": g.config.get("house_cards", "base"),  # the deck in play (X-ADWD-1.1)
            "phase": g.phase,
            "seats": list(g.seat_houses),
            "houses": {
                h: _house_public(g, h, _victory(g, h, castles), on_board[h], me) for h in g.houses
            },
            "tracks": {t: list(g.tracks[t]) for t in TRACKS},
            "dominance": {
                "iron_throne": g.holder("iron_throne"),
                "valyrian_steel_blade": g.holder("fiefdoms"),
                "messenger_raven": g.holder("kings_court"),
                "blade_used": g.vsb_used,
                "raven_used": g.raven_used,
            },
            "units": {
                a: [{"house": u.house, "kind": u.kind, "routed": u.routed} for u in us]
                for a, us in g.units.items()
            },
            "power_tokens": dict(g.power_tokens),
            "garrisons": dict(g.garrisons),
            "garrison_houses": {a: g.garrison_owner(a) for a in g.garrisons},  # X-ADWD-2.8
            "neutral_forces": dict(g.neutral),
            "impassable": sorted(g.impassable),
            "homes": dict(g.homes),  # area -> house (R1.3.2; X-AFFC-2.2 The Eyrie for Arryn)
            "orders": _orders(g, me),
            "restrictions": sorted(g.restrictions),
            "wildling_threat": g.wildling_threat,
            "wildling_deck_size": len(g.wildling_deck),
            "raven_peek": g.raven_peek if me is not None and g.raven_peek_house == me else None,
            "westeros_deck_sizes": {str(d): len(cards) for d, cards in g.westeros_decks.items()},
            "westeros_discards": {str(d): list(cards) for d, cards in g.westeros_discards.items()},
            "last_westeros_cards": list(g.last_westeros_cards),
            "waiting_for": [d.seat for d in pending if not d.idle],
            "planning": g.config.get("planning", "sequential"),  # how orders are placed (D11)
            # houses ready at the table: with their orders (planning) or their bids (bidding)
            "ready": ready_houses(g) or ready_bidders(g),
            "decision": next((d.to_json() for d in pending if d.seat == seat), None),
            "combat": fight_view(g, me),
            "winner": g.winner,
            "ranking": list(g.ranking),
            "log_size": len(g.log),
            **_targaryen_view(g),  # X-MOD-6, X-MOD-7: with Targaryen only
            **iron_bank.view(g),  # X-MOD-8: the slots, the loans held and interest are public
        }
        | ({"objectives": objectives_view(g, me)} if g.is_affc() else {})
        | _vassals_view(g)
    )


def _vassals_view(g: BoardGame) -> dict[str, Any]:
    """Mother of Dragons (X-MOD-10.1, X-MOD-10.3): the vassals and who commands each (public)."""
    if not g.vassals:
        return {}
    return {"vassals": list(g.vassals), "commanders": dict(g.commanders)}


def _victory(g: BoardGame, house: str, castles: Counter[str | None]) -> int:
    """R9.1 castles; Targaryen's loyalty instead (X-MOD-5.2)."""
    return targaryen.loyalty_value(g) if house == targaryen.TARGARYEN else castles[house]


def _targaryen_view(g: BoardGame) -> dict[str, Any]:
    """Dragon strength and loyalty tokens (X-MOD-6, X-MOD-7), in games with Targaryen."""
    if not targaryen.in_play(g):
        return {}
    return targaryen.view(g)


def objectives_view(g: BoardGame, me: str | None) -> dict[str, Any]:
    """A Feast for Crows (X-AFFC-2.8, X-AFFC-4): the seat's own objective hand (secret to it,
    R1.14.1), every hand's size, the deck's size, the scored cards, victory points and special
    objectives (public)."""
    return {
        "hand": list(g.objective_hands[me]) if me is not None else None,
        "hand_sizes": {h: len(g.objective_hands[h]) for h in g.houses},
        "deck_size": len(g.objective_deck),
        "scored": {h: list(g.objectives_scored[h]) for h in g.houses},
        "victory_points": dict(g.victory_points),
        "special": {h: O.SPECIAL_TEXTS[h] for h in g.houses},
        "pool": _shown_pool(g),  # Shifting Ambitions' pool once shown (X-AFFC-3, X-AFFC-D4)
        "cards": {c: _card(c) for c in _known(g, me)},  # the texts of the cards it sees
        # what anyone can work out from the board: the seat's cards fulfilled now (X-AFFC-4.4)
        # and whose special objective is (X-AFFC-4.3)
        "fulfilled": [c for c in g.objective_hands[me] if O.fulfils(g, me, c)] if me else [],
        "special_fulfilled": {h: O.fulfils_special(g, h) for h in g.houses},
        # set-up: the houses return 2 of their 5 cards before round 1 (X-AFFC-2.8)
        "setting_up": any(isinstance(s, KeepObjectives) for s in g.stack),
    }


def _card(card: str) -> dict[str, Any]:
    info = O.OBJECTIVES[card]
    return {"name": info.name, "text": info.text, "victory_points": dict(info.victory_points)}


def _known(g: BoardGame, me: str | None) -> list[str]:
    """The objective cards the seat sees: its hand, every scored card and a shown pool."""
    mine = list(g.objective_hands[me]) if me is not None else []
    return [*mine, *(c for h in g.houses for c in g.objectives_scored[h]), *_shown_pool(g)]


def _shown_pool(g: BoardGame) -> list[str]:
    """The objective cards a Westeros card shows face up on its step (``objective_pool``)."""
    return [c for step in g.stack for c in getattr(step, "objective_pool", ())]


# castle areas, all land (asserted): control without ports
assert all(m.areas[a].kind == "land" for m in T.MAPS.values() for a in m.castle_areas)


def castle_counts(g: BoardGame) -> Counter[str | None]:
    """Castles and strongholds controlled per house (R9.1): ``g.controller`` of every castle
    area, inlined (they are all land areas: units, else a power token, else a home emblem)."""
    units, tokens, houses, homes = g.units, g.power_tokens, g.houses, g.homes
    return Counter(
        [
            (us[0].house if (us := units.get(area)) else tokens.get(area))
            or (home if (home := homes.get(area)) in houses else None)
            for area in g.map.castle_areas
        ]
    )


def _house_public(
    g: BoardGame, house: str, victory: int, on_board: int, me: str | None
) -> dict[str, Any]:
    if house in g.vassals:  # X-MOD-10.7 its drawn vassal cards: seen by its commander only
        hand = list(g.hands[house]) if knows(g, me, house) else []
        return {
            "name": T.house_name(house),
            "seat": None,
            "vassal": True,
            "commander": g.commanders.get(house),
            "power": 0,
            "power_in_pool": g.power_tokens_total(house) - on_board,
            "supply": g.supply[house],
            "victory": victory,
            "hand": hand,
            "hand_size": len(g.hands[house]),
            "discards": [],
            "stars": 0,
            "order_tokens": tokens_of(g, house),  # its own (X-MOD-10.4)
            "barred_tokens": barred_of(g, house),  # XF14, XF33
        }
    return {
        "name": T.house_name(house),
        "seat": g.seat_of(house),
        "power": g.power[house],  # public (R1.6.4)
        "power_in_pool": g.power_tokens_total(house) - g.power[house] - on_board,  # X-AFFC-Q3
        "supply": g.supply[house],
        "victory": victory,  # g.castles(house), counted once for every house
        "hand": list(g.hands[house]),  # public: every house's 7 cards are known (R1.14.2)
        "discards": list(g.discards[house]),
        "stars": g.stars(house),
        # its order tokens with their copies (R1.10; the sea tokens, X-MOD-9.1) and those a
        # Westeros card bars this round (R3.4): public, as at the table
        "order_tokens": tokens_of(g, house),
        "barred_tokens": barred_of(g, house),
    }


def _orders(g: BoardGame, me: str | None) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for area, order in g.orders.items():
        visible = g.orders_revealed or knows(g, me, order.house)  # X-MOD-10.4 own vassals
        out[area] = {"house": order.house, "token": order.token if visible else None}
    return out


def fight_view(g: BoardGame, me: str | None) -> dict[str, Any] | None:
    """The fight in progress (the public record ``g.fight``), as far as ``me`` may know it:
    house cards only once both are revealed (R7.5.1) and Tides of Battle cards only once both
    are revealed (R7.7.3: after the blade's redraw choice, before its +1), except one's own;
    strength by the parts known so far (initial parts, then cards, blade and tides as they are
    revealed)."""
    f = current(g)
    if f is None:
        return None
    out: dict[str, Any] = {
        "kind": "combat" if f.kind == COMBAT else "neutral_force",
        "attacker": f.attacker,
        "from_area": f.from_area,
        "area": f.area,
        "stage": f.stage,
        "attacking_units": [u.kind for u in f.attackers],  # still held: none once moved in
        "lost": [{"side": str(side), "kind": u.kind} for side, u in f.lost],  # R7.9
        "support": [{"area": a, "house": h, "side": side} for a, h, side in f.support],
    }
    if f.kind != COMBAT:
        out["strength"] = {"attacker": strength_parts(g, f), "neutral_force": g.neutral[f.area]}
        return out
    out["defender"] = f.defender
    out["cards"] = {
        side: _secret(f.chosen_card(side), f.revealed or knows(g, me, f.house(side)))
        for side in SIDES
    }
    if f.revealed:  # what the texts did at reveal (X1.1, X1.2): public
        out["ignored"] = sorted(f.ignored)  # sides whose card text is ignored
        out["copied"] = {side: f.side_pair(f.copied, side) for side in SIDES}  # Qyburn
        out["paid"] = {side: f.side_pair(f.paid, side) for side in SIDES}  # Aeron (ADwD)
    out["tides"] = {
        side: _secret(f.drawn_tide(side), f.tides_shown or knows(g, me, f.house(side)))
        for side in SIDES
    }
    if f.final:  # R7.8: the strengths that decided the fight, not what is left after it
        out["strength"] = {side: s.parts(True) for side, s in zip(SIDES, f.final, strict=True)}
    elif f.defender:  # known once the fight has begun (R7.1)
        st = strengths(g, f)
        out["strength"] = {side: st[side].parts(f.revealed) for side in SIDES}
    out["winner"] = f.winner
    return out


def _secret(value: str | None, visible: bool) -> str | None:
    return value if visible else None
