"""The replay page (`rulesdsl reproduzir ARQ --html PÁGINA`, rulesdsl/view/replay.py): a saved
four-player game of Root gives one self-contained page whose data hold the board at every step,
each step equal to the game replayed to that point; the page's script, run in node with a small
stand-in for the browser's DOM, draws those steps. The browser test proper is tests/test_browser.py."""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess

import pytest

from rulesdsl.cli import main
from rulesdsl.interpreter.engine import Game
from rulesdsl.view.replay import ReplayError, read_game, replay_html

FOUR = ["marqueses", "rapinas", "alianca", "malandro"]


def _saved(root_def, n=90, seed=2):
    game = Game(root_def, FOUR, seed)
    rng = random.Random(seed)
    boards = [_board(game)]
    for _ in range(n):
        if game.is_terminal():
            break
        game.apply(rng.randrange(len(game.pending.options)))
        boards.append(_board(game))
    return game.save(), boards


def _board(game):
    """The map as every player sees it (the items under a ruin are "?")."""
    return {sp: kinds for sp, kinds in game.observation(game.factions[0])["board"].items() if kinds}


def _data(page):
    m = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', page, re.S)
    return json.loads(m.group(1).replace("<\\/", "</"))


def _states(data):
    cur, out = {"p": {}, "f": {}, "n": None}, []
    for fr in data["f"]:
        st = {"p": {**cur["p"], **fr.get("p", {})}, "f": {**cur["f"], **fr.get("f", {})},
              "n": fr.get("n", cur["n"]), "c": fr["c"]}
        out.append(st)
        cur = st
    return out


def _counts(snippet):
    return {k: int(n) for k, n in re.findall(r'data-kind="([^"]+)" data-count="(\d+)"', snippet)}


@pytest.fixture(scope="module")
def page(root_def):
    saved, boards = _saved(root_def)
    return replay_html(root_def, read_game(json.dumps(saved)), "pt"), boards, saved


def test_every_step_is_the_game_at_that_step(page):
    html, boards, saved = page
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html
    # self-contained: nothing fetched from elsewhere
    assert not re.search(r'(src|href)="(https?:)?//', html)
    data = _data(html)
    states = _states(data)
    assert len(states) == len(saved["history"]) + 1 == len(boards)
    for i, (st, board) in enumerate(zip(states, boards)):
        seen = {sp: _counts(data["s"][v]) for sp, v in st["p"].items() if v >= 0}
        assert seen == board, i
    assert states[1]["c"].startswith("1. ")


def test_the_page_script_draws_each_step_in_node(page, tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    html, boards, _ = page
    script = re.search(r"<script>\n(.*?)</script>", html, re.S).group(1)
    data = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S).group(1)
    spaces = sorted({sp for b in boards for sp in b})
    harness = """
const elements = {};
function el(id) {
  if (!elements[id]) elements[id] = {id, kids: [], attrs: {}, textContent: "", value: "", max: "",
    get firstChild() { return this.kids[0] || null; },
    removeChild(k) { this.kids.splice(this.kids.indexOf(k), 1); },
    appendChild(k) { this.kids.push(k); },
    setAttribute(a, v) { this.attrs[a] = v; },
    querySelector(q) { return el(this.id + " " + q); }};
  return elements[id];
}
el("replay-data").textContent = DATA;
global.document = {getElementById: el, importNode: (n) => n, addEventListener() {},
                   body: el("body")};
global.DOMParser = function () {};
DOMParser.prototype.parseFromString = (t) => ({documentElement: {childNodes: [{text: t}]}});
global.window = global;
SCRIPT
const R = window.replay;
const out = [];
for (let i = 0; i < R.count; i++) {
  R.show(i);
  const row = {};
  for (const sp of SPACES) {
    const g = elements["pieces-" + sp];
    row[sp] = g && g.kids.length ? g.kids[0].text : "";
  }
  out.push([document.body.attrs["data-step"], el("caption").textContent, row]);
}
R.show(3); R.show(2);
out.push(["back", el("caption").textContent, {}]);
console.log(JSON.stringify(out));
""".replace("DATA", json.dumps(data)).replace("SCRIPT", script).replace("SPACES", json.dumps(spaces))
    f = tmp_path / "harness.js"
    f.write_text(harness, encoding="utf-8")
    res = subprocess.run([node, str(f)], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout)
    assert len(rows) == len(boards) + 1
    for i, (step, caption, row) in enumerate(rows[:-1]):
        assert step == str(i)
        drawn = {sp: _counts(t) for sp, t in row.items() if t}
        assert drawn == {sp: k for sp, k in boards[i].items()}, i
    assert rows[-1][1].startswith("2. ")


def test_cli_from_a_log_and_errors(tmp_path, capsys):
    """A log of `jogar --log` of a small game: the page has its steps; the errors say why."""
    game = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista")
    log, out = tmp_path / "p.jsonl", tmp_path / "p.html"
    assert main(["jogar", game, "--faccoes", "azuis,vermelhos", "--semente", "4", "--max-decisoes", "30",
                 "--silencioso", "--log", str(log)]) == 0
    capsys.readouterr()
    # the log names the game, not its folder: which ruleset is asked for
    assert main(["reproducir", str(log), "--html", str(out)]) == 1
    assert "CLI090" in capsys.readouterr().err and not out.exists()
    assert main(["reproducir", str(log), "--reglas", game, "--html", str(out)]) == 0
    assert "31 pasos" in capsys.readouterr().err
    page = out.read_text(encoding="utf-8")
    assert len(_states(_data(page))) == 31 and 'lang="es"' in page
    # not a game; a choice the game does not offer
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"a": 1}\n', encoding="utf-8")
    assert main(["reproduzir", str(bad), "--regras", game, "--html", str(out)]) == 1
    assert "CLI091" in capsys.readouterr().err
    lines = log.read_text(encoding="utf-8").splitlines()
    i = next(k for k, ln in enumerate(lines) if '"t":"decision"' in ln)
    rec = json.loads(lines[i])
    rec["choice"] = "nada"
    lines[i] = json.dumps(rec)
    bad.write_text("\n".join(lines), encoding="utf-8")
    assert main(["reproduzir", str(bad), "--regras", game, "--html", str(out)]) == 1
    assert "CLI093" in capsys.readouterr().err
    with pytest.raises(ReplayError):
        read_game("")
