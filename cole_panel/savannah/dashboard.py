"""Everything an On the Savannah player sees: the row, the hand, the piles, the referee.

One :class:`SavannahDashboard` per browser session (or notebook cell), with its own model.
Every move is shown step by step (:class:`~cole_panel.savannah.playback.Playback`): the card
played, each placement effect, each hunt action with the cards it counts and hits, the cards
leaving, the regrouping; the narration beside the row says what each step does.  Bots move on
their own when it is their turn and the previous turn has been shown: the choice is computed on
a worker thread by the shared :class:`~cole_panel.ui.BotRunner` while a spinner says who is
thinking.  At the end the score sheet replaces the hand.
"""

from __future__ import annotations

import html
from functools import partial
from typing import Any

import panel as pn
import param

from engines.savannah import State, name_of

from ..ui import (
    BotRunner,
    EventLog,
    GameOverBanner,
    MessageBox,
    SaveLoad,
    SeatSelector,
    ThinkingIndicator,
)
from ..ui.batch import batched
from ..ui.timer import call_later, can_call_later
from .address import read_savannah_query
from .art import TOKEN_COLOURS, group_and_level
from .hand import HandView
from .model import MAX_SEATS, SavannahModel, Turn, player_name
from .playback import SPEEDS, Playback
from .players import PlayersView
from .reference import CardReference
from .row import RowView
from .scores import ScoreView
from .steps import Step, Table, still_step, turn_steps

WORDS_DELAY = 0.04
"""Seconds between sending a change of the row and the changes of everything else that goes
with it (hand, piles, texts, buttons): the browser paints the row — what a turn is about —
first, and the rest a frame or two later (re-laying out texts takes it much longer)."""

ANIMATE_AT_MOST = 4
"""When more moves than this arrive at once (bots finishing the game), only the last ones are
shown step by step; the others go straight to the narration."""

HOW_TO_PLAY = """
**Goal.** Score the most points at the end: animals alive on the savannah with your token,
kills in your kill pile, minus the cards left in your hand. All five of the Big Five
(★: lion, leopard, elephant, rhino, buffalo) in your kill pile earn a bonus.

**Your turn.** 1. *Play a card*: choose one of your cards (tap it or press its button) — the
page says whether it may go at the right end of the row and, if not, which rule forbids it
(the card that blocks it is outlined in red). Press **Play**: your token goes on it.
If none of your cards can be played you must discard one. 2. *Its actions*: placement effects
first, then the hunt actions top to bottom. "3 from right" counts the three rightmost cards of
the row *as it was at the start of the turn*. Killed cards go to your kill pile, scared
ones to the discard pile; their tokens go back to their owners. 3. You draw back to three
cards. 4. Cards of a regrouping kind (level-1 small mammals, level-1 and level-3 ungulates)
join the rightmost card of their kind, and the row closes up.

**End.** When the last card is drawn. Scores: alive animals with your token, kills (their
level), minus hand penalties, −10 if your human is the rightmost card, Big Five bonus.

**Watching a turn.** Each step shows on the row: numbered circles are the positions a hunt
counts (the arrow shows the direction), gold outlines the cards it reaches, red the ones it
hits. Use *Speed*, *Next step* and *Skip* beside the narration.
"""


class _Said(param.Parameterized):
    """The referee's last words as the message box shows them (copied from the model a moment
    after it changes, so the figures reach the browser first)."""

    message = param.String(default="", doc="The model's message.")
    message_is_error = param.Boolean(default=False, doc="Whether it reports a refusal.")


class SavannahDashboard(pn.viewable.Viewer):
    """The On the Savannah game page: row, hand, players, narration, controls, scores."""

    model = param.ClassSelector(class_=SavannahModel, doc="The game (a new one per dashboard).")
    paused = param.Boolean(default=False, doc="Whether bots wait instead of moving on their own.")
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
        self.runner = BotRunner()
        self.playback = Playback()
        if speed is not None:
            self.playback.speed = speed
        self._job: State | None = None
        self._seen: list[Turn] = []
        self._drawn: tuple[Any, ...] | None = None
        self._soon_pending: dict[Any, None] = {}
        self._soon_scheduled = False
        self.row = RowView()
        self.hand = HandView(model=self.model, defer=self._soon)
        self.players = PlayersView(model=self.model)
        self.scores = ScoreView(model=self.model)
        self.reference = CardReference()
        self._build()
        m = self.model
        seats = [f"seat{p}" for p in range(MAX_SEATS)]
        strengths = [f"strength{p}" for p in range(MAX_SEATS)]
        m.param.watch(self._on_history, ["history"])
        m.param.watch(self._refresh_soon, ["state", "revealed", "players", *seats, *strengths])
        # after _on_history, so that a play shows its first step in a single redraw
        m.param.watch(self._draw, ["selected"], precedence=1)
        m.param.watch(lambda *_: self._soon(self._refresh_message), ["message", "message_is_error"])
        # after _on_history has queued the new turn (watchers run in precedence order)
        m.param.watch(self._schedule_bot, ["state", *seats, *strengths], precedence=1)
        self.playback.param.watch(self._draw, ["step"])
        self.playback.param.watch(self._on_busy, ["busy"])
        self.playback.param.watch(self._refresh_soon, ["title"])
        self.playback.param.watch(
            lambda *_: self._soon(self._refresh_steps), ["step", "steps", "waiting"]
        )
        self.scores.param.watch(self._draw, ["highlight"])
        self.param.watch(self._schedule_bot, ["paused"])
        self.runner.param.watch(lambda *_: self._soon(self._refresh_buttons), ["thinking"])
        self._restart_view()
        self._draw_players()  # everything is drawn in the page as first sent
        self._refresh()
        self._refresh_caption()
        self._refresh_steps()
        self._refresh_message()
        self._schedule_bot()

    @classmethod
    def from_query(cls, args: dict[str, Any] | None = None, **params: Any) -> SavannahDashboard:
        """A dashboard set up from URL query arguments, e.g. ``?players=2&seed=7&seat1=MCTS&
        speed=0``: each is checked on its own (:mod:`cole_panel.core.query`), the good ones
        are kept and each bad one is named in the message."""
        found = read_savannah_query(pn.state.session_args if args is None else args)
        speed = found.values.pop("speed", None)
        model = SavannahModel(**found.values)
        dash = cls(model=model, **params)
        if speed is not None:
            dash.playback.speed = speed
        if found.problems:
            model.param.update(message=found.sentence(), message_is_error=True)
        return dash

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        m = self.model
        self._turn = pn.pane.HTML("", margin=(4, 5), css_classes=["cole-turn"], width=760)
        self._banner = GameOverBanner()
        self._thinking = ThinkingIndicator(runner=self.runner)
        self._caption = pn.pane.HTML(
            "", margin=(2, 8), css_classes=["cole-step"], sizing_mode="stretch_width", min_height=46
        )
        self._said = _Said(message=m.message, message_is_error=m.message_is_error)
        self._message = MessageBox(model=self._said)
        self._steps = pn.pane.HTML(
            "",
            margin=(2, 5),
            sizing_mode="stretch_width",
            css_classes=["cole-steps"],
            styles={"max-height": "290px", "overflow-y": "auto"},
        )
        self._back = pn.widgets.Button(label="◀ Back", width=80, margin=(2, 3))
        self._next = pn.widgets.Button(label="Next step ▶", width=110, margin=(2, 3))
        self._skip = pn.widgets.Button(label="Skip »", width=80, margin=(2, 3))
        self._back.on_click(batched(lambda _: self.playback.back()))
        self._next.on_click(batched(lambda _: self.playback.next()))
        self._skip.on_click(batched(lambda _: self.playback.finish()))
        self._speed = pn.widgets.Select(
            label="Speed",
            options=_speed_options(self.playback.speed),
            value=self.playback.speed,
            width=130,
            margin=(2, 5),
        )
        self._speed.param.watch(lambda e: setattr(self.playback, "speed", e.new), "value")
        self.playback.param.watch(self._sync_speed, "speed")
        self._auto = pn.widgets.Checkbox.from_param(
            self.playback.param.auto,
            label="advance on its own",
            margin=(24, 5),
            css_classes=["cole-auto"],
        )
        self._undo = pn.widgets.Button(label="Undo my turn", width=120)
        self._redo = pn.widgets.Button(label="Redo", width=80)
        self._pause = pn.widgets.Toggle.from_param(self.param.paused, label="Pause bots", width=110)
        self._undo.on_click(lambda _: self._act(self.model.undo))
        self._redo.on_click(lambda _: self._act(self.model.redo))
        self._log = EventLog(height=300, max_entries=400)

        # the new-game tab
        players = pn.widgets.IntSlider.from_param(m.param.players, label="Players", width=200)
        self._seat_rows = [
            SeatSelector(model=m, seat=f"seat{p}", strength=f"strength{p}", label=player_name(p))
            for p in range(MAX_SEATS)
        ]
        self._seat_boxes = [pn.Column(s, margin=0) for s in self._seat_rows]
        options = pn.Column(
            pn.widgets.IntSlider.from_param(
                m.param.start_row, label="Cards in the starting row", width=260
            ),
            pn.widgets.IntSlider.from_param(m.param.hand_size, label="Cards in hand", width=260),
            pn.widgets.IntSlider.from_param(m.param.tokens, label="Tokens per player", width=260),
            pn.widgets.IntInput.from_param(
                m.param.first_player, label="Who starts (0 = Player 1)", width=180
            ),
            pn.widgets.Checkbox.from_param(
                m.param.count_played_card,
                label="'Count from the right' includes the card just played",
            ),
            pn.widgets.Select.from_param(m.param.steal, label="Scavenger's steal", width=200),
            pn.widgets.Checkbox.from_param(
                m.param.steal_per_kill, label="Steal once per card killed"
            ),
            pn.widgets.Select.from_param(
                m.param.elephant_majority, label="Elephant's 'most animals'", width=200
            ),
            pn.widgets.Select.from_param(m.param.no_token, label="Without tokens left", width=200),
            pn.widgets.Checkbox.from_param(
                m.param.equal_turns, label="Finish the round (equal turns)"
            ),
            pn.widgets.IntInput.from_param(
                m.param.big_five_bonus, label="Big Five bonus", width=140
            ),
            pn.widgets.Select.from_param(m.param.tie_break, label="Ties", width=200),
            pn.widgets.IntInput.from_param(m.param.seed, label="Seed (empty: random)", width=180),
            margin=0,
        )
        new_game = pn.widgets.Button(label="New game", color="primary", width=140)
        new_game.on_click(lambda _: self.new_game())
        finish = pn.widgets.Button(label="Let bots finish the game", color="warning", width=220)
        finish.on_click(lambda _: self.finish_with_bots())
        kind = pn.widgets.Select.from_param(self.param.finish_kind, label="", width=110)
        setup = pn.Column(
            pn.pane.Markdown("**Seats** (changes apply at once)", margin=(4, 5, 0, 5)),
            *self._seat_boxes,
            pn.widgets.Checkbox.from_param(
                m.param.hide_hands, label="Cover hands between people's turns"
            ),
            pn.pane.Markdown(
                "**In a hurry?** Bots play every seat to the end.", margin=(8, 5, 0, 5)
            ),
            pn.Row(finish, kind, margin=0),
            pn.layout.Divider(),
            pn.pane.Markdown("**Next game**", margin=(4, 5, 0, 5)),
            players,
            new_game,
            pn.layout.Divider(),
            pn.pane.Markdown(
                "**Rules options** (used by the next game; each is a reading of "
                "the rulebook, see docs/rules/savannah.md)",
                margin=(4, 5, 0, 5),
            ),
            options,
            sizing_mode="stretch_width",
        )
        self._saveload = SaveLoad(model=m, filename="on-the-savannah.json")
        self._side_tabs = pn.Tabs(
            (
                "Narration",
                pn.Column(
                    self._steps,
                    pn.pane.Markdown("**Earlier turns**", margin=(4, 5, 0, 5)),
                    self._log,
                    margin=0,
                ),
            ),
            ("New game", setup),
            ("Save / load", self._saveload),
            dynamic=False,
            sizing_mode="stretch_width",
        )

        self.hand.add_below(self._message)
        self._play_area = pn.Column(self.hand, margin=0)
        self._score_area = pn.Column(self.scores, visible=False, margin=0)
        left = pn.Column(self._play_area, self._score_area, self.players, width=910, margin=0)
        right = pn.Column(
            pn.Row(self._back, self._next, self._skip, margin=(0, 0)),
            pn.Row(self._speed, self._auto, margin=0),
            pn.Row(self._undo, self._redo, self._pause, margin=(2, 0)),
            self._side_tabs,
            width=460,
            margin=(0, 5),
        )
        header = pn.Row(
            pn.pane.HTML(
                '<h2 style="margin:0;color:#3b3224">On the Savannah</h2>', margin=(4, 8), width=220
            ),
            self._turn,
            self._thinking,
            sizing_mode="stretch_width",
            margin=0,
        )
        game = pn.Column(
            header, self._banner, self._caption, self.row, pn.Row(left, right), margin=0
        )
        self._layout = pn.Tabs(
            ("Play", game),
            ("Cards", self.reference),
            ("How to play", pn.pane.Markdown(HOW_TO_PLAY, width=900)),
            dynamic=True,
            margin=0,
            styles={"background": "#fbf8f1"},
        )

    # ------------------------------------------------------------------ model → view
    def _turn_title(self, n: int, turn: Turn) -> str:
        return f"Move {n} · {player_name(turn.player)}"

    def _turn_steps(self, turn: Turn) -> list[Step]:
        return turn_steps(Table.of(turn.before), turn.events, group_and_level)

    def _restart_view(self) -> None:
        m = self.model
        self._seen = list(m.history)
        text = m.message if not m.message_is_error else ""
        self.playback.still(
            still_step(m.state, text=text, title="The table"), title=self._position_title()
        )
        self._relog()

    def _position_title(self) -> str:
        n = len(self.model.history)
        return "Start of the game" if n == 0 else f"After move {n}"

    def _on_history(self, event: param.parameterized.Event) -> None:
        new, old = list(event.new), self._seen
        if len(new) > len(old) and all(a is b for a, b in zip(old, new, strict=False)):
            fresh = list(enumerate(new, start=1))[len(old) :]
            self._seen = new
            self._soon(self._relog)
            shown = fresh[-ANIMATE_AT_MOST:]
            self.playback.play([(self._turn_title(n, t), self._turn_steps(t)) for n, t in shown])
        else:
            self._restart_view()

    def _relog(self) -> None:
        self._log.reset(
            (f"{n}. {player_name(t.player)}:", [e.describe() for e in t.events])
            for n, t in enumerate(self.model.history, start=1)
        )

    def _on_busy(self, *_: Any) -> None:
        self._draw()
        self._refresh_soon()
        self._schedule_bot()

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
        highlight = frozenset(self.scores.highlight) if m.state.is_over else frozenset()
        preview = self._preview()
        key = (
            id(step),
            m.state.is_over,
            tuple(sorted(preview.items())) if preview else None,
            highlight,
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
            highlight = frozenset(self.scores.highlight) if m.state.is_over else frozenset()
            self.players.show(step, highlight=highlight)

    def _refresh_caption(self) -> None:
        step = self.playback.step
        if step is not None:
            self._caption.object = self._caption_html(step, self._preview())

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
        }

    def _caption_html(self, step: Step, preview: dict[str, Any] | None) -> str:
        if preview is not None:
            name = name_of(preview["card"])
            if preview["playable"]:
                text = (
                    f"The {name} can go at the right end of the row. Press "
                    f"<b>Play the {name}</b> (or double-tap it)."
                )
                colour = "#1565c0"
            else:
                text = html.escape(preview["reason"] or "", quote=False)
                colour = "#c62828"
            return (
                f"<div style='font-size:15px;color:{colour}'><b>Trying the {name}:</b> {text}</div>"
            )
        pb = self.playback
        n = len(pb.steps)
        count = f" · step {pb.index + 1} of {n}" if n > 1 else ""
        colour = TOKEN_COLOURS[step.player] if step.player is not None else "#3b3224"
        return (
            f"<div style='font-size:15px'><span style='color:{colour};font-weight:700'>"
            f"{html.escape(pb.title, quote=False)}{count}</span> · <b>{html.escape(step.title, quote=False)}</b>"
            f"<br>{html.escape(step.text, quote=False)}</div>"
        )

    def _refresh_steps(self, *_: Any) -> None:
        pb = self.playback
        items = []
        for i, step in enumerate(pb.steps):
            if i == pb.index:
                style = "background:#fff3c4;border-left:4px solid #f2b705;font-weight:600"
            elif i > pb.index:
                style = "color:#a89b82"
            else:
                style = ""
            items.append(
                f"<li style='padding:3px 6px;margin:1px 0;{style}'>"
                f"<b>{html.escape(step.title, quote=False)}</b> — {html.escape(step.text, quote=False)}</li>"
            )
        waiting = (
            f"<div style='color:#6b5b40'>{pb.waiting} more move"
            f"{'s' * (pb.waiting != 1)} to show…</div>"
            if pb.waiting
            else ""
        )
        self._steps.object = (
            f"<div style='font-weight:700'>{html.escape(pb.title, quote=False)}</div>"
            f"<ol style='margin:2px 0 2px 18px;padding:0'>{''.join(items)}"
            f"</ol>{waiting}"
        )
        self._refresh_buttons()

    def _refresh(self, *_: Any) -> None:
        m = self.model
        state = m.state
        over_shown = state.is_over and not self.playback.busy
        self._banner.text = m.outcome_text.removeprefix("Game over: ") if over_shown else ""
        self._play_area.visible = not over_shown
        self._score_area.visible = over_shown
        for p, box in enumerate(self._seat_boxes):
            box.visible = p < state.players
        self._turn.object = self._turn_html()
        self._refresh_buttons()

    def _turn_html(self) -> str:
        m = self.model
        p = m.state.current_player
        pb = self.playback
        if pb.busy and pb.step is not None and pb.step.player is not None:
            q = pb.step.player
            nxt = "the end of the game" if p is None else m.seat_name(p)
            return (
                f'<div style="font-size:17px"><span style="color:{TOKEN_COLOURS[q]};'
                f"font-size:22px\">●</span> <b>Showing {player_name(q)}'s move</b> "
                f'<span style="color:#8a7d66;font-size:14px">— next: '
                f"{html.escape(nxt, quote=False)}</span></div>"
            )
        if p is None:
            return '<div style="font-size:17px"><b>Game over.</b></div>'
        dot = f'<span style="color:{TOKEN_COLOURS[p]};font-size:22px">●</span> '
        if m.seat(p) != "Human":
            who = f"the {m.seat(p)} bot is playing"
        elif m.waiting_for is not None:
            who = f"pass the device to {player_name(p)}"
        elif m.must_steal:
            who = "take a card from another player's kill pile"
        elif m.must_discard:
            who = "no card can be played: discard one"
        else:
            who = "your turn: choose a card from your hand"
        pile = m.state.pile_size
        return (
            f'<div style="font-size:17px">{dot}<b>{player_name(p)} to play</b> — '
            f'{html.escape(who, quote=False)}. <span style="color:#8a7d66;font-size:14px">'
            f"({pile} card{'s' * (pile != 1)} left to draw)</span></div>"
        )

    def _sync_speed(self, event: param.parameterized.Event) -> None:
        self._speed.param.update(options=_speed_options(event.new), value=event.new)

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
        pb = self.playback
        self._undo.disabled = not m.history
        self._redo.disabled = not m.future
        self._back.disabled = pb.index == 0
        self._next.disabled = not pb.busy
        self._skip.disabled = not pb.busy
        self._pause.visible = not m.humans

    # ------------------------------------------------------------------ actions
    @batched
    def _act(self, action: Any) -> None:
        self.runner.cancel()
        self._job = None
        action()

    @batched
    def new_game(self) -> bool:
        """Start a new game with the options set (the New game button)."""
        self.runner.cancel()
        self._job = None
        return self.model.new_game()

    @batched
    def finish_with_bots(self) -> int:
        """Let bots play every remaining move (the 'Let bots finish the game' button) and show
        the end at once; the narration lists every move."""
        self.runner.cancel()
        self._job = None
        self.playback.finish()
        made = self.model.play_out(self.finish_kind)
        self.playback.finish()
        return made

    # ------------------------------------------------------------------ bots
    def _bot_should_move(self) -> bool:
        m = self.model
        return m.bot_to_move and not self.playback.busy and not (self.paused and not m.humans)

    def _schedule_bot(self, *_: Any) -> None:
        """Start the mover's bot when it is a bot's turn; drop a job that no longer fits."""
        m = self.model
        if self._job is not None:
            if self._job is m.state and self._bot_should_move():
                return  # already thinking about exactly this position
            self.runner.cancel()
            self._job = None
        if not self._bot_should_move():
            return
        state = m.state
        p = state.current_player
        delay = min(self.playback.speed, 0.4)
        self._job = state
        self.runner.run(
            m.bot_request(state),
            partial(self._apply_bot, state),
            delay=delay,
            task=f"{m.seat_name(p)} is thinking",
        )

    @batched
    def _apply_bot(self, state: State, move: Any) -> None:
        self._job = None
        m = self.model
        if m.state is state and self._bot_should_move():
            m.play(move)  # its watchers show the turn and schedule the next bot
        else:
            self._schedule_bot()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _speed_options(seconds: float) -> dict[str, float]:
    """The speed menu, with an entry for a speed set another way (e.g. from the address)."""
    options = dict(SPEEDS)
    if seconds not in options.values():
        options[f"{seconds:g} s per step"] = seconds
    return options
