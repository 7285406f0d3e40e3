"""pytest collects every YAML scenario under a `scenarios/` folder as a test item.

A failing scenario reports its failures with file and line; a scenario that
needs an unsupported ability is skipped as 'not runnable' (an honest gap), and one that
uses a term a version it holds for through "*" does not have is skipped there as 'not
applicable'. Each version a scenario holds for is one test item.
"""
from __future__ import annotations

import pytest

from .core.errors import InputError


def pytest_collect_file(parent, file_path):
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        from .scenario.model import load_scenario, versions_of
        try:
            sc = load_scenario(self.path)
        except InputError as e:
            yield BadScenario.from_parent(self, name="load", error=e)
            return
        for version in versions_of(sc):
            if version in sc.ruleset.versions and sc.ruleset.supports(version):
                yield ScenarioItem.from_parent(self, name=version, scenario=sc, version=version)


class BadScenario(pytest.Item):
    def __init__(self, *, error, **kw):
        super().__init__(**kw)
        self.error = error

    def runtest(self):
        raise ScenarioFailed(str(self.error))

    def repr_failure(self, excinfo):
        return str(excinfo.value)

    def reportinfo(self):
        return self.path, 0, f"{self.path.name}: bad input"


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario, version, **kw):
        super().__init__(**kw)
        self.scenario = scenario
        self.version = version
        for number in rule_numbers(scenario.refs):
            self.add_marker(pytest.mark.rule(number=number))

    def runtest(self):
        from .scenario.runner import NOT_APPLICABLE, NOT_RUNNABLE, run_scenario
        result = run_scenario(self.scenario, self.version)
        if result.status in (NOT_RUNNABLE, NOT_APPLICABLE):
            pytest.skip("; ".join(result.failures))
        if not result.ok:
            raise ScenarioFailed("\n".join(result.failures))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            return (f"{self.scenario.title}\n{excinfo.value}\n"
                    f"(trace: judge explain {self.scenario.file} --rules {self.version})")
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"{self.path.name}[{self.version}]: {self.scenario.title}"


def rule_numbers(refs) -> list[str]:
    """The rules a scenario exercises and every rule above them, so selecting 10.6.3 also
    selects a scenario declaring 10.6.3.2."""
    out = []
    for ref in refs:
        parts = str(ref).split(".")
        for i in range(1, len(parts) + 1):
            n = ".".join(parts[:i])
            if n not in out:
                out.append(n)
    return out


def pytest_addoption(parser):
    parser.addoption("--rule", action="append", default=[], metavar="NUMBER",
                     help="judge: run only scenarios exercising this rule or a rule below it (repeatable)")


def pytest_configure(config):
    config.addinivalue_line("markers", "rule(number): the scenario exercises this numbered rule "
                                       "(select with -m \"rule(number='10.6.3')\" or --rule 10.6.3)")


def pytest_collection_modifyitems(config, items):
    wanted = config.getoption("--rule")
    if not wanted:
        return
    keep, drop = [], []
    for item in items:
        numbers = {m.kwargs.get("number") for m in item.iter_markers("rule")}
        (keep if numbers & set(wanted) else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
