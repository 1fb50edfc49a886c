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

__all__ = ["ELEMENT_ID", "LAB_INTRO", "LAB_LINE", "REMOVE_JS", "first_paint", "picture_img"]

ELEMENT_ID = "cole-first-paint"

LAB_LINE = "Play many games between bots on Dask workers and watch the 95% intervals narrow."
"""The lab page's line (its intro and its first paint)."""

LAB_INTRO = (
    f"{LAB_LINE} Choose the game, the bots and the number of games in the settings (on a "
    "narrow screen, the ☰ menu at the top left opens them), then press **Start**. "
    "[All games](./index)"
)
"""The lab's intro under its title, in Markdown: its line and where a newcomer finds the
study's settings (at 390 px the page shows only its chart).  The first paint shows the same
words, so the drawn page's paragraph is no larger than what was read first."""

INDEX_LINE = (
    "The *Circle of Life* family of games of food webs: learn the rules by playing, "
    "explore scoring, play against bots."
)
"""The landing page's line, in Markdown (its intro and its first paint)."""

LAB_LINK = (
    "[Learn](./learn) each game rule by rule, from nothing to a first game. "
    "[Simulation lab](./lab): tournaments and balance studies on Dask."
)
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
_STRONG = re.compile(r"\*\*([^*]+)\*\*")
_EMPHASIS = re.compile(r"\*([^*]+)\*")
_LINK = re.compile(r"\[([^]]+)\]\(([^)]+)\)")


def picture_img(svg: str) -> str:
    """``svg`` (a picture of :mod:`cole_panel.pictures`) as an ``<img>`` named by its label."""
    found = _LABEL.search(svg)
    alt = found[1] if found else ""  # already escaped in the SVG
    return f'<img src="data:image/svg+xml,{quote(svg)}" alt="{alt}" width="240" height="160">'


def _line(markdown: str) -> str:
    """One line of our Markdown (strong, emphasis and links only) as HTML.

    >>> _line("press **Start**, *now*: [All games](./index)")
    'press <strong>Start</strong>, <em>now</em>: <a href="./index">All games</a>'
    """
    escaped = _STRONG.sub(r"<strong>\1</strong>", html.escape(markdown, quote=False))
    escaped = _EMPHASIS.sub(r"<em>\1</em>", escaped)
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


def _lab_chart() -> str:
    """The lab's chart as it is before a study (an SVG): its title, its axes and their names."""
    w, h, left, top, right, bottom = 360, 240, 52, 34, 350, 196
    ticks = "".join(
        f'<line x1="{left - 5}" x2="{left}" y1="{y:.0f}" y2="{y:.0f}" stroke="#444"/>'
        f'<text x="{left - 8}" y="{y + 4:.0f}" text-anchor="end">{v / 5:g}</text>'
        for v in range(6)
        for y in [bottom - v * (bottom - top) / 5]
    )
    body = (
        f'<rect width="{w}" height="{h}" fill="#fff"/>'
        f'<text x="{left + 8}" y="20" font-size="14" font-weight="bold">Win rates as games '
        f'finish</text><rect x="{left}" y="{top}" width="{right - left}" '
        f'height="{bottom - top}" fill="none" stroke="#e5e5e5"/>'
        f'<path d="M{left} {top}V{bottom}H{right}" fill="none" stroke="#444"/>{ticks}'
        f'<text x="{(left + right) / 2:.0f}" y="{h - 14}" text-anchor="middle" '
        f'font-style="italic">games played by the bot</text>'
        f'<text transform="translate(14 {(top + bottom) / 2:.0f}) rotate(-90)" '
        f'text-anchor="middle" font-style="italic">win rate (95% interval)</text>'
    )
    label = "The chart of the bots' win rates, empty until a study runs"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
        f'height="{h}" font-family="sans-serif" font-size="11" fill="#444" role="img" '
        f'aria-label="{html.escape(label)}">{body}</svg>'
    )


def _lab() -> str:
    # The chart's picture is the largest thing painted, so the page's largest paint is its
    # first: nothing drawn later is larger (the drawn chart is a canvas, its intro these words).
    return (
        f"<h1>Simulation lab</h1><p>{_line(LAB_INTRO)}</p>{picture_img(_lab_chart())}"
        "<p>Loading the lab…</p>"
    )


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
