"""The class game service's protocol version and size limits, shared by :mod:`.protocol` and :mod:`.schema`."""

from __future__ import annotations

__all__ = ["MAX_BODY_BYTES", "MAX_TURN_CHARS", "MAX_TURN_LIMIT", "PROTOCOL_VERSION"]

#: Version of this wire format; a request with another ``protocol`` is refused (``malformed``).
PROTOCOL_VERSION = 1

#: Largest request body the service reads, in bytes (larger ones: 413, code ``too_large``).
MAX_BODY_BYTES = 16 * 1024

#: Longest turn notation accepted, in characters (the longest legal turn is far shorter).
MAX_TURN_CHARS = 80

#: Largest turn limit a seek may ask for.
MAX_TURN_LIMIT = 500
