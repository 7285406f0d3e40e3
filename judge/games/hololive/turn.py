"""The pre-game procedure (6.2) and the turn (7): each step as a generator procedure."""
from __future__ import annotations

from ...core.decisions import Decision, LazyOption, Option
from . import gamedeck
from .game import STAGE_LIMIT, STEPS
from .events import on_event


"""Set-up, steps, play timings."""

# -------------------------------------------------------------- entry
def run_from(game, step: str, at_play_timing: bool = True):
    """Play on from `step` of the current turn (the main/performance play timing if asked)."""
    if step == "setup":
        yield from game.pregame()
        step, at_play_timing = "reset", False
    index = STEPS.index(step)
    resume = at_play_timing and step in ("main", "performance")
    while True:
        for name in STEPS[index:]:
            game.step = name
            yield from game.method_for("step_", name)(resume)
            resume = False
        game.next_turn()
        index = 0


def next_normal_turn(game):
    """7.7.6: the opponent of the turn player becomes the turn player."""
    player = game.other(game.turn_player)
    game.emit("turn_start", ("7.7.6", "7.1.1"), player=player, number=game.turn_number + 1)


def _apply_turn_start(game, ev):
    player = ev.data["player"]
    game.turn_player = player
    game.turn_number = ev.data["number"]
    game.turns_taken[player] += 1
    game.facts[player] = game._fresh_turn_facts()
    end_of_turn_cleanup(game)


def end_of_turn_cleanup(game):
    """Hook for effects lasting until the end of the turn (7.7.4)."""


def _apply_step(game, ev):
    game.step = ev.data["step"]
    if game.step == "performance":      # 9.2.1.3-9.2.1.5 count within one performance step
        game.performance_id += 1
        game.position_arts = {"center": False, "collab": False}


def trigger_step(game, name: str, rules):
    """A step-start (or end) trigger condition happens (7.2.4, 7.3.1, ...)."""
    if not game.tracing and not game.heard("step_trigger"):
        return                      # nothing waits for it and nobody reads the trace
    game.emit("step_trigger", rules, trigger=name, player=game.turn_player)

# ---------------------------------------------------------- 6.2 pre-game
def pregame(game):
    first_in_order = ("A", "B")
    for p in first_in_order:                                 # 6.2.1.1, checked against 6.1
        gamedeck.present_game_deck(game, p)
    for p in first_in_order:
        game.shuffle(p, "deck", ("6.2.1.2", "5.6.1"))
    for p in first_in_order:
        game.shuffle(p, "cheer_deck", ("6.2.1.3", "5.6.1"))
    for p in first_in_order:                                 # 6.2.1.4
        game.place_oshi(p)
    chooser = game.rng.choice(game.PLAYERS)                 # 6.2.1.5: chance decides who chooses
    game.emit("chance", ("6.2.1.5",), what="who chooses the first player", result=chooser)
    opts = [Option(f"{p} goes first", p, keys=(p, "first" if p == chooser else "second"))
            for p in (chooser, game.other(chooser))]
    first = yield Decision(chooser, "first_player", "who goes first", ("6.2.1.5",), opts, ask_always=True)
    game.emit("first_player", ("6.2.1.5",), player=first)
    order = (first, game.other(first))
    for p in order:                                          # 6.2.1.6
        for _ in range(7):
            game.draw(p, ("6.2.1.6",))
    for p in order:                                          # 6.2.1.7
        keep = Option("keep", False, keys=("no", "false"))
        redo = Option("redraw", True, keys=("yes", "true", "mulligan"))
        # Official Q&A Q120 (docs/rulings.md): a first hand of seven with no Debut holomem must be
        # returned and redrawn by this redraw, unrevealed; keeping it (and revealing it, 6.2.1.9)
        # is no option.
        forced = not any(game._is_debut(c) for c in game.zone(p, "hand"))
        again = yield Decision(p, "mulligan", "return the hand and draw 7 again? (once per game)"
                               + (" It must: no Debut holomem in hand (Q120)." if forced else ""),
                               ("6.2.1.7", "1.3.4"), [redo] if forced else [keep, redo],
                               ask_always=True)   # first player first
        if again:
            # 6.2.1.7.1: once per game; this loop asks each player once, and the flag records it.
            game.emit("mulligan", ("6.2.1.7", "6.2.1.7.1"), player=p)
            yield from _redraw(game, p, ("6.2.1.7",))
    yield from game.redraw_until_debut(order)
    for p in order:                                          # 6.2.1.10
        yield from _place_initial(game, p)
    game.finish_setup(order)
    game.first_player = first
    game.turn_number = 0
    game.turn_player = game.other(first)
    game.emit("game_start", ("6.2.1.13",), first=first)
    game.emit("turn_start", ("6.2.1.13", "7.1.1"), player=first, number=1)


def place_oshi(game, p):
    """6.2.1.4: the oshi is placed face up on the oshi position (the board builder has put the
    presented oshi there)."""
    oshi = game.oshi(p)
    if oshi is not None:
        game.emit("oshi_face_up", ("6.2.1.4", "4.5.1", "4.5.2"), player=p, card=oshi, number=oshi.number,
                  face_up=True)


@on_event("oshi_face_up")
def apply_oshi_face_up(game, ev):
    ev.data["card"].face_up = True


@on_event("mulligan")
def apply_mulligan(game, ev):
    game.mulliganed[ev.data["player"]] = True


def redraw_until_debut(game, order):
    """6.2.1.8-6.2.1.9: hands without a Debut holomem are revealed and redrawn, counted."""
    game.emit("redraw_count", ("6.2.1.8",), counts={p: 0 for p in order})
    while True:                                              # 6.2.1.9
        revealed = [p for p in order if not any(game._is_debut(c) for c in game.zone(p, "hand"))]
        if not revealed:
            break
        losers = []
        for p in revealed:
            game.emit("reveal", ("6.2.1.9",), player=p, cards=[c.number for c in game.zone(p, "hand")])
            if game.redraws[p] >= 6:
                losers.append(p)
        if losers:                                           # 6.2.1.9.1, 1.2.1.1, 1.2.2
            winner = None if len(losers) == 2 else game.other(losers[0])
            game.end_game(winner, ("6.2.1.9.1", "1.2.1.1") + (("1.2.2",) if winner is None else ()),
                          "the redraw count reached its limit")
        for p in revealed:                                   # 6.2.1.9.2
            yield from _redraw(game, p, ("6.2.1.9.2",))
            game.emit("redraw_counted", ("6.2.1.9.2.1",), player=p, count=game.redraws[p] + 1)
        # 6.2.1.9.3: someone revealed, so every hand is looked at again from 6.2.1.9.
        game.emit("check_again", ("6.2.1.9.3",), players=list(revealed))


def finish_setup(game, order):
    """6.2.1.11 life cards, then 6.2.1.12 the stage is turned face up."""
    for p in order:                                          # 6.2.1.11
        game.place_life(p)
    for p in order:                                          # 6.2.1.12
        game.emit("reveal_stage", ("6.2.1.12", "1.3.4.2"), player=p)   # revealed after both chose


def place_life(game, p):
    """6.2.1.11: as many cheer as the oshi's life go face down from the cheer deck to the life area."""
    life = game.oshi(p).defn.life or 0
    cheer = game.zone(p, "cheer_deck").items
    for _ in range(min(life, len(cheer))):                  # 1.3.2: no more than the cheer deck has
        game.move(cheer[0], game.zone(p, "life"), ("6.2.1.11", "2.8.1"), face_down=True)


@on_event("redraw_counted")
def apply_redraw_counted(game, ev):
    game.redraws[ev.data["player"]] = ev.data["count"]


def _apply_reveal_stage(game, ev):
    for stack in game.stage(ev.data["player"]):
        for card in stack.cards:
            card.face_up = True


@on_event("first_player")
def apply_first_player(game, ev):
    game.first_player = ev.data["player"]


def _is_debut(card) -> bool:
    return card.defn.type == "holomem" and card.defn.bloom_level == "debut"


def _redraw(game, p, rules):
    hand, deck = game.zone(p, "hand"), game.zone(p, "deck")
    for card in list(hand.items):
        game.move(card, deck, rules)
    game.shuffle(p, "deck", rules)
    for _ in range(7):
        game.draw(p, rules)
    return
    yield  # pragma: no cover


def _place_initial(game, p):
    hand = game.zone(p, "hand")
    debuts = [c for c in hand.items if game._is_debut(c)]
    opts = [Option(c.number, c, keys=(c.defn.name, c.defn.name_en)) for c in _distinct(debuts)]
    opts.append(Option("none", None, keys=("no",)))
    card = yield Decision(p, "center", "a Debut holomem for the centre, face down",
                          ("6.2.1.10.1", "1.3.4", "1.3.4.2"),
                          opts, ask_always=True)
    if card is not None:
        # 6.2.1.10: the players place their holomems in turn, the first player first
        game.emit("enter_stage", ("6.2.1.10", "6.2.1.10.1"), private=p, card=card, number=card.number,
                  to=game.zone(p, "center"), face_down=True)
    n = game.redraws[p]
    if n >= 1:                                               # 6.2.1.10.2
        opts = [Option(c.number, c, keys=(c.defn.name, c.defn.name_en)) for c in hand.items]
        chosen = yield Decision(p, "bottom_of_deck", f"{n} cards from hand to the bottom of the deck, "
                                "in order", ("6.2.1.10.2",), opts, many=True, min_pick=n,
                                max_pick=n, ordered=True)
        for card in chosen:
            game.move(card, game.zone(p, "deck"), ("6.2.1.10.2",), bottom=True)
    candidates = [c for c in hand.items if c.defn.type == "holomem"
                  and c.defn.bloom_level in ("debut", "spot")]
    room = STAGE_LIMIT - len(game.stage(p))
    if candidates and room > 0:                              # 6.2.1.10.3
        opts = [Option(c.number, c, keys=(c.defn.name, c.defn.name_en)) for c in candidates]
        chosen = yield Decision(p, "back", "Debut or Spot holomems for the back, face down",
                                ("6.2.1.10.3", "1.3.4", "1.3.4.2"), opts, many=True, min_pick=0,
                                max_pick=min(room, len(candidates)), ask_always=True)
        for card in chosen:
            game.emit("enter_stage", ("6.2.1.10", "6.2.1.10.3"), private=p, card=card,
                      number=card.number, to=game.zone(p, "back"), face_down=True)


def _distinct(cards):
    seen, out = set(), []
    for c in cards:
        n = c.defn.number
        if n not in seen:
            seen.add(n)
            out.append(c)
    return out

# ------------------------------------------------------------- 7 steps
def enter_step(game, name: str, rules):
    """A step begins; the turn player goes through the steps in the order 7.2 to 7.7 (7.1.2)."""
    game.emit("step", tuple(rules) + ("7.1.2",), step=name, player=game.turn_player)


def step_reset(game, resume=False):
    p = game.turn_player
    if game.skips_reset_step(p):                             # 7.2.1
        game.emit("step_skipped", ("7.2.1",), step="reset", player=p)
        return
    game.enter_step("reset", ("7.2",))
    for stack in game.stage(p):                              # 7.2.2
        if stack.flags.get("rested") and _reset_forbidden(game, p, stack, "reset_active", "7.2.2"):
            # 1.3.3: 'does not become active in the next reset step' (hBP06-088)
            game.emit("nothing", ("7.2.2", "1.3.3"), player=p, holomem=game.snap(stack),
                      why="the holomem does not become active in this reset step")
        elif stack.flags.get("rested"):
            game.emit("unrest", ("7.2.2",), stack=stack, holomem=game.snap(stack))
    collab = game.collab_holomem(p)
    if collab is not None and game.cannot_move(collab):
        # 5.29.1 (Q36): a holomem that cannot move stays in the collab position.
        game.emit("nothing", ("7.2.3", "5.29.1"), player=p, why="the collab holomem cannot move")
    elif collab is not None and _reset_forbidden(game, p, collab, "reset_rest", "7.2.3"):
        # 1.3.3 (Q497): 'does not rest in the reset step': 7.2.3 moves it and rests it, as one instruction;
        # forbidden, the collab holomem stays where it is, active.
        game.emit("nothing", ("7.2.3", "1.3.3"), player=p, why="the collab holomem does not rest in the reset step")
    elif collab is not None:                                 # 7.2.3
        game.emit("move_holomem", ("7.2.3", "4.1.4", "4.4.4"), stack=collab, frm=game.position(collab),
                  to=game.zone(p, "back"), holomem=game.snap(collab))
        # 1.3.3: 'moves to the back but does not rest': the move of 7.2.3 happens, its resting does not
        if not _reset_forbidden(game, p, collab, "reset_rest_after_move", "7.2.3"):
            game.emit("rest", ("7.2.3",), stack=collab, holomem=game.snap(collab))
    game.trigger_step("reset_start", ("7.2.4",))
    yield from game.check_timing(("7.2.5",))
    yield from fill_center(game, ("7.2.6",))
    yield from game.check_timing(("7.2.7",))


def _reset_forbidden(game, p, stack, action, rule) -> bool:
    """1.3.3: an effect forbids a part of the reset step (7.2.2, 7.2.3) for this holomem."""
    from .effects import prohibit               # (the effects package imports this module)
    return prohibit.prohibited(game, action, p, rule, stack)


def skips_reset_step(game, p) -> bool:
    """7.2.1: a player's first turn of the game has no reset step."""
    return game.turns_taken[p] == 1


def fill_center(game, rules):
    """7.2.6 / 7.7.5: an empty centre is filled from the back, active holomems first."""
    p = game.turn_player
    if game.center(p) is not None:
        if "7.2.6" in rules:        # 4.7.3: the centre holds one holomem; nothing moves into it
            game.emit("nothing", rules[:1] + ("4.7.3",), player=p, why="the centre is occupied")
        return
    back = game.back(p)
    back = [s for s in back if not game.cannot_move(s)]     # 5.29.1: it stays where it is
    active = [s for s in back if not s.flags.get("rested")]
    pool = active or back
    if not pool:
        if "7.7.5" in rules:                                # 7.7.5.3: the centre stays empty
            game.emit("nothing", ("7.7.5", "7.7.5.3"), player=p, why="no back holomem: the centre stays empty")
        return
    opts = [Option(game.position(s), s, keys=(s.top.number, *("$" + a for a in s.aliases))) for s in pool]
    stack = yield Decision(p, "new_center", "a back holomem to move to the centre", rules, opts)
    game.emit("move_holomem", rules + ("4.1.4", "4.4.4"), stack=stack, frm=game.position(stack),
              to=game.zone(p, "center"), holomem=game.snap(stack))


def step_draw(game, resume=False):
    p = game.turn_player
    game.enter_step("draw", ("7.3",))
    game.trigger_step("draw_start", ("7.3.1",))
    yield from game.check_timing(("7.3.1",))
    if not game.draw(p, ("7.3.2", "5.7.1")):                 # 7.3.2.1, 1.2.1.4
        game.end_game(game.other(p), ("7.3.2.1", "1.2.1.4"), f"{p} could not draw")
    yield from game.check_timing(("7.3.3",))


def step_cheer(game, resume=False):
    p = game.turn_player
    game.enter_step("cheer", ("7.4",))
    game.trigger_step("cheer_start", ("7.4.1",))
    yield from game.check_timing(("7.4.1",))
    yield from send_cheer_from_deck(game, p, ("7.4.2",), targets=game.stage(p))
    yield from game.check_timing(("7.4.3",))


def send_cheer_from_deck(game, p, rules, targets, source=None):
    """5.21.2: reveal the top cheer of the cheer deck and attach it to one of the targets."""
    deck = game.zone(p, "cheer_deck")
    if not deck.items or not targets:                        # 1.3.2: what cannot be done is not done
        game.emit("nothing", rules + ("1.3.2",), source, player=p,
                  why="no cheer to send" if not deck.items else "no holomem to receive it")
        return
    card = deck.items[0]
    game.emit("reveal", rules + ("5.21.2",), source, player=p, cards=[card.number])
    stack = yield from choose_holomem(game, p, "cheer_target", f"a holomem to receive {card.number}",
                                           rules, targets, source)
    game.emit("attach", rules + ("5.21.2",), source, card=card, number=card.number, stack=stack,
              holomem=game.snap(stack))


def choose_holomem(game, p, kind, prompt, rules, targets, source=None):
    opts = [holomem_option(game, s) for s in targets]
    stack = yield Decision(p, kind, prompt, rules, opts, source=source)
    return stack


def holomem_option(game, s) -> Option:
    """A holomem to choose, labelled by its position, also named by its card and aliases."""
    return LazyOption(s, game.position, keys=_holomem_names)


def _holomem_names(s) -> tuple:
    top = s.top
    return (top.number, f"{s.owner}:{top.number}", top.defn.name, top.defn.name_en, *("$" + a for a in s.aliases))


def step_main(game, resume=False):
    if not resume:
        game.enter_step("main", ("7.5",))
        game.trigger_step("main_start", ("7.5.1",))
        yield from game.check_timing(("7.5.1",))
    # 7.5.2 gives the play timing; 8.1.1: the turn player acts in any order, as often as wished
    yield from game.play_timing(("7.5.2", "8.1.1"), after=("8.1.2",))
    yield from game.check_timing(("7.5.3",))


def step_performance(game, resume=False):
    if not resume:
        if game.first_players_first_turn():                  # 7.6.1
            game.emit("step_skipped", ("7.6.1",), step="performance", player=game.turn_player)
            return
        game.enter_step("performance", ("7.6",))
        game.trigger_step("performance_start", ("7.6.2",))
        yield from game.check_timing(("7.6.3",))
    # 7.6.4 gives the play timing; 9.1.1: the centre and collab holomems perform, once each
    yield from game.play_timing(("7.6.4", "9.1.1"), after=("9.1.2",))
    game.trigger_step("performance_end", ("7.6.5",))
    while (yield from check_timing_resolved(game, ("7.6.6",))):
        # 7.6.6: the check timing resolved something, so back to 7.6.5: the 'performance step
        # ends' triggers not yet met this turn happen (the effects module keeps that count).
        game.trigger_step("performance_end", ("7.6.6", "7.6.5"))


def step_end(game, resume=False):
    again = ()
    while True:
        game.enter_step("end", ("7.7",) + again)
        game.trigger_step("end_start", ("7.7.1",))
        yield from game.check_timing(("7.7.2",))
        game.trigger_step("turn_end", ("7.7.3",))
        resolved = yield from check_timing_resolved(game, ("7.7.4",))
        game.emit("effects_expire", ("7.7.4",), player=game.turn_player)
        yield from game.end_step_center()
        if not resolved:
            return                      # 7.7.6: the turn ends (next_turn)
        again = ("7.7.6",)              # 7.7.6: 7.7.4 resolved something: the end step again


def end_step_center(game):
    """7.7.5: an empty centre is filled from the back, active holomems first."""
    yield from fill_center(game, ("7.7.5", "7.7.5.1") if any(
        not s.flags.get("rested") for s in game.back(game.turn_player)) else ("7.7.5", "7.7.5.2"))

# -------------------------------------------------------- play timing
def play_timing(game, rules, after):
    """10.6.4: a check timing, then the player acts or passes; each act is followed by a check timing."""
    p = game.turn_player
    yield from game.check_timing(("10.6.4.1",))
    while True:
        # 10.6.2: the play timing is given once the check timing has ended (10.6.3.4)
        if game.tracing:
            game.emit("play_timing", rules + ("10.6.4", "10.6.4.2", "10.6.2", "10.6.3.4"), player=p,
                      step=game.step)
        action = yield actions.play_timing_decision(game, p, f"{game.step} step: act or pass", rules + ("10.6.4.2",))
        if action.kind == "pass":
            game.emit("pass", ("10.6.4.3",), player=p, step=game.step)
            return
        yield from game.perform(p, action)
        yield from game.check_timing(after + ("10.6.4.1",))


def check_timing_resolved(game, rules):
    """A check timing that says whether it resolved a rule process or an automatic ability
    (7.6.6, 7.7.6): either changes the state, a check timing that finds nothing does not."""
    before = game.state_version
    yield from game.check_timing(rules)
    return game.state_version != before


def check_timing(game, rules=None):
    """10.6.3: a check timing; rule processes look at their conditions here and only here (11.1.2).
    To `yield from` (it makes no generator when there is nothing to do)."""
    if rules and game.tracing:
        game.emit("check_timing", tuple(rules) + ("10.6.3", "11.1.2"))
    return game.check_timing_loop()


from . import actions  # noqa: E402  (last: the modules of the engine's core import each other)
