"""``python -m cole_panel.serve apps/*.py [panel serve options]``: ``panel serve`` with small pages.

What ``make serve`` runs.  It takes every option of ``panel serve`` (it *is* Panel's ``serve``
command, through the customisation hooks Bokeh's ``serve`` command offers subclasses) and adds:

* **a page of one's own** from the first request on: an address or header that names a Bokeh
  session is answered with a page that sends the browser to one of its own
  (:mod:`cole_panel.ui.own_session`; plain ``panel serve`` has it from an app's first page).
* **a server-set browser cookie and security headers** (:class:`PageHeaders`): the browser's
  token as an ``HttpOnly``, ``SameSite=Lax`` cookie (``Secure`` over HTTPS), and
  :data:`SECURITY_HEADERS` on every answer.
* **a teacher's key** (:mod:`cole_panel.rooms.teacher_key`): made and shown once when the
  operator set none, so that ``/classroom`` makes tables only for the teachers given it.
* **gzip** for every HTML, JavaScript, CSS and JSON response a browser accepts it for
  (tornado's ``GZipContentEncoding``).  A static file (Bokeh's and Panel's bundles, addressed
  by version) is compressed once per process and then served from memory
  (:class:`cole_panel.runtime.serving.StaticGzip`): compressing the 3 MB of JavaScript of a first visit afresh costs the
  event loop about 0.4 s, paid by every other visitor at once when a class arrives together.
* **websocket compression** (permessage-deflate, :data:`WEBSOCKET_COMPRESSION`): the page's
  document arrives over the websocket (35-160 KB of JSON) and shrinks to about a sixth.
* **a page drawn before its scripts run** (:func:`defer_scripts`): the head's scripts are
  loaded once the parsed page has been painted, so the page's header shows while Bokeh's and
  Panel's bundles load and run, and the main area shows the page's name, picture and line
  meanwhile (:func:`with_first_paint`, :mod:`cole_panel.ui.first_paint`); the head names the
  pages' components' one file (``<link rel="preload">``, :mod:`cole_panel.ui.components`), so
  it is fetched beside Bokeh's files rather than once the page is being drawn.
* **only the bundles a page uses** (:func:`unused_bundles`, removed from the page by
  :class:`DeferScripts`): no MathJax bundle (1.8 MB, 0.6 MB
  gzipped; no page of ours typesets TeX, but Panel 1.9 asks for it on every page whose
  template has an HTML pane as a root, which every template has) and no WebGL bundle on a
  page that draws nothing with WebGL.  Tabulator's bundle is named by Panel only on the pages
  that load its extension (Ecosystem and Savannah, which show tables).

``panel serve apps/*.py`` still serves the same pages, uncompressed and with the MathJax and
WebGL bundles.  Static files keep Bokeh's and Panel's caching by version (``?v=`` addresses, ETags).
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from collections.abc import Callable
from typing import Any

from bokeh.document import Document
from bokeh.models import Plot
from bokeh.util.token import get_session_id
from panel.command.serve import Serve
from panel.io.resources import component_resource_path
from tornado.httputil import HTTPHeaders, HTTPServerRequest
from tornado.web import OutputTransform

from cole_panel.game_pages import GAME_PAGES
from cole_panel.rooms.teacher_key import ensure_key
from cole_panel.runtime.serving import StaticGzip
from cole_panel.ui.components import BUNDLE, BundledComponent
from cole_panel.ui.first_paint import ELEMENT_ID as FIRST_PAINT_ID
from cole_panel.ui.first_paint import first_paint
from cole_panel.ui.own_session import guard
from cole_panel.ui.shell import NAV_CSS, PAGES, nav_html
from cole_panel.ui.token import COOKIE, BrowserCookie, cookie_header

__all__ = [
    "DeferScripts",
    "PageHeaders",
    "SmallPagesServe",
    "defer_scripts",
    "main",
    "page_name",
    "unused_bundles",
    "with_first_paint",
]

WEBSOCKET_COMPRESSION = {"websocket_compression_level": 6, "websocket_compression_mem_level": 5}
"""zlib settings of the websocket's permessage-deflate (mem level 5: ~180 KB per open page)."""

SECURITY_HEADERS = {
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy": "frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""Sent with every answer: no page is framed by another site (a click-jacking student page
over a teacher's controls), no file is read as another type than it says, and a room's or a
class's address is never sent to another site as the referrer."""


_HEAD = re.compile(r"<head>.*?</head>", re.S)
_SCRIPT_FILE = re.compile(r'<script type="text/javascript" src="([^"]+)"></script>\n?')
_INLINE_SCRIPT = re.compile(r'<script type="text/javascript">(.*?)</script>', re.S)
_EMBED_WAIT = 'document.addEventListener("DOMContentLoaded", fn, {once: true});'
"""How Bokeh's embedding script, at the end of the body, waits for the page to be parsed."""

SCRIPTS_LOADED = "cole-scripts"
"""The event on ``document`` once the head's script files have run (after the first paint)."""

LOADER_JS = """(function () {
  var files = %s, started = false;
  function load() {
    if (started) return;
    started = true;
    files.forEach(function (src, i) {
      var script = document.createElement("script");
      script.src = src;
      script.async = false;
      if (i === files.length - 1) script.onload = script.onerror = function () {
        document.dispatchEvent(new Event("%s"));
      };
      document.head.appendChild(script);
    });
  }
  function shown(entries) {
    var first = document.getElementById("%s");
    var pictures = first ? first.getElementsByTagName("img") : [];
    return entries.some(function (entry) {
      if (!pictures.length) return entry.name === "first-contentful-paint";
      return Array.prototype.indexOf.call(pictures, entry.element) >= 0;
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (document.visibilityState === "hidden") return load();
    setTimeout(load, 1000);
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf("largest-contentful-paint") < 0 || types.indexOf("paint") < 0) {
      return requestAnimationFrame(function () { setTimeout(load, 0); });
    }
    ["paint", "largest-contentful-paint"].forEach(function (type) {
      new PerformanceObserver(function (list, observer) {
        if (shown(list.getEntries())) { observer.disconnect(); setTimeout(load, 0); }
      }).observe({type: type, buffered: true});
    });
  }, {once: true});
})();"""
"""Loads ``files`` (a JSON list) in their order once the parsed page has been shown, then
sends :data:`SCRIPTS_LOADED`.  Shown means the browser reported (``PerformanceObserver``) the
paint of the first paint's picture, the page's largest paint (its first contentful paint on
a page without a picture): reported once on screen, so no file is asked for before it.  The
frame after ``DOMContentLoaded`` was not enough: the browser puts a frame on screen some
milliseconds after running its ``requestAnimationFrame`` callbacks, so the files were often
asked for before the first paint was on screen (in 2 of 3 Lighthouse traces of Circle), and
a page whose files arrived and ran before it had them counted into its first and largest
paint by Lighthouse's simulation (Circle 42-46 with FCP 3.3 s, LCP 6.9 s; else 73).  Without
those reports (older Safari), the frame after ``DOMContentLoaded``; in a hidden tab, which
paints no frame, at once; at the latest 1 s after ``DOMContentLoaded``."""


def defer_scripts(page: str) -> str:
    """``page`` with the scripts of its ``<head>`` run once the page is parsed and painted.

    A browser draws nothing while a ``<script src>`` of the head loads and runs, and a page's
    head names 1 MB of Bokeh's and Panel's JavaScript: on a phone on slow Wi-Fi the page's
    header (the site's and the game's name) showed after ~6 s of blank screen.  Deferred
    (``<script defer>``), the files still ran before the browser's first frame whenever they
    had arrived by the end of parsing (a fast network, or a cache): the page then stayed
    blank while Bokeh's modules were read and the page built (~1.3 s on a laptop, seconds on
    a phone).  So the files are loaded by :data:`LOADER_JS` once the browser reports the
    first paint on screen, in their order; an inline script of the head (Bokeh's log level) and Bokeh's
    embedding, which waited for ``DOMContentLoaded``, wait for :data:`SCRIPTS_LOADED`.
    A page whose embedding waits otherwise keeps its scripts as they are.

    >>> print(defer_scripts('<head><script type="text/javascript" src="b.js"></script>'
    ...     '<script type="text/javascript">Bokeh.x();</script></head><body><script>'
    ...     'document.addEventListener("DOMContentLoaded", fn, {once: true});</script></body>'
    ...     ).replace(LOADER_JS % ('["b.js"]', SCRIPTS_LOADED, FIRST_PAINT_ID), "LOADER"))
    <head><script type="text/javascript">document.addEventListener("cole-scripts", function () {Bokeh.x();}, {once: true});</script><script type="text/javascript">LOADER</script></head><body><script>document.addEventListener("cole-scripts", fn, {once: true});</script></body>
    """
    if page.count(_EMBED_WAIT) != 1:
        return page
    files: list[str] = []

    def head(match: re.Match[str]) -> str:
        def take(script: re.Match[str]) -> str:
            files.append(html.unescape(script[1]))
            return ""

        rest = _INLINE_SCRIPT.sub(_after_scripts, _SCRIPT_FILE.sub(take, match[0]))
        loader = LOADER_JS % (json.dumps(files), SCRIPTS_LOADED, FIRST_PAINT_ID)
        # At the end of the head: its ``<meta charset>`` stays within the first 1,024 bytes.
        return rest.replace("</head>", f'<script type="text/javascript">{loader}</script></head>')

    page = _HEAD.sub(head, page, count=1)
    wait = f'document.addEventListener("{SCRIPTS_LOADED}", fn, {{once: true}});'
    return page.replace(_EMBED_WAIT, wait)


def _after_scripts(match: re.Match[str]) -> str:
    return (
        f'<script type="text/javascript">document.addEventListener("{SCRIPTS_LOADED}", '
        f"function () {{{match[1]}}}, {{once: true}});</script>"
    )


_MAIN = re.compile(r'<div [^>]*\bid="main"[^>]*>')
_BODY = re.compile(r"<body[^>]*>")
_HEADER_ITEMS = re.compile(r'<div id="header-items">')

# The header's links as the page's own HTML, in place of the template's pane of them (kept in
# the document, hidden: its root's inline ``display: contents`` needs the ``!important``).
_HEADER_CSS = f"""{NAV_CSS}
#header-items > .cole-nav {{ margin: 0 5px; }}
#header-items:has(> .cole-nav) > [data-root-id] {{ display: none !important; }}
"""


# The first Tab stop of a game's page (WCAG 2.4.1): past the header's links and the sidebar's
# settings (some 20-45 stops) to the game; out of sight until it has the focus.
_SKIP_CSS = """.cole-skip { position: absolute; left: -10000px; top: 4px; z-index: 2000;
  background: #fff; color: #1f3f7f; padding: 8px 12px; border-radius: 6px; font-size: 15px; }
.cole-skip:focus { left: 8px; outline: 3px solid #1f5fbf; outline-offset: 2px; }"""
_SKIP = f'<style>{_SKIP_CSS}</style><a class="cole-skip" href="#main">Skip to the game</a>'

_PRELOAD = (
    '<link rel="preload" as="fetch" crossorigin="anonymous" href="'
    + component_resource_path(BundledComponent, "_bundle_path", BUNDLE)
    + '">'
)
"""The components' bundle asked for while a game's page is parsed: else it is asked for only once
Bokeh's files have come and run and the page is being drawn, one more trip over a slow
network before the keys, the width and the deferred parts work."""


GAME_ADDRESSES = frozenset(page.address for page in GAME_PAGES.values())
"""The games' pages: the pages whose boards have components (keys, width, parts sent for)."""


def with_first_paint(page: str, name: str) -> str:
    """``page`` with the header's links and
    :func:`~cole_panel.ui.first_paint.first_paint` of the app ``name`` in plain HTML, so both
    show before the scripts have run (an address that is no page of ours: as it is).

    The links are the page's own from then on: the template's pane of them would widen the
    header once drawn and push the whole page down on a phone.
    """
    if name not in dict(PAGES):
        return page
    nav = f"<style>{_HEADER_CSS}</style>{nav_html(name)}"
    page = _HEADER_ITEMS.sub(lambda match: match[0] + nav, page, count=1)
    if name in GAME_ADDRESSES:  # the pages with components: elsewhere a preload is unused
        page = page.replace("</head>", f"{_PRELOAD}</head>", 1)
        page = _BODY.sub(lambda match: match[0] + _SKIP, page, count=1)
    early = first_paint(name)
    return _MAIN.sub(lambda match: match[0] + early, page, count=1) if early else page


def page_name(path: str) -> str:
    """The app a page's address asks for (its last part; the site's root is the index).

    >>> page_name("/circle"), page_name("/games/lab/"), page_name("/")
    ('circle', 'lab', 'index')
    """
    return path.rstrip("/").rpartition("/")[2] or "index"


class PageHeaders(OutputTransform):
    """Tornado transform: every answer gets :data:`SECURITY_HEADERS`, and a page whose browser
    had no token gets the one made for it (:func:`~cole_panel.ui.token.cookie_header`)."""

    def __init__(self, request: HTTPServerRequest) -> None:
        super().__init__(request)
        self._request = request

    def transform_first_chunk(
        self, status_code: int, headers: HTTPHeaders, chunk: bytes, finishing: bool
    ) -> tuple[int, HTTPHeaders, bytes]:
        for name, value in SECURITY_HEADERS.items():
            headers.setdefault(name, value)
        cookie = cookie_header(self._request)
        if cookie and status_code == 200:
            headers.add("Set-Cookie", cookie)
        return status_code, headers, chunk


class DeferScripts(OutputTransform):
    """Tornado transform: every HTML page answered whole loses the bundles its document does
    not use (:func:`unused_bundles`) and gets :func:`defer_scripts` and its first paint
    (:func:`with_first_paint`)."""

    def __init__(self, request: HTTPServerRequest) -> None:
        super().__init__(request)
        self._page = page_name(request.path)

    def transform_first_chunk(
        self, status_code: int, headers: HTTPHeaders, chunk: bytes, finishing: bool
    ) -> tuple[int, HTTPHeaders, bytes]:
        html = str(headers.get("Content-Type", "")).startswith("text/html")
        if status_code == 200 and finishing and html and "Content-Encoding" not in headers:
            page = chunk.decode("utf-8")
            if _EMBED_WAIT not in page:  # no page of Bokeh's (a busy page, a fresh-session one)
                return status_code, headers, chunk
            page = without_bundles(page, unused_bundles(page_document(page)))
            chunk = with_first_paint(defer_scripts(page), self._page).encode("utf-8")
            if "Content-Length" in headers:
                headers["Content-Length"] = str(len(chunk))
        return status_code, headers, chunk


def unused_bundles(doc: Document | None) -> frozenset[str]:
    """The bundles of Bokeh's that a page of ``doc`` does not use.

    Bokeh's MathJax bundle always (no page typesets TeX); its WebGL bundle unless a plot of
    ``doc`` asks for WebGL (HoloViews' charts do, Bokeh's boards do not).  A WebGL plot
    added later is drawn on the 2D canvas (BokehJS falls back by itself).  Without a document
    (a page of no session of this process) only MathJax.

    >>> from bokeh.plotting import figure
    >>> drawn = Document()
    >>> drawn.add_root(figure(output_backend="webgl"))
    >>> sorted(unused_bundles(Document())), sorted(unused_bundles(drawn))
    (['bokeh-gl', 'bokeh-mathjax'], ['bokeh-mathjax'])
    >>> sorted(unused_bundles(None))
    ['bokeh-mathjax']
    """
    if doc is None or any(
        isinstance(model, Plot) and model.output_backend == "webgl" for model in doc.models
    ):
        return frozenset({"bokeh-mathjax"})
    return frozenset({"bokeh-mathjax", "bokeh-gl"})


def bundle_name(address: str) -> str:
    """The bundle a script's address loads.

    >>> bundle_name("static/js/bokeh-gl.min.js?v=1f2e"), bundle_name("/x/bokeh.js")
    ('bokeh-gl', 'bokeh')
    """
    name = address.partition("?")[0].rpartition("/")[2].removesuffix(".js")
    return name.removesuffix(".min")


def without_bundles(page: str, unused: frozenset[str]) -> str:
    """``page`` without the script tags that load the bundles in ``unused``.

    >>> without_bundles('<script type="text/javascript" src="js/bokeh-gl.min.js?v=1">'
    ...     '</script>\\n<p>', frozenset({"bokeh-gl"}))
    '<p>'
    """
    return _SCRIPT_FILE.sub(
        lambda script: "" if bundle_name(script[1]) in unused else script[0], page
    )


_TOKEN = re.compile(r'"token":\s*("[^"]+")')
_SESSIONS: list[Callable[[], list[Any]]] = []
"""The server's ``get_sessions`` once it is made (:meth:`SmallPagesServe.customize_server`)."""


def page_document(page: str) -> Document | None:
    """The document of the session whose page ``page`` is (Bokeh's embedding names the
    session's token), if this process serves it."""
    found = _TOKEN.search(page)
    if found is None or not _SESSIONS:
        return None
    session_id = get_session_id(json.loads(found[1]))
    return next((s.document for s in _SESSIONS[-1]() if s.id == session_id), None)


class SmallPagesServe(Serve):
    """Panel's ``serve`` command with gzip, websocket compression and only the bundles used."""

    def customize_applications(self, args: argparse.Namespace, applications: dict) -> dict:
        applications = super().customize_applications(args, applications)
        for application in applications.values():  # from the first request on
            guard(application)
            application.add(BrowserCookie())
        return applications

    def customize_kwargs(self, args: argparse.Namespace, server_kwargs: dict) -> dict:
        kwargs = super().customize_kwargs(args, server_kwargs)
        # tornado.web.Application's ``transforms`` (its ``compress_response=True`` would add
        # the plain GZipContentEncoding, compressing every static file for every visitor).
        kwargs["transforms"] = [PageHeaders, DeferScripts, StaticGzip]  # gzip comes last
        # The browser's token is read off the request (BrowserCookie), not from the token
        # Bokeh writes into every page, where any script of the page could read it.
        kwargs["exclude_cookies"] = [*(kwargs.get("exclude_cookies") or []), COOKIE]
        for name, value in WEBSOCKET_COMPRESSION.items():
            if kwargs.get(name) is None:
                kwargs[name] = value
        return kwargs

    def customize_server(self, server: Any) -> Any:
        server = super().customize_server(server)
        _SESSIONS.append(server.get_sessions)  # a page's bundles are chosen by its document
        return server


def main(argv: list[str] | None = None) -> int:
    """Parse ``panel serve``'s options from ``argv`` and serve until stopped."""
    parser = argparse.ArgumentParser(
        prog="python -m cole_panel.serve",
        description="panel serve, with gzip, websocket compression and no MathJax bundle",
    )
    argv = sys.argv[1:] if argv is None else list(argv)
    made = ensure_key()  # the teacher's key, made (and shown) once when none is set
    if made:
        print(made, flush=True)
    processes, argv = _processes(argv)
    if processes > 1:
        from cole_panel.haproxy import haproxy_command, serve_processes

        if haproxy_command() is not None:
            return serve_processes([*argv, "--processes", str(processes)])
        print(
            f"cole-panel: HAProxy is not installed, so one process serves instead of {processes}"
            " (install Debian's haproxy: `apt-get install haproxy`, or `make serve` as root)",
            flush=True,
        )
    command = SmallPagesServe(parser=parser)
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="serve from this many processes behind HAProxy (cole_panel.haproxy)",
    )
    args = parser.parse_args(argv)
    command.invoke(args)
    return 0


def _processes(argv: list[str]) -> tuple[int, list[str]]:
    """``--processes N`` (1 when absent) and the other arguments.

    >>> _processes(["apps/circle.py", "--processes", "2", "--port", "5006"])
    (2, ['apps/circle.py', '--port', '5006'])
    """
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--processes", type=int, default=1)
    known, rest = parser.parse_known_args(argv)
    if known.processes < 1:
        raise SystemExit("--processes must be 1 or more")
    return known.processes, rest


if __name__ == "__main__":
    raise SystemExit(main())
