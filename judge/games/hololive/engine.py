"""HololiveGame: the hololive OFFICIAL CARD GAME, comprehensive rules 1.9.0."""
from __future__ import annotations

from . import actions, effects, invariants, processes, turn
from .effects import (activated, arts, blooms, continuous, dice, downs, holomem_terms, loops, play, replacement, timed, triggers, turns,
                      usable, validity, verbs, zones)
from .effects import oshi as oshi_skills      # `oshi` names a card in the hooks' parameters
from .events import HANDLERS
from .game import HololiveBoard


class HololiveGame(HololiveBoard):
    """The whole game: the state (HololiveBoard, game.py) and the rules areas, each a module of
    functions of the game: set-up and turn (turn.py), actions (actions.py), rule processes
    (processes.py), card abilities (effects/). Its MRO is HololiveGame, HololiveBoard, Game."""

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
        self.checked_version = None  # the state version the invariants were last checked at

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

    # ---------------------------------------------------------------- named hooks
    # Every rules area is a module of functions of the game (the modules imported above). What the
    # kernel, the core of the engine or a variant (versions/v130.py) calls by name on the game is
    # one of these: the module's function, bound as a method, so a variant overrides it by name.
    # The kernel's hooks (judge/core/game.py): the decision protocol, the check timing, events
    legal_actions = actions.legal_actions
    describe_action = actions.describe_action
    why_not = loops.why_not
    perform = loops.perform
    nothing_due = arts.nothing_due
    rule_processes = arts.rule_processes
    before_waiting = timed.before_waiting
    resolve_waiting = triggers.resolve_waiting
    before_event = zones.before_event
    after_event = triggers.after_event
    BEFORE_EVENT_KINDS = zones.BEFORE_EVENT_KINDS
    AFTER_EVENT_KINDS = triggers.AFTER_EVENT_KINDS
    HEARD_BY = triggers.HEARD_BY
    heard = triggers.heard

    # The turn (7) and the set-up (6): each step a named hook, called by its name (turn.run_from)
    run_from = turn.run_from
    pregame = turn.pregame
    place_oshi = turn.place_oshi
    redraw_until_debut = turn.redraw_until_debut
    finish_setup = turn.finish_setup
    place_life = turn.place_life
    _is_debut = staticmethod(turn._is_debut)
    enter_step = turn.enter_step
    trigger_step = turn.trigger_step
    step_reset = turn.step_reset
    skips_reset_step = turn.skips_reset_step
    step_draw = turn.step_draw
    step_cheer = turn.step_cheer
    step_main = turn.step_main
    step_performance = turn.step_performance
    step_end = turn.step_end
    end_step_center = turn.end_step_center
    next_turn = turns.next_turn
    play_timing = turn.play_timing
    check_timing = turn.check_timing

    # The actions of the main and performance steps (8, 9, 12.3): each kind's check and procedure, by name
    _why_not_place = actions._why_not_place
    _do_place = actions._do_place
    _why_not_bloom = actions._why_not_bloom
    _do_bloom = actions._do_bloom
    _why_not_collab = actions._why_not_collab
    _do_collab = actions._do_collab
    _why_not_baton_pass = actions._why_not_baton_pass
    _do_baton_pass = actions._do_baton_pass
    _why_not_support = actions._why_not_support
    _do_support = actions._do_support
    _why_not_oshi_skill = actions._why_not_oshi_skill
    _do_oshi_skill = actions._do_oshi_skill
    _why_not_sp_oshi_skill = actions._why_not_sp_oshi_skill
    _do_sp_oshi_skill = actions._do_sp_oshi_skill
    _why_not_ability = activated.why_not_ability
    _do_ability = activated.do_ability
    _why_not_art = actions._why_not_art
    _do_art = actions._do_art
    has_used_arts = actions.has_used_arts
    attach_limit = actions.attach_limit

    # Events whose handling a variant changes (the other handlers: events.py)
    _apply_turn_start = turn._apply_turn_start
    _apply_step = turn._apply_step
    _apply_reveal_stage = turn._apply_reveal_stage
    _apply_art = actions._apply_art

    # What the core of the engine asks of the card abilities (10, 12)
    top_def = zones.top_def
    cheers = zones.cheers
    max_hp = continuous.max_hp
    hp_changed = continuous.hp_changed
    modified = continuous.modified
    art_modifiers = continuous.art_modifiers
    art_cost_fewer = continuous.art_cost_fewer
    baton_cost = continuous.baton_cost
    baton_rules = continuous.baton_rules
    arts_of = arts.arts_of
    art_cheers = arts.art_cheers
    art_targets = arts.art_targets
    art_rules = arts.art_rules
    art_cost = arts.art_cost
    limited_allowed = play.limited_allowed
    art_cost_rules = arts.art_cost_rules
    art_reasons = arts.art_reasons
    art_play_violations = usable.art_play_violations
    art_target_violations = effects.art_target_violations
    wider_art_targets = effects.wider_art_targets
    run_art_text = effects.run_art_text
    support_play_violations = effects.support_play_violations
    run_support_text = effects.run_support_text
    pay_support_cost = effects.pay_support_cost
    support_cost_violations = effects.support_cost_violations
    attach_condition_violations = effects.attach_condition_violations
    attach_limit_applies = effects.attach_limit_applies
    skill_play_violations = oshi_skills.skill_play_violations
    pay_holopower = oshi_skills.pay_holopower
    run_skill = oshi_skills.run_skill
    bloom_rules = blooms.bloom_rules
    may_bloom_again = blooms.may_bloom_again
    bloom_level_ignored = blooms.bloom_level_ignored
    cannot_move = holomem_terms.held_in_place
    deal_damage = replacement.deal_damage
    when_downed = downs.when_downed
    in_game = validity.in_game
    period_die_settings = dice.period_die_settings
    DIE_SET_RULES = dice.DIE_SET_RULES
    run_steps = verbs.run_steps
    run_step = verbs.run_step

    # Rule processes (11) the 1.3.0 variant words its own way
    down_processing = processes.down_processing
    _due_downs = processes._due_downs
    down = processes.down
    cheer_leaves_with_holomem = processes.cheer_leaves_with_holomem
    QUIET_EVENTS = processes.QUIET_EVENTS

    # state a rules area keeps on the game, with its starting value
