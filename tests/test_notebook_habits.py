"""Notebook habits in a real kernel (no browser): a dashboard shown twice, then served.

Each dashboard keeps its own Bokeh figures and a Bokeh model belongs to one document, so a
second display moves them (it says so), and ``pn.serve(d)`` of a shown dashboard serves a fresh
copy of its game (its figures stay in the notebook, where they were: taking them made the
served page's first click fail and froze both).
"""

from __future__ import annotations

import nbformat
from nbclient import NotebookClient

from cole_panel.runtime.jupyter import MOVED_NOTICE
from tests.browser.conftest import free_port

PORT = free_port()
CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup()",
    "from cole_panel.circle import CircleDashboard, CircleModel\n"
    "d = CircleDashboard(model=CircleModel(seat0='Human', seat1='Human'))\n"
    "d.model.play('E5')\nd",
    "d",
    "import panel as pn, urllib.request\n"
    "figure = d.board.figure\n"
    "before = figure.document\n"
    f"server = pn.serve(d, port={PORT}, address='127.0.0.1', threaded=True, show=False,\n"
    f"                  websocket_origin=['127.0.0.1:{PORT}'])\n"
    "import time\n"
    "for _ in range(100):\n"
    "    try:\n"
    f"        page = urllib.request.urlopen('http://127.0.0.1:{PORT}/', timeout=30).read()\n"
    "        break\n"
    "    except OSError:\n"
    "        time.sleep(0.2)\n"
    "print('status ok:', b'bokeh' in page.lower())\n"
    "print('figures kept:', figure.document is before)\n"
    "server.stop()",
]


def _texts(cell) -> str:
    out = []
    for o in cell.get("outputs", []):
        out.append(o.get("text", ""))
        out.append(str(o.get("data", {}).get("text/markdown", "")))
        if o.get("output_type") == "error":
            out.append(f"ERROR {o['ename']}: {o['evalue']}")
    return "\n".join(out)


def test_a_dashboard_shown_twice_says_it_moved_and_serving_it_serves_a_copy():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    NotebookClient(nb, timeout=240, kernel_name="python3").execute()
    first, second, served = (_texts(nb.cells[i]) for i in (1, 2, 3))
    assert MOVED_NOTICE not in first
    assert MOVED_NOTICE in second
    assert "status ok: True" in served and "figures kept: True" in served, served
