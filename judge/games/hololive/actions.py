"""Player actions: the main-step actions (8), arts in the performance step (9, 12.3).

Each action kind has a `_why_not_<kind>` (the rules it would violate now, empty
when legal) and a `_do_<kind>` procedure. Legal options are the candidates with
no violation, so `legal_actions` and the explanation of an illegal action
come from the same checks.
"""
from __future__ import annotations

from ...core.decisions import Action, Decision, LazyDecision, LazyOption, Option
from ...core.errors import NotRunnable
from ...core.state import Stack
from .costs import covers, payments
from .game import PER_HOLOMEM_LIMIT, STAGE_LIMIT
from .turn import TurnMixin

MAIN_ACTIONS = ("place", "bloom", "collab", "oshi_skill", "sp_oshi_skill", "support", "baton_pass")
ATTACHABLE = ("tool", "mascot", "fan")          # 10.7.2.5.1.2
SINGLE_USE = ("item", "event", "staff")         # 10.7.2.5.1.1
BLOOM_FROM = {"1st": ("debut", "1st"), "2nd": ("1st", "2nd")}   # 8.3.3


class ActionsMixin(TurnMixin):

    # ------------------------------------------------------------- listing
    def legal_options(self, p) -> list[Option]:
        return self.play_timing_decision(p, "", ()).options

    def play_timing_decision(self, p, prompt, rules) -> LazyDecision:
        """10.6.4.2: the player may take any action the rules allow now, or pass. The options are
        the candidate actions without a violation (`why_not`), listed when someone reads them."""
        actions = self.candidates(p)
        actions.append(Action("pass"))
        return LazyDecision(p, "play_timing", prompt, rules, actions,
                            lambda a: a.kind == "pass" or not self.why_not(p, a, at_play_timing=True),
                            self._action_option, ask_always=True)

    def _action_option(self, a: Action) -> Option:
        if a.kind == "pass":
            return Option("pass", a, keys=("pass",))
        return LazyOption(a, self.describe_action, keys=(a.kind,))

    def legal_actions(self, p) -> list[Action]:
        """What `p` may do now: the options of their pending play timing (10.6.4.2)."""
        d = self.pending
        if d is None or d.kind != "play_timing" or d.player != p:
            return []
        return [o.value for o in d.options]

    def candidates(self, p) -> list[Action]:
        """The actions the rules could allow `p` now (why_not() decides which they do)."""
        out = []
        add = out.append
        step = self.step
        if step == "main":
            # Kinds that no holomem or card can take now are left out whole, by the first checks of
            # their why_not (a full stage, a collab or baton pass already made or impossible).
            hand = self._distinct(self.zones[(p, "hand")].items)
            stage = self.stage(p)
            may_place = not self._stage_full(p)
            looks = None                    # each holomem's bloom level and names, read once
            for c in hand:
                d = c.defn
                if d.type == "holomem":
                    level = d.bloom_level
                    if level in ("debut", "spot"):
                        if may_place:
                            add(Action("place", card=c.id))
                        continue
                    # Only a holomem of a lower or equal level and a shared name can take it (8.3.3);
                    # why_not() still checks every condition of the candidates kept.
                    if looks is None:
                        looks = [(s, self.bloom_level(s), self.names(s)) for s in stage]
                    below = BLOOM_FROM.get(level, ())
                    for s, s_level, s_names in looks:
                        if s_level in below and d.names & s_names:
                            add(Action("bloom", holomem=s.id, card=c.id))
                elif d.type == "support":
                    if d.sub_type in ATTACHABLE:
                        for s in stage:
                            add(Action("support", card=c.id, target=s.id))
                    else:
                        add(Action("support", card=c.id))
            back = self.back(p)
            if back:
                may_collab, may_pass = not self._collab_closed(p), not self._baton_closed(p)
                for s in back:
                    if may_collab:
                        add(Action("collab", holomem=s.id))
                    if may_pass:
                        add(Action("baton_pass", holomem=s.id))
            oshi = self.oshi(p)
            if oshi is not None:
                if oshi.defn.oshi_skill:
                    add(Action("oshi_skill"))
                if oshi.defn.sp_oshi_skill:
                    add(Action("sp_oshi_skill"))
        elif step == "performance":
            q = self.other(p)
            targets = [s for s in (self.center(q), self.collab_holomem(q)) if s is not None]
            for s in (self.center(p), self.collab_holomem(p)):
                if s is None:
                    continue
                for art in self.arts_of(s):
                    for t in targets:
                        add(Action("art", holomem=s.id, art=art.index, target=t.id))
        return out

    def describe_action(self, a: Action) -> str:
        k = a.kind
        if k == "pass":
            return "pass"
        parts = [k]
        if "holomem" in a.params:
            parts.append(self._where(a["holomem"]))
        if "card" in a.params:
            parts.append(("with " if k == "bloom" else "") + self.cards[a["card"]].number)
        if k == "art":
            s = self.stacks[a["holomem"]]
            art = self.arts_of(s)[a["art"]]             # 5.27.1: arts it may use, its own first
            parts.append(f"'{art.name_en or art.name}' at {self._where(a['target'])}")
        if k == "support" and "target" in a.params:
            parts.append("on " + self._where(a["target"]))
        return " ".join(parts)

    def _where(self, sid) -> str:
        s = self.stacks.get(sid)
        return self.position(s) if s else f"holomem#{sid}"

    # ------------------------------------------------------------ legality
    def action_why_not(self, p, a: Action, at_play_timing=False) -> list[str]:
        """The rules the action would violate now (empty when it is legal)."""
        if self.over:
            return ["1.2.1"]
        if a.kind == "pass":
            return []
        if p != self.turn_player:
            return ["8.1.1" if a.kind in MAIN_ACTIONS else "9.1.1"]
        if a.kind in MAIN_ACTIONS and self.step != "main":
            return ["8.1.1", "7.5.2"]
        if a.kind == "art" and self.step != "performance":
            return ["9.1.1", "7.6.4"]
        if not at_play_timing:
            d = self.pending
            if d is not None and (d.kind != "play_timing" or d.player != p):
                return ["10.6.2"]
        return self.method_for("_why_not_", a.kind)(p, a)

    def _hand_card(self, p, cid):
        card = self.cards.get(cid)
        return card if card is not None and card.zone is self.zone(p, "hand") else None

    def _own_stack(self, p, sid):
        s = self.stacks.get(sid)
        return s if s is not None and s.zone is not None and s.zone.owner == p and s.zone.name in (
            "center", "collab", "back") else None

    def _why_not_place(self, p, a):
        card = self._hand_card(p, a["card"])
        if card is None:
            return ["8.2.1"]
        if card.defn.type != "holomem":
            return ["8.2.1", "2.2.1", "2.2.2"]          # the card type decides how a card is played
        if card.defn.bloom_level not in ("debut", "spot"):
            return ["8.2.2", "2.3.2"]
        return self._stage_full(p)

    def _stage_full(self, p) -> list[str]:
        """8.2.1: no room on the stage for another holomem (4.6.2.1)."""
        return ["8.2.1", "4.6.2.1", "4.6.2"] if len(self.stage(p)) >= STAGE_LIMIT else []

    def _why_not_bloom(self, p, a):
        if self.first_turn_of(p):
            return ["8.3.1"]
        s = self._own_stack(p, a["holomem"])
        if s is None:
            return ["8.3.2"]
        why = []
        if self.bloom_level(s) == "spot":
            why.append("8.3.2")
        elif s.flags.get("placed_turn") == self.turn_number:
            why.append("8.3.2")
        elif s.flags.get("bloomed_turn") == self.turn_number and not self.may_bloom_again(s):
            why.append("8.3.2")
        if self.top_def(s).extra.get("cannot_bloom"):
            why += ["2.11.2.4", "2.11.1", "2.11.2"]
        card = self._hand_card(p, a["card"])
        if card is None or card.defn.type != "holomem":
            return why + ["8.3.3"]
        if not (card.defn.names & self.names(s)):
            why += ["8.3.3", "2.1.1"]                   # the card name is the card's own name
        elif self.bloom_level(s) not in BLOOM_FROM.get(card.defn.bloom_level, ()):
            why += ["8.3.3", "2.3.2"]
        elif (card.defn.hp or 0) <= s.damage:
            why.append("8.3.3")
        return why

    def _collab_closed(self, p) -> list[str]:
        """8.4.1: no holomem may collab now, whichever it is."""
        if self.collab_holomem(p) is not None:
            return ["8.4.1", "4.8.3", "4.4.6"]           # the collab position holds one holomem
        if self.facts[p]["collabed"]:
            return ["8.4.1"]
        return []

    def _why_not_collab(self, p, a):
        closed = self._collab_closed(p)
        if closed:
            return closed
        s = self._own_stack(p, a["holomem"])
        if s is None or s.zone.name != "back" or s.flags.get("rested"):
            return ["8.4.2"]
        if self.cannot_move(s):
            return ["5.29.1"]
        if not self.zone(p, "deck").items:
            # Q194: no collab with an empty deck — 8.4.3 could not be carried out, and an action
            # that cannot be carried out completely cannot be chosen (8.1.3). See docs/rulings.md.
            return ["8.1.3", "8.4.3"]
        return []

    def _why_not_oshi_skill(self, p, a, key="oshi_skill"):
        oshi = self.oshi(p)
        skill = getattr(oshi.defn, key) if oshi is not None else None
        if not skill:
            return ["8.5.1"]
        if key == "oshi_skill" and self.facts[p]["oshi_skill_used"]:
            return ["8.5.1.1"]
        if key == "sp_oshi_skill" and self.game_facts[p]["sp_oshi_skill_used"]:
            return ["8.5.1.2"]
        if skill.get("timing", "activated") != "activated":
            return ["12.1.5"]       # 12.1.5.1-12.1.5.3: used when its condition happens, not at will
        why = self.skill_play_violations(p, oshi, skill, key)
        if why:
            return why
        cost = skill.get("holopower") or 0
        if isinstance(cost, int) and len(self.zone(p, "holopower")) < cost:     # X: 12.1.3.1 (hook)
            return ["12.1.3", "10.4.2.2"]
        return []

    def _why_not_sp_oshi_skill(self, p, a):
        return self._why_not_oshi_skill(p, a, "sp_oshi_skill")

    def _why_not_support(self, p, a):
        card = self._hand_card(p, a["card"])
        if card is None:
            return ["8.6.1"]
        if card.defn.type != "support":
            return ["8.6.1", "2.2.1", "2.2.2"]
        if card.defn.limited and (self.facts[p]["limited_played"] or self.first_players_first_turn()):
            return ["8.6.2", "2.12.1"]          # LIMITED is a condition on playing the card
        sub = card.defn.sub_type
        if sub in ATTACHABLE:
            s = self._own_stack(p, a.get("target"))
            if s is None:
                return ["10.7.2.3.6"]
            limit = self.attach_limit(sub)
            if limit and self.attach_limit_applies(card) and any(
                    c.defn.sub_type == sub and self.attach_limit_applies(c) for c in self.supports(s)):
                return list(limit)
            return self.attach_condition_violations(card, s)
        if not card.defn.abilities:
            return ["10.7.2.3.7"]               # nothing but archiving it would happen
        return self.support_play_violations(p, card)

    def attach_limit(self, sub) -> tuple:
        """Why a second card of this sub-type cannot be played onto one holomem, the limit's own rule
        last (5.17.3.1, 5.17.3.2): it could only be archived (10.7.2.5.1.2.1), so nothing but archiving
        would happen (10.7.2.3.7). Empty when the sub-type has no limit."""
        rule = PER_HOLOMEM_LIMIT.get(sub)
        return ("10.7.2.3.7", rule) if rule else ()

    def _baton_closed(self, p) -> list[str]:
        """8.7.4, 8.7.2: no holomem may baton pass now, whichever it is: one was made this turn, or
        the centre cannot pay (or is absent or resting)."""
        if self.facts[p]["baton_passed"]:
            return ["8.7.4"]
        center = self.center(p)
        if center is None or center.flags.get("rested"):
            return ["8.7.2"]
        if not covers(self.top_def(center).baton_pass, self.cheers(center)):
            return ["8.7.2", "2.10.1", "8.1.3"]
        return []

    def _why_not_baton_pass(self, p, a):
        if self.facts[p]["baton_passed"]:
            return ["8.7.4"]
        s = self._own_stack(p, a["holomem"])
        if s is None or s.zone.name != "back" or s.flags.get("rested"):
            return ["8.7.1"]
        closed = self._baton_closed(p)
        if closed:
            return closed
        center = self.center(p)
        if self.cannot_move(s) or self.cannot_move(center):
            return ["5.29.1"]
        return []

    def _why_not_art(self, p, a):
        s = self._own_stack(p, a["holomem"])
        if s is None or s.zone.name not in ("center", "collab"):
            return ["9.2.1"]
        why = []
        arts = self.arts_of(s)
        cheers = self.cheers(s)
        payable = [covers(art.cost, cheers) for art in arts]      # 12.3.3.1, art by art
        if not any(payable):
            why.append("9.2.1.1")
        if s.flags.get("rested"):
            why.append("9.2.1.2")
        used = self.arts_used_by_position()
        if s.zone.name == "center" and used["center"]:
            why.append("9.2.1.3")
        if s.zone.name == "collab" and used["collab"]:
            why.append("9.2.1.4")
        if self.has_used_arts(s):
            why.append("9.2.1.5")
        if a["art"] >= len(arts):
            return why + ["9.2.2"]
        why += self.art_play_violations(s, arts[a["art"]])
        if not payable[a["art"]]:
            why.append("12.3.3.1")
        t = self.stacks.get(a["target"])
        q = self.other(p)
        if t is None or t not in (self.center(q), self.collab_holomem(q)):
            why.append("12.3.3.2")
        else:
            why += self.art_target_violations(s, arts[a["art"]], t)
        return self.art_reasons(s, arts[a["art"]], why)

    def has_used_arts(self, stack) -> bool:
        """9.2.1.5: the holomem has played an art this performance step."""
        return stack.flags.get("arts_step") == self.performance_id

    def arts_used_by_position(self) -> dict:
        return self.position_arts

    # ------------------------------------------------------------- perform
    def action_perform(self, p, a: Action):
        steps = self.method_for("_do_", a.kind)(p, a)
        if steps is not None:           # procedures that ask nothing are plain functions
            yield from steps

    def _do_place(self, p, a):
        card = self.cards[a["card"]]
        self.emit("enter_stage", ("8.2.1",), player=p, card=card, number=card.number,
                  to=self.zone(p, "back"))

    def _do_bloom(self, p, a):
        s, card = self.stacks[a["holomem"]], self.cards[a["card"]]
        self.emit("reveal", ("8.3.3",), player=p, cards=[card.number])
        before = self.snap(s)
        # 2.11.2.3: the shared name came from an "also treated as" extra name.
        also = ("2.11.2.3",) if (card.defn.name not in self.names(s)
                                 or self.top_def(s).name not in card.defn.names) else ()
        if also and max(len(card.defn.extra.get("also_named", ())), len(self.top_def(s).extra.get("also_named", ()))) > 1:
            also += ("2.11.2.3.1",)          # several extra names: each is a card name of its own
        self.emit("bloom", ("8.3.4", "5.14.1", "5.14.2") + also + self.bloom_rules(s, card), player=p, stack=s,
                  card=card, number=card.number,
                  holomem=before, frm=s.top.number)

    def _do_collab(self, p, a):
        s = self.stacks[a["holomem"]]
        deck = self.zone(p, "deck")
        self.move(deck.items[0], self.zone(p, "holopower"), ("8.4.3",), face_down=True)   # nobody sees it (4.15.2)
        self.emit("set_fact", ("8.4.1",), player=p, fact="collabed", value=True)
        self.emit("move_holomem", ("8.4.4", "5.16.1", "4.1.4", "4.4.4"), stack=s, frm=self.position(s),
                  to=self.zone(p, "collab"), holomem=self.snap(s), collab=True)

    def _do_baton_pass(self, p, a):
        s, center = self.stacks[a["holomem"]], self.center(p)
        cost = self.top_def(center).baton_pass
        opts = [Option("+".join(c.number for c in pay), pay,
                       keys=("+".join(sorted("/".join(sorted(c.defn.colors)) for c in pay)),
                             *([pay[0].number, *sorted(c.defn.colors for c in pay)[0]] if len(pay) == 1 else ())))
                for pay in payments(cost, self.cheers(center))]
        pay = yield Decision(p, "baton_cheer", "cheer to archive for the baton pass", ("8.7.2", "10.5.2"), opts)
        for card in pay:
            self.archive(card, ("8.7.2", "10.5.2"))
        self.emit("set_fact", ("8.7.4",), player=p, fact="baton_passed", value=True)
        self.emit("swap", ("8.7.3", "5.18.1", "4.1.4", "4.4.4"), stacks=(s, center), holomem=self.snap(s),
                  other=self.snap(center))

    def _do_support(self, p, a):
        card = self.cards[a["card"]]
        # 8.6.1: a support card from the hand is played and resolved (10.7.2)
        self.emit("reveal", ("8.6.1", "10.7.2.1", "3.1.2.2"), player=p, cards=[card.number])
        self.move(card, self.resolution, ("10.7.2.1", "4.16.1"))
        if card.defn.limited:
            self.emit("set_fact", ("8.6.2", "2.12.1"), player=p, fact="limited_played", value=True)
        if card.defn.sub_type in ATTACHABLE:                      # 10.7.2.5.1.2
            s = self.stacks[a["target"]]
            self.emit("attach", ("10.7.2.5.1.2", "5.17.2"), player=p, card=card, number=card.number,
                      stack=s, holomem=self.snap(s))
            return
        yield from self.run_support_text(p, card)                 # 10.7.2.5.1.1
        if card.zone is self.resolution:
            self.archive(card, ("10.7.2.5.1.1",))

    def _do_oshi_skill(self, p, a, key="oshi_skill"):
        oshi = self.oshi(p)
        skill = getattr(oshi.defn, key)
        if skill.get("unsupported"):
            raise NotRunnable(f"card {oshi.number} {key} '{skill.get('name_en') or skill.get('name')}' "
                              f"unsupported: {skill['unsupported']}")
        # 8.5.1: the chosen skill's cost is paid, then it is played and resolved; a skill used at will
        # in the main step is played as an activated ability (12.1.5.4).
        self.emit("use_oshi_skill", ("8.5.1", "12.1.5.4", "3.1.2.2"), oshi.number, player=p,
                  skill=skill.get("name_en") or skill.get("name"), sp=key == "sp_oshi_skill")
        yield from self.pay_holopower(p, oshi, skill)             # 12.1.3
        if key == "oshi_skill":
            self.emit("set_fact", ("8.5.1.1",), player=p, fact="oshi_skill_used", value=True)
        else:
            self.emit("sp_used", ("8.5.1.2",), player=p)
        yield from self.run_skill(p, oshi, skill, key)

    def _apply_sp_used(self, ev):
        self.game_facts[ev.data["player"]]["sp_oshi_skill_used"] = True

    def _do_sp_oshi_skill(self, p, a):
        yield from self._do_oshi_skill(p, a, "sp_oshi_skill")

    def _do_art(self, p, a):
        s, t = self.stacks[a["holomem"]], self.stacks[a["target"]]
        art = self.arts_of(s)[a["art"]]
        if art.unsupported:
            raise NotRunnable(f"card {s.top.number} art '{art.name_en or art.name}' unsupported: "
                              f"{art.unsupported}")
        source = f"{s.top.number} {art.name_en or art.name}"
        colourless = ("2.4.2.1",) if "any" in art.cost else ()       # the colourless icon: any colour
        self.emit("art", ("9.2.2", "12.3.3", "12.3.3.1", "10.5.1", "10.5.2", "12.3.3.1.1", "12.3.3.2", "4.4.2.1")
                  + colourless
                  + self.art_rules(s, art),
                  source, player=p, stack=s,
                  holomem=self.snap(s), art=art.name_en or art.name, target=self.snap(t), target_stack=t)
        amount = art.damage                                       # 12.3.4.1
        self.emit("base_damage", ("12.3.4.1",), source, amount=amount)
        ctx = {"player": p, "holomem": s, "target": t, "art": art, "damage": amount}
        if art.effect is not None:                                # 12.3.4.2
            yield from self.run_art_text(ctx)
        amount = ctx["damage"]
        bonus = sum(v for color, v in art.advantage.items() if color in self.colors(t))
        if bonus:                                                 # 12.3.4.3
            amount += bonus
            rules = ("12.3.4.3", "2.4.1", "2.4.4") + (("2.4.3",) if len(self.colors(t)) > 1 else ())
            self.emit("advantage", rules, source, target=self.snap(t), amount=bonus)
        elif art.advantage and not self.colors(t):
            # 2.4.2.1-2.4.2.2: a colourless holomem has no colour, so no advantage icon matches it.
            self.emit("nothing", ("12.3.4.3", "2.4.2.1", "2.4.2.2"), source, why="the target has no colour")
        elif art.advantage:         # 12.3.4.3: only a target of the icon's colour
            self.emit("nothing", ("12.3.4.3",), source, why="the target is not of the advantage icon's colour")
        extra = self.art_modifiers(s, art, t)
        if extra:                                                 # 12.3.4.4
            amount += extra
            # 3.1.2.1: continuous abilities on this holomem (and cards attached to it) are its player's.
            self.emit("art_modifier", ("12.3.4.4", "3.1.2.1"), source, amount=extra)
        if t.zone is not None:
            if amount < 0:     # 1.3.2.2.1: a negative value counts as 0 for the damage dealt
                self.emit("nothing", ("1.3.2.2.1",), source, why=f"damage {amount} counts as 0")
            yield from self.deal_damage(t, max(amount, 0), ("12.3.4.5", "12.3.4.5.1"), source,
                                        kind="arts", dealer=s)

    def _apply_art(self, ev):
        s = ev.data["stack"]
        s.flags["arts_step"] = self.performance_id                 # 9.2.1.5
        s.version += 1
        self.position_arts[s.zone.name] = True                     # 9.2.1.3, 9.2.1.4

    def deal_damage_now(self, target: Stack, amount: int, rules, source, *, kind, dealer=None):
        """5.22.1: damage adds to what the holomem has taken (replacements: effects module)."""
        if amount <= 0:                                             # 1.3.2.2
            self.emit("nothing", rules + ("1.3.2.2",), source, why="no damage")
            return
        self.emit("damage", rules + ("5.22.1", "4.4.5.2"), source, stack=target, target=self.snap(target), amount=amount,
                  kind=kind)
        return
        yield  # pragma: no cover
