"""hololive's When steps: its player actions (YAML `when`) and the set-up answers (6.2.1).
Passing, advancing, answers and dice are every game's steps (judge/bdd/steps_actions.py).

Every player action of the YAML language has a phrase, said as a judge says
it ("A uses the art "SorAZ Gravity" of A.center on B.center"). The same
phrases in the infinitive make the legal/illegal checks of steps_checks.py
("A may not bloom B.center with hSD01-010 because of rule 8.3.1"), so an
action reads the same wherever it appears (judge/bdd/phrases.py).
"""
from __future__ import annotations

from ....bdd.phrases import ActionPhrase, params_from as _p, register_actions
from ....bdd.registry import when

SECTION = "Actions and the set-up (When / もし)"


ACTIONS = (
    ActionPhrase("place", "8.2", ("{player} places {card}", "{player} places {card} on the back"),
                 ("place {card}", "place {card} on the back"),
                 ("{card}をステージに出す", "{card}をバックに出す", "{card}をバックポジションに出す"),
                 _p(card="card"), "put a Debut or Spot holomem from hand onto the back"),
    ActionPhrase("bloom", "8.3", ("{player} blooms {holomem} with {card}",), ("bloom {holomem} with {card}",),
                 ("{holomem}を{card}でBloomさせる", "{holomem}を{card}でブルームさせる"),
                 _p(holomem="holomem", **{"with": "card"}), "bloom a holomem with a card from hand"),
    ActionPhrase("collab", "8.4", ("{player} collabs with {holomem}",), ("collab with {holomem}",),
                 ("{holomem}をコラボさせる", "{holomem}でコラボする"),
                 _p(holomem="holomem"), "collab with a back holomem"),
    ActionPhrase("oshi_skill", "8.5", ("{player} uses the oshi skill {name}", "{player} uses the oshi skill"),
                 ("use the oshi skill {name}", "use the oshi skill"), ("推しスキル{name}を使う", "推しスキルを使う"),
                 _p(skill="name"), "use the oshi skill (its name is checked against the oshi when given)"),
    ActionPhrase("sp_oshi_skill", "8.5", ("{player} uses the SP oshi skill {name}", "{player} uses the SP oshi skill"),
                 ("use the SP oshi skill {name}", "use the SP oshi skill"),
                 ("SP推しスキル{name}を使う", "SP推しスキルを使う"), _p(skill="name"),
                 "use the SP oshi skill (its name is checked against the oshi when given)"),
    ActionPhrase("support", "8.6", ("{player} plays {card}", "{player} plays {card} on {holomem}"),
                 ("play {card}", "play {card} on {holomem}"),
                 ("{card}をプレイする", "{card}をプレイして{holomem}に付ける"),
                 _p(card="card", target="holomem"),
                 "play a support card (a tool, mascot or fan goes on the holomem named)"),
    ActionPhrase("baton_pass", "8.7", ("{player} baton passes to {holomem}",
                                       "{player} baton passes to {holomem}, archiving {cheers}"),
                 ("baton pass to {holomem}", "baton pass to {holomem}, archiving {cheers}"),
                 ("{holomem}にバトンタッチする", "{cheers}をアーカイブして{holomem}にバトンタッチする"),
                 _p(holomem="holomem", cheer="cheers"),
                 "baton pass to a back holomem (archiving the cheer named, when there is a choice)"),
    ActionPhrase("ability", "10.1.1.1", ("{player} uses the ability {name} of {holomem}",),
                 ("use the ability {name} of {holomem}",), ("{holomem}の能力{name}を使う",),
                 _p(holomem="holomem", name="name"),
                 "play an activated ability of a holomem or of a card attached to it"),
    ActionPhrase("art", "9.2, 12.3", ("{player} uses the art {name} of {holomem} on {target:holomem}",
                                      "{player} uses the art {name} of {holomem}"),
                 ("use the art {name} of {holomem} on {target:holomem}", "use the art {name} of {holomem}"),
                 ("{holomem}のアーツ{name}を{target:holomem}に使う", "{holomem}でアーツ{name}を{target:holomem}に使う",
                  "{holomem}のアーツ{name}を使う"),
                 _p(holomem="holomem", art="name", target="target"), "use an art (on the target named)"),
)


# The set-up placement (6.2.1.10), an answer to the pre-game procedure phrased like an action, so
# it also makes the checks "A may (not) place ... face down in the centre" (steps_checks.py).
PLACEMENTS = (
    ActionPhrase("placement", "6.2.1.10", ("{player} places {card} face down in the centre",),
                 ("place {card} face down in the centre",), ("{card}をセンターに裏向きで置く",), _p(center="card"),
                 "(set-up) the Debut holomem placed face down as centre, none on the back",
                 name="placement_center", answer=True),
    ActionPhrase("placement", "6.2.1.10", ("{player} places {card} face down in the centre and {cards} on the back",),
                 ("place {card} face down in the centre and {cards} on the back",),
                 ("{card}をセンターに、{cards}をバックに裏向きで置く",), _p(center="card", back="cards"),
                 "(set-up) the holomems placed face down: centre and back", name="placement_both", answer=True),
    ActionPhrase("placement", "6.2.1.10.3", ("{player} places only {cards} face down on the back",),
                 ("place only {cards} face down on the back",), ("{cards}だけをバックに裏向きで置く",),
                 _p(back="cards"), "(set-up) holomems placed face down on the back, none in the centre",
                 name="placement_back", answer=True),
)


register_actions(ACTIONS, __name__)


# ------------------------------------------------------------- set-up (6.2.1)
@when("{player} goes first", ja="{player}が先攻になる",
      doc="(set-up) the player who decides chooses this player to go first (6.2.1.5)")
def first_player(ctx, player):
    ctx.b.action("first_player", player)


@when("the player who decides goes {order}", ja="先攻後攻を決めるプレイヤーが{order}を選ぶ",
      doc="(set-up) the player who decides goes first or second (6.2.1.5)")
def first_player_order(ctx, order):
    ctx.b.action("first_player", order)


@when("{player} takes a mulligan", ja="{player}はマリガンする",
      doc="(set-up) the player returns the hand and draws again (6.2.1.7)")
def mulligan(ctx, player):
    ctx.b.action("mulligan", {"player": player, "redraw": True})


@when(["{player} keeps the hand", "{player} keeps their hand"], ja="{player}はマリガンしない",
      doc="(set-up) the player keeps the hand (6.2.1.7)")
def keep(ctx, player):
    ctx.b.action("mulligan", {"player": player, "redraw": False})


register_actions(PLACEMENTS, __name__)


@when("{player} places nothing face down", ja="{player}は何も裏向きで置かない",
      doc="(set-up) the player places no holomem (6.2.1.10)")
def placement_none(ctx, player):
    ctx.b.action("placement", {"player": player})
