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

MAIN_ACTIONS = ("place", "bloom", "collab", "oshi_skill", "sp_oshi_skill", "support", "baton_pass", "ability")
ATTACHABLE = ("tool", "mascot", "fan")          # 10.7.2.5.1.2
SINGLE_USE = ("item", "event", "staff")         # 10.7.2.5.1.1
BLOOM_FROM = {"1st": ("debut", "1st"), "2nd": ("1st", "2nd")}   # 8.3.3
from .events import on_event
from functools import partial


# ------------------------------------------------------------- listing
def legal_options(game, p) -> list[Option]:
    return play_timing_decision(game, p, "", ()).options


def play_timing_decision(game, p, prompt, rules) -> LazyDecision:
    """10.6.4.2: the player may take any action the rules allow now, or pass. The options are
    the candidate actions without a violation (`why_not`), listed when someone reads them."""
    actions = candidates(game, p)
    actions.append(Action("pass"))
    return LazyDecision(p, "play_timing", prompt, rules, actions,
                        lambda a: a.kind == "pass" or not game.why_not(p, a, at_play_timing=True),
                        partial(_action_option, game), ask_always=True)


def _action_option(game, a: Action) -> Option:
    if a.kind == "pass":
        return Option("pass", a, keys=("pass",))
    return LazyOption(a, game.describe_action, keys=(a.kind,))


def legal_actions(game, p) -> list[Action]:
    """What `p` may do now: the options of their pending play timing (10.6.4.2)."""
    d = game.pending
    if d is None or d.kind != "play_timing" or d.player != p:
        return []
    return [o.value for o in d.options]


def candidates(game, p) -> list[Action]:
    """The actions the rules could allow `p` now (why_not() decides which they do)."""
    out = []
    add = out.append
    step = game.step
    if step == "main":
        # Kinds that no holomem or card can take now are left out whole, by the first checks of
        # their why_not (a full stage, a collab or baton pass already made or impossible).
        hand = turn._distinct(game.zones[(p, "hand")].items)
        stage = game.stage(p)
        may_place = not _stage_full(game, p)
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
                    looks = [(s, game.bloom_level(s), game.names(s)) for s in stage]
                below = BLOOM_FROM.get(level, ())
                for s, s_level, s_names in looks:
                    if (s_level in below or (s_level != "spot" and game.bloom_level_ignored(s, d))) and d.names & s_names:
                        add(Action("bloom", holomem=s.id, card=c.id))
            elif d.type == "support":
                if d.sub_type in ATTACHABLE:
                    for s in stage:
                        add(Action("support", card=c.id, target=s.id))
                else:
                    add(Action("support", card=c.id))
        back = game.back(p)
        if back:
            may_collab, may_pass = not _collab_closed(game, p), not _baton_closed(game, p)
            for s in back:
                if may_collab:
                    add(Action("collab", holomem=s.id))
                if may_pass:
                    add(Action("baton_pass", holomem=s.id))
        oshi = game.oshi(p)
        if oshi is not None:
            if oshi.defn.oshi_skill:
                add(Action("oshi_skill"))
            if oshi.defn.sp_oshi_skill:
                add(Action("sp_oshi_skill"))
        out += activated.candidates(game, p)        # 10.1.1.1: activated abilities of its cards
    elif step == "performance":
        for s in (game.center(p), game.collab_holomem(p)):
            if s is None:
                continue
            targets = game.art_targets(s)           # 12.3.3.2 (a text may widen it, 1.3.1)
            for art in game.arts_of(s):
                for t in dict.fromkeys(targets + game.wider_art_targets(s, art)):
                    add(Action("art", holomem=s.id, art=art.index, target=t.id))
    return out


def describe_action(game, a: Action) -> str:
    k = a.kind
    if k == "pass":
        return "pass"
    parts = [k]
    if "holomem" in a.params:
        parts.append(_where(game, a["holomem"]))
    if "card" in a.params:
        parts.append(("with " if k == "bloom" else "") + game.cards[a["card"]].number)
    if k == "art":
        s = game.stacks[a["holomem"]]
        art = game.arts_of(s)[a["art"]]             # 5.27.1: arts it may use, its own first
        parts.append(f"'{art.name_en or art.name}' at {_where(game, a['target'])}")
    if k == "ability":
        ab = game.cards[a["card"]].defn.abilities[a["ability"]]
        parts.append(f"'{ab.get('name_en') or ab.get('name') or 'activated ability'}'")
    if k == "support" and "target" in a.params:
        parts.append("on " + _where(game, a["target"]))
    return " ".join(parts)


def _where(game, sid) -> str:
    s = game.stacks.get(sid)
    return game.position(s) if s else f"holomem#{sid}"

# ------------------------------------------------------------ legality
def action_why_not(game, p, a: Action, at_play_timing=False) -> list[str]:
    """The rules the action would violate now (empty when it is legal)."""
    if game.over:
        return ["1.2.1"]
    if a.kind == "pass":
        return []
    if a.kind == "ability" and (p != game.turn_player or game.step != "main"):
        return ["10.1.1.1.1", "10.6.2"]     # played in its player's main step, as its text says ('自分のメインステップで')
    if p != game.turn_player:
        return ["8.1.1" if a.kind in MAIN_ACTIONS else "9.1.1"]
    if a.kind in MAIN_ACTIONS and game.step != "main":
        return ["8.1.1", "7.5.2"]
    if a.kind == "art" and game.step != "performance":
        return ["9.1.1", "7.6.4"]
    if not at_play_timing:
        d = game.pending
        if d is not None and (d.kind != "play_timing" or d.player != p):
            return ["10.6.2"]
    return game.method_for("_why_not_", a.kind)(p, a)


def _hand_card(game, p, cid):
    card = game.cards.get(cid)
    return card if card is not None and card.zone is game.zone(p, "hand") else None


def _own_stack(game, p, sid):
    s = game.stacks.get(sid)
    return s if s is not None and s.zone is not None and s.zone.owner == p and s.zone.name in (
        "center", "collab", "back") else None


def _why_not_place(game, p, a):
    card = _hand_card(game, p, a["card"])
    if card is None:
        return ["8.2.1"]
    if card.defn.type != "holomem":
        return ["8.2.1", "2.2.1", "2.2.2"]          # the card type decides how a card is played
    if card.defn.bloom_level not in ("debut", "spot"):
        return ["8.2.2", "2.3.2"]
    return _stage_full(game, p)


def _stage_full(game, p) -> list[str]:
    """8.2.1: no room on the stage for another holomem (4.6.2.1)."""
    return ["8.2.1", "4.6.2.1", "4.6.2"] if len(game.stage(p)) >= STAGE_LIMIT else []


def _why_not_bloom(game, p, a):
    if game.first_turn_of(p):
        return ["8.3.1"]
    s = _own_stack(game, p, a["holomem"])
    if s is None:
        return ["8.3.2"]
    why = []
    if game.bloom_level(s) == "spot":
        why.append("8.3.2")
    elif s.flags.get("placed_turn") == game.turn_number:
        why.append("8.3.2")
    elif s.flags.get("bloomed_turn") == game.turn_number and not game.may_bloom_again(
            s, _hand_card(game, p, a["card"])):
        why.append("8.3.2")
    if game.top_def(s).extra.get("cannot_bloom"):
        why += ["2.11.2.4", "2.11.1", "2.11.2"]
    card = _hand_card(game, p, a["card"])
    if card is None or card.defn.type != "holomem":
        return why + ["8.3.3"]
    if not (card.defn.names & game.names(s)):
        why += ["8.3.3", "2.1.1"]                   # the card name is the card's own name
    elif game.bloom_level(s) not in BLOOM_FROM.get(card.defn.bloom_level, ()) and \
            not game.bloom_level_ignored(s, card.defn):          # a text setting the levels aside (1.3.1)
        why += ["8.3.3", "2.3.2"]
    elif (card.defn.hp or 0) <= s.damage:
        why.append("8.3.3")
    return why


def _collab_closed(game, p) -> list[str]:
    """8.4.1: no holomem may collab now, whichever it is."""
    if game.collab_holomem(p) is not None:
        return ["8.4.1", "4.8.3", "4.4.6"]           # the collab position holds one holomem
    if game.facts[p]["collabed"]:
        return ["8.4.1"]
    return []


def _why_not_collab(game, p, a):
    closed = _collab_closed(game, p)
    if closed:
        return closed
    s = _own_stack(game, p, a["holomem"])
    if s is None or s.zone.name != "back" or s.flags.get("rested"):
        return ["8.4.2"]
    if game.cannot_move(s):
        return ["5.29.1"]
    if not game.zone(p, "deck").items:
        # Q194: no collab with an empty deck — 8.4.3 could not be carried out, and an action
        # that cannot be carried out completely cannot be chosen (8.1.3). See docs/rulings.md.
        return ["8.1.3", "8.4.3"]
    return []


def _why_not_oshi_skill(game, p, a, key="oshi_skill"):
    oshi = game.oshi(p)
    skill = getattr(oshi.defn, key) if oshi is not None else None
    if not skill:
        return ["8.5.1"]
    if key == "oshi_skill" and game.facts[p]["oshi_skill_used"] and not triggers.limit_raised(game, oshi, skill):
        return ["8.5.1.1"]
    if sp_skill_used_up(game, p, key):
        return ["8.5.1.2"]
    if skill.get("timing", "activated") != "activated":
        return ["12.1.5"]       # 12.1.5.1-12.1.5.3: used when its condition happens, not at will
    why = game.skill_play_violations(p, oshi, skill, key)
    if why:
        return why
    cost = skill.get("holopower") or 0
    if isinstance(cost, int) and len(game.zone(p, "holopower")) < cost:     # X: 12.1.3.1 (hook)
        return ["12.1.3", "10.4.2.2"]
    return []


def _why_not_sp_oshi_skill(game, p, a):
    return game._why_not_oshi_skill(p, a, "sp_oshi_skill")


def _why_not_support(game, p, a):
    card = _hand_card(game, p, a["card"])
    if card is None:
        return ["8.6.1"]
    if card.defn.type != "support":
        return ["8.6.1", "2.2.1", "2.2.2"]
    if card.defn.limited and game.first_players_first_turn():
        return ["8.6.2", "2.12.1"]          # LIMITED is a condition on playing the card
    if card.defn.limited and game.facts[p]["limited_played"]:
        played = max(1, game.facts[p].get("limited_count", 0))
        if played >= game.limited_allowed(p):
            return ["8.6.2", "2.12.1"]
    sub = card.defn.sub_type
    if sub in ATTACHABLE:
        s = _own_stack(game, p, a.get("target"))
        if s is None:
            return ["10.7.2.3.6"]
        cost = game.support_cost_violations(p, card)            # 'cannot be used unless ...' (10.7.2.4.1)
        if cost:
            return cost
        limit = game.attach_limit(sub)
        own = attach_terms.holomem_limit(game, s, sub) if limit else None
        if own is not None and game.attach_limit_applies(card):      # 5.17.3.3: the holomem's own limit
            if not attach_terms.fits_holomem_limit(game, s, [card], own):
                return ["10.7.2.3.7", "5.17.3.3"]
            return game.attach_condition_violations(card, s)
        if limit and game.attach_limit_applies(card) and any(
                c.defn.sub_type == sub and game.attach_limit_applies(c) for c in game.supports(s)):
            return list(limit)
        return game.attach_condition_violations(card, s)
    if not card.defn.abilities:
        return ["10.7.2.3.7"]               # nothing but archiving it would happen
    return game.support_play_violations(p, card)


def attach_limit(game, sub) -> tuple:
    """Why a second card of this sub-type cannot be played onto one holomem, the limit's own rule
    last (5.17.3.1, 5.17.3.2): it could only be archived (10.7.2.5.1.2.1), so nothing but archiving
    would happen (10.7.2.3.7). Empty when the sub-type has no limit."""
    rule = PER_HOLOMEM_LIMIT.get(sub)
    return ("10.7.2.3.7", rule) if rule else ()


def _baton_closed(game, p) -> list[str]:
    """8.7.4, 8.7.2: no holomem may baton pass now, whichever it is: one was made this turn, or
    the centre cannot pay (or is absent or resting)."""
    if game.facts[p]["baton_passed"]:
        return ["8.7.4"]
    center = game.center(p)
    if center is None or center.flags.get("rested"):
        return ["8.7.2"]
    if not covers(game.baton_cost(center), game.cheers(center)):     # 2.10.1 (its cost as effects leave it)
        return ["8.7.2", "2.10.1", "8.1.3"]
    return []


def _why_not_baton_pass(game, p, a):
    if game.facts[p]["baton_passed"]:
        return ["8.7.4"]
    s = _own_stack(game, p, a["holomem"])
    if s is None or s.zone.name != "back" or s.flags.get("rested"):
        return ["8.7.1"]
    closed = _baton_closed(game, p)
    if closed:
        return closed
    center = game.center(p)
    if game.cannot_move(s) or game.cannot_move(center):
        return ["5.29.1"]
    return []


def _why_not_art(game, p, a):
    s = _own_stack(game, p, a["holomem"])
    if s is None or s.zone.name not in ("center", "collab"):
        return ["9.2.1"]
    why = []
    arts = game.arts_of(s)
    cheers = game.art_cheers(s)          # its cheer, and cards treated as cheer for an art
    payable = [covers(game.art_cost(s, art), cheers) for art in arts]      # 12.3.3.1, art by art
    if not any(payable):
        why.append("9.2.1.1")
    if s.flags.get("rested"):
        why.append("9.2.1.2")
    used = arts_used_by_position(game)
    if s.zone.name == "center" and used["center"]:
        why.append("9.2.1.3")
    if s.zone.name == "collab" and used["collab"]:
        why.append("9.2.1.4")
    if game.has_used_arts(s):
        why.append("9.2.1.5")
    if a["art"] >= len(arts):
        return why + ["9.2.2"]
    why += game.art_play_violations(s, arts[a["art"]])
    if not payable[a["art"]]:
        why.append("12.3.3.1")
    t = game.stacks.get(a["target"])
    if t is None or t not in (*game.art_targets(s), *game.wider_art_targets(s, arts[a["art"]])):
        why.append("12.3.3.2")
    else:
        why += game.art_target_violations(s, arts[a["art"]], t)
    return game.art_reasons(s, arts[a["art"]], why)


def has_used_arts(game, stack) -> bool:
    """9.2.1.5: the holomem has played an art this performance step."""
    return stack.flags.get("arts_step") == game.performance_id


def arts_used_by_position(game) -> dict:
    return game.position_arts

# ------------------------------------------------------------- perform
def action_perform(game, p, a: Action):
    steps = game.method_for("_do_", a.kind)(p, a)
    if steps is not None:           # procedures that ask nothing are plain functions
        yield from steps


def _do_place(game, p, a):
    card = game.cards[a["card"]]
    game.emit("enter_stage", ("8.2.1",), player=p, card=card, number=card.number,
              to=game.zone(p, "back"))


def _do_bloom(game, p, a):
    s, card = game.stacks[a["holomem"]], game.cards[a["card"]]
    game.emit("reveal", ("8.3.3",), player=p, cards=[card.number])
    before = game.snap(s)
    # 2.11.2.3: the shared name came from an "also treated as" extra name.
    also = ("2.11.2.3",) if (card.defn.name not in game.names(s)
                             or game.top_def(s).name not in card.defn.names) else ()
    if also and max(len(card.defn.extra.get("also_named", ())), len(game.top_def(s).extra.get("also_named", ()))) > 1:
        also += ("2.11.2.3.1",)          # several extra names: each is a card name of its own
    game.emit("bloom", ("8.3.4", "5.14.1", "5.14.2") + also + game.bloom_rules(s, card), player=p, stack=s,
              card=card, number=card.number,
              holomem=before, frm=s.top.number)


def _do_collab(game, p, a):
    s = game.stacks[a["holomem"]]
    deck = game.zone(p, "deck")
    game.move(deck.items[0], game.zone(p, "holopower"), ("8.4.3",), face_down=True)   # nobody sees it (4.15.2)
    game.emit("set_fact", ("8.4.1",), player=p, fact="collabed", value=True)
    game.emit("move_holomem", ("8.4.4", "5.16.1", "4.1.4", "4.4.4"), stack=s, frm=game.position(s),
              to=game.zone(p, "collab"), holomem=game.snap(s), collab=True)


def _do_baton_pass(game, p, a):
    s, center = game.stacks[a["holomem"]], game.center(p)
    cost = game.baton_cost(center)
    opts = [Option("+".join(c.number for c in pay), pay,
                   keys=("+".join(sorted("/".join(sorted(c.defn.colors)) for c in pay)),
                         *([pay[0].number, *sorted(c.defn.colors for c in pay)[0]] if len(pay) == 1 else ())))
            for pay in payments(cost, game.cheers(center))]
    fewer = game.baton_rules(center)                 # a cost continuous effects changed (Q471, Q493, Q496)
    pay = yield Decision(p, "baton_cheer", "cheer to archive for the baton pass", ("8.7.2", "10.5.2") + fewer, opts)
    for card in pay:
        game.archive(card, ("8.7.2", "10.5.2"))
    game.emit("set_fact", ("8.7.4",), player=p, fact="baton_passed", value=True)
    game.emit("swap", ("8.7.3", "5.18.1", "4.1.4", "4.4.4"), stacks=(s, center), holomem=game.snap(s),
              other=game.snap(center), baton=True)


def _do_support(game, p, a):
    card = game.cards[a["card"]]
    # 8.6.1: a support card from the hand is played and resolved (10.7.2)
    game.emit("reveal", ("8.6.1", "10.7.2.1", "3.1.2.2"), player=p, cards=[card.number])
    game.move(card, game.resolution, ("10.7.2.1", "4.16.1"))
    if card.defn.limited:
        game.emit("set_fact", ("8.6.2", "2.12.1"), player=p, fact="limited_played", value=True)
        game.emit("set_fact", ("8.6.2",), player=p, fact="limited_count",
                  value=max(game.facts[p].get("limited_count", 0), 0) + 1)
    # 8.6.1: the support cards its player played from the hand this turn ('このターンに自分が使っていた
    # サポートカード': only those played from the hand, Q557, Q558), counted by `what: used_supports`
    game.emit("set_fact", ("8.6.1",), player=p, fact="supports_played",
              value=[*game.facts[p].get("supports_played", ()), card.number])
    if card.defn.sub_type in ATTACHABLE:                      # 10.7.2.5.1.2
        s = game.stacks[a["target"]]
        yield from game.pay_support_cost(p, card)             # 10.7.2.4: 'cannot be used unless ...'

        game.emit("attach", ("10.7.2.5.1.2", "5.17.2"), player=p, card=card, number=card.number,
                  stack=s, holomem=game.snap(s))
        return
    yield from game.run_support_text(p, card)                 # 10.7.2.5.1.1
    if card.zone is game.resolution:
        game.archive(card, ("10.7.2.5.1.1",))


def _do_oshi_skill(game, p, a, key="oshi_skill"):
    oshi = game.oshi(p)
    skill = getattr(oshi.defn, key)
    if skill.get("unsupported"):
        raise NotRunnable(f"card {oshi.number} {key} '{skill.get('name_en') or skill.get('name')}' "
                          f"unsupported: {skill['unsupported']}")
    # 8.5.1: the chosen skill's cost is paid, then it is played and resolved; a skill used at will
    # in the main step is played as an activated ability (12.1.5.4).
    game.emit("use_oshi_skill", ("8.5.1", "12.1.5.4", "3.1.2.2"), oshi.number, player=p,
              skill=skill.get("name_en") or skill.get("name"), sp=key == "sp_oshi_skill")
    yield from game.pay_holopower(p, oshi, skill)             # 12.1.3
    if key == "oshi_skill":
        game.emit("set_fact", ("8.5.1.1",), player=p, fact="oshi_skill_used", value=True)
    else:
        game.emit("sp_used", ("8.5.1.2",), player=p)
    yield from game.run_skill(p, oshi, skill, key)


@on_event("sp_used")
def apply_sp_used(game, ev):
    game.game_facts[ev.data["player"]]["sp_oshi_skill_used"] = True
    # when (turn, step) it was used: 'このターンの自分のメインステップに自分のSP推しスキルを使っていた'
    game.facts[ev.data["player"]]["sp_used_at"] = (game.turn_number, game.step)


def _do_sp_oshi_skill(game, p, a):
    yield from game._do_oshi_skill(p, a, "sp_oshi_skill")


def _do_art(game, p, a):
    s, t = game.stacks[a["holomem"]], game.stacks[a["target"]]
    art = game.arts_of(s)[a["art"]]
    if art.unsupported:
        raise NotRunnable(f"card {s.top.number} art '{art.name_en or art.name}' unsupported: "
                          f"{art.unsupported}")
    source = f"{s.top.number} {art.name_en or art.name}"
    colourless = ("2.4.2.1",) if "any" in game.art_cost(s, art) else ()       # the colourless icon: any colour
    game.emit("art", ("9.2.2", "12.3.3", "12.3.3.1", "10.5.1", "10.5.2", "12.3.3.1.1", "12.3.3.2", "4.4.2.1")
              + colourless + game.art_cost_rules(s, art)
              + game.art_rules(s, art),
              source, player=p, stack=s,
              holomem=game.snap(s), art=art.name_en or art.name, target=game.snap(t), target_stack=t)
    amount = art.damage                                       # 12.3.4.1
    game.emit("base_damage", ("12.3.4.1",), source, amount=amount)
    ctx = {"player": p, "holomem": s, "target": t, "art": art, "damage": amount}
    if art.effect is not None:                                # 12.3.4.2
        yield from game.run_art_text(ctx)
    amount = ctx["damage"]
    bonus = sum(v for color, v in art.advantage.items() if color in game.colors(t))
    if bonus:                                                 # 12.3.4.3
        amount += bonus
        rules = ("12.3.4.3", "2.4.1", "2.4.4") + (("2.4.3",) if len(game.colors(t)) > 1 else ())
        game.emit("advantage", rules, source, target=game.snap(t), amount=bonus)
    elif art.advantage and not game.colors(t):
        # 2.4.2.1-2.4.2.2: a colourless holomem has no colour, so no advantage icon matches it.
        game.emit("nothing", ("12.3.4.3", "2.4.2.1", "2.4.2.2"), source, why="the target has no colour")
    elif art.advantage:         # 12.3.4.3: only a target of the icon's colour
        game.emit("nothing", ("12.3.4.3",), source, why="the target is not of the advantage icon's colour")
    extra = game.art_modifiers(s, art, t)
    if extra:                                                 # 12.3.4.4
        amount += extra
        # 3.1.2.1: continuous abilities on this holomem (and cards attached to it) are its player's.
        game.emit("art_modifier", ("12.3.4.4", "3.1.2.1"), source, amount=extra)
    if t.zone is not None:
        if amount < 0:     # 1.3.2.2.1: a negative value counts as 0 for the damage dealt
            game.emit("nothing", ("1.3.2.2.1",), source, why=f"damage {amount} counts as 0")
        # `art`: the art whose damage it is, for its 'when this art downs' text (11.3.1.1)
        yield from game.deal_damage(t, max(amount, 0), ("12.3.4.5", "12.3.4.5.1"), source, kind="arts", dealer=s,
                                    art=art.name, unreducible=bool(ctx.get("unreducible")))
    if game.modifiers:                  # 5.25.1: an effect that makes it use each art twice
        arts_terms.after_art(game, p, s, art, t, a.get("again"))


def _apply_art(game, ev):
    s = ev.data["stack"]
    s.flags["arts_step"] = game.performance_id                 # 9.2.1.5
    s.flags["arts_turn"] = game.turn_number                    # 'this holomem used an art this turn' 
    # 'このターンに自分の〈X〉がアーツを使っていたなら': the names of the holomems of its player that used an art
    # this turn, as they were when they used it (the holomem may have left the stage since)
    facts = game.facts[s.owner]
    facts["arts_names"] = frozenset(facts.get("arts_names", frozenset()) | set(game.names(s)))
    s.version += 1
    game.position_arts[s.zone.name] = True                     # 9.2.1.3, 9.2.1.4


def deal_damage_now(game, target: Stack, amount: int, rules, source, *, kind, dealer=None, dealt_by=None, art=None):
    """5.22.1: damage adds to what the holomem has taken (replacements: effects module). `dealt_by`:
    the holomem whose art or ability deals it, as the replacements left it (by default `dealer`);
    `art`: the name of the art whose arts damage it is."""
    if amount <= 0:                                             # 1.3.2.2
        game.emit("nothing", rules + ("1.3.2.2",), source, why="no damage")
        return
    # the holomem whose art or ability deals it, for 'when this holomem downs' (11.3.1.1)
    by = dealt_by or dealer
    if by is not None and (by.zone is None or not by.cards):
        by = None                       # it has left the stage: no holomem on the stage dealt it
    art = art if kind == "arts" and by is not None else None
    # 'the damage dealt beyond its remaining HP' (4.4.5.4: HP less damage), for an art's 'when this art downs'
    over = max(0, target.damage + amount - game.max_hp(target)) if art is not None else 0
    game.emit("damage", rules + ("5.22.1", "4.4.5.2"), source, stack=target, target=game.snap(target), amount=amount,
              kind=kind, **({"dealer_stack": by, "dealt_by": game.snap(by)} if by is not None else {}),
              **({"art": art} if art is not None else {}), **({"over": over} if over else {}))
    return
    yield  # pragma: no cover


from . import turn  # noqa: E402  (last: the modules of the engine's core import each other)
from .effects import arts as arts_terms  # noqa: E402
from .effects import attach as attach_terms  # noqa: E402
from .effects.select import sp_skill_used_up  # noqa: E402
from .effects import activated  # noqa: E402  (10.1.1.1: the activated abilities of cards)
from .effects import triggers  # noqa: E402
