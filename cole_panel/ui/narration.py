"""The referee's voice: the last message in a box, and the turns so far as sentences."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

import panel as pn
import param

from ..core.untrusted import html_text
from .keyboard import REGION_FOCUS, region_classes

MESSAGE_CSS = """
:host(.alert) { padding: 0.75rem 1.25rem; border: 1px solid transparent; border-radius: 0.25rem; }
:host(.alert-info) { color: #055160; background-color: var(--info-bg-subtle, #cff4fc);
  border-color: var(--info-border-subtle, #9eeaf9); }
:host(.alert-danger) { color: var(--danger-text-color, #58151c);
  background-color: var(--danger-bg-subtle, #f8d7da);
  border-color: var(--danger-border-subtle, #f1aeb5); }
"""
"""The message box's look (Bootstrap's alert, info or danger), inline: nothing to fetch.
Bootstrap's info text (#087990) is 4.3:1 on its own background, below WCAG AA: #055160."""


class MessageBox(pn.viewable.Viewer):
    """The model's last message: red when it is an error (an illegal move), plain otherwise.

    A text widget, not Panel's Alert pane: a pane whose text changes while its page's view is
    registered without its document (the explorer, when the draft hands it the parks) is
    rebuilt with Panel's stylesheets named on its CDN, which a class without internet cannot
    reach; a widget's change sends only the changed text and classes."""

    model = param.Parameter(
        doc="An object with a 'message' parameter and optional 'message_is_error'."
    )
    height = param.Integer(
        default=None,
        allow_None=True,
        bounds=(20, 600),
        doc="A fixed height in px (a longer message scrolls in it), so what lies under the "
        "box never moves when the message changes; None: as tall as the message.",
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._pane = pn.widgets.StaticText(
            value=" ",
            margin=(4, 5),
            sizing_mode="stretch_width",
            css_classes=["cole-message", "alert", "alert-info"],
            stylesheets=[MESSAGE_CSS],
            height=self.height,
            styles={"overflow-y": "auto"} if self.height else {},
        )
        names = ["message"] + (
            ["message_is_error"] if "message_is_error" in self.model.param else []
        )
        self.model.param.watch(self._refresh, names)
        self._refresh()

    def _refresh(self, *_: Any) -> None:
        error = bool(getattr(self.model, "message_is_error", False))
        text = self.model.message or " "
        kind = "alert-danger" if error else "alert-info"
        self._pane.param.update(value=html_text(text), css_classes=["cole-message", "alert", kind])

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane


class EventLog(pn.viewable.Viewer):
    """The latest turns as sentences, newest first (the newest turn in bold)."""

    entries = param.List(default=[], doc="(title, [sentence, ...]) per turn, oldest first.")
    max_entries = param.Integer(default=40, bounds=(1, 1000), doc="How many turns to keep.")
    height = param.Integer(default=220, bounds=(60, 2000), doc="Height of the log in pixels.")
    label = param.String(
        default="The game so far",
        doc="What a screen reader calls the log (a region that scrolls: one Tab stop).",
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._pane = pn.pane.HTML(
            "",
            height=self.height,
            sizing_mode="stretch_width",
            styles={"overflow-y": "auto"},
            css_classes=["cole-log", *region_classes(self.label)],
            stylesheets=[REGION_FOCUS],
            margin=(2, 5),
        )
        self.param.watch(self._render, ["entries"])
        self._render()

    def log(self, title: str, sentences: Iterable[str]) -> None:
        """Add one turn's sentences."""
        self.entries = [*self.entries, (title, list(sentences))][-self.max_entries :]

    def reset(self, entries: Iterable[tuple[str, list[str]]] = ()) -> None:
        self.entries = list(entries)[-self.max_entries :]

    def _render(self, *_: Any) -> None:
        rows = []
        for n, (title, sentences) in enumerate(reversed(self.entries)):
            weight = "600" if n == 0 else "400"
            text = " ".join(html.escape(s) for s in sentences)
            rows.append(
                f'<div style="font-weight:{weight};margin:2px 0">'
                f'<span style="color:#7a6a55">{html.escape(title)}</span> {text}</div>'
            )
        self._pane.object = "".join(rows) or '<div style="color:#666">No moves yet.</div>'

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
