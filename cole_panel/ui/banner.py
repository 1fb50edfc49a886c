"""The game-over banner: who won and why, hidden while the game runs."""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param


class GameOverBanner(pn.viewable.Viewer):
    """A large banner showing ``text``; invisible while ``text`` is empty."""

    text = param.String(default="", doc="Who won and why; '' hides the banner.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._pane = pn.pane.HTML(
            "",
            visible=False,
            sizing_mode="stretch_width",
            margin=(4, 5),
            css_classes=["cole-game-over"],
        )
        self.param.watch(self._refresh, ["text"])
        self._refresh()

    def _refresh(self, *_: Any) -> None:
        self._pane.param.update(
            visible=bool(self.text),
            object=(
                '<div style="background:#2f6b3a;color:white;border-radius:8px;padding:10px 14px;'
                'font-size:18px;font-weight:600;text-align:center">'
                f"Game over — {html.escape(self.text)}</div>"
            )
            if self.text
            else "",
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
