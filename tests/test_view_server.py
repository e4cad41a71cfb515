"""`rulesdsl servir` (rulesdsl/view/server.py): a game on a local web server, one seat per
browser. Here two people play Conquista to the end through HTTP as their pages do (state,
choose, help), each seeing only its own hand; answers out of turn or stale are refused. The
seat page's script is checked by node; the browser test proper is tests/test_browser.py."""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import threading
import urllib.error
import urllib.request

import pytest

from rulesdsl.cli import build_parser, main
from rulesdsl.view.cli import build_table
from rulesdsl.view.server import seat_page, serve

CONQUISTA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista")


def _server(argv):
    args = build_parser("pt").parse_args(argv)
    args.user_lang, args.cli_lang = None, "pt"
    table, _ = build_table(args)
    srv = serve(table, "127.0.0.1", 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return table, srv, "http://%s:%d" % srv.server_address[:2]


def _get(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        return r.read().decode("utf-8")


def _post(url, body):
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_two_people_play_to_the_end(tmp_path):
    save = tmp_path / "p.json"
    table, srv, base = _server(["servir", CONQUISTA, "--faccoes", "azuis,vermelhos", "--porta", "0",
                                "--semente", "2", "--salvar", str(save)])
    try:
        index = _get(base + "/")
        assert '/seat/azuis' in index and '/seat/vermelhos' in index
        assert 'id="board"' in _get(base + "/seat/azuis")
        rng = random.Random(7)
        refused = False
        for _ in range(400):
            states = {s: json.loads(_get(f"{base}/state/{s}")) for s in ("azuis", "vermelhos")}
            if states["azuis"]["terminal"]:
                break
            # each seat sees its own hand, only how many cards the other holds
            for s, other in (("azuis", "Vermelhos"), ("vermelhos", "Azuis")):
                assert f"mão ({other}) (" not in states[s]["table"]
                assert "<svg" in states[s]["svg"] and "Ligações" in states[s]["table"]
            seat = next(s for s, st in states.items() if st["mine"])
            other = "vermelhos" if seat == "azuis" else "azuis"
            st = states[seat]
            assert st["options"] and not states[other]["options"] and states[other]["waiting"]
            if not refused:
                # out of turn, stale, or no such option: refused, nothing happens
                assert _post(f"{base}/choose/{other}", {"i": 0, "n": st["n"]})[0] == 409
                assert _post(f"{base}/choose/{seat}", {"i": 0, "n": st["n"] - 1})[0] == 409
                assert _post(f"{base}/choose/{seat}", {"i": 99, "n": st["n"]})[0] == 409
                assert _get(f"{base}/help/{seat}/0")
                refused = True
            o = rng.choice(st["options"])
            assert _post(f"{base}/choose/{seat}", {"i": o["i"], "n": st["n"]}) == (200, {"ok": True})
        final = json.loads(_get(base + "/state/azuis"))
        assert final["terminal"] and final["result"]
        assert json.loads(save.read_text(encoding="utf-8"))["game"]["history"] == list(table.game.history)
    finally:
        srv.shutdown()
        srv.server_close()


def test_spaces_are_clickable_options_and_the_page_script_parses():
    table, srv, base = _server(["servir", CONQUISTA, "--faccoes", "azuis,vermelhos", "--agentes",
                                "humano,aleatorio", "--porta", "0"])
    try:
        st = json.loads(_get(base + "/state/azuis"))
        _post(f"{base}/choose/azuis", {"i": 0, "n": st["n"]})      # march: a space to choose
        st = json.loads(_get(base + "/state/azuis"))
        spaces = [o["space"] for o in st["options"] if o["space"]]
        assert spaces and all(f'id="space-{sp}"' in st["svg"] for sp in spaces)
        with pytest.raises(urllib.error.HTTPError):
            _get(base + "/state/ninguem")
    finally:
        srv.shutdown()
        srv.server_close()
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = re.search(r"<script>\n(.*?)</script>", seat_page(table, "azuis"), re.S).group(1)
    res = subprocess.run([node, "--check", "-"], input=script, capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr


def test_no_human_is_an_error(capsys):
    assert main(["servir", CONQUISTA, "--faccoes", "azuis,vermelhos", "--agentes", "aleatorio"]) == 1
    assert "CLI096" in capsys.readouterr().err
