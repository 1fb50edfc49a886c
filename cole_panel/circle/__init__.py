"""Circle of Life in the browser: the game model, the Bokeh board and the dashboard."""

from .board import CircleBoard
from .dashboard import CircleDashboard
from .model import CircleModel, Turn

__all__ = ["CircleBoard", "CircleDashboard", "CircleModel", "Turn"]
