"""Self-play statistics: what each card did, and how decks fare against each other.

Counting happens where the games are played (every process counts its own games; counts only add,
so the totals do not depend on how games are split between processes). Intervals and tests are
computed once, from the totals, with scipy: Wilson score intervals (scipy.stats.binomtest) for win
rates, Fisher's exact test for "played against not played" and an exact binomial test for a pairing
against an even match. What a card "did" is the game's to say (`SelfPlay.card_facts`,
`SelfPlay.played_facts`); nothing here knows a game's words.

A card's observations are *deck-games*: one per game and per side whose deck holds the card (a
card in both decks of a game counts twice, once for each side's result).
"""
from __future__ import annotations

CONFIDENCE = 0.95


def require_stats() -> None:
    """scipy and matplotlib are an optional extra (pyproject `[stats]`): say how to get them."""
    from ..core.errors import InputError
    try:
        import matplotlib  # noqa: F401
        import scipy.stats  # noqa: F401
    except ImportError as e:
        raise InputError(f"self-play statistics need scipy and matplotlib ({e.name} is not installed)",
                         expected="pip install 'judge[stats]' (make installs it), or --no-card-stats") from None


def add_into(total: dict, part: dict) -> dict:
    """Add one set of counts into another: numbers add, lists extend, mappings add key by key."""
    for key, value in part.items():
        if key not in total:
            total[key] = value
        elif isinstance(value, dict):
            add_into(total[key], value)
        else:
            total[key] = total[key] + value
    return total


class GameFacts:
    """One game's facts as the game reports them: (player, card number, fact) -> amount."""

    __slots__ = ("card_facts", "facts")

    def __init__(self, card_facts):
        self.card_facts = card_facts
        self.facts: dict = {}

    def see(self, event) -> None:
        facts = self.facts
        for player, number, fact, amount in self.card_facts(event):
            key = (player, number, fact)
            facts[key] = facts.get(key, 0) + amount


def count_game(cards: dict, game, facts: dict, winner: str, played_facts) -> None:
    """Add one finished game to the per-card counts `cards` (number -> counts)."""
    decks: dict = {}
    for card in game.cards.values():
        decks.setdefault(card.owner, set()).add(card.number)
    did: dict = {}
    for (player, number, fact), amount in facts.items():
        did.setdefault((player, number), {})[fact] = amount
    for player, numbers in decks.items():
        won = int(winner == player)
        for number in numbers:
            row = cards.get(number)
            if row is None:
                row = cards[number] = {"decks": 0, "wins": 0, "played": 0, "played_wins": 0, "facts": {}}
            row["decks"] += 1
            row["wins"] += won
            mine = did.get((player, number))
            if not mine:
                continue
            if not played_facts.isdisjoint(mine):
                row["played"] += 1
                row["played_wins"] += won
            for fact, amount in mine.items():
                seen = row["facts"].get(fact)
                if seen is None:
                    row["facts"][fact] = {"games": 1, "total": amount}
                else:
                    seen["games"] += 1
                    seen["total"] += amount


def rate(k: int, n: int) -> dict | None:
    """k of n with its Wilson score interval (None when n is 0)."""
    if not n:
        return None
    from scipy.stats import binomtest
    ci = binomtest(k, n).proportion_ci(CONFIDENCE, method="wilson")
    return {"rate": round(k / n, 4), "low": round(float(ci.low), 4), "high": round(float(ci.high), 4),
            "wins": k, "games": n}


def card_summary(cards: dict) -> dict:
    """The per-card statistics of `--json`, from the counts."""
    from scipy.stats import fisher_exact
    out = {}
    for number in sorted(cards):
        row = cards[number]
        n, played = row["decks"], row["played"]
        pw, nw = row["played_wins"], row["wins"] - row["played_wins"]
        facts = {f: {"games": v["games"], "share": round(v["games"] / n, 4), "total": v["total"]}
                 for f, v in sorted(row["facts"].items())}
        summary = {"deck_games": n, "drawn": row["facts"].get("drawn", {}).get("games", 0),
                   "played": played, "played_share": round(played / n, 4), "facts": facts,
                   "win_rate_played": rate(pw, played), "win_rate_not_played": rate(nw, n - played),
                   "p_value": None}
        if played and n - played:
            _, p = fisher_exact([[pw, played - pw], [nw, n - played - nw]])
            summary["p_value"] = round(float(p), 4)
        out[number] = summary
    return out


def pairing_summary(decks: list, counts: dict) -> dict:
    """One pairing's win rate (the first deck's, over decisive games) with its interval, the exact
    binomial test against an even match, the first/second player split and the game lengths."""
    from scipy.stats import binomtest
    wins = counts["winners"]
    games = sum(wins.values())
    decisive = wins["A"] + wins["B"]
    first = counts["first"]
    went_first = first.get("A", {})
    went_second = first.get("B", {})
    lengths = counts["lengths"]
    return {
        "decks": decks, "games": games, "wins": {decks[0]: wins["A"], decks[1]: wins["B"], "draw": wins["draw"]},
        "win_rate": rate(wins["A"], decisive),
        "p_value": round(float(binomtest(wins["A"], decisive).pvalue), 4) if decisive else None,
        "first": rate(went_first.get("A", 0), sum(went_first.values())),
        "second": rate(went_second.get("A", 0), sum(went_second.values())),
        "first_player_wins": rate(went_first.get("A", 0) + went_second.get("B", 0),
                                  sum(went_first.values()) + sum(went_second.values())),
        "average_turns": round(counts["turns"] / games, 2) if games else None,
        "average_decisions": round(counts["actions"] / games, 2) if games else None,
        "lengths": {str(k): lengths[k] for k in sorted(lengths)},
    }


def interval(r: dict | None) -> str:
    """A rate as text: 54.2% [51.0–57.3]."""
    if r is None:
        return "-"
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}–{100 * r['high']:.1f}]"


def pairing_table(pairings: list) -> str:
    from tabulate import tabulate
    rows = [[" vs ".join(p["decks"]), p["games"], interval(p["win_rate"]), p["p_value"], interval(p["first"]),
             interval(p["second"]), p["wins"]["draw"], p["average_turns"]] for p in pairings]
    return tabulate(rows, headers=["pairing", "games", "first deck wins (95%)", "p (even)", "going first",
                                   "going second", "draws", "turns"])


def card_table(cards: dict, top: int = 3) -> str:
    """The readable per-card table: the `top` most frequent other facts of each card in its last column."""
    from tabulate import tabulate
    rows = []
    for number, c in cards.items():
        n = c["deck_games"]
        others = sorted(((f, v) for f, v in c["facts"].items() if f not in ("drawn", "damage")),
                        key=lambda fv: -fv[1]["games"])
        damage = c["facts"].get("damage", {}).get("total", 0)
        rows.append([number, n, f"{100 * c['drawn'] / n:.0f}%", f"{100 * c['played_share']:.0f}%",
                     interval(c["win_rate_played"]), interval(c["win_rate_not_played"]), c["p_value"],
                     round(damage / n, 1),
                     "; ".join(f"{f} {100 * v['share']:.0f}%" for f, v in others[:top])])
    return tabulate(rows, headers=["card", "deck-games", "drawn", "played", "wins when played",
                                   "wins when not", "p", "damage/game", "most frequent (share of deck-games)"])
