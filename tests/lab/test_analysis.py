"""What the summaries claim: intervals cover, ratings order the bots, shared wins split."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cole_panel.lab import analysis as A
from cole_panel.lab import report, runner
from cole_panel.lab.study import ladder, tournament


@given(st.integers(0, 500), st.integers(1, 500))
def test_the_wilson_interval_holds_the_observed_rate(wins, n):
    wins = min(wins, n)
    low, high = A.wilson(wins, n)
    assert 0 <= low <= wins / n <= high <= 1


def _row(seats, winners):
    return {"seats": ",".join(seats), "winners": winners, "rules": "{}", "detail": "{}"}


def test_a_shared_win_counts_half_to_each_winner():
    rows = [_row(["a", "b"], "0,1"), _row(["a", "b"], "0")]
    rates = A.bot_rates(rows).set_index("bot")
    assert rates.loc["a", "wins"] == 1.5 and rates.loc["b", "wins"] == 0.5


def test_ratings_put_the_bot_that_wins_more_on_top():
    rows = (
        [_row(["strong", "weak"], "0")] * 30
        + [_row(["weak", "strong"], "1")] * 25
        + [_row(["weak", "strong"], "0")] * 5
        + [_row(["middle", "weak"], "0")] * 20
        + [_row(["middle", "weak"], "1")] * 20
        + [_row(["strong", "middle"], "0")] * 15
        + [_row(["strong", "middle"], "1")] * 5
    )
    table = A.ratings(rows, resamples=50)
    assert list(table["bot"]) == ["strong", "middle", "weak"]
    assert (table["low"] <= table["elo"]).all() and (table["elo"] <= table["high"]).all()


def test_every_bot_meets_every_other_in_both_seats():
    study = ladder("circle", ["random", "greedy", "mcts:1"], games=6)
    pairs = {t.seats for t in study.tables}
    assert len(pairs) == 6 and ("greedy", "random") in pairs and ("random", "greedy") in pairs


def test_the_seed_of_a_game_does_not_depend_on_the_number_of_games():
    small = tournament("savannah", ["random", "greedy", "mcts:1"], games=5)
    big = tournament("savannah", ["random", "greedy", "mcts:1"], games=50)
    assert small.plan() == big.plan()[:5]
    assert small.fingerprint == big.fingerprint


def test_a_gauntlet_pits_each_bot_against_each_opponent_in_both_seats_only():
    study = ladder("circle", ["mcts:1", "mcts:2"], games=8, against=["greedy", "random"])
    pairs = {t.seats for t in study.tables}
    assert pairs == {
        (bot, rival)[::order]
        for bot in ("mcts:1", "mcts:2")
        for rival in ("greedy", "random")
        for order in (1, -1)
    }
    assert ("mcts:1", "mcts:2") not in pairs and ("greedy", "random") not in pairs


def test_a_pair_rate_counts_both_seat_orders_from_the_first_named_bots_side():
    rows = (
        [_row(["strong", "weak"], "0")] * 6
        + [_row(["weak", "strong"], "1")] * 3
        + [_row(["weak", "strong"], "0")] * 1
        + [_row(["strong", "weak"], "0,1")] * 2
    )
    pairs = A.pair_rates(rows)
    assert list(zip(pairs["bot"], pairs["opponent"], strict=True)) == [("strong", "weak")]
    line = pairs.iloc[0]
    assert line["games"] == 12 and line["wins"] == 6 + 3 + 1
    assert line["low"] < line["rate"] < line["high"]


def test_a_gauntlets_summary_gives_each_pairs_win_rate():
    study = ladder("circle", ["mcts:1"], games=4, rules={"radius": 2}, against=["greedy", "random"])
    text = report.summary(study, runner.play_plain(study))
    lines = [line.split() for line in text.splitlines()]
    pair_lines = {" ".join(w[:3]): int(w[3]) for w in lines if w[1:2] == ["v"]}
    assert pair_lines == {"mcts:1 v greedy": 2, "mcts:1 v random": 2}
