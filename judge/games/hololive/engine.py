"""HololiveGame: the hololive OFFICIAL CARD GAME, comprehensive rules 1.9.0."""
from __future__ import annotations

from ...core.state import Stack
from . import invariants
from .game import BoardMixin
from .events import HANDLERS
from .effects import turns
from .effects import loops
from .effects import arts
from .effects import dice
from .effects import damage
from .effects import blooms
from .effects import holomem_terms
from .effects import verbs
from .effects import downs
from .effects import oshi as oshi_skills
from .effects import validity
from .effects import triggers
from .effects import timed
from .effects import zones
from .effects import usable
from .effects import replacement
from .effects import continuous
from . import effects
from . import processes
from . import actions
from . import turn


class HololiveGame(BoardMixin):
    """The whole game: board (game.py), turn (turn.py), actions (actions.py), rule processes."""

    VERSION = "1.9.0"
    EVENT_HANDLERS = HANDLERS        # the handlers of the rules areas written as modules (events.py)

    def __init__(self, db, *, version: str = "1.9.0", **kw):
        super().__init__(**kw)
        self.db = db
        self.version = version
        self.aliases: dict = {}
        self._init_board()
        effects._init_effects(self)
        self.card_counts = None      # set at the first invariant check: cards each player owns

    def _apply_leave_stage(self, ev):
        stack = ev.data["stack"]
        top = stack.top
        super()._apply_leave_stage(ev)
        # A `$name` follows what it named: after leaving the stage, the top card (4.4.7).
        for name, thing in list(self.aliases.items()):
            if thing is stack:
                self.aliases[name] = top

    def check_invariants(self, event):
        if self.card_counts is None:
            self.card_counts = {p: self.total_cards(p) for p in self.PLAYERS}
        invariants.check(self, event)

    def total_cards(self, player: str) -> int:
        """Cards the player owns anywhere (card conservation)."""
        return sum(1 for c in self.cards.values() if c.owner == player)

    # ---- hooks of the rules areas (issue 15) ----
    def next_turn(self):
        return turns.next_turn(self)

    def perform(self, p, a):
        return loops.perform(self, p, a)

    def why_not(self, p, a, at_play_timing=False):
        return loops.why_not(self, p, a, at_play_timing)

    def nothing_due(self):
        return arts.nothing_due(self)

    def rule_processes(self):
        return arts.rule_processes(self)

    def arts_of(self, stack):
        return arts.arts_of(self, stack)

    def art_rules(self, stack, art):
        return arts.art_rules(self, stack, art)

    def art_reasons(self, stack, art, why):
        return arts.art_reasons(self, stack, art, why)

    def period_die_settings(self, p):
        return dice.period_die_settings(self, p)

    DIE_SET_RULES = dice.DIE_SET_RULES     # the rules of a die's result set by an effect (a variant numbers them its way)

    def bloom_rules(self, stack, card):
        return blooms.bloom_rules(self, stack, card)

    def may_bloom_again(self, stack):
        return blooms.may_bloom_again(self, stack)

    def cannot_move(self, stack):
        return holomem_terms.held_in_place(self, stack)

    def run_steps(self, steps, ctx, source):
        return verbs.run_steps(self, steps, ctx, source)

    def run_step(self, step, ctx, source):
        return verbs.run_step(self, step, ctx, source)

    def when_downed(self, stack):
        return downs.when_downed(self, stack)

    def skill_play_violations(self, p, oshi, skill, key):
        return oshi_skills.skill_play_violations(self, p, oshi, skill, key)

    def pay_holopower(self, p, oshi, skill):
        return oshi_skills.pay_holopower(self, p, oshi, skill)

    def run_skill(self, p, oshi, skill, key):
        return oshi_skills.run_skill(self, p, oshi, skill, key)

    def in_game(self, key):
        return validity.in_game(self, key)

    _ability_index = validity._ability_index

    def heard(self, kind):
        return triggers.heard(self, kind)

    def after_event(self, ev):
        return triggers.after_event(self, ev)

    def resolve_waiting(self, player):
        return triggers.resolve_waiting(self, player)

    HEARD_BY = triggers.HEARD_BY

    AFTER_EVENT_KINDS = triggers.AFTER_EVENT_KINDS

    def before_waiting(self):
        return timed.before_waiting(self)

    def top_def(self, stack):
        return zones.top_def(self, stack)

    def cheers(self, stack):
        return zones.cheers(self, stack)

    def before_event(self, ev):
        return zones.before_event(self, ev)

    BEFORE_EVENT_KINDS = zones.BEFORE_EVENT_KINDS

    def art_play_violations(self, stack, art):
        return usable.art_play_violations(self, stack, art)

    def deal_damage(self, target, amount, rules, source, *, kind, dealer=None, **extra):
        return replacement.deal_damage(self, target, amount, rules, source, kind=kind, dealer=dealer, **extra)

    def max_hp(self, stack):
        return continuous.max_hp(self, stack)

    def hp_changed(self):
        return continuous.hp_changed(self)

    def modified(self, stack, attribute, neutral):
        return continuous.modified(self, stack, attribute, neutral)

    def art_modifiers(self, stack, art, target):
        return continuous.art_modifiers(self, stack, art, target)

    def run_art_text(self, ctx):
        return effects.run_art_text(self, ctx)

    def art_target_violations(self, stack, art, target):
        return effects.art_target_violations(self, stack, art, target)

    def support_play_violations(self, p, card):
        return effects.support_play_violations(self, p, card)

    def run_support_text(self, p, card):
        return effects.run_support_text(self, p, card)

    def attach_condition_violations(self, card, stack):
        return effects.attach_condition_violations(self, card, stack)

    def attach_limit_applies(self, card):
        return effects.attach_limit_applies(self, card)

    def _due_downs(self):
        return processes._due_downs(self)

    def down_processing(self):
        return processes.down_processing(self)

    def down(self, stack: Stack):
        return processes.down(self, stack)

    def cheer_leaves_with_holomem(self, cheers):
        return processes.cheer_leaves_with_holomem(self, cheers)

    _clean_at = processes._clean_at

    board_dirty = processes.board_dirty

    QUIET_EVENTS = processes.QUIET_EVENTS

    def legal_actions(self, p):
        return actions.legal_actions(self, p)

    def describe_action(self, a: Action):
        return actions.describe_action(self, a)

    def _why_not_place(self, p, a):
        return actions._why_not_place(self, p, a)

    def _why_not_bloom(self, p, a):
        return actions._why_not_bloom(self, p, a)

    def _why_not_collab(self, p, a):
        return actions._why_not_collab(self, p, a)

    def _why_not_oshi_skill(self, p, a, key="oshi_skill"):
        return actions._why_not_oshi_skill(self, p, a, key)

    def _why_not_sp_oshi_skill(self, p, a):
        return actions._why_not_sp_oshi_skill(self, p, a)

    def _why_not_support(self, p, a):
        return actions._why_not_support(self, p, a)

    def attach_limit(self, sub):
        return actions.attach_limit(self, sub)

    def _why_not_baton_pass(self, p, a):
        return actions._why_not_baton_pass(self, p, a)

    def _why_not_art(self, p, a):
        return actions._why_not_art(self, p, a)

    def has_used_arts(self, stack):
        return actions.has_used_arts(self, stack)

    def _do_place(self, p, a):
        return actions._do_place(self, p, a)

    def _do_bloom(self, p, a):
        return actions._do_bloom(self, p, a)

    def _do_collab(self, p, a):
        return actions._do_collab(self, p, a)

    def _do_baton_pass(self, p, a):
        return actions._do_baton_pass(self, p, a)

    def _do_support(self, p, a):
        return actions._do_support(self, p, a)

    def _do_oshi_skill(self, p, a, key="oshi_skill"):
        return actions._do_oshi_skill(self, p, a, key)

    def _do_sp_oshi_skill(self, p, a):
        return actions._do_sp_oshi_skill(self, p, a)

    def _do_art(self, p, a):
        return actions._do_art(self, p, a)

    def _apply_art(self, ev):
        return actions._apply_art(self, ev)

    def run_from(self, step: str, at_play_timing: bool = True):
        return turn.run_from(self, step, at_play_timing)

    def _apply_turn_start(self, ev):
        return turn._apply_turn_start(self, ev)

    def _apply_step(self, ev):
        return turn._apply_step(self, ev)

    def trigger_step(self, name: str, rules):
        return turn.trigger_step(self, name, rules)

    def pregame(self):
        return turn.pregame(self)

    def place_oshi(self, p):
        return turn.place_oshi(self, p)

    def redraw_until_debut(self, order):
        return turn.redraw_until_debut(self, order)

    def finish_setup(self, order):
        return turn.finish_setup(self, order)

    def place_life(self, p):
        return turn.place_life(self, p)

    def _apply_reveal_stage(self, ev):
        return turn._apply_reveal_stage(self, ev)

    _is_debut = staticmethod(turn._is_debut)

    def enter_step(self, name: str, rules):
        return turn.enter_step(self, name, rules)

    def step_reset(self, resume=False):
        return turn.step_reset(self, resume)

    def skips_reset_step(self, p):
        return turn.skips_reset_step(self, p)

    def step_draw(self, resume=False):
        return turn.step_draw(self, resume)

    def step_cheer(self, resume=False):
        return turn.step_cheer(self, resume)

    def step_main(self, resume=False):
        return turn.step_main(self, resume)

    def step_performance(self, resume=False):
        return turn.step_performance(self, resume)

    def step_end(self, resume=False):
        return turn.step_end(self, resume)

    def end_step_center(self):
        return turn.end_step_center(self)

    def play_timing(self, rules, after):
        return turn.play_timing(self, rules, after)

    def check_timing(self, rules=None):
        return turn.check_timing(self, rules)
