"""Events narrate a turn in order, in plain sentences with cell labels."""

from __future__ import annotations

import json

from engines import Event
from engines.circle import PLAYER_NAMES, Ate, Evolved, Placed, Rules, State, Won, new_game


class TestEventSentences:
    def test_player_names(self):
        assert PLAYER_NAMES == ("Orange", "Black")

    def test_a_quiet_turn(self):
        events = new_game().apply("E5")
        assert events == [Placed(0, (0, 0)), Evolved(0, (0, 0), "singleton", ((0, 0),), 0)]
        assert [e.describe() for e in events] == [
            "Orange placed a stone at E5.",
            "Orange has a new singleton at E5.",
        ]

    def test_growing_and_merging(self):
        game = State.from_position({1: "E4 E6 A1"}, to_move=1)
        events = game.apply("E5")
        assert events[1].describe() == "Black merged 2 critters into a 3-line (E4 E5 E6)."
        game.apply("I5")
        events = game.apply("A2")
        assert events[1].describe() == "Black's critter grew into a pair (A1 A2)."

    def test_article_before_a_vowel(self):
        assert (
            Evolved(0, (0, 0), "arch", ((0, 0),), 1)
            .describe()
            .startswith("Orange's critter grew into an arch")
        )
        ate = Ate(1, (0, 0), "snake", "arch", 1, 4, ((1, 0), (2, 0), (3, 0), (4, 0)))
        assert ate.describe() == "Black's snake at E5 ate an Orange arch (4 stones)."
        ate = Ate(0, (0, 0), "pair", "singleton", 1, 1, ((1, 0),))
        assert ate.describe() == "Orange's pair at E5 ate a Black singleton (1 stone)."

    def test_plural_of_arch(self):
        ate = Ate(0, (0, 0), "snake", "arch", 2, 8, ())
        assert "ate 2 Black arches (8 stones)" in ate.describe()

    def test_win_sentences(self):
        assert Won(0, "capture_target", 21, 20).describe() == (
            "Orange wins by eating 21 stones (target 20)."
        )
        assert Won(1, "no_legal_placement", 3, 20, stuck=1).describe() == (
            "Black wins: it is her turn and she cannot place a stone."
        )

    def test_labels_follow_the_board_radius(self):
        game = new_game(Rules(radius=2))
        assert game.apply((0, 0))[0].describe() == "Orange placed a stone at C3."

    def test_a_full_turn_in_order_and_json_safe(self):
        game = State.from_position(
            {0: "E4 E5", 1: "F3 F4 C5 C6"}, to_move=0, rules=Rules(capture_target=4)
        )
        events = game.apply("D5")
        assert [e.kind for e in events] == ["placed", "evolved", "ate", "won"]
        assert all(isinstance(e, Event) for e in events)
        text = [e.describe() for e in events]
        assert text == [
            "Orange placed a stone at D5.",
            "Orange's critter grew into a 3-bend (D5 E4 E5).",
            "Orange's 3-bend at D5 ate 2 Black pairs (4 stones).",
            "Orange wins by eating 4 stones (target 4).",
        ]
        dumped = json.loads(json.dumps([e.to_dict() for e in events]))
        assert dumped[2]["kind"] == "ate" and dumped[2]["stones"] == 4
        assert dumped[2]["text"] == text[2]
        assert sorted(map(tuple, dumped[2]["cells"])) == sorted(events[2].cells)

    def test_events_are_frozen_and_repr_pastes_back(self):
        event = Placed(1, (2, -1), 4)
        assert eval(repr(event)) == event
        try:
            event.player = 0
        except AttributeError:
            pass
        else:  # pragma: no cover
            raise AssertionError("events must be frozen")
