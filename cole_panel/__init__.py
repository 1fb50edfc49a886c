"""Param models and Panel/Bokeh views for the cole-panel games."""

from .ui.jupyter import notebook_setup

__all__ = ["notebook_setup"]
