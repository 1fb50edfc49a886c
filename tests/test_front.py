"""The front of ``--processes N`` without a browser: which process a page and its websocket go
to, what a visitor may not choose, and the launcher's options (the served behaviour is in
tests/browser/test_processes.py)."""

from __future__ import annotations

import asyncio
import secrets
from types import SimpleNamespace

import pytest
from bokeh.util.token import generate_jwt_token, get_session_id
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.httputil import HTTPHeaders
from tornado.web import Application, RequestHandler

from cole_panel.core.browser_cookie import COOKIE
from cole_panel.core.process_names import (
    COUNT_ENV,
    PROCESS_ENV,
    drawn_for,
    own_name,
    this_process,
)
from cole_panel.front import (
    Front,
    Processes,
    _free_port,
    forwarded_headers,
    is_page,
    process_of,
    serve_processes,
    session_for,
    token_of,
)
from cole_panel.serve import _processes


@pytest.mark.parametrize("count", [1, 2, 3])
def test_a_pages_websocket_token_leads_to_the_process_that_built_it(count):
    for process in range(count):
        session = session_for(process, count)
        header = f"bokeh, {generate_jwt_token(session)}"  # what BokehJS sends
        assert process_of(get_session_id(token_of(header)), count) == process


def test_new_pages_are_spread_and_files_go_to_the_least_busy():
    processes = Processes(2, ["python"])
    assert [processes.least_busy() for _ in range(4)] == [0, 1, 0, 1]
    processes.in_flight[0] = 3
    assert processes.least_busy() == 1 and processes.least_busy(page=False) == 1
    assert is_page("/circle") and is_page("/games/savannah/")
    assert not is_page("/static/extensions/panel/panel.min.js") and not is_page("/favicon.ico")


def test_a_visitor_cannot_choose_its_session_or_its_address():
    headers = HTTPHeaders(
        {
            "Bokeh-Session-Id": "chosen-by-the-visitor",
            "X-Real-Ip": "10.9.9.9",
            "X-Forwarded-For": "10.9.9.9",
            "Connection": "keep-alive",
            "Cookie": "cole_player=abcdefghijklmnopqrstuvwx",
        }
    )
    handler = SimpleNamespace(request=SimpleNamespace(headers=headers, remote_ip="192.0.2.7"))
    passed = forwarded_headers(handler)
    assert "Bokeh-Session-Id" not in passed and "Connection" not in passed
    assert passed["X-Real-Ip"] == passed["X-Forwarded-For"] == "192.0.2.7"
    assert passed["Cookie"] == "cole_player=abcdefghijklmnopqrstuvwx"


def test_the_launchers_options():
    assert _processes(["apps/circle.py", "--processes", "3"]) == (3, ["apps/circle.py"])
    assert _processes(["apps/circle.py"]) == (1, ["apps/circle.py"])
    with pytest.raises(SystemExit, match="1 or more"):
        _processes(["--processes", "0"])
    with pytest.raises(SystemExit, match="--num-procs"):
        serve_processes(["apps/circle.py", "--processes", "2", "--num-procs", "2"], None)


def test_a_token_someone_else_made_is_not_read_as_one():
    assert token_of("bokeh") is None
    assert token_of("bokeh, a, b") is None
    assert token_of("chat, abc") is None


class _Counting(RequestHandler):
    """A serving process's stand-in: counts what reaches it; one named ``dying`` closes the
    connection without an answer, as a process killed while it answers does."""

    def initialize(self, name: str, seen: list[str]) -> None:
        self.name, self.seen = name, seen

    def _answer(self) -> None:
        self.seen.append(f"{self.name} {self.request.method} {self.request.path}")
        if self.name == "dying":
            self.request.connection.stream.close()
            return
        self.write(self.name)

    get = post = _answer


async def _ask_front(
    backends: list[str | None], method: str, path: str, cookie: str = ""
) -> tuple[int, str]:
    """One request through a front over stand-in processes (None: a port nobody listens on)."""
    seen: list[str] = []
    processes = Processes(len(backends), ["python"])
    servers = []
    for index, name in enumerate(backends):
        if name is not None:
            app = Application([(r".*", _Counting, {"name": name, "seen": seen})])
            servers.append(HTTPServer(app))
            servers[-1].listen(processes.ports[index], "127.0.0.1")
    front = HTTPServer(Front(processes, None).app)
    port = _free_port()
    front.listen(port, "127.0.0.1")
    client = AsyncHTTPClient(force_instance=True)
    try:
        reply = await client.fetch(
            f"http://127.0.0.1:{port}{path}",
            method=method,
            body=b"move=1" if method == "POST" else None,
            headers={"Cookie": f"{COOKIE}={cookie}"} if cookie else None,
            raise_error=False,
        )
        return reply.code, ",".join(seen)
    finally:
        client.close()
        for server in [front, *servers]:
            server.stop()


def test_a_request_goes_to_the_next_process_only_if_it_was_never_acted_on():
    def ask(backends, method, path):
        return asyncio.run(_ask_front(backends, method, path))

    # Files go to process 0 first (the least busy, the first among equals).
    assert ask([None, "b"], "POST", "/save.json") == (200, "b POST /save.json")
    assert ask(["dying", "b"], "GET", "/a.json") == (200, "dying GET /a.json,b GET /a.json")
    # A POST cut off may have been acted on by the process that died: never sent twice.
    assert ask(["dying", "b"], "POST", "/save.json") == (502, "dying POST /save.json")


def test_a_rooms_or_a_classs_page_goes_to_the_process_its_name_leads_to():
    def ask(path, cookie=""):
        return asyncio.run(_ask_front(["a", "b"], "GET", path, cookie))

    one = drawn_for(1, 2, lambda: secrets.token_urlsafe(16))
    zero = drawn_for(0, 2, lambda: secrets.token_urlsafe(16))
    for _ in range(2):  # not by turn: every time
        assert ask(f"/circle?room={one}", cookie=zero)[1] == "b GET /circle"
        assert ask(f"/classroom?class={one}&key=x")[1] == "b GET /classroom"
        assert ask("/circle", cookie=one)[1] == "b GET /circle"
    # a name of another shape is not read: the page goes by turn (process 0 first)
    assert ask("/circle?room=<script>")[1] == "a GET /circle"


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
