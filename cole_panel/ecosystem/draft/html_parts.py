"""The draft table's HTML pieces: scores, the final table, where hands pass, hands seen.

Names come from the model's seats and are escaped here before they reach an HTML pane.
"""

from __future__ import annotations

import html

from engines.ecosystem import Park, player_name

from ..explanations import flips_of, points_word
from ..geometry import split_cell
from ..style import CATEGORY_TITLES
from .model import EcosystemModel


def scores_html(model: EcosystemModel) -> str:
    """The live scores: one row per player, the one to move marked."""
    totals = model.totals()
    p_now = model.state.current_player
    best = max(totals)
    rows = []
    for p, total in enumerate(totals):
        mark = "▶" if p == p_now else ""
        weight = "700" if p == model.viewer else "400"
        star = " ★" if model.state.is_over and total == best else ""
        rows.append(
            f'<tr style="font-weight:{weight}"><td style="color:#c77700;width:14px">'
            f"{mark}</td><td>{html.escape(model.seat_name(p))}</td>"
            f'<td style="text-align:right" class="eco-score-{p}">{total}{star}</td></tr>'
        )
    head = "Final scores" if model.state.is_over else "Scores so far"
    return (
        f'<table class="eco-scores" style="font-size:14px;width:100%;border-collapse:'
        f'collapse"><tr><th></th><th style="text-align:left">{head}</th>'
        f'<th style="text-align:right">points</th></tr>{"".join(rows)}</table>'
    )


def final_table_html(model: EcosystemModel) -> str:
    """Every category for every player, totals, the winner's column highlighted."""
    sheet = model.running_sheet()
    n = model.state.players
    categories = [
        c for c in CATEGORY_TITLES if c != "rows" or model.state.rules.variant == "two_parks"
    ]
    winners = set(model.state.winners)
    by = [sheet.by_category(p) for p in range(n)]

    def cell(p: int, text: str, bold: bool = False) -> str:
        bg = "background:#fff3c4;" if p in winners else ""
        weight = "font-weight:700;" if bold else ""
        return f'<td style="{bg}{weight}text-align:right;padding:2px 8px">{text}</td>'

    head = "".join(
        f'<th style="padding:2px 8px;{"background:#fff3c4;" if p in winners else ""}">'
        f"{html.escape(model.seat_name(p))}{' ★' if p in winners else ''}</th>"
        for p in range(n)
    )
    rows = [f"<tr><th></th>{head}</tr>"]
    for c in categories:
        rows.append(
            f'<tr><td style="padding:2px 8px">{CATEGORY_TITLES[c]}</td>'
            + "".join(cell(p, str(by[p].get(c, 0))) for p in range(n))
            + "</tr>"
        )
    rows.append(
        '<tr style="border-top:2px solid #5b4a30"><td style="padding:2px 8px;'
        'font-weight:700">Total</td>'
        + "".join(cell(p, str(sheet.total(p)), True) for p in range(n))
        + "</tr>"
    )
    return (
        '<table class="eco-final" style="font-size:14px;border-collapse:collapse;'
        'background:#fffdf7;border:1px solid #d8ccb4">' + "".join(rows) + "</table>"
    )


def pass_html(model: EcosystemModel) -> str:
    """Where each hand goes when the hands pass: an arrow and the player who receives it."""
    state = model.state
    if state.is_over:
        return ""
    me = model.viewer
    parts = []
    for name in model.park_names:
        d = state.direction(name)
        to = player_name((me + d) % state.players)
        came = player_name((me - d) % state.players)
        arrow = "⟳ clockwise" if d == 1 else "⟲ anticlockwise"
        hand = "Hands" if name is None else f"{name.capitalize()} hands"
        parts.append(
            f'<span class="eco-pass-{name or "park"}"><b>{hand}</b> pass {arrow}: '
            f"from {html.escape(came)} → you → {html.escape(to)}</span>"
        )
    return (
        '<div class="eco-direction" style="font-size:13px;color:#3b2f1e;line-height:1.6">'
        + "<br>".join(parts)
        + "</div>"
    )


def seen_html(model: EcosystemModel) -> str:
    """The hands the person has held this round, oldest first, with the card she took."""
    me = model.viewer
    state = model.state
    rows = []
    before = model.start
    for turn in model.history:
        if turn.player == me and turn.round == state.round:
            hand = before.hand(me, turn.pick.park)
            codes = " ".join(card.code for card in hand)
            where = "" if turn.pick.park is None else f" {turn.pick.park.capitalize()}"
            rows.append(
                f"<tr><td>Pick {turn.turn + 1}{where}</td><td><code>{codes}</code></td>"
                f"<td>took {html.escape(turn.pick.card.label)}</td></tr>"
            )
        before = turn.state
    if not rows:
        return '<div class="eco-seen" style="font-size:13px">No hand seen yet this round.</div>'
    return (
        '<div class="eco-seen" style="font-size:13px"><b>Hands you have held this round</b>'
        '<table style="border-collapse:collapse">' + "".join(rows) + "</table></div>"
    )


def park_title(model: EcosystemModel, player: int) -> str:
    """'Player 1 (you): your park — 1 point so far', or whose parks they are (a bot's seat,
    another person's in a room)."""
    state = model.state
    parks = "park" if len(model.park_names) == 1 else "parks"
    total = model.totals()[player]
    name = html.escape(model.seat_name(player))
    # "your" for this page's own seat: in a room, a watcher's or another seat's park is theirs
    in_room = getattr(model, "room", None) is not None
    mine = model.person_of(player) == "you" if in_room else model.seat(player) == "Human"
    whose = f"{name}: your {parks}" if mine else f"{name}'s {parks}"
    so_far = "" if state.is_over else " so far"
    flips = " (as scored: ▼ marks the cards turned face down)" if state.is_over else ""
    return (
        f'<div style="font-size:15px"><b>{whose}</b> — {total} {points_word(total)}'
        f"{so_far}{flips}</div>"
    )


def scored_parks(model: EcosystemModel, player: int) -> tuple[tuple[Park, ...], dict]:
    """A player's parks as scored (cards flipped by cheetahs and lions face down), and the
    flipped cells with what flipped them."""
    flips = flips_of(model.running_sheet().for_player(player))
    parks = list(model.parks_of(player))
    names = model.park_names
    for cell in flips:
        park, rc = split_cell(cell)
        slot = names.index(park)
        parks[slot] = parks[slot].flip(rc)
    return tuple(parks), flips


def breakdown_html(model: EcosystemModel, player: int) -> str:
    """One player's score lines grouped by category with subtotals, folded (one click)."""
    lines = list(model.running_sheet().for_player(player))
    groups: dict[str, list] = {}
    for line in lines:
        groups.setdefault(line.category, []).append(line)
    parts = []
    for category, group in groups.items():
        subtotal = sum(line.points for line in group)
        items = "".join(
            f'<li><b style="display:inline-block;min-width:2.2em;text-align:right">'
            f"{line.points:+d}</b> {html.escape(line.note)}</li>"
            for line in group
        )
        parts.append(
            f"<details><summary>{CATEGORY_TITLES[category]}: {subtotal} "
            f'{points_word(subtotal)}</summary><ul style="margin:2px 0 4px 0">{items}</ul>'
            "</details>"
        )
    total = sum(line.points for line in lines)
    return (
        '<details class="eco-final-breakdown" style="font-size:13px;margin-top:6px">'
        f"<summary><b>Why {html.escape(model.seat_name(player))} scores {total} "
        f"{points_word(total)}</b> (click to open)</summary>"
        '<div style="padding-left:12px">' + "".join(parts) + "</div></details>"
    )
