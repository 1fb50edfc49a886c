"""Values a browser sends are checked before the page uses them: a bad one is put back.

A page's widgets live twice: as Panel widgets on the server and as Bokeh models mirrored in the
browser.  A client may send any value for a model's property (a hostile one, a stale tab, a
script): a ``Select`` value that is not one of its options, a slider past its ends, ``active=5``
on a radio group of three.  Bokeh only checks the value's type, and Panel's widget then refuses
it with a multi-line traceback in the server's log, leaving the browser showing what it sent.

:func:`guard_client_values` puts a check on a served document (``Document.on_change``, public
Bokeh API): a change that came from the browser (its ``setter`` is the session) and does not fit
the model is put back to the model's last good value, with one warning line in the log.  The
put-back change runs before Panel reads the browser's value (Panel reads widget changes on a
later tick of the loop), so Panel only ever sees a good value, and the browser is sent it.

Bokeh events carry values too: :func:`finite_point` wraps a board's tap handler so a tap at
``x="abc"`` or NaN is refused the same way.
"""

from __future__ import annotations

import functools
import logging
import math
import weakref
from collections.abc import Callable
from typing import Any

from bokeh.document import Document
from bokeh.document.events import ModelChangedEvent
from bokeh.model import Model
from bokeh.models import (
    CheckboxButtonGroup,
    CheckboxGroup,
    NumericInput,
    RadioButtonGroup,
    RadioGroup,
    RangeSlider,
    Select,
    Slider,
    TextInput,
)

__all__ = ["finite_point", "fits", "guard_client_values", "remember_new"]

_log = logging.getLogger(__name__)

GUARDED: dict[type, tuple[str, ...]] = {
    Select: ("value",),
    Slider: ("value",),
    RangeSlider: ("value",),
    RadioGroup: ("active",),
    RadioButtonGroup: ("active",),
    CheckboxGroup: ("active",),
    CheckboxButtonGroup: ("active",),
    NumericInput: ("value",),
    TextInput: ("value", "value_input"),
}
"""The models whose values a browser sends, and those values' properties (numbers only:
date sliders are not guarded)."""

_good: weakref.WeakKeyDictionary[Model, dict[str, Any]] = weakref.WeakKeyDictionary()
_guarded: weakref.WeakSet[Document] = weakref.WeakSet()
_seen: weakref.WeakKeyDictionary[Document, int] = weakref.WeakKeyDictionary()
"""How many models each page had when :func:`remember_new` last looked through them."""


def _attrs(model: Any) -> tuple[str, ...]:
    return next((attrs for cls, attrs in GUARDED.items() if isinstance(model, cls)), ())


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _options(model: Select) -> list[str]:
    options = model.options
    groups = options.values() if isinstance(options, dict) else [options]
    return [o[0] if isinstance(o, tuple | list) else o for group in groups for o in group]


def _slider_fits(model: Any, value: Any) -> bool:
    if isinstance(value, tuple | list):  # a range slider: both ends
        return len(value) == 2 and all(_slider_fits(model, v) for v in value)
    if not _number(value) or not model.start <= value <= model.end:
        return False
    step = getattr(model, "step", None)
    whole = all(isinstance(x, int) for x in (model.start, step))  # an IntSlider's
    return not whole or float(value).is_integer()


def fits(model: Any, attr: str, value: Any) -> bool:
    """Whether ``value`` is one ``model``'s property ``attr`` may take from a browser.

    >>> from bokeh.models import Select
    >>> menu = Select(options=["Human", "Greedy"], value="Human")
    >>> fits(menu, "value", "Greedy"), fits(menu, "value", "Root")
    (True, False)
    """
    if isinstance(model, Select):
        return value in _options(model)
    if isinstance(model, Slider | RangeSlider):
        return _slider_fits(model, value)
    if isinstance(model, RadioGroup | RadioButtonGroup):
        return value is None or (
            type(value) is int and 0 <= value < len(model.labels)  # not a bool
        )
    if isinstance(model, CheckboxGroup | CheckboxButtonGroup):
        return isinstance(value, list) and all(
            type(v) is int and 0 <= v < len(model.labels) for v in value
        )
    if isinstance(model, NumericInput):
        return _numeric_fits(model, value)
    if isinstance(model, TextInput):
        limit = model.max_length
        return isinstance(value, str) and (limit is None or len(value) <= limit)
    return True


def _numeric_fits(model: Any, value: Any) -> bool:
    if value is None:
        return True
    if not _number(value) or (model.mode == "int" and not float(value).is_integer()):
        return False
    low, high = model.low, model.high
    return (low is None or value >= low) and (high is None or value <= high)


def _remember(model: Any) -> None:
    attrs = _attrs(model)
    if attrs:
        _good[model] = {attr: getattr(model, attr) for attr in attrs}


def remember_new(doc: Document | None, but: Model | None = None) -> None:
    """Remember the values of the models of ``doc`` (a guarded page) not seen yet, ``but`` one:
    parts put in after the page was built (Panel sends a layout's new children to the browser
    itself, past ``Document.on_change``: a part sent for when near, a tab shown)."""
    if doc is None or doc not in _guarded or _seen.get(doc) == len(doc.models):
        return  # nothing put in since the last look (a browser's changes come often)
    _seen[doc] = len(doc.models)
    for model in doc.models:
        if model is not but and model not in _good:
            _remember(model)


def _remember_within(value: Any) -> None:
    """Remember the values of every guarded model in ``value`` (a layout's new children)."""
    found = value if isinstance(value, list | tuple) else [value]
    for item in found:
        if isinstance(item, Model):
            for model in item.references():
                _remember(model)


def _on_change(event: Any) -> None:
    if not isinstance(event, ModelChangedEvent):
        return
    model, attr, new = event.model, event.attr, event.new
    if event.setter is None:  # the server's own change: a good value, or new parts to watch
        if attr in _attrs(model):
            _good.setdefault(model, {})[attr] = new
        elif isinstance(new, Model) or (
            isinstance(new, list) and new and isinstance(new[0], Model)
        ):
            _remember_within(new)
        return
    if attr not in _attrs(model):
        return
    remember_new(event.document, but=model)
    if fits(model, attr, new):
        _good.setdefault(model, {})[attr] = new
        return
    back = _good.get(model, {}).get(attr, _fallback(model, attr))
    _log.warning(
        "Refused a browser's %s.%s=%.80r (not one it may take); put back %.80r",
        type(model).__name__,
        attr,
        new,
        back,
    )
    setattr(model, attr, back)  # setter None: sent to the browser, and what Panel reads next


def _fallback(model: Any, attr: str) -> Any:
    """A good value for a model never seen with one (made after the page was guarded)."""
    if isinstance(model, Select):
        options = _options(model)
        return options[0] if options else ""
    if isinstance(model, Slider | RangeSlider):
        return model.start
    if isinstance(model, CheckboxGroup | CheckboxButtonGroup):
        return []
    if isinstance(model, TextInput):
        return ""
    return None


def guard_client_values(doc: Document) -> None:
    """Check every value the browser of ``doc``'s session sends (see the module docstring);
    call it once the page is in ``doc``: the values then are the good ones."""
    if doc in _guarded:
        return
    _guarded.add(doc)
    for model in doc.models:
        _remember(model)
    doc.on_change(_on_change)


def finite_point(handler: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``handler`` of a tap (any Bokeh point event), called only when the event's ``x`` and
    ``y`` are finite numbers; any other is refused with one warning line."""

    @functools.wraps(handler)
    def checked(event: Any) -> Any:
        x, y = getattr(event, "x", None), getattr(event, "y", None)
        if not (_number(x) and _number(y)):
            _log.warning(
                "Refused a browser's %s at x=%.40r, y=%.40r (not a point)",
                type(event).__name__,
                x,
                y,
            )
            return None
        return handler(event)

    return checked
