"""One copy of each stylesheet text a page repeats: a page's document made lighter to send.

Panel gives every model it makes a ``stylesheets`` list that starts with the text of its
loading spinner's stylesheet (``panel.io.resources.loading_css``, about 250 bytes, the same
for every model of a process) and goes on with each component's own inline CSS (a region's
focus ring, a tab row's wrap).  Bokeh sends a text in a list as it is, once per model: 63
copies of the spinner's alone were 18.8 KB of a Savannah page's first message.  Panel has no
switch for it (``pn.config.loading_spinner``, ``loading_color`` and ``loading_max_height`` only
change the text), so :func:`share_stylesheets` puts one Bokeh ``InlineStyleSheet`` model per
repeated text in its place: the document then holds each text once, and every model names it.
BokehJS draws the two alike (a text in the list and an ``InlineStyleSheet`` model each become a
``<style>`` element of the view's shadow root), so nothing on the page looks or behaves
otherwise; a component Panel later sends its stylesheets again (a changed ``stylesheets``
parameter) simply gets its texts back.

Only public Bokeh API is used (a model's ``stylesheets`` property, ``InlineStyleSheet``).
``tests/test_shared_styles.py`` pins the Panel behaviour this answers (the spinner's text on
every model) and fails when a release stops doing it, so that this can go.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

__all__ = ["share_stylesheets"]


def _texts(models: list[Any]) -> Counter[str]:
    found: Counter[str] = Counter()
    for model in models:
        for sheet in model.stylesheets:
            if isinstance(sheet, str):
                found[sheet] += 1
    return found


def share_stylesheets(doc: Any) -> int:
    """Every stylesheet text that two or more models of ``doc`` carry, replaced in each by one
    shared ``InlineStyleSheet`` model (call it with the document's models frozen: each change
    would walk them all).  Returns how many copies of a text were replaced."""
    from bokeh.models import InlineStyleSheet, UIElement

    # Only a UIElement has stylesheets; reading an unset property of another model would
    # make its default value (most of a page's models are glyphs, sources and the like).
    models = [m for m in doc.models if isinstance(m, UIElement) and m.stylesheets]
    shared = {text: InlineStyleSheet(css=text) for text, n in _texts(models).items() if n > 1}
    replaced = 0
    for model in models:
        sheets = list(model.stylesheets)
        if not any(isinstance(s, str) and s in shared for s in sheets):
            continue
        model.stylesheets = [shared.get(s, s) if isinstance(s, str) else s for s in sheets]
        replaced += sum(isinstance(s, str) and s in shared for s in sheets)
    return replaced
