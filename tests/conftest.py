"""The suite's standing game: the tests written before a second built-in game existed run commands
and untagged features without naming a game, which means hololive (JUDGE_GAME, judge/games). A
test of another game names it (--game, `game:`, @game:, its features folder)."""
import os

os.environ.setdefault("JUDGE_GAME", "hololive")


# ------------------------------------------------------------------ the browser (issue 19)
import pytest  # noqa: E402


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session (the machine's own, installed with apt-get when
    missing and possible: judge.report.browser), as a Playwright browser context."""
    pytest.importorskip("playwright.sync_api", reason="needs playwright (the project's [test] extra)")
    from judge.report.browser import browser_context, ensure_chromium
    path, why = ensure_chromium()
    if path is None:
        pytest.skip(why)
    with browser_context(path) as context:
        yield context


@pytest.fixture
def open_page(browser):
    """open_page(file, query="") -> a Playwright page showing the file, every request it made in
    `page.requests`; at the end of the test, no console error and no script error may have happened."""
    pages, problems = [], []

    def open_(file, query=""):
        page = browser.new_page()
        page.requests = []
        page.on("request", lambda r: page.requests.append(r.url))
        page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.goto(file.resolve().as_uri() + query)
        pages.append(page)
        return page
    yield open_
    for page in pages:
        page.close()
    assert problems == []
