"""The Param options class of a game, built from its ``Rules`` (panel-free: param only).

Each ``Rules`` field declares its label, help, bounds and choices once
(:mod:`engines.options`); :func:`options_class` turns them into Param parameters with the same
names, defaults, bounds and docs, so a page, a notebook and a room offer exactly the options the
engine accepts.  A game model inherits the class and reads its rules with :meth:`make_rules`.

>>> from engines.circle import Rules
>>> CircleOptions = options_class(Rules)
>>> CircleOptions.param.capture_target.bounds, CircleOptions.param.capture_target.label
((1, 1000), 'Stones to win')
>>> options = CircleOptions(radius=5)
>>> options.make_rules()
Rules(radius=5, capture_target=20, first_player=0, no_placement_wins=True)
>>> options.param.update(CircleOptions.options_from(Rules(radius=3)))  # doctest: +ELLIPSIS
<...>
>>> options.radius
3
>>> CircleOptions(radius=9)
Traceback (most recent call last):
...
ValueError: Integer parameter 'CircleOptions.radius' must be at most 8, not 9.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import param

from engines.options import OptionSpec, option_specs

__all__ = ["RulesOptions", "option_parameter", "options_class"]


class RulesOptions(param.Parameterized):
    """Parameters mirroring some fields of a ``Rules`` dataclass (made by :func:`options_class`)."""

    rules_type: ClassVar[type] = object
    """The ``Rules`` dataclass the parameters describe."""
    OPTION_NAMES: ClassVar[tuple[str, ...]] = ()
    """The parameters that are fields of :attr:`rules_type`, in field order."""

    def make_rules(self, **extra: Any) -> Any:
        """The rules the parameters describe (``extra`` sets fields that are not parameters);
        ``ValueError`` with the engine's sentence when they do not fit together."""
        values = {name: _plain(getattr(self, name)) for name in self.OPTION_NAMES}
        return self.rules_type(**values, **extra)

    @property
    def rules(self) -> Any:
        """The rules the parameters describe (``ValueError`` if they do not fit together)."""
        return self.make_rules()

    @classmethod
    def options_from(cls, rules: Any) -> dict[str, Any]:
        """The parameter values that describe ``rules`` (for ``param.update``)."""
        return {name: getattr(rules, name) for name in cls.OPTION_NAMES}


def _plain(value: Any) -> Any:
    """A tuple widget's whole floats (``5.0``) back to whole numbers; the rest as it is."""
    if isinstance(value, tuple):
        return tuple(int(v) if isinstance(v, float) and v.is_integer() else v for v in value)
    return value


def option_parameter(spec: OptionSpec) -> param.Parameter:
    """The Param parameter of one option.

    >>> from engines.options import OptionSpec
    >>> p = option_parameter(OptionSpec("choice", "Ties", "How ties end.", choices=("a", "b")))
    >>> type(p).__name__, p.objects, p.label, p.doc
    ('Selector', ['a', 'b'], 'Ties', 'How ties end.')
    """
    common = {"default": spec.default, "doc": spec.doc, "label": spec.label}
    if spec.kind == "flag":
        return param.Boolean(**common)
    if spec.kind == "choice":
        return param.Selector(objects=list(spec.choices), **common)
    if spec.kind == "wholes":
        return param.NumericTuple(length=spec.length, **common)
    if spec.kind == "pairs":
        return param.Tuple(length=len(spec.default), **common)
    return param.Integer(
        bounds=spec.bounds, softbounds=spec.soft_bounds, allow_None=spec.allow_none, **common
    )


def options_class(
    rules_type: type,
    names: Iterable[str] | None = None,
    *,
    defaults: Mapping[str, Any] | None = None,
    name: str | None = None,
) -> type[RulesOptions]:
    """A :class:`RulesOptions` subclass with one parameter per field of ``rules_type`` (only
    ``names``, in field order, if given); ``defaults`` replaces some engine defaults (what a
    page starts with).  The same arguments give the same class."""
    chosen = None if names is None else tuple(names)
    return _build(rules_type, chosen, tuple(sorted((defaults or {}).items())), name)


@functools.cache
def _build(
    rules_type: type,
    names: tuple[str, ...] | None,
    defaults: tuple[tuple[str, Any], ...],
    name: str | None,
) -> type[RulesOptions]:
    specs = option_specs(rules_type)
    known = [spec.name for spec in specs]
    for wanted in (*(names or ()), *dict(defaults)):
        if wanted not in known:
            raise ValueError(f"{rules_type.__name__} has no option {wanted!r}.")
    overrides = dict(defaults)
    chosen = [
        dataclasses.replace(spec, default=overrides.get(spec.name, spec.default))
        for spec in specs
        if names is None or spec.name in names
    ]
    attrs: dict[str, Any] = {spec.name: option_parameter(spec) for spec in chosen}
    attrs.update(
        rules_type=rules_type,
        OPTION_NAMES=tuple(spec.name for spec in chosen),
        __doc__=f"The options of :class:`{rules_type.__module__}.{rules_type.__name__}`.",
        __module__=__name__,
    )
    game = rules_type.__module__.removesuffix(".rules").rpartition(".")[2]
    title = name or f"{game.capitalize()}Options"
    return type(title, (RulesOptions,), attrs)
