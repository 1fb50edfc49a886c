"""Serve: what ``python -m cole_panel.serve`` needs of tornado and Bokeh's server.

- :class:`StaticGzip`: tornado's gzip transform (``GZipContentEncoding``, given to
  ``tornado.web.Application(transforms=...)``) that compresses each static file once per
  process.  It reads nothing private of tornado: whether the client takes gzip is read off the
  request, and whether tornado compressed an answer off the answer's ``Content-Encoding``.
- :data:`PANEL_STATIC`: the address Panel's own files are served at.
"""

from __future__ import annotations

from tornado.httputil import HTTPHeaders, HTTPServerRequest
from tornado.web import GZipContentEncoding

__all__ = ["PANEL_STATIC", "STATIC_CACHE_BYTES", "StaticGzip", "vary"]

PANEL_STATIC = "static/extensions/panel/"
"""Where a Bokeh server (``panel serve``, and Panel's Jupyter server extension under its own
root) serves Panel's files: the address a browser asks for them at."""

STATIC_CACHE_BYTES = 16 * 2**20
"""At most this many bytes of compressed static files are kept (all of ours take ~2 MB)."""

_STATIC = "/static/"


def vary(headers: HTTPHeaders) -> str:
    """The ``Vary`` header of an answer that depends on ``Accept-Encoding`` too."""
    known = headers.get("Vary")
    return f"{known}, Accept-Encoding" if known else "Accept-Encoding"


class StaticGzip(GZipContentEncoding):
    """Tornado's gzip transform that compresses each static file once per process.

    A ``GET`` of a file under ``static/`` answered ``200`` with an ETag (a hash of the
    file's content) is kept compressed, keyed by address and ETag, and later answers send the
    kept bytes.  Every other response is compressed as it is sent.  Only a file tornado chose
    to compress (its type compressible, its length enough) is kept, so a kept file needs no
    new look at its type.
    """

    cache: dict[tuple[str, str], bytes] = {}
    """(address, ETag) -> the file's gzip body, shared by every request of the process."""

    def __init__(self, request: HTTPServerRequest) -> None:
        super().__init__(request)
        static = request.method == "GET" and _STATIC in request.path  # also under --prefix
        self._uri = request.uri if static else None
        self._takes_gzip = "gzip" in request.headers.get("Accept-Encoding", "")
        self._key: tuple[str, str] | None = None
        self._parts: list[bytes] | None = None
        self._sent_cached = False

    def transform_first_chunk(
        self, status_code: int, headers: HTTPHeaders, chunk: bytes, finishing: bool
    ) -> tuple[int, HTTPHeaders, bytes]:
        etag = headers.get("Etag")
        encoded = "Content-Encoding" in headers
        if self._uri is not None and status_code == 200 and etag and self._takes_gzip:
            self._key = (self._uri, etag)
            kept = self.cache.get(self._key)
            if kept is not None and not encoded:
                headers["Vary"] = vary(headers)
                headers["Content-Encoding"] = "gzip"
                headers["Content-Length"] = str(len(kept))
                self._sent_cached = True
                return status_code, headers, kept
            self._parts = []
        status_code, headers, chunk = super().transform_first_chunk(
            status_code, headers, chunk, finishing
        )
        if encoded or headers.get("Content-Encoding") != "gzip":  # tornado did not compress
            self._parts = None
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._sent_cached:
            return b""
        return self._keep(super().transform_chunk(chunk, finishing), finishing)

    def _keep(self, compressed: bytes, finishing: bool) -> bytes:
        """Collect a static file's compressed parts; keep the whole once it is sent."""
        if self._parts is not None and self._key is not None:
            self._parts.append(compressed)
            if finishing:
                body = b"".join(self._parts)
                if sum(map(len, self.cache.values())) + len(body) <= STATIC_CACHE_BYTES:
                    self.cache[self._key] = body
                self._parts = None
        return compressed
