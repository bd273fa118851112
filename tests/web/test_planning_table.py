"""Planning as at the table in Debian's Chromium (issue #23, config ``planning: "table"``):
orders placed out of order, changed, removed, readied and unreadied by two people, each
seeing the other's readiness and never the other's tokens before the reveal (R5.1, R1.14.1);
and a march planned on the map, reset and planned again before it is carried out (R6.4)."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import Browser

from tests.server.support import Server
from tests.web.browser import Person, create_game
from tests.web.test_browser import Play
from westeros.boardgame import tables as T

TABLE = {"planning": "table"}


def my_areas(st: dict[str, Any]) -> list[str]:
    """The areas of the seat's plan_orders decision, in map order (from its choices)."""
    areas: list[str] = []
    for c in st["decisions"][0]["choices"]:
        parts = c.split(":")
        if len(parts) > 1 and parts[1] not in areas:
            areas.append(parts[1])
    return areas


def place(p: Person, area: str, token: str) -> None:
    """Click the area on the map and pick the token in its menu."""
    p.click_area(area)
    p.page.wait_for_selector(".popup")
    p.pick(f"place:{area}:{token}")


def tokens_of(p: Person, house: str) -> dict[str, str | None]:
    return {a: o["token"] for a, o in p.state()["view"]["orders"].items() if o["house"] == house}


def free_token(st: dict[str, Any], area: str, *prefer: str) -> str:
    offered = [
        c.split(":")[2] for c in st["decisions"][0]["choices"] if c.startswith(f"place:{area}:")
    ]
    return next((t for t in prefer if t in offered), offered[0])


def test_r5_1_orders_placed_out_of_order_changed_readied_and_unreadied(
    server: Server, browser: Browser
) -> None:
    people = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Ben"}]
    game = create_game(server, [*people, {"type": "bot", "bot": "heuristic"}], config=TABLE)
    a_seat, b_seat = game["seats"]
    ann = Person(browser, server, game["id"], 0, a_seat["token"])
    ben = Person(browser, server, game["id"], 1, b_seat["token"])
    ann.open(a_seat["link"])
    ben.open(b_seat["link"])
    ann.load_anchors()
    ben.load_anchors()
    ann.page.wait_for_selector("#decision[data-kind=plan_orders]")
    st = ann.state()
    me = st["view"]["house"]
    areas = my_areas(st)
    assert len(areas) >= 2 and ann.page.locator("#ready[disabled]").count() == 1

    last, first = areas[-1], areas[0]
    place(ann, last, free_token(st, last, "defense+1", "raid"))  # the last area first
    st = ann.state()
    place(ann, first, free_token(st, first, "march+0", "march-1"))
    assert tokens_of(ann, me)[first] in ("march+0", "march-1")
    # changed: the area's menu offers the other tokens and a removal
    st = ann.state()
    changed = free_token(st, first, "consolidate", "support+0")
    place(ann, first, changed)
    assert tokens_of(ann, me)[first] == changed
    ann.page.wait_for_selector(f'[data-plan-area="{first}"].has')
    # removed from the panel (✕), then placed again
    ann.click_and_wait(ann.page.locator(f'#plan-orders button[data-choice="remove:{first}"]'))
    assert first not in tokens_of(ann, me)
    ann.page.wait_for_selector(f'[data-plan-area="{first}"].empty')
    for area in areas:
        if area not in tokens_of(ann, me):
            place(ann, area, free_token(ann.state(), area, "march+0", "raid", "defense+1"))
    # Ben sees face-down orders only (R1.14.1)
    ben.wait_shown(ann.state()["move"])
    for area in areas:
        assert ben.page.locator(f'[data-order="{area}"].facedown').count() == 1
        assert ben.state()["view"]["orders"][area]["token"] is None

    ann.click_and_wait(ann.page.locator("#ready"))
    ann.page.wait_for_selector("#unready")
    assert ann.page.locator("#decision h2").inner_text() == "Ready"
    assert not ann.page.title().startswith("▶")  # ready: no move the game waits for
    ben.page.wait_for_selector(f'#readiness [data-ready="{me}"]')
    ann.click_and_wait(ann.page.locator("#unready"))
    ben.page.wait_for_selector(f'#readiness [data-planning="{me}"]')
    place(ann, last, free_token(ann.state(), last, "support+0", "consolidate", "raid"))
    ann.click_and_wait(ann.page.locator("#ready"))

    # Ben plans by clicking too; once he is ready the orders are revealed to both
    bplay = Play(ben)
    deadline = time.monotonic() + 120  # (a loaded machine: several seconds a click)

    def revealed(st: dict[str, Any]) -> bool:  # R5.4: Ben sees every token (then the Raven)
        return all(o["token"] for o in st["view"]["orders"].values())

    while not revealed(st := ben.state()) and time.monotonic() < deadline:
        if st["decisions"] and st["decisions"][0]["kind"] == "plan_orders":
            bplay.step()
        else:
            time.sleep(0.05)
    assert revealed(st), ("not revealed", st["waiting"], st["decisions"])
    orders = st["view"]["orders"]  # (a raid may have removed one since)
    assert all(orders[a]["token"] for a in areas if a in orders)
    ben.wait_shown(st["move"])
    assert ben.page.locator(f'[data-order="{areas[0]}"].facedown').count() == 0
    assert not ann.errors and not ben.errors, ann.errors + ben.errors
    ann.close()
    ben.close()


def plan_on_map(p: Person, unit: str, to: str) -> None:
    """Click the destination on the map (and the unit in its menu when several could go):
    the plan lists the unit."""
    sent = p.sent()
    p.click_area(to)
    p.page.wait_for_function(
        "n => document.querySelector('.popup') || (window.__westerosSent || 0) > n", arg=sent
    )
    if p.sent() == sent:
        p.pick(f"{unit}>{to}")
    p.page.wait_for_selector(f'#march-plan [data-planned="{unit}>{to}"]')


def test_r6_4_a_march_planned_on_the_map_and_reset(server: Server, browser: Browser) -> None:
    bots = [{"type": "bot", "bot": "heuristic"}] * 3
    game = create_game(server, [{"type": "human", "name": "Ann"}, *bots], config=TABLE)
    (seat,) = game["seats"]
    ann = Person(browser, server, game["id"], 0, seat["token"])
    ann.open(seat["link"])
    ann.load_anchors()
    play = Play(ann)
    play.illegal_checked = True  # (test_browser.py checks the illegal click)
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, f"no march of Ann's to plan: {play.seen}"
        st = ann.state()
        assert st["status"] == "playing"
        d = st["decisions"][0] if st["decisions"] else None
        if d is None or d.get("idle"):
            time.sleep(0.05)
            continue
        moves = [c for c in d["choices"] if c not in ("done", "reset")]
        if d["kind"] == "march_move" and moves and not d["context"]["plan"]:
            break
        play.step()
    ann.wait_shown(st["move"])
    start = d["context"]["area"]
    before = [u["kind"] for u in st["view"]["units"][start]]
    v = st["view"]

    def quiet(area: str) -> bool:  # a walk, no fight
        token = v["power_tokens"].get(area)
        return (
            not v["units"].get(area)
            and token in (None, v["house"])
            and not (area in v["neutral_forces"] or area in v["garrisons"])
        )

    peaceful = [c for c in moves if quiet(c.split(">")[1])]
    unit, to = (peaceful or moves)[0].split(">")
    plan_on_map(ann, unit, to)
    ann.page.wait_for_selector(f'[data-march="{start}>{to}"][data-kind="plan"]', state="attached")
    assert T.area_name(to) in ann.page.locator("#march-plan").inner_text()
    assert [u["kind"] for u in ann.state()["view"]["units"][start]] == before  # nothing moved

    ann.click_and_wait(ann.page.locator("#march-reset"))
    ann.page.wait_for_function("!document.querySelector('#march-plan [data-planned]')")
    assert ann.page.locator(f'[data-march="{start}>{to}"][data-kind="plan"]').count() == 0
    assert ann.page.locator("#march-reset").count() == 0
    d = ann.state()["decisions"][0]
    assert d["kind"] == "march_move" and d["context"] == {**d["context"], "area": start, "plan": ""}
    # planned again and carried out: the unit is where the second plan sent it
    plan_on_map(ann, unit, to)
    ann.pick("done")
    if ann.state()["decisions"] and ann.state()["decisions"][0]["kind"] == "march_token":
        ann.pick("no")  # R6.4.7 (every unit left)
    view = ann.state()["view"]
    assert any(u["kind"] == unit and u["house"] == view["house"] for u in view["units"][to])
    assert not ann.errors, ann.errors
    ann.close()
