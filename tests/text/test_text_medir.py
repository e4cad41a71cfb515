"""The measuring tool (rulesdsl.text.medir): a tiny gold file, a few findings, the counts."""
import json

from rulesdsl.errors import Diagnostics
from rulesdsl.text import medir

GOLD = """\
conflitos:
  - {doc: regras-es, par: [10.5], leitura: 5, o_que: "cartas reveladas"}
  - {doc: regras-es, par: [9.2.5.I, 9.5], leitura: 5, o_que: "mochila"}
  - {doc: regras-es, par: [9.2.9.II.b], leitura: 5, o_que: "só de Manhã"}
  - {doc: regras-es, par: [9.2.8], aceito: sim, leitura: 2, o_que: "coalizão"}
  - {doc: resumo, par: [10.5], leitura: 5, o_que: "outro documento"}
achados:
  - {doc: regras-es, par: 10.5, codigo: T120, detalhe: "negation:1≠0", real: sim, motivo: r}
  - {doc: regras-es, par: 9.2.9.II.b, codigo: T120, detalhe: "negation:0≠2", real: nao, motivo: f}
"""


def finding(par, code, detail, sev="warning", doc="regras-es", pars=None):
    return {"document": doc, "paragraph": par, "paragraphs": pars or [par], "code": code,
            "severity": sev, "detail": detail, "message": "m"}


def gold(tmp_path, text=GOLD):
    p = tmp_path / "g.yaml"
    p.write_text(text, encoding="utf-8")
    d = Diagnostics("pt")
    return medir.load_gold(str(p), d), d


def test_a_conflict_is_found_by_its_paragraph_or_group_and_not_by_a_false_finding(tmp_path):
    g, d = gold(tmp_path)
    assert not d.has_errors() and g.conflicts[0].pars == ["10.5"]     # «10.5» is not a float
    findings = [
        finding("10.5", "T120", "negation:1≠0", "error"),                    # judged real
        finding("9.2.5", "T181", "destination:satchel@a", pars=["9.2.5", "9.2.5.I"]),  # group
        finding("9.2.9.II.b", "T120", "negation:0≠2", "error"),              # judged false
        finding("9.2.9.II.b", "T101", "missing"),                            # out of the count
        finding("10.5", "T127", "x", "info", doc="resumo"),                  # a note is not
    ]
    silenced = [finding("9.2.8", "T120", "negation:1≠0", "error")]
    m = medir.measure(g, findings, silenced)
    assert [c.what for c, _ in m.found] == ["cartas reveladas", "mochila", "coalizão"]
    assert [c.what for c in m.missed] == ["só de Manhã", "outro documento"]
    assert (len(m.real), len(m.false), len(m.unjudged)) == (1, 1, 1)     # the T181 is new
    assert m.by_reading() == {"2": (1, 1), "5": (2, 4)}
    out = medir.report_text(m, "es")
    assert "cobertura: 3/5 = 60\xa0%" in out and "precisión: 1/2 = 50\xa0%" in out
    assert "T181" in out.split("sin juzgar")[1]


def test_a_bad_gold_entry_is_reported_with_its_line_and_the_others_still_read(tmp_path):
    bad = GOLD.replace('codigo: T120, detalhe: "negation:0≠2", real: nao', 'codigo: T120, detalhe: "x", real: talvez')
    bad = bad.replace('{doc: resumo, par: [10.5], ', '{doc: resumo, ')
    g, d = gold(tmp_path, bad)
    assert g is None
    got = sorted((x.code, x.pos.line, x.args["field"]) for x in d)
    assert got == [("T197", 6, "par"), ("T197", 9, "real")]


def test_the_command_reads_a_check_text_json_and_prints_in_the_users_language(tmp_path, capsys):
    g = tmp_path / "g.yaml"
    g.write_text(GOLD, encoding="utf-8")
    j = tmp_path / "a.json"
    j.write_text(json.dumps({"findings": [finding("10.5", "T120", "negation:1≠0", "error")],
                             "silenced": []}), encoding="utf-8")
    assert medir.main([ "--gabarito", str(g), "--achados", str(j)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("cobertura: 1/5 = 20% dos conflitos julgados")
    assert "nenhum erro ou aviso sem julgamento" in out
    assert medir.main(["--gabarito", str(g), "--achados", str(tmp_path / "none.json")]) == 1
    assert "T198" in capsys.readouterr().err
