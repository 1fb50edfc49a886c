"""The README's Jupyter section works as written (issue 43): its first snippet is three lines of
Python whose last value a notebook shows as a drawn board, and the section says what a saved
notebook holds and what it does not."""

from __future__ import annotations

import ast
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _jupyter_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## In Jupyter\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def _first_snippet() -> str:
    found = re.search(r"```python\n(.*?)```", _jupyter_section(), re.S)
    assert found, "the Jupyter section has no Python snippet"
    return found.group(1)


def test_the_first_jupyter_snippet_draws_a_position_in_three_lines():
    from IPython.core.formatters import DisplayFormatter

    code = _first_snippet()
    assert len(code.strip().splitlines()) <= 3, code
    tree = ast.parse(code)
    *body, last = tree.body
    assert isinstance(last, ast.Expr), "the snippet must end on the value the cell shows"
    scope: dict = {}
    exec(compile(ast.Module(body=body, type_ignores=[]), "README", "exec"), scope)  # noqa: S102
    value = eval(compile(ast.Expression(last.value), "README", "eval"), scope)  # noqa: S307
    shown, _ = DisplayFormatter().format(value)  # what a notebook's output gets
    svg = shown.get("image/svg+xml", "")
    assert svg.startswith("<svg"), sorted(shown)
    # The comment's position: Orange's pair and Black's stone, Black to play.
    assert svg.count("<circle") >= 3 and "Black to play" in svg


def test_the_jupyter_section_says_what_a_saved_notebook_holds_and_not():
    section = _jupyter_section()
    assert "What a saved notebook holds" in section
    held = section[section.index("What a saved notebook holds") :][:1500]
    assert "not the libraries" in held
    assert "The game itself is not saved in the notebook" in held
