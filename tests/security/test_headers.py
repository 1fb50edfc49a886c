"""What every answer of ``make serve`` says about itself: the browser's token set by the server
as an ``HttpOnly``, ``SameSite=Lax`` cookie and kept out of the page (a page script wrote it,
readable by any script), and headers that keep pages out of other sites' frames."""

from __future__ import annotations

import urllib.request

import pytest
from bokeh.util.token import get_token_payload

from cole_panel.serve import SECURITY_HEADERS
from cole_panel.ui.token import COOKIE
from tests.browser.conftest import SiteServer
from tests.security.test_sessions import TOKEN_IN_PAGE


@pytest.fixture(scope="module")
def site():
    server = SiteServer().start()
    yield server
    server.stop()


def get(url: str, cookie: str | None = None):
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=120) as r:
        return r.headers, r.read().decode("utf-8", "replace")


def test_a_first_visit_gets_its_token_as_an_httponly_lax_cookie_kept_out_of_the_page(site):
    headers, page = get(site.url("circle"))
    cookies = [c for c in headers.get_all("Set-Cookie") or [] if c.startswith(f"{COOKIE}=")]
    assert len(cookies) == 1, headers
    token = cookies[0].split(";")[0].split("=", 1)[1]
    assert "HttpOnly" in cookies[0] and "SameSite=Lax" in cookies[0] and "Path=/" in cookies[0]
    assert token not in page
    # a second visit with it: the same browser, no new cookie, and still not in the page
    headers, page = get(site.url("circle"), cookie=token)
    assert not any(c.startswith(f"{COOKIE}=") for c in headers.get_all("Set-Cookie") or [])
    payload = get_token_payload(TOKEN_IN_PAGE.search(page)[1])
    assert COOKIE not in payload.get("cookies", {}) and token not in page


@pytest.mark.parametrize("address", ["circle", "classroom", "index", "static/js/bokeh.min.js"])
def test_every_answer_says_it_may_not_be_framed_by_another_site(site, address):
    url = f"http://127.0.0.1:{site.port}/{address}"
    headers, _ = get(url)
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name) == value, (address, name, headers.get(name))
