"""Ports: loss or capture of a port's land area (R8.5, D10).

Call :func:`check_ports` after anything that can change a land area's control. Ships in a
port whose land became uncontrolled are destroyed at once (FAQ F39); ships in a port whose
land is now controlled by another house are taken over through a :class:`PortTakeover`
decision of the new controller.
"""

from __future__ import annotations

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame, Unit
from westeros.engine import Decision, Step
from westeros.engine.decision import Choice


def _land_of(g: BoardGame, port: str) -> str:
    land = g.map.areas[port].port_land
    assert land is not None, port
    return land


def port_ships_ok(g: BoardGame, house: str, port: str, count: int) -> bool:
    """Could ``house`` have ``count`` ships in ``port`` (3-ship limit R8.2, supply R1.5.4)?

    The rest of the house's board stays as it is. One ship is never an army (R1.5.1).
    Pool availability is not checked here (see :func:`takeover_max`).
    """
    if count < 0 or count > T.MAX_SHIPS_IN_PORT:
        return False
    return count <= 1 or g.complies_with(house, {port: count})


def takeover_max(g: BoardGame, port: str, house: str) -> int:
    """R8.5: the most ships ``house`` may put into ``port`` in place of the ships there —
    at most their number, limited by its pool, the 3-ship limit and its supply."""
    there = len(g.units.get(port, ()))
    limit = min(there, g.pool_left(house, "ship"), T.MAX_SHIPS_IN_PORT)
    while limit > 0 and not port_ships_ok(g, house, port, limit):
        limit -= 1
    return max(0, limit)


def _destroy_ships(g: BoardGame, port: str, controller: str | None) -> None:
    """Destroy every ship in ``port``, its land being controlled by ``controller`` (None:
    uncontrolled); an order left without units goes too (cf. E2)."""
    ships = g.units.pop(port)
    house = ships[0].house
    land = _land_of(g, port)
    g.emit(
        E.SHIPS_DESTROYED(
            house=house, port=port, ships=len(ships), land=land, controller=controller
        )
    )
    order = g.orders.pop(port, None)
    if order is not None:
        g.emit(E.PORT_ORDER_REMOVED(house=house, port=port, token=order.token))


def _lost(g: BoardGame, port: str) -> tuple[str, str | None] | None:
    """R8.5: ``(land, its controller)`` when ships are in ``port`` and its land area is no
    longer controlled by their house (``None``: uncontrolled); otherwise ``None``."""
    ships = g.units.get(port)
    if not ships:
        return None
    land = _land_of(g, port)
    ctrl = g.controller(land)
    return None if ctrl == ships[0].house else (land, ctrl)


def _settle(g: BoardGame, port: str) -> str | None:
    """R8.5 for one port: its ships are destroyed at once if its land is uncontrolled (F39).
    Returns the house that controls the land instead of the ships' house (it may take them
    over, D10), if any."""
    lost = _lost(g, port)
    if lost is None:
        return None
    _, ctrl = lost
    if ctrl is None:
        _destroy_ships(g, port, None)
    return ctrl


def port_takeovers(g: BoardGame) -> list[Step]:
    """R8.5 / F39: destroy the ships in ports whose land became uncontrolled; the takeover
    steps (not pushed) for ports whose land another house now controls."""
    takeovers: list[Step] = []
    for port in g.map.ports:
        if _settle(g, port) is None:
            continue
        if not any(isinstance(s, PortTakeover) and s.port == port for s in g.stack):
            takeovers.append(PortTakeover(port))
    return takeovers


def check_ports(g: BoardGame) -> None:
    """R8.5 / F39: destroy or offer to take over ships in ports whose land changed hands."""
    g.push(*port_takeovers(g))


class PortTakeover(Step):
    """D10: the new controller of a port's land replaces 0..max of the ships there with its own.

    Decision kind ``"port_takeover"``, choices ``0..max`` (ints). All old ships are destroyed.
    With max 0 no decision is asked. If the situation changed before the step is reached,
    the step re-checks the port (destroying ships of an uncontrolled land, R8.5).
    """

    def __init__(self, port: str, count: int | None = None) -> None:
        self.port = port
        self.count = count

    def _taker(self, g: BoardGame) -> str | None:
        """The house entitled to take the port's ships over now, if any."""
        lost = _lost(g, self.port)
        return None if lost is None else lost[1]

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.count is not None:
            return []
        taker = self._taker(g)
        if taker is None:
            return []
        most = takeover_max(g, self.port, taker)
        if most == 0:
            return []
        ships = g.units[self.port]
        prompt = (
            f"{T.house_name(taker)}: replace how many of the {E.ships_text(len(ships))} of "
            f"{T.house_name(ships[0].house)} in {T.area_name(self.port)} with your own "
            f"(0–{most}; the others are destroyed)?"
        )
        seat, vassal = g.seat_for(taker), g.for_vassal(taker)
        return [D.PORT_TAKEOVER.ask(seat, prompt, range(most + 1), **vassal)]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        assert isinstance(choice, int)
        self.count = choice

    def run(self, g: BoardGame) -> None:
        ctrl = _settle(g, self.port)
        if ctrl is None:
            return
        count = min(self.count or 0, takeover_max(g, self.port, ctrl))
        _destroy_ships(g, self.port, ctrl)
        for _ in range(count):
            g.add_unit(self.port, Unit(ctrl, "ship"))
        if count:
            g.emit(E.PORT_TAKEOVER(house=ctrl, port=self.port, ships=count))
