"""Ecosystem: Savanna in the browser: the scoring explorer and the draft table.

``ScoringExplorerModel`` / ``ScoringExplorer`` build and score parks step by step;
``EcosystemModel`` / ``DraftTable`` play a draft against bots; ``EcosystemDashboard`` holds both
as two tabs. ``ParkBoard`` and ``HandView`` draw parks and hands with Bokeh.
"""

from ..core.lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(
    __name__,
    board="ParkBoard",
    breakdown="ScoreBreakdown",
    dashboard="EcosystemDashboard",
    draft_view="DraftTable",
    explorer="ScoringExplorerModel",
    explorer_view="ScoringExplorer",
    hand_view="HandView",
    model="EcosystemModel Turn",
)
