"""Matching names the way people type them (NFKC, case, spaces, look-alike dashes)."""
from __future__ import annotations

import functools
import re
import unicodedata

# Look-alikes judges mix up: wave dash, full-width tilde, tilde; dashes; middle dots.
_FOLD = str.maketrans({
    "〜": "~", "～": "~", "\u301c": "~", "\u02dc": "~",
    "―": "-", "‐": "-", "–": "-", "—": "-", "−": "-", "ー": "ー",
    "・": "･", "’": "'", "‘": "'", "“": '"', "”": '"',
})
_SPACE = re.compile(r"\s+")


@functools.lru_cache(maxsize=8192)
def norm(text) -> str:
    """The comparison key of a name: NFKC, look-alikes folded, case and spaces ignored."""
    s = unicodedata.normalize("NFKC", str(text)).translate(_FOLD)
    return _SPACE.sub("", s).casefold()
