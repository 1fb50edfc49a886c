"""The served pages' shared frame: links to every page, settings in the sidebar when offered."""

from __future__ import annotations

import panel as pn
import pytest

from cole_panel.circle import CircleDashboard
from cole_panel.runtime.near import NearWatch
from cole_panel.ui.screens import SITE_NAME, VIEWPORT
from cole_panel.ui.shell import PAGES, app_shell, nav_html, split


def test_header_links_every_page_and_marks_the_current_one() -> None:
    nav = nav_html("circle")
    for name, text in PAGES:
        assert f'href="./{name}"' in nav and text in nav
    assert nav.count('aria-current="page"') == 1
    assert '<a href="./circle" aria-current="page">' in nav


def test_a_dashboard_with_settings_fills_the_sidebar() -> None:
    dash = CircleDashboard()
    sidebar, main = split(dash)
    assert len(sidebar) == 1 and len(main) == 1
    # "New game" sits in the sidebar, not beside the board; the board is in the main area.
    labels = [b.label for b in sidebar[0].select(pn.widgets.Button)]
    assert "New game" in labels
    assert "New game" not in [b.label for b in main[0].select(pn.widgets.Button)]
    assert dash.board.figure in [p.object for p in main[0].select(pn.pane.Bokeh)]
    template = app_shell(dash, title="Circle of Life", page="circle")
    assert list(template.sidebar) and list(template.main)


def test_a_dashboard_without_settings_goes_whole_into_the_main_area() -> None:
    plain = pn.pane.Markdown("just a page")
    sidebar, main = split(plain)
    assert sidebar == [] and main == [plain]
    template = app_shell(plain, title="x", page="index")
    assert template.collapsed_sidebar


def test_an_unknown_page_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="circle"):
        app_shell(pn.pane.Markdown(""), title="x", page="nowhere")


def test_every_page_is_laid_out_at_the_screens_width_under_the_sites_name() -> None:
    template = app_shell(pn.pane.Markdown(""), title="Lab", page="lab")
    assert template.meta_viewport == VIEWPORT and "width=device-width" in VIEWPORT
    assert template.site == SITE_NAME and "cole" not in SITE_NAME.lower()


@pytest.mark.parametrize("served", [True, False])
def test_circles_tabs_come_after_a_jump_to_each(served: bool) -> None:
    """Bokeh puts a Tabs' headers after the shown tab: Circle's tabs beside the board have
    one jump per tab just before them (served and in a notebook), each showing its tab."""
    from cole_panel.ui.keyboard import TabJumps

    dash = CircleDashboard()
    area = dash.play_area() if served else dash.__panel__()
    for part in area.select(NearWatch):  # the browser sends for the tabs (scrolled near)
        part.near = True
    (jumps,) = area.select(TabJumps)
    (tabs,) = [t for t in area.select(pn.Tabs) if "Narration" in t._names]
    assert jumps.names == list(tabs._names)
    assert ("New game" in jumps.names) is not served  # a notebook's settings are a tab
    jumps.active = jumps.names.index("How to play")
    assert tabs._names[tabs.active] == "How to play"
