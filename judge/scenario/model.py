"""The scenario model: a validated YAML scenario, checked before anything runs.

Both syntaxes (YAML here, Gherkin in judge/bdd) load into this model.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import InputError, closest
from ..core.rulings import RULING_KEYS, cited, source_text
from ..games import ruleset as get_ruleset
from .schema import validate
from .yamlload import Document, load_yaml_file, load_yaml_text

# A `then` path (A.hand.count, $name.rested, A:NUMBER.damage), or an answer written as a reference
# What looks like a reference: `$name` (a name given with `as:` in `given`), `A:NUMBER` (that
# player's card of that number) or a position, `A.` and the game's words (Ruleset.reference_problem).
REF_LIKE = re.compile(r"^(?:[AB][.:]|\$)\S+$")



@dataclass
class Scenario:
    file: str
    doc: Document | None
    title: str
    game: str
    rules: list
    refs: list
    given: dict
    when: list
    then: list
    source: str | dict | None = None                  # free text, or {qa/faq: [numbers], text: ...}
    tags: list = field(default_factory=list)
    cards: dict = field(default_factory=dict)
    seed: int = 0
    dice: list = field(default_factory=list)
    shuffles: list = field(default_factory=list)     # scripted shuffle results, in order
    assume: dict = field(default_factory=dict)       # assumption id -> the value this scenario sets
    raw: dict = field(default_factory=dict)

    @property
    def ruleset(self):
        return get_ruleset(self.game)

    @property
    def rulings(self) -> list[str]:
        """The numbers of the official rulings the scenario holds (its structured `source`)."""
        return [number for _, number in cited(self.source)]

    @property
    def source_text(self) -> str:
        """The source as one line for people."""
        return source_text(self.source)

    def line(self, path) -> int | None:
        return self.doc.line_of(tuple(path)) if self.doc else None

    def error(self, message, path=(), **kw) -> InputError:
        return InputError(message, file=self.file, line=self.line(path), path=path, **kw)


def load_scenario(path) -> Scenario:
    doc = load_yaml_file(path)
    return scenario_from_document(doc)


def load_scenarios(path) -> list[Scenario]:
    """Every scenario of a file: one for YAML, each scenario of a Gherkin feature."""
    if str(path).endswith(".feature"):
        from ..bdd.load import load_feature
        return load_feature(path)
    return [load_scenario(path)]


def scenario_from_text(text: str, file="<string>") -> Scenario:
    return scenario_from_document(load_yaml_text(text, file))


def scenario_from_document(doc: Document) -> Scenario:
    validate(doc, "scenario")
    d = doc.data
    sc = Scenario(file=doc.file, doc=doc, title=d["scenario"], game=d["game"],
                  rules=d["rules"] if isinstance(d["rules"], list) else [d["rules"]],
                  refs=list(d["refs"]), given=d.get("given") or {}, when=list(d.get("when") or []),
                  then=list(d.get("then") or []), source=d.get("source"), tags=list(d.get("tags") or []),
                  cards=dict(d.get("cards") or {}), seed=int(d.get("seed", 0)), dice=list(d.get("dice") or []),
                  shuffles=list(d.get("shuffles") or []),
                  assume=dict(d.get("assume") or {}), raw=d)
    check_semantics(sc)
    return sc


def versions_of(sc: Scenario) -> list[str]:
    rs = sc.ruleset
    if "*" in sc.rules:
        return list(rs.versions)
    return list(sc.rules)


def check_semantics(sc: Scenario) -> None:
    """Everything that can be known wrong before running: versions, rule numbers, cards, names."""
    try:
        rs = sc.ruleset
    except InputError as e:
        raise e.located(file=sc.file, line=sc.line(("game",)), path=("game",))
    for i, v in enumerate(sc.rules):
        if v != "*" and v not in rs.versions:
            path = ("rules", i) if isinstance(sc.raw["rules"], list) else ("rules",)
            raise sc.error(f"unknown rules version '{v}' for {sc.game}", path,
                           expected="one of: " + ", ".join(rs.versions) + ' or "*"',
                           suggestions=closest(v, rs.versions))
    _check_rulings(sc, rs)
    versions = versions_of(sc)
    _check_assume(sc, rs)
    for i, number in enumerate(sc.refs):
        _check_rule(sc, rs, versions, str(number), ("refs", i))
    for item, path in _checks(sc):
        for spec_path, because in _legality_specs(item, path):
            for number in because if isinstance(because, list) else [because]:
                if number is not None:
                    _check_rule(sc, rs, versions, str(number), spec_path)
    _check_checks_something(sc)
    for path, message, expected in rs.card_problems(sc.cards):     # the schema checked the rest
        raise sc.error(message, ("cards",) + path, expected=expected)
    db = rs.card_db(sc.cards)
    names = rs.declared_names(sc.given)
    _check_given_cards(sc, rs, db)
    _check_board(sc, rs, db)
    known = _Known(names, db, rs)
    _check_refs_in(sc, sc.when, ("when",), known)
    _check_refs_in(sc, sc.then, ("then",), known)


def _check_assume(sc, rs):
    """`assume:` names assumptions of the game, each with a value the engine can run."""
    if not sc.assume:
        return
    from ..core.assumptions import of
    declared = of(rs)
    if declared is None:
        raise sc.error(f"{sc.game} declares no assumptions: its rules leave nothing to assume", ("assume",))
    try:
        declared.settings(sc.assume)
    except InputError as e:
        raise e.located(file=sc.file, line=sc.line(e.path), path=e.path) from None


def _check_rulings(sc, rs):
    """The official rulings a structured `source` cites: under the key of the game's rulings file, each
    a number the file has (the closest numbers otherwise)."""
    rulings = getattr(rs, "rulings", None)
    if not isinstance(sc.source, dict):
        return
    for key in RULING_KEYS:
        if key not in sc.source:
            continue
        if rulings is None or rulings.key != key:
            have = f"cites them as `{rulings.key}:`" if rulings else "has no official rulings file"
            raise sc.error(f"`source: {{{key}: ...}}`: {sc.game} {have}", ("source", key),
                           expected=(f"`{rulings.key}:` with the numbers of its {rulings.title}" if rulings
                                     else "the citation as free text: `source: {text: ...}`"))
        for i, number in enumerate(sc.source[key]):
            if str(number) not in rulings:
                e = rulings.unknown(str(number))
                raise sc.error(e.message, ("source", key, i), expected=e.expected, suggestions=e.suggestions)


def _checks(sc):
    """(check item, its path): the items of `then` and those of each `expect` in `when`."""
    for i, item in enumerate(sc.then):
        yield item, ("then", i)
    for i, item in enumerate(sc.when):
        if isinstance(item, dict) and isinstance(item.get("expect"), dict):
            yield item["expect"], ("when", i, "expect")


def _check_checks_something(sc):
    """A scenario must check something: a `then` item or an `expect` in `when`."""
    if sc.then or any(isinstance(item, dict) and "expect" in item for item in sc.when):
        return
    raise sc.error("the scenario checks nothing: no check in `then` (no Then step) and no `expect` in `when`",
                   ("then",), expected="at least one check: `- A.hand.count: 2` in `then`, an `expect:` item "
                                       "in `when`, or a Then step")


def _check_board(sc, rs, db):
    """Boards the rules cannot produce (the ruleset's `board_violations`): the first in the file."""
    found = rs.board_violations(sc.given, db)
    if found:
        first = min(found, key=lambda v: sc.line(v.path) or 0)
        raise sc.error(first.message, first.path, expected=first.expected)


def _legality_specs(item, path):
    """(path, rule numbers) of each `because` of a check: beside `illegal:`, or inside it (a mapping,
    or a list of them)."""
    if not isinstance(item, dict) or not isinstance(item.get("illegal"), (dict, list)):
        return []
    out = [(path + ("because",), item["because"])] if "because" in item else []
    spec = item["illegal"]
    specs = [(path + ("illegal",), spec)] if isinstance(spec, dict) else \
        [(path + ("illegal", j), s) for j, s in enumerate(spec) if isinstance(s, dict)]
    return out + [(p + ("because",), s["because"]) for p, s in specs if "because" in s]


def _check_rule(sc, rs, versions, number, path):
    from ..core.assumptions import of
    declared = of(rs)
    if declared is not None and number in declared:
        return                  # an assumption of the game: cited like a rule (judge/core/assumptions.py)
    for v in versions:
        index = rs.rule_index(v)
        if number not in index:
            raise sc.error(f"rule {number} does not exist in the {sc.game} {v} rules", path,
                           expected="a rule number of the rule index (see `judge rules show`)",
                           suggestions=index.closest(number))
    _check_same_rule(sc, rs, versions, number, path)


def _check_same_rule(sc, rs, versions, number, path):
    """A scenario run under several versions names one rule by one number: the number must be that
    rule's in each version (the rule map), else the scenario would declare another rule under one
    of them (docs/versions.md, "Writing scenarios for both versions")."""
    newest = versions[-1] if versions else None
    for v in versions[:-1]:
        m = rs.rule_map(v, newest)
        there, back = m.translate(number, newest, v), m.translate(number, v, newest)
        if there != number or back != number:
            raise sc.error(f"rule {number} is not the same rule in {v} and {newest}: {newest} {number} is "
                           f"{v} {there}, and {v} {number} is {newest} {back}", path,
                           expected=f"a rule numbered alike in every version the scenario holds for, or "
                                    f"one scenario per version (NAME-{v}.yaml with rules: \"{v}\" and its "
                                    "own numbers; docs/versions.md)")


def _check_given_cards(sc, rs, db):
    """Unknown card numbers in `given` (each place the ruleset says names a card) are errors with the
    closest numbers."""
    for path, text in rs.given_cards(sc.given):
        path = ("given",) + tuple(path)
        if text not in db:
            try:
                db.lookup(text, path=path)
            except InputError as e:
                raise e.located(file=sc.file, line=sc.line(path), path=path)


@dataclass(frozen=True)
class _Known:
    """What a reference may name: the `$names` of `given`, the cards, the ruleset's positions."""
    names: set
    db: object
    rs: object


def _check_refs_in(sc, item, path, known: _Known):
    """References inside actions and checks: well-formed, `$names` declared with `as`, card numbers
    known, positions that can exist; and the answers of `choices` that name cards or references."""
    if isinstance(item, dict):
        for key, value in item.items():
            sub = path + (key,)
            if key in known.rs.reference_keys and isinstance(value, str):
                _check_ref(sc, value, sub, known)
            elif key == "choices" and isinstance(value, list):
                _check_answers(sc, value, sub, known)
            elif isinstance(key, str) and REF_LIKE.match(key):
                _check_path_key(sc, key, sub, known)
            else:
                _check_refs_in(sc, value, sub, known)
    elif isinstance(item, list):
        for i, v in enumerate(item):
            _check_refs_in(sc, v, path + (i,), known)


def _check_path_key(sc, key, path, known: _Known):
    """A `then` path such as `$name.damage`, `A:CARD-NUMBER.damage` or a position of the game's."""
    head = key.split(".")[0]
    if head.startswith("$") or ":" in head:
        _check_ref(sc, head, path, known)
    _check_possible(sc, key, path, known)


def _check_ref(sc, ref, path, known: _Known):
    if ref.startswith("$") and ref[1:] not in known.names:
        raise sc.error(f"unknown name '{ref}'", path, expected="a name given with `as:` in `given`",
                       suggestions=["$" + n for n in closest(ref[1:], known.names)])
    if ":" in ref:
        number = ref.split(":", 1)[1]
        if number not in known.db and not known.db.find(number):
            raise sc.error(f"'{ref}' names card '{number}', which is in neither the card database nor the "
                           "scenario's `cards:`", path, expected="A:CARD-NUMBER with a known card number",
                           suggestions=[f"{ref[0]}:{n}" for n in closest(number, known.db.cards)])
    _check_possible(sc, ref, path, known, whole=True)


def _check_possible(sc, ref, path, known: _Known, whole=False):
    """The game's word on a reference (`whole`: the text is one reference, so its syntax is checked
    too) or on a path that starts with one: None, a message, or (message, what was expected)."""
    problem = known.rs.reference_problem(ref, whole=whole)
    if problem:
        message, expected = problem if isinstance(problem, tuple) else (problem, None)
        raise sc.error(message, path, expected=expected)


def _check_answers(sc, answers, path, known: _Known):
    """`choices:` answers that can be known wrong before running: a reference that is malformed,
    undeclared or can never exist; a card number no card has."""
    for i, answer in enumerate(answers):
        picks = answer if isinstance(answer, list) else [answer]
        for j, pick in enumerate(picks):
            where = path + ((i, j) if isinstance(answer, list) else (i,))
            if not isinstance(pick, str):
                continue
            if REF_LIKE.match(pick):
                _check_ref(sc, pick, where, known)
                continue
            unknown = known.rs.unknown_card_answer(pick, known.db)
            if unknown:
                message, suggestions = unknown
                raise sc.error(message, where, expected="a card number of the database or of `cards:`, a "
                               "reference, a name or an option label", suggestions=suggestions)


def find_scenarios(paths) -> list[Path]:
    """YAML scenario files under the given paths (files or folders), sorted."""
    out = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            out += sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml", ".feature"))
        else:
            out.append(p)
    return out
