"""The hololive table for the ruling pages (judge.core.board): each player's zones where the play
sheet puts them (4.5-4.15), and a card drawn as a tile: name, number, bloom level, HP and damage
(4.4.5.4), the cheer attached by colour and the support cards attached (4.9, 4.11)."""
from __future__ import annotations

from ...core.board import Board, Pile, Side, Tile, visible_tile
from ...core.state import Stack

# Rows from the middle of the table to the player's edge, left to right as the player sees them.
GRID = (
    ("life", "collab", "center", "center", "holopower", "deck"),
    ("oshi", "back", "back", "back", "back", "archive"),
    ("cheer_deck", "hand", "hand", "hand", "hand", "hand"),
)
LABELS = {"oshi": "oshi", "center": "centre", "collab": "collab", "back": "back", "life": "life",
          "cheer_deck": "cheer deck", "deck": "deck", "holopower": "holo power", "archive": "archive",
          "hand": "hand"}
SPREAD = {"oshi", "center", "collab", "back", "archive", "hand"}        # drawn card by card


def _name(defn) -> str:
    return defn.name_en or defn.name


def card_tile(defn, ref: str = "") -> Tile:
    """A card's printed facts as a tile: type, bloom level (2.3), HP (2.9), life (2.8), colours (2.4)."""
    stats = []
    if defn.bloom_level:
        stats.append(("bloom", defn.bloom_level))
    if defn.hp is not None:
        stats.append(("HP", str(defn.hp)))
    if defn.life is not None:
        stats.append(("life", str(defn.life)))
    kind = defn.type if not defn.sub_type else f"{defn.type} {defn.sub_type}"
    return Tile(number=defn.number, name=_name(defn), kind=kind, stats=stats, colours=sorted(defn.colors), ref=ref)


def _card(game, card, viewer, ref="") -> Tile:
    return visible_tile(card_tile(card.defn, ref), viewer is None or _known(game, card, viewer))


def _known(game, card, viewer) -> bool:
    from .refs import known            # 4.1.2, 4.2: what the trace has shown this player
    return known(game, card, viewer)


def _holomem(game, s: Stack, viewer) -> Tile:
    """A holomem on the stage (public, 4.6): its top card with HP left of max (4.4.5.4), damage,
    rested (4.3), its bloom stack beneath, its cheer by colour and its attached supports."""
    ref = game.position(s)
    tile = card_tile(s.top.defn, ref)
    tile.stats = [(k, v) for k, v in tile.stats if k != "HP"] + [("HP", f"{game.hp(s)}/{game.max_hp(s)}")]
    if s.damage:
        tile.stats.append(("damage", str(s.damage)))
    if s.flags.get("rested"):
        tile.marks.append("rested")
    tile.marks += ["$" + a for a in sorted(s.aliases)]
    tile.beneath = [card_tile(c.defn) for c in reversed(s.cards[:-1])]
    tile.chips = [("/".join(sorted(c.defn.colors)) or "colourless", f"{c.number} {_name(c.defn)}")
                  for c in game.cheers(s)]
    tile.attached = [card_tile(c.defn) for c in game.supports(s)]
    return tile


class HololiveLayout:
    grid = GRID

    def board(self, game, viewer=None) -> Board:
        heading = (f"turn {game.turn_number}, {game.turn_player}'s turn, {game.step} step"
                   + (f" — game over: {game.result['winner'] or 'draw'} ({game.result['reason']})" if game.over else ""))
        sides = []
        for p in game.PLAYERS:
            side = Side(p, facts=[("life damage", str(game.life_damage[p]))])       # 3.2.1
            for key in LABELS:
                zone = game.zone(p, key)
                tiles = []
                for i, item in enumerate(zone.items, 1):
                    if type(item) is Stack:
                        tiles.append(_holomem(game, item, viewer))
                    else:
                        tiles.append(_card(game, item, viewer, f"{p}.{key}.{i}"))
                side.piles[key] = Pile(key, LABELS[key], tiles, len(zone.items), key in SPREAD)
            sides.append(side)
        shared = [Pile("resolution", "resolution", [_card(game, c, viewer) for c in game.resolution.items],
                       len(game.resolution.items))] if game.resolution.items else []
        return Board(heading, sides, shared, GRID)

    def card_tile(self, card) -> Tile:
        return card_tile(card)

    def unsupported(self, card) -> list[str]:
        return card.unsupported()


LAYOUT = HololiveLayout()
