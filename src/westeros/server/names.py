"""Display names as people will see them: no control or format characters (NUL, terminal
escape sequences, bidirectional overrides, zero-width characters), whitespace collapsed,
Unicode NFC. A name with nothing visible left is refused."""

from __future__ import annotations

import re
import unicodedata

# Terminal escape sequences, removed whole (their printable tail would survive otherwise):
# CSI (ESC [ or the C1 byte 0x9b, parameters, final byte), OSC (ESC ] … BEL or ESC \) and
# the two-byte ESC sequences.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]?"
)
# Unicode categories dropped: control (Cc), format (Cf: bidi overrides and isolates,
# zero-width space and joiners, BOM, soft hyphen), surrogate (Cs), private use (Co),
# unassigned (Cn).
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn"}


class EmptyName(ValueError):
    """Nothing visible is left of a name."""


def clean_name(raw: str) -> str:
    """``raw`` without escapes and invisible characters, whitespace runs as one space, NFC;
    ``EmptyName`` when nothing visible is left."""
    text = _ESCAPES.sub("", raw)
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in _DROPPED
    )
    name = unicodedata.normalize("NFC", " ".join(kept.split()))
    if not name:
        raise EmptyName("a name needs at least one visible character")
    return name
