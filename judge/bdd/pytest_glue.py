"""pytest-bdd runs the features: each `.feature` file under features/ is a test module.

A features folder belongs to one game. Its conftest.py imports this module's
hooks and calls `install(game="NAME")`, which registers every step of that
game's library with pytest-bdd (`parsers.re` with the library's converters)
and the `judge_bdd` fixture of the folder. Then:

* `pytest_collect_file` collects each ``*.feature`` file as a module whose tests
  are made with pytest-bdd's ``scenario()`` (so ``pytest features/x.feature``
  works, and the test's location is the scenario's line in the feature);
* each test gets the markers YAML scenarios get: ``rule(number=N)`` for every rule it
  exercises (from ``Rule:`` and ``@rule:N``) and every rule above it; select with
  ``-m "rule(number='8.3.1')"`` or ``--rule 8.3.1`` (judge's pytest plugin);
* pytest-bdd executes the steps, which fill a Builder (the `judge_bdd`
  fixture); after the last step the scenario is built and run, and a failure
  is an AssertionError starting with ``<feature file>:<line>:``.

A feature's game is the folder's; a feature tagged with another game is an
error. Steps are registered per folder, so two games whose step texts overlap
never read each other's steps. A game's folder may lie inside another's: its
conftest.py then only calls `install` (the hooks come from the outer one,
imported twice they would collect every feature twice), and a step pytest-bdd
finds in the outer game's library is read again in the feature's own (or
reported as unknown there), as the loader reads it.
"""
from __future__ import annotations

import inspect
import re
import types
from inspect import Parameter

import pytest
from pytest_bdd import given as bdd_given, parsers, scenario as bdd_scenario
from pytest_bdd import then as bdd_then, when as bdd_when
from pytest_bdd.utils import CONFIG_STACK, get_caller_module_locals

from ..core.errors import InputError
from .builder import Builder, display_path, refs_of, split_tag
from .context import execute
from .feature import parse_feature
from .registry import load_library
from .run import ScenarioFailed, ScenarioNotRunnable, run_checked

_DECORATORS = {"given": bdd_given, "when": bdd_when, "then": bdd_then}


# ----------------------------------------------------------- step library
def install(game: str, *, stacklevel: int = 1) -> int:
    """Register every step of the game's library with pytest-bdd, and the `judge_bdd` fixture
    that builds the game's scenarios, in the calling module's namespace (call it at the top level
    of a features folder's conftest.py). Returns the number of templates."""
    n = 0
    for sd in load_library(game):
        for tpl in sd.templates:
            _DECORATORS[sd.type](parsers.re(tpl.regex.pattern), converters=tpl.converters(),
                                 stacklevel=stacklevel + 1)(_wrapper(sd, tpl))
            n += 1
    get_caller_module_locals(stacklevel=stacklevel)["judge_bdd"] = _fixture(game)
    return n


def _fixture(game: str):
    def judge_bdd():
        """The scenario being built by the steps of a judge feature of this folder's game."""
        return BddRun(game)
    return pytest.fixture(name="judge_bdd")(judge_bdd)


def _wrapper(sd, tpl):
    def step(judge_bdd, docstring=None, datatable=None, **params):
        judge_bdd.step(sd, params, docstring, datatable)
    kind = Parameter.POSITIONAL_OR_KEYWORD
    step.__signature__ = inspect.Signature(
        [Parameter("judge_bdd", kind)] + [Parameter(n, kind) for n in tpl.params]
        + [Parameter("docstring", kind, default=None), Parameter("datatable", kind, default=None)])
    step.__name__ = f"{sd.type}_{sd.func.__name__}"
    step.__doc__ = f"{sd.doc} [{tpl.lang}] {tpl.text}"
    return step


class BddRun:
    """One scenario under pytest-bdd: the Builder its steps fill, then the run."""

    def __init__(self, game: str):
        self.game = game
        self.builder: Builder | None = None
        self.current = None

    def begin(self, filename, scenario):
        info = parse_feature(filename).scenario_at(scenario.line_number)
        if info is None:
            raise InputError(f"scenario {scenario.name!r} not found", file=filename, line=scenario.line_number)
        b = Builder(info, title=scenario.name, file=display_path(filename), game=self.game)
        if b.game != self.game:
            raise b.error(f"this is a feature of {b.game} (@game:{b.game}), but this folder's conftest.py "
                          f"installs the steps of {self.game}: put it in a features folder of {b.game}",
                          line=b.game_line)
        self.builder = b

    def step(self, sd, params, docstring, datatable):
        b, step = self.builder, self.current
        if b is None or step is None:
            raise RuntimeError("judge step outside a judge feature scenario")
        info = b.info.step_at(step.line_number)
        try:
            if sd not in b.library:           # found in an enclosing folder's game: read it in this one's
                match = b.library.find(step.type, step.name, file=b.file, line=step.line_number)
                sd, params = match.step, match.params
            execute(b, sd, params, info, line=step.line_number, text=step.name, docstring=docstring,
                    table=[list(r) for r in datatable] if datatable is not None else None)
        except InputError as e:
            raise e.located(file=b.file, line=step.line_number) from None

    def run(self):
        try:
            sc = self.builder.scenario()
        except InputError as e:
            raise ScenarioFailed(str(e)) from None
        try:
            return run_checked(sc)
        except ScenarioNotRunnable as e:
            pytest.skip(str(e))


def pytest_bdd_before_scenario(request, feature, scenario):
    if "judge_bdd" in request.fixturenames:
        request.getfixturevalue("judge_bdd").begin(feature.filename, scenario)


def pytest_bdd_before_step(request, feature, scenario, step, step_func):
    if "judge_bdd" in request.fixturenames:
        request.getfixturevalue("judge_bdd").current = step


def pytest_bdd_step_func_lookup_error(request, feature, scenario, step, exception):
    """An unknown step: say so as the loader does, with the closest steps of the game's library."""
    if "judge_bdd" in request.fixturenames:
        b = request.getfixturevalue("judge_bdd").builder
        if b is not None:
            b.library.find(step.type, step.name, file=b.file, line=step.line_number)


# ------------------------------------------------------------------ tags
def pytest_bdd_apply_tag(tag, function):
    """@rule:N, @rules:V, @game:G and @twin:PATH are judge's (the rule markers are added at
    collection); another tag becomes a marker of that name when it can be one."""
    key, _ = split_tag(tag)
    if key is not None:
        return True
    if not re.fullmatch(r"[A-Za-z_]\w*", tag):
        return True                 # a free label that cannot name a marker: a scenario tag only
    if CONFIG_STACK:
        config = CONFIG_STACK[-1]
        known = {line.split(":")[0].split("(")[0].strip() for line in config.getini("markers")}
        if tag not in known:
            config.addinivalue_line("markers", f"{tag}: a tag of a feature file")
    return None


# ------------------------------------------------------------ collection
def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".feature":
        return FeatureFile.from_parent(parent, path=file_path)
    return None


class FeatureFile(pytest.Module):
    """A .feature file as a test module: one pytest-bdd scenario test per scenario."""

    def _getobj(self):
        return _feature_module(self.path)

    def collect(self):
        try:
            self.obj
        except InputError as e:
            return [BadFeature.from_parent(self, name="load", error=e)]
        return super().collect()


def _feature_module(path):
    from pytest_bdd.scenario import get_python_name_generator

    from ..pytest_plugin import rule_numbers
    info = parse_feature(path)
    mod = types.ModuleType("feature_" + re.sub(r"\W", "_", path.stem))
    mod.__file__ = str(path)
    for sc in info.scenarios:
        def test(judge_bdd):
            judge_bdd.run()
        wrapped = bdd_scenario(str(path), sc.name, features_base_dir=str(path.parent))(test)
        for number in rule_numbers(refs_of(sc)):         # the same markers as YAML scenarios
            wrapped = pytest.mark.rule(number=number)(wrapped)
        wrapped.place_as = _located(path, sc.line)
        for name in get_python_name_generator(sc.name):
            if name not in mod.__dict__:
                mod.__dict__[name] = wrapped
                break
    return mod


def _located(path, line):
    """A function whose code says it is at `path`:`line` (pytest reports the test there)."""
    def here():
        pass
    here.__code__ = here.__code__.replace(co_filename=str(path), co_firstlineno=line)
    return here


# A feature that does not load is reported like a YAML scenario that does not load.
from ..pytest_plugin import BadScenario as BadFeature  # noqa: E402


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A judge failure reads as its message (file:line: ...), not as a Python traceback."""
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and isinstance(item.parent, FeatureFile) \
            and call.excinfo.errisinstance((ScenarioFailed, InputError)) and report.failed:
        report.longrepr = str(call.excinfo.value)
