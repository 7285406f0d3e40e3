"""Safe YAML loading that remembers where everything came from.

PyYAML's constructors would throw away the marks of the nodes, and silently
accept what a judge must be told about (duplicate keys, tags, alias bombs).
So we read the *event* stream of PyYAML's safe parser and build plain Python
data ourselves, recording the line of every path on the way. Building from
events rather than from composed nodes also lets us stop at the first
level too deep or the first alias too many, before any recursion or
expansion happens. Only SafeConstructor's scalar constructors are reused, so
ints, floats, booleans and null follow YAML 1.1 exactly as PyYAML does.
"""
from __future__ import annotations

import os
from typing import Sequence

import yaml

from judge.core.errors import InputError, closest

MAX_BYTES = 1024 * 1024
MAX_DEPTH = 50           # nested lists/mappings, counting the top one
MAX_ALIASES = 100        # uses of `*name`
MAX_ALIAS_NODES = 10_000  # nodes created by expanding aliases (the "billion laughs")

_Y = "tag:yaml.org,2002:"
_STR, _SEQ, _MAP, _MERGE = _Y + "str", _Y + "seq", _Y + "map", _Y + "merge"
_SCALAR_WORDS = {_STR: "string", _Y + "int": "integer", _Y + "float": "number",
                 _Y + "bool": "boolean", _Y + "null": "null"}
_NON_PRINTABLE = yaml.reader.Reader.NON_PRINTABLE   # what YAML forbids in a stream


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The safe parser, minus two implicit types that are not JSON-like:
    `2024-09-21` stays the string the user wrote instead of becoming a date,
    and a plain `=` stays a string (SafeConstructor cannot build the value tag)."""

    yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in resolvers if tag not in (_Y + "timestamp", _Y + "value")]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}


class Document:
    """Plain data read from one YAML file, with the line of every path in it.

    A path is a tuple of mapping keys (str) and list indexes (int); the line
    of a mapping entry is the line of its key, that of a list item the line
    where the item starts.
    """

    def __init__(self, data: object, file: str, lines: dict, sources: dict):
        self.data = data
        self.file = file
        self._lines = lines
        self._sources = sources

    def line_of(self, path: Sequence) -> int | None:
        """1-based line of the node at `path`, or of its nearest existing ancestor."""
        path = tuple(path)
        while path not in self._lines:
            if not path:
                return None
            path = path[:-1]
        return self._lines[path]

    def source_text(self, path: Sequence) -> str | None:
        """How the user wrote the scalar at `path` when YAML read it as something
        other than a string (`8.10` for the float 8.1); None otherwise."""
        return self._sources.get(tuple(path))

    def error(self, message: str, path: Sequence = (), expected: str | None = None,
              suggestions: Sequence[str] = ()) -> InputError:
        """An InputError located at `path` in this document (to raise)."""
        return InputError(message, file=self.file, line=self.line_of(path), path=tuple(path),
                          expected=expected, suggestions=suggestions)


def read_user_text(path, *, kind: str = "YAML", max_bytes: int = MAX_BYTES) -> str:
    """Read a user's text file (read only, bounded): every problem is an InputError naming the file.
    Shared by the YAML loader and the Gherkin feature loader."""
    name = os.fspath(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)     # never more than we are willing to parse
            size = os.fstat(f.fileno()).st_size
    except FileNotFoundError:
        raise InputError("no such file", file=name) from None
    except IsADirectoryError:
        raise InputError(f"this is a directory, not a {kind} file", file=name) from None
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror or e}", file=name) from None
    if len(raw) > max_bytes:
        raise _too_big(max(size, len(raw)), max_bytes, name)
    nul = raw.find(b"\0")
    if nul >= 0:
        raise InputError(f"the file is binary, not {kind} text (it contains NUL bytes; "
                         "a UTF-16 file must be saved as UTF-8)",
                         file=name, line=raw.count(b"\n", 0, nul) + 1)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"the file is not UTF-8 text: byte 0x{raw[e.start]:02x} cannot be "
                         "decoded (save the file as UTF-8)",
                         file=name, line=raw.count(b"\n", 0, e.start) + 1) from None


def load_yaml_file(path, *, max_bytes: int = MAX_BYTES) -> Document:
    """Read a YAML file (read only) into a Document; every problem is an InputError."""
    text = read_user_text(path, kind="YAML", max_bytes=max_bytes)
    return load_yaml_text(text, os.fspath(path), max_bytes=max_bytes)


def load_yaml_text(text: str, file: str = "<string>", *, max_bytes: int = MAX_BYTES) -> Document:
    """Parse YAML text into a Document; every problem is an InputError."""
    text = text.removeprefix("\ufeff")
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise _too_big(size, max_bytes, file)
    bad = _NON_PRINTABLE.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        if bad.group() == "\0":
            raise InputError("the text is binary, not YAML (it contains NUL characters)",
                             file=file, line=line)
        raise InputError(f"the text contains the character U+{ord(bad.group()):04X}, "
                         "which YAML does not allow", file=file, line=line)
    loader = _Loader(text)
    try:
        builder = _Builder(loader, file)
        builder.run()
    except yaml.MarkedYAMLError as e:
        raise _syntax_error(e, file) from None
    except yaml.YAMLError as e:
        raise InputError(f"invalid YAML: {e}", file=file) from None
    finally:
        loader.dispose()
    if builder.empty:
        raise InputError("the file is empty: expected a YAML mapping (scenario:, game:, ...)",
                         file=file)
    return Document(builder.root, file, builder.lines, builder.sources)


def _too_big(size: int, limit: int, file: str) -> InputError:
    return InputError(f"the file is too large ({size / 2**20:.1f} MiB); "
                      f"the limit is {limit / 2**20:g} MiB", file=file)


# Hints for the PyYAML messages judges meet most often.
_HINTS = {
    "cannot start any token": "indent with spaces: YAML does not allow tabs",
    "mapping values are not allowed": "a value that contains ': ' must be put in quotes",
    "found unexpected end of stream": "a quote or bracket is not closed",
}


def _syntax_error(e: yaml.MarkedYAMLError, file: str) -> InputError:
    mark = e.problem_mark or e.context_mark
    message = "invalid YAML"
    if mark is not None:
        message += f" at column {mark.column + 1}"
    message += f": {e.problem or e.context}"
    if e.context and e.problem and e.context_mark is not None and e.context_mark.line != mark.line:
        message += f" ({e.context} that starts at line {e.context_mark.line + 1})"
    hints = [hint for cue, hint in _HINTS.items() if cue in str(e.problem)]
    if hints:
        message += f"; {hints[0]}"
    return InputError(message, file=file, line=mark.line + 1 if mark is not None else None)


def _shown(tag: str) -> str:
    return "!!" + tag[len(_Y):] if tag.startswith(_Y) else tag


class _Frame:
    """An open list or mapping; for a mapping, the key waiting for its value."""

    _NOKEY = object()

    def __init__(self, value, path):
        self.value, self.path = value, path
        self.key = self._NOKEY
        self.key_lines: dict[str, int] = {}    # for duplicate keys


class _Builder:
    """Turns the parser's events into plain data, a line table and source spellings."""

    def __init__(self, loader: _Loader, file: str):
        self.loader, self.file = loader, file
        self.root: object = None
        self.empty = True
        self.lines: dict[tuple, int] = {}
        self.sources: dict[tuple, str] = {}
        self.anchors: dict[str, tuple] = {}   # name -> (value, its path or None for a key)
        self.stack: list[_Frame] = []
        self.documents = self.aliases = self.alias_nodes = 0

    def fail(self, message, event, path=(), expected=None, suggestions=()):
        raise InputError(message, file=self.file, line=event.start_mark.line + 1, path=path,
                         expected=expected, suggestions=suggestions)

    def run(self):
        while True:
            event = self.loader.get_event()
            if isinstance(event, yaml.StreamEndEvent):
                return
            if isinstance(event, yaml.DocumentStartEvent):
                if self.documents:
                    self.fail("several YAML documents in one file (a second one starts here "
                              "with '---'); a file holds exactly one", event)
                self.documents += 1
            elif isinstance(event, yaml.ScalarEvent):
                self.scalar(event)
            elif isinstance(event, yaml.AliasEvent):
                self.alias(event)
            elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                self.start(event)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                self.stack.pop()

    def slot(self) -> tuple[tuple, bool]:
        """Where the next node goes: its path, and whether it is a mapping key
        (then the path is that of the mapping)."""
        if not self.stack:
            return (), False
        top = self.stack[-1]
        if isinstance(top.value, list):
            return top.path + (len(top.value),), False
        if top.key is _Frame._NOKEY:
            return top.path, True
        return top.path + (top.key,), False

    def put(self, path, value, event):
        line = event.start_mark.line + 1
        if not self.stack:
            self.root, self.lines[()] = value, line
            return
        top = self.stack[-1]
        if isinstance(top.value, list):
            top.value.append(value)
            self.lines[path] = line
        else:                      # the line of a mapping entry is its key's, already noted
            top.value[top.key] = value
            top.key = _Frame._NOKEY

    def key(self, key, event, path, spelled):
        if not isinstance(key, str):
            if key is None:
                self.fail("a mapping key is empty or null", event, path)
            kind = {bool: "a boolean", int: "an integer", float: "a number"}.get(type(key), "no string")
            self.fail(f"a mapping key must be a string, but {spelled} reads as {kind}; "
                      f"put it in quotes: \"{spelled}\"", event, path)
        top, line = self.stack[-1], event.start_mark.line + 1
        if key in top.key_lines:
            self.fail(f"duplicate key '{key}' (lines {top.key_lines[key]} and {line}); "
                      "YAML would silently keep only the last", event, path + (key,))
        top.key_lines[key] = self.lines[path + (key,)] = line
        top.key = key

    def scalar(self, event):
        path, is_key = self.slot()
        tag = event.tag
        if tag in (None, "!"):
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == _MERGE:
            if is_key:
                self.fail("merge keys ('<<') are not supported: write the keys out "
                          "(an alias '*name' can still repeat a whole value)", event, path)
            tag = _STR              # a plain `<<` as a value is just text
        if tag not in _SCALAR_WORDS:
            self.fail(f"tags are not allowed ({_shown(tag)}): write the value without it", event, path)
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            value = self.loader.yaml_constructors[tag](self.loader, node)
        except (ValueError, KeyError, TypeError, yaml.YAMLError):
            self.fail(f"{event.value!r} is not a valid {_SCALAR_WORDS[tag]}", event, path)
        if event.anchor:
            self.anchors[event.anchor] = (value, None if is_key else path)
        if is_key:
            return self.key(value, event, path, event.value)
        if not self.stack and event.value == "" and event.implicit[0]:
            return                  # a document with no content at all: still empty
        self.empty = False
        if not isinstance(value, str):
            self.sources[path] = event.value
        self.put(path, value, event)

    def start(self, event):
        path, is_key = self.slot()
        if is_key:
            self.fail("a mapping key must be a plain string, not a list or mapping", event, path)
        seq = isinstance(event, yaml.SequenceStartEvent)
        tag = event.tag if event.tag not in (None, "!") else (_SEQ if seq else _MAP)
        if tag != (_SEQ if seq else _MAP):
            self.fail(f"tags are not allowed ({_shown(tag)}): write the value without it",
                      event, path)
        if len(self.stack) >= MAX_DEPTH:
            self.fail(f"lists and mappings are nested deeper than {MAX_DEPTH} levels", event, path)
        value: object = [] if seq else {}
        self.empty = False
        self.put(path, value, event)    # attached now, filled in place by later events
        self.stack.append(_Frame(value, path))
        if event.anchor:
            self.anchors[event.anchor] = (value, path)

    def alias(self, event):
        path, is_key = self.slot()
        name = event.anchor
        if name not in self.anchors:
            self.fail(f"unknown alias *{name}: no anchor &{name} before it", event, path,
                      suggestions=[f"*{n}" for n in closest(name, self.anchors)])
        value, source = self.anchors[name]
        if any(frame.value is value for frame in self.stack):
            self.fail(f"alias *{name} is inside the node it names (a recursive structure)",
                      event, path)
        self.aliases += 1
        if self.aliases > MAX_ALIASES:
            self.fail(f"too many aliases (more than {MAX_ALIASES}); write the values out",
                      event, path)
        if is_key:
            return self.key(value, event, path, f"*{name}")
        self.empty = False
        copy = self.expand(value, source, path, (), len(self.stack) + 1, event)
        self.put(path, copy, event)

    def expand(self, value, source, path, rel, depth, event):
        """A copy of an anchored value for an alias, counting every node it adds;
        its lines and spellings are those of the anchored original."""
        self.alias_nodes += 1
        if self.alias_nodes > MAX_ALIAS_NODES:
            self.fail(f"aliases expand to more than {MAX_ALIAS_NODES} values "
                      "(an 'alias bomb'?); write the values out", event, path)
        if source is not None:
            if rel and source + rel in self.lines:
                self.lines[path + rel] = self.lines[source + rel]
            if source + rel in self.sources:
                self.sources[path + rel] = self.sources[source + rel]
        if isinstance(value, (list, dict)) and depth > MAX_DEPTH:
            self.fail(f"lists and mappings are nested deeper than {MAX_DEPTH} levels "
                      "once aliases are expanded", event, path)
        if isinstance(value, list):
            return [self.expand(v, source, path, rel + (i,), depth + 1, event)
                    for i, v in enumerate(value)]
        if isinstance(value, dict):
            return {k: self.expand(v, source, path, rel + (k,), depth + 1, event)
                    for k, v in value.items()}
        return value

