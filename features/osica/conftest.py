"""pytest-bdd runs OSICA's features with its step library (judge/bdd/pytest_glue.py); this folder
lies inside features/, whose conftest imports the hooks."""
from judge.bdd.pytest_glue import install

install(game="osica")
