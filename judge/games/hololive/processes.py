"""Rule processes (11), performed only at check timings (11.1.2), all at once (11.1.3)."""
from __future__ import annotations

from ...core.decisions import Decision, Option
from ...core.errors import InvariantViolation
from ...core.state import Stack
from .actions import ActionsMixin, PER_HOLOMEM_LIMIT
from .game import STAGE

WATCHED = STAGE + ("life",)      # the zones whose cards rule processes look at (11.2, 11.3, 11.4)


class ProcessesMixin(ActionsMixin):

    _clean_at = -1       # the state version at which no rule process was due
    board_dirty = True   # an event since the last look could have made a down or an illegal card due

    # Events that can neither down a holomem nor leave or misattach a card (11.3, 11.4): after only
    # these, the stage need not be scanned again. Any other kind, new ones included, marks it.
    QUIET_EVENTS = frozenset((
        "check_timing", "play_timing", "draw", "reveal", "shuffle", "step", "step_trigger", "triggered",
        "play_ability", "decision", "set_fact", "die", "die_set", "look", "nothing", "pass",
        "condition_false", "base_damage", "art", "art_bonus", "advantage", "art_modifier", "rule_processes",
        "down_order", "present_deck", "chance", "first_player", "redraw_count", "redraw_counted", "mulligan",
        "oshi_face_up", "sp_used", "ability_used", "use_oshi_skill", "also_named", "deck_violation",
        "check_again", "step_skipped", "life_damage", "game_start", "condition_true", "resolve", "used",
        "not_used", "pay_cost", "abilities_chosen", "no_target", "adjusted", "replacement_spent",
        "replacement_unavailable", "ability_invalid", "continuous_info", "last_known", "not_played",
        "skill_not_used", "refer_moved"))

    # Events that can make a process due only through a continuous effect that reads the board, a
    # modifier that ends, or a card's condition on what it may be attached to (11.4.3).
    QUIET_UNLESS_EFFECTS = frozenset(("move", "move_holomem", "swap", "attach", "effects_expire"))

    def note_event(self, kind: str, data=None) -> None:
        """Called before the event is applied: mark the board for a look (11.2-11.4) when the event
        could make a process due."""
        if kind in self.QUIET_EVENTS:
            return
        if kind in self.QUIET_UNLESS_EFFECTS and data is not None and not self.modifiers \
                and not self.in_game("continuous") and not self.in_game("attach_rule"):
            if kind in ("move_holomem", "swap", "effects_expire"):
                return      # the same holomems and cards stay on the stage; nothing expires that counts
            card = data["card"]
            frm = card.zone
            if kind == "attach":
                if card.defn.type == "cheer" and (frm is None or frm.name != "life"):
                    return  # a cheer from anywhere but the life (11.2.1) breaks no limit (11.4.2)
            elif (frm is None or frm.name not in WATCHED) and data["to"].name not in WATCHED:
                return      # a card moving between zones no rule process looks at (11.2-11.4)
        self.board_dirty = True

    def no_process_due(self) -> bool:
        """The look of `rule_processes` without carrying anything out: no defeat, down or illegal
        card (11.2-11.4) and no life damage (11.5) is due."""
        if self._clean_at == self.state_version:
            return True
        if self.board_dirty:
            if self._board_due():
                return False
            self.board_dirty = False          # the board was looked at: nothing on it is due
        elif self.debug and self._board_due():
            raise InvariantViolation("11.1.2: a rule process is due but no event since the last look "
                                     "marked the board (note_event)")
        if max(self.life_damage.values()) >= 1:
            return False
        self._clean_at = self.state_version
        return True

    def carry_out_processes(self):
        """10.6.3.1: every due rule process; life damage only when nothing else is due (11.5.1)."""
        if self._clean_at == self.state_version:       # nothing changed since the last look: nothing is due
            return False
        scan = self.board_dirty           # no event since the last look could have made one due
        losers = [p for p in self.PLAYERS if self._defeated(p)] if scan else []
        downs = self._due_downs() if scan else []
        illegal = scan and self._illegal_cards_due()
        due = [f"defeat of {p}" for p in losers] + (["down"] if downs else []) + (["illegal cards"] if illegal else [])
        if due:
            # 11.1.1: the rules carry these out by themselves; 11.1.3: several due at once are all
            # carried out together (two defeats make a draw, 1.2.2).
            self.emit("rule_processes", ("10.6.3.1", "11.1.1") + (("11.1.3",) if len(due) > 1 else ()),
                      processes=due)
        if losers:                                                   # 11.2, 1.2.1, 1.2.2
            rules = tuple(r for p in losers for r in self._defeat_rules(p))
            if len(losers) == 2:
                self.end_game(None, rules + ("11.1.3", "1.2.2"), "both players lost at once")
            self.end_game(self.other(losers[0]), rules + ("1.2.1",), self._defeat_reason(losers[0]))
        did = False
        if downs:
            yield from self.down_processing()
            did = True
        if (illegal or did) and (yield from self.illegal_card_processing()):
            did = True
        if did:
            return True
        for p in (self.turn_player, self.other(self.turn_player)):   # 11.5.1.1
            if self.life_damage[p] >= 1:
                self.emit("rule_processes", ("10.6.3.1", "11.1.1"), processes=[f"life damage of {p}"])
                rules = ("11.5.1", "11.5.1.1") if self.life_damage[self.other(p)] >= 1 else ("11.5.1",)
                yield from self.life_damage_processing(p, rules)
                return True
        self._clean_at = self.state_version
        self.board_dirty = False
        return False

    def _board_due(self) -> bool:
        """In one pass over each stage, what `_defeated`, `_due_downs` and `_illegal_cards_due` look
        for: a player with no life or no holomem (11.2), a holomem to down (11.3), a card on the
        stage with no holomem or attached against a limit or a condition (11.4)."""
        any_hp = None
        zones = self.zones
        for p in self.PLAYERS:
            if not zones[(p, "life")].items:
                return True
            holomems = 0
            for name in STAGE:
                for item in zones[(p, name)].items:
                    if type(item) is not Stack:
                        return True
                    holomems += 1
                    if any_hp is None and not item.damage and item.top.defn.hp:
                        any_hp = self.hp_changed()      # asked only when an undamaged holomem needs it
                    if self._down_due(item, any_hp) or self._misattached_due(item):
                        return True
            if not holomems:
                return True
        return False

    # ------------------------------------------------------------ 11.2
    def _defeated(self, p) -> bool:
        return not self.zone(p, "life").items or not self.stage(p)

    def _defeat_rules(self, p):
        out = []
        if not self.zone(p, "life").items:
            out += ["11.2.1", "1.2.1.2"]
        if not self.stage(p):
            out += ["11.2.2", "1.2.1.3"]
        return out

    def _defeat_reason(self, p) -> str:
        return f"{p} has no life left" if not self.zone(p, "life").items else f"{p} has no holomem on stage"

    # ------------------------------------------------------------ 11.3
    def _due_downs(self) -> list[Stack]:
        """4.4.5.3, 4.4.9: damage at least its HP, or put in the down state. A holomem with no damage
        can only be due if some effect lowers HP (to 0 or less)."""
        any_hp = self.hp_changed()
        return [s for p in self.PLAYERS for s in self.stage(p) if self._down_due(s, any_hp)]

    def _down_due(self, s, any_hp) -> bool:
        """4.4.5.3, 4.4.9: damage at least its HP, or put in the down state. `any_hp`: whether some
        effect changes an HP now (a holomem with no damage and printed HP is due only then)."""
        return ((s.damage or any_hp or not s.top.defn.hp) and s.damage >= self.max_hp(s)) or bool(s.flags.get("down"))

    def down_processing(self):
        """11.3.2: one holomem at a time, the turn player's first, until none is due."""
        while True:
            due = self._due_downs()
            if not due:
                return
            mine = [s for s in due if s.owner == self.turn_player] or due
            chooser = mine[0].owner
            stack = mine[0]
            if len(due) > 1 and len(mine) == 1:       # 11.3.2: the turn player's holomem first
                self.emit("down_order", ("11.3.2",), player=chooser, first=self.snap(stack))
            if len(mine) > 1:
                opts = [self.holomem_option(s) for s in mine]
                stack = yield Decision(chooser, "down_order", "which downed holomem is processed first",
                                       ("11.3.2",), opts)
            owner = stack.owner
            yield from self.down(stack)
            # 11.5.1: life damage waits while another rule process is due. The tools, mascots and
            # fans the holomem held stay on the stage (4.4.7) and are due for 11.4.1, so they are
            # archived before its life cheer (rulebook 1.03 down processing, Q230; docs/rulings.md).
            yield from self.illegal_card_processing()
            # Q160 (revised 2025-12-22 for the rules change of 2025-12-19): each downed holomem's
            # life cheer is sent before the next holomem's down is processed (docs/rulings.md).
            # With no holomem left to receive it, the defeat of 11.2.2 comes first.
            while self.life_damage[owner] >= 1 and self.zone(owner, "life").items and self.stage(owner):
                yield from self.life_damage_processing(owner, ("11.3.2", "11.5.1"))

    def down(self, stack: Stack):
        """11.3.1: 'when downed' abilities, then its holomem cards go to the archive and life damage."""
        owner = stack.owner
        cause = ("4.4.9",) if stack.flags.get("down") else ("4.4.5.3", "2.9.1")
        self.emit("down", ("11.3.1",) + cause, holomem=self.snap(stack), player=owner,
                  damage=stack.damage, hp=self.max_hp(stack))
        yield from self.when_downed(stack)                           # 11.3.1.1
        amount, rules = self.down_life_damage(stack)
        cheers = self.cheers(stack)
        self.emit("leave_stage", ("11.3.1.2", "4.4.7"), stack=stack, holomem=self.snap(stack),
                  cards=[c.number for c in stack.cards], to=self.zone(owner, "archive"))
        self.cheer_leaves_with_holomem(cheers)
        self.emit("life_damage", rules + ("3.1.2",), player=owner, amount=amount)

    def cheer_leaves_with_holomem(self, cheers):
        """The cheer card's own text (real text, 2.7.2.1): when its holomem leaves the stage, all its
        cheer is archived. Other attached cards wait for 11.4.1."""
        for card in cheers:
            self.archive(card, ("2.7.2.1", "2.7.1", "5.12.1"), source=card.number)

    def down_life_damage(self, stack):
        """11.3.1.2: one life damage; 2.11.2.2 replaces it with the printed number."""
        extra = self.top_def(stack).extra.get("down_life")
        if extra:
            # The card's extra ability prevails over the rules' 1 (1.3.1, 2.11.1-2.11.2).
            return int(extra), ("11.3.1.2", "2.11.2.2", "2.11.1", "2.11.2", "1.3.1")
        return 1, ("11.3.1.2",)

    # ------------------------------------------------------------ 11.4
    def illegal_card_processing(self):
        did = False
        for p in self.PLAYERS:
            for name in ("center", "collab", "back"):
                items = self.zones[(p, name)].items
                for item in [i for i in items if type(i) is not Stack]:      # 11.4.1
                    self.archive(item, ("11.4.1",))
                    did = True
                for stack in [i for i in items if type(i) is Stack and i.attached and self.supports(i)]:
                    if (yield from self._attached_limits(stack)):
                        did = True
        return did

    def _illegal_cards_due(self) -> bool:
        """11.4.1-11.4.3: a card on the stage with no holomem, or attached against a limit or a condition."""
        for p in self.PLAYERS:
            for name in ("center", "collab", "back"):
                for item in self.zones[(p, name)].items:
                    if type(item) is not Stack:
                        return True
                    if self._misattached_due(item):
                        return True
        return False

    def _misattached_due(self, stack) -> bool:
        """11.4.2-11.4.3: attached against a limit or a condition."""
        return bool(stack.attached and self.supports(stack) and (self._over_limit(stack) or self._misattached(stack)))

    def _over_limit(self, stack) -> list:
        """11.4.2: (sub-type, its limit rule, the cards) for each limit the holomem's cards exceed."""
        out = []
        supports = self.supports(stack)
        if len(supports) < 2:            # a limit of one is exceeded by two cards at the least
            return out
        for sub in PER_HOLOMEM_LIMIT:
            limit = self.attach_limit(sub)
            extra = [c for c in supports if c.defn.sub_type == sub and self.attach_limit_applies(c)]
            if limit and len(extra) > 1:
                out.append((sub, limit[-1], extra))
        return out

    def _misattached(self, stack) -> list:
        """11.4.3: cards attached to a holomem that does not meet the condition they may be attached on."""
        supports = self.supports(stack)
        return [c for c in supports if self.attach_condition_violations(c, stack)] if supports else []

    def _attached_limits(self, stack):
        did = False
        for sub, rule, extra in self._over_limit(stack):                     # 11.4.2
            opts = [Option(c.number, c) for c in extra]
            # the holomem's controller chooses (3.1.2: a card's controller is its zone's player;
            # the rules do not say who keeps which, docs/rulings.md)
            keep = yield Decision(stack.owner, "keep_attached", f"the {sub} to keep", ("11.4.2", rule, "3.1.2"),
                                  opts)
            for c in extra:
                if c is not keep:
                    self.archive(c, ("11.4.2", rule))
            did = True
        for card in self._misattached(stack):                                # 11.4.3
            self.archive(card, ("11.4.3",))
            did = True
        return did

    # ------------------------------------------------------------ 11.5
    def life_damage_processing(self, p, rules=("11.5.1",)):
        """11.5.1: the top life card is revealed and sent to one of the player's holomems."""
        card = self.zone(p, "life").items[0]
        self.emit("reveal", rules, player=p, cards=[card.number])
        stage = self.stage(p)
        if stage:
            stack = yield from self.choose_holomem(p, "life_cheer", f"a holomem to receive life cheer "
                                                   f"{card.number}", rules, stage)
            self.emit("attach", rules + ("5.21.1",), card=card, number=card.number, stack=stack,
                      holomem=self.snap(stack), life=True)
        else:
            self.archive(card, rules + ("1.3.2",))   # no holomem to receive it (1.3.2); it does not stay hidden
        self.emit("life_damage", rules, player=p, amount=-1)
