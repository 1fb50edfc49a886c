"""Hostile files and addresses in a real browser: every load box and every game's address.

A save whose content and file name carry ``<img src=x onerror=alert(1)>`` must show that text
literally (no element made, no dialog); the same file chosen twice loads twice; an empty file
replaces the previous message; a file over 1 MB is refused in the browser; a bad address names
each bad parameter and the page still works.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.model import CircleModel
from cole_panel.ecosystem.draft.model import EcosystemModel
from cole_panel.ecosystem.explorer.model import ScoringExplorerModel
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.savannah.hand import HAND_NAME
from cole_panel.savannah.model import SavannahModel

from .conftest import BokehFigure

pytestmark = pytest.mark.browser

WAIT = 20_000
"""Milliseconds an answer may take on a busy machine (a sentence or a redraw)."""

INJECTION = "<img src=x onerror=alert(1)>"
INJECTED_NAME = f"{INJECTION}.json"
IN_ADDRESS = quote(INJECTION, safe="")


@dataclass(frozen=True)
class Box:
    """One load box: its app, how to reach it, where its messages show, a good save."""

    app: str
    ready: str  # the name of a figure drawn once the page works
    tabs: tuple[tuple[str | None, str], ...]  # (container or None, tab text) clicks in order
    container: str  # the part of the page that holds the box and its message
    good: Callable[[], str]  # the text of a good file for this box
    loaded: str  # what the game's message says after a good load


def _circle_save() -> str:
    model = CircleModel(seat0="Human", seat1="Human")  # no bot moves after loading
    model.play("E5")
    model.play("E7")
    return model.save()


BOXES = {
    "circle": Box(
        "circle",
        BOARD_NAME,
        ((None, "Save / load"),),
        "body",
        _circle_save,
        "Loaded a game of 2 moves",
    ),
    "savannah": Box(
        "savannah",
        HAND_NAME,
        (),  # served, the load box is in the sidebar
        "body",
        lambda: SavannahModel(seed=3).save(),
        "Loaded a game of 0 moves",
    ),
    "ecosystem-explorer": Box(
        "ecosystem",
        EXPLORER_BOARD,
        ((".eco-explorer", "Save / load"),),
        ".eco-explorer",
        lambda: ScoringExplorerModel().save(),
        "Loaded the park file",
    ),
    "ecosystem-draft": Box(
        "ecosystem",
        EXPLORER_BOARD,
        ((None, "Draft table"), (".eco-draft", "Save / load")),
        ".eco-draft",
        lambda: EcosystemModel(seed=5, players=2).save(),
        "Loaded a game after 0 picks",
    ),
}


def _open(open_page, panel_server, box: Box, query: str = "") -> tuple[Any, list[str]]:
    server = panel_server(box.app)
    page = open_page(server, server.url + query)
    dialogs: list[str] = []

    def on_dialog(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    BokehFigure(page, box.ready).wait_ready()
    return page, dialogs


def _go_to_box(page: Any, box: Box) -> Any:
    for container, tab in box.tabs:
        scope = page.locator(container) if container else page
        scope.locator(".bk-tab", has_text=tab).first.click()
    return page.locator(box.container).first


def _upload(area: Any, name: str, content: bytes) -> None:
    area.locator("input[type=file]").first.set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": content}]
    )


def _message(area: Any) -> Any:
    """The load box's own answer (the game's message box says the same)."""
    return area.locator(".cole-load-status").first


def _no_injected_element(page: Any, dialogs: list[str]) -> None:
    # Playwright's CSS locators pierce shadow roots: Panel renders every pane inside one
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator("img[onerror]").count() == 0
    assert dialogs == []


@pytest.mark.parametrize("which", sorted(BOXES))
def test_an_injected_file_shows_literally_and_makes_no_element(open_page, panel_server, which):
    box = BOXES[which]
    page, dialogs = _open(open_page, panel_server, box)
    area = _go_to_box(page, box)
    data = json.loads(box.good())
    data["format"] = INJECTION
    data["names"] = [INJECTION]
    _upload(area, INJECTED_NAME, json.dumps(data).encode())
    expect(_message(area)).to_contain_text(f"the 'format' field is '{INJECTION}'", timeout=WAIT)
    _no_injected_element(page, dialogs)

    # the file's name is quoted by the load box when the file is not text
    _upload(area, INJECTED_NAME, b"\xff\xfe<img src=x onerror=alert(1)>")
    expect(_message(area)).to_contain_text(f"{INJECTED_NAME} is not a text file", timeout=WAIT)
    _no_injected_element(page, dialogs)

    # the same good file twice: each choice loads (the box clears itself after a choice)
    good = box.good().encode()
    _upload(area, INJECTED_NAME, good)
    expect(_message(area)).to_contain_text(f"Loaded {INJECTED_NAME}.", timeout=WAIT)
    _upload(area, INJECTED_NAME, b"")
    expect(_message(area)).to_contain_text(f"{INJECTED_NAME} is empty (0 bytes)", timeout=WAIT)
    _upload(area, INJECTED_NAME, b"")  # the same empty file again: still answered
    expect(area.locator("input[type=file]").first).to_have_value("", timeout=WAIT)
    _upload(area, INJECTED_NAME, good)
    expect(_message(area)).to_contain_text(f"Loaded {INJECTED_NAME}.", timeout=WAIT)
    expect(area.locator(".cole-message").first).to_contain_text(box.loaded, timeout=WAIT)
    _upload(area, INJECTED_NAME, good)
    expect(area.locator("input[type=file]").first).to_have_value("", timeout=WAIT)
    _no_injected_element(page, dialogs)


def test_a_name_from_a_park_file_shows_literally(open_page, panel_server):
    box = BOXES["ecosystem-explorer"]
    page, dialogs = _open(open_page, panel_server, box)
    area = _go_to_box(page, box)
    data = json.loads(box.good())
    data["names"] = [INJECTION[:40]]
    _upload(area, "park.json", json.dumps(data).encode())
    expect(area.locator(".cole-message").first).to_contain_text(
        f"Loaded the park file: {INJECTION[:40]} scores 86 points.", timeout=WAIT
    )
    _no_injected_element(page, dialogs)


def test_the_same_save_twice_brings_the_game_back_each_time(open_page, panel_server):
    from .test_circle import click, wait_for_position

    box = BOXES["circle"]
    page, dialogs = _open(open_page, panel_server, box)
    board = BokehFigure(page, BOARD_NAME)
    area = _go_to_box(page, box)
    good = box.good().encode()
    for _ in range(2):
        _upload(area, "game.json", good)
        wait_for_position(page, {"E5": "Orange", "E7": "Black"})
        click(board, "A1")
        wait_for_position(page, {"E5": "Orange", "E7": "Black", "A1": "Orange"})


def test_a_file_over_one_megabyte_is_refused_in_the_browser(open_page, panel_server):
    box = BOXES["savannah"]
    page, dialogs = _open(open_page, panel_server, box)
    area = _go_to_box(page, box)
    expect(area.get_by_text("up to 1 MB").first).to_be_visible(timeout=WAIT)
    _upload(area, "big.json", b" " * 1_500_000)
    # "was not sent": the browser refused it (the server's own check says only the limit)
    expect(_message(area)).to_contain_text(
        "big.json is 1.5 MB; a load box reads files up to 1 MB, so it was not sent.", timeout=WAIT
    )
    _no_injected_element(page, dialogs)


@pytest.mark.parametrize(
    ("app", "query", "sentences"),
    [
        (
            "savannah",
            "?seat5=MCTS&seat07=Human&players=5&hand_size=5&start_row=40&strength1=99"
            f"&{IN_ADDRESS}=1",
            [
                "seat5: there is no such parameter",
                "seat07: there is no such parameter",
                "start_row: 40 was not used",
                "strength1: '99' is not a whole number from 1 to 5.",
                f"{INJECTION}: there is no such parameter",
            ],
        ),
        ("savannah", "?players=9&seed=abc&seat1=bogus", ["players: '9'", "seed: 'abc'"]),
        (
            "circle",
            f"?radius=%C2%B2&capture_target=30&{IN_ADDRESS}=1",
            ["radius: '²' is not a whole number.", f"{INJECTION}: there is no such parameter"],
        ),
    ],
)
def test_a_bad_address_names_each_bad_parameter_and_the_page_works(
    open_page, panel_server, app, query, sentences
):
    box = BOXES[app]
    page, dialogs = _open(open_page, panel_server, box, query)
    message = page.locator(".cole-message").first
    for sentence in sentences:
        expect(message).to_contain_text(sentence, timeout=WAIT)
    _no_injected_element(page, dialogs)
    if app == "savannah":
        expect(page.locator(".cole-turn")).to_contain_text("to play", timeout=WAIT)
    else:
        from .test_circle import click, wait_for_stones

        click(BokehFigure(page, BOARD_NAME), "E5")
        wait_for_stones(page, 1)


def test_the_ecosystem_page_works_whatever_its_address(open_page, panel_server):
    box = BOXES["ecosystem-explorer"]
    page, dialogs = _open(open_page, panel_server, box, f"?players=%C2%B2&{IN_ADDRESS}=1")
    expect(page.locator(".eco-total-value").first).to_have_text("86", timeout=WAIT)
    _no_injected_element(page, dialogs)
