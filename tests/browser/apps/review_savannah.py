"""A finished game of On the Savannah to review (see review_cards.py)."""

from tests.browser.apps.review_cards import serve

serve("savannah")
