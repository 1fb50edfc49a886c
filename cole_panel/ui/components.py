"""The pages' own browser components, sent to the browser as one file (public Panel API).

A Panel ``JSComponent`` sends its ``_esm`` text with every copy of it on the page, and the
browser compiles that text (Panel's sucrase pass) once per copy and loads it as a module once
per class: on a phone's first screen that was 30-80 ms of blocked main thread before a tap
is answered (issue 24).  Panel's ``_bundle`` instead names one JavaScript file that holds
every class's code, ready to run: it is fetched once (and cached), loaded as one module and
never compiled.  :class:`BundledComponent` is the base of every component here; its bundle,
``components.bundle.js`` beside this module, is made from their ``_esm`` texts by
:func:`bundle_text` (``make bundle`` writes it; a test checks that the
file in the tree is the one the texts make, so the two never drift apart).  The ``_esm`` texts
stay the source: ``panel serve --dev`` (autoreload) runs them as they are.

>>> "export default {" in bundle_text()
True
"""

from __future__ import annotations

import importlib
import re
import textwrap
from pathlib import Path

from panel.custom import JSComponent

__all__ = ["BUNDLE", "COMPONENT_MODULES", "BundledComponent", "bundle_text", "components"]

BUNDLE = Path(__file__).with_name("components.bundle.js")
"""The file every page's components run from."""

COMPONENT_MODULES = (
    "cole_panel.ui.keyboard",
    "cole_panel.ui.named_controls",
    "cole_panel.runtime.near",
    "cole_panel.ui.upload",
    "cole_panel.ui.width",
)
"""The modules that define a :class:`BundledComponent` (a test checks the list is whole)."""

_HEADER = (
    "// Made by `make bundle` from the components' _esm texts (cole_panel/ui/components.py):\n"
    "// do not edit by hand.\n"
)
_RENDER = re.compile(r"^export function render\(", re.MULTILINE)


class BundledComponent(JSComponent):
    """A ``JSComponent`` whose browser code is its entry in :data:`BUNDLE` (see module)."""

    _bundle = BUNDLE
    # Each component's own browser code (Panel's attribute): one exported ``render``, no
    # imports, so that :func:`bundle_text` can give it a scope of its own.
    _esm = ""

    __abstract = True


def components() -> list[type[BundledComponent]]:
    """Every concrete :class:`BundledComponent` of :data:`COMPONENT_MODULES`, by name."""
    for name in COMPONENT_MODULES:
        importlib.import_module(name)
    found, todo = {}, list(BundledComponent.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__name__ in found and found[cls.__name__] is not cls:
            raise ValueError(f"Two components are called {cls.__name__}: the bundle needs one.")
        found[cls.__name__] = cls
    return [found[name] for name in sorted(found)]


def _entry(cls: type[BundledComponent]) -> str:
    """``cls``'s ``_esm`` as a scope of its own that gives back its ``render``."""
    code = textwrap.dedent(cls._esm).strip("\n")
    code, found = _RENDER.subn("function render(", code)
    if found != 1 or re.search(r"^\s*(export|import)\b", code, re.MULTILINE):
        raise ValueError(f"{cls.__name__}._esm must export one render function and import nothing.")
    return f"const {cls.__name__} = (() => {{\n{code}\nreturn {{render}};\n}})();\n"


def bundle_text() -> str:
    """The text of :data:`BUNDLE`: each component's code, exported under its class's name
    (Panel picks a component's entry by its class name)."""
    classes = components()
    body = "\n".join(_entry(cls) for cls in classes)
    names = ", ".join(cls.__name__ for cls in classes)
    return f"{_HEADER}\n{body}\nexport default {{{names}}};\n"


def main() -> None:
    """Write :data:`BUNDLE` from the components' ``_esm`` texts."""
    BUNDLE.write_text(bundle_text(), encoding="utf-8")
    print(f"wrote {BUNDLE}")
