"""The reference docs are generated from the verb registry and the lexicons (issue 2 §5)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))
import gen_docs  # noqa: E402

from rulesdsl import lexicon  # noqa: E402
from rulesdsl.interpreter.verbs import REGISTRY  # noqa: E402


def test_checked_in_reference_docs_are_fresh():
    bad = gen_docs.stale()
    assert not bad, ("docs/referencia is stale (the verb registry or a lexicon changed): "
                     f"regenerate it with\n    {gen_docs.COMMAND}\nfiles that differ: " + ", ".join(bad))


def test_every_verb_and_word_is_documented():
    docs = gen_docs.render()
    for lang, (verbs, words) in gen_docs.FILES.items():
        lex = lexicon.get(lang)
        for vid, v in REGISTRY.items():
            assert f"`{vid}`" in docs[verbs]
            assert v.doc[lang] in docs[verbs]
            assert v.example[lang] in docs[verbs]
            for s in lex.words.get("VERB:" + vid, []):
                assert f"`{s}`" in docs[verbs]
        for neutral, sps in lex.words.items():
            for s in sps:
                assert f"`{s}`" in docs[words], (lang, neutral, s)
        for neutral, sps in lex.keys.items():
            assert f"| `{neutral}` | " in docs[words]


def test_docs_are_in_their_language():
    docs = gen_docs.render()
    assert "Grafias" in docs["verbos.pt.md"] and "Grafías" in docs["verbos.es.md"]
    assert "`posicione`" in docs["verbos.pt.md"] and "`coloca`" in docs["verbos.es.md"]
    assert "`posicione`" not in docs["verbos.es.md"]


# --------------------------------------------------------------------------------------------
# the guides: every example marked `efeito` / `efecto` parses with Root's names

def _examples(doc, fence):
    import re
    path = os.path.join(os.path.dirname(HERE), "docs", doc)
    with open(path, encoding="utf-8") as fh:
        return re.findall(r"```%s\n(.*?)```" % fence, fh.read(), re.S)


def test_guide_examples_parse():
    from rulesdsl.errors import Diagnostics
    from rulesdsl.model import load_ruleset, parse_expression
    rs = load_ruleset(os.path.join(os.path.dirname(HERE), "rulesets", "root"))
    for doc, fence, lang, value_words in (("linguagem.md", "efeito", "pt", ("houver",)),
                                          ("lenguaje.md", "efecto", "es", ("haya",))):
        blocks = _examples(doc, fence)
        assert len(blocks) >= 10, doc
        for b in blocks:
            d = Diagnostics(lang)
            start = "expr_start" if b.split()[0] in value_words else "start"
            tree = parse_expression(b, lang, rs.builder.tokenizer(lang), d, start)
            assert tree is not None, f"{doc}: {b!r}: " + "; ".join(x.message() for x in d.items)


def test_shipped_parse_table_matches_the_grammar():
    """rulesdsl/_parse_table.py is regenerated whenever grammar/effects.lark changes (a stale
    table is never used, but every load then builds the tables again: slower, silently)."""
    import gen_parse_table
    from rulesdsl import _parse_table
    assert _parse_table.GRAMMAR_SHA256 == gen_parse_table.grammar_sha(gen_parse_table._grammar()), (
        "rulesdsl/_parse_table.py is stale: run python tools/gen_parse_table.py")
