"""What a page shows before its scripts have run: its name, its picture and a line on what it is.

A page's HTML holds nothing of the page itself: Panel draws everything once ~1 MB of Bokeh's and
Panel's JavaScript has loaded and built the page, 6-8 s on a phone on slow Wi-Fi.  The launcher
(:mod:`cole_panel.serve`) puts :func:`first_paint` of the page asked for into the page's main area,
as plain HTML: a game's title, its picture (the index card's, :mod:`cole_panel.pictures`) and its
line, or the landing page's games, so a visitor reads what is coming while it loads.  It lies over
the main area (nothing is laid out under or after it), so when the page is drawn and
:data:`REMOVE_JS` takes it away nothing moves.  On a phone the settings sidebar, which opens
closed there, is hidden while it is shown.
"""

from __future__ import annotations

import html
import re
from functools import cache
from urllib.parse import quote

from ..game_pages import GAME_PAGES
from .screens import NARROW, SITE_NAME

__all__ = ["ELEMENT_ID", "LAB_LINE", "REMOVE_JS", "first_paint", "picture_img"]

ELEMENT_ID = "cole-first-paint"

LAB_LINE = "Play many games between bots on Dask workers and watch the 95% intervals narrow."
"""The lab page's line (its intro and its first paint)."""

INDEX_LINE = (
    "The *Circle of Life* family of games of food webs: learn the rules by playing, "
    "explore scoring, play against bots."
)
"""The landing page's line, in Markdown (its intro and its first paint)."""

LAB_LINK = "[Simulation lab](./lab): tournaments and balance studies on Dask."
"""The landing page's last line, in Markdown."""

REMOVE_JS = f'document.getElementById("{ELEMENT_ID}")?.remove();'
"""Run once the page is drawn: the first paint goes (the drawn page lies under it)."""

PICTURE_WIDTH = 360
"""The largest width (px) of a game's picture, which shrinks to a narrow column."""

# Sized as the drawn pages' text (Panel's Markdown), so the swap reads as the same page.
_CSS = f"""
#main {{ position: relative; }}
#{ELEMENT_ID} {{ position: absolute; inset: 0; z-index: 5; overflow: hidden; padding: 4px 20px;
  background: var(--bs-body-bg, #fff); color: #212529; font-size: 14px; line-height: 1.4; }}
#{ELEMENT_ID} h1 {{ font-size: 26px; font-weight: bold; margin: 12px 0; }}
#{ELEMENT_ID} h2 {{ font-size: 15px; font-weight: bold; margin: 12px 0 8px; }}
#{ELEMENT_ID} img {{ width: min(100%, {PICTURE_WIDTH}px); height: auto; display: block; }}
#{ELEMENT_ID} .cole-first-cards {{ display: flex; flex-wrap: wrap; gap: 16px; }}
#{ELEMENT_ID} .cole-first-cards > div {{ width: 300px; border: 1px solid #ccc;
  border-radius: 8px; padding: 10px 12px; }}
#{ELEMENT_ID} .cole-first-cards img {{ width: 240px; }}
#{ELEMENT_ID} a {{ color: #0b5ed7; }}
@media (max-width: {NARROW - 0.02}px) {{ body:has(#{ELEMENT_ID}) #sidebar {{ display: none; }} }}
"""

_LABEL = re.compile(r'aria-label="([^"]*)"')
_EMPHASIS = re.compile(r"\*([^*]+)\*")
_LINK = re.compile(r"\[([^]]+)\]\(([^)]+)\)")


def picture_img(svg: str) -> str:
    """``svg`` (a picture of :mod:`cole_panel.pictures`) as an ``<img>`` named by its label."""
    found = _LABEL.search(svg)
    alt = found[1] if found else ""  # already escaped in the SVG
    return f'<img src="data:image/svg+xml,{quote(svg)}" alt="{alt}" width="240" height="160">'


def _line(markdown: str) -> str:
    """One line of our Markdown (emphasis and links only) as HTML."""
    escaped = _EMPHASIS.sub(r"<em>\1</em>", html.escape(markdown, quote=False))
    return _LINK.sub(r'<a href="\2">\1</a>', escaped)


def _game(address: str) -> str:
    page = next(p for p in GAME_PAGES.values() if p.address == address)
    return (
        f"<h1>{html.escape(page.title)}</h1>{picture_img(page.picture_svg())}"
        f"<p>{html.escape(page.blurb)}</p><p>Loading the game…</p>"
    )


def _index() -> str:
    cards = "".join(
        f'<div>{picture_img(page.picture_svg())}<h2><a href="./{page.address}">'
        f"{html.escape(page.title)}</a></h2><p>{html.escape(page.blurb)}</p></div>"
        for page in GAME_PAGES.values()
    )
    return (
        f"<h1>{html.escape(SITE_NAME)}</h1><p>{_line(INDEX_LINE)}</p>"
        f'<div class="cole-first-cards">{cards}</div><p>{_line(LAB_LINK)}</p>'
    )


def _lab() -> str:
    return f"<h1>Simulation lab</h1><p>{html.escape(LAB_LINE)}</p><p>Loading the lab…</p>"


@cache
def first_paint(page: str) -> str:
    """The HTML shown in the main area of ``page`` (an app name) until it is drawn; "" for a
    page without one.

    >>> "<h1>Circle of Life</h1>" in first_paint("circle"), first_paint("nowhere")
    (True, '')
    """
    games = {p.address for p in GAME_PAGES.values()}
    if page in games:
        body = _game(page)
    elif page == "index":
        body = _index()
    elif page == "lab":
        body = _lab()
    else:
        return ""
    # Its style goes with it: the drawn page's main area is laid out as before.  A named
    # section is a landmark: a screen reader's list of regions finds it.
    return (
        f'<section id="{ELEMENT_ID}" aria-label="The page, while it loads" aria-busy="true">'
        f"<style>{_CSS}</style>{body}</section>"
    )
