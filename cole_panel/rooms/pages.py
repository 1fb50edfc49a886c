"""Rooms on a served page: the browser's token, the room's bar, the page of a room.

:func:`game_page` is what an app serves: the game's usual page with a "Play with others"
button, or — with ``?room=<name>`` in the address — the room's page: the game's own dashboard
over a :class:`~.mirror.RoomMirror` of the room's game, and a bar saying who sits where (with
the host's seat menus and a "Sit here" button for open seats).

Every page has its own document.  The room tells a page that something changed by calling its
listener from whatever thread changed it; the page then copies the room's game into its mirror
on its own document's next tick (``Document.add_next_tick_callback``, the one document method
Bokeh allows from any thread), with the document held so the whole change leaves as one
message.  No Bokeh model is ever shared between documents.
"""

from __future__ import annotations

import html
import threading
from functools import partial
from typing import Any

import panel as pn
import param

from ..game_pages import GAME_PAGES, get_page
from ..runtime.page import run_in_doc, served_doc
from ..ui.address import ROOM_PARAMETER, client_address, room_name
from ..ui.keyboard import TabKeys
from ..ui.page_build import on_build_end
from ..ui.resume import keep_game
from ..ui.shell import serve_page, split
from ..ui.token import browser_token, keep_token
from .links import full_link, page_origin
from .mirror import MIRRORS
from .params import room_options
from .registry import RoomRegistry, shared_registry
from .room import Room
from .seats import NAME_LIMIT, OPEN, SEAT_CHOICES, RoomError

SWEEP_PERIOD = "20s"
"""How often the server lets bots take over abandoned seats and removes idle rooms."""

_swept: list[RoomRegistry] = []


def room_link(game: str, name: str, prefix: str | None = None) -> str:
    """The address of a room on this server process: under its ``--prefix`` (default: the
    page's), so that a proxy in front of several processes can send a room's pages to the one
    process that holds it (see ``docs/deploy.md``).

    >>> room_link("go", "abc", prefix="/shard2/")
    '/shard2/go?room=abc'
    """
    base = (pn.state.base_url if prefix is None else prefix) or "/"
    path = GAME_PAGES[game].address if game in GAME_PAGES else game
    return f"{base.rstrip('/')}/{path}?{ROOM_PARAMETER}={name}"


class PlayWithOthers(pn.viewable.Viewer):
    """The "Play with others" button: makes a room with this page's options and shows its
    link."""

    game = param.String(doc="The game the room plays.")
    model = param.Parameter(doc="This page's game model (its options start the room's game).")

    def __init__(self, registry: RoomRegistry | None = None, token: str = "", **params: Any):
        super().__init__(**params)
        self._registry = registry or shared_registry()
        self._token = token
        self._address = client_address()
        self._button = pn.widgets.Button(
            label="Play with others", color="primary", css_classes=["cole-room-create"]
        )
        # Under the button and wrapped anywhere: beside it, in a 300 px sidebar, the link was cut.
        self._said = pn.pane.HTML(
            "",
            css_classes=["cole-room-made"],
            margin=(4, 10),
            sizing_mode="stretch_width",
            styles={"overflow-wrap": "anywhere"},
        )
        self._button.on_click(self._create)
        self._layout = pn.Column(self._button, self._said, sizing_mode="stretch_width")

    def _create(self, *_: Any) -> None:
        options = {k: getattr(self.model, k) for k in room_options(self.model)}
        try:
            room = self._registry.create(self.game, self._token, options, address=self._address)
        except RoomError as err:
            self._said.object = f'<span style="color:#a40000">{html.escape(str(err))}</span>'
            return
        link = html.escape(full_link(room_link(self.game, room.name)))
        self._said.object = (
            f'Room made: send this link to the others — <a class="cole-room-link" href="{link}">'
            f"{link}</a> — and open it yourself to play (you hold the first seat). The room "
            "starts a new game with this page's options; the game on this page stays as it is."
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


class RoomBar(pn.viewable.Viewer):
    """Who sits where in a room, the link to share, and the seat controls."""

    def __init__(self, room: Room, token: str, listener: int, mirror: Any = None, **params: Any):
        super().__init__(**params)
        self.room, self.token, self.listener = room, token, listener
        self._mirror = mirror
        self._origin = page_origin()  # read while the page is built: its request
        self._status = pn.pane.HTML(
            "", css_classes=["cole-room-status"], sizing_mode="stretch_width"
        )
        self._said = pn.pane.HTML("", css_classes=["cole-room-said"])
        self._name = pn.widgets.TextInput(
            label="Your name",
            placeholder="Type your name",
            max_length=NAME_LIMIT,
            value=room.names.get(token, ""),
            width=190,
            css_classes=["cole-room-name"],
            stylesheets=[INLINE_LABEL],
        )
        self._name.param.watch(self._renamed, "value")
        self._shape: tuple = ()
        # One line where it fits: the status beside the name and the seat controls, so the
        # game's move stays on the first screen under the bar (issue 38).
        self._status.styles = {"flex": "1 1 420px", "min-width": "0"}
        self._controls = pn.FlexBox(
            self._status,
            self._name,
            flex_wrap="wrap",
            align_items="center",
            sizing_mode="stretch_width",
        )
        self._layout = pn.Column(
            self._controls,
            self._said,
            css_classes=["cole-room-bar"],
            sizing_mode="stretch_width",
        )

    def _renamed(self, event: Any) -> None:
        if event.new.strip():
            self._act(self.room.rename, self.token, event.new)

    def refresh(self) -> None:
        info = self.room.status(self.listener)
        self._status.object = _status_html(info, self._origin)
        shape = tuple((s["kind"], s["taken"]) for s in info["seats"]) + (info["you"], info["host"])
        shape += (tuple(info.get("load_waiting") or ()), info.get("load_mine"))
        if shape != self._shape:  # rebuild the buttons only when the seating changes
            self._shape = shape
            self._controls.objects = [self._status, self._name, *self._seat_controls(info)]

    def _seat_controls(self, info: dict[str, Any]) -> list[Any]:
        out: list[Any] = []
        for p, seat in enumerate(info["seats"]):
            if seat["taken"]:
                continue
            if info["you"] is None and (seat["free"] or info["host"]):
                button = pn.widgets.Button(
                    label=f"Sit as {seat['player']}", css_classes=[f"cole-room-sit-{p}"], width=150
                )
                button.on_click(lambda _e, p=p: self._act(self.room.claim, self.token, p))
                out.append(button)
            if info["host"]:
                menu = pn.widgets.Select(
                    label=seat["player"],
                    options=list(SEAT_CHOICES),
                    value=seat["kind"],
                    width=160,
                    stylesheets=[INLINE_LABEL],
                )
                menu.param.watch(
                    lambda e, p=p: self._act(self.room.set_seat, self.token, p, e.new), "value"
                )
                out.append(menu)
        return out + self._deal_controls(info)

    def _deal_controls(self, info: dict[str, Any]) -> list[Any]:
        """The host's choice to keep a loaded file's own deal, and a seated person's
        agreement to it (issue: a host could rig the deal by writing the file)."""
        out: list[Any] = []
        if info["host"] and self._mirror is not None and info.get("hides_cards"):
            keep = pn.widgets.Checkbox(
                # Short: it sits in the bar's one line above the game.
                name="A loaded file keeps its deal (all agree)",
                value=self._mirror.keep_file_deal,
                css_classes=["cole-room-keep-deal"],
            )
            keep.param.watch(lambda e: setattr(self._mirror, "keep_file_deal", e.new), "value")
            out.append(keep)
        if info.get("load_waiting") and info["you"] is not None and not info.get("load_mine"):
            agree = pn.widgets.Button(
                label="Play the file's own deal", css_classes=["cole-room-agree-deal"], width=190
            )
            agree.on_click(lambda _e: self._agree())
            out.append(agree)
        return out

    def _agree(self) -> None:
        why = self.room.agree_load(self.token)
        self._said.object = html.escape(why or "")

    def _act(self, fn: Any, *args: Any) -> None:
        try:
            fn(*args)
            self._said.object = ""
        except RoomError as err:
            self._said.object = f'<span style="color:#a40000">{html.escape(str(err))}</span>'

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _undo_html(info: dict[str, Any]) -> str:
    """Who asked to undo the last move, for every page of the room ('' when nobody did)."""
    asked = info["undo_asked"]
    if not asked:
        return ""
    names = html.escape(", ".join(asked))
    if info["undo_mine"]:
        then = "waiting for the others to press Undo too"
    elif info["you"] is not None:
        then = "press Undo to agree, or play on"
    else:
        then = "the players decide"
    return (
        f'<div class="cole-room-undo" role="status" style="margin-top:4px;color:#5a3d00">'
        f"<b>{names}</b> asked to undo the last move: {then}.</div>"
    )


def _status_html(info: dict[str, Any], origin: str = "") -> str:
    link = html.escape(origin + room_link(info["game"], info["name"]))
    parts = []
    for p, s in enumerate(info["seats"]):
        who = (
            s["name"] if s["taken"] else ("open seat" if s["kind"] == OPEN else f"{s['kind']} bot")
        )
        if s["taken_over"] and s["free"]:
            who += " (free: a bot plays until someone sits down)"
        elif s["taken_over"]:
            who += " (away: a bot plays for now)"
        elif s["away"]:
            who += " (away)"
        if s["yours"]:
            who += " — you"
        mark = "▶&nbsp;" if info["mover"] == p else ""
        parts.append(
            f'<li class="cole-room-seat-{p}" style="display:inline">{mark}'
            f"<b>{html.escape(s['player'])}</b>: {html.escape(who)}</li>"
        )
    you = info["you"]
    role = (
        f'You play <b class="cole-room-you">{html.escape(info["seats"][you]["player"])}</b>'
        if you is not None
        else '<b class="cole-room-you">You are watching</b>'
    )
    host = " (host)" if info["host"] else ""
    people = info["people"]
    state = ""
    if info["closed"]:
        state = '<div class="cole-room-closed" role="status"><b>This table was closed.</b></div>'
    elif info["paused"]:
        state = (
            '<div class="cole-room-paused" role="status"><b>Paused by the teacher</b>: '
            "no move until the table goes on.</div>"
        )
    seats = " · ".join(parts)
    return (
        f'<div style="{_LINE_STYLE}">'
        f"<b>Room</b> · {role}{host} · "
        f'<ul style="display:inline;margin:0;padding:0;list-style:none">{seats}</ul> · '
        f'<span class="cole-room-people">{people} {"person" if people == 1 else "people"} here'
        f"</span> · "
        f'<span class="cole-room-moves">{info["moves"]} moves played</span> · '
        f'share: <a class="cole-room-link" href="{link}" title="{link}" style="{_LINK_STYLE}">'
        f"{link}</a>{_undo_html(info)}{_deal_html(info)}{state}</div>"
    )


_LINE_STYLE = (
    "border:1px solid #c9b98f;border-radius:6px;padding:3px 8px;background:#fbf7ec;"
    "font-size:13px;line-height:1.35"
)
# The link is long: cut to one short piece of the line (the whole of it is the href and the
# tooltip), so the bar stays one or two lines above the game.
_LINK_STYLE = (
    "display:inline-block;max-width:16em;overflow:hidden;text-overflow:ellipsis;"
    "white-space:nowrap;vertical-align:bottom"
)
INLINE_LABEL = """
.bk-input-group { flex-direction: row; align-items: center; gap: 6px; }
.bk-input-group > label { white-space: nowrap; margin: 0; }
"""
"""A widget's label beside its box, not above it: the room bar's row keeps one line's height."""
BAR_BELOW = """
@media (max-width: 800px) { .cole-room-bar { order: 1; } }
"""
"""On a phone or a tablet held upright the room's bar goes under the game: the move's parts
(board, hand, turn, last event, buttons) need the whole first screen there (issue 38)."""


def _deal_html(info: dict[str, Any]) -> str:
    """Who a file's own deal waits for, for every page of the room ('' when none waits)."""
    waiting = info.get("load_waiting")
    if not waiting:
        return ""
    return (
        '<div class="cole-room-deal" role="status" style="margin-top:4px;color:#5a3d00">'
        "The host offers a saved game with its own deal: it is played once everyone seated "
        f"agrees (waiting for <b>{html.escape(', '.join(waiting))}</b>).</div>"
    )


class RoomPage(pn.viewable.Viewer):
    """A room's page in one browser session: the bar and the game's own dashboard.

    The page keeps its place in the room while it is built (:meth:`Room.reserve`), joins once
    the whole page is built (:func:`~cole_panel.ui.page_build.on_build_end`) and leaves when
    its session ends or its build fails: a page never counts twice, and a room whose pages
    have all closed is idle.
    """

    def __init__(
        self, room: Room, token: str, dashboard_class: type, known: bool = True, **params: Any
    ):
        super().__init__(**params)
        self.room, self.token = room, token
        self._doc = served_doc()
        self._pending = threading.Lock()
        self._queued = False
        self.bar: RoomBar | None = None
        self.listener = room.reserve(token, known)
        try:
            self.mirror = MIRRORS[room.game]()
            self.mirror.bind(room, token, self.listener)
            self.mirror.sync()
            self.bar = RoomBar(room, token, self.listener, mirror=self.mirror)
            self.bar.refresh()
            self.dashboard = dashboard_class(model=self.mirror)
            self._layout = pn.Column(self.bar, self.dashboard, sizing_mode="stretch_width")
        except BaseException:
            room.leave(self.listener)
            raise
        on_build_end(self._built)

    def _built(self, whole: bool) -> None:
        """Join the room once the page is built whole; give the place back if it was not."""
        if not whole:
            self.room.leave(self.listener)
            return
        if self._doc is not None:
            self._doc.on_session_destroyed(_leaving(self.room, self.listener))
        self.room.admit(self.listener, self._notify)

    def _notify(self) -> None:
        """The room changed (called from any thread): sync once on this page's next tick."""
        with self._pending:
            if self._queued:
                return
            self._queued = True
        if self._doc is None:
            self._sync()
            return
        try:
            self._doc.add_next_tick_callback(self._sync)
        except Exception:  # the page closed meanwhile
            self.room.leave(self.listener)

    def _sync(self) -> None:
        with self._pending:
            self._queued = False
        doc = self._doc
        if doc is None:
            self._update()
            return
        run_in_doc(doc, self._update_held, doc)

    def _update_held(self, doc: Any) -> None:
        held = doc.callbacks.hold_value is not None
        if not held:
            doc.hold("combine")
        try:
            self._update()
        finally:
            if not held:
                doc.unhold()

    def _update(self) -> None:
        self.mirror.sync()
        if self.bar is not None:
            self.bar.refresh()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _leaving(room: Room, listener: int) -> Any:
    """A session-destroyed callback that takes page ``listener`` out of ``room`` (it holds
    neither the page nor its document)."""
    return lambda _context: room.leave(listener)


def game_page(
    game: str,
    dashboard_class: type,
    solo: Any = None,
    registry: RoomRegistry | None = None,
) -> pn.viewable.Viewable:
    """What an app serves for ``game``: the room named in the address (``?room=``), else the
    usual page (``solo()``, default ``dashboard_class()``) with "Play with others"."""
    registry = registry or shared_registry()
    if not _swept:
        _swept.append(registry)
        pn.state.schedule_task("cole-rooms-sweep", registry.sweep, period=SWEEP_PERIOD)
    token = keep_token()  # the page writes this browser's cookie (one writer: ui.token)
    name = room_name()
    if name is None:
        dashboard = solo() if solo is not None else dashboard_class()
        keep_game(dashboard.model, game)  # a reload or a restart brings the game back
        button = PlayWithOthers(registry, token, game=game, model=dashboard.model)
        return FramedPage(dashboard, top=[TabKeys(margin=0)], side=[button])
    try:
        room = registry.get(name, game)
        page = RoomPage(room, token, dashboard_class, known=not browser_token()[1])
        # A watcher gets no settings sidebar: its seat menus, rules and New game are the
        # host's.  Someone who sits down from the bar has it from the next reload.
        plays = room.seat_of(token) is not None or token == room.host
    except RoomError as err:
        return pn.Column(
            pn.pane.HTML(
                f'<div class="cole-room-error" style="color:#a40000;font-size:16px">'
                f"{html.escape(str(err))}</div>"
                f'<a href="{html.escape(room_link(game, "")[: -len("?room=")])}">Play a game of your own instead.</a>'
            ),
        )
    return FramedPage(
        page.dashboard, top=[page.bar, TabKeys(margin=0)], side=[], with_settings=plays
    )


def page_of(game: str, registry: RoomRegistry | None = None) -> pn.viewable.Viewable:
    """:func:`game_page` of ``game`` as its page record says (its dashboard, its own game's
    maker, the options of a room's dashboard)."""
    page = get_page(game)
    return game_page(game, page.room_page_class(), solo=page.solo_page, registry=registry)


def serve_game(game: str) -> Any:
    """Serve ``game``'s page in this session: what an app script (``apps/<game>.py``) runs."""
    page = get_page(game)
    return serve_page(
        partial(page_of, game), title=page.title, page=page.address, extensions=page.extensions
    )


class FramedPage(pn.viewable.Viewer):
    """A game page for :func:`cole_panel.ui.shell.app_shell`: ``side`` above the dashboard's
    settings in the sidebar, ``top`` above its play area (whole, if it has no such split)."""

    def __init__(
        self,
        dashboard: Any,
        top: list[Any],
        side: list[Any],
        with_settings: bool = True,
        **params: Any,
    ):
        super().__init__(**params)
        self.dashboard, self._top, self._side = dashboard, top, side
        self._with_settings = with_settings
        self._parts: tuple[list[Any], list[Any]] | None = None
        if not with_settings:  # no sidebar at all: the shell splits only what has settings
            self.settings = None

    def _split(self) -> tuple[list[Any], list[Any]]:
        # Once: a dashboard's play area is built once (Ecosystem's tabs are switched later
        # through the one object it keeps).
        if self._parts is None:
            settings, main = split(self.dashboard)
            self._parts = (settings if self._with_settings else [], main)
        return self._parts

    def settings(self) -> pn.viewable.Viewable:
        return pn.Column(*self._side, *self._split()[0], sizing_mode="stretch_width")

    def play_area(self) -> pn.viewable.Viewable:
        return pn.Column(
            *self._top, *self._split()[1], sizing_mode="stretch_width", stylesheets=[BAR_BELOW]
        )

    def __panel__(self) -> pn.viewable.Viewable:
        settings, main = self._split()
        return pn.Column(
            *self._top,
            *self._side,
            *settings,
            *main,
            sizing_mode="stretch_width",
            stylesheets=[BAR_BELOW],
        )
