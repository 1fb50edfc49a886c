"""On the Savannah in the browser: the game model, the Bokeh row, hand and piles, the dashboard.

Names are imported on first use, so ``cole_panel.savannah.model`` loads without Panel or Bokeh.
"""

from ..core.lazy import lazy_exports

_EXPORTS = {
    "SavannahDashboard": ".dashboard",
    "SavannahModel": ".model",
    "Step": ".steps",
    "Table": ".steps",
    "Turn": ".model",
    "turn_steps": ".steps",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
