"""Circle of Life in the browser: the game model, the Bokeh board and the dashboard.

Names are imported on first use, so ``cole_panel.circle.model`` loads without Panel or Bokeh.
"""

from ..core.lazy import lazy_exports

_EXPORTS = {
    "CircleBoard": ".board",
    "CircleDashboard": ".dashboard",
    "CircleModel": ".model",
    "Turn": ".model",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
