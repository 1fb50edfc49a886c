"""What belongs in a sidebar: the seats, the next game and its rule options, save and load,
and the link to the game (the shell's ``settings()``)."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from ..ui import SaveLoad, SeatSelector
from ..ui.named_controls import aria_name
from .link import game_query
from .model import MAX_SEATS, SavannahModel, player_name


class SettingsView(pn.viewable.Viewer):
    """Seats, 'Let bots finish', the next game's options and New game, save/load, the link."""

    model = param.ClassSelector(class_=SavannahModel, doc="The game set up here.")
    finish_kind = param.Selector(
        default="Greedy",
        objects=["Greedy", "Random"],
        doc="The bot that plays every seat when 'Let bots finish the game' is pressed.",
    )
    on_new_game = param.Callable(doc="What the New game button does.")
    on_finish = param.Callable(doc="What the 'Let bots finish the game' button does.")
    base_url = param.String(default="", doc="The page's address without its query.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        m = self.model
        wide = dict(sizing_mode="stretch_width", max_width=320)
        # A seat's menu and slider are made when its box is first shown (refresh): a game
        # of three leaves two boxes empty, and most games never get more players.
        self.seat_boxes = [pn.Column(margin=0, visible=False) for _ in range(MAX_SEATS)]
        self.seed = pn.widgets.IntInput.from_param(
            m.param.seed, label="Seed (empty: random; used once)", **wide
        )
        new_game = pn.widgets.Button(
            label="New game", color="primary", width=140, css_classes=["cole-new-game"]
        )
        new_game.on_click(lambda _: self.on_new_game())
        finish = pn.widgets.Button(label="Let bots finish the game", color="warning", width=200)
        finish.on_click(lambda _: self.on_finish())
        kind = pn.widgets.Select.from_param(
            self.param.finish_kind,
            label="",
            width=100,
            css_classes=[aria_name("Bots that finish the game")],
        )
        self.link = pn.widgets.TextInput(
            label="Link to this game (seats, seed, moves)",
            value="",
            sizing_mode="stretch_width",
            css_classes=["cole-link"],
        )
        self._saveload = SaveLoad(model=m, filename="on-the-savannah.json")
        self._layout = pn.Column(
            pn.pane.Markdown("**Seats** (changes apply at once)", margin=(4, 5, 0, 5)),
            *self.seat_boxes,
            pn.widgets.Checkbox.from_param(
                m.param.hide_hands, label="Cover hands between people's turns"
            ),
            pn.pane.Markdown(
                "**In a hurry?** Bots play every seat to the end.", margin=(8, 5, 0, 5)
            ),
            pn.FlexBox(finish, kind, margin=0),  # wraps in a narrow sidebar
            pn.layout.Divider(),
            pn.pane.Markdown("**Next game**", margin=(4, 5, 0, 5)),
            pn.widgets.IntSlider.from_param(m.param.players, **wide),
            self.seed,
            new_game,
            pn.layout.Divider(),
            self.link,
            self._saveload,
            pn.layout.Divider(),
            pn.pane.Markdown(
                "**Rules options** (used by the next game; each settles a point the rulebook "
                "leaves open)",
                margin=(4, 5, 0, 5),
            ),
            self._rules_options(wide),
            sizing_mode="stretch_width",
            css_classes=["cole-settings"],
        )
        m.param.watch(self.refresh, ["history", "start", "players", "state"])
        m.param.watch(
            self.refresh,
            [f"seat{p}" for p in range(MAX_SEATS)] + [f"strength{p}" for p in range(MAX_SEATS)],
        )
        self.refresh()

    def _rules_options(self, wide: dict[str, Any]) -> pn.Column:
        """One widget per rules option of the next game."""
        m = self.model
        return pn.Column(
            # each rule option's label is its Rules field's (engines.options)
            pn.widgets.IntSlider.from_param(m.param.start_row, **wide),
            pn.widgets.IntSlider.from_param(m.param.hand_size, **wide),
            pn.widgets.IntSlider.from_param(m.param.tokens, **wide),
            pn.widgets.IntInput.from_param(m.param.first_player, **wide),
            pn.widgets.Checkbox.from_param(m.param.count_played_card),
            pn.widgets.Select.from_param(m.param.steal, **wide),
            pn.widgets.Checkbox.from_param(m.param.steal_per_kill),
            pn.widgets.Select.from_param(m.param.elephant_majority, **wide),
            pn.widgets.Select.from_param(m.param.no_token, **wide),
            pn.widgets.Checkbox.from_param(m.param.equal_turns),
            pn.widgets.IntInput.from_param(m.param.big_five_bonus, **wide),
            pn.widgets.Select.from_param(m.param.tie_break, **wide),
            pn.widgets.IntInput.from_param(
                m.param.undo_limit, label="Undo: turns in a row (0: off)", **wide
            ),
            margin=0,
            sizing_mode="stretch_width",
        )

    def refresh(self, *_: Any) -> None:
        """Show the seats of this game and the link to it."""
        m = self.model
        for p, box in enumerate(self.seat_boxes):
            shown = p < m.state.players
            if shown and not box.objects:
                box.append(
                    SeatSelector(
                        model=m, seat=f"seat{p}", strength=f"strength{p}", label=player_name(p)
                    )
                )
            box.visible = shown
        query = game_query(m)
        self.link.value = f"{self.base_url}{query}" if query else "(a loaded game has no link)"

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
