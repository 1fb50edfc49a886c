"""A page's document holds each stylesheet text once (issue 41, ``runtime.styles``).

Panel puts its loading spinner's stylesheet text on every model it makes, and Bokeh sends a
text once per model that lists it: 63 copies were 18.8 KB of a Savannah page's first message.
"""

from __future__ import annotations

import panel as pn
from bokeh.document import Document
from bokeh.models import InlineStyleSheet

from cole_panel.runtime import share_stylesheets

FOCUS = ":host(:focus-within) { outline: 2px solid #ec7a23; }"
ONCE = ":host { color: #3b2f1e; }"


def _spinner_text(model) -> list[str]:
    return [s for s in model.stylesheets if isinstance(s, str) and ".pn-loading" in s]


def _doc_of(*panes: pn.viewable.Viewable) -> Document:
    doc = Document()
    for pane in panes:
        doc.add_root(pane.get_root(doc))
    return doc


def test_panel_still_puts_its_spinners_text_on_every_model():
    # The behaviour runtime/styles.py answers: if this fails, Panel sends the spinner's
    # stylesheet another way and share_stylesheets may go.
    doc = _doc_of(pn.pane.HTML("a"), pn.widgets.Button(label="b"))
    texts = [_spinner_text(root) for root in doc.roots]
    assert all(len(t) == 1 for t in texts), texts
    assert texts[0] == texts[1]


def test_each_repeated_text_is_one_shared_model_in_the_same_place():
    a = pn.pane.HTML("a", stylesheets=[FOCUS])
    b = pn.widgets.Button(label="b", stylesheets=[FOCUS, ONCE])
    doc = _doc_of(a, b)
    before = [list(root.stylesheets) for root in doc.roots]

    replaced = share_stylesheets(doc)

    after = [list(root.stylesheets) for root in doc.roots]
    assert replaced == 4  # the spinner's text and FOCUS, on both roots
    assert not any(_spinner_text(root) for root in doc.roots)
    for old, new in zip(before, after, strict=True):
        assert len(old) == len(new)
        for o, n in zip(old, new, strict=True):
            # the same stylesheet in the same place: a text, or a model with that text
            assert o == n or (isinstance(n, InlineStyleSheet) and n.css == o)
    shared = [s for s in after[0] if isinstance(s, InlineStyleSheet)]
    assert shared and all(any(s is t for t in after[1]) for s in shared)
    assert ONCE in after[1]  # a text only one model carries costs less as it is


def test_the_shared_sheets_are_sent_once():
    from bokeh.core.json_encoder import serialize_json

    panes = [pn.pane.HTML(str(i), stylesheets=[FOCUS]) for i in range(20)]
    doc = _doc_of(pn.Column(*panes))
    spinner = _spinner_text(doc.roots[0])[0]
    sent = serialize_json(doc.to_json())
    assert sent.count(".pn-loading") >= 20
    share_stylesheets(doc)
    sent_shared = serialize_json(doc.to_json())
    assert sent_shared.count(".pn-loading") == spinner.count(".pn-loading")
    assert len(sent_shared) < len(sent) - 20 * len(spinner)


def _css(model) -> list[str]:
    return [getattr(s, "css", getattr(s, "url", s)) for s in model.stylesheets]


def test_a_component_given_new_stylesheets_shows_them_as_without_sharing():
    def page(shared: bool) -> tuple[pn.widgets.Button, Document]:
        button = pn.widgets.Button(label="a", stylesheets=[FOCUS])
        doc = _doc_of(button, pn.pane.HTML("b", stylesheets=[FOCUS]))
        if shared:
            share_stylesheets(doc)
        button.stylesheets = [ONCE]
        return button, doc

    (_, plain), (_, shared) = page(False), page(True)
    assert _css(shared.roots[0]) == _css(plain.roots[0])
    assert _css(shared.roots[1]) == _css(plain.roots[1])
