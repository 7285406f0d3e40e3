"""Inline cards (YAML `cards`): new card text under test, in the game's card database format.

Either a doc string holding a YAML card record (the lines of the record are
kept, so a mistake in it is reported at its line in the feature file), or a
two-column table of keys and values::

    Given the card TEST-1 is defined as:
      | name   | Test One |
      | value  | 150      |
      | tags   | red      |

In a table, a value is read as YAML (``150`` is a number, ``[a, b]`` a list,
``{name: Hit, cost: 2}`` a mapping); for the keys whose value is a list in the
game's card records (its vocabulary's ``card_list_keys``) a plain value or
comma-separated values make the list.
"""
from __future__ import annotations

from ..core.errors import InputError
from ..scenario.yamlload import load_yaml_text
from .registry import given

SECTION = "Inline cards (Given / 前提)"


@given("the card {card} is defined as:", ja=["カード{card}の定義:", "カード{card}は次のとおり:"],
       argument="docstring or table",
       doc="an inline card: a doc string with its YAML record, or a table of keys and values")
def card(ctx, card):
    if ctx.docstring is not None:
        record, lines = _yaml(ctx, ctx.docstring)
        if not isinstance(record, dict):
            raise ctx.b.error("the doc string must hold one card record (type: ..., name: ...)",
                              line=ctx.docstring_line)
        ctx.b.add_card(card, record, lines)
        return
    if ctx.table is None:
        raise ctx.b.error("the card's record is missing: add a doc string (\"\"\"yaml ... \"\"\") or a table")
    record, lines = {}, {}
    for row, line in zip(ctx.table, ctx.table_lines):
        if len(row) != 2:
            raise ctx.b.error("a card table has two columns: key | value", line=line)
        key, text = row[0].strip(), row[1].strip()
        if key in record:
            raise ctx.b.error(f"the key {key!r} is given twice", line=line)
        record[key] = _table_value(ctx, key, text, line)
        lines[(key,)] = line
    ctx.b.add_card(card, record, lines)


@given("these cards are defined:", ja="次のカードを定義する:", argument="docstring",
       doc="several inline cards: a doc string with a YAML mapping from card number to record")
def cards(ctx):
    if ctx.docstring is None:
        raise ctx.b.error("add a doc string (\"\"\"yaml ... \"\"\") mapping card numbers to records")
    records, lines = _yaml(ctx, ctx.docstring)
    if not isinstance(records, dict):
        raise ctx.b.error("the doc string must map card numbers to records", line=ctx.docstring_line)
    for number, record in records.items():
        ctx.b.line = lines.get((number,), ctx.line)
        sub = {path[1:]: line for path, line in lines.items() if path[:1] == (number,) and len(path) > 1}
        ctx.b.add_card(str(number), record, sub)
    ctx.b.line = ctx.line


def _yaml(ctx, text):
    """YAML in a doc string -> (data, {path: feature line})."""
    offset = (ctx.docstring_line or ctx.line + 2) - 1
    try:
        doc = load_yaml_text(text, ctx.b.file)
    except InputError as e:
        raise InputError(e.message, file=ctx.b.file, line=(e.line or 1) + offset, expected=e.expected,
                         suggestions=e.suggestions) from None
    lines = {}

    def walk(value, path):
        line = doc.line_of(path)
        if line is not None and path:
            lines[path] = line + offset
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, path + (k,))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, path + (i,))
    walk(doc.data, ())
    return doc.data, lines


def _table_value(ctx, key, text, line):
    list_keys = ctx.b.library.vocabulary.card_list_keys
    if text == "":
        return [] if key in list_keys else ""
    try:
        value = load_yaml_text(text, ctx.b.file).data
    except InputError as e:
        raise InputError(f"{key}: {e.message}", file=ctx.b.file, line=line) from None
    if key in list_keys and not isinstance(value, list):
        value = [load_yaml_text(part.strip(), ctx.b.file).data for part in text.split(",") if part.strip()]
    return value
