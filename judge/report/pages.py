"""HTML for people at a table: a ruling page (`judge explain --html`) and the pages of the ruling
book (`judge book`), from Jinja2 templates (templates/pages/). A ruling page is one file that
opens offline: its stylesheet inline, its rule texts on the page, nothing fetched."""
from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from .coverage_out import TEMPLATES
from .ruling import rule_texts

ENV = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html", "j2"]),
                  trim_blocks=True, lstrip_blocks=True)


def slug(text: str) -> str:
    """A file name for a rule section, a card number or a scenario file."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", str(text)).strip("_") or "_"


ENV.filters["slug"] = slug


def render(template: str, **values) -> str:
    values.setdefault("root", None)
    values.setdefault("css_href", None)
    return ENV.get_template(f"pages/{template}").render(**values)


def asset(name: str) -> str:
    """A file the book's pages share (pages.css, search.js), as text."""
    return (TEMPLATES / "pages" / name).read_text(encoding="utf-8")


def _areas(rows) -> tuple[str, int]:
    """A grid of zone keys as CSS grid-template-areas (None: an empty cell), and its columns."""
    width = max((len(r) for r in rows), default=1)
    lines = [" ".join((k or ".") for k in (*row, *[None] * (width - len(row)))) for row in rows]
    return " ".join(f'"{line}"' for line in lines), width


def board_view(board, bottom: str | None, viewer: str | None) -> dict:
    """A board as the template draws it: the players across the table first, their rows (and each
    row) turned round, so that each side's middle row faces the other's; `bottom` nearest the reader
    (the viewer, else the first player of the game)."""
    sides = sorted(board.sides, key=lambda s: s.player == (bottom or board.sides[0].player)) if board.sides else []
    out = []
    for s in sides:
        near = s.player == (bottom or sides[-1].player)
        width = max((len(r) for r in board.grid), default=1)
        rows = [tuple(r) + (None,) * (width - len(r)) for r in board.grid]
        rows = rows + [("who",) * width] if near else [("who",) * width] + [tuple(reversed(r)) for r in reversed(rows)]
        areas, columns = _areas(rows)
        placed = {k for r in board.grid for k in r if k}
        out.append({"player": s.player, "facts": s.facts, "areas": areas, "columns": columns,
                    "piles": [p for k, p in s.piles.items() if k in placed]})
    return {"heading": board.heading, "text": board.text, "sides": out, "shared": board.shared, "viewer": viewer}


def ruling_html(ruling, *, game_title: str, rule_href=None, card_href=None, root=None, css_href=None,
                inline_rules: bool = True) -> str:
    """The page of one ruling. By default its rules are on the page (links are `#rule-N`); the book
    passes `rule_href` to its own rule pages instead."""
    rs = ruling.scenario.ruleset
    texts = rule_texts(rs, ruling.version, ruling.rules) if inline_rules else {}
    steps = [{**step.__dict__, "view": board_view(step.board, ruling.viewer, ruling.viewer)} for step in ruling.steps]
    index = rs.rule_index(ruling.version)
    here = rule_href or (lambda n: f"#rule-{n}" if n in texts else "")

    def href(n):
        n = str(n)
        return here(n) if n in index else ""
    return render("ruling.html.j2", r=ruling, steps=steps, rule_texts=texts, rule_href=href, card_href=card_href,
                  game_title=game_title, title=f"{ruling.scenario.title} — ruling", root=root, css_href=css_href)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
