"""The playback's buttons on the Play tab: back, next step, skip, the speed and its 'advance on
its own' switch, each doing what it says to a :class:`~cole_panel.savannah.playback.Playback`."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from ..runtime.hold import batched
from ..ui.named_controls import aria_name
from .playback import Playback, speed_options


class PlaybackControls(param.Parameterized):
    """Back, next step, skip, the playback speed and its 'advance on its own' switch."""

    playback = param.ClassSelector(class_=Playback, doc="The playback the buttons move.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        pb = self.playback
        self.back = pn.widgets.Button(label="◀ Back", width=80, margin=(2, 3))
        self.next = pn.widgets.Button(label="Next step ▶", width=110, margin=(2, 3))
        self.skip = pn.widgets.Button(label="Skip »", width=80, margin=(2, 3))
        self.back.on_click(batched(lambda _: pb.back()))
        self.next.on_click(batched(lambda _: pb.next()))
        self.skip.on_click(batched(lambda _: pb.finish()))
        self.speed = pn.widgets.Select(
            options=speed_options(pb.speed),
            value=pb.speed,
            width=120,
            margin=(2, 5),
            css_classes=[aria_name("Playback speed")],
        )
        self.speed.param.watch(lambda e: setattr(pb, "speed", e.new), "value")
        pb.param.watch(self._sync_speed, "speed")
        # a switch with its words beside it: the words are a label of the switch, so a click
        # on them toggles it too
        self.auto = pn.widgets.Switch.from_param(
            pb.param.auto,
            label="",
            margin=(8, 2, 2, 8),
            css_classes=["cole-auto", aria_name("Advance on its own")],
        )
        self.auto_words = pn.widgets.Button(
            label="Advance on its own: on",
            color="light",
            margin=(2, 3),
            css_classes=["cole-auto-label"],
        )
        self.auto_words.on_click(lambda _: setattr(pb, "auto", not pb.auto))

    @property
    def widgets(self) -> list[pn.widgets.Widget]:
        """The buttons in their order on the page."""
        return [self.back, self.next, self.skip, self.speed, self.auto, self.auto_words]

    def _sync_speed(self, event: param.parameterized.Event) -> None:
        self.speed.param.update(options=speed_options(event.new), value=event.new)

    def refresh(self) -> None:
        """Enable the buttons that would do something now; the switch's words say its state."""
        pb = self.playback
        self.auto_words.label = f"Advance on its own: {'on' if pb.auto else 'off'}"
        self.back.disabled = pb.index == 0
        self.next.disabled = not pb.busy
        self.skip.disabled = not pb.busy
