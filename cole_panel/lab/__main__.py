"""``python -m cole_panel.lab`` is the ``cole`` command."""

from .cli import main

raise SystemExit(main())
