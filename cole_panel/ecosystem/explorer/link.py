"""Shareable parks: the explorer's park(s) and options in the page address.

``?park=ELGZELWHLI/GRZBCHGZGR/GRGRZBTRGF/TRGFWHHYGZ`` is Esther's park: four rows of five
two-letter codes (``..`` for an empty cell) separated by ``/``. With two parks ``park`` is Park
West and ``east`` Park East. The options travel only when they differ from the rulebook's:
``variant``, ``elephant_floor``, ``lion_choice``, ``lion_scores_without_prey``,
``majority_needs_gazelles``, ``row_points`` (11 numbers), the other players' gazelles
(``others``, ``others_east``) and prey chosen by hand (``lions=A5>B4``, with two parks
``lions=west.A5>west.B4``). :func:`park_query` writes such an address; :func:`read_query` reads
one back, each parameter on its own: every bad one is named in a sentence and the good ones are
kept (one function, so it can be routed through a shared URL-parameter reader).

>>> from cole_panel.ecosystem.explorer.model import ScoringExplorerModel
>>> model = ScoringExplorerModel()
>>> park_query(model)
'?park=ELGZELWHLI/GRZBCHGZGR/GRGRZBTRGF/TRGFWHHYGZ'
>>> shared = read_query("?park=GRGRZB..../........../........../..........&elephant_floor=ten&x=1")
>>> shared.values["table"][0][0].count("GR"), sorted(shared.values)
(2, ['table'])
>>> for problem in shared.problems:
...     print(problem)
x: there is no such parameter (use park, east, variant, elephant_floor, lion_choice, lion_scores_without_prey, majority_needs_gazelles, row_points, others, others_east, lions).
elephant_floor: 'ten' is not none or a whole number from -2 to 6.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote

from engines.ecosystem import CardType, Park, Rules, cell_label, parse_cell_label
from engines.options import changed_options, option_spec

from ..park_text import parse_counts, parse_row_points

__all__ = [
    "MAX_QUERY_LENGTH",
    "PARAMETERS",
    "SharedParks",
    "open_link",
    "park_query",
    "read_query",
]

MAX_QUERY_LENGTH = 2000
"""Longer addresses are cut before reading (two full parks and every option take ~300)."""
PARAMETERS = (
    "park",
    "east",
    "variant",
    "elephant_floor",
    "lion_choice",
    "lion_scores_without_prey",
    "majority_needs_gazelles",
    "row_points",
    "others",
    "others_east",
    "lions",
)


@dataclass
class SharedParks:
    """What an address asks for (model parameter values) and what was wrong with it."""

    values: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def park_code(park: Park) -> str:
    """A park as ``ELGZ../....`` (4 rows of 5 codes, ``/`` between rows)."""
    return "/".join(
        "".join(".." if card is None else card.code for card in row) for row in park.rows()
    )


def _park(name: str, raw: str) -> Park:
    rows = raw.strip().split("/")
    if len(rows) != 4 or any(len(row) != 10 for row in rows):
        raise ValueError(f"{name}: write 4 rows of 5 two-letter codes ('..' empty) between '/'.")
    text = "\n".join(" ".join(row[i : i + 2] for i in range(0, 10, 2)) for row in rows)
    try:
        return Park.parse(text.upper()).face_up()
    except ValueError as exc:
        raise ValueError(f"{name}: {exc}.") from None


def _others(model: Any, slot: int) -> list[int]:
    """The gazelle counts the link gives for everyone but the shown player (kept scores)."""
    mine = list(model.other_gazelles if slot == 0 else model.other_gazelles_east)
    table = [
        entry[slot].count(CardType.GAZELLE)
        for p, entry in enumerate(model.table)
        if p != model.player
    ]
    return (table + mine)[:5]


def _cell_text(cell: tuple) -> str:
    return cell_label(cell) if len(cell) == 2 else f"{cell[0]}.{cell_label(cell[1:])}"


def park_query(model: Any) -> str:
    """The address query for the explorer's shown parks and the options that differ."""
    parts = [f"park={park_code(model.parks[0])}"]
    if model.variant == "two_parks":
        parts.append(f"east={park_code(model.parks[1])}")
    changed = changed_options(model.rules, PARAMETERS[2:8])
    parts += [f"{name}={text}" for name, text in changed.items()]
    for name, slot in (("others", 0), ("others_east", 1)):
        if slot < len(model.park_names):
            counts = _others(model, slot)
            if counts != [2]:
                parts.append(f"{name}={','.join(map(str, counts))}")
    chosen = model.lion_choices.get(model.player, {})
    if chosen:
        pairs = ",".join(f"{_cell_text(a)}>{_cell_text(b)}" for a, b in sorted(chosen.items()))
        parts.append(f"lions={quote(pairs, safe=',.')}")
    return "?" + "&".join(parts)


def _cell(name: str, text: str, two_parks: bool) -> tuple:
    park, _, label = text.strip().rpartition(".")
    if two_parks != bool(park) or park not in ("", "west", "east"):
        form = "west.A5 or east.B2" if two_parks else "A5"
        raise ValueError(f"{name}: {text[:12]!r} is not a cell like {form}.")
    try:
        rc = parse_cell_label(label)
    except ValueError:
        raise ValueError(f"{name}: {text[:12]!r} is not a cell of a park.") from None
    return (park, *rc) if park else rc


def _option(name: str, text: str) -> Any:
    """One rules option read as its ``Rules`` field declares; ValueError with a sentence."""
    try:
        return option_spec(Rules, name).read(text)
    except ValueError as exc:
        raise ValueError(f"{name}: {text[:20]!r} {exc}.") from None


def read_query(search: str) -> SharedParks:
    """Read an address query (with or without its ``?``); never raises.

    ``values`` holds what to set on a :class:`~.model.ScoringExplorerModel` (``table`` with
    one player's parks, options, ``other_gazelles``…, ``lion_choices``)."""
    shared = SharedParks()
    problems = shared.problems
    if len(search) > MAX_QUERY_LENGTH:
        problems.append(
            f"The address is longer than {MAX_QUERY_LENGTH} characters; the rest is ignored."
        )
        search = search[:MAX_QUERY_LENGTH]
    raw: dict[str, str] = {}
    for name, value in parse_qsl(search.lstrip("?"), keep_blank_values=True):
        if name not in PARAMETERS:
            problems.append(
                f"{name[:40]}: there is no such parameter (use {', '.join(PARAMETERS)})."
            )
        else:
            raw[name] = value
    values = shared.values
    variant = "two_parks" if "east" in raw else "classic"
    if "variant" in raw:
        try:
            variant = _option("variant", raw["variant"])
        except ValueError as exc:
            problems.append(str(exc))
    parks, bad = [], False
    for name in ("park", "east")[: 1 if variant == "classic" else 2]:
        try:
            parks.append(_park(name, raw[name]) if name in raw else Park())
        except ValueError as exc:
            problems.append(str(exc) + " The park shown is kept.")
            bad = True
    if "east" in raw and variant == "classic":
        problems.append("east: the classic game has one park; Park East is ignored.")
    if ("park" in raw or "east" in raw) and not bad:
        values["table"] = [tuple(parks)]
    if "variant" in raw or variant == "two_parks":
        values["variant"] = variant
    for name in PARAMETERS[3:8]:
        if name not in raw:
            continue
        try:
            if name == "row_points":
                try:
                    value = parse_row_points(raw[name])
                except ValueError as exc:
                    raise ValueError(f"{name}: {str(exc).removeprefix('Row points: ')}") from None
            else:
                value = _option(name, raw[name])
        except ValueError as exc:
            problems.append(str(exc))
            continue
        values[name] = value
    for name, key in (("others", "other_gazelles"), ("others_east", "other_gazelles_east")):
        if name in raw:
            try:
                values[key] = parse_counts(raw[name], name)
            except ValueError as exc:
                problems.append(str(exc))
    if "lions" in raw:
        chosen = {}
        try:
            for pair in raw["lions"].split(","):
                lion, sep, prey = pair.partition(">")
                if not sep:
                    raise ValueError("lions: write each choice as lion>prey, e.g. A5>B4.")
                two = variant == "two_parks"
                chosen[_cell("lions", lion, two)] = _cell("lions", prey, two)
            values["lion_choices"] = {0: chosen}
        except ValueError as exc:
            problems.append(str(exc))
    return shared


def open_link(model: Any, search: str) -> SharedParks:
    """Show on ``model`` (a scoring explorer) what the address query ``search`` holds."""
    shared = read_query(search)
    model.show_shared(shared.values, shared.problems)
    return shared
