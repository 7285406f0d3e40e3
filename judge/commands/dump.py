"""`judge dump FILE --at N`: the state before `when` item N of a scenario, as a new scenario."""
from __future__ import annotations

import sys

import click
import yaml

from ..core.errors import InputError


@click.command()
@click.argument("file")
@click.option("--at", "at", type=int, default=None, help="Dump before this `when` item (0-based); default: the end.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here instead of printing (never overwrites).")
def dump(file, at, output):
    """Turn any point of a scenario into a new scenario: the board then, the rest of the actions."""
    from pathlib import Path

    from ..scenario.model import load_scenario, versions_of
    from ..scenario.runner import Script, new_game
    try:
        sc = load_scenario(file)
        rs = sc.ruleset
        version = versions_of(sc)[-1]
        game, _ = new_game(sc, version)
    except InputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    n = len(sc.when) if at is None else at
    if not 0 <= n <= len(sc.when):
        click.echo(f"error: --at {at}: the scenario has {len(sc.when)} `when` items", err=True)
        sys.exit(2)
    rs.start(game)
    try:
        Script(sc, rs, game, version).play(n)
    except Exception as e:
        click.echo(f"error: the scenario does not reach item {n}: {e}", err=True)
        sys.exit(1)
    d = game.pending
    if d is None or d.kind != "play_timing":
        click.echo(f"error: at item {n} the game is not at a play timing "
                   f"({d.describe() if d else 'the game is over'}); dump at another item", err=True)
        sys.exit(1)
    doc = {"scenario": f"{sc.title} (from item {n})", "game": sc.game, "rules": sc.raw["rules"],
           "refs": sc.refs, "source": f"judge dump {file} --at {n}", **({"cards": sc.cards} if sc.cards else {}),
           "given": rs.given_of(game), "when": sc.when[n:], "then": sc.then}
    text = modeline(sc.game, Path(output) if output else Path.cwd() / "scenario.yaml") + "\n" + yaml.safe_dump(
        doc, allow_unicode=True, sort_keys=False)
    if output:
        path = Path(output)
        if path.exists():
            click.echo(f"error: {output} exists; judge never overwrites a file", err=True)
            sys.exit(2)
        path.write_text(text, encoding="utf-8")
        click.echo(f"wrote {output}")
    else:
        click.echo(text)


def modeline(game: str, where) -> str:
    """The editor modeline naming the game's scenario schema, relative to the file at `where`."""
    import os
    from pathlib import Path

    from ..games import game_folder
    schema = game_folder(game) / "schemas" / "scenario.schema.json"
    return f"# yaml-language-server: $schema={Path(os.path.relpath(schema, Path(where).resolve().parent)).as_posix()}"
