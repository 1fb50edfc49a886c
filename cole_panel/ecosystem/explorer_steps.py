"""Stepping through the scoring: a cursor over the shown player's scoring steps.

:class:`ScoringSteps` is mixed into :class:`~cole_panel.ecosystem.explorer.ScoringExplorerModel`.
The model scores the whole table with :func:`engines.ecosystem.score_steps` after every change
(``_steps``) and keeps the steps that matter to the shown player (``_view``); this mixin moves
the cursor, says what the board shows at the cursor, and lets a lion choose another prey.
"""

from __future__ import annotations

import param

from engines import ScoreLine
from engines.ecosystem import Park, ScoringStep

from .park_text import Cell, where_label


class ScoringSteps(param.Parameterized):
    """Step-by-step mode: the scoring up to :attr:`step`, one card type per step."""

    stepping = param.Boolean(
        default=False, doc=("Step-by-step mode: the board shows the scoring up to step `step`.")
    )
    step = param.Integer(
        default=0,
        bounds=(0, None),
        doc=("Scoring steps done in step-by-step mode (0: before scoring starts)."),
    )
    _steps: list[ScoringStep]
    """Every step of the whole table (set by the model after each change)."""
    _view: list[ScoringStep]
    """The steps of the shown player."""

    def _view_steps(self, steps: list[ScoringStep]) -> list[ScoringStep]:
        """The steps that matter to the shown player: every card type, and her own lions."""
        p = self.player
        out, lion_kept, last_lion = [], False, None
        for step in steps:
            if step.category == "lion":
                last_lion = step
                if step.lion is None or step.lion.player != p:
                    continue
                lion_kept = True
            elif step.category == "elephant" and not lion_kept and last_lion is not None:
                out.append(last_lion)  # "Lions: nothing for you" still gets its step
                lion_kept = True
            out.append(step)
        return out

    @param.depends("stepping", "step", watch=True)
    def _cursor_moved(self) -> None:
        if not self._busy:
            self._busy = True
            try:
                self.param.update(selected_line=None, revision=self.revision + 1)
            finally:
                self._busy = False

    @property
    def view_steps(self) -> list[ScoringStep]:
        """The scoring steps of the shown player, in the rulebook's order."""
        return list(self._view)

    @property
    def shown_step(self) -> ScoringStep | None:
        """The step on display in step-by-step mode (None before scoring or when building)."""
        if not self.stepping or self.step == 0:
            return None
        return self._view[self.step - 1]

    @property
    def shown_parks(self) -> tuple[Park, ...]:
        """The parks on the board: as built, or with the flips made so far when stepping."""
        step = self.shown_step
        if step is None:
            return self.parks
        entry = step.parks[self.player]
        return (entry,) if isinstance(entry, Park) else tuple(entry)

    @property
    def shown_lines(self) -> list[ScoreLine]:
        """The shown player's score lines: all of them, or those scored so far when stepping."""
        if not self.stepping:
            return list(self.sheet.for_player(self.player))
        step = self.shown_step
        return [] if step is None else list(step.sheet.for_player(self.player))

    @property
    def new_lines(self) -> list[int]:
        """Indices in :attr:`shown_lines` of the lines the shown step just scored."""
        step = self.shown_step
        if step is None:
            return []
        lines = self.shown_lines
        fresh = [line for line in step.lines if line.player == self.player]
        return list(range(len(lines) - len(fresh), len(lines)))

    @property
    def total(self) -> int:
        """The shown player's total (so far, when stepping)."""
        return sum(line.points for line in self.shown_lines)

    def go(self, step: int | None) -> None:
        """Show the scoring after ``step`` steps (None: leave step-by-step mode)."""
        if step is None:
            self.stepping = False
            return
        step = max(0, min(int(step), len(self._view)))
        self.param.update(stepping=True, step=step)

    def next_step(self) -> bool:
        if not self.stepping:
            self.go(0)
            return True
        if self.step >= len(self._view):
            return self._refuse("Scoring is over: that was the last step.")
        self.go(self.step + 1)
        return True

    def previous_step(self) -> bool:
        if not self.stepping or self.step == 0:
            return self._refuse("This is the start: nothing has been scored yet.")
        self.go(self.step - 1)
        return True

    def choose_lion(self, prey: Cell | None) -> bool:
        """Make the shown lion flip ``prey`` (None: let the rules choose again)."""
        lion = self.lion
        if lion is None:
            return self._refuse("Step to one of your lions to choose its prey.")
        choices = {p: dict(m) for p, m in self.lion_choices.items()}
        mine = choices.setdefault(self.player, {})
        if prey is None:
            mine.pop(lion.lion, None)
            text = f"The lion at {where_label(lion.lion)} chooses by the rules again."
        else:
            prey = tuple(prey)
            if prey not in [c for c, _ in lion.options]:
                return self._refuse(
                    f"The lion at {where_label(lion.lion)} cannot flip {where_label(prey)}."
                )
            mine[lion.lion] = prey
            text = f"The lion at {where_label(lion.lion)} now flips {where_label(prey)}."
        self._busy = True
        try:
            self.lion_choices = choices
        finally:
            self._busy = False
        self._rescore("", restart=False)
        self.param.update(
            message=f"{text} Final total {self.final_total} points.", message_is_error=False
        )
        return True
