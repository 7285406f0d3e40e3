"""Run a scenario built from a feature and report like a judge reads it."""
from __future__ import annotations

from ..core.errors import InputError
from ..scenario.model import Scenario
from ..scenario.runner import FAILED, NOT_APPLICABLE, NOT_RUNNABLE, Result, run_versions


class ScenarioFailed(AssertionError):
    """A feature scenario failed: the message starts with `<feature file>:<line>:` and lists
    every failure."""


class ScenarioNotRunnable(Exception):
    """The scenario needs something the engine declares unsupported (an honest gap)."""


def run_checked(sc: Scenario) -> list[Result]:
    """Run the scenario under every rules version it holds for that the engine runs;
    raise ScenarioFailed (every failure, with file and line) or ScenarioNotRunnable (an engine
    gap, or no version it applies to)."""
    line = sc.line(("scenario",))
    where = f"{sc.file}:{line}" if line else sc.file
    try:
        results = run_versions(sc)
    except InputError as e:
        raise ScenarioFailed(str(e)) from None
    if not results:
        raise ScenarioNotRunnable(f"{where}: no rules version the engine runs among {sc.rules}")
    several = len(results) > 1

    def lines(status):
        return [f + (f" [{r.version}]" if several else "") for r in results if r.status == status
                for f in r.failures]
    failures = lines(FAILED)
    if failures:
        raise ScenarioFailed(f"{where}: scenario failed: {sc.title}\n  " + "\n  ".join(failures)
                             + f"\n(trace: judge explain {sc.file})")
    gaps = lines(NOT_RUNNABLE)
    if gaps or all(r.status == NOT_APPLICABLE for r in results):
        raise ScenarioNotRunnable(f"{where}: " + "; ".join(gaps or lines(NOT_APPLICABLE)))
    return results
