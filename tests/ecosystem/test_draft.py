"""The draft: dealing, picking, passing, rounds, the end of the game, saving and views."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engines import IllegalAction
from engines.ecosystem import (
    CODES,
    CardType,
    Dealt,
    Discarded,
    Flipped,
    GameOver,
    Passed,
    Pick,
    Placed,
    RoundEnded,
    Rules,
    Scored,
    State,
    determinize,
    new_game,
    score,
)
from engines.ecosystem.bots import RandomBot


def play(state: State, seed: int = 0, stop=None) -> list:
    """Play random picks until the end (or until stop(state) is true); all events."""
    bot = RandomBot(seed)
    events = []
    while not state.is_over and not (stop and stop(state)):
        events.extend(state.apply(bot.choose(state)))
    return events


def picks_of_turn(state: State) -> list:
    """Every player picks the first legal action once (both parks with two parks)."""
    events = []
    turn, rnd = state.turn, state.round
    while state.turn == turn and state.round == rnd and not state.is_over:
        events.extend(state.apply(state.legal_actions()[0]))
    return events


# ---- dealing and the turn order ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_classic_deals_11_cards_to_each_player_from_one_deck(players):
    game = new_game(Rules(players=players), seed=1)
    assert [len(game.hand(p)) for p in range(players)] == [11] * players
    assert game.stock_size == 132 - 11 * players
    assert game.current_player == 0 and game.round == 0 and game.turn == 0


def test_players_pick_in_order_and_hands_pass_left_once_everyone_has_picked():
    game = new_game(Rules(players=3), seed=2)
    before = [list(game.hand(p)) for p in range(3)]
    picks = []
    for p in range(3):
        assert game.current_player == p
        pick = game.legal_actions()[0]
        picks.append(pick)
        events = game.apply(pick)
        assert isinstance(events[0], Placed) and events[0].player == p
    assert [type(e) for e in events] == [Placed, Passed]
    assert events[1].describe() == "Hands passed left."
    for p in range(3):
        # player p now holds what player p-1 had, minus the card p-1 picked
        expected = list(before[(p - 1) % 3])
        expected.remove(picks[(p - 1) % 3].card)
        assert list(game.hand(p)) == expected
    assert game.turn == 1 and game.current_player == 0


def test_second_round_passes_right_and_rounds_end_with_discards():
    game = new_game(Rules(players=2), seed=3)
    events = []
    for _ in range(10):
        events = picks_of_turn(game)
    kinds = [type(e) for e in events]
    assert kinds == [Placed, Placed, Discarded, Discarded, RoundEnded, Dealt]
    assert game.round == 1 and game.turn == 0
    assert len(game.discards) == 2
    assert [len(game.hand(p)) for p in range(2)] == [11, 11]
    assert all(len(game.park(p)) == 10 for p in range(2))
    before = [list(game.hand(p)) for p in range(2)]
    first = picks_of_turn(game)
    assert first[-1].describe() == "Hands passed right."
    assert game.direction() == -1
    # with two players right and left reach the same neighbour; contents follow the hand
    assert Counter(game.hand(1)) == Counter(before[0]) - Counter([first[0].card])


def test_classic_game_ends_with_full_parks_scoring_events_and_a_winner():
    game = new_game(Rules(players=4), seed=4)
    events = play(game, seed=4)
    assert game.is_over and game.current_player is None
    assert all(game.park(p).is_full for p in range(4))
    assert len(game.discards) == 8
    assert game.stock_size == 132 - 88
    kinds = [e.kind for e in events]
    tail = kinds[len(kinds) - 1 - kinds[::-1].index("round_ended") :]
    assert tail[0] == "round_ended" and tail.count("scored") == 11
    scored = [e.category for e in events if isinstance(e, Scored)]
    assert scored == [c.category for c in CardType]  # every type, in scoring order
    assert tail[-1] == "game_over"
    over = events[-1]
    assert isinstance(over, GameOver)
    sheet = game.score_sheet()
    assert over.totals == tuple(sheet.total(p) for p in range(4))
    assert sheet == score(game.parks, game.rules)
    for e in events:
        if isinstance(e, Scored):
            assert sum(e.points) == sum(
                line.points for line in sheet if line.category == e.category
            )
    best = max(over.totals)
    assert over.winners == tuple(p for p in range(4) if over.totals[p] == best)
    assert game.winners == over.winners
    assert game.winner == (over.winners[0] if len(over.winners) == 1 else None)
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="The game is over."):
        game.apply(Pick("GZ", (0, 0)))


def test_flipped_events_follow_the_category_that_flipped_them():
    for seed in range(20):
        game = new_game(Rules(players=6), seed=seed)
        events = play(game, seed=seed)
        flips = [e for e in events if isinstance(e, Flipped)]
        if flips:
            break
    assert flips
    for e in flips:
        i = events.index(e)
        previous = next(x for x in reversed(events[:i]) if isinstance(x, Scored))
        assert previous.category == e.by
        assert e.card in ("GZ", "ZB")
        assert "was flipped by a" in e.describe()


def test_a_tied_game_is_shared():
    deck = {code: 0 for code in CODES} | {"GR": 66}
    game = new_game(Rules(players=3, deck=deck), seed=0)
    events = play(game)
    assert game.winners == (0, 1, 2) and game.winner is None
    assert events[-1].describe() == "Player 1, Player 2 and Player 3 share the win with 16 points."


# ---- two parks -----------------------------------------------------------------------


def test_two_parks_each_turn_one_pick_per_park_in_either_order():
    game = new_game(Rules(variant="two_parks", players=4), seed=5)
    assert game.rules.decks == 2 and game.stock_size == 264 - 88
    assert {a.park for a in game.legal_actions()} == {"west", "east"}
    east = next(a for a in game.legal_actions() if a.park == "east")
    game.apply(east)
    assert game.current_player == 0 and game.has_picked(0, "east")
    assert {a.park for a in game.legal_actions()} == {"west"}
    with pytest.raises(IllegalAction, match="You already picked for your East park this turn."):
        game.apply(east)
    game.apply(game.legal_actions()[0])
    assert game.current_player == 1


def test_two_parks_west_hands_pass_clockwise_and_east_anticlockwise():
    game = new_game(Rules(variant="two_parks", players=3), seed=6)
    west = [list(game.hand(p, "west")) for p in range(3)]
    east = [list(game.hand(p, "east")) for p in range(3)]
    events = picks_of_turn(game)
    passed = [e for e in events if isinstance(e, Passed)]
    assert [e.describe() for e in passed] == [
        "West hands passed clockwise.",
        "East hands passed anticlockwise.",
    ]
    placed = {(e.player, e.park): e.card for e in events if isinstance(e, Placed)}
    for p in range(3):
        w = Counter(west[(p - 1) % 3]) - Counter([placed[((p - 1) % 3, "west")]])
        e = Counter(east[(p + 1) % 3]) - Counter([placed[((p + 1) % 3, "east")]])
        assert Counter(game.hand(p, "west")) == w
        assert Counter(game.hand(p, "east")) == e


def test_two_parks_game_fills_both_parks_and_scores_rows():
    game = new_game(Rules(variant="two_parks", players=2), seed=7)
    events = play(game, seed=7)
    assert all(game.park(p, name).is_full for p in range(2) for name in ("west", "east"))
    assert len(game.discards) == 2 * 2 * 2  # each round each player discards one per park
    assert [e.category for e in events if isinstance(e, Scored)][-1] == "rows"
    assert all(len(e.park) for e in events if isinstance(e, Discarded))


# ---- illegal picks leave the state unchanged -----------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda g: Pick(_missing(g), (0, 0)), "There is no .* in your hand."),
        (lambda g: Pick(g.hand(0)[0], (0, 0), "west"), "The classic game has one park"),
        (lambda g: Pick(g.hand(0)[0], (3, 4)), "must be next to"),
        (lambda g: Pick(g.hand(0)[0], (1, 1)), "B2 is already taken."),
        (lambda g: ("ZZ", (0, 0)), "Not a pick"),
        (lambda g: "GZ@A1", "A pick is Pick"),
    ],
)
def test_illegal_picks_raise_and_change_nothing(make, message):
    game = new_game(Rules(players=2), seed=8)
    game.apply(Pick(game.hand(0)[0], (1, 1)))
    game.apply(Pick(game.hand(1)[0], (1, 1)))
    snapshot = json.dumps(game.to_dict())
    action = make(game)
    assert not game.is_legal(action)
    with pytest.raises(IllegalAction, match=message):
        game.apply(action)
    assert json.dumps(game.to_dict()) == snapshot


def _missing(game: State) -> CardType:
    return next(c for c in CardType if c not in game.hand(0))


def test_two_parks_needs_a_park_name():
    game = new_game(Rules(variant="two_parks"), seed=9)
    assert game.why_illegal(Pick(game.hand(0, "west")[0], (0, 0))) == (
        "Say which park the card is for: 'west' or 'east'."
    )


def test_tuples_are_accepted_as_picks():
    game = new_game(Rules(players=2), seed=10)
    card = game.hand(0)[0]
    events = game.apply((card.code, (2, 2)))
    assert events[0] == Placed(0, card.code, (2, 2))


def test_legal_actions_list_each_card_type_once_per_cell_and_are_all_legal():
    game = new_game(Rules(players=3), seed=11)
    for _ in range(7):
        actions = game.legal_actions()
        assert len(actions) == len(set(actions))
        types = set(game.hand(game.current_player))
        cells = {a.cell for a in actions}
        assert len(actions) == len(types) * len(cells)
        assert all(game.is_legal(a) for a in actions)
        game.apply(actions[-1])


def test_floating_frame_game_slides_parks_and_fills_them():
    game = new_game(Rules(players=2, frame="floating"), seed=12)
    events = []
    rng = random.Random(12)
    while not game.is_over:
        actions = game.legal_actions()
        outside = [a for a in actions if not (0 <= a.cell[0] < 4 and 0 <= a.cell[1] < 5)]
        events.extend(game.apply(rng.choice(outside or actions)))
    shifts = [e for e in events if isinstance(e, Placed) and e.shift != (0, 0)]
    assert shifts and "sliding the park" in shifts[0].describe()
    assert all(game.park(p).is_full for p in range(2))


# ---- score sheet while playing -------------------------------------------------------


def test_score_sheet_during_the_game_scores_the_parks_as_they_stand():
    game = new_game(Rules(players=2), seed=13)
    play(game, stop=lambda g: g.round == 1)
    assert game.score_sheet() == score(game.parks, game.rules)
    assert game.winner is None


# ---- saving --------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic", "two_parks"])
def test_to_dict_round_trips_at_every_stage(variant):
    game = new_game(Rules(variant=variant, players=3), seed=14)
    bot = RandomBot(14)
    while True:
        data = game.to_dict()
        json.dumps(data)
        again = State.from_dict(json.loads(json.dumps(data)))
        assert again.to_dict() == data
        assert again.current_player == game.current_player
        assert again.legal_actions() == game.legal_actions()
        if game.is_over:
            assert again.score_sheet() == game.score_sheet()
            assert again.winner == game.winner
            break
        for _ in range(7):
            if not game.is_over:
                game.apply(bot.choose(game))


def _saved(**changes):
    game = new_game(Rules(players=2), seed=15)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    data = game.to_dict()
    for path, value in changes.items():
        target = data
        keys = path.split(".")
        for k in keys[:-1]:
            target = target[int(k) if k.isdigit() else k]
        last = keys[-1]
        target[int(last) if last.isdigit() else last] = value
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"version": 3}, "version"),
        ({"format": "chess"}, "format"),
        ({"round": 3}, "round"),
        ({"turn": -1}, "turn"),
        ({"rules": {"players": 9}}, "rules: players"),
        ({"parks.0.0": "GZ"}, r"parks\[0\]\[0\]"),
        ({"parks.0.0": ".. .. .. .. ..\n" * 4}, r"parks\[0\]\[0\]: expected 2 cards"),
        ({"hands.0.1": []}, r"hands\[0\]\[1\]: expected"),
        ({"hands.0.0.0": "ZZ"}, r"hands\[0\]\[0\]\[0\]: unknown card code 'ZZ'"),
        ({"picked": [[], [0]]}, "picked"),
        ({"discards": ["GZ"]}, "discards"),
        ({"stock": []}, "stock"),
        ({"seed": "x"}, "seed"),
    ],
)
def test_from_dict_names_the_bad_field(changes, message):
    with pytest.raises(ValueError, match=message):
        State.from_dict(_saved(**changes))


def test_from_dict_catches_cards_that_do_not_add_up():
    data = _saved()
    data["stock"][0] = "GZ" if data["stock"][0] != "GZ" else "ZB"
    with pytest.raises(ValueError, match="stock: the game's 1 deck"):
        State.from_dict(data)


def test_from_dict_checks_parks_are_connected():
    data = _saved()
    data["parks"][0][0] = "GZ .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ZB"
    with pytest.raises(ValueError, match="one group"):
        State.from_dict(data)


def test_from_dict_rejects_missing_and_unknown_fields():
    data = _saved()
    del data["stock"]
    with pytest.raises(ValueError, match="stock: missing"):
        State.from_dict(data)
    with pytest.raises(ValueError, match="extra: unknown field"):
        State.from_dict(_saved() | {"extra": 1})
    with pytest.raises(ValueError, match="mapping"):
        State.from_dict([])


def test_replay_from_seed_and_actions_reproduces_the_game():
    rules = Rules(variant="two_parks", players=3)
    game = new_game(rules, seed=16)
    bot = RandomBot(3)
    actions, events = [], []
    while not game.is_over:
        action = bot.choose(game)
        actions.append(action)
        events.extend(game.apply(action))
    replay = new_game(rules, seed=16)
    replayed = [e for a in actions for e in replay.apply(a)]
    assert replayed == events
    assert replay.to_dict() == game.to_dict()


def test_clone_is_independent():
    game = new_game(Rules(players=2), seed=17)
    copy = game.clone()
    game.apply(game.legal_actions()[0])
    assert copy.turn == 0 and len(copy.park(0)) == 0 and len(game.park(0)) == 1
    assert copy.to_dict() != game.to_dict()


# ---- what a player sees --------------------------------------------------------------


def test_observation_shows_own_hand_every_park_and_hands_already_held():
    game = new_game(Rules(players=3), seed=18)
    obs = game.observation(1)
    assert obs.hands[0][1] == game.hand(1)
    assert obs.hands[0][0] is None and obs.hands[0][2] is None
    assert obs.hand_sizes == ((11, 11, 11),)
    assert len(obs.unseen) == 132 - 11
    picks_of_turn(game)
    obs = game.observation(1)
    # player 1's first hand went to player 2: known, minus the card player 2 placed
    assert obs.hands[0][2] == game.hand(2)
    assert obs.hands[0][0] is None
    picks_of_turn(game)
    obs = game.observation(1)
    # after two passes she has held every hand: only the stock is unseen
    assert all(obs.hands[0][p] == game.hand(p) for p in range(3))
    assert len(obs.unseen) == game.stock_size


def test_unseen_cards_are_exactly_the_unknown_hands_and_the_stock():
    game = new_game(Rules(variant="two_parks", players=4), seed=19)
    play(game, seed=19, stop=lambda g: g.round == 1 and g.turn == 1 and g.current_player == 2)
    for player in range(4):
        obs = game.observation(player)
        hidden = Counter()
        for slot, name in enumerate(("west", "east")):
            for holder in range(4):
                if obs.hands[slot][holder] is None:
                    hidden.update(game.hand(holder, name))
                else:
                    assert obs.hands[slot][holder] == game.hand(holder, name)
        assert Counter(obs.unseen) == hidden + Counter(game._stock)


def test_determinized_states_agree_with_the_observation_and_vary_the_rest():
    game = new_game(Rules(players=4), seed=20)
    picks_of_turn(game)
    game.apply(game.legal_actions()[0])
    assert game.current_player == 1
    obs = game.observation(1)
    samples = [determinize(obs, random.Random(k)) for k in range(5)]
    for s in samples:
        assert s.observation(1) == obs
        assert s.current_player == 1
        assert s.legal_actions() == game.legal_actions()
    assert len({s.hand(0) for s in samples} | {game.hand(0)}) > 1
    assert samples[0].to_dict()["stock"] != game.to_dict()["stock"]


def test_observation_rejects_a_bad_player():
    with pytest.raises(ValueError, match="player"):
        new_game().observation(2)


def test_narration_uses_the_right_article() -> None:
    from engines.ecosystem import Discarded, Placed

    assert "placed an elephant at" in Placed(player=0, card="EL", cell=(0, 0)).describe()
    assert "placed a zebra at" in Placed(player=0, card="ZB", cell=(0, 0)).describe()
    assert Discarded(player=1, card="EL").describe().endswith(", an elephant.")
