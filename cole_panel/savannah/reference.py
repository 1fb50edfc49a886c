"""The card reference: the whole deck as a table read from ``cards.toml``, filterable by group."""

from __future__ import annotations

from typing import Any

import pandas as pd
import panel as pn
import param

from engines.savannah import GROUPS, Card
from engines.savannah.deck import default_deck

from ..ui.keyboard import read_only_table, scroll_box
from .art import GROUP_SHORT, text_on

TABLE_HEIGHT = 620
"""Height in pixels of the box the Cards table scrolls in."""
COLUMN_WIDTHS = {
    "Card": 110,
    "Group": 140,
    "Level": 84,
    "Copies": 96,
    "Big Five": 122,
    "Hunt (top to bottom)": 300,
    "On the savannah": 300,
    "In hand": 114,
    "Alive": 84,
    "Killed": 92,
}
"""The Cards table's columns in pixels: wide enough for every header with its sort arrow and
every value ('small mammal')."""


def deck_frame(cards: list[Card]) -> pd.DataFrame:
    """One row per distinct card: its data and its rules in words.

    >>> frame = deck_frame(list(default_deck()))
    >>> int(frame["Copies"].sum()), list(frame.columns[:4])
    (64, ['Card', 'Group', 'Level', 'Copies'])
    """
    rows = []
    for c in cards:
        rows.append(
            {
                "Card": c.name,
                "Group": GROUP_SHORT[c.group],
                "Level": c.level,
                "Copies": c.copies,
                "Big Five": "★" if c.big_five else "",
                "Hunt (top to bottom)": "\n".join(
                    f"{k}. {a.describe()}" for k, a in enumerate(c.hunt, start=1)
                )
                or "—",
                "On the savannah": "\n".join(
                    [p.describe() for p in c.placement] + [e.describe() for e in c.effects]
                )
                or "—",
                "In hand": c.points.in_hand,
                "Alive": c.points.alive,
                "Killed": c.points.killed,
            }
        )
    return pd.DataFrame(rows)


def _only_group(frame: pd.DataFrame, group: str) -> pd.DataFrame:
    return frame if group == "all groups" else frame[frame["Group"] == group]


class CardReference(pn.viewable.Viewer):
    """Every card of the deck with its hunt, placement rules and points; filter by group."""

    group = param.Selector(
        default="all groups",
        objects=["all groups", *[GROUP_SHORT[g] for g in GROUPS]],
        doc="Show only the cards of this group.",
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        cards = list(default_deck())  # read once per process
        self.frame = deck_frame(cards)
        colours = {GROUP_SHORT[c.group]: c.colour_hex for c in cards}
        self._select = pn.widgets.Select.from_param(self.param.group, label="Group", width=200)
        self._table = read_only_table(
            self.frame,
            show_index=False,
            selectable=False,
            layout="fit_data_stretch",
            sizing_mode="stretch_width",
            formatters={
                "Hunt (top to bottom)": {"type": "textarea"},
                "On the savannah": {"type": "textarea"},
            },
            widths=COLUMN_WIDTHS,
            # As wide as its columns: the box around it scrolls sideways, not the table (a
            # style, not min_width, which Panel would give the whole tab, cutting its text).
            stylesheets=[f":host {{ min-width: {sum(COLUMN_WIDTHS.values()) + 2}px !important; }}"],
            css_classes=["cole-deck"],
        )
        self._table.style.apply(
            lambda col: [
                f"background-color:{colours[g]};color:{text_on(colours[g])};font-weight:600"
                for g in col
            ],
            subset=["Group"],
        )
        self._table.add_filter(pn.bind(_only_group, group=self.param.group))
        self._count = pn.pane.HTML("", margin=(12, 10))
        self.param.watch(self._refresh, ["group"])
        self._refresh()

    def _refresh(self, *_: Any) -> None:
        shown = self.shown
        self._count.object = (
            f"{len(shown)} distinct card{'s' * (len(shown) != 1)}, "
            f"{int(shown['Copies'].sum())} cards in the deck"
        )

    @property
    def shown(self) -> pd.DataFrame:
        """The rows the table shows now."""
        return _only_group(self.frame, self.group)

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(
            pn.FlexBox(self._select, self._count, margin=0),
            pn.pane.Markdown(
                "Hover the row's cards in the game for the same rules; killed "
                "cards score their level.",
                margin=(0, 10),
            ),
            scroll_box(
                self._table,
                "Cards table",
                TABLE_HEIGHT,
                margin=0,
                sizing_mode="stretch_width",
                styles={"overflow-x": "auto", "min-width": "0"},
            ),
            sizing_mode="stretch_width",
        )
