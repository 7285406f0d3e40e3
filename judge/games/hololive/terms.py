"""The hololive effect language: its vocabulary, and the types its declarations share.

Each term is declared once, beside the code that carries it out (judge.core.terms explains the
model):

* verbs, by `@verb_function(...)` on a function of the game in the module of its rules area
  (effects/verbs.py, change.py, players.py, attach.py, card_terms.py, ...); the engine runs a step
  through its verb's declaration (effects/verbs.py, `run_step`);
* conditions, by `@condition(...)` on the function that tests them (effects/select.py, `holds`);
* holomem selectors and card-filter keys, in tables beside `holomems` and `card_matches`
  (effects/select.py);
* ability kinds and their keys, in the module that carries each kind out (triggers.py, continuous.py,
  replacement.py, ...); the records they use (an oshi skill, a 'usable when', a trigger's spec)
  likewise.

`declared()` imports every module that declares terms. From the declarations come the generated
definitions of schemas/card.schema.json (in this folder) (`card_schema`), the tables of docs/cards.md (`cards_doc`),
and the names `judge cards check` knows; `judge cards terms --write` writes the first two, and the
tests fail when the committed files differ from what the declarations give.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from ...core.terms import NO_DEFAULT, Bool, Either, Enum, Int, ListOf, OneOrList, Ref, Term, Text, Vocabulary
from ...core.terms import mapping  # noqa: F401  (part of this module's API for the declaring modules)
from .cards import COLORS

VOCAB = Vocabulary("hololive")

# ------------------------------------------------------------------ shared types
# 12.1.3.1: an oshi skill whose holo power cost is X may write X wherever its text has the number.
N = Int(minimum=0, variable="X")
N1 = Int(minimum=1, variable="X")
SIGNED = Int(variable="X")                 # a modifier may lower a number (arts -50)
SELECTOR = Ref("holomem_selector", "SELECTOR")
HOLOMEM_FILTER = Ref("holomem_filter", "{where: .., who: .., name: .., ..}")
CARD_FILTER = Ref("card_filter", "CARD-FILTER")
CONDITION = Ref("condition", "CONDITION")
STEPS = Ref("steps", "[STEPS]")
NAMES = OneOrList(Text("NAME"))
COLOR = Enum(*COLORS)
PLAYER_ZONES = ("deck", "cheer_deck", "hand", "archive", "holopower", "life")
UNTIL = Enum("end_of_turn")
WHO = Enum("own", "opponent")
WHOSE = Enum("own", "opponent", "any")
LIMIT = Enum("once_per_turn", "once_per_game")
DAMAGE_KIND = Enum("arts", "special")


def key(name, doc, arg=None, *rules, default=NO_DEFAULT, required=False) -> Term:
    """A key of a mapping (a verb's argument, an ability's keys, a record's)."""
    return Term(name, tuple(rules), doc, arg, default=default, required=required)



# the results a die can be said to show (5.24.1): the branches after `roll_die`, and a count of dice
BRANCH_KEYS = ("odd", "even", "1", "2", "3", "4", "5", "6", "<=2", "<=3", "<=4", "<=5", ">=2", ">=3",
               ">=4", ">=5")
# 'for each (X)': what a number is multiplied by, counted when the step resolves (cardpool._count); the
# keys are declared once, for a `per:` of any verb and for `art_bonus_per` (PER_KEYS)
PER_KEYS = (
    key("every", "counted in groups of this many ('for each 2')", Int(minimum=1), default=1),
    key("on", "the holomems counted, or whose cards are counted", SELECTOR, default="this"),
    key("what", "`holomems`, `cheer` attached to them (with `filter`: of its colours), `cheer_colors`: the colours "
        "of the cheer attached to them, each colour once ('エール1色につき', 2.4), `attached` cards (with `filter`), "
        "`stacked` holomem cards under them, `damage`: the damage they have taken, added up (4.4.5: "
        "'受けているダメージの合計数'), `paid`: the cards the `put` of the cost before the colon moved "
        "('アーカイブしたカード1枚につき', 10.4.1; `on` unused), `dealt`: the damage an oshi skill 'usable when ... "
        "dealt damage' answers ('それと同じ数値', 12.1.5.3), or a `dealt_damage` ability ('与えたダメージ10につき': "
        "`every: 10`; `on` unused), `baton_cost`: the colourless cheer their "
        "baton passes need now ('バトンタッチに必要な無色1つにつき', 2.10.1), `cards`: the cards of a zone (`zone`, "
        "`who`, `filter`; '相手の手札1枚につき', 'アーカイブのサポートカード1枚につき'; `on` unused), `returned`: the "
        "cards an earlier `return_stacked` step of this effect returned ('この能力で戻したホロメン1枚につき'), "
        "`used_supports`: the support cards its player played from the hand this turn (with `filter`; "
        "'このターンに自分が使っていたサポートカード', Q556-Q558; `on` unused), "
        "`overkill`: in a down processing (an art's `downs`, a `when_downs`), the arts damage dealt beyond the downed "
        "holomem's remaining HP "
        "('オーバーしたダメージ30につき', with `every: 30`; `on` unused), `archived_colors`: the colours of the "
        "cards an earlier `archive_deck_top` of this effect archived, each once ('アーカイブしたエール1色につき'), "
        "`life_lost`: the life its player has lost from the initial life, the oshi's printed life (2.8, 4.10; Q326; "
        "`on` unused), `die`: the pips of the die (the dice, added up) an earlier `roll_die` of this text rolled "
        "('出た目の数1につき'; 0 when none was rolled; `on` unused), `used`: the cards its player used this turn, each "
        "use (with `filter`; 'このターンに自分が使っていたイベント1枚につき', 10.7.2.5.4), `cheer_lead`: the cheer on "
        "your stage more than on your opponent's (none if not more; `on` unused), `revealed`: the cards an earlier "
        "`reveal_deck_top` of this text revealed, `event_cheer`: the cheer whose archiving an oshi skill 'usable when "
        "... archived cheer' answers ('アーカイブしたエール1枚につき', 12.1.5.3; `on` unused), `dice`: the dice an earlier "
        "`roll_die` of this text rolled, each once (with `result`: only those showing it, '奇数が出た回数1回につき'; `on` "
        "unused), `dice_this_turn`: the dice its player rolled for abilities this turn, each once, a re-rolled one once "
        "(Q392-Q394, Q419; `on` unused), `restored`: the HP an "
        "earlier `restore_hp` of this text (its cost too) restored ('回復したダメージ10につき', with `every: 10`; 5.23.1; "
        "`on` unused)",
        Enum("holomems", "cheer", "cheer_colors", "attached", "stacked", "damage", "paid", "dealt", "baton_cost",
             "cards", "returned", "used_supports", "overkill", "archived_colors", "life_lost", "die", "used",
             "cheer_lead", "revealed", "event_cheer", "dice", "dice_this_turn", "restored"), default="holomems"),
    key("result", "with what: dice: only the dice showing this ('4以上が出た回数')", Enum(*BRANCH_KEYS), "5.24.1"),
    key("filter", "with what: attached, cheer, cards, used, used_supports or revealed: only cards matching it "
        "('緑以外のエール')", CARD_FILTER),
    key("zone", "with what: cards: the zone counted", Enum(*PLAYER_ZONES), "4.1"),
    key("who", "with what: cards: whose zone", WHO, default="own"),
    key("any_filter", "with what: cards: cards matching at least one of these filters instead of `filter` "
        "('[#Adventを持つホロメンとエール]1枚につき')", ListOf(CARD_FILTER), "2.15"),
    key("distinct_names", "with what: holomems: count card names, not holomems", Bool()),
    key("max", "count at most this many ('count up to 3')", Int(minimum=1)))
PER = mapping(*PER_KEYS)


# ------------------------------------------------------------------ families
STEP_KEYS = ("if",) + BRANCH_KEYS


def verb_of(step: dict) -> str:
    """The verb of a step: its one key besides `if` and the die branches."""
    from ...core.errors import NotRunnable
    keys = [k for k in step if k not in STEP_KEYS]
    if len(keys) != 1:
        raise NotRunnable(f"a step needs exactly one verb, got {keys or 'none'}")
    return keys[0]
_BRANCH_DOCS = {"odd": "the die shows 1, 3 or 5", "even": "the die shows 2, 4 or 6"}

STEP = VOCAB.family(
    "step", "verb",
    "One step of an effect (10.9): a mapping with exactly one verb, an optional `if:` condition (the step "
    "is skipped when it does not hold) and, after `roll_die`, result branches carried out in the order "
    "written (docs/cards.md, Steps).",
    shape="step",
    extra=[key("if", "the step is carried out only if this condition holds", CONDITION, "10.3.3")] +
          [key(b, "after `roll_die`: the steps carried out when " + _BRANCH_DOCS.get(
              b, f"the die shows {b.replace('<=', 'at most ').replace('>=', 'at least ')}"), STEPS, "5.24.1")
           for b in BRANCH_KEYS],
    needs={b: ("roll_die",) for b in BRANCH_KEYS})
VOCAB.define("steps", ListOf(Ref("step"), min_items=0),
             "An effect: a list of steps carried out in order (10.9, 10.9.1).")

CONDITIONS = VOCAB.family(
    "condition", "condition",
    "A condition (docs/cards.md, Conditions): a mapping whose every key must hold. 'You' is the "
    "ability's player; 'this holomem' the one the ability is on.", shape="mapping")

ABILITY = VOCAB.family(
    "ability", "ability",
    "An ability of the card other than its arts: its `kind` says which (10.1, 13), and which keys it "
    "may have. `unsupported: why` marks an ability the engine cannot run yet.",
    shape="tagged", tag="kind",
    common=[key("name", "printed (Japanese) name of the ability, when it has one", Text("NAME")),
            key("name_en", "English name of the ability", Text("NAME")),
            key("unsupported", "the engine cannot run this ability yet, and why: a scenario that needs it "
                "is reported not runnable", Text("WHY")),
            key("keyword", "a keyword the ability has (13.1.1): `gift` (13.4.1); it works as the kind of "
                "ability it is", Enum("gift"), "13.1.1", "13.4.1"),
            key("zone", "the zone the ability works in when its text says so; without it, where its card "
                "type works (10.3.4.1, 10.3.4.2)", OneOrList(Enum("hand", "archive", "stage")), "10.3.4.3"),
            key("name_limit", "a limit on every ability of this name its player has, together ('自分のブルーム"
                "エフェクト「X」はターンに1回しか使えない'; 10.1.3.1: naming an ability names each ability of that "
                "name), beside a `limit` of this ability alone", Enum("once_per_turn", "once_per_game"),
                "10.1.3.1", "10.7.2.1.1")])

# A verb is a function of the game, `(game, arg, step, ctx, source)`, in the module of its rules
# area: the declaration carries the function itself.
verb_function = functools.partial(VOCAB.implements, "step", group="core", method=False)
condition = functools.partial(VOCAB.implements, "condition", method=False)


def ability_kind(name, *rules, doc, keys=(), at_least_one=()) -> Term:
    """Declare an ability kind and the keys it may have (besides `name`, `unsupported`, ...)."""
    return VOCAB.add("ability", Term(name, tuple(rules), doc, mapping(*keys, at_least_one=at_least_one)))


# ------------------------------------------------------------------ all of it
@functools.lru_cache(maxsize=1)
def declared() -> Vocabulary:
    """The vocabulary with every term declared: the engine imports every module that declares some."""
    from . import engine  # noqa: F401
    return VOCAB


# ------------------------------------------------------------------ beyond the schema
_X_SKILLS = ("oshi_skill", "sp_oshi_skill")


def card_nodes(raw: dict):
    """(path, type, value) of every part of a card record's encoding, read as its declarations say
    (judge.core.terms: Type.walk): its arts' texts, its abilities, its oshi skills."""
    vocab = declared()
    for i, art in enumerate(raw.get("arts") or ()):
        if isinstance(art, dict):
            yield from ART_EFFECT.walk(art.get("effect"), vocab, ("arts", i, "effect"))
    for i, ab in enumerate(raw.get("abilities") or ()):
        yield from Ref("ability").walk(ab, vocab, ("abilities", i))
    for name in _X_SKILLS:
        if isinstance(raw.get(name), dict):
            yield from Ref("oshi_skill").walk(raw[name], vocab, (name,))


ART_EFFECT = Either(STEPS, Ref("art_usable"))


def card_problems(raw: dict) -> list[tuple[tuple, str, str]]:
    """What the schema cannot say about one (schema-valid) card record, as (path in the record,
    message, what was expected): `X` written for a number outside the text of an oshi skill whose
    holo power cost is X (12.1.3.1: only there is an X chosen)."""
    chosen = tuple((name,) for name in _X_SKILLS if isinstance(raw.get(name), dict) and raw[name].get("holopower") == "X")
    found = {path: value for path, t, value in card_nodes(raw)
             if isinstance(t, Int) and t.variable is not None and value == t.variable and path[:1] not in chosen}
    return [(path, f"'{word}' stands for the holo power X an oshi skill chooses (12.1.3.1): it may be written only "
             "in the text of an oshi skill whose `holopower` is X", "a whole number") for path, word in found.items()]


def records_problems(records: dict) -> list[tuple[tuple, str, str]]:
    """`card_problems` of each record of a `cards:` mapping, with paths from the mapping."""
    return [((number,) + path, message, expected) for number, raw in (records or {}).items()
            if isinstance(raw, dict) for path, message, expected in card_problems(raw)]


# ------------------------------------------------------------------ products
ROOT = Path(__file__).resolve().parents[3]
SCHEMA_FILE = Path(__file__).parent / "schemas" / "card.schema.json"
DOC_FILE = ROOT / "docs" / "cards.md"
GENERATED = "generated from the declarations of the effect language (judge/games/hololive/terms.py): " \
            "`judge cards terms --write`; do not edit"


def card_schema(current: dict) -> dict:
    """The card schema with its effect-language definitions made from the declarations: the
    definitions generated before are dropped, the printed facts (rule 2) kept as written."""
    definitions = {k: v for k, v in current.get("definitions", {}).items()
                   if not (isinstance(v, dict) and v.get("$comment") == GENERATED)}
    generated = declared().schema_definitions(GENERATED)
    clash = set(definitions) & set(generated)
    if clash:
        raise ValueError(f"card.schema.json writes by hand what the declarations make: {sorted(clash)}")
    return {**current, "definitions": {**definitions, **generated}}


def schema_text(schema: dict) -> str:
    return json.dumps(schema, indent=2) + "\n"


_MARK = re.compile(r"(<!-- terms: (?P<what>[\w:.=-]+) -->\n)(?P<body>.*?)(<!-- /terms -->)", re.S)


def cards_doc(text: str) -> str:
    """docs/cards.md with each table between `<!-- terms: NAME -->` and `<!-- /terms -->` made from the
    declarations. NAME: a family (`condition`), a family's documentation group (`step=core`), the keys
    of one kind of a tagged family (`ability:auto`) or the keys every kind has (`ability.common`)."""
    vocab = declared()

    def table(m):
        what = m.group("what")
        if "=" in what:
            fam, group = what.split("=", 1)
            body = vocab.markdown(fam, group=group)
        elif ":" in what:
            fam, kind = what.split(":", 1)
            body = vocab.markdown_of(vocab.get(fam, kind).arg)
        elif what.endswith(".common"):
            fam = vocab.named(what.removesuffix(".common"))
            body = vocab.markdown_of(fam, fam.common, head="key")
        else:
            body = vocab.markdown(what)
        return m.group(1) + body + "\n" + m.group(4)
    return _MARK.sub(table, text)


def generated() -> dict:
    """{path: the text the declarations give} for each file made from them."""
    schema = card_schema(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
    return {SCHEMA_FILE: schema_text(schema), DOC_FILE: cards_doc(DOC_FILE.read_text(encoding="utf-8"))}


def stale_files() -> dict:
    """`generated()` of the files that differ from what the declarations give."""
    return {path: text for path, text in generated().items() if path.read_text(encoding="utf-8") != text}
