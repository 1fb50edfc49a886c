"""`panel serve apps/index.py`: links to every game."""

from cole_panel.index import index_page
from cole_panel.ui.address import page_location_ok

index_page().servable(title="cole-panel", location=page_location_ok())
