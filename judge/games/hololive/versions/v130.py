"""The hololive comprehensive rules 1.3.0 (2025-03-18), read from the unofficial English translation.

Hololive130 is the 1.9.0 engine with the methods overridden where 1.3.0 says something else.
Citations:

* the engine cites 1.9.0 numbers; `cite_map`, built from rules/map-1.3.0-1.9.0.yaml, turns each
  into its 1.3.0 number when the event is emitted. A 1.9.0 rule that 1.3.0 does not have becomes
  "N (1.9.0 only)", which is in no index, so a scenario whose trace cites it fails (runner);
* the overrides below cite 1.3.0 numbers directly, written `v130("6.2.1.8.1")`: the map leaves
  them alone;
* SAME_RULE_AS: a few rules that 1.9.0 added only to spell out what 1.3.0 already did without
  a rule of its own; where the engine cites one, 1.3.0 cites the rule that carried it.

Terms 1.9.0 added (5.22.3-5.22.4 reducing damage, 5.24.4 setting a die, 5.27 another holomem's
arts, 5.28 bloom once more, 5.29 cannot move, 5.18.1 centre-collab switch) do not
exist in 1.3.0: an effect that uses one raises NotInVersion (the runner: not applicable under
1.3.0, or a failure when the scenario names 1.3.0).
"""
from __future__ import annotations

from functools import lru_cache

from ....core.errors import NotInVersion
from ..engine import HololiveGame
from ..rules.maps import rule_map
from .. import turn

VERSION = "1.3.0"


class Own(str):
    """A rule number already in 1.3.0 numbering: the citation map leaves it as it is."""


def v130(*numbers) -> tuple:
    return tuple(Own(n) for n in numbers)


# 1.9.0 rule the engine cites -> the 1.3.0 rule that carried the same behaviour (no rule change).
SAME_RULE_AS = {
    "5.14.2": "5.13.1.1",      # a bloomed holomem stays the same holomem: 1.3.0 'the top card for that holomem'
    "5.21.2": "5.19.1",        # sending cheer from the cheer deck: 1.3.0 'send' (7.4.2 says 'reveal the top card')
    "12.3.4.5.1": "12.2.3.5",  # 'arts damage' is the damage of 12.2.3.5, which 1.3.0 does not name
    "10.7.2.1.1": "1.3.1",     # a use limit printed on an ability: 1.3.0 has no rule for it; the text prevails
    "2.4.2.1": "10.5.2",       # the colourless icon means any colour: in 1.3.0 only the cost rule says so
}

# Effect-language verbs that use a term 1.3.0 does not have, with the 1.9.0 rule defining it.
TERMS_1_9_0 = {
    "treat_die_as": "5.24.4", "set_die": "5.24.4",
    "reduce_damage": "5.22.3", "prevent_damage": "5.22.4",
    "bloom_again": "5.28", "cannot_move": "5.29", "use_arts_of": "5.27", "extra_turn": "5.26",
    "make_active": "5.2.2", "put_out": "5.13",
}


class Citations(dict):
    """1.9.0 number -> 1.3.0 number; a number written with `v130()` passes unchanged."""

    def get(self, key, default=None):
        if type(key) is Own:
            return str(key)
        return super().get(key, default)


@lru_cache(maxsize=None)
def _cite_map() -> Citations:
    cm = Citations(rule_map(VERSION, "1.9.0").cite_map())
    cm.update(SAME_RULE_AS)
    return cm


class _OnFirstRead:
    """A class attribute made when first read, on the class or a game (the two rule indexes and their
    map are loaded when a 1.3.0 game first cites a rule, not when this module is imported)."""

    def __init__(self, make):
        self.make = make

    def __get__(self, game, cls):
        return self.make()


class Hololive130(HololiveGame):
    VERSION = VERSION
    cite_map = _OnFirstRead(_cite_map)

    def cite(self, number: str) -> str:
        return self.cite_map.get(number, number)

    def emit(self, event_kind, rules, source=None, private=None, **data):
        """Citations in 1.3.0 numbers, each once (two 1.9.0 rules may be one 1.3.0 rule)."""
        rules = tuple(Own(r) for r in dict.fromkeys(self.cite(r) for r in rules))
        return super().emit(event_kind, rules, source, private, **data)

    def end_game(self, winner, rules, reason, source=None):
        return super().end_game(winner, tuple(Own(r) for r in dict.fromkeys(self.cite(r) for r in rules)),
                                reason, source)

    def why_not(self, p, a, at_play_timing=False) -> list[str]:
        """The reasons in 1.3.0 numbers (they are compared with `because:` and shown in failures)."""
        return [self.cite(r) for r in super().why_not(p, a, at_play_timing)]

    # ------------------------------------------------------------------ 6.2 set-up
    def place_oshi(self, p):
        """6.2.1.4: the oshi holomem is placed face down; 6.2.1.10 turns it up with the stage."""
        oshi = self.oshi(p)
        if oshi is not None:
            self.emit("oshi_face_down", v130("6.2.1.4"), player=p, card=oshi, number=oshi.number)

    def _apply_oshi_face_down(self, ev):
        ev.data["card"].face_up = False

    def redraw_until_debut(self, order):
        """6.2.1.8: a hand with no Debut holomem is revealed (the translation says "any cards that are
        not" Debut holomem cards; judge reads it as "no Debut holomem card", as 1.9.0 6.2.1.9 says and
        as the procedure requires). 6.2.1.8.1: revealing a hand of one card loses. 6.2.1.8.2: otherwise the hand
        goes back, the deck is shuffled and one card fewer than returned is drawn. 6.2.1.8.3: again.
        No redraw count (1.9.0 6.2.1.8), so no cards go to the deck bottom later (1.9.0 6.2.1.10.2)."""
        while True:
            revealed = [p for p in order if not any(turn._is_debut(c) for c in self.zone(p, "hand"))]
            if not revealed:
                return
            for p in revealed:
                self.emit("reveal", v130("6.2.1.8"), player=p, cards=[c.number for c in self.zone(p, "hand")])
            losers = [p for p in revealed if len(self.zone(p, "hand")) <= 1]
            if losers:                                           # 6.2.1.8.1, 1.2.1.1, 1.2.2
                winner = None if len(losers) == 2 else self.other(losers[0])
                self.end_game(winner, v130("6.2.1.8.1", "1.2.1.1") + (v130("1.2.2") if winner is None else ()),
                              "a revealed hand of one card")
            for p in revealed:                                   # 6.2.1.8.2
                hand, deck = self.zone(p, "hand"), self.zone(p, "deck")
                returned = len(hand)
                for card in list(hand.items):
                    self.move(card, deck, v130("6.2.1.8.2"))
                self.shuffle(p, "deck", v130("6.2.1.8.2"))
                for _ in range(returned - 1):
                    self.draw(p, v130("6.2.1.8.2"))
            self.emit("check_again", v130("6.2.1.8.3"))           # back to 6.2.1.8
        yield  # pragma: no cover - a procedure (generator), though it asks nothing

    def finish_setup(self, order):
        """6.2.1.10: the face-down oshi, centre and back are turned up, then 6.2.1.11 sets the life
        (1.9.0 sets the life first and turns up the stage only)."""
        for p in order:
            self.emit("reveal_stage", v130("6.2.1.10"), player=p)
        for p in order:
            self.place_life(p)

    def _apply_reveal_stage(self, ev):
        super()._apply_reveal_stage(ev)
        oshi = self.oshi(ev.data["player"])
        if oshi is not None:
            oshi.face_up = True                             # 6.2.1.10: the oshi position too

    # -------------------------------------------------------------------- 7 turn
    def skips_reset_step(self, p) -> bool:
        """7.2: 1.3.0 has no skip; the reset step happens on a player's first turn too (7.2.1-7.2.6)."""
        return False

    def trigger_step(self, name, rules):
        super().trigger_step(name, rules)
        if name == "reset_start" and self.turn_number == 1:
            # 7.2.3: on the game's first turn, 'at the beginning of the game' too
            super().trigger_step("game_start", v130("7.2.3"))

    def step_performance(self, resume=False):
        """7.6: 7.6.1 skip on the first player's first turn; 7.6.2 the play timing; 7.6.3 a check
        timing, then the end step. No 'performance step starts/ends' triggers, no check timing before
        the play timing and no repeat of the end triggers (1.9.0 7.6.2, 7.6.3, 7.6.5, 7.6.6)."""
        if not resume:
            if self.first_players_first_turn():
                self.emit("step_skipped", v130("7.6.1"), step="performance", player=self.turn_player)
                return
            self.enter_step("performance", v130("7.6"))
        yield from self.play_timing(v130("7.6.2", "9.1.1"), after=v130("9.1.2"))
        yield from self.check_timing(v130("7.6.3"))

    def step_end(self, resume=False):
        """7.7: 7.7.1 'end of the turn' triggers; 7.7.2 a check timing, then 'this turn' effects end;
        7.7.3 an empty centre is filled. No 'end step starts' trigger and its check timing, and no
        restart of the step (1.9.0 7.7.1, 7.7.2, 7.7.6)."""
        self.enter_step("end", v130("7.7"))
        self.trigger_step("turn_end", v130("7.7.1"))
        yield from self.check_timing(v130("7.7.2"))
        self.emit("effects_expire", v130("7.7.2"), player=self.turn_player)
        yield from self.end_step_center()                        # 7.7.3 (1.9.0 7.7.5, by the map)

    def next_turn(self):
        """7.1.1: turns repeat, the other player becoming the turn player (1.9.0 says so in 7.7.6)."""
        self.emit("turn_start", v130("7.1.1"), player=self.other(self.turn_player), number=self.turn_number + 1)

    # ------------------------------------------------------------- 9.2.1 arts
    # 9.2.1.3-9.2.1.5 (1.3.0) count arts "during this turn"; 1.9.0 counts per performance step.
    def has_used_arts(self, stack) -> bool:
        """9.2.1.5: the holomem has already performed an art during this turn."""
        return stack.flags.get("arts_turn") == self.turn_number

    def _apply_art(self, ev):
        super()._apply_art(ev)
        ev.data["stack"].flags["arts_turn"] = self.turn_number
        ev.data["stack"].version += 1

    def _apply_step(self, ev):
        used = self.position_arts
        super()._apply_step(ev)
        self.position_arts = used           # 9.2.1.3, 9.2.1.4: kept for the whole turn

    def _apply_turn_start(self, ev):
        super()._apply_turn_start(ev)
        self.position_arts = {"center": False, "collab": False}

    # ----------------------------------------------------------- attach limits
    def attach_limit(self, sub) -> tuple:
        """5.16.3.1: only tools are limited, one per holomem (1.3.0 has no mascot limit, 1.9.0
        5.17.3.2); 10.7.2.3.6.1: a tool cannot be played onto a holomem that has one."""
        return v130("10.7.2.3.6.1", "5.16.3.1") if sub == "tool" else ()

    # ------------------------------------------------------------ 11 downs
    def cheer_leaves_with_holomem(self, cheers):
        """2.7.2.1: cheer card text is reminder text in 1.3.0, so nothing archives the cheer as its
        holomem leaves: it stays on the stage with no holomem and 11.4.1 archives it."""
        if cheers:
            self.emit("nothing", v130("2.7.2.1"), why="cheer text is reminder text: the cheer stays behind",
                      cards=[c.number for c in cheers])

    def down_processing(self):
        """1.3.0 has no 11.3.2 (one down at a time, life cheer in between: 1.9.0 and Q160). Every due
        down is performed at once (11.1.3; the turn player's first for their choices, 1.3.4); the life
        damage waits for life damage processing (11.5.1), after every other rule process, the turn
        player's first (11.5.1.1)."""
        due = self._due_downs()
        due.sort(key=lambda s: s.owner != self.turn_player)
        if len(due) > 1:
            self.emit("downs_at_once", v130("11.1.3"), holomems=[self.snap(s) for s in due])
        for stack in due:
            if stack.zone is not None:
                yield from self.down(stack)

    # --------------------------------------------------------- 12.1 oshi skills
    # 12.1.4.1: 'Use when (condition): (effect)' is an optional replacement of the condition, here the
    # die roll for the holomem's ability (usable.py asks for the number before the roll, as 1.9.0
    # 12.1.5.1 does); the roll then counts as the declared number by the replacement itself (10.11.1).
    # 1.3.0 has no 'set the die after rolling' (1.9.0 5.24.4); a replacement changing a die's number
    # is 10.2.1.3.3.
    DIE_SET_RULES = {"declared": v130("12.1.4.1", "10.11.1"), "replaced": v130("10.2.1.3.3", "10.11.1")}

    def period_die_settings(self, p) -> list:
        effects = super().period_die_settings(p)
        if effects:
            raise NotInVersion("setting a player's die results for a period (1.9.0 5.24.4) is not in 1.3.0",
                               rule="5.24.4", since="1.9.0", term="set_die")
        return effects

    # ------------------------------------------------- terms 1.9.0 added
    def run_steps(self, steps, ctx, source):
        for step in steps or ():
            _check_terms(step, source)
        yield from super().run_steps(steps, ctx, source)

    def run_step(self, step, ctx, source):
        _check_terms(step, source)           # also the steps inside another (each_player)
        yield from super().run_step(step, ctx, source)

    def may_bloom_again(self, stack) -> bool:
        if super().may_bloom_again(stack):
            raise NotInVersion("'bloom once more' is 1.9.0 5.28; 1.3.0 does not have it",
                               rule="5.28", since="1.9.0", term="bloom_again")
        return False

    def cannot_move(self, stack) -> bool:
        if super().cannot_move(stack):
            raise NotInVersion("'cannot move' is 1.9.0 5.29; 1.3.0 does not have it",
                               rule="5.29", since="1.9.0", term="cannot_move")
        return False


def _selector_where(spec) -> str | None:
    if isinstance(spec, str):
        return spec.replace("opponent_", "")
    if isinstance(spec, dict):
        return spec.get("where")
    return None


def _check_terms(step, source) -> None:
    verb = next((k for k in step if k in TERMS_1_9_0), None)
    if verb is not None:
        raise NotInVersion(f"{source}: '{verb}' uses a term 1.3.0 does not have "
                          f"(1.9.0 {TERMS_1_9_0[verb]})", rule=TERMS_1_9_0[verb], since="1.9.0", term=verb)
    if "swap" in step and _selector_where(step["swap"].get("b")) in ("center", "collab"):
        raise NotInVersion(f"{source}: switching the centre and the collab holomem is 1.9.0 5.18.1; "
                          "1.3.0 5.17.1 switches with a back holomem only", rule="5.18.1", since="1.9.0", term="swap")
