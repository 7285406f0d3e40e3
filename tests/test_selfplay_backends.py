"""Issue 20, item 4: `judge selfplay --backend NAME` plays the same games wherever it plays them. The
local backend (processes of this machine) and the Ray backend (Ray tasks, here on a small local Ray)
give the same JSON for the same seeds: totals, per-card statistics, pairings, failures and the
reproducers' files. The Ray tests skip, saying why, only where Ray is not installed (make installs
the `[ray]` extra when the platform has a wheel)."""
from __future__ import annotations

import json
import os
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.commands.backends import Plays, chunk_size, code_digest, play_chunk
from judge.core.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
TIMING = ("seconds", "games_per_s", "actions_per_s", "backend", "jobs")

# A game whose every fourth game (seed % 4 == 1) breaks an invariant: hololive's self-play, composed with
# a seeded fault, so that failures and reproducers can be compared between backends.
FAULTY = '''
from judge.core.errors import InvariantViolation
from judge.games import ruleset


class _SelfPlay:
    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def play_game(self, decks, seed, **kw):
        game, n = self.inner.play_game(decks, seed, **kw)
        if seed % 4 == 1:
            raise InvariantViolation(f"a seeded fault at seed {seed}")
        return game, n


class _Ruleset:
    def __init__(self, inner):
        self.inner = inner
        self.selfplay = _SelfPlay(inner.selfplay)

    def __getattr__(self, name):
        return getattr(self.inner, name)


RULESET = _Ruleset(ruleset("hololive"))
'''


@pytest.fixture(scope="module")
def games_registered(tmp_path_factory):
    """The faulty game registered (JUDGE_GAMES) before any worker starts: workers, local processes or
    Ray's, inherit the environment."""
    folder = tmp_path_factory.mktemp("faulty")
    (folder / "__init__.py").write_text(textwrap.dedent(FAULTY), encoding="utf-8")
    before = os.environ.get("JUDGE_GAMES")
    entries = [e for e in (before or "").split(os.pathsep) if e and not e.startswith("faulty=")]
    os.environ["JUDGE_GAMES"] = os.pathsep.join([*entries, f"faulty={folder}"])
    yield
    if before is None:
        os.environ.pop("JUDGE_GAMES", None)
    else:
        os.environ["JUDGE_GAMES"] = before


@pytest.fixture(scope="module")
def local_ray(games_registered):
    """One small local Ray for this module (2 CPUs, no dashboard); `--backend ray` uses the Ray
    already started in its process."""
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install 'judge[ray]' (make installs it "
                                            "where the platform has a wheel)")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def selfplay(*args) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["selfplay", *args])
    return r.exit_code, r.output


def result(*args) -> dict:
    code, out = selfplay(*args, "--json")
    assert code in (0, 1), out
    return json.loads(out.strip().splitlines()[-1])


def same_games(a: dict, b: dict) -> None:
    assert {k: v for k, v in a.items() if k not in TIMING} == {k: v for k, v in b.items() if k not in TIMING}


def reproducers(run: dict) -> dict:
    return {Path(p).name: Path(p).read_text(encoding="utf-8") for p in run["reproducers"]}


# ------------------------------------------------------------------------------ the local backend
def test_chunks_and_processes_change_the_time_not_the_games():
    one = result("--game", "hololive", "--games", "8", "--seed", "7", "--no-check", "--jobs", "1")
    chunked = result("--game", "hololive", "--games", "8", "--seed", "7", "--no-check", "--jobs", "2",
                     "--chunk", "3")
    same_games(one, chunked)
    assert one["backend"] == chunked["backend"] == "local" and chunked["jobs"] == 2
    assert one["card_stats"] and one["winners"]["A"] + one["winners"]["B"] + one["winners"]["draw"] == 8


def test_failures_and_reproducers_come_in_seed_order_whatever_finishes_first(games_registered, tmp_path):
    runs = [result("--game", "faulty", "--games", "12", "--seed", "0", "--no-check", "--jobs", jobs, "--chunk", chunk,
                   "--out", str(tmp_path / jobs)) for jobs, chunk in (("1", "0"), ("2", "2"))]
    assert [f.split(":")[0] for f in runs[0]["failures"]] == ["game seed 1", "game seed 5", "game seed 9"]
    assert runs[0]["violations"] == 3 and runs[1]["violations"] == 3
    assert reproducers(runs[0]) == reproducers(runs[1]) and "seed 5" in reproducers(runs[0])["seed-5.yaml"]
    assert [f.replace(str(tmp_path / "1"), "") for f in runs[0]["failures"]] == \
           [f.replace(str(tmp_path / "2"), "") for f in runs[1]["failures"]]


def test_chunk_sizes():
    assert chunk_size(10_000, 2) == 500                 # at most 500 games a task
    assert chunk_size(40, 2) == 5                       # several tasks per worker
    assert chunk_size(3, 8) == 1 and chunk_size(100, 2, chunk=7) == 7


def test_a_worker_with_another_judge_refuses_to_play():
    plays = Plays("hololive", None, False, "out/selfplay", code="0" * 64)
    with pytest.raises(InputError, match="another judge"):
        play_chunk(plays, [1])
    assert len(code_digest()) == 64 and code_digest() == code_digest()


# ------------------------------------------------------------------------------ bad input
def test_an_unknown_backend_names_the_closest():
    code, out = selfplay("--game", "hololive", "--games", "1", "--backend", "rey")
    assert code == 2 and "unknown backend 'rey'" in out and "did you mean: ray" in out and "Traceback" not in out


def test_an_address_needs_the_ray_backend():
    code, out = selfplay("--game", "hololive", "--games", "1", "--address", "127.0.0.1:6379")
    assert code == 2 and "--backend ray" in out


def test_without_ray_installed_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)          # import ray raises ImportError
    code, out = selfplay("--game", "hololive", "--games", "1", "--backend", "ray")
    assert code == 2 and "pip install 'judge[ray]'" in out and "Traceback" not in out


def test_an_unreachable_address_is_a_clear_error_not_a_hang():
    pytest.importorskip("ray", reason="Ray is not installed: pip install 'judge[ray]'")
    import socket
    with socket.socket() as s:                             # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, out = selfplay("--game", "hololive", "--games", "1", "--backend", "ray", "--address", f"127.0.0.1:{port}")
    assert code == 2 and f"cannot reach the Ray cluster at 127.0.0.1:{port}" in out and "Traceback" not in out
    code, out = selfplay("--game", "hololive", "--games", "1", "--backend", "ray", "--address", "nowhere")
    assert code == 2 and "is not HOST:PORT" in out


# ------------------------------------------------------------------------------ the Ray backend
def test_ray_gives_the_same_totals_statistics_and_pairings_as_local(local_ray):
    args = ("--game", "hololive", "--games", "24", "--seed", "7", "--no-check")
    local = result(*args, "--jobs", "2")
    on_ray = result(*args, "--backend", "ray", "--chunk", "5")
    same_games(local, on_ray)
    assert on_ray["backend"] == "ray" and on_ray["jobs"] == 2
    assert on_ray["card_stats"]["hSD01-008"]["deck_games"] == 48 and on_ray["actions"] > 0


def test_ray_gives_the_same_failures_and_reproducers_as_local(local_ray, tmp_path):
    args = ("--game", "faulty", "--games", "16", "--seed", "3", "--no-check", "--policy", "heuristic,random")
    local = result(*args, "--out", str(tmp_path / "local"))
    on_ray = result(*args, "--backend", "ray", "--chunk", "3", "--out", str(tmp_path / "ray"))
    assert on_ray["violations"] == local["violations"] == 4
    assert reproducers(on_ray) == reproducers(local)
    assert "heuristic,random" in reproducers(on_ray)["seed-5.yaml"]
    same_games({**local, "reproducers": [], "failures": []}, {**on_ray, "reproducers": [], "failures": []})
    assert [f.replace(str(tmp_path / "local"), "") for f in local["failures"]] == \
           [f.replace(str(tmp_path / "ray"), "") for f in on_ray["failures"]]


# ------------------------------------------------------------------------------ docs/selfplay.md's example
def test_the_worked_example_card_does_what_it_says_and_joins_its_deck():
    r = CliRunner().invoke(main, ["run", str(ROOT / "examples" / "designer-sora-debut.yaml")])
    assert r.exit_code == 0 and "PASS" in r.output, r.output
    stats = result("--game", "hololive", "--cards", str(ROOT / "examples" / "designer-sora-debut.yaml"),
                   "--decks", str(ROOT / "examples" / "hSD01-sora-good-morning.yaml") + ",hSD01-sora",
                   "--against", "hSD01-azki", "--games", "4", "--seed", "7", "--no-check", "--jobs", "1")
    assert [p["games"] for p in stats["pairings"]] == [4, 4]
    assert stats["card_stats"]["NEW-SORA-01"]["deck_games"] == 4           # only in the designer's deck


def test_another_process_joins_a_running_ray_by_its_address(local_ray, tmp_path):
    """`--address`: a second driver (its own process) plays on the Ray this module started, as it
    would on a cluster's head."""
    import subprocess
    address = local_ray.get_runtime_context().gcs_address
    args = ["selfplay", "--game", "hololive", "--games", "10", "--seed", "11", "--no-check", "--json"]
    done = subprocess.run([sys.executable, "-m", "judge.cli", *args, "--backend", "ray", "--address", address],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    joined = json.loads(done.stdout.strip().splitlines()[-1])
    assert joined["backend"] == "ray" and joined["jobs"] == 2
    same_games(result(*args[1:-1], "--jobs", "1"), joined)
