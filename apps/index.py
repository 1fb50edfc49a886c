"""`panel serve apps/index.py`: links to every game."""

import panel as pn

from cole_panel.index import index_page
from cole_panel.ui.shell import serve_page


def links_page():
    pn.extension()
    return index_page()


serve_page(links_page, title="All games", page="index")
