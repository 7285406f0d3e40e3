"""The state the ability machinery keeps beside the table (composed into the game as `game.ab`), and the
context one ability's play carries from its cost to its effect."""
from __future__ import annotations


class Waiting:
    """An automatic ability waiting to be played (9.7.2): once per time its trigger was met (9.7.2.1)."""

    __slots__ = ("ability", "card", "player", "data", "seq")

    def __init__(self, ability, card, player, data, seq):
        self.ability, self.card, self.player, self.data, self.seq = ability, card, player, data, seq

    def label(self) -> str:
        return f"{self.card.number} #{self.ability.index + 1} ({self.ability.kind})"


class Effect:
    """A continuous effect with a duration (9.2.1.2): what it modifies, on which card (or player), until
    when (`live_end`: 8.4.11), in the order it began (9.9.1.7.2)."""

    __slots__ = ("target", "modify", "until", "seq", "source")

    def __init__(self, target, modify: dict, until: str, seq: int, source: str):
        self.target, self.modify, self.until, self.seq, self.source = target, modify, until, seq, source


class AbilityState:
    """The abilities' bookkeeping: plays per turn (11.2, 11.3), continuous effects with a duration (9.2.1.2),
    members that moved between areas this turn, the baton touch each member entered by (9.6.2.3.2.1), and
    the cards of a live whose 'live start' happened (11.5)."""

    __slots__ = ("uses", "effects", "moved", "baton_from", "seq", "succeeded", "resolving", "timed", "entries", "yelled")

    def __init__(self):
        self.uses: dict = {}          # (card id, ability index) -> (turn, plays)
        self.effects: list = []       # Effect, in the order they began
        self.moved: set = set()       # ids of members that moved between areas this turn (11.10)
        self.baton_from: dict = {}    # member id -> the member it baton touched (9.6.2.3.2.1)
        self.seq = 0
        self.succeeded: set = set()   # players whose live succeeded this turn (8.4.4)
        self.resolving: list = []     # abilities being played, as pseudo cards of the resolution zone (9.6.2.1.3)
        self.timed: list = []         # timed triggers made by effects, until met (9.7.5)
        self.entries: dict = {}       # player -> how many times a member entered their stage this turn (11.4)
        self.yelled: dict = {}        # player -> how many cards their yell revealed this turn (8.3.11)


class Ctx:
    """One play of an ability: its master, its card, and what its cost and earlier steps did."""

    __slots__ = ("player", "card", "ability", "source", "event", "those", "added", "color", "cost_cards",
                 "did", "revealed", "drawn", "waited", "targets", "replaced", "discarded", "left_area",
                 "followed")

    def __init__(self, player, card, ability, event=None):
        self.player, self.card, self.ability, self.event = player, card, ability, event or {}
        self.source = card.number if card is not None else "rules"
        self.those: list = []         # the cards the last step moved (mill, look_top)
        self.added: list = []         # the cards steps added to the hand
        self.color = None             # the heart colour a step chose
        self.cost_cards = 0           # how many cards the cost put to the waiting room / to wait
        self.did = True               # whether the cost (or the last optional step) was done
        self.revealed: list = []      # the cards the cost revealed
        self.drawn = 0                # how many cards steps drew
        self.waited: list = []        # the members the cost made wait
        self.targets: list = []       # the members chosen when it was played (9.6.2.2)
        self.replaced = frozenset()   # the replacements applied to the event this effect replaces (9.10.2.3)
        self.discarded: list = []     # the cards the cost put from the hand in the waiting room
        self.left_area: dict = {}     # card id -> (the member area it left by this ability, its cost there)
        self.followed = None          # the zone this ability's cost or effect moved its own card to (4.1.4.1)
