"""Property tests: random drafts keep every card, scores add up and match a plain
re-reading of the rulebook, saves and replays reproduce games, bad text is named."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from itertools import product

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

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
from engines.ecosystem.bots import RandomBot

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

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
@given(rules=rules_strategy, seed=st.integers(0, 10**6))
def test_random_drafts_keep_every_card_and_scores_add_up(rules, seed):
    game = new_game(rules, seed=seed)
    deck = Counter({CardType(code): n * rules.decks for code, n in rules.deck})
    bot = RandomBot(seed)
    events = []
    while not game.is_over:
        assert all_cards(game) == deck
        events.extend(game.apply(bot.choose(game)))
    assert all_cards(game) == deck
    assert all(game.park(p, n).is_full for p in range(rules.players) for n in rules.park_names)
    sheet = game.score_sheet()
    for p in range(rules.players):
        assert sheet.total(p) == sum(line.points for line in sheet if line.player == p)
        assert sum(sheet.by_category(p).values()) == sheet.total(p)
    assert events[-1].totals == tuple(sheet.total(p) for p in range(rules.players))
    assert totals(game.parks, rules) == list(events[-1].totals)


@SETTINGS
@given(rules=rules_strategy, seed=st.integers(0, 10**6), stop=st.integers(0, 250))
def test_saves_and_replays_reproduce_the_game(rules, seed, stop):
    game = new_game(rules, seed=seed)
    bot = RandomBot(seed + 1)
    actions = []
    for _ in range(stop):
        if game.is_over:
            break
        action = bot.choose(game)
        actions.append(action)
        game.apply(action)
    data = json.loads(json.dumps(game.to_dict()))
    restored = State.from_dict(data)
    assert restored.to_dict() == game.to_dict()
    replay = new_game(rules, seed=seed)
    for action in actions:
        replay.apply(action)
    assert replay.to_dict() == game.to_dict()
    # both continue identically
    a, b = RandomBot(7), RandomBot(7)
    while not game.is_over:
        assert game.apply(a.choose(game)) == restored.apply(b.choose(restored))
    assert restored.is_over and restored.score_sheet() == game.score_sheet()


# ---- bad park text -------------------------------------------------------------------

VALID = {c.lower() for c in CODES} | {"..", "gz*", "zb*"}
token_strategy = st.text(alphabet="ABCDEGHILRTUVWYZabz0123456789*.", min_size=1, max_size=4)
grid_strategy = st.lists(
    st.lists(st.sampled_from(list(CODES) + [".."]), min_size=5, max_size=5), min_size=4, max_size=4
)


@settings(max_examples=150, deadline=None)
@given(grid=grid_strategy, row=st.integers(0, 3), col=st.integers(0, 4), token=token_strategy)
def test_bad_park_text_names_row_column_and_token(grid, row, col, token):
    assume(token.lower() not in VALID)
    grid[row][col] = token
    text = "\n".join(" ".join(tokens) for tokens in grid)
    try:
        Park.parse(text)
    except ValueError as exc:
        message = str(exc)
    else:
        raise AssertionError(f"{text!r} parsed")
    assert message.startswith(f"row {row + 1}, column {col + 1}: ")
    assert repr(token) in message


@settings(max_examples=60, deadline=None)
@given(grid=grid_strategy, row=st.integers(0, 3), drop=st.booleans())
def test_rows_with_too_few_or_too_many_cards_are_named(grid, row, drop):
    if drop:
        grid[row] = grid[row][:4]
    else:
        grid[row] = grid[row] + ["GZ"]
    text = "\n".join(" ".join(tokens) for tokens in grid)
    try:
        Park.parse(text)
    except ValueError as exc:
        message = str(exc)
    else:
        raise AssertionError("parsed")
    column = 5 if drop else 6
    assert re.match(rf"row {row + 1}, column {column}: (missing card|extra token 'GZ')", message)


# ---- scoring against a plain re-reading of the rulebook ------------------------------

ORTH = ((-1, 0), (0, -1), (0, 1), (1, 0))
ANIMALS = {"GZ", "ZB", "GF", "CH", "LI", "EL", "HY", "VU"}


def neighbours(cell, steps=ORTH):
    r, c = cell
    for dr, dc in steps:
        if 0 <= r + dr < 4 and 0 <= c + dc < 5:
            yield (r + dr, c + dc)


AROUND = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def plain_before_lions(grid):
    """Points of one park up to the cheetahs, and the cells the cheetahs flip."""
    pts = 0
    for cell, code in grid.items():
        if code == "WH":
            pts += 2 * len({grid[n] for n in neighbours(cell) if grid.get(n) in ANIMALS})
        elif code == "ZB":
            pts += 3 * sum(1 for n in neighbours(cell) if grid.get(n) == "GR")
        elif code == "GF":
            pts += 5 if any(grid.get(n) == "TR" for n in neighbours(cell)) else 0
        elif code == "GZ":
            pts += 2
    seen = set()
    for cell, code in grid.items():
        if code == "GR" and cell not in seen:
            group, todo = {cell}, [cell]
            while todo:
                for n in neighbours(todo.pop()):
                    if grid.get(n) == "GR" and n not in group:
                        group.add(n)
                        todo.append(n)
            seen |= group
            pts += min(len(group), 4) ** 2
    trees = [cell for cell, code in grid.items() if code == "TR"]
    pts += 2 * (len({r for r, _ in trees}) + len({c for _, c in trees}))
    flipped = set()
    for (r, c), code in grid.items():
        if code == "CH":
            for (rr, cc), other in grid.items():
                if other == "GZ" and rr != r and abs(rr - r) == abs(cc - c):
                    pts += 3
                    flipped.add((rr, cc))
    return pts, flipped


def plain_after_lions(grid, flipped, rules):
    pts = 0
    for (r, c), code in grid.items():
        if code == "EL":
            near = sum(
                1
                for n in neighbours((r, c))
                if grid.get(n) in ANIMALS and grid.get(n) != "EL" and n not in flipped
            )
            value = 6 - 2 * near
            if rules.elephant_floor is not None:
                value = max(value, rules.elephant_floor)
            pts += value
        elif code == "HY":
            pts += 3 * sum(1 for n in neighbours((r, c), AROUND) if n in flipped)
        elif code == "VU":
            pts += 4 * sum(1 for rr in range(r + 1, 4) if (rr, c) in flipped)
    return pts


def plain_rows(grids, flipped_sets, rules):
    pts = 0
    for r in range(4):
        kinds = {
            code
            for grid, flipped in zip(grids, flipped_sets, strict=True)
            for (rr, c), code in grid.items()
            if rr == r and (rr, c) not in flipped
        }
        pts += rules.row_points[len(kinds)]
    return pts


def plain_lions(i, flips, lion_points, lions, player_grids, rules, policy):
    """Points of lions i… and everything after them, over every choice of prey."""
    if i == len(lions):
        tail = sum(plain_after_lions(g, f, rules) for g, f in zip(player_grids, flips, strict=True))
        if rules.variant == "two_parks":
            tail += plain_rows(player_grids, flips, rules)
        return lion_points + tail
    slot, cell = lions[i]
    grid = player_grids[slot]
    rest = (lions, player_grids, rules, policy)
    if not any(grid.get(n) == "GR" for n in neighbours(cell)):
        return plain_lions(i + 1, flips, lion_points, *rest)
    prey = sorted(c for c, code in grid.items() if code in ("GZ", "ZB") and c not in flips[slot])
    if not prey:
        extra = 4 if rules.lion_scores_without_prey else 0
        return plain_lions(i + 1, flips, lion_points + extra, *rest)
    if policy != "best":
        prey = prey[:1]
    results = []
    for choice in prey:
        after = list(flips)
        after[slot] = flips[slot] | {choice}
        results.append(plain_lions(i + 1, after, lion_points + 4, *rest))
    return max(results)


def plain_scores(tables, rules, policy):
    """Totals by a direct reading of the rules; lions try every choice (``policy="best"``)
    or take the first face-up prey in reading order."""
    grids = [
        [{cell: card.code for cell, card in park.cards()} for park in parks] for parks in tables
    ]
    out = []
    for p, player_grids in enumerate(grids):
        base, flips = 0, []
        for grid in player_grids:
            pts, flipped = plain_before_lions(grid)
            base += pts
            flips.append(flipped)
        most, second = rules.majority_points
        for slot in range(len(player_grids)):
            counts = [sum(1 for code in g[slot].values() if code == "GZ") for g in grids]
            pool = [n for n in counts if n > 0] if rules.majority_needs_gazelles else counts
            mine = counts[p]
            if not pool or (rules.majority_needs_gazelles and mine == 0):
                continue
            top = max(pool)
            if mine == top:
                base += most
            elif pool.count(top) == 1 and mine == max(n for n in pool if n != top):
                base += second
        lions = [
            (slot, cell)
            for slot, grid in enumerate(player_grids)
            for cell in sorted(grid)
            if grid[cell] == "LI"
        ]

        out.append(base + plain_lions(0, flips, 0, lions, player_grids, rules, policy))
    return out


DECK = [code for code in CODES for _ in range(12)]


def _hunting_lions(parks) -> int:
    return sum(
        1
        for park in parks
        for cell, card in park.cards()
        if card.code == "LI" and any(park.get(n) == CardType.GRASSLAND for n in neighbours(cell))
    )


@st.composite
def tables(draw):
    variant = draw(st.sampled_from(["classic", "two_parks"]))
    players = draw(st.integers(1, 4))
    rules = Rules(
        variant=variant,
        elephant_floor=draw(st.sampled_from([None, 0])),
        lion_scores_without_prey=draw(st.booleans()),
        majority_needs_gazelles=draw(st.booleans()),
    )
    rng = random.Random(draw(st.integers(0, 10**9)))
    empty = draw(st.floats(0, 0.5))
    out = []
    for _ in range(players):
        parks = []
        for _ in rules.park_names:
            cells = {cell: rng.choice(DECK) for cell in CELLS if rng.random() >= empty}
            parks.append(Park(cells))
        out.append(parks)
    return rules, out


def shaped(rules, parks):
    return [p[0] if rules.variant == "classic" else tuple(p) for p in parks]


@settings(max_examples=200, deadline=None)
@given(table=tables())
def test_scores_match_a_plain_reading_of_the_rules(table):
    rules, parks = table
    # the plain reading tries every prey for every hunting lion: keep that small
    assume(max(_hunting_lions(ps) for ps in parks) <= 3)
    sheet = score(shaped(rules, parks), rules)
    got = [sheet.total(p) for p in range(len(parks))]
    assert got == plain_scores(parks, rules, "best")
    first = Rules(**{**rules.__dict__, "lion_choice": "reading_order"})
    got_first = score(shaped(rules, parks), first)
    assert [got_first.total(p) for p in range(len(parks))] == plain_scores(parks, first, "first")


@settings(max_examples=100, deadline=None)
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


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_explicit_lion_assignment_scores_no_more_than_the_best(seed):
    rng = random.Random(seed)
    cells = {cell: rng.choice(["LI", "GR", "GZ", "ZB", "EL", "HY", "VU", "TR"]) for cell in CELLS}
    park = Park(cells)
    steps = list(score_steps([park]))
    lion_cells = [s.lion.lion for s in steps if s.lion is not None and s.lion.options]
    prey_cells = sorted({p for s in steps if s.lion is not None for p, _ in s.lion.options})
    assume(len(lion_cells) <= 3)
    best = steps[-1].totals[0]
    for assignment in product(prey_cells, repeat=len(lion_cells)):
        if len(set(assignment)) < len(assignment):
            continue
        try:
            total = score([park], lion_choices={0: dict(zip(lion_cells, assignment, strict=True))})
        except ValueError:
            continue  # a prey the cheetahs already flipped
        assert total.total(0) <= best
