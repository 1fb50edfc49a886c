"""Circle of Life in the browser: the game model, the Bokeh board and the dashboard."""

from ..core.lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(
    __name__, board="CircleBoard", dashboard="CircleDashboard", model="CircleModel Turn"
)
