"""The step library's registry: step definitions with English and Japanese templates.

A step definition is a function ``func(ctx, **params)`` that adds to the
scenario being built (``ctx.b``, a :class:`judge.bdd.builder.Builder`), and
templates in each language::

    @given("{player}'s oshi is {card}", ja="{player}の推しホロメンは{card}",
           doc="the player's oshi holomem card")
    def oshi(ctx, player, card): ...

Template syntax: ``{name}`` is a parameter whose type is the type of that
name (judge/bdd/types.py), ``{name:type}`` names its type; ``(a|b)`` is one of
the words; ``[words]`` may be left out. English literal text matches without
regard to case, "centre" also matches "center", and a sentence may end with a
full stop; Japanese text may put spaces around parameters and end with
「である」「です」 and 「。」. A trailing ``:`` (before a doc string or a table)
may be left out.

The same compiled regular expressions and converters serve pytest-bdd
(judge/bdd/pytest_glue.py) and the loader that runs features without pytest
(judge/bdd/load.py), so a step reads the same in both.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..core.errors import InputError, closest
from .types import ParamType, type_named

STEP_TYPES = ("given", "when", "then")


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


@dataclass
class StepDef:
    type: str
    func: Callable
    templates: list[Template]
    doc: str
    argument: str | None = None        # "docstring", "table" or "docstring or table"
    domain: str = ""
    key: str = ""

    def by_lang(self, lang: str) -> list[Template]:
        return [t for t in self.templates if t.lang == lang]


REGISTRY: list[StepDef] = []

_TOKEN = re.compile(r"\{(\w+)(?::(\w+))?\}|\(([^()]*\|[^()]*)\)|\[([^\[\]]*)\]")


def _literal(text: str, lang: str) -> str:
    if not text:
        return ""
    if lang == "ja":
        # Spaces are optional, and judges may put one between Latin and Japanese text ("Bloom した").
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
    out = re.sub(r"centre", "cent(?:re|er)", out)
    return f"(?i:{out})"


def compile_template(text: str, lang: str) -> Template:
    """A template -> the regular expression that matches a whole step text."""
    body = text.rstrip()
    colon = body.endswith(":")
    if colon:
        body = body[:-1].rstrip()
    params: dict[str, ParamType] = {}
    out, pos = [], 0
    for m in _TOKEN.finditer(body):
        out.append(_literal(body[pos:m.start()], lang))
        name, tname, alt, opt = m.groups()
        if name:
            if name in params:
                raise ValueError(f"template {text!r}: parameter {name} twice")
            ptype = type_named(tname or name)
            params[name] = ptype
            group = f"(?P<{name}>{ptype.pattern})"
            out.append(rf"\s*{group}\s*" if lang == "ja" else group)
        elif alt:
            out.append("(?:" + "|".join(_literal(a, lang) for a in alt.split("|")) + ")")
        else:
            out.append("(?:" + _literal(opt, lang) + ")?")
        pos = m.end()
    out.append(_literal(body[pos:], lang))
    rx = "".join(out)
    if colon:
        rx += r"\s*[:：]?"
    rx += r"(?:\s*(?:である|です))?\s*[。.]?" if lang == "ja" else r"\s*\.?"
    return Template(lang, text, re.compile(rx), params)


def _register(type_, en, ja, doc, argument):
    en = [en] if isinstance(en, str) else list(en)
    ja = [ja] if isinstance(ja, str) else list(ja)

    def decorator(func):
        module = func.__module__.rsplit(".", 1)[-1]
        templates = [compile_template(t, "en") for t in en] + [compile_template(t, "ja") for t in ja]
        REGISTRY.append(StepDef(type_, func, templates, doc or (func.__doc__ or "").strip(),
                                argument, module, f"{module}.{func.__name__}"))
        return func
    return decorator


def given(en, *, ja=(), doc="", argument=None):
    """A step that states the board (or the scenario's cards, seed, dice)."""
    return _register("given", en, ja, doc, argument)


def when(en, *, ja=(), doc="", argument=None):
    """A step that adds an action, a decision's answer or a die result."""
    return _register("when", en, ja, doc, argument)


def then(en, *, ja=(), doc="", argument=None):
    """A step that adds a check (at the end: `then`; between actions: `expect`)."""
    return _register("then", en, ja, doc, argument)


def register_generated(type_, func, en, ja, doc, argument=None, key=""):
    """For step definitions made in a loop (one per action kind)."""
    templates = [compile_template(t, "en") for t in en] + [compile_template(t, "ja") for t in ja]
    module = func.__module__.rsplit(".", 1)[-1]
    REGISTRY.append(StepDef(type_, func, templates, doc, argument, module, key or f"{module}.{func.__name__}"))


def load_library() -> list[StepDef]:
    """Import every step module (once) and return the registry."""
    from . import steps_actions, steps_board, steps_cards, steps_checks  # noqa: F401
    return REGISTRY


def example_text(t: Template) -> str:
    """The template with an example in place of each parameter (to find the closest steps)."""
    def fill(m):
        name, tname, alt, opt = m.groups()
        if name:
            ex = type_named(tname or name).examples
            ja = [e for e in ex if not e.isascii()]
            return (ja[0] if t.lang == "ja" and ja else ex[0]) if ex else name
        if alt:
            return alt.split("|")[0]
        return opt
    return _TOKEN.sub(fill, t.text).rstrip(":")


@dataclass
class Match:
    step: StepDef
    template: Template
    params: dict = field(default_factory=dict)


def match_step(type_: str, text: str) -> list[Match]:
    """Every step definition of that type matching the text (one template per definition)."""
    found = []
    for sd in load_library():
        if sd.type != type_:
            continue
        for tpl in sd.templates:
            m = tpl.regex.fullmatch(text)
            if m:
                found.append(Match(sd, tpl, tpl.convert(m)))
                break
    return found


def find_step(type_: str, text: str, *, file=None, line=None) -> Match:
    """The one step definition for a step; an InputError naming the closest steps otherwise."""
    found = match_step(type_, text)
    if len(found) == 1:
        return found[0]
    if not found:
        others = [t for t in STEP_TYPES if t != type_ and match_step(t, text)]
        hint = (f" (it is a {others[0]} step: write it after "
                f"{ {'given': 'Given/前提', 'when': 'When/もし', 'then': 'Then/ならば'}[others[0]] })"
                if others else "")
        examples = {}
        for sd in load_library():
            if sd.type == type_:
                for t in sd.templates:
                    examples.setdefault(example_text(t), t.text)
        raise InputError(f"no {type_} step reads {text!r}{hint}", file=file, line=line,
                         expected="a step of the step library (docs/gherkin-steps.md)",
                         suggestions=list(dict.fromkeys(examples[e] for e in closest(text, examples))))
    raise InputError(f"the {type_} step {text!r} is ambiguous: it reads as "
                     + " and as ".join(repr(m.template.text) for m in found), file=file, line=line)
