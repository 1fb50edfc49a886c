"""The draft table's model: options, pending picks, passing, undo, bots, the end, saving."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cole_panel.ecosystem import EcosystemModel
from cole_panel.ecosystem.draft.model import SAVE_FORMAT, mcts_iterations
from engines.ecosystem import CardType, Pick, Rules, placement_cells
from engines.ecosystem.bots import GreedyBot, MCTSBot, RandomBot
from engines.text import article
from tests.strategies import examples


def human_turn(game: EcosystemModel) -> None:
    """The person to move picks what the greedy bot suggests, for every park, then passes."""
    while not game.ready_to_pass:
        pick = game.bot_choice()
        assert game.pick(pick.card, pick.cell, pick.park), game.message
    assert game.confirm(), game.message


def play_out(game: EcosystemModel) -> None:
    while not game.state.is_over:
        if game.human_to_move:
            human_turn(game)
        else:
            assert game.bot_move(), game.message


# ---- options ---------------------------------------------------------------------------


def test_a_new_game_follows_the_options():
    options = dict(
        variant="two_parks",
        players=4,
        frame="floating",
        elephant_floor=0,
        lion_choice="reading_order",
    )
    game = EcosystemModel(seed=1, **options)
    assert {name: getattr(game.state.rules, name) for name in options} == options
    assert [len(game.state.hand(p, "west")) for p in range(4)] == [11] * 4
    assert game.message.startswith("New game with two parks for 4 players")
    game.players = 3
    assert game.state.players == 4  # options wait for the next game
    game.new_game()
    assert game.state.players == 3


def test_seat_names_and_bots():
    game = EcosystemModel(players=3, seat1="MCTS", strength1=3, seat2="Random")
    assert game.seat_name(0) == "Player 1 (you)"
    assert game.seat_name(1) == "Player 2 (MCTS bot, strength 3)"
    assert game.seat_name(2) == "Player 3 (Random bot)"
    assert isinstance(game.bot_for(1), MCTSBot) and game.bot_for(1).iterations == 100
    assert isinstance(game.bot_for(2), RandomBot)
    assert isinstance(game.bot_for(0), GreedyBot)  # a person asking for help
    assert game.bot_for(1) is game.bot_for(1)
    assert [mcts_iterations(s) for s in (1, 5)] == [25, 400]


def test_the_same_seed_deals_the_same_game():
    a, b = EcosystemModel(seed=9), EcosystemModel(seed=9)
    assert a.state.to_dict() == b.state.to_dict()


# ---- a person's pick ---------------------------------------------------------------------


def test_a_pick_waits_pending_until_the_hands_pass():
    game = EcosystemModel(seed=2)
    hand = game.state.hand(0)
    card = hand[0]
    assert game.legal_cells(None) == placement_cells(game.state.park(0))
    assert game.pick(card, (1, 1))
    assert game.pending == [Pick(card, (1, 1))]
    assert game.state.park(0).is_empty  # not played yet
    assert game.parks_of(0)[0][1, 1] is card  # but shown
    assert list(game.hand_of(0)) == list(hand[1:])
    assert game.legal_cells(None) == [] and game.ready_to_pass
    assert game.message.endswith("Press “Pass hands” to play it (or Undo).")
    assert game.confirm()
    assert game.state.park(0)[1, 1] is card and game.pending == []
    assert game.state.current_player == 1 and game.bot_to_move
    assert game.message == f"Player 1 placed {article(card.label)} at B2."


def test_an_illegal_pick_is_refused_with_the_rules_sentence():
    game = EcosystemModel(seed=2, confirm_turn=False, seat1="Human")
    assert game.pick(game.state.hand(0)[0], (0, 0))
    assert game.pick(game.state.hand(1)[0], (0, 0))  # Player 2's first card goes anywhere
    snapshot = game.state.to_dict()
    assert not game.pick(game.state.hand(0)[0], (3, 4))
    assert game.message == (
        "D5 must be next to (above, below, left or right of) a card already in the park."
    )
    assert game.message_is_error
    assert game.state.to_dict() == snapshot
    assert not game.pick(game.state.hand(0)[0], (0, 0))
    assert game.message == "A1 is already taken."
    missing = next(c for c in CardType if c not in game.state.hand(0))
    assert not game.pick(missing, (0, 1))
    assert game.message == f"There is no {missing.label} in your hand."


def test_only_the_person_to_move_may_pick():
    game = EcosystemModel(seed=2)
    human_turn(game)
    assert game.bot_to_move
    assert not game.pick(game.state.hand(1)[0], (0, 0))
    assert game.message == "It is Player 2 (Greedy bot)'s turn to pick; wait for it."


def test_one_card_per_park_per_turn():
    game = EcosystemModel(seed=2)
    a, b = game.state.hand(0)[:2]
    game.pick(a, (0, 0))
    assert not game.pick(b, (0, 1))
    assert game.message == (
        "You already placed a card in your park this turn: undo it to change it, or pass the hands."
    )


def test_two_parks_need_both_picks_before_passing():
    game = EcosystemModel(variant="two_parks", seed=5)
    west = game.state.hand(0, "west")[0]
    assert game.pick(west, (2, 2), "west")
    assert game.message.endswith("Now pick a card for your East park.")
    assert not game.ready_to_pass and not game.confirm()
    assert game.message == "Pick a card for your East park too."
    assert game.legal_cells("west") == [] and game.legal_cells("east")
    east = game.state.hand(0, "east")[0]
    assert game.pick(east, (0, 0), "east")
    assert game.confirm()
    assert game.state.park(0, "west")[2, 2] is west
    assert game.state.park(0, "east")[0, 0] is east


def test_undo_takes_a_pending_pick_back_and_redo_puts_it_again():
    game = EcosystemModel(seed=2)
    card = game.state.hand(0)[3]
    game.pick(card, (2, 3))
    assert game.can_undo and game.undo()
    assert game.pending == [] and game.undone == [Pick(card, (2, 3))]
    assert game.message == f"Took back your {card.label} at C4."
    assert card in game.hand_of(0)
    assert game.redo()
    assert game.pending == [Pick(card, (2, 3))] and game.undone == []


def test_undo_of_a_played_pick_works_until_the_hands_pass():
    game = EcosystemModel(seed=2, confirm_turn=False)
    card = game.state.hand(0)[0]
    assert game.pick(card, (0, 0))
    assert game.state.park(0)[0, 0] is card and game.pending == []
    assert game.can_undo and game.undo()
    assert game.state.park(0).is_empty and game.state.current_player == 0
    assert game.redo() and game.state.park(0)[0, 0] is card
    assert game.bot_move()  # Player 2 picks: the turn closes and the hands pass
    assert not game.can_undo and not game.undo()
    assert game.message == "Your last pick stands: the hands have passed since."


def test_what_was_passed_to_you_is_told():
    game = EcosystemModel(seed=2)
    assert game.received(0) == "Round 1: you were dealt a new hand of 11 cards."
    human_turn(game)
    taken = game.bot_choice()
    game.bot_move()
    assert game.received(0) == (
        f"Player 2 (Greedy bot) passed you this hand after taking {article(taken.card.label)} from it."
    )


def test_two_park_hands_come_from_both_sides():
    game = EcosystemModel(variant="two_parks", players=3, seed=5)
    human_turn(game)
    while game.bot_to_move:
        game.bot_move()
    assert "Player 3 (Greedy bot) passed you this West hand (clockwise)" in game.received(0, "west")
    assert "Player 2 (Greedy bot) passed you this East hand (anticlockwise)" in game.received(
        0, "east"
    )


def test_the_turn_text_says_who_picks():
    game = EcosystemModel(seed=2)
    assert game.turn_text() == (
        "Round 1 of 2, pick 1 of 10: Player 1 (you) to pick — choose a card, then a green cell."
    )
    human_turn(game)
    assert game.turn_text() == "Round 1 of 2, pick 1 of 10: Player 2 (Greedy bot) is picking."


# ---- a whole game ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic", "two_parks"])
def test_a_whole_game_against_a_bot_ends_with_the_score(variant):
    game = EcosystemModel(variant=variant, seed=11, seat1="Random")
    play_out(game)
    state = game.state
    assert state.is_over and game.to_move is None
    assert all(state.park(p, n).is_full for p in range(2) for n in game.park_names)
    sheet = state.score_sheet()
    assert game.totals() == [sheet.total(0), sheet.total(1)]
    assert game.outcome_text.startswith(game.seat_name(state.winners[0]))
    assert len(game.history) == 2 * 20 * len(game.park_names)
    assert not game.bot_move() and game.message == "The draft is over."


def test_running_scores_follow_the_parks():
    game = EcosystemModel(seed=2)
    human_turn(game)
    game.bot_move()
    assert game.totals() == [game.state.score_sheet().total(p) for p in range(2)]


def test_bots_only_game_plays_itself():
    game = EcosystemModel(seed=1, seat0="Random", seat1="Greedy", players=3, seat2="Random")
    assert game.bot_to_move and game.viewer == 0
    play_out(game)
    assert game.state.is_over


# ---- saving -------------------------------------------------------------------------------


def test_save_and_load_mid_game_with_a_pending_pick():
    game = EcosystemModel(seed=6, seat1="Random", strength1=4)
    for _ in range(3):
        human_turn(game)
        game.bot_move()
    card = game.state.hand(0)[0]
    cell = game.legal_cells(None)[0]
    game.pick(card, cell)
    text = game.save()
    data = json.loads(text)
    assert data["format"] == SAVE_FORMAT and len(data["picks"]) == 6
    other = EcosystemModel()
    assert other.load(text)
    assert other.state.to_dict() == game.state.to_dict()
    assert other.pending == [Pick(card, cell)]
    assert other.seat1 == "Random" and other.strength1 == 4
    assert [t.pick for t in other.history] == [t.pick for t in game.history]
    play_out(other)
    assert other.state.is_over


def corrupt(text: str, fn) -> str:
    data = json.loads(text)
    fn(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda d: d.update(format="x"), "it is not a saved Ecosystem game"),
        (lambda d: d.update(format="cole-panel/ecosystem-park"), "it is a saved park, not a game"),
        (lambda d: d.update(version=2), "this app reads version 1"),
        (lambda d: d.pop("picks"), "the save has no 'picks' field"),
        (
            lambda d: d["picks"].__setitem__(2, [d["picks"][2][0], d["picks"][0][1], None]),
            "pick number 3",
        ),
        (lambda d: d["picks"].__setitem__(0, ["GZ", 7, None]), "picks number 1"),
        (lambda d: d["picks"].pop(), "its picks do not lead to its saved position"),
        (lambda d: d["seats"][1].update(kind="Wizard"), "seat 2 has an unknown kind 'Wizard'"),
        (lambda d: d["state"].update(round=7), "its position is damaged (round:"),
    ],
)
def test_a_bad_game_file_is_refused_with_the_reason_and_the_game_kept(change, reason):
    game = EcosystemModel(seed=6)
    human_turn(game)
    game.bot_move()
    human_turn(game)
    text = corrupt(game.save(), change)
    before = game.state
    assert not game.load(text)
    assert reason in game.message
    assert game.message.startswith("Could not load the file: ")
    assert game.message.endswith("The current game is unchanged.")
    assert game.state is before


def test_not_json_at_all():
    game = EcosystemModel()
    assert not game.load("not json")
    assert "it is not valid JSON (Expecting value at line 1, column 1)" in game.message


# ---- invariants -----------------------------------------------------------------------------

ACTIONS = st.lists(st.sampled_from(["pick", "undo", "redo", "confirm", "bot"]), max_size=40)


@examples(25)
@given(ACTIONS, st.booleans(), st.sampled_from(["classic", "two_parks"]), st.data())
def test_any_mix_of_actions_keeps_history_and_state_consistent(actions, confirm, variant, data):
    game = EcosystemModel(seed=3, confirm_turn=confirm, variant=variant)
    for action in actions:
        if action == "pick" and game.human_to_move:
            open_parks = [p for p in game.park_names if game.may_pick(p)]
            if open_parks:
                park = data.draw(st.sampled_from(open_parks), label="park")
                hand = game.hand_of(game.state.current_player, park)
                card = data.draw(st.sampled_from(hand), label="card")
                cell = data.draw(st.sampled_from(game.legal_cells(park)), label="cell")
                assert game.pick(card, cell, park)
        elif action == "undo":
            game.undo()
        elif action == "redo":
            game.redo()
        elif action == "confirm":
            game.confirm()
        elif action == "bot" and game.bot_to_move:
            assert game.bot_move()
    # replaying the history from the deal gives the live state
    state = game.start.clone()
    for turn in game.history:
        state.apply(turn.pick)
    assert state.to_dict() == game.state.to_dict()
    for pick in game.pending:
        assert game.state.is_legal(pick)
    assert len({p.park for p in game.pending}) == len(game.pending)
    assert Rules(**{**game.state.rules.to_dict()}) == game.state.rules


def test_a_new_pick_after_undo_drops_the_redo_list():
    """Found by the property test: undo a played pick, pick again, redo, pass the hands."""
    game = EcosystemModel(seed=2, seat1="Human")
    first, second = game.state.hand(0)[0], game.state.hand(0)[1]
    assert game.pick(first, (0, 0)) and game.confirm()
    assert game.undo() and game.state.current_player == 0
    assert game.pick(second, (1, 1))
    assert not game.redo() and game.message == "There is no pick to redo."
    assert game.confirm() and game.state.park(0)[1, 1] is second
