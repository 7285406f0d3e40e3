"""Compiled engine modules, used only while they match their sources.

`make` compiles the modules that run during play (the kernel and each game's engine) with Cython
(tools/compile_engine.py) into judge/_compiled/, apart from the sources, with a manifest of each
source's SHA-256. At import, a compiled module is loaded instead of its source only if the
source's hash is the one it was compiled from; an edited source (or a missing, or another
Python's, build) is imported as plain Python. A compiled module can therefore never run old
rules: at worst judge runs slower until `make` compiles it again.

JUDGE_PURE=1 in the environment turns the compiled modules off (to debug, or to compare).
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
COMPILED_DIR = PACKAGE_DIR / "_compiled"
MANIFEST = COMPILED_DIR / "manifest.json"

# The modules compiled: those that run in every game. Package __init__ files stay Python (a
# package must be a folder), as do modules that find their data files next to their source and
# those that only load, build, render (layout.py: the ruling pages) or replay scenarios, or declare the
# effect language (terms.py).
COMPILED_GLOBS = ("core/*.py", "games/*/*.py", "games/*/effects/*.py")
KEEP_PYTHON = frozenset(("__init__.py", "errors.py", "ruleindex.py", "rulemap.py", "rulebuild.py", "cards.py",
                         "decks.py", "board.py", "boardcheck.py", "ruleset.py", "refs.py", "render.py", "replay.py",
                         "dump.py", "recorder.py", "cardtext.py", "terms.py", "layout.py"))


def module_sources() -> dict[str, Path]:
    """Module name -> source file, for every module that `make` compiles."""
    out = {}
    for pattern in COMPILED_GLOBS:
        for path in sorted(PACKAGE_DIR.glob(pattern)):
            if path.name not in KEEP_PYTHON:
                rel = path.relative_to(PACKAGE_DIR.parent).with_suffix("")
                out[".".join(rel.parts)] = path
    return out


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_path(name: str) -> Path:
    """Where the compiled module `name` lies (a folder per package: names repeat across packages)."""
    *package, last = name.split(".")
    return COMPILED_DIR.joinpath(*package, last + importlib.machinery.EXTENSION_SUFFIXES[0])


class CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled module for an engine module whose source is unchanged since `make`
    compiled it; for anything else it finds nothing and Python imports the source as usual."""

    def __init__(self, manifest: dict[str, str]):
        self.manifest = manifest
        self.loaded: list[str] = []
        self.stale: list[str] = []

    def find_spec(self, fullname, path=None, target=None):
        digest = self.manifest.get(fullname)
        if digest is None:
            return None
        so = compiled_path(fullname)
        source = PACKAGE_DIR.parent.joinpath(*fullname.split(".")).with_suffix(".py")
        try:
            fresh = so.is_file() and source_hash(source) == digest
        except OSError:
            fresh = False
        if not fresh:
            self.stale.append(fullname)
            return None
        self.loaded.append(fullname)
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(so))
        return importlib.util.spec_from_file_location(fullname, so, loader=loader)


def _read_manifest() -> dict[str, str]:
    try:
        data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if data.get("python") != sys.implementation.cache_tag:
        return {}                      # built by another Python: its modules would not load
    return data.get("modules", {})


def install() -> CompiledFinder | None:
    """Put the finder first on sys.meta_path (once), unless JUDGE_PURE is set or nothing is built."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder):
            return finder
    if os.environ.get("JUDGE_PURE"):
        return None
    manifest = _read_manifest()
    if not manifest:
        return None
    finder = CompiledFinder(manifest)
    sys.meta_path.insert(0, finder)
    return finder


def status() -> dict:
    """Which engine modules run compiled in this process (for `judge bench` and `judge selfplay --json`)."""
    finder = next((f for f in sys.meta_path if isinstance(f, CompiledFinder)), None)
    total = len(module_sources())
    if finder is None:
        reason = "JUDGE_PURE is set" if os.environ.get("JUDGE_PURE") else "not built (run make)"
        return {"compiled": 0, "modules": total, "stale": [], "note": reason}
    return {"compiled": len(set(finder.loaded)), "modules": total, "stale": sorted(set(finder.stale)),
            "note": "" if not finder.stale else "edited since compiled: run make to compile them again"}
