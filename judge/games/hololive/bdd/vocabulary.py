"""What hololive's step library adds to the neutral one besides steps (judge/bdd/registry.py):
its parameter types, the spelling "center" of "centre", the Japanese log column for a holomem,
the card record keys whose value is a list, and the check that who acts fits the holomem."""
from __future__ import annotations

from ....bdd.registry import StepVocabulary
from .stage import check_acting_player
from .types import TYPES

STEP_VOCABULARY = StepVocabulary(
    types=TYPES,
    spellings={"centre": ("centre", "center")},
    log_columns={"ホロメン": "holomem"},
    card_list_keys=("colors", "baton_pass", "tags", "tags_en", "arts", "abilities"),
    scenario_checks=(check_acting_player,),
)
