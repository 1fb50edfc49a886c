"""Stepping through the scoring: a cursor over the shown player's scoring steps.

:class:`ScoringSteps` is mixed into :class:`~cole_panel.ecosystem.explorer.model.ScoringExplorerModel`.
The model scores the whole table with :func:`engines.ecosystem.score_steps` after every change
and keeps the steps that matter to the shown player (its public ``view_steps``); this mixin says
what the board shows at the step-by-step cursor, reading the model through public members only.
"""

from __future__ import annotations

import param

from engines import ScoreLine
from engines.ecosystem import Park, ScoringStep


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
    view_steps: list[ScoringStep]
    """The steps of the shown player (the model's)."""

    @property
    def shown_step(self) -> ScoringStep | None:
        """The step on display in step-by-step mode (None before scoring or when building)."""
        if not self.stepping or self.step == 0:
            return None
        return self.view_steps[self.step - 1]

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
        step = max(0, min(int(step), len(self.view_steps)))
        self.param.update(stepping=True, step=step)
