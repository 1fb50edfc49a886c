"""The shared save/load box with this game's own button text ("Save park", "Save game")."""

from __future__ import annotations

from typing import Any

import param

from ..ui import SaveLoad


class NamedSaveLoad(SaveLoad):
    """:class:`~cole_panel.ui.SaveLoad` whose download button says what it saves."""

    label = param.String(default="Save game (JSON)", doc="Text of the download button.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        # The shared widget names its button "Save game (JSON)"; a park file says so.
        self._download.label = self.label
