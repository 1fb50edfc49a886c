"""The served pages' frame on every screen: a phone's own width, a sidebar that makes way.

Without a viewport tag a phone lays a page out 980 px wide and shrinks it to 40% (text about
5 px); :data:`VIEWPORT` makes the page as wide as the screen.  Under :data:`NARROW` px the
settings sidebar starts closed and opens over the page instead of squeezing the board beside
it (:data:`FRAME_CSS`, :data:`CLOSE_SIDEBAR_JS`); the header wraps its links on a phone.
"""

from __future__ import annotations

SITE_NAME = "Ecology board games"
"""What the header and every tab title call the site (the project's own name meant nothing to
a visitor)."""

VIEWPORT = "width=device-width, initial-scale=1"
"""The page's ``<meta name="viewport">``: laid out at the device's width, zoom left to the user."""

NARROW = 1024
"""Windows narrower than this (px) open with the sidebar closed."""


def page_title(title: str) -> str:
    """The browser tab's title of a page: ``"Circle of Life · Ecology board games"``.

    >>> page_title("Lab")
    'Lab · Ecology board games'
    """
    return f"{title} · {SITE_NAME}"


# The template's own elements (#header, #sidebar...) are in the page, not in a shadow root, so
# the template's raw CSS reaches them.
FRAME_CSS = f"""
@media (max-width: {NARROW - 0.02}px) {{
  #content {{ position: relative; }}
  #sidebar {{
    position: absolute; top: 0; left: 0; bottom: 0; z-index: 1050;
    width: min(var(--sidebar-width), calc(100vw - 32px));
    background: var(--bs-body-bg, #fff); box-shadow: 4px 0 16px rgba(0, 0, 0, 0.3);
  }}
}}
@media (max-width: 1279.98px) {{
  #header .title {{ font-size: 1em; }}
}}
@media (max-width: 600px) {{
  /* One line: the menu, then the links, which scroll sideways (the page they are on is
     marked); right: the busy sign, 52 px wide, 8 px in from the edge */
  #header {{ flex-wrap: nowrap; padding: 2px 64px 2px 4px; }}
  #header .title {{ font-size: 1.1em; line-height: 1.6em; padding-left: 0.2em; }}
  /* the site's and the page's names: "All games" and the marked link say them */
  #header .app-header .title {{ display: none; }}
  #header-items {{ flex: 1 1 auto; min-width: 0; margin-left: 4px; overflow: hidden; }}
  #header .pn-busy-container {{ position: absolute; top: 8px; right: 8px; }}
  #main {{ padding-left: 2px; padding-right: 2px; }}
}}
"""
"""Under :data:`NARROW` px the open sidebar lies over the page; on a phone the header wraps."""

CLOSE_SIDEBAR_JS = f"""
if (window.innerWidth < {NARROW}) {{
  const sidebar = document.getElementById("sidebar");
  if (sidebar && sidebar.classList.contains("show")) {{
    sidebar.classList.remove("show");
    const toggle = document.getElementById("sidebar-toggle");
    if (toggle) toggle.setAttribute("aria-expanded", "false");
  }}
}}
"""
"""Run once the page is drawn: a window under :data:`NARROW` px starts with the sidebar closed
(its toggle in the header opens it)."""
