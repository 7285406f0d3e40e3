"""Then steps every game shares: the winner, the turn, the decision waiting, any readable path
and the log (YAML `then`, or `expect` when an action follows them). A game's own checks are in its
step modules; its legality checks come from its action phrases (judge/bdd/phrases.py).

A check written after the last action is a `then` check; a check written
between actions (``Then ... / When ...``) is a mid-sequence `expect` at that
point. All checks are evaluated and every failure is reported.
"""
from __future__ import annotations

from .registry import then

SECTION = "The game, decisions, paths and the log (Then / ならば)"


def check(ctx, key, value, **kw):
    """Add the check {key: value} (a path and the value it must have, or a neutral check)."""
    ctx.b.check({key: value}, **kw)


# -------------------------------------------------------------- the game
@then(["{player} wins the game", "{player} wins", "{player} has won"], ja=["{player}の勝利", "{player}が勝利する"],
      doc="the player has won")
def winner(ctx, player):
    check(ctx, "winner", player)


@then("the game is a draw", ja=["ゲームは引き分け", "引き分け"], doc="the game ended with no winner: a draw")
def draw(ctx):
    check(ctx, "winner", "draw")


@then(["the game goes on", "nobody has won yet"], ja=["ゲームは続いている", "勝敗はまだ決まっていない"],
      doc="the game is not over")
def goes_on(ctx):
    check(ctx, "winner", "none")


@then("it is {player}'s {step} step", ja="{player}の{step}ステップ", doc="where the game is now")
def turn(ctx, player, step):
    check(ctx, "turn", {"player": player, "step": step})


@then(["it is {player}'s {step} step of turn {number}", "it is turn {number}, {player}'s {step} step"],
      ja=["ターン{number}の{player}の{step}ステップ", "{player}の{number}ターン目の{step}ステップ"],
      doc="where the game is now, with the turn count")
def turn_number(ctx, player, step, number):
    check(ctx, "turn", {"player": player, "step": step, "number": number})


@then("it is the {step} step", ja="いまは{step}ステップ", doc="the step the game is at now")
def step_only(ctx, step):
    check(ctx, "turn", {"step": step})


@then("it is turn {number}", ja="ターン{number}", doc="the game's turn count now")
def turn_only(ctx, number):
    check(ctx, "turn", {"number": number})


# ------------------------------------------------------ the waiting decision
@then(["{player} has to decide {decision}", "{player} has to decide"],
      ja=["{player}が{decision}の決定を求められている", "{player}が決定を求められている"],
      doc="a decision is waiting for the player (of that kind, as the game names it)")
def pending(ctx, player, decision=None):
    check(ctx, "pending", {"player": player, **({"decision": decision} if decision else {})})


@then("{player} has to decide {decision} with the options {options:picks}",
      ja="{player}が{decision}の決定を求められていて、選択肢は{options:picks}",
      doc="a decision of that kind is waiting for the player, and its legal options are exactly these, "
          "named by meaning (card numbers, references, labels such as none or pass), in any order")
def pending_options(ctx, player, decision, options):
    check(ctx, "pending", {"player": player, "decision": decision, "options": options})


@then("the waiting decision offers {options:picks}", ja="待っている決定の選択肢に{options:picks}がある",
      doc="these are among the legal options of the decision waiting now (by meaning)")
def pending_offers(ctx, options):
    check(ctx, "pending", {"options": {"contains": options}})


@then("the waiting decision does not offer {options:picks}", ja="待っている決定の選択肢に{options:picks}はない",
      doc="none of these is a legal option of the decision waiting now (by meaning)")
def pending_not_offers(ctx, options):
    check(ctx, "pending", {"options": {"not": options}})


# ------------------------------------------------------------ any path
@then("{path} is {value}", ja="{path}は{value}",
      doc="the value at a path (what the game's paths read: A.hand.count, $name.value, ...)")
def path_value(ctx, path, value):
    check(ctx, path, value)


@then("{path} is not {value}", ja="{path}は{value}ではない", doc="the value at a path is not this one")
def path_not(ctx, path, value):
    check(ctx, path, {"not": value})


# ------------------------------------------------------------------ log
LOG_COLUMNS = {"event": "event", "rule": "rule", "イベント": "event", "ルール": "rule", "対象": "target",
               "量": "amount", "カード": "card", "プレイヤー": "player", "not": "not", "起きない": "not"}
FIELD_COLUMN = "fields."         # `fields.event`: the event's own field named `event`


@then("the log shows:", ja=["ログには次の順に記録されている:", "ログ:"], argument="table",
      doc="an ordered subsequence of the trace: one row per event, columns event, rule and the "
          "event's own fields (target, amount, card, player, ...; `fields.NAME` for a field "
          "named event or rule); empty cells are left out. A row with a mark in the column `not` "
          "(起きない) is an event that did not happen between the rows around it")
def log(ctx):
    ctx.b.check({"log": _log_items(ctx, negate_all=False)}, lines=_log_lines(ctx))


@then("the log does not show:", ja="ログには次が記録されていない:", argument="table",
      doc="none of these events happened anywhere in the trace: one row per event, columns as in "
          "\"the log shows\"")
def log_not(ctx):
    ctx.b.check({"log": _log_items(ctx, negate_all=True)}, lines=_log_lines(ctx))


def _log_rows(ctx):
    """The rows of a log table; the game's vocabulary adds its own column names."""
    columns = {**LOG_COLUMNS, **ctx.b.library.vocabulary.log_columns}
    return ctx.table_rows(columns, open_columns=True)[1]


def _log_items(ctx, negate_all: bool) -> list:
    value = ctx.b.library.types["value"].convert
    items = []
    for cells, _line in _log_rows(ctx):
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
    return {("log", i): line for i, (_cells, line) in enumerate(_log_rows(ctx))}
