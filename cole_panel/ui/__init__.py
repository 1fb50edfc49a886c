"""Dashboard parts every game shares: seats, bot runner, save/load, narration, banner, move list."""

from .banner import GameOverBanner
from .bots import BotRunner, ThinkingIndicator, page_bots
from .moves import MoveList
from .narration import EventLog, MessageBox
from .saveload import SaveLoad
from .seats import SEAT_KINDS, STRENGTH_BOUNDS, BotShelf, SeatSelector

__all__ = [
    "SEAT_KINDS",
    "STRENGTH_BOUNDS",
    "BotRunner",
    "BotShelf",
    "EventLog",
    "GameOverBanner",
    "MessageBox",
    "MoveList",
    "SaveLoad",
    "SeatSelector",
    "ThinkingIndicator",
    "page_bots",
]
