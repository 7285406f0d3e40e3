"""`judge book OUT/`: the ruling book, a static site of every scenario of every game
(judge.report.book)."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from ..core.errors import InputError


@click.command()
@click.argument("out", type=click.Path(file_okay=False))
@click.argument("paths", nargs=-1)
@click.option("--game", "only", multiple=True, help="Only this game (repeatable; default: every game).")
def book(out, paths, only):
    """Write the ruling book into the folder OUT: every scenario (default: everything under
    scenarios/ and features/, or the PATHS given) drawn as a ruling, the rules by section with the
    scenarios covering them, a page per card, the official Q&A index and a search page. Open
    OUT/index.html in a browser; it needs no server and fetches nothing."""
    from ..cli import err, fail_input, loaded
    from ..games import games, games_with_rules
    from ..report.book import write_book
    known = tuple(sorted(set(games()) | set(games_with_rules())))
    for g in only:
        if g not in known:
            from ..core.errors import closest
            fail_input(InputError(f"unknown game '{g}'", file="--game", expected="one of: " + ", ".join(known),
                                  suggestions=closest(g, known)))
    target = Path(out)
    scenarios = loaded(paths)
    start = time.perf_counter()
    try:
        counts = write_book(target, scenarios, list(only) or list(known))
    except InputError as e:
        fail_input(e)
    err.print(f"wrote {target}/index.html: {counts['games']} games, {counts['rules']} rules, "
              f"{counts['scenarios']} scenarios, {counts['cards']} cards in {time.perf_counter() - start:.1f}s")
    sys.exit(0)
