"""Continuous effects (10.2.1.2, 10.10): what they change, and in which order they apply.

Two sources:

* continuous abilities (10.1.1.3) of valid cards (validity.py):
      - {kind: continuous, modifier: {arts: 20, hp: 10}}               # this holomem (the shorthand)
      - {kind: continuous, condition: {..}, effect: {target: SELECTOR, names: [AZKi], arts: 20,
         hp: 10, set_hp: 150, invalidate: {name: X} | {kind: auto} | all}}
  The order stamp of such an effect is when its card was put where it is (10.10.1.6.1).
* effects of played abilities (10.2.1.2), made by `modify` (verbs.py) or `continuous` (below):
  they stay with the holomems chosen when played, while those stay on the stage (10.10.2), until
  their period ends; their order stamp is when they were played (10.10.1.6.2).

When a holomem's information is asked (10.10.1), its printed information is the base (10.10.1.1);
then effects that make abilities invalid apply (10.10.1.2), then the other non-numeric ones (added
names, 10.10.1.3), then the numeric ones (arts, HP, 10.10.1.4). Within one of these, an effect
whose targets change when another applies first comes after it (it depends on it, 10.10.1.5);
otherwise they apply in the order they arose (10.10.1.6). An effect about the holomems of a zone
(`target: stage`) applies to a holomem the moment it enters (10.10.3).

A continuous ability's "you" is its controller: the controller of the card that has it (3.1.2.1),
the player whose zone the card is in (3.1.2). Its condition and its holomem selector are read for
that player; where that decided whether the effect reaches a holomem (another controller would not
have given it this effect), the holomem's information cites 3.1.2.1.
"""
from __future__ import annotations

from collections import defaultdict

from ....core.terms import Bool, Either, Enum, Int, ListOf, OneOrList, Ref, Text
from ..terms import (CARD_FILTER, CONDITION, DAMAGE_KIND, NAMES, N1, PLAYER_ZONES, SELECTOR, SIGNED, VOCAB, WHO,
                     ability_kind, key,
                     mapping)
from ..cards import COLORS
from .select import holds, holomems
from .validity import names_match
from . import targets as target_rules
from . import validity
from . import zones

LAYER = {"invalidate": 1, "names": 2, "all_colors": 2, "arts": 3, "hp": 3, "set_hp": 3, "arts_cost_colorless": 3,
         "arts_cost": 3, "arts_cost_none": 3, "baton_cost": 3}
LAYER_RULE = {1: "10.10.1.2", 2: "10.10.1.3", 3: "10.10.1.4"}
# What a continuous effect changes on its holomems (LAYER, in the order of 10.10.1). An effect on a die's
# result is not one of them: it is a replacement effect (10.2.1.3.3, 5.24.4; dice.py).
EFFECT_CHANGES = (
    key("names", "the holomems also have these names", ListOf(Text("NAME")), "10.10.1.3"),
    key("all_colors", "the holomems are treated as holomems of every colour ('すべての色を持つホロメンとして扱う'; "
        "colourless is not a colour, 2.4.2.3)", Bool(), "10.10.1.3", "2.4"),
    key("invalidate", "abilities made invalid: `all`, those of a name (10.1.3.1), those of a kind",
        Either(Enum("all"), mapping(key("name", "abilities of this name", NAMES),
                                    key("kind", "abilities of this kind", OneOrList(Ref("ability_kind", "KIND"))),
                                    min_properties=1)), "10.3.2", "10.10.1.2"),
    key("arts", "arts +N", SIGNED, "10.10.1.4", "12.3.4.4"),
    key("hp", "HP +N", SIGNED, "10.10.1.4"),
    key("set_hp", "HP becomes N", Int(minimum=0, variable="X"), "10.10.1.4"),
    key("arts_cost", "the cheer the holomem's arts need (12.3.3.1), fewer: `{yellow: -1}` one yellow icon less, "
        "`{any: -1}` one colourless icon less ('アーツに必要な黄-1', Q399, Q405); never below none; more: `{any: 2}` "
        "('アーツに必要な無色+2')",
        mapping(*(key(c, f"{c} icons: -N (or +N)", Int()) for c in (*COLORS, "any")), min_properties=1),
        "10.10.1.4", "12.3.3.1"),
    key("arts_cost_colorless", "every colour icon of the cheer its arts need is a colourless icon ('アーツに必要な"
        "エールの色すべてを無色にする'; other changes of the icons apply to the icons so made)", Bool(), "10.10.1.4",
        "12.3.3.1", "2.4.2.1"),
    key("arts_cost_none", "the holomem's arts need no cheer at all ('アーツは、エールを必要とせずに使える'): every "
        "icon of their cost is taken off, whatever else changes it", Bool(), "10.10.1.4", "12.3.3.1"),
    key("baton_cost", "the colourless cheer the holomem's baton pass needs (2.10.1), -N fewer ('バトンタッチに必要な"
        "無色エール-2', Q471) or +N more ('バトンタッチに必要な無色+1': one more cheer to archive, Q493-Q495); "
        "applied in the order they arose (10.10.1.6), never below none (Q496)", SIGNED, "10.10.1.4", "10.10.1.6",
        "2.10.1", "8.7.2"))
# The keys of a continuous ability's `effect:` mapping: its holomems (_gather) and what it changes.
EFFECT = VOCAB.record(
    "continuous_effect", "What a continuous ability changes (10.10), and on which holomems (10.10.3).",
    [key("target", "the holomems it applies to; `stage` and the like apply to each holomem the moment it "
         "enters (10.10.3); 'your' is its controller's (3.1.2.1)", SELECTOR, "10.10.3", "3.1.2.1", default="this"),
     *EFFECT_CHANGES], min_properties=1)
EFFECT_KEYS = EFFECT.names()

_CONTINUOUS = ("modifier", "effect", "reduce_damage", "prevent_damage", "unreducible", "use_arts_of", "target_also",
               "prohibit", "require", "bloom_ignoring_level", "bloom_again", "attach_limit", "as_cheer", "skill_uses")
# 'for each (X)' of a continuous ability: its numbers times what it counts, counted whenever they are read
# (10.10: it applies as the board is; cardpool._count)
CONTINUOUS_PER = mapping(
    key("what", "`cheer` attached to them, `attached` cards (with `filter`), `stacked` holomem cards under them, "
        "the `holomems`, or the `cards` of a zone (`zone`, `who`, `filter`: '自分のホロパワー1枚につき')",
        Enum("cheer", "attached", "stacked", "holomems", "cards"), default="holomems"),
    key("on", "the holomems counted, or whose cards are counted", SELECTOR, default="this"),
    key("filter", "with what: attached or cards: only cards matching it", CARD_FILTER),
    key("zone", "with what: cards: the zone counted", Enum(*PLAYER_ZONES), "4.1"),
    key("who", "with what: cards: whose zone", WHO, default="own"),
    key("every", "counted in groups of this many", Int(minimum=1), default=1),
    key("max", "count at most this many", Int(minimum=1)))
ability_kind(
    "continuous", "10.1.1.3", "10.10", doc="always on while its card is valid, with an optional `condition:`; on the "
    "holomem this card is (or, for a tool, mascot or fan, is attached to)", keys=[
        key("condition", "it applies only while this holds; `attached_to` is the ◆ additional ability (5.19.1)",
            CONDITION),
        key("modifier", "the holomem's arts +N, HP +N (the shorthand of `effect` for this holomem)",
            mapping(key("arts", "arts +N", SIGNED), key("hp", "HP +N", SIGNED), at_least_one=("arts", "hp")),
            "10.10.1.4"),
        key("effect", "what it changes, on which holomems", Ref("continuous_effect", "{target: .., arts: .., ..}"),
            "10.10"),
        key("reduce_damage", "the holomem takes N less damage (a replacement effect)", Int(minimum=1),
            "5.22.3", "10.2.1.3.3", "10.11.1"),
        key("prevent_damage", "the holomem does not take the damage: it is reduced by all of it", Bool(), "5.22.4"),
        key("from", "with reduce_damage or prevent_damage: only damage the opponent deals", Enum("opponent")),
        key("damage_kind", "with reduce_damage or prevent_damage: only that kind of damage", DAMAGE_KIND),
        key("protects", "with reduce_damage or prevent_damage: the holomems of its player it applies to, instead of "
            "the one it is on ('自分のバックポジションの…ホロメン全員は相手から特殊ダメージを受けない'), as they are "
            "when the damage comes", SELECTOR, "5.22.3", "5.22.4", "10.10"),
        key("unreducible", "the damage of these kinds the holomem deals cannot be reduced", ListOf(DAMAGE_KIND),
            "5.22.3.1"),
        key("use_arts_of", "the holomem may use the arts of the holomems the selector names, as if it had them",
            SELECTOR, "5.27.1"),
        key("target_also", "the holomem's arts may also target the holomems the selector names, from its player's "
            "side ('このホロメンのアーツは、相手のDebut以外のバックホロメンも対象にできる': `{where: back, who: opponent, "
            "bloom_level: [1st, 2nd, spot]}`; 12.3.3.2 widened, the text prevailing, 1.3.1)", SELECTOR, "12.3.3.2",
            "1.3.1"),
        key("prohibit", "a prohibition", Ref("prohibit", "{action: .., who: .., target: ..}"), "1.3.3"),
        key("require", "a requirement on a choice of one holomem", Ref("require", "{choice: .., who: .., include: ..}"),
            "1.3.2.3"),
        key("bloom_ignoring_level", "the holomem may bloom with a hand card matching this filter whatever the two "
            "bloom levels ('Bloomレベルを無視してBloomできる': the level part of 8.3.3 set aside, the name and HP "
            "parts kept; the text prevails, 1.3.1)", CARD_FILTER, "8.3.3", "1.3.1"),

        key("per", "with `modifier` or `effect`: its numbers (arts, HP) for each of what it counts, counted as the "
            "board is whenever they are read ('このホロメンのエール1枚につき、このホロメンのHP+10')", CONTINUOUS_PER,
            "10.10.1.4"),
        key("bloom_again", "this holomem, having bloomed this turn, may bloom once more with a card matching the "
            "filter ('このターンにBloomしたこのホロメンは、自分の手札の2ndホロメンを使ってもう1回Bloomできる'; at "
            "any time it holds, Q484)", CARD_FILTER, "5.28.1", "8.3.2"),
        key("attach_limit", "this holomem's own limit of the cards of a sub-type attached to it, instead of 5.17.3.1-"
            "5.17.3.2's one ('異なるカード名のマスコットを2枚まで付けられる'). `sub_type`: tool or mascot; `max`: how many; "
            "`distinct_names`: of different card names", mapping(
                key("sub_type", "the sub-type", Enum("tool", "mascot"), required=True),
                key("max", "how many", Int(minimum=1), required=True),
                key("distinct_names", "of different card names", Bool())), "5.17.3.3"),
        key("as_cheer", "(a card attached to a holomem) when its holomem uses an art, this card also counts as a cheer "
            "of this colour, for what the art needs only ('このファンを赤エールとしても扱う'; Q114): at any other time "
            "it is the attached support card it is", Enum(*COLORS), "12.3.3.1", "1.3.1"),
        key("skill_uses", "its player's oshi skill of this name may be used `times` times in its limit's period "
            "('自分の推しスキル「X」の[ターンに1回]を[ターンに2回]に変更する'): while this holds; the uses already made "
            "in the period still count (Q254, Q273). `name`: the oshi skill's name; `times`: its new number", mapping(
                key("name", "the oshi skill's name", Text(), required=True),
                key("times", "how many times in its period", Int(minimum=2), required=True)), "12.1.4")],
    at_least_one=_CONTINUOUS + ("unsupported",))


class CEffect:
    """One continuous effect: what it changes (`key`, `value`), on which holomems, its order stamp."""

    __slots__ = ("key", "value", "label", "card", "ability", "index", "holder", "player", "stamp", "target",
                 "fixed")

    def __init__(self, key, value, label, *, stamp, player, card=None, ability=None, index=None, holder=None,
                 target=None, fixed=None):
        self.key, self.value, self.label, self.stamp, self.player = key, value, label, stamp, player
        self.card, self.ability, self.index, self.holder = card, ability, index, holder
        self.target, self.fixed = target, fixed

    @property
    def layer(self) -> int:
        return LAYER[self.key]

    @property
    def from_ability(self) -> bool:
        return self.ability is not None

    def origin_rules(self) -> tuple:
        if self.from_ability:       # a continuous ability: always on while valid, never played (10.7.1)
            return ("10.1.1", "10.1.1.3", "10.1.1.3.1", "10.7.1")
        return ("10.2.1.2", "10.10.2")   # a played ability's: while its holomem stays on the stage

    def stamp_rule(self) -> str:
        """10.10.1.6.1 / 10.10.1.6.2: what its place in the order of arising is."""
        return "10.10.1.6.1" if self.from_ability else "10.10.1.6.2"


class CState:
    """The result of applying every continuous effect: per holomem (stack id)."""

    def __init__(self):
        self.names: dict = defaultdict(frozenset)     # added names (10.10.1.3)
        self.arts: dict = defaultdict(int)
        self.hp: dict = {}                            # absolute HP where an effect changed it
        self.invalid: dict = {}                       # (card id, ability index) -> why invalid (10.3.2)
        self.rules: dict = defaultdict(set)           # how each holomem's information was reached
        self.contrib: dict = defaultdict(list)        # stack id -> [(effect, amount, rules)] for arts
        self.hp_contrib: dict = defaultdict(list)     # stack id -> [(effect, amount, rules)] for HP
        self.cost: dict = {}                          # stack id -> {icon: -N} for its arts (12.3.3.1)
        self.baton: dict = defaultdict(int)           # stack id -> +/-N colourless for its baton pass (2.10.1)
        self.all_colors: set = set()                  # stack ids treated as of every colour (2.4)
        self.colorless: set = set()                   # stack ids whose arts' colour icons are colourless
        self.free: set = set()                        # stack ids whose arts need no cheer (12.3.3.1)

    def copy(self):
        c = CState()
        c.names.update(self.names)
        c.arts.update(self.arts)
        c.hp.update(self.hp)
        c.invalid = dict(self.invalid)
        c.cost = {k: dict(v) for k, v in self.cost.items()}
        c.baton.update(self.baton)
        c.all_colors = set(self.all_colors)
        c.colorless = set(self.colorless)
        c.free = set(self.free)
        return c


EMPTY = CState()
from ..terms import verb_function
from ..events import on_event


def _init_continuous(game):
    game.modifiers: list = []        # continuous effects of played abilities (10.2.1.2)
    game._cs_cache = None
    game._cs_working = None

# ------------------------------------------------------------- queries
def max_hp(game, stack) -> int:
    """10.10.1.4: the HP continuous effects give a holomem on the stage, else its printed HP
    (game.py; a holomem that left the stage: its last known HP there, 10.12.1)."""
    if stack.zone is None or not stack.cards:
        return game.printed_max_hp(stack)
    hp = _cstate(game).hp.get(stack.id)
    return hp if hp is not None else (stack.cards[-1].defn.hp or 0)


def hp_changed(game) -> bool:
    return bool(_cstate(game).hp)


def modified(game, stack, attribute, neutral):
    """10.10.1: what continuous effects make of a holomem's information (game.py asks)."""
    lk = zones.last_known(game, stack)
    if lk is not None:                  # 10.12.1: it left the stage: what it last was there
        return {"names": lk["added_names"], "hp": lk["hp"]}.get(attribute, neutral)
    state = _cstate(game)
    if attribute == "names":
        return state.names.get(stack.id, neutral)
    if attribute == "all_colors":
        return stack.id in state.all_colors or neutral
    if attribute == "hp":
        if stack.id in state.hp:
            return state.hp[stack.id] - (game.top_def(stack).hp or 0)
        return neutral
    if attribute == "arts":
        return state.arts.get(stack.id, neutral)
    return neutral


def invalidated(game, card, ab, stack):
    """10.3.2, 10.10.1.2: the effect (and rules) that made an ability invalid, or None."""
    state = _cstate(game)
    if not state.invalid:
        return None
    try:
        index = card.defn.abilities.index(ab)
    except ValueError:
        return None
    return state.invalid.get((card.id, index))


def info_rules(game, stack) -> tuple:
    """The rules by which continuous effects reached this holomem's information now."""
    return tuple(sorted(_cstate(game).rules.get(stack.id, ())))


def art_modifiers(game, stack, art, target) -> int:
    """12.3.4.4: arts +N from continuous effects on this holomem (not special damage: Q3, Q105)."""
    state = _cstate(game)
    if state.rules.get(stack.id) and not state.contrib.get(stack.id):
        # its information was changed by continuous effects, none of which adds to its arts
        game.emit("continuous_info", ("10.10.1", "10.10.1.1") + tuple(sorted(state.rules[stack.id])),
                  holomem=game.snap(stack), names=sorted(game.names(stack)))
    _note_contributions(game, stack, "arts", state.contrib.get(stack.id, ()), state)
    return state.arts.get(stack.id, 0)


def _fewer(cost: tuple, less: dict) -> tuple:
    """A cost (cheer icons) with `less` icons taken off: {icon: -N} removes up to N of that icon."""
    out = list(cost)
    for icon, n in less.items():
        for _ in range(-int(n)):
            if icon in out:
                out.remove(icon)
        out.extend([icon] * max(int(n), 0))         # '+N': N more of that icon
    return tuple(out)


def art_cost_fewer(game, stack, cost: tuple) -> tuple:
    """12.3.3.1 with 10.10.1.4: an art's cost less what continuous abilities take off it now
    (Q399, Q405, Q444); arts.art_cost first takes off what the art's text and played effects do."""
    if stack is None or stack.zone is None:
        return cost
    state = _cstate(game)
    if stack.id in state.free:                      # 'usable without cheer': no icon is left to need
        return ()
    if stack.id in state.colorless:                 # colour icons made colourless (2.4.2.1), then fewer
        cost = tuple("any" for _ in cost)
    less = state.cost.get(stack.id)
    return _fewer(cost, less) if less else cost


def baton_cost(game, stack) -> tuple:
    """2.10.1, 8.7.2 with 10.10.1.4: the cheer this holomem's baton pass needs now (Q471)."""
    cost = game.top_def(stack).baton_pass
    change = _cstate(game).baton.get(stack.id) if stack.zone is not None else None
    if change and change > 0:                    # '無色+N': N colourless icons more (Q493)
        return tuple(cost) + ("any",) * change
    return _fewer(cost, {"any": change}) if change else cost


def baton_rules(game, stack) -> tuple:
    """The rules behind a baton pass cost continuous effects changed (2.10.1 with 10.10.1.4; several, in
    the order they arose, 10.10.1.6: Q496), even when the changes leave it as printed."""
    state = _cstate(game)
    if stack is None or stack.zone is None or stack.id not in state.baton:
        return ()
    return ("2.10.1", "10.10.1.4") + (("10.10.1.6",) if "10.10.1.6" in state.rules.get(stack.id, ()) else ())


def note_hp_effects(game, stack):
    """10.10.1.4: when a holomem takes damage, the trace names the continuous effects that made
    its HP what it is (its remaining HP, 4.4.5.4, and whether it is downed, 4.4.5.3, follow from
    it). Only for a trace: nothing is looked at when nobody records."""
    if not (game.record or game.debug) or stack.zone is None:
        return
    state = _cstate(game)
    if stack.id in state.hp:
        _note_contributions(game, stack, "hp", state.hp_contrib.get(stack.id, ()), state,
                                 hp=state.hp[stack.id])


def _note_contributions(game, stack, attribute, contributions, state, **data):
    for eff, amount, own in contributions:
        rules = ("10.10.1", "10.10.1.1", "10.10.1.4") + eff.origin_rules() + own + \
            tuple(sorted(state.rules.get(stack.id, ())))
        if eff.from_ability:
            rules += validity.validity_rules(eff.card, eff.ability)
        game.emit("continuous_applies", tuple(dict.fromkeys(rules)), eff.label, holomem=game.snap(stack),
                  attribute=attribute, amount=amount, number=eff.card.number if eff.card is not None else None,
                  controller=eff.player, **data)

# ---------------------------------------------------------- computing
def _cstate(game) -> CState:
    if game._cs_working is not None:             # asked while computing: the state so far
        return game._cs_working
    cached = game._cs_cache
    if cached is not None and cached[0] == game.state_version:
        return cached[1]
    effects = _gather(game)
    state = _compute(game, effects) if effects else EMPTY
    game._cs_cache = (game.state_version, state)
    return state


def _gather(game) -> list:
    out = []
    for m in game.modifiers:
        if m["stack"] is None or m["attribute"] not in LAYER:
            continue
        out.append(CEffect(m["attribute"], m["amount"], m["source"], stamp=m.get("seq", (0, 0)),
                           player=m.get("player"), fixed=m["stack"]))
    for p in game.PLAYERS if game.in_game("continuous") else ():
        for card, stack in validity.ability_holders(game, p):
            for index, ab in enumerate(card.defn.abilities):
                if ab.get("kind") != "continuous" or not validity.valid_where(game, card, ab, stack):
                    continue
                label = _label(card, ab)
                stamp = zones.card_since(game, card)
                # 3.1.2.1: the ability's controller is its card's, p (3.1.2: p's zone holds the card)
                mod = ab.get("modifier") or {}
                eff = ab.get("effect") if isinstance(ab.get("effect"), dict) else {}
                times = _per_times(game, ab["per"], p, stack, card) if ab.get("per") else 1
                for key, value in list(mod.items()) + [(k, v) for k, v in eff.items() if k in LAYER]:
                    if times != 1 and key in ("arts", "hp"):          # 'for each (X), +N'
                        value = int(value) * times
                    out.append(CEffect(key, value, label, stamp=stamp, player=p, card=card, ability=ab,
                                       index=index, holder=stack, target=eff.get("target", "this")))
    return out


def _per_times(game, per, player, stack, card) -> int:
    """How many times a continuous ability's 'for each' counts now (10.10: as the board is)."""
    from .cardpool import _count                  # (cardpool builds on the effect modules)
    counted = _count(game, per, {"player": player, "holomem": stack, "card": card})
    if "max" in per:
        counted = min(counted, int(per["max"]))
    return counted // int(per.get("every", 1))


def _compute(game, effects) -> CState:
    state = CState()
    game._cs_working = state
    try:
        for layer in (1, 2, 3):
            _apply_layer(game, [e for e in effects if e.layer == layer], state)
    finally:
        game._cs_working = None
    return state


def _apply_layer(game, effects, state):
    remaining = sorted(effects, key=lambda e: e.stamp)
    applied = defaultdict(list)
    while remaining:
        pick = remaining[0]
        if len(remaining) > 1 and pick.layer < 3:
            # 10.10.1.5: an effect that depends on another (its targets change when that one
            # applies first) comes after it; among the rest the order they arose (10.10.1.6).
            pick = next((e for e in remaining if not any(_depends(game, e, a, state)
                                                           for a in remaining if a is not e)), remaining[0])
        reordered = pick is not remaining[0]
        remaining.remove(pick)
        if not _active(game, pick, state):
            continue
        targets = _eff_targets(game, pick, state)
        # 3.1.2.1: read for its controller; cited where that decided it (only for a trace)
        decided = _by_controller(game, pick, state, targets) if game.record or game.debug else ()
        for s in targets:
            applied[s.id].append(pick)
            rules = state.rules[s.id]
            rules.add(LAYER_RULE[pick.layer])
            if pick.layer == 1:
                rules.add("10.3.2")        # an invalid ability exists but has no effect
            if reordered:
                rules.add("10.10.1.5")
            if len(applied[s.id]) > 1:     # several on one holomem: in the order they arose
                rules.update(["10.10.1.6"] + [e.stamp_rule() for e in applied[s.id]])
            if pick.fixed is None and pick.target not in ("this", None):
                rules.add("10.10.3")      # an effect on the holomems of a zone: on entering, too
            own = ("3.1.2", "3.1.2.1") if s.id in decided else ()
            _apply_one(game, pick, s, state, own)


def _by_controller(game, e, state, targets) -> set:
    """3.1.2.1: the holomems (stack ids) a continuous ability's effect reaches only because of who
    controls it: were the other player its controller, its condition would not hold for them, or
    its selector ("your holomems", "your opponent's centre") would name other holomems."""
    if not e.from_ability or not targets:
        return set()
    other = CEffect(e.key, e.value, e.label, stamp=e.stamp, player=game.other(e.player), card=e.card,
                    ability=e.ability, index=e.index, holder=e.holder, target=e.target)
    reached = {s.id for s in targets}
    if not _active(game, other, state):
        return reached
    return reached - {s.id for s in _eff_targets(game, other, state)}


def _apply_one(game, e, s, state, own=()):
    if e.key == "invalidate":
        for card in [s.top, *s.attached]:
            for i, ab in enumerate(card.defn.abilities):
                if _invalidates(e.value, ab):
                    by_name = ("10.1.3", "10.1.3.1") if isinstance(e.value, dict) and "name" in e.value else ()
                    state.invalid[(card.id, i)] = (e.label,) + by_name
    elif e.key == "names":
        state.names[s.id] = state.names[s.id] | frozenset(_list(e.value))
    elif e.key == "all_colors":                      # 2.4: of every colour
        if e.value:
            state.all_colors.add(s.id)
    elif e.key == "arts":
        state.arts[s.id] += int(e.value)
        state.contrib[s.id].append((e, int(e.value), own))
    elif e.key == "hp":
        state.hp[s.id] = state.hp.get(s.id, game.top_def(s).hp or 0) + int(e.value)
        state.hp_contrib[s.id].append((e, int(e.value), own))
    elif e.key == "set_hp":
        state.hp[s.id] = int(e.value)
        state.hp_contrib[s.id].append((e, int(e.value), own))
    elif e.key == "arts_cost":                       # 12.3.3.1: the icons its arts need, fewer
        cost = state.cost.setdefault(s.id, {})
        for icon, n in e.value.items():
            cost[icon] = cost.get(icon, 0) + int(n)
    elif e.key == "arts_cost_colorless":             # 12.3.3.1: each colour icon becomes colourless
        if e.value:
            state.colorless.add(s.id)
    elif e.key == "arts_cost_none":                  # 12.3.3.1: its arts need no cheer
        if e.value:
            state.free.add(s.id)
    elif e.key == "baton_cost":                      # 2.10.1: the icons its baton pass needs, fewer or more
        # 10.10.1.6: each change in the order they arose, on the cost as it stands then; a cost never
        # falls below none (1.3.2: what cannot be taken off is not), so '+1' then '-2' on a cost of none
        # leaves none (Q496)
        printed = len(game.top_def(s).baton_pass)
        now = max(printed + state.baton[s.id] + int(e.value), 0)
        state.baton[s.id] = now - printed


def _active(game, e, state) -> bool:
    if not e.from_ability:
        return True
    if (e.card.id, e.index) in state.invalid:                # 10.3.2
        return False
    ctx = {"player": e.player, "holomem": e.holder, "card": e.card}
    return holds(game, e.ability.get("condition") or {}, ctx)


def _eff_targets(game, e, state) -> list:
    if e.fixed is not None:                                  # 10.10.2: while it stays on the stage
        return [e.fixed] if e.fixed.zone is not None and e.fixed.cards else []
    ctx = {"player": e.player, "holomem": e.holder, "card": e.card}
    return holomems(game, e.target or "this", ctx)


def _depends(game, b, a, state) -> bool:
    """10.10.1.5: B depends on A when applying A first changes what B applies to, or whether."""
    before = (_active(game, b, state), [s.id for s in _eff_targets(game, b, state)])
    trial = state.copy()
    game._cs_working = trial
    try:
        if _active(game, a, trial):
            for s in _eff_targets(game, a, trial):
                _apply_one(game, a, s, trial)
        after = (_active(game, b, trial), [s.id for s in _eff_targets(game, b, trial)])
    finally:
        game._cs_working = state
    return before != after

# ------------------------------------------------------ played effects
@on_event("continuous")
def apply_continuous(game, ev):
    game.modifiers.append({"stack": ev.data.get("stack"), "player": ev.data.get("player"),
                           "attribute": ev.data["attribute"], "amount": ev.data["amount"],
                           "until": ev.data["until"], "source": ev.source, "seq": (ev.seq, 0),
                           "turn": ev.data.get("turn"), **{k: ev.data[k] for k in ("positions", "who", "members")
                                                           if k in ev.data}})


def expire_continuous(game, ev):
    """7.7.4: effects lasting 'this turn' end; so do those 'during the next opponent's turn' when it
    is that turn that ends."""
    game.modifiers = [m for m in game.modifiers if m["until"] != "end_of_turn" and not (
        m["until"] == "next_opponent_turn" and game.turn_player != m.get("player")
        and game.turn_number > (m.get("turn") or 0))]


@verb_function("continuous", "10.2.1.2", "10.10", doc="a continuous effect of a played ability on the holomems chosen "
               "now, for its period", group="machinery", arg=mapping(
                   key("target", "the holomems", SELECTOR, default="this"),
                   key("count", "how many of them (`all`: every one)", Either(N1, Enum("all")), default="all"),
                   key("up_to", "0 to `count` of them may be chosen (10.7.2.3.2)", Bool()),
                   *EFFECT_CHANGES,
                   key("until", "its period; without it, the rest of the game; `end_of_next_opponent_turn`: "
                       "through the end of the next turn of its player's opponent ('次の相手のターンが終了するまで')",
                       Enum("end_of_turn", "end_of_next_opponent_turn"), "10.2.1.2", "7.7.4")))
def continuous(game, arg, step, ctx, source):
    """10.2.1.2: a continuous effect of a played ability, for a period (`until: end_of_turn`, or
    the rest of the game), on the holomems chosen now (10.10.2):
    {target: SELECTOR, count: N|all, up_to: true, names: [..], invalidate: {name: X}, arts: N,
     hp: N, set_hp: N, until: end_of_turn}."""
    arg = dict(arg)
    until = arg.get("until", "game")
    # 'until the end of the next opponent's turn': it ends when a later turn of the other player ends
    # (expire_continuous, 7.7.4)
    until = "next_opponent_turn" if until == "end_of_next_opponent_turn" else until
    changes = [(k, arg[k]) for k in LAYER if k in arg]
    targets = yield from target_rules.choose_targets(game, arg.get("target", "this"), ctx, source, ("10.2.1.2",),
                                             count=arg.get("count", "all"), up_to=bool(arg.get("up_to")))
    for s in targets:
        for key, value in changes:
            game.emit("continuous", ("10.2.1.2", LAYER_RULE[LAYER[key]]), source, stack=s,
                      holomem=game.snap(s), player=ctx["player"], attribute=key, amount=value, until=until,
                      turn=game.turn_number)
def _invalidates(spec, ab) -> bool:
    """`invalidate: all | {name: X} | {kind: auto}`: which abilities it makes invalid (10.3.2)."""
    if spec in ("all", True):
        return ab.get("kind") not in ("attach_rule",)
    if "name" in spec and not names_match(ab, spec["name"]):          # 10.1.3.1
        return False
    if "kind" in spec and ab.get("kind") not in _list(spec["kind"]):
        return False
    return True


def _label(card, ab) -> str:
    name = ab.get("name_en") or ab.get("name")
    return f"{card.number} {name}" if name else card.number


def _list(x):
    return x if isinstance(x, (list, tuple)) else [x]
