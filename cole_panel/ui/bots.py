"""Run a bot's (slow) choice off the event loop and apply it back on the document's thread.

The page stays responsive while a bot thinks.  Under ``panel serve`` a search-bot job given as
a :class:`~cole_panel.core.botpool.BotRequest` runs in the server's one shared pool of worker
processes (:func:`~cole_panel.core.botpool.shared_pool`: bounded, fair across sessions, and a
cancel stops the search itself); its page's jobs are cancelled as soon as the browser's
connection is lost or the session is destroyed.  Inside a Jupyter kernel (one person, their own
machine), for the quick Random and Greedy bots and for a plain callable the choice is computed
on a worker thread instead.  Either
way the result is handed back to the thread that owns the Bokeh document — with
``Document.add_next_tick_callback`` under ``panel serve`` (the only document method Bokeh allows
from another thread), or with ``loop.call_soon_threadsafe`` inside a Jupyter kernel.  With no
event loop at all (a plain script) the work simply runs inline.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import panel as pn
import param
from bokeh.events import ClientReconnected, ConnectionLost

from ..core.botpool import BotRequest, shared_pool
from ..core.scheduler import BotJob, Pause
from ..runtime.hold import batched
from ..runtime.page import on_page_thread, served_doc


class BotRunner(param.Parameterized):
    """Runs one background job at a time: ``compute()`` on a thread, then ``apply(result)`` on
    the UI thread.  ``cancel()`` (or starting a new job) makes a pending result be dropped.

    It is the page's :class:`~cole_panel.core.BotScheduler` (``submit(job)``/``cancel()``).

    On a served page no job starts before the browser has shown the page (``pn.state.onload``):
    a bot's move sent while BokehJS has built a widget's view but not yet drawn it makes that
    view fail (``Cannot set properties of undefined (setting 'value')``) and the page never
    shows the change.  A job asked for earlier waits and starts once the page has loaded.
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
        self._pool_job: int | None = None
        self._pool_args: tuple | None = None
        self._interrupted: tuple | None = None
        self._page_shown = True
        self._waiting: tuple | None = None  # the job asked for before the page was shown
        self._pause: Pause | None = None  # the running job's pause before it starts
        self._on_fail: Callable[[BaseException], Any] | None = None  # the running job's
        doc = served_doc()
        if doc is not None:
            self._page_shown = False
            pn.state.onload(self._on_page_shown)  # at once if the page is already shown
            shared_pool().warm()  # start the worker processes before the first search
            # A closed tab or a reload must not leave a search running on the server; a
            # connection that comes back (Panel's reconnect) starts the search again.
            doc.on_session_destroyed(lambda _context: self.close("session closed"))
            doc.on_event(ConnectionLost, lambda _event: self._connection_lost())
            doc.on_event(ClientReconnected, lambda _event: self._reconnected())

    def run(
        self,
        compute: Callable[[], Any] | BotRequest,
        apply: Callable[[Any], None],
        *,
        delay: float = 0.0,
        task: str = "Thinking",
        fail: Callable[[BaseException], Any] | None = None,
    ) -> int:
        """Start ``compute`` after ``delay`` seconds off the UI thread; then ``apply`` its
        result (or, if it raises, show the error and call ``fail`` with it).  ``compute`` is a
        :class:`BotRequest` (served: the worker-process pool) or any callable (a worker
        thread).  Returns the job's handle."""
        self._stop_job()
        with self._lock:
            self._generation += 1
            generation = self._generation
            self._on_fail = fail
            if not self._page_shown:
                self._waiting = (generation, compute, apply, delay, task)
                return generation
        self._start(generation, compute, apply, delay, task)
        return generation

    def _on_page_shown(self) -> None:
        with self._lock:
            self._page_shown = True
            waiting, self._waiting = self._waiting, None
        if waiting is not None and self._current(waiting[0]):
            self._start(*waiting)

    def _start(
        self,
        generation: int,
        compute: Callable[[], Any] | BotRequest,
        apply: Callable[[Any], None],
        delay: float,
        task: str,
    ) -> None:
        self.param.update(thinking=True, task=task, error="")
        post = on_page_thread(self.notebook_push)
        # A BotRequest, or any plain-data job with compute(should_stop) (a review's position).
        request = compute if callable(getattr(compute, "compute", None)) else None
        if request is not None:
            compute = request.compute
        if post is None:  # no event loop: nothing to keep responsive, run inline
            self._run_inline(generation, compute, apply)
            return
        if request is not None and request.kind == "MCTS" and served_doc() is not None:
            self._run_in_pool(generation, request, apply, post, delay)
            return

        def worker() -> None:
            if not self._current(generation):
                return
            try:
                result = compute()
            except Exception as exc:  # report on the UI thread
                post(lambda exc=exc: self._fail(generation, exc))
                return
            post(lambda: self._done(generation, apply, result))

        self._pause_then(delay, worker)

    def _run_in_pool(
        self,
        generation: int,
        request: BotRequest,
        apply: Callable[[Any], None],
        post: Callable[[Callable[[], None]], None],
        delay: float,
    ) -> None:
        def finished(result: Any, error: BaseException | None) -> None:
            if error is not None:
                post(lambda: self._fail(generation, error))
            else:
                post(lambda: self._done(generation, apply, result))

        def start() -> None:
            with self._lock:
                if generation != self._generation:
                    return
                self._pool_args = (generation, request, apply, post, 0.0)
                self._pool_job = shared_pool().submit(self, request, finished)

        self._pause_then(delay, start)

    def _pause_then(self, delay: float, then: Callable[[], None]) -> None:
        pause = Pause(delay, then, name="bot-runner")
        with self._lock:
            self._pause = pause

    def _stop_job(self, reason: str = "replaced") -> None:
        with self._lock:
            job, self._pool_job = self._pool_job, None
            pause, self._pause = self._pause, None
            self._interrupted = None
        if pause is not None:
            pause.cancel()
        if job is not None:
            shared_pool().cancel(job, reason)

    def _connection_lost(self) -> None:
        with self._lock:
            args, job, self._pool_job = self._pool_args, self._pool_job, None
        if job is not None:
            shared_pool().cancel(job, "connection lost")
            self._interrupted = args

    def _reconnected(self) -> None:
        args, self._interrupted = self._interrupted, None
        if args is not None and self._current(args[0]):
            self._run_in_pool(*args)

    def submit(self, job: BotJob) -> int:
        """Run a model's :class:`~cole_panel.core.BotJob`; returns its handle for cancel."""
        compute = job.compute if job.request is None else job.request
        return self.run(compute, job.apply, delay=job.delay, task=job.task, fail=job.fail)

    def cancel(self, handle: int | None = None, reason: str = "cancelled") -> None:
        """Forget the running job (its result will not be applied and a search in the pool
        stops); with a ``handle``, only if that job is still the running one."""
        with self._lock:
            if handle is not None and handle != self._generation:
                return
            self._generation += 1
        self._stop_job(reason)
        if self.thinking:
            self.param.update(thinking=False, task="")

    def close(self, reason: str = "session closed") -> None:
        """Cancel for good: the page has gone (called when its connection or session ends)."""
        with self._lock:
            self._generation += 1
        self._stop_job(reason)

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

    def _fail(self, generation: int, exc: BaseException) -> None:
        if not self._current(generation):
            return
        self.param.update(thinking=False, task="", error=f"The bot failed: {exc}")
        if self._on_fail is not None:
            self._on_fail(exc)


def page_bots(
    model: Any,
    *,
    follow: tuple[str, ...] = (),
    hold: Callable[[], bool] | None = None,
    delay: Callable[[], float] | None = None,
) -> BotRunner:
    """A page's :class:`BotRunner`, made the scheduler of ``model``'s bot loop, which then
    follows the game (and the model parameters in ``follow``): each bot moves when it is its
    turn and ``hold()`` is false, ``delay()`` seconds after being asked, its move played with
    the page's document held (one message).  A closed page stops the loop."""
    runner = BotRunner()
    model.bot_loop.drive(
        runner, follow=follow, hold=hold, delay=delay, apply_with=lambda fn: batched(fn)()
    )
    doc = served_doc()
    if doc is not None:
        # A closed tab must not leave a bot-vs-bot game running on the server.
        doc.on_session_destroyed(lambda _context: model.bot_loop.stop())
    return runner


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
