"""Everything a Circle of Life player sees: the board, the referee, the controls.

One :class:`CircleDashboard` per browser session (or notebook cell) with its own model.  Bots
move on their own when it is their turn, through the model's one bot loop
(:class:`~cole_panel.core.bot_loop.BotLoop`): the page's :class:`~cole_panel.ui.BotRunner`
computes the choice off the event loop while a spinner shows who is thinking, then it is played
on the document's thread.  When both seats are bots the game plays itself at the chosen pace.
"""

from __future__ import annotations

import html
from functools import partial
from typing import Any

import panel as pn
import param

from engines.circle import PLAYER_NAMES, State
from engines.circle.hints import count_stones
from engines.circle.race import race

from ..runtime.hold import batched
from ..runtime.near import ShownWhenNear
from ..ui import (
    EventLog,
    GameOverBanner,
    MessageBox,
    MoveList,
    SaveLoad,
    SeatSelector,
    ThinkingIndicator,
    page_bots,
)
from ..ui.keyboard import Shortcut, TabJumps
from ..ui.learn_page import LearnTab
from ..ui.named_controls import aria_name
from ..ui.review_view import ReviewTab
from ..ui.wrap import HIDDEN_TABS_FLAT, TAB_ROW_WRAPS, growing_column
from .board import CircleBoard
from .keys import CircleKeys
from .link import ShareLink
from .model import CircleModel
from .palette import CAPTION, STONE_FILL
from .puzzles import PuzzleView
from .race_overlay import counts_html, legend_html
from .review_board import CircleReviewBoard

MIN_BOARD = 340
"""Narrowest board (px) before the column beside it moves under it (beside it in a 1,024 px
window with the sidebar open, so the turn, narration, Undo and Hint are on the first screen)."""
MIN_SIDE, MAX_SIDE = 320, 520
"""Width range (px) of the column of turn, captures and tabs."""
SETTINGS_PX = 400
"""About the height of the sidebar's settings."""
TABS_PX = 290
"""About the height of the tabs (their headers and the narration's box)."""
TURN_PX, MESSAGE_PX = 50, 76
"""Heights (px) of the turn line (two lines of a phone) and the message (three lines): fixed,
so the board under them never moves between a tap's preview and its confirmation."""
HUMAN_VS_BOT_DELAY = 0.4
"""Seconds a bot waits before answering a person, so the person sees her own stone land."""

HOW_TO_PLAY_CSS = ":host code { color: #3b2a00; background-color: #f4efe3; }"
"""A typed cell (`E5`) in dark text on a light ground: Panel's own code colours fell below
WCAG AA's 4.5:1 on this page's tab (axe's colour-contrast rule)."""

HOW_TO_PLAY = """
**Goal.** Eat 20 enemy stones, or be the player who cannot place a stone on her turn.

**Critters.** Touching stones of one colour form a *critter* of 1 to 4 stones; its shape is
its *species*. The ring around the board shows the 12 species; each arrow points from an
eater to what it eats (pair eats singleton, singleton eats 4-line, …).

**Your turn.** *Evolve*: choose an empty cell to place a stone. It joins every friendly
critter it touches; the result may not have more than 4 stones (such cells show ×).
*Feed*: the critter you just made eats every touching enemy critter of its prey species.

**The race.** Most games end when a player cannot place a stone, and with the rulebook's
rule *she wins*. So the real score is how many cells each player may still use (shown under
the captures). Tick *Show who can use each cell*: ▲ only Orange, ■ only Black, ○ both, ✕
neither. Fill the cells only you can use before the ones both of you can.

**Help.** Point at (or tap) a cell: the line under the board says what it is or what a stone
there would become and eat; the critter it would form is outlined in gold and the stones it would eat are
ringed in red, and the ring lights up that species (gold), its prey (green) and its predator
(red). *Hint* explains its move; the slider sets how hard the hint bot thinks.

**Keyboard and touch.** Tab to the board's key box, then the arrow keys move a cursor over
the cells (each is read out with its preview), Enter or Space places; U undoes, H hints, N
starts a new game, T shows the position as text; or type a cell such as `E5` in the *Move* box.
On a touch screen the first tap on a cell shows what it would do and a second tap (or *Place*)
places; tick *place on one tap* once you know the game. On a phone, *Zoom in* (under the board)
makes the cells large enough for a finger; drag or pinch to move the view, *Zoom out* for the ring.

**Share.** The page address holds the game (`?moves=E5,F2,…`); *Copy link* copies it.
"""


def _bar_css(color: str) -> str:
    return (
        f"progress::-webkit-progress-value {{ background-color: {color} !important; }}\n"
        f"progress::-moz-progress-bar {{ background-color: {color} !important; }}\n"
        f"progress:not([value])::-webkit-progress-bar {{ background-color: {color}; }}"
    )


class CircleDashboard(pn.viewable.Viewer):
    """The Circle of Life game page: board with ring, turn and captures, controls, log."""

    model = param.ClassSelector(class_=CircleModel, doc="The game (a new one per dashboard).")
    pace = param.Number(
        default=0.8,
        bounds=(0.0, 5.0),
        step=0.1,
        doc=("Seconds between moves when two bots play each other."),
    )

    def __init__(self, **params: Any):
        if "model" not in params:
            params["model"] = CircleModel()
        super().__init__(**params)
        m = self.model
        # The model's bot loop moves the bots; a past position on show holds them.
        self.runner = page_bots(
            m, follow=("view_index",), hold=lambda: self.model.viewing_past, delay=self._delay
        )
        self._hint_job: int | None = None  # the runner's handle of a hint being looked for
        # The address's watcher comes before the board's, so the browser's address bar holds a
        # move before its stone is drawn: a reload at once (tests/browser/test_server.py)
        # opens the position on show, not the one before it.
        self._share = ShareLink(model=m)
        self.board = CircleBoard(model=m)
        self._build()
        self._layout: pn.FlexBox | None = None
        self.runner.notebook_push = self._push
        m.param.watch(
            self._refresh,
            [
                "state",
                "history",
                "future",
                "view_index",
                "capture_target",
                "seat0",
                "seat1",
                "strength0",
                "strength1",
            ],
        )
        self.runner.param.watch(self._refresh_buttons, ["thinking"])
        self._refresh()
        m.bot_loop.schedule()

    def _delay(self) -> float:
        """The pause before a bot's move: short after a person's, else the chosen pace."""
        return HUMAN_VS_BOT_DELAY if self.model.has_human else self.pace

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        self._build_status()
        self._build_buttons()
        self._log = EventLog(height=230, label="Narration")
        self._moves = MoveList()
        self._moves.param.watch(self._on_pick_move, "selected")
        new_game = self._build_setup()
        self._puzzles = pn.Column(
            pn.pane.Markdown("Loading the puzzles…"), sizing_mode="stretch_width"
        )
        self._how_to = pn.pane.Markdown(
            HOW_TO_PLAY, sizing_mode="stretch_width", stylesheets=[HOW_TO_PLAY_CSS]
        )
        self._review = ReviewTab(model=self.model, board_type=CircleReviewBoard)
        self._learn = LearnTab("circle")
        self._build_board_column(new_game)

    def _build_status(self) -> None:
        """The turn line, the banner, the referee's message, the spinner, the capture bars."""
        self._turn = pn.pane.HTML(
            "",
            margin=(0, 5),
            css_classes=["cole-turn"],
            sizing_mode="stretch_width",
            height=TURN_PX,
            styles={"overflow-y": "auto"},
        )
        self._banner = GameOverBanner()
        self._message = MessageBox(model=self.model, height=MESSAGE_PX)
        self._thinking = ThinkingIndicator(runner=self.runner)
        # Each player's bar in her stone colour (Progress only knows theme colours by name).
        self._bars = [
            pn.indicators.Progress(
                value=0,
                max=20,
                height=16,
                sizing_mode="stretch_width",
                margin=(0, 5, 6, 5),
                stylesheets=[_bar_css(color)],
                css_classes=[aria_name(f"Stones {PLAYER_NAMES[p]} has eaten")],
            )
            for p, color in enumerate(STONE_FILL)
        ]
        self._bar_labels = [
            pn.pane.HTML("", margin=(2, 5, 0, 5), css_classes=[f"cole-eaten-{p}"]) for p in (0, 1)
        ]
        # Over the board, who plays each colour (a room's page: the names people typed).
        self._players = pn.pane.HTML("", margin=(0, 5), css_classes=["cole-players"], visible=False)

    def _build_buttons(self) -> None:
        """Undo, redo, hint, pause, the hint's strength, the race overlay and the link."""
        m = self.model
        self._undo = pn.widgets.Button(label="Undo", width=85)
        self._redo = pn.widgets.Button(label="Redo", width=85)
        self._hint = pn.widgets.Button(label="Hint", width=85, color="success", variant="outline")
        self._pause = pn.widgets.Toggle.from_param(
            m.bot_loop.param.paused, label="Pause bots", width=110
        )
        self._hint_strength = pn.widgets.IntSlider.from_param(
            m.param.hint_strength, label="Hint strength", width=150, margin=(2, 5)
        )
        self._show_race = pn.widgets.Checkbox(
            label="Show who can use each cell (▲ only Orange, ■ only Black, ○ both, ✕ neither)",
            value=False,
            css_classes=["cole-race-toggle"],
        )
        self._show_race.link(self.board, value="show_race")
        self.board.param.watch(self._refresh, ["show_race"])
        self._legend = pn.pane.HTML("", margin=(0, 10), css_classes=["cole-race"])
        self._undo.on_click(batched(lambda _: self._step(self.model.undo)))
        self._redo.on_click(batched(lambda _: self._step(self.model.redo)))
        self._hint.on_click(self._on_hint)

    def _build_setup(self) -> pn.widgets.Button:
        """The players and the next game's rules (the sidebar), save / load; returns the
        New game button."""
        m = self.model
        radius = pn.widgets.IntSlider.from_param(m.param.radius, width=150)
        # No bounds on the widget: a number out of range gets a sentence, not a silent clamp.
        target = pn.widgets.IntInput(
            label=m.param.capture_target.label,
            value=m.capture_target,
            width=100,
            css_classes=["cole-target"],
        )
        target.param.watch(partial(self._on_target, target), "value")
        stuck_wins = pn.widgets.Checkbox.from_param(m.param.no_placement_wins)
        first = pn.widgets.RadioButtonGroup.from_param(
            m.param.first_player,
            options={"Orange": 0, "Black": 1},
            color="default",
        )
        new_game = pn.widgets.Button(label="New game", color="primary", width=120)
        new_game.on_click(batched(lambda _: self._new_game()))
        pace = pn.widgets.FloatSlider.from_param(
            self.param.pace, label="Bot-vs-bot pace (s)", width=200
        )
        self._setup = pn.Column(
            pn.pane.Markdown("**Players** (changes apply at once)", margin=(4, 5, 0, 5)),
            SeatSelector(model=m, seat="seat0", strength="strength0", label="Orange"),
            SeatSelector(model=m, seat="seat1", strength="strength1", label="Black"),
            pace,
            pn.pane.Markdown("**Next game**", margin=(8, 5, 0, 5)),
            pn.FlexBox(radius, target),
            pn.Row(pn.pane.Markdown("Who starts:", margin=(8, 5)), first),
            stuck_wins,
            new_game,
            sizing_mode="stretch_width",
        )
        self._saveload = SaveLoad(model=m, filename="circle-of-life.json")
        return new_game

    def _build_board_column(self, new_game: pn.widgets.Button) -> None:
        """The board with its key box, touch switch, caption, race overlay and link."""
        caption = pn.pane.HTML(
            '<div style="color:#5b4a30;font-size:13px">Arrows on the ring point '
            "from eater to eaten. Point at (or tap) a cell or a ring shape: "
            f'<b style="color:{CAPTION["self"]}">gold</b> (“this”) is that species, '
            f'<b style="color:{CAPTION["prey"]}">green</b> (“prey”) what it eats, '
            f'<b style="color:{CAPTION["predator"]}">red</b> (“eater”) what eats it. '
            "Cells marked × cannot take your stone; dashed red rings are the stones each "
            "player ate with her last move.</div>",
            margin=(4, 10),
            sizing_mode="stretch_width",
        )
        self._one_tap = pn.widgets.Checkbox.from_param(
            self.board.param.one_tap, label="Touch: place on one tap (no preview first)"
        )
        self.keys = CircleKeys(
            self.board,
            [
                Shortcut.of_button("u", self._undo, lambda: self._step(self.model.undo)),
                Shortcut.of_button("h", self._hint, self._on_hint),
                Shortcut.of_button("n", new_game, self._new_game),
            ],
        ).keys
        self._board_column = growing_column(
            self._players,
            # Over the board, each a fixed height: the turn and the last move on a phone's
            # first screen (they were 1,000 px under the board), and the board never moves
            # under a finger between a preview and its confirming tap.
            self._turn,
            self._message,
            self.board,
            self._thinking,
            self._banner,
            self.board.zoom,
            self.keys,
            self._one_tap,
            caption,
            self._show_race,
            self._legend,
            self._share,
            basis=MIN_BOARD,
            min_width=MIN_BOARD,
            max_width=self.board.size,
        )

    def _tabs(self, *extra: tuple[str, pn.viewable.Viewable]) -> pn.Column:
        """The tabs beside the board (narration and moves, ``extra``, puzzles, how to play)
        after their keyboard jumps: Bokeh puts the headers after the shown tab's content."""
        pairs = [
            ("Narration", self._log),
            ("Moves", self._moves),
            *extra,
            ("Review", self._review.column),
            ("Puzzles", self._puzzles),
            ("How to play", self._how_to),
            ("Learn", self._learn.column),
        ]
        tabs = pn.Tabs(
            *pairs,
            # Built up front (a few models): test_console_errors watches the hidden move list
            # fill in as bots play. The puzzles are built on their first open (``_on_tab``).
            dynamic=False,
            stylesheets=[TAB_ROW_WRAPS, HIDDEN_TABS_FLAT],
            sizing_mode="stretch_width",
        )
        tabs.param.watch(partial(self._on_tab, tabs), "active")
        self._learn.attach(tabs)
        jumps = TabJumps.of(tabs, [name for name, _ in pairs])
        return pn.Column(jumps, tabs, margin=0, sizing_mode="stretch_width")

    def _game_column(self, tabs: pn.viewable.Viewable) -> pn.Column:
        """Title, turn, captures, buttons and ``tabs``: what sits beside (or under) the board."""
        return growing_column(
            pn.pane.HTML('<h2 style="margin:0">Circle of Life</h2>', margin=(0, 5)),
            self._bar_labels[0],
            self._bars[0],
            self._bar_labels[1],
            self._bars[1],
            pn.FlexBox(self._undo, self._redo, self._hint, self._pause, margin=(4, 0)),
            self._hint_strength,
            tabs,
            basis=MIN_SIDE,
            min_width=MIN_SIDE,
            max_width=MAX_SIDE,
            margin=(0, 10),
        )

    def _beside(self, tabs: pn.viewable.Viewable) -> pn.FlexBox:
        # Side by side when there is room, the column under the board when there is not.
        return pn.FlexBox(
            self._board_column,
            self._game_column(tabs),
            flex_wrap="wrap",
            align_items="flex-start",
            sizing_mode="stretch_width",
            margin=5,
        )

    def settings(self) -> pn.viewable.Viewable:
        """What goes in a served page's sidebar: players, the next game's rules, save / load
        (sent for when the sidebar is shown: a phone's starts closed)."""
        tabs = pn.Tabs(
            ("New game", self._setup),
            ("Save / load", self._saveload),
            dynamic=True,
            sizing_mode="stretch_width",
        )
        return ShownWhenNear(tabs, height=SETTINGS_PX, label="Settings", when="sidebar")

    def play_area(self) -> pn.viewable.Viewable:
        """Everything but the settings: board, turn, captures, narration, moves, puzzles.

        The tabs, under a phone's first screen, are sent for when scrolled near (issue 24:
        some 40 models a phone would build before it answers a tap)."""
        tabs = ShownWhenNear(self._tabs(), height=TABS_PX, label="Narration, moves and help")
        return self._beside(tabs)

    # ------------------------------------------------------------------ refreshing
    def _refresh(self, *_: Any) -> None:
        m = self.model
        state = m.shown_state
        target = state.rules.capture_target
        standing = race(state)
        for p in (0, 1):
            eaten = state.eaten[p]
            self._bars[p].param.update(max=target, value=min(eaten, target))
            self._bar_labels[p].object = (
                f'<span style="color:{STONE_FILL[p]};font-size:18px">●</span> '
                f"<b>{PLAYER_NAMES[p]}</b> ({html.escape(self._seat_text(p))}) has eaten "
                f'<b class="cole-eaten">{eaten} / {target}</b> stones · '
                f'<span class="cole-cells-{p}">{counts_html(standing, p)}</span>'
            )
        self._players.visible = any(m.person_of(p) is not None for p in (0, 1))
        if self._players.visible:
            self._players.object = self._players_html()
        # The legend belongs to the overlay: sent only while it is shown (each update costs).
        self._legend.visible = self.board.show_race
        if self.board.show_race:
            self._legend.object = legend_html(standing, True)
        banner = m.outcome_text if not m.viewing_past else ""
        outcome = state.outcome
        if banner and outcome is not None and outcome.stuck is not None:
            banner += (
                f" {PLAYER_NAMES[outcome.stuck]} has no legal cell: hover any empty cell "
                "to see why."
            )
        self._banner.text = banner
        self._turn.object = self._turn_html()
        self._log.reset(
            (m.log_title(f"{n}.", t.player), [e.describe() for e in t.events])
            for n, t in enumerate(m.history, start=1)
        )
        self._moves.param.update(moves=m.move_labels, selected=m.view_index)
        self._refresh_buttons()

    def _turn_html(self) -> str:
        m = self.model
        if m.viewing_past:
            return (
                '<div style="font-size:16px;color:#2d4a6b"><b>Looking at a past position'
                "</b> — pick the last move or press “Back to live game”.</div>"
            )
        p = m.state.current_player
        if p is None:
            return '<div style="font-size:16px"><b>Game over.</b></div>'
        who = m.turn_words(p)
        if who == "Your move":
            who += ": choose an empty cell"
        return (
            f'<div style="font-size:16px"><span style="color:{STONE_FILL[p]};'
            f'font-size:20px">●</span> <b>{PLAYER_NAMES[p]} to play</b> — '
            f"{html.escape(who)}.</div>"
        )

    def _push(self) -> None:
        # A bot's move is sent to a notebook output by hand (no server loop pushes it there).
        if self._layout is not None:
            pn.io.push_notebook(self._layout)

    def _refresh_buttons(self, *_: Any) -> None:
        m = self.model
        busy = self.runner.thinking
        self._undo.disabled = not m.history or m.viewing_past
        self._redo.disabled = not m.future or m.viewing_past
        p = m.state.current_player
        self._hint.disabled = busy or m.viewing_past or p is None or m.seat(p) != "Human"
        self._pause.visible = m.runs_own_bots and not m.has_human

    def _players_html(self) -> str:
        """Each colour's stone and who plays it: 'Orange (you)', 'Black (Ada)' (escaped; a
        room keeps a name to 24 characters)."""
        m = self.model
        return "".join(
            f'<span class="cole-player-{p}" style="margin-right:16px;overflow-wrap:anywhere">'
            f'<span style="color:{STONE_FILL[p]};font-size:18px">●</span> '
            f"<b>{html.escape(m.seat_name(p))}</b></span>"
            for p in (0, 1)
        )

    def _seat_text(self, player: int) -> str:
        """'Human', 'Greedy' or 'MCTS, strength 2' (the bot's strength goes with its name);
        in a room, the name of the person at the seat ('you', 'Ada')."""
        person = self.model.person_of(player)
        if person is not None:
            return person
        kind = self.model.seat(player)
        return f"{kind}, strength {self.model.strength(player)}" if kind == "MCTS" else kind

    # ------------------------------------------------------------------ actions
    def _on_target(self, widget: pn.widgets.IntInput, event: param.parameterized.Event) -> None:
        m = self.model
        value = event.new
        if value == m.capture_target:
            return
        lo, hi = m.param.capture_target.bounds
        if value is None or not lo <= value <= hi:
            m.param.update(
                message=f"{m.param.capture_target.label} must be a whole number from {lo} to "
                f"{hi}, not {value}; it stays {m.capture_target}.",
                message_is_error=True,
            )
            widget.value = m.capture_target
            return
        m.capture_target = value
        m.param.update(
            message=f"The next new game is won by eating {count_stones(value)}.",
            message_is_error=False,
        )

    def _on_tab(self, tabs: pn.Tabs, event: param.parameterized.Event) -> None:
        if tabs.objects[event.new] is self._review.column:
            self._review.open()
        # The puzzle trainer (its own game and board) is built the first time its tab opens.
        if tabs.objects[event.new] is self._puzzles and not hasattr(self, "_puzzle_view"):
            self._puzzle_view = PuzzleView()
            self._puzzles.objects = [self._puzzle_view]

    def _step(self, action: Any) -> None:
        """Undo or redo; in a bot-vs-bot game pause first, or the bots would replay at once."""
        if not self.model.has_human:
            self.model.bot_loop.paused = True
        action()

    def _new_game(self) -> None:
        if self._hint_job is not None:
            self.runner.cancel(self._hint_job)  # a new game drops a hint still being looked for
        self.model.new_game()

    @batched
    def _on_pick_move(self, event: param.parameterized.Event) -> None:
        if event.new != self.model.view_index:
            self.model.view(event.new)

    def _on_hint(self, *_: Any) -> None:
        m = self.model
        if self.runner.thinking:
            return
        state = m.state
        self._hint_job = self.runner.run(
            m.bot_request(state, True),
            partial(self._apply_hint, state),
            task="Looking for a good move",
        )

    @batched
    def _apply_hint(self, state: State, cell: tuple[int, int]) -> None:
        self._hint_job = None
        if self.model.state is state and not self.model.viewing_past:
            self.model.show_hint(cell)

    def __panel__(self) -> pn.viewable.Viewable:
        if self._layout is None:
            self._layout = self._beside(
                self._tabs(("New game", self._setup), ("Save / load", self._saveload))
            )
        return self._layout
