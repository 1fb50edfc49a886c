"""Circle of Life UI speed in a real browser: click → repainted board, and memory per session.

Method
------
* A real ``panel serve apps/circle.py`` on 127.0.0.1 and Debian's headless Chromium, with the
  click-to-repaint harness of ``bench/latency.py``.
* Latency: Black's seat is set to Human, then ≥ 30 legal cells are clicked one after the other
  (a local engine mirrors the game to pick legal cells; clicks are ≥ 350 ms apart so Bokeh never
  sees a double tap).  In the page, a capture-phase ``pointerup`` listener stamps the click, and
  a listener on the ``data`` property of the board's stones ColumnDataSource (``circle-stones``)
  stamps the next animation frame after the server's new data arrives: BokehJS schedules its
  repaint on the same frame, and our callback is queued after it, so the stamp is the moment the
  new stone is on the canvas.  The difference, measured entirely in the browser's clock, is the
  click-to-repaint time.
* Reference: the same measurement on a bare Panel app (a figure whose Tap handler appends one
  circle to a ColumnDataSource), run in the same session, so the ratio shows what the game adds
  to Bokeh's own round trip.
* Memory: resident memory of the server process (``/proc/<pid>/status`` VmRSS) with 1 session
  open, then with 6; MB per extra session = difference / 5 (for the game and for the bare app).
"""

from __future__ import annotations

import time

from bench import latency
from bench.latency import BokehFigure, PanelServer
from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import new_game

CLICKS = 36
SESSIONS = 6
BARE_APP = latency.bare_tap_app(700, 700, (-10, 10), (-10, 10), 0.6)


def _circle_points() -> list[tuple[float, float]]:
    """Centres of CLICKS cells that are legal one after the other (human vs human)."""
    state = new_game()
    points = []
    for _ in range(CLICKS):
        legal = state.legal_actions()
        # Spread the stones: the legal cell farthest (in reading order) from the last move.
        cell = legal[(len(points) * 17) % len(legal)]
        state.apply(cell)
        points.append(cell_center(cell))
    return points


def _memory(browser, server: PanelServer, figure_name: str) -> tuple[float, float]:
    contexts = []
    try:
        for n in range(SESSIONS):
            context, page = latency.open_page(browser, server.url)
            BokehFigure(page, figure_name).wait_ready()
            contexts.append(context)
            if n == 0:
                time.sleep(2.0)
                one = server.rss_mb()
        time.sleep(2.0)
        many = server.rss_mb()
    finally:
        for context in contexts:
            context.close()
    return one, (many - one) / (SESSIONS - 1)


def main() -> None:
    with latency.servers("circle", BARE_APP) as (browser, game, bare):
        bare_points = [(-8 + (i % 9) * 2.0, -8 + (i // 9) * 2.0) for i in range(CLICKS)]
        bare_lat = latency.measure_bare_taps(browser, bare, bare_points)

        # The game.
        context, page = latency.open_page(browser, game.url)
        board = BokehFigure(page, BOARD_NAME).wait_ready()
        page.locator(".bk-tab", has_text="New game").click()
        page.get_by_label("Black").select_option("Human")
        page.wait_for_timeout(500)
        page.wait_for_function("() => document.body.innerText !== null")
        latency.instrument(page, "circle-stones")
        game_lat = [
            latency.click_and_time(page, lambda p=p: board.click(*p))[0] for p in _circle_points()
        ]
        context.close()

        game_one, game_per = _memory(browser, game, BOARD_NAME)
        bare_one, bare_per = _memory(browser, bare, "bare-board")

    print("Click on a cell -> board repainted (Chromium, loopback, browser clock)")
    print(latency.summary("bare Bokeh tap -> CDS", bare_lat, 28))
    print(latency.summary("Circle of Life dashboard", game_lat, 28))
    print(latency.comparison("game", game_lat, bare_lat, median_ms=100, p95_ms=200))
    print()
    print(f"Server memory (RSS), 1 session then {SESSIONS} sessions open")
    print(f"  bare app: {bare_one:6.1f} MB with 1 session, {bare_per:5.1f} MB per extra session")
    print(
        f"  circle:   {game_one:6.1f} MB with 1 session, {game_per:5.1f} MB per extra session"
        f"  (x{game_per / bare_per if bare_per > 0 else float('nan'):.2f} the bare app)"
    )
    print("target: <= 30 MB per extra session -> " + ("MET" if game_per <= 30 else "NOT MET"))


if __name__ == "__main__":
    main()
