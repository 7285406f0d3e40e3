"""A rule as a judge reads it in a terminal: where it sits, what it says, what is under it.

    4 > 4.4 ホロメン > 4.4.2
    4.4.2.1 そのホロメンの情報を参照する場合、...
      4.4.2.1.1 カード名やカードのイラストが...

A rule's notes (an erratum applied to its text, a gap of the document) follow it, marked `note:`;
the source lines, when the index records them, follow the rule asked for.
"""
from __future__ import annotations

import re

from judge.core.errors import InputError
from judge.core.ruleindex import RuleIndex

INDENT = "  "


def looks_like_rule_id(text: str) -> bool:
    """Whether `text` is written as a rule identifier (digits, or parts joined by dots as in
    10.6.3 and kw.appeal.2), not as words to search for."""
    return bool(re.fullmatch(r"\d+|\w+(\.\w+)+", str(text).strip()))


def render_rule(index: RuleIndex, number: str) -> str:
    """The rule `number`, its ancestors as a breadcrumb, then its descendants indented by depth.

    Raises InputError with the closest valid numbers when `number` is not a rule.
    """
    number = str(number).strip()
    lines = []
    if number in index.aliases:
        # The document prints this statement twice; both identifiers name one rule.
        lines.append(f"{number} is {index.aliases[number]}: the document prints the statement twice")
        number = index.aliases[number]
    if number not in index:
        raise InputError(f"no rule {number} in the {index.game} rules {index.version}",
                         expected=f"one of the {len(index)} rule numbers of that document",
                         suggestions=index.closest(number))
    rule = index.get(number)
    ancestors = index.ancestors(number)
    if ancestors:
        # Headings read as their titles; a rule ancestor's text would be too long for one line.
        lines.append(" > ".join(f"{a.number} {a.text}" if a.title else a.number for a in ancestors))
    lines.append(f"{rule.number} {rule.text}")
    lines += [f"{INDENT}note: {n}" for n in rule.notes]
    if rule.lines:
        lines.append(f"{INDENT}source: {index.source}, line{'s' if len(rule.lines) > 1 else ''} "
                     + ", ".join(map(str, rule.lines)))
    for below in index.descendants(number):
        pad = INDENT * (below.depth - rule.depth)
        lines.append(pad + f"{below.number} {below.text}")
        lines += [f"{pad}{INDENT}note: {n}" for n in below.notes]
    return "\n".join(lines)
