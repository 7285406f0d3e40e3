"""The OSICA engine on the kernel (judge.core.game.Game), composed: the state is a `Table`
(state.py); set-up (setup.py), the turn and its phases (turn.py), playing cards and texts
(play.py), the appeal (appeal.py), effects (effects.py) and rule processing (processes.py) are
modules of functions that receive the game. The game keeps the event handlers — every state change
is an event citing the statements (and the assumptions, where the page is silent) behind it — and
the kernel's hooks.

Every value the page does not give is read with `game.assumed(ID)` and its identifier cited with
the event that rests on it (assumptions.yaml, `judge rules assumptions --game osica`)."""
from __future__ import annotations

from judge.core.decisions import Action, Option, is_pass
from judge.core.errors import InvariantViolation
from judge.core.game import Game

from . import appeal, play, processes, setup, turn
from .state import STAGE, OCard, Table

IN_PLAY = STAGE + ("assist",)


class OsicaGame(Game):
    CHECK_TIMING_RULES = ("effect.timing",)
    AFTER_EVENT_KINDS = frozenset({"move"})

    def __init__(self, db, *, settings: dict, version: str = "2024-10-07", seed: int = 0, **kw):
        super().__init__(seed=seed, **kw)
        self.db, self.version, self.settings = db, version, settings
        self.table = Table(self.PLAYERS)
        self.refused = None                 # set-up stopped: a deck breaks deck construction (build)
        self.priority = None                # the player who may play or pass in the event phase
        self.first_player = None            # a scenario states who goes first (setup.first)

    def assumed(self, ident: str):
        """The value of an assumption (the scenario's `assume:` over the declared one)."""
        return self.settings[ident]

    # ------------------------------------------------------- the kernel's view
    @property
    def step(self) -> str:
        return self.table.turn.phase

    @property
    def turn_number(self) -> int:
        return self.table.turn.number

    def zone(self, player, name):
        return self.table.zone(player, name)

    def ps(self, player):
        return self.table.players[player]

    def new_card(self, defn, owner: str, zone_name: str, *, face_up=None) -> OCard:
        return self.add_card(OCard(self.next_id(), defn, owner), self.table.zone(owner, zone_name), face_up)

    # ------------------------------------------------------------- moving cards
    def move(self, card, to: str, rules: tuple, source=None, *, face_up=None, bottom=False):
        """Move a card to one of its owner's areas. A 推しキャラ leaving the stage, the assist area or
        the oshi area for any other area goes face down to the oshi area instead (oshi.3, oshi.6,
        start.3: the replacement); the cards a limit break laid on a character go to the drop area
        when it leaves for another area (appeal.19)."""
        frm = card.zone.name if card.zone is not None else None
        rules = tuple(rules)
        if card.oshi and to not in IN_PLAY and to != "oshi" and frm in IN_PLAY + ("oshi",):
            rules += ("oshi.3", "oshi.6") + (("start.3",) if self.table.turn.phase == "start" else ())
            to, face_up = "oshi", False
        elif frm in IN_PLAY and to not in IN_PLAY and any(
                c.oshi and c.defn.identity == card.defn.identity for c in self.cards.values() if c.owner == card.owner):
            rules += ("oshi.5",)        # the same number as the 推しキャラ, but not it: no replacement
        if frm in IN_PLAY and to not in IN_PLAY:
            for other in list(card.zone.items):
                if other.over == card.id:
                    self.move(other, "drop", ("appeal.19",), source=card.number)
        zone = self.table.zone(card.owner, to)
        private = card.owner if not zone.public and (card.zone is None or not card.zone.public) else None
        self.emit("move", rules, source, private, card=card.id, number=card.number,
                  frm=card.zone.label if card.zone is not None else None, to=zone.label, zone=to,
                  player=card.owner, face_up=face_up, bottom=bottom)
        return to

    def _apply_move(self, ev):
        d = ev.data
        card = self.cards[d["card"]]
        old = card.zone
        to = self.table.zone(d["player"], d["zone"])
        old.items.remove(card)
        old.version += 1
        between = old.name in IN_PLAY and to.name in IN_PLAY
        over = card.over
        if not between:
            card.fresh()
        elif over is not None:
            card.over = over
        if to.ordered and not d["bottom"]:
            to.items.insert(0, card)          # heart.8: on top of the pile
        else:
            to.items.append(card)
        card.zone = to
        to.version += 1
        card.face_up = d["face_up"] if d["face_up"] is not None else to.public

    def after_event(self, event) -> None:
        """win.2 / win.6: a player whose deck becomes 0 loses at that moment."""
        if event.data["frm"] and event.data["frm"].endswith(".deck"):
            processes.deck_out(self)

    # ------------------------------------------------------------- other changes
    def _apply_rest(self, ev):
        self.cards[ev.data["card"]].rested = True

    def _apply_stand(self, ev):
        self.cards[ev.data["card"]].rested = False

    def _apply_limit(self, ev):
        self.ps(ev.data["player"]).limit = ev.data["limit"]

    def _apply_ap(self, ev):
        self.cards[ev.data["card"]].ap_turn += ev.data["amount"]

    def _apply_yell_symbols(self, ev):
        self.cards[ev.data["card"]].yell_turn += ev.data["amount"]

    def _apply_limit_break(self, ev):
        card = self.cards[ev.data["card"]]
        card.broken = True
        if ev.data.get("under") is not None:
            self.cards[ev.data["under"]].over = card.id

    def _apply_unbreak(self, ev):
        self.cards[ev.data["card"]].broken = False

    def _apply_turn_over(self, ev):
        """end.1: effects until the end of the turn end."""
        for card in self.cards.values():
            card.ap_turn = card.yell_turn = 0
            card.used = set()
            card.appeals = 0
        for ps in self.table.players.values():
            ps.orb_turn = False

    def _apply_used(self, ev):
        self.cards[ev.data["card"]].used.add(ev.data["text"])

    def _apply_appealed(self, ev):
        self.cards[ev.data["card"]].appeals += 1

    def _apply_kept(self, ev):
        self.cards[ev.data["card"]].kept = True

    def _apply_rank(self, ev):
        self.ps(ev.data["player"]).ranks[ev.data["name"]] = ev.data["value"]

    def _apply_light_orb(self, ev):
        ps = self.ps(ev.data["player"])
        if ev.data["this_turn"]:
            ps.orb_turn = True
        else:
            ps.orb = True

    def _apply_flip(self, ev):
        self.cards[ev.data["card"]].face_up = ev.data["face_up"]

    def _apply_phase(self, ev):
        t = self.table.turn
        t.phase, t.player = ev.data["phase"], ev.data["player"]
        self.turn_player = t.player

    def _apply_turn(self, ev):
        t = self.table.turn
        t.number, t.player = ev.data["number"], ev.data["player"]
        self.turn_player = t.player

    def _apply_first_player(self, ev):
        self.table.turn.first = ev.data["player"]

    def _apply_shuffle(self, ev):
        z = self.table.zone(ev.data["player"], ev.data["zone"])
        z.items[:] = [self.cards[i] for i in ev.data["order"]]
        z.version += 1

    def shuffle(self, p: str, zone: str, rules: tuple) -> None:
        z = self.table.zone(p, zone)
        order = self.shuffle_order(list(z.items), zone=z)
        self.emit("shuffle", rules, "rules", p, player=p, zone=zone, order=[c.id for c in order])

    def set_phase(self, phase: str, rules: tuple) -> None:
        self.emit("phase", rules, "rules", phase=phase, player=self.table.turn.player,
                  number=self.table.turn.number)

    # ------------------------------------------------------------ check timing
    def nothing_due(self) -> bool:
        return processes.nothing_due(self)

    def rule_processes(self):
        return (yield from processes.run(self))

    def settle(self):
        """Between two steps of anything: rule processes, then the waiting automatic texts (the
        assumption effect.timing: they wait until the process that made them ends)."""
        yield from self.check_timing_loop()

    def next_to_resolve(self):
        for player in (self.turn_player, self.other(self.turn_player)):
            if self.waiting[player]:
                return player
        return None

    def resolve_next_waiting(self):
        """simultaneous.3: both players' texts wait: the turn player decides whose come first."""
        both = [p for p in (self.turn_player, self.other(self.turn_player)) if self.waiting[p]]
        first = both[0]
        if len(both) == 2:
            first = yield from self.ask(self.turn_player, "whose_first", "whose texts are resolved first",
                                        ("simultaneous.3",), [Option(p, p, keys=(p,)) for p in both],
                                        ask_always=True)
        yield from self.resolve_waiting(first)

    def resolve_waiting(self, player):
        from . import effects
        yield from effects.resolve_waiting(self, player)

    # ------------------------------------------------------------- playing
    def run_from(self, phase: str):
        if phase == "setup":
            yield from setup.pregame(self)
            if self.refused or self.over:
                return
            phase = "start"
        yield from turn.play_turns(self, phase)

    def legal_actions(self, p: str) -> list[Action]:
        return play.legal(self, p)

    def why_not(self, p: str, a: Action) -> list[str]:
        if self.over:
            return ["win.1"]
        if is_pass(a):
            return []
        return play.why_not(self, p, a)

    def describe_action(self, a) -> str:
        return "pass" if is_pass(a) else play.describe(self, a)

    def concede(self, player: str):
        self.concede_now(player, ("win",))      # the objective (勝利条件): the game ends, the other wins

    def check_invariants(self, event) -> None:
        from .invariants import check
        problem = check(self, event)
        if problem:
            raise InvariantViolation(f"after event {event.seq} {event.kind}: {problem}")


__all__ = ["OsicaGame", "appeal"]
