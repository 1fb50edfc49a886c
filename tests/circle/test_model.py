"""CircleModel (and the dashboard wiring around it) behaves as a player expects, without a browser."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from cole_panel.circle import CircleBoard, CircleDashboard, CircleModel
from cole_panel.circle.geometry import board_cells, cell_center, nearest_cell
from cole_panel.ui import BotRunner
from engines.circle import Rules, State, parse_label, replay

# Orange E5, Black E7, Orange A1, then Black E6 makes a pair that eats Orange's singleton E5.
CAPTURE_LINE = ["E5", "E7", "A1", "E6"]


def two_humans(**params) -> CircleModel:
    return CircleModel(seat0="Human", seat1="Human", **params)


def snapshot(model: CircleModel) -> tuple:
    """Everything a player could notice about the game (not the message)."""
    return (
        model.state.to_dict(),
        [t.label for t in model.history],
        [t.label for t in model.future],
        model.view_index,
        model.hint,
        model.seat0,
        model.seat1,
        model.radius,
    )


# ---------------------------------------------------------------------------- playing
def test_new_model_is_an_empty_board_with_orange_to_move():
    model = CircleModel()
    assert model.state.current_player == 0
    assert all(model.state.stone_at(c) is None for c in model.state.cells)
    assert model.history == [] and model.future == [] and model.events == []
    assert "Orange starts" in model.message and not model.message_is_error


def test_play_places_a_stone_records_the_turn_and_narrates_it():
    model = two_humans()
    before = model.state
    assert model.play((0, 0)) is True
    assert model.state is not before, "watchers need a new state object"
    assert before.stone_at((0, 0)) is None, "the old position is never mutated"
    assert model.state.stone_at((0, 0)) == 0
    assert model.state.current_player == 1
    assert [t.label for t in model.history] == ["E5"]
    assert [e.kind for e in model.events] == ["placed", "evolved"]
    assert model.message == "Orange placed a stone at E5. Orange has a new singleton at E5."
    assert model.move_labels == ["Orange E5"]


def test_play_accepts_labels_and_a_capture_updates_the_counts():
    model = two_humans()
    for move in CAPTURE_LINE:
        assert model.play(move)
    assert model.state.eaten == (0, 1)
    assert model.state.stone_at((0, 0)) is None
    assert [e.kind for e in model.events] == ["placed", "evolved", "ate"]
    assert "Black's pair at E6 ate an Orange singleton (1 stone)." in model.message


@pytest.mark.parametrize(
    "setup, move, sentence",
    [
        (["E5"], "E5", "E5 is already taken (the stone there is Orange's)."),
        ([], (9, 9), "(9, 9) is not on the board of radius 4."),
        ([], "Z1", "'Z1' is not on this board: rows run from A to I."),
        (
            ["E5", "A1", "E6", "A3", "E7", "A5", "E8", "B1"],
            "E4",
            "A stone at E4 would make a critter of 5 stones; a critter has at most 4.",
        ),
    ],
)
def test_an_illegal_move_changes_nothing_but_the_message(setup, move, sentence):
    model = two_humans()
    for m in setup:
        assert model.play(m)
    before = snapshot(model)
    state = model.state
    events = list(model.events)
    assert model.play(move) is False
    assert model.state is state
    assert snapshot(model) == before
    assert model.events == events
    assert model.message == sentence
    assert model.message_is_error


def test_the_message_is_the_engines_own_sentence():
    model = two_humans()
    model.play("E5")
    expected = model.state.why_illegal("E5")
    model.play("E5")
    assert model.message == expected


def test_a_click_on_a_bots_turn_is_refused():
    model = CircleModel(seat0="Human", seat1="Random", seed=1)
    assert model.human_play("E5")
    before = snapshot(model)
    assert model.human_play("E6") is False
    assert snapshot(model) == before
    assert "Random bot plays Black" in model.message


# ---------------------------------------------------------------------------- undo / redo
def test_undo_and_redo_between_two_people_go_one_move_at_a_time():
    model = two_humans()
    for move in CAPTURE_LINE:
        model.play(move)
    after_capture = model.state.to_dict()
    assert model.undo()
    assert [t.label for t in model.history] == ["E5", "E7", "A1"]
    assert model.state.stone_at((0, 0)) == 0, "the eaten stone is back"
    assert model.state.eaten == (0, 0)
    assert model.state.current_player == 1
    assert [t.label for t in model.future] == ["E6"]
    assert model.redo()
    assert model.state.to_dict() == after_capture
    assert [e.kind for e in model.events] == ["placed", "evolved", "ate"]
    assert model.future == []


def test_a_new_move_after_undo_forgets_the_undone_moves():
    model = two_humans()
    model.play("E5")
    model.play("E6")
    model.undo()
    model.play("A1")
    assert model.future == []
    assert model.redo() is False
    assert model.message == "There is no move to redo."
    assert model.message_is_error


def test_undo_against_a_bot_takes_back_the_bots_reply_too():
    model = CircleModel(seat0="Human", seat1="Greedy", seed=3)
    model.play("E5")
    model.bot_move()
    assert len(model.history) == 2
    assert model.undo()
    assert model.history == []
    assert model.state.current_player == 0, "the person is to move again"
    assert len(model.future) == 2
    assert model.redo()
    assert len(model.history) == 2 and model.state.current_player == 0


def test_undo_with_nothing_to_undo_says_so():
    model = CircleModel()
    before = snapshot(model)
    assert model.undo() is False
    assert snapshot(model) == before
    assert model.message == "There is no move to undo."


# ---------------------------------------------------------------------------- new game, bots
def test_new_game_uses_the_options_and_keeps_the_seats():
    model = CircleModel(seat0="Greedy", seat1="Human")
    model.play("E5")
    model.param.update(radius=2, first_player=1, capture_target=5)
    assert model.state.rules.radius == 4, "options wait for the next game"
    model.new_game()
    assert model.state.rules == Rules(radius=2, capture_target=5, first_player=1)
    assert len(model.state.legal_actions()) == 19
    assert model.state.current_player == 1
    assert model.history == [] and model.future == []
    assert (model.seat0, model.seat1) == ("Greedy", "Human")
    assert "Black starts" in model.message


def test_bot_move_plays_a_legal_move_for_the_player_to_move():
    model = CircleModel(seat0="Human", seat1="Random", seed=7)
    model.play("E5")
    legal = model.state.legal_actions()
    assert model.bot_move()
    assert model.history[-1].player == 1
    assert model.history[-1].cell in legal
    assert model.state.current_player == 0


def test_bots_are_deterministic_for_a_seed():
    def game(seed):
        model = CircleModel(seat0="Greedy", seat1="MCTS", strength1=1, seed=seed, radius=3)
        model.new_game()
        for _ in range(8):
            model.bot_move()
        return [t.label for t in model.history]

    assert game(11) == game(11)


def test_a_bot_game_ends_with_a_winner_and_then_refuses_moves():
    model = CircleModel(seat0="Random", seat1="Greedy", seed=5, radius=2)
    model.new_game()
    for _ in range(200):
        if model.state.is_over:
            break
        assert model.bot_move()
    assert model.state.is_over
    assert model.outcome_text.startswith(("Orange wins", "Black wins"))
    assert model.events[-1].kind == "won"
    before = snapshot(model)
    assert model.bot_move() is False
    assert model.play(model.state.cells[0]) is False
    assert model.message.startswith("The game is over")
    assert snapshot(model) == before


def test_hint_marks_a_legal_cell_and_the_next_move_clears_it():
    model = CircleModel(seat0="Human", seat1="Human", hint_strength=1, seed=2)
    model.play("E5")
    cell = model.suggest()
    assert cell in model.state.legal_actions()
    assert model.hint == cell
    assert model.message.startswith("Hint (strength 1): Black ")
    assert "Cells each player may still use" in model.message
    model.play(cell)
    assert model.hint is None


# ---------------------------------------------------------------------------- past positions
def test_viewing_a_past_position_is_read_only_and_live_comes_back():
    model = two_humans()
    for move in CAPTURE_LINE:
        model.play(move)
    model.view(1)
    assert model.viewing_past
    assert model.shown_state.moves == ((0, 0),)
    assert model.state.eaten == (0, 1), "the live game is untouched"
    before = snapshot(model)
    assert model.play("C3") is False
    assert snapshot(model) == before
    assert "past position" in model.message
    model.view(0)
    assert model.shown_state.moves == ()
    model.view(None)
    assert not model.viewing_past
    assert model.shown_state is model.state
    with pytest.raises(ValueError):
        model.view(9)


# ---------------------------------------------------------------------------- save / load
def test_save_and_load_restore_moves_undo_stack_seats_and_position():
    model = two_humans()
    for move in CAPTURE_LINE:
        model.play(move)
    model.undo()
    model.param.update(seat1="MCTS", strength1=4)
    text = model.save()
    data = json.loads(text)
    assert data["moves"] == ["E5", "E7", "A1"] and data["redo"] == ["E6"]
    assert data["rules"] == Rules().to_dict()

    other = CircleModel(radius=3)
    assert other.load(text)
    assert other.state == model.state
    assert [t.label for t in other.history] == ["E5", "E7", "A1"]
    assert (other.seat1, other.strength1) == ("MCTS", 4)
    assert other.redo()
    assert other.state.eaten == (0, 1)
    assert other.radius == 4
    assert not other.message_is_error


def test_save_of_a_game_from_a_set_up_position_round_trips():
    start = State.from_position({0: "E5 E6", 1: "D5"}, to_move=1)
    model = CircleModel.from_state(start)
    model.play("C4")
    copy = CircleModel()
    assert copy.load(model.save())
    assert copy.state == model.state
    assert copy.start == model.start


def _tampered(text: str, **changes) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    "make_bad, reason",
    [
        (lambda good: "{not json", "not valid JSON"),
        (lambda good: "[1, 2]", "not a saved Circle of Life game"),
        (lambda good: _tampered(good, format="chess"), "not a saved Circle of Life game"),
        (lambda good: _tampered(good, version=99), "version 99"),
        (lambda good: _tampered(good, moves=["E5", "E5"]), "moves number 2 (E5) cannot be played"),
        (lambda good: _tampered(good, moves=["E5", "Z9"]), "moves number 2 (Z9) cannot be played"),
        (lambda good: _tampered(good, moves=["E5"]), "do not lead to its saved position"),
        (lambda good: _tampered(good, seats=[{"kind": "Wizard"}, {}]), "unknown kind 'Wizard'"),
        (
            lambda good: _tampered(good, start={"game": "circle-of-life"}),
            "start position is damaged",
        ),
        (
            lambda good: json.dumps({k: v for k, v in json.loads(good).items() if k != "moves"}),
            "no 'moves' field",
        ),
    ],
)
def test_loading_a_bad_file_keeps_the_game_and_says_why(make_bad, reason):
    source = two_humans()
    for move in CAPTURE_LINE:
        source.play(move)
    good = source.save()
    model = two_humans()
    model.play("C3")
    model.play("G3")
    before = snapshot(model)
    assert model.load(make_bad(good)) is False
    assert snapshot(model) == before
    assert model.message.startswith("Could not load the file: ")
    assert reason in model.message
    assert model.message.endswith("The current game is unchanged.")
    assert model.message_is_error


# ---------------------------------------------------------------------------- reactivity
def test_watchers_see_one_state_change_per_move_and_none_for_a_refusal():
    model = two_humans()
    seen = []
    model.param.watch(lambda *events: seen.extend(e.name for e in events), ["state", "message"])
    model.play("E5")
    assert seen.count("state") == 1
    seen.clear()
    model.play("E5")
    assert "state" not in seen and "message" in seen


def test_every_model_has_its_own_game():
    a, b = two_humans(), two_humans()
    a.play("E5")
    assert b.history == [] and b.state.stone_at((0, 0)) is None
    assert a.history is not b.history


def test_from_state_rebuilds_the_history_of_a_replayed_game():
    model = CircleModel.from_state(replay(CAPTURE_LINE))
    assert [t.label for t in model.history] == CAPTURE_LINE
    assert model.state.eaten == (0, 1)
    model.undo()
    assert model.state.eaten == (0, 0)


# ---------------------------------------------------------------------------- board and dashboard
def test_every_cell_centre_rounds_back_to_its_cell():
    for radius in (2, 4, 8):
        for cell in board_cells(radius):
            x, y = cell_center(cell)
            assert nearest_cell(x + 0.3, y - 0.3) == cell


class _Tap:
    def __init__(self, x, y):
        self.x, self.y = x, y


def test_a_tap_on_the_board_plays_the_cell_under_it():
    model = two_humans()
    board = CircleBoard(model=model)
    x, y = cell_center((1, -2))
    board._on_tap(_Tap(x + 0.4, y + 0.2))
    assert model.state.stone_at((1, -2)) == 0
    stones = board.sources["stones"].data
    assert list(zip(stones["x"], stones["y"], strict=True)) == [(x, y)]
    board._on_tap(_Tap(x, y))
    assert "already taken" in model.message
    assert len(model.history) == 1


def test_the_board_marks_illegal_cells_and_explains_each_cell():
    model = CircleModel.from_state(State.from_position({0: "E5 E6 E7", 1: "A1"}, to_move=0))
    board = CircleBoard(model=model)
    cells = board.sources["cells"].data
    by_label = {label: i for i, label in enumerate(cells["label"])}
    d5 = by_label["D5"]  # touches the 3-line E5 E6 E7 and makes a 4-stone critter: legal
    assert cells["blocked"][d5] is False
    assert cells["species"][d5] in (
        "key",
        "triangle",
        "sled",
        "arch",
        "propeller",
        "diamond",
        "snake",
        "4-line",
    )
    e6 = by_label["E6"]
    assert "Orange 3-line" in cells["title"][e6]
    assert (
        "eats <b>3-bends</b>" in cells["tip"][e6]
        and "eaten by <b>triangles</b>" in cells["tip"][e6]
    )
    model.play("E8")  # Orange now has the 4-line E5–E8; Black to move
    model.play("C1")
    cells_after = board.sources["cells"].data
    e4 = cells_after["label"].index("E4")
    assert cells_after["blocked"][e4] is True, "a fifth stone is not allowed"
    labels = board.sources["labels"].data
    e4_xy = cell_center(parse_label("E4"))
    marks = {(x, y): t for x, y, t in zip(labels["x"], labels["y"], labels["text"], strict=True)}
    assert marks[e4_xy] == "×" and marks[cell_center(parse_label("C3"))] == "C3"
    assert "at most 4" in cells_after["tip"][e4]


def test_eaten_stones_stay_marked_until_the_eater_moves_again():
    model = two_humans()
    board = CircleBoard(model=model)
    for move in CAPTURE_LINE:
        model.play(move)
    ghosts = board.sources["ghosts"].data
    assert list(zip(ghosts["x"], ghosts["y"], strict=True)) == [cell_center((0, 0))]
    model.play("A3")  # the victim's reply keeps Black's capture marked
    assert board.sources["ghosts"].data["x"] == [cell_center((0, 0))[0]]
    model.view(3)  # before the capture: nothing marked
    assert board.sources["ghosts"].data["x"] == []
    model.view(None)
    model.play("I5")  # Black moves again
    assert board.sources["ghosts"].data["x"] == []


def test_dashboard_lets_a_bot_answer_a_person_and_plays_bot_games_through():
    dash = CircleDashboard(model=CircleModel(seat0="Human", seat1="Random", seed=4))
    dash.board._on_tap(_Tap(*cell_center((0, 0))))
    # Without an event loop the runner works inline: the bot has already replied.
    assert len(dash.model.history) == 2
    assert dash.model.state.current_player == 0
    assert "Black placed a stone" in dash._log._pane.object
    model = CircleModel(seat0="Greedy", seat1="Random", seed=9, radius=2)
    watch = CircleDashboard(model=model)
    assert model.state.is_over, "two bots play the whole game"
    assert model.outcome_text != "" and watch._banner.text.startswith(model.outcome_text)


def test_dashboard_progress_bars_and_undo_button_follow_the_game():
    dash = CircleDashboard(model=two_humans())
    for move in CAPTURE_LINE:
        dash.model.play(move)
    assert dash._bars[1].value == 1 and dash._bars[1].max == 20
    assert "1 / 20" in dash._bar_labels[1].object
    assert not dash._undo.disabled and dash._redo.disabled
    dash._undo.clicks += 1
    assert dash._bars[1].value == 0
    assert not dash._redo.disabled


# ---------------------------------------------------------------------------- the shared bot runner
def test_bot_runner_thinks_on_a_worker_thread_and_applies_on_the_loop():
    async def scenario():
        runner = BotRunner()
        done = asyncio.Event()
        seen = {}

        def compute():
            seen["compute"] = threading.current_thread()
            return "E5"

        def apply(value):
            seen["apply"] = threading.current_thread()
            seen["value"] = value
            seen["thinking while applying"] = runner.thinking
            done.set()

        runner.run(compute, apply, task="Black is thinking")
        assert runner.thinking and runner.task == "Black is thinking"
        await asyncio.wait_for(done.wait(), 10)
        return runner, seen

    runner, seen = asyncio.run(scenario())
    assert seen["value"] == "E5"
    assert seen["compute"] is not threading.main_thread()
    assert seen["apply"] is threading.main_thread()
    assert seen["thinking while applying"] is False
    assert not runner.thinking and runner.error == ""


def test_bot_runner_drops_a_cancelled_result_and_reports_errors():
    async def scenario():
        runner = BotRunner()
        applied = []
        started, release, worker = threading.Event(), threading.Event(), []

        def stale():
            worker.append(threading.current_thread())
            started.set()
            release.wait(10)
            return "stale"

        runner.run(stale, applied.append)
        assert await asyncio.to_thread(started.wait, 10)
        runner.cancel()
        assert not runner.thinking
        release.set()
        await asyncio.to_thread(worker[0].join, 10)  # the stale result has been handed over
        await asyncio.sleep(0)  # one loop turn: whatever the worker posted has now run
        assert applied == []
        failed = asyncio.Event()
        runner.param.watch(lambda _: failed.set(), "error")

        def broken():
            raise RuntimeError("no legal move")

        runner.run(broken, applied.append)
        await asyncio.wait_for(failed.wait(), 10)
        return runner, applied

    runner, applied = asyncio.run(scenario())
    assert applied == []
    assert runner.error == "The bot failed: no legal move"
    assert not runner.thinking


def test_a_page_closed_during_a_bots_pause_leaves_nothing_waiting_and_nothing_moves():
    async def scenario():
        runner = BotRunner()
        computed, applied = [], []
        runner.run(lambda: computed.append("E5"), applied.append, delay=3600)
        pauses = [t for t in threading.enumerate() if t.name == "bot-runner"]
        assert len(pauses) == 1 and pauses[0].is_alive() and runner.thinking
        runner.close()  # the tab is closed (or undo, or a new game) during the pause
        await asyncio.to_thread(pauses[0].join, 10)
        assert not pauses[0].is_alive()  # no timer left waiting on the server
        await asyncio.sleep(0)
        return computed, applied

    assert asyncio.run(scenario()) == ([], [])


def test_undo_in_a_bot_game_pauses_the_bots_so_the_position_can_be_studied():
    model = CircleModel(seat0="Greedy", seat1="Random", seed=2, radius=2)
    dash = CircleDashboard(model=model)
    moves = len(model.history)
    assert model.state.is_over
    dash._undo.clicks += 1
    assert dash.model.bot_loop.paused
    assert len(model.history) == moves - 1, "one move back, and no bot replays it"
    dash.model.bot_loop.paused = False
    assert model.state.is_over, "unpaused, the bots play on to the end"
    assert len(model.history) >= moves
