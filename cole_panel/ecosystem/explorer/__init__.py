"""Ecosystem's scoring explorer: parks built with a palette, scored step by step, shared by link
or file (:class:`~.model.ScoringExplorerModel`, :class:`~.view.ScoringExplorer`)."""
