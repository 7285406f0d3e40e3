"""Game state: card instances, stacks (cards acting as one object), zones.

Generic on purpose: a ruleset names its zones and decides what a stack means
(a character card and the cards attached to it, in a game that has them).
"""
from __future__ import annotations


class Card:
    """One physical card in the game, with a stable id."""

    __slots__ = ("id", "defn", "owner", "zone", "holder", "_face_up")

    def __init__(self, cid: int, defn, owner: str):
        self.id = cid
        self.defn = defn          # the card's printed facts (a ruleset object with .number)
        self.owner = owner        # 3.1.1: who brought it into the game
        self.zone = None          # the Zone it is in (for a stacked/attached card: the stack's zone)
        self.holder = None        # the Stack it belongs to, if any
        self._face_up = True

    @property
    def face_up(self) -> bool:
        return self._face_up

    @face_up.setter
    def face_up(self, value: bool) -> None:
        self._face_up = value
        if self.zone is not None:
            self.zone.version += 1      # the zone as the players see it changed

    @property
    def number(self) -> str:
        return self.defn.number

    def __repr__(self):
        return f"<{self.defn.number}#{self.id}>"


class Stack:
    """Cards acting as one object in a zone: `cards` bottom first, plus attached cards."""

    __slots__ = ("id", "cards", "attached", "zone", "damage", "flags", "aliases", "version")

    def __init__(self, sid: int):
        self.id = sid
        self.cards: list[Card] = []
        self.attached: list[Card] = []
        self.zone = None
        self.damage = 0
        self.flags: dict = {}
        self.aliases: set = set()
        # Bumped by every change to its cards, attached cards, damage or flags (the event handlers),
        # so a cache of what the stack is knows when it is stale.
        self.version = 0

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def owner(self) -> str:
        return self.cards[-1].owner

    def all_cards(self):
        return [*self.cards, *self.attached]

    def __repr__(self):
        return f"<stack#{self.id} {self.cards[-1].defn.number if self.cards else '-'}>"


class Zone:
    """A zone: its items (cards or stacks), index 0 being the top of an ordered zone."""

    __slots__ = ("name", "owner", "items", "ordered", "public", "limit", "version")

    def __init__(self, name: str, owner: str | None, *, ordered: bool, public: bool, limit=None):
        self.name = name
        self.owner = owner
        self.items: list = []
        # Bumped by every change to `items` or to the face of a card in it (the event handlers
        # and Card.face_up), so a cache of what the zone holds knows when it is stale.
        self.version = 0
        self.ordered = ordered
        self.public = public
        self.limit = limit

    @property
    def label(self) -> str:
        return f"{self.owner}.{self.name}" if self.owner else self.name

    def __len__(self):
        return len(self.items)

    def __iter__(self):
        return iter(self.items)

    def __bool__(self):
        return True

    def __repr__(self):
        return f"<zone {self.label} ({len(self.items)})>"


def plain(value):
    """A value read from a game as a judge reads it in a failure message: a card or a stack by its
    (top) card's number, a zone by its cards, a list element by element."""
    if type(value) is Stack:
        return value.top.number
    if isinstance(value, Card):
        return value.number
    if hasattr(value, "items") and not isinstance(value, (list, dict)):
        value = value.items
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value
