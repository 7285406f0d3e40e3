"""'(condition), you may change this ability [limit] (text)' (5.20).

    effect:
      - change_ability: {condition: {oshi_is: {name: 七詩ムメイ}}, limit: once_per_game, effect: [STEPS]}
      - roll_die: {}          # the card's own text, carried out when it is not changed
        '<=3': [..]

Written as the first step of the text it may replace. When the condition holds and cards of this
name have changed their text fewer times than the limit allows (this turn / this game), the player
may change it: the new text is carried out instead of the rest of the old one.
"""
from __future__ import annotations

from ..terms import CONDITION, LIMIT, STEPS, key, mapping, verb_function
from ..events import on_event
from .select import holds
from . import verbs


def _changes_key(game, card, limit):
    period = ("turn", game.turn_number) if limit == "once_per_turn" else ("game",)
    return ("ability_change", card.defn.name, period)


@verb_function("change_ability", "5.20.1", doc="(the first step of a text) if the condition holds and cards of "
               "this name have not yet changed it as often as the limit allows, the player may carry out `effect` "
               "instead of the rest of the text", group="rule5", arg=mapping(
                   key("condition", "when it may be changed", CONDITION),
                   key("limit", "how often cards of this name may change it", LIMIT, default="once_per_game"),
                   key("effect", "the new text", STEPS, required=True)))
def change_ability(game, arg, step, ctx, source):
    """5.20.1: a 'may change the ability' text: if the condition holds and the limit counted over
    this card and cards of the same name allows, the player may carry out the new text instead."""
    card = ctx["card"]
    key = _changes_key(game, card, arg.get("limit", "once_per_game"))
    if not holds(game, arg.get("condition") or {}, ctx):
        game.emit("condition_false", ("5.20.1", "10.3.3"), source, why="the condition to change it")
        return
    if game.uses.get(key, 0) >= 1:
        game.emit("nothing", ("5.20.1",), source,
                  why=f"cards named {card.defn.name} have already changed this ability as often as allowed")
        return
    if not (yield from verbs.may(game, ctx["player"], source, ("5.20.1",), "change this ability's text?")):
        return
    game.emit("ability_changed", ("5.20.1",), source, player=ctx["player"], key=key)
    ctx["text_changed"] = True            # the rest of the old text is gone (run_steps stops)
    yield from game.run_steps(arg.get("effect"), {**ctx, "text_changed": False}, source)


@on_event("ability_changed")
def _apply_ability_changed(game, ev):
    key = ev.data["key"]
    game.uses[key] = game.uses.get(key, 0) + 1
