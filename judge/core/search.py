"""Full-text search over short texts (rule texts, cards), Japanese and English alike.

SQLite's FTS5 with the trigram tokenizer does the matching and the ranking: Japanese has no
spaces between words, so a word index would miss 効果 inside 効果を解決する, while trigrams
find any substring of three characters or more, in either language; bm25 ranks the documents,
with a weight per field (the most identifying first). A term shorter than three characters
(効果, HP) cannot use trigrams: it is matched with `instr` over the same folded texts.

Texts and queries are folded alike first (`fold`): NFKC (full-width and half-width forms),
case, katakana as hiragana (カード = かーど), look-alike dashes and tildes, runs of spaces.
A snippet is cut from the text as NFKC reads it, the matches marked.

Each query argument is one term, matched as written (a phrase: "draw a card"); every term must
match somewhere in the document. When no document has them all, the documents sharing the most
trigrams with the query are offered instead (`Hit.fuzzy`), as a spelling suggestion.
"""
from __future__ import annotations

import re
import sqlite3
import unicodedata
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .text import _FOLD

_KATAKANA = {c: c - 0x60 for c in range(0x30A1, 0x30F7)}     # ァ..ヶ -> ぁ..ゖ
_SPACE = re.compile(r"\s+")
_SPACES = {ord(c): " " for c in "\t\n\r\v\f"}
TRIGRAM = 3
FUZZY_SHARE = 0.5       # a suggestion shares at least half of a term's trigrams


def fold(text) -> str:
    """The search key of a text: NFKC, look-alikes folded, case-folded, katakana as hiragana, one
    space for any run of spaces. It keeps the length of an NFKC text (`Document` cuts snippets)."""
    return _fold_nfkc(unicodedata.normalize("NFKC", str(text)))


def _fold_nfkc(text: str) -> str:
    # Every step keeps the length, so positions in the key are positions in `text` (snippets):
    # the tables map one character to one, and lower() does too but for a few letters (İ), which
    # are then left as they are (casefold() would not keep it: ß -> ss).
    low = text.lower()
    if len(low) != len(text):
        low = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    return low.translate(_FOLD).translate(_KATAKANA).translate(_SPACES)


def terms_of(words: Iterable[str]) -> list[str]:
    """The query's terms: each argument folded, empty ones dropped."""
    return [t for t in (_SPACE.sub(" ", fold(w)).strip() for w in words) if t]


def trigrams(text: str) -> set[str]:
    return {text[i:i + TRIGRAM] for i in range(len(text) - TRIGRAM + 1)}


@dataclass
class Hit:
    key: str                     # the document's key (a rule number, a card number)
    data: object                 # what the caller attached to the document
    field: str                   # the field the snippet is from
    snippet: str                 # the text around the first match (NFKC)
    marks: list = field(default_factory=list)    # (start, end) of each match in the snippet
    exact: bool = False          # the whole field is the query (a card's name, a heading)
    fuzzy: bool = False          # a suggestion: not every term matched
    texts: tuple = ()            # the document's fields (NFKC), in the index's order


def title_of(hit: Hit) -> str:
    """The document's most identifying text besides its key (a card's name), for a hit's line."""
    key = unicodedata.normalize("NFKC", hit.key)
    return next((t for t in hit.texts if t and t != key), "")


class SearchIndex:
    """An in-memory FTS5 table: one row per document, one column per field."""

    def __init__(self, fields: Sequence[str]):
        self.fields = tuple(fields)
        self.db = sqlite3.connect(":memory:")
        cols = ", ".join(f"f{i}" for i in range(len(self.fields)))
        self.db.execute(f"CREATE VIRTUAL TABLE docs USING fts5(key UNINDEXED, {cols}, tokenize='trigram')")
        self.docs: list[tuple[str, object, list[str]]] = []       # key, data, NFKC texts per field
        # bm25 weights: each field counts twice the one after it; the key column is not searched
        n = len(self.fields)
        self.weights = ", ".join(["0"] + [str(2 ** (n - 1 - i)) for i in range(n)])

    def add(self, key: str, texts: dict, data=None) -> None:
        unknown = set(texts) - set(self.fields)
        if unknown:
            raise ValueError(f"unknown search fields {sorted(unknown)} (the index has {self.fields})")
        shown = [unicodedata.normalize("NFKC", str(texts.get(f) or "")) for f in self.fields]
        self.docs.append((key, data, shown))
        self.db.execute(f"INSERT INTO docs VALUES (?, {', '.join('?' * len(shown))})",
                        (len(self.docs) - 1, *(_fold_nfkc(t) for t in shown)))

    # ------------------------------------------------------------------ search
    def search(self, words: Iterable[str], limit: int = 10) -> list[Hit]:
        """The documents matching every term, best first; if none, the closest (fuzzy)."""
        terms = terms_of(words)
        if not terms:
            return []
        rows = self._matching(terms)
        if rows:
            return [self._hit(i, terms) for i in rows[:limit]]
        return [self._hit(i, terms, fuzzy=True) for i in self._similar(terms)[:limit]]

    def _matching(self, terms) -> list[int]:
        long = [t for t in terms if len(t) >= TRIGRAM]
        short = [t for t in terms if len(t) < TRIGRAM]
        where, args = [], []
        if long:
            where.append("docs MATCH ?")
            args.append(" AND ".join(_phrase(t) for t in long))
        for t in short:
            where.append("(" + " OR ".join(f"instr(f{i}, ?) > 0" for i in range(len(self.fields))) + ")")
            args += [t] * len(self.fields)
        rank = f"bm25(docs, {self.weights})" if long else "0"
        found = self.db.execute(f"SELECT key, {rank} FROM docs WHERE {' AND '.join(where)}", args).fetchall()
        whole = " ".join(terms)

        def order(row):
            i, score = int(row[0]), row[1]
            texts = [_fold_nfkc(t) for t in self.docs[i][2]]
            # a field that is the query itself first (a name, a heading), by field, in document order
            exact = next((k for k, t in enumerate(texts) if t == whole), None)
            if exact is not None:
                return (0, exact, 0, 0, i)
            # without bm25 (short terms only): the field it first appears in, then the shortest text
            first = min((k for k, t in enumerate(texts) if any(term in t for term in terms)), default=len(texts))
            return (1, score, first, len(texts[first]) if first < len(texts) else 0, i)
        return [int(r[0]) for r in sorted(found, key=order)]

    def _similar(self, terms) -> list[int]:
        """Documents sharing trigrams with the terms (pg_trgm's similarity): a term's share is how
        many of its trigrams the best field has; a document's is the terms' mean."""
        grams = [trigrams(t) for t in terms if len(t) >= TRIGRAM]
        if not grams:
            return []
        query = " OR ".join(_phrase(g) for g in set().union(*grams))
        found = [int(r[0]) for r in self.db.execute("SELECT key FROM docs WHERE docs MATCH ?", (query,))]
        scored = []
        for i in found:
            texts = [_fold_nfkc(t) for t in self.docs[i][2]]
            have = [trigrams(t) for t in texts]
            share = sum(max(len(g & h) for h in have) / len(g) for g in grams) / len(grams)
            if share >= FUZZY_SHARE:
                scored.append((-share, i))
        return [i for _, i in sorted(scored)]

    def _hit(self, i: int, terms, fuzzy=False, width=90) -> Hit:
        key, data, shown = self.docs[i]
        texts = [_fold_nfkc(t) for t in shown]
        whole = " ".join(terms)
        # the snippet's field: the one with the most terms, the first of those (for a suggestion,
        # the one sharing the most trigrams)
        if fuzzy:
            k = max(range(len(texts)), key=lambda k: (len(trigrams(texts[k]) & trigrams(whole)), -k))
        else:
            k = max(range(len(texts)), key=lambda k: (sum(term in texts[k] for term in terms), -k))
        text, folded = shown[k], texts[k]
        spans = sorted((m.start(), m.start() + len(term)) for term in terms
                       for m in re.finditer(re.escape(term), folded))
        start = max(0, (spans[0][0] if spans else 0) - width // 3)
        end = min(len(text), start + width)
        snippet = ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
        shift = start - (1 if start else 0)
        marks = [(a - shift, b - shift) for a, b in spans if a >= start and b <= end]
        return Hit(key, data, self.fields[k], snippet, marks, exact=any(t == whole for t in texts), fuzzy=fuzzy,
                   texts=tuple(shown))


def _phrase(text: str) -> str:
    """An FTS5 string: the text as one phrase (with trigrams: that exact substring)."""
    return '"' + text.replace('"', '""') + '"'


def marked(hit: Hit, before: str, after: str, escape=lambda s: s) -> str:
    """The snippet with each match wrapped (terminal styles, Markdown bold); `escape` the rest."""
    out, at = [], 0
    for a, b in hit.marks:
        if a < at:
            continue
        out += [escape(hit.snippet[at:a]), before, escape(hit.snippet[a:b]), after]
        at = b
    out.append(escape(hit.snippet[at:]))
    return "".join(out)
