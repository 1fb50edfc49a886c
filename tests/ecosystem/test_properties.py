"""Property tests: random drafts keep every card, scores add up and match a plain
re-reading of the rulebook, saves and replays reproduce games, bad text is named."""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import product

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bench.naive_ecosystem import neighbours, plain_totals
from engines.ecosystem import (
    CELLS,
    CODES,
    CardType,
    Park,
    Rules,
    State,
    new_game,
    score,
    score_steps,
    totals,
)
from tests.strategies import draw_move, examples, play

SETTINGS = examples(40)

rules_strategy = st.builds(
    Rules,
    variant=st.sampled_from(["classic", "two_parks"]),
    players=st.integers(2, 6),
    frame=st.sampled_from(["fixed", "floating"]),
)


def all_cards(state: State) -> Counter:
    names = state.rules.park_names
    counts = Counter(state._stock) + Counter(state.discards)
    for p in range(state.players):
        for name in names:
            counts.update(state.hand(p, name))
            counts.update(card for card in state.park(p, name) if card is not None)
    return counts


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6), data=st.data())
def test_random_drafts_keep_every_card_and_scores_add_up(rules, seed, data):
    game = new_game(rules, seed=seed)
    deck = Counter({CardType(code): n * rules.decks for code, n in rules.deck})
    events = []
    while not game.is_over:
        assert all_cards(game) == deck
        events.extend(game.apply(draw_move(data, game)))
    assert all_cards(game) == deck
    assert all(game.park(p, n).is_full for p in range(rules.players) for n in rules.park_names)
    sheet = game.score_sheet()
    for p in range(rules.players):
        assert sheet.total(p) == sum(line.points for line in sheet if line.player == p)
        assert sum(sheet.by_category(p).values()) == sheet.total(p)
    assert events[-1].totals == tuple(sheet.total(p) for p in range(rules.players))
    assert totals(game.parks, rules) == list(events[-1].totals)


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6), stop=st.integers(0, 250), data=st.data())
def test_saves_and_replays_reproduce_the_game(rules, seed, stop, data):
    game = new_game(rules, seed=seed)
    actions = play(data, game, plies=stop)
    restored = State.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.to_dict() == game.to_dict()
    replay = new_game(rules, seed=seed)
    for action in actions:
        replay.apply(action)
    assert replay.to_dict() == game.to_dict()
    # both continue identically
    while not game.is_over:
        action = draw_move(data, game)
        assert game.apply(action) == restored.apply(action)
    assert restored.is_over and restored.score_sheet() == game.score_sheet()


# ---- bad park text -------------------------------------------------------------------

VALID = {c.lower() for c in CODES} | {"..", "gz*", "zb*"}
token_strategy = st.text(alphabet="ABCDEGHILRTUVWYZabz0123456789*.", min_size=1, max_size=4)
grid_strategy = st.lists(
    st.lists(st.sampled_from(list(CODES) + [".."]), min_size=5, max_size=5), min_size=4, max_size=4
)


def _refusal(grid: list[list[str]]) -> str:
    """Why ``Park.parse`` refuses the park text of ``grid`` (rows of tokens)."""
    with pytest.raises(ValueError) as refused:
        Park.parse("\n".join(" ".join(tokens) for tokens in grid))
    return str(refused.value)


@examples(150)
@given(grid=grid_strategy, row=st.integers(0, 3), col=st.integers(0, 4), token=token_strategy)
def test_bad_park_text_names_row_column_and_token(grid, row, col, token):
    assume(token.lower() not in VALID)
    grid[row][col] = token
    message = _refusal(grid)
    assert message.startswith(f"row {row + 1}, column {col + 1}: ")
    assert repr(token) in message


@examples(60)
@given(grid=grid_strategy, row=st.integers(0, 3), drop=st.booleans())
def test_rows_with_too_few_or_too_many_cards_are_named(grid, row, drop):
    if drop:
        grid[row] = grid[row][:4]
    else:
        grid[row] = grid[row] + ["GZ"]
    message = _refusal(grid)
    column = 5 if drop else 6
    assert re.match(rf"row {row + 1}, column {column}: (missing card|extra token 'GZ')", message)


# ---- scoring against a plain re-reading of the rulebook ------------------------------


def _hunting_lions(parks) -> int:
    return sum(
        1
        for park in parks
        for cell, card in park.cards()
        if card.code == "LI" and any(park.get(n) == CardType.GRASSLAND for n in neighbours(cell))
    )


cards = st.sampled_from(CODES)


@st.composite
def parks(draw, empty=True):
    """A park whose every cell is drawn (empty ones too, if ``empty``): shrinks to empty parks."""
    card = st.none() | cards if empty else cards
    return Park({cell: code for cell in CELLS if (code := draw(card)) is not None})


@st.composite
def tables(draw):
    rules = Rules(
        variant=draw(st.sampled_from(["classic", "two_parks"])),
        elephant_floor=draw(st.sampled_from([None, 0])),
        lion_scores_without_prey=draw(st.booleans()),
        majority_needs_gazelles=draw(st.booleans()),
    )
    players = draw(st.integers(1, 4))
    return rules, [[draw(parks()) for _ in rules.park_names] for _ in range(players)]


def shaped(rules, parks):
    return [p[0] if rules.variant == "classic" else tuple(p) for p in parks]


@examples(200)
@given(table=tables())
def test_scores_match_a_plain_reading_of_the_rules(table):
    rules, parks = table
    # the plain reading tries every prey for every hunting lion: keep that small
    assume(max(_hunting_lions(ps) for ps in parks) <= 3)
    sheet = score(shaped(rules, parks), rules)
    got = [sheet.total(p) for p in range(len(parks))]
    assert got == plain_totals(parks, rules)
    first = Rules(**{**rules.__dict__, "lion_choice": "reading_order"})
    got_first = score(shaped(rules, parks), first)
    assert [got_first.total(p) for p in range(len(parks))] == plain_totals(parks, first, "first")


@examples(100)
@given(table=tables())
def test_steps_end_with_the_sheet_and_lion_options_are_real_totals(table):
    rules, parks = table
    entries = shaped(rules, parks)
    steps = list(score_steps(entries, rules))
    assert steps[-1].sheet == score(entries, rules)
    assert list(steps[-1].totals) == totals(entries, rules)
    final = steps[-1].totals
    for step in steps:
        lion = step.lion
        if lion is None or lion.prey is None:
            continue
        # the option taken is worth exactly the final total, and nothing beats it
        assert dict(lion.options)[lion.prey] == final[lion.player]
        assert max(v for _, v in lion.options) == final[lion.player]
        # taking any other option (and letting later lions choose) gives what it says
        for prey, value in lion.options:
            choices = {lion.player: {lion.lion: prey}}
            earlier = [
                s.lion
                for s in steps
                if s.lion is not None
                and s.lion.prey is not None
                and s.lion.player == lion.player
                and steps.index(s) < steps.index(step)
            ]
            for other in earlier:
                choices[lion.player][other.lion] = other.prey
            assert score(entries, rules, lion_choices=choices).total(lion.player) == value


@st.composite
def hunting_parks(draw):
    """A park with one to three lions, each next to a grassland, and a gazelle or zebra."""
    grid = {cell: card for cell, card in draw(parks()).cards() if card.code != "LI"}
    lions = draw(st.lists(st.sampled_from(CELLS), min_size=1, max_size=3, unique=True))
    for lion in lions:
        grid[lion] = CardType("LI")
    for lion in lions:
        free = [n for n in neighbours(lion) if n not in lions]
        if free:
            grid[draw(st.sampled_from(free))] = CardType("GR")
    prey = [cell for cell in CELLS if cell not in lions and grid.get(cell) != CardType("GR")]
    if prey:
        grid[draw(st.sampled_from(prey))] = draw(st.sampled_from([CardType("GZ"), CardType("ZB")]))
    return Park(grid)


@examples(30)
@given(park=hunting_parks())
def test_every_explicit_lion_assignment_scores_no_more_than_the_best(park):
    steps = list(score_steps([park]))
    lion_cells = [s.lion.lion for s in steps if s.lion is not None and s.lion.options]
    prey_cells = sorted({p for s in steps if s.lion is not None for p, _ in s.lion.options})
    assume(lion_cells)  # the cheetahs may have flipped every gazelle
    best = steps[-1].totals[0]
    scored = []
    for assignment in product(prey_cells, repeat=len(lion_cells)):
        choices = {0: dict(zip(lion_cells, assignment, strict=True))}
        seen = []
        try:
            seen.extend(score_steps([park], lion_choices=choices))
        except ValueError as err:
            # the lion that refused is the first chosen one that has not hunted yet
            hunted = {s.lion.lion for s in seen if s.lion is not None}
            lion = next(cell for cell in lion_cells if cell not in hunted)
            prey = choices[0][lion]
            assert prey in seen[-1].flipped[0], "only a face-down card is refused"
            assert "it is already face down" in str(err)
            continue
        total = score([park], lion_choices=choices).total(0)
        assert total == seen[-1].totals[0] <= best
        scored.append(total)
    assert max(scored) == best, "the best choice is one a player could have made"
