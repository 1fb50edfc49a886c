"""The referee's message box asks nothing of another host (issue 38, Deliver 6)."""

from __future__ import annotations

import param
from bokeh.document import Document
from bokeh.models import ImportedStyleSheet

from cole_panel.ui.narration import MessageBox


class Said(param.Parameterized):
    message = param.String(default="Orange to play.", doc="The last message.")
    message_is_error = param.Boolean(default=False, doc="Whether it is a refusal.")


def test_a_message_said_while_the_box_is_off_its_page_names_no_other_host() -> None:
    """The explorer's box changed while its view was registered without its document (the
    draft handing it the parks): Panel's Alert pane was rebuilt with stylesheets on
    cdn.holoviz.org, which a class without internet cannot reach."""
    said = Said()
    pane = MessageBox(model=said).__panel__()
    doc = Document()
    doc.template_variables["dist_url"] = "static/extensions/panel/"
    root = pane.get_root(doc)
    doc.remove_root(root)
    said.param.update(message="That cell is taken.", message_is_error=True)
    urls = [s.url for s in root.stylesheets if isinstance(s, ImportedStyleSheet)]
    assert not [url for url in urls if "://" in url], urls
    assert "That cell is taken." in root.text
    assert "alert-danger" in root.css_classes


def test_the_box_shows_a_message_as_text() -> None:
    said = Said(message="<b>Player</b> & co")
    root = MessageBox(model=said).__panel__().get_root(Document())
    assert "&lt;b&gt;Player&lt;/b&gt; &amp; co" in root.text
