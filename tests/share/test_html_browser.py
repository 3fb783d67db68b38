"""The page ``replay --html`` writes, in a real browser: Debian's Chromium, driven by
Selenium through Debian's chromedriver (both named by path, so Selenium Manager never
downloads anything), with the network blocked. For one fixture of each game it steps
through every move with the arrow key and checks the checkpoint the page shows against
``fmt --annotate``; it opens a link at a move, checks the controls' accessible names,
the phone width in dark mode, and that the browser logged no error. A screenshot per
game is kept in tests/artifacts/.

Without Chromium the test is skipped, saying why; CI (.ci/run) installs Chromium and
sets DUNGEON_BROWSER_TEST=required, which turns a missing browser into a failure.
"""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT

from notation import read

CHROMIUM = os.environ.get("DUNGEON_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = os.environ.get("DUNGEON_CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
REQUIRED = os.environ.get("DUNGEON_BROWSER_TEST") == "required"
ARTIFACTS = ROOT / "tests" / "artifacts"

# One fixture of each game: the longest legal one (every kind of move of that game).
FIXTURE_OF = {
    "scoundrel": "scoundrel/legal/win-seeded.dgn",
    "clear-the-dungeon": "clear-the-dungeon/legal/win-last-card.dgn",
    "rpg-solitaire": "rpg-solitaire/legal/secret-door.dgn",
    "cassette-dungeons": "cassette-dungeons/legal/seeded-win.dgn",
}

# Chromium as root in a container, and no way out: every host name fails to resolve
# and any request that would go anywhere goes to a proxy that is not there.
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--no-first-run",
    "--no-default-browser-check",
    "--host-resolver-rules=MAP * ~NOTFOUND",
    "--proxy-server=http://127.0.0.1:9",
    "--proxy-bypass-list=<-loopback>",
    "--window-size=1100,900",
    "--hide-scrollbars",
    "--force-color-profile=srgb",
]


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    for path, package in ((CHROMIUM, "chromium"), (DRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return f"{path} not found: install Debian's {package} (apt-get install chromium chromium-driver)"
    return None


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    reason = _missing()
    if reason is not None:
        if REQUIRED:
            pytest.fail(f"DUNGEON_BROWSER_TEST=required, but {reason}")
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager, were it ever asked, must not download
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ARGS:
        options.add_argument(arg)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.set_page_load_timeout(30)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        yield driver
    finally:
        driver.quit()


def _annotated(run, path: Path) -> dict[str, dict[str, str]]:
    """Each move's full checkpoint as ``fmt --annotate`` writes it, by move number."""
    result = run(["fmt", "--annotate", "-"], input=path.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    (record,) = read(io.BytesIO(result.stdout.encode("utf-8")))
    return {str(m.number): m.checkpoint.as_dict() for m in record.moves if not m.is_deal}


def _page(run, tmp_path: Path, fixture: Path, name: str = "page.html") -> Path:
    out = tmp_path / name
    result = run(["replay", str(fixture), "--html", str(out)])
    assert result.exit_code == 0, result.output
    return out


def _shown(driver) -> tuple[str, dict[str, str], str]:
    """The frame on screen: its move, its checkpoint, and the URL's fragment."""
    return driver.execute_script(
        """
        var f = Array.prototype.filter.call(document.querySelectorAll('.frame'), function (s) { return !s.hidden; });
        if (f.length !== 1) return [null, {}, location.hash];
        var cp = {};
        f[0].querySelectorAll('.cp div').forEach(function (d) {
          cp[d.querySelector('dt').textContent] = d.querySelector('dd').textContent;
        });
        return [f[0].getAttribute('data-move'), cp, location.hash];
        """
    )


def _becomes(driver, script: str, value) -> None:
    """Wait (up to 5 s) until ``script`` returns ``value``: a click is handled by the
    page a moment after Selenium returns."""
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda d: d.execute_script(script) == value)
    except Exception:
        assert driver.execute_script(script) == value


def _errors(driver) -> list:
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


@pytest.mark.parametrize("game", sorted(FIXTURE_OF))
def test_every_move_shows_the_checkpoint_fmt_annotate_writes(browser, run, tmp_path, game):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    fixture = FIXTURES / FIXTURE_OF[game]
    expected = _annotated(run, fixture)
    page = _page(run, tmp_path, fixture)
    browser.get(page.as_uri())
    browser.get_log("browser")  # from here on, every message counts
    move, _, _ = _shown(browser)
    assert move == "0"
    body = browser.find_element(By.TAG_NAME, "body")
    seen = []
    for number in sorted(expected, key=int):
        body.send_keys(Keys.ARROW_RIGHT)
        move, checkpoint, fragment = _shown(browser)
        assert move == number
        assert checkpoint == expected[number], f"move {number}"
        assert fragment == f"#move-{number}"
        seen.append(move)
    assert len(seen) == len(expected)
    body.send_keys(Keys.ARROW_RIGHT)  # past the last move: it stays there
    assert _shown(browser)[0] == seen[-1]
    browser.find_element(By.CSS_SELECTOR, "button[data-go=first]").click()
    move, _, fragment = _shown(browser)
    assert (move, fragment) == ("0", "#move-0")
    browser.find_element(By.CSS_SELECTOR, "button[data-go=last]").click()
    assert _shown(browser)[0] == seen[-1]
    # resources fetched: none (the page is one file, and its policy allows nothing else)
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    browser.get(page.as_uri() + "#move-2")
    browser.save_screenshot(str(ARTIFACTS / f"html-{game}.png"))
    assert _errors(browser) == []


@pytest.mark.parametrize("game", sorted(FIXTURE_OF))
def test_a_link_opens_at_its_move(browser, run, tmp_path, game):
    fixture = FIXTURES / FIXTURE_OF[game]
    expected = _annotated(run, fixture)
    page = _page(run, tmp_path, fixture)
    browser.get("about:blank")
    browser.get(page.as_uri() + "#move-3")
    move, checkpoint, fragment = _shown(browser)
    assert (move, fragment) == ("3", "#move-3")
    assert checkpoint == expected["3"]
    assert browser.execute_script("return document.querySelector('input[type=range]').value") == "3"
    assert browser.execute_script("return document.querySelector('.moves li.on a code').textContent").startswith("3. ")
    assert _errors(browser) == []


def test_the_controls_have_accessible_names(browser, run, tmp_path):
    from selenium.webdriver.common.by import By

    page = _page(run, tmp_path, FIXTURES / FIXTURE_OF["scoundrel"])
    browser.get(page.as_uri())
    controls = browser.find_elements(By.CSS_SELECTOR, "button, input")
    assert len(controls) == 5
    names = sorted(c.accessible_name for c in controls)
    assert names == ["first move", "last move", "move", "next move", "previous move"]


def test_a_phone_in_dark_mode_reads_it_without_sideways_scrolling(browser, run, tmp_path):
    fixture = FIXTURES / FIXTURE_OF["cassette-dungeons"]
    page = _page(run, tmp_path, fixture)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        browser.get(page.as_uri() + "#move-3")
        assert browser.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        width = browser.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], width
        background = browser.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(21, 23, 26)"
        browser.save_screenshot(str(ARTIFACTS / "html-phone-dark.png"))
        assert _errors(browser) == []
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_file_of_several_records_lists_them_and_links_into_each(browser, run, tmp_path):
    from selenium.webdriver.common.by import By

    fixture = FIXTURES / "scoundrel" / "legal" / "several-records.dgn"
    page = _page(run, tmp_path, fixture)
    browser.get(page.as_uri())
    links = browser.find_elements(By.CSS_SELECTOR, "nav a")
    assert len(links) == 3
    links[1].click()
    _becomes(browser, "return location.hash", "#game-2-move-0")
    visible = "return Array.prototype.filter.call(document.querySelectorAll('article'), a => !a.hidden).map(a => a.id)"
    _becomes(browser, visible, ["game-2"])
    browser.find_element(By.CSS_SELECTOR, "#game-2 button[data-go=next]").click()
    _becomes(browser, "return location.hash", "#game-2-move-1")
    assert _errors(browser) == []


def test_a_hostile_record_is_shown_as_text_and_runs_nothing(browser, run, tmp_path):
    record = (
        '[Game "scoundrel"]\n[Player "<script>document.title=\'owned\'</script><img src=x onerror=alert(1)>"]\n\n'
        "1. 9s 5d 4h Kc : 5d x9s 4h  # </code><script>alert(2)</script>\n"
    )
    source = tmp_path / "hostile.dgn"
    source.write_text(record, encoding="utf-8")
    page = _page(run, tmp_path, source)
    browser.get(page.as_uri() + "#move-1")
    assert browser.execute_script("return document.scripts.length") == 1
    assert browser.execute_script("return document.images.length") == 0
    assert "owned" not in browser.title
    assert "<img src=x onerror=alert(1)>" in browser.execute_script("return document.querySelector('.tags').textContent")
    assert "</code><script>alert(2)</script>" in browser.execute_script("return document.querySelector('.moves p').textContent")
    assert _errors(browser) == []


def test_a_record_that_cannot_be_replayed_is_listed_without_errors(browser, run, tmp_path):
    source = tmp_path / "mixed.dgn"
    source.write_text('[Game "chess"]\n\n1. e4 : e5\n\n[Game "scoundrel"]\n\n1. 9s 5d 4h Kc : 5d x9s 4h\n2. Ks : run\n')
    out = tmp_path / "mixed.html"
    result = run(["replay", str(source), "--html", str(out)])
    assert result.exit_code == 1
    browser.get(out.as_uri() + "#game-2-move-1")
    assert _shown(browser)[0] == "1"
    assert browser.execute_script("return document.querySelectorAll('nav li').length") == 2
    assert "replay stopped here" in browser.execute_script("return document.querySelector('#game-2 li.no').textContent")
    browser.get(out.as_uri() + "#game-1-move-0")
    assert "unknown game 'chess'" in browser.execute_script("return document.querySelector('#game-1 .fault').textContent")
    assert _errors(browser) == []


# -- the review page of analyse --html: the replay page with the chance of winning drawn above it --


@pytest.mark.parametrize("game", sorted(FIXTURE_OF))
def test_the_review_page_steps_to_a_move_from_its_chart(browser, run, tmp_path, game):
    """For a record of each game: the chart is drawn above the moves, clicking its column
    of a move (and a marked point, where the analysis marked one) shows that move's board
    and lights its column; nothing is fetched and nothing logged. A screenshot per game
    is kept in tests/artifacts/review-GAME.png."""
    from selenium.webdriver.common.by import By

    fixture = FIXTURES / FIXTURE_OF[game]
    out = tmp_path / "review.html"
    result = run(["analyse", str(fixture), "--samples", "4", "--limit", "0.2", "--html", str(out)])
    assert result.exit_code == 0, result.output
    browser.get(out.as_uri())
    browser.get_log("browser")
    chart = browser.find_element(By.CSS_SELECTOR, ".chart svg")
    assert chart.size["width"] > 500 and chart.size["height"] > 60
    assert browser.execute_script("return document.querySelector('.chart').getBoundingClientRect().bottom") <= (
        browser.execute_script("return document.querySelector('.moves').getBoundingClientRect().top")
    )
    browser.find_element(By.CSS_SELECTOR, '.chart a[data-i="3"] rect').click()
    _becomes(browser, "return location.hash", "#move-3")
    assert _shown(browser)[0] == "3"
    lit = "return Array.prototype.map.call(document.querySelectorAll('.chart a.on'), a => a.getAttribute('data-i'))"
    _becomes(browser, lit, ["3"])
    points = browser.find_elements(By.CSS_SELECTOR, ".chart a.pt")
    if points:
        target = points[-1].get_dom_attribute("href").lstrip("#")
        points[-1].find_element(By.CSS_SELECTOR, "circle").click()
        _becomes(browser, "return location.hash", "#" + target)
        assert "move-" + _shown(browser)[0] == target
    browser.find_element(By.TAG_NAME, "body").send_keys("\ue012")  # the arrow keys still step
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    browser.get(out.as_uri() + "#move-2")
    browser.save_screenshot(str(ARTIFACTS / f"review-{game}.png"))
    assert _errors(browser) == []


# -- a record as a tree (NOTATION.md section 9): variations stepped into, positions as the start --


def _tree_keys(record) -> dict[str, dict[str, str]]:
    """Each board's key on the page (``3``; ``3.2.4``: move 4 of variation 2 of move 3)
    and the full checkpoint ``fmt --annotate`` writes on that move."""
    out: dict[str, dict[str, str]] = {}

    def line(moves, parent: str | None) -> None:
        for move in moves:
            if move.is_deal:
                continue
            key = str(move.number) if parent is None else f"{parent}.{move.number}"
            out[key] = move.checkpoint.as_dict()
            for number, variation in enumerate(move.variations, start=1):
                line(variation, f"{key}.{number}")

    line(record.moves, None)
    return out


def _tree_fixture(game: str, tmp_path: Path) -> Path:
    """The first record with variations among a game's legal fixtures, in a file alone."""
    from game_fixtures import fixtures

    from notation import write

    for path in fixtures(game, "legal"):
        for record in read(io.BytesIO(path.read_bytes())) if path.name.startswith("variations") else ():
            if any(m.variations for m in record.moves):
                out = tmp_path / f"{game}-tree.dgn"
                out.write_text(write([record]), encoding="utf-8")
                return out
    raise AssertionError(f"{game} has no legal fixture with variations")


TREE_GAMES = ["scoundrel", "clear-the-dungeon", "rpg-solitaire", "cassette-dungeons", "toy"]


@pytest.mark.parametrize("game", TREE_GAMES)
def test_a_variation_is_entered_by_a_click_stepped_with_the_arrows_and_left_for_the_main_line(browser, run, tmp_path, game):
    """For a record with variations of each game: every board of every line (a click on
    each line's first move, then the right arrow) shows the checkpoint fmt --annotate
    writes on that move of that line; left steps back within the line; the down arrow
    enters a move's first variation, up leaves it, and the button (or Escape) goes back
    to the main line. A screenshot per game: tests/artifacts/html-variations-GAME.png."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    fixture = _tree_fixture(game, tmp_path)
    result = run(["fmt", "--annotate", "-"], input=fixture.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    (annotated,) = read(io.BytesIO(result.stdout.encode("utf-8")))
    expected = _tree_keys(annotated)
    (record,) = read(io.BytesIO(fixture.read_bytes()))
    page = _page(run, tmp_path, fixture)
    browser.get(page.as_uri())
    browser.get_log("browser")
    body = browser.find_element(By.TAG_NAME, "body")
    back = browser.find_element(By.CSS_SELECTOR, "button[data-go=main]")
    assert not back.is_displayed()
    seen = set()
    firsts = browser.find_elements(By.CSS_SELECTOR, ".moves ol.var > li:first-child > a")
    assert len(firsts) == sum(len(m.variations) for _, m in record.walk_tree())
    for index in range(len(firsts)):
        link = browser.find_elements(By.CSS_SELECTOR, ".moves ol.var > li:first-child > a")[index]
        key = link.get_dom_attribute("href").removeprefix("#move-")
        link.click()
        _becomes(browser, "return location.hash", f"#move-{key}")
        assert back.is_displayed() and back.accessible_name == "back to the main line"
        line = [key]
        while True:
            move, checkpoint, fragment = _shown(browser)
            assert move == line[-1] and fragment == f"#move-{move}"
            assert checkpoint == expected[move], move
            seen.add(move)
            body.send_keys(Keys.ARROW_RIGHT)
            after = _shown(browser)[0]
            if after == move:  # the end of the line: it stays there
                break
            assert after.rsplit(".", 1)[0] == move.rsplit(".", 1)[0]  # the same line, the next move
            line.append(after)
        for earlier in reversed(line[:-1]):  # back along the line
            body.send_keys(Keys.ARROW_LEFT)
            assert _shown(browser)[0] == earlier
        body.send_keys(Keys.ARROW_UP)  # out to the move it is tried instead of
        assert _shown(browser)[0] == key.rsplit(".", 2)[0]
        body.send_keys(Keys.ARROW_DOWN)  # and into its first variation again
        assert _shown(browser)[0].rsplit(".", 2)[0] == key.rsplit(".", 2)[0]
        browser.find_element(By.CSS_SELECTOR, "button[data-go=main]").click()
        main = _shown(browser)[0]
        assert main == key.split(".", 1)[0] and not back.is_displayed()  # the main line's move it hangs from
    assert seen == {k for k in expected if "." in k}  # every board of every variation
    browser.get(page.as_uri() + "#move-" + min((k for k in expected if "." in k), key=len))
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ESCAPE)
    assert "." not in _shown(browser)[0]
    browser.get(page.as_uri() + "#move-" + min((k for k in expected if "." in k), key=len))
    browser.save_screenshot(str(ARTIFACTS / f"html-variations-{game}.png"))
    assert _errors(browser) == []


@pytest.mark.parametrize("game", TREE_GAMES)
def test_a_positioned_record_renders_from_its_position(browser, run, tmp_path, game):
    from game_fixtures import fixtures
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    from dungeon_cli.shell.replay_frames import Replay

    fixture = next(p for p in fixtures(game, "legal") if p.name.startswith("position-"))
    (record,) = read(io.BytesIO(fixture.read_bytes()))
    rp = Replay(record)
    assert rp.start is not None and rp.module is not None
    start = rp.module.notation.checkpoint(rp.start)
    result = run(["fmt", "--annotate", "-"], input=fixture.read_text(encoding="utf-8"))
    (annotated,) = read(io.BytesIO(result.stdout.encode("utf-8")))
    page = _page(run, tmp_path, fixture)
    browser.get(page.as_uri())
    browser.get_log("browser")
    move, checkpoint, _ = _shown(browser)
    assert (move, checkpoint) == ("0", start)
    assert browser.execute_script("return document.querySelector('output').textContent").startswith("position (0 of ")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    first = annotated.moves[0]
    assert _shown(browser)[:2] == [str(first.number), first.checkpoint.as_dict()]
    browser.save_screenshot(str(ARTIFACTS / f"html-position-{game}.png"))
    assert _errors(browser) == []


def test_the_review_page_of_a_record_with_variations_steps_into_them(browser, run, tmp_path):
    """analyse --html of a record with variations: the chart is the main line's; in a
    variation, the column of the main-line move it hangs from is lit."""
    from selenium.webdriver.common.by import By

    fixture = FIXTURES / "scoundrel" / "legal" / "variations-seeded.dgn"
    out = tmp_path / "review.html"
    result = run(["analyse", str(fixture), "--samples", "4", "--limit", "0.2", "--html", str(out)])
    assert result.exit_code == 0, result.output
    browser.get(out.as_uri())
    browser.get_log("browser")
    browser.find_element(By.CSS_SELECTOR, 'a[href="#move-3.2.4"]').click()
    _becomes(browser, "return location.hash", "#move-3.2.4")
    lit = "return Array.prototype.map.call(document.querySelectorAll('.chart a.on'), a => a.getAttribute('data-i'))"
    _becomes(browser, lit, ["3"])
    assert browser.execute_script("return document.querySelector('input[type=range]').value") == "3"
    browser.find_element(By.CSS_SELECTOR, '.chart a[data-i="1"] rect').click()
    _becomes(browser, "return location.hash", "#move-1")
    browser.get(out.as_uri() + "#move-3.2.4")
    browser.save_screenshot(str(ARTIFACTS / "review-variations.png"))
    assert _errors(browser) == []
