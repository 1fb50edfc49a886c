"""Whole tables into and out of the scoring explorer: a draft's final parks, a shared link, a
park file.

:class:`ScoringTables` is mixed into :class:`~cole_panel.ecosystem.explorer.model.ScoringExplorerModel`.
It reads and changes the model through public members only: its parameters (``table``,
``names``, ``variant``...), ``final_total``, ``options_from``, ``refuse`` and ``rescore_with``
(set many parameters at once, then score the table once).

>>> [len(entry) for entry in table_as([table_entry(Park(), "classic")], "two_parks")]
[2]
>>> table_entry((Park(), Park()), "classic")
Traceback (most recent call last):
ValueError: the classic variant needs 1 park(s) per player, not 2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.ecosystem import Park, Rules

from ...core.untrusted import short
from ..park_text import parse_parks
from .park_file import park_file_text, read_park_file


def table_entry(parks: Any, variant: str) -> tuple[Park, ...]:
    """One player's entry of a table: ``parks`` (park text, a Park, or a Park per park of
    ``variant``) as face-up parks.  ValueError when the count of parks does not fit."""
    if isinstance(parks, str):
        return parse_parks(parks, variant)[0]
    if isinstance(parks, Park):
        parks = (parks,)
    parks = tuple(p.face_up() for p in parks)
    if len(parks) != (1 if variant == "classic" else 2):
        raise ValueError(
            f"the {variant} variant needs {1 if variant == 'classic' else 2} "
            f"park(s) per player, not {len(parks)}"
        )
    return parks


def table_as(table: Sequence[tuple[Park, ...]], variant: str) -> list[tuple[Park, ...]]:
    """``table``'s parks for ``variant``: Park West kept as the one park, or the one park as
    Park West beside an empty Park East."""
    if variant == "classic":
        return [(entry[0],) for entry in table]
    return [(entry[0], entry[1] if len(entry) > 1 else Park()) for entry in table]


class ScoringTables:
    """Show a whole table (a finished draft, a shared link) and save or load one."""

    def load_table(
        self,
        parks: Sequence[Any],
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        player: int = 0,
        stepping: bool = True,
    ) -> None:
        """Show a table of parks (e.g. a finished draft: ``state.parks``), stepping from 0."""
        rules = rules or Rules(variant="classic" if isinstance(parks[0], Park) else "two_parks")
        table = [table_entry(entry, rules.variant) for entry in parks]
        names = list(names) if names else [f"Player {i + 1}" for i in range(len(table))]
        self._show_table(
            table,
            names,
            player,
            stepping=stepping,
            message=f"The final parks of {len(table)} players: step through the scoring of "
            f"{names[player]}.",
            **self.options_from(rules),
        )

    def show_shared(self, values: dict[str, Any], problems: Sequence[str] = ()) -> bool:
        """Show what a shared link holds (parameter values read by
        :func:`~cole_panel.ecosystem.explorer.link.read_query`); its problems go into the message,
        and whatever was good is kept. Returns whether anything changed."""
        if not values and not problems:
            return False
        updates = dict(values)
        if "table" not in updates and updates.get("variant", self.variant) != self.variant:
            # a link naming the other variant but no park (``?variant=two_parks``)
            updates.update(table=table_as(self.table, updates["variant"]), lion_choices={})
        if "table" in updates:
            updates.update(names=["Shared park"], player=0)
            updates.setdefault("lion_choices", {})
        self.rescore_with(**updates, stepping=False, step=0)
        what = "Opened a shared park" if "table" in values else "Opened a shared link"
        text = f"{what}: {self.final_total} {'point' if self.final_total == 1 else 'points'}."
        if problems:
            text += " Not used: " + " ".join(problems)
        self.param.update(message=text, message_is_error=bool(problems))
        return True

    def _show_table(
        self,
        table: list[Any],
        names: list[str],
        player: int,
        others: Sequence[Any] = (),
        others_east: Sequence[Any] = (),
        choices: dict[Any, Any] | None = None,
        stepping: bool = False,
        message: str | None = None,
        **options: Any,
    ) -> None:
        """Put a whole table on show (loaded or given), the steps back at 0, and score it."""
        self.rescore_with(
            message,
            **options,
            table=table,
            names=names,
            player=player,
            other_gazelles=list(others),
            other_gazelles_east=list(others_east),
            lion_choices=choices or {},
            stepping=stepping,
            step=0,
        )

    # ------------------------------------------------------------------ saving
    def save(self) -> str:
        """The table as JSON text: options, parks as text, other gazelles, lion choices."""
        return park_file_text(self)

    def load(self, text: str) -> bool:
        """Load a saved park (or the parks of a saved draft). A bad file changes nothing but
        :attr:`message`. Returns whether it loaded."""
        try:
            loaded = read_park_file(text)
        except ValueError as exc:
            return self.refuse(
                f"Could not load the file: {short(str(exc), 400)} The current park is unchanged."
            )
        rules, table, names, player, others, others_east, choices, what = loaded
        self._show_table(table, names, player, others, others_east, choices, **rules)
        self.param.update(
            message=f"Loaded {what}: {names[player]} scores {self.final_total} points.",
            message_is_error=False,
        )
        return True
