"""Build the hololive rule indexes (1.9.0.json, 1.3.0.json) from the rule documents.

    python -m judge.games.hololive.rules.build [--seeds DIR] [--check]

The documents are text converted from PDF (Japanese 1.9.0) or Markdown (the unofficial English
translation of 1.3.0); judge/core/rulebuild.py parses them line by line (a line whose first word
is a rule number starts a rule, any other line continues it). Tables of contents, picture
captions, translator notes and the changelog are not rules and are dropped.
"""
from __future__ import annotations

import sys
from pathlib import Path

from judge.core import rulebuild
from judge.core.rulebuild import Erratum, Seed, dump  # noqa: F401  (dump: the tests compare with it)

HERE = Path(__file__).resolve().parent
DEFAULT_SEEDS = (HERE.parents[3] / ".." / "shared" / "seeds").resolve()

# The PDF conversion of 1.9.0 garbles a few words (shared/README.md): 推し as 押し, ホロメン as
# ほろもん, エール as エアール, マスコット as マスケット. Corrected where they stand, so that a
# judge searching the rules (`judge rules search 推しスキル`) finds them, and noted on each rule.
_OSHI = "the conversion garbles 推し (oshi) as 押し"
_GARBLED = (
    (97, "2.2.2", "押しほろもん", "推しホロメン", "the conversion garbles 推しホロメン (oshi holomem)"),
    (97, "2.2.2", "ほろもん", "ホロメン", "the conversion garbles ホロメン (holomem)"),
    (97, "2.2.2", "エアール", "エール", "the conversion garbles エール (cheer)"),
    (98, "2.2.2.1", "押しほろもん", "推しホロメン", "the conversion garbles 推しホロメン (oshi holomem)"),
    (99, "2.2.2.2", "ほろもん", "ホロメン", "the conversion garbles ホロメン (holomem)"),
    (148, "2.8.1", "押し", "推し", _OSHI), (271, "4.5", "押し", "推し", _OSHI),
    (272, "4.5.1", "押し", "推し", _OSHI), (273, "4.5.2", "押し", "推し", _OSHI),
    (627, "10.3.4.2", "マスケット", "マスコット", "the conversion garbles マスコット (mascot)"),
    (813, "12", "押し", "推し", _OSHI), (819, "12.1", "押し", "推し", _OSHI),
    (821, "12.1.1", "押し", "推し", _OSHI), (822, "12.1.2", "押し", "推し", _OSHI),
    (823, "12.1.3", "押し", "推し", _OSHI), (824, "12.1.3.1", "押し", "推し", _OSHI),
    (825, "12.1.4", "押し", "推し", _OSHI), (826, "12.1.5", "押し", "推し", _OSHI),
    (836, "12.2", "押し", "推し", _OSHI), (838, "12.2.1", "押し", "推し", _OSHI),
)

SEEDS = (
    Seed("1.9.0", "ja", "hololive-ocg-comprehensive-rules-1.9.0-ja.txt",
         # TOC "1\tゲームの概要\t1"; picture captions "① カード名"
         skip=r"\d+\t.*\t\d+|[①-⑳]",
         stop=r"更新項目$",
         errata=tuple(Erratum(*e) for e in _GARBLED)),
    Seed("1.3.0", "en", "hololive-ocg-comprehensive-rules-1.3.0-en.txt",
         # TOC "[1 Game Overview](#)"; captions "1: Cost, 2: Art name";
         # translator's notes "(translation again may be wonky ...)"
         skip=r"\[[^\]]*\]\(#\)$|\d+: |\(.*\)$",
         stop=r"Changelog$",
         # Listed under 4.13 Hand, between 4.13.3 and the 4.14 heading, and it is
         # about the hand: the translation misprints 4.13.4 (1.9.0 has 4.13.4 with
         # the same text).
         renumber=(("4.14.4 There is no limit to the number of cards", "4.13.4"),)),
)


def build(seed: Seed, seeds_dir: Path) -> dict:
    """The JSON document of one version."""
    return rulebuild.build("hololive", seed, seeds_dir)


def main(argv: list[str] | None = None) -> int:
    return rulebuild.main("hololive", SEEDS, HERE, DEFAULT_SEEDS, __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    sys.exit(main())
