"""The check-text page: the differing words highlighted, accepted differences with their reason,
filters by severity and document, links to the files, a legend of the codes.

The page's script runs in Node with a small stand-in for the DOM (page_shim.js); skipped where
Node is not installed. test_text_browser.py drives the same page in Chromium where it exists."""
import json
import os
import shutil
import subprocess

import pytest

from rulesdsl.text.cli import main

from textkit import write_catalogue

NODE = shutil.which("node")
HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture
def page(tmp_path):
    root = write_catalogue(
        tmp_path / "r",
        {"1.1": "Compre 3 cartas.", "1.2": "Não mova."},
        {"1.1": "Roba 2 cartas.", "1.2": "No muevas."},
        accepted=[{"código": "T110", "parágrafo": "1.1", "documento": "regras-es",
                   "motivo": "edição anterior", "texto": "cardinal:3≠2"}])
    assert main(["conferir-texto", root, "--html", str(tmp_path / "out")]) == 0
    return tmp_path / "out" / "check-text.html"


def data_of(page):
    html = page.read_text(encoding="utf-8")
    start = html.index('<script type="application/json" id="data">') + len('<script type="application/json" id="data">')
    return json.loads(html[start:html.index("</script>", start)])


def test_the_page_carries_marks_reasons_and_a_legend(page):
    d = data_of(page)
    (f,) = [f for p in d["paragraphs"] if p["key"] == "1.1" for f in p["findings"]]
    assert f["silenced"] and f["acknowledged"]["reason"] == "edição anterior"
    assert f["marks"] == {"lei": ["3"], "regras-es": ["2"]}
    assert {c["code"] for c in d["legend"]} >= {"T110", "T114", "T125", "T127"}
    assert d["documents"] == ["regras-es"]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_script_filters_and_highlights(page):
    run = subprocess.run([NODE, os.path.join(HERE, "page_shim.js"), str(page), "1.1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert 'id="sev-error" checked' in out["filters"] and "regras-es" in out["filters"]
    assert "T125" in out["legend"]
    # errors only, accepted ones hidden: the paragraph shows no finding
    assert "T110" not in out["views"]["errors"]
    # everything: the accepted difference, its reason, the words marked in both texts
    allv = out["views"]["all"]
    assert "T110" in allv and "edição anterior" in allv and "silenced" in allv
    assert "<mark>3</mark>" in allv and "<mark>2</mark>" in allv
