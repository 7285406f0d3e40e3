"""Would a support card change the game? (10.7.2.3.7)

A support card that, resolved, would change nothing but its own going to the archive cannot be
played (10.7.2.3.7; official Q&A Q100, Q343, Q344, Q348: a card whose specified cards or holomems
cannot be chosen, so that nothing would change). `why_unchanged` answers it for a card's steps from
the state as it is when the card would be played: None when they could change the game, else the
rules by which each does nothing (cited with 10.7.2.3.7 when the play is refused).

Each verb that may do nothing declares when (`@changes("draw")`: a function returning None when the
step can change the game, else the rules why it cannot): a draw needs a card in the deck, a cheer
moved needs another holomem to receive it (5.17.4.1), a holomem put out needs room on the stage
(4.6.2.1; Q343), ... A verb with no declaration is taken to change the game (what it does does not
depend on the board: an effect for a period, an extra turn), so a card is never forbidden on a
guess. Steps are read in order: while no earlier step could change anything, the board at a step is
the board now, so its `if:` condition is read now exactly; the first step that could change the
game answers.

Looking at the cards of a hidden zone is a change (the player learns them), so a search of a
non-empty deck can change the game even if nothing matching is found (10.7.2.3.5) — except where
what the search is for cannot happen at all (no room on the stage, Q343).
"""
from __future__ import annotations

from typing import Callable

from ..game import STAGE_LIMIT
from ..terms import verb_of
from .card_terms import _zone_of
from .select import card_matches, holds, holomems

Test = Callable[..., "tuple[str, ...] | None"]
CHANGES: dict[str, Test] = {}
BRANCHES = ("odd", "even")


def changes(*verbs: str, nothing: tuple = ()):
    """Declare when the named verbs can change the game: fn(game, arg, ctx) is True when it can,
    else False (it does nothing by the rules `nothing`) or the rules by which it does nothing."""
    def register(fn):
        def test(game, arg, ctx):
            can = fn(game, arg, ctx)
            return None if can is True else can if isinstance(can, tuple) else tuple(nothing)
        for verb in verbs:
            CHANGES[verb] = test
        return fn
    return register


def why_unchanged(game, steps, ctx):
    """10.7.2.3.7: None when resolving these steps now could change the game state; else the rules
    by which each of them does nothing."""
    why: list = []
    for step in steps or ():
        if "if" in step and not holds(game, step["if"], ctx):
            why.append("10.3.3")         # nothing changed before it, so the condition is false then too
            continue
        verb = verb_of(step)
        test = CHANGES.get(verb)
        nothing = () if test is None else test(game, step[verb], ctx)
        if nothing is None or test is None:
            return None
        why += nothing
        for key, branch in step.items():     # a die's result branches (5.24.1)
            if _is_branch(key):
                inner = why_unchanged(game, branch, ctx)
                if inner is None:
                    return None
                why += inner
    return tuple(dict.fromkeys(why))


def _is_branch(key) -> bool:
    key = str(key)
    return key in BRANCHES or key[:1] in "123456<>"


def _int(value, default=1) -> int:
    return int(value) if isinstance(value, int) or str(value).isdigit() else default


def _matching(zone, spec) -> list:
    return [c for c in zone.items if card_matches(c.defn, spec or {})]


def _searchable(zone, spec) -> bool:
    """Cards can be found there: a matching card in a public zone, any card in a hidden one."""
    return bool(zone.items) if not zone.public else bool(_matching(zone, spec))


# ------------------------------------------------------------------------ cards
@changes("draw", "draw_up_to", "draw_from_bottom", nothing=("5.7.2",))
def _draw(game, n, ctx) -> bool:
    return _int(n, 0) > 0 and bool(game.zone(ctx["player"], "deck").items)           # 5.7.2, 5.7.3.1


@changes("draw_until_hand", nothing=("1.3.2.2", "5.7.2"))
def _draw_until_hand(game, n, ctx) -> bool:
    p = ctx["player"]
    if isinstance(n, dict):                          # N counted now (and at most `max` drawn)
        from .verbs import per_times
        n = per_times(game, n["per"], ctx) if n.get("max", 1) != 0 else 0
    return len(game.zone(p, "hand").items) < _int(n, 0) and bool(game.zone(p, "deck").items)    # 1.3.2.2, 5.7.2


@changes("look_top", nothing=("5.9.1",))
def _look_top(game, arg, ctx) -> bool:
    if arg.get("count_per") and _int(arg.get("count"), 0) > 0:          # as many as it counts now
        from .verbs import per_times
        return per_times(game, arg["count_per"], ctx) > 0 and bool(game.zone(ctx["player"], arg.get("zone", "deck")).items)
    return _int(arg.get("count"), 0) > 0 and bool(game.zone(ctx["player"], arg.get("zone", "deck")).items)   # 5.9.1


@changes("look", nothing=("5.8.1",))
def _look(game, arg, ctx) -> bool:
    return bool(_zone_of(game, arg, ctx, "zone").items)                                   # 5.8.1


@changes("take", nothing=("10.7.2.3.4",))
def _take(game, arg, ctx) -> bool:
    return _searchable(_zone_of(game, arg, ctx, "from"), arg.get("filter"))                        # 5.8, 5.11


@changes("reveal", nothing=("10.7.2.3.4",))
def _reveal(game, arg, ctx) -> bool:
    return bool(_matching(_zone_of(game, arg, ctx, "from"), arg.get("filter")))                  # 5.11.1


@changes("put_out", nothing=("10.7.2.3.4",))
def _put_out(game, arg, ctx):
    """5.13.1: a holomem card to put out, and room on the stage for it (4.6.2.1; Q343)."""
    if len(game.stage(ctx["player"])) >= STAGE_LIMIT:
        return ("4.6.2.1",)
    return _searchable(_zone_of(game, arg, ctx, "from"), {"type": "holomem", **(arg.get("filter") or {})})


@changes("return_hand", nothing=("5.5.1",))
def _return_hand(game, arg, ctx) -> bool:
    return any(c is not ctx.get("card") for c in game.zone(ctx["player"], "hand").items)   # 5.5.1


@changes("return_to_deck", nothing=("10.7.2.3.4",))
def _return_to_deck(game, arg, ctx) -> bool:
    zone = game.zone(ctx["player"], arg.get("from", "archive"))
    return any(c is not ctx.get("card") for c in _matching(zone, arg.get("filter")))    # 5.5.1


@changes("shuffle", nothing=("5.6.1",))
def _shuffle(game, arg, ctx) -> bool:
    """5.6.1: shuffling a deck is not a change that makes a support playable: official Q&A Q100 rules
    that a card which returns archived cheer to the cheer deck 'and then shuffles the cheer deck'
    cannot be played with no cheer in the archive (docs/rulings.md)."""
    return False


@changes("attach", nothing=("10.7.2.3.4",))
def _attach(game, arg, ctx) -> bool:
    if arg.get("card") == "this":
        return True
    return _searchable(_zone_of(game, arg, ctx, "from"), arg.get("filter")) and \
        bool(holomems(game, arg.get("to", "stage"), ctx))                               # 5.17.2


# ------------------------------------------------------------------------ cheer
@changes("send_cheer", nothing=("10.7.2.3.4",))
def _send_cheer(game, arg, ctx) -> bool:
    """5.21: a cheer to send (the cheer deck's top card, or a cheer of the colours in the archive)
    and a holomem to receive it."""
    if not holomems(game, arg.get("to", "stage"), ctx):
        return False
    zone = game.zone(ctx["player"], arg.get("from", "cheer_deck"))
    if zone.name == "cheer_deck":
        return bool(zone.items)         # a search by colour looks at the cards: a change (10.7.2.3.5)
    spec = {"type": "cheer", **({"color": arg["colors"]} if arg.get("colors") else {})}
    return bool(_matching(zone, spec))


@changes("move_cheer", nothing=("5.17.4.1",))
def _move_cheer(game, arg, ctx) -> bool:
    """5.17.4: a cheer that can go to another holomem (to the same one is nothing, 5.17.4.1; Q344)."""
    colors = set(arg.get("colors") or ())
    to = holomems(game, arg.get("to", "stage"), ctx)
    for s in holomems(game, arg.get("from", "stage"), ctx):
        if any(not colors or colors & c.defn.colors for c in game.cheers(s)) and any(t is not s for t in to):
            return True
    return False


@changes("archive_cheer", nothing=("10.7.2.3.4",))
def _archive_cheer(game, arg, ctx) -> bool:
    colors = set(arg.get("colors") or ())              # 5.12.1; only cheer of these colours
    return any(not colors or colors & c.defn.colors
               for s in holomems(game, arg.get("from", "stage"), ctx) for c in game.cheers(s))


# --------------------------------------------------------------------- holomems
@changes("special_damage", "modify", "continuous", nothing=("10.7.2.3.4",))
def _on_holomems(game, arg, ctx) -> bool:
    """An effect on chosen holomems changes nothing when none can be chosen (10.7.2.3.4)."""
    return bool(holomems(game, arg.get("target", "this"), ctx))


@changes("restore_hp", nothing=("5.23.1",))
def _restore_hp(game, arg, ctx) -> bool:
    """5.23.1: restoring a holomem with no damage restores 0, which is no restoring (Q111)."""
    return any(s.damage > 0 for s in holomems(game, arg.get("target", "this"), ctx))


@changes("choose_holomem", nothing=("10.7.2.3.4",))
def _choose_holomem(game, arg, ctx) -> bool:
    """A choice (10.7.2.3) is the start of what the later steps do to the chosen holomem: they can
    change the game when one can be chosen; none can, their effects are ignored (10.7.2.3.4)."""
    return any(holomems(game, spec, ctx) for spec in (arg.get("each") or [arg["target"]]))


@changes("swap", nothing=("10.7.2.3.4",))
def _swap(game, arg, ctx) -> bool:
    return bool(holomems(game, arg["a"], ctx)) and bool(holomems(game, arg["b"], ctx))   # 5.18.1


# ------------------------------------------------------------------ structure
@changes("move_to_collab", nothing=("4.8.3", "10.7.2.3.4"))
def _move_to_collab(game, arg, ctx) -> bool:
    """4.8.1: a back holomem of that player able to move (5.29.1) and their collab position empty (4.8.3)."""
    p = ctx["player"] if arg.get("who", "own") == "own" else game.other(ctx["player"])
    if game.collab_holomem(p) is not None:
        return False
    sub = dict(ctx, player=p)
    return any(s.zone.name == "back" and not game.cannot_move(s)
               for s in holomems(game, arg.get("target", "back"), sub))


@changes("for_each", nothing=("1.3.2.2",))
def _for_each(game, arg, ctx):
    """'for each X, do Y': nothing when there is no X, else what Y would change (done at least once)."""
    from .play import count_of
    if count_of(game, arg, ctx) == 0:
        return False
    inner = why_unchanged(game, arg["steps"], ctx)
    return True if inner is None else inner


@changes("each_player")
def _each_player(game, steps, ctx):
    """1.3.4.1: the steps for each player, "you" being that player."""
    whys = [why_unchanged(game, steps, {**ctx, "player": p, "each_player": True}) for p in game.PLAYERS]
    return True if any(w is None for w in whys) else tuple(r for w in whys for r in w)


@changes("by_opponent")
def _by_opponent(game, arg, ctx):
    """3.1.2.4.1: the steps as the opponent carries them out."""
    return why_unchanged(game, arg["steps"], {**ctx, "player": game.other(ctx["player"]), "named_player": True})


@changes("choose_abilities")
def _choose_abilities(game, arg, ctx):
    """10.7.2.2.1: some choice of the modes changes the game."""
    whys = [why_unchanged(game, mode.get("effect"), ctx) for mode in arg.get("from") or ()]
    return True if any(w is None for w in whys) else tuple(r for w in whys for r in w)


@changes("roll_die", nothing=("5.24.1",))
def _roll_die(game, arg, ctx) -> bool:
    """5.24.1: the roll itself changes nothing on the board; its result branches are read by
    why_unchanged."""
    return False


@changes("change_ability", nothing=("5.20.1",))
def _change_ability(game, arg, ctx) -> bool:
    """5.20.1: the changed text changes the game only when it may be chosen now (its condition) and
    would change something itself; otherwise the rest of the text answers (Q552 with Q102)."""
    if not holds(game, arg.get("condition") or {}, ctx):
        return False
    return why_unchanged(game, arg.get("effect"), ctx) is None
