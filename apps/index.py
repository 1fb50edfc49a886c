"""`panel serve apps/index.py`: links to every game."""

from cole_panel.index import index_page

index_page().servable(title="cole-panel")
