"""A part put in the page once the browser says it is near (cole_panel.runtime.near), in Python:
the browser's messages are what :class:`NearWatch` receives from its script."""

from __future__ import annotations

import logging

import panel as pn
from bokeh.document import Document

from cole_panel.runtime.near import NearWatch, ShownWhenNear


def _part(**params) -> tuple[ShownWhenNear, pn.widgets.Button]:
    button = pn.widgets.Button(label="Inside")
    return ShownWhenNear(pn.Column(button), height=120, label="A part", **params), button


def test_the_content_waits_for_the_browser_then_stays():
    part, button = _part()
    root = pn.panel(part).get_root(Document())  # the page as first sent: the placeholder
    (watch,) = pn.panel(part).select(NearWatch)
    assert not part.shown and watch.label == "A part: loading…" and watch.height == 120
    assert pn.panel(part).select(pn.widgets.Button) == []
    assert part.select(pn.widgets.Button) == [button]  # what it holds, before it is sent
    watch._handle_msg({"near": True})
    assert part.shown and pn.panel(part).select(pn.widgets.Button) == [button]
    assert any(m.label == "Inside" for m in root.references() if hasattr(m, "label"))
    watch._handle_msg({"near": True})  # a second message changes nothing
    assert pn.panel(part).objects[0].objects == [button]


def test_any_other_message_is_refused_with_one_warning(caplog):
    part, _ = _part(when="sidebar")
    (watch,) = pn.panel(part).select(NearWatch)
    assert watch.when == "sidebar"
    with caplog.at_level(logging.WARNING, logger="cole_panel.runtime.near"):
        for message in ({"near": False}, {"near": 1, "x": 2}, "near", None, [True]):
            watch._handle_msg(message)
    assert not part.shown and len(caplog.records) == 5


def test_show_puts_the_content_in_at_once():
    part, button = _part()
    part.show()
    assert part.shown and pn.panel(part).select(pn.widgets.Button) == [button]
