"""A mutation fuzzer: bad input must give diagnostics, never a traceback, never a hang.

    python -m rulesdsl.fuzz --inputs 100000 --seed 1        # the long run (docs/robustez.md)
    python -m rulesdsl.fuzz --inputs 300 --seed 0 --only jogo

Each input is a shipped file (a test game, a file of a shipped ruleset, a scenario file, a
text-catalogue file, an effect expression, a command line) changed by a few random mutations:
lines deleted, duplicated or swapped, tokens replaced, values turned into lists, maps, null,
booleans or empty strings, YAML tags, anchors and aliases, deep nesting, control characters,
huge numbers. The input is fed to the stage that reads it; it *passes* when the stage loads it
or reports diagnostics (`RulesError`), within a time bound. Any other exception, or running
past the bound, is a finding, printed with the seed that reproduces it.

Everything is derived from `--seed`: the same seed gives the same inputs on every machine, so
the tests run a fixed slice (tests/test_fuzz.py) whose count never depends on the load.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GAMES = os.path.join(ROOT, "tests", "games")
RULESET = os.path.join(ROOT, "rulesets", "root")

# values a mutation may put in place of a scalar: every shape the model might not expect
ODD_VALUES = [
    "null", "~", "true", "false", "''", '""', "[]", "{}", "[a, b]", "{a: 1}", "[[[]]]",
    "0", "-1", "99999999999999999999", "1e308", "1.5", ".nan", "-.inf", "!!python/object:os.system x",
    "!!binary aGVsbG8=", "!foo bar", "&a x", "*a", "*nada", "'\\x00'", "\"\\u2028\"", "|", ">",
    "- x", "? x", "x: y: z", "{a: [b, {c: d}]}", "\"\\x0c\"",
]
CONTROL = ["\x00", "\x01", "\x0c", "\x0b", "\u2028", "\u2029", "\x85", "\ufeff", "\x7f", "\t", "\r"]
TOKEN_RE = re.compile(r"[\w\u00c0-\u024f]+|\d+|[^\s\w]")


@dataclass
class Finding:
    target: str
    seed: int
    kind: str          # "exception" | "hang"
    detail: str
    input: str


# ---------------------------------------------------------------------------------------------
# mutations of a text

def _lines(text):
    return text.split("\n")


def m_delete_line(rng, text, vocab):
    ls = _lines(text)
    if len(ls) > 1:
        del ls[rng.randrange(len(ls))]
    return "\n".join(ls)


def m_duplicate_line(rng, text, vocab):
    ls = _lines(text)
    i = rng.randrange(len(ls))
    ls.insert(i, ls[i])
    return "\n".join(ls)


def m_swap_lines(rng, text, vocab):
    ls = _lines(text)
    i, j = rng.randrange(len(ls)), rng.randrange(len(ls))
    ls[i], ls[j] = ls[j], ls[i]
    return "\n".join(ls)


def m_replace_token(rng, text, vocab):
    toks = list(TOKEN_RE.finditer(text))
    if not toks:
        return text
    t = rng.choice(toks)
    return text[:t.start()] + rng.choice(vocab) + text[t.end():]


def m_delete_token(rng, text, vocab):
    toks = list(TOKEN_RE.finditer(text))
    if not toks:
        return text
    t = rng.choice(toks)
    return text[:t.start()] + text[t.end():]


def m_odd_value(rng, text, vocab):
    """A value after `key:` (or a list item) becomes null, a list, a map, a tag, an alias..."""
    spots = [m for m in re.finditer(r"(:[ \t]+|^[ \t]*- )([^\n#]*)", text, re.M)]
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start(2)] + rng.choice(ODD_VALUES) + text[m.end(2):]


def m_odd_block(rng, text, vocab):
    """A whole block value becomes a scalar: `key:` with nested lines → `key: null`..."""
    spots = [m for m in re.finditer(r"^([ \t]*)([^\s#:][^:\n]*):[ \t]*\n", text, re.M)]
    if not spots:
        return text
    m = rng.choice(spots)
    indent = len(m.group(1))
    rest = text[m.end():].split("\n")
    k = 0
    while k < len(rest) and (not rest[k].strip() or len(rest[k]) - len(rest[k].lstrip()) > indent):
        k += 1
    return text[:m.end() - 1] + " " + rng.choice(ODD_VALUES) + "\n" + "\n".join(rest[k:])


def m_control(rng, text, vocab):
    i = rng.randrange(len(text) + 1)
    return text[:i] + rng.choice(CONTROL) + text[i:]


def m_deep(rng, text, vocab):
    """Nesting far deeper than any ruleset: flow, block, or parentheses in an expression."""
    n = rng.choice([50, 200, 1000, 3000])
    kind = rng.randrange(4)
    if kind == 0:
        value = "[" * n + "x" + "]" * n
    elif kind == 1:
        value = "{a: " * n + "x" + "}" * n
    elif kind == 2:
        value = "(" * n + "1" + ")" * n
        return _into_expression(rng, text, value)
    else:
        value = "\n" + "".join(" " * (i + 1) + "a:\n" for i in range(min(n, 400)))
    spots = [m for m in re.finditer(r":[ \t]+([^\n#]+)", text)]
    if not spots:
        return text + "\nx: " + value
    m = rng.choice(spots)
    return text[:m.start(1)] + value + text[m.end(1):]


def m_alias(rng, text, vocab):
    """Anchors and aliases: a recursive anchor, an alias bomb, an alias to nowhere."""
    kind = rng.randrange(3)
    if kind == 0:
        value = "&r [*r]"
    elif kind == 1:
        depth = rng.choice([4, 6, 9, 12])
        lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for i in range(1, depth):
            p = f"*a{i - 1}"
            lines.append(f"a{i}: &a{i} [{', '.join([p] * 9)}]")
        return text + "\n" + "\n".join(lines) + "\n"
    else:
        value = "*" + rng.choice(vocab)
    spots = [m for m in re.finditer(r":[ \t]+([^\n#]+)", text)]
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start(1)] + value + text[m.end(1):]


def m_huge_number(rng, text, vocab):
    nums = list(re.finditer(r"\b\d+\b", text))
    if not nums:
        return text
    m = rng.choice(nums)
    return text[:m.start()] + rng.choice(["10000000000000", "999999999999999999999999", "0", "-5",
                                          "1" + "0" * 400, "2147483648"]) + text[m.end():]


def m_truncate(rng, text, vocab):
    return text[:rng.randrange(len(text) + 1)]


def m_empty(rng, text, vocab):
    return rng.choice(["", "# só um comentário\n", "\n\n", "---\n", "idioma: pt\n", "null\n", "[]\n",
                       "x\n", "--- a\n--- b\n"])


def _into_expression(rng, text, value):
    spots = list(_EXPR_RE.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start(2)] + "'" + value + "'" + text[m.end(2):]


_EXPR_KEY = r"(?:efeito|condição|requer|efecto|condición|requiere|base|some|soma)"
_EXPR_RE = re.compile(r"^([ \t]*(?:-[ \t]+)?" + _EXPR_KEY + r":[ \t]+)([^\n]*)\n", re.M)
EXPR_WORDS = ["(", ")", ",", ";", "e", "ou", "não", "se", "senão", "vezes", "10000000000000", "0",
              "-1", ":", "seja", "igual", "a", "cada", "para", "de", "em", "um", "uma", "todos",
              "escolha", "posicione", "remova", "role", "revele", "adicione", "compre", "leve",
              "realize", "até", "ações", "ação", "você", "pode", "número", "maior", "menor", "entre"]


def m_expression(rng, text, vocab):
    """Mutate one effect expression's words (the expression language's own fuzzing): the
    result is written back as one quoted YAML line, so the YAML stays valid and the mutation
    reaches the expression parser and the compiler."""
    spots = list(_EXPR_RE.finditer(text))
    if not spots:
        return m_replace_token(rng, text, vocab)
    m = rng.choice(spots)
    expr, end = m.group(2).strip(), m.end()
    if expr in ("|", ">", "|-", ">-"):
        indent = len(m.group(1)) - len(m.group(1).lstrip())
        body = []
        rest = text[end:].split("\n")
        k = 0
        while k < len(rest) and rest[k].strip() and len(rest[k]) - len(rest[k].lstrip()) > indent:
            body.append(rest[k].strip())
            k += 1
        expr = "; ".join(body)
        end += sum(len(x) + 1 for x in rest[:k])
    elif expr[:1] in "'\"":
        expr = expr.strip("'\"")
    if rng.random() < 0.25:
        # another expression of the same file in its place: a condition where an effect
        # goes, an effect of another rule — well-formed, so it reaches the compiler
        other = rng.choice(spots).group(2).strip().strip("'\"")
        if other not in ("|", ">", "|-", ">-"):
            expr = other
    words = expr.split(" ")
    pool = [w for w in vocab if w[:1].isalnum()] + EXPR_WORDS
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        op = rng.randrange(6)
        i = rng.randrange(len(words) + 1)
        if op == 0 and words:
            del words[min(i, len(words) - 1)]
        elif op == 1:
            words.insert(i, rng.choice(pool))
        elif op == 2 and len(words) > 1:
            j = rng.randrange(len(words))
            i = min(i, len(words) - 1)
            words[i], words[j] = words[j], words[i]
        elif op == 3:
            words.insert(i, rng.choice(EXPR_WORDS))
        elif op == 4 and words:
            words = words[:i]
        else:
            words[i:i] = [rng.choice(pool), rng.choice(EXPR_WORDS), rng.choice(pool)]
    new = " ".join(words).replace("'", "''")
    return text[:m.start(2)] + "'" + new + "'\n" + text[end:]


MUTATORS = [m_delete_line, m_duplicate_line, m_swap_lines, m_replace_token, m_delete_token,
            m_odd_value, m_odd_value, m_odd_block, m_odd_block, m_control, m_deep, m_alias,
            m_huge_number, m_truncate, m_expression, m_expression, m_expression]


def mutate(rng: random.Random, text: str, vocab: list[str]) -> str:
    if rng.random() < 0.02:
        return m_empty(rng, text, vocab)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        text = rng.choice(MUTATORS)(rng, text, vocab)
    return text


# ---------------------------------------------------------------------------------------------
# targets: each takes (rng, workdir) and feeds one mutated input to one stage

def _read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def _yaml_files(folder):
    out = []
    for dp, dns, fns in os.walk(folder):
        dns.sort()
        for f in sorted(fns):
            if f.endswith(".yaml"):
                out.append(os.path.join(dp, f))
    return out


class Corpus:
    def __init__(self):
        self.games = sorted(os.path.join(GAMES, g) for g in os.listdir(GAMES)
                            if os.path.isfile(os.path.join(GAMES, g, "jogo.yaml")))
        self.root_files = [p for p in _yaml_files(RULESET) if os.sep + "texto" + os.sep not in p]
        self.text_files = _yaml_files(os.path.join(RULESET, "texto"))
        self.scenario = os.path.join(ROOT, "tests", "cenarios", "conquista.yaml")
        words = set()
        for g in self.games:
            words.update(TOKEN_RE.findall(_read(os.path.join(g, "jogo.yaml"))))
        self.vocab = sorted(w for w in words if w.strip())


def _write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", errors="surrogatepass") as fh:
        fh.write(text)


def t_game(rng, work, corpus):
    """A mutated test game, validated and compiled whole (Environment.load)."""
    from .environment import Environment
    game = rng.choice(corpus.games)
    text = mutate(rng, _read(os.path.join(game, "jogo.yaml")), corpus.vocab)
    folder = os.path.join(work, "jogo")
    _write(os.path.join(folder, "jogo.yaml"), text)
    if rng.random() < 0.15:   # a second file: empty, comment-only, or a section repeated
        _write(os.path.join(folder, "extra.yaml"), m_empty(rng, text, corpus.vocab)
               if rng.random() < 0.5 else mutate(rng, text, corpus.vocab))
    yield text
    Environment().load(folder)


def t_expression(rng, work, corpus):
    """A test game whose effect expressions are mutated several times (parser + compiler)."""
    from .environment import Environment
    game = rng.choice(corpus.games)
    text = _read(os.path.join(game, "jogo.yaml"))
    for _ in range(rng.randint(1, 4)):
        text = m_expression(rng, text, corpus.vocab)
    folder = os.path.join(work, "jogo")
    _write(os.path.join(folder, "jogo.yaml"), text)
    yield text
    Environment().load(folder)


def t_ruleset_file(rng, work, corpus):
    """A mutated file of the shipped ruleset, through the loader and the shape check."""
    from .errors import Diagnostics
    from .loader import load_text
    path = rng.choice(corpus.root_files)
    text = mutate(rng, _read(path), corpus.vocab)
    yield text
    load_text(text, path, Diagnostics())


def t_ruleset(rng, work, corpus):
    """The shipped ruleset with one file mutated, validated whole (slow: ~1 s an input)."""
    from .environment import Environment
    folder = os.path.join(work, "root")
    shutil.copytree(RULESET, folder, ignore=shutil.ignore_patterns("texto"))
    path = rng.choice(_yaml_files(folder))
    text = mutate(rng, _read(path), corpus.vocab)
    _write(path, text)
    yield os.path.relpath(path, folder) + "\n" + text
    Environment().load(folder)


def t_scenario(rng, work, corpus):
    from .scenario import load_scenarios
    text = _read(corpus.scenario).replace("regras: ../games/", "regras: " + GAMES + "/")
    text = mutate(rng, text, corpus.vocab)
    path = os.path.join(work, "cenarios.yaml")
    _write(path, text)
    yield text
    load_scenarios(path)


def t_catalogue(rng, work, corpus):
    from .errors import Diagnostics
    from .text import catalogue
    folder = os.path.join(work, "rs", "texto")
    os.makedirs(folder)
    for p in corpus.text_files:
        if os.path.basename(p) in ("documentos.yaml", "glossario.yaml", "aceitos.yaml"):
            shutil.copy(p, folder)
    path = rng.choice(corpus.text_files)
    text = mutate(rng, _read(path), corpus.vocab)
    _write(os.path.join(folder, os.path.basename(path)), text)
    yield text
    catalogue.load(os.path.join(work, "rs"), Diagnostics())


CLI_WORDS = ["validar", "validate", "validar", "traduzir", "traducir", "cenario", "escenario", "descrever",
             "--lang", "--idioma", "pt", "es", "en", "xx", "--para", "--to", "--saida", "--out",
             "--json", "-v", "--help", "--", "-", "", "root", "root-es", "nada", "\x00", "ç",
             "--max-decisoes", "-1", "abc", "--semente", "99999999999999999999"]


def t_cli(rng, work, corpus):
    """A random command line (only the commands that read files: no games are played)."""
    from . import cli
    game = os.path.join(rng.choice(corpus.games), "jogo.yaml")
    bad = os.path.join(work, "bin.yaml")
    with open(bad, "wb") as fh:
        fh.write(bytes(rng.randrange(256) for _ in range(64)))
    words = CLI_WORDS + [game, os.path.dirname(game), bad, work, os.path.join(work, "out.yaml")]
    argv = [rng.choice(["validar", "traduzir", "cenario", "validate", "translate", "escenario"])]
    argv += [rng.choice(words) for _ in range(rng.randint(0, 5))]
    yield " ".join(repr(a) for a in argv)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    if code == cli.EXIT_INTERNAL:
        raise AssertionError("internal error: " + err.getvalue()[-2000:])


_COMPILED: dict = {}


def _compiled(game):
    """The test game loaded once, with its tokenizer and a pool of its expressions' words."""
    if game not in _COMPILED:
        from .environment import Environment
        gd = Environment().load(game)
        words = set()
        for e in gd.rs.expressions:
            words.update(str(e.text).replace("\n", " ").split())
        _COMPILED[game] = (gd, gd.rs.builder.tokenizer(gd.rs.lang), sorted(words),
                           [str(e.text) for e in gd.rs.expressions])
    return _COMPILED[game]


def t_effect(rng, work, corpus):
    """An effect made of the game's own words and the language's, parsed and compiled against
    the loaded game: thousands a minute, the expression language's own fuzzing."""
    from .compiler import CompileError, compile_block
    from .errors import Diagnostics
    from .model import parse_expression
    game = rng.choice(corpus.games)
    gd, tok, words, texts = _compiled(game)
    if rng.random() < 0.5:
        base = rng.choice(texts).replace("\n", " ; ").split()
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(base) + 1)
            op = rng.randrange(4)
            if op == 0 and base:
                del base[min(i, len(base) - 1)]
            elif op == 1:
                base.insert(i, rng.choice(words + EXPR_WORDS))
            elif op == 2:
                base = base[:i] if rng.random() < 0.5 else base[i:]
            else:
                base.insert(i, rng.choice(EXPR_WORDS))
    else:
        base = [rng.choice(words + EXPR_WORDS) for _ in range(rng.randint(1, 16))]
    text = " ".join(base)
    yield text
    diags = Diagnostics(gd.rs.lang)
    tree = parse_expression(text, gd.rs.lang, tok, diags)
    if tree is None:
        return
    owner = rng.choice([None] + sorted(gd.factions))
    try:
        compile_block(gd._cc(owner, None, gd.rs.lang), tree)
    except CompileError:
        pass


TARGETS = {
    "jogo": t_game, "expressao": t_expression, "arquivo": t_ruleset_file, "cenario": t_scenario,
    "catalogo": t_catalogue, "cli": t_cli, "root": t_ruleset, "efeito": t_effect,
}
# the share of each target in a run (the whole shipped ruleset is slow: kept for long runs)
WEIGHTS = {"jogo": 30, "expressao": 20, "efeito": 40, "arquivo": 20, "cenario": 8, "catalogo": 6, "cli": 6,
           "root": 0}


class _Timeout(BaseException):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def run_one(target: str, seed: int, corpus: Corpus, timeout: float = 20.0) -> Finding | None:
    """Feed one input; a Finding when it raised something other than RulesError or hung."""
    from .errors import RulesError
    rng = random.Random(f"{target}:{seed}")
    work = tempfile.mkdtemp(prefix="rulesdsl-fuzz-")
    gen = TARGETS[target](rng, work, corpus)
    shown = ""
    # the bound is CPU time of this process (ITIMER_PROF), not wall time: on a loaded, shared
    # machine a slow input is not a hang, and the same seed gives the same verdict
    use_alarm = hasattr(signal, "SIGPROF")
    old = None
    try:
        shown = next(gen)
        if use_alarm:
            old = signal.signal(signal.SIGPROF, _alarm)
            signal.setitimer(signal.ITIMER_PROF, timeout)
        try:
            next(gen)
        except StopIteration:
            pass
        return None
    except RulesError:
        return None
    except _Timeout:
        return Finding(target, seed, "hang", f"> {timeout:g} s CPU", shown)
    except RecursionError as exc:
        return Finding(target, seed, "exception", _where(exc), shown)
    except Exception as exc:  # noqa: BLE001 - this is what we look for
        return Finding(target, seed, "exception", _where(exc), shown)
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_PROF, 0)
            if old is not None:
                signal.signal(signal.SIGPROF, old)
        shutil.rmtree(work, ignore_errors=True)


def _where(exc: BaseException) -> str:
    """The exception and the innermost frame of rulesdsl that raised it: the crash's site."""
    tb = traceback.extract_tb(exc.__traceback__)
    site = ""
    for fr in reversed(tb):
        if "rulesdsl" in fr.filename or "interpreter" in fr.filename:
            site = f"{os.path.relpath(fr.filename, ROOT)}:{fr.lineno} in {fr.name}"
            break
    return f"{type(exc).__name__}: {str(exc)[:200]} @ {site}"


def plan(inputs: int, seed: int, only: list[str] | None = None) -> list[tuple[str, int]]:
    """The (target, seed) of every input of a run, derived from the run's seed."""
    rng = random.Random(seed)
    names = [t for t in WEIGHTS if (only is None and WEIGHTS[t]) or (only and t in only)]
    weights = [max(1, WEIGHTS[t]) for t in names]
    return [(rng.choices(names, weights)[0], seed * 10_000_000 + i) for i in range(inputs)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rulesdsl.fuzz",
                                 description="fuzz the loader, validator, expressions, scenarios, catalogue and CLI")
    ap.add_argument("--inputs", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", choices=sorted(TARGETS))
    ap.add_argument("--timeout", type=float, default=20.0, help="CPU seconds an input may take")
    ap.add_argument("--memory-mb", type=int, default=2048, help="address-space limit of the run")
    ap.add_argument("--save", default=None, help="folder to write each finding's input into")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--replay", metavar="TARGET:SEED", help="run one input again, showing its traceback")
    a = ap.parse_args(argv)
    if a.replay:
        target, _, seed = a.replay.partition(":")
        rng = random.Random(f"{target}:{int(seed)}")
        work = tempfile.mkdtemp(prefix="rulesdsl-fuzz-")
        gen = TARGETS[target](rng, work, Corpus())
        print(next(gen))
        from .errors import RulesError
        try:
            next(gen, None)
        except RulesError as exc:
            for d in exc.diagnostics:
                print(d.render())
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print("ok")
        return 0
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource
        lim = a.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
    corpus = Corpus()
    sites: dict[str, Finding] = {}
    counts: dict[str, int] = {}
    n = 0
    t0 = time.time()
    for target, s in plan(a.inputs, a.seed, a.only):
        f = run_one(target, s, corpus, a.timeout)
        n += 1
        if f is not None:
            key = f.kind + " " + f.detail.split(" @ ")[-1] if " @ " in f.detail else f.detail
            counts[key] = counts.get(key, 0) + 1
            if key not in sites:
                sites[key] = f
                print(f"[{n}] {f.target} seed={f.seed} {f.kind}: {f.detail}", flush=True)
                if a.save:
                    os.makedirs(a.save, exist_ok=True)
                    _write(os.path.join(a.save, f"{f.target}-{f.seed}.txt"), f.input)
        if not a.quiet and n % 500 == 0:
            print(f"... {n} inputs, {sum(counts.values())} findings, {time.time() - t0:.0f} s", flush=True)
    total = sum(counts.values())
    print(f"{n} inputs, {total} findings at {len(sites)} sites, {time.time() - t0:.0f} s")
    for k, c in sorted(counts.items(), key=lambda kv: -kv[1]):
        print(f"  {c:6d}  {k}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
