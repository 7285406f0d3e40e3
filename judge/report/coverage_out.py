"""Coverage as Markdown (tabulate) and as an HTML page a judge can browse (Jinja2 template)."""
from __future__ import annotations

import os
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from tabulate import tabulate

from .coverage import STATUSES, by_section

TEMPLATES = Path(__file__).parent / "templates"


def markdown(index, data, game, version, scenarios) -> str:
    s = data["summary"]
    head = (f"# Rule coverage: {game} {version}\n\n{s['total']} rules, {scenarios} scenarios: "
            + ", ".join(f"{k.replace('_', ' ')} {s[k]}" for k in STATUSES) + "\n\n")
    rows = [(n, t[:40], *[c.get(st, 0) for st in STATUSES]) for n, t, c in by_section(index, data)]
    table = tabulate(rows, headers=["section", "title", *[x.replace("_", " ") for x in STATUSES]],
                     tablefmt="github")
    missing = [(n, e["status"], e["text"][:80]) for n, e in data["rules"].items()
               if e["status"] in ("uncovered", "failing", "declared_only")]
    tail = ""
    if missing:
        tail = "\n\n## Rules not yet covered\n\n" + tabulate(missing, headers=["rule", "status", "text"],
                                                            tablefmt="github")
    return head + table + tail + "\n"


def html(index, data, game, version, scenarios, out_path: Path) -> str:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html", "j2"]))
    sections = []
    for top in index.children(None):
        rules = []
        for r in [top, *index.descendants(top.number)]:
            e = data["rules"][r.number]
            rules.append({"number": r.number, "title": r.title, "text": r.text, "status": e["status"],
                          "scenarios": e["scenarios"], "reason": e.get("reason")})
        sections.append({"number": top.number, "title": top.text, "rules": rules})
    root = os.path.relpath(Path.cwd(), out_path.resolve().parent)
    return env.get_template("coverage.html.j2").render(
        game=game, version=version, summary=data["summary"], statuses=STATUSES, sections=sections,
        scenarios=scenarios, root=root)
