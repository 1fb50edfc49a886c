"""Text from a file, an address or a person is data: limit it, parse it safely, show it safely.

Every loader of a file a visitor uploads goes through :func:`read_json_object` (size checked
before parsing, nesting and number limits turned into sentences); every message that quotes a
value from such a file uses :func:`shown`; every pane that shows such text escapes it with
:func:`html_text` (HTML panes) or :func:`markdown_text` (Markdown panes, ``pn.pane.Alert``).

>>> read_json_object('{"a": [1, 2]}', "saved game")
{'a': [1, 2]}
>>> read_json_object("[" * 5000, "saved game")
Traceback (most recent call last):
ValueError: it nests lists or objects more than 40 deep, so it is not a saved game.
>>> shown("x" * 100, 10), shown([[[1, 2, 3, 4, 5, 6]]], 10)
("'xxxxxxxxx…'", '[[[1, 2, …')
>>> print(markdown_text("<img src=x> ![a](b) **c**"))
&lt;img src\\=x&gt; \\!\\[a\\]\\(b\\) \\*\\*c\\*\\*
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_NESTING",
    "check_size",
    "html_text",
    "markdown_text",
    "read_json_object",
    "short",
    "shown",
]

MAX_FILE_BYTES = 1_000_000
"""Largest file a load box reads (1 MB): a whole game is a few tens of kB."""
MAX_NESTING = 40
"""Deepest nesting of lists and objects a file may have (saves nest six levels at most)."""
LIMIT_TEXT = "1 MB"
""":data:`MAX_FILE_BYTES` in words, for the load boxes."""

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>=:])")


def check_size(data: bytes | str, what: str = "the file") -> None:
    """ValueError unless ``data`` fits :data:`MAX_FILE_BYTES` (checked before any parsing)."""
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > MAX_FILE_BYTES:
        raise ValueError(
            f"{what} is {size / 1_000_000:.1f} MB; a load box reads files up to {LIMIT_TEXT}."
        )
    if size == 0:
        raise ValueError(f"{what} is empty (0 bytes).")


def read_json_object(text: Any, what: str) -> dict[str, Any]:
    """The JSON object in ``text``; ValueError with one sentence saying why it is not ``what``.

    The size is checked first; too deep nesting, numbers too long to read and anything that is
    not an object are refused with a sentence (never a ``RecursionError`` or ``TypeError``).
    """
    if not isinstance(text, str):
        raise ValueError(f"a {what} is text, not {type(text).__name__}.")
    check_size(text, "it")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(
            f"it is not valid JSON ({err.msg} at line {err.lineno}, column {err.colno})."
        ) from None
    except RecursionError:
        raise ValueError(_too_deep(what)) from None
    except ValueError:  # the one other refusal of json.loads: a number over 4,300 digits
        raise ValueError(f"it holds a number too long to read, so it is not a {what}.") from None
    if not isinstance(data, dict):
        raise ValueError(f"it is not a {what} (expected a JSON object).")
    if _depth(data) > MAX_NESTING:
        raise ValueError(_too_deep(what))
    return data


def _too_deep(what: str) -> str:
    return f"it nests lists or objects more than {MAX_NESTING} deep, so it is not a {what}."


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (without recursion)."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, level)
        if level > MAX_NESTING:
            return level
        todo.extend((child, level + 1) for child in item)
    return deepest


def short(text: str, limit: int = 200) -> str:
    """``text`` cut to ``limit`` characters (with an ellipsis) for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: Any, limit: int = 50) -> str:
    """A value from a file as a message quotes it: its ``repr``, at most ``limit`` characters.

    Safe on any value JSON can hold (a deep list is not walked past ``limit`` characters).
    """
    if isinstance(value, (list, dict)):
        try:
            text = json.dumps(value)
        except (RecursionError, ValueError, TypeError):
            text = f"a {type(value).__name__}"
        return short(text, limit)
    if isinstance(value, str):
        return repr(short(value, limit))
    try:
        return short(repr(value), limit)
    except ValueError:  # an int too long to print
        return f"a {type(value).__name__} too long to show"


def html_text(text: Any) -> str:
    """``text`` safe inside an HTML pane or a Bokeh ``Div``: every ``<``, ``>``, ``&`` and
    quote escaped, so it shows literally."""
    return html.escape(str(text), quote=True)


def markdown_text(text: Any) -> str:
    """``text`` safe inside a Markdown pane (``pn.pane.Markdown``, ``pn.pane.Alert``): HTML
    escaped and every Markdown sign backslash-escaped, so no tag, link or image is made."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(str(text), quote=False))
