"""On the Savannah UI speed in a real browser: Play click → row repainted with the turn's first step.

Method
------
* A real ``panel serve apps/savannah.py`` on 127.0.0.1 and Debian's headless Chromium, with the
  click-to-repaint harness of ``bench/latency.py``.  The game is set up from the
  address: two people sharing the page with the hands left uncovered
  (``?players=2&seat1=Human&hide_hands=false``) so every turn is a click, and 0.1 s per step so
  each turn finishes unfolding quickly.
* Each measured play: wait until the previous turn has finished unfolding (the header no longer
  says "Showing …"); read which cards the page marks as playable from the hand's source; press
  that card's button (which only chooses it) and wait for the row's preview; then press the
  Play button.  Turns where no card can be played (a discard) and the choice of a card to take
  after a scavenger's kill are made but not measured.
* How the repaint is detected: in the page, a capture-phase ``pointerup`` listener stamps each
  click, and a listener on the ``data`` property of the row's card source
  (``savannah-row-cards``) records the rightmost card of the new data and stamps the next
  animation frame: BokehJS schedules its repaint on that same frame and our callback is queued
  after it, so the stamp is the moment the turn's first step (the played card at the right end,
  outlined as "just played") is on the canvas.  The bench checks that the card recorded is the
  card played.  Latency = that stamp − the Play click's stamp, both on the browser's clock.
* The row is sent to the browser first and the rest of the page (hand, piles, narration,
  buttons) about 40 ms later (``WORDS_DELAY`` in the dashboard), because re-laying out texts
  and buttons costs the browser far more than repainting a figure.  So the bench also reports
  when the hand figure (``savannah-hand-cards``) is repainted after the click, measured the
  same way: that is when the whole turn's first moment is on screen.
* Reference, measured in the same run: a bare Panel app where a Button's ``on_click`` appends
  one rectangle to a ColumnDataSource; the same click → data → frame measurement.  The ratio
  says what the game adds to Panel/Bokeh's own round trip.
"""

from __future__ import annotations

import textwrap

from bench import latency
from bench.latency import BokehFigure, PanelServer
from cole_panel.savannah.hand import HAND_NAME

PLAYS = 32
TARGET_MS = 150.0
QUERY = "?players=2&seat1=Human&hide_hands=false&speed=0.1&seed=11"

BARE_APP = textwrap.dedent("""
    import panel as pn
    from bokeh.models import ColumnDataSource, Range1d
    from bokeh.plotting import figure

    source = ColumnDataSource(data=dict(x=[], y=[], card=[]), name="bare-cards")
    p = figure(name="bare-row", width=1000, height=200, x_range=Range1d(-1, 40),
               y_range=Range1d(-1, 1), tools="", toolbar_location=None)
    p.axis.visible = False
    p.rect("x", "y", width=0.9, height=1.3, source=source)
    button = pn.widgets.Button(label="Play", css_classes=["bare-play"])

    def play(event):
        n = len(source.data["x"])
        source.data = dict(x=[*source.data["x"], float(n)], y=[*source.data["y"], 0.0],
                           card=[*source.data["card"], f"card#{n}"])

    button.on_click(play)
    pn.Column(button, pn.pane.Bokeh(p)).servable(title="bare")
""")


def _measure_bare(browser, server: PanelServer) -> list[float]:
    context, page = latency.open_page(browser, server.url)
    BokehFigure(page, "bare-row").wait_ready()
    latency.instrument(page, "bare-cards", "card")
    button = page.locator(".bare-play button")
    out = []
    for _ in range(PLAYS):
        out.append(latency.click_and_time(page, button.click)[0])
        page.wait_for_timeout(150)
    context.close()
    return out


def _measure_game(browser, server: PanelServer) -> tuple[list[float], list[float], int]:
    from playwright.sync_api import expect

    context, page = latency.open_page(browser, server.url + QUERY)
    BokehFigure(page, HAND_NAME).wait_ready()
    latency.instrument(page, "savannah-row-cards", "card", "savannah-hand-cards")
    play = page.locator(".cole-play button")
    turn, caption = page.locator(".cole-turn"), page.locator(".cole-step")
    out, rest, discards, moves = [], [], 0, 0

    def made_a_move() -> None:
        """Wait until the page has taken the move and finished showing it."""
        nonlocal moves
        moves += 1
        expect(caption).to_contain_text(f"Move {moves} ·", timeout=30_000)
        expect(turn).not_to_contain_text("Showing", timeout=30_000)

    while len(out) < PLAYS:
        if "Game over" in turn.inner_text():
            raise RuntimeError("the game ended before enough plays were measured")
        status = page.evaluate(
            "() => Array.from(Bokeh.documents[0].get_model_by_name("
            "'savannah-hand-status').data.text)"
        )
        hand = page.evaluate(
            "() => Array.from(Bokeh.documents[0].get_model_by_name("
            "'savannah-hand-cards').data.card)"
        )
        if not any(status):  # a scavenger's kill: take a card first (not measured)
            page.get_by_role("button", name="Take it").click()
            made_a_move()
            continue
        playable = [i for i, s in enumerate(status) if s.startswith("✓")]
        index = playable[0] if playable else 0
        before = page.evaluate("() => window.__cole.paints.length")
        page.locator(f".cole-hand-{index} button").click()
        if playable:  # the row shows the preview first
            page.wait_for_function("k => window.__cole.paints.length > k", arg=before)
            page.wait_for_timeout(120)
            others = page.evaluate("() => window.__cole.others.length")
            ms, card = latency.click_and_time(page, play.click)
            if card != hand[index]:
                raise RuntimeError(
                    f"first repaint showed {card}, not the card played {hand[index]}"
                )
            out.append(ms)
            page.wait_for_function("k => window.__cole.others.length > k", arg=others)
            rest.append(
                page.evaluate(
                    "k => window.__cole.others[k] - "
                    "window.__cole.clicks[window.__cole.clicks.length - 1]",
                    others,
                )
            )
        else:
            discards += 1
            page.wait_for_timeout(120)
            play.click()
        made_a_move()
    context.close()
    return out, rest, discards


def main() -> None:
    with latency.servers("savannah", BARE_APP) as (browser, game, bare):
        bare_lat = _measure_bare(browser, bare)
        game_lat, hand_lat, discards = _measure_game(browser, game)

    print(
        "Play click -> row repainted with the turn's first step (Chromium, loopback, browser clock)"
    )
    print(latency.summary("bare Panel button -> CDS", bare_lat))
    print(latency.summary("On the Savannah dashboard", game_lat))
    print(latency.summary("  ... and the hand repainted", hand_lat))
    print(f"  ({discards} turn(s) with nothing playable were discards, not measured)")
    print(latency.comparison("game", game_lat, bare_lat, median_ms=TARGET_MS))


if __name__ == "__main__":
    main()
