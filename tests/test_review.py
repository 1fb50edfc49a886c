"""The game review (engines/review.py): it finds a known blunder in every game and names the
safe move (in Circle as a proof), its win chances are chances, one value per position (Circle's
consecutive moves agree), classes only beyond the search's uncertainty, it repeats itself for a
seed, it sees only what the mover saw, and it stops and reports progress as asked."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.bench_review import greedy_game
from engines import IllegalAction, circle, ecosystem, savannah
from engines.circle import State
from engines.circle.hints import best_meal
from engines.ecosystem import bots as ecosystem_bots
from engines.review import CLASSES, THRESHOLDS, GameReview, MoveReview, Thresholds, review_game
from engines.savannah import bots as savannah_bots
from tests.strategies import examples


def test_a_move_that_feeds_the_opponent_a_4_line_is_an_exact_blunder_and_a_safe_move_is_better():
    # Orange and Black have each eaten 16 of 20.  E8 turns Orange's 3-line into a 4-line, which
    # any Black singleton beside it eats: Black reaches 20 and wins.  A stone far away is safe.
    start = State.from_position({0: "E5 E6 E7", 1: ""}, to_move=0, eaten=(16, 16))
    after = start.clone()
    after.apply(start.parse_action("E8"))
    assert best_meal(after).stones == 4  # the position really is what the comment says
    move = review_game(start, ["E8"], iterations=300, seed=1).moves[0]
    assert move.label == "blunder" and move.exact
    assert move.played_value == 0.0 and move.best_value > 0.3
    assert move.best != "E8" and move.line and move.line[0] in {"D4", "D5", "E4", "F4", "F5"}
    safe = start.clone()
    safe.apply(start.parse_action(move.best))
    assert best_meal(safe).stones < 4  # the better move gives Black nothing that wins
    assert move.why.startswith(f"After E8 Black wins by force: {move.line[0]}.")
    assert "Black can then eat Orange's 4-line" in move.why and f"Better {move.best}" in move.why
    assert move.describe().endswith(
        f"(win chance {round(100 * move.best_value)}% → 0%, exact); better {move.best}."
    )


def _last_decision(module, rules, bot, seed):
    """A game's last decision, where every legal action ends the game (bots play up to it)."""
    game = module.new_game(rules, seed=seed)
    bots = [bot(seed=seed), bot(seed=seed + 1)]
    while not game.is_over:
        ends = {}
        for action in game.legal_actions():
            after = game.clone()
            after.apply(action)
            if not after.is_over:
                break
            ends[game.action_to_str(action)] = after.winners
        else:
            return game, ends
        game.apply(bots[game.current_player].choose(game))
    raise AssertionError("the game had no last decision")


@pytest.mark.parametrize(
    ("module", "rules", "bot", "seed"),
    [
        (ecosystem, ecosystem.Rules(players=2), ecosystem_bots.RandomBot, 82),
        (savannah, savannah.Rules(players=2), savannah_bots.GreedyBot, 118),
    ],
    ids=["ecosystem", "savannah"],
)
def test_a_last_move_that_throws_the_win_away_is_a_blunder_in_the_card_games(
    module, rules, bot, seed
):
    game, ends = _last_decision(module, rules, bot, seed)
    me = game.current_player
    losing = sorted(a for a, winners in ends.items() if me not in winners)
    winning = {a for a, winners in ends.items() if winners == (me,)}
    assert losing and winning  # the rules say: one move wins, another loses
    move = review_game(game, [losing[0]], iterations=200, seed=2).moves[0]
    assert move.label == "blunder", move
    assert move.best in winning
    assert move.best_value - move.played_value >= THRESHOLDS.blunder


def test_the_review_says_why_in_each_games_words():
    sav, _ = _last_decision(savannah, savannah.Rules(players=2), savannah_bots.GreedyBot, 118)
    eco, _ = _last_decision(ecosystem, ecosystem.Rules(players=2), ecosystem_bots.RandomBot, 82)
    words = {
        "savannah": review_game(sav, [sav.legal_actions()[0]], iterations=40).moves[0].why,
        "ecosystem": review_game(eco, [eco.legal_actions()[0]], iterations=40).moves[0].why,
    }
    assert "points on the table" in words["savannah"]
    assert "her score" in words["ecosystem"]


def _random_game(module, rules, plies, seed):
    state = module.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


VARIANTS = {
    "circle": (circle, circle.Rules(radius=2), 0),
    "ecosystem": (ecosystem, ecosystem.Rules(players=2), 30),
    "ecosystem_3": (ecosystem, ecosystem.Rules(players=3, variant="two_parks"), 50),
    "savannah": (savannah, savannah.Rules(players=2), 40),
    "savannah_4": (savannah, savannah.Rules(players=4), 50),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
@given(data=st.data())
@examples(3)
def test_win_chances_are_chances_and_the_class_follows_the_drop(name, data):
    module, rules, skip = VARIANTS[name]
    seed = data.draw(st.integers(0, 10_000), label="seed")
    start = _random_game(module, rules, skip, seed)
    actions, state = [], start.clone()
    rng = random.Random(seed)
    for _ in range(3):
        if state.is_over:
            break
        actions.append(rng.choice(state.legal_actions()))
        state.apply(actions[-1])
    review = review_game(start, actions, iterations=16, samples=2, seed=seed)
    assert review.complete and len(review.moves) == len(actions)
    for move in review.moves:
        for chances in (move.before, move.after):
            assert len(chances) == start.players
            assert all(0.0 <= c <= 1.0 for c in chances)
            assert sum(chances) == pytest.approx(1.0, abs=1e-4)
        assert move.label in CLASSES and move.why and move.drop >= 0
        assert move.label == THRESHOLDS.classify(move.drop, move.is_best, move.uncertainty)
        # "best" never names a better move; every other class names one, better beyond the
        # uncertainty, and a class from "inaccuracy" on holds even at the drop's least.
        assert (move.label == "best") == move.is_best
        if move.label != "best":
            assert move.drop > move.uncertainty
        if move.label in ("inaccuracy", "mistake", "blunder"):
            least = move.drop - move.uncertainty
            assert least >= getattr(THRESHOLDS, move.label)
    again = review_game(start, actions, iterations=16, samples=2, seed=seed)
    assert again == review  # the same seed and budget: the same review


def test_a_review_never_uses_what_the_mover_could_not_see():
    # Two games that differ only in cards the mover cannot see (the other hands, the pile)
    # get the same review of her move.
    real = _random_game(savannah, savannah.Rules(players=3), 20, seed=7)
    other = real.determinize(real.current_player, random.Random(99))
    assert other.to_dict() != real.to_dict()
    move = real.legal_actions()[0]
    one = review_game(real, [move], iterations=60, seed=3)
    two = review_game(other, [move], iterations=60, seed=3)
    assert one == two


def test_progress_is_reported_and_undecided_moves_are_searched_again():
    start = _random_game(circle, circle.Rules(radius=3), 4, seed=1)
    actions, state = [], start.clone()
    for _ in range(4):
        actions.append(state.legal_actions()[0])
        state.apply(actions[-1])
    seen = []
    review = review_game(
        start,
        actions,
        iterations=40,
        samples=2,
        deep=0.5,
        progress=lambda d, t, r: seen.append((d, t, len(r.moves))),
    )
    first = len(actions) + 1  # every position, the one after the last move too
    assert [d for d, _, _ in seen] == list(range(1, len(seen) + 1)) and len(seen) >= first
    assert all(t == first + 3 for _, t, _ in seen)  # a second look at ceil(0.5 * 5) at most
    assert [n for _, _, n in seen[:first]] == [0, 1, 2, 3, 4]  # a move once both sides are in
    for m in review.moves:
        assert m.iterations in (80, 160)  # two searches of 40, two more on a second look
        assert m.iterations == 80 or m.number in review.deepened


def test_stop_ends_the_review_with_what_it_has():
    start = circle.new_game(circle.Rules(radius=3))
    actions = []
    state = start.clone()
    for _ in range(6):
        actions.append(state.legal_actions()[0])
        state.apply(actions[-1])
    calls = {"n": 0}

    def should_stop():
        calls["n"] += 1
        return calls["n"] > 2_000

    review = review_game(start, actions, iterations=200, should_stop=should_stop)
    assert review.stopped and not review.complete
    assert 0 < len(review.moves) < len(actions) and review.total == len(actions)


def test_bad_input_is_refused_with_a_sentence():
    start = circle.new_game()
    with pytest.raises(IllegalAction, match="Move 2"):
        review_game(start, ["E5", "E5"], iterations=8)
    with pytest.raises(ValueError, match="iterations"):
        review_game(start, ["E5"], iterations=2)
    with pytest.raises(ValueError, match="not the state"):
        review_game("E5", ["E5"])
    with pytest.raises(ValueError, match="thresholds must rise"):
        Thresholds(mistake=0.5)


def test_a_finished_game_ends_its_chart_at_the_result():
    game = _random_game(circle, circle.Rules(radius=2), 0, seed=3)
    actions, state = [], game.clone()
    while not state.is_over:
        actions.append(state.legal_actions()[0])
        state.apply(actions[-1])
    review = review_game(game, actions, iterations=8, deep=0)
    assert isinstance(review, GameReview) and review.complete
    assert review.chances()[-1] == state.returns() and len(review.chances()) == len(actions) + 1


def test_a_drop_on_a_threshold_is_classed_as_its_drop_reads():
    """0.975 - 0.875 is 0.0999… in floating point: the move was classed "good" while its drop
    read 0.1, an inaccuracy (found by the property test above, Ecosystem seed 1323)."""
    move = MoveReview(1, 0, "GZ B4", "WH D2", (0.975, 0.025), (0.875, 0.125), "", "", 16)
    assert move.drop == 0.1
    assert THRESHOLDS.classify(move.drop, move.is_best) == "inaccuracy"


# The Greedy-vs-Greedy games reviewed twice, with the budget per position each test uses.
SEED_GAMES = {
    "circle": ("circle", {"radius": 3}, None, None),  # the default: 1,000
    "ecosystem": ("ecosystem", {"players": 2}, None, 50),
    "savannah": ("savannah", {"players": 2}, None, 100),
}


@pytest.fixture(scope="module")
def reviewed_twice():
    """Each game's Greedy-vs-Greedy game reviewed with seeds 1 and 7, once per module."""
    done = {}

    def review(name):
        if name not in done:
            game, rules, moves, iterations = SEED_GAMES[name]
            start, actions = greedy_game(game, rules, moves)
            done[name] = [
                review_game(start, actions, iterations=iterations, seed=s) for s in (1, 7)
            ]
        return done[name]

    return review


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SEED_GAMES))
def test_two_seeds_give_the_same_classes_and_the_same_mistakes(name, reviewed_twice):
    one, two = reviewed_twice(name)
    same = sum(a.label == b.label for a, b in zip(one.moves, two.moves, strict=True))
    assert same >= 0.9 * len(one.moves), (same, len(one.moves))
    # The same moves are called mistakes or blunders (which of the two may differ: Circle's
    # move 29 is a drop of 0.37 ± 0.11 with one seed, 0.50 ± 0.07 with the other).
    flagged = [[m.number for m in r.moves if m.label in ("mistake", "blunder")] for r in (one, two)]
    assert flagged[0] == flagged[1]


def test_consecutive_circle_positions_agree_and_the_chart_ends_at_the_result(reviewed_twice):
    for review in reviewed_twice("circle"):
        for a, b in zip(review.moves, review.moves[1:], strict=False):
            assert abs(a.after[0] - b.before[0]) <= 0.05
        assert review.chances()[-1] == review.final


@pytest.mark.parametrize("name", sorted(SEED_GAMES))
def test_no_move_is_best_with_a_better_move_and_cards_go_by_their_names(name, reviewed_twice):
    for review in reviewed_twice(name):
        for m in review.moves:
            assert (m.label == "best") == (m.best == m.move)
            assert "#" not in m.describe()
            if m.label != "best":
                assert m.drop > m.uncertainty and "Played out by the search" in m.why


def test_savannahs_better_move_never_ends_with_fewer_points_unless_the_sentence_says_why(
    reviewed_twice,
):
    # Each named better move's sentence gives both moves' expected points at the end (the
    # game played out, not this turn's points), and fewer for the better move comes with why.
    ends = re.compile(r"she ends with about (\d+) points after .+? and (\d+) after ([^.:]+)([.:])")
    named = 0
    for review in reviewed_twice("savannah"):
        for m in review.moves:
            if m.is_best:
                continue
            named += 1
            found = ends.search(m.why)
            assert found, m.why
            better, played, _, stop = found.groups()
            if int(better) < int(played):
                assert stop == ":" and (
                    "a lead over the best other player of" in m.why
                    or "a better chance to win" in m.why
                ), m.why
    assert named, "the game's review named no better move: the test saw nothing"
