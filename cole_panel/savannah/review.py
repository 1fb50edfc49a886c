"""Review any turn: a picker of the turns played and a button that plays one back step by step."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from .model import SavannahModel


class TurnReview(pn.viewable.Viewer):
    """'Turn 3 · Player 2 played a lion' … and 'Play it back'."""

    model = param.ClassSelector(class_=SavannahModel, doc="The game reviewed.")
    on_replay = param.Callable(doc="``on_replay(index)`` plays move ``index`` back.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.picker = pn.widgets.Select(
            label="Turn",
            options={},
            sizing_mode="stretch_width",
            max_width=420,
            css_classes=["cole-turn-picker"],
        )
        self.button = pn.widgets.Button(
            label="Play it back", width=120, margin=(22, 5, 2, 5), css_classes=["cole-replay"]
        )
        self.button.on_click(lambda _: self.replay())
        self._layout = pn.Row(self.picker, self.button, margin=0, sizing_mode="stretch_width")
        self.refresh()

    def refresh(self, *_: Any) -> None:
        """List the turns played, latest first chosen."""
        m = self.model
        options = {f"Turn {m.turn_number(i)} · {label}": i for i, label in enumerate(m.move_labels)}
        self.picker.options = options
        self.picker.value = list(options.values())[-1] if options else None
        self.button.disabled = not options

    def replay(self) -> bool:
        """Play the chosen turn back."""
        if self.picker.value is None:
            return False
        return self.on_replay(self.picker.value)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
