"""`judge selfplay` and `judge bench`: random legal play with invariant checks, and throughput."""
from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

import click

from ..core.errors import InputError


@click.command()
@click.option("--games", default=100, show_default=True, help="Number of games (of each pairing).")
@click.option("--seed", default=0, show_default=True, help="Seed of the first game (game i uses seed+i).")
@click.option("--game", help="The game (default: the only game with an engine).")
@click.option("--decks", help="Deck names or files: A,B plays A against B; three or more, a round robin of "
                              "every pair; with --against, each against each of those (default: the game's "
                              "two default decks).")
@click.option("--against", help="Decks to play the --decks against, Y or Y,Z: one pairing per two decks.")
@click.option("--random-decks", is_flag=True,
              help="Each game two random legal decks (6.1) of the cards the engine runs, drawn from its seed.")
@click.option("--cards", "card_files", multiple=True, metavar="FILE",
              help="A designer's card file (or scenario with inline cards) whose cards decks may use; with "
                   "--random-decks, four of each go into every deck. Repeatable.")
@click.option("--policy", default="random", show_default=True,
              help="How both players answer: one of the game's policies (docs/cli.md), or "
                   "X,Y: the first deck's player plays X, the second's Y.")
@click.option("--card-stats/--no-card-stats", default=True, show_default=True,
              help="Count what each card did (drawn, played, abilities and arts used, damage) and its win "
                   "rate when played against when not.")
@click.option("--check/--no-check", default=True, show_default=True,
              help="Check the invariants after every event (slower).")
@click.option("--jobs", default=0, show_default=True,
              help="Processes playing games side by side (0: one per CPU; 1: this process only); with "
                   "--backend ray and no --address, the CPUs of the local Ray. Results do not depend on it.")
@click.option("--backend", default="local", show_default=True,
              help="Where the games are played: local (processes of this machine) or ray (Ray tasks: a local "
                   "Ray, or the cluster at --address). Results do not depend on it.")
@click.option("--address", metavar="HOST:PORT",
              help="With --backend ray: the running Ray cluster to play on (the address `ray start --head` "
                   "prints, ray://HOST:10001, or auto).")
@click.option("--chunk", default=0, show_default=True, type=click.IntRange(min=0),
              help="Games per task (0: several tasks per worker, at most 500 games each). Results do not "
                   "depend on it.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object on the last line.")
@click.option("--report", "report", metavar="OUT.html", help="Also write the results as an HTML page with plots.")
@click.option("--out", default="out/selfplay", show_default=True, help="Folder for reproducers of failures.")
def selfplay(games, seed, game, decks, against, random_decks, card_files, policy, card_stats, check, jobs,
             backend, address, chunk, as_json, report, out):
    """Play whole games with a legal policy (uniformly random by default) and report crashes and
    violations, each pairing's win rate and, per card, what it did."""
    from ..core.errors import closest
    from ..games import default_game, ruleset
    from ..report import selfplay_stats as st
    try:
        game = default_game(game)
        sp = ruleset(game).selfplay
        seats = policy.split(",")
        for name in seats:
            if name not in sp.policies:
                raise InputError(f"unknown policy '{name}' for {game}", expected=", ".join(sp.policies),
                                 suggestions=closest(name, sp.policies))
        if len(seats) > 2:
            raise InputError(f"--policy takes one policy, or two (the first deck's, the second's): got {policy}")
        if card_stats or report:
            st.require_stats()
    except InputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    names = [d.strip() for d in decks.split(",")] if decks else list(sp.default_decks)
    others = [d.strip() for d in against.split(",")] if against else []
    if random_decks:
        pairings = [("random", "random")]
    elif others:
        pairings = [(x, y) for x in names for y in others]
    elif len(names) >= 2:
        pairings = list(combinations(names, 2))
    else:
        raise click.UsageError("--decks takes two decks A,B (or more, for a round robin), or one with --against")
    try:
        cards = {}
        for f in card_files:
            cards.update(sp.card_records(f))
        db = ruleset(game).card_db(cards)
        gaps = [f"{n}: {'; '.join(db.get(n).unsupported())}" for n in sorted(cards) if db.get(n).unsupported()]
        if gaps:
            raise InputError("cards with parts the engine cannot run: " + " | ".join(gaps),
                             expected="cards whose every ability the engine runs (judge cards check FILE)")
        if random_decks:
            sp.random_decks(seed, db, sorted(cards))     # a designer's cards that cannot make a deck fail here
            loaded = {("random", "random"): None}
        else:
            loaded = {pairing: sp.load_decks(list(pairing), db) for pairing in pairings}
    except InputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    from .backends import Plays, make_backend, play_seeds
    start = time.perf_counter()
    try:
        runner = make_backend(backend, jobs=jobs, address=address, games=games)
    except InputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    progress = _progress if not as_json and sys.stderr.isatty() else None
    total, summaries = {}, []
    try:
        for pairing, pair in loaded.items():
            folder = Path(out) if len(loaded) == 1 else Path(out) / "-vs-".join(Path(d).stem for d in pairing)
            plays = Plays(game, pair, check, str(folder), cards, policy, card_stats)
            part = play_seeds(runner, plays, list(range(seed, seed + games)), chunk, progress)
            summaries.append(st.pairing_summary(list(pairing), part))
            st.add_into(total, part)
    except InputError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    finally:
        runner.close()
    seconds = time.perf_counter() - start
    played = games * len(loaded)
    card_counts = total.pop("cards", None)
    for key in ("first", "lengths"):
        total.pop(key)
    total["reproducers"].sort()
    stats = {"game": game, "games": played, "seed": seed, "decks": "random" if random_decks else names,
             "against": others, "policy": policy, "cards": sorted(cards), "checks": check, "backend": runner.name,
             "jobs": runner.workers,
             "engine": engine_status(), **total, "pairings": summaries}
    if card_counts is not None:
        stats["card_stats"] = st.card_summary(card_counts)
    stats["seconds"] = round(seconds, 3)
    stats["games_per_s"] = round(played / seconds, 1) if seconds else None
    stats["actions_per_s"] = round(stats["actions"] / seconds, 1) if seconds else None
    if report:
        from ..report.selfplay_page import write_page
        write_page(stats, Path(report))
    if as_json:
        print(json.dumps(stats))
    else:
        for line in stats["failures"]:
            click.echo(line, err=True)
        click.echo(f"{played} games in {seconds:.2f}s ({stats['games_per_s']} games/s, {stats['actions_per_s']} "
                   f"decisions/s, {_where(runner)}, {policy} policy); winners "
                   f"{stats['winners']}; {stats['violations']} violations, {stats['crashes']} crashes; "
                   f"invariant checks {'on' if check else 'off'}")
        click.echo("\n" + st.pairing_table(summaries))
        if "card_stats" in stats:
            click.echo("\n" + st.card_table(stats["card_stats"]))
        if report:
            click.echo(f"\nreport: {report}")
    sys.exit(1 if stats["violations"] or stats["crashes"] else 0)


def _where(runner) -> str:
    n = runner.workers
    if runner.name == "local":
        return f"{n} process{'es' if n > 1 else ''}"
    return f"Ray, {n} CPU{'s' if n > 1 else ''}"


def _progress(done: int, total: int) -> None:
    click.echo(f"\r{done}/{total} games", err=True, nl=done == total)


@click.command()
@click.option("--games", default=200, show_default=True, help="Self-play games to time.")
@click.option("--json", "as_json", is_flag=True, help="The figures as JSON.")
@click.option("--game", help="The game whose self-play is timed (default: the only game with an engine).")
@click.option("--peer", "peer", type=click.Path(file_okay=False, exists=True),
              help="A checkout of another engine of the game: time it beside judge, alternating, and print the ratio.")
@click.option("--peer-script", type=click.Path(dir_okay=False), default=None,
              help="The script that times the peer (default: ../shared/tools/peer_selfplay.py beside the checkout).")
@click.option("--rounds", default=3, show_default=True, help="Alternating rounds of the peer comparison (median).")
@click.argument("paths", nargs=-1)
def bench(games, as_json, game, peer, peer_script, rounds, paths):
    """Scenario throughput, self-play speed, start-up time and peak memory; with --peer, judge's
    self-play beside another engine's, process for process, as a ratio."""
    import subprocess

    from ..games import default_game, ruleset
    from ..scenario.model import find_scenarios, load_scenario
    from ..scenario.runner import run_scenario
    from .backends import LocalBackend, Plays, play_seeds
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import judge.cli"], check=True)
    startup = time.perf_counter() - t0
    files = find_scenarios(paths or ("scenarios",))
    t0 = time.perf_counter()
    scenarios = [load_scenario(f) for f in files]
    load_s = time.perf_counter() - t0
    per = []
    for sc in scenarios:
        t = time.perf_counter()
        run_scenario(sc)
        per.append(time.perf_counter() - t)
    game = default_game(game)
    rs = ruleset(game)
    decks = rs.selfplay.load_decks(list(rs.selfplay.default_decks), rs.card_db())
    figures = {}
    cpus = os.cpu_count() or 1
    for label, check, jobs in (("selfplay", False, 1), ("selfplay_parallel", False, cpus),
                               ("selfplay_checked", True, 1)):
        n = games if not check else max(1, games // 4)
        t = time.perf_counter()
        runner = LocalBackend(jobs)
        try:
            actions = play_seeds(runner, Plays(game, decks, check, "out/selfplay"), list(range(n)))["actions"]
        finally:
            runner.close()
        secs = time.perf_counter() - t
        figures[label] = {"games": n, "jobs": jobs, "seconds": round(secs, 3), "games_per_s": round(n / secs, 1),
                          "actions_per_s": round(actions / secs, 1)}
    if peer:
        figures["peer"] = peer_ratio(game, peer, peer_script, games, max(3, rounds))
    result = {
        "scenarios": len(scenarios), "scenario_load_s": round(load_s, 3), "scenario_run_s": round(sum(per), 3),
        "scenario_median_ms": round(statistics.median(per) * 1000, 3) if per else None,
        **figures, "startup_s": round(startup, 3),
        "peak_memory_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "engine": engine_status(),
    }
    if as_json:
        print(json.dumps(result))
        return
    from rich.console import Console
    from rich.table import Table
    table = Table(title="judge bench")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("scenarios", str(result["scenarios"]))
    table.add_row("load all scenarios", f"{result['scenario_load_s']} s")
    table.add_row("run all scenarios", f"{result['scenario_run_s']} s")
    table.add_row("median per scenario", f"{result['scenario_median_ms']} ms")
    for label in ("selfplay", "selfplay_parallel", "selfplay_checked"):
        f = result[label]
        table.add_row(f"{label} ({f['games']} games, {f['jobs']} process{'es' if f['jobs'] > 1 else ''})",
                      f"{f['games_per_s']} games/s, {f['actions_per_s']} decisions/s")
    if "peer" in result:
        p = result["peer"]
        table.add_row(f"beside the peer ({p['rounds']} alternating rounds, 1 process each, {p['cpus']} CPUs)",
                      f"judge {p['judge_games_per_s']} / peer {p['peer_games_per_s']} games/s = {p['ratio']}x")
    table.add_row("start-up (import)", f"{result['startup_s']} s")
    table.add_row("peak memory", f"{result['peak_memory_mb']} MB")
    table.add_row("engine", describe_engine(result["engine"]))
    Console().print(table)


def engine_status() -> dict:
    """Whether the engine ran compiled (judge/compiled.py): figures are only comparable alike."""
    from ..compiled import status
    return status()


def describe_engine(e: dict) -> str:
    text = f"{e['compiled']}/{e['modules']} modules compiled"
    if e["stale"]:
        text += f"; {len(e['stale'])} edited since compiled, run as Python"
    return text + (f" ({e['note']})" if e["note"] else "")


def peer_ratio(game, peer, script, games, rounds) -> dict:
    """judge's self-play and the peer's, one process each, in alternating rounds on this machine: the
    median games/s of each and their ratio (speed is a ratio measured side by side, never an absolute
    figure from another machine). judge plays the game's default decks (choose the peer's
    script to play the same ones), invariant checks off."""
    import subprocess
    root = Path(__file__).resolve().parents[2]
    script = Path(script) if script else root.parent / "shared" / "tools" / "peer_selfplay.py"
    if not script.is_file():
        raise click.UsageError(f"no peer timing script at {script}: give --peer-script")
    ours_cmd = [sys.executable, "-m", "judge.cli", "selfplay", "--game", game, "--games", str(games), "--jobs", "1",
                "--no-check", "--json"]
    peer_cmd = [sys.executable, str(script), str(Path(peer).resolve()), str(games)]
    ours, theirs = [], []
    for _ in range(rounds):
        for cmd, into in ((ours_cmd, ours), (peer_cmd, theirs)):
            done = subprocess.run(cmd, capture_output=True, text=True, cwd=root, timeout=3600)
            last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
            try:
                into.append(float(json.loads(last)["games_per_s"]))
            except (ValueError, KeyError):
                raise click.ClickException(f"{' '.join(cmd[:3])} ...: no timing ({done.stderr.strip()[-300:]})")
    mine, peer_gps = statistics.median(ours), statistics.median(theirs)
    return {"rounds": rounds, "games": games, "cpus": os.cpu_count(), "judge_games_per_s": round(mine, 1),
            "peer_games_per_s": round(peer_gps, 1), "ratio": round(mine / peer_gps, 2),
            "judge_rounds": ours, "peer_rounds": [round(x, 1) for x in theirs], "engine": engine_status()}
