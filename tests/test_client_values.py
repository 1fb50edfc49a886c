"""A hostile browser's values are refused and put back, with one line in the log at most.

A bare Bokeh-protocol client (tests/wire.py) opens a real Circle page and sends what a page's
widgets never would: a seat menu value that is not on the menu, a slider past its end, a radio
group's ``active=5``, taps at ``x="abc"`` and NaN (an upload that is not base64:
tests/test_untrusted.py).  The server
must answer each (the page keeps working, the widget shows its value again) without a
traceback in its log.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest
from bokeh.models import AbstractSlider, RadioButtonGroup, Select

from cole_panel.circle.board import BOARD_NAME

from .browser.conftest import APPS
from .wire import Wire, served, wait_for

_ATTR = {"seat": "value", "slider": "value", "radio": "active"}
LOGGERS = ("", "panel", "bokeh", "tornado", "cole_panel")


@pytest.fixture
def server_log(caplog) -> Iterator[list[logging.LogRecord]]:
    """Every record the server logs at INFO or above (Panel's loggers do not all propagate)."""
    caplog.set_level(logging.INFO)
    loggers = [logging.getLogger(name) for name in LOGGERS]
    for logger in loggers[1:]:
        logger.addHandler(caplog.handler)
    try:
        yield caplog.records
    finally:
        for logger in loggers[1:]:
            logger.removeHandler(caplog.handler)


def _doc_of(server, session_id: str):
    sessions = [s for s in server.get_sessions("/circle") if s.id == session_id]
    return sessions[0].document if sessions else None


def _one(doc, kind: type, test=lambda m: True):
    return next(m for m in doc.models if isinstance(m, kind) and test(m))


async def _send_for_deferred(wire: Wire, doc) -> None:
    """What a wide window's page does once drawn: it sends for the parts it was served without
    (``cole_panel.runtime.near``: the settings sidebar), whose widgets are sent to below."""
    for model in [m for m in doc.models if hasattr(getattr(m, "data", None), "when")]:
        await wire.model_event("data_event", model.id, data={"near": True})
    await wire.read_for(1.0)


async def _hostile(wire: Wire, doc) -> dict:
    """Send every bad value; returns the models sent to, with their values before."""
    await _send_for_deferred(wire, doc)
    seat = _one(doc, Select, lambda m: "Human" in str(m.options))
    slider = _one(doc, AbstractSlider)
    radio = _one(doc, RadioButtonGroup)
    board = doc.select_one({"name": BOARD_NAME})
    before = {"seat": (seat, seat.value), "slider": (slider, slider.value)}
    before["radio"] = (radio, radio.active)
    await wire.change(seat.id, "value", "Root of all evil")
    await wire.change(slider.id, "value", slider.end + 100)
    await wire.change(radio.id, "active", 5)
    for x in ("abc", {"type": "number", "value": "nan"}):
        await wire.model_event("tap", board.id, x=x, y=0.0, sx=10, sy=10)
    await wire.read_for(2.0)  # Panel reads widget changes on a later tick
    return before


def test_bad_values_from_a_client_are_put_back_without_a_traceback(server_log):
    with served({"circle": APPS / "circle.py"}) as (base, server):

        async def drive() -> tuple[dict, dict, Wire]:
            async with Wire(base + "/circle") as wire:
                doc = _doc_of(server, wire.session_id)
                before = await _hostile(wire, doc)
                # The session still plays: a good value is taken.
                seat = before["seat"][0]
                now = {key: getattr(m, _ATTR[key]) for key, (m, _) in before.items()}
                await wire.change(seat.id, "value", "Greedy")
                wait_for(lambda: seat.value == "Greedy", "took a good value")
                return before, now, wire

        before, now, wire = asyncio.run(drive())

    for key, (model, value) in before.items():
        assert now[key] == value, f"{key} left at a client's bad value"
        assert value in wire.sent_back(model.id, _ATTR[key]), f"{key}: the browser was not told"
    crashes = [r for r in server_log if r.exc_info or r.levelno >= logging.ERROR]
    assert not crashes, [r.getMessage()[:300] for r in crashes]
    refused = [r for r in server_log if r.levelno == logging.WARNING]
    assert len(refused) <= 5, [r.getMessage() for r in refused]
    assert all("\n" not in r.getMessage() for r in refused)
