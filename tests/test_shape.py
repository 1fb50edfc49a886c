"""The shape of the code: no import cycle, no function over 80 lines, no private name read
across modules (in ``engines/`` and ``cole_panel/``, read as source, nothing imported).

An import counts wherever it stands (module level, inside a function, under ``TYPE_CHECKING``).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engines", "cole_panel")
LIMIT = 80
"""The most lines a function may have (docs/architecture.md, house rules)."""
LONG_FOR_NOW: frozenset[str] = frozenset()
"""Functions still over the limit: none left (the bot-loop split took the last three)."""


def _modules() -> dict[str, tuple[Path, ast.Module]]:
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = (path, ast.parse(path.read_text()))
    return out


MODULES = _modules()


def _imported(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in MODULES]
    path = MODULES[module][0]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
    source = ".".join(base + ([node.module] if node.module else []))
    found = []
    for alias in node.names:
        if f"{source}.{alias.name}" in MODULES:
            found.append(f"{source}.{alias.name}")
        elif source in MODULES:
            found.append(source)
    return found


def test_no_module_imports_itself_through_others():
    graph = defaultdict(set)
    for module, (_, tree) in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                graph[module].update(m for m in _imported(module, node) if m != module)
    cycles = []
    for start in MODULES:
        # every module reachable from start; a path back to start is a cycle
        seen, todo = set(), list(graph[start])
        while todo:
            m = todo.pop()
            if m == start:
                cycles.append(start)
                break
            if m not in seen:
                seen.add(m)
                todo.extend(graph[m])
    assert cycles == [], f"modules in an import cycle: {cycles}"


def test_no_function_runs_past_80_lines():
    long = set()
    for _, (path, tree) in MODULES.items():
        where = path.relative_to(ROOT).as_posix()

        long.update(f"{where} {name}" for name in _long_functions(tree, ""))
    assert long <= LONG_FOR_NOW, f"functions over {LIMIT} lines: {sorted(long - LONG_FOR_NOW)}"


def _long_functions(node: ast.AST, prefix: str) -> list[str]:
    """``Class.method`` (or ``function``) of every function in ``node`` over :data:`LIMIT`."""
    found = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if child.end_lineno - child.lineno + 1 > LIMIT:
                found.append(f"{prefix}{child.name}")
            found += _long_functions(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.ClassDef):
            found += _long_functions(child, f"{prefix}{child.name}.")
        else:
            found += _long_functions(child, prefix)
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_private_name_is_read_across_modules():
    owners = defaultdict(set)  # private name -> modules whose classes define it
    for module, (_, tree) in MODULES.items():
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            for node in ast.walk(cls):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names = [node.name]
                elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                    names = [node.attr] if getattr(node.value, "id", "") in ("self", "cls") else []
                elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node in cls.body:
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    names = [t.id for t in targets if isinstance(t, ast.Name)]
                else:
                    names = []
                owners.update({n: owners[n] | {module} for n in names if _private(n)})
    crossing = set()
    for module, (_, tree) in MODULES.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                if owners.get(node.attr) and module not in owners[node.attr]:
                    crossing.add(node.attr)
            elif isinstance(node, ast.ImportFrom):
                crossing.update(a.name for a in node.names if _private(a.name))
    assert crossing == set(), f"private names read across modules: {sorted(crossing)}"
