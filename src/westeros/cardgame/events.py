"""The card game's event catalogue and its one renderer.

Every log entry is an :class:`~westeros.engine.Event` of a kind listed here, with JSON-ready
fields: seats as ``player``/``players``, card ids as ``card``/``cards`` (each card's title is
logged beside it as ``name``/``names`` so that a log reads without the game). Secrets (a
drawn card, a setup card, a chosen plot) are hidden from other seats.
"""

from __future__ import annotations

from typing import Any

from westeros.engine import Event

TEXTS: dict[str, str] = {
    "game_start": "A {format} game: {names_list}.",
    "first_player": "{who} is the first player.",
    "mulligan": "{who} mulligans.",
    "keep": "{who} keeps their hand.",
    "setup_card": "{who} places a card face down.",
    "setup_reveal": "{who} reveals {cards_text} at setup.",
    "round": "Round {round} begins.",
    "phase": "{phase} phase.",
    "plot_chosen": "{who} has chosen a plot.",
    "plot_revealed": "{who} reveals {card_text}.",
    "initiative": "{who} wins initiative ({initiative}).",
    "draw": "{who} draws {count} card(s){cards_text_opt}.",
    "income": "{who} collects {amount} gold.",
    "marshal": "{who} marshals {card_text} for {cost} gold{onto}.",
    "duplicate": "{who} marshals a duplicate of {card_text}.",
    "put_into_play": "{who} puts {card_text} into play{onto}.",
    "ambush": "{who} ambushes {card_text} for {cost} gold.",
    "event_played": "{who} plays {card_text}.",
    "ability": "{who} uses {card_text}{targets_text}.",
    "challenge": "{who} initiates a {type} challenge against {opponent}.",
    "attackers": "{who} attacks with {cards_text}.",
    "defenders": "{who} defends with {cards_text}.",
    "no_defenders": "{who} declares no defenders.",
    "challenge_result": "{result}",
    "unopposed": "{who} gains 1 power for an unopposed challenge.",
    "claim": "{who} applies {type} claim {claim} against {opponent}.",
    "power": "{card_text} gains {amount} power ({who}).",
    "power_discarded": "{amount} power is discarded from {card_text}.",
    "power_returned": "{amount} power on {card_text} returns to the treasury.",
    "power_moved": "{amount} power moves from {from_text} to {to_text}.",
    "knelt": "{cards_text} kneel(s).",
    "stood": "{cards_text} stand(s).",
    "killed": "{cards_text} killed.",
    "discarded": "{cards_text} discarded from play.",
    "sacrificed": "{cards_text} sacrificed.",
    "returned": "{cards_text} returned to hand.",
    "saved": "{card_text} is saved.",
    "hand_discarded": "{who} discards {cards_text} from hand.",
    "deck_discarded": "{who} discards {cards_text} from the top of their deck.",
    "gold": "{who} {gains} {amount} gold.",
    "dominance": "{result}",
    "stand_all": "All kneeling cards stand.",
    "tax": "Unspent gold returns to the treasury.",
    "recycle": "{who} returns their used plots to the plot deck.",
    "eliminated": "{who} is eliminated: their draw deck is empty.",
    "title_chosen": "{who} has chosen a title.",
    "title": "{who} takes {card_text}.",
    "redirect": "The Crown Regent redirects the challenge: {who} now attacks {opponent}.",
    "rival": "{who} gains 1 power for winning against a rival ({opponent}).",
    "game_over": "{result}",
    "note": "{text}",
}


def event(
    kind: str, seats: tuple[int, ...] | None = None, hidden: tuple[str, ...] = (), **fields: Any
) -> Event:
    assert kind in TEXTS, kind
    return Event(kind, fields, seats, hidden)


def _names(fields: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    names = fields.get("names")
    out["cards_text"] = ", ".join(names) if names else ("some cards" if "count" in fields else "")
    out["cards_text_opt"] = f": {', '.join(names)}" if names else ""
    out["card_text"] = fields.get("name", "a card")
    targets = fields.get("target_names")
    out["targets_text"] = f" on {', '.join(targets)}" if targets else ""
    host = fields.get("host_name")
    out["onto"] = f" onto {host}" if host else ""
    return out


def render(g: Any, ev: Event) -> str:
    """One line of text for an event (the card game's one renderer)."""
    seat_names = g.seat_names() if g is not None else ()
    fields = dict(ev.fields)

    def seat(key: str) -> str:
        value = fields.get(key)
        if isinstance(value, int) and 0 <= value < len(seat_names):
            return str(seat_names[value])
        return "a player" if value is None else str(value)

    values: dict[str, Any] = {k: v for k, v in fields.items()}
    values.update(_names(fields))
    values["who"] = seat("player")
    values["opponent"] = seat("opponent")
    values["from_text"] = fields.get("from_name", "?")
    values["to_text"] = fields.get("to_name", "?")
    values["names_list"] = ", ".join(seat_names)
    values.setdefault("format", "joust")
    try:
        return TEXTS[ev.kind].format(**values)
    except (KeyError, IndexError):
        return f"{ev.kind}: {fields}"
