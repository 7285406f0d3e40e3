"""hololive's Then steps: holomems, zones and per-turn facts, and the legality of its actions
(from the phrases of steps_actions.py). The winner, the turn, the waiting decision, paths and the
log are every game's checks (judge/bdd/steps_checks.py).
"""
from __future__ import annotations

from ....bdd.phrases import register_legality
from ....bdd.registry import register_generated, then
from ....bdd.steps_checks import check as _check
from .steps_actions import ACTIONS, PLACEMENTS

SECTION = "Holomems, zones and legality (Then / ならば)"


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


# ------------------------------------------------------------------ facts
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


# ------------------------------------------------------- legal / illegal
register_legality(ACTIONS + PLACEMENTS, __name__)
