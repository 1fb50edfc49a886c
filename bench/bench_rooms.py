"""Rooms: a move in one browser → on the other browser's canvas; memory returned by expiry.

Method
------
* Latency: a real ``panel serve apps/circle.py`` on 127.0.0.1 and Debian's headless Chromium
  with two browser contexts (two cookie jars: two people).  The first presses "Play with
  others" and opens the room's link, the second opens it and sits as Black; they then take
  turns clicking legal cells (a local engine mirrors the game to pick them).  Each page stamps
  its own clicks (capture-phase ``pointerup``) and the next animation frame after its board's
  stones ColumnDataSource (``circle-stones``) changes, on the wall clock shared by both pages
  (``performance.timeOrigin + performance.now()``).  The figure is the time from a click in
  one page to the repaint in the OTHER page; the same page's own repaint is shown beside it.
* What a room held with no page costs (what the server's ``max_rooms`` is set from): 100 new
  rooms of each game in one registry, traced with ``tracemalloc``, per room; beside it the
  server's limit times that.
* Memory: in this process, with ``tracemalloc``: 20 Circle rooms, each with 3 pages' mirror
  models and 30 moves played, then every page leaves, the clock passes the idle time and the
  registry's sweep removes the rooms; the traced memory before, with the rooms, and after.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc

from bench.latency import VIEWPORT, BokehFigure, PanelServer, summary
from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import new_game

MOVES = 30
TARGET_MS = 300.0
ROOMS, PAGES, ROOM_MOVES = 20, 3, 30

STAMP_JS = """
() => {
  const now = () => performance.timeOrigin + performance.now();
  const s = window.__room = {clicks: [], paints: []};
  document.addEventListener('pointerup', () => s.clicks.push(now()), {capture: true});
  const src = Bokeh.documents[0].get_model_by_name('circle-stones');
  src.properties.data.change.connect(() => requestAnimationFrame(() => s.paints.push(now())));
  return true;
}
"""


def _open(browser, url: str, selector: str):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(url, timeout=90_000)
    page.locator(selector).first.wait_for(state="visible", timeout=90_000)
    return context, page


def _cells() -> list[tuple[int, int]]:
    state, cells = new_game(), []
    while len(cells) < MOVES and not state.is_over:
        legal = state.legal_actions()
        cell = legal[(len(cells) * 17) % len(legal)]
        state.apply(cell)
        cells.append(cell)
    return cells


def measure_latency(
    servers: tuple[PanelServer, PanelServer] | None = None,
) -> tuple[list[float], list[float]]:
    """(click → other page's repaint, click → own page's repaint), in ms; the host's page on
    ``servers[0]``, the guest's on ``servers[1]`` (default: both on one server of our own, its
    data in the bench's temporary folder)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    own = servers is None
    if servers is None:
        server = PanelServer("circle").start()
        servers = (server, server)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            base, there = (s.url.rsplit("/", 1)[0] for s in servers)
            host_ctx, host = _open(browser, servers[0].url, ".cole-room-create")
            host.locator(".cole-room-create button").click()
            link = host.locator(".cole-room-made a.cole-room-link").get_attribute("href")
            href = link.removeprefix(base)  # the room's whole link: its path on either process
            host.goto(base + href, timeout=90_000)
            host.locator(".cole-room-status").wait_for(state="visible", timeout=90_000)
            guest_ctx, guest = _open(browser, there + href, ".cole-room-status")
            guest.locator(".cole-room-sit-1 button").click()
            guest.locator(".cole-room-seat-1", has_text="— you").wait_for(timeout=60_000)
            pages = [host, guest]
            boards = [BokehFigure(p, BOARD_NAME).wait_ready() for p in pages]
            for page in pages:
                page.evaluate(STAMP_JS)
            other_ms, own_ms = [], []
            for n, cell in enumerate(_cells()):
                mover, other = pages[n % 2], pages[1 - n % 2]
                counts = [p.evaluate("() => window.__room.paints.length") for p in pages]
                boards[n % 2].click(*cell_center(cell))
                for page, count in zip(pages, counts, strict=True):
                    page.wait_for_function(
                        "k => window.__room.paints.length > k", arg=count, timeout=60_000
                    )
                click = mover.evaluate("() => window.__room.clicks.at(-1)")
                seen = other.evaluate(f"() => window.__room.paints[{counts[1 - n % 2]}]")
                mine = mover.evaluate(f"() => window.__room.paints[{counts[n % 2]}]")
                other_ms.append(seen - click)
                own_ms.append(mine - click)
            guest_ctx.close()
            host_ctx.close()
            browser.close()
    finally:
        if own:
            servers[0].stop()
    return other_ms, own_ms


def measure_memory() -> tuple[float, float, float]:
    """Traced MB before any room, with the rooms and their pages, after they expired."""
    from cole_panel.rooms import RoomRegistry

    clock = [0.0]
    registry = RoomRegistry(max_rooms=ROOMS, idle_timeout=60, clock=lambda: clock[0])

    def fill(rooms: int) -> None:
        for _ in range(rooms):
            _one_room(registry)

    fill(1)  # first use imports the engines and fills caches: not the rooms' memory
    clock[0] += 61
    registry.sweep()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    fill(ROOMS)
    gc.collect()
    full = tracemalloc.get_traced_memory()[0]
    clock[0] += 61
    registry.sweep()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    mb = 1024 * 1024
    return before / mb, full / mb, after / mb


def held_room_kb(game: str, rooms: int = 100) -> float:
    """Traced KB one new room of ``game`` holds with no page open."""
    from cole_panel.rooms import RoomRegistry, new_token

    registry = RoomRegistry(max_rooms=rooms + 1, rooms_per_browser=rooms + 1)
    host = new_token()
    registry.create(game, host)  # first use imports and caches: not a room's memory
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(rooms):
        registry.create(game, host)
    gc.collect()
    size = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    registry.close_all()
    return size / rooms / 1024


def _one_room(registry) -> None:
    """A room with PAGES pages' mirrors and ROOM_MOVES moves, every page then gone."""
    from cole_panel.rooms import MIRRORS, new_token

    people = [new_token() for _ in range(PAGES)]
    room = registry.create("circle", people[0])
    room.claim(people[1], 1)
    mirrors = []
    for token in people:
        mirror = MIRRORS["circle"]()
        listener = room.join(token, mirror.sync)
        mirror.bind(room, token, listener)
        mirrors.append((mirror, listener))
    for _ in range(ROOM_MOVES):
        state = room.model.state
        if state.is_over:
            break
        mirrors[state.current_player][0].play(state.legal_actions()[0])
    for _mirror, listener in mirrors:
        room.leave(listener)


def main() -> None:
    from cole_panel.rooms import RoomRegistry

    limit = RoomRegistry().max_rooms
    for game in ("circle", "ecosystem", "savannah"):
        kb = held_room_kb(game)
        print(
            f"a {game} room held with no page: {kb:.0f} KB; the server's {limit} rooms: "
            f"{kb * limit / 1024:.0f} MB"
        )
    start = time.perf_counter()
    other, own = measure_latency()
    print(summary("move → the other browser's canvas", other, width=38))
    print(summary("move → the mover's own canvas", own, width=38))
    ratio = statistics.median(other) / statistics.median(own)
    print(f"ratio other browser / own canvas: median x{ratio:.2f} (what sharing a room adds)")
    met = statistics.median(other) <= TARGET_MS
    print(
        f"target: median <= {TARGET_MS:.0f} ms on loopback -> {'MET' if met else 'NOT MET'} "
        f"({time.perf_counter() - start:.0f} s)"
    )
    before, full, after = measure_memory()
    print(
        f"memory (tracemalloc): {before:.1f} MB before, {full:.1f} MB with {ROOMS} rooms × "
        f"{PAGES} pages × {ROOM_MOVES} moves (+{full - before:.1f} MB), {after:.1f} MB after "
        f"they expired ({(full - after) / max(full - before, 1e-9):.0%} returned)"
    )


if __name__ == "__main__":
    main()
