"""`judge bench --peer`: judge's self-play beside another engine's, as a ratio of medians."""
from __future__ import annotations

import json

import click
import pytest

from judge.commands.play import peer_ratio


def test_the_ratio_is_of_the_medians_of_alternating_rounds(tmp_path):
    calls = tmp_path / "calls"
    script = tmp_path / "peer.py"
    # a stand-in peer: 10, 30, 20 games/s in its three rounds (median 20), logging each call
    script.write_text("import json, sys, pathlib\n"
                      f"p = pathlib.Path({str(calls)!r}); n = len(p.read_text().split()) if p.exists() else 0\n"
                      "p.write_text((p.read_text() if p.exists() else '') + ' x')\n"
                      "print(json.dumps({'games_per_s': [10, 30, 20][n]}))\n")
    out = peer_ratio("hololive", str(tmp_path), str(script), 2, 3)
    assert out["peer_rounds"] == [10, 30, 20] and out["peer_games_per_s"] == 20
    assert len(out["judge_rounds"]) == 3 and out["ratio"] == round(out["judge_games_per_s"] / 20, 2)
    json.dumps(out)


def test_a_missing_peer_script_is_a_usage_error(tmp_path):
    with pytest.raises(click.UsageError):
        peer_ratio("hololive", str(tmp_path), str(tmp_path / "none.py"), 2, 3)
