"""Automatic abilities (10.1.1.2, 10.8): what triggers them, the waiting list, playing them, use
limits, optional costs.

    - {kind: auto, trigger: arts_used | damaged | bloomed | collabed | restored | step, by: own, source: CARD-FILTER,
       condition: {...}, limit: once_per_turn, cost: [STEPS], effect: [STEPS]}
    - {kind: auto, used: {type: support}, effect: [..]}     # you used a card or ability (10.7.2.5.4)
    - {kind: auto, moved: {..}, effect: [..]}               # zone-move trigger (zones.py, 10.8.4)
    - {kind: auto, state: CONDITION, effect: [..]}          # state trigger (timed.py, 10.8.6)

`trigger` names an event about the holomem the ability is on (its own card or an attached tool,
mascot or fan); `by: own` keeps only events caused by its player's own abilities ("when this
holomem is restored by your ability"); `source` keeps only damage whose source (10.13.3) matches.
With `cost`, the ability's player may pay it when it resolves, or not play it (10.1.1.2.2).
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.errors import NotRunnable
from ....core.terms import Bool, Enum, Ref, Term, Text
from ..terms import CARD_FILTER, CONDITION, DAMAGE_KIND, LIMIT, SELECTOR, STEPS, VOCAB, ability_kind, key
from .select import card_matches, condition_rules, holds, holomems
from .timed import TIMED_EVENT_KINDS
from .zones import MOVE_EVENTS
from . import payment, play
from . import validity

TRIGGER_KINDS = {"collab_effect": ("13.2.2", "10.8.2"), "bloom_effect": ("13.3.2", "10.8.2"),
                 "auto": ("10.8.2",)}
# the ability kinds (10.1.1) cited when an automatic ability triggers: 'when (X), (effect)' (10.1.1.2.1)
AUTO_RULES = ("10.1.1", "10.1.1.2", "10.1.1.2.1")

VOCAB.family("trigger", "trigger", "What an automatic ability waits for, about the holomem it is on (its own "
             "card or an attached tool, mascot or fan).", terms=[
    Term("arts_used", ("12.3.3", "10.8.2"), "the holomem uses an art (its arts damage is dealt before the ability "
         "resolves, Q63)"),
    Term("damaged", ("5.22.2",), "the holomem takes damage, arts damage or special damage (Q27)"),
    Term("dealt_damage", ("5.22.1", "12.3.4.5", "10.8.2"), "the holomem deals damage to another holomem (its art, "
         "or its card's ability); with `damage_kind: arts`, only arts damage dealt to an opponent's holomem (the "
         "number of its art, not special damage of a text: Q525); with `art:`, only that art's arts damage "
         "('このアーツで相手のホロメンにダメージを与えた時'); the selector `damaged` is the holomem it was dealt to, and its "
         "effect may count the damage dealt (`per: {what: dealt}`)"),
    Term("bloomed", ("5.14.1", "8.3.4"), "the holomem blooms (by the bloom action or an effect); its bloom effect "
         "triggers at the same time, its player choosing the order (Q257, Q259)"),
    Term("collabed", ("5.16.1", "8.4.4"), "the holomem collabs (moves to the collab position by the collab action "
         "or an effect's 'collab', 5.16.1; not a move that is not a collab, Q349); its collab effect triggers at the "
         "same time, its player choosing the order (Q275, Q366)"),
    Term("baton_passed", ("8.7.3", "5.18.1", "10.8.2"), "the holomem, the centre holomem, moves to the back by its "
         "player's baton pass ('このホロメンがバトンタッチしてバックポジションに移動した時'; 8.7.3: a switch, 5.18.1); not "
         "a switch by an effect, nor the back holomem that moves to the centre"),
    Term("restored", ("5.23.1",), "the holomem's HP is restored by more than 0; restoring a holomem that has taken "
         "no damage is not restoring it (Q111); with `by: own`, only by its own player's ability"),
    Term("hand_archived", ("5.12.1", "10.8.2"), "an ability of the holomem (its art, its text, the cost of one; "
         "not a card attached to it) archived cards of its player's hand ('このツールが付いているホロメンの能力で自分の"
         "手札をアーカイブした時')"),
    Term("oshi_skill_used", ("12.1", "10.8.2"), "its player uses their oshi skill or SP oshi skill named by `skill` "
         "('自分のSP推しスキル「BAU BAU!」を使った時'): played at will or in down processing"),
    Term("step", ("7.2.4", "7.3.1", "7.4.1", "7.5.1", "7.6.2", "7.6.5", "7.7.1", "7.7.3"),
         "the start or end of a step of its player's turn, named by `step` (`condition: {turn: opponent}` for the "
         "other player's)")])
VOCAB.family("step_name", "step", "Which step start or end a `trigger: step` waits for.", terms=[
    Term("reset_start", ("7.2.4",), "the start of the reset step"),
    Term("draw_start", ("7.3.1",), "the start of the draw step"),
    Term("cheer_start", ("7.4.1",), "the start of the cheer step"),
    Term("main_start", ("7.5.1",), "the start of the main step"),
    Term("performance_start", ("7.6.2",), "the start of the performance step"),
    Term("performance_end", ("7.6.5",), "the end of the performance step (once per turn, however often the step "
         "repeats)"),
    Term("end_start", ("7.7.1",), "the start of the end step"),
    Term("turn_end", ("7.7.3",), "the end of the turn (once per turn)")])
# trigger -> the rule that defines the event it waits for (its first declared rule)
TRIGGERS = {t.name: t.rules[0] for t in VOCAB.named("trigger").public() if t.name != "step"}
ability_kind(
    "auto", "10.1.1.2", "10.8", doc="an automatic ability: it waits (10.8.2) and is played at the next check timing, "
    "the turn player's first (10.6.3.2, 10.6.3.3); one whose limit was used up meanwhile is cancelled (10.7.2.1.1, "
    "10.8.3.2)", keys=[
        key("trigger", "what it waits for", Ref("trigger", "TRIGGER"), "10.8.2"),
        key("step", "with `trigger: step`: which step start or end", Ref("step_name", "STEP")),
        key("by", "`own`: only events caused by its player's own abilities (with `moved`: a holomem an ability of its "
            "player returned from the stage)", Enum("own")),
        key("source", "with `trigger: damaged`: only damage whose source matches (the card whose ability dealt it, "
            "or the holomem card whose art did)", CARD_FILTER, "10.13.3"),
        key("moved", "a card moves between zones", Ref("moved", "{from: .., to: .., ..}"), "10.8.4", "10.8.4.2"),
        key("state", "the condition holds (looked at in check timings); waits once, again after resolving if it "
            "still holds", CONDITION, "10.8.6"),
        key("used", "its player used a card matching this filter (a card with targets only if one was chosen)",
            CARD_FILTER, "10.7.2.5.4"),
        key("holomem", "with `trigger: arts_used|damaged|bloomed|collabed|restored`: it waits for the event of the "
            "holomems this selector names (from its player's side), not of its own holomem ('自分の〈X〉がアーツを使った"
            "時'; an oshi's, 12.2.1)", SELECTOR, "10.8.2"),
        key("condition", "it triggers only while this holds", CONDITION),
        key("damage_kind", "with `trigger: dealt_damage`: only that kind of damage (`arts`: to an opponent's "
            "holomem, 12.3.4.5; `special`: an ability's, 5.22.1); with `trigger: damaged`: only damage of that kind "
            "taken ('アーツダメージを受けた時')", DAMAGE_KIND, "12.3.4.5", "5.22.1", "5.22.2"),
        key("art", "with `trigger: dealt_damage`: only the arts damage of this holomem's art of this name",
            Text("NAME"), "12.3.4.5"),
        key("skill", "with `trigger: oshi_skill_used`: the name of the oshi skill or SP oshi skill (either name)",
            Text("NAME"), "12.1"),
        key("sp", "with `trigger: oshi_skill_used`: only its player's SP oshi skill, whichever it is "
            "('自分のSP推しスキルを使った時')", Bool(), "8.5.1.2", "12.1.2"),
        key("level_up", "with `trigger: bloomed`: only when the bloom level rises, Debut to 1st or 1st to 2nd, not "
            "1st to 1st (Q113)", Bool(), "2.3"),
        key("limit", "its use limit", LIMIT, "10.7.2.1.1"),
        key("cost", "its player may pay it when it resolves; not paid, or not payable, it is not played", STEPS,
            "10.1.1.2.2", "10.8.3.1.1", "10.8.3.2.1"),
        key("may", "optional with no cost ('…時、…なら使える'): its player chooses when it resolves whether to play "
            "it; not played, its waiting ends", Bool(), "10.8.3.1.1", "10.8.3.2.1"),
        key("effect", "what it does", STEPS)],
    at_least_one=("effect", "unsupported"))


class Pending:
    """An automatic ability waiting to be played (10.8.2)."""

    __slots__ = ("ability", "card", "stack", "player", "label", "extra", "zone")

    def __init__(self, ability, card, stack, player, extra=None):
        self.ability, self.card, self.stack, self.player = ability, card, stack, player
        self.extra = extra or {}
        self.zone = card.zone                   # where its card was when it triggered (10.7.2.5.3)
        name = ability.get("name_en") or ability.get("name") or ability.get("trigger") or ability.get("kind")
        self.label = f"{card.number} {name}"

    @property
    def key(self):
        return (self.card.id, id(self.ability))

    def __repr__(self):
        return self.label
from ..events import on_event
from . import timed
from . import zones
from . import usable


"""10.8.2: triggered abilities wait; 10.6.3.2-10.6.3.3: each player plays theirs, one at a time."""

# Events that change no state and that only automatic abilities wait for (10.8.2): the
# ability key that waits for each. Unrecorded, one that no card of the game and no timed
# trigger (10.8.5) waits for changes nothing at all, and is not built.
HEARD_BY = {"step_trigger": "auto.step", "used": "auto.used", "use_oshi_skill": "auto.oshi_skill_used"}


def heard(game, kind):
    key = game.HEARD_BY.get(kind)
    return key is None or bool(game.timed) or game.in_game(key)

# Event kinds an automatic ability of a card can wait for by kind (the move triggers of 10.8.4
# look at every move).
TRIGGERING = frozenset(("move_holomem", "swap", "bloom", "art", "damage", "restore", "step_trigger", "used",
                        "use_oshi_skill"))

# The kinds after_event looks at: those above, the moves that before_event took note of
# (10.8.4), and those a timed trigger waits for (10.8.5). The kernel skips the call for others.
AFTER_EVENT_KINDS = TRIGGERING | MOVE_EVENTS | TIMED_EVENT_KINDS


def after_event(game, ev):
    if ev.kind in TRIGGERING:
        _queue_by_kind(game, ev)
    if game._pre:
        zones._queue_moved(game, ev)
    if game.timed:
        timed.queue_timed(game, ev)


def _queue_by_kind(game, ev):
    kind = ev.kind
    if kind == "move_holomem" and ev.data.get("collab"):
        s = ev.data["stack"]
        _queue_from(game, s.top, s, "collab_effect")
        _queue_attached(game, s, "collabed", ev)                    # 10.8.2: triggered together
        _queue_watchers(game, s, "collabed", ev)
    elif kind == "bloom":
        # 13.3.2 'when it blooms from a Debut': the top card it bloomed from (the event's `frm`)
        frm = ev.data.get("frm")
        _queue_from(game, ev.data["card"], ev.data["stack"], "bloom_effect",
                    bloomed_from=game.db.get(frm).bloom_level if frm else None)
        _queue_attached(game, ev.data["stack"], "bloomed", ev)      # 10.8.2: triggered together
        _queue_watchers(game, ev.data["stack"], "bloomed", ev)
    elif kind == "art":
        _queue_attached(game, ev.data["stack"], "arts_used", ev)
        _queue_watchers(game, ev.data["stack"], "arts_used", ev)
        usable.queue_skill_triggers(game, "arts_used", ev.data["stack"])
    elif kind == "damage":                   # 5.22.2: arts damage and special damage alike (Q27)
        _queue_attached(game, ev.data["stack"], "damaged", ev)
        _queue_watchers(game, ev.data["stack"], "damaged", ev)
        usable.queue_skill_triggers(game, "damaged", ev.data["stack"])
        usable.queue_dealt_skill_triggers(game, ev)                  # 12.1.5.3: 'dealt damage'
        dealer = ev.data.get("dealer_stack")
        if dealer is not None and dealer is not ev.data["stack"]:      # 5.22.1: the holomem that dealt it
            _queue_attached(game, dealer, "dealt_damage", ev,
                            extra={"event_holomem": ev.data["stack"], "event_amount": ev.data["amount"]})
    elif kind == "swap":
        if ev.data.get("baton"):            # 8.7.3: the baton pass's switch; the centre holomem goes to the back
            _queue_attached(game, ev.data["stacks"][1], "baton_passed", ev)
    elif kind == "restore" and ev.data["amount"] > 0:
        # 5.23.1 with Q111: 'restoring' a holomem that has taken no damage is not being restored.
        _queue_attached(game, ev.data["stack"], "restored", ev)
        _queue_watchers(game, ev.data["stack"], "restored", ev)
    elif kind == "step_trigger":
        _queue_step(game, ev)
    elif kind == "used":
        _queue_used(game, ev)
    elif kind == "use_oshi_skill":
        _queue_skill_used(game, ev)


def queue_hand_archived(game, stack):
    """10.8.2: 'when (this holomem)'s ability archived cards of your hand' (5.12.1): the automatic
    abilities of the holomem and of the cards attached to it that wait for it."""
    if not game.in_game("auto.hand_archived") or stack is None or stack.zone is None:
        return
    for card in [stack.top, *stack.attached]:
        for ab in validity.valid_abilities(game, card, stack, ("auto",),
                                           lambda a: a.get("trigger") == "hand_archived"):
            ctx = {"player": stack.owner, "holomem": stack, "card": card}
            if holds_condition(game, ab, ctx) and _within_limit(game, card, ab):
                _queue(game, ab, card, stack, stack.owner, ("10.8.2", "5.12.1") + condition_rules(ab.get("condition"))
                       + validity.validity_rules(card, ab))


def _queue_skill_used(game, ev):
    """10.8.2: 'when you use your (SP) oshi skill 「X」' (12.1): the abilities of its player's cards
    that wait for that skill's use."""
    if not game.in_game("auto.oshi_skill_used"):
        return
    p = ev.data.get("player")
    oshi = game.oshi(p) if p is not None else None
    if oshi is None:
        return
    skill = getattr(oshi.defn, "sp_oshi_skill" if ev.data.get("sp") else "oshi_skill") or {}
    names = {skill.get("name"), skill.get("name_en")} - {None}
    for card, stack in validity.ability_holders(game, p):
        for ab in validity.valid_abilities(game, card, stack, ("auto",),
                                           lambda a: a.get("trigger") == "oshi_skill_used"):
            if ab.get("skill") is not None and ab["skill"] not in names:
                continue
            if ab.get("sp") and not ev.data.get("sp"):          # 8.5.1.2: the SP oshi skill only
                continue
            ctx = {"player": p, "holomem": stack, "card": card}
            if holds_condition(game, ab, ctx) and _within_limit(game, card, ab):
                _queue(game, ab, card, stack, p, ("10.8.2", "12.1") + validity.validity_rules(card, ab))

# Step triggers that may fire only once in a turn, however often the step loops (7.6.5, 7.7.3).
ONCE_PER_TURN_STEPS = ("performance_end", "turn_end")


def _queue_step(game, ev):
    """{kind: auto, trigger: step, step: reset_start|draw_start|cheer_start|main_start|
    performance_start|performance_end|end_start|turn_end, turn: own|opponent}: an ability on a
    holomem (or a card attached to it, or the oshi: 12.2.1) waiting for the start or end of a
    step (7.2.4 ... 7.7.3)."""
    if not game.in_game("auto.step"):
        return
    step = ev.data.get("trigger")
    fired = game.steps_fired
    for p in (game.turn_player, game.other(game.turn_player)):
        for card, stack in validity.ability_holders(game, p):
            for ab in validity.valid_abilities(game, card, stack, ("auto",)):
                if ab.get("trigger") != "step" or ab.get("step") != step:
                    continue
                ctx = {"player": p, "holomem": stack, "card": card}
                cond = {"turn": "own", **(ab.get("condition") or {})}
                if not holds(game, cond, ctx) or not _within_limit(game, card, ab):
                    continue
                key = (card.id, id(ab), game.turn_number)
                if step in ONCE_PER_TURN_STEPS:
                    if key in fired:
                        continue
                    fired.add(key)
                _queue(game, ab, card, stack, p, ("10.8.2",) + tuple(ev.rules) + validity.validity_rules(card, ab))


def _queue_from(game, card, stack, kind, bloomed_from=None):
    for ab in validity.valid_abilities(game, card, stack, (kind,)):
        if ab.get("from_level") is not None and ab["from_level"] != bloomed_from:
            # 13.3.2 'when it blooms from a Debut': it bloomed from another level, so it does not trigger
            game.emit("nothing", ("13.3.2",), f"{card.number} {ab.get('name_en') or ab.get('name') or kind}",
                      why=f"it bloomed from a {bloomed_from} holomem, not a {ab['from_level']}")
            continue
        if ab.get("by_skill") is not None and not _made_by_skill(game, stack.owner, ab["by_skill"]):
            game.emit("nothing", ("13.3.2",), f"{card.number} {ab.get('name_en') or ab.get('name') or kind}",
                      why=f"the bloom was not made by the oshi skill {ab['by_skill']}")
            continue
        _queue(game, ab, card, stack, stack.owner, TRIGGER_KINDS[kind] + validity.validity_rules(card, ab))


def _made_by_skill(game, p, name) -> bool:
    """'自分のSP推しスキル「X」でBloomした時': an oshi skill of that name of this player is resolving (12.1.5.4)."""
    return any(c.get("player") == p and name in ((c.get("skill") or {}).get("name"), (c.get("skill") or {}).get("name_en"))
               for c in game.resolving)


LEVELS = {"debut": 0, "1st": 1, "2nd": 2}


def _level_rose(game, ev) -> bool:
    """2.3: a bloom that raises the bloom level (Debut to 1st, 1st to 2nd; Q113)."""
    frm = ev.data.get("frm")
    was = LEVELS.get(game.db.get(frm).bloom_level) if frm else None
    now = LEVELS.get(ev.data["card"].defn.bloom_level) if ev.data.get("card") is not None else None
    return was is not None and now is not None and now > was


def _queue_attached(game, stack, trigger, ev, extra=None):
    if not game.in_game("auto." + trigger):
        return
    for card in [stack.top, *stack.attached]:
        for ab in validity.valid_abilities(game, card, stack, ("auto",), lambda a: a.get("trigger") == trigger and a.get("holomem") is None):
            arts = ("12.3.4.5",) if ab.get("art") or (ab.get("damage_kind") == "arts" and trigger == "dealt_damage") \
                else ()
            if arts and not _arts_to_opponent(ev):
                continue                     # 12.3.4.5: the arts damage dealt to an opponent's holomem only
            if ab.get("damage_kind") and ev.data.get("kind") != ab["damage_kind"]:
                continue                     # 'when it deals special damage': that kind only
            if ab.get("art") and not _art_named(card, ab["art"], ev.data.get("art")):
                continue                     # 'when this art deals damage': that art's arts damage only
            if ab.get("by") == "own" and ev.data.get("player") != stack.owner:
                continue                     # "by your ability": the effect's player is this holomem's
            if ab.get("level_up") and not _level_rose(game, ev):
                continue                     # Q113: blooming to the same bloom level is no rise
            src = ()
            if ab.get("source") is not None:   # 10.13.3: only damage from such a source
                found = game._damage_source
                if not found or found[0] is None or not card_matches(zones.card_info(game, found[0]), ab["source"]):
                    continue
                src = found[1]
            ctx = {"player": stack.owner, "holomem": stack, "card": card}
            if holds_condition(game, ab, ctx) and _within_limit(game, card, ab):
                rules = ("10.8.2", TRIGGERS[trigger]) + arts + condition_rules(ab.get("condition")) + src + \
                    validity.validity_rules(card, ab)
                _queue(game, ab, card, stack, stack.owner, rules, extra=extra)


def _arts_to_opponent(ev) -> bool:
    """12.3.4.5: arts damage (the number of the art, not special damage of its text, Q525), dealt by a
    holomem on the stage to an opponent's holomem."""
    dealer = ev.data.get("dealer_stack")
    return (ev.data.get("kind") == "arts" and dealer is not None and dealer.zone is not None
            and dealer.owner != ev.data["stack"].owner)


def _art_named(card, name, used) -> bool:
    """The art in use (its name as the `art` event gave it) is this card's art called `name`."""
    art = next((a for a in card.defn.arts if name in (a.name, a.name_en)), None)
    return art is not None and used in (art.name, art.name_en)


def _queue_watchers(game, stack, trigger, ev):
    """10.8.2: automatic abilities waiting for another holomem's event ('自分の〈X〉がアーツを使った時'): on an
    oshi (its oshi stage skill, 12.2.1), a holomem or a card attached to one, `holomem` naming the holomems
    whose event it waits for, from its player's side."""
    if not game.in_game("auto.holomem"):
        return
    for p in (game.turn_player, game.other(game.turn_player)):
        for card, holder in validity.ability_holders(game, p):
            for ab in validity.valid_abilities(game, card, holder, ("auto",),
                                               lambda a: a.get("trigger") == trigger and a.get("holomem") is not None):
                ctx = {"player": p, "holomem": holder, "card": card}
                if not any(s is stack for s in holomems(game, ab["holomem"], ctx)):
                    continue
                if ab.get("damage_kind") and ev.data.get("kind") != ab["damage_kind"]:
                    continue                 # 'when it takes arts damage': that kind only (12.3.4.5)
                if holds_condition(game, ab, ctx) and _within_limit(game, card, ab):
                    rules = ("10.8.2", TRIGGERS[trigger]) + condition_rules(ab.get("condition")) + \
                        validity.validity_rules(card, ab)
                    _queue(game, ab, card, holder, p, rules)


def _queue_used(game, ev):
    """10.7.2.5.4: abilities waiting for their player to use a card or ability matching `used`."""
    if not game.in_game("auto.used"):
        return
    p = ev.data["player"]
    used = ev.data.get("card")
    for card, stack in validity.ability_holders(game, p):
        for ab in validity.valid_abilities(game, card, stack, ("auto",)):
            spec = ab.get("used")
            if spec is None or used is None or not card_matches(used.defn, spec):
                continue
            ctx = {"player": p, "holomem": stack, "card": card}
            if holds_condition(game, ab, ctx) and _within_limit(game, card, ab):
                _queue(game, ab, card, stack, p, ("10.8.2",) + tuple(ev.rules) + validity.validity_rules(card, ab))


def holds_condition(game, ab, ctx) -> bool:
    return holds(game, ab.get("condition") or {}, ctx)


def _queue(game, ab, card, stack, player, rules, extra=None):
    if ab.get("unsupported"):
        raise NotRunnable(f"card {card.number} {ab.get('kind')} '{ab.get('name_en') or ab.get('name') or ''}' "
                          f"unsupported: {ab['unsupported']}")
    pending = Pending(ab, card, stack, player, extra)
    again = ("10.8.2.1",) if any(w.key == pending.key for w in game.waiting[player]) else ()
    game.emit("triggered", AUTO_RULES + tuple(rules) + again + ("3.1.2.3",), pending.label, player=player,
              ability=pending.label, pending=pending)


@on_event("triggered")
def apply_triggered(game, ev):
    game.waiting[ev.data["player"]].append(ev.data["pending"])


def resolve_waiting(game, player):
    """10.6.3.2-10.6.3.3, 10.8.3: the player picks one waiting ability and plays it."""
    waiting = game.waiting[player]
    pending = waiting[0]
    if len(waiting) > 1:
        opts = [Option(w.label, w, keys=(w.card.number, w.ability.get("name"), w.ability.get("name_en")))
                for w in waiting]
        pending = yield Decision(player, "auto_order", "which waiting ability to play first",
                                 ("10.8.3", "10.8.3.1"), opts)
    if "skill_key" in pending.extra:
        yield from usable.play_skill_trigger(game, pending)          # 12.1.5.3 (usable.py)
        return
    ab = pending.ability
    if not _within_limit(game, pending.card, ab):
        # 10.7.2.1.1: its limit was used up after it triggered; 10.8.3.2: the waiting state is cancelled.
        # 10.1.3.1: a limit on the abilities of a name counts every ability of that name its player has
        named = ("10.1.3.1",) if ab.get("name_limit") else ()
        game.emit("cancel_ability", ("10.7.2.1.1", "10.8.3.2") + named, pending.label, player=player, pending=pending)
        return
    ctx = {"player": player, "holomem": pending.stack, "card": pending.card, **pending.extra}
    cost = ab.get("cost")
    if cost and not payment.cost_payable(game, cost, ctx):
        # 10.4.2.2: its cost cannot be paid in full, so none of it is: it cannot be played (10.8.3.2)
        game.emit("cancel_ability", ("10.8.3.2", "10.4.2.2", "10.1.1.2.2"), pending.label, player=player,
                  pending=pending)
        return
    step = "10.6.3.2" if player == game.turn_player else "10.6.3.3"    # the turn player's first
    moved = ("10.7.2.5.3",) if pending.card.zone is not pending.zone else ()
    game.emit("play_ability", (step, "10.8.3", "10.8.7", "10.8.1", "10.6.1", "10.6.1.1", "10.7.1") + moved,
              pending.label, player=player, pending=pending)
    steps = yield from play.choose_modes(game, ab.get("effect"), ctx, pending.label)
    if cost or ab.get("may"):             # 'can be used' (with or without a cost): its player chooses
        yes = Option("yes", True, keys=("true", "pay", "use"))
        no = Option("no", False, keys=("false", "skip"))
        pay = yield Decision(player, "pay_cost" if cost else "use_ability",
                             f"{pending.label}: {'pay its cost' if cost else 'use it'}?",
                             ("10.1.1.2.2", "10.8.3.1.1") if cost else ("10.8.3.1.1",), [yes, no], source=pending.label)
        if not pay:                        # 10.8.3.2.1: not played; the waiting state ends
            game.emit("not_played", ("10.8.3.1.1", "10.8.3.2.1"), pending.label, player=player,
                      why="its cost was not paid" if cost else "its player did not use it")
            return
        if cost:
            yield from payment.pay_cost(game, cost, ctx, pending.label, ("10.1.1.2.2",))
    _count_use(game, pending.card, ab)
    if pending.stack is not None and pending.stack.zone is None and pending.stack.flags.get("last_known"):
        # 10.12.1: its holomem left the stage: the effect reads what it last was there
        lk = pending.stack.flags["last_known"]
        game.emit("last_known", ("10.12.1",), pending.label, number=lk["defn"].number,
                  position=lk["position"])
    yield from play.resolve_effect(game, steps, ctx, pending.label, ("10.7.2.5.2", "10.1.1.2"), what="ability")


@on_event("play_ability")
def apply_play_ability(game, ev):
    game.waiting[ev.data["player"]].remove(ev.data["pending"])


on_event("cancel_ability")(apply_play_ability)        # 10.8.3.2: a cancelled ability stops waiting too


# --------------------------------------------------------------- limits
def _period(game, ab):
    limit = ab.get("limit")
    if limit == "once_per_turn":
        return ("turn", game.turn_number)
    return ("game",) if limit == "once_per_game" else None


def _name_key(game, card, ab):
    """'Your <ability> X can be used once per turn': a limit every ability of that name its player has
    shares (10.1.3.1), counted by player and name."""
    limit = ab.get("name_limit")
    if limit is None:
        return None
    period = ("turn", game.turn_number) if limit == "once_per_turn" else ("game",)
    return ("name", getattr(card, "owner", None), ab.get("name"), period)


def _within_limit(game, card, ab) -> bool:
    """10.7.2.1.1, 12.1.4: an ability with a use limit already reached cannot be played."""
    period = _period(game, ab)
    named = _name_key(game, card, ab)
    if named is not None and game.uses.get(named, 0) >= 1:          # 10.1.3.1 with 10.7.2.1.1
        return False
    return period is None or game.uses.get((card.id, id(ab), period), 0) < _uses_allowed(game, card, ab)


def limit_raised(game, card, ab) -> bool:
    """A text lets this oshi skill be used more than once in its period now (`skill_uses`): 8.5.1.1's
    'no oshi skill after one was played this turn' gives way to it, the text prevailing (1.3.1; Q254,
    Q273: the skill's own count is the turn's limit)."""
    return _uses_allowed(game, card, ab) > 1


def _uses_allowed(game, card, ab) -> int:
    """12.1.4: an oshi skill is used at most as often as its limit says in its period: once, or the
    number a continuous ability changes it to while that ability holds (`skill_uses`)."""
    if getattr(card.defn, "type", None) != "oshi" or not validity.in_game(game, "continuous.skill_uses"):
        return 1
    allowed = 1
    for holder, stack in validity.ability_holders(game, card.owner):
        for a in validity.valid_abilities(game, holder, stack, ("continuous",)):       # 10.3.4, 10.3.2
            su = a.get("skill_uses")
            if su and su["name"] in (ab.get("name"), ab.get("name_en")) and \
                    holds(game, a.get("condition") or {}, {"player": card.owner, "holomem": stack, "card": holder}):
                allowed = max(allowed, int(su["times"]))
    return allowed


def _count_use(game, card, ab):
    period = _period(game, ab)
    if period is not None:
        game.emit("ability_used", ("10.7.2.1.1",), card.number, key=(card.id, id(ab), period))
    named = _name_key(game, card, ab)
    if named is not None:
        game.emit("ability_used", ("10.1.3.1", "10.7.2.1.1"), card.number, key=named)


@on_event("ability_used")
def apply_ability_used(game, ev):
    game.uses[ev.data["key"]] = game.uses.get(ev.data["key"], 0) + 1
