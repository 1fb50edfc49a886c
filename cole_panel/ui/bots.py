"""Run a bot's (slow) choice off the event loop and apply it back on the document's thread.

The page stays responsive while a bot thinks: the choice is computed on a worker thread and the
result is handed back to the thread that owns the Bokeh document — with
``Document.add_next_tick_callback`` under ``panel serve`` (the only document method Bokeh allows
from another thread), or with ``loop.call_soon_threadsafe`` inside a Jupyter kernel.  With no
event loop at all (a plain script) the work simply runs inline.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any

import panel as pn
import param
from panel.io.state import set_curdoc

from ..core.scheduler import BotJob


def _ui_poster(
    notebook_push: Callable[[], None] | None = None,
) -> Callable[[Callable[[], None]], None] | None:
    """How to run a callable on the UI thread from a worker, or None when there is no UI loop.

    In Jupyter, changes made outside a widget callback must be pushed to the page explicitly;
    ``notebook_push`` does that after the callable has run.
    """
    doc = pn.state.curdoc
    if doc is not None and doc.session_context is not None:

        def post_to_doc(fn: Callable[[], None]) -> None:
            def run() -> None:
                with set_curdoc(doc):
                    fn()

            with contextlib.suppress(Exception):  # the session may be gone by now
                doc.add_next_tick_callback(run)

        return post_to_doc
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None

    def run_and_push(fn: Callable[[], None]) -> None:
        fn()
        if notebook_push is not None:
            notebook_push()

    def post_to_loop(fn: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):  # loop closed
            loop.call_soon_threadsafe(run_and_push, fn)

    return post_to_loop


class BotRunner(param.Parameterized):
    """Runs one background job at a time: ``compute()`` on a thread, then ``apply(result)`` on
    the UI thread.  ``cancel()`` (or starting a new job) makes a pending result be dropped.

    It is the page's :class:`~cole_panel.core.BotScheduler` (``submit(job)``/``cancel()``).
    """

    thinking = param.Boolean(default=False, doc="True while a job is computing.")
    task = param.String(default="", doc="What the running job is doing, e.g. 'Black is thinking'.")
    error = param.String(default="", doc="The last job's error, as a sentence ('' if none).")
    notebook_push = param.Callable(
        default=None,
        doc=(
            "Called after a result is applied inside Jupyter, to push the changes to the page "
            "(e.g. ``lambda: pn.io.push_notebook(layout)``)."
        ),
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._generation = 0
        self._lock = threading.Lock()
        self._inline: list[tuple[int, Callable[[], Any], Callable[[Any], None]]] = []
        self._draining = False

    def run(
        self,
        compute: Callable[[], Any],
        apply: Callable[[Any], None],
        *,
        delay: float = 0.0,
        task: str = "Thinking",
    ) -> int:
        """Start ``compute`` after ``delay`` seconds on a worker thread; then ``apply`` its result.
        Returns the job's handle."""
        with self._lock:
            self._generation += 1
            generation = self._generation
        self.param.update(thinking=True, task=task, error="")
        post = _ui_poster(self.notebook_push)
        if post is None:  # no event loop: nothing to keep responsive, run inline
            self._run_inline(generation, compute, apply)
            return generation

        def worker() -> None:
            if delay > 0:
                time.sleep(delay)
            if not self._current(generation):
                return
            try:
                result = compute()
            except Exception as exc:  # report on the UI thread
                post(lambda exc=exc: self._fail(generation, exc))
                return
            post(lambda: self._done(generation, apply, result))

        threading.Thread(target=worker, name="bot-runner", daemon=True).start()
        return generation

    def submit(self, job: BotJob) -> int:
        """Run a model's :class:`~cole_panel.core.BotJob`; returns its handle for cancel."""
        return self.run(job.compute, job.apply, delay=job.delay, task=job.task)

    def cancel(self, handle: int | None = None) -> None:
        """Forget the running job (its result will not be applied); with a ``handle``, only
        if that job is still the running one."""
        with self._lock:
            if handle is not None and handle != self._generation:
                return
            self._generation += 1
        if self.thinking:
            self.param.update(thinking=False, task="")

    def _run_inline(
        self, generation: int, compute: Callable[[], Any], apply: Callable[[Any], None]
    ) -> None:
        # A job started by an ``apply`` is queued, not nested, so that a bot-vs-bot game run
        # without an event loop is a loop rather than an ever deeper recursion.
        self._inline.append((generation, compute, apply))
        if self._draining:
            return
        self._draining = True
        try:
            while self._inline:
                self._finish(*self._inline.pop(0))
        finally:
            self._draining = False

    def _current(self, generation: int) -> bool:
        with self._lock:
            return generation == self._generation

    def _finish(
        self, generation: int, compute: Callable[[], Any], apply: Callable[[Any], None]
    ) -> None:
        if not self._current(generation):
            return
        try:
            result = compute()
        except Exception as exc:
            self._fail(generation, exc)
            return
        self._done(generation, apply, result)

    def _done(self, generation: int, apply: Callable[[Any], None], result: Any) -> None:
        if not self._current(generation):
            return
        self.param.update(thinking=False, task="")
        apply(result)

    def _fail(self, generation: int, exc: Exception) -> None:
        if not self._current(generation):
            return
        self.param.update(thinking=False, task="", error=f"The bot failed: {exc}")


class ThinkingIndicator(pn.viewable.Viewer):
    """A spinner and the runner's task text, shown only while the runner is thinking."""

    runner = param.ClassSelector(class_=BotRunner, doc="The runner whose state is shown.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._spinner = pn.indicators.LoadingSpinner(
            value=False, size=22, color="warning", visible=False, margin=(4, 6)
        )
        self._text = pn.pane.Markdown("", margin=(2, 4), css_classes=["cole-thinking"])
        self._layout = pn.Row(self._spinner, self._text, height=34, sizing_mode="stretch_width")
        self.runner.param.watch(self._refresh, ["thinking", "task", "error"])
        self._refresh()

    def _refresh(self, *_: Any) -> None:
        busy = self.runner.thinking
        self._spinner.param.update(value=busy, visible=busy)
        if busy:
            self._text.object = f"**{self.runner.task}…**"
        else:
            self._text.object = self.runner.error

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
