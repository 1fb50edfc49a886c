"""The food ring around the Circle of Life board: where each species is drawn, the arrows
from eater to eaten, and the browser-side hover highlight (no server round trip).

Everything here is plain data for the board's ColumnDataSources; the board owns the figure.
"""

from __future__ import annotations

import math

from engines.circle import PREDATOR, PREY, SHAPES, SPECIES, orientations, plural

from .geometry import cell_center, hex_corners, polyhex_centers, ring_angle, ring_radius
from .palette import ARROW, RING_FILL, RING_LINE

RING_HEX = 0.42
ROLE_WORDS = {"self": "this\n", "prey": "prey\n", "predator": "eater\n"}
"""The line written above a highlighted ring label: the colour is never the only cue."""

HIGHLIGHT_JS = """
const spots = tool.__cole_spots || (tool.__cole_spots = {});
if (cb_data !== undefined && cb_data.renderer !== undefined) {
  const ids = cb_data.index.indices;
  spots[cb_data.renderer.id] = ids.length ? [cb_data.renderer.data_source, ids[0]] : null;
} else {
  for (const k in spots) spots[k] = null;
}
let spot = null;
for (const k in spots) if (spots[k]) spot = spots[k];
const key = spot ? spot[0].id + ":" + spot[1] : "";
const moved = tool.__cole_spot !== key;
tool.__cole_spot = key;
let text = "", ex = [], ey = [], fq = [], fr = [];
if (moved && spot) {
  const [src, i] = spot;
  text = "<b>" + src.data.title[i] + "</b> — " + src.data.tip[i];
  if (src === cells) {
    const nums = (t) => t ? t.split(" ").map(Number) : [];
    const e = nums(src.data.eat[i]), f = nums(src.data.form[i]);
    ex = e.filter((_, k) => k % 2 === 0); ey = e.filter((_, k) => k % 2 === 1);
    fq = f.filter((_, k) => k % 2 === 0); fr = f.filter((_, k) => k % 2 === 1);
  }
}
if (moved) {
  // Shown, not synced: the server has no use for it, and in a notebook output every synced
  // change holds back the next event (the click) until the kernel has acknowledged it.
  if (info.text !== (text || info_idle)) {
    info.setv({text: text || info_idle}, {silent: true});
    info.change.emit();
  }
  if (eat.data.x.length || ex.length) {
    eat.data.x = Array.from(ex); eat.data.y = Array.from(ey); eat.change.emit();
  }
  if (form.data.q.length || fq.length) {
    form.data.q = Array.from(fq); form.data.r = Array.from(fr); form.change.emit();
  }
}
const store = tool.__cole_hover || (tool.__cole_hover = {});
if (cb_data !== undefined && cb_data.renderer !== undefined) {
  const idx = cb_data.index.indices;
  const src = cb_data.renderer.data_source;
  store[cb_data.renderer.id] = idx.length ? src.data.species[idx[0]] : "";
} else {
  for (const k in store) store[k] = "";
}
let sp = "";
for (const k in store) if (store[k]) sp = store[k];
if (tool.__cole_shown === sp) return;
tool.__cole_shown = sp;
const role = (s) => s === "" || sp === "" ? "" :
  s === sp ? "self" : s === prey[sp] ? "prey" : s === predator[sp] ? "predator" : "";
const rd = ring.data;
for (let i = 0; i < rd.species.length; i++) {
  const r = role(rd.species[i]);
  rd.fill[i] = r ? hot[r][0] : rd.base_fill[i];
  rd.line[i] = r ? hot[r][1] : rd.base_line[i];
}
ring.change.emit();
for (const src of [arcs, heads]) {
  const d = src.data;
  for (let i = 0; i < d.eater.length; i++) {
    const r = sp === "" ? "" : d.eater[i] === sp ? "prey" : d.eaten[i] === sp ? "predator" : "";
    d.color[i] = r ? hot[r][0] : base_arrow;
    d.width[i] = r ? 4 : 2;
  }
  src.change.emit();
}
const ld = labels.data;
for (let i = 0; i < ld.species.length; i++) {
  const r = role(ld.species[i]);
  ld.weight[i] = r ? "bold" : "normal";
  ld.text[i] = r ? words[r] + ld.species[i] : ld.species[i];
}
labels.change.emit();
"""

INFO_IDLE = (
    "Point at a cell or a ring shape (on a touch screen, tap it) to see what it is, or what a "
    "stone there would do."
)


def ring_data(radius: int) -> dict[str, dict[str, list]]:
    """Data of the ring's sources for a board radius: ring_circle, ring, ring_labels, arcs, heads."""
    rr = ring_radius(radius)
    ring: dict[str, list] = {
        k: []
        for k in ["xs", "ys", "species", "fill", "line", "base_fill", "base_line", "title", "tip"]
    }
    labels: dict[str, list] = {k: [] for k in ["x", "y", "text", "species", "weight", "align"]}
    for i, name in enumerate(SPECIES):
        a = ring_angle(i)
        center = (rr * math.cos(a), rr * math.sin(a))
        cells = display_shape(name, a)
        for x, y in polyhex_centers(cells, center, RING_HEX):
            # Three decimals of a unit are well under a pixel at any zoom; Python's 17 digits
            # were 6 KB of a Circle page's first message for nothing the eye could see.
            xs, ys = ([round(v, 3) for v in vs] for vs in hex_corners(x, y, RING_HEX * 0.96))
            for key, value in (
                ("xs", xs),
                ("ys", ys),
                ("species", name),
                ("fill", RING_FILL),
                ("line", RING_LINE),
                ("base_fill", RING_FILL),
                ("base_line", RING_LINE),
                ("title", f"{name} ({len(cells)} stone{'s' * (len(cells) > 1)})"),
                (
                    "tip",
                    f"eats <b>{plural(PREY[name])}</b> · eaten by <b>{plural(PREDATOR[name])}</b>",
                ),
            ):
                ring[key].append(value)
        side = abs(math.cos(a)) > 0.8  # beside the shape on the left and right
        lr = rr + (1.0 if side else 1.55)
        x, y = lr * math.cos(a), lr * math.sin(a)
        if abs(math.cos(a)) > 0.99:
            # The two species at the ring's widest points: their label sits under the shape's
            # outer half, clear of the arrows, so that on a phone (11 px text, about 12 px to a
            # unit) it ends inside the figure instead of past its edge.
            x, y = math.copysign(rr + 0.25, math.cos(a)), -1.6
        for key, value in (
            ("x", x),
            ("y", y),
            ("text", name),
            ("species", name),
            ("weight", "normal"),
            ("align", ("left" if math.cos(a) > 0 else "right") if side else "center"),
        ):
            labels[key].append(value)
    gap = 1.75 / rr
    step = 2 * math.pi / 12
    arcs: dict[str, list] = {
        k: [] for k in ["x", "y", "radius", "start", "end", "eater", "eaten", "color", "width"]
    }
    heads: dict[str, list] = {
        k: [] for k in ["x", "y", "angle", "eater", "eaten", "color", "width"]
    }
    for i, name in enumerate(SPECIES):
        a = ring_angle(i)
        start, end = a - gap, a - step + gap
        for key, value in (("x", 0.0), ("y", 0.0), ("radius", rr), ("start", start)):
            arcs[key].append(value)
        arcs["end"].append(end + 0.05)
        for key, value in (("eater", name), ("eaten", PREY[name]), ("color", ARROW), ("width", 2)):
            arcs[key].append(value)
            heads[key].append(value)
        heads["x"].append(rr * math.cos(end))
        heads["y"].append(rr * math.sin(end))
        heads["angle"].append(end - math.pi)
    return {
        "ring_circle": dict(x=[0.0], y=[0.0], radius=[rr]),
        "ring": ring,
        "ring_labels": labels,
        "arcs": arcs,
        "heads": heads,
    }


def display_shape(name: str, angle: float) -> list[tuple[int, int]]:
    """The ring's drawing of a species: its shape turned so it lies along the ring."""
    best = None
    tangent = (math.sin(angle), -math.cos(angle))
    for shape in orientations(SHAPES[name]):
        pts = [cell_center(c) for c in shape]
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)
        radial = sum(((x - mx) * tangent[1] - (y - my) * tangent[0]) ** 2 for x, y in pts)
        key = (round(radial, 6), sorted(shape))
        if best is None or key < best[0]:
            best = (key, sorted(shape))
    return best[1]
