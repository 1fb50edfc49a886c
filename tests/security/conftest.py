"""The hostile-client suite: what a student, a watcher or a visitor can try, against real
servers (started by the tests, on 127.0.0.1), real browsers and Bokeh's own protocol."""

from tests.browser.conftest import (  # noqa: F401 - fixtures for the browser tests here
    browser,
    own_server,
    panel_server,
)
