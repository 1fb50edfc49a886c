"""Everything an On the Savannah player sees: the row, the hand, the piles, the referee.

One :class:`SavannahDashboard` per browser session (or notebook cell), with its own model.
Every move is shown step by step (:class:`~cole_panel.savannah.playback.Playback`): the card
played, each placement effect, each hunt action with the cards it counts and hits, the cards
leaving, the regrouping; the narration beside the row says what each step does.  Bots move on
their own when it is their turn and the previous turn has been shown, through the model's one
bot loop (:class:`~cole_panel.core.bot_loop.BotLoop`): the page's
:class:`~cole_panel.ui.BotRunner` computes the choice off the event loop while a spinner says
who is thinking.  At the end the score sheet replaces the hand.  The Play tab is laid out by
:class:`~cole_panel.savannah.play_tab.PlayTab`; this module plays the turns back and keeps
every part up to date.
"""

from __future__ import annotations

import operator
from typing import Any

import panel as pn
import param

from engines.savannah import State, Steal

from ..runtime.hold import batched
from ..runtime.near import ShownWhenNear
from ..runtime.page import call_later, can_call_later
from ..ui import EventLog, MessageBox, ThinkingIndicator, page_bots
from ..ui.address import page_location
from ..ui.keyboard import Shortcut, TabJumps
from ..ui.learn_page import LearnTab
from ..ui.puzzle_controls import build_when_opened
from ..ui.review_view import ReviewTab
from .art import TOKEN_COLOURS, group_and_level
from .hand import HandView
from .hint import SavannahHint
from .how_to_play import how_to_play_html
from .keys import SavannahKeys
from .link import open_game, read_query
from .live_score import LiveScore
from .model import MAX_SEATS, SavannahModel, Turn, player_name
from .narration import caption_html, preview_marks, steps_html, turn_html
from .play_tab import MESSAGE_PX, PlayTab
from .playback import Playback
from .playback_controls import PlaybackControls
from .players import PlayersView
from .puzzles import SavannahPuzzleView
from .reference import CardReference
from .review import TurnReview
from .review_board import SavannahReviewBoard
from .row import RowView
from .scores import ScoreView
from .settings_view import SettingsView
from .standings import standing, state_big_five, step_state, totals_over
from .steps import Step, Table, still_step, turn_steps

SETTINGS_PX = 560
"""About the height of the sidebar's settings."""
WORDS_DELAY = 0.04
"""Seconds between sending a change of the row and the changes of everything else that goes
with it (hand, piles, texts, buttons): the browser paints the row — what a turn is about —
first, and the rest a frame or two later (re-laying out texts takes it much longer)."""

ANIMATE_AT_MOST = 4
"""When more moves than this arrive at once (bots finishing the game), only the last ones are
shown step by step; the others go straight to the narration."""


class _Said(param.Parameterized):
    """The referee's last words as the message box shows them (copied from the model a moment
    after it changes, so the figures reach the browser first)."""

    message = param.String(default="", doc="The model's message.")
    message_is_error = param.Boolean(default=False, doc="Whether it reports a refusal.")


class SavannahDashboard(pn.viewable.Viewer):
    """The On the Savannah game page: row, hand, players, narration, controls, scores."""

    model = param.ClassSelector(class_=SavannahModel, doc="The game (a new one per dashboard).")
    finish_kind = param.Selector(
        default="Greedy",
        objects=["Greedy", "Random"],
        doc=("The bot that plays every seat when 'Let bots finish the game' is pressed."),
    )

    def __init__(self, **params: Any):
        speed = params.pop("speed", None)
        if "model" not in params:
            params["model"] = SavannahModel()
        super().__init__(**params)
        self.playback = Playback()
        if speed is not None:
            self.playback.speed = speed
        # The model's bot loop moves the bots, once the turn before has been shown.
        self.runner = page_bots(
            self.model,
            hold=lambda: self.playback.busy,
            delay=lambda: min(self.playback.speed, 0.4),
        )
        self._seen: list[Turn] = []
        self._seen_start: State | None = None  # the game those turns belong to
        self._drawn: tuple[Any, ...] | None = None
        self._soon_pending: dict[Any, None] = {}
        self._soon_scheduled = False
        self.row = RowView()
        self.hand = HandView(model=self.model, defer=self._soon)
        self.players = PlayersView(model=self.model)
        self._scores: ScoreView | None = None  # the score sheet: built when the game ends
        self.reference = CardReference()
        self.live = LiveScore()
        self._review = TurnReview(model=self.model, on_replay=self.replay_turn)
        self._turn_of: dict[str, Turn] = {}
        self._totals_key: tuple[Any, ...] | None = None
        self._totals_cache: list[list[int]] = []
        self._area: pn.viewable.Viewable | None = None
        self._layout: pn.viewable.Viewable | None = None
        self._build()
        m = self.model
        seats = [f"seat{p}" for p in range(MAX_SEATS)]
        strengths = [f"strength{p}" for p in range(MAX_SEATS)]
        # A new game before any move leaves the history as it was ([]): its start tells it
        m.param.watch(self._on_game, ["history", "start"])
        m.param.watch(self._refresh_soon, ["state", "revealed", "players", *seats, *strengths])
        # after _on_game, so that a play shows its first step in a single redraw
        m.param.watch(self._draw, ["selected"], precedence=1)
        # whose hands the score may count (see SavannahModel.known_hands)
        m.param.watch(lambda *_: self._soon(self._refresh_live), ["revealed", "hide_hands", *seats])
        m.param.watch(lambda *_: self._soon(self._refresh_message), ["message", "message_is_error"])
        self.playback.param.watch(self._draw, ["step"])
        self.playback.param.watch(self._on_busy, ["busy"])
        self.playback.param.watch(self._refresh_soon, ["title"])
        self.playback.param.watch(self._refresh_buttons, ["auto"])
        self.playback.param.watch(
            lambda *_: self._soon(self._refresh_steps), ["step", "steps", "waiting"]
        )
        self.runner.param.watch(lambda *_: self._soon(self._refresh_buttons), ["thinking"])
        self._restart_view()
        self._draw_players()  # everything is drawn in the page as first sent
        self._refresh()
        self._refresh_caption()
        self._refresh_steps()
        self._refresh_message()
        m.bot_loop.schedule()

    @property
    def scores(self) -> ScoreView:
        """The score sheet (a table and a chart), built on first need: only a finished game
        shows it, and every page used to build it up front."""
        if self._scores is None:
            self._scores = ScoreView(model=self.model)
            self._scores.param.watch(self._draw, ["highlight"])
        return self._scores

    def _highlight(self) -> frozenset[str]:
        """The cards of the score line the person chose (none while the game runs)."""
        scores = self._scores
        if scores is None or not self.model.state.is_over:
            return frozenset()
        return frozenset(scores.highlight)

    @classmethod
    def from_query(cls, args: dict[str, Any] | None = None, **params: Any) -> SavannahDashboard:
        """A dashboard set up from URL query arguments, e.g. ``?players=2&seed=7&seat1=MCTS&
        speed=0&moves=play+zebra%231`` (see :mod:`~cole_panel.savannah.link`): each bad
        parameter is named in the message, the good ones are kept."""
        args = pn.state.session_args if args is None else args
        shared = read_query(args)
        model = open_game(shared)  # keeps the seed: the bots play as they did for the sender
        dash = cls(model=model, **params)
        if shared.speed is not None:
            dash.playback.speed = shared.speed
        return dash

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        self._build_texts()
        self._playback_controls = PlaybackControls(playback=self.playback)
        self._build_game_buttons()
        self._build_keys()
        self._build_play_tab()

    def _build_texts(self) -> None:
        """The spinner and the message (the Play tab makes its other texts)."""
        m = self.model
        self._thinking = ThinkingIndicator(runner=self.runner)
        self._said = _Said(message=m.message, message_is_error=m.message_is_error)
        self._message = MessageBox(model=self._said, height=MESSAGE_PX)

    def _build_game_buttons(self) -> None:
        """Undo, redo, pause the bots, the narration and the settings."""
        m = self.model
        self._undo = pn.widgets.Button(label="Undo my turn", width=120, margin=(2, 3))
        self._redo = pn.widgets.Button(label="Redo", width=70, margin=(2, 3))
        self._pause = pn.widgets.Toggle.from_param(
            m.bot_loop.param.paused, label="Pause bots", width=100, margin=(2, 3)
        )
        self._undo.on_click(lambda _: self._act(self.model.undo))
        self._redo.on_click(lambda _: self._act(self.model.redo))
        self.hint = SavannahHint(m, self.runner)
        self._log = EventLog(height=300, max_entries=400, label="Earlier turns")
        self._settings = SettingsView(
            model=m,
            on_new_game=self.new_game,
            on_finish=self.finish_with_bots,
            base_url=_page_address(),
        )
        self._settings.param.watch(lambda e: setattr(self, "finish_kind", e.new), ["finish_kind"])
        self._sidebar: ShownWhenNear | None = None
        self.param.watch(lambda e: setattr(self._settings, "finish_kind", e.new), ["finish_kind"])

    def _build_keys(self) -> None:
        """The row and hand's keys, with Undo, Hint and New game as keys of their own."""
        self.keys = SavannahKeys(
            self.model,
            self.hand,
            [
                Shortcut.of_button("u", self._undo, lambda: self._act(self.model.undo)),
                Shortcut.of_button("h", self.hint.button, self.hint.ask),
                Shortcut("n", "New game", self.new_game),
            ],
        ).keys
        self.hint.on_card = self._hinted

    def _build_play_tab(self) -> None:
        """The Play tab (:class:`~cole_panel.savannah.play_tab.PlayTab`) laid out of the parts."""
        self.play_tab = PlayTab(
            hand=self.hand,
            message=self._message,
            keys=self.keys,
            row=self.row,
            players=self.players,
            live=self.live,
            review=self._review,
            log=self._log,
            thinking=self._thinking,
            controls=[
                *self._playback_controls.widgets,
                self._undo,
                self._redo,
                self.hint.button,
                self._pause,
            ],
        )

    def settings(self) -> ShownWhenNear:
        """The seats, the next game and its options, save/load and the link (for a sidebar;
        sent for when the sidebar is shown: a phone's starts closed)."""
        if self._sidebar is None:
            self._sidebar = ShownWhenNear(
                self._settings, height=SETTINGS_PX, label="Settings", when="sidebar"
            )
        return self._sidebar

    def play_area(self) -> pn.viewable.Viewable:
        """Everything but the settings: the game, the cards and how to play, after the tabs'
        keyboard jumps (the page's first Tab stops after the sidebar reach every tab)."""
        if self._area is None:
            tabs, names = self._tabs()
            jumps = TabJumps.of(tabs, names)
            self._area = pn.Column(jumps, tabs, margin=0, sizing_mode="stretch_width")
        return self._area

    def _tabs(self, *settings: tuple[str, Any]) -> tuple[pn.Tabs, list[str]]:
        """The page's tabs (``settings``: a notebook's settings tab) and their titles."""
        review = ReviewTab(
            model=self.model, board_type=SavannahReviewBoard, colours=list(TOKEN_COLOURS)
        )
        # Built on first open: most visitors never open them.
        puzzles, rules = (pn.Column(margin=0, sizing_mode="stretch_width") for _ in range(2))
        learn = LearnTab("savannah")
        pairs = [
            ("Play", self.play_tab),
            *settings,
            ("Review", review.column),
            ("Cards", self.reference),
            ("Puzzles", puzzles),
            ("How to play", rules),
            ("Learn", learn.column),
        ]
        tabs = pn.Tabs(
            *pairs,
            dynamic=True,
            margin=0,
            sizing_mode="stretch_width",
            styles={"background": "#fbf8f1"},
        )
        build_when_opened(tabs, puzzles, SavannahPuzzleView)
        build_when_opened(tabs, rules, _how_to_play)
        return learn.attach(review.attach(tabs)), [name for name, _ in pairs]

    # ------------------------------------------------------------------ model → view
    def _turn_title(self, n: int, turn: Turn) -> str:
        """'Turn 4 · Player 2' (a steal is part of the turn of the play it follows)."""
        title = f"Turn {self.model.turn_number(n - 1)} · {player_name(turn.player)}"
        if isinstance(turn.move, Steal):
            title += " (steal)"
        self._turn_of[title] = turn
        return title

    def _turn_steps(self, turn: Turn) -> list[Step]:
        return turn_steps(Table.of(turn.before), turn.events, group_and_level)

    def _restart_view(self) -> None:
        m = self.model
        self._seen, self._seen_start = list(m.history), m.start
        text = m.message if not m.message_is_error else ""
        self.playback.still(
            still_step(m.state, text=text, title="The table"), title=self._position_title()
        )
        self._relog()

    def _position_title(self) -> str:
        n = len(self.model.history)
        return "Start of the game" if n == 0 else f"After move {n}"

    def _on_game(self, *_: param.parameterized.Event) -> None:
        # Turns added to the game on show are played back; another game (a new one, a loaded
        # one, even right after "New game") is shown still, as loading over a game in progress
        # is; the same game and turns again need nothing.
        m = self.model
        new, old = list(m.history), self._seen if m.start is self._seen_start else None
        same = old is not None and all(map(operator.is_, old, new))
        if same and len(new) == len(old):
            return
        if same and len(new) > len(old):
            fresh = list(enumerate(new, start=1))[len(old) :]
            self._seen = new
            self._soon(self._relog)
            shown = fresh[-ANIMATE_AT_MOST:]
            self.playback.play([(self._turn_title(n, t), self._turn_steps(t)) for n, t in shown])
        else:
            self._restart_view()

    def _relog(self) -> None:
        m = self.model
        self._log.reset(
            (f"Turn {m.turn_number(i)}. {_who(m, t.player)}:", [e.describe() for e in t.events])
            for i, t in enumerate(m.history)
        )
        self._review.refresh()
        self._refresh_chart()

    def replay_turn(self, index: int) -> bool:
        """Play back move ``index`` (0: the first) of the game step by step again."""
        history = self.model.history
        if not 0 <= index < len(history):
            return False
        turn = history[index]
        self.playback.play([(self._turn_title(index + 1, turn), self._turn_steps(turn))])
        return True

    def _on_busy(self, *_: Any) -> None:
        self._draw()
        self._refresh_soon()
        self.model.bot_loop.schedule()  # a turn shown to its end lets the next bot move

    # ------------------------------------------------------------------ figures first
    def _soon(self, fn: Any) -> None:
        """Run ``fn`` (a refresh of texts or buttons) a moment later, once, after the figures
        have been sent; at once when there is no event loop."""
        if not can_call_later():
            fn()
            return
        self._soon_pending[fn] = None
        if not self._soon_scheduled:
            self._soon_scheduled = True
            call_later(WORDS_DELAY, batched(self._flush_soon))

    def _flush_soon(self) -> None:
        self._soon_scheduled = False
        pending, self._soon_pending = list(self._soon_pending), {}
        for fn in pending:
            fn()

    def _refresh_soon(self, *_: Any) -> None:
        self._soon(self._refresh)

    def _draw(self, *_: Any) -> None:
        """Redraw the row and the players' side for the step on show (or a hand preview)."""
        m = self.model
        step = self.playback.step
        if step is None:
            return
        highlight = self._highlight()
        preview = self._preview()
        key = (
            id(step),
            m.state.is_over,
            tuple(sorted(preview.items())) if preview else None,
            highlight,
        )
        owner = m.hand_owner
        sizes = step.table.hand_sizes
        self.hand.shown_cards = (
            sizes[owner]
            if self.playback.busy and owner is not None and owner < len(sizes)
            else None
        )
        if key == self._drawn:
            return  # already on show: send nothing
        self._drawn = key
        if preview is not None:
            self.row.show(still_step(m.state), preview=preview)
        else:
            self.row.show(step, highlight=highlight)
        self._soon(self._draw_players)
        self._soon(self._refresh_caption)

    def _draw_players(self) -> None:
        m = self.model
        step = self.playback.step
        if self._preview() is not None:
            self.players.show(still_step(m.state))
        elif step is not None:
            highlight = self._highlight()
            self.players.show(step, highlight=highlight)

    def _refresh_caption(self) -> None:
        step = self.playback.step
        if step is not None:
            self.play_tab.caption.object = caption_html(self.playback, step, self._preview())
        self._refresh_live()

    def _moment(self) -> tuple[State, float]:
        """The position the page shows now (inside a turn during its playback) and where it
        falls on the chart (moves played; fractions inside a turn)."""
        m = self.model
        pb = self.playback
        turn = self._turn_of.get(pb.title) if pb.busy else None
        if turn is None or pb.step is None or turn not in m.history:
            return m.state, len(m.history)
        n = m.history.index(turn)
        share = (pb.index + 1) / max(1, len(pb.steps))
        return step_state(turn.before, turn.state, pb.step), n + share

    def _refresh_live(self) -> None:
        state, moment = self._moment()
        self.live.show(standing(state, self.model.known_hands), state_big_five(state))
        self.live.chart(self._totals(), moment)

    def _totals(self) -> list[list[int]]:
        m = self.model
        known = m.known_hands
        key = (id(m.start), len(m.history), id(m.history[-1]) if m.history else None, known)
        if self._totals_key != key:
            self._totals_key = key
            self._totals_cache = totals_over(m.start, [t.state for t in m.history], known)
        return self._totals_cache

    def _refresh_chart(self) -> None:
        self._refresh_live()

    def _preview(self) -> dict[str, Any] | None:
        m = self.model
        card = m.selected
        p = m.state.current_player
        if (
            self.playback.busy
            or card is None
            or p is None
            or m.must_steal
            or card not in m.state.hand(p)
            or m.hand_owner != p
        ):
            return None
        reason = m.why_unplayable(card)
        return {
            "card": card,
            "playable": reason is None,
            "blocker": m.blocker(card),
            "reason": reason,
            **preview_marks(m.state, m.preview(card) if reason is None else []),
        }

    def _refresh_steps(self, *_: Any) -> None:
        self.play_tab.steps.object = steps_html(self.playback)
        self._refresh_buttons()

    def _refresh(self, *_: Any) -> None:
        m = self.model
        state = m.state
        over_shown = state.is_over and not self.playback.busy
        tab = self.play_tab
        tab.banner.text = m.outcome_text.removeprefix("Game over: ") if over_shown else ""
        tab.show_over(over_shown, lambda: self.scores)
        tab.turn.object = turn_html(m, self.playback)
        self._refresh_buttons()

    def _refresh_message(self, *_: Any) -> None:
        """The referee's box under the hand: a refusal or a card choice in full; after a move
        only what was played (the narration beside the row tells every step).  It stays on
        the page: showing and hiding it would re-lay out the whole page on every move."""
        m = self.model
        text = m.message
        if not m.message_is_error and m.history and text == m.history[-1].describe():
            text = m.history[-1].events[0].describe()
        self._said.param.update(message=text, message_is_error=m.message_is_error)

    def _refresh_buttons(self, *_: Any) -> None:
        m = self.model
        limited = m.undo_limit is not None and m.undos_in_a_row >= m.undo_limit
        self._undo.disabled = not m.history or limited
        self._redo.disabled = not m.future
        self._playback_controls.refresh()
        self._pause.visible = m.runs_own_bots and not m.humans

    # ------------------------------------------------------------------ actions
    def _hinted(self, card: str) -> None:
        """The keyboard's cursor goes to the card a hint chose."""
        self.keys.cursor = ("hand", card)
        self.keys.refresh()

    @batched
    def _act(self, action: Any) -> None:
        action()  # an undo or redo moves the game: the bot loop drops a move asked before

    @batched
    def new_game(self) -> bool:
        """Start a new game with the options set (the New game button)."""
        m = self.model
        if m.seed is not None and m.seed == m.start.seed:
            m.seed = None  # the seed of the game on show: New game means a new deal
        seed = m.seed
        self.hint.cancel()  # a hint still being looked for belongs to the old game
        ok = m.new_game()
        if ok and seed is not None:
            m.seed = None  # used once: the next New game deals afresh
            m.message += f" (Seed {seed}: the link below replays this deal.)"
        return ok

    @batched
    def finish_with_bots(self) -> int:
        """Let bots play every remaining move (the 'Let bots finish the game' button) and show
        the end at once; the narration lists every move."""
        self.model.bot_loop.cancel()
        self.playback.finish()
        made = self.model.play_out(self.finish_kind)
        self.playback.finish()
        return made

    def __panel__(self) -> pn.viewable.Viewable:
        """The whole page (notebooks): the game, the settings, the cards and how to play."""
        if self._layout is None:
            self._layout, _ = self._tabs(("New game / save", self._settings))
        return self._layout


def _how_to_play() -> pn.pane.HTML:
    """The How to play tab's text."""
    return pn.pane.HTML(
        how_to_play_html(), sizing_mode="stretch_width", css_classes=["cole-how-to-play"]
    )


def _page_address() -> str:
    """The served page's address without its query ('' in a notebook)."""
    location = page_location()
    return "" if location is None else (location.href or "").split("?")[0]


def _who(model: Any, player: int) -> str:
    """'Player 2', or on a room's page 'Player 2 (Ada)' with the name its person typed."""
    person = model.person_of(player)
    return player_name(player) if person is None else f"{player_name(player)} ({person})"
