"""`judge cards show|check|status`: read an encoding back, lint a card file, list what runs."""
from __future__ import annotations

import json
import sys

import click

from ..core.errors import InputError


@click.group()
def cards():
    """The card database: show a card, check a card file, status per set."""


@cards.command()
@click.argument("numbers", nargs=-1, required=True)
@click.option("--file", "file", help="A scenario or card file whose inline cards to use too.")
def show(numbers, file):
    """Print cards as readable text rendered from their encoding."""
    from ..games.hololive.cardtext import card_lines
    db = _db(file)
    for text in numbers:
        try:
            card = db.lookup(text)
        except InputError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
        click.echo("\n".join(card_lines(card)))


@cards.command()
@click.argument("files", nargs=-1, required=True)
def check(files):
    """Lint card files (a set file or a scenario's inline cards): schema, verbs, conditions."""
    from ..games.hololive.cardtext import lint_card
    from ..scenario.schema import validate
    from ..scenario.yamlload import load_yaml_file
    from ..games.hololive.cardtext import added_names
    db = _db(None)
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
        names |= {r.get("name") for r in records.values()} | {n for r in records.values()
                                                               for n in (r.get("extra") or {}).get("also_named", [])}
        names |= {n for r in records.values() for n in added_names(r)}
        problems = 0
        for number, raw in records.items():
            for p in lint_card(number, raw, names):
                line = doc.line_of(("cards", number))
                click.echo(f"{f}:{line}: {p}")
                problems += 1
        click.echo(f"{f}: {len(records)} cards, {problems} problems")
        total += problems
    sys.exit(1 if total else 0)


@cards.command()
@click.option("--json", "as_json", is_flag=True)
def status(as_json):
    """Per set: cards complete (every ability runs) vs cards with an unsupported part."""
    import yaml

    from ..games.hololive.cards import CARD_DIR, CardDef
    rows = []
    for path in sorted(CARD_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        cards_ = [CardDef(n, r) for n, r in (data.get("cards") or {}).items()]
        gaps = {c.number: c.unsupported() for c in cards_ if c.unsupported()}
        rows.append({"set": data.get("set"), "name": data.get("name"), "cards": len(cards_),
                     "complete": len(cards_) - len(gaps), "unsupported": len(gaps), "gaps": gaps})
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for r in rows:
        state = "complete" if not r["unsupported"] else f"{r['unsupported']} with unsupported parts"
        click.echo(f"{r['set']:6s} {r['complete']:4d}/{r['cards']:<4d} complete  ({state})  {r['name'] or ''}")


def _db(file):
    from ..games.hololive.cards import builtin
    if not file:
        return builtin()
    from ..scenario.yamlload import load_yaml_file
    data = load_yaml_file(file).data
    return builtin().overlay((data or {}).get("cards") or {})
