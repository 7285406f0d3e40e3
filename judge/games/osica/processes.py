"""What the rules do by themselves: a character of AP 0 or less goes to the drop area (chara.4,
chara.5: a standing rule, not a check at the moment AP falls), and a player whose deck is 0 loses
(win.2, win.6)."""
from __future__ import annotations


def low_ap(game) -> list:
    return [c for ps in game.table.players.values() for c in ps.in_play()
            if c.defn.kind == "character" and c.ap <= 0]


def nothing_due(game) -> bool:
    return not low_ap(game)


def run(game):
    """Every due process at once (the assumption effect.ap-check: checked between any two steps)."""
    due = low_ap(game)
    for card in due:
        game.move(card, "drop", ("chara.4", "chara.5", "effect.ap-check"), source="rules")
    return bool(due)
    yield  # pragma: no cover


def deck_out(game) -> None:
    """win.2, win.6: the opponent of a player whose deck is 0 wins at once; both at once: the
    assumption victory.both."""
    if game.over or game.table.turn.phase == "setup":
        return                  # the game has not begun (win: the objective is of a game under way)
    empty = [p for p in game.PLAYERS if not game.table.zone(p, "deck").items]
    if not empty:
        return
    if len(empty) == 1:
        game.end_game(game.other(empty[0]), ("win.2", "win.6"), f"{empty[0]}'s deck is 0")
    both = game.assumed("victory.both")
    winner = None if both == "draw" else game.table.turn.player if both == "turn-player" else \
        game.other(game.table.turn.player)
    game.end_game(winner, ("win.2", "win.6", "victory.both"), "both decks are 0 at once")


def win_by_hearts(game, thief: str, before: int, count: int, rules: tuple, source=None) -> None:
    """win.1, win.3-5: stealing one heart or more from a player who had none wins; stealing more
    than they have takes them to 0 and the game goes on."""
    if before == 0 and count >= 1:
        game.end_game(thief, ("win.1", "win.3") + tuple(rules), f"{game.other(thief)} had no heart to steal",
                      source)
