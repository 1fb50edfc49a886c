"""On the Savannah's Hint: the search bot's move for the person to move (button and key H).

The bot works from what that person may see (:func:`engines.savannah.player_view`: the other
hands and the draw pile are guesses), off the page's thread through the page's
:class:`~cole_panel.ui.BotRunner`.  A card to play or discard is then chosen in the hand, as a
first tap or the keyboard's cursor would choose it (the row shows what it would do), and the
message says the move; nothing is played until the person plays it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import panel as pn

from engines.savannah import Discard, Play, State, Steal, name_of, player_view

from ..runtime.hold import batched
from .model import SavannahModel, player_name

__all__ = ["SavannahHint", "hint_sentence"]


def hint_sentence(state: State, move: Play | Discard | Steal, strength: int) -> str:
    """The message of a hint ("Hint (strength 2): play the zebra (zebra#2).")."""
    name = name_of(move.card)
    if isinstance(move, Steal):
        owner = next((p for p in range(state.players) if move.card in state.kill_pile(p)), None)
        where = f" from {player_name(owner)}'s kill pile" if owner is not None else ""
        what = f"take the {name}{where}"
    else:
        what = f"{'play' if isinstance(move, Play) else 'discard'} the {name}"
    return f"Hint (strength {strength}): {what} ({move.card})."


class SavannahHint:
    """The Hint button of a Savannah page and what it does."""

    def __init__(self, model: SavannahModel, runner: Any):
        self.model = model
        self.runner = runner
        # the row's other buttons' style (a green one's text is too faint on this page)
        self.button = pn.widgets.Button(label="Hint", width=70, margin=(2, 3))
        self.button.on_click(lambda _: self.ask())
        self.on_card: Callable[[str], Any] | None = None
        """Told the card a hint chose in the hand (the page's keys put their cursor on it)."""
        self._job: int | None = None
        model.param.watch(self.refresh, ["state", "history", "revealed"])
        runner.param.watch(self.refresh, ["thinking"])
        self.refresh()

    def available(self) -> bool:
        """Whether a hint may be asked now: a person's turn, their hand on show, no bot busy."""
        m = self.model
        p = m.state.current_player
        return (
            p is not None
            and m.seat(p) == "Human"
            and m.hand_owner == p
            and not self.runner.thinking
        )

    def refresh(self, *_: Any) -> None:
        """The button is enabled exactly when a hint may be asked."""
        self.button.disabled = not self.available()

    def cancel(self) -> None:
        """Drop a hint still being looked for (a new game)."""
        if self._job is not None:
            self.runner.cancel(self._job)
            self._job = None

    def ask(self) -> None:
        """Start looking for the hint (nothing when :meth:`available` is false)."""
        if not self.available():
            return
        m = self.model
        state = m.state
        p = state.current_player
        request = m.request_for(player_view(state, p), p, kind="MCTS")
        self._job = self.runner.run(
            request, partial(self._show, state), task="Looking for a good move"
        )

    @batched
    def _show(self, state: State, move: Play | Discard | Steal) -> None:
        self._job = None
        m = self.model
        if m.state is not state:  # the game moved on meanwhile: the hint is stale
            return
        said = hint_sentence(state, move, m.strength(state.current_player))
        if not isinstance(move, Steal) and m.select(move.card):
            said += " " + m.message  # what the card would do, as choosing it says
            if self.on_card is not None:
                self.on_card(move.card)
        m.param.update(message=said, message_is_error=False)
