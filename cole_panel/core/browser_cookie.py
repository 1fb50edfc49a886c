"""The cookie that names a browser: what it is called and what its token looks like.

Panel-free, so that the launcher (:mod:`cole_panel.haproxy`) can name it without loading Panel;
:mod:`cole_panel.ui.token` reads and writes it for the pages.

>>> bool(TOKEN_PATTERN.fullmatch("a" * 32)), bool(TOKEN_PATTERN.fullmatch("<script>"))
(True, False)
"""

from __future__ import annotations

import re

__all__ = ["COOKIE", "COOKIE_DAYS", "TOKEN_PATTERN"]

COOKIE = "cole_player"
"""The cookie holding a browser's token."""

COOKIE_DAYS = 30
"""How long a browser keeps its token."""

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a token looks like; a cookie of any other shape is ignored unread."""
