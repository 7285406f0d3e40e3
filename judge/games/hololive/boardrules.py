"""The rules of the board (sections 2-4) that each kind of event applies.

The handlers in game.py carry out what these rules say: who may see a moved card, where in
an ordered zone it goes, what a new holomem starts with. `HololiveBoard.emit` adds the rules
below to every event of the kind, so the trace names them where they act. Each function
looks at the event before it happens.
"""
from __future__ import annotations

NOBODY = "nobody"     # `private` of an event whose hidden card no player may see (4.10.2, 4.15.2)

# Who may see a zone's cards and whether their order is kept (4.1.2, 4.1.3), zone by zone.
ZONE_RULES = {"hand": "4.13.2", "deck": "4.11.2", "cheer_deck": "4.12.2", "life": "4.10.2",
              "holopower": "4.15.2", "archive": "4.14.2", "resolution": "4.16.2"}
# What a zone is for, cited when a card is put there (the archive's 4.14.1: game.archive()).
ZONE_PURPOSE = {"life": "4.10.1", "holopower": "4.15.1", "resolution": "4.16.1"}
# Stage positions: what each is for (4.7.1, 4.8.1, 4.9.1) and that it is public (4.7.2, 4.8.2, 4.9.2).
POSITION_RULES = {"center": ("4.7.1", "4.7.2"), "collab": ("4.8.1", "4.8.2"), "back": ("4.9.1", "4.9.2")}


def viewers(players, zone) -> frozenset:
    """4.1.2: everyone sees a public zone; a hand only its player (4.13.2); the others nobody."""
    if zone is None or zone.public:
        return frozenset(players)
    if zone.name == "hand":
        return frozenset([zone.owner])
    return frozenset()


def event_rules(game, kind, data) -> tuple:
    """The board rules an event of this kind applies (moves of cards: move_rules, via game.move)."""
    if kind == "enter_stage":
        return enter_rules(data)
    if kind == "move_holomem":        # within the stage (4.6.1), into a public position with a purpose
        return ("4.6.1",) + POSITION_RULES[data["to"].name]
    if kind == "swap":
        a, b = data["stacks"]
        return ("4.6.1",) + POSITION_RULES[a.zone.name] + POSITION_RULES[b.zone.name]
    if kind == "bloom":
        # Still one holomem of stacked holomem cards (4.4.2); the old top card is now a stacked
        # holomem (4.4.8) and no longer a holomem on the stage (4.4.2.2); the stack keeps its
        # order with the new card on top (4.4.2.3); the holomem's bloom level is the new card's (2.3.1).
        return ("4.4.2", "4.4.2.2", "4.4.2.3", "4.4.8", "2.3.1")
    if kind == "attach":              # support and cheer cards attach to holomems (4.4.3)
        if data["card"].defn.type == "support":
            return ("4.4.3", "2.2.3", "2.2.4")     # a tool, mascot or fan: its sub card type attaches
        return ("4.4.3",)
    if kind == "damage":              # the damage a holomem has taken; its HP is HP less damage
        s = data["stack"]
        if s.damage + data["amount"] > game.max_hp(s):
            return ("4.4.5", "4.4.5.4", "1.3.2.4")    # its HP goes below 0: values may be negative
        return ("4.4.5", "4.4.5.4")
    if kind in ("rest", "unrest"):    # a stage card has exactly one of the two orientations
        return ("4.3.1", "4.3.2")
    if kind == "life_damage":
        return ("3.2.1",)
    return ()


def enter_rules(data) -> tuple:
    """A holomem card becomes a holomem (4.4.1) with no damage (4.4.5.1), active (4.3.2.3)."""
    out = ("4.4.1", "4.4.5.1", "4.3.2.3") + POSITION_RULES[data["to"].name]
    if data.get("face_down"):
        # Set-up: face down in a public zone, its information hidden until 6.2.1.12.
        out += ("4.2.2.1", "4.3.3", "4.3.3.2")
    else:
        out += ("4.1.2.1",)
    if len(data["card"].defn.names) > 1:
        out += ("4.4.2.1.1",)         # a card naming several persons is still one holomem
    return out


def move_rules(frm, to, *, bottom, face_down, hidden, source) -> tuple:
    """A card moved to a zone takes that zone's visibility (4.1.2.1) and place in its order."""
    out = ["4.1.2.1", ZONE_RULES.get(to.name)]
    was_public = frm is None or frm.public
    if not to.public and not was_public:
        out.append(ZONE_RULES.get(frm.name))          # hidden to hidden: who saw it before counts
    if was_public != to.public:                       # it changes between the two states
        out += ["4.1.2", "4.2.1"]
    out.append("4.2.2" if to.public else "4.2.3")
    if to.public:
        out.append("4.3.3.1")                         # face up in a public zone
    elif face_down:
        out.append("4.3.3.2")
    if to.ordered:                                    # on top unless told otherwise
        out += ["4.1.3.1"] if bottom else ["4.1.3.1", "4.1.3.2"]
    if hidden:
        out.append("4.1.2.2")                         # the card is hidden, the move (the count) is not
    out.append(ZONE_PURPOSE.get(to.name))
    if source and "deck" in (to.name, frm.name if frm else ""):
        out.append("4.11.3")                          # an effect's 'deck': the deck zone's cards
    return tuple(r for r in out if r)
