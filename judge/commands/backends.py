"""Where `judge selfplay` plays its games: a backend, chosen by name (`--backend`).

Every backend plays the same thing, a `Plays` (the game, the two decks, the designer's cards, the
policy, whether to check invariants and count per-card facts) over chunks of seeds, calling
`play_chunk` (the ruleset's `selfplay.play_game` per seed) wherever it runs, and hands back each
chunk's counts as it finishes. The counts only add (judge.report.selfplay_stats.add_into), and game
*i* depends only on its seed, so the totals, the per-card statistics and the reproducers do not
depend on the backend, on how many workers play, nor on how the seeds are chunked.

* `local` (the default): this process (`--jobs 1`) or a pool of processes of this machine.
* `ray`: Ray tasks (https://docs.ray.io), on a local Ray started for the run or, with `--address`,
  on a running Ray cluster. What goes over the wire is the `Plays` (decks and card records, a few
  kilobytes, put in Ray's object store once) and a list of seeds per task; what comes back is each
  chunk's counts and the text of its reproducers, which this process writes. Every worker checks
  that it runs the same judge (a digest of the package's sources and data) before it plays.
"""
from __future__ import annotations

import hashlib
import math
import socket
import traceback
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Protocol

from ..core.errors import InputError, InvariantViolation, closest

BACKENDS = ("local", "ray")
CHUNK_MAX = 500          # games per task at most: 10-15 s of one CPU (checks off), so progress and balance stay fine
CHUNKS_PER_WORKER = 4    # below that, chunks of games/(workers*4): every worker gets several
CONNECT_TIMEOUT = 10.0   # seconds to reach a cluster's address before saying it cannot be reached


@dataclass(frozen=True)
class Plays:
    """What every chunk of seeds plays: all a worker needs, nothing of this process's state."""

    game: str
    pair: tuple | None              # the two decks, or None for random decks drawn from each seed
    check: bool
    out: str                        # the folder the reproducers are written to (by this process)
    cards: dict | None = None       # a designer's card records
    policy: str = "random"
    card_stats: bool = False
    code: str | None = None         # the digest of the judge that must play them (code_digest)


class Backend(Protocol):
    name: str
    workers: int                    # games played side by side

    def map(self, plays: Plays, chunks: list[list[int]]) -> Iterator[dict]:
        """Each chunk's counts (play_chunk), in the order they finish."""

    def close(self) -> None: ...


def play_chunk(plays: Plays, seeds: list[int]) -> dict:
    """Play one game per seed and count them. A crash or invariant violation is a finding: it is
    counted, and its reproducer's text is kept under the path it is to be written to."""
    from ..games import ruleset
    from ..report.selfplay_stats import GameFacts, count_game
    if plays.code is not None and plays.code != code_digest():
        raise InputError(f"the worker on {socket.gethostname()} runs another judge (sources {code_digest()[:12]}, "
                         f"this run's {plays.code[:12]}): it would play other games",
                         expected="the same judge (same commit, same card files) installed on every node")
    rs = ruleset(plays.game)
    sp = rs.selfplay
    cards = plays.cards or {}
    db = rs.card_db(cards)
    stats = {"games": len(seeds), "actions": 0, "violations": 0, "crashes": 0,
             "winners": {"A": 0, "B": 0, "draw": 0}, "turns": 0, "reproducers": [], "failures": [],
             "files": {}, "first": {}, "lengths": {}}
    if plays.card_stats:
        stats["cards"] = {}
    for s in seeds:
        decks = plays.pair or sp.random_decks(s, db, sorted(cards))
        facts = GameFacts(sp.card_facts) if plays.card_stats else None
        try:
            played, n = sp.play_game(decks, s, debug=plays.check, db=db, policy=plays.policy,
                                     watch=facts.see if facts else None)
            winner = played.result["winner"]
            stats["actions"] += n
            stats["turns"] += played.turn_number
            stats["winners"][winner] += 1
            stats["lengths"][played.turn_number] = stats["lengths"].get(played.turn_number, 0) + 1
            first = stats["first"].setdefault(sp.first_player(played), {})
            first[winner] = first.get(winner, 0) + 1
            if facts is not None:
                count_game(stats["cards"], played, facts.facts, winner, sp.played_facts)
        except Exception as e:          # a crash or violation is the finding: keep going, keep a reproducer
            kind = "violations" if isinstance(e, InvariantViolation) else "crashes"
            stats[kind] += 1
            path = str(Path(plays.out) / f"seed-{s}.yaml")
            error = "".join(traceback.format_exception_only(type(e), e)).strip()
            stats["files"][path] = sp.reproducer(decks, s, error, plays.cards, plays.policy)
            stats["reproducers"].append(path)
            stats["failures"].append((s, f"game seed {s}: {type(e).__name__}: {e}\n  reproducer: {path}"))
    return stats


def play_seeds(backend: Backend, plays: Plays, seeds: list[int], chunk: int = 0, progress=None) -> dict:
    """Play one game per seed on `backend`, in chunks of `chunk` seeds (0: chosen from the number of
    games and workers), adding each chunk's counts as it comes back and writing its reproducers.
    `progress(done, total)` is called after each chunk."""
    from ..report.selfplay_stats import add_into
    size = chunk_size(len(seeds), backend.workers, chunk)
    chunks = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    total: dict = {}
    done = 0
    for part in backend.map(plays, chunks):
        for path, text in part.pop("files").items():
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_text(text, encoding="utf-8")
        done += part.pop("games")
        add_into(total, part)
        if progress is not None:
            progress(done, len(seeds))
    total["reproducers"] = sorted(total.get("reproducers", []))
    total["failures"] = [line for _, line in sorted(total.get("failures", []))]
    return total


def chunk_size(games: int, workers: int, chunk: int = 0) -> int:
    """Seeds per task: `chunk` when given; else enough tasks for several per worker, at most CHUNK_MAX
    games each."""
    if chunk:
        return chunk
    return max(1, min(CHUNK_MAX, math.ceil(games / (max(1, workers) * CHUNKS_PER_WORKER))))


class LocalBackend:
    """This process (one worker), or a pool of `workers` processes of this machine."""

    name = "local"

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self._pool = None

    def map(self, plays, chunks):
        if self.workers == 1 or len(chunks) == 1:
            for seeds in chunks:
                yield play_chunk(plays, seeds)
            return
        from concurrent.futures import ProcessPoolExecutor, as_completed
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers)
        for future in as_completed([self._pool.submit(play_chunk, plays, seeds) for seeds in chunks]):
            yield future.result()

    def close(self):
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None


class RayBackend:
    """Ray tasks: on a local Ray started for the run (`cpus` CPUs, 0 for all), or on the running
    cluster at `address`. A Ray already started in this process (ray.init) is used as it is."""

    name = "ray"

    def __init__(self, address: str | None = None, cpus: int = 0):
        ray = require_ray()
        self.ray = ray
        self.started = not ray.is_initialized()
        if self.started:
            if address:
                reachable(address)
            import logging
            try:
                ray.init(address=address or None, num_cpus=None if address else (cpus or None),
                         include_dashboard=False, log_to_driver=False, logging_level=logging.WARNING)
            except (ConnectionError, RuntimeError, ValueError) as e:
                where = f"the Ray cluster at {address}" if address else "a local Ray"
                raise InputError(f"cannot start or join {where}: {str(e).strip().splitlines()[0]}",
                                 expected="HOST:6379 (the address `ray start --head` prints), ray://HOST:10001, "
                                          "or auto for the cluster this machine belongs to") from None
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(num_cpus=1)(play_chunk)

    def map(self, plays, chunks):
        ray = self.ray
        shared = ray.put(replace(plays, code=code_digest()))
        window = 2 * self.workers                      # tasks in flight: every worker busy, memory bounded
        todo = iter(chunks)
        running = [self._task.remote(shared, seeds) for seeds in _take(todo, window)]
        while running:
            done, running = ray.wait(running, num_returns=1)
            running += [self._task.remote(shared, seeds) for seeds in _take(todo, 1)]
            try:
                yield ray.get(done[0])
            except ray.exceptions.RayTaskError as e:
                cause = getattr(e, "cause", None)
                if isinstance(cause, InputError):
                    raise cause from None
                if isinstance(cause, ImportError):
                    raise InputError(f"a Ray worker cannot import judge ({cause})",
                                     expected="judge installed on every node of the cluster, the same commit "
                                              "(docs/selfplay.md)") from None
                raise

    def close(self):
        if self.started and self.ray.is_initialized():
            self.ray.shutdown()


def _take(items: Iterator, n: int) -> list:
    return [x for _, x in zip(range(n), items)]


def make_backend(name: str, *, jobs: int = 0, address: str | None = None, games: int = 0) -> Backend:
    """The backend called `name`: `jobs` workers of this machine (0: one per CPU; no more local
    processes than `games`), or the Ray cluster at `address` (Ray only)."""
    import os
    if name not in BACKENDS:
        raise InputError(f"unknown backend '{name}'", expected="one of: " + ", ".join(BACKENDS),
                         suggestions=closest(name, BACKENDS))
    if name == "local":
        if address:
            raise InputError("--address is the address of a Ray cluster", expected="--backend ray --address HOST:PORT")
        return LocalBackend(min(jobs or os.cpu_count() or 1, games or 1 << 30))
    if address and jobs:
        raise InputError("--jobs sets the CPUs of a local Ray; a cluster's workers are its own",
                         expected="--address without --jobs (or --jobs without --address)")
    return RayBackend(address, jobs)


def require_ray():
    """Ray is an optional extra (pyproject `[ray]`): say how to get it."""
    try:
        import ray
    except ImportError:
        raise InputError("--backend ray needs Ray, which is not installed",
                         expected="pip install 'judge[ray]' (make installs it), or --backend local") from None
    return ray


def reachable(address: str) -> None:
    """Fail fast, with a clear error, on a cluster address nothing answers at (ray.init would wait)."""
    if address == "auto":
        return
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise InputError(f"--address '{address}' is not HOST:PORT",
                         expected="HOST:6379 (the address `ray start --head` prints), ray://HOST:10001, or auto")
    try:
        socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as e:
        why = "no answer" if isinstance(e, TimeoutError) else (e.strerror or str(e))
        raise InputError(f"cannot reach the Ray cluster at {address} ({why} within {CONNECT_TIMEOUT:g} s)",
                         expected="the address of a running head node (`ray start --head` on it, then "
                                  "`ray status` there shows it)") from None


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of this judge: its sources and data (rules, cards, decks, schemas). Two processes with
    the same digest play the same game from the same seed."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for path in sorted(_code_files(root)):
        h.update(path.relative_to(root).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def _code_files(root: Path) -> Iterable[Path]:
    for path in root.rglob("*"):
        if path.suffix in (".py", ".json", ".yaml", ".yml", ".lark") and "_compiled" not in path.parts:
            yield path
