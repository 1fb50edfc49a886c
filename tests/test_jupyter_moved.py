"""Freezing the earlier output of a dashboard shown again, without a kernel: the output's comm
takes nothing more from the page and sends it nothing, and the page gets the freeze script
naming that output (the browser side: tests/jupyter/test_shown_twice.py)."""

from __future__ import annotations

import json

import panel as pn
import param

from cole_panel.runtime import jupyter_moved, jupyter_push


class _Comm:
    def __init__(self):
        self._on_msg = lambda msg: None
        self.sent: list = []

    def send(self, *args, **kwargs):
        self.sent.append(args)


def test_an_earlier_output_is_frozen_once_and_its_comm_cut(monkeypatch):
    scripts: list[str] = []
    monkeypatch.setattr(jupyter_push, "publish_page_script", scripts.append)
    viewer, comm = param.Parameterized(), _Comm()
    monkeypatch.setitem(pn.state._views, "p-earlier", (None, None, None, comm))
    jupyter_moved._OUTPUTS[viewer] = ["p-earlier"]

    assert jupyter_moved.freeze_earlier_outputs(viewer) == 1
    comm.send("a push")
    assert comm.sent == []  # nothing reaches the frozen output any more
    assert len(scripts) == 1 and json.dumps("p-earlier") in scripts[0]
    assert json.dumps(jupyter_moved.FROZEN_NOTICE) in scripts[0]
    assert jupyter_moved.freeze_earlier_outputs(viewer) == 0  # each output once


def test_the_outputs_drawn_inside_the_block_are_recorded_for_the_viewer(monkeypatch):
    viewer = param.Parameterized()
    with jupyter_moved.recording_outputs(viewer):
        monkeypatch.setitem(pn.state._views, "p-drawn", (None, None, None, _Comm()))
    assert jupyter_moved._OUTPUTS.pop(viewer) == ["p-drawn"]
