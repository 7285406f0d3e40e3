"""An effect that applies to several players (1.3.4, 1.3.4.1, 1.3.4.2).

    - each_player:                  # "each player draws 2 cards, then archives 1 card from their hand"
        - draw: 2
        - put: {count: 1, to: archive}

The steps are carried out for both players, each step for both before the next (1.3.4.1): a step
that asks no choice is carried out for both at once, a step with a choice is carried out by the turn
player first, then by the other player, who knows what the turn player chose (1.3.4). Inside each
player's copy of a step "you" is that player: `draw: 2` draws from their own deck.

When both players select cards from zones the other cannot see (their hands) in the same step, the
turn player selects without revealing, then the other player selects, and only then are the selected
cards carried out (revealed, moved): 1.3.4.2.
"""
from __future__ import annotations

from ....core.terms import Bool
from ..terms import STEPS, key, mapping, verb_function

DONE = object()


def _advance(gen, value):
    """Run a procedure to its next decision; DONE when it ends."""
    try:
        return gen.send(value)
    except StopIteration:
        return DONE


def _cite(decision, *rules):
    decision.rules = tuple(decision.rules) + tuple(r for r in rules if r not in decision.rules)
    return decision


@verb_function("each_player", "1.3.4", "1.3.4.1", "1.3.4.2", doc="an effect on both players: each step is carried out "
               "for both before the next; a step with no choice for both at once, a step with a choice the turn "
               "player's first; inside it 'you' is the player carrying the step out; hidden selections by both are "
               "made before either is carried out", arg=STEPS)
def each_player(game, steps, step, ctx, source):
    """1.3.4.1: the steps of an effect that applies to both players, step by step for both;
    choices the turn player's first."""
    from .verbs import verb_of                            # verbs imports this module
    order = (game.turn_player, game.other(game.turn_player))
    ctxs = [dict(ctx, player=p, each_player=True) for p in order]
    for sub in steps or ():
        if any(c.get("text_changed") for c in ctxs):      # 5.20.1: the rest of the old text is gone
            return
        game.emit("each_player", ("1.3.4.1",), source, step=verb_of(sub), players=list(order))
        yield from _both_players(game, *(game.run_step(sub, c, source) for c in ctxs))


def _both_players(game, first, second):
    """One step carried out for the turn player (`first`) and the other player (`second`).

    Each player's copy runs to its end before the other's, so nothing the first does waits for
    the second and no automatic ability is played in between (they wait for the check timing,
    10.6.3): a step with no choice is carried out for both at once. Every choice in it is the turn
    player's first (1.3.4, 1.3.4.1). A selection of hidden cards by the turn player is held
    unrevealed until the other player has made theirs (1.3.4.2)."""
    d = _advance(first, None)
    second_started, held = False, DONE
    while d is not DONE:
        hidden = d.context.get("hidden_selection")
        answer = yield _cite(d, "1.3.4", "1.3.4.1")
        if hidden and not second_started:
            # 1.3.4.2: the other player selects before the turn player's cards are revealed.
            second_started = True
            e = _advance(second, None)
            while e is not DONE:
                other_hidden = e.context.get("hidden_selection")
                reply = yield _cite(e, "1.3.4", "1.3.4.1", *(("1.3.4.2",) if other_hidden else ()))
                if other_hidden:
                    held = reply          # carried out once the turn player's selection is
                    break
                e = _advance(second, reply)
        d = _advance(first, answer)
    if not second_started:
        e = _advance(second, None)
    elif held is not DONE:
        e = _advance(second, held)
    else:
        e = DONE
    while e is not DONE:
        e = _advance(second, (yield _cite(e, "1.3.4", "1.3.4.1")))


@verb_function("by_opponent", "3.1.2.4.1", doc="'相手は、…' the effect's opponent carries out the steps ('相手は、自身の"
               "デッキを1枚引ける'): inside them 'you' is the opponent (their deck, their hand, their choices); with "
               "`may`, the opponent chooses whether to", arg=mapping(
                   key("may", "optional ('引ける'): the opponent is asked first", Bool()),
                   key("steps", "what the opponent carries out", STEPS, required=True)))
def by_opponent(game, arg, step, ctx, source):
    """3.1.2.4.1: an instruction names a player (the opponent), who carries it out, not the effect's
    controller; a 'may' (「～できる」) is that player's choice."""
    from .verbs import may                                # verbs imports this module
    other = game.other(ctx["player"])
    if arg.get("may") and not (yield from may(game, other, source, ("3.1.2.4.1",),
                                              "carry out this effect (your opponent's card lets you)?")):
        game.emit("nothing", ("3.1.2.4.1",), source, why=f"{other} chose not to")
        return
    sub = dict(ctx, player=other, named_player=True)
    for s in arg["steps"]:
        yield from game.run_step(s, sub, source)
