"""The dashboards inside a Jupyter notebook: offline resources, one message per action, own output.

:func:`notebook_setup` is the first line of every teaching notebook (and of the README's Jupyter
snippet).  It loads Panel with BokehJS and Panel's bundle from the Jupyter server (or INLINE in
the ipywidgets hosts), so the outputs render on a machine without internet
(``pn.extension()`` alone fetches them from a CDN and every output stays blank offline) and a
saved notebook stays small (inline, the 6 MB of libraries are saved in the setup cell's output).

In a notebook each dashboard is a Bokeh document talking to the page over a Jupyter comm, and
Panel sends every property change as its own comm message (a header, metadata, content and one
pair of messages per binary buffer).  :func:`run_held` is the notebook half of
:func:`cole_panel.runtime.hold.batched`: it keeps those messages back while one user action runs
and sends the document's changes once at the end (Panel's ``push_on_root``).

Two more things go wrong in JupyterLab with ipykernel 7, which handles comm messages (board
clicks) on a thread of its own while the main thread may run another cell:

- pyviz_comms captures what a callback prints by swapping ``sys.stdout`` for the whole process,
  so a ``print`` of a cell running at the same moment lands in the dashboard's output; Panel
  then shows it there (``console_output``).  :func:`notebook_setup` turns that display off and
  installs a capture that keeps only the handler thread's own output.
- Two threads pushing to one page at once interleave the parts of their messages, and the page
  fails to decode them (``RangeError: Offset is outside the bounds of the DataView``).
  :func:`notebook_setup` wraps Panel's notebook ``diff``/``send`` so every push in the kernel
  is computed and sent under one lock, in the order computed, and gives panes created after
  the first render Panel's own copy of their stylesheets too (Panel patches only those present
  at render; later ones come from the CDN).
"""

from __future__ import annotations

import contextlib
import sys
import weakref
from collections.abc import Callable
from typing import Any

import panel as pn

from .jupyter_capture import install_thread_aware_capture
from .jupyter_moved import freeze_earlier_outputs, recording_outputs
from .jupyter_push import (
    PUSH_LOCK,
    inline_stylesheets,
    publish_page_script,
    pushing,
    use_jupyter_server,
)

__all__ = [
    "COMMS",
    "detected_comms",
    "in_notebook",
    "notebook_setup",
    "project_extensions",
    "run_held",
]


COMMS = ("default", "ipywidgets", "vscode", "colab")
"""How outputs talk to the kernel: Panel's own comms (JupyterLab, Notebook 7) or ipywidgets."""


def notebook_setup(*extensions: str, comms: str | None = None, **config: Any) -> None:
    """``pn.extension`` for a notebook that works offline, with each cell's output its own.

    ``extensions``/``config`` are passed on; the extensions the project's dashboards use
    (:func:`project_extensions`) are always loaded.  In JupyterLab and Notebook 7 BokehJS and
    Panel's bundle come from the Jupyter server (Panel's server extension: a saved notebook
    stays small and still renders offline); in the ipywidgets hosts, or with ``inline=True``,
    they are inline; ``inline=False`` is Panel's CDN.  HoloViews' Bokeh plotting extension is
    loaded the same way (``hv.Curve(...)`` draws offline).  ``comms``: the host's way of
    talking to the kernel, one of :data:`COMMS`; by default Panel's own detection (VS Code,
    Colab) and Voilà's kernel environment decide, else
    ``"default"`` (JupyterLab, Notebook 7).  The ipywidgets hosts need ``jupyter_bokeh``.
    """
    comms = comms if comms is not None else detected_comms()
    if comms not in COMMS:
        raise ValueError(f"comms must be one of {', '.join(COMMS)}, not {comms!r}")
    # JupyterLab and Notebook 7 serve the libraries (Panel's server extension): a saved notebook
    # stays small.  The ipywidgets hosts (VS Code, Colab, Voila) may have no such server.
    served = "inline" not in config and comms == "default"
    config.setdefault("inline", not served)
    local = bool(config["inline"]) or served
    extensions = tuple(dict.fromkeys((*extensions, *project_extensions())))
    # Output printed while a board click is handled stays out of the dashboard (see module doc).
    config.setdefault("console_output", "disable")
    with use_jupyter_server() if served else contextlib.nullcontext():
        _load_holoviews(inline=bool(config["inline"]), local=local)
        pn.extension(*extensions, comms=comms, **config)
    _guard_stale_repaints()
    install_thread_aware_capture()
    _install_push_hooks(inline=local)
    _hold_control_changes()
    _install_moved_notice()
    if comms != "default":
        from .jupyter_widgets import install_widget_hooks

        install_widget_hooks(inline=bool(config["inline"]))
    # (imported here: cole_panel.ui's package imports the views' verbs of this seam)
    from ..ui.named_controls import name_controls_in_notebook

    name_controls_in_notebook()  # the outputs' controls named for screen readers (drawn last)


def project_extensions() -> tuple[str, ...]:
    """The Panel extensions the game pages load (each record's ``extensions``), which
    :func:`notebook_setup` loads too: a dashboard shown without one draws a blank tab.

    >>> project_extensions()
    ('tabulator',)
    """
    from ..game_pages import GAME_PAGES

    return tuple(dict.fromkeys(e for page in GAME_PAGES.values() for e in page.extensions))


def detected_comms() -> str:
    """The comms of this kernel's host: ``"ipywidgets"`` under Voilà (its kernels carry
    ``VOILA_*`` variables), VS Code's or Colab's as Panel detects them, else ``"default"``."""
    import os

    if any(key.startswith("VOILA_") for key in os.environ):
        return "ipywidgets"
    if "google.colab" in sys.modules:
        return "colab"
    if "VSCODE_PID" in os.environ or "VSCODE_CWD" in os.environ:
        return "vscode"
    return "default"


def _load_holoviews(inline: bool, local: bool) -> None:
    """Load HoloViews' Bokeh plotting extension and its notebook display, resources ``inline``
    (else as Panel's loader gives them: the Jupyter server's when ``local``).

    ``pn.extension`` loads HoloViews' renderer only when HoloViews is already imported, and
    HoloViews' own ``hv.extension`` fetches from the CDN unless told where; this one call
    (before Panel's, which then only adds its own part) does both.
    """
    try:
        import holoviews as hv
    except ImportError:  # pragma: no cover - a dependency, but a notebook may lack it
        return
    hv.extension.inline = inline  # a later hv.extension("bokeh") of the reader inlines too
    hv.extension("bokeh", logo=False, inline=inline)
    if local:
        _show_holoviews_through_panel(hv)


def _show_holoviews_through_panel(hv: Any) -> None:
    """Draw a HoloViews object of a cell as Panel draws its own panes.

    HoloViews' notebook display renders its Bokeh plot straight from its Panel layout, without
    the step of Panel's own display that swaps the CDN stylesheets for inline copies: offline,
    the first plot of a notebook then asked the CDN for Panel's CSS.  Its ``html+js`` display
    hook (HoloViews' public ``Store.set_display_hook``) now hands Bokeh-backend objects to
    ``pn.panel`` (a HoloViews pane: the same plot, widgets for a HoloMap included); other
    backends and formats keep HoloViews' own hook.
    """
    from holoviews.core.dimension import LabelledData
    from holoviews.core.options import Store
    from holoviews.ipython.display_hooks import pprint_display

    def display(obj: Any) -> Any:
        if Store.current_backend != "bokeh" or "html" not in Store.display_formats:
            return pprint_display(obj)
        return pn.panel(obj)._repr_mimebundle_()

    Store.set_display_hook("html+js", LabelledData, display)


def in_notebook(doc: Any) -> bool:
    """Whether ``doc`` is a document shown in a notebook output (not a served session)."""
    return doc is not None and doc.session_context is None and bool(_notebook_roots(doc))


def _notebook_roots(doc: Any) -> list[str]:
    """The roots Panel shows in ``doc``'s notebook outputs: each output's document holds
    Panel's comm manager (whose page half ``_GUARD_JS`` adjusts: reach Manager.prototype) as a root
    of its own, naming the shown root by its ``plot_id`` property."""
    return [plot_id for root in doc.roots if (plot_id := getattr(root, "plot_id", None))]


def run_held(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run one user action on a notebook document; its changes leave as one message at the end.

    Nested calls (an action calling another batched action) join the outer one.  Without
    :func:`notebook_setup` (the push hooks) the function is simply called.
    """
    return _run_held_on(_action_document(), fn, *args, **kwargs)


def _run_held_on(doc: Any, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """:func:`run_held` for the actions of ``doc``."""
    if not _HOOKS or getattr(pushing, "held", None) is not None or not _shown(doc):
        return fn(*args, **kwargs)
    from panel.io.notebook import push_on_root

    from .jupyter_widgets import flush_widgets

    pushing.held = held = {doc}
    # Changes to a document that is not held go to its listeners, and an output of Panel's
    # comms has none: they would never reach the page.  (Panel holds the document around a
    # control's change, but on a thread other than the kernel's first, as ipykernel 7's comm
    # handler is, it drops what it held on leaving, before this action's push.)
    hold = in_notebook(doc) and doc.callbacks.hold_value is None
    if hold:
        doc.hold("combine")
    try:
        # Not under ``doc.models.freeze()``: leaving a freeze always walks the whole document
        # (50-120 ms for a dashboard), while a board click adds or drops no model at all.
        return fn(*args, **kwargs)
    finally:
        pushing.held = None
        for changed in held:
            for ref in _notebook_roots(changed):
                push_on_root(ref)
        if hold:
            doc.unhold()  # what is left (no change of a model) goes to the listeners
        flush_widgets()


def _shown(doc: Any) -> bool:
    """Whether ``doc`` is shown in a notebook output, by Panel's comms or by a widget."""
    from .jupyter_widgets import shown_by_widgets

    return in_notebook(doc) or (
        doc is not None and doc.session_context is None and shown_by_widgets(doc)
    )


def _action_document() -> Any:
    """The document an action runs for.

    Outside a server Panel's ``pn.state.curdoc`` is None unless Panel itself set it (a widget's
    callback); a Bokeh event of a notebook output (a board click) runs with the output's
    document as Bokeh's current document, which ``bokeh.io.curdoc()`` returns.
    """
    doc = pn.state.curdoc
    if doc is None:
        from bokeh.io import curdoc

        doc = curdoc()
    return doc


KERNEL_STOPPED_NOTICE = (
    "This output's kernel has stopped, so it no longer plays: run the cell again for a live "
    "dashboard."
)
"""What an output says when it is clicked after its kernel restarted or was shut down."""

# Three fixes to how a notebook output's page behaves, run by the page when notebook_setup() runs.
#
# Panel's comm manager sends back to the kernel EVERY change of the page's document, including
# the ones the kernel itself just sent (Bokeh marks those ``sync: false``; a served page's session
# skips them, the notebook's comm manager does not).  Each push thus came back as a second
# message the kernel decoded and applied again (data sources included), and an echo arriving
# after a newer push set a widget back: the move list's old selection came back after the next
# move and the board then refused clicks as "looking at a past position".  Changes marked
# ``sync: false`` are no longer sent.  The comm manager also waits its ``debounce`` (50 ms) before
# sending a click; it sends at once now (a served page does not wait either), set on the page only
# (``silent``: not a change to send back).
#
# When a data source changes length, its view of rows (CDSView) is recomputed at once and asks
# the renderer to restyle before the renderer has taken the new columns; in a notebook output
# that restyle reads past the end of the new columns (a text glyph then throws "Offset is outside
# the bounds of the DataView" or "Could not resolve 'normal undefined helvetica'", and the rest of
# that update is lost).  The renderer restyles anyway once it has taken the new columns, so a
# restyle asked for before then is skipped (and one racing the taking is not reported).
#
# After a kernel restart or shutdown an old output still looks alive, and its clicks went into
# a closed comm without a word.  JupyterLab's (and Notebook 7's) PyViz extension keeps each
# output's kernel in ``window.PyViz.kernels[output id]`` and deletes it when the notebook's
# session reports the kernel "restarting" or "dead"; a change of an output whose kernel entry
# has gone is not sent, and the output says in a sentence above itself that its kernel stopped.
# Kernel > Shut Down Kernel reports neither status, and the extension keeps the entry: so each
# notebook_setup() also leaves its kernel's id beside its own output (``KERNEL_MARK_JS``), and a
# change of an output is followed by a look at the Jupyter server's list of running kernels
# (its public REST API, ``GET api/kernels``); once the output's kernel, seen there before, has
# left the list, the output says so too.  A notebook saved and reopened runs its saved marks
# again: a kernel not in the list then is one that has gone, and its outputs say so at the
# first change (any output, whatever the extension's entry says).  The output's kernel is the one whose notebook_setup()
# output shares the deepest ancestor with it in the page (the same notebook).
# (Outputs shown another way, e.g. as ipywidgets, never had such an entry and are left alone.)
_GUARD_JS = """
(function guard(tries) {
  const B = window.Bokeh;
  if (!(B && B.require)) {
    if (tries < 400) setTimeout(() => guard(tries + 1), 50);
    return;
  }
  const View = B.require("models/renderers/glyph_renderer").GlyphRendererView;
  if (View == null || View.prototype.cole_guarded) return;
  const take = View.prototype.set_data;
  const restyle = View.prototype.set_visuals;
  View.prototype.set_data = async function (...args) {
    this.cole_taking = (this.cole_taking || 0) + 1;
    try {
      return await take.apply(this, args);
    } finally {
      this.cole_taking -= 1;
      this.cole_rows = this.model.data_source.get_length();
    }
  };
  View.prototype.set_visuals = function (...args) {
    const rows = this.model.data_source.get_length();
    if (!this.cole_taking && this.cole_rows != null && rows !== this.cole_rows) {
      return Promise.resolve();  // new rows not taken yet: set_data restyles after taking them
    }
    const done = restyle.apply(this, args);
    // While new rows are being taken, a restyle from outside may still read the old ones.
    return this.cole_taking ? done.catch(() => undefined) : done;
  };
  View.prototype.cole_guarded = true;
})(0);
(function quiet(tries) {
  const B = window.Bokeh;
  const Manager = B && B.Models ? B.Models["panel.models.comm_manager.CommManager"] : null;
  if (Manager == null) {
    if (tries < 400) setTimeout(() => quiet(tries + 1), 50);
    return;
  }
  if (Manager.prototype.cole_quiet) return;
  const changed = Manager.prototype._document_changed;
  const init = Manager.prototype.initialize;
  Manager.prototype.initialize = function (...args) {
    init.apply(this, args);
    const kernels = window.PyViz && window.PyViz.kernels;
    this.cole_lab_kernel = kernels != null && this.plot_id in kernels;
  };
  Manager.prototype._document_changed = function (event) {
    if (event.sync === false) return;  // the kernel's own change, applied here: not news to it
    const dropped = () => this.cole_lab_kernel && !(this.plot_id in window.PyViz.kernels);
    if (dropped() || running(this.plot_id) === false) {
      stopped(this.plot_id);  // the kernel is gone: say so instead of sending into nothing
      return;
    }
    if (this.cole_lab_kernel) look(this.plot_id);
    // Send at once (changes made meanwhile wait for the kernel's answer, as before).
    if (this.debounce !== 0) this.setv({debounce: 0}, {silent: true});
    return changed.call(this, event);
  };
  Manager.prototype.cole_quiet = true;
  // The kernel of an output: the mark (see KERNEL_MARK_JS) sharing the deepest ancestor with it.
  function kernelOf(id) {
    const output = document.getElementById(id);
    let best = null;
    let depth = -1;
    for (const mark of window.cole_kernel_marks || []) {
      if (output == null || !mark.where.isConnected) continue;
      let node = mark.where;
      while (node != null && !node.contains(output)) node = node.parentNode;
      let d = 0;
      for (let n = node; n != null; n = n.parentNode) d += 1;
      if (node != null && d > depth) [best, depth] = [mark.kernel, d];
    }
    return best;
  }
  // false: the output's kernel was listed by the server and is no longer; else true or null.
  function running(id) {
    const kernel = kernelOf(id);
    return kernel == null ? null : window.cole_kernel_seen[kernel];
  }
  function look(id) {
    const kernel = kernelOf(id);
    if (kernel != null) window.cole_look_kernels().then((ids) => {
      if (ids == null) return;
      if (ids.includes(kernel)) window.cole_kernel_seen[kernel] = true;
      else if (window.cole_kernel_seen[kernel]) {
        window.cole_kernel_seen[kernel] = false;
        stopped(id);
      }
    });
  }
  function stopped(id) {
    const output = document.getElementById(id);
    if (output == null || output.querySelector(":scope > .cole-kernel-stopped")) return;
    const note = document.createElement("p");
    note.className = "cole-kernel-stopped";
    note.setAttribute("role", "alert");
    note.textContent = STOPPED_SENTENCE;
    note.style.cssText = "margin: 0 0 8px; padding: 8px 12px; border: 1px solid #b3261e; "
      + "border-radius: 4px; background: #fdecea; color: #5f1410; font-weight: 600;";
    output.prepend(note);
    note.scrollIntoView({block: "nearest"});
  }
})(0);
"""


# This kernel's id, left beside the output of the notebook_setup() that runs it, and the page's
# one look at the server's running kernels (one request at a time, at most one a second).  The
# id is the Jupyter server's (its kernels' connection files are named ``kernel-<id>.json``); a
# kernel never seen in the server's list (another kind of server) is never said to have stopped.
KERNEL_MARK_JS = """
(function mark(kernel, script) {
  window.cole_kernel_marks = window.cole_kernel_marks || [];
  window.cole_kernel_seen = window.cole_kernel_seen || {};
  if (window.cole_look_kernels == null) {
    let pending = null;
    let last = {at: 0, ids: null};  // a slider's drag asks at most once a second
    window.cole_look_kernels = () => {
      if (pending != null) return pending;
      if (Date.now() - last.at < 1000) return Promise.resolve(last.ids);
      const config = document.getElementById("jupyter-config-data");
      const page = config ? JSON.parse(config.textContent) : {};
      const headers = page.token ? {Authorization: "token " + page.token} : {};
      const base = (page.baseUrl || "/").replace(/\\/?$/, "/");
      pending = fetch(base + "api/kernels", {headers, cache: "no-store"})
        .then((r) => (r.ok ? r.json() : null))
        .then((list) => (list == null ? null : list.map((k) => k.id)))
        .catch(() => null)
        .then((ids) => {
          [pending, last] = [null, {at: Date.now(), ids}];
          return ids;
        });
      return pending;
    };
  }
  if (kernel == null || script == null || script.parentElement == null) return;
  window.cole_kernel_marks.push({kernel, where: script.parentElement});
  // Not listed while its own output runs: a saved output of a kernel that has gone (reopened).
  window.cole_look_kernels().then((ids) => {
    if (ids != null) window.cole_kernel_seen[kernel] = ids.includes(kernel);
  });
})(KERNEL_ID, document.currentScript);
"""
"""Page script: note this kernel's id beside the running cell's output (see ``_GUARD_JS``)."""


def _guard_stale_repaints() -> None:
    import json

    publish_page_script(_GUARD_JS.replace("STOPPED_SENTENCE", json.dumps(KERNEL_STOPPED_NOTICE)))
    publish_page_script(KERNEL_MARK_JS.replace("KERNEL_ID", json.dumps(_kernel_id())))


def _kernel_id() -> str | None:
    """This kernel's id at its Jupyter server, or None (not a kernel a server started)."""
    import re
    from pathlib import Path

    try:
        from ipykernel.connect import get_connection_file

        name = Path(get_connection_file()).name
    except Exception:  # noqa: BLE001 - no running kernel app (a plain IPython, a script)
        return None
    found = re.fullmatch(r"kernel-([\w-]+)\.json", name)
    return found.group(1) if found else None


# -- pushes -------------------------------------------------------------------------------

_HOOKS: dict[str, Callable[..., Any]] = {}


def _install_push_hooks(inline: bool) -> None:
    """Wrap ``panel.io.notebook.diff``/``send`` (what every notebook push calls)."""
    import panel.io.notebook as notebook

    if not _HOOKS:
        _HOOKS.update(diff=notebook.diff, send=notebook.send)
    _HOOKS["inline"] = inline  # type: ignore[assignment]
    notebook.diff = _diff
    notebook.send = _send


def _diff(doc: Any, binary: bool = True, events: Any = None) -> Any:
    held = getattr(pushing, "held", None)
    if held is not None and events is None and doc in held:
        return None  # sent once, when the action ends
    with PUSH_LOCK:
        if _HOOKS.get("inline"):
            inline_stylesheets(doc)
        msg = _HOOKS["diff"](doc, binary=binary, events=events)
        if msg is not None:
            _UNSENT.append((doc, msg))
            del _UNSENT[:-_UNSENT_KEPT]  # an output whose comm never opens retries for ever
        return msg


def _send(comm: Any, msg: Any) -> None:
    """Send ``msg``, after any message computed earlier for the same document (see _UNSENT)."""
    with PUSH_LOCK:
        if any(m is msg for m in _SENT_AHEAD):
            _SENT_AHEAD[:] = [m for m in _SENT_AHEAD if m is not msg]
            return  # already sent, ahead of a later message of its document
        at = next((i for i, (_doc, m) in enumerate(_UNSENT) if m is msg), None)
        if at is not None:
            doc = _UNSENT[at][0]
            ahead = [m for d, m in _UNSENT[:at] if d is doc]
            for older in ahead:
                _HOOKS["send"](comm, older)
            _SENT_AHEAD.extend(ahead)
            del _SENT_AHEAD[:-_UNSENT_KEPT]  # a push Panel gave up retrying never comes back
            _UNSENT[:] = [(d, m) for i, (d, m) in enumerate(_UNSENT) if d is not doc or i > at]
        _HOOKS["send"](comm, msg)


# Messages computed (``diff``) and not yet sent, oldest first, with their documents.  A message
# defines a model the page has not seen in full only once (later ones name it by id), so the
# page must get a document's messages in the order they were computed; but Panel sends a push
# made while the output's comm is still opening later, from a timer (a bot may already play
# then), and two threads may push at once.  So a message is sent only after the older ones of
# its document; those are sent ahead of it, and skipped when their own push comes.
_UNSENT: list[tuple[Any, Any]] = []
_UNSENT_KEPT = 200
"""At most this many messages are remembered in each of the two lists."""
_SENT_AHEAD: list[Any] = []


def _hold_control_changes() -> None:
    """A control changed on the page runs as one held action, as a board click does.

    Panel holds the document while it applies a control's change (a widget's value set on the
    page).  On a thread other than the kernel's first one, which is where ipykernel 7 handles
    comm messages, it sends over the comm only what the panes push themselves, and on leaving
    drops what is left: a Bokeh model that the control's watchers changed after the last pane
    pushed never reached the page (the puzzle trainer's board kept its old puzzle when the
    theme changed, while the heading named the new one).  Each control change of a notebook
    output now runs under :func:`run_held`: everything it changed leaves as one message, as
    for clicks and buttons wrapped in :func:`cole_panel.runtime.batched`.
    """
    from panel.reactive import Syncable

    if getattr(Syncable, "cole_held_changes", False):
        return
    schedule = Syncable._schedule_change

    def _schedule_change(self: Any, doc: Any, comm: Any) -> None:
        if comm is None:
            return schedule(self, doc, comm)
        return _run_held_on(doc, schedule, self, doc, comm)

    Syncable._schedule_change = _schedule_change
    Syncable.cole_held_changes = True


# -- a dashboard shown again ----------------------------------------------------------------

MOVED_NOTICE = (
    "**This dashboard was already shown in an earlier cell: it has moved here.** The earlier "
    "output no longer follows the game. For a second board, make a second dashboard."
)
_SHOWN_VIEWERS: weakref.WeakSet = weakref.WeakSet()


def _install_moved_notice() -> None:
    """A project dashboard displayed a second time says so above its new output, and one
    served (``pn.serve(d)``) after it was shown serves a fresh copy of its game.

    Each dashboard keeps its own Bokeh figures, and a Bokeh model belongs to one document: the
    newer output takes them, and the older one is frozen (see :mod:`.jupyter_moved`).
    """
    viewer = pn.viewable.Viewer
    if getattr(viewer, "cole_moved_notice", False):
        return
    show = viewer._repr_mimebundle_

    def _repr_mimebundle_(self: Any, include: Any = None, exclude: Any = None) -> Any:
        if type(self).__module__.startswith("cole_panel."):
            if self in _SHOWN_VIEWERS:
                from IPython.display import Markdown, display

                display(Markdown(MOVED_NOTICE))
                freeze_earlier_outputs(self)
            _SHOWN_VIEWERS.add(self)
            with recording_outputs(self):
                return show(self, include, exclude)
        return show(self, include, exclude)

    def _create_view(self: Any) -> Any:
        if self in _SHOWN_VIEWERS and _served():
            return _fresh_copy(self)._create_view()
        return create(self)

    create = viewer._create_view
    viewer._repr_mimebundle_ = _repr_mimebundle_
    viewer._create_view = _create_view
    viewer.cole_moved_notice = True


def _served() -> bool:
    doc = pn.state.curdoc
    return doc is not None and doc.session_context is not None


def _fresh_copy(dashboard: Any) -> Any:
    """A new dashboard of the same kind over a copy of ``dashboard``'s game (what ``pn.serve``
    of a dashboard shown in the notebook serves: one set of figures cannot be on two pages)."""
    model = getattr(dashboard, "model", None)
    if model is None or not (hasattr(model, "save") and hasattr(model, "load")):
        raise ValueError(
            f"This {type(dashboard).__name__} is shown in the notebook and cannot be served "
            f"as well: serve a new one, e.g. pn.serve(lambda: {type(dashboard).__name__}())."
        )
    copy = type(model)()
    copy.load(model.save())
    return type(dashboard)(model=copy)
