"""The lab page's model refuses bad settings with a message, before any game is sent."""

from __future__ import annotations


def test_the_page_refuses_bad_settings_without_starting():
    from cole_panel.lab.page import LabRun

    run = LabRun(game="circle", bots="random,greedy", rules="radius=12")
    run.start()
    assert not run.running and "radius" in run.message
    run = LabRun(game="savannah", bots="random,<b>robot</b>")
    run.start()
    assert not run.running and "Unknown bot" in run.message
