"""Cards changing zones: zone-move triggers (10.8.4), the information they read (10.8.4.1), last
known information (10.12), and when each card was put where it is (10.10.1.6.1).

    - {kind: auto, moved: {from: stage, to: archive, card: {type: holomem, name: AZKi}, who: own,
       self: true}, effect: [STEPS]}

`from` / `to`: a zone (hand, deck, cheer_deck, life, archive, holopower, resolution: a support played
from the hand is attached from there, 10.7.2.1, 10.7.2.5.1.2), a stage position
(center, collab, back: moves between them count, 10.10.2), or `stage` (entering or leaving the
stage). `card`: a card filter on the moved card's information, read as 10.8.4.1 says. `who`: whose
card moved (own, the default; opponent; any). `self`: only this card (or its holomem) moving.

A holomem that leaves the stage keeps its last known information (10.12.1): an effect that reads
it afterwards (an ability of it resolving later, 10.7.2.5.3) sees what it last was on the stage.

Moving holomems into a zone with a holomem limit (4.4.6: the stage, 4.6.2; the centre, 4.7.3; the
collab position, 4.8.3): `fit_limit` lets the destination's controller choose which of them move
when they do not all fit (4.4.6.1); the others stay where they are.
"""
from __future__ import annotations

from ....core.decisions import Decision, Option
from ....core.terms import Bool, Enum, OneOrList
from ..terms import CARD_FILTER, PLAYER_ZONES, SELECTOR, VOCAB, WHOSE, key
from .select import card_matches, holomems
from . import validity
from . import triggers
from . import continuous
from .. import turn

STAGE = ("center", "collab", "back")
# `resolution`: the shared resolution zone (4.16) a support played from the hand passes through
# (10.7.2.1): a fan or tool "attached from the hand" comes from there onto the stage.
_MOVE_ZONES = OneOrList(Enum("stage", *STAGE, *PLAYER_ZONES, "resolution"))
VOCAB.record("moved", "A zone-move trigger (10.8.4): a card moving `from` a zone `to` a zone.", [
    key("from", "the zone the card leaves (one or a list); `stage`: leaving the stage; `resolution`: the "
        "resolution zone a support played from the hand is attached from ('手札から付けた時', 4.16, 10.7.2.1)",
        _MOVE_ZONES),
    key("to", "the zone the card enters (one or a list); `stage`: entering it", _MOVE_ZONES),
    key("card", "the moved card, read as 10.8.4.1 says", CARD_FILTER, "10.8.4.1"),
    key("who", "whose card moved", WHOSE, default="own"),
    key("self", "only this card (or the holomem it is) moving", Bool(), "10.8.4.2"),
    key("holomem", "the card moved onto the stage attached to a holomem this selector names ('このホロメンに〈X〉が付"
        "いた時'; `this`: the holomem the ability is on, or the one its tool, mascot or fan is attached to: 'このファン"
        "が付いているホロメンにエールが付いた時')", SELECTOR, "5.17.1", "5.17.2")])
MOVE_EVENTS = frozenset(("move", "draw", "attach", "bloom", "enter_stage", "leave_stage", "move_holomem", "swap"))


class CardInfo:
    """A card's information at one moment, shaped like a card definition for card filters."""

    __slots__ = ("number", "type", "sub_type", "name", "name_en", "bloom_level", "buzz", "limited", "names",
                 "colors", "hp", "rules", "tags")

    def __init__(self, defn, *, names=None, colors=None, bloom_level=None, hp=None, rules=()):
        self.number, self.type, self.sub_type = defn.number, defn.type, defn.sub_type
        self.name, self.name_en = defn.name, defn.name_en
        self.bloom_level = bloom_level if bloom_level is not None else defn.bloom_level
        self.buzz, self.limited = defn.buzz, defn.limited
        self.names = names if names is not None else defn.names
        self.colors = colors if colors is not None else defn.colors
        self.hp = hp if hp is not None else defn.hp
        self.tags = defn.tags                   # 2.6: a tag filter reads them
        self.rules = tuple(rules)       # how continuous effects shaped it (10.10.3)


class Moved:
    """One card moving from one zone to another, with its information on each side."""

    __slots__ = ("card", "frm", "to", "before", "after", "stack", "holders", "onto")

    def __init__(self, card, frm, before, stack, holders):
        self.card, self.frm, self.before, self.stack, self.holders = card, frm, before, stack, holders
        self.to, self.after, self.onto = None, None, None

    def info(self):
        """10.8.4.1: which information of the moved card a triggered ability reads, and why."""
        frm_public, to_public = _public(self.frm), _public(self.to)
        if self.frm in STAGE and self.to not in STAGE:
            return self.before, "10.8.4.1.2"          # leaving the stage: as it was on the stage
        if frm_public != to_public:
            return (self.before if frm_public else self.after), "10.8.4.1.1"
        if frm_public:
            return self.after, "10.8.4.1.3"           # public to public: as it is where it went
        return self.after, None


def _init_zones(game):
    game._since: dict = {}          # card id -> order stamp of entering its zone (10.10.1.6.1)
    game._pre: list = []


def moves_watched(game) -> bool:
    """Whether some card of the game waits for a move (10.8.4) or orders effects by when a card
    came into its zone (10.10.1.6.1)."""
    return game.in_game("auto.moved") or game.in_game("continuous")


def card_since(game, card):
    return game._since.get(card.id, (0, card.id))

# ------------------------------------------------------------ holomem limits
def fit_limit(game, chooser, movers, room, source, rules, *, where):
    """4.4.6.1: moving `movers` (holomem cards or holomems) into a zone with a holomem limit that
    has room for only `room` more: the controller of the destination (`chooser`) chooses that
    many of them and only those move; the rest stay in their current zone. Returns the ones
    that move (all of them when they fit)."""
    movers = list(movers)
    room = max(int(room), 0)
    if len(movers) <= room:
        return movers
    rules = ("4.4.6.1", "4.4.6") + tuple(rules)
    if room == 0:
        keep = []
    else:
        stacks = hasattr(movers[0], "top")
        opts = [turn.holomem_option(game, m) if stacks else
                Option(m.number, m, keys=(m.defn.name, m.defn.name_en)) for m in movers]
        keep = yield Decision(chooser, "choose_holomem" if stacks else "choose_cards", f"the {room} holomem(s) that move to {where} "
                              f"(only {room} fit)", rules, opts, many=True, min_pick=room, max_pick=room,
                              source=source)
    for m in movers:
        if m not in keep:
            number = m.top.number if hasattr(m, "top") else m.number
            game.emit("nothing", rules, source, number=number,
                      why=f"{where} has room for {room} more: {number} stays where it is")
    return [m for m in movers if m in keep]

# ------------------------------------------------------------ information
def card_info(game, card, stack=None) -> CardInfo:
    """A card's information where it is: a holomem's top card with its continuous effects."""
    if stack is not None and stack.cards and card is stack.top and stack.zone is not None:
        return CardInfo(card.defn, names=game.names(stack), colors=game.colors(stack),
                        bloom_level=game.bloom_level(stack), hp=game.max_hp(stack),
                        rules=continuous.info_rules(game, stack))
    return CardInfo(card.defn)


def last_known(game, stack):
    """10.12.1: what a holomem that left the stage last was there (None while it is on it)."""
    return stack.flags.get("last_known") if stack.zone is None else None


def top_def(game, stack):
    cards = stack.cards
    if cards:
        return cards[-1].defn           # 4.4.2.1: the top card's information
    lk = last_known(game, stack)
    return lk["defn"] if lk else stack.top.defn


def cheers(game, stack):
    lk = last_known(game, stack)
    return list(lk["cheers"]) if lk else [c for c in stack.attached if c.defn.type == "cheer"]

# -------------------------------------------------------------- moves
BEFORE_EVENT_KINDS = MOVE_EVENTS     # last known information is taken before a move only


def before_event(game, ev):
    kind = ev.kind
    d = ev.data
    if kind == "leave_stage":
        s = d["stack"]
        s.flags["last_known"] = _snapshot(game, s)
    if not moves_watched(game):
        return          # nothing in this game waits for a move (10.8.4) or orders by it (10.10.1.6.1)
    if kind == "leave_stage":
        holders = [(c, s) for c in [s.top, *s.attached]]
        game._pre.append(Moved(s.top, s.zone.name, card_info(game, s.top, s), s, holders))
        for c in s.cards[:-1] + s.attached:
            game._pre.append(Moved(c, s.zone.name, CardInfo(c.defn), s, []))
    elif kind in ("move_holomem", "swap"):
        for s in d["stacks"] if kind == "swap" else [d["stack"]]:
            game._pre.append(Moved(s.top, s.zone.name, card_info(game, s.top, s), s, []))
    else:
        card = d["card"]
        holder = card.holder
        frm = card.zone.name if card.zone is not None else None
        game._pre.append(Moved(card, frm, card_info(game, card, holder), holder, []))


def _snapshot(game, s) -> dict:
    """10.12.1: the information and placement of a holomem as it last was on the stage."""
    return {"defn": s.top.defn, "names": game.names(s), "added_names": game.modified(s, "names", frozenset()),
            "colors": game.colors(s), "hp": game.modified(s, "hp", 0), "position": s.zone.name,
            "cheers": list(game.cheers(s)), "attached": list(s.attached), "damage": s.damage}


def _take_moves(game, ev) -> list:
    """After the event: where each card went, its information there, the zones' timestamps."""
    moves, game._pre = game._pre, []
    out = []
    for m in moves:
        card = m.card
        stack = card.holder
        m.to = card.zone.name if card.zone is not None else None
        if ev.kind == "leave_stage" and card.zone is not None and card.zone.name in STAGE:
            continue                    # attached cards left behind on the stage (11.4.1 moves them)
        if m.to == m.frm and ev.kind not in ("move_holomem", "swap"):
            continue
        if not (m.frm in STAGE and m.to in STAGE):
            game._since[card.id] = (ev.seq, 0)    # 10.10.1.6.1: put into its current zone now
        if ev.kind in ("move_holomem", "swap", "enter_stage") and stack is not None:
            m.stack = stack
        m.after = card_info(game, card, stack)
        if ev.kind == "attach" and stack is not None and card in stack.attached:
            m.onto = stack                      # 5.17.1: the holomem it is attached to now
        out.append(m)
    return out


def _queue_moved(game, ev):
    """10.8.4: zone-move triggers of every valid ability (and, for a card leaving the stage,
    of the abilities it had there: 10.8.4.1.2)."""
    moves = _take_moves(game, ev)            # after_event calls this only when a move was noted
    if not moves or not game.in_game("auto.moved"):
        return
    for p in (game.turn_player, game.other(game.turn_player)):
        holders = list(validity.ability_holders(game, p))
        for m in moves:
            holders += [h for h in m.holders if h[0].owner == p and h not in holders]
        for card, stack in holders:
            for ab in card.defn.abilities:
                spec = ab.get("moved")
                if ab.get("kind") != "auto" or not spec:
                    continue
                looked_back = any((card, stack) in m.holders for m in moves)
                if not looked_back and (not validity.valid_where(game, card, ab, stack) or continuous.invalidated(game, card, ab, stack)):
                    continue
                if ab.get("by") == "own" and ev.data.get("by_player") != p:
                    continue                 # 'by your ability': an effect of this player's moved it
                for m in moves:
                    rules = _moved_matches(game, spec, m, card, stack, p)
                    if rules is not None and triggers._within_limit(game, card, ab):
                        ctx = {"player": p, "holomem": stack, "card": card}
                        if not triggers.holds_condition(game, ab, ctx):
                            continue
                        triggers._queue(game, ab, card, stack, p, rules + validity.validity_rules(card, ab),
                                    extra={"moved": m.card.number})


def _moved_matches(game, spec, m, card, stack, p):
    if spec.get("self") and m.card is not card and (m.stack is None or m.stack is not stack):
        return None
    owner = m.card.owner
    who = spec.get("who", "own")
    if (who == "own" and owner != p) or (who == "opponent" and owner == p):
        return None
    if not (_zone_fits(spec.get("from"), m.frm, m.to) and _zone_fits(spec.get("to"), m.to, m.frm)):
        return None
    info, rule = m.info()
    if info is None or not card_matches(info, spec.get("card") or {}):
        return None
    onto = ()
    if spec.get("holomem") is not None:          # 'attached to this holomem' (5.17.1)
        ctx = {"player": p, "holomem": stack, "card": card}
        if m.onto is None or not any(s is m.onto for s in holomems(game, spec["holomem"], ctx)):
            return None
        onto = ("5.17.1",)
    rules = ("10.8.2", "10.8.4") + onto + (("10.8.4.1", rule) if rule and spec.get("card") else ())
    if spec.get("card") and "10.10.3" in info.rules:
        rules += ("10.10.3", "10.10.3.1")       # the entering card read with its zone's effects
    if (m.card is card or (m.stack is not None and m.stack is stack)) and m.to in STAGE \
            and m.frm not in STAGE:
        rules += ("10.8.4.2",)                  # it entered where the ability works at that moment
    return rules
def _zone_fits(spec, here, there) -> bool:
    if spec is None:
        return True
    for z in spec if isinstance(spec, (list, tuple)) else [spec]:
        if z == "stage":
            if here in STAGE and there not in STAGE:      # entering or leaving the stage
                return True
        elif z == here:
            return True
    return False


def _public(zone_name) -> bool:
    return zone_name in STAGE + ("archive", "oshi", "resolution")
