"""The landing page that links the three games."""

from __future__ import annotations

import panel as pn

GAMES = (
    (
        "circle",
        "Circle of Life",
        "Two players grow critters of 1–4 stones on a hex board. Each of the 12 species eats the "
        "next one round the Circle of Life; eat 20 stones or fill the board to win.",
    ),
    (
        "ecosystem",
        "Ecosystem: Savanna",
        "Draft cards into a 4 × 5 park (or two), then score it. Explore every scoring line "
        "step by step, cheetah and lion flips included.",
    ),
    (
        "savannah",
        "On the Savannah",
        "Play animals onto a shared card row; predators hunt, humans scare, scavengers steal. "
        "Every hunt is explained as it happens.",
    ),
)


def index_page() -> pn.viewable.Viewable:
    """A fresh landing page: one card per game with a link to its app."""
    cards = [
        pn.pane.Markdown(
            f"### [{title}](./{slug})\n\n{text}",
            width=320,
            styles={"border": "1px solid #ccc", "border-radius": "8px", "padding": "0 12px"},
        )
        for slug, title, text in GAMES
    ]
    return pn.Column(
        pn.pane.Markdown(
            "# cole-panel\nThe *Circle of Life* family of ecosystem games: "
            "learn the rules by playing, explore scoring, play against bots."
        ),
        pn.FlexBox(*cards),
        pn.pane.Markdown("[Simulation lab](./lab): tournaments and balance studies on Dask."),
    )
