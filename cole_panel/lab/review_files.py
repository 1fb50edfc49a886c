"""``cole review``'s inputs and rows: a saved game of any game (or a game's shared ``?moves=``
link) read into its start and moves, and reviewed into one row per move.

A save names its game in its ``format`` field; each game's own model reads it (with every check
the app makes), so a file the app would refuse is refused here with the app's sentence.

>>> game = read_game("link", "?moves=E5,E7,E6&radius=4")
>>> game.actions, game.names
(('E5', 'E7', 'E6'), ('Orange', 'Black'))
>>> read_game("bad.json", "[1, 2]")
Traceback (most recent call last):
...
ValueError: bad.json: it is not a saved game of Circle of Life, Ecosystem: Savanna or On the Savannah.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from cole_panel.core.model import GameModel
from cole_panel.game_pages import GAME_PAGES
from engines.review import Runner, review_game, run_in_order

__all__ = ["COLUMNS", "SavedGame", "read_game", "review_rows"]

COLUMNS = (
    "file",
    "game",
    "number",
    "mover",
    "move",
    "before",
    "after",
    "class",
    "better",
    "said",
    "better_said",
    "drop",
    "uncertainty",
    "exact",
    "why",
)
"""The columns of ``cole review --output``, one row per move."""

MAX_FILE_CHARS = 2_000_000
"""The longest save (or link) read; a save of a whole game is a few tens of kilobytes."""


@dataclass(frozen=True)
class SavedGame:
    """A game read from a file: its start, the moves played (their text) and the names."""

    name: str
    """Where it came from (the file name, or the link)."""
    game: str
    """The game's machine name."""
    start: Any
    """The start position."""
    actions: tuple[str, ...]
    """The moves played, as the game writes them."""
    names: tuple[str, ...]
    """The players' names."""


def _model_class(game: str) -> type[GameModel]:
    """The game's model (its page record's): it reads the game's saves."""
    return GAME_PAGES[game].model_class


def _is_link(text: str) -> bool:
    head = text.strip()[:300]
    return head.startswith("?") or ("?moves=" in head and not head.startswith("{"))


def read_game(name: str, text: str) -> SavedGame:
    """The game in ``text`` (a save of any game, or a Circle link); ValueError names ``name``."""
    if not isinstance(text, str) or len(text) > MAX_FILE_CHARS:
        raise ValueError(f"{name}: not a save file (over {MAX_FILE_CHARS:,} characters).")
    if _is_link(text):
        return _read_link(name, text.strip())
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None
    formats = {_model_class(g).save_format: g for g in GAME_PAGES}
    game = formats.get(data.get("format")) if isinstance(data, dict) else None
    if game is None:
        titles = [page.title for page in GAME_PAGES.values()]
        raise ValueError(
            f"{name}: it is not a saved game of {', '.join(titles[:-1])} or {titles[-1]}."
        )
    model = _model_class(game)()
    if not model.load(text):
        raise ValueError(f"{name}: {model.message}")
    start = model.start
    actions = []
    state = start
    for turn in model.history:
        actions.append(state.action_to_str(turn.action))
        state = turn.state
    names = tuple(model.player_name(p) for p in range(start.players))
    return SavedGame(name, game, start, tuple(actions), names)


def _read_link(name: str, text: str) -> SavedGame:
    """The game of a shared link (``?moves=…``): read by the game whose lab facts read links."""
    for game, page in GAME_PAGES.items():
        facts = page.lab_facts
        if facts is not None and hasattr(facts, "read_link"):
            try:
                start, moves, names = facts.read_link(text[text.index("?") :])
            except ValueError as err:
                raise ValueError(f"{name}: {err}") from None
            return SavedGame(name, game, start, tuple(moves), tuple(names))
    raise ValueError(f"{name}: no game here reads shared links.")


def review_rows(
    name: str, text: str, iterations: int | None, seed: int, run: Runner = run_in_order
) -> list[dict[str, Any]]:
    """Review the game in ``text``, its positions valued by ``run`` (default: one after the
    other here): one row per move, in :data:`COLUMNS`."""
    saved = read_game(name, text)
    review = review_game(
        saved.start, saved.actions, iterations=iterations, seed=seed, names=saved.names, run=run
    )
    return [{"file": name, "game": saved.game, **row} for row in review.rows()]
