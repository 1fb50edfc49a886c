"""The page record of every game: one frozen :class:`GamePage` per game, beside its engine record.

The engine record (:class:`engines.games.Game`) says what the game is; this one says how
``cole_panel`` shows it: the model and dashboard classes, the room's mirror model, the page's
address, title and picture, and the lab's per-game facts.  Each game registers its page in its
own package (``cole_panel/<game>/record.py``, found through the engine records); every shared
table (the header's links, the index's cards, the rooms' games and mirrors, the lab's watchers
and reports) is derived from :data:`GAME_PAGES`.  Classes are named as ``"module:attribute"``
and imported on first use, so reading the records loads neither Panel nor a game's model.

>>> page = get_page(next(iter(GAME_PAGES)))
>>> page.game.name == page.name, page.model_class.__name__.endswith("Model")
(True, True)
>>> get_page("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: There is no page for 'chess'; the games with pages are ...
"""

from __future__ import annotations

import importlib
import importlib.util
import threading
from dataclasses import dataclass
from typing import Any

from engines.games import GAMES, Game, get_game, load_added_games

__all__ = ["GAME_PAGES", "GamePage", "get_page", "register_page"]


def load(path: str) -> Any:
    """The object a ``"module:attribute"`` path names (``"module"`` alone: the module; the
    attribute may be dotted, ``"module:Class.method"``).

    >>> load("engines.games:get_game").__name__
    'get_game'
    """
    module, _, attribute = path.partition(":")
    found = importlib.import_module(module)
    for name in attribute.split(".") if attribute else ():
        found = getattr(found, name)
    return found


@dataclass(frozen=True)
class GamePage:
    """How ``cole_panel`` shows one game (its engine record: :attr:`game`)."""

    name: str
    """The engine record's name (:func:`engines.games.get_game`)."""
    title: str
    """The page's title and the index card's heading, e.g. ``"On the Savannah"``."""
    model: str
    """The game's :class:`~cole_panel.core.GameModel` subclass, as ``"module:Class"``."""
    dashboard: str
    """The page's dashboard (a ``pn.viewable.Viewer`` over ``model=``), as ``"module:Class"``."""
    room_model: str
    """The room's mirror model (:class:`~cole_panel.rooms.mirror.RoomMirror` first)."""
    picture: str
    """A function returning the index card's SVG picture, as ``"module:function"``."""
    link_text: str = ""
    """The header's link to the page (default: the title)."""
    blurb: str = ""
    """The index card's line about the game."""
    path: str = ""
    """The page's address under the server (default: the name): ``/<path>``."""
    solo: str = ""
    """What builds a page's own game (``"module:callable"``; default: the dashboard class)."""
    room_dashboard: tuple[tuple[str, Any], ...] = ()
    """Options of the dashboard on a room's page, e.g. ``(("open_on", "Draft table"),)``."""
    extensions: tuple[str, ...] = ()
    """Panel extensions the page loads (``"tabulator"``)."""
    hidden_score_parts: tuple[str, ...] = ()
    """Score categories decided by a hidden hand (unknown to a teacher until the end)."""
    lab: str = ""
    """The lab's facts of the game (a module with ``Watcher``, ``report(rows)`` and, if the
    game has shared links, ``read_link(text)``); empty: the lab reports none."""

    @property
    def game(self) -> Game:
        """The engine record."""
        return get_game(self.name)

    @property
    def address(self) -> str:
        return self.path or self.name

    @property
    def link(self) -> str:
        return self.link_text or self.title

    @property
    def model_class(self) -> type:
        return load(self.model)

    @property
    def dashboard_class(self) -> type:
        return load(self.dashboard)

    @property
    def room_model_class(self) -> type:
        return load(self.room_model)

    @property
    def lab_facts(self) -> Any:
        """The module of :attr:`lab`, or None."""
        return load(self.lab) if self.lab else None

    def picture_svg(self) -> str:
        return load(self.picture)()

    def solo_page(self) -> Any:
        """A new dashboard of a page's own game."""
        return load(self.solo)() if self.solo else self.dashboard_class()

    def room_page_class(self) -> Any:
        """What builds the dashboard of a room's page (``model=`` the mirror)."""
        cls = self.dashboard_class
        if not self.room_dashboard:
            return cls
        options = dict(self.room_dashboard)
        return lambda **params: cls(**{**options, **params})


GAME_PAGES: dict[str, GamePage] = {}
"""Every game's page record, in the engine records' order (then those added later)."""

_lock = threading.Lock()


def register_page(page: GamePage) -> GamePage:
    """Add ``page`` (its engine record must be registered first); the same again: nothing
    changes.  ``ValueError`` if another page record has its name."""
    get_game(page.name)
    with _lock:
        known = GAME_PAGES.get(page.name)
        if known is not None and known != page:
            raise ValueError(f"There is already a page for {page.name!r}: {known!r}.")
        GAME_PAGES[page.name] = page
    return page


def get_page(name: str) -> GamePage:
    """The page record of game ``name``; ``ValueError`` naming the games with pages."""
    page = GAME_PAGES.get(name) if isinstance(name, str) else None
    if page is None:
        known = list(GAME_PAGES)
        words = f"{', '.join(known[:-1])} and {known[-1]}" if len(known) > 1 else "".join(known)
        raise ValueError(f"There is no page for {name!r}; the games with pages are {words}.")
    return page


def _register_all() -> None:
    for name in list(GAMES):  # the family's own: each game's package registers its page
        module = f"{__package__}.{name}.record"
        if importlib.util.find_spec(f"{__package__}.{name}") is not None:
            importlib.import_module(module)
    load_added_games()  # ``$COLE_GAMES``: the modules register their games and pages


_register_all()
