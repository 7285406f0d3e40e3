"""Search by words (judge.core.search):

    judge rules search WORDS...     the rule text of every version of a game's rules (--rules: one)
    judge cards find WORDS...       card numbers, names, tags, kinds and texts
    judge rules show WORDS...       the rules matching, when the words are no rule number
    judge cards show NAME           every card of that name; the closest cards when none

Each argument is one term, matched as written (quote a phrase: "draw a card"); every term must
match. Japanese and English, full-width and half-width, katakana and hiragana are found alike.
"""
from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.markup import escape

from ..core.errors import InputError
from ..core.search import SearchIndex, marked, title_of

LIMIT = 10
out = Console(highlight=False, soft_wrap=True)


def rule_index(game: str, versions) -> SearchIndex:
    """Every rule of the given versions of a game's rule documents (any game with a rules package)."""
    from ..games import rule_documents
    docs = rule_documents(game)
    index = SearchIndex(("text",))
    for v in versions or docs.versions:
        for rule in docs.index(v):
            index.add(f"{v} {rule.number}", {"text": rule.text},
                      data={"game": game, "version": v, "rule": rule.number})
    return index


def card_index(rs, db) -> SearchIndex:
    """Every card of the database, by the fields its game searches (CardTools.searchable)."""
    records = list(rs.cards.searchable(db))
    fields = list(dict.fromkeys(f for _, texts in records for f in texts))
    index = SearchIndex(fields)
    for number, texts in records:
        index.add(number, texts, data={"game": rs.name, "card": number})
    return index


def as_json(hits) -> str:
    return json.dumps([{**h.data, "field": h.field, "snippet": h.snippet, "exact": h.exact, "fuzzy": h.fuzzy}
                       for h in hits], ensure_ascii=False, indent=1)


def print_hits(hits, label, words, titled=False) -> None:
    """Hits one a line, the matches in bold; suggestions under a line saying nothing matched.
    `titled`: the document's title first, and the snippet only when it is from another field."""
    query = " ".join(words)
    if hits and hits[0].fuzzy:
        out.print(f"nothing has every word of '{escape(query)}'; the closest:")
    for h in hits:
        line = f"{escape(label(h))}  "
        title = title_of(h) if titled else ""
        if title:
            line += escape(title)
        if not title or h.snippet != title:
            line += (f"  ({escape(h.field)}: " if title else "") + marked(h, "[bold]", "[/bold]", escape) \
                + (")" if title else "")
        out.print(line)


def _query(words):
    if not any(w.strip() for w in words):
        raise InputError("nothing to search for", file="WORDS", expected="one or more words, e.g. 効果 or \"draw a card\"")


def search_command(name, what, fields, **options):
    """A search command: WORDS, --game, -n/--limit, --json, and the command's own options."""
    def wrap(fn):
        for opt in reversed(options.values()):
            fn = opt(fn)
        fn = click.option("--json", "json_out", is_flag=True, help=f"The hits as JSON: {fields}.")(fn)
        fn = click.option("-n", "--limit", default=LIMIT, show_default=True, help=f"At most this many {what}s.")(fn)
        fn = click.option("--game", help="The game (default: the only game with an engine).")(fn)
        fn = click.argument("words", nargs=-1, required=True)(fn)
        return click.command(name)(fn)
    return wrap


def searched_games(game, candidates) -> list[str]:
    """The games to search: the one named (--game, or JUDGE_GAME), else every candidate."""
    import os

    from ..games import DEFAULT_ENV, default_game
    if game or os.environ.get(DEFAULT_ENV, "").strip():
        return [default_game(game, among=candidates)]
    return list(candidates)


def across(games, search) -> list:
    """Each game's hits, one list (several games: each game's best first, in turn). The games whose
    hits match every term; when none does, the suggestions of those that have some."""
    found = [search(g) for g in games]
    exact = [h for hits in found if hits and not hits[0].fuzzy for h in hits]
    return exact or [h for hits in found for h in hits]


def show_hits(hits, words, json_out, what, label, titled=False, games=1):
    """Print the hits (or JSON) and exit: 0 when they match every term, 1 for none or suggestions.
    The game names each hit when several games were searched."""
    if json_out:
        print(as_json(hits))
    else:
        print_hits(hits, (lambda h: f"{h.data['game']} {label(h)}") if games > 1 else label, words, titled)
        if not hits:
            out.print(f"no {what} has '{escape(' '.join(words))}'")
    sys.exit(0 if hits and not hits[0].fuzzy else 1)


def rule_label(h) -> str:
    return f"{h.data['version']} {h.data['rule']}"


def search_rules(words, game, version, limit=LIMIT, json_out=False):
    """`judge rules search` (and `rules show` given words): the rules of the game named, else of
    every game with rule documents (with --rules: those that have that version)."""
    from ..core.errors import closest
    from ..games import games_with_rules, rule_documents
    try:
        _query(words)
        games = searched_games(game, games_with_rules())
        if version:
            have = [g for g in games if version in rule_documents(g).versions]
            if not have:
                known = sorted({v for g in games for v in rule_documents(g).versions})
                raise InputError(f"no rules version '{version}' in {', '.join(games)}", file="--rules",
                                 expected="one of: " + ", ".join(known), suggestions=closest(version, known))
            games = have
        hits = across(games, lambda g: rule_index(g, [version] if version else None).search(words, limit))
    except InputError as e:
        _fail(e)
    show_hits(hits, words, json_out, "rule", rule_label, games=len(games))


@search_command("search", "rule", "game, version, rule, snippet",
                version=click.option("--rules", "version", help="Only this rules version (default: every version)."))
def rules_search(words, game, version, limit, json_out):
    """Rules whose text has every word, best first, e.g. `judge rules search 効果`,
    `judge rules search "draw a card"`: of the game named, else of every game. Exit 1 when none has
    them all (the closest are listed)."""
    search_rules(words, game, version, limit, json_out)


@search_command("find", "card", "game, card, field, snippet",
                file=click.option("--file", "file", help="A scenario or card file whose inline cards to search too."))
def find(words, game, file, limit, json_out):
    """Cards whose number, name, tags, kinds or text have every word, best first: a name, a keyword,
    a tag, in any language the game prints; of the game named, else of every game. Exit 1 when none
    has them all."""
    from ..games import games, ruleset
    from .cards import _db
    try:
        _query(words)
        names = searched_games(game, games())

        def search(name):
            rs = ruleset(name)
            return card_index(rs, _db(rs, file)).search(words, limit)
        hits = across(names, search)
    except InputError as e:
        _fail(e)
    show_hits(hits, words, json_out, "card", lambda h: h.data["card"], titled=True, games=len(names))


def _fail(e: InputError):
    click.echo(f"error: {e}", err=True)
    sys.exit(2)
