"""The Savannah row legible at every size (issue 38, item 2): card names and groups at 12 px or
more on the screen, never running into each other; the newest card (or the one being tried)
always in view; a cue when the row scrolls sideways; plain words for what a hunt does."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.savannah.hand import HAND_NAME, slot_x
from cole_panel.savannah.model import SavannahModel
from cole_panel.savannah.row import CARD_W, ROW_CARDS, ROW_NAME
from cole_panel.ui.sideways import SCROLL_CUE_CLASS

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, artifact

pytestmark = pytest.mark.browser

SIZES = {
    "390x844": ({"width": 390, "height": 844}, True),
    "768x1024": ({"width": 768, "height": 1024}, True),
    "1024x768": ({"width": 1024, "height": 768}, False),
    "1280x800": ({"width": 1280, "height": 800}, False),
}
START_ROW = 10
"""Cards on the row when the game starts: more than six, where the newest was cut off."""

# Every word on the row's card faces (the words source: columns text, size, style): its size on
# the screen and its left and right edge in page px, measured in the font Bokeh draws it in.
WORDS_JS = r"""name => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    const r = v.model.renderers.find(r => r.data_source && "style" in r.data_source.data
                                          && "size" in r.data_source.data);
    const d = r.data_source.data, g = r.glyph, box = v.el.getBoundingClientRect();
    const scale = box.width / v.model.width;
    const ctx = document.createElement("canvas").getContext("2d");
    const font = g.text_font.value || "helvetica", out = [];
    for (let i = 0; i < d.text.length; i++) {
        // names (bold) and groups (italic); not the level's digit in its circle
        if (d.style[i] === "normal" || !d.text[i] || /^\d+$/.test(d.text[i])) continue;
        ctx.font = `${d.style[i]} ${d.size[i]} ${font}`;
        const w = ctx.measureText(d.text[i]).width * scale;
        const x = box.left + v.frame.x_scale.compute(d.x[i]) * scale;
        out.push({text: d.text[i], style: d.style[i], y: d.y[i],
                  px: parseFloat(d.size[i]) * scale, left: x - w / 2, right: x + w / 2});
    }
    return out;
}"""
CARDS_X_JS = f"""() => Array.from(
    Bokeh.documents[0].get_model_by_name({ROW_CARDS!r}).data.x)"""


def _playable(players: int = 2) -> tuple[int, int, str]:
    for seed in range(300):
        model = SavannahModel(seed=seed, players=players, start_row=START_ROW)
        for i, card in enumerate(model.hand_cards()):
            if model.why_unplayable(card) is None:
                return seed, i, card
    raise AssertionError("no seed found")


def _names_legible(page) -> None:
    words = [w for w in page.evaluate(WORDS_JS, ROW_NAME) if w["style"] in ("bold", "italic")]
    assert words, "no card names on the row"
    small = [(w["text"], round(w["px"], 1)) for w in words if w["px"] < 12 - 0.01]
    assert small == [], f"card words under 12 px on the screen: {small}"
    for style in ("bold", "italic"):  # names, then groups: one line each
        line = sorted((w for w in words if w["style"] == style), key=lambda w: w["left"])
        touching = [
            (a["text"], b["text"])
            for a, b in zip(line, line[1:], strict=False)
            if a["right"] > b["left"] + 0.5 and abs(a["y"] - b["y"]) < 0.01
        ]
        assert touching == [], f"{style} words running into each other: {touching}"


def _newest_in_view(page, width: int) -> dict:
    """The rightmost card's box on the page, which must be whole inside the window."""
    xs = page.evaluate(CARDS_X_JS)
    last = max(xs)
    row = BokehFigure(page, ROW_NAME)
    (left, top), (right, _) = row.to_pixels([(last - CARD_W / 2, 0.0), (last + CARD_W / 2, 0.0)])
    box = {"left": left, "right": right, "top": top}
    assert left >= -1 and right <= width + 1, f"the newest card is at {box} in a {width} px window"
    return box


@pytest.mark.parametrize("size", list(SIZES))
def test_the_row_is_legible_and_its_newest_card_in_view(browser, panel_server, size):
    viewport, touch = SIZES[size]
    seed, slot, card = _playable()
    server = panel_server("savannah")
    context = browser.new_context(viewport=viewport, is_mobile=touch, has_touch=touch)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(
            f"{server.url}?seed={seed}&players=2&start_row={START_ROW}&speed=0",
            timeout=PAGE_LOAD_TIMEOUT_MS,
        )
        hand = BokehFigure(page, HAND_NAME).wait_ready(PAGE_LOAD_TIMEOUT_MS)
        BokehFigure(page, ROW_NAME).wait_ready()
        page.wait_for_function(f"() => ({CARDS_X_JS})().length === {START_ROW}")
        width = viewport["width"]
        page.wait_for_function(  # the page script has judged whether the row scrolls
            "() => typeof window.coleNameControls === 'function'"
        )
        page.wait_for_timeout(500)
        _names_legible(page)
        _newest_in_view(page, width)
        region = page.get_by_role("region", name="The row of the savannah")
        cue = page.locator(f".{SCROLL_CUE_CLASS}")
        if region.count():  # it scrolls: the cue says so, on the screen
            expect(cue).to_be_visible()
            box = cue.bounding_box()
            assert box["x"] >= 0 and box["x"] + 40 <= width, box
        else:
            expect(cue).to_be_hidden()
        # A card tried (a tap on a touch screen, a click else) goes at the right end: in view
        if touch:
            page.touchscreen.tap(*hand.pixel(slot_x(slot), 0.0))
        else:
            hand.click(slot_x(slot), 0.0)
        page.wait_for_function(f"() => ({CARDS_X_JS})().length === {START_ROW + 1}")
        page.wait_for_timeout(300)  # the box scrolls in the next frame
        _newest_in_view(page, width)
        _names_legible(page)
        page.screenshot(path=str(artifact(f"savannah-row-{size}.png")))
    finally:
        context.close()
