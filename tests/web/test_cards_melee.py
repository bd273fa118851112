"""A 4-player melee at the card table, by clicking only: the person chooses a title from the
pool shown in the decision panel (C21.2) and attacks in a challenge; the table shows every
player's title and the challenge with both sides' STR."""

from __future__ import annotations

import time

from playwright.sync_api import Browser

from tests.server.support import Server
from tests.web.cardtable import MELEE_DECKS, CardPerson, person_vs_bots

TIME_LIMIT = 300.0


def test_a_melee_reaches_the_title_choice_and_a_challenge(server: Server, browser: Browser) -> None:
    game = person_vs_bots(server, MELEE_DECKS)
    ann = CardPerson(browser, server, game, 0)
    ann.open()
    titled = attacked = False
    t0 = time.monotonic()
    while not (titled and attacked) and time.monotonic() - t0 < TIME_LIMIT:
        st = ann.state()
        assert st["status"] == "playing"
        d = st["decisions"][0] if st["decisions"] else None
        if d and d["kind"] == "title":
            ann.wait_shown(st["move"])
            # the pool's titles are drawn in the decision panel, named
            tray = ann.page.locator("#decision .tray [data-card].choice")
            assert tray.count() == len(d["choices"])
            names = set(tray.evaluate_all("els => els.map(e => e.dataset.name)"))
            assert names <= {
                "Crown Regent",
                "Hand of the King",
                "Master of Coin",
                "Master of Laws",
                "Master of Whispers",
                "Master of Ships",
            }
            titled = True
        if d and d["kind"] == "attacker" and titled:
            ann.wait_shown(st["move"])
            ch = st["view"]["challenge"]
            assert ann.page.locator("#challenge").get_attribute("data-type") == ch["type"]
            ann.step()  # the first attacker, clicked
            st = ann.state()
            ann.wait_shown(st["move"])
            ch = st["view"]["challenge"]
            if ch is not None:  # still declaring or resolving: both sides' STR now
                strength = ann.page.locator("#attacker-str").inner_text()
                assert strength == str(ch["attacker_strength"])
            else:  # over at once (nothing to answer): the result is shown
                assert ann.page.locator('#challenge[data-last="1"] .result').count()
            attacked = True
            continue
        ann.step()
    assert titled and attacked
    # every player's title is on the table, in its slot
    st = ann.state()
    ann.wait_shown(st["move"])
    for p in st["view"]["players"]:
        title = p["title"]
        assert title is not None
        assert ann.page.locator(f'[data-player="{p["seat"]}"] [data-card="{title["id"]}"]').count()
    assert not ann.errors, ann.errors
    ann.close()
