"""Ecosystem: Savanna in the browser: the scoring explorer and the draft table.

``ScoringExplorerModel`` / ``ScoringExplorer`` build and score parks step by step;
``EcosystemModel`` / ``DraftTable`` play a draft against bots; ``EcosystemDashboard`` holds both
as two tabs. ``ParkBoard`` and ``HandView`` draw parks and hands with Bokeh.
"""

from .board import HandView, ParkBoard
from .breakdown import ScoreBreakdown
from .dashboard import EcosystemDashboard
from .draft_view import DraftTable
from .explorer import ScoringExplorerModel
from .explorer_view import ScoringExplorer
from .model import EcosystemModel, Turn

__all__ = [
    "DraftTable",
    "EcosystemDashboard",
    "EcosystemModel",
    "HandView",
    "ParkBoard",
    "ScoreBreakdown",
    "ScoringExplorer",
    "ScoringExplorerModel",
    "Turn",
]
