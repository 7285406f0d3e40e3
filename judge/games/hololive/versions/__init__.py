"""Rules versions of hololive: 1.9.0 is the engine itself; an older version is a small subclass
that overrides named hooks and maps citations to its own numbering (no copy of the engine)."""
from __future__ import annotations

from ..engine import HololiveGame
from .v130 import Hololive130

GAME_CLASSES = {"1.9.0": HololiveGame, "1.3.0": Hololive130}
