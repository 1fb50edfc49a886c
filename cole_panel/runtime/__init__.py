"""The one seam between the games and the framework (Panel, Bokeh, tornado, Jupyter).

Views say what they want with these verbs; only the modules of this package know how Panel,
Bokeh, tornado, jupyter_bokeh and pyviz_comms do it, and only here may a private name of theirs
be read or one of their classes be patched (``tests/test_seam.py``; the reaches that remain
are listed, each with its reason and the test that pins it, in docs/architecture.md §6.9):

- **hold a document and send once**: :func:`batched` (:mod:`.hold`), one user action's changes
  as one message, on a served page or in a notebook output;
- **run on a page's thread**: :func:`on_page_thread` and the one served/notebook/script test,
  :func:`served_doc` (:mod:`.page`);
- **this document is current**: :func:`run_in_doc` (:mod:`.page`), for code handed a page's
  document by a thread or callback of its own;
- **later**: :func:`call_later` / :func:`can_call_later` (:mod:`.page`);
- **every N ms while the page is open**: :func:`every` (:mod:`.page`);
- **content shown when near**: :class:`ShownWhenNear` (:mod:`.near`);
- **a notebook's outputs**: :func:`notebook_setup` (:mod:`.jupyter`);
- **serve**: :class:`StaticGzip` (:mod:`.serving`), which ``python -m cole_panel.serve``
  builds on;
- **send each stylesheet text once**: :func:`share_stylesheets` (:mod:`.styles`), for a built
  page's document.

The names are read from their modules on first use, so importing one verb loads no other.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = {
    "batched": "hold",
    "call_later": "page",
    "can_call_later": "page",
    "every": "page",
    "on_page_thread": "page",
    "run_in_doc": "page",
    "served_doc": "page",
    "ShownWhenNear": "near",
    "notebook_setup": "jupyter",
    "StaticGzip": "serving",
    "share_stylesheets": "styles",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
