"""The two pages for players, in a real browser: headless Chromium driven by Playwright.

- `rulesdsl servir`: a four-player game of Root played to the end by clicking the seat page's
  buttons and the board's spaces (one person against three bots), the page showing at every
  decision the options the engine offers that seat, and the result at the end.
- `rulesdsl reproduzir --html`: the replay page of a saved four-player game, stepped through with
  the arrow key; at every step the pieces drawn on the board are the game's at that step.

Both skip where Playwright (`pip install 'rulesdsl[navegador]'`) or a Chromium
(/usr/bin/chromium, Debian's package) is absent; nothing is downloaded.
"""
from __future__ import annotations

import json
import random
import re
import shutil
import threading

import pytest

from rulesdsl.cli import build_parser
from rulesdsl.interpreter.engine import Game
from rulesdsl.view.cli import build_table
from rulesdsl.view.replay import read_game, replay_html
from rulesdsl.view.server import serve

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs a Chromium (Debian package chromium)")

FOUR = ["marqueses", "rapinas", "alianca", "malandro"]
# a closed network: no background traffic, no component updates (see the machine's notes)
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield b
        b.close()


def _counts(html):
    return {k: int(n) for k, n in re.findall(r'data-kind="([^"]+)" data-count="(\d+)"', html)}


def test_a_four_player_game_played_to_the_end_by_clicking(browser):
    args = build_parser("pt").parse_args(
        ["servir", "root", "--faccoes", ",".join(FOUR), "--agentes",
         "humano,aleatorio,aleatorio,aleatorio", "--semente", "3", "--porta", "0"])
    args.user_lang, args.cli_lang = None, "pt"
    table, _ = build_table(args)
    srv = serve(table, "127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    page = browser.new_page()
    refused = []
    page.on("dialog", lambda d: (refused.append(d.message), d.accept()))
    rng = random.Random(5)
    clicks = by_space = 0
    try:
        page.goto("http://%s:%d/seat/marqueses" % srv.server_address[:2])
        page.wait_for_selector("body[data-decision]")
        while page.get_attribute("body", "data-terminal") != "1":
            page.wait_for_function(
                "document.body.dataset.mine === '1' || document.body.dataset.terminal === '1'")
            if page.get_attribute("body", "data-terminal") == "1":
                break
            n = page.get_attribute("body", "data-decision")
            g = table.game
            # the buttons are the engine's options for this seat, no more, no fewer
            shown = page.locator("#options button[data-option]").count()
            assert shown == len(g.pending.options) and g.pending.player == "marqueses", n
            i = rng.randrange(shown)
            space = page.locator("#board .clickable")
            if space.count() and rng.random() < 0.5:
                space.nth(0).click()           # a space on the board: the option it stands for
                by_space += 1
            else:
                page.click(f'#options button[data-option="{i}"]')
            clicks += 1
            page.wait_for_function(
                f"document.body.dataset.decision !== '{n}' || document.body.dataset.terminal === '1'")
            assert clicks < 3000
        assert table.game.is_terminal()
        assert page.inner_text("#result").strip()
        assert clicks > 50 and by_space > 5 and not refused, refused
    finally:
        page.close()
        srv.shutdown()
        srv.server_close()


def test_the_replay_page_shows_the_board_at_every_step(browser, root_def, tmp_path):
    game = Game(root_def, FOUR, 2)
    rng = random.Random(2)
    boards = []

    def board():
        obs = game.observation(game.factions[0])["board"]
        boards.append({sp: kinds for sp, kinds in obs.items() if kinds})

    board()
    for _ in range(120):
        game.apply(rng.randrange(len(game.pending.options)))
        board()
    f = tmp_path / "r.html"
    f.write_text(replay_html(root_def, read_game(json.dumps(game.save())), "pt"), encoding="utf-8")
    page = browser.new_page()
    try:
        page.goto(f.as_uri())
        spaces = sorted({sp for b in boards for sp in b})
        read = ("sps => Object.fromEntries(sps.map(sp => {"
                " const g = document.getElementById('pieces-' + sp);"
                " return [sp, g ? g.innerHTML : ''];}))")
        for i, want in enumerate(boards):
            assert page.get_attribute("body", "data-step") == str(i)
            drawn = {sp: _counts(h) for sp, h in page.evaluate(read, spaces).items() if h}
            assert {sp: k for sp, k in drawn.items() if k} == want, i
            page.keyboard.press("ArrowRight")
        page.click("#first")
        assert page.get_attribute("body", "data-step") == "0"
        page.click("#last")
        assert page.get_attribute("body", "data-step") == str(len(boards) - 1)
    finally:
        page.close()
