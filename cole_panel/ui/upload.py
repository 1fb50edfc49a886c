"""A file chooser that refuses a file over the size limit in the browser, before sending it.

Panel's ``FileInput`` sends any file whole (a file over the websocket's message limit kills the
session) and does nothing when the same file is chosen twice.  :class:`FileChooser` checks the
size in the browser, sends only files that fit, and clears itself after each choice so the same
file can be chosen again.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from typing import Any

import param

from ..core.untrusted import MAX_FILE_BYTES
from .components import BundledComponent

_ESM = """
export function render({ model, el }) {
  const input = document.createElement("input")
  input.type = "file"
  input.accept = model.accept
  input.setAttribute("aria-label", model.label)
  input.style.maxWidth = "100%"
  input.addEventListener("change", async () => {
    const file = input.files[0]
    if (!file) return
    try {
      if (file.size > model.max_bytes) {
        model.send_msg({name: file.name, size: file.size})
        return
      }
      const bytes = new Uint8Array(await file.arrayBuffer())
      let text = ""
      for (let i = 0; i < bytes.length; i += 0x8000) {
        text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000))
      }
      model.send_msg({name: file.name, size: file.size, data: btoa(text)})
    } finally {
      input.value = ""  // choosing the same file again is a new choice
    }
  })
  el.appendChild(input)
}
"""


class FileChooser(BundledComponent):
    """A file input whose choices go to ``on_file(name, bytes or None, size)``.

    ``bytes`` is None when the browser refused the file for being over :attr:`max_bytes`
    (it was not sent; ``size`` is then over the limit) or when what came was not a file's
    bytes (``size`` 0).  A hostile page could send more: the server checks the size again.
    """

    accept = param.String(default=".json,application/json", doc="File types offered.")
    label = param.String(default="Choose a file to load", doc="What a screen reader says.")
    max_bytes = param.Integer(
        default=MAX_FILE_BYTES, bounds=(1, 10 * MAX_FILE_BYTES), doc="Largest file sent."
    )

    _esm = _ESM

    def __init__(self, on_file: Callable[[str, bytes | None, int], None], **params: Any):
        super().__init__(**params)
        # a plain attribute: a parameter would be sent to the browser, and a function cannot be
        self._deliver = on_file

    def _handle_msg(self, msg: Any) -> None:
        if not isinstance(msg, dict):
            return
        name = msg.get("name")
        name = name[:200] if isinstance(name, str) and name else "the file"
        size = msg.get("size")
        size = size if type(size) is int and size >= 0 else MAX_FILE_BYTES + 1
        data = msg.get("data")
        payload = None
        if isinstance(data, str) and len(data) <= (self.max_bytes + 2) // 3 * 4:
            try:
                payload = base64.b64decode(data, validate=True)
            except (binascii.Error, ValueError):
                payload, size = None, 0  # not the file's bytes: damaged, not too large
            else:
                size = len(payload)
        elif isinstance(data, str):
            size = len(data) // 4 * 3
        self._deliver(name, payload, size)
