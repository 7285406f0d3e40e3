"""Rule processes (11), performed only at check timings (11.1.2), all at once (11.1.3)."""
from __future__ import annotations

from ...core.decisions import Decision, Option
from ...core.errors import InvariantViolation
from ...core.state import Stack
from .game import PER_HOLOMEM_LIMIT, STAGE

WATCHED = STAGE + ("life",)      # the zones whose cards rule processes look at (11.2, 11.3, 11.4)



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
    "skill_not_used", "refer_moved", "no_life_loss", "dice_rolled"))

# Events that can make a process due only through a continuous effect that reads the board, a
# modifier that ends, or a card's condition on what it may be attached to (11.4.3).
QUIET_UNLESS_EFFECTS = frozenset(("move", "move_holomem", "swap", "attach", "effects_expire"))


def note_event(game, kind: str, data=None) -> None:
    """Called before the event is applied: mark the board for a look (11.2-11.4) when the event
    could make a process due."""
    if kind in game.QUIET_EVENTS:
        return
    if kind in QUIET_UNLESS_EFFECTS and data is not None and not game.modifiers \
            and not game.in_game("continuous") and not game.in_game("attach_rule"):
        if kind in ("move_holomem", "swap", "effects_expire"):
            return      # the same holomems and cards stay on the stage; nothing expires that counts
        card = data["card"]
        frm = card.zone
        if kind == "attach":
            if card.defn.type == "cheer" and (frm is None or frm.name != "life"):
                return  # a cheer from anywhere but the life (11.2.1) breaks no limit (11.4.2)
        elif (frm is None or frm.name not in WATCHED) and data["to"].name not in WATCHED:
            return      # a card moving between zones no rule process looks at (11.2-11.4)
    game.board_dirty = True


def no_process_due(game) -> bool:
    """The look of `rule_processes` without carrying anything out: no defeat, down or illegal
    card (11.2-11.4) and no life damage (11.5) is due."""
    if game._clean_at == game.state_version:
        return True
    if game.board_dirty:
        if _board_due(game):
            return False
        game.board_dirty = False          # the board was looked at: nothing on it is due
    elif game.debug and _board_due(game):
        raise InvariantViolation("11.1.2: a rule process is due but no event since the last look "
                                 "marked the board (note_event)")
    if max(game.life_damage.values()) >= 1:
        return False
    game._clean_at = game.state_version
    return True


def carry_out_processes(game):
    """10.6.3.1: every due rule process; life damage only when nothing else is due (11.5.1)."""
    if game._clean_at == game.state_version:       # nothing changed since the last look: nothing is due
        return False
    scan = game.board_dirty           # no event since the last look could have made one due
    losers = [p for p in game.PLAYERS if _defeated(game, p)] if scan else []
    downs = game._due_downs() if scan else []
    illegal = scan and _illegal_cards_due(game)
    due = [f"defeat of {p}" for p in losers] + (["down"] if downs else []) + (["illegal cards"] if illegal else [])
    if due:
        # 11.1.1: the rules carry these out by themselves; 11.1.3: several due at once are all
        # carried out together (two defeats make a draw, 1.2.2).
        game.emit("rule_processes", ("10.6.3.1", "11.1.1") + (("11.1.3",) if len(due) > 1 else ()),
                  processes=due)
    if losers:                                                   # 11.2, 1.2.1, 1.2.2
        rules = tuple(r for p in losers for r in _defeat_rules(game, p))
        if len(losers) == 2:
            game.end_game(None, rules + ("11.1.3", "1.2.2"), "both players lost at once")
        game.end_game(game.other(losers[0]), rules + ("1.2.1",), _defeat_reason(game, losers[0]))
    did = False
    if downs:
        yield from game.down_processing()
        did = True
    if (illegal or did) and (yield from illegal_card_processing(game)):
        did = True
    if did:
        return True
    for p in (game.turn_player, game.other(game.turn_player)):   # 11.5.1.1
        if game.life_damage[p] >= 1:
            game.emit("rule_processes", ("10.6.3.1", "11.1.1"), processes=[f"life damage of {p}"])
            rules = ("11.5.1", "11.5.1.1") if game.life_damage[game.other(p)] >= 1 else ("11.5.1",)
            yield from life_damage_processing(game, p, rules)
            return True
    game._clean_at = game.state_version
    game.board_dirty = False
    return False


def _board_due(game) -> bool:
    """In one pass over each stage, what `_defeated`, `_due_downs` and `_illegal_cards_due` look
    for: a player with no life or no holomem (11.2), a holomem to down (11.3), a card on the
    stage with no holomem or attached against a limit or a condition (11.4)."""
    any_hp = None
    zones = game.zones
    for p in game.PLAYERS:
        if not zones[(p, "life")].items:
            return True
        holomems = 0
        for name in STAGE:
            for item in zones[(p, name)].items:
                if type(item) is not Stack:
                    return True
                holomems += 1
                if any_hp is None and not item.damage and item.top.defn.hp:
                    any_hp = game.hp_changed()      # asked only when an undamaged holomem needs it
                if _down_due(game, item, any_hp) or _misattached_due(game, item):
                    return True
        if not holomems:
            return True
    return False

# ------------------------------------------------------------ 11.2
def _defeated(game, p) -> bool:
    return not game.zone(p, "life").items or not game.stage(p)


def _defeat_rules(game, p):
    out = []
    if not game.zone(p, "life").items:
        out += ["11.2.1", "1.2.1.2"]
    if not game.stage(p):
        out += ["11.2.2", "1.2.1.3"]
    return out


def _defeat_reason(game, p) -> str:
    return f"{p} has no life left" if not game.zone(p, "life").items else f"{p} has no holomem on stage"

# ------------------------------------------------------------ 11.3
def _due_downs(game) -> list[Stack]:
    """4.4.5.3, 4.4.9: damage at least its HP, or put in the down state. A holomem with no damage
    can only be due if some effect lowers HP (to 0 or less)."""
    any_hp = game.hp_changed()
    return [s for p in game.PLAYERS for s in game.stage(p) if _down_due(game, s, any_hp)]


def _down_due(game, s, any_hp) -> bool:
    """4.4.5.3, 4.4.9: damage at least its HP, or put in the down state. `any_hp`: whether some
    effect changes an HP now (a holomem with no damage and printed HP is due only then)."""
    return ((s.damage or any_hp or not s.top.defn.hp) and s.damage >= game.max_hp(s)) or bool(s.flags.get("down"))


def down_processing(game):
    """11.3.2: one holomem at a time, the turn player's first, until none is due."""
    while True:
        due = game._due_downs()
        if not due:
            return
        mine = [s for s in due if s.owner == game.turn_player] or due
        chooser = mine[0].owner
        stack = mine[0]
        if len(due) > 1 and len(mine) == 1:       # 11.3.2: the turn player's holomem first
            game.emit("down_order", ("11.3.2",), player=chooser, first=game.snap(stack))
        if len(mine) > 1:
            opts = [turn.holomem_option(game, s) for s in mine]
            stack = yield Decision(chooser, "down_order", "which downed holomem is processed first",
                                   ("11.3.2",), opts)
        owner = stack.owner
        yield from game.down(stack)
        # 11.5.1: life damage waits while another rule process is due. The tools, mascots and
        # fans the holomem held stay on the stage (4.4.7) and are due for 11.4.1, so they are
        # archived before its life cheer (rulebook 1.03 down processing, Q230; docs/rulings.md).
        yield from illegal_card_processing(game)
        # Q160 (revised 2025-12-22 for the rules change of 2025-12-19): each downed holomem's
        # life cheer is sent before the next holomem's down is processed (docs/rulings.md).
        # With no holomem left to receive it, the defeat of 11.2.2 comes first.
        while game.life_damage[owner] >= 1 and game.zone(owner, "life").items and game.stage(owner):
            yield from life_damage_processing(game, owner, ("11.3.2", "11.5.1"))


def down(game, stack: Stack):
    """11.3.1: 'when downed' abilities, then its holomem cards go to the archive and life damage."""
    owner = stack.owner
    cause = ("4.4.9",) if stack.flags.get("down") else ("4.4.5.3", "2.9.1")
    game.emit("down", ("11.3.1",) + cause, holomem=game.snap(stack), player=owner,
              damage=stack.damage, hp=game.max_hp(stack), number=stack.top.number)
    before = down_life_damage(game, stack)                       # what its down costs, as it was downed
    less0 = int(stack.flags.get("life_loss_less", 0))
    top0 = stack.top
    yield from game.when_downed(stack)                           # 11.3.1.1
    if stack.zone is not None and stack.cards and stack.top is not top0:
        # A 'when downed' action returned its top card to the hand ('このホロメンを含め重なっているホロメンの
        # 中から1枚を手札に戻す'): the cards left are archived (11.3.1.2), and the down costs the life the
        # holomem as it last was on the stage would (10.12.1), less what a text took off it meanwhile.
        amount, rules = before
        more = int(stack.flags.get("life_loss_less", 0)) - less0
        if more and not stack.flags.get("no_life_loss"):
            amount, rules = max(amount - more, 0), rules + ("1.3.1",)
        cheers = game.cheers(stack)
        game.emit("leave_stage", ("11.3.1.2", "4.4.7"), stack=stack, holomem=game.snap(stack),
                  cards=[c.number for c in stack.cards], to=game.zone(owner, "archive"))
        game.cheer_leaves_with_holomem(cheers)
        game.emit("life_damage", rules + ("3.1.2", "10.12.1"), player=owner, amount=amount)
        return
    if stack.zone is None or not stack.cards:
        # A 'when downed' action took it off the stage (returned to the hand, Q592): its cards went where
        # that action put them, and the down still costs its player the life it would have (11.3.1.2),
        # read from the holomem as it last was on the stage (10.12.1), less what a 'when downed' text
        # took off it meanwhile (life_loss_less, 1.3.1: Kiara's Rise from the ashes, Q39).
        amount, rules = before
        more = int(stack.flags.get("life_loss_less", 0)) - less0
        if more and not stack.flags.get("no_life_loss"):
            amount, rules = max(amount - more, 0), rules + ("1.3.1",)
        game.emit("life_damage", rules + ("3.1.2", "10.12.1"), player=owner, amount=amount)
        return
    amount, rules = down_life_damage(game, stack)
    cheers = game.cheers(stack)
    game.emit("leave_stage", ("11.3.1.2", "4.4.7"), stack=stack, holomem=game.snap(stack),
              cards=[c.number for c in stack.cards], to=game.zone(owner, "archive"))
    game.cheer_leaves_with_holomem(cheers)
    game.emit("life_damage", rules + ("3.1.2",), player=owner, amount=amount)


def cheer_leaves_with_holomem(game, cheers):
    """The cheer card's own text (real text, 2.7.2.1): when its holomem leaves the stage, all its
    cheer is archived. Other attached cards wait for 11.4.1."""
    for card in cheers:
        game.archive(card, ("2.7.2.1", "2.7.1", "5.12.1"), source=card.number)


def down_life_damage(game, stack):
    """11.3.1.2: one life damage; 2.11.2.2 replaces it with the printed number; none where the text
    of the damage that downed it says so (special_damage `no_life_loss`; the text prevails, 1.3.1)."""
    if stack.flags.get("no_life_loss"):
        return 0, ("11.3.1.2", "1.3.1")
    less = int(stack.flags.get("life_loss_less", 0))        # 'your life lost is N less' (a when-downed text)
    cut = ("1.3.1",) if less else ()
    extra = game.top_def(stack).extra.get("down_life")
    if extra:
        # The card's extra ability prevails over the rules' 1 (1.3.1, 2.11.1-2.11.2).
        return max(int(extra) - less, 0), ("11.3.1.2", "2.11.2.2", "2.11.1", "2.11.2", "1.3.1")
    return max(1 - less, 0), ("11.3.1.2",) + cut

# ------------------------------------------------------------ 11.4
def illegal_card_processing(game):
    did = False
    for p in game.PLAYERS:
        for name in ("center", "collab", "back"):
            items = game.zones[(p, name)].items
            for item in [i for i in items if type(i) is not Stack]:      # 11.4.1
                game.archive(item, ("11.4.1",))
                did = True
            for stack in [i for i in items if type(i) is Stack and i.attached and game.supports(i)]:
                if (yield from _attached_limits(game, stack)):
                    did = True
    return did


def _illegal_cards_due(game) -> bool:
    """11.4.1-11.4.3: a card on the stage with no holomem, or attached against a limit or a condition."""
    for p in game.PLAYERS:
        for name in ("center", "collab", "back"):
            for item in game.zones[(p, name)].items:
                if type(item) is not Stack:
                    return True
                if _misattached_due(game, item):
                    return True
    return False


def _misattached_due(game, stack) -> bool:
    """11.4.2-11.4.3: attached against a limit or a condition."""
    return bool(stack.attached and game.supports(stack) and (_over_limit(game, stack) or _misattached(game, stack)))


def _over_limit(game, stack) -> list:
    """11.4.2: (sub-type, its limit rule, the cards) for each limit the holomem's cards exceed."""
    out = []
    supports = game.supports(stack)
    if len(supports) < 2:            # a limit of one is exceeded by two cards at the least
        return out
    for sub in PER_HOLOMEM_LIMIT:
        limit = game.attach_limit(sub)
        extra = [c for c in supports if c.defn.sub_type == sub and game.attach_limit_applies(c)]
        own = _holomem_limit(game, stack, sub) if limit and len(extra) > 1 else None
        if own is not None:                           # 5.17.3.3: the holomem's own limit
            if len(extra) > own[0] or (own[1] and len({c.defn.name for c in extra}) < len(extra)):
                out.append((sub, "5.17.3.3", extra))
            continue
        if limit and len(extra) > 1:
            out.append((sub, limit[-1], extra))
    return out


def _holomem_limit(game, stack, sub):
    from .effects.attach import holomem_limit       # (the effects import this module's neighbours)
    return holomem_limit(game, stack, sub)


def _misattached(game, stack) -> list:
    """11.4.3: cards attached to a holomem that does not meet the condition they may be attached on."""
    supports = game.supports(stack)
    return [c for c in supports if game.attach_condition_violations(c, stack)] if supports else []


def _attached_limits(game, stack):
    did = False
    for sub, rule, extra in _over_limit(game, stack):                     # 11.4.2
        own = _holomem_limit(game, stack, sub) if rule == "5.17.3.3" else None
        if own is not None:           # the holomem's own limit: keep as many as it allows, one at a time
            kept, left = [], list(extra)
            while len(kept) < own[0]:
                opts = [Option(c.number, c) for c in left
                        if not (own[1] and c.defn.name in {k.defn.name for k in kept})]
                if not opts:
                    break
                keep = yield Decision(stack.owner, "keep_attached", f"a {sub} to keep", ("11.4.2", rule, "3.1.2"),
                                      opts)
                kept.append(keep)
                left.remove(keep)
            for c in left:
                game.archive(c, ("11.4.2", rule))
            did = True
            continue
        opts = [Option(c.number, c) for c in extra]
        # the holomem's controller chooses (3.1.2: a card's controller is its zone's player;
        # the rules do not say who keeps which, docs/rulings.md)
        keep = yield Decision(stack.owner, "keep_attached", f"the {sub} to keep", ("11.4.2", rule, "3.1.2"),
                              opts)
        for c in extra:
            if c is not keep:
                game.archive(c, ("11.4.2", rule))
        did = True
    for card in _misattached(game, stack):                                # 11.4.3
        game.archive(card, ("11.4.3",))
        did = True
    return did

# ------------------------------------------------------------ 11.5
def life_damage_processing(game, p, rules=("11.5.1",)):
    """11.5.1: the top life card is revealed and sent to one of the player's holomems."""
    card = game.zone(p, "life").items[0]
    game.emit("reveal", rules, player=p, cards=[card.number])
    stage = game.stage(p)
    if stage:
        stack = yield from turn.choose_holomem(game, p, "life_cheer", f"a holomem to receive life cheer "
                                               f"{card.number}", rules, stage)
        game.emit("attach", rules + ("5.21.1",), card=card, number=card.number, stack=stack,
                  holomem=game.snap(stack), life=True)
    else:
        game.archive(card, rules + ("1.3.2",))   # no holomem to receive it (1.3.2); it does not stay hidden
    game.emit("life_damage", rules, player=p, amount=-1)


from . import turn  # noqa: E402  (last: the modules of the engine's core import each other)
