"""The one bot loop (``GameModel.bot_loop``) that pages, rooms and notebooks share, per game.

A :class:`Held` scheduler keeps each job until the test says the bot has finished thinking,
so a test can change the game while a bot thinks, then hand the late result over.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cole_panel.circle.model import CircleModel
from cole_panel.core import BotJob, InlineScheduler
from cole_panel.ecosystem.draft.model import EcosystemModel
from cole_panel.savannah.model import SavannahModel

GAMES = {
    "circle": lambda: CircleModel(seat0="Random", seat1="Random", seed=1, radius=2),
    "ecosystem": lambda: EcosystemModel(players=2, seat0="Random", seat1="Random", seed=1),
    "savannah": lambda: SavannahModel(players=2, seat0="Random", seat1="Random", seed=1),
}


class Held:
    """A scheduler that thinks only when told (:meth:`finish`)."""

    def __init__(self) -> None:
        self.jobs: dict[int, BotJob] = {}
        self.cancelled: list[Any] = []
        self._count = 0

    def submit(self, job: BotJob) -> int:
        self._count += 1
        self.jobs[self._count] = job
        return self._count

    def cancel(self, handle: Any = None) -> None:
        self.cancelled.append(handle)

    @property
    def latest(self) -> int:
        return max(self.jobs)

    def finish(self, handle: int, move: Any = None) -> None:
        """The bot of job ``handle`` is done: its move (or ``move``) is handed over."""
        job = self.jobs.pop(handle)
        job.apply(job.compute() if move is None else move)


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Any:
    return GAMES[request.param]()


def held(game: Any) -> Held:
    scheduler = Held()
    game.bot_loop.drive(scheduler, follow=())
    return scheduler


def test_bots_play_a_game_between_them_to_the_end(game):
    assert game.run_bots() is None  # no scheduler: inline, until the game is over
    assert game.state.is_over and game.history
    assert not game.bot_loop.thinking


def test_a_paused_game_waits_and_goes_on_when_resumed(game):
    scheduler = held(game)
    game.bot_loop.paused = True
    game.run_bots()
    assert scheduler.jobs == {} and game.history == []
    game.bot_loop.paused = False  # resumed: the bot to move is asked at once
    first = scheduler.latest
    game.bot_loop.paused = True  # paused while it thinks: its move is dropped
    assert first in scheduler.cancelled
    scheduler.finish(first)
    assert game.history == [] and not game.bot_loop.thinking
    game.bot_loop.paused = False
    scheduler.finish(scheduler.latest)
    assert len(game.history) == 1


def test_a_move_thought_of_before_a_new_game_or_an_undo_is_never_played(game):
    scheduler = held(game)
    game.run_bots()
    stale = scheduler.latest
    game.new_game()  # while the bot thinks
    assert stale in scheduler.cancelled
    fresh = scheduler.latest
    assert fresh != stale, "the new game's bot is asked"
    start = game.state.to_json()
    scheduler.finish(stale)
    assert game.history == [] and game.state.to_json() == start
    scheduler.finish(fresh)  # one move, then the next bot thinks
    thinking = scheduler.latest
    assert game.undo() and game.history == []
    undone = game.state.to_json()  # (Savannah shuffles the unseen cards again)
    assert thinking in scheduler.cancelled
    scheduler.finish(thinking)
    assert game.history == [] and game.state.to_json() == undone


def test_an_illegal_bot_move_is_refused_in_a_sentence_and_the_game_kept(game):
    scheduler = held(game)
    game.run_bots()
    scheduler.finish(scheduler.latest)  # one good move
    before, kept = game.start.legal_actions(), game.state.to_json()
    illegal = next(a for a in before if a not in game.state.legal_actions())
    scheduler.finish(scheduler.latest, illegal)
    assert game.message_is_error
    assert "chose a move the rules refuse" in game.message
    assert game.message.endswith("The game is unchanged.")
    assert game.state.to_json() == kept and len(game.history) == 1
    assert scheduler.jobs == {}, "not asked again about the same position"
    game.param.update(seat0="Greedy", seat1="Greedy")  # another bot may try
    assert scheduler.jobs


def test_a_bot_that_fails_says_so_and_the_game_is_kept(game):
    scheduler = held(game)
    game.run_bots()
    kept = game.state.to_json()
    scheduler.jobs.pop(scheduler.latest).fail(RuntimeError("out of ideas"))
    assert game.message_is_error and "could not choose a move (out of ideas)" in game.message
    assert game.state.to_json() == kept and game.history == []
    game.run_bots()
    assert scheduler.jobs == {}, "not asked again about the same position"


def test_the_inline_scheduler_hands_a_failure_to_the_job():
    failures: list[BaseException] = []

    def broken() -> Any:
        raise ValueError("no legal move")

    InlineScheduler().submit(BotJob(compute=broken, apply=pytest.fail, fail=failures.append))
    assert [str(e) for e in failures] == ["no legal move"]


def test_a_page_in_a_notebook_kernel_plays_bots_off_its_event_loop():
    """A running event loop and no server (a Jupyter kernel): the page's runner thinks on a
    worker thread and plays each move back on the loop, to the end of the game."""
    from cole_panel.ui import page_bots

    async def scenario() -> CircleModel:
        game = GAMES["circle"]()
        runner = page_bots(game)
        game.bot_loop.schedule()
        assert runner.thinking and game.history == []  # not played on the loop's own turn
        for _ in range(600):
            if game.state.is_over:
                break
            await asyncio.sleep(0.1)
        return game

    game = asyncio.run(scenario())
    assert game.state.is_over and not game.message_is_error
