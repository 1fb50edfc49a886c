"""Learn (issue 40, the engine half): every course loads, teaches every rule of its rulebook,
and every stage plays as stored; the stepper's verdicts; course files with mistakes are named.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cole_panel.lab.cli import main
from engines.learn import VERDICTS, CourseError, course_files, load_course, read_course, stars
from engines.learn_check import check_stage
from engines.learn_goals import Try, read_goal
from tests.strategies import examples

GAMES = ("circle", "ecosystem", "savannah")
LEAST_STAGES = {"circle": 12, "ecosystem": 16, "savannah": 16}
"""The fewest stages issue 40 asks of each course."""
SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "seeds"
"""The rulebooks, beside the repository (as in CI)."""
STAGES = [(game, stage.id) for game in GAMES for stage in load_course(game)]


@pytest.mark.parametrize("game", GAMES)
def test_every_course_has_its_stages_and_teaches_every_rule(game):
    course = load_course(game)
    assert len(course) >= LEAST_STAGES[game]
    assert [rule.id for rule in course.uncovered()] == []
    assert len({stage.id for stage in course}) == len(course)


@pytest.mark.parametrize(("game", "stage_id"), STAGES)
def test_every_stage_plays_as_stored(game, stage_id):
    """Its solution reaches the goal within par, each wrong try is legal and misses, and its
    position reads back from the engine's own save form."""
    assert check_stage(load_course(game).stage(stage_id)) == []


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks (../shared/seeds) are not here")
@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_the_rulebooks_own_words(game):
    course = load_course(game)
    book = _normal((SEEDS / course.book).read_text(encoding="utf-8"))
    missing = [(r.id, q) for r in course.rules for q in r.quotes if _normal(q) not in book]
    assert missing == []


def test_the_regrouping_stage_names_every_kind_that_regroups():
    """It named level-3 ungulates only; in a first game a newcomer then saw "gazelle joined
    the impala" and meerkats gather with no rule told."""
    from engines.savannah import load_deck

    kinds = {(card.group, card.level) for card in load_deck() if card.regroups}
    assert len(kinds) == 3
    course = load_course("savannah")
    (stage,) = [s for s in course.stages if "regroup" in s.teaches]
    for group, level in kinds:
        assert f"level-{level} {group.replace('_', ' ')}" in stage.instruction


def test_the_ecosystem_course_says_how_long_a_game_lasts():
    """The page says "Round 1 of 2, pick 1 of 10", but no stage said that a game is two rounds
    of 11 cards dealt, 10 picked, and then the full park scored."""
    from engines.ecosystem.rules import HAND_SIZE, PICKS_PER_ROUND, ROUNDS

    said = " ".join(s.instruction for s in load_course("ecosystem").stages)
    assert {ROUNDS, HAND_SIZE, PICKS_PER_ROUND} == {2, 11, 10}
    assert "two rounds" in said and "dealt 11 cards, 10 of them are picked" in said


def test_a_course_lists_one_line_per_stage():
    course = load_course("circle")
    lines = course.lines()
    assert len(lines) == len(course)
    assert lines[3] == "pair-eats-singleton\tA pair eats a singleton\tspecies, pair-eats-singleton"
    assert course.after("critter").id == "four-stones"
    assert course.after(course.stages[-1].id) is None
    assert course.rule("several-prey").name == "Several prey critters at once"
    assert course.quotes("several-prey")[0].startswith("You may devour several instances")
    with pytest.raises(KeyError, match="no stage 'nope'"):
        course.stage("nope")


# ---------------------------------------------------------------------------- the stepper


def test_an_illegal_move_gets_the_engines_sentence_and_changes_nothing():
    attempt = load_course("circle").stage("four-stones").start()
    before = attempt.state.to_dict()
    verdict = attempt.play("E6")
    assert verdict.kind == "illegal"
    assert (
        verdict.message
        == "A stone at E6 would make a critter of 5 stones; a critter has at most 4."
    )
    assert (attempt.state.to_dict(), attempt.moves, attempt.tries) == (before, 0, 1)
    assert attempt.play("nowhere").kind == "illegal"


def test_a_missed_try_says_what_happened_and_starts_again():
    stage = load_course("ecosystem").stage("zebra")
    attempt = stage.start()
    start = attempt.state.to_dict()
    verdict = attempt.play("ZB B4")
    assert verdict.kind == "missed"
    assert verdict.describe() == (
        "Player 1 placed a zebra at B4. That makes 3 zebra points (zebra at B4: 1 grassland "
        "next to it); the best move makes 12. Try again."
    )
    assert (attempt.state.to_dict(), attempt.moves, attempt.tries) == (start, 1, 2)
    done = attempt.play("ZB B2")
    assert (done.kind, done.moves, done.stars) == ("done", 2, 2)
    assert done.message == stage.success
    assert attempt.play("ZB B3").message == "This stage is done: play it again or go on."


def test_progress_then_the_replies_then_done():
    attempt = load_course("savannah").stage("steal").start()
    first = attempt.play("play hyena#1")
    assert first.kind == "progress"
    assert [e.kind for e in first.events][-1] == "steal_pending"
    assert attempt.play("steal lion#1").kind == "done"
    replay = load_course("ecosystem").stage("passing").start()
    passed = replay.play("EL A4")
    assert [e.kind for e in passed.events] == ["placed", "placed", "passed"]
    assert replay.state.current_player == 0


def test_a_win_after_the_reply_is_done():
    attempt = load_course("circle").stage("win-when-stuck").start()
    verdict = attempt.play("B3")
    assert verdict.kind == "done"
    assert (
        verdict.events[-1].describe() == "Orange wins: it is her turn and she cannot place a stone."
    )


def test_again_starts_over_and_keeps_the_moves_for_the_stars():
    attempt = load_course("circle").stage("critter").start()
    assert attempt.play("E5").stars == 3
    attempt.again()
    assert (attempt.done, attempt.moves, attempt.state.moves) == (False, 1, ())
    assert attempt.play("E5").stars == 2  # 2 moves, par 1: within twice par
    assert stars(1, 1) == 3 and stars(2, 1) == 2 and stars(3, 1) == 1


def test_the_hidden_card_of_a_reply_stays_hidden():
    """Events are given as the student's seat may see them (engines' ``seen_by``)."""
    stage = load_course("savannah").stage("kill")
    attempt = stage.start()
    for event in attempt.play("play cheetah#1").events:
        assert event == event.seen_by(attempt.seat)


COURSE = """
game = "circle"
title = "A test course"
[[stage]]
id = "pair"
title = "A pair"
teaches = ["pair-eats-singleton"]
instruction = "Eat the singleton."
position = { orange = "D4", black = "E5" }
goal = { kind = "event", event = "ate" }
par = 1
hint = "E4."
success = "Eaten."
solution = ["E4"]
wrong = ["F5"]
"""


def _course(text: str = COURSE):
    rulebook = course_files("circle")[1].read_text(encoding="utf-8")
    return read_course("circle", text, rulebook, "test.toml")


def test_only_the_allowed_moves_are_accepted():
    course = _course(COURSE.replace('wrong = ["F5"]', 'wrong = ["F5"]\nallowed = ["E4", "F5"]'))
    attempt = course.stages[0].start()
    verdict = attempt.play("D5")
    assert (verdict.kind, verdict.message) == ("not_allowed", "In this stage, play one of: E4, F5.")
    assert attempt.moves == 0
    assert attempt.play("E4").kind == "done"


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (("par = 1", "par = 0"), r"test.toml: stage\[0\] \('pair'\).par: must be a whole number"),
        (('hint = "E4."\n', ""), r"stage\[0\]: the field 'hint' is missing"),
        (('hint = "E4."', 'hint = "E4."\ncolour = 3'), r"stage\[0\]: unknown field 'colour'"),
        (('"pair-eats-singleton"', '"flying"'), r"teaches: 'flying' is not a rule"),
        (('kind = "event"', 'kind = "eat"'), r"goal.kind: 'eat' is not a goal kind"),
        (('event = "ate"', 'event = "ate", count = 0'), r"goal.count: must be a whole number"),
        (('orange = "D4"', 'orange = "Z9"'), r"position: stones\[0\]\[0\]: 'Z9' is not on"),
        (('orange = "D4"', 'white = "D4"'), r"position: unknown field 'white'"),
        (('wrong = ["F5"]', "wrong = []"), r"wrong: must list at least one wrong try"),
        (('game = "circle"', 'game = "chess"'), r"this course is for 'chess', not 'circle'"),
        (("[[stage]]", "[[stage]"), r"test.toml: not valid TOML"),
        (('event = "ate" }', 'event = "ate" }\nallowed = ["e4"]'), r"allowed: write 'e4' as"),
    ],
)
def test_a_course_file_with_a_mistake_is_named(change, named):
    with pytest.raises(CourseError, match=named):
        _course(COURSE.replace(*change))


def test_a_course_repeating_a_stage_id_is_named():
    twice = COURSE + COURSE[COURSE.index("[[stage]]") :]
    with pytest.raises(CourseError, match=r"stage\[1\].id: 'pair' is used twice"):
        _course(twice)


def test_a_best_goal_needs_a_one_move_stage():
    text = COURSE.replace('kind = "event", event = "ate"', 'kind = "best"')
    assert _course(text).stages[0].goal.describe() == "the most points of any move"
    with pytest.raises(CourseError, match="a 'best' goal needs a one-move stage"):
        _course(text + "limit = 2\n")


# ---------------------------------------------------------------------------- goals


def _try(goal_table, moves):
    """Whether the goal holds after Orange plays ``moves`` from the test course's position."""
    start = _course(COURSE).stages[0].state()
    state, events = start.clone(), []
    for move in moves:
        events += state.apply(move)
    return read_goal(goal_table, "goal").reached(Try(start, state, tuple(events), 0))


def test_goal_readers_name_every_mistake():
    with pytest.raises(ValueError, match=r"goal.match: must be a table"):
        read_goal({"kind": "event", "event": "ate", "match": 3}, "goal")
    with pytest.raises(ValueError, match=r"goal.at_least.stones: must be a whole number"):
        read_goal({"kind": "event", "event": "ate", "at_least": {"stones": "two"}}, "goal")
    with pytest.raises(ValueError, match=r"goal: a score goal needs at_least, at_most or both"):
        read_goal({"kind": "score"}, "goal")
    with pytest.raises(ValueError, match=r"goal.goals: must be a list of goals"):
        read_goal({"kind": "all", "goals": []}, "goal")
    with pytest.raises(ValueError, match=r"goal.mine: must be true or false"):
        read_goal({"kind": "no_event", "event": "ate", "mine": "yes"}, "goal")
    with pytest.raises(ValueError, match=r"goal: must be a table with a kind"):
        read_goal("ate", "goal")


def test_goals_measure_what_they_say():
    ate = {"kind": "event", "event": "ate", "match": {"prey": "singleton"}}
    assert _try(ate, ["E4"]) is True
    assert _try({**ate, "count": 2}, ["E4"]) is False
    assert _try({**ate, "match": {"prey": "pair"}}, ["E4"]) is False
    assert _try({**ate, "at_least": {"stones": 1}}, ["E4"]) is True
    assert _try({"kind": "no_event", "event": "ate"}, ["F5"]) is True
    assert _try({"kind": "no_event", "event": "ate"}, ["E4"]) is False
    assert _try({"kind": "event", "event": "placed", "match": {"cell": [-1, 0]}}, ["E4"]) is True
    assert _try({"kind": "score", "at_least": 1}, ["E4"]) is True
    assert _try({"kind": "score", "at_most": 0}, ["E4"]) is False
    assert _try({"kind": "score", "category": "eaten", "at_least": 1}, ["E4"]) is True
    assert _try({"kind": "win"}, ["E4"]) is False
    both = {"kind": "all", "goals": [ate, {"kind": "score", "at_least": 2}]}
    assert _try(both, ["E4"]) is False


# ---------------------------------------------------------------------------- properties


@examples(20)
@given(st.data())
def test_any_legal_moves_get_a_verdict_and_the_same_ones_again(data):
    """Whatever legal moves a student plays, each gets a verdict of a known kind, the moves
    are counted, and the same moves give the same verdicts again."""
    game, stage_id = data.draw(st.sampled_from(STAGES), label="stage")
    stage = load_course(game).stage(stage_id)
    attempt, again = stage.start(), stage.start()
    for n in range(3):
        if attempt.done:
            break
        legal = attempt.state.legal_actions()
        move = data.draw(st.sampled_from(legal), label="move")
        verdict = attempt.play(move)
        assert verdict.kind in VERDICTS and verdict.kind not in ("illegal", "not_allowed")
        assert verdict.moves == n + 1 and (verdict.stars > 0) == (verdict.kind == "done")
        assert again.play(move) == verdict
        assert json.loads(json.dumps(verdict.to_dict()))["text"] == verdict.describe()


# ---------------------------------------------------------------------------- cole learn


def test_a_stage_claiming_a_legal_move_is_refused_fails_its_check():
    stage = _course(COURSE.replace('wrong = ["F5"]', 'wrong = ["F5"]\nrefused = ["D4", "F5"]'))
    assert check_stage(stage.stages[0]) == ["'F5' is said to be refused, but it is legal"]


def test_cole_learn_check_passes_on_every_course(capsys):
    assert main(["learn", "--check"]) == 0
    out = capsys.readouterr().out
    for game in GAMES:
        assert f"{game}: all {len(load_course(game))} stages pass" in out


def test_cole_learn_lists_a_games_stages(capsys):
    assert main(["learn", "savannah", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == load_course("savannah").lines()
    assert lines[0] == "play-a-card\tA turn: play, then draw\tsetup, play-right, draw"


def test_cole_learn_names_a_course_file_with_a_mistake(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(COURSE.replace('"pair-eats-singleton"', '"flying"'), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["learn", "circle", "--check", "--course", str(path)])
    assert stop.value.code == 2
    assert "bad.toml: stage[0] ('pair').teaches: 'flying' is not a rule" in capsys.readouterr().err


def test_cole_learn_fails_a_stage_that_does_not_play(tmp_path, capsys):
    path = tmp_path / "wrong.toml"
    path.write_text(COURSE.replace('solution = ["E4"]', 'solution = ["F5"]'), encoding="utf-8")
    assert main(["learn", "circle", "--check", "--course", str(path)]) == 1
    out = capsys.readouterr().out
    assert "pair: its solution does not end on the goal" in out
    assert "is taught by no stage" in out


def _is_a_legal_move(state, value) -> bool:
    try:
        action = state.parse_action(value) if isinstance(value, str) else value
    except ValueError:
        return False
    return state.is_legal(action)


@examples(20)
@given(st.data())
def test_anything_that_is_not_a_move_is_refused_and_changes_nothing(data):
    game, stage_id = data.draw(st.sampled_from(STAGES), label="stage")
    attempt = load_course(game).stage(stage_id).start()
    before = attempt.state.to_dict()
    junk = data.draw(st.one_of(st.text(max_size=12), st.integers(), st.none(), st.floats()))
    assume(not _is_a_legal_move(attempt.state, junk))
    verdict = attempt.play(junk)
    assert verdict.kind == "illegal" and verdict.message
    assert (attempt.state.to_dict(), attempt.moves) == (before, 0)


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["learn", "chess", "--check"], "Unknown game 'chess': the games are circle"),
        (["learn", "circel", "--check"], "Unknown game 'circel': did you mean 'circle'?"),
        (["learn", "--list"], "name a GAME for --list or --course"),
        (["learn", "circle"], "one of the arguments --list --check is required"),
        (
            ["learn", "circle", "--check", "--course", "/no/such.toml"],
            "/no/such.toml: cannot be read",
        ),
    ],
)
def test_cole_learn_refuses_bad_input_in_one_line(args, problem, capsys):
    with pytest.raises(SystemExit) as stop:
        main(args)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and problem in err and err.count("\n") == 1
