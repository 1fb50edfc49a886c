"""Param models and Panel/Bokeh views for the cole-panel games."""
