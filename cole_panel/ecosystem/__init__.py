"""Ecosystem: Savanna in the browser: the scoring explorer and the draft table.

``ScoringExplorerModel`` / ``ScoringExplorer`` build and score parks step by step;
``EcosystemModel`` / ``DraftTable`` play a draft against bots; ``EcosystemDashboard`` holds both
as two tabs. ``ParkBoard`` and ``HandView`` draw parks and hands with Bokeh.  Names are imported
on first use, so the models load without Panel or Bokeh.
"""

from ..core.lazy import lazy_exports

_EXPORTS = {
    "DraftTable": ".draft_view",
    "EcosystemDashboard": ".dashboard",
    "EcosystemModel": ".model",
    "HandView": ".hand_view",
    "ParkBoard": ".board",
    "ScoreBreakdown": ".breakdown",
    "ScoringExplorer": ".explorer_view",
    "ScoringExplorerModel": ".explorer",
    "Turn": ".model",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
