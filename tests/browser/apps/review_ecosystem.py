"""A finished game of Ecosystem to review (see review_cards.py)."""

from tests.browser.apps.review_cards import serve

serve("ecosystem")
