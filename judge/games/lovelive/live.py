"""The live phase (8): the live card set phase (8.2), each player's performance phase (8.3) and the
live judgment phase (8.4). Procedures of the game, acting through its events."""
from __future__ import annotations

from judge.core.decisions import Option

from . import continuous, hearts
from .cards import ALL, COLORLESS, DRAW, SCORE
from .state import AREAS

SET_AT_MOST = 3                 # 8.2.2


def live_set(game):
    """8.2: the first player, then the second, set up to three cards face down and draw as many."""
    t = game.table
    game.trigger_point(("8.2.1",), "live phase start, live card set phase start")
    yield from game.check_timing(("8.2.1",))
    first = t.turn.first
    for p, rule, check in ((first, "8.2.2", "8.2.3"), (game.other(first), "8.2.4", "8.2.5")):
        hand = t.zone(p, "hand").items
        options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en)) for c in hand]
        picked = []
        if options:                   # an empty hand has nothing to choose (5.6.2 / 1.3.2: 0 cards)
            picked = yield from game.ask(p, "live_set", "set up to 3 cards face down in the live card zone",
                                         (rule, "1.3.5", "1.3.5.1"), options, many=True, min_pick=0,
                                         max_pick=min(SET_AT_MOST, len(options)), ask_always=True, private=p)
        for cid in picked:
            game.move(game.cards[cid], p, "live", (rule,), face_up=False)
        for _ in picked:
            game.draw(p, (rule, "5.6.2"))                  # as many cards: one card that many times
        game.emit("live_set", (rule, "1.3.5", "1.3.5.1"), "rules", player=p, count=len(picked))
        yield from game.check_timing((check,))


def performance(game, p: str):
    """8.3: one player's performance phase."""
    t = game.table
    game.set_step("performance", p, ("8.3.1", "8.3.2", "8.3.2.1", "8.1.2", "7.2.1", "7.2.1.1", "7.2.2"))
    game.trigger_point(("8.3.3",), "performance phase start")
    yield from game.check_timing(("8.3.3",))
    live = t.zone(p, "live")
    for c in list(live.items):                                                   # 8.3.4
        if not c.face_up:
            game.emit("reveal", ("8.3.4", "5.3.1", "4.3.3", "4.3.3.1"), "rules", card=c.id, number=c.number, player=p)
    from .effects_cover import cannot_live_now
    if cannot_live_now(game, p):
        for c in list(live.items):                       # 8.3.4.1: a player who cannot live: every card goes
            game.move(c, p, "waiting_room", ("8.3.4", "8.3.4.1"))
    for c in list(live.items):
        if c.defn.kind != "live":
            game.move(c, p, "waiting_room", ("8.3.4", "2.2.2", "2.2.2.1"))             # only a live card is performed
    yield from game.check_timing(("8.3.5",))
    if not live.items:                                                           # 8.3.6
        game.emit("no_live", ("8.3.6", "11.5.2.1"), "rules", player=p)
        return
    game.emit("live_start", ("8.3.7", "8.3.8", "11.5.1"), "rules", player=p,     # 8.3.7 / 8.3.8
              lives=[c.number for c in live.items])
    yield from game.check_timing(("8.3.9",))
    ps = t.players[p]
    blades = sum(continuous.blade(game, m) for m in ps.members() if not m.wait)  # 8.3.10 (as now: 9.9; 3.1.2: his own)
    # 2.8.1 / 2.8.2: each blade icon of an active member (4.3.2, 4.5.4) of the stage (4.4.1) is one yell
    # card; cards beneath a member are no members (4.5.5.1, 4.5.6); 1.3.2.2: no blade, no yell
    beneath = any(ps.beneath(a) for a in AREAS)
    game.emit("blades", ("8.3.10", "2.8.1", "2.8.2", "3.1.2", "4.4.1", "4.3.2", "4.5.4")
              + (("4.5.5", "4.5.5.1", "4.5.6") if beneath else ()) + (("1.3.2.2",) if not blades else ())
              + continuous.applied(game, p), "rules", player=p, blades=blades)
    less = continuous.yell_less(game, p)      # an effect 'your yell reveals N fewer cards' (9.2.1.2, FAQ Q111)
    if less:
        game.emit("yell_less", ("9.2.1.2", "8.3.11"), "rules", player=p, blades=blades, less=less,
                  count=max(0, blades - less))
    yell = []
    for _ in range(max(0, blades - less)):                                       # 8.3.11
        card = game.yell_one(p)
        if card is None:
            break                    # 1.3.2: no card in the main deck or the waiting room to move
        yell.append(card)
    game.emit("yell", ("8.3.11", "2.7.1", "2.7.2", "2.8.1"), "rules", player=p, cards=[c.number for c in yell], count=len(yell))
    draws = hearts.icons(yell, DRAW)                                             # 8.3.12 / 8.3.12.1
    for _ in range(draws):
        game.draw(p, ("8.3.12", "8.3.12.1"))
    yield from game.check_timing(("8.3.13",))
    yell = [c for c in t.resolution.items if c.id in game.yell_ids.get(p, ())]
    owned = hearts.owned_hearts(ps.members(), yell, lambda m: continuous.hearts(game, m).items())  # 8.3.14
    lives = [c for c in live.items if c.defn.kind == "live"]
    required = hearts.required_total(lives, lambda c: continuous.required(game, c))
    ok = hearts.meets(owned, required)                                           # 8.3.15
    # 2.1.1 / 2.1.1.1: hearts by colour; 2.1.2: icons of a colour count each; 2.9.1 / 2.9.3: every
    # heart of every row of each member; 2.11.1: what a live card requires
    extra = (("2.1.1", "2.1.1.1", "2.1.2", "2.9.1", "2.9.3", "2.11.1", "4.5.6")
             + (("2.1.3",) if any(c.defn.blade_hearts for c in yell) else ())
             + (("2.1.1.3",) if owned.get(ALL) else ()) + (("2.1.1.2",) if required.get(COLORLESS) else ()))
    game.emit("heart_check", ("8.3.14", "8.3.15", "8.3.15.1", "8.3.15.1.1", "8.3.15.1.2", "2.11.2.2", "2.11.3")
              + extra + continuous.applied(game, p), "rules", player=p, owned=hearts.describe(owned),
              required=hearts.describe(required), met=ok, counts={"owned": dict(owned), "required": dict(required)})
    if not ok:                                                                   # 8.3.16
        for c in lives:
            game.move(c, p, "waiting_room", ("8.3.16",))
    game.emit("performed", ("8.3.7",), "rules", player=p, success=ok)
    yield from game.check_timing(("8.3.17",))


def _totals(game, rules, before=None) -> dict:
    """8.4.2: the total score of each player with cards in the live card zone: the scores of the cards
    (2.10.1), +1 per score icon of the player's yell (8.4.2.1), and abilities '+N to the total score'; a
    total is emitted when it is first counted and again when it has changed since (`before`)."""
    t = game.table
    scores = {}
    for p in game.PLAYERS:
        live = t.zone(p, "live").items
        if live:
            yell = [c for c in t.resolution.items if c.id in game.yell_ids.get(p, ())]
            icons = hearts.icons(yell, SCORE)
            scores[p] = (sum(continuous.score(game, c) for c in live) + icons                 # 8.4.2.1
                         + continuous.live_score(game, p))                  # abilities '+N to the total score'
            if before is not None and before.get(p) == scores[p]:
                continue
            # 2.10.1: each live card's score; 1.3.2.4: a score may be 0 or less (Q147)
            low = any(continuous.score(game, c) <= 0 for c in live)
            game.emit("live_score", tuple(rules) + (("1.3.2.4",) if low else ())
                      + continuous.applied(game, p), "rules", player=p, score=scores[p], icons=icons)
    return scores


def judgment(game):
    """8.4: the live judgment phase."""
    t = game.table
    first = t.turn.first
    game.set_step("judgment", first, ("8.4", "8.1.2", "7.2.1.2"))
    game.trigger_point(("8.4.1",), "live judgment phase start")
    yield from game.check_timing(("8.4.1",))
    scores = _totals(game, ("8.4.2", "8.4.2.1", "2.10.1"))                       # 8.4.2
    for p in game.PLAYERS:                                                       # 8.4.4 / 11.6
        if t.zone(p, "live").items:
            game.emit("live_success", ("8.4.4", "11.6.1"), "rules", player=p)
    yield from game.check_timing(("8.4.5",))
    # 8.4.6: the total scores are compared as they are now: a live success ability (8.4.4, 11.6) played in
    # 8.4.5's check timing may have raised a card's score before the winner is decided (FAQ Q36, Q119, Q128)
    scores = _totals(game, ("8.4.6", "8.4.2", "8.4.2.1", "2.10.1"), before=scores)
    # 8.4.3 / 8.4.6: the comparison of total scores, and who wins the live
    if not scores:
        won, rules = (), ("8.4.3.1", "8.4.6.1")
    elif len(scores) == 1:
        won, rules = tuple(scores), ("8.4.3.2", "8.4.6.2")
    else:
        a, b = game.PLAYERS
        won = (a, b) if scores[a] == scores[b] else ((a,) if scores[a] > scores[b] else (b,))
        rules = ("8.4.3.3", "8.4.6.2")
    game.emit("live_won", ("8.4.3", "8.4.6") + rules, "rules", players=list(won))
    moved = []
    for p in (first, game.other(first)):                                         # 8.4.7
        if p not in won:
            continue
        if len(won) == 2 and len(t.zone(p, "success").items) >= 2:
            # 8.4.7.1 as docs/rulings.md reads it: the success live card zone holds two already
            game.emit("no_success_move", ("8.4.7.1",), "rules", player=p)
            continue
        live = [c for c in t.zone(p, "live").items if not continuous.barred_from_success(game, c)]
        if not live:                                 # a card that cannot be put there (a continuous ability)
            # 1.3.1: the card's text (it cannot be put there) goes before the rule that moves it (8.4.7)
            game.emit("no_success_move", ("8.4.7", "9.1.1.3", "1.3.1"), "rules", player=p)
            continue
        options = [Option(c.number, c.id, keys=(c.number, c.defn.name, c.defn.name_en)) for c in live]
        # 1.3.4: when both players choose, the active player (the first player, 7.2.1.2) chooses first
        both = ("1.3.4", "7.2.1.2") if len(won) == 2 else ()
        cid = yield from game.ask(p, "success_live", "choose a live card for the success live card zone",
                                  ("8.4.7",) + both, options)
        game.move(game.cards[cid], p, "success", ("8.4.7", "4.10.2") + both)
        moved.append(p)
    game.emit("moved_to_success", ("8.4.7",), "rules", players=moved)
    for p in game.PLAYERS:                                                       # 8.4.8
        for c in list(t.zone(p, "live").items):
            game.move(c, p, "waiting_room", ("8.4.8",))
        for c in [c for c in t.resolution.items if c.id in game.yell_ids.get(p, ())]:
            game.yell_ids[p].discard(c.id)
            game.in_resolution.discard(c.id)
            game.move(c, c.owner, "waiting_room", ("8.4.8",))
    while True:
        yield from game.check_timing(("8.4.9",))
        game.trigger_point(("8.4.10",), "end of turn")
        ran = yield from game.check_timing(("8.4.11",))
        game.emit("effects_end", ("8.4.11",), "rules")    # 'until the live ends' effects end (continuous.py)
        if not ran:
            # 8.4.12: nothing was resolved in 8.4.11's check timing and nothing triggered: on to 8.4.13
            game.emit("end_checks_done", ("8.4.12",), "rules")
            break
        game.emit("back_to_check", ("8.4.12",), "rules")   # 8.4.12: something resolved: again from 8.4.9
    if len(moved) == 1 and moved[0] != first:                                    # 8.4.13
        game.emit("first_player", ("8.4.13",), "rules", player=moved[0])
    else:
        game.emit("first_player_stays", ("8.4.13",), "rules", player=first)
