"""Run a scenario built from a feature and report like a judge reads it."""
from __future__ import annotations

from ..core.errors import InputError
from ..scenario.model import Scenario, versions_of
from ..scenario.runner import NOT_RUNNABLE, Result, run_scenario


class ScenarioFailed(AssertionError):
    """A feature scenario failed: the message starts with `<feature file>:<line>:` and lists
    every failure."""


class ScenarioNotRunnable(Exception):
    """The scenario needs something the engine declares unsupported (an honest gap)."""


def runnable_versions(sc: Scenario) -> list[str]:
    rs = sc.ruleset
    return [v for v in versions_of(sc) if v in rs.versions and rs.supports(v)]


def run_checked(sc: Scenario) -> list[Result]:
    """Run the scenario under every rules version it holds for that the engine runs;
    raise ScenarioFailed (every failure, with file and line) or ScenarioNotRunnable."""
    line = sc.line(("scenario",))
    where = f"{sc.file}:{line}" if line else sc.file
    versions = runnable_versions(sc)
    if not versions:
        raise ScenarioNotRunnable(f"{where}: no rules version the engine runs among {sc.rules}")
    results, failures, gaps = [], [], []
    for v in versions:
        try:
            r = run_scenario(sc, v)
        except InputError as e:
            raise ScenarioFailed(str(e)) from None
        results.append(r)
        label = f" [{v}]" if len(versions) > 1 else ""
        if r.status == NOT_RUNNABLE:
            gaps += [f + label for f in r.failures]
        elif not r.ok:
            failures += [f + label for f in r.failures]
    if failures:
        raise ScenarioFailed(f"{where}: scenario failed: {sc.title}\n  " + "\n  ".join(failures)
                             + f"\n(trace: judge explain {sc.file})")
    if gaps:
        raise ScenarioNotRunnable(f"{where}: " + "; ".join(gaps))
    return results
