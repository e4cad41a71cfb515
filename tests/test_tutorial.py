"""The tutorials (docs/tutorial.md, docs/tutorial-es.md) run as written.

Each tutorial marks its files and its commands with comments the reader does not see:

    <!-- arquivo: ouricos/jogo.yaml -->      (ES: archivo) the next code block is that file
    <!-- executar -->                        (ES: ejecutar) each line of the next block is run
    <!-- executar: 1 -->                     ... and must exit with status 1

The test writes the files into an empty folder and runs the commands there, in order, through
the same entry point as the `rulesdsl` program (`rm` removes a file; `simular` runs in one
process, which plays the same seeded games). A block of output shown
right after a failing command must appear in what the command printed. The Spanish tutorial's
files are also the finished example of the repository (examples/), so the two cannot drift.
"""
from __future__ import annotations

import contextlib
import io
import os
import re
import shlex

import pytest

from rulesdsl.cli import main

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(REPO, "docs")

MARK = re.compile(r"<!--\s*(arquivo|archivo|executar|ejecutar)\s*(?::\s*(\S+))?\s*-->")
FENCE = re.compile(r"^```(\w*)\s*$")


def steps(path):
    """[(kind, argument, body, following output block)] of a tutorial, in order."""
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().split("\n")
    blocks = []            # (line index of the opening fence, lang, body)
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            j = i + 1
            while not FENCE.match(lines[j]) or lines[j].strip() != "```":
                j += 1
            blocks.append((i, m.group(1), "\n".join(lines[i + 1:j]) + "\n"))
            i = j + 1
        else:
            i += 1
    out = []
    for n, line in enumerate(lines):
        m = MARK.search(line)
        if not m:
            continue
        k = next(b for b, (start, _lang, _body) in enumerate(blocks) if start > n)
        body = blocks[k][2]
        after = blocks[k + 1] if k + 1 < len(blocks) and blocks[k + 1][1] == "text" else None
        kind = "file" if m.group(1) in ("arquivo", "archivo") else "run"
        out.append((kind, m.group(2), body, after[2] if after else None))
    return out


def run_tutorial(path, workdir, monkeypatch):
    monkeypatch.chdir(workdir)
    ran = 0
    for kind, arg, body, shown in steps(path):
        if kind == "file":
            target = os.path.join(str(workdir), arg)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(body)
            continue
        want = int(arg or 0)
        for line in body.strip().split("\n"):
            argv = shlex.split(line)
            if argv[0] == "rm":
                os.remove(argv[1])
                continue
            assert argv[0] == "rulesdsl", line
            if argv[1] in ("simular", "simulate") and "--procesos" not in argv:
                # one process: the same games (seeded), without each worker loading Root again
                argv += ["--procesos", "1"]
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv[1:])
            assert code == want, f"{line}\n{out.getvalue()[-2000:]}\n{err.getvalue()[-2000:]}"
            if want and shown:
                assert shown.strip() in err.getvalue(), err.getvalue()
            ran += 1
    return ran


@pytest.mark.parametrize("name", ["tutorial.md", "tutorial-es.md"])
def test_every_command_of_the_tutorial_works(name, tmp_path, monkeypatch, share_loads_under):
    # a command that reads the same files as an earlier one shares its compilation (as the
    # shipped rulesets do in the whole suite): the commands are about the output. Without the
    # compiled-ruleset cache (on by default for `jogar`/`simular`; tests/test_load_cache.py
    # covers it, layers included), which would read the files again
    share_loads_under(tmp_path)
    monkeypatch.setenv("RULESDSL_CACHE", "0")
    ran = run_tutorial(os.path.join(DOCS, name), tmp_path, monkeypatch)
    assert ran >= 9


def test_the_spanish_tutorial_builds_the_example_of_the_repository():
    files = {arg: body for kind, arg, body, _ in steps(os.path.join(DOCS, "tutorial-es.md"))
             if kind == "file"}
    for rel in ("erizos/juego.yaml", "erizos/facciones/erizos.yaml", "escenarios/erizos.yaml"):
        with open(os.path.join(REPO, "examples", rel), encoding="utf-8") as fh:
            assert files[rel] == fh.read(), rel


def test_the_tutorials_are_linked_from_the_readme():
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as fh:
        text = fh.read()
    assert "docs/tutorial.md" in text and "docs/tutorial-es.md" in text
