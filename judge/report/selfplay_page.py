"""`judge selfplay --report OUT.html`: the results as one self-contained page with plots.

The plots are drawn with matplotlib (the Agg backend: no display is needed) and embedded as PNG
data URIs, so the page opens from a file, offline, and fetches nothing.
"""
from __future__ import annotations

import base64
import io
from pathlib import Path

from .coverage_out import TEMPLATES
from .selfplay_stats import interval

MAX_CARDS_PLOTTED = 40      # a random-deck run has hundreds of cards: plot the most frequent (and named ones)


def _png(fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    import matplotlib.pyplot as plt
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _errors(rates):
    """matplotlib's asymmetric error bars (below, above) from Wilson intervals."""
    return [[r["rate"] - r["low"] for r in rates], [r["high"] - r["rate"] for r in rates]]


def pairing_plot(pairings) -> str:
    """Each pairing's first-deck win rate, overall and going first / second, with 95% intervals."""
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 0.8 + 0.9 * len(pairings)))
    labels = [" vs ".join(p["decks"]) for p in pairings]
    for offset, key, colour in ((-0.25, "win_rate", "#1f5fa8"), (0, "first", "#2e9e5b"), (0.25, "second", "#c77c11")):
        ys = [i + offset for i, p in enumerate(pairings) if p[key]]
        rates = [p[key] for p in pairings if p[key]]
        if rates:
            ax.errorbar([r["rate"] for r in rates], ys, xerr=_errors(rates), fmt="o", color=colour, capsize=3,
                        label={"win_rate": "all games", "first": "going first", "second": "going second"}[key])
    ax.axvline(0.5, color="#888", lw=0.8, ls="--")
    ax.set_yticks(range(len(pairings)), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("first deck's win rate (95% Wilson interval)")
    ax.legend(loc="lower right", fontsize="small")
    return _png(fig)


def length_plot(pairings) -> str:
    """How many turns the games of each pairing lasted."""
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 3))
    for p in pairings:
        turns = sorted(p["lengths"], key=int)
        ax.step([int(t) for t in turns], [p["lengths"][t] for t in turns], where="mid", label=" vs ".join(p["decks"]))
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.legend(fontsize="small")
    return _png(fig)


def plotted_cards(cards: dict, named=()) -> list[str]:
    common = sorted(cards, key=lambda n: (-cards[n]["deck_games"], n))[:MAX_CARDS_PLOTTED]
    return sorted(set(common) | (set(named) & set(cards)))


def card_plot(cards: dict, numbers: list[str]) -> str:
    """Per card: the win rate of its side when it was played and when it was not, with intervals,
    and the share of deck-games in which it was played."""
    import matplotlib.pyplot as plt
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 1 + 0.3 * len(numbers)), sharey=True,
                                      gridspec_kw={"width_ratios": [3, 1]})
    ys = range(len(numbers))
    for offset, key, colour, label in ((-0.15, "win_rate_played", "#1f5fa8", "played"),
                                       (0.15, "win_rate_not_played", "#999", "not played")):
        pts = [(y + offset, cards[n][key]) for y, n in zip(ys, numbers) if cards[n][key]]
        if pts:
            left.errorbar([r["rate"] for _, r in pts], [y for y, _ in pts], xerr=_errors([r for _, r in pts]),
                          fmt="o", ms=3, color=colour, capsize=2, label=label)
    left.axvline(0.5, color="#888", lw=0.8, ls="--")
    left.set_yticks(list(ys), numbers, fontsize="small")
    left.invert_yaxis()
    left.set_xlim(0, 1)
    left.set_xlabel("win rate of its side (95% Wilson interval)")
    left.legend(loc="lower right", fontsize="small")
    right.barh(list(ys), [cards[n]["played_share"] for n in numbers], color="#1f5fa8")
    right.set_xlim(0, 1)
    right.set_xlabel("played (share of deck-games)")
    return _png(fig)


def write_page(stats: dict, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")             # no display: the page is drawn in a file, on any machine
    from jinja2 import Environment, FileSystemLoader, select_autoescape
    cards = stats.get("card_stats") or {}
    numbers = plotted_cards(cards, stats.get("cards", ()))
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html", "j2"]))
    env.filters["interval"] = interval
    html = env.get_template("selfplay.html.j2").render(
        s=stats, pairing_png=pairing_plot(stats["pairings"]), length_png=length_plot(stats["pairings"]),
        card_png=card_plot(cards, numbers) if numbers else None, cards=cards, plotted=len(numbers))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(html, encoding="utf-8")
