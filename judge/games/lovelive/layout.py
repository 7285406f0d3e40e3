"""The Love Live! table for the ruling pages (judge.core.board): the member areas left, centre and
right with the cards beneath a member (4.5), the live card zone (4.6), energy zone (4.7), main deck
(4.8), energy deck (4.9), success live card zone (4.10), hand (4.11), waiting room (4.12) and
exclusion zone (4.13); a card drawn as a tile with its cost, blades, hearts by colour, score and
required hearts (2.6-2.11), and wait (4.3.2)."""
from __future__ import annotations

from judge.core.board import Board, Pile, Side, Tile, visible_tile

from .state import AREAS

# Rows from the middle of the table to the player's edge, left to right as the player sees them:
# the left side area left of the centre area (4.5.2.2). The other player's side is drawn turned
# round, so that a left side area faces the other player's right side area (4.5.7.1).
GRID = (
    ("success", "live", "live", "live", "main_deck"),
    ("exclusion", "left", "center", "right", "waiting_room"),
    ("energy_deck", "energy", "energy", "energy", "aside"),
    ("hand", "hand", "hand", "hand", "hand"),
)
LABELS = {"left": "left", "center": "centre", "right": "right", "live": "live cards", "energy": "energy",
          "main_deck": "main deck", "energy_deck": "energy deck", "success": "successful lives",
          "hand": "hand", "waiting_room": "waiting room", "exclusion": "exclusion",
          "aside": "set aside"}                   # 6.2.1.6: the cards of a mulligan, face down
PILED = {"main_deck", "energy_deck", "aside"}


def card_tile(defn, ref: str = "") -> Tile:
    """A card's printed facts: cost (2.6), blades (2.7), hearts (2.8) as chips by colour, score
    (2.10) and required hearts (2.11)."""
    stats = [(label, str(value)) for label, value in (("cost", defn.cost), ("blade", defn.blade),
                                                       ("score", defn.score)) if value is not None]
    if defn.required:
        stats.append(("needs", " ".join(f"{c}×{n}" for c, n in defn.required)))
    chips = [(colour, f"{n} {colour} heart{'s' if n != 1 else ''}") for colour, n in defn.hearts]
    return Tile(number=defn.number, name=defn.name_en or defn.name, kind=defn.kind, stats=stats,
                colours=sorted({c for c, _ in defn.hearts}), chips=chips, ref=ref)


def known(card, viewer) -> bool:
    """Whether `viewer` may see the card: face up in a public zone, every player (4.1.2.1); in a
    hand, its player (4.11.2); a face-down card (a live card set, 8.2.2; a card set aside, 6.2.1.6)
    and a card of a deck, no player (4.3.3.2, 4.8.2, 4.9.2)."""
    zone = card.zone
    if zone is None or (zone.public and card.face_up):
        return True
    return card.owner == viewer and zone.name == "hand"


def _card(card, viewer, ref) -> Tile:
    tile = visible_tile(card_tile(card.defn, ref), viewer is None or known(card, viewer))
    if getattr(card, "wait", False):
        tile.marks.append("wait")
    return tile


class LoveLiveLayout:
    grid = GRID

    def board(self, game, viewer=None) -> Board:
        t = game.table
        heading = (f"turn {t.turn.number}, {t.turn.player}'s {t.turn.step} phase, first player {t.turn.first}"
                   + (f" — game over: {game.result.get('winner') or 'draw'} ({game.result.get('reason')})"
                      if game.over else ""))
        sides = []
        for p, ps in t.players.items():
            facts = [("score", str(t.live.score[p]))] if p in t.live.score else []
            side = Side(p, facts=facts)
            for key, label in LABELS.items():
                items = ps.zones[key].items
                if key in AREAS:
                    member = ps.member(key)      # 4.5.5: the member on top, the others beneath it
                    tiles = []
                    if member is not None:
                        tile = _card(member, viewer, f"{p}.{key}")
                        tile.beneath = [_card(c, viewer, "") for c in items if c is not member]
                        tiles = [tile]
                else:
                    tiles = [_card(c, viewer, f"{p}.{key}.{i}") for i, c in enumerate(items, 1)]
                side.piles[key] = Pile(key, label, tiles, len(items), key not in PILED)
            sides.append(side)
        res = t.resolution.items
        shared = [Pile("resolution", "resolution", [_card(c, viewer, "") for c in res], len(res))] if res else []
        return Board(heading, sides, shared, GRID)

    def card_tile(self, card) -> Tile:
        return card_tile(card)

    def unsupported(self, card) -> list[str]:
        return (["abilities: the engine does not run them yet"] if card.abilities else []) + list(card.gaps)


LAYOUT = LoveLiveLayout()
