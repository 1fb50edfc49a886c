"""Property tests: random legal games keep every invariant of the rules and of saving."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from engines.circle import Rules, State, new_game, replay, species_of
from engines.saves import SAVE_VERSION
from tests.strategies import draw_move, examples, play

SETTINGS = examples(100)

rules_strategy = st.builds(
    Rules,
    radius=st.integers(2, 4),
    capture_target=st.integers(1, 25),
    first_player=st.integers(0, 1),
    no_placement_wins=st.booleans(),
)
rngs = st.randoms(use_true_random=False)
"""Random generators whose every draw comes from Hypothesis, so playouts shrink too."""


def _brute_force_legal(game):
    """Legal cells worked out from the definition: the merged group must have at most 4 stones."""
    p = game.current_player
    out = []
    for cell in game.cells:
        if game.stone_at(cell) is not None:
            continue
        group = {cell}
        todo = [cell]
        while todo:
            c = todo.pop()
            for i in game.board.nbrs[game.board.index[c]]:
                n = game.board.cells[i]
                if n not in group and game.stone_at(n) == p:
                    group.add(n)
                    todo.append(n)
        if len(group) <= 4:
            out.append(cell)
    return out


def _check_board(game):
    stones = {c: game.stone_at(c) for c in game.cells if game.stone_at(c) is not None}
    covered = {}
    for critter in game.critters():
        assert 1 <= critter.size <= 4
        assert critter.species == species_of(critter.cells)
        for c in critter.cells:
            assert stones[c] == critter.player
            covered[c] = critter
    assert set(covered) == set(stones)
    # Critters are whole groups: no two critters of one player touch.
    for c, critter in covered.items():
        for i in game.board.nbrs[game.board.index[c]]:
            n = game.board.cells[i]
            if stones.get(n) == critter.player:
                assert covered[n] is critter


def _play(rules, data):
    game = new_game(rules)
    trail = [game.clone()]
    while not game.is_over:
        game.apply(draw_move(data, game))
        trail.append(game.clone())
    return game, trail


class TestInvariants:
    @SETTINGS
    @given(rules_strategy, st.data())
    def test_every_position_of_a_full_random_game(self, rules, data):
        game = new_game(rules)
        placed = [0, 0]
        previous_eaten = (0, 0)
        finished = []
        while not game.is_over:
            assert game.legal_actions() == _brute_force_legal(game)
            move = draw_move(data, game)
            mover = game.current_player
            game.apply(move)
            placed[mover] += 1
            _check_board(game)
            eaten = game.eaten
            assert eaten[0] >= previous_eaten[0] and eaten[1] >= previous_eaten[1]
            assert eaten[1 - mover] == previous_eaten[1 - mover]  # only the mover eats
            previous_eaten = eaten
            for p in (0, 1):
                on_board = sum(1 for c in game.cells if game.stone_at(c) == p)
                assert on_board + eaten[1 - p] == placed[p]
            if game.is_over:
                finished.append(game.outcome.reason)
                assert game.current_player is None and game.legal_actions() == []
                outcome = game.outcome
                if outcome.reason == "capture_target":
                    assert outcome.winner == mover and eaten[mover] >= rules.capture_target
                else:
                    assert outcome.stuck == 1 - mover
                    assert max(eaten) < rules.capture_target
                    stuck_view = State.from_dict(game.to_dict())
                    stuck_view._outcome = None
                    stuck_view._player = outcome.stuck
                    assert _brute_force_legal(stuck_view) == []
                    expected = outcome.stuck if rules.no_placement_wins else mover
                    assert outcome.winner == expected
            else:
                assert game.current_player == 1 - mover
                assert max(eaten) < rules.capture_target
        assert finished and game.is_over

    @SETTINGS
    @given(rules_strategy, st.data())
    def test_replay_and_saves_reproduce_every_position(self, rules, data):
        game, trail = _play(rules, data)
        assert replay(game.moves, rules) == game
        assert replay([game.label(c) for c in game.moves], rules) == game
        data = game.to_dict()
        assert State.from_dict(data) == game
        assert State.from_dict(json.loads(json.dumps(data))).to_dict() == data
        middle = trail[len(trail) // 2]
        assert State.from_dict(middle.to_dict()) == middle
        assert replay(middle.moves, rules) == middle

    @SETTINGS
    @given(rules_strategy, st.data())
    def test_clones_are_independent(self, rules, data):
        game, trail = _play(rules, data)
        snapshots = [t.to_dict() for t in trail]
        middle = trail[len(trail) // 2]
        if not middle.is_over:
            middle.apply(middle.legal_actions()[-1])
            snapshots[len(trail) // 2] = middle.to_dict()
        for t, snap in zip(trail, snapshots, strict=True):
            assert t.to_dict() == snap

    @SETTINGS
    @given(rules_strategy, rngs)
    def test_fast_random_playout_matches_the_public_rules(self, rules, rng):
        game = new_game(rules)
        winner = game.random_playout(rng)
        assert game.is_over and game.winner == winner
        replayed = replay(game.moves, rules)
        assert replayed == game
        _check_board(game)

    @SETTINGS
    @given(rules_strategy, st.integers(0, 60), st.data(), rngs)
    def test_playout_from_the_middle_of_a_game(self, rules, steps, data, rng):
        game = new_game(rules)
        play(data, game, plies=steps)
        before = game.clone()
        game.random_playout(rng)
        assert game.moves[: len(before.moves)] == before.moves
        assert replay(game.moves[len(before.moves) :], start=before) == game


_KEYS = list(new_game().to_dict())  # every key a save writes
_SUMMARY = ("stones", "eaten", "to_move", "winner", "reason")
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 100),
    st.text(max_size=5),
    st.lists(st.integers(-9, 9), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers()),
)


class TestMalformedSaves:
    @examples(150)
    @given(st.integers(0, 19), st.data(), st.sampled_from(_KEYS), junk)
    def test_any_bad_field_is_named(self, plies, moves, key, value):
        game = new_game(Rules(radius=3, capture_target=8))
        play(moves, game, plies=plies)
        data = game.to_dict()
        data[key] = value
        try:
            loaded = State.from_dict(data)
        except ValueError as err:
            # A well-formed but different move list is caught by the position check.
            named = (key, *_SUMMARY) if key == "moves" else (key,)
            assert str(err).startswith(named), (key, str(err))
        else:  # the junk happened to be a valid value (a seed, say)
            if key == "version" and value == 1:  # a version 1 save still loads, as version 2
                data["version"] = SAVE_VERSION
            assert loaded.to_dict() == json.loads(json.dumps(data))

    @examples(100)
    @given(st.sampled_from(["stones", "eaten", "to_move"]), junk)
    def test_any_bad_start_field_is_named(self, key, value):
        game = State.from_position({0: "C3 C4", 1: "D5"}, to_move=1, rules=Rules(radius=3))
        data = game.to_dict()
        data["start"][key] = value
        try:
            loaded = State.from_dict(data)
        except ValueError as err:
            assert str(err).startswith((f"start.{key}", *_SUMMARY)), str(err)
        else:  # the junk happened to be a valid value (Orange to move, say)
            assert loaded.to_dict() == json.loads(json.dumps(data))
