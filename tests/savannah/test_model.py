"""SavannahModel: options, choosing and playing cards, refusals, seats, undo/redo, hot seat,
bots, saving and loading — everything a page relies on, without a browser."""

from __future__ import annotations

import json

import pytest

from cole_panel.savannah import SavannahModel
from cole_panel.savannah.model import SAVE_FORMAT, mcts_iterations
from engines.savannah import (
    Discard,
    Discarded,
    Drew,
    GreedyBot,
    Play,
    Rules,
    Steal,
    StealPending,
    Stole,
    make_state,
    new_game,
)

LION_TURN = dict(row=["zebra", "impala@1", "termite@1"], hands=[["lion", "cheetah"], ["hyena"]])


def two_people(**kw):
    """A hand-built position for two people sharing the page (hands not covered)."""
    return SavannahModel.from_state(make_state(**kw), hide_hands=False)


# ---------------------------------------------------------------- options and new games


def test_options_are_the_rules_of_the_next_game():
    game = SavannahModel(players=2, hand_size=4, start_row=10, tokens=5, steal="richest", seed=11)
    rules = game.state.rules
    assert (rules.players, rules.hand_size, rules.start_row, rules.tokens, rules.steal) == (
        2,
        4,
        10,
        5,
        "richest",
    )
    assert len(game.state.row) == 10 and len(game.state.hand(0)) == 4
    assert game.state.pile_size == 64 - 10 - 2 * 4
    game.players = 5
    assert game.state.players == 2, "options only apply to the next new game"
    assert game.new_game()
    assert game.state.players == 5 and game.history == []


def test_same_seed_deals_the_same_game():
    a, b = SavannahModel(seed=4), SavannahModel(seed=4)
    assert a.state.to_dict() == b.state.to_dict()
    assert SavannahModel(seed=5).state.to_dict() != a.state.to_dict()


def test_options_that_do_not_fit_together_are_refused_and_keep_the_game():
    game = SavannahModel(players=2, seed=1)
    before = game.state
    game.param.update(players=3, first_player=4)
    assert not game.new_game()
    assert game.message_is_error and "first_player" in game.message
    assert game.state is before


def test_every_option_parameter_is_documented_and_bounded():
    for name, p in SavannahModel.param.objects().items():
        if name == "name":
            continue
        assert p.doc, f"{name} has no doc"
        if hasattr(p, "bounds") and type(p).__name__ in ("Integer", "Number"):
            assert p.bounds is not None, f"{name} has no bounds"


def test_mcts_strength_scales_its_iterations():
    assert [mcts_iterations(s) for s in (1, 2, 5)] == [40, 100, 3000]


# ---------------------------------------------------------------- choosing and playing


def test_choosing_a_blocked_card_says_which_rule_forbids_it():
    game = two_people(row=["zebra", "jackal"], hands=[["cheetah", "oxpecker"], ["lion"]])
    assert not game.select("cheetah")
    assert game.message == (
        "The cheetah cannot be played: The cheetah may not be placed next "
        "to a predator — the rightmost card is a jackal."
    )
    assert game.message_is_error
    assert game.blocker("cheetah#1") == 1, "the jackal, rightmost, blocks it"
    assert game.selected == "cheetah#1"


def test_playing_a_blocked_card_is_refused_with_the_rule_and_changes_nothing():
    game = two_people(row=["zebra", "jackal"], hands=[["cheetah", "oxpecker"], ["lion"]])
    before = game.state.to_dict()
    game.select("cheetah")
    assert not game.play()
    assert game.message == (
        "The cheetah may not be placed next to a predator — the rightmost card is a jackal."
    )
    assert game.state.to_dict() == before and game.history == []


def test_choosing_a_playable_card_previews_its_hunt():
    game = two_people(**LION_TURN)
    assert game.select("lion")
    assert game.message == "The lion can be played. It would kill impala and zebra."
    assert not game.message_is_error
    assert game.blocker("lion#1") is None


def test_a_play_records_the_turn_with_its_events_and_the_positions():
    game = two_people(**LION_TURN)
    start = game.state
    assert game.play("lion")
    turn = game.history[-1]
    assert turn.player == 0 and turn.move == Play("lion#1")
    assert turn.before is start and turn.state is game.state
    assert [e.kind for e in game.events][:2] == ["played", "effect"]
    assert game.state.kill_pile(0) == ("impala#1", "zebra#1")
    assert "Player 1's lion killed Player 2's impala." in game.message
    assert game.selected is None and not game.message_is_error
    assert turn.label == "Player 1 played a lion"


def test_cards_can_be_named_by_id_name_or_move():
    for action in ("lion", "lion#1", Play("lion#1")):
        game = two_people(**LION_TURN)
        assert game.play(action), action


def test_playing_without_choosing_asks_to_choose():
    game = two_people(**LION_TURN)
    assert not game.play()
    assert game.message == "Choose a card from your hand first."


def test_a_card_not_in_hand_is_refused():
    game = two_people(**LION_TURN)
    assert not game.select("hyena")
    assert game.message == "There is no hyena in Player 1's hand."
    assert not game.play("hyena#1")
    assert game.message == "The hyena (hyena#1) is not in Player 1's hand."


def test_when_nothing_can_be_played_the_chosen_card_is_discarded():
    game = two_people(row=["zebra", "impala"], hands=[["meerkat", "gazelle", "oxpecker"], ["lion"]])
    assert game.must_discard
    assert game.select("gazelle")
    assert game.message.startswith("None of your cards can be played, so one must be discarded")
    assert game.play()
    assert isinstance(game.history[-1].move, Discard)
    assert isinstance(game.events[0], Discarded)
    assert game.state.discard_pile[-1] == "gazelle#1"
    assert game.state.row == ("zebra#1", "impala#1")


def test_a_human_steal_is_chosen_after_a_scavengers_kill():
    game = two_people(
        row=["zebra@1", "lion", "meerkat@1"],
        hands=[["vulture", "termite"], ["impala", "rhino"]],
        kills=[["oxpecker"], ["wildebeest", "guineafowl"]],
    )
    assert game.play("vulture")
    assert isinstance(game.events[-1], StealPending)
    assert game.must_steal and game.state.current_player == 0
    assert not game.select("termite")
    assert "First take a card from another player's kill pile" in game.message
    assert not game.play("oxpecker#1")  # her own kill pile
    assert game.play("wildebeest")
    assert isinstance(game.history[-1].move, Steal)
    assert isinstance(game.events[0], Stole)
    assert "wildebeest#1" in game.state.kill_pile(0)
    assert game.state.current_player == 1


# ---------------------------------------------------------------- seats and bots


def test_a_bot_seat_cannot_be_played_from_the_page():
    game = SavannahModel(players=2, seat0="Greedy", seat1="Human", seed=2)
    card = game.state.legal_actions()[0].card
    assert not game.human_play(card)
    assert game.message == (
        "It is Player 1's turn, and the Greedy bot plays Player 1; wait for its move."
    )
    assert game.bot_move() and game.state.current_player == 1


def test_bot_move_uses_the_seats_bot_and_is_reproducible():
    a = SavannahModel(players=3, seat0="Greedy", seed=9)
    b = SavannahModel(players=3, seat0="Greedy", seed=9)
    for _ in range(6):
        assert a.bot_move() and b.bot_move()
    assert a.state.to_dict() == b.state.to_dict()
    expected = new_game(Rules(players=3), seed=9)
    expected.apply(GreedyBot(seed=90).choose(expected.clone()))
    assert a.history[0].state.to_dict() == expected.to_dict()


def test_bot_choice_never_changes_the_game():
    game = SavannahModel(players=4, seat1="MCTS", strength1=1, seed=3)
    before = game.state.to_dict()
    move = game.bot_choice(kind="MCTS")
    assert move in game.state.legal_actions()
    assert game.state.to_dict() == before


def test_play_out_finishes_the_game_with_every_move_recorded():
    game = SavannahModel(players=2, start_row=30, seed=6)
    made = game.play_out("Greedy")
    assert game.state.is_over and made == len(game.history) > 0
    assert game.outcome_text.startswith("Game over: ")
    assert game.message.startswith(f"The Greedy bot played the last {made} moves.")
    assert not game.bot_move() and "The game is over" in game.message
    with pytest.raises(ValueError):
        game.play_out("Human")


def test_score_rows_list_every_line_and_its_cards():
    game = SavannahModel(players=3, start_row=30, seed=8)
    game.play_out("Random")
    rows = game.score_rows()
    sheet = game.state.score_sheet()
    assert len(rows) == len(sheet)
    assert {r["category"] for r in rows} >= {"alive", "hand", "kills"}
    for q, total in enumerate(game.state.totals()):
        assert sum(r["points"] for r in rows if r["seat"] == q) == total
    for row, line in zip(rows, sheet, strict=True):
        assert row["cards"] == list(line.cells) and row["why"] == line.note


# ---------------------------------------------------------------- undo and redo


def test_undo_takes_back_the_persons_turn_and_the_bots_replies():
    game = SavannahModel(players=3, seed=21)
    start = game.state.to_dict()
    assert game.play(game.state.legal_actions()[0])
    assert game.bot_move() and game.bot_move()
    assert len(game.history) == 3 and game.state.current_player == 0
    assert game.undo()
    assert game.history == [] and len(game.future) == 3
    back = game.state.to_dict()
    assert {**back, "pile": None} == {**start, "pile": None}
    assert sorted(back["pile"]) == sorted(start["pile"]), "the same cards, shuffled again"
    assert game.message.startswith("Took back 3 moves; Player 1 to move. The draw pile was")
    assert game.redo()
    assert len(game.history) == 3 and game.future == []
    assert game.state.current_player == 0


def _drawn(turn):
    return [e.card for e in turn.events if isinstance(e, Drew)]


def test_fair_undo_hides_the_card_you_drew_again():
    """Play, see the card drawn, undo, play the same card: the next card comes from a pile
    shuffled again, so the undo told nothing about it (over several seeds, a different card
    at least once, and never a card outside the unseen ones)."""
    different = 0
    for seed in range(6):
        game = SavannahModel(players=2, seat1="Human", hide_hands=False, seed=seed)
        move = game.state.legal_actions()[0]
        unseen = set(game.state.pile)
        game.play(move)
        first = _drawn(game.history[-1])
        assert game.undo()
        game.play(move)
        again = _drawn(game.history[-1])
        assert set(again) <= unseen
        different += again != first
        assert game.load(game.save()), "the save still replays to the live position"
    assert different >= 4


def test_fair_undo_takes_back_only_your_last_turn_and_its_bot_replies():
    game = SavannahModel(players=3, seed=4)
    for _ in range(2):
        game.play(game.state.legal_actions()[0])
        game.run_bots()
    assert len(game.history) == 6
    assert game.undo() and len(game.history) == 3
    assert not game.undo()
    assert game.message == "You can take back only your last turn; play on, or redo."
    assert len(game.history) == 3
    assert game.redo() and len(game.history) == 6
    game.undo_limit = 0
    assert not game.undo() and game.message == "Undo is switched off for this game."


def test_fair_undo_keeps_a_turn_whose_draw_no_shuffle_could_hide():
    game = two_people(
        row=["zebra"], hands=[["impala", "lion"], ["termite"]], pile=["rhino"], leftover="discard"
    )
    assert game.play("lion") and _drawn(game.history[-1]) == ["rhino#1"]
    assert not game.undo()
    assert "no shuffle could hide it again" in game.message
    assert len(game.history) == 1


def test_undo_keeps_a_steal_with_its_play():
    game = two_people(
        row=["zebra@1", "lion", "meerkat@1"],
        hands=[["vulture", "termite"], ["impala", "rhino"]],
        kills=[["oxpecker"], ["wildebeest", "guineafowl"]],
    )
    start = game.state.to_dict()
    game.play("vulture")
    game.play("wildebeest")
    assert game.undo()
    assert {**game.state.to_dict(), "pile": 0} == {**start, "pile": 0}
    assert len(game.future) == 2
    assert game.redo() and len(game.history) == 2 and not game.must_steal


def test_nothing_to_undo_or_redo_is_said():
    game = SavannahModel(seed=1)
    assert not game.undo() and game.message == "There is no move to undo."
    assert not game.redo() and game.message == "There is no move to redo."


def test_a_new_move_after_undo_drops_the_redo_list():
    game = two_people(**LION_TURN)
    game.play("lion")
    game.undo()
    game.play("cheetah")
    assert game.future == [] and game.history[-1].move == Play("cheetah#1")


# ---------------------------------------------------------------- hot seat


def test_hot_seat_covers_hands_until_the_person_to_move_uncovers_hers():
    game = SavannahModel(players=3, seat1="Human", seed=12)
    assert game.hot_seat and game.waiting_for == 0
    assert game.hand_cards() == () and game.hand_owner is None
    card = next(m.card for m in game.state.legal_actions())
    assert not game.human_play(card)
    assert game.message == "Pass the device to Player 1: their hand is covered."
    assert game.reveal()
    assert game.hand_cards() == game.state.hand(0) and game.waiting_for is None
    assert game.human_play(card)
    assert game.hand_owner is None and game.hand_cards() == ()
    assert game.waiting_for == 1
    assert not game.reveal(2), "a bot's hand is not uncovered"
    assert game.reveal()
    assert game.hand_cards() == game.state.hand(1)


def test_one_person_always_sees_her_own_hand_and_spectators_the_movers():
    alone = SavannahModel(players=3, seat0="Greedy", seat2="Human", seed=2)
    assert alone.hand_owner == 2 and not alone.hot_seat
    bots = SavannahModel(players=2, seat0="Random", seat1="Random", seed=2)
    assert bots.hand_owner == 0
    bots.bot_move()
    assert bots.hand_owner == 1
    shared = SavannahModel(players=2, seat1="Human", hide_hands=False, seed=2)
    assert shared.hand_owner == 0 and shared.waiting_for is None


# ---------------------------------------------------------------- saving and loading


def played_game():
    game = SavannahModel(players=3, seed=31)
    for _ in range(5):
        game.bot_move()
    game.undo()
    return game


def test_save_and_load_restore_the_game_seats_and_undo_list():
    game = played_game()
    game.seat2 = "MCTS"
    game.strength2 = 4
    text = game.save()
    data = json.loads(text)
    assert data["format"] == SAVE_FORMAT and data["version"] == 1
    other = SavannahModel(players=2, seed=1)
    assert other.load(text)
    assert other.state.to_dict() == game.state.to_dict()
    assert [t.move for t in other.history] == [t.move for t in game.history]
    assert [t.move for t in other.future] == [t.move for t in game.future]
    assert (other.players, other.seat2, other.strength2) == (3, "MCTS", 4)
    assert other.message.startswith(f"Loaded a game of {len(game.history)} moves")
    assert other.redo()


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: "{oops", "it is not valid JSON"),
        (lambda d: json.dumps([1, 2]), "expected a JSON object"),
        (lambda d: json.dumps({**d, "format": "chess"}), "the 'format' field is 'chess'"),
        (lambda d: json.dumps({**d, "version": 9}), "field says version 9"),
        (lambda d: json.dumps({k: v for k, v in d.items() if k != "moves"}), "no 'moves' field"),
        (
            lambda d: json.dumps({**d, "moves": [{"type": "play", "card": "unicorn#1"}]}),
            "moves number 1 (play unicorn#1) cannot be played",
        ),
        (lambda d: json.dumps({**d, "moves": [{"type": "fly"}]}), "moves number 1 is not a move"),
        (
            lambda d: json.dumps({**d, "moves": d["moves"][:-1], "redo": []}),
            "its moves do not lead to its saved position",
        ),
        (
            lambda d: json.dumps({**d, "seats": [{"kind": "Wizard"}] * 3}),
            "seat 1 has an unknown kind 'Wizard'",
        ),
        (
            lambda d: json.dumps({**d, "start": {**d["start"], "row": "x"}}),
            "its start position is damaged",
        ),
    ],
)
def test_a_bad_save_is_refused_with_its_reason_and_keeps_the_game(change, words):
    saved = json.loads(played_game().save())
    game = SavannahModel(players=2, seed=5)
    game.play(game.state.legal_actions()[0])
    before, history = game.state.to_dict(), list(game.history)
    assert not game.load(change(saved))
    assert game.message.startswith("Could not load the file: ")
    assert words in game.message
    assert game.message.endswith("The current game is unchanged.")
    assert game.message_is_error
    assert game.state.to_dict() == before and game.history == history


def test_a_hand_built_position_saves_and_loads():
    game = two_people(**LION_TURN)
    game.play("lion")
    other = SavannahModel()
    assert other.load(game.save())
    assert other.state.to_dict() == game.state.to_dict()
    assert other.seat1 == "Human"
