"""No visitor chooses the Bokeh session a page is served in (issue: a student sent her teacher
``/classroom?bokeh-session-id=<chosen>``, loaded the same address after her and held the
teacher's page).  Checked on both ways the apps are served: ``make serve``'s
``python -m cole_panel.serve`` and plain ``panel serve apps/*.py``."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.request
from urllib.error import HTTPError

import pytest
from bokeh.util.token import generate_jwt_token, get_session_id
from playwright.sync_api import expect

from cole_panel.ui.own_session import REFUSAL
from tests.browser.conftest import PAGE_LOAD_TIMEOUT_MS, VIEWPORT, SiteServer
from tests.wire import Wire

CHOSEN = "ChosenByAStudent0123456789abcdefghijklmnopq"
"""A session id of the visitor's choosing (Bokeh's own ids look like this: 44 letters)."""

TOKEN_IN_PAGE = re.compile(r'"token"\s*:\s*"([^"]+)"')


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except HTTPError as refused:  # a refusal (a proxy that answers 403 first)
        return refused.code, refused.read().decode("utf-8", "replace")


def session_of(page: str) -> str | None:
    """The session a page was served in (read from the token it embeds), else None."""
    found = TOKEN_IN_PAGE.search(page)
    return get_session_id(found[1]) if found else None


def document_of(page_url: str, session_id: str) -> str:
    """The whole document of session ``session_id`` as JSON text, read over Bokeh's protocol."""

    async def pull() -> str:
        wire = Wire(page_url)
        wire.session_id = session_id
        async with wire:
            reply = await wire.send("PULL-DOC-REQ", {})
        return json.dumps(reply["content"])

    return asyncio.run(pull())


@pytest.fixture(scope="module", params=["cole_panel.serve", "panel serve"])
def site(request):
    launcher = tuple(request.param.split())
    server = SiteServer(launcher=launcher).start()
    yield server
    server.stop()


def chosen_requests(url: str) -> list[tuple[str, dict[str, str]]]:
    token = generate_jwt_token(CHOSEN, signed=False)
    return [
        (f"{url}?room=x&bokeh-session-id={CHOSEN}", {}),
        (f"{url}?bokeh-token={token}", {}),
        (url, {"Bokeh-Session-Id": CHOSEN}),
    ]


@pytest.mark.parametrize("app", ["classroom", "savannah"])
def test_a_chosen_session_is_never_served_not_even_the_first(site, app):
    """Every way of choosing a session, twice, from an app's very first request on: under
    plain ``panel serve`` (no page of the app built yet) the first makes the chosen session,
    which holds only a refusal; every other is sent on to a page of its own."""
    url = site.url(app)
    for address, headers in chosen_requests(url) * 2:
        status, page = fetch(address, headers)
        assert status in (200, 403), (address, status)  # 403: a proxy refusing it first
        session = session_of(page)
        if session == CHOSEN:
            document = document_of(url, CHOSEN)
            assert REFUSAL in document, document[:500]
            assert "cole-room" not in document and "Make the tables" not in document
        elif session is None:  # sent on to a page of its own, or refused by a proxy
            assert status == 403 or "one of your own" in page, page[:400]
        # else: served in a fresh session of the server's own naming


def test_the_fresh_page_sends_the_browser_on_without_the_chosen_session(site):
    status, page = fetch(f"{site.url('circle')}?room=abc")  # a page of one's own: the game
    assert status == 200 and REFUSAL not in document_of(site.url("circle"), session_of(page))
    status, page = fetch(f"{site.url('circle')}?room=abc&bokeh-session-id={CHOSEN}")
    if status == 403:  # refused by a proxy first
        return
    assert 'content="0;url=/circle?room=abc"' in page
    assert "cole-skip" not in page and "preload" not in page  # a page of ours only by name
    assert session_of(page) is None


@pytest.mark.browser
def test_two_browsers_on_one_chosen_address_get_two_sessions_and_no_shared_hand(
    browser, own_server
):
    """A victim opens a room's address with a session id her attacker chose and sits; the
    attacker loads the same address: two sessions, two tokens, and her hand is not his."""
    server = own_server("savannah")
    host_ctx = browser.new_context(viewport=VIEWPORT)
    host = host_ctx.new_page()
    host.set_default_timeout(PAGE_LOAD_TIMEOUT_MS)
    host.goto(f"{server.url}?players=2&speed=0", timeout=PAGE_LOAD_TIMEOUT_MS)
    host.locator(".cole-room-create button").click()
    link = host.locator(".cole-room-made a.cole-room-link")
    expect(link).to_be_visible(timeout=30_000)
    href = link.get_attribute("href")
    host.goto(href, timeout=PAGE_LOAD_TIMEOUT_MS)  # the host holds the first seat
    chosen = f"{href}&bokeh-session-id={CHOSEN}"
    pages, contexts = [], [host_ctx]
    for _ in range(2):  # the victim first, then the attacker
        context = browser.new_context(viewport=VIEWPORT)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(chosen, timeout=PAGE_LOAD_TIMEOUT_MS)
        expect(page.locator(".cole-room-status").first).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
        assert "bokeh-session-id" not in page.url
        pages.append(page)
    try:
        victim, attacker = pages
        victim.locator(".cole-room-sit-1 button").click()
        expect(victim.locator(".cole-room-seat-1")).to_contain_text("— you", timeout=30_000)
        hand = victim.wait_for_function(
            "() => { const c = Bokeh.documents[0].get_model_by_name('savannah-hand-cards');"
            " return c && c.data.card.length ? Array.from(c.data.card) : null; }"
        ).json_value()
        ids = [session_of(p.content()) for p in pages]
        assert None not in ids and ids[0] != ids[1] and CHOSEN not in ids, ids
        tokens = [_token(c) for c in contexts[1:]]
        assert tokens[0] != tokens[1]
        expect(attacker.locator(".cole-room-seat-1")).not_to_contain_text("— you")
        seen = attacker.evaluate(DOCUMENT_TEXT_JS)
        assert not any(card in seen for card in hand), "the attacker's page holds her hand"
    finally:
        for context in contexts:
            context.close()


DOCUMENT_TEXT_JS = """() => {
  const out = [];
  for (const doc of Bokeh.documents)
    for (const model of doc.all_models) {
      const data = model.data;
      if (data && data.card) out.push(...Array.from(data.card).map(String));
      if (typeof model.text === 'string') out.push(model.text);
      if (typeof model.object === 'string') out.push(model.object);
    }
  return out.join('\\n');
}"""


def _token(context) -> str | None:
    return next((c["value"] for c in context.cookies() if c["name"] == "cole_player"), None)
