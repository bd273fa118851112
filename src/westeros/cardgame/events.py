"""The card game's event catalogue and its one renderer.

Every log entry is an :class:`~westeros.engine.Event` of a kind declared here, with JSON-ready
fields and no English: seats as ``player``/``opponent``, card ids as ``card``/``cards`` (each
card's printed title is logged beside it as ``name``/``names``, the card's identity as printed,
so that a log reads without the game), numbers, and enums (a challenge type, a phase, a reason).
Secrets (a drawn card, a setup card, a looked-at hand) are hidden from other seats. Every text
lives in the renderer (:func:`render`), which reads the seat names from the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from westeros.engine import Event
from westeros.engine.events import EventCatalogue, EventKind, Fields

CATALOGUE = EventCatalogue("cardgame")
KINDS: dict[str, EventKind] = CATALOGUE.kinds
# The fields a private event hides from every seat but its own (C1.9), declared with its kind.
SECRET_FIELDS: dict[str, tuple[str, ...]] = {}


class Names:
    """What the texts read besides the fields: each seat's display name."""

    def __init__(self, seats: tuple[str, ...]) -> None:
        self.seats = seats

    def seat(self, value: Any) -> str:
        if isinstance(value, int) and 0 <= value < len(self.seats):
            return str(self.seats[value])
        return "a player" if value is None else str(value)


def _values(f: Fields, n: Names) -> dict[str, Any]:
    names = f.get("names")
    targets = f.get("target_names")
    host = f.get("host_name")
    return {
        **f,
        "who": n.seat(f.get("player")),
        "opponent": n.seat(f.get("opponent")),
        "cards_text": ", ".join(names) if names else ("some cards" if "count" in f else ""),
        "cards_text_opt": f": {', '.join(names)}" if names else "",
        "card_text": f.get("name", "a card"),
        "targets_text": f" on {', '.join(targets)}" if targets else "",
        "onto": f" onto {host}" if host else "",
        "from_text": f.get("from_name", "?"),
        "to_text": f.get("to_name", "?"),
        "names_list": ", ".join(n.seats),
        "phase_text": str(f.get("phase", "")).capitalize(),
    }


def _template(text: str) -> Callable[[Fields, Names], str]:
    def render_text(f: Fields, n: Names) -> str:
        return text.format(**_values(f, n))

    return render_text


def _kind(
    name: str,
    text: str | Callable[[Fields, Names], str],
    description: str,
    redacted: str | None = None,
    secret: tuple[str, ...] = (),
) -> EventKind:
    if secret:
        SECRET_FIELDS[name] = secret
    return CATALOGUE.add(
        name,
        _template(text) if isinstance(text, str) else text,
        description,
        None if redacted is None else _template(redacted),
    )


def event(
    kind: str, seats: tuple[int, ...] | None = None, hidden: tuple[str, ...] = (), **fields: Any
) -> Event:
    """An event of a catalogued kind (``seats``/``hidden``: a secret, see Event). A private
    event hides exactly the fields its kind declares secret (C1.9)."""
    assert kind in KINDS, kind
    if seats is not None:
        hidden = hidden or SECRET_FIELDS.get(kind, ())
        assert hidden and hidden == SECRET_FIELDS.get(kind), (kind, hidden)
    return Event(kind, fields, seats, hidden)


def render(g: Any, ev: Event) -> str:
    """One line of text for an event (the card game's one renderer)."""
    names = Names(tuple(g.seat_names()) if g is not None else ())
    try:
        return CATALOGUE.render(ev, names)
    except (KeyError, IndexError):
        return f"{ev.kind}: {ev.fields}"


# -- texts computed from several fields ------------------------------------------------


def _challenge_result(f: Fields, n: Names) -> str:
    score = f"({f['attacker_total']}–{f['defender_total']})"
    if f.get("winner") is None:
        return f"Nobody wins the {f['type']} challenge {score}."
    unopposed = " unopposed" if f.get("unopposed") else ""
    return f"{n.seat(f['winner'])} wins the {f['type']} challenge {score}{unopposed}."


def _dominance(f: Fields, n: Names) -> str:
    if f.get("player") is None:
        return f"Nobody wins dominance (tie at {f['total']})."
    return f"{n.seat(f['player'])} wins dominance ({f['total']})."


GAME_OVER_REASONS = {
    "power": "{who} reached {power} power",  # C20.3
    "last_player": "{who} is the last player left",  # C20.4
}


def game_over_reason(reason: str, who: str, power: int = 15) -> str:
    """The English of a game-over reason code (also the Outcome's reason)."""
    return GAME_OVER_REASONS.get(reason, reason).format(who=who, power=power)


def _game_over(f: Fields, n: Names) -> str:
    return game_over_reason(f["reason"], n.seat(f.get("winner")), f.get("power", 15))


# ============================================================== setup, round, plots (C5–C7)
_kind("game_start", "A {format} game: {names_list}.", "C5: the game is set up (format, players)")
_kind("first_player", "{who} is the first player.", "C5.2, C7.3.2: the first player is named")
_kind("mulligan", "{who} mulligans.", "C5.7: a player mulligans")
_kind("keep", "{who} keeps their hand.", "C5.7: a player keeps the opening hand")
_kind(
    "setup_card",
    "{who} places a card face down.",
    "C5.8: a setup card (secret: card, name)",
    secret=("card", "name"),
)
_kind("setup_reveal", "{who} reveals {cards_text} at setup.", "C5.9: setup cards turn face up")
_kind("round", "Round {round} begins.", "C6.1: a new round")
_kind("phase", "{phase_text} phase.", "C6.2: a phase begins (phase: its id)")
_kind("plot_chosen", "{who} has chosen a plot.", "C7.2: a player chose a plot (secret)")
_kind("plot_revealed", "{who} reveals {card_text}.", "C7.3: a plot is revealed")
_kind("initiative", "{who} wins initiative ({initiative}).", "C7.3.1: initiative is won")
_kind("recycle", "{who} returns their used plots to the plot deck.", "C7.3.5: plots recycled")
_kind("title_chosen", "{who} has chosen a title.", "C21.2: a title chosen (secret)")
_kind("title", "{who} takes {card_text}.", "C21.2: a title is revealed and taken")

# ============================================================== cards moving (C8, C9, C16–C18)
_kind(
    "draw",
    "{who} draws {count} card(s){cards_text_opt}.",
    "C8.2: cards drawn (secret: cards, names)",
    redacted="{who} draws {count} card(s).",
    secret=("cards", "names"),
)
_kind("income", "{who} collects {amount} gold.", "C9.2: income is collected")
_kind("marshal", "{who} marshals {card_text} for {cost} gold{onto}.", "C9.4: a card marshaled")
_kind("duplicate", "{who} marshals a duplicate of {card_text}.", "C9.5: a duplicate marshaled")
_kind("put_into_play", "{who} puts {card_text} into play{onto}.", "C18.14: a card put into play")
_kind("ambush", "{who} ambushes {card_text} for {cost} gold.", "C17.2: a card ambushed")
_kind(
    "event_played",
    "{who} plays {card_text} for {cost} gold.",
    "C16.8: an event card is played (cost: the gold paid)",
)
_kind("ability", "{who} uses {card_text}{targets_text}.", "C16.4: a card ability is used")
_kind("knelt", "{cards_text} kneel(s).", "C2.13: cards kneel")
_kind("stood", "{cards_text} stand(s).", "C2.13: cards stand")
_kind("killed", "{cards_text} killed.", "C18.9: characters killed")
_kind("discarded", "{cards_text} discarded from play.", "C18.10: cards discarded from play")
_kind("sacrificed", "{cards_text} sacrificed.", "C18.11: cards sacrificed")
_kind("returned", "{cards_text} returned to hand.", "C18.12: cards returned to hand")
_kind("saved", "{card_text} is saved.", "C18.8: a card is saved from leaving play")
_kind("hand_discarded", "{who} discards {cards_text} from hand.", "C3: cards discarded from hand")
_kind(
    "deck_discarded",
    "{who} discards {cards_text} from the top of their deck.",
    "C17.7: cards discarded from a draw deck",
)
_kind(
    "removed_from_challenge",
    "{card_text} is removed from the challenge.",
    "C11: a card stops participating in the challenge",
)
_kind("control_taken", "{who} takes control of {card_text}.", "C18.15: control of a card changes")
_kind(
    "searched",
    "{who} reveals {card_text} and adds it to their hand.",
    "C3.8: a card found by a search is revealed and added to its owner's hand",
)
_kind("card_to_hand", "{who} adds a card to their hand.", "a card is added to a hand unseen")
_kind("top_revealed", "{who} reveals {card_text}.", "the top card of a deck is revealed")
_kind(
    "deck_arranged",
    "Cards are placed on the top and bottom of {who}'s deck.",
    "an effect arranges the top of a draw deck",
)
_kind("removed_from_game", "{card_text} is removed from the game.", "C18.12: out of the game")
_kind(
    "facedown_placed",
    "A card is placed facedown on {card_text}.",
    "a card is placed face down under another",
)
_kind(
    "attached_as_condition",
    "{card_text} is attached to {host_name} as a Condition.",
    "an event card becomes an attachment",
)
_kind("poisoned", "{card_text} is poisoned.", "a poison token is placed on a character")
_kind(
    "effects_canceled",
    "The effects of {card_text} are canceled.",
    "C16.13: an ability's effects are canceled",
)
_kind(
    "hand_seen",
    "{who} looks at {opponent}'s hand: {cards_text}.",
    "a player looks at an opponent's hand (secret: cards, names)",
    redacted="{who} looks at {opponent}'s hand.",
    secret=("cards", "names"),
)
_kind("named", "{who} names {value} ({card_text}).", "an effect names a challenge or card type")

# ============================================================== challenges (C10–C12, C21)
_kind("challenge", "{who} initiates a {type} challenge against {opponent}.", "C11.1: initiated")
_kind("attackers", "{who} attacks with {cards_text}.", "C11.1.3: attackers declared")
_kind("defenders", "{who} defends with {cards_text}.", "C11.5: defenders declared")
_kind("no_defenders", "{who} declares no defenders.", "C11.5: no defender declared")
_kind(
    "keyword_order",
    "{who} resolves the {keyword} keywords next.",
    "C11.11.1/D22: the first player's choice of the keyword type that resolves next",
)
_kind(
    "challenge_result",
    _challenge_result,
    "C11.7: the challenge's winner (None: nobody, C11.7.3), loser, totals, unopposed",
)
_kind("unopposed", "{who} gains 1 power for an unopposed challenge.", "C11.9: unopposed bonus")
_kind("claim", "{who} applies {type} claim {claim} against {opponent}.", "C12: claim applied")
_kind(
    "redirect", "The Crown Regent redirects the challenge: {who} now attacks {opponent}.", "C21.6"
)
_kind("rival", "{who} gains 1 power for winning against a rival ({opponent}).", "C21.5")

# ============================================================== power and gold (C3.7, C20)
_kind("power", "{card_text} gains {amount} power ({who}).", "C20.2: power gained")
_kind("power_discarded", "{amount} power is discarded from {card_text}.", "power discarded")
_kind(
    "power_returned",
    "{amount} power on {card_text} returns to the treasury.",
    "C20.1: power on a card leaving play",
)
_kind("power_moved", "{amount} power moves from {from_text} to {to_text}.", "C12.4: power moved")
_kind("gold", "{who} gains {amount} gold.", "C3.7: gold gained from the treasury")
_kind(
    "gold_paid",
    "{who} pays {amount} gold for {card_text}.",
    "C16.5.1, C3.7: gold paid as an ability's cost",
)
_kind(
    "gold_taken",
    "{who} takes {amount} gold from {opponent}'s gold pool.",
    "gold moves between gold pools",
)
_kind(
    "gold_returned",
    "Every player returns their gold to the treasury.",
    "every gold pool is emptied",
)

# ============================================================== dominance … taxation (C13–C15)
_kind("dominance", _dominance, "C13.3: dominance won (player None: nobody; total, totals)")
_kind("stand_all", "All kneeling cards stand.", "C14.2: the standing phase")
_kind("tax", "Unspent gold returns to the treasury.", "C15.2: taxation")
_kind("eliminated", "{who} is eliminated: their draw deck is empty.", "C20.4: a player is out")
_kind("game_over", _game_over, "C20: the game ends (winner; reason: power | last_player)")
