"""Given steps every game shares: where the game starts (YAML `given.turn`), the seed and
scripted dice. A game's own board steps are in its step modules (judge/games/<game>/bdd/).

Each step states one thing; stating the same thing twice is an error naming
both lines. Anything not stated gets the game's default (`judge explain` lists them).
"""
from __future__ import annotations

from .registry import given

SECTION = "The turn, the seed and dice (Given / 前提)"


@given(["it is {player}'s {step} step of turn {number}", "it is turn {number}, {player}'s {step} step"],
       ja=["ターン{number}の{player}の{step}ステップ", "{player}の{number}ターン目の{step}ステップ"],
       doc="where the scenario starts: whose turn, which step, the game's turn count (turn 1 is the "
           "first player's first turn)")
def turn_number(ctx, player, step, number):
    ctx.b.set_given(("turn", "player"), player)
    ctx.b.set_given(("turn", "step"), step)
    ctx.b.set_given(("turn", "number"), number)


@given("it is {player}'s {step} step", ja="{player}の{step}ステップ",
       doc="where the scenario starts, with the game's default turn count")
def turn(ctx, player, step):
    ctx.b.set_given(("turn", "player"), player)
    ctx.b.set_given(("turn", "step"), step)


@given("the random seed is {number}", ja="乱数のシードは{number}", doc="the seed of the game's random generator")
def seed(ctx, number):
    ctx.b.set_seed(number)


@given(["the die will show {dice}", "the dice will show {dice}"], ja="サイコロの目は順に{dice}",
       doc="scripted die results for the whole scenario, used in order")
def scenario_dice(ctx, dice):
    ctx.b.add_dice(dice)
