"""On the Savannah in the browser: the game model, the Bokeh row, hand and piles, the dashboard."""

from .dashboard import SavannahDashboard
from .model import SavannahModel, Turn
from .steps import Step, Table, turn_steps

__all__ = ["SavannahDashboard", "SavannahModel", "Step", "Table", "Turn", "turn_steps"]
