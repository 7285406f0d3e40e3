"""The zones of chapter 4 as the rules that govern a card's arrival in each: what a move (5.4.1)
cites, from where the card comes, where it goes and how it lies there. Pure functions of the
zones; the move itself is state.put, applied by the engine's `move` event."""
from __future__ import annotations

from functools import lru_cache

from .state import AREAS, RESOLUTION

# Each zone's own rules: what it is, whether it is public and ordered (4.1.2, 4.1.3).
OWN = {
    "main_deck": ("4.8.1", "4.8.2"),
    "energy_deck": ("4.9.1", "4.9.2"),
    "hand": ("4.11.1", "4.11.2"),
    "energy": ("4.7.1", "4.7.2", "4.7.3"),             # 4.7.3: energy has an orientation
    "live": ("4.6.1", "4.6.2"),
    "success": ("4.10.1", "4.10.2"),                   # 4.10.2: on top of the cards already there
    "waiting_room": ("4.12.1", "4.12.2"),
    "exclusion": ("4.13.1", "4.13.2"),
    RESOLUTION: ("4.14.1", "4.14.2"),                  # 4.14.1: one zone both players share
    "aside": ("6.2.1.6",),
    **{area: ("4.4.1", "4.4.2", "4.5.1", "4.5.2", "4.5.2.1", "4.5.3", "4.5.4") for area in AREAS},
}
ORIENTED = {"energy", *AREAS}                          # 4.3.1: zones that give a card an orientation
KEEPS = ({*AREAS}, {"live"})                           # 4.1.4: moves within these keep the card


@lru_cache(maxsize=None)
def move_rules(frm: str | None, to: str, *, face_up: bool, ordered: bool, private: bool,
               beneath: bool = False) -> tuple:
    """The rules a card's move from zone `frm` to zone `to` follows (besides the rule that moves it)."""
    out = ["5.4.1", *OWN.get(to, ())]
    if frm in ("main_deck", "energy_deck"):
        out += OWN[frm]                                                   # which card: the deck's top
        if frm == "main_deck":
            out += ["4.1.3", "4.1.3.1"]                                   # the pile's order is kept
    out.append("4.14.1" if to == RESOLUTION else "4.1.1")                 # 4.1.1: each player's own zone
    out += ["4.1.2", "4.1.2.1", "4.2.1", "4.2.2" if face_up else "4.2.3"]
    if to == "live" and not face_up:
        out += ["4.3.1", "4.3.3", "4.3.3.2"]                             # 4.6.2: set face down for a time
    if to == "exclusion":
        out += ["4.3.3", "4.3.3.1"]                                       # 4.13.2: face up unless told
    if to in ORIENTED and not beneath:
        out += ["4.3.1", "4.3.2", "4.3.2.3"]                              # placed active
    if ordered:
        out += ["4.1.3", "4.1.3.1"]                                       # the order is the pile's
    if frm is not None and not any(frm in keep and to in keep for keep in KEEPS):
        out.append("4.1.4")                                               # a new card in the new zone
    if to not in AREAS and to != "live" and to != RESOLUTION:
        out += ["4.1.7", "3.1.1"]                                         # to its owner's zone
    if private:
        out.append("4.1.2.2")                                             # the count stays public
    return tuple(dict.fromkeys(out))
