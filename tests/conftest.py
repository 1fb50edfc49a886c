"""Test-wide settings.

Under CI (``CI`` set) hypothesis runs derandomized, so a submission's result does not depend on
the luck of the draw; locally every run explores new examples.  ``HYPOTHESIS_PROFILE=thorough``
runs ten times as many examples for a hunt before a release.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("thorough", max_examples=1000)
settings.register_profile("dev", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))
