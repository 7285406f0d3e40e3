"""Issue 19: rulings a judge can look at — `judge explain --html` (one page, the board at each step)
and `judge book` (a static site) — checked as files and in a real browser (the `browser` fixture)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.core.board import BoardLayout, TextLayout, layout_of
from judge.games import ruleset
from judge.report.book import qa_numbers

ROOT = Path(__file__).resolve().parents[1]
BLOOM = ROOT / "scenarios/hololive/08-main-step/bloom-1st-to-2nd.yaml"
EMPTY_STAGE = ROOT / "scenarios/hololive/11-rule-processing/empty-stage-loses.yaml"
OSICA_WIN = ROOT / "scenarios/osica/01-win/an-empty-deck-loses-at-once.yaml"
PLAY_MEMBER = ROOT / "scenarios/lovelive/09-play/a-member-is-played-by-paying-its-cost-in-energy.yaml"


def judge(*args):
    r = CliRunner().invoke(main, [str(a) for a in args])
    return r.exit_code, r.output


def explain_html(tmp_path, scenario, *extra, name="ruling.html"):
    out = tmp_path / name
    code, text = judge("explain", scenario, "--html", out, *extra)
    return code, text, out.read_text(encoding="utf-8") if out.exists() else ""


# ------------------------------------------------------------------ the layouts
@pytest.mark.parametrize("game", ["hololive", "lovelive"])
def test_a_games_layout_places_every_zone_of_its_board_once_in_a_rectangle(game):
    layout = ruleset(game).layout
    assert isinstance(layout, BoardLayout)
    cells = {}
    for r, row in enumerate(layout.grid):
        for c, key in enumerate(row):
            if key:
                cells.setdefault(key, set()).add((r, c))
    for key, at in cells.items():          # CSS grid areas must be rectangles
        rows, cols = {r for r, _ in at}, {c for _, c in at}
        assert len(at) == (max(rows) - min(rows) + 1) * (max(cols) - min(cols) + 1), key
    from judge.scenario.model import load_scenario
    from judge.scenario.runner import new_game
    sc = load_scenario(BLOOM if game == "hololive" else PLAY_MEMBER)
    board = layout.board(new_game(sc, ruleset(game).versions[-1])[0], None)
    assert {s.player for s in board.sides} == {"A", "B"}
    assert set(board.sides[0].piles) == set(cells)        # every zone drawn, none twice, none left out


def test_a_game_without_a_layout_draws_its_board_as_text():
    class NoLayout:
        def board_lines(self, game):
            return ["turn 1", "A: 2 points"]
    layout = layout_of(NoLayout())
    assert isinstance(layout, TextLayout) and isinstance(layout, BoardLayout)
    board = layout.board(object())
    assert board.heading == "turn 1" and board.text == ["A: 2 points"] and board.sides == []


# ------------------------------------------------------------------ judge explain --html
def test_a_ruling_page_draws_each_step_beside_its_board_and_fetches_nothing(tmp_path):
    code, out, html = explain_html(tmp_path, BLOOM)
    assert code == 0, out
    assert not re.search(r'(src|href)="(https?:)?//', html)          # one self-contained file
    steps = re.findall(r'<section class="step" id="step-(\d+)"', html)
    assert steps == ["0", "1", "2"]                  # as given, the game to its first decision, when 1
    given, after = html.split('id="step-1"')[0], html.split('id="step-2"')[1]
    assert re.search(r'data-zone="hand" data-player="A".*?data-number="TEST-WHITE-2ND"', given, re.S)
    centre = re.search(r'data-zone="center" data-player="A".*?</section>', after, re.S).group(0)
    assert 'data-number="TEST-WHITE-2ND"' in centre and "2 beneath" in centre
    assert 'id="rule-8.3.3"' in html and 'href="#rule-8.3.3"' in html
    assert 'id="verdict">passed' in html


def test_a_failed_check_is_shown_where_it_failed(tmp_path):
    text = BLOOM.read_text(encoding="utf-8").replace("bloom_level: 2nd", "bloom_level: 1st")
    scenario = tmp_path / "wrong.yaml"
    scenario.write_text(text.replace("../../../", str(ROOT) + "/"), encoding="utf-8")
    code, out, html = explain_html(tmp_path, scenario)
    assert code == 1
    failed = re.findall(r'<li class="check" data-ok="0">.*?</li>', html, re.S)
    assert len(failed) == 1 and "bloom_level: 1st" in failed[0] and 'class="failure"' in failed[0]
    assert 'id="verdict">failed' in html


def test_an_illegal_action_is_shown_at_its_step_and_the_replay_stops_there(tmp_path):
    text = BLOOM.read_text(encoding="utf-8").replace("number: 3", "number: 2")      # 8.3.1: not on turn 2
    scenario = tmp_path / "first-turn.yaml"
    scenario.write_text(text.replace("../../../", str(ROOT) + "/"), encoding="utf-8")
    code, _, html = explain_html(tmp_path, scenario)
    assert code == 1
    step = html.split('id="step-2"')[1]
    assert 'class="failure"' in step and "is illegal" in step and 'id="step-3"' not in html
    assert re.search(r'data-zone="hand" data-player="A".*?data-number="TEST-WHITE-2ND"', step, re.S)   # not bloomed


def test_as_a_player_the_other_players_hidden_cards_are_backs(tmp_path):
    _, _, judge_view = explain_html(tmp_path, BLOOM, name="judge.html")
    _, _, as_b = explain_html(tmp_path, BLOOM, "--as", "B", name="b.html")
    _, _, as_a = explain_html(tmp_path, BLOOM, "--as", "A", name="a.html")
    hand = r'data-zone="hand" data-player="A".*?</section>'
    assert "TEST-WHITE-2ND" in re.search(hand, judge_view, re.S).group(0)
    assert "TEST-WHITE-2ND" in re.search(hand, as_a, re.S).group(0)
    b_sees = re.search(hand, as_b, re.S).group(0)
    assert "TEST-WHITE-2ND" not in b_sees and 'data-hidden="1"' in b_sees
    assert re.search(r'data-zone="deck" data-player="A".*?data-hidden="1"', as_a, re.S)     # nobody knows a deck


def test_a_love_live_ruling_draws_its_member_areas(tmp_path):
    code, out, html = explain_html(tmp_path, PLAY_MEMBER)
    assert code == 0, out
    after = html.split('id="step-2"')[1]
    assert re.search(r'data-zone="center" data-player="A".*?data-number="PL!N-bp3-016-N"', after, re.S)
    assert 'data-zone="energy" data-player="A" data-count="6"' in after


def test_bad_input_to_the_pages_is_a_clear_error(tmp_path):
    code, out = judge("explain", tmp_path / "missing.yaml", "--html", tmp_path / "x.html")
    assert code == 2 and "error" in out and "Traceback" not in out
    (tmp_path / "file").write_text("x")
    code, out = judge("book", tmp_path / "file", EMPTY_STAGE)
    assert code == 2 and "is a file" in out
    code, out = judge("book", tmp_path / "site", "--game", "hololve", EMPTY_STAGE)
    assert code == 2 and "hololive" in out


# ------------------------------------------------------------------ judge book
def test_qa_numbers_are_read_from_free_text_and_from_the_structured_source():
    class Sc:
        def __init__(self, source):
            self.source, self.raw = source, {"source": source}
    assert qa_numbers(Sc("Official Q&A Q344 (2025-03-11), and Q12")) == ["Q12", "Q344"]
    assert qa_numbers(Sc({"qa": ["Q194", 7], "note": "see Q3"})) == ["Q3", "Q7", "Q194"]
    assert qa_numbers(Sc(None)) == []


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("book") / "site"
    code, text = judge("book", out, BLOOM, EMPTY_STAGE, PLAY_MEMBER,
                       ROOT / "scenarios/hololive/cards-hBP01/hBP01-116-q108-last-life-lost-before-upao-can-strike-back.yaml",
                       OSICA_WIN)
    assert code == 0, text
    return out


def test_the_book_has_rules_scenarios_cards_and_the_qa_index(site):
    assert {p.name for p in site.iterdir()} >= {"index.html", "search.html", "search-index.js", "style.css",
                                                "hololive", "lovelive", "osica"}
    rules = (site / "hololive/rules/8.html").read_text(encoding="utf-8")
    block = re.search(r'id="rule-8.3.3".*?</div>\n</div>|id="rule-8.3.3".*?class="scen">.*?</div>', rules, re.S).group(0)
    assert "bloom-1st-to-2nd" in block and 'class="status covered"' in block
    card = (site / "hololive/cards/hBP01-116.html").read_text(encoding="utf-8")
    assert "hBP01-116" in card and "q108" in card
    assert "Q108" in (site / "hololive/qa.html").read_text(encoding="utf-8")
    assert (site / "lovelive/cards/PL_N-bp3-016-N.html").exists()
    osica = next((site / "osica/scenarios").glob("*an-empty-deck-loses-at-once.html")).read_text(encoding="utf-8")
    assert '<pre class="text">' in osica and 'id="verdict">passed' in osica   # no layout: its board_lines


def test_a_game_with_rule_documents_and_no_engine_has_its_rule_pages(tmp_path, monkeypatch):
    import judge.games
    from judge.report.book import write_book
    monkeypatch.setattr(judge.games, "games", lambda: ("hololive",))       # as OSICA was before its engine
    counts = write_book(tmp_path, [], ["osica"])
    assert counts["rules"] == len(judge.games.rule_documents("osica").index()) and counts["scenarios"] == 0
    assert (tmp_path / "osica/rules").is_dir() and not (tmp_path / "osica/scenarios").exists()
    assert "rule index only" in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_every_link_of_a_book_page_reaches_a_page_and_its_anchor(site):
    for page in [site / "hololive/scenarios" / next(p.name for p in (site / "hololive/scenarios").iterdir()
                                                     if "bloom-1st-to-2nd" in p.name),
                 site / "hololive/cards/hBP01-116.html", site / "hololive/qa.html", site / "lovelive/index.html"]:
        html = page.read_text(encoding="utf-8")
        links = re.findall(r'href="([^"#?]*)(?:#([^"]*))?"', html)
        assert links, page
        for target, anchor in links:
            file = (page.parent / target).resolve() if target else page
            assert file.is_file(), (page, target)
            assert not anchor or f'id="{anchor}"' in file.read_text(encoding="utf-8"), (page, target, anchor)


# ------------------------------------------------------------------ in a real browser
def test_a_missing_chromium_is_installed_with_apt_get_or_the_reason_given(monkeypatch):
    from judge.report import browser
    monkeypatch.setattr(browser, "chromium", lambda: None)
    monkeypatch.setenv("JUDGE_NO_APT", "1")
    path, why = browser.ensure_chromium()
    assert path is None and "apt-get install chromium" in why
    monkeypatch.delenv("JUDGE_NO_APT")
    ran = []

    class Done:
        returncode, stderr = 100, "E: Unable to locate package chromium"
    monkeypatch.setattr(browser.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(browser.os, "geteuid", lambda: 0)
    monkeypatch.setattr(browser.subprocess, "run", lambda cmd, **kw: ran.append(cmd) or Done())
    path, why = browser.ensure_chromium()
    assert ran == [["apt-get", "install", "-y", "--no-install-recommends", "chromium"], ["apt-get", "update"],
                   ["apt-get", "install", "-y", "--no-install-recommends", "chromium"]]
    assert path is None and "Unable to locate package chromium" in why


def test_a_browser_shows_the_ruling_board_and_its_rule_links_resolve(tmp_path, open_page):
    _, _, _ = explain_html(tmp_path, EMPTY_STAGE)
    page = open_page(tmp_path / "ruling.html")
    board = page.locator("#step-0 .board")
    assert board.locator('[data-player="A"][data-zone="center"] [data-number="hSD01-011"]').count() == 1
    assert board.locator('[data-player="B"][data-zone="center"] [data-number="hSD01-009"]').count() == 1
    after = page.locator("#step-2 .board")
    assert after.locator('[data-player="B"][data-zone="archive"] [data-number="hSD01-009"]').count() == 1
    assert after.locator('[data-player="B"][data-zone="center"] .tile').count() == 0
    links = page.eval_on_selector_all("a.rule", "as => as.map(a => a.getAttribute('href'))")
    assert links and all(page.locator(f'[id="{h[1:]}"]').count() == 1 for h in set(links))
    assert page.locator("#verdict").inner_text() == "passed"
    assert all(u.startswith(("file:", "data:")) for u in page.requests)
    explain_html(tmp_path, PLAY_MEMBER, "--as", "B", name="lovelive.html")
    page = open_page(tmp_path / "lovelive.html")
    after = page.locator("#step-2 .board")
    assert after.locator('[data-player="A"][data-zone="center"] [data-number="PL!N-bp3-016-N"]').is_visible()
    assert after.locator('[data-player="A"][data-zone="main_deck"] .tile.back').is_visible()   # 4.8.2: hidden
    x = {(p, z): after.locator(f'section[data-player="{p}"][data-zone="{z}"]').bounding_box()["x"]
         for p in "AB" for z in ("left", "center", "right")}
    assert x["B", "left"] < x["B", "center"] < x["B", "right"]    # 4.5.2.2: B, the viewer, at the bottom
    assert x["A", "right"] == x["B", "left"] and x["A", "left"] == x["B", "right"]   # 4.5.7.1: face to face


def test_a_browser_follows_the_book_and_its_search_finds_rules_and_cards(site, open_page):
    page = open_page(site / "index.html")
    page.click('tr[data-game="hololive"] a')
    page.click("text=scenarios")
    page.click("text=A 1st holomem blooms into a 2nd of the same name")
    page.click('a.rule:text-is("8.3.3")')
    assert page.locator('[id="rule-8.3.3"]').is_visible()
    assert "bloom-1st-to-2nd" in page.locator('[id="rule-8.3.3"]').inner_text()
    search = open_page(site / "search.html", "?q=8.3.3")
    assert search.locator("#results li").first.get_attribute("data-id") == "8.3.3"
    search.fill("#q", "hBP01-116")
    assert search.locator('#results li[data-kind="card"]').first.get_attribute("data-id") == "hBP01-116"
    search.fill("#q", "チェックタイミング")                 # words, in Japanese
    assert search.locator('#results li[data-kind="rule"]').count() > 3
    search.locator('#results li[data-kind="rule"] a').first.click()
    assert search.url.split("#")[1].startswith("rule-")
    assert all(u.startswith("file:") for u in page.requests + search.requests)
