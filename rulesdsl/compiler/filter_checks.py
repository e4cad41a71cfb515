"""Compile-time checks of filters whose operand can never match (a piece filter given a card,
a kind compared with an unrelated kind): errors with positions instead of an empty result.
"""
from __future__ import annotations

from .. import nodes as N
from .context import CARD, CC, CompileError, ENUMVAL, FACTION, LIST, NUMBER, PIECE, SPACE, ZONE

def _swallowed_filter(cc: CC, node):
    """C028: `clareira C onde (CONDIÇÃO) correspondente a N` reads `correspondente a N` (or
    `é X`) as part of the condition: it compares a truth value, always true (or always false),
    and the noun is not filtered. Only where the parser saw it right after an `onde`."""
    noun = getattr(node, "after_where", None)
    if noun is None:
        return
    cc.diags.add("C028", node.tail_pos, cc.lang, word=node.tail_words, noun=noun)
    raise CompileError("C028")


def _number_filter(cc: CC, f, to, sel):
    """C029: `número de soldados em V é 0` reads `é 0` as a filter of the soldiers (those that
    "are 0"), not as a comparison of the count: a space, a piece's place, a card or a player is
    never a number, so nothing passes and the count is 0. Likewise `correspondente a 0`."""
    if to != NUMBER or f.kind not in ("is", "matching"):
        return
    word = getattr(f, "tail_words", None) or _filter_word(cc, f.kind)
    value = getattr(f, "value_words", None) or "0"
    cc.diags.add("C029", getattr(f, "word_pos", None) or f.pos, cc.lang, word=word,
                 noun=_noun_words(sel), value=value, hint=getattr(f, "count_hint", None))


    raise CompileError("C029")


def _noun_words(sel) -> str:
    """The noun phrase's noun and variable as written ("vale V"), for messages."""
    if not isinstance(sel, N.Sel):
        return ""
    return " ".join(x for x in (getattr(sel.noun, "text", "") or "", sel.var or "") if x)


# the types whose values are never a space (what `é X` compares a space, or a piece's place,
# with), and the types whose values are never equal to one of another of them (`X é Y`)
_NEVER_A_SPACE = (PIECE, CARD, "carddef", FACTION, ENUMVAL, ZONE)
_TYPED = (SPACE, PIECE, CARD, FACTION, ENUMVAL, NUMBER)


def _type_words(cc, t, arg=None) -> str:
    """'um espaço', 'um jogador', "um valor de 'terreno'"... in the file's language."""
    from ..errors import format_message
    if t.startswith(LIST):
        t = "list"
    eid = _enum_of(cc.g, arg) if t == ENUMVAL else None
    if eid:
        return format_message("W.type.enumval_of", cc.lang, {"enum": cc.g.rs.name("enum", eid, cc.lang)})
    return format_message("W.type." + t, cc.lang, {})


def _enum_of(g, arg):
    """The enumeration a value named in the rule belongs to (`colina` → terreno), or None."""
    if isinstance(arg, N.Name) and arg.kind == "enumval":
        return next((e for e, vals in g.enums.items() if arg.ids[0] in vals), None)
    return None


def _never_equal_filter(cc: CC, f, to, sel):
    """C031: `vales é colina`, `soldados é você`: `é X` compares each space (for pieces, the
    place of each one) with X; a terrain, a suit, a player, a piece, a card or a list is never a
    space, so nothing passes — `número de` is 0, `houver` false. The suggestion is the filter
    the designer probably meant: `correspondente a colina`, `onde terreno de V = colina`,
    `de você` (pieces), `governada por você` (spaces), `entre X` (a list)."""
    from .. import lexicon
    pieces = not (isinstance(sel, N.Sel) and (sel.noun.kind == "spacekind" or (
        sel.noun.kind == "builtin" and sel.noun.ids[0] == "space")))
    if f.kind != "is" or not (to in _NEVER_A_SPACE or to.startswith(LIST)) or (pieces and to == ZONE):
        return
    g, w = cc.g, lexicon.get(cc.lang).spell_word
    value = getattr(f, "value_words", None)
    hint = None
    if value and to == ENUMVAL:
        eid = _enum_of(g, f.arg)
        aid = next((a for sk in (g.rs.data.get("space_kinds") or {}).values()
                    for a, spec in (sk.get("attributes") or {}).items()
                    if eid and isinstance(spec, dict) and str(spec.get("type")) == eid), None)
        if aid and aid == g.space_enum_attr:
            hint = f"{w('MATCHING')} a {value}"
        elif aid and not pieces:
            var = sel.var or "V"
            hint = f"{w('WHERE')} {g.rs.name('attr', aid, cc.lang)} {w('OF')} {var} = {value}"
            if not sel.var:
                hint = f"{sel.noun.text} {var} {hint}"
    elif value and to == FACTION:
        hint = f"{w('OF')} {value}" if pieces else f"{w('RULED')} {w('BY')} {value}"
    elif value and to.startswith(LIST):
        hint = f"{w('AMONG')} {value}"
    what = "place" if pieces else "spaces"
    cc.diags.add("C031", getattr(f, "filter_pos", None) or f.pos, cc.lang,
                 word=getattr(f, "tail_words", None) or _filter_word(cc, f.kind),
                 noun=_noun_words(sel), what=_type_words(cc, what), value=_type_words(cc, to, f.arg),
                 hint=hint)
    raise CompileError("C031")


def _kinds_named(cc: CC, node):
    """`I não é chá`: a bare piece noun compared with a piece variable names its kinds (as a
    value it would be the number of those pieces, never equal to a kind). None otherwise."""
    if not (isinstance(node, N.Sel) and node.noun.kind in ("piece", "category") and node.quant is None
            and node.var is None and node.owner is None and not node.filters):
        return None
    if node.noun.kind == "category":
        return frozenset(k for k, p in cc.g.piece_kinds.items() if p.category in node.noun.ids)
    return frozenset(node.noun.ids)


def _compare_kinds(cc: CC, node, fa, ta, fb):
    """`I é chá` / `I não é chá` (I a piece): whether I is one of the kinds named, or None."""
    kinds = _kinds_named(cc, node.b if ta == PIECE else node.a)
    if not kinds or node.op not in ("=", "!="):
        return None
    fk = fa if ta == PIECE else fb
    if node.op == "=":
        return lambda ctx: fk(ctx) in kinds
    return lambda ctx: fk(ctx) not in kinds


def _never_equal(cc: CC, node, ta, tb):
    """C033: `D é Alta` (a player and a space), `terreno de V = 1`: values of two different
    known types are never equal, so the condition is always false (`não é`: always true)."""
    if node.op not in ("=", "!=") or ta == tb or ta not in _TYPED or tb not in _TYPED:
        return
    cc.diags.add("C033", node.pos, cc.lang, word=getattr(node, "words", None) or node.op,
                 a=_type_words(cc, ta, node.a), b=_type_words(cc, tb, node.b))
    raise CompileError("C033")


# the keyword that writes each filter, to name it in the file's language
_FILTER_WORDS = {"of": "OF", "in": "IN", "with": "WITH", "without": "WITHOUT", "ruled_by": "RULED",
                 "not_ruled_by": "RULED", "adjacent": "ADJACENT", "connected": "CONNECTED",
                 "where": "WHERE", "except": "EXCEPT", "among": "AMONG", "matching": "MATCHING",
                 "free": "FREE", "is": "IS", "another": "ANOTHER", "fewest": "FEWEST",
                 "most": "MOST", "random": "RANDOM", "has_attr": "WITH",
                 "random_weighted": "WEIGHTED", "prefer": "PREFER",
                 "top": "TOP"}


def _filter_word(cc, kind):
    from .. import lexicon
    try:
        return lexicon.get(cc.lang).spell_word(_FILTER_WORDS.get(kind, kind))
    except KeyError:
        return kind
