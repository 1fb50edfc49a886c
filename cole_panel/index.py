"""The landing page: each game with a picture of a real position and one line about it."""

from __future__ import annotations

import panel as pn

from .game_pages import GAME_PAGES
from .pictures import PICTURES
from .ui.first_paint import INDEX_LINE, LAB_LINK
from .ui.screens import SITE_NAME

GAMES: tuple[tuple[str, str, str], ...] = tuple(
    (page.address, page.title, page.blurb) for page in GAME_PAGES.values()
)
"""(app name, title, one line) of each game's card, from the games' page records."""

CARD_WIDTH = 300

# A card's game name is a second-level heading under the page's one (screen readers list the
# headings in order), at the size of the third level it was shown at.
_CARD_TITLE_CSS = "h2 { font-size: 1.17em; }"


def game_card(slug: str, title: str, text: str) -> pn.viewable.Viewable:
    """One game: its picture (a link too), its name as a link and one line about it.

    The picture's link is for a pointer only: the name's link just under it is the one a
    keyboard reaches and a screen reader reads (two links to one place in every card were a
    tab stop too many, and the picture's words are not the link's).
    """
    return pn.Column(
        pn.pane.HTML(
            f'<a href="./{slug}" tabindex="-1" aria-hidden="true">{PICTURES[slug]()}</a>',
            margin=(10, 12, 0, 12),
        ),
        pn.pane.Markdown(
            f"## [{title}](./{slug})\n\n{text}", margin=(0, 12), stylesheets=[_CARD_TITLE_CSS]
        ),
        width=CARD_WIDTH,
        css_classes=["cole-game-card"],
        styles={"border": "1px solid #ccc", "border-radius": "8px", "background": "#fff"},
        margin=8,
    )


def index_page() -> pn.viewable.Viewable:
    """A fresh landing page: one card per game with a picture and a link to its app."""
    return pn.Column(
        pn.pane.Markdown(
            f"# {SITE_NAME}\n{INDEX_LINE}",
            sizing_mode="stretch_width",
        ),
        pn.FlexBox(*(game_card(*game) for game in GAMES), sizing_mode="stretch_width"),
        pn.pane.Markdown(
            LAB_LINK,
            sizing_mode="stretch_width",
        ),
        sizing_mode="stretch_width",
    )
