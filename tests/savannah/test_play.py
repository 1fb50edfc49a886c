"""Playing a card on hand-built rows: placement rules, placement effects and illegal moves."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.savannah import (
    Discard,
    EffectResolved,
    Hunted,
    Killed,
    NotAt,
    Play,
    RowDiscarded,
    Rules,
    Steal,
    StealPending,
    Stole,
    TokenReturned,
    make_state,
    name_of,
)
from tests.savannah.rows import DECK, card_in_hand, cards, names, of, play, played

# ---------------------------------------------------------------- placement restrictions


def _rule_cases():
    cases = []
    for card in DECK:
        for rule in card.placement:
            cases.append(pytest.param(card, rule, id=f"{card.name}-{rule.position}"))
    return cases


def _forbidding_card(card, rule: NotAt) -> str:
    """A card name that breaks ``rule`` (another name than ``card``'s when possible)."""
    options = [c for c in DECK if rule.forbids(c)]
    other = [c for c in options if c.name != card.name]
    return (other or options)[0].name


FILLERS = ["hyena", "poacher", "hyena"]  # level 5: break no level rule at positions 2-4


@pytest.mark.parametrize("card, rule", _rule_cases())
def test_every_placement_restriction_forbids_and_says_which_rule(card, rule):
    k = rule.position
    bad = _forbidding_card(card, rule)
    fillers = FILLERS[: k - 1]
    state = make_state(row=["zebra", bad, *fillers], hands=[[card.name], ["lion"]])
    reason = state.why_unplayable(card_in_hand(state, card.name))
    assert reason is not None and rule.describe() in reason and bad in reason
    assert Play(card_in_hand(state, card.name)) not in state.legal_actions()
    before = state.to_dict()
    with pytest.raises(IllegalAction, match=rule.describe()):
        play(state, card.name)
    assert state.to_dict() == before
    # the same card one place further left (or a harmless card at the position) is fine
    state = make_state(row=[bad, "ranger", *fillers], hands=[[card.name], ["lion"]])
    assert state.why_unplayable(card_in_hand(state, card.name)) is None
    state = make_state(row=["ranger", *fillers], hands=[[card.name], ["lion"]])
    assert state.why_unplayable(card_in_hand(state, card.name)) is None


def test_insects_may_be_placed_next_to_insects_but_not_next_to_other_level_1_cards():
    state = make_state(row=["zebra", "termite"], hands=[["dung beetle"], ["lion"]])
    assert state.why_unplayable(card_in_hand(state, "dung beetle")) is None
    state = make_state(row=["zebra", "meerkat"], hands=[["dung beetle"], ["lion"]])
    assert "next to a level-1 card other than an insect" in state.why_unplayable(
        card_in_hand(state, "dung beetle")
    )
    state = make_state(row=["zebra", "scrub hare"], hands=[["dung beetle"], ["lion"]])
    assert state.why_unplayable(card_in_hand(state, "dung beetle")) is None


def test_level_rules_concern_a_level_of_any_group():
    # "most right card is not a level 1 card": an insect forbids a level-1 small mammal
    state = make_state(row=["zebra", "termite"], hands=[["meerkat"], ["lion"]])
    assert "the rightmost card is a termite" in state.why_unplayable(card_in_hand(state, "meerkat"))


def test_next_to_means_the_current_rightmost_card_only():
    state = make_state(row=["jackal", "zebra"], hands=[["lion"], ["hyena"]])
    assert state.why_unplayable("lion#1") is None
    state = make_state(row=["zebra", "jackal"], hands=[["lion"], ["hyena"]])
    assert state.why_unplayable("lion#1") == (
        "The lion may not be placed next to a predator — the rightmost card is a jackal."
    )


def test_a_row_shorter_than_the_position_never_forbids():
    state = make_state(row=["zebra", "ranger"], hands=[["wildebeest"], ["lion"]])
    assert state.why_unplayable("wildebeest#1") is None
    state = make_state(row=[], hands=[["meerkat"], ["lion"]])
    assert state.legal_actions() == [Play("meerkat#1")]


def test_discard_only_when_no_card_can_be_played():
    state = make_state(row=["zebra", "jackal"], hands=[["lion", "leopard", "termite"], ["hyena"]])
    assert state.legal_actions() == [Play("termite#1")]
    with pytest.raises(IllegalAction, match="only discard when no card can be played"):
        state.apply(Discard("lion#1"))
    state = make_state(row=["zebra", "jackal"], hands=[["lion", "leopard", "cheetah"], ["hyena"]])
    assert state.legal_actions() == [Discard("lion#1"), Discard("leopard#1"), Discard("cheetah#1")]
    events = state.apply(Discard("leopard#1"))
    assert (
        events[0].describe() == "Player 1 could play none of their cards and discarded a leopard."
    )
    assert state.discard_pile == ("leopard#1",) and state.row == ("zebra#1", "jackal#1")
    assert len(state.hand(0)) == 3 and state.current_player == 1


# ---------------------------------------------------------------- placement effects


@pytest.mark.parametrize("name", ["rhino", "hippo", "buffalo"])
def test_green_outnumbering_red_kills_every_predator(name):
    state = make_state(
        row=["jackal@1", "giraffe@1", "leopard@1", "warthog"], hands=[[name], ["hyena"]]
    )
    events = play(state, name)
    effect = of(events, EffectResolved)[0]
    assert effect.applies and "3 large mammals outnumber 2 predators" in effect.note
    assert names(e.card for e in of(events, Killed)[:2]) == ["jackal", "leopard"]
    assert names(state.kill_pile(0)) == ["jackal", "leopard"]
    assert state.tokens_left(1) == 10 - 1  # tokens came back from the two predators
    assert events.index(effect) < events.index(of(events, Hunted)[0])  # effects before hunts


@pytest.mark.parametrize("name", ["rhino", "hippo", "buffalo"])
def test_green_not_outnumbering_red_kills_nothing(name):
    state = make_state(row=["jackal", "lion", "warthog"], hands=[[name], ["hyena"]])
    events = play(state, name)
    effect = of(events, EffectResolved)[0]
    assert not effect.applies and "2 large mammals do not outnumber 2 predators" in effect.note
    assert not any(name_of(e.card) in ("jackal", "lion") for e in of(events, Killed))


def _elephant_state(mine: int, rules=None):
    mine_cards = [f"{n}@0" for n in ["impala", "zebra", "ostrich"][:mine]]
    return make_state(
        row=["lion@1", "hyena@1", "ranger@1", *mine_cards, "scrub hare"],
        hands=[["elephant"], ["jackal"]],
        rules=rules,
    )


def test_elephant_with_most_animals_kills_every_human_scavenger_and_predator():
    state = _elephant_state(3)  # 3 + the elephant = 4 against 3
    events = play(state, "elephant")
    assert of(events, EffectResolved)[0].applies
    assert names(state.kill_pile(0)) == ["lion", "hyena", "ranger"]
    assert state.tokens_left(1) == 10


def test_elephant_without_most_animals_kills_nothing():
    state = _elephant_state(2)  # 2 + the elephant = 3 against 3: not the most
    events = play(state, "elephant")
    assert not of(events, EffectResolved)[0].applies
    assert state.kill_pile(0) == ()
    # with the tied reading, a tie is enough
    state = _elephant_state(2, rules=Rules(players=2, elephant_majority="tied"))
    play(state, "elephant")
    assert names(state.kill_pile(0)) == ["lion", "hyena", "ranger"]


NINE = cards(
    "zebra@1, impala@1, termite, oxpecker, scrub hare, wildebeest, dung beetle, gazelle, zebra"
)


def test_human_removes_every_card_left_of_the_7th_from_the_right():
    state, events = played(NINE, "ranger", "jackal")
    gone = of(events, RowDiscarded)[0]
    assert names(gone.cards) == ["zebra", "impala"] and gone.position == 7
    assert state.discard_pile[:2] == gone.cards
    assert [e.card for e in of(events, TokenReturned)] == list(gone.cards)
    assert len(state.row) == 7 + 1 and state.tokens_left(1) == 10


def test_counting_the_played_card_is_an_option():
    state = make_state(
        row=NINE, hands=[["ranger"], ["jackal"]], rules=Rules(players=2, count_played_card=True)
    )
    events = play(state, "ranger")
    assert names(of(events, RowDiscarded)[0].cards) == ["zebra", "impala", "termite"]
    assert len(state.row) == 7


def test_lion_discards_every_card_left_of_the_8th_from_the_right():
    row = cards(
        "termite, oxpecker, scrub hare, meerkat, guineafowl, dung beetle, scrub hare, ostrich, "
        "termite, guineafowl"
    )
    state, events = played(row, "lion", "jackal")
    assert names(of(events, RowDiscarded)[0].cards) == ["termite", "oxpecker"]
    assert len(state.row) == 8 + 1


def test_scavenger_discards_left_of_the_6th_and_steals_a_chosen_card_after_a_kill():
    row = ["zebra", "ostrich", "scrub hare", "giraffe", "zebra", "wildebeest", "ranger", "impala@1"]
    state = make_state(
        row=row,
        hands=[["vulture"], ["jackal"], ["jackal"]],
        kills=[[], ["lion", "zebra"], ["termite"]],
    )
    events = play(state, "vulture")
    assert names(of(events, RowDiscarded)[0].cards) == ["zebra", "ostrich"]
    assert names(e.card for e in of(events, Killed)) == ["impala"]
    pending = of(events, StealPending)[0]
    assert names(pending.choices) == ["lion", "zebra", "termite"]
    assert events[-1] is pending  # the turn waits for the choice
    assert state.current_player == 0 and state.pending_steal == "vulture#1"
    assert state.legal_actions() == [Steal(c) for c in pending.choices]
    with pytest.raises(IllegalAction, match="must first take a card"):
        state.apply(Play("jackal#1"))
    lion = pending.choices[0]
    events = state.apply(Steal(lion))
    assert of(events, Stole)[0].victim == 1
    assert events[0].describe() == "Player 1 took a lion from Player 2's kill pile."
    assert names(state.kill_pile(0)) == ["impala", "lion"]
    assert names(state.kill_pile(1)) == ["zebra"]
    assert state.current_player == 1 and state.pending_steal is None


def test_richest_reading_takes_the_best_card_of_the_best_kill_pile():
    state = make_state(
        row=["zebra", "meerkat@1"],
        hands=[["hyena"], ["jackal"], ["jackal"]],
        kills=[[], ["termite", "zebra"], ["lion"]],
        rules=Rules(players=3, steal="richest"),
    )
    events = play(state, "hyena")
    assert names(state.kill_pile(0)) == ["meerkat", "lion"]
    assert of(events, Stole)[0].victim == 2 and state.current_player == 1


def test_scavenger_without_a_kill_steals_nothing_and_with_empty_piles_finds_nothing():
    state = make_state(
        row=["zebra", "wildebeest"], hands=[["vulture"], ["jackal"]], kills=[[], ["lion"]]
    )
    events = play(state, "vulture")
    assert not of(events, StealPending) and state.current_player == 1
    state, events = played(["zebra", "impala"], "vulture", "jackal")
    assert [e.kind for e in events if "steal" in e.kind] == ["nothing_to_steal"]
    assert state.current_player == 1


def test_steal_per_kill_option():
    state = make_state(
        row=["impala", "meerkat"],
        hands=[["hyena"], ["jackal"]],
        kills=[[], ["lion", "zebra"]],
        rules=Rules(players=2, steal_per_kill=True),
    )
    play(state, "hyena")  # kills the meerkat only
    assert names(state.kill_pile(0)) == ["meerkat"]
    assert state.pending_steal == "hyena#1"
    state.apply(state.legal_actions()[0])
    assert state.pending_steal is None  # one kill, one steal
    state = make_state(
        row=["zebra", "oxpecker", "termite"],
        hands=[["vulture"], ["jackal"]],
        kills=[[], ["lion", "zebra"]],
        rules=Rules(players=2, steal_per_kill=True),
    )
    play(state, "vulture")  # kills two level-1 cards: two steals
    state.apply(state.legal_actions()[0])
    assert state.pending_steal == "vulture#1" and state.current_player == 0
    state.apply(state.legal_actions()[0])
    assert names(state.kill_pile(1)) == [] and state.current_player == 1


def test_a_player_without_tokens_plays_without_one_or_must_discard():
    state = make_state(
        row=["zebra@0"], hands=[["lion"], ["jackal"]], rules=Rules(players=2, tokens=1)
    )
    events = play(state, "lion")
    assert not events[0].token and state.token_on("lion#1") is None
    assert "without a token" in events[0].describe()
    state = make_state(
        row=["zebra@0"],
        hands=[["lion", "termite"], ["jackal"]],
        rules=Rules(players=2, tokens=1, no_token="discard"),
    )
    assert state.legal_actions() == [Discard("lion#1"), Discard("termite#1")]
    assert state.why_unplayable("lion#1") == "Player 1 has no tokens left, so can only discard."


# ---------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    "move, message",
    [
        (Play("lion#2"), "is not in Player 1's hand"),
        (Play("jackal#1"), "may not be placed next to a predator"),
        (Discard("termite#1"), "only discard when no card can be played"),
        (Steal("zebra#1"), "nothing to steal"),
        ("lion#1", "is not a move"),
    ],
)
def test_illegal_moves_raise_and_change_nothing(move, message):
    state = make_state(
        row=["impala", "cheetah"], hands=[["jackal", "termite"], ["lion"]], kills=[[], ["zebra"]]
    )
    before = state.to_dict()
    assert state.why_illegal(move) is not None and not state.is_legal(move)
    with pytest.raises(IllegalAction, match=message):
        state.apply(move)
    with pytest.raises(IllegalAction, match=message):
        state.check_action(move)
    assert state.to_dict() == before


def test_a_steal_of_a_card_not_in_another_kill_pile_is_illegal():
    state = make_state(
        row=["zebra", "impala"], hands=[["vulture"], ["jackal"]], kills=[["lion"], ["termite"]]
    )
    play(state, "vulture")
    before = state.to_dict()
    for bad in (Steal("lion#1"), Steal("zebra#1"), Play("lion#2")):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.to_dict() == before
    state.apply(Steal("termite#1"))
    assert names(state.kill_pile(0)) == ["lion", "impala", "termite"]
