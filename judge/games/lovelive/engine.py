"""The Love Live! engine on the kernel (judge.core.game.Game), composed: the state is a `Table`
(state.py); set-up (setup.py), the turn (turn.py), playing members (members.py), the live phase
(live.py), heart arithmetic (hearts.py) and rule processing (processes.py) are modules of functions
that receive the game. The game keeps the event handlers — every state change is an event citing
its 1.06 rule — and the kernel's hooks."""
from __future__ import annotations

from contextlib import contextmanager

from judge.core.decisions import Action, is_pass
from judge.core.errors import InvariantViolation
from judge.core.game import Game

from . import abilities, continuous, loops, members, processes, setup, triggers, turn, zones
from .context import AbilityState
from .state import AREAS, LLCard, STEPS, Table

LOOP_BOUND = 1000      # abilities played in one check timing before it is taken for an endless loop (12.1)
CHECK_TIMING = ("9.5.1", "9.5.1.1", "9.5.3", "9.5.3.1", "9.5.3.4")


class LoveLiveGame(Game):
    CHECK_TIMING_RULES = CHECK_TIMING
    SINGLE_OPTION_RULES = ()
    AFTER_EVENT_KINDS = frozenset({"move"}) | triggers.WATCHED
    # the ability machinery's events, handled by functions of its modules (9.2, 9.6, 9.7)
    EVENT_HANDLERS = {"trigger": triggers.on_trigger, "area_moved": triggers.on_area_moved,
                      "live_success": triggers.on_live_success, "baton_touch": triggers.on_baton,
                      "effect": continuous.on_effect, "effects_end": continuous.on_effects_end,
                      "effect_lost": continuous.on_effect_lost, "ability_play": abilities.on_play,
                      "ability_done": abilities.on_done, "waiting_taken": abilities.on_taken,
                      "timed": triggers.on_timed}

    def __init__(self, db, *, version: str = "1.06", seed: int = 0, **kw):
        super().__init__(seed=seed, **kw)
        self.db, self.version = db, version
        self.table = Table(self.PLAYERS)
        self.chooser: str | None = None         # 6.2.1.4's random choice, when a scenario states it
        self.in_resolution: set = set()         # ids of the cards being played or yelled (10.6.1)
        self.yell_ids: dict = {p: set() for p in self.PLAYERS}
        self.unsupported: list = []             # cards of a scenario the engine cannot play as printed
        self.ab = AbilityState()                # the abilities' bookkeeping (context.py)
        self.together = 0                       # inside moving_together(): cards moved at once
        self.batch: set = set()                 # players whose hand cards went to the waiting room in it
        self.loops = loops.LoopWatch()          # 12.1.1.3: turns that repeat with no choice

    # ------------------------------------------------------- the kernel's view
    @property
    def step(self) -> str:
        return self.table.turn.step

    @property
    def turn_number(self) -> int:
        return self.table.turn.number

    def zone(self, player, name):
        return self.table.zone(player, name)

    def new_card(self, defn, owner: str, zone_name: str, *, face_up=None) -> LLCard:
        """A card put in the game's zones before it starts (a deck, a scenario's board)."""
        return self.add_card(LLCard(self.next_id(), defn, owner), self.table.zone(owner, zone_name), face_up)

    # ------------------------------------------------------------- the events
    def move(self, card, player, to: str, rules: tuple, source=None, *, face_up=None, bottom=False, beneath=False):
        """Move a card to a zone (5.4.1); a member area or the resolution zone keeps what it is; `beneath`:
        beneath the member of the area (4.5.5, 5.10.1)."""
        frm = card.zone.label if card.zone is not None else None
        owner = card.owner if player is None and to != "resolution" else player
        dest = self.table.zone(owner, to)
        private = card.owner if not dest.public and (frm is None or not card.zone.public) else None
        shown = face_up if face_up is not None else (dest.public and to != "live")
        # 5.4.1 and the rules of chapter 4 the move follows (zones.py), after the rules that move it
        where = zones.move_rules(card.zone.name if card.zone is not None else None, to, face_up=shown,
                                 ordered=dest.ordered and not bottom, private=private is not None,
                                 beneath=(beneath or card.beneath) and to in AREAS)
        rules = tuple(dict.fromkeys(tuple(rules) + where))
        self.emit("move", rules, source, private, card=card.id, number=card.number, frm=frm,
                  to=dest.label, zone=to, player=owner, face_up=face_up, bottom=bottom,
                  **({"beneath": True} if beneath else {}))

    def _apply_move(self, ev):
        from .state import put
        d = ev.data
        card = self.cards[d["card"]]
        was = card.zone.name if card.zone is not None else None
        put(card, self.table.zone(d["player"], d["zone"]), bottom=d["bottom"], face_up=d["face_up"])
        if d.get("beneath"):
            card.beneath = True                                                 # 4.5.5: beneath the member
        if d["zone"] in AREAS and was not in AREAS:
            card.entered_turn = self.table.turn.number                          # 9.6.2.1.2.1

    def after_event(self, event) -> None:
        """10.2.1: a refresh happens whenever its condition is met, even in the middle of a process; and
        the triggers the event meets (9.7.2)."""
        if event.kind in triggers.WATCHED:
            triggers.observe(self, event)
        if not self.together:
            processes.refresh_any(self)

    @contextmanager
    def moving_together(self):
        """Cards one instruction moves at once ('put all the other cards in the waiting room'): the refresh
        of 10.2.1 is looked for when the last of them has moved, not between them (FAQ Q102)."""
        self.together += 1
        try:
            yield
        finally:
            self.together -= 1
        if not self.together:
            triggers.batch_done(self)           # triggers met once by the cards moved together
            processes.refresh_any(self)

    def draw(self, p: str, rules: tuple) -> bool:
        """5.6.1: the top card of the main deck to the hand (refresh first if it is empty, 10.2);
        whether a card was drawn."""
        processes.refresh_any(self)
        deck = self.table.zone(p, "main_deck")
        if not deck.items:
            self.emit("not_done", ("1.3.2",) + tuple(rules), "rules", player=p, what="draw: no card")
            return False
        self.move(deck.items[0], p, "hand", ("5.6.1", "4.8.3") + tuple(rules))      # one card at a time
        return True

    def yell_one(self, p: str):
        """8.3.11: the top card of the main deck to the resolution zone (refresh around it, 10.2.1)."""
        processes.refresh_any(self)
        deck = self.table.zone(p, "main_deck")
        if not deck.items:
            self.emit("not_done", ("1.3.2", "8.3.11"), "rules", player=p, what="yell: no card")
            return None
        card = deck.items[0]
        self.in_resolution.add(card.id)
        self.yell_ids[p].add(card.id)
        self.move(card, None, "resolution", ("8.3.11", "4.8.3"), face_up=True)
        return card

    def energy_from_deck(self, p: str, rules: tuple) -> None:
        deck = self.table.zone(p, "energy_deck")
        if not deck.items:
            self.emit("not_done", ("1.3.2",) + tuple(rules), "rules", player=p, what="energy: no card")
            return
        self.move(deck.items[0], p, "energy", ("4.9.3",) + tuple(rules))

    def shuffle(self, p: str, zone: str, rules: tuple) -> None:
        z = self.table.zone(p, zone)
        order = self.shuffle_order(list(z.items), zone=z)
        self.emit("shuffle", rules + (("5.5.1.2",) if len(order) <= 1 else ()), "rules", player=p, zone=zone,
                  order=[c.id for c in order], private=p)

    def ask(self, player, kind, prompt, rules, options, **extra):
        """The kernel's decision, noting whether it offers a choice (12.1.1.3 watches for none)."""
        if loops.a_choice(options, extra):
            self.loops.choices += 1
        return (yield from super().ask(player, kind, prompt, rules, options, **extra))

    def _apply_shuffle(self, ev):
        self.loops.chance += 1
        z = self.table.zone(ev.data["player"], ev.data["zone"])
        z.items[:] = [self.cards[i] for i in ev.data["order"]]
        z.version += 1

    def _apply_refresh(self, ev):
        """10.2.3: the waiting room, hidden, in the shuffled order, under the main deck."""
        p = ev.data["player"]
        self.loops.chance += 1
        deck = self.table.zone(p, "main_deck")
        from .state import put
        for cid in ev.data["cards"]:
            put(self.cards[cid], deck, bottom=True)

    def _apply_wait(self, ev):
        self.cards[ev.data["card"]].wait = True

    def _apply_activate(self, ev):
        self.cards[ev.data["card"]].wait = False

    def _apply_reveal(self, ev):
        self.cards[ev.data["card"]].face_up = True

    def _apply_step(self, ev):
        self.table.turn.step, self.table.turn.player = ev.data["step"], ev.data["player"]
        self.turn_player = ev.data["player"]                    # 7.2: the active player

    def _apply_first_player(self, ev):
        self.table.turn.first = ev.data["player"]

    def _apply_live_score(self, ev):
        self.table.live.score[ev.data["player"]] = ev.data["score"]          # 8.4.2

    def _apply_live_phase(self, ev):
        from .state import LiveState
        self.table.live = LiveState()                                        # a new live phase (7.8)

    def _apply_turn(self, ev):
        self.table.turn.number = ev.data["number"]
        triggers.on_turn(self, ev)

    def set_step(self, step: str, player: str, rules: tuple) -> None:
        self.emit("step", rules, "rules", step=step, player=player, number=self.table.turn.number)

    def trigger_point(self, rules: tuple, what: str) -> None:
        """A moment automatic abilities may trigger on (no encoded card's ability triggers on these)."""
        self.emit("trigger_point", rules, "rules", what=what)

    # ---------------------------------------------------------- check timing
    def check_timing(self, rules: tuple):
        """9.5.3: rule processes until none is due (9.5.3.1), then one waiting automatic ability, the
        active player's first (9.5.3.2, 9.5.3.3), and back to 9.5.3.1; until nothing is left (9.5.3.4).
        Returns whether anything was done."""
        self.emit("check_timing", tuple(rules) + CHECK_TIMING + ("10.1.2",), "rules")
        processes.refresh_any(self)
        ran, played = False, 0
        while True:
            while not processes.nothing_due(self):
                yield from processes.run(self)
                ran = True
            if not self.over:
                triggers.state_triggers(self)                       # 9.7.6
            if self.over or not (yield from abilities.resolve_one(self)):
                return ran
            ran, played = True, played + 1
            if played >= LOOP_BOUND:
                # 12.1.1.3: automatic abilities that keep waiting again, which no player can stop: a draw
                self.end_game(None, ("12.1.1", "12.1.1.3"), f"{played} abilities in one check timing: an "
                              "endless loop no player can stop")

    def nothing_due(self) -> bool:
        return processes.nothing_due(self)

    def rule_processes(self):
        return (yield from processes.run(self))

    # ------------------------------------------------------------- playing
    def run_from(self, step: str):
        """The game from `step` ('setup': the preparation of 6.2, then the first turn)."""
        if step == "setup":
            yield from setup.pregame(self)
            self.set_step("active", self.table.turn.first, ("7.1.2", "7.3.2.1"))
            step = "active"
        yield from turn.play_turns(self, step)

    def legal_actions(self, p: str) -> list[Action]:
        out = members.legal(self, p) + abilities.legal(self, p)           # 7.7.2.2, 7.7.2.1
        if self.loops.acted:                                                # 12.1.1.2
            out = [a for a in out if not loops.repeats(self, p, a)]
        return out

    def perform(self, p: str, a: Action):
        """An action of a play timing (7.7.2): play a member or an activated ability."""
        loops.note_action(self, p, a)                                       # 12.1.1.2
        if a.kind == abilities.KIND:
            yield from abilities.play_activated(self, p, a)
        else:
            yield from members.play(self, p, a)

    def why_not(self, p: str, a: Action) -> list[str]:
        if self.over:
            return ["1.2.1"]
        if is_pass(a):
            return []
        if a.kind == members.KIND:
            why = members.why_not(self, p, a)
        elif a.kind == abilities.KIND:
            why = abilities.why_not(self, p, a)
        else:
            return ["7.7.2"]
        if not why and loops.repeats(self, p, a):
            return ["12.1.1.2", "12.1.1"]                # the game is as it was when this action was taken
        return why

    def describe_action(self, a) -> str:
        if is_pass(a):
            return "pass"
        return abilities.describe(a) if a.kind == abilities.KIND else members.describe(a)

    def concede(self, player: str):
        """1.2.3: a player who concedes loses at once, without a check timing; 1.2.3.1: no card touches it
        (no effect or replacement of the effect language sees a concession, and none can force one)."""
        self.concede_now(player, ("1.2.3", "1.2.3.1", "1.2.1"))

    # ------------------------------------------------------------ invariants
    def check_invariants(self, event) -> None:
        from .invariants import check
        problem = check(self, event)
        if problem:
            raise InvariantViolation(f"after event {event.seq} {event.kind}: {problem}")


__all__ = ["LoveLiveGame", "STEPS"]
