"""Package attributes imported on first use, so ``import pkg.model`` stays free of views.

A game package re-exports its model *and* its Panel views; importing the views eagerly would
load Panel and Bokeh for anyone who only wants the model.

>>> getattr_, dir_, all_ = lazy_exports("json", decoder="JSONDecoder JSONDecodeError")
>>> all_, getattr_("JSONDecoder").__name__
(['JSONDecodeError', 'JSONDecoder'], 'JSONDecoder')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_exports(
    package: str, **modules: str
) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """``__getattr__``, ``__dir__`` and ``__all__`` for ``package``: each keyword names a
    submodule and the space-separated names it exports (``board="CircleBoard"``)."""
    names = {name: f".{module}" for module, listed in modules.items() for name in listed.split()}

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module, package), name)

    def __dir__() -> list[str]:
        return sorted(names)

    return __getattr__, __dir__, sorted(names)
