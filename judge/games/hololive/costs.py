"""Cheer costs (10.5): a colour icon needs one cheer of that colour, `any` needs any one cheer."""
from __future__ import annotations

from itertools import combinations


def _colors(card) -> frozenset:
    return card.defn.colors


def covers(cost: tuple, cheers: list) -> bool:
    """10.5.2: the cheers include, for each icon, a distinct cheer that satisfies it."""
    if len(cheers) < len(cost):
        return False
    colored = [c for c in cost if c != "any"]
    if not colored:
        return True
    return _match(colored, list(cheers), len(cost) - len(colored))


def _match(colored: list, pool: list, n_any: int) -> bool:
    if not colored:
        return len(pool) >= n_any
    need, rest = colored[0], colored[1:]
    tried = set()
    for i, card in enumerate(pool):
        cols = _colors(card)
        if need in cols and cols not in tried:
            tried.add(cols)          # cheers of the same colours are interchangeable
            if _match(rest, pool[:i] + pool[i + 1:], n_any):
                return True
    return False


def payments(cost: tuple, cheers: list) -> list[list]:
    """Every distinct set of exactly len(cost) cheers that pays the cost (8.7.2), one per colour mix."""
    seen, out = set(), []
    for combo in combinations(cheers, len(cost)):
        signature = tuple(sorted(tuple(sorted(_colors(c))) + (c.number,) for c in combo))
        if signature in seen:
            continue
        seen.add(signature)
        if covers(cost, list(combo)):
            out.append(list(combo))
    return out
