"""`judge qa`: a game's official rulings (its numbered Q&A or FAQ, the ruleset's `rulings`) as a test
suite. A scenario holds a ruling when its `source` cites it (`source: {qa: [Q194]}`); each ruling is

* passing: every scenario holding it passes (under every rules version it holds for);
* failing: one of them fails;
* not runnable: none fails, but one needs what the engine cannot run;
* not written: no scenario holds it yet; what blocks it is named: the cards it names that are not
  in the game's card database, or that have parts the engine cannot run, else no scenario yet;
* waived: no scenario can check it (table conduct, an order of cards no rule reads), with the reason
  the game's waivers file gives.
"""
from __future__ import annotations

import json
import os
import sys

import click

from ..core.errors import InputError
from ..scenario.runner import FAILED, NOT_APPLICABLE, NOT_RUNNABLE, PASSED, run_versions

PASSING, FAILING, UNRUNNABLE, NOT_WRITTEN, WAIVED = "passing", "failing", "not runnable", "not written", "waived"
QA_STATUSES = (PASSING, FAILING, UNRUNNABLE, NOT_WRITTEN, WAIVED)
NOT_ENCODED, UNSUPPORTED, NO_SCENARIO = "cards not encoded", "cards with unsupported parts", "no scenario yet"
GAPS = (NOT_ENCODED, UNSUPPORTED, NO_SCENARIO)


def games_with_rulings() -> tuple[str, ...]:
    from ..games import games, ruleset
    return tuple(g for g in games() if getattr(ruleset(g), "rulings", None) is not None)


def rulings_of(game: str):
    from ..games import ruleset
    rulings = getattr(ruleset(game), "rulings", None)
    if rulings is None:
        raise InputError(f"{game} has no official rulings file", file="--game",
                         expected="one of: " + ", ".join(games_with_rulings()))
    return rulings


def holders(scenarios, game: str) -> dict[str, list]:
    """The scenarios of `game` holding each ruling, by number."""
    out: dict[str, list] = {}
    for sc in scenarios:
        if sc.game == game:
            for number in dict.fromkeys(sc.rulings):
                out.setdefault(number, []).append(sc)
    return out


def verdict(results) -> str:
    """A ruling's status from the results of the scenarios holding it."""
    statuses = {r.status for r in results} - {NOT_APPLICABLE}
    if FAILED in statuses:
        return FAILING
    if NOT_RUNNABLE in statuses:
        return UNRUNNABLE
    return PASSING if PASSED in statuses else UNRUNNABLE


def blocking(rs, db, cards) -> dict:
    """What keeps a ruling unwritten: {kind: one of GAPS, cards: {number: [reasons]}}."""
    missing = [c for c in cards if c not in db]
    if missing:
        return {"kind": NOT_ENCODED, "cards": {c: ["not in the card database"] for c in missing}}
    unsupported = getattr(rs.cards, "unsupported", None)
    parts = {c: unsupported(c) for c in cards} if unsupported else {}
    parts = {c: p for c, p in parts.items() if p}
    if parts:
        return {"kind": UNSUPPORTED, "cards": parts}
    return {"kind": NO_SCENARIO, "cards": {}}


def status_of(game: str, scenarios, only=None) -> dict:
    """Every ruling of the game (or those of `only`) with its status, the scenarios holding it and
    their results."""
    from ..games import ruleset
    rs = ruleset(game)
    db = rs.card_db()
    rulings = rulings_of(game)
    held = holders(scenarios, game)
    entries, cache = [], {}
    for number in (only or rulings.numbers()):
        r = rulings.get(number)
        entry = {"number": number, "date": r.date, "cards": list(r.cards)}
        if number in held:
            results = []
            for sc in held[number]:
                if id(sc) not in cache:
                    cache[id(sc)] = run_versions(sc)
                results.append((sc, cache[id(sc)]))
            entry["status"] = verdict([x for _, rs in results for x in rs])
            entry["scenarios"] = [{"file": sc.file, "scenario": sc.title,
                                   "results": [{"version": x.version, "status": x.status, "failures": x.failures}
                                               for x in rs]} for sc, rs in results]
        elif number in rulings.waived:
            entry["status"] = WAIVED
            entry["reason"] = rulings.waived[number]
        else:
            entry["status"] = NOT_WRITTEN
            entry["blocked_by"] = blocking(rs, db, r.cards)
        entries.append(entry)
    unknown = sorted(set(held) - set(rulings.numbers()))
    stale = sorted(set(held) & set(rulings.waived), key=lambda n: rulings.numbers().index(n))
    counts = {s: sum(1 for e in entries if e["status"] == s) for s in QA_STATUSES}
    gaps = {g: sum(1 for e in entries if e.get("blocked_by", {}).get("kind") == g) for g in GAPS}
    return {"game": game, "rulings": rulings.title, "total": len(entries), "summary": {**counts, "not_written_by": gaps},
            "passing_share": round(counts[PASSING] / len(entries), 4) if entries else 0.0,
            "entries": entries, "unknown": unknown, "stale_waivers": stale}


def _load(paths):
    from ..cli import loaded
    return loaded(paths)


def _games(game):
    from ..games import DEFAULT_ENV
    if game:
        rulings_of(game)
        return [game]
    standing = os.environ.get(DEFAULT_ENV, "").strip()
    return [standing] if standing else list(games_with_rulings())


@click.group()
def qa():
    """A game's official rulings (Q&A, FAQ) as a test suite: which are transcribed as scenarios and pass."""


@qa.command("status")
@click.argument("paths", nargs=-1)
@click.option("--game", help="The game (default: each game with an official rulings file).")
@click.option("--json", "as_json", is_flag=True, help="Every ruling with its status, scenarios and gaps (a list, one object per game).")
@click.option("--summary", is_flag=True, help="Only the counts.")
@click.option("--list", "list_status", type=click.Choice(["passing", "failing", "not-runnable", "not-written", "waived"]),
              help="Only the rulings with this status.")
def qa_status(paths, game, as_json, summary, list_status):
    """Each official ruling of the game: transcribed and passing, transcribed and failing, not runnable,
    or not written (with the cards that block it). Scenarios are those of PATHS (default: scenarios/ and
    features/) whose `source` cites the ruling by number."""
    from ..cli import err, fail_input, out
    try:
        names = _games(game)
        scenarios = _load(paths)
        reports = [status_of(g, scenarios) for g in names]
    except InputError as e:
        fail_input(e)
    if as_json:
        print(json.dumps(reports, ensure_ascii=False, indent=1))
        sys.exit(1 if any(r["summary"][FAILING] for r in reports) else 0)
    wanted = list_status.replace("-", " ") if list_status else None
    for rep in reports:
        if not summary:
            for e in rep["entries"]:
                if wanted and e["status"] != wanted:
                    continue
                out.print(_entry_line(e), markup=False)
        s = rep["summary"]
        gaps = ", ".join(f"{n} {g}" for g, n in s["not_written_by"].items())
        out.print(f"{rep['game']} {rep['rulings']}: {rep['total']} rulings — {s[PASSING]} passing "
                  f"({rep['passing_share']:.1%}), {s[FAILING]} failing, {s[UNRUNNABLE]} not runnable, "
                  f"{s[NOT_WRITTEN]} not written ({gaps}), {s[WAIVED]} waived", markup=False)
        for number in rep["unknown"]:
            err.print(f"warning: scenarios cite {number}, which the rulings file does not have")
        if rep["stale_waivers"]:
            err.print(f"stale waivers (a scenario holds them): {', '.join(rep['stale_waivers'])}")
    sys.exit(1 if any(r["summary"][FAILING] for r in reports) else 0)


def _entry_line(e) -> str:
    head = f"{e['number']:6s} {e['status']:13s}"
    if e["status"] == WAIVED:
        return f"{head} {e['reason']}"
    if e["status"] == NOT_WRITTEN:
        gap = e["blocked_by"]
        cards = ", ".join(gap["cards"])
        return f"{head} {gap['kind']}" + (f": {cards}" if cards else "")
    return f"{head} " + ", ".join(s["file"] for s in e["scenarios"])


@qa.command("show")
@click.argument("number")
@click.option("--game", help="The game (default: the one whose rulings file has NUMBER).")
@click.option("--lang", type=click.Choice(["ja", "en", "both"]), default="both", show_default=True,
              help="The language of the question and answer.")
@click.argument("paths", nargs=-1)
def qa_show(number, game, lang, paths):
    """An official ruling: its question and answer (read from the publisher's file beside the checkout,
    shown, not kept in the project), the cards it names, and the scenarios that hold it with their
    verdicts; for one not written, what blocks it."""
    from ..cli import fail_input, out
    from ..games import default_game
    number = number.strip()
    if number.isdigit():
        number = "Q" + number
    try:
        game = default_game(game, among=games_with_rulings(), fits=lambda g: number in rulings_of(g),
                            what=f"ruling {number}")
        rulings = rulings_of(game)
        facts = rulings.get(number)
        rep = status_of(game, _load(paths), only=[number])
    except InputError as e:
        fail_input(e)
    entry = next(e for e in rep["entries"] if e["number"] == number)
    out.print(f"{rulings.title} {number} ({game}, {facts.date or 'undated'})", markup=False)
    if facts.cards:
        out.print("cards named: " + ", ".join(facts.cards), markup=False)
    try:
        text = rulings.text(number)
        langs = ["ja", "en"] if lang == "both" else [lang]
        for label, part in (("question", text.question), ("answer", text.answer)):
            for code in langs:
                if part.get(code):
                    out.print(f"\n{label} ({code}):", markup=False)
                    for line in part[code].splitlines():
                        out.print("  " + line, markup=False)
    except InputError as e:
        out.print(f"\n(the question and answer cannot be shown: {e})", markup=False)
    out.print(f"\nstatus: {entry['status']}" + (f" ({entry['reason']})" if entry.get("reason") else ""), markup=False)
    if entry["status"] == NOT_WRITTEN:
        gap = entry["blocked_by"]
        out.print(f"blocked by: {gap['kind']}", markup=False)
        for card, reasons in gap["cards"].items():
            for reason in reasons:
                out.print(f"  {card}: {reason}", markup=False)
    for sc in entry.get("scenarios", ()):
        verdicts = ", ".join(f"{x['version']} {x['status']}" for x in sc["results"]) or "no version runs"
        out.print(f"  {sc['file']} — {sc['scenario']} [{verdicts}]", markup=False)
        for x in sc["results"]:
            for f in x["failures"]:
                out.print(f"      {f}", markup=False)
    sys.exit(1 if entry["status"] == FAILING else 0)
