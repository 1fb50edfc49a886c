"""One address, several serving processes: ``python -m cole_panel.serve --processes N ...``.

A page is built by Python on one interpreter: one process uses one core, however many the
machine has, and thirty students opening a game in the same minute wait for thirty builds one
after the other.  With ``--processes N`` the launcher starts N ordinary serving processes
(:mod:`cole_panel.serve`, each on a port of its own on 127.0.0.1) and answers the public
address itself, passing every request on (:class:`Front`).

What must reach one process reaches it.  Bokeh builds a page's document when its HTML is asked
for and keeps it in that process; the page's websocket must come back to that process, or Bokeh
builds the page a second time there (what ``panel serve --num-procs`` does half the time).  So
the front names each new page's session itself (Bokeh's ``Bokeh-Session-Id`` request header)
and picks the name so that it leads to the chosen process (:func:`process_of`); the websocket
carries that name in its token, and the front sends it to the same process.  Nothing is
remembered per page, so any number of pages and a restarted process need no bookkeeping.

A room's pages and a class's go to the process their name leads to, and so do all the pages of
a browser with a token (its cookie, once a page has written it); a name is drawn where it is
made so that it leads to the process that made it (:mod:`cole_panel.core.process_names`).  So
the pages on a room meet in one process, which counts its people and pages whole, and the rooms
a browser makes count toward its limit in one place.  A first visit's page goes to the process
with the fewest page requests in flight.  Rooms, classes and kept games are
shared through the database, as between any two processes (``docs/deploy.md``).  Each process is told the visitor's address (``X-Real-Ip``; it runs with
``--use-xheaders``), so per-address limits still see people, not the front.  A process that
exits is started again on its port within a second.  The processes run with mimalloc where the
system has it (:mod:`cole_panel.core.allocator`: a class's memory is handed back after its wave).
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import itertools
import logging
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bokeh.settings import settings
from bokeh.util.token import generate_session_id, get_session_id
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.httpserver import HTTPServer
from tornado.simple_httpclient import HTTPTimeoutError
from tornado.web import Application, HTTPError, RequestHandler
from tornado.websocket import WebSocketClosedError, WebSocketHandler, websocket_connect

from cole_panel.core.allocator import allocator_env, mimalloc
from cole_panel.core.browser_cookie import COOKIE, TOKEN_PATTERN
from cole_panel.core.process_names import (
    COUNT_ENV,
    FRONT_HEADER,
    FRONT_KEY_ENV,
    PROCESS_ENV,
    drawn_for,
    process_of,
)

__all__ = [
    "Front",
    "Processes",
    "is_page",
    "process_of",
    "serve_processes",
    "session_for",
    "token_of",
]

log = logging.getLogger("cole_panel.front")

SESSION_HEADER = "Bokeh-Session-Id"
"""The request header Bokeh takes a new session's name from."""

HOP_BY_HOP = frozenset(
    h.lower()
    for h in (
        "Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization", "TE",
        "Trailer", "Transfer-Encoding", "Upgrade", "Content-Length",
    )
)  # fmt: skip
"""Headers of one connection, never passed on."""

SET_BY_FRONT = frozenset(
    h.lower() for h in (SESSION_HEADER, FRONT_HEADER, "X-Real-Ip", "X-Forwarded-For")
)
"""Request headers a visitor may not choose: the front writes them."""

MAX_MESSAGE_BYTES = 20 * 2**20
"""The largest websocket message passed on (Bokeh's own default limit)."""

PING_SECONDS = 37.0
"""How often an open page's websocket is pinged (Bokeh's own ``--keep-alive``), so that a
network device between the browser and the front does not drop a quiet connection."""

NAMED_BY = ("room", "class")
"""Address parameters naming what a page is of: its room, its class (first found counts)."""

SAFE_TO_REPEAT = frozenset(("GET", "HEAD", "OPTIONS"))
"""Methods a request may be sent again with, to the next process, if the first one was cut off
(a process killed while it answered): a POST might have been acted on, so it is not repeated."""

START_SECONDS = 120.0
"""How long a serving process may take to answer before the launcher gives up."""


def session_for(process: int, count: int) -> str:
    """A new, unguessable session name that :func:`process_of` leads to ``process`` (signed
    as Bokeh's own when ``BOKEH_SIGN_SESSIONS`` is set).

    >>> {process_of(session_for(i, 3), 3) for i in range(3) for _ in range(20)}
    {0, 1, 2}
    """
    return drawn_for(
        process,
        count,
        lambda: generate_session_id(
            secret_key=settings.secret_key_bytes(), signed=settings.sign_sessions()
        ),
    )


def is_page(path: str) -> bool:
    """Whether ``path`` may be a page (whose document a process builds), not a file.

    >>> is_page("/circle"), is_page("/"), is_page("/static/js/bokeh.min.js"), is_page("/favicon.ico")
    (True, True, False, False)
    """
    return "/static/" not in path and "." not in path.rpartition("/")[2]


def token_of(protocols: str) -> str | None:
    """The session token of a websocket's ``Sec-WebSocket-Protocol`` header (``bokeh, TOKEN``),
    or None.

    >>> token_of("bokeh, abc.def"), token_of("chat"), token_of("")
    ('abc.def', None, None)
    """
    parts = [p.strip() for p in protocols.split(",")]
    return parts[1] if len(parts) == 2 and parts[0] == "bokeh" and parts[1] else None


class Processes:
    """The serving processes: started, watched (started again when one exits) and stopped."""

    def __init__(self, count: int, command: list[str]):
        self.count = count
        self.command = command
        """``python -m cole_panel.serve`` with the apps and options, without address and port."""
        self.ports = [_free_port() for _ in range(count)]
        self.procs: list[subprocess.Popen | None] = [None] * count
        self.in_flight = [0] * count
        self._turn = itertools.count()
        self.key = secrets.token_urlsafe(32)
        """What vouches for the session names the front gives (:data:`FRONT_HEADER`)."""

    def start(self, index: int) -> None:
        command = [
            *self.command,
            *("--address", "127.0.0.1", "--port", str(self.ports[index]), "--use-xheaders"),
            *("--exclude-headers", FRONT_HEADER),  # the key stays out of the pages' tokens
            *("--log-format", f"%(asctime)s [process {index}] %(message)s"),
        ]
        env = {**os.environ, PROCESS_ENV: str(index), COUNT_ENV: str(self.count)}
        env[FRONT_KEY_ENV] = self.key
        env.update(allocator_env(os.environ, mimalloc()))
        self.procs[index] = subprocess.Popen(command, env=env, preexec_fn=_die_with_parent)

    def start_all(self) -> None:
        """Start every process and wait until each accepts connections."""
        for index in range(self.count):
            self.start(index)
        deadline = time.monotonic() + START_SECONDS
        for index, port in enumerate(self.ports):
            while not _listening(port):
                proc = self.procs[index]
                if proc is not None and proc.poll() is not None:
                    raise SystemExit(f"serving process {index} exited with code {proc.returncode}")
                if time.monotonic() > deadline:
                    raise SystemExit(f"serving process {index} did not answer in {START_SECONDS} s")
                time.sleep(0.1)

    def restart_exited(self) -> None:
        """Start again each process that has exited (its port stays the same)."""
        for index, proc in enumerate(self.procs):
            if proc is not None and proc.poll() is not None:
                log.warning(
                    "serving process %d exited (%s); starting it again", index, proc.returncode
                )
                self.start(index)

    def stop(self) -> None:
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            if proc is not None:
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()

    def least_busy(self, page: bool = True) -> int:
        """The process with the fewest requests in flight; among equals, in turn for a
        ``page`` (so pages asked one after another alternate), else the first."""
        fewest = min(self.in_flight)
        idle = [i for i, n in enumerate(self.in_flight) if n == fewest]
        return idle[next(self._turn) % len(idle)] if page else idle[0]

    def base(self, index: int, scheme: str = "http") -> str:
        return f"{scheme}://127.0.0.1:{self.ports[index]}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _die_with_parent() -> None:
    """In the child: be sent SIGTERM when the launcher dies, however it dies (Linux)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def forwarded_headers(handler: RequestHandler) -> dict[str, str]:
    """The request's headers for a serving process: the visitor's address written by the front."""
    headers = {
        k: v
        for k, v in handler.request.headers.get_all()
        if k.lower() not in HOP_BY_HOP and k.lower() not in SET_BY_FRONT
    }
    headers["X-Real-Ip"] = headers["X-Forwarded-For"] = handler.request.remote_ip or ""
    return headers


class Forward(RequestHandler):
    """Every request that is not a websocket: to the process of a new page (named for it), or
    to any process (a static file, a favicon)."""

    SUPPORTED_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")

    def initialize(self, processes: Processes, client: AsyncHTTPClient) -> None:
        self.processes = processes
        self.client = client

    async def _forward(self, *_: Any) -> None:
        processes = self.processes
        first = self._named_process()
        if first is None:
            first = processes.least_busy(page=is_page(self.request.path))
        for step in range(processes.count):  # a process starting again: the next one
            reply = await self._ask((first + step) % processes.count)
            if reply is not None:
                break
        else:
            raise HTTPError(502, "no serving process answered; try again in a few seconds")
        self.set_status(reply.code, reply.reason)
        self.clear_header("Content-Type")
        for name, value in reply.headers.get_all():
            if name.lower() not in HOP_BY_HOP:
                self.add_header(name, value)
        if reply.body and reply.code not in (204, 304) and self.request.method != "HEAD":
            self.write(reply.body)

    def _named_process(self) -> int | None:
        """The process a page's names lead to: its room's or its class's (every page of a room
        or a class in the process that holds it, so the people on it are counted whole), else
        its browser's token (so the rooms a browser makes count toward its limit in one
        process); None for a file or a first visit."""
        if not is_page(self.request.path):
            return None
        names = [self.get_query_argument(key, "") for key in NAMED_BY]
        names.append(self.get_cookie(COOKIE, ""))
        name = next((n for n in names if TOKEN_PATTERN.fullmatch(n)), None)
        return None if name is None else process_of(name, self.processes.count)

    async def _ask(self, index: int) -> Any:
        """Process ``index``'s reply to the request, or None if the next process may be asked:
        the connection was refused (the process is starting again), or a request that is safe
        to repeat was cut off.  A request that may have been acted on is never sent twice."""
        processes, request = self.processes, self.request
        headers = forwarded_headers(self)
        if is_page(request.path):
            headers[SESSION_HEADER] = session_for(index, processes.count)
            headers[FRONT_HEADER] = processes.key
        body = request.body if request.method in ("POST", "PUT", "PATCH") else None
        processes.in_flight[index] += 1
        try:
            return await self.client.fetch(
                HTTPRequest(
                    processes.base(index) + request.uri,
                    method=request.method,
                    headers=headers,
                    body=body,
                    follow_redirects=False,
                    decompress_response=False,
                    allow_nonstandard_methods=True,
                    request_timeout=600,
                ),
                raise_error=False,
            )
        except ConnectionRefusedError:  # never reached the process
            return None
        except HTTPTimeoutError:
            raise HTTPError(504, "the serving process took too long to answer") from None
        except (OSError, HTTPClientError):  # cut off: the process stopped while it answered
            if request.method in SAFE_TO_REPEAT:
                return None
            raise HTTPError(502, "the serving process stopped before it answered") from None
        finally:
            processes.in_flight[index] -= 1

    get = head = post = put = patch = delete = options = _forward


class ForwardSocket(WebSocketHandler):
    """A page's websocket, to the process its session's name leads to, both ways."""

    def initialize(self, processes: Processes, compression: dict | None) -> None:
        self.processes = processes
        self.compression = compression
        self.upstream: Any = None
        self.early: list[str | bytes | None] | None = []
        """What the process sent before the visitor's side was open (Bokeh's first message;
        None: it closed)."""

    def check_origin(self, origin: str) -> bool:
        return True  # the serving process checks it against its allowed origins

    def get_compression_options(self) -> dict | None:
        return self.compression

    def select_subprotocol(self, subprotocols: list[str]) -> str | None:
        return self.upstream.selected_subprotocol if self.upstream is not None else None

    async def prepare(self) -> None:
        if self.request.headers.get("Upgrade", "").lower() != "websocket":
            return  # tornado refuses it with 400
        protocols = self.request.headers.get("Sec-WebSocket-Protocol", "")
        token = token_of(protocols)
        try:
            index = process_of(get_session_id(token), self.processes.count) if token else 0
        except Exception:  # a token someone else made: the process refuses it
            index = 0
        headers = {
            k: v
            for k, v in forwarded_headers(self).items()
            if not k.lower().startswith("sec-websocket")
        }
        request = HTTPRequest(
            self.processes.base(index, "ws") + self.request.uri,
            headers=headers,
            request_timeout=60,
        )
        try:
            self.upstream = await websocket_connect(
                request,
                on_message_callback=self._from_process,
                subprotocols=[p.strip() for p in protocols.split(",") if p.strip()] or None,
                max_message_size=MAX_MESSAGE_BYTES,
            )
        except HTTPClientError as error:
            raise HTTPError(error.code) from None
        except OSError:
            raise HTTPError(502) from None

    def open(self, *_: Any) -> None:
        early, self.early = self.early or [], None
        for message in early:
            if message is None:  # the process closed before the visitor's side was open
                self.close()
                return
            self.write_message(message, binary=isinstance(message, bytes))

    def _from_process(self, message: str | bytes | None) -> None:
        if self.early is not None:
            self.early.append(message)
            return
        if message is None:
            self.close()
            return
        try:
            self.write_message(message, binary=isinstance(message, bytes))
        except WebSocketClosedError:
            self.upstream.close()

    def on_message(self, message: str | bytes) -> None:
        try:
            self.upstream.write_message(message, binary=isinstance(message, bytes))
        except WebSocketClosedError:  # the process went away: so does the page's connection
            self.close()

    def on_close(self) -> None:
        if self.upstream is not None:
            self.upstream.close()


class Front:
    """The public address: a tornado server passing requests on to :class:`Processes`."""

    def __init__(self, processes: Processes, compression: dict | None):
        client = AsyncHTTPClient(force_instance=True, max_clients=1000)
        kwargs = {"processes": processes}
        self.app = Application(
            [
                (r".*/ws", ForwardSocket, {**kwargs, "compression": compression}),
                (r".*", Forward, {**kwargs, "client": client}),
            ],
            websocket_max_message_size=MAX_MESSAGE_BYTES,
            websocket_ping_interval=PING_SECONDS,
        )


def _launcher_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--port", type=int, default=5006)
    parser.add_argument("--address", default=None)
    parser.add_argument("--use-xheaders", action="store_true")
    parser.add_argument("--allow-websocket-origin", action="append", default=[])
    parser.add_argument("--num-procs", type=int, default=None)
    return parser.parse_known_args(argv)


def serve_processes(argv: list[str], compression: dict | None) -> int:
    """Serve ``argv`` (``panel serve``'s apps and options, with ``--processes N``) on N
    processes behind one address; until SIGINT or SIGTERM."""
    args, rest = _launcher_args(argv)
    if args.num_procs not in (None, 1):
        raise SystemExit("--processes and --num-procs do not go together: use --processes")
    origins = args.allow_websocket_origin or [f"localhost:{args.port}"]
    command = [sys.executable, "-m", "cole_panel.serve", *rest]
    command += [arg for origin in origins for arg in ("--allow-websocket-origin", origin)]
    processes = Processes(args.processes, command)
    processes.start_all()
    return asyncio.run(_run_front(processes, args, compression))


def _address_lines(processes: Processes, args: argparse.Namespace) -> str:
    """What the launcher prints: the pages' public addresses (the processes' own ports lead to
    pages whose websocket is refused, since their origin is not the public one)."""
    host = "localhost" if args.address in (None, "", "0.0.0.0", "127.0.0.1") else args.address
    apps = [Path(arg).stem for arg in processes.command if arg.endswith(".py")]
    lines = [f"cole-panel: serving at http://{host}:{args.port}/ from {processes.count} processes"]
    lines += [f"  http://{host}:{args.port}/{app}" for app in apps]
    ports = ", ".join(map(str, processes.ports))
    lines.append(f"  (the processes' own ports {ports} on 127.0.0.1 are the front's, not to open)")
    return "\n".join(lines)


async def _run_front(processes: Processes, args: argparse.Namespace, compression) -> int:
    from tornado.ioloop import PeriodicCallback

    front = Front(processes, compression)
    server = HTTPServer(front.app, xheaders=args.use_xheaders)
    server.listen(args.port, address=args.address or "")
    print(_address_lines(processes, args), flush=True)
    stopped = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopped.set)
    watch = PeriodicCallback(processes.restart_exited, 1000)
    watch.start()
    try:
        await stopped.wait()
    finally:
        watch.stop()
        server.stop()
        processes.stop()
    return 0
