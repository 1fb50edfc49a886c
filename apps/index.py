"""`panel serve apps/index.py`: links to every game."""

from cole_panel.index import index_page
from cole_panel.ui.shell import serve_page

serve_page(index_page, title="All games", page="index")
