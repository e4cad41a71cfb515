"""Write the reference docs from the verb registry and the lexicons, so they cannot drift.

    python tools/gen_docs.py            # write docs/referencia/*.md
    python tools/gen_docs.py --check    # exit 1 if a checked-in file differs

  docs/referencia/verbos.pt.md, verbos.es.md     each verb of interpreter/verbs/ REGISTRY:
                                                 its spellings (lexicon), its doc, its example
  docs/referencia/palavras.pt.md, palabras.es.md every keyword of the effect language with its
                                                 spellings, number and noise words, plurals,
                                                 the YAML keys and the enumerated values
"""
from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, REPO)

from rulesdsl import lexicon as lexmod  # noqa: E402
from rulesdsl.interpreter.verbs import REGISTRY  # noqa: E402

OUT = os.path.join(REPO, "docs", "referencia")
COMMAND = "python tools/gen_docs.py"
LANGS = ("pt", "es")
FILES = {"pt": ("verbos.pt.md", "palavras.pt.md"), "es": ("verbos.es.md", "palabras.es.md")}

T = {
    "pt": {
        "generated": f"<!-- GERADO por `{COMMAND}` a partir de interpreter/verbs/ e grammar/lexicon/: não edite à mão. -->",
        "verbs_title": "Verbos (referência)",
        "verbs_intro": ("Os verbos primitivos do interpretador (o registro fechado de `interpreter/verbs/`). "
                        "Cada efeito de uma regra termina nestes verbos. As grafias vêm de "
                        "`grammar/lexicon/pt.yaml` (a primeira é a preferida, a que `traduzir` escreve); "
                        "a comparação ignora maiúsculas e acentos."),
        "spellings": "Grafias", "example": "Exemplo", "neutral": "id neutro",
        "declared": ("sem grafia fixa: o verbo é o que o conjunto de regras declara para o estado "
                     "de peça (`estados_de_peça:`)"),
        "no_doc": "(sem descrição)",
        "words_title": "Palavras da linguagem (referência)",
        "words_intro": ("Todas as palavras que a linguagem de efeitos reconhece em português, por termo "
                        "neutro da gramática (`grammar/effects.lark`), e as chaves YAML. A primeira grafia "
                        "de cada lista é a preferida. Ver também [verbos.pt.md](verbos.pt.md)."),
        "kw": "Palavras-chave", "cmp": "Comparações", "fn": "Funções", "noun": "Substantivos embutidos",
        "verb": "Verbos", "numbers": "Números por extenso", "noise": "Palavras ignoradas (artigos)",
        "plural": "Plural dos nomes do conjunto de regras", "keys": "Chaves YAML",
        "values": "Valores enumerados", "term": "termo", "means": "sentido", "pattern": "padrão",
        "replacement": "substituição", "key": "chave neutra", "value": "valor neutro",
        "see_verbs": "ver [verbos.pt.md](verbos.pt.md)",
    },
    "es": {
        "generated": f"<!-- GENERADO por `{COMMAND}` a partir de interpreter/verbs/ y grammar/lexicon/: no lo edites a mano. -->",
        "verbs_title": "Verbos (referencia)",
        "verbs_intro": ("Los verbos primitivos del intérprete (el registro cerrado de `interpreter/verbs/`). "
                        "Todo efecto de una regla termina en estos verbos. Las grafías vienen de "
                        "`grammar/lexicon/es.yaml` (la primera es la preferida, la que escribe `traducir`); "
                        "la comparación ignora mayúsculas y acentos."),
        "spellings": "Grafías", "example": "Ejemplo", "neutral": "id neutro",
        "declared": ("sin grafía fija: el verbo es el que el conjunto de reglas declara para el estado "
                     "de pieza (`estados_de_pieza:`)"),
        "no_doc": "(sin descripción)",
        "words_title": "Palabras del lenguaje (referencia)",
        "words_intro": ("Todas las palabras que el lenguaje de efectos reconoce en español, por término "
                        "neutro de la gramática (`grammar/effects.lark`), y las claves YAML. La primera grafía "
                        "de cada lista es la preferida. Véase también [verbos.es.md](verbos.es.md)."),
        "kw": "Palabras clave", "cmp": "Comparaciones", "fn": "Funciones", "noun": "Sustantivos integrados",
        "verb": "Verbos", "numbers": "Números en letra", "noise": "Palabras ignoradas (artículos)",
        "plural": "Plural de los nombres del conjunto de reglas", "keys": "Claves YAML",
        "values": "Valores enumerados", "term": "término", "means": "sentido", "pattern": "patrón",
        "replacement": "sustitución", "key": "clave neutra", "value": "valor neutro",
        "see_verbs": "véase [verbos.es.md](verbos.es.md)",
    },
}

# what each neutral terminal does, in a few words
MEANS = {
    "IF": ("condição: `se X: ...`", "condición: `si X: ...`"),
    "ELSE": ("senão de um `se`", "rama 'si no' de un `si`"),
    "FOR_EACH": ("repete para cada elemento: `para cada clareira C ...:`", "repite para cada elemento: `por cada claro C ...:`"),
    "EACH": ("quantidade: cada um", "cantidad: cada uno"),
    "ALL": ("quantidade: todos", "cantidad: todos"),
    "ANY": ("quantidade: quantos quiser", "cantidad: los que quiera"),
    "ANY_ORDER": ("`para cada` na ordem que o jogador escolher", "`por cada` en el orden que elija el jugador"),
    "UPTO": ("quantidade ou repetição máxima: `até 2`", "cantidad o repetición máxima: `hasta 2`"),
    "ATLEAST": ("quantidade mínima", "cantidad mínima"),
    "TIMES": ("repetição: `2 vezes:`", "repetición: `2 veces:`"),
    "CHOOSE": ("escolha de um elemento, ou de uma opção (`escolha um:`)", "elección de un elemento, o de una opción (`elige un:`)"),
    "ONE": ("um (quantidade 1; `escolha um:`)", "uno (cantidad 1; `elige un:`)"),
    "OPTION": ("uma opção de `escolha um:`", "una opción de `elige un:`"),
    "MAY": ("ação opcional", "acción opcional"),
    "DO": ("realizar ações (menu de ações)", "realizar acciones (menú de acciones)"),
    "ACTIONWORD": ("a palavra 'ações' do menu", "la palabra 'acciones' del menú"),
    "TRY": ("bloco tudo-ou-nada", "bloque todo-o-nada"),
    "IF_CANNOT": ("o que fazer se o bloco `tente` falhar", "qué hacer si el bloque `intenta` fracasa"),
    "FAIL": ("falha (desfaz o bloco `tente`)", "fracaso (deshace el bloque `intenta`)"),
    "END_PHASE": ("termina a fase", "termina la fase"),
    "END_TURN": ("termina o turno", "termina el turno"),
    "STOP": ("termina a ação ou regra em curso", "termina la acción o regla en curso"),
    "LET": ("define uma variável: `seja A igual a ...`", "define una variable: `sea A igual a ...`"),
    "BE": ("o 'igual a' de `seja`", "el 'igual a' de `sea`"),
    "OR": ("ou", "o"), "AND": ("e", "y"), "NOT": ("negação", "negación"),
    "WHERE": ("filtro por condição: `onde ...`", "filtro por condición: `donde ...`"),
    "WITH": ("filtro: que contém", "filtro: que contiene"), "WITHOUT": ("filtro: que não contém", "filtro: que no contiene"),
    "OF": ("de (dono, lugar, atributo)", "de (dueño, lugar, atributo)"), "IN": ("em (lugar)", "en (lugar)"),
    "TO": ("para (destino)", "a (destino)"), "BY": ("por (quem, ou caminho)", "por (quién, o camino)"),
    "RULED": ("filtro: governada por", "filtro: gobernado por"), "RULES": ("condição: X governa Y", "condición: X gobierna Y"),
    "ADJACENT": ("filtro: adjacente a", "filtro: adyacente a"),
    "CONNECTED": ("filtro: conectada a X por ...", "filtro: conectado a X por ..."),
    "YOU": ("a facção que age", "la facción que actúa"), "YOUR": ("seu/sua (dono: quem age)", "tu/tuyo (dueño: quien actúa)"),
    "ENEMY": ("inimigo (dono: outra facção)", "enemigo (dueño: otra facción)"),
    "EXCEPT": ("filtro: exceto", "filtro: excepto"), "AMONG": ("filtro ou menu: entre uma lista", "filtro o menú: entre una lista"),
    "COUNT": ("número de elementos", "número de elementos"), "EXISTS": ("existe algum", "existe alguno"),
    "MATCHING": ("correspondente a (naipe)", "correspondiente a (palo)"),
    "FREE": ("atributo livre: `com local livre`", "atributo libre: `con espacio libre`"),
    "IS": ("é (igualdade, atributo)", "es (igualdad, atributo)"), "ANOTHER": ("filtro: outro", "filtro: otro"),
    "HAS": ("tem o atributo", "tiene el atributo"), "FEWEST": ("filtro: com menos ...", "filtro: con menos ..."),
    "MOST": ("filtro: com mais ...", "filtro: con más ..."), "RANDOM": ("escolha ao acaso", "elección al azar"),
    "CANPLACE": ("condição: é possível posicionar", "condición: es posible colocar"),
    "WEIGHTED": ("sorteio com pesos: `aleatória ponderada por (N)`, N bilhetes por elemento",
                 "sorteo con pesos: `aleatorio ponderado por (N)`, N boletos por elemento"),
    "AS_MANY": ("menu cujo orçamento é lido antes de cada passo: `realize tantas ações quanto (N)`",
                "menú cuyo presupuesto se lee antes de cada paso: `realiza tantas acciones como (N)`"),
    "AS": ("o 'quanto' de `tantas ações quanto`", "el 'como' de `tantas acciones como`"),
    "PLUS": ("soma", "suma"), "MINUS": ("subtração", "resta"),
}


def spell(words):
    return ", ".join(f"`{w}`" for w in words)


def verbs_doc(lang: str) -> str:
    t = T[lang]
    lex = lexmod.get(lang)
    out = [t["generated"], "", f"# {t['verbs_title']}", "", t["verbs_intro"], ""]
    for vid, v in REGISTRY.items():
        sps = lex.words.get("VERB:" + vid)
        out.append(f"## {sps[0] if sps else vid}")
        out.append("")
        out.append(f"- {t['neutral']}: `{vid}`")
        out.append(f"- {t['spellings']}: " + (spell(sps) if sps else t["declared"]))
        ex = v.example.get(lang)
        if ex:
            out.append(f"- {t['example']}: `{ex}`")
        out.append("")
        out.append(v.doc.get(lang) or t["no_doc"])
        out.append("")
    return "\n".join(out)


def words_doc(lang: str) -> str:
    t = T[lang]
    lex = lexmod.get(lang)
    col = 0 if lang == "pt" else 1
    out = [t["generated"], "", f"# {t['words_title']}", "", t["words_intro"], ""]
    groups = {"kw": [], "cmp": [], "fn": [], "noun": [], "verb": []}
    for neutral, sps in lex.words.items():
        if neutral.startswith("CMP:"):
            groups["cmp"].append((neutral[4:], sps))
        elif neutral.startswith("FN:"):
            groups["fn"].append((neutral[3:], sps))
        elif neutral.startswith("NOUN:"):
            groups["noun"].append((neutral[5:], sps))
        elif neutral.startswith("VERB:"):
            groups["verb"].append((neutral[5:], sps))
        else:
            groups["kw"].append((neutral, sps))
    out += [f"## {t['kw']}", "", f"| {t['term']} | {t['spellings']} | {t['means']} |", "|---|---|---|"]
    for neutral, sps in sorted(groups["kw"]):
        means = MEANS.get(neutral, ("", ""))[col]
        out.append(f"| `{neutral}` | {spell(sps)} | {means} |")
    for g in ("cmp", "fn", "noun"):
        out += ["", f"## {t[g]}", "", f"| {t['term']} | {t['spellings']} |", "|---|---|"]
        for neutral, sps in sorted(groups[g]):
            out.append(f"| `{neutral}` | {spell(sps)} |")
    out += ["", f"## {t['verb']}", "", t["see_verbs"] + ".", "", f"| {t['term']} | {t['spellings']} |", "|---|---|"]
    for neutral, sps in sorted(groups["verb"]):
        out.append(f"| `{neutral}` | {spell(sps)} |")
    out += ["", f"## {t['numbers']}", "", ", ".join(f"`{w}` = {n}" for w, n in lex.numbers.items())]
    out += ["", f"## {t['noise']}", "", spell(lex.noise)]
    out += ["", f"## {t['plural']}", "", f"| {t['pattern']} | {t['replacement']} |", "|---|---|"]
    for pat, rep in lex.plural:
        out.append(f"| `{pat}` | `{rep}` |")
    out += ["", f"## {t['keys']}", "", f"| {t['key']} | {t['spellings']} |", "|---|---|"]
    for neutral, sps in lex.keys.items():
        out.append(f"| `{neutral}` | {spell(sps)} |")
    out += ["", f"## {t['values']}", "", f"| {t['value']} | {t['spellings']} |", "|---|---|"]
    for neutral, sps in lex.values.items():
        out.append(f"| `{neutral}` | {spell(sps)} |")
    out.append("")
    return "\n".join(out)


def render() -> dict:
    """{file name: text} for every reference doc."""
    out = {}
    for lang in LANGS:
        verbs, words = FILES[lang]
        out[verbs] = verbs_doc(lang)
        out[words] = words_doc(lang)
    return out


def stale(folder: str = OUT) -> list[str]:
    bad = []
    for name, text in render().items():
        try:
            with open(os.path.join(folder, name), encoding="utf-8") as fh:
                if fh.read() != text:
                    bad.append(name)
        except OSError:
            bad.append(name)
    return bad


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare; exit 1 if stale")
    a = ap.parse_args(argv)
    if a.check:
        bad = stale()
        for n in bad:
            print(f"stale: docs/referencia/{n} (run {COMMAND})", file=sys.stderr)
        return 1 if bad else 0
    os.makedirs(OUT, exist_ok=True)
    for name, text in render().items():
        with open(os.path.join(OUT, name), "w", encoding="utf-8") as fh:
            fh.write(text)
    print(f"{len(FILES) * 2} files -> docs/referencia")
    return 0


if __name__ == "__main__":
    sys.exit(main())
