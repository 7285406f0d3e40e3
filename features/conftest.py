"""pytest collects every .feature file under features/ and runs it with pytest-bdd through
hololive's step library (judge/bdd, judge/games/hololive/bdd). See docs/gherkin.md."""
from judge.bdd.pytest_glue import (  # noqa: F401  (the hooks pytest looks up here)
    install,
    pytest_bdd_apply_tag,
    pytest_bdd_before_scenario,
    pytest_bdd_before_step,
    pytest_bdd_step_func_lookup_error,
    pytest_collect_file,
    pytest_runtest_makereport,
)

install(game="hololive")   # every step of hololive's library, and the judge_bdd fixture, in this conftest
