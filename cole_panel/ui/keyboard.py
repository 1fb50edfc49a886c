"""Playing a board without a pointer, and hearing it: the keys, the "Move" box, the announcer.

Bokeh canvases take no keys, so each board gets a :class:`BoardKeys` beside it: a Panel
``JSComponent`` (public API, panel 1.x) that draws a focusable "board" element, a text box
labelled "Move", a "Place" button for touch confirmation, the list of shortcuts, an
``aria-live`` region and a text view of the position.  The browser only forwards keys and
typed moves (``model.send_msg``); the server keeps the cursor and the game, and says what
happened back through :meth:`BoardKeys.say` (``_send_msg``).  What a game must provide is a
:class:`KeyGame`; the grid walk (:func:`step`) is the same for hex cells, cards and parks.

>>> spots = [Spot("a", 0, 0.0), Spot("b", 0, 1.0), Spot("c", 1, 0.4)]
>>> step(spots, "a", "ArrowRight").key, step(spots, "b", "ArrowDown").key
('b', 'c')
>>> step(spots, "c", "ArrowDown").key  # the edge: stay
'c'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pandas as pd
import panel as pn
import param

from ..runtime.hold import batched
from .components import BundledComponent
from .named_controls import REGION_CLASS, aria_name
from .presses import LAST_POINTER
from .screens import NARROW

__all__ = [
    "CURSOR",
    "BoardKeys",
    "KeyGame",
    "Shortcut",
    "Spot",
    "TabJumps",
    "TabKeys",
    "no_cell_stops",
    "plain",
    "pointer_param",
    "REGION_FOCUS",
    "read_only_table",
    "region_classes",
    "scroll_box",
    "step",
    "typed_move",
]

MAX_MOVE_CHARS = 80
"""Longest typed move read (anything longer is refused with a sentence, unread)."""
ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")
CURSOR = "#1f5fbf"
"""The focus colour: the key box's focus ring and the cursor drawn on every board."""


@dataclass(frozen=True)
class Spot:
    """One place the keyboard cursor can rest: a cell or a card.

    ``key`` is what the game understands (a cell, ``("hand", 2)``…); ``row`` orders the lines
    top to bottom and ``x`` left to right (up and down go to the nearest ``x``).
    """

    key: Hashable
    row: int
    x: float


@dataclass(frozen=True)
class Shortcut:
    """A key that does something while the board has focus (``key`` is one lower-case letter)."""

    key: str
    label: str
    action: Callable[[], Any]
    enabled: Callable[[], bool] | None = None
    """None: always; else the shortcut does only what its button may (a disabled one: no)."""

    @classmethod
    def of_button(cls, key: str, button: Any, action: Callable[[], Any]) -> Shortcut:
        """The shortcut of a Panel button: ``action`` runs only while ``button`` is enabled."""
        return cls(key, button.label, action, lambda: not button.disabled)


def step(spots: Sequence[Spot], current: Hashable | None, direction: str) -> Spot | None:
    """The spot the cursor reaches from ``current`` going ``direction`` (an arrow key's name);
    the first spot when ``current`` is not among ``spots``; None when there are none."""
    if not spots:
        return None
    here = next((s for s in spots if s.key == current), None)
    if here is None:
        return spots[0]
    if direction in ("ArrowLeft", "ArrowRight"):
        same = [s for s in spots if s.row == here.row]
        if direction == "ArrowLeft":
            ahead = [s for s in same if s.x < here.x]
            return max(ahead, key=lambda s: s.x) if ahead else here
        ahead = [s for s in same if s.x > here.x]
        return min(ahead, key=lambda s: s.x) if ahead else here
    rows = sorted({s.row for s in spots})
    i = rows.index(here.row) + (1 if direction == "ArrowDown" else -1)
    if direction not in ("ArrowUp", "ArrowDown") or not 0 <= i < len(rows):
        return here
    line = [s for s in spots if s.row == rows[i]]
    return min(line, key=lambda s: (abs(s.x - here.x), s.x))


def plain(text: str) -> str:
    """HTML (a cell's tooltip) as one line a screen reader can say.

    >>> plain("<b>E5 · Orange here</b> — eats <i>Black&#x27;s</i> pair")
    "E5, Orange here — eats Black's pair"
    """
    text = re.sub(r"<[^>]*>", "", text).replace(" · ", ", ")
    return " ".join(html.unescape(text).split())


def no_cell_stops(columns: Iterable[str]) -> dict[str, None]:
    """``editors`` for a read-only ``pn.widgets.Tabulator``: Tabulator makes each cell of a
    column with an editor a Tab stop even when the table is ``disabled``, and the focus then
    falls off the cell (a stop that shows nothing, one per cell); a column with no editor
    has none.

    >>> no_cell_stops(["Card", "Level"])
    {'Card': None, 'Level': None}
    """
    return dict.fromkeys(columns)


def read_only_table(value: pd.DataFrame, **params: Any) -> pn.widgets.Tabulator:
    """A ``pn.widgets.Tabulator`` of ``value`` that no one edits: ``disabled``, and no cell a
    Tab stop (:func:`no_cell_stops` of its columns).  Give it no ``height``: a table that
    scrolls goes in a :func:`scroll_box` (its rows are then all drawn, and the box scrolls)."""
    return pn.widgets.Tabulator(
        value, disabled=True, editors=no_cell_stops(value.columns), **params
    )


REGION_FOCUS = f":host(:focus-visible) {{ outline: 3px solid {CURSOR}; outline-offset: 2px; }}"
"""The stylesheet of a scrolling region's focus ring (see :func:`region_classes`)."""


def region_classes(label: str) -> list[str]:
    """The CSS classes that make a layout or pane that scrolls (its own ``styles``) one Tab
    stop: a region a screen reader calls ``label``, whose arrow keys scroll it (give it
    ``stylesheets=[REGION_FOCUS]`` for its focus ring).

    Chromium makes a box that scrolls a Tab stop of its own when nothing in it takes the focus
    (a read-only table, a log of sentences), a stop with no name, and axe wants such a box
    reachable; the page's script (:mod:`~cole_panel.ui.named_controls`) makes it a named one.
    """
    return [REGION_CLASS, aria_name(label)]


def scroll_box(content: Any, label: str, height: int, **params: Any) -> pn.Column:
    """``content`` in a box ``height`` pixels high that scrolls when it is taller, one Tab
    stop (:func:`region_classes`).  A table that scrolls goes in one: inside Tabulator's grid
    a named region would break the grid's roles, so the box is outside the table."""
    classes = [*params.pop("css_classes", []), *region_classes(label)]
    return pn.Column(
        content,
        height=height,
        scroll="y-auto",
        css_classes=classes,
        stylesheets=[REGION_FOCUS],
        **params,
    )


def pointer_param() -> param.String:
    """A view's ``pointer`` parameter (set from :attr:`BoardKeys.pointer`)."""
    return param.String(
        default="mouse",
        doc="The kind of pointer of the latest press ('mouse', 'touch', 'pen'), as the page's "
        "BoardKeys reports it.",
    )


def typed_move(model: Any, text: str, play: Callable[[Any], bool]) -> str | None:
    """Read ``text`` with the engine's ``parse_action`` and ``play`` it; the sentence of a
    refusal (the parser's or the rules', also left as ``model.message``), else None."""
    try:
        action = model.state.parse_action(text)
    except ValueError as err:
        model.param.update(message=str(err), message_is_error=True)
        return str(err)
    return None if play(action) else model.message


class KeyGame(Protocol):
    """What a board gives :class:`BoardKeys`: its spots, words, moves and shortcuts."""

    def spots(self) -> list[Spot]:
        """Where the cursor may go now."""

    def describe(self, key: Hashable) -> str:
        """The spot in words with its preview ("E5, empty: Orange here makes a pair…")."""

    def activate(self, key: Hashable) -> None:
        """Enter or Space on the spot (play, choose, place)."""

    def show_cursor(self, key: Hashable | None) -> None:
        """Draw (or, with None, hide) the cursor on the board."""

    def play_text(self, text: str) -> str | None:
        """Play a typed move; the engine's sentence when it is refused, else None."""

    def position_text(self) -> str:
        """The position as plain text (critters, row and hands, parks)."""


_ESM = """
const el_ = (tag, attrs = {}, text = "") => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
};

export function render({ model, el }) {
  const board = el_("div", {class: "cole-keys-board", tabindex: "0", role: "application",
                           "aria-roledescription": "game board"});
  const cursor = el_("span", {class: "cole-keys-cursor"});
  board.append(cursor);
  const place = el_("button", {type: "button", class: "cole-keys-place"});
  const form = el_("form", {class: "cole-keys-form"});
  const label = el_("label", {for: "cole-move"}, "Move");
  const input = el_("input", {id: "cole-move", type: "text", autocomplete: "off",
                              autocapitalize: "off", spellcheck: "false",
                              maxlength: "__MAX__", "aria-describedby": "cole-move-error"});
  const go = el_("button", {type: "submit"}, "Play");
  const error = el_("span", {id: "cole-move-error", class: "cole-keys-error", role: "alert"});
  form.append(label, input, go, error);
  const help = el_("p", {class: "cole-keys-help"});
  // The Move box and the list of keys behind one control under a laptop's width (open from
  // 1,024 px): on a phone they pushed the turn and the message off the first screen.
  const more = el_("details", {class: "cole-keys-more"});
  more.append(el_("summary", {}, "Move box and keys"), form, help);
  more.open = window.innerWidth >= __WIDE__;
  const live = el_("div", {class: "cole-keys-live", "aria-live": "polite", role: "log"});
  const text = el_("pre", {class: "cole-keys-text", tabindex: "0",
                           "aria-label": "The position as text"});
  text.hidden = true;

  const sync = () => {
    board.setAttribute("aria-label", model.label);
    cursor.textContent = model.cursor_text || "Focus here, then use the arrow keys.";
    place.textContent = model.place_label;
    place.hidden = !model.place_label;
    error.textContent = model.move_error;
    text.textContent = model.position_text;
    help.textContent = "Keys on the board: arrows move the cursor, Enter or Space plays, " +
      model.shortcuts.map(([k, what]) => k.toUpperCase() + " " + what).join(", ") +
      ", T the position as text, M the Move box, Escape back to the board.";
  };
  sync();
  for (const name of ["label", "cursor_text", "place_label", "move_error", "position_text",
                      "shortcuts"]) model.on(name, sync);

  const letters = () => model.shortcuts.map(([k]) => k);
  board.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === "t") {
      text.hidden = !text.hidden;
      if (!text.hidden) text.focus();
    } else if (key === "m") {
      more.open = true;
      input.focus();
    } else if (key === " " || key === "Enter" || __ARROWS__.includes(key) ||
               letters().includes(key)) {
      model.send_msg({key: key === " " ? "Enter" : key});
    } else {
      return;
    }
    e.preventDefault();
  });
  board.addEventListener("focus", () => model.send_msg({focus: true}));
  board.addEventListener("blur", () => model.send_msg({focus: false}));
  for (const back of [input, text]) {
    back.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { e.preventDefault(); board.focus(); }
    });
  }
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    model.send_msg({move: input.value});
  });
  // Enter plays from the box itself: a notebook page (JupyterLab) never lets the Enter of an
  // input in an output submit its form.
  input.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || e.isComposing) return;
    e.preventDefault();
    e.stopPropagation();
    model.send_msg({move: input.value});
  });
  place.addEventListener("click", () => model.send_msg({place: true}));
  // The kind of pointer of the latest press; before any press, a screen whose main pointer
  // cannot hover counts as touch (so the first tap on a phone already previews).
  if (model.pointer === "mouse" && window.matchMedia("(hover: none)").matches) {
    model.pointer = "touch";
  }
  // Each tap of a board is sent with this press's own kind (ui/presses.py reads it).
  window.addEventListener("pointerdown", (e) => {
    window.__LAST_POINTER__ = e.pointerType;
    if (model.pointer !== e.pointerType) model.pointer = e.pointerType;
  }, {capture: true, passive: true});

  model.on("msg:custom", (msg) => {
    if (msg.say !== undefined) {
      const line = el_("p", {}, msg.say);
      live.append(line);
      live.dataset.said = String(Number(live.dataset.said || 0) + 1);
      while (live.childElementCount > 5) live.firstElementChild.remove();
    }
    if (msg.clear) input.value = "";
  });
  el.append(board, place, more, live, text);
}
""".replace("__MAX__", str(MAX_MOVE_CHARS)).replace("__ARROWS__", repr(list(ARROWS)))
_ESM = _ESM.replace("__LAST_POINTER__", LAST_POINTER).replace("__WIDE__", str(NARROW))

_CSS = """
:host { display: block; }
.cole-keys-board { padding: 6px 8px; border: 2px solid #c9bfa8; border-radius: 6px;
  background: #fffdf7; color: #2b2418; font-size: 14px; min-height: 20px; }
.cole-keys-board:focus, .cole-keys-board:focus-visible { outline: 3px solid #1f5fbf;
  outline-offset: 2px; border-color: #1f5fbf; }
.cole-keys-form { display: flex; flex-wrap: wrap; gap: 6px; align-items: center;
  margin-top: 6px; font-size: 14px; }
.cole-keys-form input { width: 11em; font-size: 14px; padding: 3px 6px; }
.cole-keys-error { color: #b3261e; font-weight: 600; }
.cole-keys-place { margin-top: 6px; font-size: 16px; padding: 8px 16px; min-height: 44px;
  background: #1f5fbf; color: #fff; border: none; border-radius: 6px; }
button:focus-visible, input:focus-visible, .cole-keys-text:focus-visible {
  outline: 3px solid #1f5fbf; outline-offset: 2px; }
.cole-keys-help { color: #4a4030; font-size: 13px; margin: 6px 0 0 0; }
.cole-keys-more { margin-top: 6px; font-size: 14px; }
.cole-keys-more > summary { cursor: pointer; min-height: 24px; color: #4a4030; }
.cole-keys-live { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.cole-keys-text { white-space: pre-wrap; font-size: 14px; background: #fffdf7;
  border: 1px solid #c9bfa8; padding: 6px; color: #2b2418; }
"""


_CSS = _CSS.replace("#1f5fbf", CURSOR)


class BoardKeys(BundledComponent):
    """A board's keyboard, "Move" box, "Place" button and screen-reader voice (see module).

    The game (a :class:`KeyGame`) is given at construction and never sent to the browser.
    """

    label = param.String(default="Game board", doc="What a screen reader calls the board.")
    cursor_text = param.String(default="", doc="The cursor's spot in words (shown on the board).")
    position_text = param.String(default="", doc="The position as text (key T shows it).")
    shortcuts = param.List(
        default=[], item_type=list, doc="[letter, what it does] for each shortcut, listed."
    )
    place_label = param.String(
        default="", doc="The label of the touch 'Place' button; empty hides the button."
    )
    move_error = param.String(default="", doc="Why the last typed move was refused.")
    pointer = param.String(
        default="mouse",
        doc="Kind of the pointer of the latest press on the page, as the browser reports it "
        "('mouse', 'touch' or 'pen'): a tap's board uses it to preview first on touch.",
    )
    focused = param.Boolean(default=False, doc="Whether the board element has the focus.")
    on_place = param.Callable(
        default=None, allow_None=True, doc="What the 'Place' button does (touch confirmation)."
    )

    _esm = _ESM
    _stylesheets = [_CSS]  # noqa: RUF012 - Panel's class attribute
    # What the browser needs: the game, the focus and the callback stay on the server.
    _rename = {"focused": None, "on_place": None}  # noqa: RUF012

    def __init__(self, game: KeyGame | None = None, extra: Sequence[Shortcut] = (), **params: Any):
        super().__init__(**params)
        self.game = game
        self.cursor: Hashable | None = None
        self._score: str | None = None
        self._shortcuts = {s.key: s for s in extra}
        self.shortcuts = [[s.key, s.label] for s in extra]

    @classmethod
    def beside(
        cls,
        game: KeyGame,
        view: Any,
        label: str,
        shortcuts: Sequence[Shortcut],
        on_place: Callable[[], Any],
        margin: tuple[int, int],
    ) -> BoardKeys:
        """The keys of ``game`` drawn by ``view``: full width, and ``view.pointer`` follows the
        kind of the latest press (a touch board previews a tap before it plays)."""
        keys = cls(
            game,
            extra=shortcuts,
            label=label,
            on_place=on_place,
            sizing_mode="stretch_width",
            margin=margin,
        )
        keys.param.watch(lambda e: setattr(view, "pointer", e.new), ["pointer"])
        return keys

    # ------------------------------------------------------------------ what the server says
    def say(self, text: str) -> None:
        """Announce ``text`` in the live region (a screen reader reads it out)."""
        if text:
            self._send_msg({"say": text})

    def moved(self, score: str) -> None:
        """After a change of the position: :meth:`refresh`, and say ``score`` (a sentence of
        the scores) when it differs from the one said last."""
        self.refresh()
        if score != self._score:
            if self._score is not None:
                self.say(score)
            self._score = score

    def refresh(self) -> None:
        """Words and cursor again after the position changed (nothing is announced)."""
        if self.game is None:
            return
        keys = [s.key for s in self.game.spots()]
        if self.cursor is not None and self.cursor not in keys:
            self.cursor = None
        self.cursor_text = self.game.describe(self.cursor) if self.cursor is not None else ""
        self.game.show_cursor(self.cursor if self.focused else None)
        self.position_text = self.game.position_text()

    # ------------------------------------------------------------------ what the browser sends
    @batched
    def _handle_msg(self, data: Any) -> None:
        if not isinstance(data, dict) or self.game is None:
            return
        if "focus" in data:
            self.focused = data["focus"] is True
            self.game.show_cursor(self.cursor if self.focused else None)
        elif data.get("place") is True and self.on_place is not None:
            self.on_place()
        elif isinstance(data.get("move"), str):
            self._typed(data["move"])
        elif isinstance(data.get("key"), str):
            self.press(data["key"])

    def press(self, key: str) -> None:
        """What a key pressed on the board does (arrows, Enter, a shortcut letter)."""
        game = self.game
        if game is None:
            return
        if key in ARROWS:
            spot = step(game.spots(), self.cursor, key)
            if spot is None:
                self.say("There is nothing to choose here now.")
                return
            self.cursor = spot.key
            self.cursor_text = game.describe(spot.key)
            game.show_cursor(spot.key)
            self.say(self.cursor_text)
        elif key == "Enter":
            if self.cursor is None:
                self.press("ArrowRight")  # the first Enter puts the cursor on the board
                return
            game.activate(self.cursor)
        elif key in self._shortcuts:
            shortcut = self._shortcuts[key]
            if shortcut.enabled is None or shortcut.enabled():
                shortcut.action()
            else:
                self.say(f"{shortcut.label} is not available now.")

    def _typed(self, text: str) -> None:
        if len(text) > MAX_MOVE_CHARS:
            self.move_error = f"A move is at most {MAX_MOVE_CHARS} characters long."
            return
        if not text.strip():
            self.move_error = "Type a move first, for example the one the board's cursor shows."
            return
        refusal = self.game.play_text(text.strip()) if self.game is not None else None
        self.move_error = refusal or ""
        if refusal is None:
            self._send_msg({"clear": True})


class TabKeys(BundledComponent):
    """Enter and Space open a focused tab of any ``pn.Tabs`` on the page (Bokeh's tab headers
    take the focus but answer clicks only).  Draws nothing; one listener per window."""

    _esm = """
export function render({ el }) {
  if (window.__coleTabKeys) return;
  window.__coleTabKeys = true;
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const target = e.composedPath()[0];
    if (target && target.classList && target.classList.contains("bk-tab")) {
      e.preventDefault();
      target.click();
    }
  }, true);
}
"""
    _stylesheets = [":host { display: block; height: 0; overflow: hidden; }"]  # noqa: RUF012


_JUMPS_ESM = """
export function render({ model, el }) {
  const nav = document.createElement("nav");
  nav.className = "cole-tab-jumps";
  nav.setAttribute("aria-label", model.label);
  const caption = document.createElement("span");
  caption.textContent = model.label + ":";
  let buttons = [];
  const mark = () => buttons.forEach((b, i) => {
    if (i === model.active) b.setAttribute("aria-current", "true");
    else b.removeAttribute("aria-current");
  });
  const build = () => {
    buttons = model.names.map((name, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "cole-tab-jump";
      b.textContent = name;
      b.addEventListener("click", () => { model.active = i; });
      return b;
    });
    nav.replaceChildren(caption, ...buttons);
    mark();
  };
  build();
  model.on("names", build);
  model.on("active", mark);
  el.append(nav);
}
"""

_JUMPS_CSS = """
:host { display: block; }
.cole-tab-jumps { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }
.cole-tab-jumps:focus-within { position: static; width: auto; height: auto; overflow: visible;
  clip-path: none; display: flex; flex-wrap: wrap; gap: 6px; align-items: center;
  padding: 4px 6px; margin: 2px 0; background: #fffdf7; color: #2b2418; font-size: 14px;
  border: 2px solid #1f5fbf; border-radius: 6px; }
.cole-tab-jump { font-size: 14px; padding: 4px 12px; min-height: 32px; color: #2b2418;
  background: #fff; border: 1px solid #8a7a5a; border-radius: 4px; cursor: pointer; }
.cole-tab-jump[aria-current="true"] { font-weight: 700; background: #efe6d2; }
.cole-tab-jump:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
""".replace("#1f5fbf", CURSOR)


class TabJumps(BundledComponent):
    """One button per tab of a ``pn.Tabs``, placed just before it: the first Tab stops of the
    tabs, where a keyboard user looks for them.

    Bokeh draws a ``Tabs``' headers after its content, so Tab reaches them only once it has
    been through the whole shown tab (Ecosystem's scoring explorer: some fifty stops).  These
    buttons come first; hidden until one of them has the focus (then they show as a bar, like
    a page's "skip to" links), Enter or Space on one shows its tab, and the next Tab goes into
    it.  ``active`` follows the tabs' both ways (:meth:`of`).
    """

    names = param.List(default=[], item_type=str, doc="The tabs' titles, in order.")
    active = param.Integer(default=0, bounds=(0, None), doc="The index of the tab shown.")
    label = param.String(default="Go to", doc="What the bar is called (and its caption).")

    _esm = _JUMPS_ESM
    _stylesheets = [_JUMPS_CSS]  # noqa: RUF012 - Panel's class attribute

    @classmethod
    def of(cls, tabs: Any, names: Sequence[str], **params: Any) -> TabJumps:
        """The jumps of ``tabs`` (a ``pn.Tabs`` whose titles are ``names``), linked both ways
        to its ``active``."""
        params.setdefault("margin", 0)
        params.setdefault("sizing_mode", "stretch_width")
        jumps = cls(names=list(names), active=tabs.active, **params)
        tabs.link(jumps, active="active", bidirectional=True)
        return jumps
