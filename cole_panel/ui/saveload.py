"""Save a game to a JSON file (download) and load one back (upload), with a clear error."""

from __future__ import annotations

import io
from typing import Any

import panel as pn
import param

from ..core.untrusted import LIMIT_TEXT, MAX_FILE_BYTES, check_size, markdown_text, short
from ..runtime.hold import batched
from .upload import FileChooser


class SaveLoad(pn.viewable.Viewer):
    """A download button bound to ``model.save()`` and an upload box bound to ``model.load(text)``.

    The model's ``load`` sets the model's ``message`` and returns False for a bad file (keeping
    the current game); the result is also shown next to the upload box, escaped (a file's name
    and content are data).  Files over 1 MB are refused in the browser and again here.
    """

    model = param.Parameter(doc="Any object with save() -> str, load(text) -> bool and message.")
    filename = param.String(default="game.json", doc="Suggested name of the downloaded file.")
    label = param.String(default="Save game (JSON)", doc="Text of the download button.")
    status = param.String(default="", doc="What happened to the last upload, as a sentence.")
    ok = param.Boolean(default=True, doc="Whether the last upload loaded.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._download = pn.widgets.FileDownload(
            callback=self._save,
            filename=self.filename,
            label=self.label,
            color="primary",
            variant="outline",
            width=160,
            margin=(5, 5),
        )
        self._upload = FileChooser(on_file=self._on_file, width=230, height=30, margin=(10, 5))
        self._status = pn.pane.Alert(
            "",
            alert_type="success",
            visible=False,
            margin=(2, 5),
            sizing_mode="stretch_width",
            css_classes=["cole-load-status"],
        )

    def _save(self) -> io.StringIO:
        try:
            return io.StringIO(self.model.save())
        except ValueError as refused:  # a room's game with hidden cards, say: tell why
            self._report(False, f"Not saved: {refused}")
            raise

    @batched
    def _on_file(self, name: str, data: bytes | None, size: int) -> None:
        if data is None:
            self._refuse(
                f"{name} is {size / 1_000_000:.1f} MB; a load box reads files up to "
                f"{LIMIT_TEXT}, so it was not sent."
                if size > MAX_FILE_BYTES
                else f"{name} did not arrive whole (what came was not a file's bytes); choose "
                "it again."
            )
            return
        self.load_bytes(data, name)

    def load_bytes(self, data: bytes, name: str = "the file") -> bool:
        """Load an uploaded file's bytes (what the upload box does); the size is checked
        before anything is read, and every failure is one sentence."""
        name = short(name, 80)
        try:
            check_size(data, name)
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return self._refuse(f"{name} is not a text file, so it cannot be a saved game.")
        except ValueError as err:
            return self._refuse(str(err))
        try:
            loaded = bool(self.model.load(text))
        except (TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError):
            # every field is checked; this is the last line of defence for one that was missed
            return self._refuse(f"{name} is damaged in a way this app cannot name.")
        self._report(loaded, self.model.message if not loaded else f"Loaded {name}.")
        return loaded

    def _refuse(self, sentence: str) -> bool:
        self._report(False, f"Could not load the file: {sentence} The current game is unchanged.")
        return False

    def _report(self, ok: bool, text: str) -> None:
        if not ok and getattr(self.model, "message", None) != text:
            said = {"message": text}
            if "message_is_error" in self.model.param:
                said["message_is_error"] = True
            self.model.param.update(said)
        self.param.update(ok=ok, status=text)
        self._status.param.update(
            object=markdown_text(text), alert_type="success" if ok else "danger", visible=bool(text)
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(
            pn.FlexBox(  # wraps in a narrow sidebar instead of widening it
                self._download,
                pn.pane.Markdown(f"**Load** (JSON, up to {LIMIT_TEXT}):", margin=(12, 2, 0, 10)),
                self._upload,
                margin=0,
            ),
            self._status,
            margin=0,
            sizing_mode="stretch_width",
        )
