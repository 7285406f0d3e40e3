"""Gherkin builds the same model: steps fill a plain dict shaped exactly like a YAML
scenario's data, with the feature-file line of every path in it.

The finished dict and line map become a :class:`FeatureDocument` (a
:class:`judge.scenario.yamlload.Document`), which goes through the same
`scenario_from_document` (schema, rule numbers, cards, references) and the
same runner as a YAML file. Errors and failed checks therefore name the
feature file and line.

Scenario-level data comes from the Gherkin structure:

* ``scenario`` — the scenario's name;
* ``refs`` — the number at the start of the enclosing ``Rule:`` title
  (``Rule: 5.3.1 One card a turn``), then every ``@rule:N`` tag of the
  feature, the rule and the scenario;
* ``rules`` — ``@rules:1.0`` / ``@rules:*`` (several tags or commas make a
  list; the innermost level that has one wins), default the game's newest;
* ``game`` — ``@game:NAME``; without one, the game of the features folder
  (under pytest), else the registered game a folder of the file's path is
  named after (``features/<game>/...``), else the only registered game. The game says which step
  library reads the steps, so it is known before any step is matched;
* ``source`` — a description line ``Source: ...`` (``出典: ...``) under the
  scenario's title; a line ``Q&A: Q194, Q160`` (or ``FAQ: ...``) cites official rulings by number
  (``source: {qa: [...], text: ...}``);
* ``tags`` — every other tag; ``@twin:PATH`` names the YAML twin (not a tag).
"""
from __future__ import annotations

import copy
import os
from pathlib import Path
import re

from ..core.errors import InputError
from ..scenario.yamlload import Document
from .feature import ScenarioInfo
from .registry import Library, load_library

SPECIAL_TAGS = ("rule", "rules", "game", "twin")
_RULE_TITLE = re.compile(r"^\s*(\d+(?:\.\d+)*)(?=\s|$|[:：.、,])")


class FeatureDocument(Document):
    """A Document built from a Gherkin scenario; `twin` is the YAML twin it declares."""

    def __init__(self, data, file, lines, *, twin=None, scenario_line=None, language="en", markers=()):
        super().__init__(data, file, lines, {})
        self.twin = twin
        self.scenario_line = scenario_line
        self.language = language
        self.markers = list(markers)


def split_tag(name: str):
    """'rule:8.3.1' -> ('rule', ['8.3.1']); a free tag -> (None, name)."""
    if ":" in name:
        key, _, value = name.partition(":")
        if key in SPECIAL_TAGS:
            return key, [v for v in re.split(r"[,，]", value) if v]
    return None, name


class Meta:
    """Everything a scenario takes from the Gherkin structure (not from its steps)."""

    def __init__(self, info: ScenarioInfo, file: str):
        self.info, self.file = info, file
        self.refs: list[tuple[str, int]] = []
        self.rules: list[tuple[str, int]] = []
        self.game: tuple[str, int] | None = None
        self.twin: tuple[str, int] | None = None
        self.tags: list[tuple[str, int]] = []
        rule = info.rule
        if rule is not None:
            m = _RULE_TITLE.match(_nfkc(rule.name))
            if m:
                self.refs.append((m.group(1), rule.line))
        rules_level = {}
        for level, tag in info.all_tags():
            key, values = split_tag(tag.name)
            if key == "rule":
                for v in values:
                    v = _nfkc(v)
                    if v not in [r for r, _ in self.refs]:
                        self.refs.append((v, tag.line))
            elif key == "rules":
                rules_level.setdefault(level, []).extend((v, tag.line) for v in values)
            elif key == "game":
                self.game = (values[0] if values else "", tag.line)
            elif key == "twin":
                if level != "scenario":
                    raise InputError("@twin: names the YAML twin of one scenario: put it on the scenario",
                                     file=file, line=tag.line)
                self.twin = (values[0] if values else "", tag.line)
            else:
                self.tags.append((tag.name, tag.line))
        for level in ("scenario", "rule", "feature"):
            if level in rules_level:
                self.rules = rules_level[level]
                break

    def markers(self) -> list[str]:
        return [r for r, _ in self.refs]


def _nfkc(text: str) -> str:
    import unicodedata
    return unicodedata.normalize("NFKC", text)


def refs_of(info: ScenarioInfo) -> list[str]:
    """The rule numbers a scenario exercises (for pytest markers), without building it."""
    return Meta(info, info.feature.path).markers()


class Builder:
    """Accumulates one scenario's data from its steps, then makes the Scenario.

    `game` is the game when the feature does not name one (the game of a features folder);
    without either, the only registered game. A game's steps may keep their own state of the
    scenario being built in a part (`part(cls)`)."""

    def __init__(self, info: ScenarioInfo, *, title: str | None = None, file: str | None = None,
                 game: str | None = None):
        self.info = info
        self.file = file or display_path(info.feature.path)
        self.title = title if title is not None else info.name
        self.meta = Meta(info, self.file)
        self.game, self.game_line = self._game(game)
        self.library: Library = self._library()
        self.lines: dict[tuple, int] = {}
        self.given: dict = {}
        self.cards: dict = {}
        self.card_lines: dict[tuple, int] = {}
        self.seed: tuple[int, int] | None = None
        self.assumed: dict = {}             # assumption id -> (value, line): the scenario's `assume:`
        self.dice: list[tuple[int, int]] = []
        self.shuffles: list[tuple[dict, int]] = []
        self.seq: list[dict] = []        # {"kind": "action"|"check", "item", "line", "lines", "player"}
        self.parts: dict[type, object] = {}
        self.line: int | None = None
        self.lang = info.feature.language

    def _game(self, default: str | None) -> tuple[str, int]:
        """The scenario's game and the line that says it (the tag, or the scenario's title)."""
        if self.meta.game:
            return self.meta.game
        if default:
            return default, self.info.line
        from ..games import default_game, games
        # A feature in a folder named after a registered game (features/<game>/...) is that game's.
        known = set(games())
        for part in reversed(Path(self.file).resolve().parent.parts if self.file else ()):
            if part in known:
                return part, self.info.line
        try:
            return default_game(), self.info.line
        except InputError as e:
            raise InputError("several games are registered: say which this feature is with a tag "
                             "@game:NAME (on the feature, the rule or the scenario)", file=self.file,
                             line=self.info.line, expected=e.expected) from None

    def _library(self) -> Library:
        try:
            return load_library(self.game)
        except InputError as e:
            raise e.located(file=self.file, line=self.game_line) from None

    def part(self, cls):
        """The game's own state of this scenario held by `cls(builder)`, made on first use."""
        if cls not in self.parts:
            self.parts[cls] = cls(self)
        return self.parts[cls]

    # ------------------------------------------------------------ errors
    def error(self, message, *, line=None, expected=None, suggestions=()) -> InputError:
        return InputError(message, file=self.file, line=line or self.line, expected=expected,
                          suggestions=suggestions)

    # ------------------------------------------------------------- given
    def stated(self, path) -> int | None:
        """The line that stated given[path], if any."""
        return self.lines.get(("given",) + tuple(path))

    def set_given(self, path: tuple, value, *, line=None):
        """given[path] = value; stating the same thing twice is an error naming both lines."""
        line = line or self.line
        node = self.given
        for i, key in enumerate(path[:-1]):
            nxt = node.get(key)
            if nxt is None:
                nxt = node[key] = {}
                self.lines.setdefault(("given",) + tuple(path[:i + 1]), line)
            node = nxt
        key = path[-1]
        if key in node:
            before = self.stated(path)
            raise self.error(f"{'.'.join(map(str, path))} is already stated"
                             + (f" at line {before}" if before else ""))
        node[key] = copy.deepcopy(value)
        self.mark(("given",) + tuple(path), value, line)

    def given_at(self, path: tuple):
        """What `given` holds at a path stated before."""
        node = self.given
        for k in path:
            node = node[k]
        return node

    def mark(self, path: tuple, value, line):
        """The line of a path and of everything inside its value."""
        self.lines[path] = line
        if isinstance(value, dict):
            for k, v in value.items():
                self.mark(path + (k,), v, line)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                self.mark(path + (i,), v, line)

    def player(self, p: str) -> dict:
        if p not in self.given:
            self.given[p] = {}
            self.lines[("given", p)] = self.line
        return self.given[p]

    # ----------------------------------------------------------- cards
    def add_card(self, number: str, record, lines: dict):
        """An inline card; `lines` maps paths inside the record to feature lines."""
        if number in self.cards:
            raise self.error(f"the card {number} is already defined at line {self.card_lines[(number,)]}")
        self.cards[number] = record
        self.card_lines[(number,)] = self.line
        self.mark(("cards", number), record, self.line)
        for sub, line in lines.items():
            self.lines[("cards", number) + tuple(sub)] = line
            self.card_lines[(number,) + tuple(sub)] = line

    # ---------------------------------------------------- seed and dice
    def set_seed(self, n: int):
        if self.seed is not None:
            raise self.error(f"the seed is already stated at line {self.seed[1]}")
        self.seed = (n, self.line)

    def assume(self, ident: str, value):
        """An assumption's value for this scenario (YAML `assume:`)."""
        if ident in self.assumed:
            raise self.error(f"the assumption {ident} is already set at line {self.assumed[ident][1]}")
        self.assumed[ident] = (value, self.line)

    def add_dice(self, values):
        self.dice += [(v, self.line) for v in values]

    def add_shuffle(self, item: dict):
        self.shuffles.append((item, self.line))

    # ------------------------------------------------------ when / then
    def action(self, kind: str, params, *, player: str | None = None):
        self.seq.append({"kind": "action", "item": {kind: params}, "line": self.line, "lines": {},
                         "player": player})

    def last_action(self, what: str) -> dict:
        for entry in reversed(self.seq):
            if entry["kind"] == "action":
                if entry is not self.seq[-1] and self.seq[-1]["kind"] == "check":
                    raise self.error(f"{what} follows a check: write it right after the action it belongs to")
                return entry
        raise self.error(f"{what} needs an action before it (When A uses the art ...)")

    def add_choice(self, answer):
        entry = self.last_action("an answer")
        choices = entry["item"].setdefault("choices", [])
        entry["lines"][("choices", len(choices))] = self.line
        entry["lines"].setdefault(("choices",), self.line)
        choices.append(answer)

    def add_action_dice(self, values):
        entry = self.last_action("a die result")
        dice = entry["item"].setdefault("dice", [])
        entry["lines"].setdefault(("dice",), self.line)
        for v in values:
            entry["lines"][("dice", len(dice))] = self.line
            dice.append(v)

    def check(self, item: dict, *, lines: dict | None = None, player: str | None = None):
        self.seq.append({"kind": "check", "item": item, "line": self.line, "lines": dict(lines or {}),
                         "player": player})

    # ------------------------------------------------------------ finish
    def data(self) -> tuple[dict, dict]:
        """The scenario's data (as a YAML file would hold it) and its line map."""
        info, meta = self.info, self.meta
        lines = {(): info.line, ("scenario",): info.line}
        d: dict = {"scenario": self.title}
        d["game"] = self.game
        lines[("game",)] = self.game_line
        if meta.rules:
            versions = [v for v, _ in meta.rules]
            d["rules"] = versions[0] if len(versions) == 1 else versions
            lines[("rules",)] = meta.rules[0][1]
            for i, (_, line) in enumerate(meta.rules):
                if len(versions) > 1:
                    lines[("rules", i)] = line
        else:
            d["rules"] = self._newest_rules()
            lines[("rules",)] = info.line
        if not meta.refs:
            raise InputError("no rule number for this scenario: put it under `Rule: N title` "
                             "(ルール: N ...) or tag it @rule:N", file=self.file, line=info.line,
                             expected="e.g. `Rule: 5.3.1 One card a turn` or `@rule:5.3.1`")
        d["refs"] = [r for r, _ in meta.refs]
        lines[("refs",)] = meta.refs[0][1]
        for i, (_, line) in enumerate(meta.refs):
            lines[("refs", i)] = line
        if info.rulings:
            d["source"] = {key: numbers for key, (numbers, _) in info.rulings.items()}
            lines[("source",)] = min(line for _, line in info.rulings.values())
            for key, (numbers, line) in info.rulings.items():
                lines[("source", key)] = line
                for i in range(len(numbers)):
                    lines[("source", key, i)] = line
            if info.source:
                d["source"]["text"] = info.source
                lines[("source", "text")] = info.source_line
        elif info.source:
            d["source"] = info.source
            lines[("source",)] = info.source_line
        if meta.tags:
            d["tags"] = [t for t, _ in meta.tags]
            for i, (_, line) in enumerate(meta.tags):
                lines[("tags", i)] = line
        if self.cards:
            d["cards"] = copy.deepcopy(self.cards)
            lines[("cards",)] = min(self.card_lines.values())
            for path, line in self.card_lines.items():
                lines[("cards",) + path] = line
        if self.seed is not None:
            d["seed"] = self.seed[0]
            lines[("seed",)] = self.seed[1]
        if self.assumed:
            d["assume"] = {k: v for k, (v, _) in self.assumed.items()}
            for k, (_, line) in self.assumed.items():
                lines[("assume", k)] = line
        if self.dice:
            d["dice"] = [v for v, _ in self.dice]
            lines[("dice",)] = self.dice[0][1]
            for i, (_, line) in enumerate(self.dice):
                lines[("dice", i)] = line
        if self.shuffles:
            d["shuffles"] = [copy.deepcopy(item) for item, _ in self.shuffles]
            lines[("shuffles",)] = self.shuffles[0][1]
            for i, (item, line) in enumerate(self.shuffles):
                for path, l in _paths(("shuffles", i), item, line):
                    lines[path] = l
        d["given"] = copy.deepcopy(self.given)
        lines[("given",)] = min([l for p, l in self.lines.items() if p[:1] == ("given",)] or [info.line])
        lines.update({p: l for p, l in self.lines.items() if p[:1] == ("given",)})
        for check in self.library.vocabulary.scenario_checks:
            check(self)
        last = max((i for i, e in enumerate(self.seq) if e["kind"] == "action"), default=-1)
        when, then = [], []
        for i, entry in enumerate(self.seq):
            item = copy.deepcopy(entry["item"])
            if entry["kind"] == "action":
                base = ("when", len(when))
                when.append(item)
                lines[base] = entry["line"]
                lines[base + (next(iter(item)),)] = entry["line"]
                for sub, line in entry["lines"].items():
                    lines[base + sub] = line
            elif i < last:                       # a check between actions
                base = ("when", len(when))
                when.append({"expect": item})
                lines[base] = lines[base + ("expect",)] = entry["line"]
                for sub, line in entry["lines"].items():
                    lines[base + ("expect",) + sub] = line
            else:
                base = ("then", len(then))
                then.append(item)
                lines[base] = entry["line"]
                for sub, line in entry["lines"].items():
                    lines[base + sub] = line
        if when:
            d["when"] = when
            lines[("when",)] = lines[("when", 0)]
        d["then"] = then
        if then:
            lines[("then",)] = lines[("then", 0)]
        return d, lines

    def _newest_rules(self) -> str:
        from ..games import ruleset
        return ruleset(self.game).versions[-1]

    def document(self) -> FeatureDocument:
        data, lines = self.data()
        twin = self.meta.twin[0] if self.meta.twin else None
        return FeatureDocument(data, self.file, lines, twin=twin, scenario_line=self.info.line,
                               language=self.lang, markers=self.meta.markers())

    def scenario(self):
        from ..scenario.model import scenario_from_document
        return scenario_from_document(self.document())


def _paths(base, value, line):
    yield base, line
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(base + (k,), v, line)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(base + (i,), v, line)


def display_path(path) -> str:
    """A path as a judge reads it: relative to the working directory when inside it."""
    p = os.fspath(path)
    try:
        rel = os.path.relpath(p)
    except ValueError:
        return p
    return p if rel.startswith("..") else rel
