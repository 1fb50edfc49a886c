"""The lab page in a real browser: start a study, watch it progress, stop it, download."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_start_watch_stop_and_download(panel_server, open_page, tmp_path):
    page = open_page(panel_server("lab"), wait_for="text=Start")
    games = page.locator(".lab-games input")
    games.fill("3000")
    games.press("Enter")
    page.locator(".lab-bots input").fill("random,greedy")
    page.locator(".lab-bots input").press("Enter")
    page.locator(".lab-rules input").fill("radius=3")
    page.locator(".lab-rules input").press("Enter")
    page.get_by_role("button", name="Start").click()

    status = page.locator(".lab-status")
    expect(status).to_contain_text(re.compile(r"[1-9]\d* of 3000 games finished"), timeout=90_000)
    expect(page.locator("canvas").first).to_be_visible()
    page.get_by_role("button", name="Stop").click()
    # Stopping waits for the games already running on the workers: generous under load.
    expect(status).to_contain_text(
        re.compile(r"Stopped after \d+ of 3000 games finished"), timeout=60_000
    )
    text = page.get_by_text(re.compile("Stopped after")).inner_text()
    stopped = int(re.search(r"after (\d+)", text).group(1))
    assert 0 < stopped < 3000
    expect(page.get_by_role("button", name="Start")).to_be_enabled(timeout=30_000)

    with page.expect_download() as download:
        page.get_by_role("button", name=re.compile("Download results")).click()
    saved = tmp_path / "results.csv"
    download.value.save_as(saved)
    lines = saved.read_text().splitlines()
    assert lines[0].startswith("study,key,game")
    assert len(lines) - 1 >= stopped
    assert '""radius"": 3' in lines[1]  # the rules typed on the page were played
