"""The pretty-printer (issue 2 §2): parse -> print -> parse gives an equal tree.

Property tests with hypothesis over random trees built from a fixed names table (the small game
Conquista), and every expression of Conquista and Root, in PT and ES, and PT -> ES -> PT.
"""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesdsl import nodes as N
from rulesdsl.errors import Diagnostics
from rulesdsl.model import BLOCK_KEYS, load_ruleset, parse_expression
from rulesdsl.printer import NameIndex, canonical_key, to_text

HERE = os.path.dirname(os.path.abspath(__file__))
CONQUISTA = os.path.join(HERE, "games", "conquista")
ROOT = os.path.join(os.path.dirname(HERE), "rulesets", "root")

RS = load_ruleset(CONQUISTA)
NAMES = {lang: RS.names_table(lang) for lang in ("pt", "es")}
INDEX = {lang: NameIndex(lang, NAMES[lang]) for lang in ("pt", "es")}


def _readings(terminal):
    """(kind, ids) read the same way, without a second reading, in both languages."""
    out = []
    for (t, value), _ in INDEX["pt"].spellings.items():
        if t != terminal or (t, value) not in INDEX["es"].spellings:
            continue
        # a spelling that is both an attribute and a noun ("terreno") switches reading by
        # context; the tokenizer's rule is tested elsewhere
        if any(len(r) > 1 for r in _alt_of(value)):
            continue
        out.append(value)
    return sorted(out)


def _alt_of(value):
    found = []
    for lang in ("pt", "es"):
        for (t, v), cands in INDEX[lang].spellings.items():
            if v == value:
                for c in cands:
                    tok = INDEX[lang].resolve(c[2])
                    found.append([1, 2] if getattr(tok, "alt", None) else [1])
    return found


VALUES = _readings("VALUE")
NOUNS = _readings("NOUN")
ATTRS = _readings("ATTR")
FACTIONS = [v for v in VALUES if v[0] == "faction"]
ACTIONS = [v for v in VALUES if v[0] == "action"]
VERBS = ["place", "remove", "move", "draw", "discard", "spend", "gain", "lose", "roll",
         "shuffle", "deal_hits", "give", "take", "add", "win"]
VARS = ["A", "B", "C", "K", "X", "T2"]
BUILTINS = ["card", "faction", "space", "piece", "hit"]


def name(value):
    kind, ids = value
    return N.Name(kind, tuple(ids))


# --------------------------------------------------------------------------------------------
# strategies

@st.composite
def prim(draw, depth=2):
    choices = ["num", "var", "me", "value"] + (["attr"] if depth > 0 else [])
    c = draw(st.sampled_from(choices))
    if c == "num":
        return N.Num(draw(st.integers(0, 12)))
    if c == "var":
        return N.Var(draw(st.sampled_from(VARS)))
    if c == "me":
        return N.Me()
    if c == "value":
        return name(draw(st.sampled_from(VALUES)))
    return N.AttrOf(name(draw(st.sampled_from(ATTRS))), draw(obj_of_attr(depth - 1)))


@st.composite
def obj_of_attr(draw, depth):
    if draw(st.booleans()):
        return draw(prim(depth))
    return N.Sel(None, draw(noun()), draw(st.sampled_from([None, "K"])),
                 draw(st.sampled_from([None, "mine"])), [])


@st.composite
def noun(draw):
    if draw(st.integers(0, 3)) == 0:
        return N.Name("builtin", (draw(st.sampled_from(BUILTINS)),))
    return name(draw(st.sampled_from(NOUNS)))


@st.composite
def quant(draw):
    c = draw(st.integers(0, 8))
    if c == 0:
        return None
    if c == 1:
        return N.Num(draw(st.integers(1, 5)))
    if c == 2:
        return N.Var(draw(st.sampled_from(VARS)))
    if c == 3:
        return ("each",)
    if c == 4:
        return ("all",)
    if c == 5:
        return ("any",)
    if c == 6:
        return ("upto", N.Num(draw(st.integers(1, 4))))
    if c == 7:
        return ("atleast", draw(st.sampled_from([N.Num(2), N.Var("X")])))
    return N.Num(1)


SEL_ONLY = ("with", "without", "connected", "fewest", "most")


@st.composite
def flt(draw, depth, last):
    kinds = ["of", "in", "ruled_by", "not_ruled_by", "adjacent", "except", "matching", "is",
             "another", "random", "among", "free", "has_attr", "not_of"]
    if depth > 0 and last:
        # these end in a noun phrase or an expression, which would take the next filter
        kinds += ["where"] + list(SEL_ONLY)
    k = draw(st.sampled_from(kinds))
    if k in ("of", "in", "adjacent"):
        if depth > 0 and draw(st.booleans()):
            return N.Filter(k, draw(sel(depth - 1)))
        return N.Filter(k, draw(prim(1)))
    if k in ("ruled_by", "not_ruled_by", "except", "matching", "is"):
        return N.Filter(k, draw(prim(1)))
    if k in ("another", "random"):
        return N.Filter(k)
    if k == "not_of":
        return N.Filter(k, name(draw(st.sampled_from(VALUES))))
    if k in ("free", "has_attr"):
        return N.Filter(k, name(draw(st.sampled_from(ATTRS))))
    if k == "among":
        items = draw(st.lists(st.one_of(prim(0), sel(0)), min_size=1, max_size=3))
        return N.Filter(k, N.ListOf(items))
    if k == "where":
        return N.Filter(k, draw(expr(depth - 1)))
    if k == "connected":
        s = draw(sel(depth - 1))
        if s.quant == ("each",):
            s.quant = None   # "por" + "cada" reads "por cada" (for each) in both languages
        return N.Filter(k, draw(prim(1)), s)
    return N.Filter(k, draw(sel(depth - 1)))


@st.composite
def sel(draw, depth=2):
    n = draw(st.integers(0, 2 if depth > 0 else 1))
    filters = [draw(flt(depth, i == n - 1)) for i in range(n)]
    for a, b in zip(filters, filters[1:]):
        # "de canto de C" reads as "canto de C" (an attribute of C): not writable
        if a.kind == "has_attr" and b.kind in ("of", "has_attr"):
            b.kind = "in" if b.kind == "of" else "free"
    owner = draw(st.sampled_from([None, None, "mine", "enemy"]))
    return N.Sel(draw(quant()), draw(noun()), draw(st.sampled_from([None, None, "C", "V"])),
                 owner, filters)


@st.composite
def expr(draw, depth=2):
    if depth <= 0:
        return draw(st.one_of(prim(1), sel(0)))
    c = draw(st.integers(0, 13))
    sub = expr(depth - 1)
    if c == 0:
        return draw(prim())
    if c == 1:
        return draw(sel(depth - 1))
    if c == 2:
        return N.Count(draw(sel(depth - 1)))
    if c == 3:
        return N.Exists(draw(sel(depth - 1)))
    if c == 4:
        fn = draw(st.sampled_from(["max", "min", "half_up"]))
        # a function of one value takes one (`metade arredondada para cima de X e Y` is
        # `(metade ... de X) e Y`); those of several join theirs with `e`
        return N.Call(fn, draw(st.lists(prim(1), min_size=1, max_size=1 if fn == "half_up" else 2)))
    if c == 5:
        return N.Not(draw(sub))
    if c == 6:
        return N.Logic(draw(st.sampled_from(["and", "or"])), draw(st.lists(sub, min_size=2, max_size=3)))
    if c == 7:
        return N.Cmp(draw(st.sampled_from(["=", "!=", "<", ">", "<=", ">="])), draw(sub), draw(sub))
    if c == 8:
        return N.Arith(draw(st.sampled_from(["+", "-", "*", "/"])), draw(sub), draw(sub))
    if c == 9:
        return N.Call("rules", [draw(sub), draw(sub)])
    if c == 10:
        return N.Not(N.Call("rules", [draw(sub), draw(sub)]))
    if c == 11:
        return N.Call("truthy", [N.AttrOf(name(draw(st.sampled_from(ATTRS))), draw(prim(0)))])
    if c == 12:
        return N.Call("supply_of", [N.Sel(None, draw(noun()), None, draw(st.sampled_from([None, "mine"])), [])])
    return N.Call("truthy", [draw(prim(1))])


@st.composite
def who(draw):
    return draw(st.sampled_from([None, None, N.Me(), N.Var("D"), name(FACTIONS[0])]))


@st.composite
def action(draw, depth):
    c = draw(st.integers(0, 3))
    if c == 0:
        n = draw(st.integers(0, 2))
        objs = [draw(st.one_of(sel(depth), prim(1))) for _ in range(n)]
        obj = None if not objs else objs[0] if len(objs) == 1 else N.ListOf(objs)
        keys = draw(st.lists(st.sampled_from(["to", "in", "by"]), unique=True, max_size=2))
        args = {k: draw(expr(depth)) for k in keys}
        return N.Verb(draw(st.sampled_from(VERBS)), obj, args, draw(st.booleans()), draw(who()))
    if c == 1:
        return N.Choose(draw(sel(depth)), draw(who()), draw(st.booleans()))
    if c == 2:
        args = {}
        if draw(st.booleans()):
            args = {ATTRS[0][1][0]: draw(expr(1))}
        return N.Perform(name(draw(st.sampled_from(ACTIONS))), args, draw(st.booleans()), draw(who()))
    budget = draw(st.sampled_from([None, N.Num(2), N.Var("X")]))
    acts = None
    if draw(st.booleans()):
        acts = N.ListOf([name(a) for a in draw(st.lists(st.sampled_from(ACTIONS), min_size=1, max_size=3))])
    return N.ActionMenu(budget, acts)


@st.composite
def block(draw, depth=2, max_size=3):
    return N.Block(draw(st.lists(stmt(depth), min_size=1, max_size=max_size)))


@st.composite
def stmt(draw, depth=2):
    c = draw(st.integers(0, 10 if depth > 0 else 2))
    if c == 0:
        return draw(action(1))
    if c == 1:
        return N.Let(draw(st.sampled_from(VARS)), draw(expr(1)))
    if c == 2:
        return N.Control(draw(st.sampled_from(["fail", "end_phase", "end_turn", "stop"])))
    inner = block(depth - 1, 2)
    if c == 3:
        els = draw(st.one_of(st.none(), inner))
        return N.If(draw(expr(1)), draw(inner), els)
    if c == 4:
        return N.If(draw(expr(1)), draw(inner), N.Block([N.If(draw(expr(1)), draw(inner), None)]))
    if c == 5:
        return N.ForEach(draw(sel(1)), draw(inner), draw(st.booleans()))
    if c == 6:
        return N.Repeat(draw(st.sampled_from([N.Num(2), N.Var("X"), N.Arith("+", N.Var("X"), N.Num(1))])),
                        draw(inner), draw(st.booleans()))
    if c == 7:
        return N.Try(draw(inner), draw(inner))
    if c == 8:
        node = N.ChooseBranch(draw(st.lists(inner, min_size=2, max_size=3)), None, draw(st.booleans()))
        if draw(st.booleans()):
            node.guards = [draw(st.one_of(st.none(), expr(1))) for _ in node.branches]
            if all(g is None for g in node.guards):
                node.guards = None
        return node
    if c == 9:
        act = draw(action(1))
        if isinstance(act, N.ActionMenu):
            act = N.Choose(draw(sel(1)), draw(who()), True)
        act.optional = True
        return N.Maybe(act, draw(inner))
    return draw(action(2))


# --------------------------------------------------------------------------------------------
# properties

def reparse(text, lang, start, rs=RS):
    d = Diagnostics(lang)
    tree = parse_expression(text, lang, rs.builder.tokenizer(lang), d, start)
    assert tree is not None, f"{lang} text does not parse:\n{text}\n" + "\n".join(x.message() for x in d.items)
    return tree


def round_trip(tree, start, rs=RS, owner=None, names=None):
    names = names or {lang: rs.names_table(lang) for lang in ("pt", "es")}
    want = canonical_key(tree, owner)
    pt = to_text(tree, "pt", names["pt"], owner)
    t_pt = reparse(pt, "pt", start, rs)
    assert canonical_key(t_pt, owner) == want, f"PT:\n{pt}"
    es = to_text(t_pt, "es", names["es"], owner)
    t_es = reparse(es, "es", start, rs)
    assert canonical_key(t_es, owner) == want, f"PT:\n{pt}\nES:\n{es}"
    back = to_text(t_es, "pt", names["pt"], owner)
    assert canonical_key(reparse(back, "pt", start, rs), owner) == want, f"ES:\n{es}\nPT:\n{back}"
    return pt, es


# derandomize: the same examples every run, so a CI run cannot fail by the luck of the draw
# (a deeper search: RULESDSL_HYPOTHESIS_RANDOM=1)
import os as _os
FAST = settings(max_examples=75, deadline=None, database=None,
                derandomize=not _os.environ.get("RULESDSL_HYPOTHESIS_RANDOM"),
                suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(block())
def test_random_statements_round_trip(tree):
    round_trip(tree, "start")


@FAST
@given(expr())
def test_random_expressions_round_trip(tree):
    round_trip(tree, "expr_start")


def _start(e):
    last = e.path[-1]
    return "expr_start" if isinstance(last, str) and last not in BLOCK_KEYS else "start"


@pytest.mark.parametrize("folder", [CONQUISTA, ROOT], ids=["conquista", "root"])
def test_every_ruleset_expression_round_trips(folder):
    rs = RS if folder == CONQUISTA else load_ruleset(folder)
    names = {lang: rs.names_table(lang) for lang in ("pt", "es")}
    assert rs.expressions
    for e in rs.expressions:
        assert e.tree is not None, e.path
        round_trip(e.tree, _start(e), rs, e.owner, names)


def test_printed_text_reads_naturally():
    e = next(x for x in RS.expressions if x.path[-1] == "effect" and "marchar" in x.path)
    pt, es = round_trip(e.tree, "start", RS, e.owner)
    assert pt.splitlines() == [
        "escolha um vale O com seus soldados",
        "escolha um vale D adjacente ao O",
        "leve qualquer número de seus soldados de O para D",
    ], pt
    assert es.splitlines() == [
        "elige un valle O con tus soldados",
        "elige un valle D adyacente a O",
        "lleva cualquier número de tus soldados de O a D",
    ], es


def test_one_simple_statement_stays_on_its_line():
    e = next(x for x in RS.expressions if x.path[-2:] == ("tarde", 0))
    pt, es = round_trip(e.tree, "start", RS, e.owner)
    assert pt == "para cada vale V governado por você: receba um ponto"
    assert es == "por cada valle V gobernado por ti: anota un punto"


@pytest.mark.parametrize("lang,text", [("pt", "posicione 1 guerreiro em floresta 1-2-5-10"),
                                       ("es", "coloca 1 guerrero en bosque 1-2-5-10")])
def test_a_forest_of_root_can_be_named(lang, text):
    rs = load_ruleset(ROOT)
    reparse(text, lang, "start", rs)
