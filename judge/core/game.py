"""The kernel's Game: applies events, drives decisions, owns chance, runs check timings.

A ruleset subclasses Game and fills in the named hooks (python-chess style
variants): `rule_processes`, `resolve_waiting`, `legal_actions`,
`action_violations`, the `_apply_<event>` handlers and its procedures.

Procedures are generators. A procedure that needs a player's choice yields a
Decision and receives the answer; `yield from` composes them, so the engine
stops at a pending decision and resumes when answered (OpenSpiel style), and
effects never ask for input or call `random` themselves.
"""
from __future__ import annotations

import random
import sys
from collections import deque
from types import MethodType

from .decisions import Decision, Option
from .events import Event
from .errors import JudgeError


class GameOver(Exception):
    """Raised inside procedures to end the game at once (1.2.1-style immediate ends)."""


class ScriptError(JudgeError):
    """A scenario script does not fit what happened (unscripted die roll, bad preset answer)."""


class ScriptedShuffle:
    """One scripted shuffle result (a scenario's `shuffles:`): the zone it is for and the order it
    gives, top first. `order` None keeps the order; a partial order puts the named cards on top, in
    that order, and the others below them in the order they had. `matches(card, text)` says whether
    a card is the one a scenario names (card number, name, ...)."""

    __slots__ = ("player", "zone", "order", "matches", "where")

    def __init__(self, player: str, zone: str, order, matches, where: str = ""):
        self.player, self.zone, self.order, self.matches, self.where = player, zone, order, matches, where

    def fits(self, zone) -> bool:
        return zone is not None and zone.owner == self.player and zone.name == self.zone

    def arrange(self, items: list) -> list:
        if self.order is None:
            return list(items)
        pool, out = list(items), []
        for text in self.order:
            for i, card in enumerate(pool):
                if self.matches(card, text):
                    out.append(pool.pop(i))
                    break
            else:
                have = ", ".join(c.number for c in items) or "(empty)"
                raise ScriptError(f"{self.where}scripted shuffle of {self.player}.{self.zone}: no "
                                  f"{'other ' if out else ''}'{text}' in the zone; it holds: {have}")
        return out + pool

    def describe(self) -> str:
        return f"{self.player}.{self.zone}: " + ("keep" if self.order is None else str(list(self.order)))


class Game:
    PLAYERS = ("A", "B")
    cite_map: dict = {}                 # engine citation -> this version's number (rule map)
    EVENT_HANDLERS: dict = {}           # event kind -> function(game, event), besides `_apply_<kind>` methods
    CHECK_TIMING_RULES: tuple = ()      # the ruleset's rule numbers for a check timing
    SINGLE_OPTION_RULES: tuple = ()     # cited when a one-option decision is taken without asking

    def __init__(self, *, seed: int = 0, record: bool = True, keep_shuffles: bool = False,
                 strict_chance: bool = False, debug: bool = False):
        self.rng = random.Random(seed)
        self.dice: deque = deque()           # scripted die results, used in order
        self.keep_shuffles = keep_shuffles   # scenarios: shuffles keep the stated order
        self.shuffles: list = []             # scripted shuffle results (ScriptedShuffle), used in order
        self.shuffle_scripted = False        # whether the last shuffle_order() came from the script
        self.strict_chance = strict_chance   # scenarios: an unscripted die roll is an error
        self.record = record
        self.debug = debug                   # check invariants after every event
        self.tracing = record or debug       # someone reads the citations (else none are collected)
        self.trace: list[Event] = []
        self.cited: set = set()
        self.seq = 0
        self.state_version = 0               # bumped by every state change (cheap cache key)
        self.pending: Decision | None = None
        self.result: dict | None = None
        self.preset_answers: dict = {}       # decision kind -> answer, consumed before asking
        self.waiting: dict = {p: [] for p in self.PLAYERS}   # automatic abilities waiting (10.8.2)
        self.turn_player = self.PLAYERS[0]
        self.cards: dict = {}
        self.stacks: dict = {}
        self._next_id = 1
        self._proc = None
        self._handlers = {name[7:]: getattr(self, name) for name in self._handler_names()}
        # handlers written as functions of the game (a rules area that is a module, not a mixin)
        # (MethodType binds any callable: a compiled function has no __get__)
        self._handlers.update({kind: MethodType(fn, self) for kind, fn in self.EVENT_HANDLERS.items()})

    _HANDLER_NAMES: dict = {}

    @classmethod
    def _handler_names(cls) -> tuple:
        """The `_apply_<event>` handlers of this class (found once per class: dir() is slow)."""
        names = Game._HANDLER_NAMES.get(cls)
        if names is None:
            names = tuple(n for n in dir(cls) if n.startswith("_apply_"))
            both = sorted({n[len("_apply_"):] for n in names} & set(cls.EVENT_HANDLERS))
            if both:
                # A function handler would silently replace the method (or the reverse): refuse it.
                raise TypeError(f"{cls.__name__}: two handlers for the event '{both[0]}': the method "
                                f"_apply_{both[0]} and the function {cls.EVENT_HANDLERS[both[0]].__qualname__}")
            Game._HANDLER_NAMES[cls] = names
        return names

    def method_for(self, prefix: str, name: str, *default):
        """This game's method `prefix + name` (an action's check or handler, a verb, a step). The
        name is interned: the type's attribute cache knows names by identity, and a name made anew
        at each call would miss it and be looked for in every class of the ruleset's mixins."""
        return getattr(self, sys.intern(prefix + name), *default)

    # ------------------------------------------------------------------ ids
    def next_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def add_card(self, card, zone, face_up=None):
        """A card joins the game in a zone before play (a deck, a scenario's board): at the bottom of
        the zone's items, face up as the zone shows its cards unless `face_up` says otherwise."""
        self.cards[card.id] = card
        card.zone = zone
        zone.items.append(card)
        card._face_up = zone.public if face_up is None else face_up
        return card

    def other(self, player: str) -> str:
        return "B" if player == "A" else "A"

    # --------------------------------------------------------------- events
    def emit(self, event_kind: str, rules: tuple, source=None, private=None, **data) -> Event:
        """Apply one event: its handler changes the state, then the trace and hooks see it."""
        return self.apply_event(event_kind, rules, source, private, data)

    def apply_event(self, event_kind: str, rules: tuple, source, private, data: dict) -> Event:
        """`emit` with the event's fields as one dict (rulesets that look at an event before it is
        applied call this, so the fields are not unpacked and packed again)."""
        self.seq += 1
        tracing = self.tracing                 # nobody reads the trace: no citations, no checks
        if tracing and self.cite_map:          # another rules version numbers the same rule differently
            rules = tuple(self.cite_map.get(r, r) for r in rules)
        event = Event(self.seq, event_kind, rules, source, data, private)
        kinds = self.BEFORE_EVENT_KINDS
        if kinds is None or event_kind in kinds:
            self.before_event(event)
        handler = self._handlers.get(event_kind)
        if handler is not None:
            handler(event)
            self.state_version += 1      # only events with a handler change the state
        if tracing:
            if self.record:
                self.trace.append(event)
            self.cited.update(rules)
        kinds = self.AFTER_EVENT_KINDS
        if kinds is None or event_kind in kinds:
            self.after_event(event)
        if self.debug:
            self.check_invariants(event)
        return event

    # Per-kind dispatch of the two hooks below: the kinds of event each looks at (None: every
    # kind). A ruleset whose hooks care about a few kinds names them here, so that the other
    # events (most of a game's) skip the call; a mixin that overrides a hook adds its kinds.
    BEFORE_EVENT_KINDS: frozenset | None = None
    AFTER_EVENT_KINDS: frozenset | None = None

    def before_event(self, event: Event) -> None:
        """Hook: look at the state just before the event changes it (what a thing was before it
        moved: last known information). Called for the kinds in BEFORE_EVENT_KINDS."""

    def after_event(self, event: Event) -> None:
        """Hook: triggers look at the event after it happened (10.8). Called for the kinds in
        AFTER_EVENT_KINDS."""

    def watch(self, listener, kinds: frozenset) -> None:
        """Call `listener(event)` after every event of these kinds, from now on (self-play's
        per-card statistics). It replaces this one game's `after_event` with a wrapper rather than
        adding a test to `apply_event`, so that a game nobody watches pays nothing; the game's own
        hook still sees exactly the kinds it watches. A listener reads, never changes the state."""
        own_kinds, own_hook = self.AFTER_EVENT_KINDS, self.after_event

        def after_event(event):
            kind = event.kind
            if kind in kinds:
                listener(event)
            if own_kinds is None or kind in own_kinds:
                own_hook(event)

        self.AFTER_EVENT_KINDS = None
        self.after_event = after_event

    def check_invariants(self, event: Event) -> None:
        """Hook: raise InvariantViolation when the state breaks a rule of the game."""

    def end_game(self, winner: str | None, rules: tuple, reason: str, source=None):
        """End the game now: `winner` is a player, or None for a draw (1.2.2)."""
        self.result = {"winner": winner or "draw", "reason": reason, "rules": list(rules)}
        self.emit("game_over", rules, source, winner=winner or "draw", reason=reason)
        raise GameOver()

    @property
    def over(self) -> bool:
        return self.result is not None

    # ------------------------------------------------------------ decisions
    def start(self, procedure) -> None:
        """Run a procedure (generator) until it asks a decision or ends."""
        self._proc = procedure
        self._run(None)

    def _run(self, value) -> None:
        try:
            while True:
                decision = self._proc.send(value)
                preset = self.preset_answers.pop(decision.kind, None)
                if preset is not None:
                    value = self._resolve_answer(decision, preset)
                    self._record_answer(decision, value, preset=True)
                    continue
                if self.debug and not decision.options and not (decision.many and decision.min_pick == 0):
                    from .errors import InvariantViolation
                    raise InvariantViolation(f"a pending decision has no legal option: {decision.describe()}")
                if not decision.ask_always and self._only_answer(decision):
                    value = decision.options[0].value if not decision.many else [o.value for o in decision.options]
                    if self.tracing:
                        self.emit("decision", decision.rules + self.SINGLE_OPTION_RULES, decision.source,
                                  decision.private, player=decision.player, kind=decision.kind,
                                  choice=decision.options[0].label, auto=True)
                    continue
                self.pending = decision
                return
        except StopIteration:
            self.pending = None
        except GameOver:
            self.pending = None

    @staticmethod
    def _only_answer(d) -> bool:
        """A decision with exactly one legal answer is taken without asking."""
        if not d.many:
            return len(d.options) == 1
        n = len(d.options)
        return d.min_pick == d.max_pick == n and (n == 1 or not d.ordered)

    def answer(self, answer) -> None:
        """Answer the pending decision with an Option, a value, or a meaning (see Option.means)."""
        decision = self.pending
        if decision is None:
            raise ScriptError("there is no pending decision to answer")
        value = self._resolve_answer(decision, answer)
        self._record_answer(decision, value)
        self.pending = None
        self._run(value)

    def _record_answer(self, decision, value, preset=False):
        if decision.kind == "play_timing" or not self.tracing:
            return      # the action's own events say what was done; unrecorded, nobody reads it
        labels = [o.label for o in decision.options if o.value == value] if not decision.many else \
            [o.label for v in value for o in decision.options if o.value is v or o.value == v][:len(value)]
        self.emit("decision", decision.rules, decision.source, decision.private, player=decision.player,
                  kind=decision.kind, choice=labels[0] if len(labels) == 1 and not decision.many else labels)

    def _resolve_answer(self, decision: Decision, answer):
        """Find the value an answer stands for; raise ScriptError listing the legal options."""
        if decision.many:
            items = answer if isinstance(answer, (list, tuple)) else [answer]
            values, used = [], set()
            for item in items:
                opt = self._match_one(decision, item, exclude=used)
                used.add(id(opt))
                values.append(opt.value)
            if not decision.min_pick <= len(values) <= decision.max_pick:
                raise ScriptError(f"{decision.kind}: pick between {decision.min_pick} and "
                                  f"{decision.max_pick}, got {len(values)}; " + decision.describe())
            return values
        if isinstance(answer, (list, tuple)):
            raise ScriptError(f"{decision.kind}: one answer is picked here, got the list {list(answer)}; "
                              + decision.describe())
        return self._match_one(decision, answer).value

    def _match_one(self, decision: Decision, answer, exclude=()):
        if isinstance(answer, Option):
            return answer
        if isinstance(answer, (list, dict)):         # names no single option (and cannot be looked up)
            raise ScriptError(f"'{answer}' answers with several values where one is asked: " + decision.describe())
        for opt in decision.options:
            if id(opt) not in exclude and (opt.value is answer or opt.value == answer):
                return opt
        found = [o for o in decision.options if id(o) not in exclude and o.means(answer)]
        if not found:
            raise ScriptError(f"'{answer}' is not a legal answer: " + decision.describe())
        # Several options meaning the same thing (two identical cards) are interchangeable.
        return found[0]

    def play_out(self, answer, rng, limit: int) -> int:
        """Self-play: answer each pending decision with `answer(game, decision, rng)` until none is
        left; the number of decisions taken. A game longer than `limit` decisions is a stall, raised,
        never looped forever."""
        n = 0
        while self.pending is not None:
            n += 1
            if n > limit:
                raise RuntimeError(f"no end after {limit} decisions (turn {getattr(self, 'turn_number', '?')})")
            self.answer(answer(self, self.pending, rng))
        return n

    def play_from_setup(self, seed: int, limit: int, *, watch=None, kinds=frozenset()) -> int:
        """Self-play with the random policy: the game from its set-up (`run_from("setup")`) to its end,
        seeded; `watch(event)` sees the events of `kinds` (per-card statistics). The number of
        decisions taken; a game that stops with no result is an error, never a silent end."""
        from .decisions import random_answer
        if watch is not None:
            self.watch(watch, kinds)
        rng = random.Random(seed ^ 0x5EED)
        self.start(self.run_from("setup"))
        n = self.play_out(lambda game, decision, rng: random_answer(decision, rng), rng, limit)
        if self.result is None:
            raise RuntimeError("the game stopped without a result")
        return n

    def concede_now(self, player: str, rules: tuple) -> None:
        """A player concedes: the other wins at once, with no check timing (the game's rule)."""
        self.result = {"winner": self.other(player), "reason": f"{player} conceded", "rules": list(rules)}
        self.emit("game_over", tuple(rules), "rules", winner=self.other(player), reason="concede")
        self.pending = None

    def ask(self, player: str, kind: str, prompt: str, rules: tuple, options: list, **extra):
        """A procedure step: `value = yield from game.ask(...)`."""
        value = yield Decision(player, kind, prompt, rules, options, **extra)
        return value

    # --------------------------------------------------------------- chance
    def roll_die(self, rules: tuple, source=None, player=None) -> int:
        """One six-sided die as an explicit chance outcome (scripted in scenarios)."""
        if self.dice:
            value, scripted = self.dice.popleft(), True
        elif self.strict_chance:
            raise ScriptError(f"a die is rolled ({source or 'rules'}) but the scenario scripts no "
                              "result: add `dice: [N]` to the action or the scenario")
        else:
            value, scripted = self.rng.randint(1, 6), False
        self.emit("die", rules, source, player=player, result=value, scripted=scripted)
        return value

    def shuffle_order(self, items: list, zone=None) -> list:
        """The new order of a shuffled zone: the next scripted result for that zone, else (scenarios)
        the order as it stands, else a random order. A shuffle is a chance outcome, like a die."""
        zone = zone if zone is not None else (items[0].zone if items else None)
        for i, scripted in enumerate(self.shuffles):
            if scripted.fits(zone):
                del self.shuffles[i]
                self.shuffle_scripted = True
                return scripted.arrange(items)
        self.shuffle_scripted = False
        if self.keep_shuffles:
            return list(items)
        items = list(items)
        self.rng.shuffle(items)
        return items

    # --------------------------------------------------------- check timing
    def check_timing_loop(self):
        """A check timing, to `yield from`: rule processes until none remain, then waiting automatic
        abilities, turn player first. Nothing to do (the common case) makes no generator at all."""
        if self._quiet_at == self.state_version:
            return ()               # nothing changed since a check timing that found nothing to do
        if self.nothing_due():
            self.before_waiting()
            if self.next_to_resolve() is None:
                self._quiet_at = self.state_version
                return ()
        return self._check_timing_steps()

    _quiet_at = -1      # the state version at which a check timing last found nothing to do

    def _check_timing_steps(self):
        while True:
            if not self.nothing_due() and (yield from self.rule_processes()):
                continue
            self.before_waiting()        # may be called again: abilities already waiting stay as they are
            if self.next_to_resolve() is None:
                return
            yield from self.resolve_next_waiting()

    def next_to_resolve(self):
        """Hook: the player whose waiting automatic abilities come next, or None when none waits.
        Default: the turn player's, then the other player's."""
        for player in (self.turn_player, self.other(self.turn_player)):
            if self.waiting[player]:
                return player
        return None

    def resolve_next_waiting(self):
        """Hook (generator): resolve the next waiting automatic ability. Default: `next_to_resolve`'s
        player picks one of theirs (`resolve_waiting`). A game whose rules order them otherwise —
        the turn player choosing among every waiting ability, both players' — overrides this (or
        `next_to_resolve`) and asks with a Decision."""
        yield from self.resolve_waiting(self.next_to_resolve())

    def nothing_due(self) -> bool:
        """Hook: a plain look that finds no rule process due (then `rule_processes` is not run).
        False means: run `rule_processes`, which looks for itself."""
        return False

    def rule_processes(self):
        """Hook (generator): perform every due rule process at once; return True if any ran."""
        return False
        yield  # pragma: no cover - makes this a generator

    def before_waiting(self) -> None:
        """Hook: no rule process is due and waiting abilities are about to be played; abilities that
        wait for a state rather than an event may start waiting now."""

    def resolve_waiting(self, player: str):
        """Hook (generator): the player picks one waiting automatic ability and resolves it."""
        self.waiting[player].clear()
        return
        yield  # pragma: no cover
