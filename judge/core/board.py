"""The board as a picture: what a game's layout gives the ruling pages (`judge explain --html`,
`judge book`) to draw. Plain data, the same for every game; a game's layout module fills it in
(its zones in their places at the table, and how one of its cards is drawn as a tile).

A ruleset that has no `layout` gets `TextLayout`: its board drawn as the lines of `board_lines`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Protocol, runtime_checkable


@dataclass
class Tile:
    """One card (or one object of cards acting as one) as it lies on the table."""

    number: str = ""                 # the card number; "" for a card the viewer may not know
    name: str = ""
    kind: str = ""                   # a word of the game's for its sort of card (a CSS class)
    stats: list = field(default_factory=list)      # (label, value): the game's numbers (HP, cost, ...)
    marks: list = field(default_factory=list)      # short states: rested, wait, a scenario's $name
    colours: list = field(default_factory=list)    # the card's colours (the game's words)
    chips: list = field(default_factory=list)      # (colour, title): small attached cards drawn by colour
    attached: list = field(default_factory=list)   # Tiles attached to it
    beneath: list = field(default_factory=list)    # Tiles under it (a stack, cards placed beneath)
    hidden: bool = False             # face down to the viewer: drawn as a card back
    ref: str = ""                    # how a scenario names its place (A.back.2), for people and tests


@dataclass
class Pile:
    """One zone of one player (or a shared zone)."""

    key: str                         # the game's name of the zone (a scenario's path word)
    label: str                       # for people
    tiles: list = field(default_factory=list)
    count: int = 0                   # how many cards it holds (known to all: the tiles may be backs)
    spread: bool = True              # every tile drawn (a stage, a hand); False: a pile, top and count


@dataclass
class Side:
    player: str
    piles: dict = field(default_factory=dict)      # key -> Pile
    facts: list = field(default_factory=list)      # (label, value): life damage, score, ...


@dataclass
class Board:
    heading: str                     # where the game is: turn, player, step; the result
    sides: list = field(default_factory=list)      # Side per player, in the game's order
    shared: list = field(default_factory=list)     # Piles both players share
    grid: tuple = ()                 # the layout's grid (BoardLayout.grid)
    text: list = field(default_factory=list)       # TextLayout: the board as lines

    def tiles(self) -> Iterable[tuple[str, str, Tile]]:
        """(player, zone key, tile) of every tile on the board, tiles under and attached included."""
        def walk(p, k, tile):
            yield p, k, tile
            for t in (*tile.beneath, *tile.attached):
                yield from walk(p, k, t)
        for side in self.sides:
            for key, pile in side.piles.items():
                for t in pile.tiles:
                    yield from walk(side.player, key, t)
        for pile in self.shared:
            for t in pile.tiles:
                yield from walk("", pile.key, t)


@runtime_checkable
class BoardLayout(Protocol):
    """What a game tells the ruling pages about its table (the ruleset's `layout`)."""

    # Each player's zones in their places at the table, as rows of zone keys from the middle of the
    # table to the player's edge, left to right as the player sees them; a key repeated along a row
    # spans those cells, None is an empty cell. The player across the table is drawn turned round.
    grid: tuple

    def board(self, game, viewer: str | None) -> Board:
        """The board now, as `viewer` may see it (None: a judge, who sees every card): a card the
        viewer may not know is a Tile with `hidden` and no number or name."""

    def card_tile(self, card) -> Tile:
        """A card of the card database drawn as a tile (its card page in the book)."""

    def unsupported(self, card) -> list[str]:
        """The parts of a card the engine does not run yet (its card page); empty when none."""


class TextLayout:
    """The layout of a game that gives none: the board as the lines of `board_lines`."""

    grid = ()

    def __init__(self, ruleset):
        self.ruleset = ruleset

    def board(self, game, viewer=None) -> Board:
        lines = self.ruleset.board_lines(game)
        return Board(heading=lines[0] if lines else "", text=lines[1:])

    def card_tile(self, card) -> Tile:
        return Tile(number=card.number, name=str(getattr(card, "name", "") or ""))

    def unsupported(self, card) -> list[str]:
        return []


def layout_of(ruleset) -> BoardLayout:
    """The ruleset's layout, or the text of its board when it gives none."""
    return getattr(ruleset, "layout", None) or TextLayout(ruleset)


def visible_tile(tile: Tile, known: bool) -> Tile:
    """`tile` as a viewer who may not know the card sees it: a card back."""
    return tile if known else Tile(kind=tile.kind, hidden=True, ref=tile.ref)
