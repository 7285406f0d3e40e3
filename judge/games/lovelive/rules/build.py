"""Build the Love Live! OCG rule index (1.06.json) from the comprehensive rules.

    python -m judge.games.lovelive.rules.build [--seeds DIR] [--check]

The document is Japanese text converted from the official PDF (ver. 1.06, 2026-04-28);
judge/core/rulebuild.py parses it line by line like the hololive documents. The conversion
errors listed in ../shared/seeds/lovelive-errata.md are corrected here (ERRATA), each recorded in
the JSON with its line, what the file says and what the PDF says, and as a note on its rule that
`judge rules show` prints. The `**` change marks of the document are stripped by the parser (they
mark what 1.06 changed, not emphasis); paragraphs a page break split in two are joined.

Icons are blank in the PDF's own text layer (hearts, blades, energy): the rules that lose one keep
their text as it is, with a reading of the icon as a note (NOTES). Where the file has a wrong
character in place of an icon (an erratum), the icon is written in braces: {エネルギー}, {ブレード}
(no brace occurs in the document, so a restored icon cannot be mistaken for its text).
"""
from __future__ import annotations

import sys
from pathlib import Path

from judge.core import rulebuild
from judge.core.rulebuild import Erratum, Seed

HERE = Path(__file__).resolve().parent
DEFAULT_SEEDS = (HERE.parents[3] / ".." / "shared" / "seeds").resolve()

ERRATA = (
    # The two that reverse a rule: an activated ability is used by choice (能動的に), and a play
    # timing is when a player may act by choice; the file's 自動的に ("automatically") says the
    # opposite and contradicts 9.1.1.2, where automatic abilities are the ones played by events.
    Erratum(529, "9.1.1.1", "自動的に", "能動的に",
            "activated abilities are used by the player's choice; the file's word reverses the meaning"),
    Erratum(569, "9.5.2", "自動的に", "能動的に",
            "a play timing is when the player may act by choice; the file's word reverses the meaning"),
    # The energy icon was converted to a closing bracket.
    Erratum(592, "9.6.2.3.1", "等しい数の」を払う", "等しい数の{エネルギー}を払う",
            "the energy icon was lost in conversion: the cost of a member is its cost in energy"),
    Erratum(594, "9.6.2.3.2", "支払うべき」が", "支払うべき{エネルギー}が",
            "the energy icon was lost in conversion"),
    # Not in lovelive-errata.md: the same line loses the same icon a second time ("支払うべき」の数"
    # leaves a closing bracket with no opening one; the only unbalanced bracket of the document).
    Erratum(594, "9.6.2.3.2", "支払うべき」の数", "支払うべき{エネルギー}の数",
            "the energy icon was lost in conversion a second time in this rule "
            "(found by this build; not listed in lovelive-errata.md)"),
    # "10.5.4. 10.5.3. **...**": the number of the rule before and the change marks are left over.
    Erratum(727, "10.5.4", "10.5.4. 10.5.3. ", "10.5.4. ",
            "the number 10.5.3. before the text is left over from conversion (the ** change marks too)"),
    Erratum(132, "2.8.2", "数值", "数値", "a look-alike character (值) of the converter"),
    Erratum(132, "2.8.2", "(\U0001f5e1\ufe0f)", "({ブレード})",
            "the dagger emoji is the converter's guess of the blade icon"),
    Erratum(249, "4.3.2", "持つたり", "持ったり", "a small っ read as つ"),
    Erratum(257, "4.3.3", "持つたり", "持ったり", "a small っ read as つ"),
)

# Readings of icons left blank by the PDF's own text layer (not errata: the PDF's text is blank
# too). They are taken from the surrounding rules and the card data, and say so.
_BLANK = "icons blank in the PDF's text layer too; read from context: "
NOTES = (
    ("2.1.1", _BLANK + "the heart icons are the six coloured hearts (2.1.1.1), the heart of no "
                       "particular colour (2.1.1.2) and the heart usable as any one colour (2.1.1.3)"),
    ("2.1.1.1", _BLANK + "the pink, red, yellow, green, blue and purple heart icons"),
    ("2.1.1.2", _BLANK + "the heart icon of no particular colour"),
    ("2.1.1.3", _BLANK + "the heart icon usable as any one colour (ALL)"),
    ("2.1.3", _BLANK + "a blade heart is a heart icon drawn over a blade icon; the example is blank"),
    ("2.11.3", "reading: ♥️ here is the converter's rendering of the heart note of no particular "
               "colour (2.1.1.2), which the first condition leaves out and the second counts"),
    ("5.9", _BLANK + "'pay {エネルギー}': the energy icon (9.4.3, 9.6.2.3.1)"),
    ("5.9.1", _BLANK + "'pay {エネルギー}': one energy icon"),
    ("5.9.1.1", _BLANK + "'pay {エネルギー}{エネルギー}' and the like: several energy icons"),
    ("8.3.12.1", _BLANK + "the draw blade heart icon (one card drawn per icon)"),
    ("8.3.15.1.1", _BLANK + "the ALL blade heart icon (a heart of any colour)"),
    ("8.4.2.1", _BLANK + "the score blade heart icon (one added to the score per icon)"),
    ("9.4.3", _BLANK + "costs shown as energy icons mean 'pay {エネルギー}'"),
)

SEED = Seed(
    "1.06", "ja", "lovelive-ocg-comprehensive-rules-1.06-ja.txt",
    # the table of contents: "1. ゲームの概要\t1"
    skip=r"\d+\.\s+\S.*\t\d+$",
    # the appendices (group and member names, copyrights, the change history) are not rules
    stop=r"付録",
    errata=ERRATA, lines=True, notes=NOTES)
SEEDS = (SEED,)


def build(seed: Seed = SEED, seeds_dir: Path = DEFAULT_SEEDS) -> dict:
    """The JSON document of one version."""
    return rulebuild.build("lovelive", seed, seeds_dir)


def main(argv: list[str] | None = None) -> int:
    return rulebuild.main("lovelive", SEEDS, HERE, DEFAULT_SEEDS, __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    sys.exit(main())
