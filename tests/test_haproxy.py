"""HAProxy in front of ``--processes N`` without a browser: which process a page and its
websocket go to, what a visitor may not choose, a process that stops, and the launcher's
options (the served behaviour is in tests/browser/test_processes.py).  Each test starts a
throwaway HAProxy (tests/haproxy.py) over stand-in processes that answer with their name."""

from __future__ import annotations

import contextlib
import secrets
import subprocess
import threading
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.error import HTTPError

import pytest

from cole_panel.core.browser_cookie import COOKIE
from cole_panel.core.routing import (
    COUNT_ENV,
    PROCESS_ENV,
    drawn_for,
    own_name,
    process_of,
    this_process,
)
from cole_panel.haproxy import PROCESS_COOKIE, haproxy_command, haproxy_config, serve_processes
from cole_panel.serve import _processes

from .haproxy import free_port, haproxy_server


class _StandIn(BaseHTTPRequestHandler):
    """A serving process's stand-in: answers with its name and the address it was told."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.server.seen.append(f"{self.server.name} {self.command} {self.path}")
        if self.server.name == "dying":  # killed while it answers: no answer at all
            self.close_connection = True
            return
        told = [self.headers.get(h) for h in ("X-Real-Ip", "X-Forwarded-Proto")]
        body = " ".join([self.server.name, *(str(value) for value in told)]).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain" if "static" in self.path else "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET  # noqa: N815 - http.server's name

    def log_message(self, *_: object) -> None:
        """Quiet."""


@contextlib.contextmanager
def _front(
    names: list[str | None], seen: list[str] | None = None, behind_proxy: bool = False
) -> Iterator[str]:
    """HAProxy over stand-ins named ``names`` (None: a port nobody listens on); its address."""
    servers, ports = [], []
    for name in names:
        port = free_port()
        ports.append(f"127.0.0.1:{port}")
        if name is not None:
            server = ThreadingHTTPServer(("127.0.0.1", port), _StandIn)
            server.name = name
            server.seen = [] if seen is None else seen
            threading.Thread(target=server.serve_forever, daemon=True).start()
            servers.append(server)
    try:
        with haproxy_server(ports, behind_proxy=behind_proxy) as front:
            yield f"http://127.0.0.1:{front}"
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()


def _ask(
    url: str, cookies: dict[str, str] | None = None, data: bytes | None = None, **headers: str
) -> tuple[str, str]:
    """(the stand-in's answer, HAProxy's process cookie set with it)."""
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            set_cookie = r.headers.get("Set-Cookie", "")
            return r.read().decode(), set_cookie
    except HTTPError as refused:
        return f"{refused.code}", ""


def _name_for(process: int, count: int = 2) -> str:
    return drawn_for(process, count, lambda: secrets.token_urlsafe(16))


def test_the_configuration_is_valid_for_one_machine_and_several(tmp_path):
    for servers in (["127.0.0.1:5101"], ["10.0.0.1:5101", "10.0.0.1:5102", "10.0.0.2:5101"]):
        config = tmp_path / "haproxy.cfg"
        config.write_text(haproxy_config(servers, ":8080"))
        checked = subprocess.run(
            [haproxy_command() or "haproxy", "-c", "-f", str(config)],
            capture_output=True,
            text=True,
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr
    with pytest.raises(ValueError, match="at least one"):
        haproxy_config([], ":8080")


def test_a_rooms_a_classs_or_a_browsers_page_goes_to_the_process_its_name_leads_to():
    one, zero = _name_for(1), _name_for(0)
    with _front(["a", "b"]) as url:
        for _ in range(3):  # not by turn: every time
            assert _ask(f"{url}/circle?room={one}", {COOKIE: zero})[0].startswith("b ")
            assert _ask(f"{url}/classroom?class={one}&key=x")[0].startswith("b ")
            assert _ask(f"{url}/circle", {COOKIE: one})[0].startswith("b ")
            assert _ask(f"{url}/circle?room={zero}", {COOKIE: one})[0].startswith("a ")
        # The same rule as HAProxy's for any name, not only the drawn ones.
        for _ in range(20):
            name = secrets.token_urlsafe(12)
            assert _ask(f"{url}/circle?room={name}")[0][0] == "ab"[process_of(name, 2)]
        # a name of another shape is not read: the page goes to either process
        assert _ask(f"{url}/circle?room=%3Cscript%3E")[0][0] in "ab"


def test_a_pages_websocket_follows_the_process_that_answered_the_page():
    one, zero = _name_for(1), _name_for(0)
    with _front(["a", "b"]) as url:
        answer, cookie = _ask(f"{url}/circle?room={one}", {COOKIE: zero})
        assert answer.startswith("b ") and cookie.startswith(f"{PROCESS_COOKIE}=p1")
        assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
        assert not _ask(f"{url}/static/js/bokeh.min.js", {COOKIE: zero})[1]  # a file: not
        # The websocket (no room in its address) goes where the page was built, not to the
        # process of the browser's token.
        for _ in range(3):
            answer = _ask(f"{url}/circle/ws", {COOKIE: zero, PROCESS_COOKIE: "p1"})[0]
            assert answer.startswith("b ")


def test_a_visitor_cannot_choose_its_address_nor_its_scheme():
    chosen = {"X-Real-Ip": "10.9.9.9", "X-Forwarded-For": "10.9.9.9", "X-Forwarded-Proto": "https"}
    with _front(["a"]) as url:
        assert _ask(f"{url}/circle", **chosen)[0] == "a 127.0.0.1 None"
    with _front(["a"], behind_proxy=True) as url:  # what the proxy in front wrote
        assert _ask(f"{url}/circle", **chosen)[0] == "a 10.9.9.9 https"


def test_a_process_that_is_down_is_passed_over():
    one = _name_for(1)
    with _front(["a", None]) as url:
        for _ in range(4):  # its room's page, a websocket sent to it: the other process
            assert _ask(f"{url}/circle?room={one}")[0].startswith("a ")
            assert _ask(f"{url}/circle/ws", {PROCESS_COOKIE: "p1"})[0].startswith("a ")


def test_a_request_goes_to_another_process_only_if_it_was_never_acted_on():
    dying = _name_for(0)  # a browser whose pages go to the process that dies
    seen: list[str] = []
    with _front(["dying", "b"], seen) as url:
        assert _ask(f"{url}/a.json", {COOKIE: dying})[0].startswith("b ")
        assert seen == ["dying GET /a.json", "b GET /a.json"]
        seen.clear()
        # A POST cut off may have been acted on by the process that died: never sent twice.
        assert _ask(f"{url}/save.json", {COOKIE: dying}, data=b"move=1")[0] == "502"
        assert seen == ["dying POST /save.json"]


def test_the_launchers_options():
    assert _processes(["apps/circle.py", "--processes", "3"]) == (3, ["apps/circle.py"])
    assert _processes(["apps/circle.py"]) == (1, ["apps/circle.py"])
    with pytest.raises(SystemExit, match="1 or more"):
        _processes(["--processes", "0"])
    with pytest.raises(SystemExit, match="--num-procs"):
        serve_processes(["apps/circle.py", "--processes", "2", "--num-procs", "2"])


def test_a_process_makes_names_that_lead_back_to_it(monkeypatch):
    from cole_panel.rooms import RoomRegistry

    monkeypatch.setenv(COUNT_ENV, "3")
    for index in range(3):
        monkeypatch.setenv(PROCESS_ENV, str(index))
        registry = RoomRegistry()
        host = own_name(lambda: secrets.token_urlsafe(24))
        room = registry.create("circle", host)
        classroom = registry.create_class("circle", host, 2)
        names = [host, room.name, classroom.name, *classroom.tables]
        assert {process_of(n, 3) for n in names} == {index}
        registry.close_all()
    monkeypatch.setenv(PROCESS_ENV, "7")  # nonsense: it serves alone
    assert this_process() == (0, 1)


def test_without_haproxy_one_process_serves_and_says_so(monkeypatch, capsys):
    import cole_panel.haproxy
    from cole_panel import serve

    served = []
    monkeypatch.setattr(cole_panel.haproxy, "haproxy_command", lambda: None)
    monkeypatch.setattr(serve.SmallPagesServe, "invoke", lambda self, args: served.append(args))
    monkeypatch.setattr(serve, "ensure_key", lambda: None)
    assert serve.main(["apps/circle.py", "--processes", "2", "--port", "5999"]) == 0
    assert "HAProxy is not installed, so one process serves" in capsys.readouterr().out
    assert len(served) == 1 and served[0].port == 5999
