"""The shared save/load box with this game's own button text ("Save park", "Save game")."""

from __future__ import annotations

from ..ui import SaveLoad


class NamedSaveLoad(SaveLoad):
    """:class:`~cole_panel.ui.SaveLoad` whose download button says what it saves (``label``)."""
