"""The words beside the row: the step on show, the turn's list of steps, whose turn it is.

Pure functions from the model, the playback and the step to escaped HTML (no widgets), so the
dashboard only places them.
"""

from __future__ import annotations

import html
from typing import Any

from .art import TOKEN_COLOURS
from .model import SavannahModel, player_name
from .playback import Playback
from .steps import Step

SHAPES = ("●", "■", "▲", "◆", "▼")
"""Each seat's shape, shown with its colour (a cue that does not rely on colour)."""


def _e(text: str) -> str:
    return html.escape(text, quote=False)


_VERBS = {"killed": "killed", "scared": "scared off", "row_discarded": "discarded"}
"""What happens to a card a preview hits, in a student's words (the stamp on the card)."""


def preview_marks(state: Any, events: list[Any]) -> dict[str, tuple]:
    """What a card being tried would do, for the row and the caption: ``hits`` ((card, what
    happens to it, whose token is on it: ``"P2"`` or ``""`` for a card without a token) per card
    it would remove), ``reached`` (cards its hunts reach) and
    ``explained`` (the engine's sentences for its effects, hunts and their victims — with
    owners and the reason an effect does or does not apply)."""
    hits, reached, explained = [], [], []
    for e in events:
        if e.kind in _VERBS:
            cards = e.cards if e.kind == "row_discarded" else (e.card,)
            for card in cards:
                q = state.token_on(card)
                owner = "" if q is None else f"P{q + 1}"
                hits.append((card, _VERBS[e.kind], owner))
        elif e.kind == "hunted":
            reached.extend(e.reached)
        if e.kind in ("effect", "hunted", "killed", "scared", "row_discarded"):
            explained.append(e.describe())
    return {"hits": tuple(hits), "reached": tuple(reached), "explained": tuple(explained)}


def caption_html(pb: Playback, step: Step, preview: dict[str, Any] | None) -> str:
    """The line over the row: the card being tried, or the step on show and what it does."""
    if preview is not None:
        name = preview["card"].split("#")[0]
        if preview["playable"]:
            text = (
                f"✓ The {name} can go at the right end of the row. Press "
                f"<b>Play the {name}</b> (or double-tap it)."
            )
            colour = "#1f5296"
        else:
            text = "✗ " + _e(preview["reason"] or "")
            colour = "#b3261e"
        effects = "".join(f"<li>{_e(line)}</li>" for line in preview.get("explained", ()))
        more = f"<ul style='margin:2px 0 0 18px;padding:0'>{effects}</ul>" if effects else ""
        return (
            f"<div style='font-size:15px;color:{colour}'><b>Trying the {name}:</b> {text}"
            f"{more}</div>"
        )
    n = len(pb.steps)
    count = f" · step {pb.index + 1} of {n}" if n > 1 else ""
    mark = ""
    colour = "#3b3224"
    if step.player is not None:
        colour = TOKEN_COLOURS[step.player]
        mark = SHAPES[step.player] + " "
    return (
        f"<div style='font-size:15px'><span style='color:{colour};font-weight:700'>"
        f"{mark}</span><b>{_e(pb.title)}{count}</b> · <b>{_e(step.title)}</b>"
        f"<br>{_e(step.text)}</div>"
    )


def steps_html(pb: Playback) -> str:
    """The turn on show as a numbered list of steps, the current one marked."""
    items = []
    for i, step in enumerate(pb.steps):
        if i == pb.index:
            style = "background:#fff3c4;border-left:4px solid #b08800;font-weight:600"
            mark = "▶ "
        elif i > pb.index:
            style = "color:#6b5f48"
            mark = ""
        else:
            style, mark = "", ""
        items.append(
            f"<li style='padding:3px 6px;margin:1px 0;{style}'>{mark}"
            f"<b>{_e(step.title)}</b> — {_e(step.text)}</li>"
        )
    waiting = (
        f"<div style='color:#5f5440'>{pb.waiting} more move{'s' * (pb.waiting != 1)} to show…</div>"
        if pb.waiting
        else ""
    )
    return (
        f"<div style='font-weight:700'>{_e(pb.title)}</div>"
        f"<ol style='margin:2px 0 2px 18px;padding:0'>{''.join(items)}</ol>{waiting}"
    )


def turn_html(m: SavannahModel, pb: Playback) -> str:
    """Whose turn it is and what they should do (or whose move is being shown)."""
    p = m.state.current_player
    if pb.busy and pb.step is not None and pb.step.player is not None:
        q = pb.step.player
        nxt = "the end of the game" if p is None else m.seat_name(p)
        return (
            f'<div style="font-size:17px"><span style="color:{TOKEN_COLOURS[q]};'
            f"font-size:20px\">{SHAPES[q]}</span> <b>Showing {player_name(q)}'s move</b> "
            f'<span style="color:#5f5440;font-size:14px">— next: {_e(nxt)}</span></div>'
        )
    if p is None:
        return '<div style="font-size:17px"><b>Game over.</b></div>'
    dot = f'<span style="color:{TOKEN_COLOURS[p]};font-size:20px">{SHAPES[p]}</span> '
    if m.seat(p) != "Human":
        who = f"the {m.seat(p)} bot is playing"
    elif m.waiting_for is not None:
        who = f"pass the device to {player_name(p)}"
    elif (words := m.turn_words(p)) != "Your move":  # a room's page: not this page's seat
        who = words[:1].lower() + words[1:]
    elif m.must_steal:
        who = "your turn: take a card from another player's kill pile"
    elif m.must_discard:  # the mover's page says it is her turn whatever the deal
        who = "your turn: no card can be played, so discard one"
    else:
        who = "your turn: choose a card from your hand"
    pile = m.state.pile_size
    return (
        f'<div style="font-size:17px">{dot}<b>{player_name(p)} to play</b> — {_e(who)}. '
        # short, for one line on a laptop beside the sidebar (the pile's count, as drawn)
        f'<span style="color:#5f5440;font-size:14px">({pile} in the pile)</span></div>'
    )
