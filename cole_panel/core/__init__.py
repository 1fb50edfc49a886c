"""The panel-free core every game model shares: seats, history, saves, bot scheduling.

Imports ``param`` and the engines only, so a model can be used (and tested) without Panel or
Bokeh.
"""

from .bot_loop import BotLoop
from .envelope import SAVE_VERSION, read_flag, read_save, read_seats, write_save
from .model import GameModel, Turn, last_undoable_turn, seats
from .replay import check_reached, read_position, read_start, replay_history, replay_turns
from .scheduler import BotJob, BotScheduler, InlineScheduler, Pause
from .seats import (
    BOT_KINDS,
    DEFAULT_STRENGTH,
    SEAT_KINDS,
    STRENGTH_BOUNDS,
    BotShelf,
    iterations_for,
    make_seat_bot,
)

__all__ = [
    "BOT_KINDS",
    "DEFAULT_STRENGTH",
    "SAVE_VERSION",
    "SEAT_KINDS",
    "STRENGTH_BOUNDS",
    "BotJob",
    "BotLoop",
    "BotScheduler",
    "BotShelf",
    "GameModel",
    "InlineScheduler",
    "Pause",
    "Turn",
    "iterations_for",
    "last_undoable_turn",
    "make_seat_bot",
    "check_reached",
    "read_flag",
    "read_position",
    "read_save",
    "read_seats",
    "read_start",
    "replay_history",
    "replay_turns",
    "seats",
    "write_save",
]
