"""Several serving processes behind HAProxy: ``python -m cole_panel.serve --processes N ...``.

A page is built by Python on one interpreter: one process uses one core, however many the
machine has, and thirty students opening a game in the same minute wait for thirty builds one
after the other.  With ``--processes N`` the launcher starts N ordinary serving processes
(:mod:`cole_panel.serve`, each on a port of its own on 127.0.0.1, with ``--use-xheaders``) and
Debian's HAProxy on the public address, configured from :data:`TEMPLATE`
(:func:`haproxy_config`):

* a page's websocket comes back to the process that built the page (HAProxy's cookie
  ``cole_process``, set with each page's answer), so Bokeh never builds a page twice;
* a room's and a class's pages, and any page of a browser with a token, go to the process the
  name leads to (:mod:`cole_panel.core.routing`, HAProxy's ``crc32,mod(N)``), where the people
  on a room and a browser's rooms are counted whole;
* the visitor's address is written by HAProxy (``X-Real-Ip``), never taken from the visitor.

A process that exits is started again on its port within a second (HAProxy leaves it out
meanwhile), and so is HAProxy.  The processes run with mimalloc where the system has it
(:mod:`cole_panel.core.allocator`).  ``python -m cole_panel.haproxy --server HOST:PORT ...``
prints the configuration for processes on several machines (``docs/deploy.md``).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from string import Template

from cole_panel.core.allocator import allocator_env, mimalloc
from cole_panel.core.browser_cookie import COOKIE, TOKEN_PATTERN
from cole_panel.core.routing import COUNT_ENV, PROCESS_ENV

__all__ = [
    "PROCESS_COOKIE",
    "TEMPLATE",
    "Processes",
    "haproxy_command",
    "haproxy_config",
    "main",
    "serve_processes",
]

TEMPLATE = Path(__file__).with_name("haproxy.cfg.in")
"""The configuration's template (``string.Template``: ``${bind}``, ``${servers}``…)."""

PROCESS_COOKIE = "cole_process"
"""HAProxy's cookie naming the process that built a browser's last page (``p0``, ``p1``…)."""

START_SECONDS = 120.0
"""How long a serving process may take to answer before the launcher gives up."""

NAMED_BY = (("room", "urlp(room)"), ("class", "urlp(class)"), ("token", f"req.cook({COOKIE})"))
"""What a page's process is named by, first found first: its room, its class, its browser."""


def haproxy_command() -> str | None:
    """The ``haproxy`` executable (Debian installs it in ``/usr/sbin``), or None."""
    return shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin:/usr/local/sbin")


def _rules(count: int) -> list[str]:
    """HAProxy's ``use-server`` lines: a page named by a room, a class or a token goes to the
    process the name leads to; a websocket follows the cookie."""
    lines = []
    for index in range(count):
        earlier: list[str] = []
        for acl, fetch in NAMED_BY:
            test = f"{{ {fetch},crc32,mod({count}) eq {index} }}"
            condition = " ".join(["!websocket", *earlier, acl, test])
            lines.append(f"    use-server p{index} if {condition}")
            earlier.append(f"!{acl}")
    return lines


ADDRESS_RULES = (
    "    http-request set-header X-Real-Ip %[src]",
    "    http-request set-header X-Forwarded-For %[src]",
    "    http-request del-header X-Scheme",
    "    http-request set-header X-Forwarded-Proto https if { ssl_fc }",
    "    http-request del-header X-Forwarded-Proto unless { ssl_fc }",
)
"""HAProxy writes the visitor's address and, on a ``bind … ssl`` address, the scheme (the
browser's cookie is then ``Secure``) for the processes."""

BEHIND_PROXY_RULES = ("    # (the proxy in front writes X-Real-Ip, X-Forwarded-For and -Proto)",)
"""Behind another proxy (``--use-xheaders``) the headers it wrote are passed on as they are."""


def haproxy_config(
    servers: Sequence[str], bind: str, maxconn: int = 4096, behind_proxy: bool = False
) -> str:
    """The configuration fronting ``servers`` (``host:port`` of each serving process, in
    their order: process 0 first) on ``bind`` (HAProxy's ``address:port``, ``:port`` for
    every address); ``behind_proxy``: another proxy in front writes the visitor's address
    and scheme, passed on.

    >>> text = haproxy_config(["127.0.0.1:5101", "10.0.0.2:5101"], ":5006")
    >>> "server p1 10.0.0.2:5101 cookie p1" in text, "bind :5006" in text
    (True, True)
    """
    if not servers:
        raise ValueError("HAProxy needs at least one serving process to front.")
    lines = [f"    server p{i} {address} cookie p{i}" for i, address in enumerate(servers)]
    return Template(TEMPLATE.read_text()).substitute(
        maxconn=maxconn,
        bind=bind,
        process_cookie=PROCESS_COOKIE,
        token_cookie=COOKIE,
        name_pattern=f"^{TOKEN_PATTERN.pattern}$",
        rules="\n".join(_rules(len(servers))),
        address_rules="\n".join(BEHIND_PROXY_RULES if behind_proxy else ADDRESS_RULES),
        servers="\n".join(lines),
    )


class Processes:
    """The serving processes and HAProxy: started, watched (started again when one exits)
    and stopped."""

    def __init__(self, count: int, command: list[str], bind: str, behind_proxy: bool = False):
        self.count = count
        self.command = command
        """``python -m cole_panel.serve`` with the apps and options, without address and port."""
        self.ports = [_free_port() for _ in range(count)]
        self.procs: list[subprocess.Popen | None] = [None] * count
        self.folder = Path(tempfile.mkdtemp(prefix="cole-haproxy-"))
        self.config = self.folder / "haproxy.cfg"
        servers = [f"127.0.0.1:{port}" for port in self.ports]
        self.config.write_text(haproxy_config(servers, bind, behind_proxy=behind_proxy))
        self.haproxy: subprocess.Popen | None = None

    def start(self, index: int) -> None:
        command = [
            *self.command,
            *("--address", "127.0.0.1", "--port", str(self.ports[index]), "--use-xheaders"),
            *("--log-format", f"%(asctime)s [process {index}] %(message)s"),
        ]
        env = {**os.environ, PROCESS_ENV: str(index), COUNT_ENV: str(self.count)}
        env.update(allocator_env(os.environ, mimalloc()))
        self.procs[index] = subprocess.Popen(command, env=env, preexec_fn=_die_with_parent)

    def start_haproxy(self) -> None:
        command = [haproxy_command() or "haproxy", "-f", str(self.config), "-db"]
        self.haproxy = subprocess.Popen(command, preexec_fn=_die_with_parent)

    def start_all(self) -> None:
        """Start every process, wait until each accepts connections, then HAProxy."""
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
        self.start_haproxy()

    def wait_for_haproxy(self, address: str | None, port: int) -> None:
        """Wait until HAProxy accepts connections on the public address."""
        host = "127.0.0.1" if address in (None, "", "0.0.0.0", "::") else address
        deadline = time.monotonic() + START_SECONDS
        while not _listening(port, host):
            if self.haproxy is None or self.haproxy.poll() is not None:
                raise SystemExit(f"HAProxy could not start on {host}:{port} (see above)")
            if time.monotonic() > deadline:
                raise SystemExit(f"HAProxy did not answer on {host}:{port} in {START_SECONDS} s")
            time.sleep(0.05)

    def restart_exited(self) -> None:
        """Start again each process that has exited (its port stays the same), and HAProxy."""
        for index, proc in enumerate(self.procs):
            if proc is not None and proc.poll() is not None:
                print(f"serving process {index} exited ({proc.returncode}); starting it again")
                self.start(index)
        if self.haproxy is not None and self.haproxy.poll() is not None:
            print(f"HAProxy exited ({self.haproxy.returncode}); starting it again", flush=True)
            self.start_haproxy()

    def stop(self) -> None:
        running = [p for p in [self.haproxy, *self.procs] if p is not None]
        for proc in running:
            if proc.poll() is None:
                proc.terminate()
        for proc in running:
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _listening(port: int, host: str = "127.0.0.1") -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def _die_with_parent() -> None:
    """In the child: be sent SIGTERM when the launcher dies, however it dies (Linux)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _launcher_args(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--port", type=int, default=5006)
    parser.add_argument("--address", default=None)
    parser.add_argument("--use-xheaders", action="store_true")
    parser.add_argument("--allow-websocket-origin", action="append", default=[])
    parser.add_argument("--num-procs", type=int, default=None)
    return parser.parse_known_args(argv)


def _bind(address: str | None, port: int) -> str:
    """HAProxy's ``bind`` of ``panel serve``'s ``--address`` and ``--port``.

    >>> _bind(None, 5006), _bind("127.0.0.1", 80), _bind("::", 80)
    (':5006', '127.0.0.1:80', ':::80')
    """
    return f"{address or ''}:{port}"


def serve_processes(argv: list[str]) -> int:
    """Serve ``argv`` (``panel serve``'s apps and options, with ``--processes N``) on N
    processes behind HAProxy on the one address; until SIGINT or SIGTERM."""
    args, rest = _launcher_args(argv)
    if args.num_procs not in (None, 1):
        raise SystemExit("--processes and --num-procs do not go together: use --processes")
    origins = args.allow_websocket_origin or [f"localhost:{args.port}"]
    command = [sys.executable, "-m", "cole_panel.serve", *rest]
    command += [arg for origin in origins for arg in ("--allow-websocket-origin", origin)]
    bind = _bind(args.address, args.port)
    processes = Processes(args.processes, command, bind, behind_proxy=args.use_xheaders)
    stopped = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stopped.set())
    try:
        processes.start_all()
        processes.wait_for_haproxy(args.address, args.port)
        print(_address_lines(processes, args), flush=True)
        while not stopped.wait(1.0):
            processes.restart_exited()
    finally:
        processes.stop()
    return 0


def _address_lines(processes: Processes, args: argparse.Namespace) -> str:
    """What the launcher prints: the pages' public addresses (the processes' own ports lead to
    pages whose websocket is refused, since their origin is not the public one)."""
    host = "localhost" if args.address in (None, "", "0.0.0.0", "127.0.0.1") else args.address
    apps = [Path(arg).stem for arg in processes.command if arg.endswith(".py")]
    lines = [
        f"cole-panel: serving at http://{host}:{args.port}/ from {processes.count} processes"
        " behind HAProxy"
    ]
    lines += [f"  http://{host}:{args.port}/{app}" for app in apps]
    ports = ", ".join(map(str, processes.ports))
    lines.append(f"  (the processes' own ports {ports} on 127.0.0.1 are HAProxy's, not to open)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m cole_panel.haproxy --server HOST:PORT ... [--bind ADDRESS:PORT]``: print the
    configuration fronting those serving processes (in their order: process 0 first)."""
    parser = argparse.ArgumentParser(
        prog="python -m cole_panel.haproxy",
        description="HAProxy's configuration for cole-panel's serving processes",
    )
    parser.add_argument(
        "--server",
        action="append",
        required=True,
        help="host:port of a serving process started with COLE_PROCESS=<its place, from 0>",
    )
    parser.add_argument("--bind", default=":80", help="HAProxy's public address:port")
    parser.add_argument("--maxconn", type=int, default=4096, help="open connections at most")
    parser.add_argument(
        "--behind-proxy",
        action="store_true",
        help="another proxy in front writes X-Real-Ip, X-Forwarded-For and X-Forwarded-Proto",
    )
    args = parser.parse_args(argv)
    print(haproxy_config(args.server, args.bind, args.maxconn, args.behind_proxy), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
