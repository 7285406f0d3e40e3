"""Compile the Japanese text of a card (cards-official-ja.json) into set-file entries.

`compile_skill(card, ja)` gives the encoding keys of one ability (an art's `effect`, an ability
with its `kind`, an oshi ja, an extra) or `unsupported: "cannot parse: <phrase>"` naming the
sentence the grammar (phrases.lark) could not derive, or the phrase the effect language cannot say.
Every compiled entry is validated as `judge cards check` validates a set file (`validate`)."""
from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from lark import Lark
from lark.exceptions import UnexpectedInput, VisitError

from .transform import Line, Part, ToAbilities, ToSteps, Unsupported

GRAMMAR = Path(__file__).with_name("phrases.lark")
CANNOT = "cannot parse: "
QUOTE = 12                                  # characters of a blocking phrase quoted
# The keys of an entry the compiler writes (besides the facts the importer owns).
KEYWORD_KINDS = {"コラボエフェクト": "collab_effect", "ブルームエフェクト": "bloom_effect", "ギフト": "gift"}
SUPPORT_KINDS = {"スタッフ", "アイテム", "イベント"}   # played from the hand and resolved (10.7.2)


class CannotParse(Exception):
    """The phrase of a text that the grammar does not derive, or that the effect language cannot say."""

    def __init__(self, phrase: str, why: str = ""):
        super().__init__(phrase)
        self.phrase, self.why = phrase, why

    def reason(self) -> str:
        """The phrase named by its opening words: the printed sentence itself is not copied into the
        project (tests/test_card_files.py: no fragment over 15 characters)."""
        shown = self.phrase if len(self.phrase) <= QUOTE else self.phrase[:QUOTE] + "…"
        return CANNOT + shown + (f" ({self.why})" if self.why else "")


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    return Lark(GRAMMAR.read_text(encoding="utf-8"), start=["start", "extra", "attached_line", "gift"], parser="earley",
                lexer="dynamic", ambiguity="explicit")


def normalise(text: str) -> str:
    """NFKC (full-width digits and signs), line breaks removed: the grammar reads one line."""
    return re.sub(r"[\r\n]+", "", unicodedata.normalize("NFKC", text or "")).strip()


def _sentence_at(text: str, pos: int | None) -> str:
    """The sentence (up to and with its 。) that holds position `pos` of `text`."""
    if pos is None or pos >= len(text):
        pos = max(len(text) - 1, 0)
    start = text.rfind("。", 0, pos) + 1
    if start == 0:                          # past an oshi ja's cost, name and limit (12.1)
        header = re.match(r"\[ホロパワー:-[^\]]*\][^\[]*\[[^\]]*\]", text)
        start = header.end() if header and header.end() <= pos else 0
    end = text.find("。", pos)
    return text[start:end + 1 if end >= 0 else len(text)]


ATTACHED_KINDS = {"ツール", "マスコット", "ファン"}       # attached to a holomem (5.17)


def parse(text: str, start: str = "start"):
    """The transformer's result for one text; CannotParse naming the phrase otherwise. An input the
    grammar derives in two ways is not guessed at: it is a CannotParse too."""
    norm = normalise(text)
    try:
        tree = parser().parse(norm, start=start)
    except UnexpectedInput as e:
        raise CannotParse(_sentence_at(norm, getattr(e, "pos_in_stream", None))) from None
    if any(t.data == "_ambig" for t in tree.iter_subtrees()):
        raise CannotParse(norm, "the grammar reads it in more than one way")
    try:
        return (ToAbilities() if start == "attached_line" else ToSteps()).transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, Unsupported):
            raise CannotParse(norm, str(e.orig_exc)) from None
        raise


def _steps(parts: list[Part], text: str, *, support: bool, own: tuple[str, str] | None = None) -> dict:
    """Assemble the parts of a text: steps in order; a support's use condition and cost; `own`: the
    keyword and name of the ability the text is (its 'only once per turn' limit must name it)."""
    out: dict = {}
    steps: list = []
    last_conditional = None
    for part in parts:
        if part.kind == "steps":
            value, condition = part.value, part.conditional or None
            if part.connector and last_conditional:
                # "If X, A. そして / その後、B.": B continues the procedure the condition opened and
                # holds only where X does (10.3.3; docs/rulings.md "A sentence joined to a
                # conditional one"), as a そして sentence after a die's branch belongs to the branch
                value, condition = _under(last_conditional, value, text), \
                    _joined(last_conditional, condition, text)
            steps += value
            last_conditional = condition
        elif part.kind == "cap" and steps and "art_bonus_per" in steps[-1] and "max" not in steps[-1]["art_bonus_per"]:
            steps[-1] = {**steps[-1], "art_bonus_per": {**steps[-1]["art_bonus_per"], "max": part.value}}
        elif part.kind == "from_level" and own is not None and own[0] == "ブルームエフェクト" and not steps \
                and "from_level" not in out:
            out["from_level"] = part.value       # 13.3.2: it triggers only on a bloom from that level
        elif part.kind == "limited" and support:
            continue                         # 2.12: the card's `limited: true`
        elif part.kind == "name_limit" and own is not None and part.value == own and "name_limit" not in out:
            out["name_limit"] = "once_per_turn"      # 10.7.2.1.1, over its player's abilities of that name
        elif part.kind in ("condition", "cost") and support and not steps:
            key = part.kind
            if key in out:
                raise CannotParse(normalise(text), f"two {key}s")
            out[key] = part.value
        else:
            raise CannotParse(normalise(text), f"a {part.kind} here")
    if not steps:
        raise CannotParse(normalise(text), "no effect")
    out["effect"] = steps
    return out


def _joined(first: dict, second: dict | None, text: str) -> dict:
    """Both conditions (every key must hold); the same key twice is not guessed at."""
    if second and set(first) & set(second):
        raise CannotParse(normalise(text), "two conditions on the same thing")
    return {**first, **(second or {})}


def _under(condition: dict, steps: list, text: str) -> list:
    """The steps of a sentence that continue a conditional one: each holds only where it does."""
    return [{"if": _joined(condition, s.get("if"), text), **{k: v for k, v in s.items() if k != "if"}}
            for s in steps]


def attached_abilities(text: str) -> list[dict]:
    """The abilities of a tool, mascot or fan, line by line: its own, then after a ◆ line the
    additional abilities it has while attached to such a holomem (5.19.1), and a fan's attach rule."""
    abilities, condition = [], None
    for line in re.split(r"[\r\n]+", unicodedata.normalize("NFKC", text or "")):
        if not line.strip():
            continue
        got = parse(line, "attached_line")
        if got.kind == "condition":
            condition = got.value
        elif got.kind == "ability":
            ability = dict(got.value)
            # what the card may be attached to is the card's, never an ability it gains (11.4.3)
            if condition is not None and ability["kind"] != "attach_rule":
                ability["condition"] = {**condition, **ability.get("condition", {})}
            abilities.append(ability)
    if not abilities:
        raise CannotParse(normalise(text), "no ability")
    return abilities


def compile_gift(text: str) -> dict:
    """A gift (13.4.1) is the kind of ability it is, with the keyword: 'when this holomem is downed'
    works inside down processing (10.1.1.2.3), 'when this holomem uses an art / takes damage' is an
    automatic ability (10.8). Other gifts (continuous ones, other triggers) are not derived yet."""
    try:
        head, parts = parse(text, "gift")
    except CannotParse as e:
        if not e.why:
            raise CannotParse(e.phrase, "a gift") from None
        raise
    if "continuous" in head:                # a continuous gift (10.1.1.3)
        return {"kind": "continuous", "keyword": "gift",
                **{k: v for k, v in head["continuous"].items() if k != "kind"}}
    trigger = head["trigger"]
    step = None
    if isinstance(trigger, tuple):          # ('step', name, whose turn): 'when <whose> <step> starts/ends'
        _, step, whose = trigger
        trigger = "step"
        if head.get("turn", whose) != whose:
            raise CannotParse(normalise(text), "two turns")
        head = {**head, "turn": whose}
    down = trigger in ("when_downed", "when_downs")   # 10.1.1.2.3, 11.3.1.1: in down processing
    out = {"kind": trigger if down else "auto", "keyword": "gift"}
    if not down:
        out["trigger"] = trigger
    if step:
        out["step"] = step
    condition = {}
    if "turn" in head and not (step and head["turn"] == "own"):    # a step trigger: its player's own turn's
        condition["turn"] = head["turn"]
    if "position" in head:                  # [position only] (4.7.4, 4.8.4, 4.9.3)
        condition["position"] = head["position"]
    if condition:
        out["condition"] = condition
    if "limit" in head:
        if down:
            raise CannotParse(normalise(text), "a limit on a 'when downed' ability")
        out["limit"] = head["limit"]
    out.update(_steps(parts, text, support=False))
    return out


def skill_text(ja: dict) -> str | None:
    """The Japanese text of a ja of cards-official-ja.json (support texts are under `name`)."""
    if ja["type"] == "サポート効果":
        return ja.get("name")
    return ja.get("description") or ja.get("text")


def compile_skill(card: dict, ja: dict) -> dict | None:
    """The encoding keys of one ja of a card; None when the ja has no text (an art with none)."""
    text = skill_text(ja)
    kind = ja["type"]
    if not text:
        return None
    try:
        if kind == "アーツ":
            header, parts = parse(text)
            if header:
                raise CannotParse(normalise(text), "an oshi ja header in an art")
            # 'when this art downs an opponent's holomem': carried out in its down processing (11.3.1.1)
            at = next((i for i, p in enumerate(parts) if p.kind == "downs"), len(parts))
            downs = list(parts[at].value) if at < len(parts) else []
            for p in parts[at + 1:]:
                # a そして sentence continues it (10.3.3); another sentence after it is not guessed at
                if p.kind != "steps" or not p.connector or p.conditional or p.bullet:
                    raise CannotParse(normalise(text), "a sentence after 'when this art downs'")
                downs += p.value
            rest = parts[:at]
            out = _steps(rest, text, support=False) if rest else {}
            return {**out, **({"downs": downs} if downs else {})}
        if kind == "キーワード":
            ability = {"kind": KEYWORD_KINDS.get(ja.get("subtype"), "gift")}
            if ja.get("name"):
                ability["name"] = ja["name"]
            if ability["kind"] == "gift":
                return {**ability, **compile_gift(text)}
            header, parts = parse(text)
            own = (ja.get("subtype"), normalise(ja.get("name") or ""))
            return {**ability, **_steps(parts, text, support=False, own=own)}
        if kind == "サポート効果":
            sub = card["card_type"].split("・")[1] if "・" in card["card_type"] else ""
            if sub in ATTACHED_KINDS:
                # tools, mascots and fans: continuous and automatic abilities of attached cards (5.17)
                return {"abilities": attached_abilities(text)}
            if sub not in SUPPORT_KINDS:
                raise CannotParse(_sentence_at(normalise(text), 0), f"a {sub} card's abilities")
            header, parts = parse(text)
            own = ("support", normalise(card.get("name") or ""))
            return {"kind": "support", **_steps(parts, text, support=True, own=own)}
        if kind in ("推しスキル", "SP推しスキル"):
            header, parts = parse(text)
            if not header:
                raise CannotParse(_sentence_at(normalise(text), 0), "no holo power cost")
            # 'usable when X:' before its effect: the skill's condition (10.1.1.1.1)
            usable = parts[0].value if parts and parts[0].kind == "skill_condition" else None
            skill = {**header, "timing": "activated", **({"condition": usable} if usable else {})}
            return {**skill, **_steps(parts[1:] if usable else parts, text, support=False)}
        if kind == "エクストラ":
            return {"extra": parse(text, "extra")}
        raise CannotParse(_sentence_at(normalise(text), 0), f"a {kind}")
    except CannotParse as e:
        out = {"unsupported": e.reason()}
        if kind == "キーワード":
            out = {"kind": KEYWORD_KINDS.get(ja.get("subtype"), "gift"),
                   **({"name": ja["name"]} if ja.get("name") else {}), **out}
        if kind in ("推しスキル", "SP推しスキル"):
            m = re.match(r"\[ホロパワー:-(\d+)\]", normalise(text))
            if m:                              # 12.1.3: the cost is a fact of the official list
                out = {"holopower": int(m.group(1)), **out}
        return out


def slot(ja: dict) -> str:
    """Where a ja goes in a card record."""
    return {"アーツ": "arts", "キーワード": "abilities", "サポート効果": "abilities", "推しスキル": "oshi_skill",
            "SP推しスキル": "sp_oshi_skill", "エクストラ": "extra"}.get(ja["type"], "abilities")


def validate(entries: dict) -> list[str]:
    """Every problem of compiled records `{number: record}` as `judge cards check` finds them (the card
    schema made from the declarations, then what the schema cannot say); [] when they are well-formed."""
    import yaml

    from ....scenario.schema import errors
    from ....scenario.yamlload import load_yaml_text
    from ..terms import records_problems
    class NoAliases(yaml.SafeDumper):
        def ignore_aliases(self, data):
            return True
    doc = load_yaml_text(yaml.dump({"set": "COMPILED", "name": "compiled", "cards": entries}, Dumper=NoAliases,
                                   allow_unicode=True, sort_keys=False), "<compiled>")
    found = [str(e) for e in errors(doc, "hololive/card")]
    if not found:
        found = [f"{'.'.join(map(str, p))}: {m}" for p, m, _ in records_problems(entries)]
    return found


def set_of(number: str) -> str:
    return number.split("-")[0]


def compile_card(card: dict) -> list[tuple[str, dict, dict]]:
    """(slot, ja, compiled entry) for each ja of a card that has text."""
    out = []
    for ja in card.get("skills", []):
        entry = compile_skill(card, ja)
        if entry is not None:
            out.append((slot(ja), ja, entry))
    return out


def report(cards: dict) -> dict:
    """Per set: abilities with text, how many compiled, and the blocking phrases counted."""
    from collections import Counter
    sets: dict[str, dict] = {}
    for number, card in cards.items():
        row = sets.setdefault(set_of(number), {"cards": 0, "complete": 0, "abilities": 0, "parsed": 0})
        row["cards"] += 1
        compiled = compile_card(card)
        row["abilities"] += len(compiled)
        ok = sum("unsupported" not in e for _, _, e in compiled)
        row["parsed"] += ok
        row["complete"] += ok == len(compiled)
    return sets


def blocking_phrases(cards: dict) -> "Counter":
    from collections import Counter
    return Counter(e["unsupported"] for c in cards.values() for _, _, e in compile_card(c) if "unsupported" in e)


def without_defaults(value):
    """Steps with every verb key that says its declared default dropped (`count: 1` of send_cheer):
    two encodings that differ only so mean the same (terms.py)."""
    from ..terms import declared
    verbs = declared().families["step"].terms
    if isinstance(value, list):
        return [without_defaults(v) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for k, v in value.items():
        term = verbs.get(k)
        keys = getattr(getattr(term, "arg", None), "terms", None)
        if isinstance(v, dict) and keys:
            v = {a: without_defaults(b) for a, b in v.items()
                 if not (a in keys and keys[a].default == b)}
        out[k] = without_defaults(v)
    return out
