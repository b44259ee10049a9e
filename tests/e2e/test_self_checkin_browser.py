"""Self check-in on the players' page in a real browser (issue 35 item 4; headless Chromium
over the DevTools protocol, the harness of test_venue_browser.py; skipped without it): the
player's own card has no check-in while the director has it closed; opened while the page is
open, the card asks for the code; a wrong code is refused in words, the right one checks the
player in (desk.toml says so) and the card says "Checked in"; the card stays within a 390 px
phone."""

import asyncio
import json

from conftest import make_event
from test_venue_browser import PHONE, Tab, browser, pytestmark, serve  # noqa: F401

from swisstui.core import self_checkin
from swisstui.core.services import desk


async def _submit(tab: Tab, code: str) -> None:
    await tab.eval("(()=>{const c=document.querySelector('#ckcode');c.value="
                   + json.dumps(code) + ";document.querySelector('#checkin button').click();})()")


async def test_a_player_checks_in_from_their_card(browser, serve, tmp_path):  # noqa: F811
    folder = make_event(tmp_path, "chess", 8)
    desk.set_check_in_open(folder, True)
    url = serve(folder)
    tab = await Tab.open(browser)
    try:
        await tab.goto(url)
        await tab.pick("Anna", 1)
        await asyncio.sleep(0.5)
        assert await tab.eval("!!document.querySelector('#checkin')") is False  # closed
        key = (await asyncio.to_thread(desk.set_self_check_in, folder, True)).self_checkin_key
        await tab.wait("!!document.querySelector('#mycard #checkin')")  # live, no reload
        assert "Your check-in code" in await tab.text("#checkin")
        assert await tab.eval("document.querySelector('#checkin button').innerText") \
            == "Check in"
        assert await tab.eval("document.documentElement.scrollWidth") <= PHONE[0]
        right = self_checkin.code_for(key, 1)
        await _submit(tab, str((int(right) + 1) % 1_000_000).zfill(6))
        await tab.wait("document.querySelector('#ckmsg')&&"
                       "document.querySelector('#ckmsg').innerText.length>0")
        assert "not your check-in code" in await tab.text("#ckmsg")
        assert desk.load_desk(folder).entry(1).state == "confirmed"
        await _submit(tab, right)
        await tab.wait("!!document.querySelector('#checkedin')")
        assert await tab.text("#checkedin") == "✓ Checked in"
        assert desk.load_desk(folder).entry(1).state == "checked-in"
        assert [e.id for e in desk.load_desk(folder).entries] == [1]
        # the desk checks her out: the document follows, and the card asks again
        await asyncio.to_thread(desk.toggle_check_in, folder, 1)
        await tab.eval("location.reload()")
        await tab.wait("document.readyState==='complete'&&"
                       "!!document.querySelector('#mycard #checkin')")
    finally:
        await tab.close()
