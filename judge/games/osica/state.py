"""The state of a game of OSICA: typed, in small slotted classes owned by one `Table`.

Zones (ゲームのエリア): each player's deck, oshi area, stage (left, center, right), assist area,
heart area, cost area, drop area and hand. The state changes only through the engine's event
handlers (engine.py)."""
from __future__ import annotations

from judge.core.state import Card, Zone

STAGE = ("left", "center", "right")                  # stage.1
FACING = {"left": "right", "center": "center", "right": "left"}     # stage.9-11
PHASES = ("start", "main", "event", "yell", "appeal", "end")        # assumption turn.phases
ASSIST_MAX = 3                                       # assist.1
HAND_LIMIT = 7                                       # end.4
# name: (ordered, public)
ZONE_KINDS = {
    "deck": (True, False),          # deck.1-3: one face-down pile, in order
    "oshi": (False, True),          # oshi.7, oshi.10
    **{a: (False, True) for a in STAGE},   # stage.12 (a limit-break card lies with its character)
    "assist": (False, True),        # assist.4, assist.5
    "heart": (True, False),         # heart.2-4
    "cost": (False, False),         # cost.2-4 (face down; its count is public, cost.10)
    "drop": (False, True),          # drop.1-3
    "hand": (False, False),
}


class OCard(Card):
    """A card in play. `oshi`: this card is its player's 推しキャラ (oshi.5: a copy in the deck is
    not); `rested` (休む, appeal.4); `over`: the character a limit-break card lies on (appeal.18);
    `broken`: limit broken this turn (appeal.10); `ap_turn`, `yell_turn`: changes until the end of
    the turn; `used`: the 【アクション】 texts used this turn (event.4); `kept` (kw.keep.1)."""

    __slots__ = ("oshi", "rested", "over", "broken", "ap_turn", "yell_turn", "used", "kept", "appeals")

    def __init__(self, cid, defn, owner):
        super().__init__(cid, defn, owner)
        self.oshi = False
        self.fresh()

    def fresh(self):
        """A card that moves to another area is a new card there: nothing of its old area stays."""
        self.rested, self.over, self.broken = False, None, False
        self.ap_turn, self.yell_turn, self.used, self.kept, self.appeals = 0, 0, set(), False, 0

    @property
    def ap(self) -> int:
        return (self.defn.ap or 0) + self.ap_turn

    @property
    def yells(self) -> int:
        return max(0, (self.defn.yell or 0) + self.yell_turn)


class PlayerState:
    __slots__ = ("name", "zones", "limit", "ranks", "orb", "orb_turn")

    def __init__(self, name):
        self.name = name
        self.zones = {z: Zone(z, name, ordered=o, public=p) for z, (o, p) in ZONE_KINDS.items()}
        self.limit = 0
        self.ranks: dict = {}          # kw.rank.4: every rank starts at 0
        self.orb = False               # kw.light-orb.4
        self.orb_turn = False          # a light orb out for this turn only (kw.light-orb.5)

    def chara(self, area):
        """The character of a stage area (a limit-break card lying on it is not one, appeal.18)."""
        for c in self.zones[area].items:
            if c.over is None:
                return c
        return None

    def stage(self) -> list:
        return [c for c in (self.chara(a) for a in STAGE) if c is not None]

    def assist(self) -> list:
        return [c for c in self.zones["assist"].items if c.over is None]

    def in_play(self) -> list:
        """The cards of the stage and the assist area (characters and supports, chara.1-2)."""
        return self.stage() + self.assist()

    def level(self) -> int:
        return sum(c.defn.level or 0 for c in self.stage())


class TurnState:
    __slots__ = ("number", "player", "phase", "first")

    def __init__(self):
        self.number, self.player, self.phase, self.first = 1, "A", "setup", "A"


class Table:
    __slots__ = ("players", "turn")

    def __init__(self, names=("A", "B")):
        self.players = {p: PlayerState(p) for p in names}
        self.turn = TurnState()

    def zone(self, player, name) -> Zone:
        return self.players[player].zones[name]

    def all_zones(self):
        for ps in self.players.values():
            yield from ps.zones.values()
