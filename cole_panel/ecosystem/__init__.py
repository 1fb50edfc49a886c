"""Ecosystem: Savanna in the browser: the scoring explorer and the draft table.

``ScoringExplorerModel`` / ``ScoringExplorer`` build and score parks step by step;
``EcosystemModel`` / ``DraftTable`` play a draft against bots; ``EcosystemDashboard`` holds both
as two tabs. ``ParkBoard`` and ``HandView`` draw parks and hands with Bokeh.

``explorer/`` holds the scoring explorer, ``draft/`` the draft table (with its rooms and
puzzles); what both draw with (cards, parks, styles, options, park text, explanations) and the
dashboard holding them stay here.
"""

from ..core.lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(
    __name__,
    board="ParkBoard",
    dashboard="EcosystemDashboard",
    **{
        "explorer.breakdown": "ScoreBreakdown",
        "draft.view": "DraftTable",
        "explorer.model": "ScoringExplorerModel",
        "explorer.view": "ScoringExplorer",
        "draft.hand_view": "HandView",
        "draft.model": "EcosystemModel Turn",
    },
)
