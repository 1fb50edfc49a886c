"""A shareable address: kept in the browser's address bar, shown, and copied on request.

:class:`CopyLink` is the same for every game: it asks a ``query()`` function for the page's
query (``"?…"``) whenever one of the watched parameters changes, writes it into the address
bar (``pn.state.location``) and into a text box, and copies it with a "Copy link" button. On a
server page, ``on_open(search)`` first receives the query the page was opened with; on a room's
page (``?room=``) the address is the room's and is left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import panel as pn
import param

from ..runtime.page import served_doc
from .address import address_is_elsewhere, page_location

__all__ = ["COPY_JS", "CopyLink"]

COPY_JS = """
const text = source.value;
if (navigator.clipboard && window.isSecureContext) {
  navigator.clipboard.writeText(text);
} else {
  const area = document.createElement("textarea");
  area.value = text;
  document.body.appendChild(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}
button.label = "Copied";
setTimeout(() => { button.label = "Copy link"; }, 1500);
"""
"""Browser code of a "Copy link" button (``source``: the text box, ``button``: itself)."""


class CopyLink(pn.viewable.Viewer):
    """The address of what ``query()`` describes, kept in step with ``watched`` parameters."""

    label = param.String(default="Link", doc="The text box's label.")

    def __init__(
        self,
        query: Callable[[], str],
        watched: tuple[param.Parameterized, Sequence[str]],
        on_open: Callable[[str], Any] | None = None,
        **params: Any,
    ):
        super().__init__(**params)
        self._query = query
        self._served = served_doc() is not None
        location = page_location()
        self._base = (location.href or "").split("?")[0] if location is not None else ""
        # A room's page, or a Learn stage's: its address is the room's or the stage's (a
        # reload must come back to it), so the link only shows the position and neither
        # opens nor rewrites the address.
        self._location = None if address_is_elsewhere() else location
        if self._location is not None and self._location.search and on_open is not None:
            on_open(self._location.search)
        self._text = pn.widgets.TextInput(
            value="",
            label=self.label,
            sizing_mode="stretch_width",
            css_classes=["cole-link"],
            margin=(2, 5),
        )
        self._copy = pn.widgets.Button(label="Copy link", width=100, margin=(20, 5, 2, 5))
        self._copy.js_on_click(args=dict(source=self._text, button=self._copy), code=COPY_JS)
        owner, names = watched
        owner.param.watch(self.refresh, list(names))
        self.refresh()

    def refresh(self, *_: Any) -> None:
        """Write the current query into the text box and the address bar."""
        query = self._query()
        self._text.value = f"{self._base}{query}" if self._base else query or "?"
        if self._location is not None and self._location.search != query:
            self._location.search = query

    def __panel__(self) -> pn.viewable.Viewable:
        # Only a served page has an address to share: in a notebook (or a script) the box
        # would read a bare "?moves=…" that opens nothing, so it is not shown there.
        return pn.Row(
            self._text,
            self._copy,
            margin=0,
            sizing_mode="stretch_width",
            visible=self._served,
        )
