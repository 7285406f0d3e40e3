"""When steps every game shares: passing, conceding, advancing (YAML `pass`, `concede`,
`advance`), answers to decisions (`choices`) and die results (`dice`). A game's actions are
phrases of its own step modules (judge/bdd/phrases.py).

An answer or a die result belongs to the action just before it::

    When A plays "Big Hit"
    And the answer is yes
    And the die shows 3
"""
from __future__ import annotations

from .registry import when

SECTION = "Passing, advancing, answers and dice (When / もし)"


@when(["{player} passes", "{player} does nothing"], ja=["{player}はパスする", "{player}は何もしない"],
      doc="the player does nothing at this play timing; the step moves on")
def pass_(ctx, player):
    ctx.b.action("pass", player, player=player)


@when("{player} concedes", ja="{player}は投了する", doc="the player concedes")
def concede(ctx, player):
    ctx.b.action("concede", player, player=player)


# --------------------------------------------------------------- advancing
@when("the game advances to {player}'s {step} step", ja="{player}の{step}ステップまで進める",
      doc="every play timing is passed until that point; other decisions take the answers that follow")
def advance(ctx, player, step):
    ctx.b.action("advance", {"to": {"player": player, "step": step}})


@when("the game advances to the {step} step", ja="{step}ステップまで進める",
      doc="as above, to that step of whichever turn comes first")
def advance_step(ctx, step):
    ctx.b.action("advance", {"to": {"step": step}})


@when("the game advances to {player}'s {step} step of turn {number}",
      ja="ターン{number}の{player}の{step}ステップまで進める",
      doc="as above, stopping at that turn count")
def advance_number(ctx, player, step, number):
    ctx.b.action("advance", {"to": {"player": player, "step": step, "number": number}})


# ------------------------------------------------------ answers and dice
@when(["the answer is {answer}", "the choice is {answer}"], ja=["答えは{answer}", "{answer}を選ぶ"],
      doc="the answer to the next decision the action raises, by meaning: a card, a name, "
          "yes / no, first / second, a number, or what the game's answers name")
def answer(ctx, answer):
    ctx.b.add_choice(answer)


@when(["the answers are {answers}", "the choices are {answers}"], ja="答えは順に{answers}",
      doc="the answers to the next decisions, in order")
def answers(ctx, answers):
    for a in answers:
        ctx.b.add_choice(a)


@when("the answer picks {picks}", ja="まとめて{picks}を選ぶ",
      doc="one decision that picks several things (cards to reveal, an order): all of them, in order")
def picks(ctx, picks):
    ctx.b.add_choice(list(picks))


@when(["the die shows {die}", "the dice show {dice}"], ja="サイコロの目は{dice}",
      doc="die results the action rolls, in order")
def dice(ctx, die=None, dice=None):
    ctx.b.add_action_dice([die] if die is not None else dice)
