"""The lab page: set up a study, watch the win rates narrow as games finish, stop it, download.

The games never run on the server's event loop: a study's batches go to Dask workers (an
embedded ``LocalCluster`` shared by every session of the server process, or the scheduler named
by the ``COLE_LAB_SCHEDULER`` environment variable), and a periodic callback polls the futures.
"""

from __future__ import annotations

import io
import os
import threading
from typing import Any

import holoviews as hv
import panel as pn
import param

from ..runtime.page import every, served_doc
from ..ui.first_paint import LAB_INTRO
from ..ui.named_controls import aria_name
from . import analysis as A
from . import games as G
from . import runner, store
from . import study as S

MAX_TEXT = 200
"""Longest bots or rules text the page reads."""

POLL_MS = 500
"""How often the page collects finished batches."""

_cluster_lock = threading.Lock()
_cluster: dict[str, Any] = {}


def lab_client() -> Any:
    """The server process's Dask client, started on first use (off the event loop's thread)."""
    with _cluster_lock:
        if "client" not in _cluster:
            from distributed import Client, LocalCluster

            scheduler = os.environ.get("COLE_LAB_SCHEDULER")
            if scheduler:
                _cluster["client"] = Client(scheduler, timeout=runner.CONNECT_TIMEOUT)
            else:
                _cluster["cluster"] = LocalCluster(
                    n_workers=os.cpu_count() or 1,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                )
                _cluster["client"] = Client(_cluster["cluster"])
        return _cluster["client"]


class LabRun(param.Parameterized):
    """One study on the page: its settings, and the games finished so far."""

    game = param.Selector(objects=list(G.GAMES), default=G.GAMES[0], doc="The game to study.")
    bots = param.String(
        default="random,greedy",
        doc="Comma-separated bots: random, greedy, mcts or mcts:1 … mcts:5.",
    )
    games = param.Integer(default=200, bounds=(1, 100_000), doc="Games in all.")
    rules = param.String(
        default="",
        doc="Rules options as OPTION=VALUE pairs, e.g. radius=3 (empty: the rulebook's).",
    )
    seed = param.Integer(default=0, bounds=(0, None), doc="The study's seed.")
    running = param.Boolean(default=False, constant=True, doc="Whether games are being played.")
    finished = param.Integer(default=0, bounds=(0, None), constant=True, doc="Games finished.")
    message = param.String(default="Set up a study and press Start.", doc="What is happening.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.study: S.Study | None = None
        self.rows: list[dict[str, Any]] = []
        self._futures: list[Any] = []
        self._lock = threading.Lock()
        self._error = ""

    def start(self) -> None:
        """Check the settings, then send the study to the cluster from a helper thread."""
        if self.running:
            return
        try:
            rules = G.parse_rules(self.game, self.rules)
            study = S.tournament(self.game, self.bots.split(","), self.games, rules, self.seed)
        except ValueError as error:
            self.message = f"Cannot start: {error}"
            return
        self.study, self.rows, self._error = study, [], ""
        with param.edit_constant(self):
            self.running, self.finished = True, 0
        self.message = f"Starting the Dask workers for {study.describe()}…"
        threading.Thread(target=self._submit, args=(study,), daemon=True).start()

    def _submit(self, study: S.Study) -> None:
        try:
            futures = runner.submit(lab_client(), study, study.plan(), batch_size=None)
        except Exception as error:  # noqa: BLE001 - any failure is reported on the page
            self._error = f"Cannot start: {error}"
            return
        with self._lock:
            if self.running and self.study is study:
                self._futures = futures
            else:
                lab_client().cancel(futures)

    def poll(self) -> bool:
        """Collect finished batches; True if new games arrived."""
        with self._lock:
            done = [f for f in self._futures if f.done()]
            self._futures = [f for f in self._futures if not f.done()]
        new = []
        for future in done:
            if future.status == "finished":
                new.extend(future.result())
            elif future.status == "error":
                self._error = f"A batch of games failed: {future.exception()}"
        if self._error and self.running:
            self.stop()
            self.message = self._error
            return bool(new)
        if not new:
            return False
        self.rows.extend(new)
        with param.edit_constant(self):
            self.finished = len(self.rows)
            if self.running and self.study and self.finished >= self.study.games:
                self.running = False
        total = self.study.games if self.study else 0
        self.message = (
            f"{self.finished} of {total} games finished."
            if self.running
            else f"Done: {self.finished} of {total} games finished."
        )
        return bool(new)

    def stop(self) -> None:
        """Cancel the games not yet played; the finished ones stay."""
        with self._lock:
            futures, self._futures = self._futures, []
        if futures:
            threading.Thread(target=lab_client().cancel, args=(futures,), daemon=True).start()
        if self.running:
            with param.edit_constant(self):
                self.running = False
            total = self.study.games if self.study else 0
            self.message = f"Stopped after {self.finished} of {total} games finished."

    def results_csv(self) -> io.BytesIO:
        """The finished games as a CSV results file."""
        return io.BytesIO(store.to_bytes(self.rows, ".csv"))


def rate_plot(rows: list[dict[str, Any]], bots: tuple[str, ...]) -> hv.Overlay:
    """Each bot's running win rate with its 95% Wilson band, against games played."""
    layers = []
    for bot in bots:
        curve = A.rate_curve(rows, bot)
        layers.append(hv.Area(curve, "games", ["low", "high"], label=bot).opts(alpha=0.2))
        layers.append(hv.Curve(curve, "games", "rate", label=bot))
    overlay = hv.Overlay(layers) if layers else hv.Overlay([hv.Curve([])])
    return overlay.opts(
        hv.opts.Curve(line_width=2),
        hv.opts.Overlay(
            responsive=True,
            height=360,
            ylim=(0, 1),
            ylabel="win rate (95% interval)",
            xlabel="games played by the bot",
            legend_position="bottom",  # under the chart: over the lines it hid the first games
            title="Win rates as games finish",
            # HoloViews asks for WebGL by default: the page would load Bokeh's WebGL bundle
            # (56 KB, most of it unused by a few curves) before it draws anything.
            backend_opts={"plot.output_backend": "canvas"},
        ),
    )


class LabPage(pn.viewable.Viewer):
    """The lab page for one browser session."""

    model = param.ClassSelector(class_=LabRun, doc="The study this page runs.")

    def __init__(self, **params: Any):
        params.setdefault("model", LabRun())
        super().__init__(**params)
        run = self.model
        self._start = pn.widgets.Button(label="Start", color="primary", width=100)
        self._stop = pn.widgets.Button(label="Stop", color="warning", width=100, disabled=True)
        self._start.on_click(lambda _: run.start())
        self._stop.on_click(lambda _: run.stop())
        self._progress = pn.indicators.Progress(
            value=0,
            max=run.games,
            sizing_mode="stretch_width",
            max_width=300,
            css_classes=[aria_name("Games played")],
        )
        self._status = pn.pane.Str(object=run.message, css_classes=["lab-status"])
        self._plot = pn.pane.HoloViews(rate_plot([], ()), sizing_mode="stretch_width")
        self._table = pn.pane.DataFrame(None, index=False, float_format="{:.3f}".format)
        self._download = pn.widgets.FileDownload(
            callback=run.results_csv,
            filename="cole-lab-results.csv",
            label="Download results",
            disabled=True,
            color="success",
        )
        self._settings = pn.Column(
            pn.widgets.Select.from_param(
                run.param.game, css_classes=["lab-game"], sizing_mode="stretch_width"
            ),
            pn.widgets.TextInput.from_param(
                run.param.bots,
                css_classes=["lab-bots"],
                max_length=MAX_TEXT,
                sizing_mode="stretch_width",
            ),
            pn.widgets.TextInput.from_param(
                run.param.rules,
                css_classes=["lab-rules"],
                max_length=MAX_TEXT,
                sizing_mode="stretch_width",
                placeholder="e.g. radius=3",
            ),
            pn.widgets.IntInput.from_param(
                run.param.games, css_classes=["lab-games"], sizing_mode="stretch_width"
            ),
            pn.widgets.IntInput.from_param(
                run.param.seed, css_classes=["lab-seed"], sizing_mode="stretch_width"
            ),
            sizing_mode="stretch_width",
        )
        run.param.watch(self._on_running, "running")
        run.param.watch(lambda e: setattr(self._status, "object", e.new), "message")
        pn.state.onload(self._watch)

    def _watch(self) -> None:
        every(served_doc(), POLL_MS, self._tick)
        pn.state.on_session_destroyed(lambda _ctx: self.model.stop())

    def _on_running(self, event: param.parameterized.Event) -> None:
        self._start.disabled = event.new
        self._stop.disabled = not event.new
        if event.new:
            self._progress.max = self.model.games
            self._progress.value = 0
            self._download.disabled = True
        else:
            self._download.disabled = not self.model.rows

    def _tick(self) -> None:
        run = self.model
        if not run.poll():
            return
        self._progress.value = min(run.finished, self._progress.max)
        rows = runner.rows_in_order(run.rows)
        bots = run.study.bots if run.study else ()
        self._plot.object = rate_plot(run.rows, bots)
        table = A.bot_rates(rows)
        self._table.object = table[["bot", "games", "rate", "low", "high"]]

    def settings(self) -> pn.viewable.Viewable:
        """The study's setup and its Start/Stop buttons (a served page's sidebar)."""
        return pn.Column(
            pn.pane.Markdown("## Set up a study\nSeat-rotated matches between bots."),
            self._settings,
            pn.Row(self._start, self._stop),
            self._progress,
            self._status,
            self._download,
            sizing_mode="stretch_width",
            max_width=340,
        )

    def play_area(self) -> pn.viewable.Viewable:
        """What the study shows: win rates with their intervals, and the table."""
        return pn.Column(
            pn.pane.Markdown(INTRO, sizing_mode="stretch_width"),
            self._plot,
            self._table,
            sizing_mode="stretch_width",
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.FlexBox(
            self.settings(),
            pn.Column(self._plot, self._table, sizing_mode="stretch_width", min_width=320),
            flex_wrap="wrap",
            sizing_mode="stretch_width",
        )


INTRO = f"# Simulation lab\n{LAB_INTRO}"


def served_lab() -> LabPage:
    """A fresh lab page for the served app (the shell puts its settings in the sidebar)."""
    hv.extension("bokeh")
    return LabPage()
