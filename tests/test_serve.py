"""``make serve``'s launcher (``python -m cole_panel.serve``) as a real server on 127.0.0.1.

What a visitor on a slow network gets: every page and bundle gzipped when the browser accepts
it (the same bytes once unpacked, each static file compressed once), the websocket compressed,
no MathJax or WebGL bundle on any page and Tabulator's only on the pages that show a table.
(The browser tests run every page through the same launcher: tests/browser/conftest.py.)
"""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import urllib.request

import pytest
from tornado.websocket import websocket_connect

from cole_panel.ui.components import BUNDLE
from tests.browser.conftest import SiteServer

PAGES = ("index", "circle", "savannah", "lab")
"""A page without a board, a game without a table, a game with one, and the lab's HoloViews
chart (HoloViews asks for WebGL unless told; Ecosystem is left out: it takes the launcher the
same way, and its first build costs 20-40 s here)."""
TABLE_PAGES = {"ecosystem", "savannah"}
"""The pages that show a table (Panel's Tabulator)."""


@pytest.fixture(scope="module")
def site():
    server = SiteServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def pages(site):
    """``pages(name)``: the page's HTML, unpacked (each page asked once: a page build is slow)."""
    seen: dict[str, str] = {}

    def html(page: str) -> str:
        if page not in seen:
            headers, _, body = fetch(site.url(page))
            assert headers.get("content-encoding") == "gzip", f"/{page} was sent uncompressed"
            seen[page] = body.decode()
        return seen[page]

    return html


def fetch(url: str, *, gzipped: bool = True) -> tuple[dict[str, str], bytes, bytes]:
    """(headers, body as sent, body unpacked) of a GET, asking for gzip or not."""
    headers = {"Accept-Encoding": "gzip"} if gzipped else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=120) as r:
        sent = r.read()
        found = {k.lower(): v for k, v in r.headers.items()}
    unpacked = gzip.decompress(sent) if found.get("content-encoding") == "gzip" else sent
    return found, sent, unpacked


@pytest.mark.parametrize("page", PAGES)
def test_each_page_is_gzipped_and_names_only_the_bundles_it_uses(pages, page):
    html = pages(page)
    assert "bokeh.min.js" in html
    assert "bokeh-mathjax" not in html, f"/{page} still loads Bokeh's 1.8 MB MathJax bundle"
    assert "bokeh-gl" not in html, f"/{page} loads Bokeh's WebGL bundle but draws no WebGL"
    assert ("tabulator" in html) == (page in TABLE_PAGES), f"Tabulator's bundle on /{page}"


def test_bundles_are_gzipped_the_same_bytes_and_cached_by_version(site, pages):
    html = pages("circle")
    base = site.url("")
    scripts = re.findall(r'"(static/js/bokeh\.min\.js\?v=[^"]+)"', html)  # the loader's list
    styles = re.findall(r'href="(static/extensions/panel/bundled/bootstrap5/css/[^"]+)"', html)
    assert scripts and styles, "the page names no Bokeh script or Bootstrap stylesheet"
    for address in (scripts[0], styles[0]):
        plain_headers, plain, _ = fetch(base + address, gzipped=False)
        assert "content-encoding" not in plain_headers  # a client without gzip still reads it
        for _ in range(2):  # compressed on the first request, from memory on the second
            headers, sent, unpacked = fetch(base + address)
            assert headers.get("content-encoding") == "gzip", f"{address} sent uncompressed"
            assert unpacked == plain
            assert len(sent) < 0.4 * len(plain), f"{address}: {len(sent)} of {len(plain)} bytes"
    script_headers, _, _ = fetch(base + scripts[0])
    assert "max-age=" in script_headers.get("cache-control", "")  # versioned: kept by browsers


def test_the_websocket_is_compressed(site):
    _, _, html = fetch(site.url("circle"))  # a session of its own for the websocket to join
    token = json.loads(re.search(r'"token":("[^"]+")', html.decode()).group(1))

    async def handshake() -> str:
        connection = await websocket_connect(
            f"ws://127.0.0.1:{site.port}/circle/ws",
            subprotocols=["bokeh", token],
            compression_options={},
        )
        try:
            return connection.headers.get("Sec-WebSocket-Extensions", "")
        finally:
            connection.close()

    assert "permessage-deflate" in asyncio.run(handshake())


def test_a_page_paints_its_header_before_its_scripts_run(site, pages):
    """No script of the head holds the first paint: the files are loaded by one inline script
    after the page is parsed and painted, each inline snippet and Bokeh's embedding wait for
    them; the header's names are plain HTML, shown meanwhile."""
    html = pages("savannah")
    head = html[: html.index("</head>")]
    assert not re.findall(r"<script[^>]*\bsrc=[^>]*>", head)
    inline = re.findall(r'<script type="text/javascript">(.*?)</script>', head, re.S)
    loaders = [code for code in inline if "files = [" in code]
    assert len(loaders) == 1 and "static/js/bokeh.min.js" in loaders[0], loaders
    waiting = [code for code in inline if code not in loaders]
    assert all(code.startswith('document.addEventListener("cole-scripts"') for code in waiting)
    body = html[html.index("<body") :]
    assert 'class="title"' in body and "On the Savannah" in body
    assert 'document.addEventListener("cole-scripts", fn' in body
    # A client without gzip gets the rewritten page whole, its length told right.
    headers, sent, _ = fetch(site.url("circle"), gzipped=False)
    assert int(headers["content-length"]) == len(sent) and sent.rstrip().endswith(b"</html>")
    assert b"static/js/bokeh.min.js" in sent and b"cole-scripts" in sent


def test_a_page_holds_its_first_paint_and_its_links_in_plain_html(pages):
    """What a phone shows before 1 MB of scripts: the game's name, its picture (named for a
    screen reader), its line, and the header's links with the page marked."""
    html = pages("savannah")
    main = html[html.index('id="main"') :]
    assert main.index("<h1>On the Savannah</h1>") < main.index("data-root-id")
    assert re.search(r'<img src="data:image/svg\+xml,[^"]+" alt="[^"]+"', main)
    assert "Loading the game" in main
    header = html[html.index('<div id="header-items">') : html.index('id="main"')]
    assert '<nav class="cole-nav" aria-label="Pages">' in header
    assert '<a href="./savannah" aria-current="page">' in header


def test_a_game_page_asks_for_its_components_while_it_is_parsed(site, pages):
    """The components' one file (cole_panel.ui.components) is named in a game page's head, so
    a slow network fetches it beside Bokeh's files, not after them; the address gives that file
    (and pages without components do not name it)."""
    html = pages("circle")
    head = html[: html.index("</head>")]
    found = re.search(
        r'<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">', head
    )
    assert found, "the components' bundle is not preloaded"
    assert found[1].endswith("/components.bundle.js")
    _, _, body = fetch(site.url(found[1]))
    assert body == BUNDLE.read_bytes()
    for other in ("index", "lab"):  # no components there: a preload would go unused (warned)
        assert 'rel="preload"' not in pages(other)[: pages(other).index("</head>")]


def test_a_game_page_starts_with_a_link_past_its_settings(pages):
    """A game page's first element is "Skip to the game" (to the main area); the landing page
    and the lab have no game to skip to."""
    for game in ("circle", "ecosystem", "savannah"):
        html = pages(game)
        body = html[html.index("<body") :]
        first = re.search(r"<a [^>]*>[^<]*</a>", body)
        assert first and first[0] == '<a class="cole-skip" href="#main">Skip to the game</a>'
        assert body.index("cole-skip") < body.index('id="header-items"')
    for other in ("index", "lab"):
        assert "Skip to the game" not in pages(other)
