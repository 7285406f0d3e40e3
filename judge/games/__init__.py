"""The registry of games: each game is a folder (docs/architecture.md).

* A game with an engine is a package with a `ruleset.py` whose package exposes `RULESET`, an object
  of the protocol judge.core.ruleset.Ruleset. `ruleset(name)` finds one by its name.
* The games of this package are found on disk (judge/games/<game>/ruleset.py). A game kept
  elsewhere (a test game, a designer's own) is registered with the environment variable
  JUDGE_GAMES: `name=folder` entries separated by the path separator (`:`).
* A game's rule documents come before its ruleset: `rule_documents(name)` finds the rule indexes of
  any game folder with a rules package (judge/games/<game>/rules exposing DOCUMENTS, a
  `judge.core.ruleindex.RuleDocuments`), whether or not the game has an engine yet.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path

from ..core.errors import InputError, closest

HERE = Path(__file__).parent
ENV = "JUDGE_GAMES"


def _external() -> dict[str, Path]:
    """Games registered by JUDGE_GAMES: name -> folder."""
    out = {}
    for entry in filter(None, os.environ.get(ENV, "").split(os.pathsep)):
        name, sep, folder = entry.partition("=")
        if not sep or not name.strip() or not (Path(folder) / "__init__.py").is_file():
            raise InputError(f"{ENV}: '{entry}' is not name=FOLDER of a game package",
                             expected="name=/path/to/game (a folder with __init__.py exposing RULESET)")
        out[name.strip()] = Path(folder).resolve()
    return out


def built_in() -> tuple[str, ...]:
    """The games of judge/games with an engine, by name."""
    # Looked up on disk: importing every game's package to ask would load its engine.
    return tuple(sorted(p.parent.name for p in HERE.glob("*/ruleset.py")))


def games() -> tuple[str, ...]:
    """Every registered game with an engine, by name."""
    return tuple(sorted(set(built_in()) | set(_external())))


def ruleset(name: str):
    """The ruleset of a game (the `RULESET` of its package)."""
    external = _external()
    if name in external:
        return _load_folder(name, external[name]).RULESET
    known = games()
    if name not in known:
        raise InputError(f"unknown game '{name}'", expected="one of: " + ", ".join(known),
                         suggestions=closest(name, known))
    return importlib.import_module(f"{__name__}.{name}").RULESET


DEFAULT_ENV = "JUDGE_GAME"


def default_game(given: str | None = None, *, among=None, fits=None, what: str = "") -> str:
    """The game a command is about: the one given; else the game named by the environment variable
    JUDGE_GAME (a standing --game); else the one game that fits what the command was given (`fits`:
    a test of a game's name, e.g. "its card database has this number"; `among`: the games to try,
    by default those of judge/games, then every registered one); an InputError naming the
    candidates otherwise."""
    if given:
        return given
    standing = os.environ.get(DEFAULT_ENV, "").strip()
    known = tuple(among) if among is not None else games()
    if standing:
        if standing not in known:
            raise InputError(f"{DEFAULT_ENV}: unknown game '{standing}'", expected="one of: " + ", ".join(known),
                             suggestions=closest(standing, known))
        return standing
    tiers = [known] if among is not None else [built_in(), known]
    for tier in tiers:
        found = [g for g in tier if fits is None or fits(g)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            head = f"{what} is in several games" if what else "several games are registered"
            raise InputError(f"{head}: say which with --game (or JUDGE_GAME=NAME)", expected="one of: " + ", ".join(found))
    raise InputError(f"no game has {what or 'this'}", expected="--game with one of: " + ", ".join(known))


def game_folder(name: str) -> Path:
    """The folder of a registered game (its schemas/, waivers/, ...), found without importing it."""
    external = _external()
    if name in external:
        return external[name]
    if name not in games():
        ruleset(name)                    # the InputError naming the known games
    return HERE / name


def _load_folder(name: str, folder: Path):
    """A game package outside judge/games, imported once under judge_game_<name>."""
    module_name = f"judge_game_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def games_with_rules() -> tuple[str, ...]:
    """The game folders that have a rules package, by name."""
    return tuple(sorted({p.parent.parent.name for p in HERE.glob("*/rules/__init__.py")} | set(_external())))


def rule_documents(name: str):
    """The rule documents of a game: the rule index of each version, the maps between them."""
    known = games_with_rules()
    if name not in known:
        raise InputError(f"no rule index for game '{name}'", expected="one of: " + ", ".join(known),
                         suggestions=closest(name, known))
    external = _external()
    if name in external:
        return ruleset(name).documents
    return importlib.import_module(f"{__name__}.{name}.rules").DOCUMENTS
