"""A control changed in a notebook output reaches the page whole (issue 43), without a browser.

The page's change of a widget is applied as ipykernel 7 applies it: on a thread of its own,
with the document not held.  Everything the change made (the heading pane, and the board's data
sources that the trainer's watchers changed) must leave over the output's comm.
"""

from __future__ import annotations

import threading

import panel as pn
import panel.io.notebook as notebook
from panel.io.state import state
from panel.reactive import Syncable

from cole_panel.circle.puzzles import PuzzleView
from cole_panel.runtime import jupyter


class _Comm:
    """An open comm to the page (Panel sends through ``send`` once ``_comm`` is set)."""

    id = "comm-to-the-page"
    _comm = True


class _CommManager:
    @staticmethod
    def get_server_comm(*_args, **_kwargs):
        return _Comm()

    get_client_comm = get_server_comm


def test_a_theme_changed_on_the_page_sends_the_new_board(monkeypatch):
    monkeypatch.setattr(Syncable, "_schedule_change", Syncable._schedule_change)
    monkeypatch.setattr(notebook, "diff", notebook.diff)
    monkeypatch.setattr(notebook, "send", notebook.send)
    monkeypatch.setattr(jupyter, "_HOOKS", {})
    monkeypatch.setattr(state, "_comm_manager", _CommManager)
    monkeypatch.setattr(pn.extension, "_loaded", True)
    sent: list = []
    jupyter._install_push_hooks(inline=False)
    monkeypatch.setitem(jupyter._HOOKS, "send", lambda _comm, msg: sent.append(msg))
    jupyter._hold_control_changes()
    view = PuzzleView()
    view._repr_mimebundle_()
    widget = view.controls._theme
    ((ref, (model, _parent)),) = widget._models.items()
    doc = model.document
    comm = next(comm for _view, _root, d, comm in state._views.values() if d is doc)
    sent.clear()

    def on_the_comm_thread() -> None:  # the page set the second theme
        widget._comm_change(doc, ref, comm, None, "active", 0, 1)

    thread = threading.Thread(target=on_the_comm_thread)
    thread.start()
    thread.join(30)
    assert view.model.theme == "block"
    changed = {e["model"]["id"] for msg in sent for e in msg.content["events"] if "model" in e}
    heading = view.controls._goal._models[ref][0]
    assert {view.board.sources["stones"].id, heading.id} <= changed
    assert len(sent) == 1  # one message for the one change
