"""Syntax errors of an effect expression: what the designer probably wrote, said in their language.

Before parsing, parentheses nested too deep (P009); after Lark stops on a token, the message
that names the likely mistake (P006 `não` after a condition, P007 a comparison written as a
filter, P008 `seja` used to compare) or else what was expected there (P003, P005).
"""
from __future__ import annotations

from lark.exceptions import UnexpectedToken


# parentheses deeper than this are refused before parsing: the tree is walked recursively by
# the transformer and the compiler, and no rule of any game needs more than a handful
MAX_PARENS = 32


def report_unexpected_token(exc: UnexpectedToken, tokens, where, lang, diags, lexicon, source):
    """Report the syntax error Lark stopped at (`exc`): the likely mistake, or what was expected."""
    tok = exc.token
    expected = _spell_expected(exc.expected, lexicon)
    if tok.type == "$END":
        last = tokens[-1] if tokens else None
        off = getattr(last, "end_pos", 0) or 0
        diags.add("P005", where(max(0, off - 1), 1), lang, expected=expected)
        return
    text = getattr(tok, "text", None) or (str(tok.value) if not isinstance(tok.value, tuple) else tok.type)
    start = getattr(tok, "start_pos", 0) or 0
    length = max(1, (getattr(tok, "end_pos", start + 1) or start + 1) - start)
    neg = _not_after_where(tokens, tok, exc.expected)
    cmp = _comparison_after_noun(tokens, tok, exc.expected)
    code = "P007"
    if cmp is None:
        # "número de aserraderos en Alta sea 0": `sea`/`seja` begins "sea X igual a ..."
        cmp, code = _let_as_comparison(tokens, tok), "P008"
    if tok.type == "_NL":
        diags.add("P005", where(max(0, start - 1), 1), lang, expected=expected)
    elif neg is not None:
        # "clareira C onde (...) não governada por você": after a condition, "não" goes
        # on with it ("não é", "não governa"); the filter never reaches the noun
        s0, s1 = neg.start_pos, start + length
        said = source[s0:s1] if source else f"{getattr(neg, 'text', '')} {text}"
        diags.add("P006", where(s0, s1 - s0), lang, word=" ".join(said.split()))
    elif cmp is not None:
        # "número de soldados em V não é 0", "... é maior que 0": after a noun, `é` and
        # `não` begin a filter; a count is compared with `=`, `!=`, `>`... (P007);
        # "... sea 0", "... no sea 0": `sea` names a value, it does not compare (P008)
        first, op, value = cmp
        s0, s1 = first.start_pos, start + length
        said = source[s0:s1] if source else f"{getattr(first, 'text', '')} {text}"
        diags.add(code, where(s0, s1 - s0), lang, word=" ".join(said.split()), op=op,
                  value=value)
    else:
        diags.add("P003", where(start, length), lang, word=text, expected=expected)


def _too_deep(tokens):
    """The '(' token that opens one level too many, or None."""
    depth = 0
    for t in tokens:
        if t.type == "LPAR":
            depth += 1
            if depth > MAX_PARENS:
                return t
        elif t.type == "RPAR":
            depth -= 1
    return None


def _not_after_where(tokens, tok, expected):
    """The `não` before `tok` when a filter `não governada por ...` / `não EXAURIDO` was written
    after an `onde` condition of the same sentence, where `não` can only go on with the
    condition ('não é', 'não tiver', 'não governa'); else None."""
    if tok.type not in ("RULED", "VALUE") or "IS" not in expected or "RULED" in expected:
        return None
    i = next((k for k, t in enumerate(tokens) if t is tok), None)
    if not i or tokens[i - 1].type != "NOT" or getattr(tokens[i - 1], "start_pos", None) is None:
        return None
    for t in reversed(tokens[:i - 1]):
        if t.type == "WHERE":
            return tokens[i - 1]
        if t.type in ("_NL", "SEMI", "COLON", "INDENT", "DEDENT"):
            return None
    return None


def _comparison_after_noun(tokens, tok, expected):
    """(first word, operator, value) when a comparison was written with `é` right after a noun
    phrase, where `é X` and `não ...` are filters: `não é 0` (`!=`), `é maior que 0` (`>`),
    `é igual a 0`, `é número de ...` (`=`); else None. Only in the state after a noun phrase:
    after `X é`, a comparison expects a noun phrase or a count too (`COUNT` in `expected`)."""
    i = next((k for k, t in enumerate(tokens) if t is tok), None)
    if not i or getattr(tokens[i - 1], "start_pos", None) is None:
        return None
    prev = tokens[i - 1]
    if tok.type == "IS" and prev.type == "NOT" and "RULED" in expected and "IS" not in expected:
        op = "!="
    elif prev.type == "IS" and tok.type in ("CMPOP", "BE", "COUNT") and "NUMBER" in expected \
            and "COUNT" not in expected:
        op = str(tok.value) if tok.type == "CMPOP" else "="
    else:
        return None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    value = "..."
    if tok.type != "COUNT" and nxt is not None and nxt.type in ("NUMBER", "VAR"):
        value = getattr(nxt, "text", None) or str(nxt.value)
    return prev, op, value


def _let_as_comparison(tokens, tok):
    """(first word, operator, value) when `seja`/`sea` (the word of "seja X igual a ...") was
    written in the middle of an expression as if it compared: `número de ... sea 0` (`=`),
    `... no sea 0` (`!=`); else None. At the start of a statement it names a value, as always."""
    i = next((k for k, t in enumerate(tokens) if t is tok), None)
    if tok.type != "LET" or not i or getattr(tokens[i - 1], "start_pos", None) is None:
        return None
    prev = tokens[i - 1]
    if prev.type in ("_NL", "INDENT", "DEDENT", "COLON", "SEMI"):
        return None
    first, op = (prev, "!=") if prev.type == "NOT" else (tok, "=")
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    value = "..."
    if nxt is not None and nxt.type in ("NUMBER", "VAR", "VALUE", "YOU"):
        value = getattr(nxt, "text", None) or str(nxt.value)
    return first, op, value


def _spell_expected(expected, lexicon) -> str:
    names = []
    for t in sorted(expected):
        if t.startswith("_") or t in ("$END", "INDENT", "DEDENT"):
            continue
        if lexicon is not None and t in lexicon.words:
            names.append(f"'{lexicon.spell_word(t)}'")
        else:
            names.append(lexicon.describe_terminal(t) if lexicon is not None and hasattr(lexicon, "describe_terminal") else t)
    return ", ".join(names[:8])
