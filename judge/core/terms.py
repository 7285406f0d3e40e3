"""The terms of a game's effect language, each declared once.

A term is a word a card encoding may contain: an ability kind, a verb, a condition, a selector, a
card-filter key, a key of a record such as a skill. Its declaration says its name, the rule
numbers it implements, what it means, and what may be written after it (its argument, a type built
from the few below: numbers, words, lists, mappings of further terms).

A game's `Vocabulary` holds its named types. Everything that must agree with the engine comes from
it, so nothing can drift:

* the JSON Schema of card encodings (`schema_definitions`): cards are checked by jsonschema, whose
  errors judge.scenario.schema locates (file, line, path, expected, closest names);
* the reference tables of the documentation (`markdown`);
* the names a linter knows, and the engine's dispatch: a verb or condition implemented by a function
  is declared by a decorator on it (`Vocabulary.implements`), and run through its declaration.

No game words here: the game's module declares its own.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

NO_DEFAULT = object()


# --------------------------------------------------------------------------- types
class Type:
    """What may be written in one place of an encoding."""

    def schema(self, vocab: "Vocabulary") -> dict:
        raise NotImplementedError

    def text(self) -> str:
        """How the documentation writes it (`N`, `deck|archive`, `SELECTOR`)."""
        raise NotImplementedError

    def walk(self, value, vocab: "Vocabulary", path: tuple):
        """(path, type, value) of `value` read as this type, and of every part of it, the whole first.
        A union reads the value as each of its options: each only goes into values of its own shape."""
        yield path, self, value

    def variables(self, value, vocab: "Vocabulary", path: tuple = ()) -> list:
        """(path, word) wherever `value`, read as this type, writes a number as its variable (Int)."""
        found = {p: v for p, t, v in self.walk(value, vocab, path)
                 if isinstance(t, Int) and t.variable is not None and v == t.variable}
        return list(found.items())


@dataclass(frozen=True)
class Int(Type):
    """A whole number (a boolean is not one), optionally bounded. `variable`: a word that may stand
    for the number, chosen when the ability is played (its game says where it may be written)."""
    minimum: int | None = None
    maximum: int | None = None
    label: str = "N"
    variable: str | None = None

    def schema(self, vocab):
        out: dict = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.variable is not None:
            return {"anyOf": [out, {"type": "string", "const": self.variable}]}
        return out

    def text(self):
        return self.label



@dataclass(frozen=True)
class Bool(Type):
    def schema(self, vocab):
        return {"type": "boolean"}

    def text(self):
        return "true"


@dataclass(frozen=True)
class Nothing(Type):
    """null: a value not known yet, written as such."""

    def schema(self, vocab):
        return {"type": "null"}

    def text(self):
        return "null"


@dataclass(frozen=True)
class Text(Type):
    """A non-empty string (a name as printed)."""
    label: str = "TEXT"

    def schema(self, vocab):
        return {"type": "string", "minLength": 1}

    def text(self):
        return self.label


@dataclass(frozen=True)
class Enum(Type):
    """One of a few fixed words."""
    values: tuple

    def __init__(self, *values):
        object.__setattr__(self, "values", tuple(values))

    def schema(self, vocab):
        return {"type": "string", "enum": list(self.values)} if len(self.values) > 1 else \
            {"type": "string", "const": self.values[0]}

    def text(self):
        return "|".join(map(str, self.values))


@dataclass(frozen=True)
class ListOf(Type):
    item: Type
    min_items: int = 1

    def schema(self, vocab):
        out = {"type": "array", "items": self.item.schema(vocab)}
        if self.min_items:
            out["minItems"] = self.min_items
        return out

    def text(self):
        return f"[{self.item.text()}, ..]"

    def walk(self, value, vocab, path):
        yield path, self, value
        if isinstance(value, list):
            for i, x in enumerate(value):
                yield from self.item.walk(x, vocab, path + (i,))


@dataclass(frozen=True)
class OneOrList(Type):
    """One item, or a list of them (any of which will do)."""
    item: Type

    def schema(self, vocab):
        return {"anyOf": [self.item.schema(vocab), ListOf(self.item).schema(vocab)]}

    def text(self):
        return self.item.text()

    def walk(self, value, vocab, path):
        yield path, self, value
        yield from self.item.walk(value, vocab, path)
        yield from ListOf(self.item).walk(value, vocab, path)


@dataclass(frozen=True)
class Either(Type):
    options: tuple

    def __init__(self, *options):
        object.__setattr__(self, "options", tuple(options))

    def schema(self, vocab):
        return {"anyOf": [o.schema(vocab) for o in self.options]}

    def text(self):
        return "|".join(o.text() for o in self.options)

    def walk(self, value, vocab, path):
        yield path, self, value
        for option in self.options:
            yield from option.walk(value, vocab, path)


@dataclass(frozen=True)
class Shorthand(Type):
    """A mapping of keys, or a shorter way to write its main key: a mapping that has one of the keys of
    `full` is read as `full`, anything else as `short` (so an error is reported against the form the
    writer meant)."""
    short: Type
    full: "Family"

    def schema(self, vocab):
        keys = list(self.full.terms)
        return {"if": {"type": "object", "anyOf": [{"required": [k]} for k in keys]},
                "then": self.full.schema(vocab), "else": self.short.schema(vocab)}

    def text(self):
        return f"{self.short.text()}|{self.full.text()}"

    def walk(self, value, vocab, path):
        yield path, self, value
        full = isinstance(value, dict) and any(k in value for k in self.full.terms)
        yield from (self.full if full else self.short).walk(value, vocab, path)


@dataclass(frozen=True)
class Ref(Type):
    """A named type of the vocabulary (it may be declared later, or contain itself)."""
    name: str
    label: str = ""

    def schema(self, vocab):
        vocab.check_name(self.name)         # a reference to nothing is a mistake in the declarations
        return {"$ref": f"#/definitions/{self.name}"}

    def text(self):
        return self.label or self.name.upper()

    def walk(self, value, vocab, path):
        yield path, self, value
        yield from vocab.resolve(self.name).walk(value, vocab, path)


# --------------------------------------------------------------------------- terms
@dataclass(eq=False)
class Term:
    """One term: its name, its rules, what it means, what is written after it.

    `impl`: what carries it out (a method name, interned, or a function); `internal`: the engine's
    own, never written in an encoding; `group`: where the documentation lists it."""
    name: str
    rules: tuple = ()
    doc: str = ""
    arg: Type | None = None
    default: Any = NO_DEFAULT
    required: bool = False
    impl: Any = None
    internal: bool = False
    group: str = ""

    def schema(self, vocab) -> dict:
        out = self.arg.schema(vocab) if self.arg is not None else {}
        if not isinstance(out, dict) or "$ref" in out:
            out = {"allOf": [out]}          # draft 7: siblings of $ref are ignored
        else:
            out = dict(out)
        out["description"] = self.description()
        if self.default is not NO_DEFAULT:
            out["default"] = self.default
        return out

    def description(self) -> str:
        text = self.doc or self.name
        if self.default is not NO_DEFAULT:
            text += f" (default {_plain(self.default)})"
        if self.rules:
            text += f" [{', '.join(self.rules)}]"
        return text

    def written(self) -> str:
        """`name: ARG` as the documentation shows it."""
        if self.arg is None:
            return self.name
        return f"{self.name}: {self.arg.text()}"


def _plain(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


@dataclass(eq=False)
class Family(Type):
    """A family of terms: the words of an enumeration, the keys of a mapping, the kinds of a tagged
    record. `title` names one of them in messages ('verb', 'condition'); `doc` says what the family
    is. Named and declared in a Vocabulary, it is a definition of the schema that others refer to;
    unnamed (`mapping(...)`), it is written out where it is used. Either way it is a type."""
    name: str
    title: str
    doc: str
    terms: dict = field(default_factory=dict)
    impls: dict = field(default_factory=dict)      # name -> what carries it out
    shape: str = "words"                           # words | mapping | step | tagged
    extra: tuple = ()                              # mapping/step: keys beside the family's terms
    needs: dict = field(default_factory=dict)      # key -> keys it goes with (step: branch -> verb)
    at_least_one: tuple = ()                       # mapping: one of these keys is required
    tag: str = ""                                  # tagged: the key that says which kind
    common: tuple = ()                             # tagged: the keys every kind may have
    min_properties: int = 0

    def names(self, *, internal=False) -> tuple:
        if internal:
            return tuple(self.terms)
        return tuple(t.name for t in self.public())

    def public(self) -> list:
        """The terms an encoding may write: a family of many verbs or kinds in the order of their names,
        a record's keys in the order declared."""
        terms = [t for t in self.terms.values() if not t.internal]
        return sorted(terms, key=lambda t: t.name) if self.shape in ("step", "tagged") else terms

    def schema(self, vocab) -> dict:
        if self.name and vocab.families.get(self.name) is self:
            return {"$ref": f"#/definitions/{self.name}"}
        return vocab.family_schema(self)

    def text(self) -> str:
        if self.shape == "words":
            return "|".join(self.names())
        if self.shape == "tagged":
            return self.title.upper()
        keys = [f"{t.name}: {t.arg.text()}" if t.arg is not None else t.name for t in [*self.public(), *self.extra]]
        return "{" + ", ".join(keys) + "}"

    def walk(self, value, vocab, path):
        yield path, self, value
        if not isinstance(value, dict) or self.shape == "words":
            return
        if self.shape == "tagged":
            kind = self.terms.get(value.get(self.tag))
            keys = {t.name: t for t in [*self.common, *kind.arg.terms.values()]} if kind is not None else {}
        else:
            keys = {**self.terms, **{t.name: t for t in self.extra}}
        for k, x in value.items():
            if k in keys and keys[k].arg is not None:
                yield from keys[k].arg.walk(x, vocab, path + (k,))


class DeclarationError(Exception):
    """A mistake in the declarations themselves (a programming error, found at import)."""


class Vocabulary:
    """The declared terms of one game, by named family; and the named types that are not a family
    of terms (a list of steps)."""

    def __init__(self, game: str):
        self.game = game
        self.families: dict[str, Family] = {}
        self.aliases: dict[str, tuple] = {}         # name -> (type, doc)

    # ------------------------------------------------------------ declaring
    def family(self, name, title, doc, *, shape="words", terms: Iterable[Term] = (), extra: Iterable[Term] = (),
               needs=None, at_least_one=(), tag="", common: Iterable[Term] = (), min_properties=0) -> Family:
        self._new_name(name)
        fam = Family(name, title, doc, shape=shape, extra=tuple(extra), needs=dict(needs or {}),
                     at_least_one=tuple(at_least_one), tag=tag, common=tuple(common),
                     min_properties=min_properties)
        self.families[name] = fam
        for term in terms:
            self.add(name, term)
        return fam

    def define(self, name: str, type_: Type, doc: str) -> Ref:
        """A named type that is not a family of terms; the reference to it."""
        self._new_name(name)
        self.aliases[name] = (type_, doc)
        return Ref(name)

    def _new_name(self, name):
        if name in self.families or name in self.aliases:
            raise DeclarationError(f"{self.game}: '{name}' is declared twice")

    def record(self, name, doc, terms: Iterable[Term], *, at_least_one=(), title="key",
               min_properties=0) -> Family:
        """A named mapping whose keys are these terms (a skill, a trigger's spec)."""
        return self.family(name, title, doc, shape="mapping", terms=terms, at_least_one=at_least_one,
                           min_properties=min_properties)

    def add(self, family: str, term: Term) -> Term:
        fam = self.named(family)
        if term.name in fam.terms:
            raise DeclarationError(f"{self.game}: {fam.title} '{term.name}' is declared twice")
        fam.terms[term.name] = term
        if term.impl is not None:
            fam.impls[term.name] = term.impl
        return term

    def implements(self, family: str, name: str, *rules, doc: str, arg: Type | None = None,
                   group: str = "", internal: bool = False, method: bool = True) -> Callable:
        """A decorator declaring the term its function carries out. A method is found by its
        (interned) name, so a subclass may override it; a plain function is called as it is."""
        def declare(fn):
            impl = sys.intern(fn.__name__) if method else fn
            self.add(family, Term(name, tuple(rules), doc, arg, impl=impl, group=group, internal=internal))
            return fn
        return declare

    def named(self, name):
        found = self.families.get(name)
        if found is None:
            raise DeclarationError(f"{self.game}: no family of terms named '{name}' is declared")
        return found

    def resolve(self, name) -> Type:
        """The type a name stands for: a family, a defined type, a tagged family's kinds."""
        if name in self.families:
            return self.families[name]
        if name in self.aliases:
            return self.aliases[name][0]
        self.check_name(name)
        return Text()                    # a tagged family's kinds: words

    def check_name(self, name):
        tags = {self.tag_name(f) for f in self.families.values() if f.shape == "tagged"}
        if name not in self.families and name not in self.aliases and name not in tags:
            raise DeclarationError(f"{self.game}: nothing named '{name}' is declared")

    def get(self, family: str, name: str) -> Term | None:
        return self.named(family).terms.get(name)

    def names(self, family: str, *, internal=False) -> tuple:
        return self.named(family).names(internal=internal)

    # ------------------------------------------------------------- schema
    def schema_definitions(self, comment: str) -> dict:
        """Every named family as a JSON Schema (draft 7) definition, each marked with `comment`."""
        out = {}
        for name, (type_, doc) in self.aliases.items():
            out[name] = {"$comment": comment, "description": doc, **type_.schema(self)}
        for name, fam in self.families.items():
            out[name] = {"$comment": comment, **self.family_schema(fam)}
            if fam.shape == "tagged":               # its kinds, for others to refer to
                kinds = [t.name for t in fam.public()]
                out[self.tag_name(fam)] = {"$comment": comment, "description": f"the kind of {fam.title}: "
                                           + ", ".join(kinds), "type": "string", "enum": kinds}
        return out

    @staticmethod
    def tag_name(fam: Family) -> str:
        """The definition of a tagged family's kinds: `ability_kind`."""
        return f"{fam.name}_{fam.tag}"

    def family_schema(self, fam: Family) -> dict:
        if fam.shape == "words":
            return {"description": fam.doc, "type": "string", "enum": list(fam.names())}
        if fam.shape == "tagged":
            return self._tagged_schema(fam)
        props = {t.name: t.schema(self) for t in [*fam.public(), *fam.extra]}
        out = {"description": fam.doc, "title": fam.title, "type": "object", "additionalProperties": False,
               "properties": props}
        required = [t.name for t in [*fam.public(), *fam.extra] if t.required]
        if required:
            out["required"] = required
        if fam.shape == "step":
            out["oneOf"] = [{"required": [n]} for n in fam.names()]
        if fam.at_least_one:
            out["anyOf"] = [{"required": [n]} for n in fam.at_least_one]
        if fam.needs:
            out["dependencies"] = {k: list(v) for k, v in fam.needs.items()}
        if fam.min_properties:
            out["minProperties"] = fam.min_properties
        return out

    def _tagged_schema(self, fam: Family) -> dict:
        """A record whose `tag` key says its kind; each kind has its own keys (besides the common
        ones). An unknown kind is reported on the tag; an unknown key, with the keys of its kind."""
        branches = []
        for kind in fam.public():
            rec = kind.arg
            keys = [*fam.common, *rec.public(), *rec.extra]
            then = {"description": f"the keys of a `{fam.tag}: {kind.name}` {fam.title}", "type": "object",
                    "additionalProperties": False,
                    "properties": {fam.tag: {"description": f"`{kind.name}`: {kind.doc}"},
                                   **{t.name: t.schema(self) for t in keys}}}
            required = [t.name for t in keys if t.required]
            if required:
                then["required"] = required
            if rec.at_least_one:
                then["anyOf"] = [{"required": [n]} for n in rec.at_least_one]
            branches.append({"if": {"properties": {fam.tag: {"const": kind.name, "description": kind.name}},
                                    "required": [fam.tag]}, "then": then})
        tag = {"allOf": [{"$ref": f"#/definitions/{self.tag_name(fam)}"}], "description": f"which {fam.title}"}
        return {"description": fam.doc, "title": fam.title, "type": "object", "required": [fam.tag],
                "properties": {fam.tag: tag}, "allOf": branches}

    # ------------------------------------------------------------ markdown
    def markdown(self, family: str, *, group: str | None = None) -> str:
        """The table of a family's terms (or of one documentation group of them)."""
        fam = self.named(family)
        terms = [t for t in fam.public() if group is None or t.group == group]
        if group is None:
            terms += list(fam.extra)
        return self.markdown_of(fam, terms)

    def markdown_of(self, fam: Family, terms=None, head=None) -> str:
        """A table: how each term is written, what it means (with the keys of its argument), its rules."""
        terms = list(terms) if terms is not None else [*fam.public(), *fam.extra]
        keys_of_kind = fam.shape == "tagged" and all(fam.terms.get(t.name) is t for t in terms)
        head = head or {"tagged": fam.tag, "step": "verb", "words": "word"}.get(fam.shape, fam.title)
        rows = [f"| {head} | meaning | rule |", "|---|---|---|"]
        for t in terms:
            written = t.name if keys_of_kind else t.written()
            rows.append(f"| {_cell(_code(written))} | {_cell(_meaning(t, keys_of_kind))} | "
                        f"{_cell(', '.join(t.rules))} |")
        return "\n".join(rows)


def _meaning(t: Term, keys_only=False) -> str:
    """What a term means; the default, whether it is required; the keys of its argument, each with
    what it means (for an ability kind: only the keys, how they are written)."""
    text = t.doc + _notes(t)
    rec = _record_of(t.arg)
    if rec is None:
        return text
    if keys_only:
        keys = [f"`{k.written()}`" for k in rec.public()]
        return text + (". Keys: " + ", ".join(keys) if keys else "")
    parts = [f"`{k.name}`: {k.doc}{_notes(k)}" for k in rec.public() if k.doc]
    return text + (". " + "; ".join(parts) if parts else "")


def _notes(t: Term) -> str:
    out = f" (default `{_plain(t.default)}`)" if t.default is not NO_DEFAULT else ""
    return out + (" (required)" if t.required else "")


def _record_of(type_) -> "Family | None":
    """The unnamed mapping a term's argument is (or offers, beside a shorter form)."""
    if isinstance(type_, Family) and type_.shape == "mapping" and not type_.name:
        return type_
    if isinstance(type_, Shorthand):
        return _record_of(type_.full)
    if isinstance(type_, Either):
        return next((r for r in map(_record_of, type_.options) if r is not None), None)
    return None


def mapping(*terms: Term, title="key", doc="", at_least_one=(), min_properties=0) -> Family:
    """An unnamed mapping of these terms (a verb's argument, the keys of an ability kind)."""
    fam = Family("", title, doc, shape="mapping", at_least_one=tuple(at_least_one), min_properties=min_properties)
    for t in terms:
        if t.name in fam.terms:
            raise DeclarationError(f"key '{t.name}' is declared twice")
        fam.terms[t.name] = t
    return fam


def _code(text: str) -> str:
    return f"`{text}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
