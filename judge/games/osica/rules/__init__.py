"""The OSICA detailed rules as data: one JSON rule index per version of the page.

The page numbers nothing: `build.py` gives every statement an identifier (`win.1`, `kw.appeal.2`)
and keeps it from one build to the next (docs/osica-rules.md). The JSON next to this module is
what the builder writes, and also its ledger of identifiers: never edit it by hand, and never
delete it (tests/test_osica_rules.py checks that it is what the builder produces).
"""
from __future__ import annotations

from pathlib import Path

from judge.core.ruleindex import RuleDocuments, RuleIndex

# The page has no version number; its newest dated change (「(2024/10/7更新)」) names the text.
VERSIONS = ("2024-10-07",)
LATEST = VERSIONS[-1]
DOCUMENTS = RuleDocuments("osica", Path(__file__).parent, VERSIONS)


def rule_index(version: str = LATEST) -> RuleIndex:
    """The rule index of one version of the page, loaded once."""
    return DOCUMENTS.index(version)
