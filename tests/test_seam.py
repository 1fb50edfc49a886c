"""One seam to the framework: only ``cole_panel/runtime/`` reaches into the internals of
Panel, Bokeh, tornado, jupyter_bokeh, pyviz_comms, param, ipywidgets or Voilà.

Every module of ``cole_panel``, ``apps`` and ``bench`` is read as source (``ast``, nothing of
ours imported) and a *reach* is any of:

- ``import`` of a private name (one leading underscore, not a dunder) of those libraries, or an
  attribute whose name is private on something that resolves, through the module's imports,
  to them (``panel.io.document._WRITE_MSGS``);
- a private attribute read off an object of theirs: ``server._tornado``, ``getattr(x, "_y")``
  (a name no module of ours defines and their source does), or ``self._y`` in a subclass of
  one of their classes, or a class of ours overriding a private member of theirs (less the
  documented hooks in ``HOOKS``);
- a monkey-patch: assignment to (or ``setattr``/``del`` of) an attribute of one of their
  modules or classes (``notebook.diff = ...``, ``Viewer._create_view = ...``);
- JavaScript text that patches a class's ``prototype`` it did not define (BokehJS's or Panel's);
- an import of an undocumented name from one of their submodules: a name without an
  underscore that the libraries still do not offer as API (``panel.io.state.set_curdoc``,
  ``panel.io.resources.CDN_DIST``).  What is documented is the short list in ``DOCUMENTED``
  (modules, each with its reason: the module's ``__all__`` where it has one, else every public
  name) and ``DOCUMENTED_NAMES`` (single names of otherwise internal modules).

``python tests/test_seam.py`` prints every reach with its file and line.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("cole_panel", "apps", "bench")
SEAM = ROOT / "cole_panel" / "runtime"
LIBRARIES = frozenset(
    ("panel", "bokeh", "tornado", "jupyter_bokeh", "pyviz_comms", "param", "ipywidgets", "voila")
)
CAP = 10
"""The most distinct reaches the seam may keep (issue 44)."""
DOCUMENTED = {
    "panel": "the pn namespace of Panel's user guides (pn.state, pn.config, pn.pane, ...)",
    "panel.io": "pn.io: hold, push_notebook, ipywidget, state, ... (its __all__)",
    "panel.widgets": "pn.widgets: every widget of Panel's reference gallery",
    "panel.theme": "pn.theme: the designs and themes a template takes (Bootstrap, Inherit)",
    "panel.custom": "pn.custom: JSComponent and friends, the how-to guides' custom components",
    "param": "param's whole namespace is its API",
    "bokeh.models": "Bokeh's reference guide: every model",
    "bokeh.plotting": "Bokeh's reference guide: figure",
    "bokeh.events": "Bokeh's reference guide: the UI events (Tap, DocumentReady, ...)",
    "bokeh.document": "Bokeh's reference guide: Document",
    "bokeh.document.events": "Bokeh's reference guide: a document's change events",
    "bokeh.model": "Bokeh's reference guide: Model",
    "bokeh.io": "Bokeh's reference guide: curdoc, output and show",
    "bokeh.resources": "Bokeh's reference guide: Resources",
    "bokeh.settings": "Bokeh's reference guide: settings (BOKEH_* variables)",
    "bokeh.protocol": "Bokeh's reference guide: Protocol, the websocket messages",
    "bokeh.application.handlers.handler": "Bokeh's reference guide: Handler, to subclass",
    "bokeh.util.token": "Bokeh's reference guide: session ids and tokens",
    "jupyter_bokeh.widgets": "jupyter_bokeh's README: BokehModel, its one widget",
    "tornado.web": "tornado's docs, module by module (no __all__: every public name)",
    "tornado.httputil": "tornado's docs: HTTPHeaders, HTTPServerRequest",
    "tornado.ioloop": "tornado's docs: IOLoop",
    "tornado.httpclient": "tornado's docs: HTTPRequest, the clients",
    "tornado.websocket": "tornado's docs: websocket_connect",
}
"""Library modules whose public names are documented API: module -> where it is documented.
Only imports from submodules are checked (``import panel as pn`` is the library itself)."""
DOCUMENTED_NAMES = {
    "panel.io.location.Location": "the location= argument of servable(), pn.state.location",
    "panel.command.serve.Serve": "`panel serve` itself; Bokeh's Serve documents its "
    "customize_applications/customize_kwargs/customize_server hooks for subclasses",
    "panel.io.resources.component_resource_path": "Panel's API reference: the canonical "
    "address of a custom component's resource (served by its ComponentResourceHandler)",
    "panel.util.edit_readonly": "Panel's API reference: a Parameterized's read-only "
    "parameters writable for a block (pn.state.rel_path's setter writes one)",
}
"""Single names of otherwise internal modules that the libraries document: name -> where."""
HOOKS = frozenset(
    (
        # Panel's documented hooks for custom components (JSComponent / ReactiveESM /
        # ReactiveHTML): class attributes and the message pair its how-to guides use.
        "_esm",
        "_importmap",
        "_stylesheets",
        "_bundle",
        "_rename",
        "_send_msg",
        "_handle_msg",
        "_template",
        "_scripts",
        "_dom_events",
        "_child_config",
        "_extension_name",
    )
)
REACHES = {
    "panel.io.document": (
        "runtime/hold.py: a held action waits while Panel keeps messages aside for its "
        "document (_WRITE_MSGS), or its own would overtake them; no public API says so",
        "tests/test_batch.py",
    ),
    "panel.io.notebook": (
        "runtime/jupyter.py, jupyter_push.py: one message per action over an output's comm "
        "(diff, send) and libraries from the Jupyter server, not inline (CDN, render_model)",
        "tests/test_notebook_controls.py, tests/jupyter/test_saved_notebooks.py",
    ),
    "panel.reactive.Syncable": (
        "runtime/jupyter.py: a control changed on the page runs under run_held "
        "(_schedule_change); on ipykernel 7's comm thread Panel dropped the watchers' changes",
        "tests/test_notebook_controls.py",
    ),
    "panel.viewable.Viewer": (
        "runtime/jupyter.py: a dashboard shown again in a later cell moves there and the "
        "earlier output says so (_repr_mimebundle_, _create_view; MOVED_NOTICE)",
        "tests/test_notebook_habits.py",
    ),
    "pyviz_comms": (
        "runtime/jupyter_capture.py: print() from a callback goes to the cell that printed "
        "(StandardOutput replaced by a thread-aware capture)",
        "tests/jupyter/test_print_capture.py",
    ),
    "jupyter_bokeh.widgets.BokehModel": (
        "runtime/jupyter_widgets.py: ipywidgets hosts: offline stylesheets, one PATCH-DOC per "
        "action, one sender at a time (update_from_model, _document_patched)",
        "tests/jupyter/test_ipywidgets_hosts.py",
    ),
    "Doc.prototype": (
        "runtime/jupyter_widgets.py NO_ECHO_JS: the widget's page listener drops the "
        "kernel's own changes (sync: false) instead of sending them back",
        "tests/jupyter/test_ipywidgets_hosts.py",
    ),
    "Manager.prototype": (
        "runtime/jupyter.py: Panel's comm manager sends no echo, no debounce, and says when "
        "its kernel stopped (initialize, _document_changed); its Python half is how an "
        "output's shown root is found (the root with a plot_id)",
        "tests/jupyter/test_notebooks_in_lab.py, tests/jupyter/test_kernel_stopped.py",
    ),
    "View.prototype": (
        "runtime/jupyter.py: BokehJS's GlyphRendererView skips a restyle asked for before it "
        "took a source's new rows (set_data, set_visuals), which threw in notebook outputs",
        "tests/jupyter/test_notebooks_in_lab.py",
    ),
    "panel.state": (
        "runtime/jupyter_moved.py, jupyter_widgets.py: where a root is shown (_views: its "
        "document and comm): an earlier output of a dashboard shown again is frozen, and an "
        "ipywidgets output gets its components' messages; no public API names a root's output",
        "tests/jupyter/test_shown_twice.py, tests/jupyter/test_move_box.py",
    ),
}
"""Every reach the seam keeps: what it touches -> (why, the tests that pin its behaviour).
docs/architecture.md §6.9 lists the same."""

PROTOTYPE = re.compile(
    r"([A-Za-z_$][\w$.]*)\.prototype(?:\.[\w$]+|\[[^\]]+\])\s*=(?!=)"
    r"|defineProperty\(\s*([A-Za-z_$][\w$.]*)\.prototype"
)
JS_CLASS = re.compile(r"\bclass\s+([A-Za-z_$][\w$]*)")


@dataclass(frozen=True, order=True)
class Reach:
    path: str
    line: int
    kind: str
    name: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind} {self.name}"

    @property
    def touches(self) -> str:
        """What the reach touches, counted once however many of its names are used: a
        library module or class, a class of ours over theirs, an object of theirs, a
        JavaScript prototype."""
        if self.kind == "js-prototype":
            return self.name.split(".prototype")[0].split(".")[-1] + ".prototype"
        if self.kind == "private" and not is_library(self.name):
            return self.name  # server._tornado: the object's private member itself
        if self.kind == "undocumented" and (
            inspect.ismodule(lookup(self.name)) or inspect.isclass(lookup(self.name))
        ):
            return self.name  # a module, or a class, imported whole
        return self.name.rpartition(".")[0]


def private(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__")
    display = name.startswith("_repr_") and name.endswith("_")  # IPython's display protocol
    return name.startswith("_") and not dunder and not display


def scanned_files() -> list[Path]:
    return [p for package in SCANNED for p in sorted((ROOT / package).rglob("*.py"))]


def module_name(path: Path) -> str:
    parts = (
        path.relative_to(ROOT).with_suffix("").parts if path.is_relative_to(ROOT) else [path.stem]
    )
    return ".".join(parts).removesuffix(".__init__")


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


@cache
def library_sources() -> tuple[str, ...]:
    """The text of every Python file of the libraries."""
    texts = []
    for lib in sorted(LIBRARIES):
        spec = importlib.util.find_spec(lib)
        if spec is not None and spec.origin is not None:
            for source in sorted(Path(spec.origin).parent.rglob("*.py")):
                texts.append(source.read_text(errors="ignore"))
    return tuple(texts)


@cache
def library_defines(name: str) -> bool:
    """Whether the libraries' own source defines the private ``name`` or reads it off an
    object (``def _x``, ``class _X``, ``_x = ...``, ``obj._x``)."""
    word = re.compile(rf"(?:\.|\bdef\s+|\bclass\s+|^\s*){re.escape(name)}\b", re.M)
    return any(name in text and word.search(text) for text in library_sources())


@cache
def project_private_names() -> frozenset[str]:
    """Every private name a module of ours defines (def, class, assignment, self._x = ...)."""
    names: set[str] = set()
    for path in [*scanned_files(), *sorted((ROOT / "engines").rglob("*.py"))]:
        for node in ast.walk(parsed(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
            ):
                names.add(node.attr)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
    return frozenset(n for n in names if private(n))


def lookup(dotted: str) -> object:
    """The library object a dotted name stands for (as attributes first, as Python does
    after ``import panel as pn``: ``pn.config`` is Panel's settings, not its module), or None."""
    parts = dotted.split(".")
    try:
        obj = importlib.import_module(parts[0])
    except Exception:
        return None
    for i, part in enumerate(parts[1:], start=2):
        if hasattr(obj, part):
            obj = getattr(obj, part)
            continue
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except Exception:
            return None
    return obj


def is_library(dotted: str | None) -> bool:
    return dotted is not None and dotted.split(".")[0] in LIBRARIES


def documented(module: str, name: str | None = None) -> bool:
    """Whether ``from module import name`` (``import module`` without a name) takes a
    documented name of a library: see ``DOCUMENTED`` and ``DOCUMENTED_NAMES``."""
    if "." not in module and name is None:
        return True  # the library itself
    if name is not None and f"{module}.{name}" in DOCUMENTED_NAMES:
        return True
    submodule = name is not None and inspect.ismodule(lookup(f"{module}.{name}"))
    if submodule and documented(f"{module}.{name}"):
        return True  # a documented submodule, imported by name
    if module not in DOCUMENTED:
        return False
    exported = getattr(lookup(module), "__all__", None)
    return name is None or exported is None or name in exported


class Scanner(ast.NodeVisitor):
    """The reaches of one module."""

    def __init__(self, path: Path):
        self.path = path
        self.where = str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        self.module = module_name(path)
        self.aliases: dict[str, str] = {}
        self.classes: list[tuple[str, bool]] = []  # enclosing classes: name, library base
        self.found: set[Reach] = set()

    def add(self, node: ast.AST, kind: str, name: str, line: int | None = None) -> None:
        self.found.add(Reach(self.where, line or node.lineno, kind, name))

    def resolve(self, node: ast.AST) -> str | None:
        if isinstance(node, ast.Name):
            return self.aliases.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            return f"{base}.{node.attr}" if base else None
        return None

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if is_library(alias.name) and any(private(p) for p in alias.name.split(".")):
                self.add(node, "import", alias.name)
            elif is_library(alias.name) and not documented(alias.name):
                self.add(node, "undocumented", alias.name)
            top = alias.name if alias.asname else alias.name.split(".")[0]
            self.aliases[alias.asname or top] = top

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        source = node.module or ""
        if node.level:
            package = self.module.split(".")
            if self.path.name != "__init__.py":
                package = package[:-1]
            package = package[: len(package) - node.level + 1]
            source = ".".join([*package, *([node.module] if node.module else [])])
        for alias in node.names:
            dotted = f"{source}.{alias.name}"
            if is_library(source) and any(private(p) for p in dotted.split(".")):
                self.add(node, "import", dotted)
            elif is_library(source) and "." in source and not documented(source, alias.name):
                self.add(node, "undocumented", dotted)
            self.aliases[alias.asname or alias.name] = dotted

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        bases = [self.resolve(b) for b in node.bases]
        library_bases = [lookup(b) for b in bases if is_library(b)]
        library_bases += [c for b in bases if b and not is_library(b) for c in project_bases(b)]
        for item in node.body:
            for name in defined_names(item):
                if (
                    private(name)
                    and name not in HOOKS
                    and any(hasattr(base, name) for base in library_bases if base is not None)
                ):
                    self.add(item, "override", f"{node.name}.{name}")
        self.classes.append((node.name, bool(library_bases)))
        self.generic_visit(node)
        self.classes.pop()

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self.attribute(node, node.value, node.attr)
        self.generic_visit(node)

    def attribute(self, node: ast.AST, value: ast.AST, name: str) -> None:
        if not private(name):
            return
        if is_library(self.resolve(value)):
            self.add(node, "private", f"{self.resolve(value)}.{name}")
        elif name in project_private_names() or name in HOOKS:
            return
        elif isinstance(value, ast.Name) and value.id in ("self", "cls"):
            if self.classes and self.classes[-1][1] and library_defines(name):
                self.add(node, "inherited", f"{self.classes[-1][0]}.{name}")
        elif library_defines(name):
            self.add(node, "private", f"{ast.unparse(value)}.{name}")

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        by_name = isinstance(func, ast.Name) and func.id in (
            "getattr",
            "setattr",
            "hasattr",
            "delattr",
        )
        name = node.args[1] if by_name and len(node.args) >= 2 else None
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            self.attribute(node, node.args[0], name.value)
            if func.id in ("setattr", "delattr"):
                self.patched(node, node.args[0], name.value)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self.target(target)
        self.generic_visit(node)
        value = self.resolve(node.value)
        for target in node.targets:  # viewer = pn.viewable.Viewer: viewer is theirs too
            if isinstance(target, ast.Name) and is_library(value):
                self.aliases[target.id] = value

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.target(node.target)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self.target(target)
        self.generic_visit(node)

    def target(self, target: ast.AST) -> None:
        if isinstance(target, ast.Attribute):
            self.patched(target, target.value, target.attr)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self.target(element)

    def patched(self, node: ast.AST, value: ast.AST, name: str) -> None:
        owner = self.resolve(value)
        if is_library(owner):
            obj = lookup(owner)
            if inspect.ismodule(obj) or inspect.isclass(obj):
                self.add(node, "patch", f"{owner}.{name}")

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and "prototype" in node.value:
            own = set(JS_CLASS.findall(node.value))
            for match in PROTOTYPE.finditer(node.value):
                cls = (match.group(1) or match.group(2)).split(".")[-1]
                if cls not in own:
                    line = node.lineno + node.value.count("\n", 0, match.start())
                    self.add(node, "js-prototype", match.group(0).rstrip(" ="), line)


@cache
def class_index() -> dict[str, tuple[Path, ast.ClassDef]]:
    index = {}
    for path in [*scanned_files(), *sorted((ROOT / "engines").rglob("*.py"))]:
        for node in parsed(path).body:
            if isinstance(node, ast.ClassDef):
                index[f"{module_name(path)}.{node.name}"] = (path, node)
    return index


@cache
def project_bases(dotted: str) -> tuple[object, ...]:
    """The library classes a class of ours derives from, through classes of ours."""
    entry = class_index().get(dotted)
    if entry is None:
        return ()
    path, node = entry
    scanner = Scanner(path)
    for top in parsed(path).body:
        if isinstance(top, (ast.Import, ast.ImportFrom)):
            scanner.visit(top)
        elif isinstance(top, ast.ClassDef):
            scanner.aliases.setdefault(top.name, f"{module_name(path)}.{top.name}")
    out: list[object] = []
    for base in node.bases:
        name = scanner.resolve(base)
        if is_library(name):
            out.append(lookup(name))
        elif name and name != dotted:
            out.extend(project_bases(name))
    return tuple(o for o in out if o is not None)


def defined_names(item: ast.stmt) -> list[str]:
    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [item.name]
    if isinstance(item, ast.Assign):
        return [t.id for t in item.targets if isinstance(t, ast.Name)]
    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
        return [item.target.id]
    return []


def scan(path: Path) -> set[Reach]:
    scanner = Scanner(path)
    tree = parsed(path)
    for node in tree.body:  # module-level classes may be used before their line
        if isinstance(node, ast.ClassDef):
            scanner.aliases.setdefault(node.name, f"{scanner.module}.{node.name}")
    scanner.visit(tree)
    return scanner.found


@cache
def all_reaches() -> tuple[Reach, ...]:
    return tuple(sorted(r for path in scanned_files() for r in scan(path)))


def inside_seam(reach: Reach) -> bool:
    return (ROOT / reach.path).is_relative_to(SEAM)


def distinct(reaches) -> set[str]:
    """The reaches, each counted once however often and by how many names it is used."""
    return {r.touches for r in reaches}


def listing(reaches) -> str:
    return "\n".join(str(r) for r in reaches)


def test_nothing_outside_the_seam_reaches_into_the_libraries():
    outside = [r for r in all_reaches() if not inside_seam(r)]
    assert not outside, (
        f"{len(outside)} reaches ({len(distinct(outside))} distinct) outside "
        f"cole_panel/runtime/; move them behind the seam's verbs:\n{listing(outside)}"
    )


def test_the_seam_keeps_at_most_ten_reaches_each_with_its_reason():
    inside = distinct(r for r in all_reaches() if inside_seam(r))
    assert len(inside) <= CAP, "\n".join(sorted(inside))
    assert inside == set(REACHES), (
        f"reaches without a reason in REACHES: {sorted(inside - set(REACHES))}; "
        f"listed but gone: {sorted(set(REACHES) - inside)}"
    )
    for _, tests in REACHES.values():
        for test in tests.split(", "):
            assert (ROOT / test).is_file(), test


def _site(package: str, *parts: str) -> str:
    return (Path(importlib.util.find_spec(package).origin).parent.joinpath(*parts)).read_text()


def test_the_libraries_still_have_what_the_seam_reaches_for():
    """Fails on a release that renames or drops what a reach uses (then update the seam)."""
    import jupyter_bokeh.widgets
    import panel.io.document
    import panel.io.notebook
    import pyviz_comms
    from panel.models.comm_manager import CommManager
    from panel.reactive import Syncable
    from panel.viewable import Viewer

    assert callable(panel.io.document._WRITE_MSGS.get)  # document -> messages kept aside
    for name in ("diff", "send", "CDN", "render_model"):
        assert hasattr(panel.io.notebook, name), name
    assert callable(Syncable._schedule_change)
    assert callable(Viewer._create_view) and callable(Viewer._repr_mimebundle_)
    assert inspect.isclass(pyviz_comms.StandardOutput)
    model = jupyter_bokeh.widgets.BokehModel
    assert callable(model.update_from_model) and callable(model._document_patched)
    assert "plot_id" in CommManager.properties()  # how jupyter.py finds an output's root
    from panel.io.resources import CDN_DIST, LOCAL_DIST

    from cole_panel.runtime.jupyter_push import PANEL_CDN
    from cole_panel.runtime.serving import PANEL_STATIC

    assert PANEL_CDN.fullmatch(CDN_DIST) and PANEL_STATIC == LOCAL_DIST  # Panel's addresses
    bokeh_js = _site("bokeh", "server", "static", "js", "bokeh.min.js")
    for word in ("models/renderers/glyph_renderer", "GlyphRendererView", "set_visuals"):
        assert word in bokeh_js, word
    panel_js = _site("panel", "dist", "panel.min.js")
    assert "panel.models.comm_manager" in panel_js and "_document_changed" in panel_js
    widget_js = _site("jupyter_bokeh", "nbextension", "index.js")
    assert "_change_event(" in widget_js  # NO_ECHO_JS finds the listener by this text


def test_the_documented_list_names_what_the_libraries_have():
    for module in DOCUMENTED:
        assert inspect.ismodule(lookup(module)), module
    for name in DOCUMENTED_NAMES:
        module, _, attribute = name.rpartition(".")
        assert hasattr(lookup(module), attribute), name


def test_an_undocumented_import_outside_the_seam_is_a_reach(tmp_path):
    sample = tmp_path / "page.py"
    sample.write_text(
        "import panel as pn\n"
        "from panel.io.state import set_curdoc\n"
        "from panel.io import document, hold\n"
        "import panel.io.notebook as notebook\n"
        "from panel.reactive import Syncable\n"
        "from bokeh.models import ColumnDataSource\n"
        "from bokeh.document import Document\n"
        "from panel.io.location import Location\n"
        "from tornado.web import Finish\n"
        "from panel.widgets import Widget\n"
    )
    outside = {(r.kind, r.name, r.touches) for r in scan(sample) if not inside_seam(r)}
    assert outside == {
        ("undocumented", "panel.io.state.set_curdoc", "panel.io.state"),
        ("undocumented", "panel.io.document", "panel.io.document"),
        ("undocumented", "panel.io.notebook", "panel.io.notebook"),
        ("undocumented", "panel.reactive.Syncable", "panel.reactive.Syncable"),
    }


def test_the_scanner_sees_each_kind_of_reach(tmp_path):
    sample = tmp_path / "sample.py"
    text = """
import panel as pn
from panel.io import notebook
from panel.io.document import _WRITE_MSGS
from panel.viewable import Viewer
import tornado.web as web

class Page(pn.viewable.Viewer):
    def _create_view(self):
        return self._models

def patch(server):
    notebook.diff = len
    Viewer._repr_mimebundle_ = None
    setattr(pn.pane.Markdown, "x", 1)
    server._tornado.resources = lambda: None
    web.RequestHandler._transforms = []
    pn.config.sizing_mode = "stretch_width"
    viewer = pn.viewable.Viewer
    viewer._create_view = None
    return pn.io.document._WRITE_MSGS

JS = "View.prototype.set_data = function () {}; class Mine {}; Mine.prototype.x = 1;"
"""
    sample.write_text(text)
    kinds = {(r.kind, r.name) for r in scan(sample)}
    assert kinds >= {
        ("import", "panel.io.document._WRITE_MSGS"),
        ("override", "Page._create_view"),
        ("inherited", "Page._models"),
        ("patch", "panel.io.notebook.diff"),
        ("patch", "panel.viewable.Viewer._repr_mimebundle_"),
        ("patch", "panel.pane.Markdown.x"),
        ("private", "server._tornado"),
        ("private", "tornado.web.RequestHandler._transforms"),
        ("patch", "tornado.web.RequestHandler._transforms"),
        ("private", "panel.io.document._WRITE_MSGS"),
        ("js-prototype", "View.prototype.set_data"),
        ("patch", "panel.viewable.Viewer._create_view"),
    }
    assert not any("sizing_mode" in name or "Mine" in name for _, name in kinds)


if __name__ == "__main__":
    reaches = all_reaches()
    print(listing(reaches))
    print("\n".join(sorted(distinct(reaches))))
    outside = [r for r in reaches if not inside_seam(r)]
    print(
        f"{len(reaches)} reaches ({len(distinct(reaches))} distinct); outside the seam "
        f"{len(outside)} ({len(distinct(outside))} distinct)",
        file=sys.stderr,
    )
