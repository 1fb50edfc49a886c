"""Files and text from visitors: the size limit, the one-sentence refusals and safe display."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cole_panel.circle.model import CircleModel
from cole_panel.core.untrusted import (
    MAX_FILE_BYTES,
    check_size,
    html_text,
    markdown_text,
    read_json_object,
    shown,
)
from cole_panel.ecosystem.explorer.model import ScoringExplorerModel
from cole_panel.ui import SaveLoad
from tests.strategies import examples

INJECTION = "<img src=x onerror=alert(1)>"


def test_a_file_over_the_limit_is_refused_before_parsing():
    with pytest.raises(ValueError, match="up to 1 MB"):
        read_json_object("[" * (MAX_FILE_BYTES + 1), "saved game")  # parsing would recurse
    with pytest.raises(ValueError, match="empty"):
        check_size(b"")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "nests lists or objects"),
        ('{"a": ' + "[" * 60 + "]" * 60 + "}", "nests lists or objects"),
        ('{"a": ' + "9" * 5000 + "}", "number too long"),
        ("[1]", "expected a JSON object"),
        ("{oops", "not valid JSON"),
    ],
)
def test_bad_json_is_one_sentence(text, words):
    with pytest.raises(ValueError, match=words):
        read_json_object(text, "saved game")


@examples(100)
@given(st.text(max_size=200))
def test_escaped_text_has_no_tag_and_no_markdown_sign(text):
    md = markdown_text(text)
    assert "<" not in md and ">" not in md
    for sign in "[]()!*_`#|":
        assert all(md[i - 1] == "\\" for i, c in enumerate(md) if c == sign)
    assert "<" not in html_text(text) and '"' not in html_text(text)


def test_markdown_pane_shows_an_injection_literally():
    import panel as pn

    rendered = pn.pane.Alert(markdown_text(INJECTION + " ![a](x) [b](javascript:y)")).get_root()
    assert "<img" not in rendered.text.replace("&lt;img", "")
    assert "&lt;img src=x onerror=alert(1)&gt;" in rendered.text or "&amp;lt;img" in rendered.text
    assert "<a " not in rendered.text


def test_shown_values_are_short_whatever_they_are():
    assert len(shown("x" * 10**6)) <= 52  # the quotes around 50 characters
    assert len(shown([[[[["deep"]]]]] * 1000)) <= 50
    assert shown(True) == "True"


def _box(model):
    box = SaveLoad(model=model)
    return box


def test_the_load_box_refuses_big_empty_and_binary_files_with_a_sentence():
    model = CircleModel()
    box = _box(model)
    before = model.save()
    assert not box.load_bytes(b"", "empty.json")
    assert "empty (0 bytes)" in box.status
    assert not box.load_bytes(b" " * (MAX_FILE_BYTES + 1), "big.json")
    assert "up to 1 MB" in box.status
    assert not box.load_bytes(b"\xff\xfe\x00", "x.bin")
    assert "not a text file" in box.status
    assert model.save() == before
    assert model.message == box.status and model.message_is_error


def test_an_empty_file_replaces_the_previous_message():
    model = CircleModel()
    box = _box(model)
    assert box.load_bytes(model.save().encode(), "good.json")
    assert not box.load_bytes(b"", "good.json")
    assert box.status.startswith("Could not load the file: good.json is empty")


def test_the_same_file_loads_twice():
    model = CircleModel()
    box = _box(model)
    model.play("E5")
    text = model.save().encode()
    model.new_game()
    assert box.load_bytes(text, "same.json") and len(model.history) == 1
    model.new_game()
    assert box.load_bytes(text, "same.json") and len(model.history) == 1


def test_an_injection_in_the_name_and_content_is_shown_escaped():
    model = CircleModel()
    box = _box(model)
    data = json.loads(model.save())
    data["format"] = INJECTION
    assert not box.load_bytes(json.dumps(data).encode(), INJECTION + ".json")
    assert INJECTION in box.status  # the sentence quotes it ...
    shown_text = box._status.object  # noqa: SLF001 - our own pane: what reaches the page
    assert "<img" not in shown_text  # ... and the page gets it escaped
    assert "&lt;img src\\=x onerror\\=alert\\(1\\)&gt;" in shown_text


def test_the_browser_refusal_is_said_without_reading_anything():
    model = ScoringExplorerModel()
    box = _box(model)
    box._on_file("big <b>.json", None, 3_000_000)  # noqa: SLF001 - what the browser sends
    assert "3.0 MB" in box.status and "was not sent" in box.status


def test_an_upload_that_is_not_base64_is_told_as_damaged_not_as_too_big():
    """What a hostile page may send the load box instead of a file's bytes (it claims 1 MB)."""
    model = CircleModel()
    box = _box(model)
    before = model.save()
    box._upload._handle_msg({"name": "x.json", "size": 1_000_000, "data": "%%% not base64"})
    assert "x.json did not arrive whole" in box.status and "MB" not in box.status
    assert model.save() == before
