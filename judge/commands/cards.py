"""`judge cards show|check|status`: read an encoding back, lint a card file, list what runs."""
from __future__ import annotations

import json
import os
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
    """Print cards as readable text rendered from their encoding, by number or name (a name several
    cards have shows them all)."""
    from ..games import default_game, games, ruleset
    try:
        rs = ruleset(default_game(game, fits=lambda g: _has_card(g, numbers[0]), what=f"card '{numbers[0]}'"))
    except InputError as e:
        _unknown(e, numbers[0], [game] if game else games())
    db = _db(rs, file)
    for text in numbers:
        try:
            found = [db.lookup(text)]
        except InputError as e:
            found = _named(rs, db, text, e)
        for card in found:
            click.echo("\n".join(rs.cards.card_lines(card)))


def _named(rs, db, text, error):
    """Every card a name several cards have names; else the error, with the cards a search finds."""
    found = db.find(text)
    if found:
        return sorted(found, key=lambda c: c.number)
    _unknown(error, text, [rs.name])


def _unknown(error, text, names):
    """Exit 2 with the error, and the cards of these games that a search for the text finds."""
    from ..games import ruleset
    from .search import card_index
    click.echo(f"error: {error}", err=True)
    found = []
    for name in names:
        try:
            rs = ruleset(name)
            found += [(name, h) for h in card_index(rs, rs.card_db()).search([text], limit=8)]
        except InputError:
            continue
    label = (lambda n, h: f"{n}:{h.data['card']}") if len(names) > 1 else (lambda n, h: h.data["card"])
    if found:
        click.echo(f"  cards {'like' if found[0][1].fuzzy else 'mentioning'} '{text}' (judge cards find {text}): "
                   + ", ".join(label(n, h) for n, h in found[:8]), err=True)
    sys.exit(2)


@cards.command()
@click.argument("files", nargs=-1, required=True)
@GAME
def check(files, game):
    """Check card files (a set file or a scenario's inline cards) in full: every place that breaks the
    effect language (exit 2), then what is well-formed but cannot be meant, such as a name no card has
    (exit 1)."""
    from ..scenario.schema import errors
    from ..scenario.yamlload import load_yaml_file
    rs = _ruleset(game, fits=lambda g: all(_file_of(g, f) for f in files), what="these files")
    db = _db(rs, None)
    names = {n for c in db.cards.values() for n in c.names}
    total, bad = 0, 0
    for f in files:
        try:
            doc = load_yaml_file(f)
        except InputError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
        data = doc.data if isinstance(doc.data, dict) else {}
        found = errors(doc, "scenario" if "scenario" in data else f"{rs.name}/card")
        records = data.get("cards") if isinstance(data.get("cards"), dict) else {}
        if not found:                  # what the schema cannot say (the records are well-formed now)
            found = [doc.error(message, ("cards",) + path, expected=expected)
                     for path, message, expected in rs.card_problems(records)]
        for e in found:
            click.echo(f"error: {e}", err=True)
        if found:
            click.echo(f"{f}: {len(found)} error(s): the file does not follow the effect language", err=True)
            bad += 1
            continue
        names |= {n for r in records.values() for n in rs.cards.names(r)}
        problems = 0
        for number, raw in records.items():
            for p in rs.cards.check(number, raw, names):
                line = doc.line_of(("cards", number))
                click.echo(f"{f}:{line}: {p}")
                problems += 1
        click.echo(f"{f}: {len(records)} cards, {problems} problems")
        total += problems
    sys.exit(2 if bad else 1 if total else 0)


@cards.command()
@click.option("--json", "as_json", is_flag=True)
@GAME
def status(as_json, game):
    """Per set: cards complete (every ability runs) vs cards with an unsupported part (each game in
    turn unless --game says which)."""
    from ..games import DEFAULT_ENV, built_in, ruleset
    names = [game] if game or os.environ.get(DEFAULT_ENV) or len(built_in()) == 1 else list(built_in())
    rows = [{"game": rs.name, **row} for rs in (_ruleset(n) for n in names) for row in rs.cards.status()]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    for r in rows:
        state = "complete" if not r["unsupported"] else f"{r['unsupported']} with unsupported parts"
        game_column = f"{r['game']:9s} " if len(names) > 1 else ""
        click.echo(f"{game_column}{r['set']:6s} {r['complete']:4d}/{r['cards']:<4d} complete  ({state})  {r['name'] or ''}")


@cards.command()
@click.option("--write", is_flag=True, help="Write the files made from the declarations of the effect language "
              "(the card schema's definitions, the tables of the cards page).")
@click.option("--check", is_flag=True, help="Exit 1 if those files differ from what the declarations give.")
@GAME
def terms(write, check, game):
    """The declared terms of the game's effect language, by family (judge/core/terms.py)."""
    tools = _ruleset(game).cards
    if write or check:
        stale = {path: text for path, text in tools.generated().items()
                 if not path.is_file() or path.read_text(encoding="utf-8") != text}
        for path, text in stale.items():
            if write:
                path.write_text(text, encoding="utf-8")
            click.echo(f"{'wrote' if write else 'not up to date:'} {path}")
        if not stale:
            click.echo("the files made from the declarations are up to date")
        sys.exit(1 if stale and check and not write else 0)
    for fam in tools.vocabulary().families.values():
        names = [t.name for t in fam.public()]
        click.echo(f"{fam.name} ({len(names)}): {', '.join(names)}")


def _ruleset(game, *, fits=None, what=""):
    from ..games import default_game, ruleset
    try:
        return ruleset(default_game(game, fits=fits, what=what))
    except InputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)


def _has_card(game, text) -> bool:
    """Whether a game's card database knows a card by this number or name."""
    from ..games import ruleset
    try:
        return bool(ruleset(game).card_db().find(text))     # a name several cards have counts too
    except InputError:
        return False


def _file_of(game, file) -> bool:
    """Whether a card file is the game's: a scenario naming it, or a file in the game's folder."""
    from pathlib import Path

    from ..games import game_folder
    from ..scenario.yamlload import load_yaml_file
    try:
        data = load_yaml_file(file).data
    except InputError:
        return True                    # the check itself reports the broken file
    if isinstance(data, dict) and "scenario" in data:
        return data.get("game") == game
    return Path(game_folder(game)).resolve() in Path(file).resolve().parents


def _db(rs, file):
    if not file:
        return rs.card_db()
    from ..scenario.yamlload import load_yaml_file
    data = load_yaml_file(file).data
    return rs.card_db((data or {}).get("cards") or {})


from .search import find  # noqa: E402

cards.add_command(find)
