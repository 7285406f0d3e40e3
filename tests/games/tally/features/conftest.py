"""pytest-bdd runs Tally's features with Tally's step library (judge/bdd/pytest_glue.py)."""
from judge.bdd.pytest_glue import *  # noqa: F401,F403  (the hooks and the fixture)
from judge.bdd.pytest_glue import install

install(game="tally")
