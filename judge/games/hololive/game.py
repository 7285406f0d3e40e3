"""The hololive game state and the primitive changes to it (rules 3, 4 and 5).

HololiveBoard is the state of one game: the zones, holomems and cards, their information, and the
handlers that apply each kind of event to them. It decides nothing: the rules areas are modules
of functions of the game (turn.py 6-7, actions.py 8-9 and 12.3, processes.py 11, effects/ 10 and
the card abilities), and HololiveGame (engine.py) binds the ones called by name. boardrules.py says
which rules of sections 2-4 each kind of event applies, and every event cites them.
"""
from __future__ import annotations

from ...core.events import Snapshot
from ...core.game import Game
from ...core.state import Card, Stack, Zone
from . import boardrules
from .cards import COLORS as _COLORS

ALL_COLORS = frozenset(_COLORS)          # 2.4: the six colours (colourless is none of them, 2.4.2.3)

STEPS = ("reset", "draw", "cheer", "main", "performance", "end")       # 7.1.2
STAGE = ("center", "collab", "back")                                    # 4.6.1
STAGE_LIMIT = 6                                                         # 4.6.2.1
# a holomem may have one of each of these attached (5.17.3.1, 5.17.3.2)
PER_HOLOMEM_LIMIT = {"tool": "5.17.3.1", "mascot": "5.17.3.2"}
# name: (ordered, public) — 4.5, 4.7-4.15
ZONES = {
    "oshi": (False, True), "center": (False, True), "collab": (False, True),
    "back": (True, True), "life": (True, False), "deck": (True, False),
    "cheer_deck": (True, False), "hand": (False, False), "archive": (False, True),
    "holopower": (False, False),
}

class HololiveBoard(Game):
    """The state: zones, holomems and their information; the events that change them."""

    CHECK_TIMING_RULES = ("10.6.3",)
    SINGLE_OPTION_RULES = ()

    def _init_board(self):
        self.zones = {(p, z): Zone(z, p, ordered=o, public=pub)
                      for p in self.PLAYERS for z, (o, pub) in ZONES.items()}
        self.resolution = Zone("resolution", None, ordered=False, public=True)   # 4.16
        self.life_damage = {p: 0 for p in self.PLAYERS}        # 3.2.1
        self.redraws = {p: 0 for p in self.PLAYERS}            # 6.2.1.8
        self.mulliganed = {p: False for p in self.PLAYERS}     # 6.2.1.7.1
        self.turns_taken = {p: 0 for p in self.PLAYERS}
        self.facts = {p: self._fresh_turn_facts() for p in self.PLAYERS}
        self.game_facts = {p: {"sp_oshi_skill_used": False} for p in self.PLAYERS}
        self.turn_number = 0
        self.first_player = "A"
        self.step = "setup"
        self.performance_id = 0      # counts performance steps, for 9.2.1.3-9.2.1.5
        self.position_arts = {"center": False, "collab": False}
        self._stage_cache: dict = {}

    @staticmethod
    def _fresh_turn_facts() -> dict:
        return {"collabed": False, "limited_played": False, "oshi_skill_used": False,
                "baton_passed": False, "limited_count": 0}

    # ---------------------------------------------------------------- zones
    def zone(self, player: str, name: str) -> Zone:
        return self.zones[(player, name)]

    def stage(self, player: str) -> list[Stack]:
        """The player's holomems: centre, collab, then back in order (4.6). Cached per state version."""
        cached = self._stage_cache.get(player)
        if cached is not None and cached[0] == self.state_version:
            return list(cached[1])
        out = [i for name in STAGE for i in self.zones[(player, name)].items if type(i) is Stack]
        self._stage_cache[player] = (self.state_version, out)
        return list(out)

    def holomem_at(self, player: str, name: str):
        for item in self.zones[(player, name)].items:
            if type(item) is Stack:
                return item
        return None

    def center(self, player):
        return self.holomem_at(player, "center")

    def collab_holomem(self, player):
        return self.holomem_at(player, "collab")

    def back(self, player) -> list[Stack]:
        return [i for i in self.zones[(player, "back")].items if type(i) is Stack]

    def oshi(self, player):
        items = self.zones[(player, "oshi")].items
        return items[0] if items else None

    def position(self, stack: Stack) -> str:
        """Where a holomem stands, as a reference: A.center, A.collab, A.back.2."""
        zone = stack.zone
        if zone is None:
            return ""
        if zone.name == "back":
            return f"{zone.owner}.back.{self.back(zone.owner).index(stack) + 1}"
        return zone.label

    def snap(self, thing) -> Snapshot | None:
        """A snapshot of a holomem or card for the trace (an event field nothing else reads: None
        when nobody reads the trace)."""
        if not self.tracing:
            return None
        if type(thing) is Stack:
            return Snapshot(thing.id, self.position(thing), thing.top.number, thing.aliases)
        zone = thing.zone
        return Snapshot(thing.id, zone.label if zone else "", thing.number)

    # ------------------------------------------------ holomem information (10.10)
    def names(self, stack: Stack) -> frozenset:
        names = self.top_def(stack).names
        added = self.modified(stack, "names", frozenset())
        return names | added if added else names

    def colors(self, stack: Stack) -> frozenset:
        if self.modified(stack, "all_colors", False):      # 2.4: 'treated as a holomem of every colour'
            return ALL_COLORS
        return self.top_def(stack).colors

    def printed_max_hp(self, stack: Stack) -> int:
        base = self.top_def(stack).hp or 0
        return base + self.modified(stack, "hp", 0)

    def hp(self, stack: Stack) -> int:
        """4.4.5.4: remaining HP is printed HP less damage taken."""
        return self.max_hp(stack) - stack.damage

    def bloom_level(self, stack: Stack):
        return self.top_def(stack).bloom_level

    def supports(self, stack: Stack) -> list[Card]:
        return [c for c in stack.attached if c.defn.type == "support"] if stack.attached else []

    def first_turn_of(self, player: str) -> bool:
        """The current turn is the player's first turn of the game (8.3.1)."""
        return self.turn_player == player and self.turns_taken[player] == 1

    def first_players_first_turn(self) -> bool:
        """7.6.1, 8.6.2: the first player's first turn."""
        return self.turn_player == self.first_player and self.turns_taken[self.first_player] == 1

    # --------------------------------------------------------------- creation
    def new_card(self, defn, owner: str, zone: Zone, *, face_up=True) -> Card:
        card = Card(self.next_id(), defn, owner)
        card.face_up = face_up
        card.zone = zone
        zone.items.append(card)
        zone.version += 1
        self.cards[card.id] = card
        return card

    def new_stack(self, cards: list[Card], zone: Zone) -> Stack:
        stack = Stack(self.next_id())
        for card in cards:
            self._detach(card)
            card.holder = stack
            card.zone = zone
        stack.cards = list(cards)
        stack.zone = zone
        zone.items.append(stack)
        zone.version += 1
        self.stacks[stack.id] = stack
        return stack

    # ------------------------------------------------------- low-level moves
    def _detach(self, card: Card) -> None:
        """Take a card out of wherever it is (a zone, a holomem, an attachment)."""
        holder = card.holder
        if holder is not None:
            if card in holder.attached:
                holder.attached.remove(card)
            else:
                holder.cards.remove(card)
            holder.version += 1
            card.holder = None
        elif card.zone is not None:
            card.zone.items.remove(card)
            card.zone.version += 1
        card.zone = None

    def _put(self, card: Card, zone: Zone, *, bottom=False) -> None:
        card.zone = zone
        if zone.ordered and not bottom:
            zone.items.insert(0, card)      # 4.1.3.2: new cards go on top
        else:
            zone.items.append(card)
        zone.version += 1
        card._face_up = zone.public         # the zone's version is already bumped

    # ------------------------------------------------------- board citations
    # Events that only record what happened: no handler changes the state and no trigger waits
    # for them. When nobody reads the trace (self-play without checks) they are not built at all.
    RECORD_ONLY = frozenset(("check_timing", "play_timing", "decision", "pass", "nothing", "look",
                             "base_damage", "condition_false", "condition_true", "rule_processes", "also_named",
                             "advantage", "art_bonus", "art_modifier", "down_order", "continuous_applies",
                             "continuous_info", "refer_moved", "reveal", "keyword_ability", "resolve",
                             "pay_cost", "step_skipped", "present_deck", "chance",
                             "redraw_count", "game_start", "die", "counted"))

    def emit(self, event_kind: str, rules: tuple, source=None, private=None, **data):
        """Every event also cites the rules of the board (2-4) that its handler below applies
        (boardrules.py), whichever part of the engine emits it."""
        if not self.tracing:                       # nobody reads the trace: no citations to add
            if event_kind in self.RECORD_ONLY or (event_kind in self.HEARD_BY and not self.heard(event_kind)):
                return None
            processes.note_event(self, event_kind, data)
            return self.apply_event(event_kind, rules, source, private, data)
        extra = boardrules.event_rules(self, event_kind, data)
        if extra:
            rules = tuple(rules) + tuple(r for r in extra if r not in rules)
        processes.note_event(self, event_kind, data)
        return self.apply_event(event_kind, rules, source, private, data)

    HEARD_BY: dict = {}     # event kinds with no handler that only triggers wait for (triggers.py)

    def watch(self, listener, kinds: frozenset) -> None:
        """Unrecorded, the events nobody reads are not even built (RECORD_ONLY, HEARD_BY); a watcher
        reads these kinds, so this game builds them (they change no state: the game plays the same,
        and the per-card statistics are the same with the invariant checks on or off)."""
        self.RECORD_ONLY = self.RECORD_ONLY - kinds
        self.HEARD_BY = {k: v for k, v in self.HEARD_BY.items() if k not in kinds}
        super().watch(listener, kinds)

    def viewers(self, zone) -> frozenset:
        """4.1.2: who may see the cards of a zone (everyone, the hand's player, nobody)."""
        return boardrules.viewers(self.PLAYERS, zone)

    # --------------------------------------------------------- event handlers
    def _apply_move(self, ev):
        """A card moves to a zone (5.5, 5.7, 5.12 ...)."""
        card, to = ev.data["card"], ev.data["to"]
        if card.defn.type == "cheer" and to.name == "archive" and card.zone is not None and card.zone.name in STAGE:
            # 5.12.1: a cheer of the stage archived, for 'このターンに自分のステージのエールがアーカイブされていたなら'
            self.facts[to.owner]["stage_cheer_archived_turn"] = self.turn_number
        frm = card.zone
        if frm is not None and frm.name == "deck" and to.name == "archive" and card.owner in self.facts:
            # 5.12.1: the cards its player archived from the deck this turn ('このターンに自分のデッキから…アーカイブ')
            facts = self.facts[card.owner]
            facts["deck_archived"] = facts.get("deck_archived", 0) + 1
        self._detach(card)
        self._put(card, to, bottom=ev.data.get("bottom", False))
        if ev.data.get("face_down"):
            card.face_up = False

    def _apply_enter_stage(self, ev):
        """A holomem card becomes a holomem on the stage (8.2, 6.2.1.10)."""
        card, to = ev.data["card"], ev.data["to"]
        stack = self.new_stack([card], to)
        card.face_up = not ev.data.get("face_down", False)
        stack.flags["placed_turn"] = self.turn_number
        ev.data["stack"] = stack
        ev.data["holomem"] = self.snap(stack)

    def _apply_move_holomem(self, ev):
        """A holomem moves between stage zones with everything on it (4.1.4, 4.4.4)."""
        stack, to = ev.data["stack"], ev.data["to"]
        stack.zone.items.remove(stack)
        stack.zone.version += 1
        stack.zone = to
        to.items.append(stack)
        to.version += 1
        for card in stack.all_cards():
            card.zone = to

    def _apply_swap(self, ev):
        """Two holomems change places at once (5.10, 5.18)."""
        a, b = ev.data["stacks"]
        za, zb = a.zone, b.zone
        ia, ib = za.items.index(a), zb.items.index(b)
        za.items[ia], zb.items[ib] = b, a
        za.version += 1
        zb.version += 1
        a.zone, b.zone = zb, za
        for card in a.all_cards():
            card.zone = zb
        for card in b.all_cards():
            card.zone = za

    def _join(self, card, stack) -> None:
        """A card becomes part of a holomem (stacked or attached): it is in the holomem's zone, face up."""
        self._detach(card)
        card.holder = stack
        card.zone = stack.zone
        card.face_up = True

    def _apply_bloom(self, ev):
        """5.14.1: the card goes on top of the holomem; it stays the same holomem (5.14.2)."""
        stack, card = ev.data["stack"], ev.data["card"]
        self._join(card, stack)
        stack.cards.append(card)
        stack.flags["bloomed_turn"] = self.turn_number
        stack.version += 1
        # 'if a holomem of yours bloomed this turn' (effects/select.py any_bloomed_this_turn)
        self.facts[stack.owner]["bloomed_turn"] = self.turn_number

    def _apply_attach(self, ev):
        """5.17.2 / 5.21: a card becomes attached to a holomem."""
        stack, card = ev.data["stack"], ev.data["card"]
        self._join(card, stack)
        stack.attached.append(card)
        stack.version += 1

    def _apply_leave_stage(self, ev):
        """4.4.7 / 11.3.1.2: the holomem's cards leave the stage; attached cards stay behind
        on the stage unassociated, for 11.4.1 to archive."""
        stack = ev.data["stack"]
        if ev.data["to"].name == "deck":
            # 5.5.1: a holomem back to the deck, for 'このターンに自分のホロメンがステージからデッキに戻っていたなら'
            self.facts[stack.owner]["returned_to_deck_turn"] = self.turn_number
        zone = stack.zone
        zone.items.remove(stack)
        zone.version += 1
        for card in stack.attached:
            card.holder = None
            card.zone = zone
            zone.items.append(card)
        stack.attached = []
        # `order` (top first) and `bottom`: the cards go to the bottom of the deck in that order
        # (4.1.5); otherwise one by one, bottom card first, each on top of the zone (4.1.3.2).
        for card in list(ev.data.get("order") or stack.cards):
            card.holder = None
            card.zone = None
            self._put(card, ev.data["to"], bottom=bool(ev.data.get("bottom")))
        stack.cards = []
        stack.version += 1
        stack.zone = None
        self.stacks.pop(stack.id, None)

    def _apply_damage(self, ev):
        st = ev.data["stack"]
        # what the damage did beyond its remaining HP (4.4.5.4), for 'exceeded the remaining HP by N'
        st.flags["last_damage"] = (ev.data.get("kind"), ev.data["amount"] - max(self.max_hp(st) - st.damage, 0))
        ev.data["stack"].damage += ev.data["amount"]      # 4.4.5.2, 5.22.1
        dealer = ev.data.get("dealer_stack")
        # 11.3.1.1: the holomem whose damage it took last, for its 'when this holomem downs' actions
        ev.data["stack"].flags["damaged_by"] = dealer.id if dealer is not None else None
        # ... and the art whose damage it was ('when this art downs', 11.3.1.1)
        ev.data["stack"].flags["damaged_by_art"] = ev.data.get("art")
        ev.data["stack"].flags["overkill"] = ev.data.get("over", 0)      # beyond its remaining HP (4.4.5.4)
        ev.data["stack"].version += 1

    def _apply_rest(self, ev):
        ev.data["stack"].flags["rested"] = True           # 5.2.1
        ev.data["stack"].version += 1

    def _apply_unrest(self, ev):
        ev.data["stack"].flags["rested"] = False          # 5.2.1, 5.2.2
        if ev.data.get("by_skill"):                       # made active by an oshi skill (turn, its names)
            ev.data["stack"].flags["active_by_skill"] = ev.data["by_skill"]
        ev.data["stack"].version += 1

    def _apply_life_damage(self, ev):
        self.life_damage[ev.data["player"]] += ev.data["amount"]   # 3.2.1, 11.3.1.2, 11.5.1
        if ev.data["amount"] < 0:           # 11.5.1: a life card was sent: the turn and step it happened in
            self.game_facts[ev.data["player"]]["life_lost_in"] = (self.turn_number, self.step)

    def _apply_set_fact(self, ev):
        self.facts[ev.data["player"]][ev.data["fact"]] = ev.data["value"]

    def _apply_shuffle(self, ev):
        zone = ev.data["zone"]
        zone.items[:] = ev.data.pop("order")
        zone.version += 1

    def _apply_draw(self, ev):
        card = ev.data["card"]
        self._detach(card)
        self._put(card, self.zone(ev.data["player"], "hand"))

    # ---------------------------------------------------- event helpers
    def move(self, card: Card, to: Zone, rules, source=None, *, bottom=False, face_down=False,
             private=None, ordered_by=None):
        """A card moves to a zone. Its identity is named to the players who may see the zone it
        leaves or the one it enters (4.1.2.1); between zones nobody sees (deck to holo power,
        cheer deck to life), only to `private` if the caller says that player has looked at it.
        `ordered_by`: the card is one of several put into this hidden zone at once in an order that
        player chose; where it goes in that order is named to them alone (4.1.5.1)."""
        frm_zone = card.zone
        who, extra = None, {}
        if self.tracing:                # who saw it and the rules it cites: only for someone to read
            seen_by = self.viewers(frm_zone) | self.viewers(to)
            who = None if len(seen_by) == len(self.PLAYERS) else next(iter(seen_by)) if seen_by else \
                (private or boardrules.NOBODY)
            if ordered_by is not None and not to.public:
                who = ordered_by                # 4.1.5.1: the others cannot know the order
                extra["ordered_by"] = ordered_by
            rules = tuple(rules) + boardrules.move_rules(frm_zone, to, bottom=bottom, face_down=face_down,
                                                         hidden=who is not None, source=source)
        return self.emit("move", rules, source, private=who,
                         card=card, number=card.number, frm=frm_zone.label if frm_zone else "", to=to,
                         to_label=to.label, bottom=bottom, face_down=face_down, **extra)

    def archive(self, card: Card, rules, source=None):
        """5.12.1: a card goes to the archive, where used cards go (4.14.1); with no player named,
        to its controller's (4.1.6) — each player has their own (4.1.1) — which is its owner's (3.1.1)."""
        rules = tuple(rules) + ("4.14.1",) + (("4.1.6", "4.1.1", "3.1.1") if card.owner != self.turn_player else ())
        return self.move(card, self.zone(card.owner, "archive"), rules, source)

    def shuffle(self, player: str, zone_name: str, rules, source=None):
        """5.6.1: the zone's order changes at random (5.6.1.1: still 'shuffled' with 0-1 cards); the
        one change of order an ordered zone allows without a further instruction (4.1.3)."""
        zone = self.zone(player, zone_name)
        order = self.shuffle_order(zone.items)
        rules = tuple(rules) + ("4.1.3",)
        if self.step == "setup":           # before the game: the deck and cheer deck are put in their zones
            rules += (("4.11.1",) if zone_name == "deck" else ("4.12.1",) if zone_name == "cheer_deck" else ())
        self.emit("shuffle", rules, source, player=player, zone=zone, order=order, kept=self.keep_shuffles)

    def draw(self, player: str, rules, source=None, *, bottom=False) -> bool:
        """5.7.1: the top card of the deck goes to the hand. False when the deck is empty.
        The deck's order is kept (4.1.3) and hidden from both (4.11.2); the hand, unlimited (4.13.4),
        is hidden from the opponent (4.13.1, 4.13.2), who still sees that a card was drawn (4.1.2.2)."""
        deck = self.zone(player, "deck")
        if not deck.items:
            return False
        card = deck.items[-1] if bottom else deck.items[0]      # 'draw from the bottom' (1.3.1 over 5.7.1)
        rules = tuple(rules) + ("4.1.3", "4.11.2", "4.13.1", "4.13.2", "4.13.4", "4.1.2.2") + \
            (("4.11.3",) if source else ())
        self.emit("draw", rules, source, private=player, player=player, card=card, number=card.number)
        return True

    def concede(self, player: str):
        """1.2.3: conceding ends the game at once, whatever is going on; no card can affect,
        force or replace it (1.2.3.1): nothing of the game is consulted here."""
        from ...core.game import GameOver
        try:
            self.end_game(self.other(player), ("1.2.3", "1.2.3.1"), f"{player} conceded")
        except GameOver:
            self.pending = None


from . import processes  # noqa: E402  (last: processes reads this module's constants at import)
