"""The shared save/load box with this game's own button text ("Save park", "Save game")."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from ..ui import SaveLoad


class NamedSaveLoad(SaveLoad):
    """:class:`~cole_panel.ui.SaveLoad` whose download button says what it saves."""

    label = param.String(default="Save game (JSON)", doc="Text of the download button.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        # The shared widget names its button "Save game (JSON)"; a park file says so.
        self._download.label = self.label

    def __panel__(self) -> pn.viewable.Viewable:
        # The same pieces as the shared box, in a row that wraps in a narrow column.
        return pn.Column(
            pn.FlexBox(
                self._download,
                pn.pane.Markdown("**Load:**", margin=(12, 2, 0, 10)),
                self._upload,
                margin=0,
            ),
            self._status,
            margin=0,
            sizing_mode="stretch_width",
        )
