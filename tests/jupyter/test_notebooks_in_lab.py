"""Each teaching notebook run in a real JupyterLab, its dashboard clicked as a user would.

Every test runs all cells of a notebook from a fresh kernel, does one real interaction with the
dashboard the notebook ends with, and fails on any console error of the page (a CDN fetch
failing offline, a message the page could not decode, ...).  Checks that need Python's view of
the game run in a cell added at the end, as a reader would add one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from cole_panel.core.reviewing import BATCH
from cole_panel.ecosystem.draft.view import DRAFT_BOARD, HAND_NAMES
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.ecosystem.geometry import cell_center as park_cell_center
from engines.circle import parse_label
from engines.ecosystem import parse_cell_label

from .harness import NOTEBOOKS, NotebookPage

# The last object of a type a cell displayed (IPython keeps every cell's value in ``Out``).
LAST = "[v for v in Out.values() if type(v).__name__ == {name!r}][-1]"


def run_notebook(open_notebook, name: str, ui: str = "lab", timeout: float = 180) -> NotebookPage:
    nb = open_notebook(name, ui=ui)
    nb.run_all(timeout)
    prompts = nb.prompts()
    assert prompts and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts), prompts
    errors = nb.page.locator(".jp-OutputArea-output[data-mime-type*='error']")
    assert errors.count() == 0, errors.all_inner_texts()
    return nb


def assert_no_console_errors(nb: NotebookPage) -> None:
    assert nb.errors == [], "\n".join(nb.errors)


AXE = Path(__file__).resolve().parents[1] / ".npm" / "axe-core" / "axe.min.js"
# axe-core over the notebook's outputs only (JupyterLab's own interface is not ours to mend).
OUTPUTS_AXE = """async () => (await axe.run({include: [".jp-OutputArea-output"]},
        {resultTypes: ["violations"]})).violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => [v.id, v.nodes.length, v.nodes.slice(0, 2).map(n => n.html.slice(0, 160))])"""


def assert_outputs_accessible(nb: NotebookPage) -> None:
    """No serious or critical axe-core violation in the notebook's outputs, as drawn now."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make axe` fetches axe-core from npm", pytrace=False)
    nb.page.add_script_tag(path=str(AXE))
    problems = nb.page.evaluate(OUTPUTS_AXE)
    assert problems == [], problems


# Lone cells far apart: the first three of these still empty are clicked in turn.
CIRCLE_MOVES = ["E5", "C3", "G7", "A1", "I5", "E9", "G3", "C7"]


def _empty_cell(nb: NotebookPage) -> str:
    stones = nb.source("circle-stones")
    taken = set(zip(stones["x"], stones["y"], strict=True))
    for label in CIRCLE_MOVES:
        x, y = cell_center(parse_label(label))
        if not any(abs(x - sx) < 0.1 and abs(y - sy) < 0.1 for sx, sy in taken):
            return label
    raise AssertionError(f"all of {CIRCLE_MOVES} are taken")


def test_circle_notebook_three_board_clicks_reach_the_model(open_notebook):
    """Three moves in a row, each after the bot's reply, all reach Python in order.

    The page must not send the kernel's own changes back (``_GUARD_JS`` in
    cole_panel/runtime/jupyter.py): an echo arriving after the next push set the move list back to an
    old position, and the board then refused the next click as "looking at a past position".
    """
    nb = run_notebook(open_notebook, "circle_of_life.ipynb")
    nb.wait_figure(BOARD_NAME)
    played = []
    for _turn in range(3):
        label = _empty_cell(nb)
        x, y = cell_center(parse_label(label))
        nb.click(BOARD_NAME, x, y)
        played.append(label)
        # The page draws the stone (with "Black to play"; the bot waits 0.4 s) ...
        nb.wait_source(
            "circle-stones",
            f"d.x.some((sx, i) => Math.abs(sx - {x}) < 0.1 && Math.abs(d.y[i] - {y}) < 0.1)",
        )
        # ... then the bot's reply, and it is the reader's turn again.
        expect(nb.page.locator(".cole-turn").last).to_contain_text(
            "choose an empty cell", timeout=60_000
        )
    # A cell added below sees the three moves in the dashboard's model, each followed by a reply.
    out = nb.append_and_run(
        f"d = {LAST.format(name='CircleDashboard')}; "
        "print('moves:', ' '.join(d.model.state.label(m) for m in d.model.state.moves))"
    )
    moves = out.split("moves:")[1].split()
    assert moves[0:6:2] == played, out
    assert len(moves) == 6, out
    assert_outputs_accessible(nb)
    assert_no_console_errors(nb)


def test_ecosystem_notebook_explorer_scores_a_placed_card(open_notebook):
    nb = run_notebook(open_notebook, "ecosystem_scoring.ipynb")
    nb.wait_figure(EXPLORER_BOARD)
    total = nb.page.locator(".eco-total-value").last
    nb.page.get_by_role("button", name="Clear park").last.click()
    expect(total).to_have_text("0")
    nb.page.get_by_role("button", name="Grassland", exact=True).last.click()
    expect(nb.page.locator(".eco-brush").last).to_contain_text("Clicks put grasslands")
    nb.click(EXPLORER_BOARD, *park_cell_center("classic", None, parse_cell_label("B2")))
    expect(total).to_have_text("1")
    nb.click(EXPLORER_BOARD, *park_cell_center("classic", None, parse_cell_label("B3")))
    expect(total).to_have_text("4")
    assert_no_console_errors(nb)


def test_draft_table_in_a_notebook_places_a_card_and_the_bot_replies(open_notebook):
    nb = run_notebook(open_notebook, "ecosystem_scoring.ipynb")
    nb.append_and_run(
        "from cole_panel.ecosystem import DraftTable, EcosystemModel\n"
        "DraftTable(model=EcosystemModel())"
    )
    nb.wait_figure(DRAFT_BOARD)
    nb.wait_source(f"{DRAFT_BOARD}-legal", "d.x.length > 0")
    legal = nb.source(f"{DRAFT_BOARD}-legal")
    nb.click(HAND_NAMES[0], 0.5, 0.0)
    middle = len(legal["x"]) // 2
    nb.click(DRAFT_BOARD, legal["x"][middle], legal["y"][middle])
    pass_hands = nb.page.get_by_role("button", name="Pass hands ▶")
    expect(pass_hands).to_be_enabled(timeout=30_000)
    pass_hands.click()
    expect(nb.page.locator(".eco-draft .cole-log")).to_contain_text(
        "Player 2 placed", timeout=30_000
    )
    nb.wait_source(f"{DRAFT_BOARD}-cells", "d.card.filter(c => c).length === 1")
    assert_outputs_accessible(nb)
    assert_no_console_errors(nb)


def test_savannah_notebook_play_a_card_while_another_cell_prints(open_notebook):
    nb = run_notebook(open_notebook, "on_the_savannah.ipynb")
    nb.wait_figure("savannah-hand")
    hand_before = nb.source("savannah-hand-cards")["card"]
    card, play = (
        nb.page.locator(".cole-hand-0 button").last,
        nb.page.locator(".cole-play button").last,
    )
    # A click made while the output's comm is still settling can be lost (seen once in ten runs
    # under load): choose again until Play is enabled; what this test checks is the printing.
    for _ in range(3):
        card.click()
        try:
            expect(play).to_be_enabled(timeout=10_000)
            break
        except AssertionError:
            continue
    else:
        # Say what the kernel saw, so a lost click can be told from a lost repaint.
        seen = nb.append_and_run(
            f"d = {LAST.format(name='SavannahDashboard')}; "
            "print('selected:', d.model.selected, '| to play:', d.model.state.current_player, "
            "'| interactive:', d.hand.interactive, '| message:', d.model.message)"
        )
        pytest.fail(f"three card clicks left Play disabled; the kernel saw: {seen}")
    play.click()
    nb.wait_source(
        "savannah-hand-cards", f"JSON.stringify(d.card) !== {json.dumps(json.dumps(hand_before))}"
    )
    # While the bots take their turns, another cell prints: its lines stay in its own output.
    out = nb.append_and_run(
        "import time\nfor n in range(15):\n    print('tick', n)\n    time.sleep(0.1)"
    )
    assert out.split() == [w for n in range(15) for w in ("tick", str(n))]
    expect(nb.page.locator(".cole-turn").last).to_contain_text("Player 1 to play", timeout=60_000)
    dashboard = nb.page.locator(".jp-Notebook .jp-Cell").nth(-2)
    assert "tick" not in dashboard.inner_text()
    assert_outputs_accessible(nb)
    assert_no_console_errors(nb)


def test_puzzles_notebook_trainer_judges_a_click(open_notebook):
    """The trainer the notebook ends on renders offline and judges the answer clicked."""
    from cole_panel.circle.puzzle_model import PuzzleModel
    from cole_panel.circle.puzzles import PUZZLE_PREFIX

    # The notebook generates and checks all 72 puzzles first (40 s of CPU).
    nb = run_notebook(open_notebook, "circle_puzzles.ipynb", timeout=540)
    board = f"{PUZZLE_PREFIX}-board"
    nb.wait_figure(board)
    answer = PuzzleModel().puzzle.answers[0]
    nb.click(board, *cell_center(parse_label(answer)))
    expect(nb.page.locator(".cole-puzzle-feedback").last).to_contain_text("Right!", timeout=30_000)
    assert_no_console_errors(nb)


# Where the first entry of the last Bokeh legend on the page is drawn, and whether the
# renderers it names are muted.
_LEGEND_JS = """
() => {
    const views = [...Bokeh.index.query(v => v.model && v.model.type === "Legend")];
    const view = views[views.length - 1];
    if (view == null || view.bbox == null) return null;
    const item = view.model.items[0];
    const box = view.plot_view.canvas_view.el.getBoundingClientRect();
    return {
        x: box.left + view.bbox.left + 20,
        // two entries, one per bot: a quarter of the way down is inside the first
        y: box.top + view.bbox.top + view.bbox.height / 4,
        label: item.label.value,
        muted: item.renderers.map(r => r.muted),
    };
}
"""


def test_lab_notebook_plot_draws_offline_and_its_legend_mutes_a_bot(open_notebook):
    """The HoloViews plot (after ``notebook_setup()`` only) draws with no CDN request, and a
    click on its legend mutes that bot's curves; the runner's progress is a widget, not a
    stderr box."""
    nb = run_notebook(open_notebook, "simulation_lab.ipynb", timeout=400)
    assert (
        nb.page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
        ).count()
        == 0
    )
    # (JupyterLab leaves cells out of the page while scrolled away: ask the kernel instead.)
    bar = nb.append_and_run(
        "import tqdm.notebook\nbar = runner._bar(1, True, 'x')\n"
        "print('notebook bar:', isinstance(bar, tqdm.notebook.tqdm)); bar.close()"
    )
    assert "notebook bar: True" in bar, bar
    nb.page.locator(".jp-Cell").nth(-2).scroll_into_view_if_needed()
    nb.page.wait_for_function(f"() => ({_LEGEND_JS})() != null", timeout=60_000)
    legend = nb.page.evaluate(_LEGEND_JS)
    assert legend["label"] == "random" and not any(legend["muted"]), legend
    nb.page.mouse.click(legend["x"], legend["y"])
    nb.page.wait_for_function(f"() => ({_LEGEND_JS})().muted.every(m => m)", timeout=20_000)
    assert_no_console_errors(nb)


# Every length the review chart's marks take in the page, from the moment this is installed.
_WATCH_MARKS_JS = """
() => {
    let marks = null;
    for (const doc of Bokeh.documents) marks = doc.get_model_by_name("review-marks") || marks;
    if (marks == null) return false;
    window.coleMarks = [];
    marks.change.connect(() => window.coleMarks.push(marks.data.x.length));
    return true;
}
"""


def test_review_notebook_dashboard_reviews_its_game_in_the_live_output(open_notebook):
    """The finished game's dashboard the notebook ends with: its Review tab opens in the
    output, the review's progress repaints move by move (results come from a worker thread),
    and a click on a turning point draws that position with the move played and the better."""
    nb = run_notebook(open_notebook, "review.ipynb", timeout=400)
    nb.page.locator(".bk-tab", has_text=re.compile(r"^Review$")).last.click()
    start = nb.page.get_by_role("button", name="Review this game").last
    expect(start).to_be_enabled(timeout=30_000)
    # Before a review the tab says what to do, with no empty chart frame or board under it.
    status = nb.page.locator(".cole-review-status").last
    expect(status).to_contain_text("Press Review this game")
    drawn = nb.page.locator(".cole-review-tab .bk-Canvas")
    for n in range(drawn.count()):
        expect(drawn.nth(n)).to_be_hidden()
    nb.page.wait_for_function(_WATCH_MARKS_JS, timeout=30_000)
    start.click()
    expect(status).to_contain_text("Reviewed", timeout=300_000)
    moves = int(nb.append_and_run("print(len(review.moves))").strip())
    # The tab gives every move the class the notebook's table gave it.
    same = nb.append_and_run(
        "print('same classes:', [m.label for m in dashboard._review.view.run.review.moves]"
        " == [m.label for m in review.moves])"
    )
    assert "same classes: True" in same, same
    seen = nb.page.evaluate("() => window.coleMarks")
    # Cleared when it started, then the first pass drew the moves as they were judged, a batch
    # of positions at a time: a move once the positions before and after it are valued, so a
    # batch adds up to BATCH moves, and the last one more (the game's end needs no search).
    assert seen[0] == 0 and max(seen) == moves, seen
    steps = sorted(set(seen))
    assert all(b - a <= BATCH + 1 for a, b in zip(steps, steps[1:], strict=False)), seen
    # Two moves picked from the tab's move list (the biggest drops; a review classes a move
    # a turning point only beyond its search's uncertainty, and a game may have none): each
    # draws its position with the move played, and the better move when there is one.
    picks = json.loads(
        nb.append_and_run(
            "import json; print(json.dumps([[m.describe(), m.move, m.best] for m in "
            "dashboard._review.view.run.review.turning_points(2)]))"
        ).strip()
    )
    assert len(picks) == 2, picks
    choose = nb.page.get_by_role("combobox", name="Move").last
    drawn = []
    for text, played, best in picks:
        choose.select_option(label=text)
        nb.wait_source("review-played", f"d.label.length === 1 && d.label[0] === {played!r}")
        assert nb.source("review-better")["label"] in ([], [best])
        drawn.append(nb.source("review-stones"))
    assert drawn[0] != drawn[1]  # another position: other stones on the board

    # Again, and Stop once a position is drawn: the output says Stopped and draws no more.
    nb.page.evaluate("() => { window.coleMarks = []; }")
    start.click()
    nb.page.wait_for_function("() => window.coleMarks.some(n => n >= 1)", timeout=120_000)
    nb.page.get_by_role("button", name="Stop").last.click()
    expect(status).to_contain_text("Stopped", timeout=30_000)
    expect(start).to_be_enabled()
    stopped = status.inner_text()
    last = "() => window.coleMarks[window.coleMarks.length - 1]"  # marks drawn now
    marks = nb.page.evaluate(last)
    nb.page.wait_for_timeout(3_000)  # what a running review would have drawn meanwhile
    assert status.inner_text() == stopped
    assert nb.page.evaluate(last) == marks
    assert_no_console_errors(nb)


# The notebooks the tests above open; any other notebook of the folder (a new one) is run by
# the test below, so none is left out.
OPENED_ABOVE = {
    "circle_of_life.ipynb",
    "ecosystem_scoring.ipynb",
    "on_the_savannah.ipynb",
    "circle_puzzles.ipynb",
    "simulation_lab.ipynb",
    "review.ipynb",
}


def test_every_other_notebook_runs_offline_and_answers_a_button(open_notebook):
    """Each notebook of the folder without a test above: all cells run, the first button of
    the last output is pressed, and the page logs no error.  (The names above must still be
    notebooks of the folder: a renamed one would otherwise go untested.)"""
    names = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert names >= OPENED_ABOVE, OPENED_ABOVE - names
    for name in sorted(names - OPENED_ABOVE):
        nb = run_notebook(open_notebook, name, timeout=400)
        buttons = nb.page.locator(".jp-Cell").last.get_by_role("button")
        if buttons.count():
            buttons.first.click()
            nb.wait_kernel_idle()
        assert_no_console_errors(nb)
        nb.close()
