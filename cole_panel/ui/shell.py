"""The frame every served page shares: one Bootstrap template with the same header and links.

``app_shell(content, title=..., page=...)`` puts a dashboard's ``settings()`` in the sidebar and
its ``play_area()`` in the main area; a dashboard without both methods goes whole into the main
area.  Every resource of the template is served by ``panel serve`` itself (no CDN, no web font),
so the pages work on a machine without internet.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import cache, partial
from typing import Any

import panel as pn

from ..game_pages import GAME_PAGES
from ..runtime.styles import share_stylesheets
from .design import HouseDesign
from .first_paint import REMOVE_JS
from .named_controls import ARIA_CLASS, NAME_CONTROLS_JS
from .page_build import serve_built
from .screens import CLOSE_SIDEBAR_JS, FRAME_CSS, SITE_NAME, VIEWPORT, page_title

PAGES = (
    ("index", "All games"),
    *((page.address, page.link) for page in GAME_PAGES.values()),
    ("learn", "Learn"),
    ("lab", "Lab"),
    ("classroom", "Classes"),
)
"""(app name, link text) of every served page, in header order (each game's from its page
record, :mod:`cole_panel.game_pages`)."""

HEADER_COLOR = "#5b4a30"
ACCENT = "#ec7a23"
SIDEBAR_WIDTH = 300

# Sized so the six links stay on one line beside the longest title ("Ecosystem: Savanna")
# in a 1,024 px window (at 14 px with 10 px gaps the sixth went to a second line); each link is
# 26 px high, so a phone's wrapped rows of links are touch targets of WCAG's 24 px.
NAV_CSS = """
.cole-nav { display: flex; flex-wrap: wrap; gap: 4px 9px; align-items: center; }
.cole-nav a { color: #fff; text-decoration: none; font-size: 13px; line-height: 16px;
  display: inline-block; padding: 5px 0; }
.cole-nav a:hover, .cole-nav a:focus { text-decoration: underline; }
.cole-nav a[aria-current="page"] { font-weight: bold; border-bottom: 2px solid #fff; }
@media (max-width: 600px) {
  .cole-nav { flex-wrap: nowrap; overflow-x: auto; scrollbar-width: none; }
  .cole-nav a { flex: none; }
}
"""


def nav_html(current: str) -> str:
    """The header's links; the page shown is marked for screen readers and by an underline."""
    links = []
    for name, text in PAGES:
        here = ' aria-current="page"' if name == current else ""
        links.append(f'<a href="./{name}"{here}>{html.escape(text)}</a>')
    return f'<nav class="cole-nav" aria-label="Pages">{"".join(links)}</nav>'


def split(content: Any) -> tuple[list[Any], list[Any]]:
    """(sidebar, main) for a page: ``settings()``/``play_area()`` if it has both, else all in main."""
    settings = getattr(content, "settings", None)
    play_area = getattr(content, "play_area", None)
    if callable(settings) and callable(play_area):
        return [settings()], [play_area()]
    return [], [content]


def app_shell(content: Any, *, title: str, page: str) -> pn.template.BootstrapTemplate:
    """``content`` framed by the shared template, with ``page`` (an app name) marked current."""
    if page not in dict(PAGES):
        raise ValueError(f"{page!r} is not one of the pages {[p for p, _ in PAGES]}")
    sidebar, main = split(content)
    template = pn.template.BootstrapTemplate(
        title=title,
        site=SITE_NAME,
        site_url="./index",
        header=[pn.pane.HTML(nav_html(page), stylesheets=[NAV_CSS], margin=(0, 5))],
        sidebar=sidebar,
        main=main,
        header_background=HEADER_COLOR,
        sidebar_width=SIDEBAR_WIDTH,
        collapsed_sidebar=not sidebar,
        meta_viewport=VIEWPORT,
        raw_css=[FRAME_CSS],
        design=HouseDesign,
    )
    return template


def on_page_drawn(doc: Any) -> None:
    """Once the page is drawn in the browser: its first paint gone, a narrow window's sidebar
    closed, and every control named for screen readers (:mod:`cole_panel.ui.named_controls`)."""
    from bokeh.models import CustomJS

    code = REMOVE_JS + CLOSE_SIDEBAR_JS + NAME_CONTROLS_JS
    doc.js_on_event("document_ready", CustomJS(args={"prefix": ARIA_CLASS}, code=code))


def share_stateless_models(doc: Any) -> None:
    """One ``AllIndices`` filter and one ``UnionRenderers`` selection policy for the whole
    page, in place of one per glyph and one per data source (Bokeh's defaults).

    Neither holds any state (each answers from the source it is given), yet each is a model
    the browser reads and initializes: 65 of Savannah's ~500, 30 of Circle's ~240.
    """
    from bokeh.models import AllIndices, CDSView, ColumnDataSource, UnionRenderers

    every, union = AllIndices(), UnionRenderers()
    for model in list(doc.models):
        if isinstance(model, CDSView) and type(model.filter) is AllIndices:
            model.filter = every
        elif isinstance(model, ColumnDataSource) and type(model.selection_policy) is UnionRenderers:
            model.selection_policy = union


@cache  # a setting of the whole process: set by its first served page
def skip_document_validation() -> None:
    """Served pages skip Bokeh's check of every new document (``BOKEH_VALIDATE_DOC``).

    The check walks every model of the page once more after it is built (about a tenth of a
    page's build) and only logs warnings such as an empty figure, which no visitor sees.
    """
    from bokeh.settings import settings

    settings.perform_document_validation.set_value(False)


def serve_page(
    content: Callable[[], Any], *, title: str, page: str, extensions: tuple[str, ...] = ()
) -> Any:
    """Serve what ``content()`` returns, framed by :func:`app_shell`, in this session.

    Every page loads Panel's ``extensions`` and shows a notice when its connection drops
    (:data:`cole_panel.ui.resume.CONNECTION`).  On ``panel serve`` the page is built off the
    server's event loop after each app's first (:func:`cole_panel.ui.page_build.serve_built`),
    so other visitors never wait for it: ``content`` must be a function of an importable
    module (or a ``partial`` of one), not one written in the app script, whose module Bokeh
    clears when its session closes.  The address bar stays linked to the page only when
    Panel can read the address (see :func:`cole_panel.ui.address.page_location_ok`), so a bad
    address never blanks the page.
    """
    build = partial(_serve_framed, content, title=title, page=page, extensions=extensions)
    return serve_built(build)


def _serve_framed(
    content: Callable[[], Any], *, title: str, page: str, extensions: tuple[str, ...]
) -> pn.template.BootstrapTemplate:
    from panel.io.location import Location

    from cole_panel.ui.address import page_location_ok
    from cole_panel.ui.resume import CONNECTION

    # First: the notice of a lost connection is made with the template's notification area.
    # No page reads Panel's browser_info, and its model costs a phone's load ~20 ms of main
    # thread (its time zone lookup) inside the longest task: issue 24's blocking time.
    pn.extension(*extensions, browser_info=False, **CONNECTION)

    # A template's page needs a location root: when Panel cannot read this address, an
    # unlinked one (the games read ``session_args`` themselves and name the bad parameter).
    location = True if page_location_ok() else Location()
    shell = app_shell(content(), title=title, page=page)
    doc = pn.state.curdoc
    if doc is None:
        return shell.servable(location=location)
    skip_document_validation()
    on_page_drawn(doc)
    # The template adds its parts to the document one root at a time, and Bokeh walks every
    # model of the document after each one; frozen, it walks them once (a third less build
    # time for a big page).
    with doc.models.freeze():
        served = shell.servable(location=location)
    with doc.models.freeze():  # (the page's models are known once the first freeze ends)
        share_stateless_models(doc)
        share_stylesheets(doc)
    doc.title = page_title(title)  # the template names the tab by the page alone
    return served
