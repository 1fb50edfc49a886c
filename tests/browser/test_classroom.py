"""A teacher's class in real browsers (issue 26, Deliver 3): the teacher makes three tables,
two students (two more browser contexts, each its own browser token) open table 1 from its
whole link, type their names and play, while the teacher's overview shows the turn change."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center

from .conftest import BokehFigure, PanelServer, make_tables, open_private_link
from .test_rooms import open_context

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def class_server():
    server = PanelServer("classroom", also=("circle",)).start()
    yield server
    server.stop()


def test_a_teacher_makes_three_tables_and_watches_two_students_play(browser, class_server):
    contexts = []
    try:
        ctx, teacher = open_context(browser, class_server.url, ".cole-class-make")
        contexts.append(ctx)
        make_tables(teacher)
        links = teacher.locator("a.cole-class-link")
        expect(links).to_have_count(3, timeout=60_000)
        expect(teacher.locator(".cole-class-qr svg")).to_have_count(3)
        link = links.first.get_attribute("href")
        origin = f"http://127.0.0.1:{class_server.port}"
        assert link.startswith(f"{origin}/circle?room="), link  # a whole link: it opens
        table = teacher.locator(".cole-class-table-0")
        expect(table).to_contain_text("Orange's turn (open seat)")
        expect(table).to_contain_text("0 moves")

        students = []
        for seat, name in ((0, "Ada"), (1, "<b>Bo</b>")):
            ctx, page = open_context(browser, link, ".cole-room-status")
            contexts.append(ctx)
            expect(page.locator(".cole-room-you")).to_have_text("You are watching")
            box = page.locator(".cole-room-name input")
            box.fill(name)
            box.press("Enter")
            page.locator(f".cole-room-sit-{seat} button").click()
            expect(page.locator(f".cole-room-seat-{seat}")).to_contain_text(
                f"{name} — you", timeout=30_000
            )
            students.append(page)
        ada, bo = students
        expect(table).to_contain_text("Orange's turn (Ada)", timeout=30_000)
        expect(table).to_contain_text("Black: <b>Bo</b>")  # typed markup shows as text
        expect(table).to_contain_text("2 people here")
        expect(bo.locator(".cole-turn")).to_contain_text("Waiting for Ada", timeout=30_000)
        # each name by its colour over the board, typed markup shown as text
        expect(bo.locator(".cole-players")).to_contain_text("Orange (Ada)")
        expect(bo.locator(".cole-players")).to_contain_text("Black (you)")
        expect(ada.locator(".cole-players")).to_contain_text("Black (<b>Bo</b>)")

        BokehFigure(ada, BOARD_NAME).wait_ready().click(*cell_center((0, 0)))
        expect(table).to_contain_text("Black's turn (<b>Bo</b>)", timeout=30_000)
        expect(table).to_contain_text("1 moves")
        expect(ada.locator(".cole-turn")).to_contain_text("Waiting for <b>Bo</b>", timeout=30_000)

        teacher.locator(".cole-class-pause-0 button").click()
        expect(table).to_contain_text("Paused", timeout=30_000)
        expect(bo.locator(".cole-room-paused")).to_be_visible(timeout=30_000)
        BokehFigure(bo, BOARD_NAME).wait_ready().click(*cell_center((1, 0)))
        expect(bo.locator(".cole-message")).to_contain_text("paused", timeout=30_000)
        teacher.locator(".cole-class-resume-0 button").click()
        expect(table).to_contain_text("Black's turn", timeout=30_000)
        # the other tables were untouched
        expect(teacher.locator(".cole-class-table-1")).to_contain_text("0 moves")
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_teachers_overview_fits_a_phone(browser, class_server):
    """390 px: the teacher's long link wraps inside the screen and each table's buttons stay
    inside its card (the link ran off the edge, Close stuck out of the card)."""
    ctx, teacher = open_context(
        browser, class_server.url, ".cole-class-make", viewport={"width": 390, "height": 844}
    )
    try:
        make_tables(teacher)
        link = teacher.locator("a.cole-class-teacher-link")
        open_private_link(teacher)
        expect(link).to_be_visible(timeout=60_000)
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        card = teacher.locator(".cole-class-card").first.bounding_box()
        for action in ("pause", "resume", "reset", "close", "reset-free", "free"):
            button = teacher.locator(f".cole-class-{action}-0 button")
            expect(button).to_be_visible()
            box = button.bounding_box()
            assert box["x"] + box["width"] <= card["x"] + card["width"], (action, box, card)
            assert box["y"] + box["height"] <= card["y"] + card["height"], (action, box, card)
    finally:
        ctx.close()


def test_the_projector_view_shows_the_tables_and_nothing_that_runs_them(browser, class_server):
    """The page a teacher projects: each table's link and QR code, without her key or her
    buttons; on her own page the private link stays folded away until she opens it."""
    ctx, teacher = open_context(browser, class_server.url, ".cole-class-make")
    try:
        make_tables(teacher)
        expect(teacher.locator("a.cole-class-link")).to_have_count(3, timeout=60_000)
        expect(teacher.locator("a.cole-class-teacher-link")).to_be_hidden()
        own = teacher.locator("a.cole-class-teacher-link").get_attribute("href")
        key = own.split("key=")[1]
        show = teacher.locator("a.cole-class-projector").get_attribute("href")
        assert "key" not in show
        teacher.goto(show)
        expect(teacher.locator("a.cole-class-link")).to_have_count(3, timeout=60_000)
        expect(teacher.locator(".cole-class-qr svg")).to_have_count(3)
        assert key not in teacher.content()
        expect(teacher.get_by_role("button")).to_have_count(0)
    finally:
        ctx.close()
