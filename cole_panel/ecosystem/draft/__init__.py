"""Ecosystem's draft table: a draft played against bots or in a room, its puzzles and its saves
(:class:`~.model.EcosystemModel`, :class:`~.view.DraftTable`)."""
