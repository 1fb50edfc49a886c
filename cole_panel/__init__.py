"""Param models and Panel/Bokeh views for the cole-panel games."""

from __future__ import annotations

from typing import Any

__all__ = ["Course", "notebook_setup"]


def __getattr__(name: str) -> Any:
    # Loaded on first use, so importing a model (cole_panel.<game>.model) never loads Panel.
    if name == "notebook_setup":
        from .runtime.jupyter import notebook_setup

        return notebook_setup
    if name == "Course":
        from .ui.learn_view import Course

        return Course
    raise AttributeError(f"module 'cole_panel' has no attribute {name!r}")
