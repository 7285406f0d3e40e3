"""The Love Live! effect language: its vocabulary, declared once (judge.core.terms explains the model).

* ability kinds (9.1.1: activated, auto, continuous) and their keys, below;
* costs (9.4), by `@cost_function(...)` on the function that pays them (costs.py);
* verbs (one-shot effects 9.8, continuous effects with a duration 9.2.1.2), by `@verb_function(...)` on
  the function that carries them out (effects.py);
* conditions, by `@condition(...)` on the function that tests them (effects.py);
* triggers (9.7, 11.4-11.6), in the table of triggers.py;
* continuous modifiers (9.9), in the table of continuous.py;
* the keys of a card filter and of a member selector (effects.py).

`declared()` imports every module that declares terms. From the declarations come
schemas/card.schema.json (`judge cards terms --game lovelive --write`) and the tables of
`judge cards terms --game lovelive`.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

from ...core.terms import NO_DEFAULT, Bool, Either, Enum, Int, ListOf, OneOrList, Ref, Term, Text, Vocabulary
from ...core.terms import mapping  # noqa: F401  (part of this module's API for the declaring modules)
from .cards import COLORS

VOCAB = Vocabulary("lovelive")

# No printed number of the game reaches 99 (costs, hearts, blades, scores, card counts): a larger one is a
# typo, reported as bad input rather than run (a 'draw 10**12' whose every draw is replaced would not end).
N = Int(minimum=0, maximum=99)
N1 = Int(minimum=1, maximum=99)
COLOR = Enum(*COLORS)
NAMES = OneOrList(Text("NAME"))
STEPS = Ref("steps", "[STEPS]")
CONDITION = Ref("condition", "CONDITION")
CARD_FILTER = Ref("card_filter", "FILTER")
MEMBERS = Ref("member_selector", "MEMBERS")
COUNT = Ref("count", "COUNT")
# The group names the rules list (appendix A) as card text prints them, and the group of the card data.
GROUPS = {"μ's": "μ's", "Aqours": "Sunshine", "虹ヶ咲": "Nijigasaki", "Liella!": "Superstar",
          "蓮ノ空": "Hasunosora"}


def key(name, doc, arg=None, *rules, default=NO_DEFAULT, required=False) -> Term:
    """A key of a mapping (a verb's argument, an ability's keys, a record's)."""
    return Term(name, tuple(rules), doc, arg, default=default, required=required)


STEP_KEYS = ("if",)


def verb_of(step: dict) -> str:
    """The verb of a step: its one key besides `if`."""
    from ...core.errors import NotRunnable
    keys = [k for k in step if k not in STEP_KEYS]
    if len(keys) != 1:
        raise NotRunnable(f"a step needs exactly one verb, got {keys or 'none'}")
    return keys[0]


STEP = VOCAB.family(
    "step", "verb",
    "One step of an effect: a mapping with exactly one verb and an optional `if:` condition (the step is "
    "skipped when it does not hold). Steps are carried out in the order written (9.8.1).",
    shape="step", extra=[key("if", "the step is carried out only if this condition holds", CONDITION, "9.3.3")])
VOCAB.define("steps", ListOf(Ref("step"), min_items=1), "An effect: a list of steps carried out in order (9.8.1).")

COST = VOCAB.family(
    "cost", "cost",
    "One action of a cost (9.4.1): a mapping with exactly one key. Several are paid in the order written "
    "(9.4.2.2), only from the player's own resources (9.4.2.1), and all or none (9.4.2.3).", shape="step")
VOCAB.define("costs", ListOf(Ref("cost"), min_items=1), "A cost: its actions, in the order written (9.4.2.2).")

CONDITIONS = VOCAB.family(
    "condition", "condition",
    "A condition: a mapping whose every key must hold. 'You' is the ability's master; 'this member' the "
    "card the ability is on.", shape="mapping")

TRIGGER = VOCAB.family("trigger", "trigger", "What an automatic ability waits for (9.7.2): its trigger "
                       "condition (9.1.1.2.1).")
MODIFIER = VOCAB.family(
    "modifier", "modifier",
    "What a continuous ability (9.1.1.3) or a continuous effect (9.2.1.2) changes (9.9.1): a mapping of these "
    "keys.", shape="mapping")

VOCAB.define("count", Either(N, Ref("count_of", "{per: .., every: .., max: ..}")),
             "A number, or a number counted when the step is carried out.")
COUNT_OF = VOCAB.record("count_of", "A number counted when the step is carried out: `times` for each thing "
                        "`per` counts (for each `every` of them), at most `max`.", [
    key("per", "what is counted", Enum("success_cards", "energy", "members", "cost_cards", "yell_lives", "drawn", "hand",
                         "hand_others", "opponent_members"),
        required=True),
    key("filter", "with `per: members` or `opponent_members`: only members that match", CARD_FILTER),
    key("every", "one for each this many", N1, default=1),
    key("times", "this much for each", N1, default=1),
    key("max", "at most this much", N)])

ABILITY = VOCAB.family(
    "ability", "ability",
    "An ability (9.1.1): its `kind` says which, and which keys it may have.", shape="tagged", tag="kind",
    common=[key("limit", "a keyword that limits how often it is played (11.2, 11.3)",
                Enum("once_per_turn", "twice_per_turn"), "11.2.2", "11.3.2"),
            key("position", "a keyword: it works only while its member is in this area (11.7-11.9)",
                Enum("center", "left", "right"), "11.7.1", "11.8.1", "11.9.1"),
            key("zone", "where it works when its text says so (9.3.4.1); without it, a member's ability works "
                "in a member area (9.3.4.2), a live card's in the live card zone (9.3.4.3)",
                Enum("hand", "waiting_room", "anywhere"), "9.3.4.1"),
            key("invalid_if", "while this holds the ability is there but invalid: it makes no effect and no "
                "choice (9.3.2)", CONDITION, "9.3.2"),
            key("unsupported", "the engine cannot run this ability yet, and why", Text("WHY"))])


def ability_kind(name, *rules, doc, keys=(), at_least_one=()) -> Term:
    return VOCAB.add("ability", Term(name, tuple(rules), doc, mapping(*keys, at_least_one=at_least_one)))


TARGETS = key("targets", "members chosen when it is played (9.6.2.2), before its cost; unless all of `count` can "
              "be chosen it cannot be played (9.6.3.1.2). Steps name them with `to: {targets: true}`",
              mapping(key("members", "among which", MEMBERS, required=True), key("count", "how many", N1, default=1)),
              "9.6.2.2", "9.6.3.1.2")
ability_kind("activated", "9.1.1.1", "9.1.1.1.1", doc="起動: played by its master at a play timing by paying its "
             "cost", keys=[TARGETS, key("cost", "what is paid to play it (9.4.1)", Ref("costs", "[COSTS]"), "9.4.1"),
                           key("effect", "what it does", STEPS, required=True)])
ability_kind("auto", "9.1.1.2", "9.1.1.2.1", doc="自動: played at the next check timing after its trigger "
             "(9.7.1)", keys=[
                 key("trigger", "its trigger condition (9.1.1.2.1); a list: any of them (11.1.3)",
                     OneOrList(Ref("trigger", "TRIGGER")), "9.1.1.2.1", "11.1.3", required=True),
                 key("when", "only when the trigger's card or event also matches this", Ref("trigger_filter", "{..}")),
                 key("state", "with `trigger: state`: the state it waits for (9.7.6)", CONDITION, "9.7.6"),
                 TARGETS,
                 key("cost", "an optional cost: its master may decline to pay it, and then does not play it "
                     "(9.7.3.1.1)", Ref("costs", "[COSTS]"), "9.4.1", "9.7.3.1.1"),
                 key("effect", "what it does", STEPS, required=True)])
ability_kind("continuous", "9.1.1.3", "9.1.1.3.1", doc="常時: while it works, its effect is always on (9.6.1)",
             keys=[key("while", "it changes nothing unless this holds (9.3.3)", CONDITION, "9.3.3"),
                   key("modify", "what it changes", Ref("modifier", "MODIFIER")),
                   key("replace", "a replacement effect (9.2.1.3, replacements.py): when `event` would happen, "
                       "`instead` happens (9.2.1.3.1); with `may`, its player may carry out `may` and, if they do, "
                       "`instead` (9.2.1.3.2)",
                       mapping(key("event", "`wait`: this member would be made to wait by an effect; `draw`: you "
                                   "would draw a card by an effect", Enum("wait", "draw"), required=True),
                               key("may", "the choice of a choice-type replacement (9.2.1.3.2)",
                                   Ref("costs", "[COSTS]")),
                               key("instead", "what happens instead", STEPS, required=True)),
                       "9.2.1.3", "9.10.1")],
             at_least_one=("modify", "replace"))

TRIGGER_FILTER = VOCAB.record("trigger_filter", "What the trigger's event must also be.", [
    key("by", "the card that caused it (a baton touch: the member played)", CARD_FILTER),
    key("member", "the member (or card) it happened to", CARD_FILTER),
    key("whose", "whose member it happened to", Enum("own", "opponent"), default="own"),
    key("revealed_any", "with `trigger: yell`: one of the cards the yell revealed matches (so it revealed one)",
        CARD_FILTER, "8.3.11"),
    key("ability_trigger", "with `trigger: member_ability_resolved`: the ability that resolved is an automatic "
        "ability of this trigger", Enum("enter", "live_start", "live_success"), "9.6.2.4"),
    key("from_area", "with `trigger: member_moved`: the member moved from this area", Enum("left", "center", "right"),
        "11.10.1"),
    key("nth_entry", "with `trigger: member_entered`: the member is the N-th to enter your stage this turn (each "
        "entry counts, whether or not the member is still there: FAQ Q160)", N1, "11.4.1")])

cost_function = functools.partial(VOCAB.implements, "cost", group="core", method=False)
verb_function = functools.partial(VOCAB.implements, "step", group="core", method=False)
condition = functools.partial(VOCAB.implements, "condition", method=False)


@functools.lru_cache(maxsize=1)
def declared() -> Vocabulary:
    """The vocabulary with every term declared: import every module that declares some."""
    from . import (abilities, continuous, costs, costs_boosters, effects, effects_boosters,  # noqa: F401
                   effects_cover, replacements, triggers)
    return VOCAB


# ------------------------------------------------------------------ products
SCHEMA_FILE = Path(__file__).parent / "schemas" / "card.schema.json"
GENERATED = "generated from the declarations of the effect language (judge/games/lovelive/terms.py): " \
            "`judge cards terms --game lovelive --write`; do not edit"


def card_schema() -> dict:
    """The schema of a card set file: its frame, and the effect language's definitions."""
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "https://judge.invalid/schemas/lovelive/card.schema.json",
        "$comment": GENERATED,
        "title": "Love Live! card set: the abilities of cards whose facts come from the card list",
        "type": "object", "additionalProperties": False, "required": ["set", "cards"],
        "properties": {
            "set": {"type": "string", "description": "the card set (the card numbers' prefix)"},
            "name": {"type": "string", "description": "the set's name"},
            "cards": {"type": "object", "description": "card number -> its encoding",
                      "additionalProperties": {"$ref": "#/definitions/card_encoding"}}},
        "definitions": {
            "card_encoding": {
                "description": "the abilities of a card (2.12); its printed facts come from the card list",
                "type": "object", "additionalProperties": False,
                "properties": {
                    "abilities": {"type": "array", "items": {"$ref": "#/definitions/ability"},
                                  "description": "its abilities, in printed order"},
                    "same_as": {"type": "string", "description": "a reprint: the abilities of this card number"},
                    "faq": {"type": "array", "items": {"type": "string"},
                            "description": "official FAQ numbers about this card (transcribed as scenarios)"},
                    "rules": {"type": "array", "items": {"type": "string"},
                              "description": "the rules of the comprehensive rules this card is encoded to exercise "
                                             "(a card beyond the start decks: its scenarios cite them)"}},
                "anyOf": [{"required": ["abilities"]}, {"required": ["same_as"]}]},
            **declared().schema_definitions(GENERATED)}}


def schema_text() -> str:
    return json.dumps(card_schema(), indent=2, ensure_ascii=False) + "\n"


DOC_FILE = Path(__file__).resolve().parents[3] / "docs" / "lovelive-cards.md"
DOC_HEAD = """# Love Live! card encodings and the effect language

A card's printed facts (type, cost, blades, hearts, score, required hearts) come from the card list
(`judge/games/lovelive/data/card-facts.json`, built from ../shared/reference/lovelive/cards.json); an
**encoding** gives its abilities (2.12, 9.1). Encodings live in YAML set files,
`judge/games/lovelive/sets/<set>.yaml`, checked against `schemas/card.schema.json` (made from the
declarations below): an unknown or misspelt key is an error with the file, line, path and closest spelling
(`judge cards check --game lovelive FILE`, exit 2). No card text is copied: abilities are encoded.

```yaml
set: PL!N-sd1
cards:
  PL!N-sd1-004-SD:
    abilities:
      - {kind: auto, trigger: live_start, cost: [{discard: 1}], effect: [{gain: {modify: {blade: 2}}}]}
  PL!N-sd1-004-SD2: {same_as: PL!N-sd1-004-SD}     # a reprint
```

A scenario's `cards:` may give a test card `abilities:` in the same language. `judge cards show --game
lovelive NUMBER` reads an encoding back; `judge cards status --game lovelive` counts complete cards per set
and for the start decks; `judge cards terms --game lovelive` lists the terms. The tables below are
generated from the declarations (`judge cards terms --game lovelive --write`); do not edit them.
"""


def doc_text() -> str:
    vocab = declared()
    parts = [DOC_HEAD]
    for name, fam in vocab.families.items():
        parts.append(f"## {fam.title} (`{name}`)\n\n{fam.doc}\n\n{vocab.markdown(name)}\n")
        if fam.shape == "tagged":
            for kind in fam.public():
                parts.append(f"### `{fam.tag}: {kind.name}`\n\n{vocab.markdown_of(kind.arg)}\n")
            parts.append(f"Every kind may also have:\n\n{vocab.markdown_of(fam, fam.common, head='key')}\n")
    return "\n".join(parts)


def generated() -> dict:
    return {SCHEMA_FILE: schema_text(), DOC_FILE: doc_text()}


__all__ = ["VOCAB", "key", "verb_of", "declared", "Bool", "Either", "Enum", "Int", "ListOf", "OneOrList", "Ref",
           "Term", "Text"]
