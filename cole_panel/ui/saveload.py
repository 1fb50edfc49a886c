"""Save a game to a JSON file (download) and load one back (upload), with a clear error."""

from __future__ import annotations

import io
from typing import Any

import panel as pn
import param

from .batch import batched


class SaveLoad(pn.viewable.Viewer):
    """A download button bound to ``model.save()`` and an upload box bound to ``model.load(text)``.

    The model's ``load`` sets the model's ``message`` and returns False for a bad file (keeping
    the current game); the result is also shown next to the upload box.
    """

    model = param.Parameter(doc="Any object with save() -> str, load(text) -> bool and message.")
    filename = param.String(default="game.json", doc="Suggested name of the downloaded file.")
    status = param.String(default="", doc="What happened to the last upload, as a sentence.")
    ok = param.Boolean(default=True, doc="Whether the last upload loaded.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._download = pn.widgets.FileDownload(
            callback=self._save,
            filename=self.filename,
            label="Save game (JSON)",
            color="primary",
            variant="outline",
            width=160,
            margin=(5, 5),
        )
        self._upload = pn.widgets.FileInput(
            accept=".json,application/json", multiple=False, width=210, margin=(8, 5)
        )
        self._upload.param.watch(self._on_upload, "value")
        self._status = pn.pane.Alert(
            "", alert_type="success", visible=False, margin=(2, 5), sizing_mode="stretch_width"
        )

    def _save(self) -> io.StringIO:
        return io.StringIO(self.model.save())

    @batched
    def _on_upload(self, event: param.parameterized.Event) -> None:
        data = event.new
        if data is None:
            return
        self.load_bytes(data, self._upload.filename or "the file")

    def load_bytes(self, data: bytes, name: str = "the file") -> bool:
        """Load an uploaded file's bytes (what the upload box does)."""
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            self._report(
                False,
                f"{name} is not a text file, so it cannot be a saved game; "
                "the current game is unchanged.",
            )
            return False
        loaded = bool(self.model.load(text))
        self._report(loaded, self.model.message if not loaded else f"Loaded {name}.")
        return loaded

    def _report(self, ok: bool, text: str) -> None:
        if not ok and getattr(self.model, "message", None) != text:
            self.model.message = text
        self.param.update(ok=ok, status=text)
        self._status.param.update(
            object=text, alert_type="success" if ok else "danger", visible=bool(text)
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(
            pn.FlexBox(  # wraps in a narrow column instead of scrolling sideways
                self._download,
                pn.pane.Markdown("**Load:**", margin=(12, 2, 0, 10)),
                self._upload,
                margin=0,
            ),
            self._status,
            margin=0,
            sizing_mode="stretch_width",
        )
