"""The verbs of the effect language. Each runs one specific term of rule 5 and cites it.
More terms live in their own modules (each registers its verbs on import: effects/__init__.py): holomem_terms (5.2, 5.4, 5.15, 5.16, 5.29),
card_terms (5.3, 5.7.3, 5.8, 5.11.1, 5.13), blooms (5.14, 5.28), attach (5.17), damage (5.22.3-5.22.4),
dice (5.24.3), arts (5.25, 5.27), turns (5.26), change (5.20), keywords (13), loops (14),
players (1.3.4.1: each_player), ordering (4.1.5: return_to_deck).

A step is a mapping with one verb (plus `if:` and, for dice, result branches):
    - draw: 3
    - if: {stage_has: {name: ときのそら}}
      send_cheer: {from: cheer_deck, to: stage}
    - roll_die: {may: true}
      odd: [{art_bonus: 50}]

Each verb is declared by `@verb_function(name, rules, doc=, arg=)` on the function that carries it out (terms.py):
its arguments are checked before anything runs, and `run_step` runs a step through the declaration.
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import NotRunnable
from ....core.terms import Bool, Either, Enum, Int, ListOf, Text
from ..terms import (BRANCH_KEYS, CARD_FILTER, COLOR, N, N1, PLAYER_ZONES, SELECTOR, SIGNED, STEP, STEP_KEYS, STEPS,
                     UNTIL, WHO, key, mapping, verb_function, verb_of)
from . import card_terms, dice, keywords, loops, prohibit, usable
from .select import condition_rules, card_matches, holds, holomems
from .. import turn
from ..events import on_event

__all__ = ("BRANCH_KEYS", "STEP_KEYS", "verb_of")
VERBS = STEP.impls                 # verb -> the function that carries it out
NOTHING = mapping()                # a verb written with an empty mapping: `return_hand: {}`
MAY = key("may", "optional: its player is asked first", Bool())
from ..terms import PER  # noqa: E402  (declared with the other shared argument types)


def per_times(game, per, ctx) -> int:
    """How many times a 'for each' counts now (its `every` groups, at most `max`)."""
    from .cardpool import _count                  # (cardpool builds on this module)
    counted = _count(game, per, ctx)
    if "max" in per:
        counted = min(counted, int(per["max"]))
    return counted // int(per.get("every", 1))


"""Runs effect steps (10.9: a one-shot effect does what it says once)."""


def run_steps(game, steps, ctx, source):
    loops.watch_for_loop(game, steps, ctx, source)            # 14.1.1.3
    keywords.cite_keyword(game, steps, ctx, source)              # 13.1.1
    for step in steps or ():
        if ctx.get("text_changed"):                    # 5.20.1: the rest of the old text is gone
            return
        yield from game.run_step(step, ctx, source)


def run_step(game, step, ctx, source):
    """One step: its `if:` condition, then its verb."""
    if "if" in step:
        if not holds(game, step["if"], ctx):
            game.emit("condition_false", ("10.3.3",) + condition_rules(step["if"]), source,
                      condition=_short(step["if"]))
            return
        cited = condition_rules(step["if"])
        if cited:
            game.emit("condition_true", cited, source, condition=_short(step["if"]))
    _cite_names(game, ctx, source)
    verb = verb_of(step)
    impl = VERBS.get(verb)                # only a declared verb runs (terms.py)
    if impl is None:
        raise NotRunnable(f"{source}: effect verb '{verb}' is not in the effect language")
    yield from impl(game, step[verb], step, ctx, source)      # a function of the game, in its rules area
    _cite_names(game, ctx, source)


def _cite_names(game, ctx, source):
    """A condition or filter matched a holomem or card through an extra name (2.11.2.3)."""
    cited = ctx.get("cited")
    if cited:
        game.emit("also_named", tuple(sorted(cited)), source)
        cited.clear()

# ----------------------------------------------------------- choosing
def choose_holomems(game, spec, ctx, source, rules, *, prompt="a holomem", chooser=None, count=1,
                    up_to=False, action=None, pool=None, at_least=None):
    """10.7.2.3: choose the stated number of holomems; as many as possible (10.7.2.3.3).
    `action`: what the step will do to them; the holomems a prohibition forbids it on are not
    offered (1.3.3). A choice of one holomem meets the requirements on it (1.3.2.3). `pool`: the
    holomems to choose from, when the step has already found them."""
    pool = holomems(game, spec, ctx) if pool is None else pool
    if action is not None:
        pool = prohibit.unprohibited(game, action, ctx["player"], pool, source)
    if not pool:
        return []
    if count == "all":
        return pool
    who = chooser or ctx["player"]
    if count == 1 and not up_to:
        pool = prohibit.required_pool(game, "effect_choice", who, pool, source)
    n = min(int(count), len(pool))
    if not up_to and n == len(pool) and n == 1:
        return pool
    opts = [turn.holomem_option(game, s) for s in pool]
    low = 0 if up_to else n if at_least is None else min(int(at_least), n)    # '1～3人' (1.3.5.2)
    picked = yield Decision(who, "choose_holomem", prompt, rules + ("10.7.2.3",), opts, many=True,
                            min_pick=low, max_pick=n, source=source)
    return picked


def choose_cards(game, player, cards, ctx, source, rules, *, prompt, min_pick, max_pick, ordered=False,
                 kind="choose_cards"):
    if max_pick <= 0 or not cards:
        return []
    opts = [Option(c.number, c, keys=(c.defn.name, c.defn.name_en)) for c in cards]
    if min_pick == 0 and max_pick > 0:
        rules = tuple(rules) + ("1.3.5.1",)      # 'up to' a number: 0 may be chosen
    # Cards of zones no other player sees (4.1.2): which of them the player picks is named to the
    # player alone (4.2.3), and it is a selection of hidden cards for 1.3.4.2 (effects/players.py).
    others = [q for q in game.PLAYERS if q != player]
    hidden = all(c.zone is not None and not any(q in game.viewers(c.zone) for q in others) for c in cards)
    picked = yield Decision(player, kind, prompt, rules, opts, many=True, min_pick=min(min_pick, len(cards)),
                            max_pick=min(max_pick, len(cards)), ordered=ordered, source=source,
                            private=player if hidden else None, context={"hidden_selection": hidden})
    return picked


def _pick_one(game, pool, player, source, rules, prompt):
    """One holomem of a pool already filtered (10.7.2.3); taken without asking when alone. It meets
    the requirements on such a choice (1.3.2.3)."""
    pool = prohibit.required_pool(game, "effect_choice", player, pool, source)
    if len(pool) == 1:
        return [pool[0]]
    picked = yield Decision(player, "choose_holomem", prompt, rules + ("10.7.2.3",),
                            [turn.holomem_option(game, s) for s in pool], source=source)
    return [picked]


def may(game, player, source, rules, prompt="use this effect?"):
    yes = Option("yes", True, keys=("true", "use"))
    no = Option("no", False, keys=("false", "skip"))
    return (yield Decision(player, "may", prompt, rules, [yes, no], source=source))

# -------------------------------------------------------------- verbs
@verb_function("draw", "5.7.1", "5.7.2", doc="draw N cards, one at a time; an empty deck draws nothing", arg=N)
def draw(game, n, step, ctx, source):
    """5.7.2: draw N is drawing one card N times; an empty deck draws nothing (1.3.2)."""
    for _ in range(int(n)):
        if prohibit.prohibited(game, "draw", ctx["player"], source):        # 1.3.3: the prohibition wins
            break
        # 3.1.2.4-3.1.2.4.1: the effect's controller carries out an instruction naming no player
        # (inside `each_player` it names each player, 1.3.4.1).
        who = () if ctx.get("each_player") or ctx.get("named_player") else ("3.1.2.4", "3.1.2.4.1")
        if not game.draw(ctx["player"], ("5.7.2", "5.7.1") + who, source):
            game.emit("nothing", ("1.3.2",), source, why="the deck is empty")
            break
    return
    yield  # pragma: no cover


@verb_function("draw_per", "5.7.1", "5.7.2", doc="draw 1 card for each of what it counts, counted when it resolves "
               "('デッキに戻したカード1枚につき、デッキを1枚引く'; inside `each_player`, each player's own count)",
               arg=mapping(key("per", "what is counted (`what: returned`: the cards an earlier `return_to_deck` of "
                               "this effect returned)", PER, required=True)))
def draw_per(game, arg, step, ctx, source):
    """5.7.2: draw N, N counted now (`per`, e.g. `what: returned`)."""
    per = arg["per"]
    n = per_times(game, per, ctx)
    game.emit("counted", ("5.7.2",), source, what=per.get("what", "holomems"), count=n)
    yield from draw(game, n, step, ctx, source)


@verb_function("win_game", "1.2.4", doc="the effect's player wins at once, without a check timing", arg=NOTHING)
def win_game(game, arg, step, ctx, source):
    """1.2.4: an effect that makes its player win ends the game at once, without a check timing."""
    game.end_game(ctx["player"], ("1.2.4", "1.2.1"), f"{ctx['player']} won by {source}", source)
    yield  # pragma: no cover


@verb_function("lose_game", "1.2.4", doc="the effect's player loses at once, without a check timing", arg=NOTHING)
def lose_game(game, arg, step, ctx, source):
    """1.2.4: an effect that makes its player lose ends the game at once, without a check timing."""
    game.end_game(game.other(ctx["player"]), ("1.2.4", "1.2.1"), f"{ctx['player']} lost by {source}", source)
    yield  # pragma: no cover


@verb_function("do", "10.9", doc="a group of steps carried out in order, as one step: an `if:` on it is read once, "
               "before the first ('if X, A, then B': B does not depend on what A changed)", arg=STEPS)
def do(game, arg, step, ctx, source):
    """10.9: the steps of an effect are carried out in the order written; grouped, they share the
    condition of the sentence they come from."""
    yield from game.run_steps(arg, ctx, source)


@verb_function("art_bonus", "12.3.4.2", doc="(inside an art) this art gets +N (or -N)", arg=SIGNED)
def art_bonus(game, n, step, ctx, source):
    """12.3.4.2: a modifier of the art changes the damage to be dealt."""
    ctx["damage"] += int(n)
    game.emit("art_bonus", ("12.3.4.2",), source, amount=int(n), damage=ctx["damage"])
    return
    yield  # pragma: no cover


@verb_function("art_unreducible", "5.22.3.1", "12.3.4.2", doc="(inside an art) this art's damage cannot be reduced "
               "('このアーツダメージは軽減されない'): no reduction or replacement lowering it applies", arg=NOTHING)
def art_unreducible(game, arg, step, ctx, source):
    """5.22.3.1: the art's text says its damage cannot be reduced (the arts damage of 12.3.4.5, the number
    beside its name with its modifiers: Q539)."""
    ctx["unreducible"] = True
    game.emit("unreducible", ("5.22.3.1",), source, holomem=game.snap(ctx["holomem"]))
    return
    yield  # pragma: no cover


@verb_function("send_cheer", "5.21", "5.21.1", "5.21.2", doc="send cheer to a holomem", arg=mapping(
             key("from", "the top of the cheer deck (revealed) or the archive", Enum("cheer_deck", "archive"),
                 default="cheer_deck"),
             key("to", "the holomems that may receive it", SELECTOR, default="stage"),
             key("count", "how many (`any`: any number of the archive's cheer)", Either(N1, Enum("any")), default=1),
             key("colors", "only cheer of these colours: from the archive, those of its cheer; from the cheer "
                 "deck, a search of it ('reveal a red or blue cheer from your cheer deck'): its player looks at "
                 "it and may fail to find one (10.7.2.3.5); a later `shuffle: cheer_deck` step shuffles it",
                 ListOf(COLOR)),
             key("colors_of", "only cheer sharing a colour with one of these holomems ('自分のホロメン1人と同色のエール'; "
                 "the cheer may go to a holomem of another colour, Q223, Q224): `colors` read from the holomems as "
                 "the step resolves", SELECTOR, "2.4", "5.21"),
             key("up_to", "from the archive: its player chooses 0 to `count` of them ('1～3枚を送れる')", Bool(),
                 "10.7.2.3.2"),
             key("search", "from the cheer deck: reveal cheer from anywhere in it and send it (5.11.2: 'reveal 1 "
                 "cheer from your cheer deck and send it'), not its top card; with `colors` this is implied",
                 Bool(), "5.11.2", "10.7.2.3.5"),
             key("min", "from the archive: at least this many when there are ('1～5枚': `count: 5, min: 1`; with "
                 "`one_each`, holomems: '1～3人に1枚ずつ'); without it, exactly `count` (as many as can be)", N1,
                 "10.7.2.3.3"),
             key("each", "from the archive: one cheer to each holomem `to` names ('全員に1枚ずつ'); with fewer cheer "
                 "than holomems, its player chooses which receive one (10.7.2.3.3)", Bool(), "5.21.1", "10.7.2.3.3"),
             key("who", "from the archive: whose archive (`opponent`: the opponent's cheer, chosen by this effect's "
                 "player, Q395)", WHO, default="own"),
             key("distribute", "from the archive: each cheer chosen goes to a holomem chosen for it ('割り振って送る')",
                 Bool(), "5.21.1"),
             key("max_each", "with distribute: at most N to one holomem ('ただし、ホロメン1人に送る枚数は2枚まで'); "
                 "so at most N for each holomem that may receive them are chosen", N1, "1.3.1"),
             key("one_each", "from the archive: one cheer to each of up to `count` different holomems ('1枚ずつ…1～3人に"
                 "送れる'; any colours, Q79, Q80)", Bool(), "5.21.1"),
             key("per", "from the top of the cheer deck: `count` for each of what it counts, counted when it "
                 "resolves ('アーカイブしたカード1枚につき、…1枚を送る': `per: {what: paid}`)", PER),
             MAY))
def send_cheer(game, arg, step, ctx, source):
    """5.21: send cheer from the cheer deck (5.21.2, top card, revealed) or the archive (5.21.1)."""
    p = ctx["player"]
    arg = dict(arg or {})
    frm = arg.get("from", "cheer_deck")
    if arg.get("may") and not (yield from may(game, p, source, ("5.21",), "send cheer?")):
        return
    if arg.get("per"):                                  # 'for each ...': the number counted now
        arg["count"] = int(arg.get("count", 1)) * per_times(game, arg.pop("per"), ctx)
        if arg["count"] <= 0:
            game.emit("nothing", ("1.3.2",), source, why="it counts to 0 cheer")
            return
    if arg.get("colors_of") is not None:           # the colours of those holomems now (2.4)
        arg["colors"] = sorted({c for s in holomems(game, arg["colors_of"], ctx) for c in game.colors(s)}) \
            or ["(no colour)"]                     # no holomem, or colourless ones: no cheer matches
    # 1.3.3: no cheer is sent to a holomem a prohibition keeps from receiving it
    targets = prohibit.unprohibited(game, "send_cheer", p, holomems(game, arg.get("to", "stage"), ctx), source)
    if frm == "cheer_deck" and (arg.get("colors") or arg.get("search")):
        yield from _search_cheer_deck(game, arg, ctx, source, targets)
        return
    if frm == "cheer_deck":
        targets = prohibit.required_pool(game, "effect_choice", p, targets, source)     # 1.3.2.3
        deck = game.zone(p, "cheer_deck")
        for _ in range(int(arg.get("count", 1))):
            empty = not deck.items or not targets
            yield from turn.send_cheer_from_deck(game, p, ("5.21.2",), targets, source)
            if empty:           # 1.3.2: none could be sent, so none of the rest can be
                break
        return
    if frm != "archive":
        raise NotRunnable(f"{source}: send_cheer from '{frm}' is not in the effect language")
    owner = game.other(p) if arg.get("who") == "opponent" else p
    pool = [c for c in game.zone(owner, "archive").items if c.defn.type == "cheer"
            and card_matches(c.defn, {"color": arg["colors"]} if arg.get("colors") else {})]
    if not pool or not targets:
        game.emit("nothing", ("1.3.2",), source, why="no cheer in the archive" if not pool else "no holomem")
        return
    if arg.get("each"):
        yield from _send_cheer_each(game, p, pool, targets, ctx, source)
        return
    count = arg.get("count", 1)
    many = len(pool) if count == "any" else int(count)
    if arg.get("distribute") and arg.get("max_each"):      # no more than N each: N per holomem at most
        many = min(many, int(arg["max_each"]) * len(targets))
    if arg.get("one_each"):                 # one cheer to each holomem chosen (Q79: of any colours)
        chosen = yield from choose_holomems(game, None, ctx, source, ("5.21.1",), pool=targets,
                                            count=min(many, len(targets)), up_to=bool(arg.get("up_to")),
                                            at_least=arg.get("min"), prompt="the holomems to receive one cheer each")
        for stack in chosen:
            left = [c for c in pool if c.zone is not None and c.zone.name == "archive"]
            if not left:
                break
            (card,) = yield from choose_cards(game, p, left, ctx, source, ("5.21.1",),
                                              prompt="a cheer from the archive for this holomem", min_pick=1,
                                              max_pick=1)
            game.emit("attach", ("5.21.1",), source, card=card, number=card.number, stack=stack,
                      holomem=game.snap(stack))
        return
    cheers = yield from choose_cards(game, p, pool, ctx, source, ("5.21.1",), prompt="cheer from the archive",
                                          min_pick=min(int(arg["min"]), len(pool)) if "min" in arg else
                                          0 if count == "any" or arg.get("up_to") else many, max_pick=many)
    if not cheers:
        return
    if arg.get("distribute"):              # 'distributed': a holomem chosen for each cheer
        given = {}
        for card in cheers:
            room = [s for s in targets if given.get(id(s), 0) < int(arg.get("max_each") or len(cheers))]
            (stack,) = (yield from choose_holomems(game, None, ctx, source, ("5.21.1",), pool=room,
                                                   prompt=f"a holomem to receive {card.number}")) or (None,)
            given[id(stack)] = given.get(id(stack), 0) + 1
            game.emit("attach", ("5.21.1",), source, card=card, number=card.number, stack=stack,
                      holomem=game.snap(stack))
        return
    (stack,) = (yield from choose_holomems(game, None, ctx, source, ("5.21.1",), pool=targets,
                                                 prompt="a holomem to receive the cheer")) or (None,)
    for card in cheers:
        game.emit("attach", ("5.21.1",), source, card=card, number=card.number, stack=stack,
                  holomem=game.snap(stack))


def _search_cheer_deck(game, arg, ctx, source, targets):
    """'Reveal N cheer of these colours from your cheer deck and send them': the player looks at the
    hidden cheer deck (5.8.1) and chooses by the cards' colour, so may fail to find one (10.7.2.3.5);
    each card chosen is revealed and attached to a holomem (5.21.1)."""
    p = ctx["player"]
    zone = game.zone(p, "cheer_deck")
    game.emit("look", ("5.8.1",), source, player=p, zone=zone.label, private=p)
    colors = arg.get("colors")
    pool = [c for c in zone.items if c.defn.type == "cheer" and (not colors or card_matches(c.defn, {"color": colors}))]
    if not pool or not targets:
        game.emit("nothing", ("1.3.2", "10.7.2.3.5"), source,
                  why="no cheer of those colours in the cheer deck" if not pool else "no holomem")
        return
    n = len(pool) if arg.get("count", 1) == "any" else int(arg.get("count", 1))
    cheers = yield from choose_cards(game, p, pool, ctx, source, ("5.21.1", "10.7.2.3.5", "4.1.2.3"),
                                     prompt="cheer from the cheer deck", min_pick=0, max_pick=n)
    for card in cheers:
        game.emit("reveal", ("5.21.1", "5.11.2"), source, player=p, cards=[card.number])    # from the cheer deck
        (stack,) = (yield from choose_holomems(game, None, ctx, source, ("5.21.1",), pool=targets,
                                               prompt="a holomem to receive the cheer")) or (None,)
        game.emit("attach", ("5.21.1",), source, card=card, number=card.number, stack=stack,
                  holomem=game.snap(stack))


def _send_cheer_each(game, p, pool, targets, ctx, source):
    """5.21.1: one cheer from the archive to each holomem; fewer cheer than holomems: as many as can
    be (10.7.2.3.3), to the holomems its player chooses."""
    if len(pool) < len(targets):
        targets = yield from choose_holomems(game, None, ctx, source, ("5.21.1", "10.7.2.3.3"), pool=targets,
                                             count=len(pool), prompt="the holomems to receive a cheer")
    for stack in targets:
        avail = [c for c in pool if c.zone is not None and c.zone.name == "archive"]
        (card,) = yield from choose_cards(game, p, avail, ctx, source, ("5.21.1",),
                                          prompt=f"the cheer for {game.position(stack)}", min_pick=1, max_pick=1)
        game.emit("attach", ("5.21.1",), source, card=card, number=card.number, stack=stack,
                  holomem=game.snap(stack))


@verb_function("move_cheer", "5.17.4", doc="re-attach cheer on the stage to another holomem", arg=mapping(
             key("from", "the holomems whose cheer moves", SELECTOR, default="stage"),
             key("to", "the holomems that may receive it", SELECTOR, default="stage"),
             key("count", "how many; `all`: every matching cheer, each to a holomem chosen for it ('distribute'); "
                 "`any`: as many of them as its player chooses, 0 or more ('エールを好きな枚数選び', 1.3.5.1)",
                 Either(N1, Enum("all", "any")), default=1),
             key("colors", "only cheer of these colours", ListOf(COLOR)),
             key("one_each", "with `count: N`: N cheer, one to each of N different holomems ('1枚ずつ')", Bool()),
             key("min", "with `count: N`: at least this many, as many as there are up to it ('エール2枚を…送れる': "
                 "`count: 2, min: 2`, Q461); without it, its player chooses 1 to `count` ('1～2枚')", N1,
                 "10.7.2.3.1", "10.7.2.3.3"),
             key("to_one", "all the cheer moved go to one holomem, chosen once after the cheer ('…を好きな枚数選び、"
                 "〈X〉1人に付け替える')", Bool(), "5.17.4"),
             MAY))
def move_cheer(game, arg, step, ctx, source):
    """5.17.4: re-attach cheer on the stage to other holomems (same holomem: nothing, 5.17.4.1).
    `count: all` moves every matching cheer, each to a holomem chosen for it ('distribute')."""
    p = ctx["player"]
    arg = dict(arg or {})
    pool = [c for s in holomems(game, arg.get("from", "stage"), ctx) for c in game.cheers(s)]
    if arg.get("colors"):
        pool = [c for c in pool if set(arg["colors"]) & c.defn.colors]
    if not pool:
        game.emit("nothing", ("1.3.2",), source, why="no cheer to move")
        return
    if not holomems(game, arg.get("to", "stage"), ctx):
        game.emit("nothing", ("1.3.2",), source, why="no holomem to receive the cheer")
        return
    # 'X can be re-attached' (付け替えられる): optional, its player is asked first
    if arg.get("may") and not (yield from may(game, p, source, ("5.17.4",), "re-attach cheer?")):
        return
    if arg.get("count") == "all":
        picked = pool                # nothing to choose: every one of them moves
    elif arg.get("count") == "any":  # 'any number of them' (1.3.5.1: 0 may be chosen)
        picked = yield from choose_cards(game, p, pool, ctx, source, ("5.17.4",), prompt="the cheer to move",
                                         min_pick=0, max_pick=len(pool))
        if not picked:
            game.emit("nothing", ("1.3.5.1",), source, why="no cheer chosen")
            return
    else:
        # 10.7.2.3.1, 10.7.2.3.3: a number to choose (`min`) is chosen as far as there are cheer
        low = int(arg["count"]) if arg.get("one_each") else min(int(arg.get("min", 1)), len(pool))
        picked = yield from choose_cards(game, p, pool, ctx, source,
                                         ("5.17.4", "10.7.2.3.1") if "min" in arg else ("5.17.4",),
                                         prompt="a cheer to move", min_pick=low, max_pick=int(arg.get("count", 1)))
    given = []                      # one_each: the holomems that already received one
    one = None
    if arg.get("to_one"):           # '〈X〉1人に付け替える': one holomem receives all of them
        (one,) = (yield from choose_holomems(game, arg.get("to", "stage"), ctx, source, ("5.17.4",),
                                             prompt="the holomem the cheer moves to")) or (None,)
    for card in picked:
        pool = None
        if arg.get("one_each"):
            pool = [s for s in holomems(game, arg.get("to", "stage"), ctx) if s not in given and s is not card.holder]
        if arg.get("to_one"):
            stack = one
        else:
            (stack,) = (yield from choose_holomems(game, arg.get("to", "stage"), ctx, source, ("5.17.4",),
                                                   prompt=f"a holomem for {card.number}", pool=pool)) or (None,)
        given.append(stack)
        if stack is None or stack is card.holder:
            game.emit("nothing", ("5.17.4.1", "1.3.2.1"), source, why="the same holomem")
            continue
        game.emit("attach", ("5.17.4", "5.17.4.2"), source, card=card, number=card.number, stack=stack,
                  holomem=game.snap(stack), frm=game.position(card.holder))


@verb_function("modify", "10.2.1.2", "10.10.1.4", doc="a continuous effect on the holomems chosen now: arts +N or HP +N",
               arg=mapping(
                   key("target", "the holomems", SELECTOR, default="this"),
                   key("count", "how many of them (`all`: every one)", Either(N1, Enum("all")), default="all"),
                   key("arts", "arts +N", SIGNED), key("hp", "HP +N", SIGNED),
                   key("until", "its period", UNTIL, default="end_of_turn"),
                   key("more", "'if that holomem is X, +N more': a chosen holomem matching `if` (a selector mapping) "
                       "gets `arts` more", mapping(key("if", "what the chosen holomem must match", SELECTOR,
                                                        required=True),
                                                    key("arts", "arts +N more", SIGNED, required=True))),
                   key("per", "the +N for each `every` of what it counts, counted once, when it resolves (Q417: "
                       "cheer attached later do not count)", PER),
                   key("per_own", "with `per`: each holomem counts on itself (`on: this` is that holomem: 'その"
                       "ホロメンのエール1色につき'), each its own number, counted when it resolves", Bool(), "10.2.1.2"),
                   at_least_one=("arts", "hp")))
def modify(game, arg, step, ctx, source):
    """10.2.1.2: a continuous effect for a period, e.g. arts +20 until the end of the turn; `more`:
    the holomem chosen gets more when it matches (hBP01-001: 'if that holomem is white, +50 more');
    `per`: +N for each of what it counts, its size fixed when it resolves (10.2.1.2, Q417)."""
    targets = yield from choose_holomems(game, arg.get("target", "this"), ctx, source, ("10.2.1.2",),
                                              count=arg.get("count", "all"))
    times = per_times(game, arg["per"], ctx) if arg.get("per") else 1
    more = arg.get("more")
    for s in targets:
        if arg.get("per") and arg.get("per_own"):            # 'そのホロメンの…につき': each counts on itself
            times = per_times(game, {**arg["per"], "on": "this"}, {**ctx, "holomem": s})
        game.emit("continuous", ("10.2.1.2", "10.10.1.4"), source, stack=s, holomem=game.snap(s),
                  attribute="arts" if "arts" in arg else "hp",
                  amount=int(arg.get("arts", arg.get("hp", 0))) * times, until=arg.get("until", "end_of_turn"))
        if more and s in holomems(game, {**more["if"], "where": more["if"].get("where", "stage")}, ctx):
            game.emit("continuous", ("10.2.1.2", "10.10.1.4"), source, stack=s, holomem=game.snap(s),
                      attribute="arts", amount=int(more["arts"]), until=arg.get("until", "end_of_turn"))


@verb_function("roll_die", "5.24.1", "5.24.2", doc="roll a six-sided die; the result branches of the step follow",
               arg=mapping(MAY, key("times", "'サイコロをN回振れる': the die is rolled N times; a re-roll rolls all N "
                                    "again from the start (Q229); each result is set as 5.24.4 says; the result the "
                                    "branches and `what: die` read is their total ('出た目の合計数'); `per: {what: "
                                    "dice, result: ..}` counts the dice showing a result", Int(minimum=2),
                                    "5.24.1", "5.24.3"),
                           key("per", "the die is rolled once for each of what this counts, all at once ('〜1人につき、"
                               "サイコロを1回振れる'; none when it counts none)", PER, "5.24.1")))
def roll_die(game, arg, step, ctx, source):
    """5.24.1: roll one die (or `times` dice, or one for each of what `per` counts: rolled at once);
    5.24.2 'may roll' asks first; the steps under matching results run."""
    p = ctx["player"]
    arg = dict(arg or {})
    times = per_times(game, arg["per"], ctx) if arg.get("per") else int(arg.get("times", 1))
    if arg.get("per"):
        game.emit("counted", ("5.24.1",), source, what="dice to roll", count=times)
    if arg.get("may") and times and not (yield from may(game, p, source, ("5.24.2",), "roll the die?")):
        return
    declared: list = []                                               # 12.1.5.1
    about = {**ctx, "at_once": times}          # 'サイコロを1度にN回振る時' (treat_die_as at_once) reads it
    if times > 1 or arg.get("per"):
        def roll_all():
            out = []
            for _ in range(times):
                out.append((yield from dice.roll_for_ability(game, p, source, ctx, declared)))
            return out
        values = yield from roll_all()
        values = yield from dice.reroll_die(game, p, source, ctx, values, declared, again=roll_all)   # 5.24.3
        results = []
        for i, v in enumerate(values):
            results.append((yield from dice.set_die_result(game, p, source, about, v, declared, i)))   # 5.24.4
        value = sum(results)
        game.emit("counted", ("5.24.1",), source, what="die total", count=value)
    else:
        value = yield from dice.roll_for_ability(game, p, source, ctx, declared)
        value = yield from dice.reroll_die(game, p, source, ctx, value, declared)     # 5.24.3
        value = yield from dice.set_die_result(game, p, source, about, value, declared)  # 5.24.4
        results = [value]
    ctx["die"], ctx["dice"] = value, results
    if results:    # 'このターンに自分が能力でサイコロを振った回数': a re-rolled die is still one die (Q394, Q419)
        game.emit("dice_rolled", ("5.24.1", "5.24.3"), source, player=p, count=len(results))
    for key in step:                 # in the order the card text gives them
        if key in BRANCH_KEYS and _die_matches(str(key), value):
            yield from game.run_steps(step[key], ctx, source)


@verb_function("swap", "5.18.1", doc="switch two holomems (the effect's player chooses `b`)", arg=mapping(
             key("a", "the centre (or collab) holomem", SELECTOR, required=True),
             key("b", "the holomem it switches with", SELECTOR, required=True),
             MAY,
             key("then", "steps carried out only if the switch happened; in them the selector `chosen` names "
                 "`a`, the holomem that moved to `b`'s place ('さらに、バックポジションに移動したホロメンの…')",
                 STEPS, "10.9")))
def swap(game, arg, step, ctx, source):
    """5.18.1: the centre (or collab) holomem and a back holomem change places; `may`
    ('交代できる'): its player is asked first, once a switch is possible."""
    (a,) = holomems(game, arg["a"], ctx)[:1] or (None,)
    if a is None:
        game.emit("nothing", ("1.3.2", "5.18.1"), source, why="no holomem to swap")
        return
    if arg.get("may") and holomems(game, arg["b"], ctx) and not (
            yield from may(game, ctx["player"], source, ("5.18.1",), "switch the holomems?")):
        return
    picked = yield from choose_holomems(game, arg["b"], ctx, source, ("5.18.1",), prompt="the back holomem",
                                             chooser=ctx["player"])
    if not picked:
        game.emit("nothing", ("1.3.2",), source, why="no back holomem")
        return
    b = picked[0]
    if game.cannot_move(a) or game.cannot_move(b):
        # 5.10.2: if either cannot go to the other's place, the switch is not carried out
        game.emit("nothing", ("5.29.1", "5.10.2"), source, why="cannot move")
        return
    game.emit("swap", ("5.18.1", "5.10.1"), source, stacks=(a, b), holomem=game.snap(a), other=game.snap(b))
    if arg.get("then"):                  # 'and then, the holomem that moved to the back ...' (10.9: in order)
        ctx["chosen"] = [a]
        yield from game.run_steps(arg["then"], ctx, source)


@verb_function("move_to_back", "5.5.1", doc="move this holomem to the back", arg=mapping(
    MAY, key("target", "the holomem moved ('選んだホロメンを…バックポジションに移動させる': `chosen`; an opponent's "
             "centre so moved leaves the centre empty until 7.2.6 or 7.7.5 fills it)", SELECTOR, default="this")))
def move_to_back(game, arg, step, ctx, source):
    """5.5.1: move a holomem to the back position; its rested state is kept (4.1.4)."""
    arg = arg if isinstance(arg, dict) else {}
    if "target" in arg:
        found = holomems(game, arg["target"], ctx)
        s = found[0] if found else None
    else:
        s = ctx["holomem"]
    if arg.get("may") and not (
            yield from may(game, ctx["player"], source, ("5.5.1",), "move this holomem to the back?")):
        return
    if s is None or s.zone is None or s.zone.name == "back" or game.cannot_move(s):
        return
    game.emit("move_holomem", ("5.5.1", "4.1.4"), source, stack=s, frm=game.position(s),
              to=game.zone(s.owner, "back"), holomem=game.snap(s))


@verb_function("take", "5.11.2", doc="reveal matching cards of a zone and add them to the hand", arg=mapping(
             key("from", "the zone", Enum("deck", "holopower", "archive"), default="deck"),
             key("count", "how many", N1, default=1),
             key("min", "'(min)～(count)' cards (1.3.5.2): at least this many, as many as possible up to it "
                 "(10.7.2.3.1); without it, `count` itself", N, "1.3.5.2"),
             key("filter", "only cards matching it", CARD_FILTER),
             key("distinct_names", "the cards taken have different card names ('異なるカード名の'): chosen one at "
                 "a time, each of a name not yet taken", Bool(), "2.1"),
             key("to", "where the revealed cards go: the hand, or the archive ('reveal 1 card from your deck and "
                 "archive it', 5.12.1)", Enum("hand", "archive"), default="hand"),
             key("oshi_color", "only cards sharing a colour with your oshi holomem ('自分の推しホロメンと同色の'; a "
                 "card of several colours shares each, Q340)", Bool(), "2.4"),
             key("same_name_as_paid", "only cards sharing a card name with a card the `put` of the cost put "
                 "('戻したホロメンと同じカード名の', 2.1)", Bool(), "2.1"),
             MAY,
             key("then", "'if you added one, ...': steps carried out only if a card was added to the hand", STEPS),
             key("per", "`count` for each of what it counts, counted when it resolves ('アーカイブしたカード1枚につき、"
                 "…1枚を手札に戻す': `per: {what: paid}`)", PER),
             key("same_name_as", "only cards with a card name of a holomem the selector names now ('自分のコラボ"
                 "ホロメンと同じカード名の'); none there, none matches", SELECTOR, "2.1.2"),
             key("one_each_color_of", "one card for each holomem the selector names, each sharing a colour with its "
                 "holomem ('それぞれ選んだホロメンと同色の…1枚ずつ'; a card of several colours shares each, Q404); "
                 "`count` unused", SELECTOR, "2.4"),
             key("other_name_than", "only cards whose card names differ from those of every holomem the selector "
                 "names now ('自分のステージのホロメン全員と異なるカード名の')", SELECTOR, "2.1.2")))
def take(game, arg, step, ctx, source):
    """5.8/5.11: look at a zone, reveal cards matching a filter and put them into the hand."""
    p = ctx["player"]
    if arg.get("may") and not (yield from may(game, p, source, ("5.11.2",), "add cards to your hand?")):
        return                                          # 'you may return ...': declined
    zone = game.zone(p, arg.get("from", "deck"))
    game.emit("look", ("5.8.1",), source, player=p, zone=zone.label, private=p)
    pool = [c for c in zone.items if card_matches(c.defn, arg.get("filter") or {}, ctx.setdefault("cited", set()))]
    if arg.get("same_name_as"):                     # 2.1.2: a card name of those holomems
        names = {n for s in holomems(game, arg["same_name_as"], ctx) for n in game.names(s)}
        pool = [c for c in pool if names & c.defn.names]
    if arg.get("other_name_than"):                  # 2.1.2: no card name of those holomems
        names = {n for s in holomems(game, arg["other_name_than"], ctx) for n in game.names(s)}
        pool = [c for c in pool if not names & c.defn.names]
    if arg.get("oshi_color"):                       # 2.4: of the same colour as the oshi holomem
        oshi = game.oshi(p)
        colors = set(oshi.defn.colors) if oshi is not None else set()
        pool = [c for c in pool if colors & set(c.defn.colors)]
    if arg.get("same_name_as_paid"):                # 2.1: the card name of the card the cost put
        names = set(ctx.get("paid_names") or ())
        pool = [c for c in pool if names & set(c.defn.names)]
    n = int(arg.get("count", 1)) * (per_times(game, arg["per"], ctx) if arg.get("per") else 1)
    if n <= 0:
        game.emit("nothing", ("1.3.2",), source, why="it counts to 0 cards")
        return
    # 10.7.2.3.5: choosing from a hidden zone by a condition on the cards' information, the
    # player may fail to find a matching card. Without such a condition (take any card, as
    # hSD01-007's HOPE does) the stated number must be chosen when possible (10.7.2.3.1).
    by_info = not zone.public and bool(arg.get("filter") or arg.get("oshi_color") or arg.get("same_name_as")
                                       or arg.get("one_each_color_of") or arg.get("other_name_than"))
    f = arg.get("filter") or {}
    why = ("10.7.2.3.5", "4.1.2.3") if by_info else ("10.7.2.3.1",)
    why += ("2.15.1",) if f else ()                 # 'a <information> card': a card with that information
    why += ("2.5.1",) if "buzz" in f else ()
    why += ("2.4",) if arg.get("oshi_color") else ()          # the oshi's colour
    why += ("2.1.2",) if arg.get("other_name_than") or arg.get("same_name_as") else ()     # card names
    why += ("1.3.5.2",) if "min" in arg else ()     # '(min)～(count)' cards
    if not pool and f:
        game.emit("nothing", ("5.11.2",) + why, source, why="no card matches")
    low = 0 if by_info else int(arg.get("min", n))
    if arg.get("one_each_color_of"):
        # 'one of the same colour as each chosen holomem' (2.4): one at a time, for each holomem in turn
        picked = []
        for s in holomems(game, arg["one_each_color_of"], ctx):
            colors = game.colors(s)
            left = [c for c in pool if c not in picked and colors & set(c.defn.colors)]
            picked += (yield from choose_cards(game, p, left, ctx, source, ("5.11.2", "2.4") + why,
                                               prompt=f"a card of the colour of {s.top.number} to reveal and add to hand",
                                               min_pick=0, max_pick=1))
    elif arg.get("distinct_names"):
        # 'N cards of different card names' (2.1): one at a time, each of a name not yet taken
        picked = []
        for i in range(n):
            names = set().union(*(c.defn.names for c in picked)) if picked else set()
            left = [c for c in pool if c not in picked and not (c.defn.names & names)]
            one = yield from choose_cards(game, p, left, ctx, source, ("5.11.2", "2.1") + why,
                                          prompt="a card of another name to reveal and add to hand",
                                          min_pick=1 if i < low else 0, max_pick=1)
            if not one:
                break
            picked += one
    else:
        picked = yield from choose_cards(game, p, pool, ctx, source, ("5.11.2",) + why,
                                         prompt="cards to reveal and add to hand", min_pick=low, max_pick=n)
    to = arg.get("to", "hand")
    for card in picked:
        game.emit("reveal", ("5.11.2",), source, player=p, cards=[card.number])
        if to == "archive":         # 5.12.1: archived, not added to the hand
            game.archive(card, ("5.11.1", "5.12.1"), source)
        else:
            game.move(card, game.zone(p, "hand"), ("5.11.2",), source)
    ctx["taken"] = list(picked)                          # 'the card returned' (condition taken_is)
    if arg.get("then") and picked:                      # 'if you added it, ...' (10.9: in order)
        yield from game.run_steps(arg["then"], ctx, source)


@verb_function("put", "5.5.1", doc="put cards from the hand into a zone", arg=mapping(
             key("count", "how many; `any`: any number of them, 0 or more ('手札を好きな枚数', 1.3.5; with `min`, at "
                 "least that many)", Either(N1, Enum("any")), "1.3.5", default=1),
             key("min", "'(min)～(count) cards' (1.3.5.2): the player chooses how many, at least this many; as a "
                 "cost, payable with this many in the hand ('自分の手札1～3枚をアーカイブできる:'); a later "
                 "`per: {what: paid}` counts the cards moved", N1, "1.3.5.2", "10.4.2.2"),
             key("to", "where", Enum("holopower", "deck_bottom", "archive"), default="holopower"),
             key("filter", "only hand cards matching it ('reveal 1 〈name〉 from your hand and return it'): "
                 "they are revealed (5.11.1)", CARD_FILTER),
             key("reveal", "the cards are revealed first, so both players see them (5.11.1: 'reveal and "
                 "return to the bottom of the deck')", Bool()),
             key("same_tag", "the cards put share a tag, any one (2.6; '同じタグを持つホロメン2枚', Q284): chosen one "
                 "at a time, each sharing a tag with all chosen before; as a cost, payable only with such a set",
                 Bool(), "2.6"),
             key("who", "whose hand: `opponent`: the opponent puts cards of their own hand, chosen by them "
                 "('相手は、自身の手札1枚をアーカイブする')", WHO, "1.3.4", default="own")))
def put(game, arg, step, ctx, source):
    """5.5.1: put cards from the hand into a zone (holo power, deck bottom); `filter`: only cards of
    the hand that match; `reveal`: each is revealed first (5.11.1); `who: opponent`: the opponent
    does it with their own hand, choosing the cards."""
    p = ctx["player"] if arg.get("who", "own") == "own" else game.other(ctx["player"])
    spec = arg.get("filter")
    cited = ctx.setdefault("cited", set())
    hand = [c for c in game.zone(p, "hand").items if not spec or card_matches(c.defn, spec, cited)]
    anyn = arg.get("count") == "any"                 # 'any number' (1.3.5): 0 to all of them
    n = len(hand) if anyn else int(arg.get("count", 1))
    low = min(int(arg.get("min", 0 if anyn else n)), n)    # '(min)～(count)' (1.3.5.2): the player chooses
    if arg.get("same_tag"):                          # 2.6: cards sharing a tag, one at a time
        picked = []
        while len(picked) < n:
            pool = [c for c in hand if c not in picked and same_tag_set(picked + [c], hand, n)]
            if not pool:
                break
            (card,) = yield from choose_cards(game, p, pool, ctx, source, ("5.5.1", "2.6"),
                                              prompt="a card sharing a tag with those chosen", min_pick=1, max_pick=1)
            picked.append(card)
    else:
        picked = yield from choose_cards(game, p, list(hand), ctx, source,
                                         ("5.5.1", "1.3.5.2") if "min" in arg else ("5.5.1", "1.3.5") if anyn
                                         else ("5.5.1",), prompt="cards to put",
                                         min_pick=low, max_pick=n)
    ctx["paid"] = len(picked)                        # 'for each card archived' (per: {what: paid})
    ctx["paid_names"] = sorted({n for c in picked for n in c.defn.names})    # 'the same card name' (take)
    if (arg.get("reveal") or spec) and picked:
        # 5.11.1: revealed first ('reveal and return'); cards chosen by their information from the
        # hidden hand are shown, so the other player can see they match
        game.emit("reveal", ("5.11.1",), source, player=p, cards=[c.number for c in picked])
    to = arg.get("to", "holopower")
    if to == "archive" and picked and p == ctx["player"]:
        # 5.12.1: archiving cards of the hand by an ability: a 'usable when' oshi skill may replace it (12.1.5.1)
        proposal = {"player": p, "holomem": ctx.get("holomem"), "card": ctx.get("card"), "cards": list(picked),
                    "count": len(picked)}
        from . import replacement
        proposal = yield from replacement.replace_event(game, "archive_hand", proposal, source)
        picked = [] if proposal is None else [c for c in proposal["cards"] if c.zone is game.zone(p, "hand")]
    rules = ("5.5.1", "5.12.1") if to == "archive" else ("5.5.1",)      # 5.12.1: archiving
    for card in picked:
        game.move(card, game.zone(p, "deck" if to == "deck_bottom" else to), rules, source,
                  bottom=to == "deck_bottom", face_down=to != "archive")
    holder, own = ctx.get("holomem"), ctx.get("card")
    if to == "archive" and picked and p == ctx["player"] and holder is not None and holder.zone is not None \
            and (own is None or own in holder.cards):
        # 10.8.2: an ability of this holomem (not of a card attached to it) archived hand cards (5.12.1)
        from .triggers import queue_hand_archived
        queue_hand_archived(game, holder)


@verb_function("spare_hand_cards", "10.11.1", "12.1.5.1", doc="inside a replacement of archiving cards from the "
               "hand (an oshi skill 'usable when ... archives hand cards'): N of those cards are not archived and stay "
               "in the hand, its player choosing which ('アーカイブする手札1枚につき自分のホロパワー1枚を、かわりに"
               "アーカイブできる': N is the X of its holo power cost, those holo power being archived instead)",
               group="machinery", arg=N1)
def spare_hand_cards(game, n, step, ctx, source):
    """10.11.1: the archiving of N of the hand cards is replaced (by the holo power archived for the skill's
    cost, 12.1.3.1): they stay in the hand; the others are still archived (10.2.1.3.3: fewer of them)."""
    proposal = ctx.get("replacing")
    if proposal is None or "cards" not in proposal:
        game.emit("nothing", ("1.3.2",), source, why="no archiving of hand cards is being replaced")
        return
    cards = proposal["cards"]
    n = min(int(n), len(cards))
    kept = cards if n == len(cards) else (yield from choose_cards(
        game, ctx["player"], list(cards), ctx, source, ("10.11.1",), prompt="hand cards that stay in the hand",
        min_pick=n, max_pick=n))
    proposal["cards"] = [c for c in cards if c not in kept]
    proposal["count"] = len(proposal["cards"])
    proposal["adjusted"] = True                    # the rest are still archived
    game.emit("spared", ("10.11.1", "10.2.1.3.3"), source, player=ctx["player"], cards=[c.number for c in kept],
              archived=[c.number for c in proposal["cards"]])


def same_tag_set(chosen, hand, n) -> bool:
    """2.6: the chosen cards share a tag and can be completed to n cards sharing it from the hand."""
    common = set.intersection(*(set(c.defn.tags or ()) for c in chosen)) if chosen else set()
    return any(sum(1 for c in hand if tag in (c.defn.tags or ())) >= n for tag in common)


@verb_function("return_hand", "5.5.1", doc="return the whole hand to the deck", arg=NOTHING)
def return_hand(game, arg, step, ctx, source):
    """5.5.1: return every card of the hand to the deck."""
    p = ctx["player"]
    for card in list(game.zone(p, "hand").items):
        if card is not ctx.get("card"):
            game.move(card, game.zone(p, "deck"), ("5.5.1",), source)
    return
    yield  # pragma: no cover


@verb_function("shuffle", "5.6.1", "5.6.1.1", doc="shuffle the deck or the cheer deck (also with 0 or 1 card); "
               "`holopower`: its cards' order, which the rules do not manage (4.15.2), is made unknown again",
               arg=Enum("deck", "cheer_deck", "holopower"))
def shuffle(game, arg, step, ctx, source):
    """5.6.1: shuffle the deck or the cheer deck; 5.6.1.1: with 0 or 1 card the order cannot change,
    but it is shuffled all the same (what was known of its order is no longer)."""
    name = arg if isinstance(arg, str) else "deck"
    few = ("5.6.1.1",) if len(game.zone(ctx["player"], name)) <= 1 else ()
    few += ("4.15.2",) if name == "holopower" else ()
    game.shuffle(ctx["player"], name, ("5.6.1",) + few, source)
    return
    yield  # pragma: no cover


@verb_function("look_top", "5.9.1", "5.9.2", doc="look at the top N cards of the deck, take the matching cards you "
               "pick, the rest to the bottom in any order", arg=mapping(
                   key("count", "how many cards", N, required=True),
                   key("count_per", "`count` for each of what it counts, counted when it resolves ('相手の手札と同じ"
                       "枚数を見る': `{what: cards, zone: hand, who: opponent}`; more than the deck has: as many as "
                       "it has, 1.3.2, Q488)", PER, "1.3.2"),
                   key("zone", "the deck, or the cheer deck ('自分のエールデッキの上から3枚を見る'); the rest go back to "
                       "the same zone", Enum("deck", "cheer_deck"), "4.11", default="deck"),
                   key("up_to", "the cards are looked at one at a time and the player may stop before each (5.9.2)",
                       Bool()),
                   key("reveal", "the cards are revealed, not only looked at: both players see them ('上からN枚を公開"
                       "する。その中から…', 5.11.1)", Bool(), "5.11.1"),
                   key("pick", "the cards that may be taken", mapping(
                       key("max", "at most this many (`any`: all that match)", Either(N, Enum("any")), default=1),
                       key("filter", "only cards matching it", CARD_FILTER),
                       key("each", "one card of each of these filters instead ('[X と Y]1枚ずつ'), each of which may "
                           "be left (10.7.2.3.5)", ListOf(CARD_FILTER)),
                       key("to", "where the picked cards go: revealed into the hand (5.11.2), or archived ('その中から"
                           "、1枚をアーカイブする', 5.12.1)", Enum("hand", "archive"), "5.12.1", default="hand"),
                       key("send_to", "picked cheer are revealed and sent to one of these holomems instead ('エール1枚を"
                           "公開し、自分の〈X〉に送る', 5.21.1)", SELECTOR, "5.21.1"))),
                   key("rest", "where the cards not taken go: the deck's bottom in any order (4.1.5), its top in "
                       "any order (4.1.5), the archive (5.12.1), back into the deck ('デッキに戻してシャッフル': "
                       "a `shuffle: deck` step follows; no order is chosen), or `top_or_bottom`: its player chooses "
                       "the top or the bottom ('そのカードをデッキの上か下に戻す'), or `archive_or_top`: its player "
                       "chooses to archive them all or to return them all to the top in any order, never some of each "
                       "('そのカードすべてを、アーカイブするか、好きな順でデッキの上に戻す', Q235)",
                       Enum("bottom", "top", "archive", "deck", "top_or_bottom", "archive_or_top"),
                       default="bottom")))
def look_top(game, arg, step, ctx, source):
    """5.9.1: look at the top N of the deck, take what matches, the rest to the bottom in any order.
    `up_to: true` (5.9.2): the player looks at them one at a time and may stop before each."""
    p = ctx["player"]
    deck = game.zone(p, arg.get("zone", "deck"))
    count = int(arg["count"]) * (per_times(game, arg["count_per"], ctx) if arg.get("count_per") else 1)
    if arg.get("count_per"):                                 # 'as many as (X)': counted now
        from .cardpool import COUNT_RULES
        game.emit("counted", COUNT_RULES[arg["count_per"].get("what", "holomems")], source,
                  what=arg["count_per"].get("what", "holomems"), count=count)
    if arg.get("up_to"):
        top = yield from _look_top_up_to(game, p, deck, count, source)
    else:
        top = deck.items[:count]
        fewer = ("1.3.2",) if len(top) < count else ()       # 1.3.2: as many as the deck has
        if arg.get("reveal"):                                # 5.11.1: both players see them
            game.emit("reveal", ("5.11.1",) + fewer, source, player=p, cards=[c.number for c in top])
        else:
            game.emit("look", ("5.9.1",) + fewer, source, player=p, zone=deck.label, count=len(top), private=p)
    pick = arg.get("pick") or {}
    if pick.get("each"):                                     # one of each filter, in the order written
        picked = []
        for flt in pick["each"]:
            pool = [c for c in top if c not in picked and card_matches(c.defn, flt, ctx.setdefault("cited", set()))]
            picked += yield from choose_cards(game, p, pool, ctx, source, ("5.11.2", "10.7.2.3.5"),
                                              prompt="a card to reveal and add to hand", min_pick=0, max_pick=1)
    else:
        pool = [c for c in top if card_matches(c.defn, pick.get("filter") or {}, ctx.setdefault("cited", set()))]
        limit = len(pool) if pick.get("max", 1) == "any" else int(pick.get("max", 1))
        # 10.7.2.3.5: picking cards of the hidden deck by a condition on their information, the player
        # may find none. Without such a condition ('take 1 card of them') the stated number must be
        # taken when possible (10.7.2.3.1), as many as there are when fewer (10.7.2.3.3).
        by_info = bool(pick.get("filter")) or pick.get("max", 1) == "any"
        why = ("5.11.2", "10.7.2.3.5") if by_info else ("5.11.2", "10.7.2.3.1") + \
            (("10.7.2.3.3",) if len(pool) < limit else ())
        picked = yield from choose_cards(game, p, pool, ctx, source, why, prompt="cards to reveal and add to hand",
                                         min_pick=0 if by_info else limit, max_pick=limit)
    for card in list(picked):
        if pick.get("to") == "archive":                      # 'archive 1 of them' (5.12.1): into the public archive
            game.archive(card, ("5.12.1",), source)
            continue
        if pick.get("send_to") is not None:                  # 'reveal 1 cheer and send it to ..' (5.21.1)
            targets = holomems(game, pick["send_to"], ctx)
            if not targets:
                game.emit("nothing", ("5.21.1", "1.3.2"), source, why="no holomem to send the cheer to")
                picked.remove(card)                          # it stays with the rest
                continue
            game.emit("reveal", ("5.21.1", "5.11.2"), source, player=p, cards=[card.number])
            (stack,) = (yield from choose_holomems(game, None, ctx, source, ("5.21.1",), pool=targets,
                                                   prompt="a holomem to receive the cheer")) or (None,)
            game.emit("attach", ("5.21.1",), source, card=card, number=card.number, stack=stack,
                      holomem=game.snap(stack))
            continue
        game.emit("reveal", ("5.11.2",), source, player=p, cards=[card.number])
        game.move(card, game.zone(p, "hand"), ("5.11.2",), source)
    rest = [c for c in top if c not in picked]
    archive_all = arg.get("rest") == "archive"
    if rest and arg.get("rest") == "archive_or_top":          # all archived or all back on top (Q235)
        archive_all = yield Decision(p, "archive_or_top", "archive all the cards, or return them all to the top",
                                     ("5.12.1", "4.1.5"), [Option("archive", True), Option("top", False)],
                                     source=source)
    if rest and archive_all:                                 # 'and archive the rest' (5.12.1)
        for card in rest:
            game.archive(card, ("5.12.1",), source)
    elif rest and arg.get("rest") == "deck":                 # 'return the rest to the deck' (then shuffled)
        for card in rest:
            game.move(card, deck, ("5.5.1",), source, bottom=True, private=p)
    elif rest:
        top_back = arg.get("rest") in ("top", "archive_or_top")   # 'return the rest to the top of the deck'
        if arg.get("rest") == "top_or_bottom":                # its player chooses which (4.1.5)
            top_back = yield Decision(p, "top_or_bottom", "return the cards to the top or the bottom of the deck",
                                      ("4.1.5", "5.5.1"), [Option("top", True), Option("bottom", False)],
                                      source=source)
        order = yield from choose_cards(game, p, rest, ctx, source, ("4.1.5",),
                                             prompt=f"order for the {'top' if top_back else 'bottom'}, top first",
                                             min_pick=len(rest), max_pick=len(rest), ordered=True,
                                             kind="order")
        # `order` is top first: onto the bottom in that order, onto the top in reverse (5.5.1).
        for card in (list(reversed(order)) if top_back else order):
            game.move(card, deck, ("4.1.5", "5.5.1") if top_back else ("4.1.5",), source, bottom=not top_back,
                      private=p)                                          # p looked at it


def _look_top_up_to(game, p, deck, n, source):
    """5.9.2: up to N from the top, one card at a time; the cards looked at, top first."""
    if n <= 0:                                                       # 5.9.2.1
        game.emit("nothing", ("5.9.2", "5.9.2.1"), source, why=f"up to {n} cards")
        return []
    seen, k = [], 1                                                   # 5.9.2.2
    while k <= min(n, len(deck.items)):
        again = ("5.9.2.5",) if k > 1 else ()                          # 5.9.2.5: back to 5.9.2.3
        if not (yield from may(game, p, source, ("5.9.2", "5.9.2.3") + again, f"look at card {k} from the top?")):
            break                                                     # 5.9.2.3: the player stops
        card = deck.items[k - 1]
        # 5.9.2.4: the k-th card (5.9.2.2: counting from 1)
        card_terms.look_at(game, p, [card], deck, ("5.9.2.4",) + (("5.9.2.2",) if k == 1 else ()), source)
        seen.append(card)
        if k >= n:                                                    # 5.9.2.5: N looked at
            game.emit("nothing", ("5.9.2.5",), source, player=p, why=f"looked at {k}, the most allowed")
            break
        k += 1                                                        # 5.9.2.5: one further
    return seen


@verb_function("special_damage", "5.22.1", doc="deal damage that is not arts damage", arg=mapping(
             key("target", "the holomem", SELECTOR, default="this"),
             key("count", "how many of them ('相手のバックホロメン3人に': 3; `all`: every one, '全員に'); fewer "
                 "when fewer are there (10.7.2.3.3)", Either(N1, Enum("all")), "10.7.2.3.3", default=1),
             key("amount", "how much", N, required=True),
             key("per", "`amount` for each of what it counts, counted when it resolves ('…1枚につき、特殊ダメージ10')",
                 PER),
             key("unreducible", "no reduction or replacement lowering it applies (5.22.3.1)", Bool()),
             key("plus_its_damage", "`amount` plus the damage the target has taken now ('そのホロメンが受けている"
                 "ダメージと同じ数値の特殊ダメージ': `amount: 0`), read as it is dealt", Bool(), "4.4.5"),
             key("no_life_loss", "a holomem this damage downs costs its player no life: the text prevails over "
                 "11.3.1.2 (1.3.1)", Bool()),
             key("distribute", "'特殊ダメージ30を10ずつ割り振って与える': `amount` is split in parts of this many, "
                 "each part given by its player to one of the `target` holomems (one may take several); each "
                 "holomem then takes its share as one damage (Q323)", N1, "5.22.1")))
def special_damage(game, arg, step, ctx, source):
    """5.22.1: deal N damage to a holomem (special damage: not arts damage); `unreducible`: it
    cannot be reduced (5.22.3.1); `no_life_loss` ('even if it is downed, the opponent's life does
    not decrease'): a holomem whose HP this damage brings to 0 is marked, and its down processing
    takes no life (11.3.1.2 as the card's text changes it, 1.3.1). With `per`, N for each of what
    it counts, dealt at once (Q323, Q365)."""
    amount = int(arg["amount"]) * (per_times(game, arg["per"], ctx) if arg.get("per") else 1)
    shares = None
    if arg.get("distribute"):                       # split in parts, each part to a holomem chosen for it
        pool = holomems(game, arg.get("target", "this"), ctx)
        part, shares = int(arg["distribute"]), {}
        for i in range(amount // part if pool else 0):
            (s,) = yield from _pick_one(game, pool, ctx["player"], source, ("5.22.1",),
                                        f"a holomem to take {part} of the special damage ({i + 1} of "
                                        f"{amount // part})")
            shares[s] = shares.get(s, 0) + part
        targets = [s for s in pool if s in shares]
        if not pool:
            game.emit("nothing", ("10.7.2.3.4",), source, why="no holomem to damage")
    else:
        targets = yield from choose_holomems(game, arg.get("target", "this"), ctx, source, ("5.22.1",),
                                                  prompt="a holomem to damage", count=arg.get("count", 1))
    for s in targets:
        dealt = amount if shares is None else shares[s]      # Q323: each share is one damage
        if arg.get("plus_its_damage"):                 # 4.4.5: the damage it has taken now
            dealt += s.damage
            game.emit("counted", ("4.4.5",), source, what="damage", count=s.damage)
        if dealt <= 0:
            game.emit("nothing", ("1.3.2",), source, why="the special damage counts to 0")
            continue
        alive = s.damage < game.max_hp(s)
        yield from game.deal_damage(s, dealt, ("5.22.1",), source, kind="special",
                                    by=ctx["player"], unreducible=bool(arg.get("unreducible")))
        if arg.get("no_life_loss") and alive and s.zone is not None and s.damage >= game.max_hp(s):
            game.emit("no_life_loss", ("11.3.1.2", "1.3.1"), source, stack=s, holomem=game.snap(s))


@on_event("no_life_loss")
def apply_no_life_loss(game, ev):
    ev.data["stack"].flags["no_life_loss"] = True     # read by down processing (processes.down_life_damage)


@verb_function("restore_hp", "5.23.1", "5.23.2", doc="restore HP", arg=mapping(
             key("target", "the holomem", SELECTOR, default="this"),
             key("count", "how many of them (`all`: every one: 'all your holomems')", Either(N1, Enum("all")),
                 default=1),
             key("amount", "how much; `all`: its damage becomes 0 (5.23.2)", Either(N, Enum("all")), required=True),
             key("per", "`amount` for each of what it counts, counted when it resolves ('…1色につき、HP10回復')", PER)))
def restore_hp(game, arg, step, ctx, source):
    """5.23.1: restore HP: damage taken goes down, not below 0 (5.23.1.1); `amount: all` restores
    all its HP: its damage becomes 0 (5.23.2)."""
    every = arg["amount"] == "all"
    rule = ("5.23.2",) if every else ("5.23.1",)
    if arg.get("per") and not every:        # 'for each (X)': counted as it resolves, before the choice
        arg = dict(arg, amount=int(arg["amount"]) * per_times(game, arg["per"], ctx))
    targets = yield from choose_holomems(game, arg.get("target", "this"), ctx, source, rule,
                                              prompt="a holomem to restore", action="restore_hp",
                                              count=arg.get("count", 1))
    ctx["restored"] = 0                 # 'for each 10 damage restored' (per: {what: restored}) reads it
    for s in targets:
        amount = s.damage if every else min(int(arg["amount"]), s.damage)
        # `player`: whose ability restores it ("restored by your ability"); amount 0 is no restoring (Q111).
        game.emit("restore", rule + (() if every else ("5.23.1.1",)), source, stack=s, holomem=game.snap(s),
                  amount=amount, player=ctx["player"])
        ctx["restored"] += amount


@verb_function("treat_die_as", "5.24.4", "10.2.1.3.3", doc="for a period, each die the player rolls for an ability is still "
               "rolled (Q32), then its result is set to the value: a replacement effect, applied with the others on that "
               "result", arg=mapping(
                   key("value", "the result", Int(minimum=1, maximum=6)),
                   key("times", "instead of `value`: the result is multiplied by N ('サイコロの目の数すべてを倍の数として"
                       "扱う': 2)", Int(minimum=2)),
                   key("names", "only the dice rolled for an ability of a card of the player's with one of these names "
                       "(its oshi or a holomem: '自分の推しホロメンの〈X〉と自分のステージの〈X〉の能力でサイコロを振る時')",
                       ListOf(Text("NAME"))),
                   key("until", "its period", UNTIL, default="end_of_turn"),
                   key("at_once", "only the dice an ability of its player's holomem rolls this many at once "
                       "('自分のホロメンの能力でサイコロを1度にN回振る時'; one die of a text rolling one at a time is not, "
                       "Q378; a die for each counted holomem is, Q420)", Int(minimum=2), "5.24.1"),
                   at_least_one=("value", "times")))
def treat_die_as(game, arg, step, ctx, source):
    """5.24.4: for the period, each die the player rolls for an ability has its result set to the
    value (or multiplied) after it is rolled and re-rolled — a replacement effect (10.2.1.3.3), applied
    with the others on that result (dice.set_die_result)."""
    game.emit("die_setting", ("5.24.4", "10.2.1.3.3"), source, player=ctx["player"],
              value=int(arg["value"]) if "value" in arg else None, times=arg.get("times"),
              names=list(arg.get("names") or ()), until=arg.get("until", "end_of_turn"), at_once=arg.get("at_once"))
    return
    yield  # pragma: no cover


@verb_function("archive_cheer", "5.12.1", doc="archive cheer attached to your holomems", arg=mapping(
             key("from", "the holomems", SELECTOR, default="stage"),
             key("count", "how many (`any`: as many as its player chooses, at least `min`: 'エールを好きな枚数"
                 "アーカイブできる:'; a later `per: {what: paid}` counts them; `all`: every matching cheer: "
                 "'このホロメンのエールすべてをアーカイブする')", Either(N1, Enum("any", "all")), "1.3.5.1",
                 default=1),
             key("min", "with count: any: at least this many", N1, default=1),
             key("colors", "only cheer of these colours ('1 blue cheer of this holomem')", ListOf(COLOR))))
def archive_cheer(game, arg, step, ctx, source):
    """5.12.1: archive cheer attached to holomems on your stage (Q15: not from the cheer deck);
    `colors`: only cheer of those colours; `count: all`: every one of them."""
    p = ctx["player"]
    pool = [c for s in holomems(game, arg.get("from", "stage"), ctx) for c in game.cheers(s)]
    if arg.get("colors"):
        pool = [c for c in pool if set(arg["colors"]) & c.defn.colors]
    if arg.get("count") == "any":                   # 'any number of them' (1.3.5.1)
        low, n = min(int(arg.get("min", 1)), len(pool)), len(pool)
    elif arg.get("count") == "all":                 # 'all of them'
        low = n = len(pool)
    else:
        low = n = int(arg.get("count", 1))
    picked = yield from choose_cards(game, p, pool, ctx, source, ("5.12.1",), prompt="cheer to archive",
                                          min_pick=low, max_pick=n)
    for card in picked:
        game.archive(card, ("5.12.1",), source)
    ctx["paid"] = len(picked)                        # 'for each cheer archived' (per: {what: paid})
    usable.cheer_archived_by_ability(game, ctx, picked)         # 12.1.5.3


def _die_matches(key: str, value: int) -> bool:
    if key == "odd":
        return value % 2 == 1
    if key == "even":
        return value % 2 == 0
    if key.startswith("<="):
        return value <= int(key[2:])
    if key.startswith(">="):
        return value >= int(key[2:])
    return value == int(key)


def _short(cond) -> str:
    return ", ".join(f"{k}: {v}" for k, v in cond.items()) if isinstance(cond, dict) else str(cond)
