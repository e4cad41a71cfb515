"""check-text: each kind of check catches what it must and keeps quiet when it must."""
import pytest

from rulesdsl.text import catalogue as catmod

from textkit import codes, run_checks, write_catalogue


def pair(tmp_path, pt, es, **kw):
    """A Law with one paragraph 1.1 and its Spanish translation."""
    return run_checks(write_catalogue(tmp_path, {"1.1": pt}, {"1.1": es}, **kw), kw.get("data") is not None)


# --- numbers ---------------------------------------------------------------------------------

def test_changed_number_is_an_error(tmp_path):
    rep = pair(tmp_path, "Forme um suprimento de 25 guerreiros.", "Forma un suministro de 20 guerreros.")
    (f,) = codes(rep, "T110")
    assert f.severity == "error" and f.paragraph == "1.1" and f.document == "regras-es"
    assert f.args["a"] == "25" and f.args["b"] == "20"
    assert "25" in f.excerpts["lei"] and "20" in f.excerpts["regras-es"]


def test_number_words_and_digits_agree(tmp_path):
    rep = pair(tmp_path, "Compre três cartas e metade das madeiras, uma vez por turno.",
               "Roba 3 cartas y la mitad de las maderas, una vez por turno.")
    assert not codes(rep, "T110") and not codes(rep, "T113")


def test_reworded_equivalent_sentence_is_not_a_finding(tmp_path):
    rep = pair(tmp_path,
               "Se você não puder posicionar um guerreiro, posicione o máximo possível.",
               "Si no puedes poner un guerrero, pon tantos como puedas.")
    assert rep.findings == []


def test_number_only_in_one_text_is_a_warning(tmp_path):
    rep = pair(tmp_path, "Posicione a torre e 4 guerreiros numa clareira de canto.",
               "Pon la torre y guerreros en un claro de esquina.")
    (f,) = codes(rep, "T113")
    assert f.severity == "warning" and f.args["a"] == "4" and f.args["b"] == "—"
    # "numa das 4 clareiras de canto" restates what the map shows: a note
    rep = pair(tmp_path / "b", "Posicione a torre numa das 4 clareiras de canto.",
               "Pon la torre en un claro de esquina.")
    (f,) = codes(rep, "T113")
    assert f.severity == "info"


def test_changed_ordinal(tmp_path):
    rep = pair(tmp_path, "O primeiro jogador compra.", "El segundo jugador roba.")
    assert [f.detail for f in codes(rep, "T112")] == ["ordinal:1≠2"]


def test_summary_may_omit_but_not_contradict(tmp_path):
    law = {"5.1.3": "Se jogar com 2 jogadores, remova as 4 cartas de domínio. Cada jogador compra 3 cartas."}
    summary = {"5.1.3": {"número": "L9", "texto": "Cada jogador compra uma mão inicial de 2 cartas, e com 2 jogadores tire as de domínio."},
               "R:L1": {"número": "L1", "texto": "Resumo."}}
    rep = run_checks(write_catalogue(tmp_path, law, summary=summary))
    assert [f.code for f in rep.findings] == ["T111"]          # "2" said twice, the Law once
    law2 = {"5.1.3": "Cada jogador compra 3 cartas. Há 4 cartas de domínio."}
    summary2 = {"5.1.3": {"número": "L9", "texto": "Cada jogador compra 3 cartas."}}
    rep = run_checks(write_catalogue(tmp_path / "b", law2, summary=summary2))
    assert rep.findings == []                                   # leaving the 4 out is fine


# --- conditions ------------------------------------------------------------------------------

def test_removed_negation_is_an_error(tmp_path):
    rep = pair(tmp_path, "Ruínas não podem ser removidas.", "Las ruinas pueden ser retiradas.")
    (f,) = codes(rep, "T120")
    assert f.severity == "error" and f.args["na"] == 1 and f.args["nb"] == 0


def test_double_negation_counts_once(tmp_path):
    rep = pair(tmp_path, "Você nunca pode mover nenhum guerreiro.",
               "No puedes mover nunca ningún guerrero.")
    assert not codes(rep, "T120")


def test_spanish_no_is_not_portuguese_no(tmp_path):
    # PT "no" is "in the"; ES "sin embargo" is "however"
    rep = pair(tmp_path, "Posicione no mapa; no entanto, descarte.",
               "Ponlo en el mapa; sin embargo, descarta.")
    assert not codes(rep, "T120")


def test_exception_removed(tmp_path):
    rep = pair(tmp_path, "Descarte todas as cartas, exceto os vizires.",
               "Descarta todas las cartas y los visires.")
    assert [f.code for f in codes(rep)] == ["T121"]


def test_negation_traded_for_exception_is_rewording(tmp_path):
    rep = pair(tmp_path, "Cada facção, exceto o Malandro, recebe um marcador.",
               "Cada facción no-Vagabundo recibe una ficha.")
    assert not codes(rep, "T120") and not codes(rep, "T121")


def test_inclusion_turned_into_exclusion(tmp_path):
    rep = pair(tmp_path, "Mostre as cartas correspondentes (incluindo de pássaro).",
               "Muestra las cartas apropiadas (sin incluir los pájaros).")
    (f,) = codes(rep, "T122")
    assert (f.args["ia"], f.args["xa"], f.args["ib"], f.args["xb"]) == (1, 0, 0, 1)
    # "sin incluir" is an exclusion, not a second negation
    assert not codes(rep, "T120")


def test_inclusion_kept(tmp_path):
    rep = pair(tmp_path, "Qualquer carta (inclusive de domínio).", "Cualquier carta (inclusive de dominación).")
    assert not codes(rep, "T122")


def test_or_turned_into_and(tmp_path):
    rep = pair(tmp_path, "Remova uma construção ou um marcador.", "Retira una construcción y una ficha.")
    assert [f.code for f in codes(rep)] == ["T123"]


def test_or_kept_and_set_phrases(tmp_path):
    rep = pair(tmp_path, "Remova uma construção ou um marcador, em qualquer ordem ou combinação.",
               "Retira una construcción o una ficha, en cualquier orden y combinación.")
    assert not codes(rep, "T123")


# --- glossary --------------------------------------------------------------------------------

GLOSS = {
    "clearing": {"pt": {"preferido": "clareira", "variantes": []},
                 "es": {"preferido": "claro", "variantes": []}},
    "warrior": {"pt": {"preferido": "guerreiro", "variantes": []},
                "es": {"preferido": "guerrero", "variantes": []}},
    "place": {"pt": {"preferido": "posicionar", "variantes": ["posicione"]},
              "es": {"preferido": "poner", "variantes": ["pon", "pone"]}},
    "keep": {"pt": {"preferido": "Torre da Guarda", "variantes": []},
             "es": {"preferido": "castillo", "variantes": [], "evitar": ["Torre de Vigilancia"]}},
    "tower": {"pt": {"preferido": "Torre", "variantes": []},
              "es": {"preferido": "Torre", "variantes": []}},
}


def test_glossary_drift_unapproved_rendering(tmp_path):
    rep = pair(tmp_path, "Posicione um guerreiro em cada clareira.",
               "Pone un guerrero en cada espacio.", glossary=GLOSS)
    (f,) = codes(rep, "T130")
    assert f.args["concept"] == "clearing" and f.args["want"] == "claro" and f.args["have"] == "lei"


def test_glossary_approved_terms_and_inflections(tmp_path):
    rep = pair(tmp_path, "Posicione guerreiros nas clareiras.",
               "Pone guerreros en los claros.", glossary=GLOSS)
    assert not codes(rep, "T130")


def test_glossary_longest_term_wins(tmp_path):
    # "Torre da Guarda" is the keep: the shorter "Torre" (tower) is not named
    rep = pair(tmp_path, "Posicione a Torre da Guarda numa clareira.",
               "Pone el castillo en un claro.", glossary=GLOSS)
    assert not codes(rep, "T130")


def test_glossary_avoided_synonym(tmp_path):
    rep = pair(tmp_path, "Posicione a Torre da Guarda numa clareira.",
               "Pone la Torre de Vigilancia en un claro.", glossary=GLOSS)
    (f,) = codes(rep, "T131")
    assert f.args["want"] == "castillo"


def test_glossary_not_judged_when_texts_say_different_things(tmp_path):
    # an older edition that says something else altogether is not terminology drift
    rep = pair(tmp_path, "Posicione um guerreiro em cada clareira e outro guerreiro na clareira da torre, se houver espaço.",
               "Roba.", glossary=GLOSS)
    assert not codes(rep, "T130")


# --- cross-references ------------------------------------------------------------------------

LAW_X = {
    "4": {"título": "AÇÕES", "texto": ""},
    "4.3": {"título": "BATALHA", "texto": ""},
    "4.3.3": {"título": "Causando Danos.", "texto": "Cada dano remove uma peça."},
    "9.2.7": {"título": "Recebendo Danos.", "texto": "Sempre que receber dano (4.3.3), danifique um item."},
}


def test_reference_to_a_paragraph_that_does_not_exist(tmp_path):
    law = dict(LAW_X)
    law["9.2.8"] = {"título": "X.", "texto": "Veja 4.3.9 e a seção 4.3."}
    rep = run_checks(write_catalogue(tmp_path, law))
    (f,) = codes(rep, "T140")
    assert f.args["ref"] == "4.3.9" and f.args["hint"] == "4.3.3"


def test_reference_title_must_match(tmp_path):
    law = dict(LAW_X)
    law["9.2.8"] = {"título": "X.", "texto": "Veja “Mover” (4.3.3)."}
    law["9.2.9"] = {"título": "Y.", "texto": "Veja “Causando Danos” (4.3.3)."}
    rep = run_checks(write_catalogue(tmp_path, law))
    (f,) = codes(rep, "T141")
    assert f.paragraph == "9.2.8" and f.args["quoted"] == "Mover"


def test_translation_references_in_its_own_numbering(tmp_path):
    es = {"4": {"número": "3", "título": "ACCIONES", "texto": ""},
          "4.3": {"número": "3.3", "título": "BATALLA", "texto": ""},
          "4.3.3": {"número": "3.3.3", "título": "Aplicar Impactos.", "texto": "Cada impacto elimina una pieza."},
          "9.2.7": {"número": "9.2.7", "título": "Recibir Impactos.",
                    "texto": "Cuando recibe un impacto (3.3.3), daña un artículo."}}
    rep = run_checks(write_catalogue(tmp_path, LAW_X, es))
    assert not codes(rep, "T140") and not codes(rep, "T142")
    # the same paragraph citing another place is a conflict
    es["9.2.7"]["texto"] = "Cuando recibe un impacto (3.3), daña un artículo (3.1)."
    es["3.1"] = {"número": "3.1", "título": "FABRICAR", "texto": ""}
    law = dict(LAW_X, **{"4.1": {"título": "CRIAR", "texto": ""}})
    es["4.1"] = es.pop("3.1")
    rep = run_checks(write_catalogue(tmp_path / "b", law, es))
    (f,) = codes(rep, "T143")
    assert f.args["b"] == "4.1"


def test_reference_cites_another_chapter_in_the_laws_numbering(tmp_path):
    # a reference of chapter 9 only, numbered as the Law: its "4.3.3" is the Law's 4.3.3
    law = dict(LAW_X, **{"4.3.4": {"título": "Usando Efeitos.", "texto": "Use efeitos."}})
    ref = {"9.2.7": {"número": "9.2.7",
                     "texto": "Sempre que receber dano (4.3.3 - Causando Danos.), danifique um item."}}
    rep = run_checks(write_catalogue(tmp_path, law, ref=ref))
    assert not codes(rep, "T142") and not codes(rep, "T143")   # the same place, titled: equivalent
    ref["9.2.7"]["texto"] = "Sempre que receber dano (4.3.4), danifique um item."
    (f,) = codes(run_checks(write_catalogue(tmp_path / "b", law, ref=ref)), "T142")
    assert (f.paragraph, f.document, f.args["a"], f.args["b"]) == ("9.2.7", "referencia", "4.3.3", "4.3.4")


# --- stale translations ----------------------------------------------------------------------

def test_stale_translation(tmp_path):
    law = {"1.1": "Compre 3 cartas."}
    root = write_catalogue(tmp_path, law, {"1.1": {"texto": "Roba 3 cartas.", "confirmado": "0" * 64}})
    (f,) = codes(run_checks(root), "T150")
    assert f.paragraph == "1.1" and f.document == "regras-es"
    cat, _ = catmod_load(root)
    good = catmod.text_hash([cat.law.paragraphs["1.1"]])
    root2 = write_catalogue(tmp_path / "b", {"1.1": "Compre   3\ncartas."},   # rewrapped: same text
                            {"1.1": {"texto": "Roba 3 cartas.", "confirmado": good}})
    assert not codes(run_checks(root2), "T150")


def test_a_changed_title_makes_the_translation_stale(tmp_path):
    law = {"1.1": {"título": "Compra.", "texto": "Compre 3 cartas."}}
    root = write_catalogue(tmp_path, law, {"1.1": "Roba 3 cartas."})
    cat, _ = catmod_load(root)
    good = catmod.text_hash([cat.law.paragraphs["1.1"]])
    es = {"1.1": {"título": "Robo.", "texto": "Roba 3 cartas.", "confirmado": good}}
    assert not codes(run_checks(write_catalogue(tmp_path / "a", law, es)), "T150")
    retitled = {"1.1": {"título": "Compra inicial.", "texto": "Compre 3 cartas."}}
    (f,) = codes(run_checks(write_catalogue(tmp_path / "b", retitled, es)), "T150")
    assert f.paragraph == "1.1"


def catmod_load(root):
    from textkit import load
    return load(root)


# --- scope and missing -----------------------------------------------------------------------

def test_scope_note_once_per_uncovered_chapter_set(tmp_path):
    law = {f"{c}.{i}": f"Regra {c}.{i}." for c in (1, 2, 3) for i in range(1, 30)}
    es = {f"1.{i}": f"Regla 1.{i}." for i in range(1, 30) if i != 7}
    rep = run_checks(write_catalogue(tmp_path, law, es))
    (scope,) = codes(rep, "T100")
    assert scope.args["chapters"] == "2, 3" and scope.args["count"] == 58
    assert [f.paragraph for f in codes(rep, "T101")] == ["1.7"]


def test_reference_scope(tmp_path):
    law = {"6": {"título": "Marqueses", "texto": "Intro."}, "6.1": "A.", "6.2": "B.", "7.1": "C."}
    ref = {"6.1": {"número": "6.1", "texto": "A."}}
    rep = run_checks(write_catalogue(tmp_path, law, ref=ref))
    assert [f.paragraph for f in codes(rep, "T102")] == ["6.2"]      # not the chapter title 6
    assert codes(rep, "T100")[0].args["chapters"] == "7"


# --- acknowledgements ------------------------------------------------------------------------

def _two_changes(tmp_path, accepted):
    return pair(tmp_path, "Forme 25 guerreiros e 8 madeiras. Depois compre 2 cartas.",
                "Forma 20 guerreros y 8 maderas. Después roba 3 cartas.", accepted=accepted)


def test_acknowledgement_silences_only_the_finding_it_names(tmp_path):
    rep = _two_changes(tmp_path, None)
    assert len(codes(rep, "T110")) == 2
    ack = [{"código": "T110", "parágrafo": "1.1", "documento": "regras-es",
            "motivo": "edição anterior", "texto": "20 guerreros"}]
    rep = _two_changes(tmp_path / "b", ack)
    (left,) = codes(rep, "T110")
    assert left.args["b"] == "3"                   # the other change still shows
    (silenced,) = rep.silenced
    assert silenced.args["b"] == "20" and silenced.acknowledged.reason == "edição anterior"


def test_acknowledgement_by_fingerprint_and_unused_ones(tmp_path):
    fp = codes(_two_changes(tmp_path, None), "T110")[0].fingerprint
    ack = [{"código": "T110", "parágrafo": "1.1", "documento": "regras-es", "motivo": "x", "texto": fp},
           {"código": "T120", "parágrafo": "1.1", "documento": "regras-es", "motivo": "y", "texto": "nada"}]
    rep = _two_changes(tmp_path / "b", ack)
    assert len(codes(rep, "T110")) == 1 and len(rep.silenced) == 1
    (unused,) = codes(rep, "T170")
    assert unused.args["code"] == "T120"


# --- text against data -----------------------------------------------------------------------

DATA_LAW = {"6.3.1": "Forme um suprimento de 25 guerreiros e 8 madeiras.",
            "6.3.2": "Posicione a Torre da Guarda numa clareira de canto (ver 6.3.1)."}


def _data(tmp_path, yaml_text):
    return run_checks(write_catalogue(tmp_path, DATA_LAW, data={"faccoes/m.yaml": yaml_text}), True)


def test_data_contradicting_text(tmp_path):
    rep = _data(tmp_path, "idioma: pt\nprep:\n  - lei: 6.3.1\n    efeito: forme um suprimento de 20 guerreiros e 8 madeiras\n")
    (f,) = codes(rep, "T160")
    assert f.severity == "error" and f.args["value"] == "20" and f.args["text"] == "25"
    assert f.pos.line == 4 and f.pos.file.endswith("m.yaml")


def test_data_agreeing_with_text(tmp_path):
    rep = _data(tmp_path, "idioma: pt\nprep:\n  - lei: 6.3.1\n    guerreiros: 25\n    madeira: oito\n"
                          "  - {lei: 6.3.2, espaços: [1, 4, 9, 12], id: 7, cópias: 2}\n")
    assert rep.findings == []


def test_text_number_missing_from_data(tmp_path):
    rep = _data(tmp_path, "idioma: pt\nprep:\n  - lei: 6.3.1\n    guerreiros: 25\n")
    (f,) = codes(rep, "T161")
    assert f.args["value"] == "8" and f.severity == "info"


KINDS_LAW = {"10.3.4": "Posicione um jardim na clareira inicial e os 14 jardins restantes nas trilhas.",
             "11.3.3": "Posicione os 9 entrepostos comerciais nos espaços correspondentes."}
KINDS = ("idioma: pt\npeças:\n" + "".join(
    f"  jardim_{n}: {{lei: 10.3.4, quantidade: 5, naipe: {n}}}\n"
    f"  entreposto_{n}: {{lei: 11.3.3, quantidade: 3, naipe: {n}, trilhas: {{pv: [2, 2, 2]}}}}\n"
    for n in ("raposa", "coelho", "rato")))


def test_pieces_of_several_kinds_against_a_total_and_a_remainder(tmp_path):
    # 3 kinds of 5 gardens are the text's "14 remaining" once 1 is placed; 3 kinds of 3 trade
    # posts are its "9": no conflict (the track's 2s are only numbers the text lacks)
    rep = run_checks(write_catalogue(tmp_path, KINDS_LAW, data={"faccoes/l.yaml": KINDS}), True)
    assert codes(rep, "T160") == []
    # 4 gardens of each kind would leave 11, not 14: that one is a conflict
    rep = run_checks(write_catalogue(tmp_path / "b", KINDS_LAW,
                                     data={"faccoes/l.yaml": KINDS.replace("quantidade: 5", "quantidade: 4")}), True)
    assert {f.args["text"] for f in codes(rep, "T160")} == {"14"}


def test_citation_of_missing_paragraph(tmp_path):
    rep = _data(tmp_path, "idioma: pt\nprep:\n  - lei: 6.3.9\n    guerreiros: 25\n")
    (f,) = codes(rep, "T162")
    assert f.args["hint"] == "6.3.2" and (f.pos.line, f.pos.col) == (3, 10)


def test_acknowledged_count_finding_reappears_when_the_count_changes(tmp_path):
    ack = [{"código": "T120", "parágrafo": "1.1", "documento": "regras-es",
            "motivo": "edição anterior", "texto": "negation:2≠1"}]
    law = "Ruínas não podem ser removidas. O peão não pode sair."
    rep = pair(tmp_path, law, "Las ruinas pueden ser retiradas. El peón no puede salir.", accepted=ack)
    assert not codes(rep, "T120") and len(rep.silenced) == 1
    # a second negation lost in the same paragraph: the difference is new, it shows again
    rep = pair(tmp_path / "b", law, "Las ruinas pueden ser retiradas. El peón puede salir.", accepted=ack)
    assert [f.detail for f in codes(rep, "T120")] == ["negation:2≠0"]
    assert codes(rep, "T170")          # and the old acknowledgement is reported as unused
    # a quote cannot acknowledge a count: it would hide the next difference too
    quote = [dict(ack[0], texto="não podem ser removidas")]
    rep = pair(tmp_path / "c", law, "Las ruinas pueden ser retiradas. El peón no puede salir.", accepted=quote)
    assert codes(rep, "T120")
