"""`judge rules show --game G`: any game folder with a rules package, engine or not."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from judge.games import games_with_rules, rule_documents

ROOT = Path(__file__).resolve().parents[1]


def judge(*args):
    proc = subprocess.run([sys.executable, "-m", "judge.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "COLUMNS": "200"})
    return proc.returncode, proc.stdout + proc.stderr


def test_the_registry_finds_every_rules_package():
    assert {"hololive", "lovelive", "osica"} <= set(games_with_rules())
    assert rule_documents("lovelive").latest == "1.06"
    assert rule_documents("hololive").index().version == "1.9.0"     # the newest by default


def test_lovelive_rule_with_its_erratum():
    code, out = judge("rules", "show", "--game", "lovelive", "9.1.1.1")
    assert code == 0, out
    assert "9.1.1.1 起動能力とは" in out and "能動的に" in out
    assert "note: erratum (line 529)" in out and "自動的に" in out


def test_osica_statement_and_alias():
    code, out = judge("rules", "show", "--game", "osica", "win.1")
    assert code == 0 and "win 勝利条件" in out and "win.1 相手のハートが0枚の状態で" in out, out
    code, out = judge("rules", "show", "--game", "osica", "main.3")
    assert code == 0 and out.startswith("main.3 is oshi.2"), out


def test_hololive_is_unchanged():
    code, out = judge("rules", "show", "5.13", "--rules", "1.3.0")
    assert code == 0 and out.startswith("5 ") and "5.13 Bloom" in out, out


def test_bad_game_or_number_exits_2_with_suggestions():
    code, out = judge("rules", "show", "--game", "lovelve", "1.1")
    assert code == 2 and "did you mean: lovelive" in out and "Traceback" not in out
    code, out = judge("rules", "show", "--game", "osica", "kw.apeal.2")
    assert code == 2 and "kw.appeal.2" in out and "Traceback" not in out
    code, out = judge("rules", "show", "--game", "lovelive", "--rules", "1.6", "1.1")
    assert code == 2 and "unknown lovelive rules version '1.6'" in out
