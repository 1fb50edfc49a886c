"""How to play, as a short illustrated page built from the deck data (an edited deck shows its
own cards, points and powers): the turn in steps, the points table, every card's powers."""

from __future__ import annotations

import html
from functools import lru_cache

from engines.savannah import GROUPS, Card
from engines.savannah.deck import default_deck

from .art import GROUP_SHORT, card_tip, text_on

TURN = (
    (
        "Play a card",
        "Choose a card of your hand; the page says whether it may go at the right "
        "end of the row and, if not, which card blocks it. Press <b>Play</b>: your token goes on "
        "it. If none can be played, discard one.",
    ),
    (
        "Its effects",
        "Placement effects first (the elephant's, the rhino's…), then the hunts top "
        'to bottom. "3 from right" counts the three rightmost cards of the row as it was at the '
        "start of your turn. Killed cards go to your kill pile, scared ones to the discard pile.",
    ),
    ("Draw", "You draw back up to your hand size."),
    (
        "Regroup",
        "Level-1 small mammals and level-1 and level-3 ungulates join the rightmost "
        "card of their kind; the row closes up.",
    ),
    (
        "The end",
        "When the last card is drawn, everyone scores: animals alive with your token, "
        "your kills, minus the cards left in your hand, −10 if your human is the rightmost card, "
        "and the Big Five bonus.",
    ),
)


def _badge(card: Card) -> str:
    fill = card.colour_hex
    star = " ★" if card.big_five else ""
    return (
        f"<span style='display:inline-block;min-width:92px;padding:3px 6px;margin:2px;"
        f"border-radius:6px;background:{fill};color:{text_on(fill)};font-weight:700'>"
        f"{html.escape(card.name)}{star} <small>L{card.level}</small></span>"
    )


def how_to_play_html(cards: list[Card] | None = None) -> str:
    """The page as HTML, from ``cards`` (default: the packaged deck, written once per process:
    every page shows it)."""
    return _packaged_html() if cards is None else _html(list(cards))


@lru_cache(maxsize=1)
def _packaged_html() -> str:
    return _html(list(default_deck()))


def _html(cards: list[Card]) -> str:
    steps = "".join(f"<li style='margin:4px 0'><b>{title}.</b> {text}</li>" for title, text in TURN)
    rows = []
    for group in GROUPS:
        members = [c for c in cards if c.group == group]
        if not members:
            continue
        pts = members[0].points
        rightmost = f"{pts.rightmost:+d}" if pts.rightmost else "—"
        fill = members[0].colour_hex
        rows.append(
            f"<tr><td style='padding:3px 8px;background:{fill};color:{text_on(fill)};"
            f"font-weight:700'>{html.escape(GROUP_SHORT[group])}</td>"
            f"<td style='padding:3px 8px;text-align:right'>{pts.in_hand:+d}</td>"
            f"<td style='padding:3px 8px;text-align:right'>{pts.alive:+d}</td>"
            "<td style='padding:3px 8px'>its level</td>"
            f"<td style='padding:3px 8px;text-align:right'>{rightmost}</td></tr>"
        )
    powers = "".join(
        f"<div style='flex:1 1 280px;max-width:460px;border:1px solid #c9bc9f;border-radius:8px;"
        f"padding:6px 8px;background:#fffdf7'>{_badge(c)} ×{c.copies}"
        f"<div style='font-size:13px;overflow-wrap:anywhere'>{card_tip(c)}</div></div>"
        for c in cards
    )
    return (
        "<div style='color:#2b2418;font-size:15px;max-width:980px'>"
        "<h3 style='margin:4px 0'>Goal</h3><p style='margin:2px 0'>Score the most points when "
        "the draw pile runs out.</p>"
        f"<h3 style='margin:8px 0 4px'>Your turn</h3><ol style='margin:0 0 0 20px;padding:0'>"
        f"{steps}</ol>"
        "<h3 style='margin:8px 0 4px'>Points</h3><table style='border-collapse:collapse'>"
        "<tr><th style='text-align:left;padding:3px 8px'>group</th><th style='padding:3px 8px'>"
        "in hand</th><th style='padding:3px 8px'>alive</th><th style='padding:3px 8px'>killed"
        "</th><th style='padding:3px 8px'>rightmost human</th></tr>"
        f"{''.join(rows)}</table>"
        "<h3 style='margin:8px 0 4px'>Every card's powers</h3>"
        f"<div style='display:flex;flex-wrap:wrap;gap:6px'>{powers}</div></div>"
    )
