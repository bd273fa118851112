"""Raid orders (R6.3, D13): ``ResolveRaid(house)`` resolves one of the house's Raid orders.

One decision of kind ``raid``: ``"<from_area>><target_area>"`` for every legal target of every
Raid order of the house, and ``"<from_area>>none"`` to remove a Raid order without effect.
"""

from __future__ import annotations

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame
from westeros.boardgame.vassals import friendly, keep_as_support
from westeros.engine import Choice, Decision, Step

# R6.3.1 (never March); X-MOD-9.2 an Iron Bank order too (no pillage: it is no Consolidate Power)
RAIDABLE = frozenset({"support", "raid", "consolidate", "iron_bank"})


def raid_reach(g: BoardGame, area: str) -> list[str]:
    """R6.3.2 areas a Raid order in ``area`` can reach, map order: from land only adjacent
    land; from sea adjacent land, sea and ports; from a port only its sea (R8.4)."""
    info = g.map.areas[area]
    if info.is_port:
        assert info.port_sea is not None
        return [info.port_sea]
    kinds = {"land"} if info.is_land else {"land", "sea", "port"}
    return [b for b in g.map.area_ids if b in info.neighbors and g.map.areas[b].kind in kinds]


def raid_targets(g: BoardGame, area: str) -> list[str]:
    """Areas holding an order the Raid order in ``area`` may remove (R6.3.1, R6.3.2): an enemy
    Support, Raid or Consolidate Power order; a Special Raid may also remove Defense. Never an
    order of a house under the same command (X-MOD-10.5, XF16, XF18)."""
    raid = g.orders[area]
    types = (RAIDABLE | {"defense"}) if raid.special else RAIDABLE
    return [
        b
        for b in raid_reach(g, area)
        if (o := g.orders.get(b)) is not None
        and o.house != raid.house
        and o.type in types
        and not friendly(g, raid.house, o.house)
    ]


class ResolveRaid(Step):
    """R6.3: the house resolves one of its Raid orders (its choice) against at most one target.

    ``chosen`` is the recorded ``"<from>><target|none>"``, applied by ``run``.
    """

    def __init__(self, house: str, chosen: str | None = None) -> None:
        self.house = house
        self.chosen = chosen

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None:
            return []
        choices: list[Choice] = []
        for area in g.orders_of(self.house, "raid"):
            choices += [D.RAID.format(area, t) for t in raid_targets(g, area)]
            choices.append(D.RAID.format(area, "none"))  # R6.3.3 by choice or without a target
        if not choices:
            return []
        prompt = (
            f"{T.house_name(self.house)}: resolve a Raid order (its area, then the order it raids)"
        )
        return [D.RAID.ask(g.seat_for(self.house), prompt, choices, **g.for_vassal(self.house))]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.chosen is None:
            return  # no Raid order left (it was removed meanwhile)
        parts = D.RAID.parse(self.chosen)
        source, target = parts["from"], parts["target"]
        raid = g.orders.pop(source)  # R6.3.3 the Raid order is removed in any case
        if target == "none" and keep_as_support(g, self.house, source, raid.token):
            return  # X-MOD-10.4 a vassal's Raid/Support token stays as Support +1
        if target == "none":
            g.emit(E.RAID_UNUSED(house=self.house, area=source, token=raid.token))
            return
        victim = g.orders.pop(target)  # R6.3.3 the target order is removed
        g.emit(
            E.RAID(
                house=self.house,
                area=source,
                target=target,
                victim=victim.house,
                token=victim.token,
            )
        )
        if victim.type == "consolidate":  # R6.3.4 pillage, at sea too (FAQ F43)
            gained = g.gain_power(self.house, 1)
            paid = g.discard_power(victim.house, 1)
            g.emit(E.PILLAGE(house=self.house, victim=victim.house, gained=gained, paid=paid))
