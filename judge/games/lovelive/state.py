"""The state of a game of Love Live!: typed, in small slotted classes owned by one `Table`.

Zones (4): each player's three member areas (4.5), live card zone (4.6), energy zone (4.7), main
deck (4.8), energy deck (4.9), success live card zone (4.10), hand (4.11), waiting room (4.12),
exclusion zone (4.13); and the one resolution zone both players share (4.14). The state changes
only through the engine's event handlers (engine.py), which call the functions here.
"""
from __future__ import annotations

from judge.core.state import Card, Zone

AREAS = ("left", "center", "right")                 # 4.5.2.1
# name: (ordered (4.1.3), public (4.1.2))
ZONE_KINDS = {
    "main_deck": (True, False),                     # 4.8.2
    "energy_deck": (False, False),                  # 4.9.2
    "hand": (False, False),                         # 4.11.2
    "energy": (False, True),                        # 4.7.2
    "live": (False, True),                          # 4.6.2 (cards may lie face down in it)
    "success": (True, True),                        # 4.10.2
    "waiting_room": (False, True),                  # 4.12.2
    "exclusion": (False, True),                     # 4.13.2
    **{area: (False, True) for area in AREAS},      # 4.5.3
    "aside": (False, False),                        # 6.2.1.6: set aside face down (not a zone of 4)
}
RESOLUTION = "resolution"                           # 4.14.1: one zone, shared
STEPS = ("active", "energy", "draw", "main", "live_set", "performance", "judgment")
NORMAL_STEPS = STEPS[:4]                            # 7.3.3
LIVE_STEPS = STEPS[4:]                              # 8.1.2


class LLCard(Card):
    """A card in play: the kernel's card, with its orientation (4.3.2: active or wait), the turn
    it moved onto the stage from elsewhere (9.6.2.1.2.1) and whether it lies beneath the member of
    its area (4.5.5: then it has no orientation, 4.5.5.2, and is not a member, 4.5.6)."""

    __slots__ = ("wait", "entered_turn", "beneath")

    def __init__(self, cid, defn, owner):
        super().__init__(cid, defn, owner)
        self.wait = False
        self.entered_turn = None
        self.beneath = False


class PlayerState:
    """One player's zones (4.1.1)."""

    __slots__ = ("name", "zones")

    def __init__(self, name: str):
        self.name = name
        self.zones = {z: Zone(z, name, ordered=o, public=pub) for z, (o, pub) in ZONE_KINDS.items()}

    def member(self, area: str):
        """The member in an area: the member card placed there last and not put beneath (4.5.5.1:
        the cards beneath a member are not members, 4.5.6)."""
        members = self.members_in(area)
        return members[-1] if members else None

    def members_in(self, area: str) -> list:
        """The member cards of an area that are members (not beneath one, 4.5.5.1), oldest first:
        more than one is 10.4.1's to settle."""
        return [c for c in self.zones[area].items if c.defn.kind == "member" and not c.beneath]

    def beneath(self, area: str) -> list:
        """4.5.5.1: the cards beneath the member of an area."""
        return [c for c in self.zones[area].items if c.beneath]

    def members(self) -> list:
        """4.5.6: the members of the stage (4.4.1), left to right."""
        return [m for m in (self.member(a) for a in AREAS) if m is not None]


class TurnState:
    """Where the game is: the turn (7.1), its step, the first player (7.1.1) and the turn player of
    the step (7.3.2, 8.3.2)."""

    __slots__ = ("number", "step", "first", "player")

    def __init__(self):
        self.number, self.step, self.first, self.player = 1, "setup", "A", "A"


class LiveState:
    """The bookkeeping of the live phase of this turn: each player's live (8.3.7), yell cards
    (8.3.11), total score (8.4.2) and whether they won the live (8.4.6)."""

    __slots__ = ("performed", "yell", "score", "won", "moved")

    def __init__(self):
        self.performed: dict = {}      # player -> True when they performed a live (8.3.7)
        self.yell: dict = {}           # player -> the cards their yell moved to the resolution zone
        self.score: dict = {}          # player -> total score (8.4.2)
        self.won: tuple = ()           # the players who won the live (8.4.6)
        self.moved: tuple = ()         # the players who moved a card to success (8.4.7), for 8.4.13


class Table:
    """The whole state: both players, the shared resolution zone, the turn and the live."""

    __slots__ = ("players", "resolution", "turn", "live")

    def __init__(self, names=("A", "B")):
        self.players = {p: PlayerState(p) for p in names}
        self.resolution = Zone(RESOLUTION, None, ordered=False, public=True)
        self.turn = TurnState()
        self.live = LiveState()

    def zone(self, player: str | None, name: str) -> Zone:
        if name == RESOLUTION:
            return self.resolution
        return self.players[player].zones[name]

    def all_zones(self):
        yield self.resolution
        for ps in self.players.values():
            yield from ps.zones.values()


# ------------------------------------------------------------ changes (called by event handlers)
def put(card: LLCard, to: Zone, *, bottom: bool = False, face_up: bool | None = None) -> None:
    """Move a card (5.4): out of its zone, into `to` — on top of an ordered zone (index 0) unless
    `bottom`; at the end of an unordered one. A card entering a zone is a new card (4.1.4): it is
    active (4.3.2.3) and keeps no record of the stage unless it moves between member areas."""
    old = card.zone
    if old is not None:
        old.items.remove(card)
        old.version += 1
    stage_move = old is not None and old.name in AREAS and to.name in AREAS
    if not stage_move:
        card.wait = False
        card.beneath = False
        if to.name not in AREAS:
            card.entered_turn = None
    if to.ordered and not bottom:
        to.items.insert(0, card)
    else:
        to.items.append(card)
    card.zone = to
    to.version += 1
    if face_up is not None:
        card.face_up = face_up
    elif to.public and to.name != "live":
        card.face_up = True               # 4.1.2.1: a public zone shows its cards
    elif not to.public:
        card.face_up = False              # 4.1.2.1
