"""The terms of OSICA's card encoding, each declared once (judge/core/terms.py): a card's keywords
(〔チャージX〕, 〔ダブル〕, ...), its abilities by timing (【エントリー:X】, 【アピール:X】, ...), the
conditions of its texts (《結束X》, 《設計X》, ranks, light orbs) and the verbs of its effects. The
card schema (schemas/card.schema.json), the documentation table and the engine's dispatch come
from these declarations (`judge cards terms --game osica`).

The page names its keywords and never defines a card's anatomy: level, AP, yell symbols, tags and
card types are encoded as the statements use them (the assumption `card.anatomy`)."""
from __future__ import annotations

import functools

from judge.core.terms import NO_DEFAULT, Bool, Enum, Int, ListOf, Ref, Term, Text, Vocabulary, mapping

VOCAB = Vocabulary("osica")

N = Int(minimum=0)
N1 = Int(minimum=1)
SIGNED = Int()
STEPS = Ref("steps", "[STEPS]")
TARGET = Ref("target", "TARGET")
CONDITION = Ref("condition", "CONDITION")


def key(name, doc, arg=None, *rules, default=NO_DEFAULT, required=False) -> Term:
    return Term(name, tuple(rules), doc, arg, default=default, required=required)


STEP = VOCAB.family(
    "step", "verb",
    "One step of an effect: a mapping with exactly one verb, and an optional `if:` condition.",
    shape="step", extra=[key("if", "the step is carried out only if this condition holds", CONDITION)])
VOCAB.define("steps", ListOf(Ref("step"), min_items=0), "An effect: steps carried out in order (partial.1).")

VOCAB.record("target", "The characters a step acts on: `choose` one (a target, kw.through.2) or `all` "
              "of them (no target, kw.through.3).", [
                  key("choose", "choose one character of this side", Enum("own", "opponent", "any"), "kw.through.2"),
                  key("all", "every character of this side (not a target)", Enum("own", "opponent", "both"),
                      "kw.through.3"),
                  key("self", "the card whose text this is", Bool()),
                  key("chosen", "the character an earlier step of the text chose", Bool(), "partial.3"),
                  key("where", "where the characters are (default: stage and assist area)",
                      Enum("stage", "assist", "both")),
                  key("standing", "only standing characters", Bool()),
                  key("facing", "only the opponent's character facing the appealing card (stage.9-11)", Bool(),
                      "kw.annihilate.1"),
                  key("rested", "only rested characters", Bool())],
              at_least_one=("choose", "all", "self", "chosen"), title="target key")

CONDITIONS = VOCAB.family(
    "condition", "condition", "A condition: a mapping whose every key must hold ('you' are the text's player).",
    shape="mapping")
VOCAB.add("condition", key("unity_name", "《結束X「NAME」》: X or more cards named NAME on your stage and assist area",
                           mapping(key("name", "the card name", Text("NAME"), required=True),
                                   key("count", "X", N1, required=True)), "kw.unity-name.1", "kw.brackets.1"))
VOCAB.add("condition", key("unity_tag", "《結束X<TAG>》: X or more cards with the tag on your stage and assist area",
                           mapping(key("tag", "the tag", Text("TAG"), required=True),
                                   key("count", "X", N1, required=True)), "kw.unity-tag.1", "kw.brackets.2"))
VOCAB.add("condition", key("design", "《設計X》: X or more cards with 《設計》 in your drop area", N1, "kw.design.1"))
VOCAB.add("condition", key("rank", "your rank NAME is X or more",
                           mapping(key("name", "the rank's name", Text("NAME"), required=True),
                                   key("at_least", "X", Int(), required=True)), "kw.rank.3"))
VOCAB.add("condition", key("light_orb", "you have a light orb out (true) or not (false)", Bool(), "kw.light-orb.3"))

KEYWORDS = VOCAB.record("keywords", "The keywords a card has (テキスト解説).", [
    key("charge", "〔チャージX〕, each X the card has (the highest counts)", ListOf(N1), "kw.charge.1", "kw.charge.2"),
    key("critical", "〔クリティカル〕 (how many times it is printed: it counts once)", N1, "kw.critical.1", "steal.2"),
    key("through", "〔スルー〕", Bool(), "kw.through.1"),
    key("stop", "〔ストップ〕", Bool(), "kw.stop.1"),
    key("double", "〔ダブル〕", Bool(), "kw.double.1"),
    key("power_up", "〔パワーアップX〕: X", N1, "kw.power-up.1"),
    key("annihilate", "〔滅殺X〕: X", N, "kw.annihilate.1"),
    key("cheer", "〔応援X〕: X", N1, "kw.cheer.1"),
    key("compound", "〔調合X〕: X", N1, "kw.compound.1"),
    key("decode", "〔解読X〕: X", N, "kw.decode.1"),
    key("perform", "〔演奏X〕: X", N, "kw.perform.1"),
    key("commune", "〔交信X〕: X", N1, "kw.commune.1"),
    key("design", "《設計X》 is printed on the card (it counts for any 《設計》 condition)", Bool(), "kw.design.2"),
    key("cheer_as", "[このカードは〔応援X〕を持つカードとして扱う]: counted as a card with 〔応援〕, in any area",
        Bool(), "kw.cheer.2", "kw.brackets.4"),
    key("counter", "【カウンター:X】: X (its text is the ability of timing `counter`)", N, "kw.counter.1")],
    title="keyword")

TIMINGS = ("entry", "appeal", "action", "play", "counter", "cheered", "compounded", "decoded", "performed",
           "communed", "stolen", "turn_end")
TIMING_RULES = {"entry": ("kw.entry.1",), "appeal": ("kw.appeal.1",), "action": ("kw.action.1",),
                "play": ("kw.play.1",), "counter": ("kw.counter.1",), "cheered": ("kw.cheer.1",),
                "compounded": ("kw.compound.1",), "decoded": ("kw.decode.1",), "performed": ("kw.perform.1",),
                "communed": ("kw.commune.1",), "stolen": ("steal.5",), "turn_end": ("end.1",),
                "keyword": ()}
TIMING_DOCS = {"entry": "【エントリー:X】: the card came onto your stage or assist area",
               "appeal": "【アピール:X】: the card appealed", "action": "【アクション:X】: used in the event phase",
               "play": "【プレイ:X】: the event card is played in the event phase",
               "counter": "【カウンター:X】: the card was seen as a stolen heart",
               "cheered": "このカードが応援したなら", "compounded": "このカードが調合したなら",
               "decoded": "このカードが解読したなら", "performed": "このカードが演奏したなら",
               "communed": "このカードが交信したなら", "stolen": "ハートを奪ったなら: this card's appeal stole hearts",
               "turn_end": "ターン終了時: at the end phase"}
ABILITY_KEYS = [key("cost", "X: the cost paid to use it (default 0)", N),
                key("if", "the condition of its 《結束》, 《設計》, rank or light orb", CONDITION),
                key("optional", "whether the player may choose not to use it (default: as its timing says)", Bool()),
                key("do", "its effect", STEPS, required=True)]
ABILITY = VOCAB.family("ability", "ability", "A text of the card: its `timing` says when it is used.",
                       shape="tagged", tag="timing")
for _t in TIMINGS:
    VOCAB.add("ability", Term(_t, TIMING_RULES[_t], TIMING_DOCS[_t], mapping(*ABILITY_KEYS)))

TYPES = ("character", "support", "event", "marker")
VOCAB.record("card", "One OSICA card: its printed facts (assumption card.anatomy) and its texts.", [
    key("name", "its name", Text("NAME"), "kw.brackets.1", required=True),
    key("type", "character, support, event, or marker (limit, 先手, 後手 cards and points: never in a deck)",
        Enum(*TYPES), "build.4", "build.8", required=True),
    key("work", "the work (作品) it belongs to", Text("WORK"), "build.5", required=True),
    key("code", "its code (a reprint with another number shares it)", Text("CODE"), "build.6"),
    key("level", "its level (characters)", N, "stage.3"),
    key("ap", "its AP (characters)", SIGNED, "chara.4"),
    key("yell", "its yell symbols", N, "yell.1"),
    key("tags", "its tags", ListOf(Text("TAG"), min_items=0), "kw.brackets.2"),
    key("keywords", "its keywords", Ref("keywords")),
    key("abilities", "its texts", ListOf(Ref("ability"), min_items=0))], title="card key")

verb = functools.partial(VOCAB.implements, "step", method=False)
