"""Replacement effects (9.2.1.3, 9.10): a continuous ability whose `replace:` says which event it replaces and
with what. When that event would happen, the applicable replacements are found; the affected player (a card's
master, 9.10.2.1; the player who performs the action, 9.10.2.2) chooses which applies first (9.10.2); each
applies to one event at most once (9.10.2.3); a choice-type replacement whose choice cannot be carried out does
not apply (9.10.3). A replaced event does not happen at all (9.10.1, 9.10.1.1).

The events a replacement may name are the ones the effect language's verbs carry out: a member of the stage
made to wait by an effect (`wait`), a card drawn by an effect (`draw`)."""
from __future__ import annotations

from judge.core.decisions import Option

from . import costs
from .abilities import works
from .context import Ctx
from .state import AREAS

def _candidates(game, event, player, card, ctx):
    out = []
    for m in game.table.players[player].members():
        for ab in getattr(m.defn, "ability_list", ()):
            rep = ab.raw.get("replace")
            if ab.kind != "continuous" or not rep or rep["event"] != event or not works(game, m, ab):
                continue
            if event == "wait" and m is not card:
                continue
            if (m.id, ab.index) in ctx.replaced:                      # 9.10.2.3: once per event
                game.emit("replacement_used", ("9.10.2.3",), m.number, player=player, index=ab.index)
                continue
            own = Ctx(player, m, ab)
            if rep.get("may") and not costs.can_pay(game, rep["may"], own):
                game.emit("replacement_not_applicable", ("9.10.3",), m.number, player=player, index=ab.index)
                continue
            out.append((m, ab))
    return out


def replace(game, event: str, player: str, card, ctx):
    """Whether the event was replaced (a generator: the affected player's choices)."""
    found = _candidates(game, event, player, card, ctx)
    while found:
        rule = "9.10.2.1" if card is not None else "9.10.2.2"
        chose = len(found) > 1
        if chose:
            options = [Option(f"{m.number} #{ab.index + 1}", i, keys=(m.number, f"{m.number} #{ab.index + 1}"))
                       for i, (m, ab) in enumerate(found)]
            i = yield from game.ask(player, "replacement", f"which replacement of '{event}' applies first",
                                    ("9.10.2", rule), options, source=ctx.source)
        else:
            i = 0
        m, ab = found.pop(i)
        rep = ab.raw["replace"]
        own = Ctx(player, m, ab)
        own.replaced = ctx.replaced | {(m.id, ab.index)}
        if rep.get("may"):
            yes = yield from game.ask(player, "may", f"{m.number}: carry out the replacement's choice?",
                                      ("9.2.1.3.2",), [Option("yes", True, keys=("yes", "true")),
                                                       Option("no", False, keys=("no", "false"))], source=m.number)
            if not yes:
                continue
            yield from costs.pay(game, rep["may"], own)
        game.emit("replaced", ("9.10.1", "9.10.1.1", "9.2.1.3", "9.2.1.3.2" if rep.get("may") else "9.2.1.3.1")
                  + (("9.10.2", rule) if chose else ()) + (("9.10.2.3",) if ctx.replaced else ()), m.number,
                  player=player, event=event, index=ab.index)
        from .effects import run_steps
        yield from run_steps(game, rep["instead"], own)
        return True
    return False


__all__ = ["replace", "AREAS"]
