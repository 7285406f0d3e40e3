"""The turn: the start, main, event, yell, appeal and end phases in the order of their headings
(the assumption turn.phases), and the yell (yell.1-8)."""
from __future__ import annotations

from judge.core.decisions import Option

from . import appeal, effects, play
from .state import ASSIST_MAX, HAND_LIMIT, PHASES, STAGE


def play_turns(game, phase: str):
    t = game.table.turn
    while True:
        for name in PHASES[PHASES.index(phase):]:
            if name == "appeal" and t.number == 1 and t.player == t.first:
                game.emit("phase_skipped", ("appeal.1",), "rules", phase="appeal", player=t.player)
                continue
            if t.phase != name:
                game.set_phase(name, ("turn.phases",))
            yield from PHASE[name](game, t.player)
            if game.over:
                return
        game.emit("turn", ("turn.phases",), "rules", number=t.number + 1, player=game.other(t.player))
        phase = "start"


def start_phase(game, p):
    """start.1: draw a card, the limit +2, each stage character stood or dropped, the assist area's
    characters dropped, each support kept or dropped, in that order."""
    t, ps = game.table.turn, game.ps(p)
    for card in [c for c in ps.zones["oshi"].items if c.kept]:
        game.move(card, "hand", ("kw.keep.1", "kw.keep.8"), "rules")      # kw.keep.1: at the start
    first_turn = t.number == 1 and p == t.first
    if first_turn and not game.assumed("turn.first-draw"):
        game.emit("not_done", ("start.1", "turn.first-draw"), "rules", player=p, what="draw and limit +2")
    else:
        deck = ps.zones["deck"].items
        extra = ("turn.first-draw",) if first_turn else ()
        if deck:
            game.move(deck[0], "hand", ("start.1", "start.5") + extra, "rules")
        game.emit("limit", ("start.1", "start.4", "start.5") + extra, "rules", player=p, limit=ps.limit + 2)
    yield from game.settle()
    for area in STAGE:
        card = ps.chara(area)
        if card is None:
            continue
        stand = yield from game.ask(p, "start_choice", f"stand or drop {card.number} ({area})",
                                    ("start.1", "start.6", "turn.start-choice"),
                                    [Option("stand", True, keys=("stand", "起こす", card.number)),
                                     Option("drop", False, keys=("drop", "ドロップ"))], ask_always=True)
        if stand:
            if card.rested:
                game.emit("stand", ("start.1", "start.6", "words.rested"), "rules", card=card.id, number=card.number)
            else:
                game.emit("kept_standing", ("start.1", "start.6"), "rules", card=card.number)
        else:
            game.move(card, "drop", ("start.1", "start.6"), "rules")
        yield from game.settle()
    for card in [c for c in ps.assist() if c.defn.kind == "character"]:
        game.move(card, "drop", ("start.1", "start.2"), "rules")
    for card in [c for c in ps.assist() if c.defn.kind != "character"]:
        keep = yield from game.ask(p, "support_choice", f"keep or drop the support {card.number}",
                                   ("start.1", "turn.start-choice"),
                                   [Option("keep", True, keys=("keep", card.number)),
                                    Option("drop", False, keys=("drop",))], ask_always=True)
        if not keep:
            game.move(card, "drop", ("start.1",), "rules")
    yield from game.settle()


def play_timing(game, p, prompt, rules):
    options = [Option(play.describe(game, a), a, keys=(a.get("card_number"),)) for a in play.legal(game, p)]
    options.append(Option("pass", "pass", keys=("pass",)))
    answer = yield from game.ask(p, "play_timing", prompt, rules, options, ask_always=True)
    return answer


def main_phase(game, p):
    """main.5: any number of characters and supports; the phase ends when its player passes (main.end)."""
    while not game.over:
        yield from game.settle()
        answer = yield from play_timing(game, p, "play a card or pass", ("main.5",))
        if answer == "pass":
            game.emit("pass", ("turn.main-end",), "rules", player=p)
            return
        yield from play.perform(game, p, answer)


def event_phase(game, p):
    """Both players play event cards and use 【アクション】 in turn, the turn player first (event.first);
    the phase ends when the turn player passes and then the opponent passes (event.6, event.9)."""
    game.priority, tp_passed = p, False
    game.emit("priority", ("event.2", "turn.event-first"), "rules", player=p)
    try:
        while not game.over:
            yield from game.settle()
            who = game.priority
            answer = yield from play_timing(game, who, "play an event, use an action text, or pass",
                                            ("event.2", "turn.event-first", "turn.event-window"))
            if answer == "pass":
                if who != p and tp_passed:
                    game.emit("pass", ("event.6", "event.9"), "rules", player=who, ends=True)
                    return
                tp_passed = who == p
                game.emit("pass", ("event.2",) + (("event.9",) if who == p else ()), "rules", player=who, ends=False)
            else:
                tp_passed = False
                yield from play.perform(game, who, answer)
            game.priority = game.other(who)
    finally:
        game.priority = None


def yell_phase(game, p):
    """yell.1, yell.3: as many yells as the yell symbols of the cards of the stage and assist area."""
    n = sum(c.yells for c in game.ps(p).in_play())
    game.emit("yell_count", ("yell.1", "yell.3", "kw.yell-symbol.1", "card.anatomy"), "rules", player=p, count=n)
    if n:
        yield from yell(game, p, n, ("yell.1", "yell.3"))
    yield from game.settle()


def yell(game, p, n, rules):
    """yell.2: look at the top N cards at once, then put each in the hand, the assist area or the cost
    area (the yelling player chooses: yell.chooser); 【エントリー】 of the cards put in the assist area
    wait, in the order the yelling player chooses (yell.4, yell.6, yell.7)."""
    ps = game.ps(p)
    deck = ps.zones["deck"].items
    seen = list(deck[:n])
    short = ("yelling.short",) if len(seen) < n else ()
    game.emit("yell_look", tuple(rules) + ("yell.2",) + short, "rules", p, player=p, count=len(seen),
              cards=[c.number for c in seen])
    to_assist = []
    for card in seen:
        options = [Option("hand", "hand", keys=("hand", "手札")), Option("cost", "cost", keys=("cost", "コスト"))]
        room = len(ps.assist()) + len(to_assist) < ASSIST_MAX
        fits = card.defn.kind in ("character", "support") or (card.defn.kind == "event" and
                                                               game.assumed("yelling.event-to-assist"))
        if room and fits:
            options.insert(1, Option("assist", "assist", keys=("assist", "アシスト")))
        why = ("yell.2", "yelling.chooser") + (("yell.8",) if card.defn.kind == "event" else ()) + \
            (("assist.6", "zones.full-assist") if fits and not room else ()) + \
            (("yelling.event-to-assist",) if card.defn.kind == "event" else ())
        where = yield from game.ask(p, "yell_to", f"where does the yelled {card.number} go", why, options,
                                    ask_always=True, private=p)
        if where == "assist":
            to_assist.append(card)
        game.move(card, where, tuple(rules) + why, "rules", face_up=True if where == "assist" else None)
        if game.over:
            return
    for card in to_assist:
        if card.zone.name == "assist":
            effects.entered(game, card, ("yell.4", "yell.6") + (("yell.7",) if len(to_assist) > 1 else ()))
    yield from game.settle()


def end_phase(game, p):
    """end.1: the end-of-turn texts, then the effects until the end of the turn end (limit-break cards
    to the drop area, end.2), then the turn player's hand down to the hand limit (end.3-5)."""
    for card in game.ps(p).in_play():
        effects.trigger(game, p, card, "turn_end", ("end.1",))
    yield from game.settle()
    for player in game.PLAYERS:
        for zone in STAGE + ("assist",):
            for card in list(game.zone(player, zone).items):
                if card.over is not None:
                    game.move(card, "drop", ("end.1", "end.2", "appeal.10"), "rules")
                elif card.broken:
                    game.emit("unbreak", ("end.1", "end.2", "appeal.10"), "rules", card=card.id, number=card.number)
    game.emit("turn_over", ("end.1", "kw.light-orb.5"), "rules", player=p)
    yield from game.settle()
    hand = game.zone(p, "hand").items
    over = len(hand) - HAND_LIMIT
    if over > 0:
        for card in (yield from effects.pick(game, p, "discard", f"discard {over} down to {HAND_LIMIT}",
                                             ("end.1", "end.3", "end.4", "end.5", "turn.end-discard-choice"),
                                             list(hand), over)):
            game.move(card, "drop", ("end.1", "end.3", "end.4", "end.5", "end.6"), "rules")
    yield from game.settle()


PHASE = {"start": start_phase, "main": main_phase, "event": event_phase, "yell": yell_phase,
         "appeal": appeal.appeal_phase, "end": end_phase}
