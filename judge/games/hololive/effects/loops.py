"""Endless loops (14.1).

* 14.1.1.2: when the turn player's action is followed, within the turn, by a game state completely
  identical to the one they took it in, they cannot take that action again: each action the turn
  player takes is remembered with the state it was taken in, and is illegal in that state again.
* 14.1.1.3: a loop nobody can stop ends the game in a draw. judge detects the plainest case: the
  same ability is about to be carried out in a completely identical state, the state having
  changed in between, and no player chose anything nor did chance decide anything since (no
  decision with more than one answer, no die, no shuffle, no play timing). Everything that follows
  is then determined and repeats for ever.

'Completely identical' compares everything the rules can see: every zone (cards by number, in
order where the zone keeps one), each holomem (its cards, attached cards, damage, rested and
per-turn states), the players' facts and life damage, the turn and step, continuous effects, use
counts, waiting and timed abilities. Two cards of one number are interchangeable.
"""
from __future__ import annotations

from operator import attrgetter

from ....core.errors import InvariantViolation
from ....core.state import Stack
from ..game import STAGE, STEPS
from .. import actions

STEP_ORDER = {name: i for i, name in enumerate(STEPS)}

CHOICES = ("play_timing", "die", "shuffle", "chance")


_NUMBER = attrgetter("defn.number")
_FACE = attrgetter("_face_up")


def _interned(key, ids) -> int:
    """A small number standing for `key`: equal keys, equal numbers (within one game). The state
    key is made of these, so it is cheap to hash and to compare."""
    n = ids.get(key)
    if n is None:
        n = ids[key] = len(ids)
    return n


def _stack_key(i, memo):
    """A holomem as the rules see it: its cards, attached cards, damage and states (as an interned
    number). `memo` keeps the last key of each holomem with its version: most holomems do not
    change between two actions."""
    hit = memo.get(i)
    if hit is not None and hit[0] == i.version:
        return hit[1]
    key = _interned(_stack_content(i), memo[None])
    memo[i] = (i.version, key)
    return key


def _stack_content(i) -> tuple:
    return _stack_content_of(i.cards, i.attached, i.damage, i.flags.items())


def _stack_content_of(cards, attached, damage, flags) -> tuple:
    return (tuple(map(_NUMBER, cards)), tuple(sorted(map(_NUMBER, attached))), damage,
            tuple(sorted([(k, repr(v)) for k, v in flags if v is not None and v is not False])))


def _zone_key(z, memo):
    """The cards of a zone off the stage, by number (and face), in order where the zone keeps one.
    `memo`, as for holomems: most zones do not change between two actions (the zone's version
    says whether it did)."""
    hit = memo.get(z)
    if hit is not None and hit[0] == z.version:
        return hit[1]
    key = _interned(_zone_content(z), memo[None])
    memo[z] = (z.version, key)
    return key


def _zone_content(z) -> tuple:
    return _zone_content_of(z.items, map(_FACE, z.items), z.ordered)


def _zone_content_of(items, faces, ordered) -> tuple:
    """By number and face: two cards of one number are interchangeable."""
    cards = tuple(zip(map(_NUMBER, items), faces))
    return cards if ordered else tuple(sorted(cards))


class _Held:
    """A zone or holomem that changed since it was last keyed, as it stood when a state was
    remembered (14.1.1.2): references to what it held, cheap to take; its key is made only if a
    later state of the turn may be the same (the rough key matched)."""

    __slots__ = ("thing", "version", "held", "stage", "checked")

    def __init__(self, thing, stage: bool, checked=None):
        self.thing, self.version, self.stage = thing, thing.version, stage
        if stage:
            self.held = (tuple(thing.cards), tuple(thing.attached), thing.damage, tuple(thing.flags.items()))
        else:
            self.held = (tuple(thing.items), tuple(map(_FACE, thing.items)))
        self.checked = checked      # with the invariant checks on: its key made at once, to compare

    def key(self, memo) -> int:
        if self.stage:
            cards, attached, damage, flags = self.held
            content = _stack_content_of(cards, attached, damage, flags)
        else:
            items, faces = self.held
            content = _zone_content_of(items, faces, self.thing.ordered)
        key = _interned(content, memo[None])
        if self.checked is not None and key != self.checked:
            raise InvariantViolation(f"14.1.1.2: {self.thing} changed under a remembered state")
        if self.thing.version == self.version:
            memo[self.thing] = (self.version, key)
        return key


def _keyed(part, memo):
    return part.key(memo) if type(part) is _Held else part


def _where(card) -> str:
    return card.zone.label if card.zone is not None else ""


# ------------------------------------------------------------ the state
class LoopMemo:
    """What the loop checks (14.1.1) keep on a game between calls: the state key of the current
    state version, the keys already made of each zone and holomem (`key_memo`: thing -> (version,
    key); None -> the interned keys), their held contents, the zones keyed, the states and actions
    of this turn (`acted`: turn, rough keys, exact keys, states still to key), the rough key of the
    current version, and for 14.1.1.3 the states an ability's steps started from since the last
    choice (`seen`, read from trace index `mark`)."""

    __slots__ = ("state_key", "key_memo", "held", "all_zones", "staged_zones", "acted", "rough", "seen", "mark")

    def __init__(self):
        self.state_key = self.key_memo = self.all_zones = self.staged_zones = self.acted = self.rough = None
        self.held: dict = {}
        self.seen: dict = {}
        self.mark = 0


def state_key(game):
    """The complete state as the rules see it (14.1.1.2), as a hashable key."""
    kept = game.loop_memo
    cached = kept.state_key
    if cached is not None and cached[0] == game.state_version:
        return cached[1]
    key = _key_of(game, _state_parts(game))
    kept.state_key = (game.state_version, key)
    return key


def _memo(game) -> dict:
    kept = game.loop_memo
    memo = kept.key_memo
    if memo is None:
        memo = kept.key_memo = {None: {}}          # None: the interned keys
    return memo


def _key_of(game, parts) -> tuple:
    """The key of a state remembered by `_state_parts`."""
    memo = _memo(game)
    zones, rest = parts
    return (tuple(tuple(_keyed(i, memo) for i in z) if type(z) is tuple else _keyed(z, memo) for z in zones),
            rest)


def _state_parts(game) -> tuple:
    """The state, cheaply: each zone and holomem that did not change since it was last keyed by
    its key (its version says so), the others by what they hold (one _Held per version of it);
    the rest by value."""
    memo = _memo(game)
    held = game.loop_memo.held
    check = game.debug
    zones = []
    for z, on_stage in _key_zones_staged(game):
        part = []
        for thing in z.items if on_stage else (z,):
            if on_stage and type(thing) is not Stack:
                part.append(("C", thing.defn.number))    # no holomem under it (11.4.1 archives it)
                continue
            hit = memo.get(thing)
            if hit is not None and hit[0] == thing.version:
                part.append(hit[1])
                continue
            h = held.get(thing)
            if h is None or h.version != thing.version:
                key = (_stack_key if on_stage else _zone_key)(thing, memo) if check else None
                h = held[thing] = _Held(thing, on_stage, key)
            part.append(h)
        zones.append(tuple(part) if on_stage else part[0])
    if check:
        _check_kept_keys(game, memo)

    def pos(s):
        return game.position(s) if type(s) is Stack and s.zone is not None else repr(s)
    mods = sorted(repr((pos(m.get("stack")), m.get("player"), m["attribute"], m["amount"], m["until"],
                        m.get("once"))) for m in game.modifiers)
    uses = sorted(repr((game.cards[k[0]].number, _where(game.cards[k[0]]), k[2], n) if isinstance(k[0], int)
                       and k[0] in game.cards else (k, n)) for k, n in game.uses.items())
    rest = (game.turn_player, game.turn_number, game.step, game.performance_id,
            repr(sorted(game.position_arts.items())), repr(_facts(game)), repr(game.game_facts),
            repr(game.life_damage), tuple(mods), tuple(uses),
            tuple((p, tuple(w.label for w in game.waiting[p])) for p in game.PLAYERS)
            if any(game.waiting.values()) else (),
            len(game.arts_again), len(game.timed),
            tuple(game.extra_turns.waiting))
    return tuple(zones), rest


def _check_kept_keys(game, memo):
    """Invariant: a kept zone or holomem key is the key of what it holds now (every change to
    it bumped its version)."""
    interned = memo[None]
    for z, on_stage in _key_zones_staged(game):
        for thing, content in ([(i, _stack_content(i)) for i in z.items if type(i) is Stack]
                               if on_stage else [(z, _zone_content(z))]):
            kept = memo.get(thing)
            if kept is not None and kept[0] == thing.version and interned.get(content) != kept[1]:
                raise InvariantViolation(f"14.1.1.2: the kept key of {thing} in {z.label} is stale "
                                         "(a change to it did not bump its version)")


def _key_zones(game):
    kept = game.loop_memo
    zones = kept.all_zones
    if zones is None:
        zones = kept.all_zones = [*game.zones.values(), game.resolution]
    return zones


def _key_zones_staged(game):
    """The zones of the state key, each with whether it is a stage zone (holomems keyed apart)."""
    kept = game.loop_memo
    zones = kept.staged_zones
    if zones is None:
        zones = kept.staged_zones = [(z, z.name in STAGE) for z in _key_zones(game)]
    return zones


def rough_key(game):
    """A cheap summary of the state: states that differ in it cannot be identical."""
    zones = _key_zones_staged(game)
    return (game.turn_number, game.step, tuple([len(z.items) for z, _ in zones]),
            sum([i.damage for z, on_stage in zones if on_stage for i in z.items if type(i) is Stack]))


def action_key(game, a):
    """An action by what it is, not by card instance: the card's number, the holomem's position."""
    out = []
    for k, v in sorted(a.params.items()):
        if k == "card" and v in game.cards:
            v = game.cards[v].number
        elif k in ("holomem", "target") and v in game.stacks:
            v = game.position(game.stacks[v])
        out.append((k, v))
    return (a.kind, tuple(out))

# ----------------------------------------------------------- 14.1.1.2
# Actions that set a fact which stays set for the rest of the turn: the collab (8.4.1), the
# baton pass (8.7.4), the oshi skill and the SP oshi skill (8.5.1.1, 8.5.1.2), an art (its
# position's and its holomem's arts this performance step, 9.2.1.3-9.2.1.5). After one of them
# the state the player took it in never comes back within the turn, so 14.1.1.2 can never
# forbid it again and that state need not be remembered. (`progress` measures it; with the
# invariant checks on, each such action is checked to have moved it.)
PROGRESSING = frozenset(("collab", "baton_pass", "oshi_skill", "sp_oshi_skill", "art"))


def progress(game) -> tuple:
    """What only grows within a turn: the step, the performance step, the facts set, the arts
    used by position, the uses of limited abilities."""
    p = game.turn_player
    return (STEP_ORDER.get(game.step, -1), game.performance_id,
            sum(1 for v in game.facts[p].values() if v is True) +
            sum(1 for v in game.game_facts[p].values() if v is True),
            sum(1 for v in game.position_arts.values() if v), sum(game.uses.values()))


def perform(game, p, a):
    """Remember the turn player's action with the state it is taken in (14.1.1.2)."""
    if a.kind in PROGRESSING:
        before = progress(game) if game.debug else None
        yield from actions.action_perform(game, p, a)
        if before is not None and not game.over and not progress(game) > before:
            raise InvariantViolation(f"14.1.1.2: {a.kind} left the turn's progress as it was ({before})")
        return
    kept = game.loop_memo
    acted = kept.acted
    if acted is None or acted[0] != game.turn_number:             # only within the turn
        acted = kept.acted = (game.turn_number, set(), set(), [])
    acted[1].add(rough_key(game))
    # The state is keyed only if a later state of the turn has the same rough key (why_not).
    acted[3].append((_state_parts(game), action_key(game, a)))
    yield from actions.action_perform(game, p, a)


def why_not(game, p, a, at_play_timing=False) -> list[str]:
    why = actions.action_why_not(game, p, a, at_play_timing)
    if why or a.kind == "pass" or p != game.turn_player:
        return why
    acted = game.loop_memo.acted
    if acted and acted[0] == game.turn_number and _rough_seen(game, acted):
        while acted[3]:                    # the remembered states, keyed now that one may recur
            parts, action = acted[3].pop()
            acted[2].add((_key_of(game, parts), action))
        if (state_key(game), action_key(game, a)) in acted[2]:
            return ["14.1.1.2", "14.1.1"]
    return why


def _rough_seen(game, acted) -> bool:
    kept = game.loop_memo
    cached = kept.rough
    if cached is None or cached[0] != game.state_version:
        cached = kept.rough = (game.state_version, rough_key(game) in acted[1])
    return cached[1]

# ----------------------------------------------------------- 14.1.1.3
def watch_for_loop(game, steps, ctx, source):
    """Called as an ability's steps start: a draw (14.1.1.3) when the plainest endless loop is found."""
    if not game.record:
        return
    kept = game.loop_memo
    seen, mark = kept.seen, kept.mark
    for ev in game.trace[mark:]:
        if ev.kind in CHOICES or (ev.kind == "decision" and not ev.data.get("auto")):
            seen.clear()
            break
    kept.mark = len(game.trace)
    # the steps by content (they may be copied), of this card (another copy's ability is another
    # ability, 14.1.1.3), on the event it replaces if it is a replacement (the number it changes)
    card = ctx.get("card")
    replacing = ctx.get("replacing")
    # (a die's result, and which die of several rolled at once, 5.24.1: the same replacement setting
    # the second of three dice is not the first one's repeated)
    pending = tuple(replacing.get(k) for k in ("amount", "value", "result", "die")) \
        if isinstance(replacing, dict) else None
    key = (state_key(game), source, repr(steps), getattr(card, "id", None), pending)
    if seen.get(key, game.state_version) != game.state_version:
        game.end_game(None, ("14.1.1", "14.1.1.3"), f"an endless loop nobody can stop ({source})", source)
    seen[key] = game.state_version


def _facts(game):
    """The turn facts that are the game's state: not the records of the cards used this turn
    (`used_cards`, `used_list`, `supports_played`, read only by card texts), which a repeated action
    always adds to."""
    return {p: {k: v for k, v in f.items() if k not in ("used_cards", "used_list", "supports_played")}
            for p, f in game.facts.items()}
