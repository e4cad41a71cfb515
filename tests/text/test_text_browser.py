"""The coverage page in a real browser: headless Chromium clicks through it.

Skipped when /usr/bin/chromium (Debian package `chromium`) is not installed. The page is opened
inside a small harness page (an iframe, same folder), which clicks a paragraph in the list,
types in the search box and ticks the filter, then copies what the page shows into its own
body; `--dump-dom` prints it. `--virtual-time-budget` lets the clicks and timers run first.
"""
import os
import shutil
import subprocess
import tempfile

import pytest

from rulesdsl.text.cli import main

from textkit import MINI, MINI_TESTS

CHROMIUM = os.environ.get("RULESDSL_CHROMIUM", "/usr/bin/chromium")

pytestmark = pytest.mark.skipif(not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)),
                                reason="chromium is not installed (apt-get install chromium)")

HARNESS = """<!DOCTYPE html><html><body><div id="out">waiting</div>
<iframe id="f" src="%(page)s" style="width:1200px;height:800px"></iframe>
<script>
var f = document.getElementById('f');
function report(d) {
  var list = Array.prototype.map.call(d.querySelectorAll('#list a'), function (a) { return a.getAttribute('data-key'); });
  var sel = d.querySelector('#list a.sel');
  return '<p id="ready">' + d.body.getAttribute('data-ready') + '</p>' +
         '<p id="shown">' + d.getElementById('detail').getAttribute('data-shown') + '</p>' +
         '<p id="hash">' + f.contentWindow.location.hash + '</p>' +
         '<p id="selected">' + (sel ? sel.getAttribute('data-key') : '') + '</p>' +
         '<p id="listed">' + list.join(' ') + '</p>' +
         '<div id="copy">' + d.getElementById('detail').innerHTML + '</div>' +
         '<div id="totals">' + d.getElementById('totals').innerHTML + '</div>';
}
f.addEventListener('load', function () {
  var d = f.contentDocument, w = f.contentWindow;
  d.querySelector('#list a[data-key="%(click)s"]').click();
  setTimeout(function () {
    var first = report(d);
    var q = d.getElementById('q');
    q.value = '%(search)s';
    q.dispatchEvent(new w.Event('input'));
    var searched = Array.prototype.map.call(d.querySelectorAll('#list a'), function (a) { return a.getAttribute('data-key'); });
    q.value = '';
    q.dispatchEvent(new w.Event('input'));
    d.getElementById('only').click();
    var gaps = Array.prototype.map.call(d.querySelectorAll('#list a'), function (a) { return a.getAttribute('data-key'); });
    document.getElementById('out').innerHTML = first + '<p id="searched">' + searched.join(' ') +
        '</p><p id="gaps">' + gaps.join(' ') + '</p>';
  }, 200);
});
</script></body></html>
"""


def _run_browser(html_dir, page, click, search):
    harness = os.path.join(html_dir, "harness.html")
    with open(harness, "w", encoding="utf-8") as fh:
        fh.write(HARNESS % {"page": page, "click": click, "search": search})
    profile = tempfile.mkdtemp(prefix="rulesdsl-chromium-")
    try:
        r = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run",
             f"--user-data-dir={profile}", "--allow-file-access-from-files",
             "--virtual-time-budget=5000", "--dump-dom", "file://" + harness],
            capture_output=True, text=True, timeout=90)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout


def _between(dom, ident):
    start = dom.index(f'id="{ident}">') + len(f'id="{ident}">')
    return dom[start:dom.index("</", start)]


def test_coverage_page_click_through(tmp_path):
    out = tmp_path / "html"
    assert main(["coverage", MINI, "--tests", MINI_TESTS, "--html", str(out), "--lang", "es"]) == 0
    dom = _run_browser(str(out), "coverage.html", "6.3.1", "casos_marqueses")
    assert _between(dom, "ready") == "1"                      # the page script ran to its end
    assert _between(dom, "shown") == "6.3.1" and _between(dom, "hash") == "#p=6.3.1"
    assert _between(dom, "selected") == "6.3.1"
    copy = dom[dom.index('id="copy"'):]
    # the paragraph in PT and ES, its data block with the source line, its test
    assert "Forme um suprimento de 25 guerreiros e 8 madeiras." in copy
    assert "Forma un suministro de veinticinco guerreros y ocho maderas." in copy
    assert "traducción" in copy and "§5.3.1" in copy
    assert "marqueses.yaml:5" in copy and "lei: 6.3.1" in copy
    assert "casos_marqueses.py:5 — test_suprimento" in copy
    # totals per chapter
    assert "<td>6</td><td>4</td><td>4</td><td>4</td><td>0</td>" in dom
    # search by test file, then the "without data or tests" filter
    assert _between(dom, "searched").split() == ["6.3.1", "6.3.2", "6.3.3", "6.5.4"]
    assert _between(dom, "gaps").split() == ["1", "1.1", "1.2", "2.1", "A.1"]


def test_check_page_click_through(tmp_path):
    from textkit import write_catalogue
    root = write_catalogue(tmp_path / "r", {"1.1": "Compre 3 cartas.", "1.2": "Mova."},
                           {"1.1": "Roba 4 cartas.", "1.2": "Mueve."})
    out = tmp_path / "html"
    assert main(["check-text", str(root), "--html", str(out)]) == 1
    dom = _run_browser(str(out), "check-text.html", "1.1", "T110")
    assert _between(dom, "ready") == "1" and _between(dom, "shown") == "1.1"
    copy = dom[dom.index('id="copy"'):]
    # both texts, the differing number marked in each
    assert 'data-code="T110"' in copy and "Roba <mark>4</mark> cartas." in copy
    assert "Compre <mark>3</mark> cartas." in copy
    assert _between(dom, "searched").split() == ["1.1"]
    assert _between(dom, "gaps").split() == ["1.1"]            # "only with differences"
