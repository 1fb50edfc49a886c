"""The scoring explorer's HTML pieces: palette colours, scoring order, legend, row table.

Every text that comes from the model is escaped here before it reaches an HTML pane.
"""

from __future__ import annotations

import html

from engines.ecosystem import CardType

from ..style import CATEGORY_COLOURS, CATEGORY_TITLES, FACE_DOWN, ROWS_RULE, RULES, STYLES, title
from .model import BRUSHES, ScoringExplorerModel


def floor_value(floor: int | None) -> str:
    """The elephant-floor drop-down's value for an option value."""
    return "none" if floor is None else str(floor)


def palette_css() -> str:
    """Colours of the palette buttons, in :data:`BRUSHES` order (a vertical button group)."""
    rules = []
    for i, code in enumerate(BRUSHES, start=1):
        sel = f".bk-btn-group > .bk-btn:nth-child({i})"
        if code == "eraser":
            rules.append(
                f"{sel} {{ background: #ffffff !important; color: #5b4a30; "
                "border: 1px dashed #8a7650; }"
            )
            continue
        style = STYLES[CardType(code)]
        background = style.fill
        # The pattern only on a strip at the left: the name stays on the solid colour.
        if code == "ZB":
            background = (
                "repeating-linear-gradient(90deg, #1b1b1b 0 2px, #f7f7f7 2px 5px) left / 14px 100%"
                f" no-repeat, {style.fill}"
            )
        elif code == "CH":
            background = (
                "repeating-linear-gradient(45deg, #2b1600 0 3px, #f09a2a 3px 6px) left / 14px 100%"
                f" no-repeat, {style.fill}"
            )
        rules.append(
            f"{sel} {{ background: {background} !important; color: {style.text} "
            "!important; border: 1px solid #5b4a30; font-weight: 600; "
            "text-align: left; padding-left: 20px; }"
        )
    rules.append(
        ".bk-btn-group > .bk-btn.bk-active { outline: 4px solid #e0a100; "
        "outline-offset: -4px; box-shadow: 0 0 0 2px #e0a100; }"
    )
    rules.append(".bk-btn-group > .bk-btn { margin-bottom: 3px; border-radius: 6px; }")
    rules.append(PHONE_PALETTE)
    return "\n".join(rules)


PHONE = "(max-width: 600px)"
"""The screens on which the palette lies in wrapping rows above the park (a phone)."""
PHONE_PALETTE = f"""@media {PHONE} {{
  :host {{ width: calc(100% - 10px) !important; }}  /* less its margins */
  .bk-btn-group {{ flex-direction: row !important; flex-wrap: wrap; gap: 0 3px; }}
  .bk-btn-group > .bk-btn {{ flex: 1 1 30%; }}
}}"""
"""On a phone the vertical palette (some 400 px tall) pushed the park below the first screen:
there its buttons go three to a row, the column as wide as the screen."""
PHONE_COLUMN = (
    f"@media {PHONE} {{ :host {{ width: 100% !important; flex-flow: row wrap !important; "
    "align-items: flex-end; }} }}"
)
"""The palette's column on a phone: the screen's width, its parts in rows (the palette one
of its own, the buttons side by side under it)."""


def order_html(model: ScoringExplorerModel) -> str:
    """The scoring order as chips: done ones ticked, the current one gold."""
    step = model.shown_step
    current = step.category if step is not None else None
    done_categories: set[str] = set()
    if model.stepping and step is not None:
        for s in model.view_steps[: model.step]:
            done_categories.add(s.category)
    chips = []
    for category in model.categories:
        colour = CATEGORY_COLOURS[category]
        label = CATEGORY_TITLES[category]
        if category == current:
            style = "background:#e0a100;color:#fff;font-weight:700"
        elif category in done_categories:
            style = "background:#efe6d2;color:#8a7650;text-decoration:line-through"
        else:
            style = "background:#fff;color:#3b2f1e"
        chips.append(
            f'<span style="{style};border:1px solid #cbb994;border-left:6px solid '
            f"{colour};border-radius:5px;padding:1px 6px;margin:2px;"
            f'display:inline-block">{html.escape(label)}</span>'
        )
    return (
        '<div class="eco-order" style="font-size:12px;line-height:1.9">'
        '<b style="color:#5b4a30">Scoring order:</b> ' + " → ".join(chips) + "</div>"
    )


def legend_html() -> str:
    """Each card type's colour and rule (for the 'Cards' tab)."""
    rows = []
    for card in CardType:
        style = STYLES[card]
        rows.append(
            f'<tr><td style="background:{style.fill};color:{style.text};padding:2px 8px;'
            f'border-radius:4px;font-weight:600;white-space:nowrap">{card.code} '
            f'{html.escape(title(card))}</td><td style="padding:2px 8px">'
            f"{html.escape(RULES[card])}</td></tr>"
        )
    rows.append(
        f'<tr><td style="background:{FACE_DOWN.fill};color:{FACE_DOWN.text};'
        'padding:2px 8px;border-radius:4px">face down</td><td style="padding:2px 8px">'
        "A gazelle or zebra flipped by a cheetah or a lion: it scores nothing more, "
        "feeds hyenas and vultures, and no longer bothers elephants.</td></tr>"
    )
    rows.append(
        f'<tr><td style="padding:2px 8px;font-weight:600">Rows</td>'
        f'<td style="padding:2px 8px">{html.escape(ROWS_RULE)}</td></tr>'
    )
    return (
        '<table style="font-size:13px;border-collapse:separate;border-spacing:0 3px">'
        + "".join(rows)
        + "</table>"
    )


def row_table_html(model: ScoringExplorerModel) -> str:
    """Two parks: the row-points table, each row's count of kinds marked under its column."""
    if model.variant != "two_parks":
        return ""
    rows = model.row_notes()
    hits: dict[int, list[str]] = {}
    for r, (_, note) in rows.items():
        kinds = int(note.split()[0])
        hits.setdefault(kinds, []).append("ABCD"[r])
    cell = 'style="border:1px solid #cbb994;padding:1px 5px;text-align:center;min-width:20px"'
    head = "".join(f"<td {cell}>{n}</td>" for n in range(len(model.row_points)))
    points = "".join(f"<td {cell}><b>{v}</b></td>" for v in model.row_points)
    marks = "".join(
        f'<td {cell} class="eco-row-hit-{n}">'
        + (f'<span style="color:#7a4a00">{" ".join(hits[n])}</span>' if n in hits else "")
        + "</td>"
        for n in range(len(model.row_points))
    )
    th = 'style="text-align:left;padding:1px 6px;font-weight:600;white-space:nowrap"'
    return (
        '<div class="eco-row-table" style="font-size:13px;color:#3b2f1e;overflow-x:auto">'
        "<div><b>Rows</b>: points of a row of 10 cards (West and East) by its different "
        "face-up card types; change them under <i>Options</i>.</div>"
        '<table style="border-collapse:collapse;margin-top:2px">'
        f"<tr><td {th}>Kinds</td>{head}</tr><tr><td {th}>Points</td>{points}</tr>"
        f"<tr><td {th}>Rows</td>{marks}</tr></table></div>"
    )
