"""Dump a game at a play timing as a scenario: the board as `given`, what follows as `when`.

Used by `judge dump` (any point of a scenario becomes a new scenario) and by self-play
reproducers (the state just before a failing action, plus the remaining actions).
"""
from __future__ import annotations

from ...core.state import Stack
from .board import TURN_FACTS

def holomem_spec(game, s: Stack) -> dict:
    spec = {"card": s.top.number}
    if len(s.cards) > 1:
        spec["stack"] = [c.number for c in s.cards[:-1]]
    if game.cheers(s):
        spec["cheer"] = [c.number for c in game.cheers(s)]
    if game.supports(s):
        spec["attached"] = [c.number for c in game.supports(s)]
    if s.damage:
        spec["damage"] = s.damage
    if s.flags.get("rested"):
        spec["rested"] = True
    if s.flags.get("bloomed_turn") == game.turn_number:
        spec["bloomed_this_turn"] = True
    if s.flags.get("placed_turn") == game.turn_number:
        spec["placed_this_turn"] = True
    if game.step == "performance" and s.flags.get("arts_step") == game.performance_id:
        spec["arts_used"] = True
    if s.aliases:
        spec["as"] = sorted(s.aliases)[0]      # `as` names it; later items refer to $name
    return spec


def given_of(game) -> dict:
    """The board now, in the `given` language (every zone stated, nothing left to defaults)."""
    p = game.turn_player
    turn = {"player": p, "number": game.turn_number, "step": game.step, "first": game.first_player}
    out = {"turn": turn}
    for q in game.PLAYERS:
        spec = {"oshi": game.oshi(q).number}
        for name in ("center", "collab"):
            s = game.holomem_at(q, name)
            spec[name] = holomem_spec(game, s) if s else None
        spec["back"] = [holomem_spec(game, s) for s in game.back(q)]
        for zone in ("hand", "deck", "cheer_deck", "life", "archive", "holopower"):
            spec[zone] = [c.number for c in game.zone(q, zone).items]
        for fact in TURN_FACTS:
            if game.facts[q][fact]:
                spec[fact] = True
        if game.game_facts[q]["sp_oshi_skill_used"]:
            spec["sp_oshi_skill_used"] = True
        out[q] = spec
    return out


def action_item(game, player, action) -> dict:
    """A play-timing action as a `when` item."""
    k = action.kind
    if k == "pass":
        return {"pass": player}
    pos = lambda sid: game.position(game.stacks[sid])  # noqa: E731
    if k == "place":
        return {"place": {"card": game.cards[action["card"]].number}}
    if k == "bloom":
        return {"bloom": {"holomem": pos(action["holomem"]), "with": game.cards[action["card"]].number}}
    if k in ("collab", "baton_pass"):
        return {k: {"holomem": pos(action["holomem"])}}
    if k == "support":
        item = {"card": game.cards[action["card"]].number}
        if "target" in action.params:
            item["target"] = pos(action["target"])
        return {"support": item}
    if k == "art":
        s = game.stacks[action["holomem"]]
        art = game.arts_of(s)[action["art"]]
        return {"art": {"holomem": pos(action["holomem"]), "art": art.name_en or art.name,
                        "target": pos(action["target"])}}
    return {k: {}}
