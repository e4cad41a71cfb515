"""Small rulesets written inside a test: load one from its text (and an optional second file),
edit it in one place, keep its errors. Shared by the tests that declare their own mini-game."""
import rulesdsl
from rulesdsl.errors import RulesError


def load(tmp_path, text, extra=None):
    """(diagnostics, GameDef or None) of the ruleset `text` (plus `extra.yaml`), never raising."""
    folder = tmp_path / "regras"
    folder.mkdir(exist_ok=True)
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    if extra is not None:
        (folder / "extra.yaml").write_text(extra, encoding="utf-8")
    env = rulesdsl.Environment()
    try:
        gd = env.load(str(folder))
    except RulesError as e:
        return e.diagnostics, None
    return list(env.diagnostics), gd


def edit(text, old, new):
    """`text` with its one `old` replaced by `new` (an edit that matches twice is a test bug)."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


def errors(diags):
    return [d for d in diags if d.severity == "error"]


def edited_errors(tmp_path, path, old, new):
    """(errors, text) of the ruleset file `path` loaded with its one `old` replaced by `new`."""
    with open(path, encoding="utf-8") as fh:
        text = edit(fh.read(), old, new)
    diags, _ = load(tmp_path, text)
    return errors(diags), text
