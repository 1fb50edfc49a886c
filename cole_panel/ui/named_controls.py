"""Names for the controls Bokeh draws without one, so a screen reader can say what each is.

Bokeh 3.9 and Panel 1.9 draw some widgets with no accessible name and offer no parameter to
give one: a ``Checkbox``'s text is a ``div`` beside its box, not a ``<label>``; a number box's
up and down buttons are empty; a slider's handle (``role="slider"``) is not tied to its title,
and stays in the tab order when the slider is disabled; Tabulator puts a grouped table's
headings where a grid allows only rows; a hidden tab's controls stay in the tab order; a
figure's canvas is a Tab stop with no name; a ``Switch`` has its role on one element and the
focus on another; a box that scrolls (Chromium makes it a stop) has no name: one marked with
:data:`REGION_CLASS` becomes a named region, and one marked :data:`SIDEWAYS_CLASS` while it
scrolls.  :data:`NAME_CONTROLS_JS`, run once
the page is drawn, ties each to its visible text, and again whenever Bokeh redraws a part
(every shadow root is watched).  A widget whose words are elsewhere on the page gets its name
from Python with :func:`aria_name`.  The template's sidebar list (``<ul>`` holding ``div``
elements, not list items) is marked as no list.
"""

from __future__ import annotations

from urllib.parse import quote

import param

from .components import BundledComponent

ARIA_CLASS = "cole-aria-label="
"""A CSS class starting so carries a widget's accessible name (URL-encoded) to the page."""
REGION_CLASS = "cole-region"
"""The CSS class of a layout that scrolls and is one Tab stop, a region named by its
:func:`aria_name` (see :func:`cole_panel.ui.keyboard.scroll_box`)."""

SIDEWAYS_CLASS = "cole-sideways"
"""The CSS class of a layout that scrolls sideways on a narrow screen: a named region and one
Tab stop only while it does (see :func:`cole_panel.ui.keyboard.sideways`)."""


def aria_name(text: str) -> str:
    """The CSS class that names a widget ``text`` for screen readers (where Panel shows no
    words of its own, e.g. a ``Switch`` whose words are a button beside it).

    >>> aria_name("Advance on its own")
    'cole-aria-label=Advance%20on%20its%20own'
    """
    return ARIA_CLASS + quote(text, safe="")


NAME_CONTROLS_JS = """
if (!window.coleNameControls) {
  let made = 0;
  const idOf = el => el.id || (el.id = "cole-name-" + (++made));
  const words = el => (el ? el.textContent.replace(/\\s+/g, " ").trim() : "");
  const tie = (control, label) => {
    if (label && words(label) && !control.hasAttribute("aria-labelledby"))
      control.setAttribute("aria-labelledby", idOf(label));
  };
  const name = root => {
    for (const box of root.querySelectorAll("input[type=checkbox]")) {
      const next = box.nextElementSibling;
      tie(box, next && next.classList.contains("bk-label") ? next : null);
    }
    for (const button of root.querySelectorAll(".bk-spin-btn:not([aria-label])")) {
      const label = words(button.closest(".bk-input-group")?.querySelector("label"));
      const up = button.classList.contains("bk-spin-btn-up");
      button.setAttribute("aria-label", (up ? "Increase " : "Decrease ") + label);
      button.tabIndex = -1;  // the number box itself takes the arrow keys
    }
    for (const handle of root.querySelectorAll(".noUi-handle[role=slider]")) {
      tie(handle, handle.closest(".bk-input-group")?.querySelector(".bk-slider-title"));
      const off = handle.closest(".noUi-target")?.hasAttribute("disabled");
      handle.tabIndex = off ? -1 : 0;
    }
    // Tabulator: a group's heading is a row of the grid, not a group inside the group of
    // rows, and the box that scrolls the rows is no extra tab stop (its cells are)
    for (const heading of root.querySelectorAll(".tabulator-group[role=rowgroup]")) {
      heading.setAttribute("role", "row");
      const toggle = heading.querySelector(".tabulator-group-toggle");
      if (toggle) {
        toggle.setAttribute("role", "gridcell");
        toggle.setAttribute("aria-label", words(heading));
      }
    }
    for (const holder of root.querySelectorAll(".tabulator-tableholder[tabindex]"))
      holder.removeAttribute("tabindex");
    // A figure's canvas is a Tab stop with no name; no figure here takes keys (each board
    // has its BoardKeys beside it)
    for (const layer of root.querySelectorAll(".bk-events[tabindex='0']")) layer.tabIndex = -1;
    // Bokeh's Switch: its role and state on the element, the focus on the knob inside
    for (const knob of root.querySelectorAll(".bk-knob[tabindex]")) {
      const checked = root.host && root.host.getAttribute("aria-checked");
      knob.setAttribute("role", "switch");
      if (checked) knob.setAttribute("aria-checked", checked);
      if (root.host && root.host.getAttribute("role") === "switch") {
        root.host.removeAttribute("role");
        root.host.removeAttribute("aria-checked");
      }
    }
    // A tab not shown is hidden from screen readers by Bokeh; out of the tab order too
    for (const hidden of root.querySelectorAll("[aria-hidden=true]:not([inert])"))
      if (hidden.style.visibility === "hidden") hidden.inert = hidden.dataset.coleInert = true;
    for (const shown of root.querySelectorAll("[data-cole-inert]:not([aria-hidden=true])")) {
      shown.inert = false;
      delete shown.dataset.coleInert;
    }
    const host = root.host;
    if (host && host.classList.contains("__REGION__") && !host.hasAttribute("role")) {
      host.setAttribute("role", "region");
      host.tabIndex = 0;
    }
    if (host && host.classList.contains("__SIDEWAYS__")) sideways(host, root);
    const named = host && [...host.classList].find(c => c.startsWith(prefix));
    if (named && !(host.classList.contains("__SIDEWAYS__") && !host.hasAttribute("role"))) {
      const control = host.hasAttribute("role") ? host
        : root.querySelector("select, input, textarea, button, progress, [role]:not([aria-hidden=true])")
          || host;
      control.setAttribute("aria-label", decodeURIComponent(named.slice(prefix.length)));
    }
  };
  // A box that scrolls sideways only on a narrow screen is a region, one Tab stop, while it
  // does: re-judged when its content or the window changes size.
  const sizes = new ResizeObserver(() => schedule());
  const sideways = (host, root) => {
    if (!host.dataset.coleSized) {
      host.dataset.coleSized = "1";
      sizes.observe(host);
      for (const child of root.children) sizes.observe(child);
    }
    const scrolls = host.scrollWidth > host.clientWidth + 1;
    if (scrolls && !host.hasAttribute("role")) {
      host.setAttribute("role", "region");
      host.tabIndex = 0;
    } else if (!scrolls && host.getAttribute("role") === "region") {
      for (const attribute of ["role", "tabindex", "aria-label"]) host.removeAttribute(attribute);
    }
  };
  const watched = new WeakSet();
  let pending = false;
  const observer = new MutationObserver(records => {
    for (const {target} of records)  // a tab shown takes clicks at once
      if (target.dataset && target.dataset.coleInert && target.ariaHidden !== "true") {
        target.inert = false;
        delete target.dataset.coleInert;
      }
    schedule();
  });
  const walk = root => {
    if (!watched.has(root)) {
      watched.add(root);
      observer.observe(root, {childList: true, subtree: true, attributes: true,
                              attributeFilter: ["disabled", "class", "aria-hidden",
                                                "aria-checked"]});
    }
    try { name(root); } catch (error) { console.warn("naming controls:", error); }
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) walk(el.shadowRoot);
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    setTimeout(() => { pending = false; walk(document); }, 150);
  };
  window.coleNameControls = schedule;
  for (const list of document.querySelectorAll("#sidebar > ul")) list.setAttribute("role", "none");
}
window.coleNameControls();
""".replace("__REGION__", REGION_CLASS).replace("__SIDEWAYS__", SIDEWAYS_CLASS)
"""Run once the page is drawn, with ``prefix`` = :data:`ARIA_CLASS` (see the module's
description)."""


class NameControls(BundledComponent):
    """Names the page's controls where Panel does not serve the page (a notebook): there is no
    ``document_ready`` to run :data:`NAME_CONTROLS_JS` on, so it runs when this (empty)
    component is drawn, and then watches the whole page, every later output included."""

    prefix = param.String(
        default=ARIA_CLASS, constant=True, doc="The CSS class prefix of names given in Python."
    )

    _esm = (
        "export function render({ model }) {\n  const prefix = model.prefix;\n"
        + NAME_CONTROLS_JS
        + "  return document.createElement('span');\n}\n"
    )


def name_controls_in_notebook() -> None:
    """Show a :class:`NameControls` as the calling cell's output (``notebook_setup`` does)."""
    from IPython.display import display

    display(NameControls(margin=0, height=0, sizing_mode="stretch_width"))
