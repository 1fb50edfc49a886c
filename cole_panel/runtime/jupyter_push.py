"""What the notebook's pushes share: one lock, this thread's held documents, inline stylesheets,
and the way a script of ours reaches the notebook's page.

Both halves of a notebook's output, Panel's own comms (:mod:`.jupyter`) and ipywidgets
(:mod:`.jupyter_widgets`), push under :data:`PUSH_LOCK`, keep an action's changes back in
:data:`pushing` and give new panes Panel's own copy of their stylesheets.
"""

from __future__ import annotations

import base64
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bokeh.models import ImportedStyleSheet

__all__ = [
    "PUSH_LOCK",
    "SERVER_ROOT",
    "inline_stylesheets",
    "publish_page_script",
    "pushing",
    "use_jupyter_server",
]

# Every push of every dashboard in this kernel goes through this lock, so two threads never
# interleave the parts of their messages (see .jupyter's module doc).
PUSH_LOCK = threading.RLock()
"""The one lock every notebook push is computed and sent under."""
pushing = threading.local()
"""Per thread: ``.held``, the documents an action running on this thread changed;
``.widget_events``, ipywidgets' events kept back meanwhile."""


def inline_stylesheets(doc: Any) -> None:
    """Point every CDN stylesheet of the document at a ``data:`` URL of Panel's own copy.

    Panel sets CDN stylesheets on panes it creates later and gives every HTML pane its
    stylesheets again at each update; offline, each CDN sheet is a failed request in the page's
    console.  Panel keeps one such sheet per URL and document and sets that same sheet again at
    each update, so rewriting the sheet's own URL (once) leaves every later update equal to what
    the pane has: no change to send.  (Replacing the sheets by new inline ones, as Panel does
    once at render, was undone by every pane update and re-sent ~30 KB of CSS per board click,
    which the page then re-applied.)  A URL change adds no model, so Bokeh does not walk the
    document again.

    With :func:`use_jupyter_server` the sheet points at the Jupyter server's copy instead.
    """
    for model in list(doc.models):
        if isinstance(model, ImportedStyleSheet) and not model.url.startswith(_LOCAL):
            url = _local_url(model.url)
            if url is not None:
                model.url = url


SERVER_ROOT = "/panel-preview/"
"""Where the Jupyter server serves Bokeh's files (``static/``) and Panel's
(``static/extensions/panel/``): Panel's server extension, installed and enabled with Panel."""
_SERVER = {"on": False}
_LOCAL: tuple[str, ...] = ("data:", SERVER_ROOT)


@contextmanager
def use_jupyter_server() -> Iterator[None]:
    """While in this block, Panel's notebook loader loads BokehJS and Panel's bundle from the
    Jupyter server; from then on every output's CDN stylesheets point there too.

    The loader puts them inline (6 MB in the output of ``pn.extension``, saved with the
    notebook) or asks the CDN (blank offline).  Its CDN resources become Bokeh's "server"
    resources, at :data:`SERVER_ROOT` (Panel makes them relative to ``state.rel_path``): a few
    script tags, so an output saved and reopened renders from the server.  Assumes the server's
    base URL is ``/`` (JupyterLab and Notebook 7 as started by hand).
    """
    import panel as pn
    import panel.io.notebook as notebook
    from bokeh.resources import Resources
    from panel.util import edit_readonly

    _SERVER["on"] = True
    notebook.CDN = Resources(mode="server", root_url=SERVER_ROOT)
    if not getattr(notebook.render_model, "cole_local", False):
        notebook.render_model = _with_local_stylesheets(notebook.render_model)
    before = pn.state.rel_path
    with edit_readonly(pn.state):  # the setter writes a read-only parameter outside a session
        pn.state.rel_path = SERVER_ROOT.rstrip("/")
    try:
        yield
    finally:
        with edit_readonly(pn.state):
            pn.state.rel_path = before or None


def _with_local_stylesheets(render: Any) -> Any:
    """Panel's ``render_model``, with the document's stylesheets made local first."""

    def render_model(model: Any, comm: Any = None, resources: str = "cdn") -> Any:
        if model.document is not None:
            inline_stylesheets(model.document)
        return render(model, comm, resources)

    render_model.cole_local = True  # type: ignore[attr-defined]
    return render_model


PANEL_CDN = re.compile(r"https://cdn\.holoviz\.org/panel/[^/]+/dist/")
"""Where Panel's files are on its CDN (any version): what follows is their path in its dist."""


def _local_url(url: str) -> str | None:
    from .serving import PANEL_STATIC

    if _SERVER["on"]:
        on_cdn = PANEL_CDN.match(url)
        return f"{SERVER_ROOT}{PANEL_STATIC}{url[on_cdn.end() :]}" if on_cdn else None
    return _data_url(url)


_DATA_URLS: dict[str, str | None] = {}  # CDN URL -> data: URL of Panel's copy (None: no copy)


def _data_url(url: str) -> str | None:
    if url not in _DATA_URLS:
        from panel.io.notebook import replace_inline_css

        inline = replace_inline_css(ImportedStyleSheet(url=url))
        css = getattr(inline, "css", None)
        _DATA_URLS[url] = (
            None
            if css is None
            else "data:text/css;base64," + base64.b64encode(css.encode()).decode()
        )
    return _DATA_URLS[url]


def publish_page_script(script: str) -> None:
    """Run ``script`` in the notebook's page (the output of the cell running this)."""
    from IPython.display import publish_display_data

    # Panel's JupyterLab/Notebook extension runs the first mime type's script, a page without
    # it (Voila) the plain JavaScript: the two pn.extension publishes its own scripts under.
    publish_display_data(
        {"application/vnd.holoviews_load.v0+json": script, "application/javascript": script}
    )
