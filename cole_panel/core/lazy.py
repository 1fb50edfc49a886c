"""Package attributes imported on first use, so ``import pkg.model`` stays free of views.

A game package re-exports its model *and* its Panel views; importing the views eagerly would
load Panel and Bokeh for anyone who only wants the model.

>>> getattr_, dir_ = lazy_exports("json", {"dumps": ".decoder"})
>>> sorted(dir_())
['dumps']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_exports(
    package: str, names: dict[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package`` exporting each name from its module
    (relative, e.g. ``{"CircleBoard": ".board"}``)."""

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module, package), name)

    def __dir__() -> list[str]:
        return sorted(names)

    return __getattr__, __dir__
