"""What was checked once need not be checked again: digests of inputs that passed a check, kept in
the user's cache folder (JUDGE_CACHE, else $XDG_CACHE_HOME/judge, else ~/.cache/judge).

A digest covers the input's exact bytes and the exact bytes of everything the check depends on (its
schema, its code), so an edit to either is checked again; a cache that cannot be read or written is
no cache (the check runs)."""
from __future__ import annotations

import hashlib
import json
import marshal
import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    if os.environ.get("JUDGE_CACHE"):
        return Path(os.environ["JUDGE_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "judge"


class Validated:
    """The digests of inputs that passed one named check, given the files the check depends on."""

    def __init__(self, name: str, depends_on: list[Path]):
        h = hashlib.sha256()
        for path in depends_on:
            h.update(path.read_bytes())
        self.salt = h.hexdigest()
        self.path = cache_dir() / f"{name}.json"
        self.added = False
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self.digests = set(data["digests"]) if data.get("salt") == self.salt else set()
        except (OSError, ValueError, KeyError, TypeError):
            self.digests = set()

    def _digest(self, data: bytes) -> str:
        return hashlib.sha256(self.salt.encode() + data).hexdigest()

    def holds(self, data: bytes) -> bool:
        return self._digest(data) in self.digests

    def add(self, data: bytes) -> None:
        self.digests.add(self._digest(data))
        self.added = True

    # The parsed data of an input that passed, kept beside the digests (marshal: plain values only),
    # so that a file read again is neither checked nor parsed again.
    def _kept(self, data: bytes) -> Path:
        return self.path.with_suffix("") / (self._digest(data) + ".marshal")

    def parsed(self, data: bytes):
        """The data kept for this input by `keep`, or None."""
        try:
            return marshal.loads(self._kept(data).read_bytes())
        except (OSError, ValueError, EOFError, TypeError):
            return None

    def keep(self, data: bytes, value) -> None:
        try:
            blob = marshal.dumps(value)
            path = self._kept(data)
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                fh.write(blob)
            os.replace(tmp, path)
        except (OSError, ValueError):
            pass

    def save(self) -> None:
        if not self.added:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({"salt": self.salt, "digests": sorted(self.digests)}, fh)
            os.replace(tmp, self.path)          # a reader sees the old file or the new, never half
        except OSError:
            pass
