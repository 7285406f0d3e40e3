"""Then steps: checks (YAML `then`, or `expect` when an action follows them).

A check written after the last action is a `then` check; a check written
between actions (``Then ... / When ...``) is a mid-sequence `expect` at that
point. All checks are evaluated and every failure is reported.
"""
from __future__ import annotations

from .registry import register_generated, then
from .steps_actions import ACTIONS, PLACEMENTS, ActionPhrase


def _check(ctx, key, value, **kw):
    ctx.b.check({key: value}, **kw)


# ---------------------------------------------------------------- holomems
@then("{holomem} has {number} damage", ja=["{holomem}のダメージは{number}", "{holomem}は{number}ダメージを負っている"],
      doc="the damage the holomem has taken (4.4.5)")
def damage(ctx, holomem, number):
    _check(ctx, f"{holomem}.damage", number)


@then("{holomem} has {number} HP left", ja="{holomem}の残りHPは{number}",
      doc="the holomem's remaining HP: printed HP less damage (4.4.5.4)")
def hp(ctx, holomem, number):
    _check(ctx, f"{holomem}.hp", number)


@then("{holomem} is {card}", ja="{holomem}は{card}", doc="the card on top of the holomem")
def top_card(ctx, holomem, card):
    _check(ctx, f"{holomem}.card", card)


@then("{holomem} is rested", ja="{holomem}はお休みしている", doc="the holomem is resting (4.3.2)")
def rested(ctx, holomem):
    _check(ctx, f"{holomem}.rested", True)


@then(["{holomem} is not rested", "{holomem} is active"], ja="{holomem}はお休みしていない",
      doc="the holomem is not resting (4.3.2)")
def active(ctx, holomem):
    _check(ctx, f"{holomem}.rested", False)


@then("{holomem} has {number} cheer", ja="{holomem}のエールは{number}枚",
      doc="how many cheer cards are attached to the holomem")
def cheer_count(ctx, holomem, number):
    _check(ctx, f"{holomem}.cheer.count", number)


@then("{holomem} has cheer {cheers}", ja="{holomem}のエールは{cheers}",
      doc="exactly this cheer is attached (colours or card numbers, in any order)")
def cheer(ctx, holomem, cheers):
    _check(ctx, f"{holomem}.cheer", cheers)


@then("{holomem} is at {where}", ja="{holomem}は{where}にいる",
      doc="where the holomem stands now (a $name follows the holomem wherever it moves)")
def position(ctx, holomem, where):
    _check(ctx, f"{holomem}.position", where)


@then("{holomem} has {cards} attached", ja="{holomem}には{cards}が付いている",
      doc="these support cards are attached to the holomem")
def attached(ctx, holomem, cards):
    _check(ctx, f"{holomem}.attached", {"contains": cards})


@then("{holomem} has {cards} under it", ja="{holomem}の下には{cards}が重なっている",
      doc="these holomem cards are in the holomem (under its top card)")
def stack(ctx, holomem, cards):
    _check(ctx, f"{holomem}.stack", {"contains": cards})


# ------------------------------------------------------------------- zones
@then("{thing} is empty", ja="{thing}は空", doc="the position, zone or list is empty")
def empty(ctx, thing):
    _check(ctx, thing, "empty")


@then("{thing} is not empty", ja="{thing}は空ではない", doc="the position, zone or list is not empty")
def not_empty(ctx, thing):
    _check(ctx, thing, {"empty": False})


@then("{thing} has {number} (cards|card|holomems|holomem)", ja=["{thing}は{number}枚", "{thing}のホロメンは{number}人"],
      doc="how many cards (or holomems) a zone or list holds: A's hand, A's back, A's life, B.center.stack")
def count(ctx, thing, number):
    _check(ctx, f"{thing}.count", number)


@then("{thing} contains {cards:cheers}", ja="{thing}に{cards:cheers}がある",
      doc="the zone or list holds these cards (cheer by colour or number)")
def contains(ctx, thing, cards):
    _check(ctx, thing, {"contains": cards})


@then("{thing} does not contain {cards:cheers}", ja="{thing}に{cards:cheers}はない",
      doc="the zone or list holds none of these cards")
def not_contains(ctx, thing, cards):
    _check(ctx, thing, {"not": cards})


@then("{player}'s {zone} is {cards:cheers}", ja="{player}の{zone}は{cards:cheers}",
      doc="the zone holds exactly these cards (in any order)")
def zone_cards(ctx, player, zone, cards):
    _check(ctx, f"{player}.{zone}", cards)


# -------------------------------------------------------------- the game
@then(["{player} wins the game", "{player} wins", "{player} has won"], ja=["{player}の勝利", "{player}が勝利する"],
      doc="the player has won")
def winner(ctx, player):
    _check(ctx, "winner", player)


@then("the game is a draw", ja=["ゲームは引き分け", "引き分け"], doc="both players lost at once (1.2.2)")
def draw(ctx):
    _check(ctx, "winner", "draw")


@then(["the game goes on", "nobody has won yet"], ja=["ゲームは続いている", "勝敗はまだ決まっていない"],
      doc="the game is not over")
def goes_on(ctx):
    _check(ctx, "winner", "none")


@then("it is {player}'s {step} step", ja="{player}の{step}ステップ", doc="where the game is now")
def turn(ctx, player, step):
    _check(ctx, "turn", {"player": player, "step": step})


@then(["it is {player}'s {step} step of turn {number}", "it is turn {number}, {player}'s {step} step"],
      ja=["ターン{number}の{player}の{step}ステップ", "{player}の{number}ターン目の{step}ステップ"],
      doc="where the game is now, with the turn count")
def turn_number(ctx, player, step, number):
    _check(ctx, "turn", {"player": player, "step": step, "number": number})


@then("it is the {step} step", ja="いまは{step}ステップ", doc="the step the game is at now")
def step_only(ctx, step):
    _check(ctx, "turn", {"step": step})


@then("it is turn {number}", ja="ターン{number}", doc="the game's turn count now")
def turn_only(ctx, number):
    _check(ctx, "turn", {"number": number})


@then(["{player} has to decide {decision}", "{player} has to decide"],
      ja=["{player}が{decision}の決定を求められている", "{player}が決定を求められている"],
      doc="a decision is waiting for the player (of that kind: cheer_target, may_roll, ...)")
def pending(ctx, player, decision=None):
    _check(ctx, "pending", {"player": player, **({"decision": decision} if decision else {})})


@then("{player} has to decide {decision} with the options {options:picks}",
      ja="{player}が{decision}の決定を求められていて、選択肢は{options:picks}",
      doc="a decision of that kind is waiting for the player, and its legal options are exactly these, "
          "named by meaning (card numbers, references, labels such as none or pass), in any order")
def pending_options(ctx, player, decision, options):
    _check(ctx, "pending", {"player": player, "decision": decision, "options": options})


@then("the waiting decision offers {options:picks}", ja="待っている決定の選択肢に{options:picks}がある",
      doc="these are among the legal options of the decision waiting now (by meaning)")
def pending_offers(ctx, options):
    _check(ctx, "pending", {"options": {"contains": options}})


@then("the waiting decision does not offer {options:picks}", ja="待っている決定の選択肢に{options:picks}はない",
      doc="none of these is a legal option of the decision waiting now (by meaning)")
def pending_not_offers(ctx, options):
    _check(ctx, "pending", {"options": {"not": options}})


FACTS = [
    ("collabed", "collabed this turn", "このターンコラボした", "このターンコラボしていない"),
    ("limited_played", "played a LIMITED support this turn", "このターンLIMITEDのサポートカードをプレイした",
     "このターンLIMITEDのサポートカードをプレイしていない"),
    ("oshi_skill_used", "used an oshi skill this turn", "このターン推しスキルを使った",
     "このターン推しスキルを使っていない"),
    ("sp_oshi_skill_used", "used an SP oshi skill this game", "このゲームでSP推しスキルを使った",
     "このゲームでSP推しスキルを使っていない"),
    ("baton_passed", "baton passed this turn", "このターンバトンタッチした", "このターンバトンタッチしていない"),
]


def _fact_checks(fact, en, ja_yes, ja_no):
    def yes(ctx, player):
        _check(ctx, f"{player}.{fact}", True)

    def no(ctx, player):
        _check(ctx, f"{player}.{fact}", False)
    for f, word in ((yes, ""), (no, "not_")):
        f.__name__ = f"{word}{fact}"
        f.__module__ = __name__
    register_generated("then", yes, ["{player} has " + en], ["{player}は" + ja_yes], f"the player has {en}")
    register_generated("then", no, ["{player} has not " + en], ["{player}は" + ja_no], f"the player has not {en}")


for _fact in FACTS:
    _fact_checks(*_fact)


# ------------------------------------------------------------ any path
@then("{path} is {value}", ja="{path}は{value}",
      doc="the value at a path: B.center.hp, A.hand.count, $azki2.rested, A.life_damage, ...")
def path_value(ctx, path, value):
    _check(ctx, path, value)


@then("{path} is not {value}", ja="{path}は{value}ではない", doc="the value at a path is not this one")
def path_not(ctx, path, value):
    _check(ctx, path, {"not": value})


# ------------------------------------------------------------------ log
LOG_COLUMNS = {"event": "event", "rule": "rule", "イベント": "event", "ルール": "rule", "対象": "target",
               "量": "amount", "ホロメン": "holomem", "カード": "card", "プレイヤー": "player",
               "not": "not", "起きない": "not"}
FIELD_COLUMN = "fields."         # `fields.event`: the event's own field named `event`


@then("the log shows:", ja=["ログには次の順に記録されている:", "ログ:"], argument="table",
      doc="an ordered subsequence of the trace: one row per event, columns event, rule and the "
          "event's own fields (target, holomem, amount, card, player, ...; `fields.NAME` for a field "
          "named event or rule); empty cells are left out. A row with a mark in the column `not` "
          "(起きない) is an event that did not happen between the rows around it")
def log(ctx):
    ctx.b.check({"log": _log_items(ctx, negate_all=False)}, lines=_log_lines(ctx))


@then("the log does not show:", ja="ログには次が記録されていない:", argument="table",
      doc="none of these events happened anywhere in the trace: one row per event, columns as in "
          "\"the log shows\"")
def log_not(ctx):
    ctx.b.check({"log": _log_items(ctx, negate_all=True)}, lines=_log_lines(ctx))


def _log_items(ctx, negate_all: bool) -> list:
    from .types import value
    _, rows = ctx.table_rows(LOG_COLUMNS, open_columns=True)
    items = []
    for cells, _line in rows:
        item, negate = {}, negate_all
        for key, text in cells.items():
            text = text.strip()
            if text == "":
                continue
            if key == "not":
                negate = True
            elif key.startswith(FIELD_COLUMN):
                item.setdefault("fields", {})[key[len(FIELD_COLUMN):]] = value(text)
            else:
                item[key] = text if key in ("rule", "event") else value(text)
        items.append({"not": item} if negate else item)
    return items


def _log_lines(ctx) -> dict:
    _, rows = ctx.table_rows(LOG_COLUMNS, open_columns=True)
    return {("log", i): line for i, (_cells, line) in enumerate(rows)}


# ------------------------------------------------------- legal / illegal
def _legality(phrase: ActionPhrase):
    def legal(ctx, player, **args):
        ctx.b.check({"legal": {phrase.kind: phrase.action(player, args)}}, player=player)

    def illegal(ctx, player, **args):
        ctx.b.check({"illegal": {phrase.kind: phrase.action(player, args)}}, player=player)

    def illegal_because(ctx, player, rules, **args):
        spec = {phrase.kind: phrase.action(player, args), "because": rules[0] if len(rules) == 1 else rules}
        ctx.b.check({"illegal": spec}, player=player)
    name = phrase.name or phrase.kind
    for f in (legal, illegal, illegal_because):
        f.__name__ = f"{f.__name__}_{name}"
        f.__module__ = __name__
    what = phrase.doc.split(" (")[0]
    register_generated("then", legal, ["{player} may " + t for t in phrase.en_inf],
                       ["{player}は" + t + "ことができる" for t in phrase.ja],
                       f"legal now: {what}", key=f"steps_checks.legal_{name}")
    register_generated("then", illegal, ["{player} may not " + t for t in phrase.en_inf],
                       ["{player}は" + t + "ことができない" for t in phrase.ja],
                       f"illegal now: {what}", key=f"steps_checks.illegal_{name}")
    register_generated("then", illegal_because,
                       ["{player} may not " + t + " because of (rule|rules) {rules}" for t in phrase.en_inf],
                       ["{player}はルール{rules}により" + t + "ことができない" for t in phrase.ja],
                       f"illegal now, because of that rule (or any of those rules): {what}",
                       key=f"steps_checks.illegal_because_{name}")


for _phrase in ACTIONS + PLACEMENTS:
    _legality(_phrase)
