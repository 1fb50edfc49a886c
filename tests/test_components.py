"""The pages' browser components run from the one bundle made from their ``_esm`` texts."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from bokeh.document import Document

import cole_panel
from cole_panel.runtime.near import NearWatch
from cole_panel.ui import components
from cole_panel.ui.components import BUNDLE, bundle_text
from cole_panel.ui.width import WidthWatch


def test_the_bundle_in_the_tree_is_the_one_the_texts_make():
    assert BUNDLE.read_text(encoding="utf-8") == bundle_text(), (
        "cole_panel/ui/components.bundle.js is out of date: run `make bundle`"
    )


def test_every_component_of_the_package_is_in_the_bundle():
    for module in pkgutil.walk_packages(cole_panel.__path__, "cole_panel."):
        if not module.name.endswith("__main__"):  # a command line, not a module to import
            importlib.import_module(module.name)
    found = components.components()  # every module is imported now: every subclass
    # make bundle imports only these modules: a component elsewhere would be left out.
    assert {cls.__module__ for cls in found} <= set(components.COMPONENT_MODULES)
    names = ", ".join(cls.__name__ for cls in found)
    assert f"export default {{{names}}};" in BUNDLE.read_text(encoding="utf-8")


def test_a_page_gets_the_bundle_ready_to_run_not_code_to_compile():
    # Panel compiles (sucrase) every copy's code in the browser unless ``bundle`` is set.
    for component in (NearWatch(label="x"), WidthWatch()):
        model = component.get_root(Document())
        assert model.bundle is not None
        assert model.esm.strip() == BUNDLE.read_text(encoding="utf-8").strip()
        assert model.class_name == type(component).__name__


@pytest.mark.parametrize(
    "esm",
    [
        "import x from 'y';\nexport function render({ el }) {}",
        "export function render({ el }) {}\nexport const other = 1;",
        "function draw({ el }) {}",
    ],
)
def test_a_text_the_bundle_cannot_hold_is_refused(esm):
    odd = type("Odd", (), {"_esm": esm})  # not a subclass: the package's bundle stays as it is

    with pytest.raises(ValueError, match="Odd._esm must export one render function"):
        components._entry(odd)
