"""Card texts: the six melee titles (C21.7). Their relationships (supports, rivals) and the
Crown Regent's redirect, the Hand's extra challenge and the Master of Whispers' claim are rules
of :mod:`westeros.cardgame.melee`; here are the titles' values."""

from __future__ import annotations

from westeros.cardgame.abilities import Modifier, text
from westeros.cardgame.melee import rivals
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import for_you


def _bonus_with_participant(type_: str) -> Modifier:
    """C21.8: +1 to the bearer's side in a challenge of ``type_`` in which they control a
    participating character."""

    def applies(g: CardGame, source: int, seat: int) -> bool:
        ch = g.challenge
        if ch is None or ch.type != type_ or g.controller(source) != seat:
            return False
        cards = ch.attackers if seat == ch.attacker else ch.defenders if seat == ch.defender else []
        return any(g.controller(c) == seat for c in cards)

    return Modifier("challenge_total:" + type_, applies, lambda g, s, t: 1, players=True)


def _attacking_a_rival(g: CardGame, source: int, seat: int) -> bool:
    ch = g.challenge
    return (
        ch is not None
        and g.controller(source) == seat
        and ch.attacker == seat
        and ch.type == "military"
        and rivals(g, seat, ch.defender)
    )


# 01206 Master of Whispers — +1 STR in [intrigue] challenges; its claim (melee.py).
text("01206", _bonus_with_participant("intrigue"))
# 01207 Master of Ships — +1 STR in [military] challenges; +1 claim attacking a rival (C21.7.4).
text(
    "01207",
    _bonus_with_participant("military"),
    Modifier("claim:military", _attacking_a_rival, lambda g, s, t: 1, players=True),
)
# 01208 Hand of the King — +1 STR in [power] challenges; its extra challenge (melee.py).
text("01208", _bonus_with_participant("power"))
# 01209 Master of Coin — +2 income (C21.7.3).
text("01209", for_you("income", 2))
# 01210 Master of Laws — +1 card in the draw phase, +1 reserve (C21.7.5).
text("01210", for_you("draw", 1), for_you("reserve", 1))
# 01211 Crown Regent — +2 STR for dominance (C21.7.1); the redirect (melee.py).
text("01211", for_you("dominance", 2))
