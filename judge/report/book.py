"""`judge book OUT/`: the ruling book, a static site of every scenario of every game.

* per game: its rules by section, each rule with its coverage status and the scenarios that cover
  it (judge.report.coverage); a ruling page per scenario (judge.report.ruling, the board at each
  step); a card page per card (its encoding read back as text, its scenarios, what the engine does
  not run); the index of the official Q&As the scenarios name (`source`);
* a search page over rules, cards and scenarios, by number or by words (any language: the texts
  are matched as written, after NFKC folding), from a script file (`search-index.js`), so the site
  works from the file system with nothing fetched.

A game with rule documents and no engine yet has its rule pages only.
"""
from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ..core.board import layout_of
from ..core.errors import JudgeError
from ..scenario.runner import run_scenario, runnable_versions
from .coverage import STATUSES, by_section, compute, load_waivers
from .pages import asset, render, ruling_html, slug, write
from .ruling import build, rule_texts

QA = re.compile(r"\bQ\s?(\d+)\b")


def qa_numbers(sc) -> list[str]:
    """The official Q&As a scenario names in `source`: free text ("Official Q&A Q344 ...") or
    the structured form (`source: {qa: [Q194]}`)."""
    found = set()
    for source in (sc.source, (sc.raw or {}).get("source")):
        if isinstance(source, dict):
            found.update(f"Q{str(q).lstrip('Qq')}" for q in (source.get("qa") or ()))
            source = " ".join(str(v) for k, v in source.items() if k != "qa")
        found.update(f"Q{n}" for n in QA.findall(str(source or "")))
    return sorted(found, key=lambda q: int(q[1:]) if q[1:].isdigit() else 0)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


@dataclass
class GameBook:
    """What the book holds of one game."""

    name: str
    title: str
    version: str
    index: object
    ruleset: object = None
    scenarios: list = field(default_factory=list)      # {sc, url, status, version, qa}
    coverage: dict = field(default_factory=dict)
    cards: list = field(default_factory=list)          # {number, name, url, scenarios}
    qa: dict = field(default_factory=dict)             # Q number -> scenario entries

    def rule_url(self, number: str) -> str:
        return f"{self.name}/rules/{slug(self.index.section(number))}.html#rule-{number}"


class Book:
    def __init__(self, out: Path, scenarios: list, games: list[str]):
        self.out, self.all, self.games = Path(out), scenarios, games
        self.search: list = []

    # ------------------------------------------------------------ building
    def write(self) -> dict:
        books = [self._game(g) for g in self.games]
        write(self.out / "style.css", asset("pages.css"))
        write(self.out / "search.js", asset("search.js"))
        write(self.out / "search-index.js",
              "window.JUDGE_SEARCH = " + json.dumps(self.search, ensure_ascii=False, separators=(",", ":")) + ";\n")
        self._page("index.html", "book_index.html.j2", "", title="The ruling book", books=books)
        self._page("search.html", "book_search.html.j2", "", title="Search the ruling book")
        return {"games": len(books), "scenarios": sum(len(b.scenarios) for b in books),
                "cards": sum(len(b.cards) for b in books), "rules": sum(len(b.index) for b in books)}

    def _page(self, path: str, template: str, root: str, **values):
        write(self.out / path, render(template, root=root, css_href=f"{root}style.css", **values))

    def _game(self, name: str) -> GameBook:
        from ..games import games, rule_documents, ruleset
        docs = rule_documents(name)
        index = docs.index(None)
        rs = ruleset(name) if name in games() else None
        book = GameBook(name, rs.title if rs else name, index.version, index, rs)
        if rs is not None:
            self._scenarios(book)
        self._rules(book)
        if rs is not None:
            self._cards(book)
        self._page(f"{name}/index.html", "book_game.html.j2", "../", title=book.title, book=book,
                   sections=by_section(index, book.coverage) if book.coverage else
                   [(top.number, top.text, {}) for top in index.children(None)], statuses=STATUSES)
        return book

    def _scenarios(self, book: GameBook):
        rs = book.ruleset
        mine = [sc for sc in self.all if sc.game == book.name]
        taken = set()
        for sc in mine:
            base = slug(re.sub(r"\.(yaml|yml|feature)$", "", sc.file))
            if sc.file.endswith(".feature"):
                base += f"-L{sc.line(()) or 0}"
            while base in taken:
                base += "_"
            taken.add(base)
            versions = runnable_versions(sc)
            entry = {"sc": sc, "url": f"{book.name}/scenarios/{base}.html", "version": versions[-1] if versions else None,
                     "status": "not runnable", "qa": qa_numbers(sc), "folder": str(Path(sc.file).parent)}
            book.scenarios.append(entry)
        results = []
        for entry in book.scenarios:
            sc, v = entry["sc"], entry["version"]
            if v is None:
                continue
            result = run_scenario(sc, v)
            entry["status"] = result.status
            if v == book.version:
                results.append(result)
            try:
                ruling = build(sc, v, None, False, result)
            except JudgeError as e:                 # the page says why instead of a board
                entry["error"] = str(e)
                continue
            # A scenario of an older version keeps its rules on its page; the book's rule pages are the newest's.
            own = v == book.version
            html = ruling_html(ruling, game_title=rs.title, root="../../", css_href="../../style.css",
                               rule_href=(lambda n: "../../" + book.rule_url(n)) if own else None,
                               card_href=lambda number: f"../cards/{slug(number)}.html", inline_rules=not own)
            write(self.out / entry["url"], html)
        book.coverage = compute(book.index, results, load_waivers(rs, book.version))
        for entry in book.scenarios:
            for q in entry["qa"]:
                book.qa.setdefault(q, []).append(entry)
            sc = entry["sc"]
            self.search.append({"k": "scenario", "g": book.name, "id": sc.file, "t": sc.title, "u": entry["url"],
                                "x": " ".join([*map(str, sc.refs), *map(str, sc.tags), str(sc.source or ""), *entry["qa"]])})
        book.qa = dict(sorted(book.qa.items(), key=lambda kv: int(kv[0][1:])))
        self._page(f"{book.name}/scenarios/index.html", "book_scenarios.html.j2", "../../",
                   title=f"{book.title}: scenarios", book=book)
        self._page(f"{book.name}/qa.html", "book_qa.html.j2", "../", title=f"{book.title}: official Q&A", book=book)

    def _rules(self, book: GameBook):
        index, data = book.index, book.coverage.get("rules", {})
        url_of = {e["sc"].file: e["url"] for e in book.scenarios}
        texts = rule_texts(book.ruleset, book.version, [r.number for r in index]) if book.ruleset else {
            r.number: [(book.version, index.language, r.number, r.text)] for r in index}
        for top in index.children(None):
            rules = []
            for r in [top, *index.descendants(top.number)]:
                e = data.get(r.number, {})
                covering = [{"file": f, "url": url_of.get(f)} for f in dict.fromkeys(e.get("scenarios", ()))]
                rules.append({"number": r.number, "title": r.title, "depth": r.depth, "texts": texts[r.number],
                              "status": e.get("status"), "reason": e.get("reason"), "scenarios": covering})
                self.search.append({"k": "rule", "g": book.name, "id": r.number, "t": r.text[:140],
                                    "u": book.rule_url(r.number),
                                    "x": " ".join(t for *_, t in texts[r.number])})
            self._page(f"{book.name}/rules/{slug(top.number)}.html", "book_rules.html.j2", "../../",
                       title=f"{book.title} {book.version}: {top.number} {top.text}", book=book, top=top, rules=rules)

    def _cards(self, book: GameBook):
        rs, layout = book.ruleset, layout_of(book.ruleset)
        db = rs.card_db()
        fields = dict(rs.cards.searchable(db))
        using = defaultdict(list)
        for entry in book.scenarios:
            sc = entry["sc"]
            named = set()
            for _, text in rs.given_cards(sc.given or {}):
                named.update(c.number for c in db.find(str(text))[:1])
            for text in set(_strings([sc.when, sc.then])):       # a card an action or a check names
                found = fields.keys() & {text} or {c.number for c in db.find(text)}
                named.update(found if len(found) == 1 else ())
            for number in named:
                using[number].append(entry)
        for number, texts in fields.items():
            card = db.get(number)
            tile = layout.card_tile(card)
            page = {"number": number, "name": tile.name, "url": f"{book.name}/cards/{slug(number)}.html",
                    "scenarios": using[number]}
            book.cards.append(page)
            self._page(page["url"], "book_card.html.j2", "../../", title=f"{number} — {book.title}", book=book,
                       card=page, tile=tile, lines=rs.cards.card_lines(card),
                       unsupported=layout.unsupported(card))
            self.search.append({"k": "card", "g": book.name, "id": number, "t": page["name"], "u": page["url"],
                                "x": " ".join(texts.values())})
        self._page(f"{book.name}/cards/index.html", "book_cards.html.j2", "../../", title=f"{book.title}: cards", book=book)


def write_book(out, scenarios, games) -> dict:
    """Write the book of `games` (names) with `scenarios` (loaded) into the folder `out`; the counts."""
    return Book(out, scenarios, games).write()
