"""Circle of Life: On the Savannah — the card data, the hunting vocabulary and the full game.

Public names (stable; the dashboard builds on them):

Cards (:mod:`.cards`, data in ``cards.toml``)
    ``load_deck(path=None) -> list[Card]`` (the packaged file by default; ``ValueError`` names
    the card and field of a mistake), ``Card`` (``name, group, level, copies, big_five, points,
    hunt, placement, effects, colour, colour_hex, regroups``; ``ids()``, ``to_data()``),
    ``Points(in_hand, alive, killed, rightmost)``, ``card_ids(cards)``, ``name_of(card_id)``,
    ``a_name(card_id)``, ``card_by_name(cards, name)``, ``deck_table(cards)``,
    ``groups_table(cards)``, ``DECK_SIZE``.  Card ids are ``'<name>#<copy>'``, e.g. ``'zebra#2'``.

Vocabulary (:mod:`.vocabulary`)
    ``GROUPS``, ``GROUP_LEVELS``, ``Verb`` (``KILL``, ``SCARE``), ``Target(group, level,
    and_lower)``, ``Reach(side, count)`` with ``positions(n)``, ``Action(verb, target, reach)``
    (one hunt action), ``NotAt(position, target, unless)`` (placement restriction), effects
    ``KillAll(targets, when)`` with ``Condition``, ``DiscardLeftOf(position)``,
    ``StealOnKill()``.  Each has ``describe()`` (words) and parses from its ``cards.toml`` text.

Game (:mod:`.state`, :mod:`.setup`, :mod:`.moves`, :mod:`.rules`, :mod:`.events`)
    ``Rules(...)`` options (every reading of an open rule; see ``docs/rules/savannah.md``);
    ``new_game(rules=None, seed=None, deck=None) -> State``; ``replay(actions, rules=None, seed=None, deck=None)``
    (moves or their text);
    ``make_state(row=[...], hands=[[...]], ...)`` builds a position from card names
    (``'zebra@1'`` puts seat 1's token on it); ``determinize(observation, rng)`` deals the cards
    a player cannot see at random (for search bots); ``player_view(state, seat)`` is the
    position as a seat (None: a spectator) may see it, the hidden cards dealt in a fixed order.  Moves: ``Play(card)``, ``Discard(card)`` (only
    when nothing is playable), ``Steal(card)`` (after a scavenger's kill, with
    ``Rules(steal='choose')``); ``move_to_dict`` / ``move_from_dict``.

    ``State`` (satisfies :class:`engines.protocol.GameState`): ``legal_actions()``, ``apply(move) -> list[Event]`` (all or nothing;
    ``engines.IllegalAction`` with a sentence), ``why_illegal(move)``, ``why_unplayable(card)``
    (the rule sentence that forbids a card), ``is_legal``, ``check_action``, ``clone()``,
    ``current_player`` (None when over), ``is_over``, ``outcome``, ``winners`` (tuple of seats,
    several for a shared win, () while running), ``winner`` (the sole winner; None while running
    or shared), ``returns()``, ``action_to_str(move)`` ("play zebra#2") / ``parse_action(text)``,
    ``determinize(player, rng)``, ``score_sheet()`` (categories ``alive``, ``hand``, ``kills``,
    ``rightmost``, ``big_five``; cells are card ids), ``totals()``, ``observation(player)``,
    ``to_dict()`` / ``State.from_dict(d)``, ``to_json()`` / ``from_json()``; readers ``row``, ``token_on(card)``, ``hand(p)``,
    ``kill_pile(p)``, ``discard_pile``, ``pile_size``, ``tokens_left(p)``, ``pending_steal``,
    ``turn``, ``card(card_id)``, ``cards``, ``players``, ``seed``.

    Events, in order: ``Played``, ``Discarded``, ``EffectResolved``, ``RowDiscarded``,
    ``Hunted`` (positions counted, cards reached, cards hit), ``Killed``, ``Scared``,
    ``TokenReturned``, ``StealPending``, ``Stole``, ``NothingToSteal``, ``Drew``, ``Regrouped``,
    ``RowClosed``, ``GameOver``; each has ``describe()`` and ``to_dict()``.

Bots (:mod:`.bots`)
    ``RandomBot(seed)``, ``GreedyBot(seed)``, ``MCTSBot(iterations, seconds, seed)`` (the
    one search, :mod:`engines.search`), ``make_bot(kind, strength, seed)``;
    ``bot.choose(state) -> move``.

>>> state = new_game(Rules(players=3), seed=42)
>>> while not state.is_over:
...     _ = state.apply(RandomBot(seed=state.turn).choose(state))
>>> sum(state.totals()) == sum(state.score_sheet().total(p) for p in range(3))
True
"""

from . import cards, events, vocabulary
from .bots import GreedyBot, MCTSBot, RandomBot

# The package offers each module's public names (their ``__all__``).
from .cards import *  # noqa: F403
from .events import *  # noqa: F403
from .moves import Discard, Move, Play, Steal, move_from_dict, move_to_dict
from .redealing import redeal
from .rules import Rules
from .setup import determinize, make_state, new_game, replay
from .state import Observation, State
from .view import player_view
from .vocabulary import *  # noqa: F403

__all__ = [
    *cards.__all__,
    *vocabulary.__all__,
    "Rules",
    "State",
    "Observation",
    "Play",
    "Discard",
    "Steal",
    "Move",
    "new_game",
    "replay",
    "make_state",
    "determinize",
    "player_view",
    "redeal",
    "move_to_dict",
    "move_from_dict",
    *events.__all__,
    "RandomBot",
    "GreedyBot",
    "MCTSBot",
]
