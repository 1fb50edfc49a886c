"""Served pages in this process, and a bare Bokeh-protocol client that talks to them.

:func:`served` runs ``panel serve`` of app scripts on a loop thread of the test process, so a
test reads what the server holds (its sessions' documents, the rooms' registry).  :class:`Wire`
is what BokehJS is to a page, minus the drawing: it opens a session over a websocket (a fresh
session id in its token, as ``bokeh.client`` makes one), says "document ready", sends property
changes and events as a browser would (any value a hostile one could) and reads the replies.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import panel as pn
from bokeh.util.token import generate_jwt_token, generate_session_id
from tornado.httpclient import HTTPRequest
from tornado.ioloop import IOLoop
from tornado.websocket import websocket_connect

from .browser.conftest import free_port

LIFETIME = {"check_unused_sessions_milliseconds": 200, "unused_session_lifetime_milliseconds": 300}
"""Server options that end a session soon after its last connection closes."""


def wait_for(condition, what: str, seconds: float = 120) -> None:
    """Wait until ``condition()`` (polled every 50 ms) or fail saying what never happened."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        threading.Event().wait(0.05)
    raise AssertionError(f"never {what}")


@contextmanager
def served(apps: dict[str, Path], **options: Any) -> Iterator[tuple[str, Any]]:
    """``panel serve`` of ``apps`` (name -> script) on a loop thread: (address, server)."""
    port, loop = free_port(), IOLoop(make_current=False)
    server = pn.serve(
        {name: str(script) for name, script in apps.items()},
        port=port,
        address="127.0.0.1",
        loop=loop,
        start=False,
        show=False,
        websocket_origin="*",
        **options,
    )
    loop.add_callback(server.start)
    running = threading.Thread(target=loop.start, daemon=True)
    running.start()
    try:
        yield f"http://127.0.0.1:{port}", server
    finally:
        loop.add_callback(server.stop)
        loop.add_callback(loop.stop)
        running.join(30)


def _frames(msgtype: str, content: dict, msgid: str) -> list[str]:
    return [json.dumps({"msgid": msgid, "msgtype": msgtype}), "{}", json.dumps(content)]


class Wire:
    """One page's session over a bare websocket (use ``async with``)."""

    def __init__(self, page_url: str, query: str = ""):
        self.url = page_url.replace("http", "ws", 1) + "/ws" + (f"?{query}" if query else "")
        self.session_id = generate_session_id()
        self.received: list[dict] = []
        self._socket: Any = None
        self._serial = 0

    async def __aenter__(self) -> Wire:
        token = generate_jwt_token(self.session_id)
        self._socket = await websocket_connect(
            HTTPRequest(self.url, request_timeout=300), subprotocols=["bokeh", token]
        )
        await self._read()  # the server's ACK: the session exists, its page built
        await self.send("PATCH-DOC", {"events": [self._event("document_ready", [])]})
        return self

    async def __aexit__(self, *_: object) -> None:
        self._socket.close()

    async def _read(self) -> dict | None:
        """One whole message (header, metadata, content): its header and content."""
        parts = []
        for _ in range(3):
            frame = await self._socket.read_message()
            if frame is None:
                return None
            parts.append(json.loads(frame))
        header, _meta, content = parts
        for _ in range(header.get("num_buffers", 0)):
            await self._socket.read_message()
        message = {"header": header, "content": content}
        self.received.append(message)
        return message

    async def send(self, msgtype: str, content: dict) -> dict:
        """Send one message and wait for the server's reply to it (OK or ERROR)."""
        self._serial += 1
        msgid = f"wire-{self._serial}"
        for frame in _frames(msgtype, content, msgid):
            await self._socket.write_message(frame)
        while True:
            message = await asyncio.wait_for(self._read(), 120)
            if message is None:
                raise ConnectionError("the server closed the connection")
            if message["header"].get("reqid") == msgid:
                return message

    @staticmethod
    def _event(name: str, entries: list) -> dict:
        data = {"type": "event", "name": name, "values": {"type": "map", "entries": entries}}
        return {"kind": "MessageSent", "msg_type": "bokeh_event", "msg_data": data}

    async def change(self, model_id: str, attr: str, value: Any) -> dict:
        """The browser says model ``model_id``'s ``attr`` is now ``value``."""
        event = {"kind": "ModelChanged", "model": {"id": model_id}, "attr": attr, "new": value}
        return await self.send("PATCH-DOC", {"events": [event]})

    async def model_event(self, name: str, model_id: str, **values: Any) -> dict:
        """The browser fires event ``name`` (``tap``, ``data_event``) on model ``model_id``."""
        entries = [["model", {"id": model_id}], *([k, v] for k, v in values.items())]
        return await self.send("PATCH-DOC", {"events": [self._event(name, entries)]})

    def sent_back(self, model_id: str, attr: str) -> list[Any]:
        """Every value of ``attr`` of ``model_id`` the server has sent this page so far."""
        return [
            event.get("new")
            for message in self.received
            if message["header"].get("msgtype") == "PATCH-DOC"
            for event in message["content"].get("events", [])
            if event.get("kind") == "ModelChanged"
            and event.get("model", {}).get("id") == model_id
            and event.get("attr") == attr
        ]

    async def read_for(self, seconds: float) -> None:
        """Read whatever the server sends during ``seconds``."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._drain(), seconds)

    async def _drain(self) -> None:
        while await self._read() is not None:
            pass
