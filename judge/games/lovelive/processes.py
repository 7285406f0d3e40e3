"""Rule processing (10): refresh (10.2, at any time), victory (10.3), duplicate members (10.4),
illegal cards (10.5) and the resolution zone (10.6). Each function receives the game and acts only
through its events."""
from __future__ import annotations

from .state import AREAS

WIN_SUCCESS = 3          # 1.2.1.1, 10.3.1


def refresh_due(game, player: str) -> bool:
    """10.2.2.1: the main deck is empty and the waiting room is not."""
    ps = game.table.players[player]
    return not ps.zones["main_deck"].items and bool(ps.zones["waiting_room"].items)


def refresh_any(game) -> None:
    """10.2.1: whenever a player meets the condition, even in the middle of something; the first
    player first when both do (10.2.4)."""
    first = game.table.turn.first
    for p in (first, game.other(first)):
        if refresh_due(game, p):
            refresh(game, p)


def refresh(game, player: str) -> None:
    """10.2.3: the waiting room, hidden and shuffled, goes under the main deck."""
    room = game.table.zone(player, "waiting_room")
    order = game.shuffle_order(list(room.items), zone=room)
    # 10.2.3 with 5.5.1 / 5.5.1.1: the waiting room as the group shuffled (5.5.1.2: one card is
    # shuffled too); hidden (4.2.3), under the main deck's cards (4.1.3)
    game.emit("refresh", ("10.2.1", "10.2.2", "10.2.2.1", "10.2.3", "5.5.1", "5.5.1.1", "4.2.3", "4.1.3")
              + (("5.5.1.2",) if len(order) <= 1 else ())
              + (("10.2.4",) if refresh_due(game, game.other(player)) else ()), "rule process", player=player,
              cards=[c.id for c in order], count=len(order))


def _illegal(game) -> list:
    """(card, destination, rules) for each card a rule process of 10.4-10.6 moves now."""
    out = []
    t = game.table
    for p, ps in t.players.items():
        for area in AREAS:
            items = ps.zones[area].items
            members = ps.members_in(area)
            if len(members) > 1:
                # 10.4.1: several members in one area (a member played there without a baton touch,
                # 9.6.2.4.1): the one placed last stays, every other card of the area goes (an
                # energy card to the energy deck, 10.5.5).
                for c in items:
                    if c is not members[-1]:
                        out.append((c, "energy_deck" if c.defn.kind == "energy" else "waiting_room",
                                    ("10.4.1",) + (("10.5.5",) if c.defn.kind == "energy" else ())))
            elif not members:
                # 4.5.5.4.1 / 4.5.5.4.2: cards left beneath a member that left the area
                for c in items:
                    if c.defn.kind == "energy":
                        out.append((c, "energy_deck", ("10.5.4", "4.5.5.4", "4.5.5.4.2")))  # 10.5.4
                    else:
                        out.append((c, "waiting_room", ("10.5.3", "4.5.5.4", "4.5.5.4.1")))  # 10.5.3
        for c in ps.zones["live"].items:
            if c.face_up and c.defn.kind != "live":                               # 10.5.1
                out.append((c, "energy_deck" if c.defn.kind == "energy" else "waiting_room",
                            ("10.5.1",) + (("10.5.5",) if c.defn.kind == "energy" else ())))
        for c in ps.zones["energy"].items:
            if c.defn.kind != "energy":                                           # 10.5.2
                out.append((c, "waiting_room", ("10.5.2",)))
    for c in t.resolution.items:
        if c.id not in game.in_resolution:                                        # 10.6.1
            out.append((c, "energy_deck" if c.defn.kind == "energy" else "waiting_room",
                        ("10.6.1",) + (("10.5.5",) if c.defn.kind == "energy" else ())))
    return out


def winners(game) -> list:
    return [p for p, ps in game.table.players.items() if len(ps.zones["success"].items) >= WIN_SUCCESS]


def nothing_due(game) -> bool:
    return not winners(game) and not _illegal(game)


def run(game):
    """9.5.3.1 / 10.1.3: every due rule process at once. Returns whether any ran."""
    won = winners(game)
    if won:
        # 10.3.1; 1.2.1.1 one player has three, the other two or fewer; 1.2.1.2 both: a draw.
        if len(won) == 1:
            game.end_game(won[0], ("10.3.1", "1.2.1.1", "1.2.1"), f"{won[0]} has {WIN_SUCCESS} successful lives")
        game.end_game(None, ("10.3.1", "1.2.1.2", "1.2.1"), f"both players have {WIN_SUCCESS} successful lives at once")
    moves = _illegal(game)
    for card, where, rules in moves:
        # 4.1.7 / 10.4.1 / 10.5: to the owner's zone
        game.move(card, card.owner, where, ("10.1.1", "10.1.2", "10.1.3") + rules, source="rule process")
    return bool(moves)
    yield  # pragma: no cover - a generator, as the kernel's hook is
