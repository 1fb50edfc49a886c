"""The harness's own watch: a page asking another host, or logging an error, is seen (every
browser test then fails on it; see ``no_outside_requests_nor_console_errors``)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGE = (
    "data:text/html,<img src='http://example.invalid/a.png'>"
    "<script>console.error('a page error')</script>"
)


def test_a_request_to_another_host_and_a_logged_error_are_seen(browser):
    asked, logged = len(browser.outside), len(browser.errors)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(PAGE)
        page.wait_for_timeout(500)
    finally:
        context.close()
    assert any("example.invalid" in url for url in browser.outside[asked:])
    assert any("a page error" in text for text in browser.errors[logged:])
    # seen: not this test's failure
    del browser.outside[asked:], browser.errors[logged:]
