"""The scenario model: a validated YAML scenario, checked before anything runs.

Both syntaxes (YAML here, Gherkin in judge/bdd) load into this model.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import InputError, closest
from ..games import ruleset as get_ruleset
from .schema import validate
from .yamlload import Document, load_yaml_file, load_yaml_text

REF = re.compile(r"^(\$[\w-]+|(A|B)(\.(center|collab|back(\.\d+)?|hand|deck|cheer_deck|life|archive|holopower|oshi))?|(A|B):[\w-]+)$")
ACTION_REF_KEYS = ("holomem", "target")


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
    source: str | None = None
    tags: list = field(default_factory=list)
    cards: dict = field(default_factory=dict)
    seed: int = 0
    dice: list = field(default_factory=list)
    shuffles: list = field(default_factory=list)     # scripted shuffle results, in order
    raw: dict = field(default_factory=dict)

    @property
    def ruleset(self):
        return get_ruleset(self.game)

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
                  shuffles=list(d.get("shuffles") or []), raw=d)
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
    versions = versions_of(sc)
    for i, number in enumerate(sc.refs):
        _check_rule(sc, rs, versions, str(number), ("refs", i))
    for i, item in enumerate(sc.then):
        for spec_path, spec in _legality_specs(item, ("then", i)):
            because = spec.get("because")
            for j, number in enumerate(because if isinstance(because, list) else [because]):
                if number is not None:
                    _check_rule(sc, rs, versions, str(number), spec_path + ("because",))
    db = rs.card_db(sc.cards)
    names = _declared_names(sc.given)
    _check_given_cards(sc, db)
    for i, item in enumerate(sc.when):
        _check_refs_in(sc, item, ("when", i), names)
    for i, item in enumerate(sc.then):
        _check_refs_in(sc, item, ("then", i), names)


def _legality_specs(item, path):
    """The `illegal:` mappings of a check (a mapping, or a list of them)."""
    if not isinstance(item, dict) or not isinstance(item.get("illegal"), (dict, list)):
        return []
    spec = item["illegal"]
    if isinstance(spec, dict):
        return [(path + ("illegal",), spec)]
    return [(path + ("illegal", j), s) for j, s in enumerate(spec) if isinstance(s, dict)]


def _check_rule(sc, rs, versions, number, path):
    for v in versions:
        index = rs.rule_index(v)
        if number not in index:
            raise sc.error(f"rule {number} does not exist in the {sc.game} {v} rules", path,
                           expected="a rule number of the rule index (see `judge rules show`)",
                           suggestions=index.closest(number))


def _declared_names(given) -> set:
    names = set()
    for p in ("A", "B"):
        spec = given.get(p) or {}
        for key in ("center", "collab"):
            h = spec.get(key)
            if isinstance(h, dict) and h.get("as"):
                names.add(str(h["as"]).lstrip("$"))
        for h in spec.get("back") or []:
            if isinstance(h, dict) and h.get("as"):
                names.add(str(h["as"]).lstrip("$"))
    return names


def _check_given_cards(sc, db):
    """Unknown card numbers in `given` are errors with the closest numbers."""
    def card(value, path, cheer=False):
        if isinstance(value, str) and not (cheer and value in _COLORS) and value not in db:
            try:
                db.lookup(value, path=path)
            except InputError as e:
                raise e.located(file=sc.file, line=sc.line(path), path=path)

    for p in ("A", "B"):
        spec = sc.given.get(p) or {}
        base = ("given", p)
        if "oshi" in spec:
            card(spec["oshi"], base + ("oshi",))
        for key in ("hand", "deck", "cheer_deck", "life", "archive", "holopower"):
            if isinstance(spec.get(key), list):
                for i, v in enumerate(spec[key]):
                    card(v, base + (key, i), cheer=key in ("cheer_deck", "life", "archive"))
        holomems = [((k,), spec[k]) for k in ("center", "collab") if spec.get(k) is not None]
        holomems += [(("back", i), h) for i, h in enumerate(spec.get("back") or [])]
        for sub, h in holomems:
            hp = base + sub
            if isinstance(h, str):
                card(h, hp)
                continue
            card(h.get("card"), hp + ("card",))
            for key in ("stack", "cheer", "attached"):
                for i, v in enumerate(h.get(key) or []):
                    card(v, hp + (key, i), cheer=key == "cheer")


_COLORS = ("white", "green", "red", "blue", "purple", "yellow")


def _check_refs_in(sc, item, path, names):
    """References inside actions and checks: well-formed, and `$names` declared with `as`."""
    if isinstance(item, dict):
        for key, value in item.items():
            sub = path + (key,)
            if key in ACTION_REF_KEYS and isinstance(value, str):
                _check_ref(sc, value, sub, names)
            elif isinstance(key, str) and key.startswith("$"):
                _check_ref(sc, key.split(".")[0], sub, names)
            else:
                _check_refs_in(sc, value, sub, names)
    elif isinstance(item, list):
        for i, v in enumerate(item):
            _check_refs_in(sc, v, path + (i,), names)


def _check_ref(sc, ref, path, names):
    if not REF.match(ref):
        raise sc.error(f"'{ref}' is not a reference", path,
                       expected="A.center, A.collab, A.back.N, $name or A:CARD-NUMBER")
    if ref.startswith("$") and ref[1:] not in names:
        raise sc.error(f"unknown name '{ref}'", path, expected="a name given with `as:` in `given`",
                       suggestions=["$" + n for n in closest(ref[1:], names)])


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
