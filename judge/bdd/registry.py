"""The step libraries: step definitions with English and Japanese templates, one library per game.

A step definition is a function ``func(ctx, **params)`` that adds to the
scenario being built (``ctx.b``, a :class:`judge.bdd.builder.Builder`), and
templates in each language::

    @then("{player} wins the game", ja="{player}の勝利", doc="the player has won")
    def winner(ctx, player): ...

Template syntax: ``{name}`` is a parameter whose type is the type of that
name (judge/bdd/types.py, or the game's), ``{name:type}`` names its type;
``(a|b)`` is one of the words; ``[words]`` may be left out. English literal
text matches without regard to case (and in the spellings the game accepts),
and a sentence may end with a full stop; Japanese text may put spaces around
parameters and end with 「である」「です」 and 「。」. A trailing ``:`` (before a doc
string or a table) may be left out.

A game's library (`load_library(game)`) is the neutral steps (NEUTRAL_MODULES)
and the modules its ruleset names in ``step_modules``, compiled with the
neutral parameter types and the game's. A step module may define
``STEP_VOCABULARY``, a :class:`StepVocabulary`: the game's parameter types
(which add to or replace the neutral ones in that game's library), spellings,
log columns, the list keys of its card records and its checks of a whole
scenario. Two games never see each other's steps, so their step texts may
overlap.

The same compiled regular expressions and converters serve pytest-bdd
(judge/bdd/pytest_glue.py) and the loader that runs features without pytest
(judge/bdd/load.py), so a step reads the same in both.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from typing import Callable

from ..core.errors import InputError, closest
from .types import TYPES, ParamType

STEP_TYPES = ("given", "when", "then")
KEYWORDS = {"given": "Given/前提", "when": "When/もし", "then": "Then/ならば"}
NEUTRAL_MODULES = ("judge.bdd.steps_board", "judge.bdd.steps_cards", "judge.bdd.steps_actions",
                   "judge.bdd.steps_checks")


@dataclass(frozen=True)
class StepVocabulary:
    """What a game's step modules add to the neutral library besides steps."""

    types: tuple[ParamType, ...] = ()          # parameter types (replacing neutral ones of that name)
    spellings: dict = field(default_factory=dict)   # English word -> every spelling a step accepts
    log_columns: dict = field(default_factory=dict)  # table header (as written) -> event field
    card_list_keys: tuple[str, ...] = ()        # card record keys whose value is a list
    scenario_checks: tuple[Callable, ...] = ()  # check(builder): what the text says that the model cannot carry

    def merged(self, other: "StepVocabulary") -> "StepVocabulary":
        return StepVocabulary(self.types + other.types, {**self.spellings, **other.spellings},
                          {**self.log_columns, **other.log_columns},
                          self.card_list_keys + other.card_list_keys,
                          self.scenario_checks + other.scenario_checks)


@dataclass
class Template:
    lang: str
    text: str
    regex: re.Pattern
    params: dict[str, ParamType]

    def converters(self) -> dict[str, Callable]:
        return {name: t.convert for name, t in self.params.items()}

    def convert(self, match: re.Match) -> dict:
        out = {}
        for name, t in self.params.items():
            raw = match.group(name)
            try:
                out[name] = t.convert(raw)
            except (KeyError, ValueError) as e:
                raise InputError(f"cannot read {name} {raw!r}: {e}") from None
        return out


@dataclass(frozen=True)
class StepSpec:
    """A step definition as its module registers it: templates not yet compiled (a game's types
    give their parameters' patterns)."""

    type: str
    func: Callable
    en: tuple[str, ...]
    ja: tuple[str, ...]
    doc: str
    argument: str | None            # "docstring", "table" or "docstring or table"
    module: str
    key: str


@dataclass
class StepDef:
    type: str
    func: Callable
    templates: list[Template]
    doc: str
    argument: str | None = None
    module: str = ""
    key: str = ""

    def by_lang(self, lang: str) -> list[Template]:
        return [t for t in self.templates if t.lang == lang]


_SPECS: dict[str, list[StepSpec]] = {}        # module name -> its steps, in order

_TOKEN = re.compile(r"\{(\w+)(?::(\w+))?\}|\(([^()]*\|[^()]*)\)|\[([^\[\]]*)\]")


# ------------------------------------------------------------ registering
def _add(type_, func, en, ja, doc, argument, key=""):
    en = (en,) if isinstance(en, str) else tuple(en)
    ja = (ja,) if isinstance(ja, str) else tuple(ja)
    module = func.__module__
    _SPECS.setdefault(module, []).append(
        StepSpec(type_, func, en, ja, doc or (func.__doc__ or "").strip(), argument, module,
                 key or f"{module}.{func.__name__}"))


def _decorator(type_, en, ja, doc, argument):
    def decorator(func):
        _add(type_, func, en, ja, doc, argument)
        return func
    return decorator


def given(en, *, ja=(), doc="", argument=None):
    """A step that states the board (or the scenario's cards, seed, dice)."""
    return _decorator("given", en, ja, doc, argument)


def when(en, *, ja=(), doc="", argument=None):
    """A step that adds an action, a decision's answer or a die result."""
    return _decorator("when", en, ja, doc, argument)


def then(en, *, ja=(), doc="", argument=None):
    """A step that adds a check (at the end: `then`; between actions: `expect`)."""
    return _decorator("then", en, ja, doc, argument)


def register_generated(type_, func, en, ja, doc, argument=None, key=""):
    """For step definitions made in a loop (one per action kind): `func.__module__` says whose."""
    _add(type_, func, en, ja, doc, argument, key)


# -------------------------------------------------------------- compiling
def _literal(text: str, lang: str, spellings: dict) -> str:
    if not text:
        return ""
    if lang == "ja":
        # Spaces are optional, and judges may put one between Latin and Japanese text ("Step する").
        out, prev = [], ""
        for ch in text:
            if ch == " ":
                out.append(r"\s*")
            else:
                if prev and prev != " " and prev.isascii() != ch.isascii():
                    out.append(r"\s*")
                out.append(re.escape(ch))
            prev = ch
        return "".join(out)
    out = re.escape(text)
    out = out.replace(r"\ ", r"\s+").replace("'", "['’]")
    for word, accepted in spellings.items():
        out = out.replace(re.escape(word), "(?:" + "|".join(map(re.escape, accepted)) + ")")
    return f"(?i:{out})"


def compile_template(text: str, lang: str, types: dict[str, ParamType] = TYPES,
                     spellings: dict | None = None) -> Template:
    """A template -> the regular expression that matches a whole step text."""
    spellings = spellings or {}
    body = text.rstrip()
    colon = body.endswith(":")
    if colon:
        body = body[:-1].rstrip()
    params: dict[str, ParamType] = {}
    out, pos = [], 0
    for m in _TOKEN.finditer(body):
        out.append(_literal(body[pos:m.start()], lang, spellings))
        name, tname, alt, opt = m.groups()
        if name:
            if name in params:
                raise ValueError(f"template {text!r}: parameter {name} twice")
            ptype = _type_named(types, tname or name, text)
            params[name] = ptype
            group = f"(?P<{name}>{ptype.pattern})"
            out.append(rf"\s*{group}\s*" if lang == "ja" else group)
        elif alt:
            out.append("(?:" + "|".join(_literal(a, lang, spellings) for a in alt.split("|")) + ")")
        else:
            out.append("(?:" + _literal(opt, lang, spellings) + ")?")
        pos = m.end()
    out.append(_literal(body[pos:], lang, spellings))
    rx = "".join(out)
    if colon:
        rx += r"\s*[:：]?"
    rx += r"(?:\s*(?:である|です))?\s*[。.]?" if lang == "ja" else r"\s*\.?"
    return Template(lang, text, re.compile(rx), params)


def _type_named(types: dict[str, ParamType], name: str, text: str) -> ParamType:
    try:
        return types[name]
    except KeyError:
        raise KeyError(f"template {text!r}: no step parameter type '{name}'; known: {', '.join(types)}") from None


# --------------------------------------------------------------- libraries
@dataclass(frozen=True)
class Match:
    step: StepDef
    template: Template
    params: dict = field(default_factory=dict)


class Library:
    """One game's steps: the neutral ones and the game's, compiled with the game's types."""

    def __init__(self, game: str, modules: tuple[str, ...]):
        self.game, self.modules = game, modules
        loaded = [_import(game, m) for m in modules]
        vocabulary = StepVocabulary()
        for v in {id(v): v for m in loaded if (v := getattr(m, "STEP_VOCABULARY", None))}.values():
            vocabulary = vocabulary.merged(v)
        self.vocabulary = vocabulary
        self.types: dict[str, ParamType] = {**TYPES, **{t.name: t for t in vocabulary.types}}
        self.steps: list[StepDef] = [self._compile(spec) for m in modules for spec in _SPECS.get(m, ())]

    def _compile(self, spec: StepSpec) -> StepDef:
        templates = [compile_template(t, lang, self.types, self.vocabulary.spellings)
                     for lang, texts in (("en", spec.en), ("ja", spec.ja)) for t in texts]
        return StepDef(spec.type, spec.func, templates, spec.doc, spec.argument, spec.module, spec.key)

    def __iter__(self):
        return iter(self.steps)

    def __contains__(self, sd) -> bool:
        return any(sd is s for s in self.steps)

    def match(self, type_: str, text: str) -> list[Match]:
        """Every step definition of that type matching the text (one template per definition)."""
        found = []
        for sd in self.steps:
            if sd.type != type_:
                continue
            for tpl in sd.templates:
                m = tpl.regex.fullmatch(text)
                if m:
                    found.append(Match(sd, tpl, tpl.convert(m)))
                    break
        return found

    def find(self, type_: str, text: str, *, file=None, line=None) -> Match:
        """The one step definition for a step; an InputError naming the closest steps otherwise."""
        found = self.match(type_, text)
        if len(found) == 1:
            return found[0]
        if not found:
            raise InputError(f"no {type_} step reads {text!r}{self._other_type(type_, text)}",
                             file=file, line=line,
                             expected=f"a step of the step library of {self.game} (docs/gherkin-steps.md)",
                             suggestions=self._closest(type_, text))
        raise InputError(f"the {type_} step {text!r} is ambiguous: it reads as "
                         + " and as ".join(repr(m.template.text) for m in found), file=file, line=line)

    def _other_type(self, type_: str, text: str) -> str:
        """A hint when the step is one of another kind (a check written after Given)."""
        others = [t for t in STEP_TYPES if t != type_ and self.match(t, text)]
        return f" (it is a {others[0]} step: write it after {KEYWORDS[others[0]]})" if others else ""

    def _closest(self, type_: str, text: str) -> list[str]:
        examples = {}
        for sd in self.steps:
            if sd.type == type_:
                for t in sd.templates:
                    examples.setdefault(example_text(t), t.text)
        return list(dict.fromkeys(examples[e] for e in closest(text, examples)))


def _import(game: str, module: str):
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and module.startswith(e.name):       # the step module itself, not one it imports
            raise InputError(f"the step module {module} of {game} does not exist",
                             expected="a module named in the ruleset's step_modules, importable as named") from None
        raise


_LIBRARIES: dict[tuple, Library] = {}


def load_library(game: str) -> Library:
    """The step library of a game (built once): the neutral steps and the game's `step_modules`."""
    from ..games import ruleset
    modules = NEUTRAL_MODULES + tuple(getattr(ruleset(game), "step_modules", ()))
    key = (game, modules)
    if key not in _LIBRARIES:
        _LIBRARIES[key] = Library(game, modules)
    return _LIBRARIES[key]


def match_step(game: str, type_: str, text: str) -> list[Match]:
    """Every step definition of the game's library of that type matching the text."""
    return load_library(game).match(type_, text)


def find_step(game: str, type_: str, text: str, *, file=None, line=None) -> Match:
    """The one step definition of the game's library for a step (an InputError otherwise)."""
    return load_library(game).find(type_, text, file=file, line=line)


def example_text(t: Template) -> str:
    """The template with an example in place of each parameter (to find the closest steps)."""
    def fill(m):
        name, _tname, alt, opt = m.groups()
        if name:
            ex = t.params[name].examples
            ja = [e for e in ex if not e.isascii()]
            return (ja[0] if t.lang == "ja" and ja else ex[0]) if ex else name
        if alt:
            return alt.split("|")[0]
        return opt
    return _TOKEN.sub(fill, t.text).rstrip(":")
