"""Firefox and WebKit (Safari's engine) for the browser tests, driven without Playwright.

Playwright's own Firefox and WebKit builds cannot be downloaded here; Debian's can be driven:

- WebKit: ``/usr/bin/WebKitWebDriver`` (Debian's ``webkit2gtk-driver``) runs WebKitGTK's
  MiniBrowser, spoken to in W3C WebDriver over HTTP.  MiniBrowser's window is at least 447 px
  wide and the driver has no viewport emulation nor touch; it has no console log either, so a
  collector is put in each page as soon as it can be (errors before then are missed).
- Firefox: Debian's ``firefox-esr`` with its WebDriver BiDi endpoint (``--remote-debugging-port``),
  spoken to over a websocket (there is no geckodriver in Debian): console errors and every
  request of a page arrive as events.

Both run in one Xvfb of their own (a desktop browser: it hovers, it has a mouse).  A page is
driven through :class:`EnginePage`: ``goto``, ``resize``, ``evaluate`` (a JavaScript function
and JSON arguments, a JSON result), ``wait_for``, ``click``, ``screenshot``; ``errors`` and
``outside`` collect what the page logged and what it asked of another host.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .conftest import LOCAL_HOSTS, free_port, listening, stop_process_group

XVFB = "/usr/bin/Xvfb"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
ENGINES = ("firefox", "webkit")
NARROWEST = {"firefox": 447, "webkit": 447}
"""The narrowest page each engine is checked at: MiniBrowser's window is never narrower than
447 px, and Firefox is given the same.  (Its viewport could be a phone's 390 px, but a desktop
Firefox then keeps its classic 12 px scrollbar, which no phone has, and the page is squeezed
by it: Chromium's phone tests cover 390 px with a phone's overlay scrollbars.)"""
INSTALL = "`make other-browsers` or `apt-get install -y firefox-esr webkit2gtk-driver xvfb`"
_LOCAL = {h.strip("[]") for h in LOCAL_HOSTS}


def missing(engine: str) -> list[str]:
    """The programs ``engine`` needs that this machine lacks."""
    needs = [XVFB, FIREFOX] if engine == "firefox" else [XVFB, WEBKIT_DRIVER, MINIBROWSER]
    return [p for p in needs if not (os.path.isfile(p) and os.access(p, os.X_OK))]


def wait_until(ready, timeout: float, what: str) -> Any:
    """Poll ``ready()`` until it returns something truthy (an ``OSError`` counts as not yet)."""
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(OSError):
            value = ready()
            if value:
                return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} within {timeout:.0f} s")
        time.sleep(0.1)


class Xvfb:
    """A virtual X display of our own (its number chosen by Xvfb: ``-displayfd``)."""

    def __init__(self):
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            stop_process_group(self.proc)
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        stop_process_group(self.proc)


_COLLECT_JS = """() => {
    if (window.__coleErrors) return true;
    window.__coleErrors = [];
    window.addEventListener("error", e => window.__coleErrors.push("uncaught " + e.message));
    window.addEventListener("unhandledrejection",
        e => window.__coleErrors.push("unhandled " + String(e.reason)));
    const error = console.error.bind(console);
    console.error = (...args) => { window.__coleErrors.push(args.map(String).join(" ")); error(...args); };
    return true;
}"""
_RESOURCES_JS = """() => performance.getEntriesByType("resource").map(e => e.name)"""


class EnginePage:
    """One page of Firefox or WebKit (what both share; the engine's class speaks to it)."""

    engine = ""

    def __init__(self):
        self.errors: list[str] = []
        """What the page logged as an error, or threw."""
        self.outside: list[str] = []
        """Addresses the page asked of a host other than this machine."""

    # what each engine provides
    def _call(self, function: str, args_json: str) -> str: ...
    def _click(self, x: int, y: int) -> None: ...
    def _screenshot(self) -> bytes: ...
    def goto(self, url: str) -> None: ...
    def resize(self, width: int, height: int) -> None: ...
    def close(self) -> None: ...

    def evaluate(self, function: str, *args: Any) -> Any:
        """Run the JavaScript ``function`` on ``args`` (JSON) in the page; its JSON result."""
        wrapper = f"(a) => JSON.stringify(({function})(...JSON.parse(a)) ?? null)"
        return json.loads(self._call(wrapper, json.dumps(list(args))))

    def wait_for(self, function: str, *args: Any, timeout: float = 60.0, what: str = "") -> Any:
        """Wait until ``function(*args)`` is truthy in the page; returns its value."""

        def ready():
            with contextlib.suppress(WebDriverError):
                return self.evaluate(function, *args)

        return wait_until(ready, timeout, what or f"{self.engine}: not true: {function[:80]}")

    def click(self, x: float, y: float) -> None:
        """A mouse click at page pixel (x, y) of the viewport."""
        self._click(round(x), round(y))

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(self._screenshot())

    def check(self) -> None:
        """Fail when the page logged an error or asked another host anything."""
        assert not self.outside, f"{self.engine}: the page asked another host: {self.outside[:5]}"
        assert not self.errors, f"{self.engine}: the page logged errors: {self.errors[:5]}"

    def _outside(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in _LOCAL:
            self.outside.append(url)


class WebDriverError(RuntimeError):
    """An error answered by a WebDriver endpoint (the page is not there yet, a bad script)."""


class WebKitPage(EnginePage):
    """MiniBrowser driven by WebKitWebDriver (W3C WebDriver over HTTP)."""

    engine = "webkit"

    def __init__(self, display: str, log: Path):
        super().__init__()
        self.port = free_port()
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "w") as out:
            self.proc = subprocess.Popen(
                [WEBKIT_DRIVER, f"--port={self.port}"],
                env={**os.environ, "DISPLAY": display},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_until(lambda: listening(self.port), 30, "WebKitWebDriver did not listen")
        caps = {
            "pageLoadStrategy": "none",
            "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]},
        }
        answer = self._send("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
        self.session = f"/session/{answer['sessionId']}"

    def _send(self, method: str, path: str, body: dict | None = None) -> Any:
        data = json.dumps(body or {}).encode() if method == "POST" else None
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            raise WebDriverError(error.read().decode(errors="replace")[:500]) from None

    def _call(self, function: str, args_json: str) -> str:
        script = f"return ({function})(arguments[0]);"
        return self._send(
            "POST", f"{self.session}/execute/sync", {"script": script, "args": [args_json]}
        )

    def goto(self, url: str) -> None:
        self._send("POST", f"{self.session}/url", {"url": url})
        # As early as a page can take it; errors logged before it went in are missed.
        self.wait_for(_COLLECT_JS, timeout=60, what="webkit: the page did not open")

    def resize(self, width: int, height: int) -> None:
        """The page's inner size (the window around it is made to fit)."""
        inner_js = "() => [window.innerWidth, window.innerHeight]"
        rect = {"width": width, "height": height}
        for _ in range(3):
            before = self.evaluate(inner_js)
            self._send("POST", f"{self.session}/window/rect", rect)
            # The window resizes after the answer: wait for the page to see it, then settle.
            with contextlib.suppress(TimeoutError):
                wait_until(lambda was=before: self.evaluate(inner_js) != was, 5, "")
            inner = self.evaluate(inner_js)
            if inner == [width, height]:
                return
            grow = (width - inner[0], height - inner[1])
            if all(0 <= d < 200 for d in grow):  # the window's frame takes a little room
                rect = {"width": rect["width"] + grow[0], "height": rect["height"] + grow[1]}

    def _click(self, x: int, y: int) -> None:
        steps = [
            {"type": "pointerMove", "x": x, "y": y, "origin": "viewport", "duration": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        mouse = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}}
        self._send("POST", f"{self.session}/actions", {"actions": [{**mouse, "actions": steps}]})

    def _screenshot(self) -> bytes:
        return base64.b64decode(self._send("GET", f"{self.session}/screenshot"))

    def collect(self) -> None:
        """Gather what the page logged and fetched so far (call before :meth:`check`)."""
        with contextlib.suppress(WebDriverError):
            self.errors += self.evaluate("() => (window.__coleErrors || []).splice(0)")
            for url in self.evaluate(_RESOURCES_JS):
                self._outside(url)

    def check(self) -> None:
        self.collect()
        super().check()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._send("DELETE", self.session)
        stop_process_group(self.proc)


class FirefoxPage(EnginePage):
    """Firefox ESR driven over WebDriver BiDi (a websocket)."""

    engine = "firefox"

    def __init__(self, display: str, log: Path):
        super().__init__()
        from websockets.sync.client import connect

        self.profile = tempfile.mkdtemp(prefix="cole-firefox-")
        port = free_port()
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "w") as out:
            self.proc = subprocess.Popen(
                [
                    FIREFOX,
                    "--remote-debugging-port",
                    str(port),
                    "--profile",
                    self.profile,
                    "--no-remote",
                    "--new-instance",
                    "about:blank",
                ],
                env={**os.environ, "DISPLAY": display, "MOZ_CRASHREPORTER_DISABLE": "1"},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_until(lambda: listening(port), 60, "Firefox's BiDi endpoint did not listen")
        self._closing = contextlib.ExitStack()
        self.ws = self._closing.enter_context(
            connect(f"ws://127.0.0.1:{port}/session", max_size=2**26, open_timeout=60)
        )
        self._ids = itertools.count(1)
        self._answers: dict[int, dict] = {}
        self._arrived = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._send("session.new", {"capabilities": {}})
        self._send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]})
        self.context = self._send("browsingContext.getTree", {})["contexts"][0]["context"]

    def _read(self) -> None:
        with contextlib.suppress(Exception):
            for text in self.ws:
                message = json.loads(text)
                if "id" in message:
                    with self._arrived:
                        self._answers[message["id"]] = message
                        self._arrived.notify_all()
                elif message.get("method") == "log.entryAdded":
                    entry = message["params"]
                    if entry.get("level") == "error":
                        self.errors.append(f"{entry.get('type')}: {entry.get('text')}")
                elif message.get("method") == "network.beforeRequestSent" and message["params"].get(
                    "context"
                ):  # a page's request, not the browser's own
                    self._outside(message["params"]["request"]["url"])

    def _send(self, method: str, params: dict, timeout: float = 120) -> Any:
        number = next(self._ids)
        self.ws.send(json.dumps({"id": number, "method": method, "params": params}))
        with self._arrived:
            if not self._arrived.wait_for(lambda: number in self._answers, timeout):
                raise TimeoutError(f"firefox: no answer to {method} within {timeout} s")
            answer = self._answers.pop(number)
        if answer.get("type") == "error":
            raise WebDriverError(f"{method}: {answer.get('error')}: {answer.get('message')}")
        return answer["result"]

    def _call(self, function: str, args_json: str) -> str:
        result = self._send(
            "script.callFunction",
            {
                "functionDeclaration": function,
                "arguments": [{"type": "string", "value": args_json}],
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if result.get("type") == "exception":
            raise WebDriverError(str(result.get("exceptionDetails", {}).get("text")))
        return result["result"]["value"]

    def goto(self, url: str) -> None:
        self._send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "interactive"}
        )

    def resize(self, width: int, height: int) -> None:
        viewport = {"width": width, "height": height}
        self._send("browsingContext.setViewport", {"context": self.context, "viewport": viewport})

    def _click(self, x: int, y: int) -> None:
        steps = [
            {"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        mouse = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}}
        self._send(
            "input.performActions",
            {"context": self.context, "actions": [{**mouse, "actions": steps}]},
        )

    def _screenshot(self) -> bytes:
        shot = self._send("browsingContext.captureScreenshot", {"context": self.context})
        return base64.b64decode(shot["data"])

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._send("browser.close", {}, timeout=10)
        with contextlib.suppress(Exception):
            self._closing.close()
        stop_process_group(self.proc)
        shutil.rmtree(self.profile, ignore_errors=True)


def open_engine(engine: str, display: str, log: Path) -> EnginePage:
    """A fresh page of ``engine`` ("firefox" or "webkit") on X display ``display``."""
    return (FirefoxPage if engine == "firefox" else WebKitPage)(display, log)
