"""`judge cards show|check|status`: read an encoding back, lint a card file, list what runs."""
from __future__ import annotations

import json
import sys

import click

from ..core.errors import InputError


@click.group()
def cards():
    """The card database: show a card, check a card file, status per set."""


GAME = click.option("--game", help="The game (default: the only game with an engine).")


@cards.command()
@click.argument("numbers", nargs=-1, required=True)
@click.option("--file", "file", help="A scenario or card file whose inline cards to use too.")
@GAME
def show(numbers, file, game):
    """Print cards as readable text rendered from their encoding."""
    rs = _ruleset(game)
    db = _db(rs, file)
    for text in numbers:
        try:
            card = db.lookup(text)
        except InputError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
        click.echo("\n".join(rs.cards.card_lines(card)))


@cards.command()
@click.argument("files", nargs=-1, required=True)
@GAME
def check(files, game):
    """Lint card files (a set file or a scenario's inline cards): schema, verbs, conditions."""
    from ..scenario.schema import validate
    from ..scenario.yamlload import load_yaml_file
    rs = _ruleset(game)
    db = _db(rs, None)
    names = {n for c in db.cards.values() for n in c.names}
    total = 0
    for f in files:
        try:
            doc = load_yaml_file(f)
            data = doc.data if isinstance(doc.data, dict) else {}
            if "scenario" in data:
                validate(doc, "scenario")
                records = data.get("cards") or {}
            else:
                validate(doc, "card")
                records = data.get("cards") or {}
        except InputError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
        names |= {n for r in records.values() for n in rs.cards.names(r)}
        problems = 0
        for number, raw in records.items():
            for p in rs.cards.check(number, raw, names):
                line = doc.line_of(("cards", number))
                click.echo(f"{f}:{line}: {p}")
                problems += 1
        click.echo(f"{f}: {len(records)} cards, {problems} problems")
        total += problems
    sys.exit(1 if total else 0)


@cards.command()
@click.option("--json", "as_json", is_flag=True)
@GAME
def status(as_json, game):
    """Per set: cards complete (every ability runs) vs cards with an unsupported part."""
    rows = _ruleset(game).cards.status()
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for r in rows:
        state = "complete" if not r["unsupported"] else f"{r['unsupported']} with unsupported parts"
        click.echo(f"{r['set']:6s} {r['complete']:4d}/{r['cards']:<4d} complete  ({state})  {r['name'] or ''}")


def _ruleset(game):
    from ..games import default_game, ruleset
    try:
        return ruleset(default_game(game))
    except InputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)


def _db(rs, file):
    if not file:
        return rs.card_db()
    from ..scenario.yamlload import load_yaml_file
    data = load_yaml_file(file).data
    return rs.card_db((data or {}).get("cards") or {})
