"""Ecosystem: Savanna: parks, exact step-by-step scoring, the draft and bots.

Public names (stable; the dashboard builds on them):

Cards (:mod:`.cards`)
    ``CardType`` (string enum; value = code: WH GR TR GZ ZB GF CH LI EL HY VU; ``.code``,
    ``.label`` "watering hole", ``.plural``, ``.category`` "watering_hole", ``.order``,
    ``.is_animal``), ``CODES``, ``ANIMALS``, ``LANDFORMS``, ``card_from_code``,
    ``load_deck``, ``DEFAULT_DECK`` (the packaged ``deck.toml``: 12 of each, 132 cards).

Parks (:mod:`.park`)
    ``Park`` (immutable 4 × 5 grid; ``Park.parse(text)``, ``str(park)``, ``park[r, c]``,
    ``cards()``, ``count()``, ``with_card()``, ``flip()``, ``flipped``, ``is_full``),
    ``ROWS``, ``COLS``, ``CELLS``, ``cell_label((r, c))`` → ``"B4"``, ``parse_cell_label``,
    ``placement_error``, ``placement_cells``, ``place`` (the draft's placement rule;
    ``frame="fixed"`` or ``"floating"``).

    Park text: 4 lines of 5 tokens separated by spaces; ``..`` empty; ``GZ*``/``ZB*`` a
    face-down card (only ever produced by scoring). Cells are ``(row, column)`` from
    ``(0, 0)`` top-left; labels and error messages count rows A–D / 1–4 and columns 1–5.

Options (:mod:`.rules`)
    ``Rules(variant, players, frame, elephant_floor, lion_scores_without_prey,
    lion_choice, majority_needs_gazelles, majority_points, row_points, deck)``,
    ``player_name(i)`` → ``"Player 1"`` for index 0.

Scoring (:mod:`.scoring`)
    ``score(parks, rules=None, *, other_gazelles=(), lion_choices=None) -> ScoreSheet``;
    ``score_steps(...)`` yields ``ScoringStep(category, lines, flipped, totals, sheet,
    parks, lion)`` in the rulebook's order (one step per lion; ``lion`` is a
    ``LionChoice(player, lion, prey, options, reason)``); ``totals(...)``;
    ``CATEGORIES``; ``park_cell``.

    Score-line cells: ``(row, column)`` in the classic game, ``("west", row, column)`` /
    ``("east", row, column)`` with two parks; the scoring card comes first.

The draft (:mod:`.state`)
    ``new_game(rules=None, seed=None) -> State``; ``Pick(card, cell, park=None)``;
    ``replay(actions, rules=None, seed=None)``; ``State`` (satisfies
    :class:`engines.protocol.GameState`): ``legal_actions()``, ``apply(pick)``,
    ``why_illegal(pick)``, ``is_legal(pick)``, ``check_action(pick)``, ``clone()``,
    ``current_player``, ``is_over``, ``outcome``, ``winners`` (tuple), ``winner`` (the sole
    winner, None on a tie), ``returns()``, ``action_to_str(pick)`` ("GZ B4", "GZ B4 west") /
    ``parse_action(text)``, ``determinize(player, rng)``, ``score_sheet()``, ``parks``,
    ``park(p, name)``, ``hand(p, name)``,
    ``has_picked(p, name)``, ``direction(name)``, ``round``, ``turn``, ``discards``,
    ``stock_size``, ``observation(p) -> Observation``, ``to_dict()`` / ``from_dict()``,
    ``to_json()`` / ``from_json()``;
    ``determinize(observation, rng)``; ``player_view(state, seat, since=None)``: the draft as
    a seat (None: a spectator) may see it, with ``since`` (from ``turn_start(line)``) keeping
    back the other seats' picks of this turn.

Events (:mod:`.events`)
    ``Placed``, ``Passed``, ``Discarded``, ``RoundEnded``, ``Dealt``, ``Scored``,
    ``Flipped``, ``GameOver``.

Bots (:mod:`.bots`)
    ``RandomBot``, ``GreedyBot``, ``MCTSBot`` (determinized, never reads hidden cards).

Readings of the rulebook are listed in ``docs/rules/ecosystem.md``.

>>> from engines.ecosystem import Park, score
>>> esther = Park.parse('''
... EL GZ EL WH LI
... GR ZB CH GZ GR
... GR GR ZB TR GF
... TR GF WH HY GZ''')
>>> score([esther], other_gazelles=[2]).total(0)
86
"""

from . import park
from .cards import ANIMALS, CODES, DEFAULT_DECK, LANDFORMS, CardType, card_from_code, load_deck
from .events import Dealt, Discarded, Flipped, GameOver, Passed, Placed, RoundEnded, Scored
from .park import *  # noqa: F403 - the park module's public names (its __all__)
from .redealing import redeal
from .rules import ROW_POINTS, Rules, player_name
from .scoring import CATEGORIES, LionChoice, ScoringStep, park_cell, score, score_steps, totals
from .state import Observation, Pick, State, determinize, new_game, replay
from .view import player_view, turn_start

__all__ = [
    *park.__all__,
    "ANIMALS",
    "CATEGORIES",
    "CODES",
    "DEFAULT_DECK",
    "LANDFORMS",
    "ROW_POINTS",
    "CardType",
    "Dealt",
    "Discarded",
    "Flipped",
    "GameOver",
    "LionChoice",
    "Observation",
    "Passed",
    "Pick",
    "Placed",
    "RoundEnded",
    "Rules",
    "Scored",
    "ScoringStep",
    "State",
    "card_from_code",
    "determinize",
    "load_deck",
    "new_game",
    "park_cell",
    "player_name",
    "player_view",
    "redeal",
    "replay",
    "score",
    "score_steps",
    "totals",
    "turn_start",
]
