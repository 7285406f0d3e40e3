"""`judge cards`: rendering, linting, status."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def judge(*args):
    p = subprocess.run([sys.executable, "-m", "judge.cli", *args], cwd=ROOT, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def test_show_renders_the_encoding():
    code, out = judge("cards", "show", "hSD01-011")
    assert code == 0
    assert "SorAZ Gravity" in out and "ときのそら" in out and "+50 against blue" in out


def test_show_unknown_card_suggests():
    code, out = judge("cards", "show", "hSD01-0111")
    assert code == 2 and "hSD01-011" in out and "Traceback" not in out


def test_status_lists_hsd01_complete():
    code, out = judge("cards", "status")
    assert code == 0
    line = next(l for l in out.splitlines() if l.startswith("hSD01"))
    assert "21/21" in line and "(complete)" in line


def check_card(tmp_path, record: str):
    """`judge cards check` on a card file holding one card, NEW-001 (its record indented by 4)."""
    f = tmp_path / "new.yaml"
    f.write_text("set: NEW\nname: New cards\ncards:\n  NEW-001:\n" + record, encoding="utf-8")
    return f, *judge("cards", "check", str(f))


def test_check_finds_unknown_verbs_and_impossible_branches(tmp_path):
    f, code, out = check_card(tmp_path, """\
    type: holomem
    name: Newcomer
    bloom_level: debut
    colors: [red]
    hp: 90
    baton_pass: [any]
    arts:
      - name: Try
        cost: [any]
        damage: 10
        effect:
          - drawe: 1
          - roll_die: {}
            '7': [{draw: 1}]
          - if: {stage_has: {name: Nobody At All}}
            draw: 1
""")
    assert code == 2 and "Traceback" not in out
    assert f"{f}:16: at cards.NEW-001.arts[0].effect[0].drawe: unknown verb 'drawe'" in out
    assert "did you mean: draw" in out
    assert f"{f}:18: at cards.NEW-001.arts[0].effect[1].7: unknown key '7'" in out      # a die shows 1-6
    assert "2 error(s)" in out


def test_check_finds_names_no_card_has(tmp_path):
    _, code, out = check_card(tmp_path, """\
    type: support
    sub_type: event
    name: Newcomer
    abilities:
      - kind: support
        effect:
          - if: {stage_has: {name: Nobody At All}}
            draw: 1
""")
    assert code == 1
    assert "no card is named 'Nobody At All'" in out


def test_check_clean_file():
    code, out = judge("cards", "check", "judge/games/hololive/cards/hSD01.yaml")
    assert code == 0 and "0 problems" in out
