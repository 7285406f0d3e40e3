"""pytest collects every .feature file under features/ and runs it with pytest-bdd
through judge's step library (judge/bdd). See docs/gherkin.md."""
from judge.bdd.pytest_glue import (  # noqa: F401  (hooks and the fixture pytest looks up here)
    install,
    judge_bdd,
    pytest_bdd_apply_tag,
    pytest_bdd_before_scenario,
    pytest_bdd_before_step,
    pytest_bdd_step_func_lookup_error,
    pytest_collect_file,
    pytest_runtest_makereport,
)

install()      # every step of the library, registered with pytest-bdd in this conftest
