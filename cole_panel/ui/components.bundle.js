// Made by `make bundle` from the components' _esm texts (cole_panel/ui/components.py):
// do not edit by hand.

const BoardKeys = (() => {
const el_ = (tag, attrs = {}, text = "") => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
};

function render({ model, el }) {
  const board = el_("div", {class: "cole-keys-board", tabindex: "0", role: "application",
                           "aria-roledescription": "game board"});
  const cursor = el_("span", {class: "cole-keys-cursor"});
  board.append(cursor);
  const place = el_("button", {type: "button", class: "cole-keys-place"});
  const form = el_("form", {class: "cole-keys-form"});
  const label = el_("label", {for: "cole-move"}, "Move");
  const input = el_("input", {id: "cole-move", type: "text", autocomplete: "off",
                              autocapitalize: "off", spellcheck: "false",
                              maxlength: "80", "aria-describedby": "cole-move-error"});
  const go = el_("button", {type: "submit"}, "Play");
  const error = el_("span", {id: "cole-move-error", class: "cole-keys-error", role: "alert"});
  form.append(label, input, go, error);
  const help = el_("p", {class: "cole-keys-help"});
  // The Move box and the list of keys behind one control under a laptop's width (open from
  // 1,024 px): on a phone they pushed the turn and the message off the first screen.
  const more = el_("details", {class: "cole-keys-more"});
  more.append(el_("summary", {}, "Move box and keys"), form, help);
  more.open = window.innerWidth >= 1024;
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
    } else if (key === " " || key === "Enter" || ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(key) ||
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
    window.colePointerType = e.pointerType;
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
return {render};
})();

const FileChooser = (() => {
function render({ model, el }) {
  const input = document.createElement("input")
  input.type = "file"
  input.accept = model.accept
  input.setAttribute("aria-label", model.label)
  input.style.maxWidth = "100%"
  input.addEventListener("change", async () => {
    const file = input.files[0]
    if (!file) return
    try {
      if (file.size > model.max_bytes) {
        model.send_msg({name: file.name, size: file.size})
        return
      }
      const bytes = new Uint8Array(await file.arrayBuffer())
      let text = ""
      for (let i = 0; i < bytes.length; i += 0x8000) {
        text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000))
      }
      model.send_msg({name: file.name, size: file.size, data: btoa(text)})
    } finally {
      input.value = ""  // choosing the same file again is a new choice
    }
  })
  el.appendChild(input)
}
return {render};
})();

const NameControls = (() => {
function render({ model }) {
  const prefix = model.prefix;

if (!window.coleNameControls) {
  let made = 0;
  const idOf = el => el.id || (el.id = "cole-name-" + (++made));
  const words = el => (el ? el.textContent.replace(/\s+/g, " ").trim() : "");
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
    if (host && host.classList.contains("cole-region") && !host.hasAttribute("role")) {
      host.setAttribute("role", "region");
      host.tabIndex = 0;
    }
    if (host && host.classList.contains("cole-sideways")) sideways(host, root);
    const named = host && [...host.classList].find(c => c.startsWith(prefix));
    if (named && !(host.classList.contains("cole-sideways") && !host.hasAttribute("role"))) {
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
  return document.createElement('span');
}
return {render};
})();

const NearWatch = (() => {
function render({ model, el }) {
  const note = document.createElement("div");
  note.className = "cole-near-note";
  note.textContent = model.label;
  el.append(note);
  let asked = false;
  const ask = () => {
    if (asked) return;
    asked = true;
    observer.disconnect();
    document.removeEventListener("keydown", onKey, true);
    model.send_msg({near: true});
  };
  const wide = window.innerWidth >= 1024;
  const observer = model.when === "sidebar" ? watchSidebar(ask)
    : model.when === "phone" && wide ? atOnce(ask) : watchNear(el, ask);
  // A keyboard's first Tab: every part is there before the focus could pass it by.
  const onKey = (event) => { if (event.key === "Tab") ask(); };
  document.addEventListener("keydown", onKey, true);
  model.on("remove", () => {
    observer.disconnect();
    document.removeEventListener("keydown", onKey, true);
  });
}

function watchNear(el, ask) {
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) ask();
  }, {rootMargin: "200px 0px"});
  observer.observe(el);
  return observer;
}

function atOnce(ask) {
  setTimeout(ask);
  return { disconnect() {} };
}

// A narrow window's sidebar is open while the page is drawn, then closed (CLOSE_SIDEBAR_JS):
// its content is asked for when it opens after having been closed.
function watchSidebar(ask) {
  const sidebar = document.getElementById("sidebar");
  const observer = new MutationObserver(() => {
    if (!sidebar.classList.contains("show")) closed = true;
    else if (closed) ask();
  });
  if (!sidebar || window.innerWidth >= 1024) {
    setTimeout(ask);
    return observer;
  }
  let closed = !sidebar.classList.contains("show");
  observer.observe(sidebar, {attributes: true, attributeFilter: ["class"]});
  return observer;
}
return {render};
})();

const TabJumps = (() => {
function render({ model, el }) {
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
return {render};
})();

const TabKeys = (() => {
function render({ el }) {
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
return {render};
})();

const WidthWatch = (() => {
function render({ model, el }) {
  let sent = null;
  const report = () => {
    const room = Math.floor(el.getBoundingClientRect().width);
    const win = Math.floor(window.innerWidth);
    if (room < 1 || win < 1) return;
    if (sent && Math.abs(room - sent[0]) < 24 && Math.abs(win - sent[1]) < 24) return;
    sent = [room, win];
    model.send_msg({room: room, window: win});
  };
  const observer = new ResizeObserver(report);
  observer.observe(el);
  window.addEventListener("resize", report);
  model.on("remove", () => {
    observer.disconnect();
    window.removeEventListener("resize", report);
  });
}
return {render};
})();

export default {BoardKeys, FileChooser, NameControls, NearWatch, TabJumps, TabKeys, WidthWatch};
