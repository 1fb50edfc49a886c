"""On the Savannah in the browser: the game model, the Bokeh row, hand and piles, the dashboard."""

from ..core.lazy import lazy_exports

__getattr__, __dir__, __all__ = lazy_exports(
    __name__,
    dashboard="SavannahDashboard",
    model="SavannahModel Turn",
    steps="Step Table turn_steps",
)
