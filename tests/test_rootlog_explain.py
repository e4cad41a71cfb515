"""Rootlog: the report names the rule the engine applies where it cannot replay an action, and
the correspondence file's values are checked against the ruleset (docs/rootlog.md, «O relatório
diz a regra»)."""
import pytest

from rulesdsl.errors import RulesError
from rulesdsl.rootlog.mapping_values import check_values

ROOT_MAPPING = "rulesets/root/texto/rootlog/rootlog.yaml"

# a correspondence with one wrong value of each kind the reader looks up in the ruleset
BAD = """idioma: pt
rootlog:
  contador_de_pontos: pvv
  mapas: {Fall: outonu}
  naipes: {B: passaro, F: raposas}
  estados_de_item: {e: exaurido, d: danificada}
  itens: {s: espada, b: bolsa}
  facções:
    C:
      id: marqueses
      peças: {w: guerriro, t: madeira}
    X:
      id: lagartoz
      peças: {w: nada}
    O:
      id: ribeirinhos
      contadores: {h: preco_da_cartaa}
      quadro_peças: {"": [pagamentos, fundoss]}
      criar_exaure: [h]
  cartas:
    sap: [sapadoras]
  congela_pontos: [domm]
  zonas: {mão: "{facção}:maos", baralho: baralho}
"""


def _found(exc):
    return [(d.code, d.pos.line, d.pos.col, d.args["value"], d.hint) for d in exc.value.diagnostics]


def test_every_wrong_value_is_reported_where_it_stands_with_the_nearest_valid_one(root_def):
    with pytest.raises(RulesError) as exc:
        check_values("rootlog.yaml", BAD, root_def)
    assert _found(exc) == [
        ("RLM.value_counter", 3, 23, "pvv", "pv"),
        ("RLM.value_map", 4, 17, "outonu", "outono"),
        ("RLM.value_suit", 5, 27, "raposas", "raposa"),
        ("RLM.value_status", 6, 37, "danificada", "danificado"),
        ("RLM.value_piece", 11, 18, "guerriro", "guerreiro"),
        ("RLM.value_faction", 13, 11, "lagartoz", "lagartos"),   # its pieces are not looked at
        ("RLM.value_counter", 17, 23, "preco_da_cartaa", "preco_da_carta"),
        ("RLM.value_faction_zone", 18, 39, "fundoss", "fundos"),
        ("RLM.value_item_letter", 19, 22, "h", None),          # `itens:` has no hammer here
        ("RLM.value_card", 21, 11, "sapadoras", "sapadores"),
        ("RLM.value_card_name", 22, 20, "domm", None),   # `cartas:` names only `sap` here
        ("RLM.value_zone", 23, 26, "maos", "mao"),       # the zone after `{facção}:`
    ]


@pytest.mark.parametrize("lang, words", [("pt", "não é um tipo de peça deste conjunto de regras"),
                                         ("es", "no es un tipo de pieza de este conjunto de reglas")])
def test_a_wrong_value_is_shown_with_its_line_a_caret_and_the_suggestion(root_def, lang, words):
    with pytest.raises(RulesError) as exc:
        check_values("rootlog.yaml", BAD, root_def, lang)
    d = next(d for d in exc.value.diagnostics if d.code == "RLM.value_piece")
    text = d.render(lang, {"rootlog.yaml": BAD})
    assert "rootlog.yaml:11:18" in text and words in text
    assert "      peças: {w: guerriro, t: madeira}" in text
    assert "^^^^^^^^" in text and "guerreiro" in text.split("\n")[-1]


def test_roots_own_correspondence_names_only_what_the_ruleset_has(root_def):
    with open(ROOT_MAPPING, encoding="utf-8") as fh:
        check_values(ROOT_MAPPING, fh.read(), root_def)


# -- the rule the engine applies where the record's change is not made (why.py) ----------------

@pytest.fixture(scope="module")
def daylight(root_def):
    """The Marquise's second turn, Fall map, at her first Daylight menu (three actions): her
    buildings in 2 (sawmill, recruiter) and 6 (workshop), a warrior in each clearing but 4, which
    the Eyrie rules with a roost; in hand a bird card, a mouse card and the Knapsack."""
    import random
    from rulesdsl.interpreter.engine import Game
    game = Game(root_def, ["marqueses", "rapinas"], seed=14)
    r = random.Random(1)
    while game.s.turn_no < 2:
        game.apply(r.randrange(len(game.legal_actions())))
    while "marqueses.erguer" not in game.legal_ids():
        game.apply(0)
    return game


def _why(root_def, mapping, game, place, kinds, sign, n=1, lang="pt"):
    """The explanation of one change of a Marquise line (`C:`) at this position."""
    from types import SimpleNamespace as NS
    from rulesdsl.rootlog.expected import Atom
    from rulesdsl.rootlog.why import explain
    rp = NS(g=root_def, lang=lang, mp=mapping, actions=[(1, NS(faction="C"), None)])
    return explain(rp, game, Atom(place, frozenset(kinds), sign, n, 0, 1))


@pytest.mark.law("6.5.4")
@pytest.mark.parametrize("lang, words", [
    ("pt", "erguer é oferecida ali, mas 'clareira 4' não é permitido aqui: não cumpre «governada por você» — Lei 6.5.4"),
    ("es", "construir se ofrece allí, pero 'claro 4' no está permitido aquí: no cumple «governada por você» — Ley 6.5.4")])
def test_a_sawmill_the_record_builds_where_the_eyrie_rules_names_the_filter_it_fails(
        root_def, mapping, daylight, lang, words):
    """`b_s->4`: the Marquise may build (her menu offers it), but only in a clearing she rules."""
    before = (daylight.s.board, len(daylight.history), daylight.legal_ids())
    ex = _why(root_def, mapping, daylight, "c4", {"marqueses.serraria"}, +1, lang=lang)
    assert words in ex["text"] and ex["laws"] == ["6.5.4"]
    assert [a["action"] for a in ex["actions"]] == ["marqueses.erguer"]
    assert ex["decision"] == {"player": "marqueses", "kind": "menu", "law": "6.5"}
    # explaining plays on copies only
    assert (daylight.s.board, len(daylight.history), daylight.legal_ids()) == before


@pytest.mark.law("6.5.5")
def test_overwork_is_offered_but_puts_wood_only_where_a_sawmill_stands(root_def, mapping, daylight):
    """`t->10`: Overwork is the Marquise's action that places wood; none of its choices puts
    it in 10, which has no sawmill."""
    ex = _why(root_def, mapping, daylight, "c10", {"marqueses.madeira"}, +1)
    assert "hora extra (Lei 6.5.5) é oferecida ali, mas nenhuma das suas escolhas faz essa mudança" in ex["text"]


@pytest.mark.law("6.5.3")
def test_a_second_recruit_names_the_per_turn_limit(root_def, mapping, daylight):
    """Recruit once per turn: after it, `w->2` is made only by a March into 2."""
    game = daylight.clone()
    game.apply(game.legal_ids().index("marqueses.recrutamento"))
    while game.pending.kind != "menu":
        game.apply(0)
    ex = _why(root_def, mapping, game, "c2", {"marqueses.guerreiro"}, +1)
    assert "recrutamento: limite por turno atingido (Lei 6.5.3)" in ex["text"]
    assert "marcha (Lei 6.5.2) é oferecida ali e pode fazer essa mudança em clareira 2" in ex["text"]


@pytest.mark.law("6.5.5")
def test_overwork_without_a_matching_card_quotes_the_requirement_that_fails(root_def, mapping, daylight):
    """The bird card spent for an extra action, the mouse card on Overwork: the Knapsack left
    matches no clearing with a sawmill, and the menu no longer offers Overwork."""
    game = daylight.clone()
    for aid in ("marqueses.acao_do_passaro", "marqueses.hora_extra"):
        game.apply(game.legal_ids().index(aid))
        while game.pending.kind != "menu":
            game.apply(0)
    assert "marqueses.hora_extra" not in game.legal_ids()
    ex = _why(root_def, mapping, game, "c2", {"marqueses.madeira"}, +1)
    assert ("hora extra: não cumpre «houver clareira C com serraria onde houver carta correspondente a C "
            "na sua mão» (Lei 6.5.5)") in ex["text"]


def test_the_json_of_a_correction_adds_the_laws_its_explanation_cites():
    from types import SimpleNamespace as NS
    from rulesdsl.rootlog.repair import Correction
    from rulesdsl.rootlog.report import result_json
    c = Correction(3, 9, "b_s->4", "C", "unexplained", [["put", "c4", "marqueses.serraria", 1]],
                   "erguer ... — Lei 6.5.4", 0, 0, ["6.5.4"])
    res = NS(stop=None, blocks_done=1, blocks_total=1, actions_total=1, actions_checked=1, actions_matched=0,
             seats=[], scores={}, winner_log=None, skipped=[], corrections=[c])
    [j] = result_json(NS(swaps=[]), res)["corrections"]
    assert (j["explain"], j["explain_laws"]) == ("erguer ... — Lei 6.5.4", ["6.5.4"])


def test_the_command_line_stops_on_a_wrong_value_before_replaying_and_writes_nothing(
        tmp_path, capsys, monkeypatch, root_def):
    """`rootlog importar` with a correspondence whose faction entry names a piece kind the
    ruleset does not have: exit 1, the error at its line with a caret and the suggestion, in the
    user's language; no saved game written."""
    import yaml
    from rulesdsl.cli import main
    from rulesdsl.rootlog import cli as rootlog_cli
    from rulesdsl.rootlog.mapping import Mapping
    with open(ROOT_MAPPING, encoding="utf-8") as fh:
        text = fh.read().replace("b_w: oficina,", "b_w: oficinna,")
    bad = tmp_path / "rootlog.yaml"
    bad.write_text(text, encoding="utf-8")
    monkeypatch.setattr(rootlog_cli, "_mapping", lambda ruleset: Mapping(yaml.safe_load(text), str(bad)))
    record = tmp_path / "x.rootlog"
    record.write_text("Map: Fall\nC: x\nE: y\n", encoding="utf-8")
    out = tmp_path / "out.json"
    assert main(["rootlog", "importar", str(record), "--saida", str(out), "--idioma", "es"]) == 1
    err = capsys.readouterr().err
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "oficinna" in s)
    assert f"rootlog.yaml:{line}:" in err and "'oficinna' no es un tipo de pieza" in err
    assert "^^^^^^^^" in err and "oficina" in err.split("oficinna")[-1]
    assert not out.exists()


# the faction keys added after the checker (a suit marker's counters, the unwritten costs)
BAD_MARKERS = """idioma: pt
rootlog:
  facções:
    L:
      id: lagartos
      marcadores_de_naipe: {o: {pariah: naipe, odio: zero}}
    O:
      id: ribeirinhos
      custos_não_escritos: {de: fundo, para: comprometidos, ações: {movimento: um}}
"""


def test_a_suit_markers_counters_and_values_and_the_unwritten_costs_are_checked(root_def):
    with pytest.raises(RulesError) as exc:
        check_values("rootlog.yaml", BAD_MARKERS, root_def)
    assert _found(exc) == [
        ("RLM.value_counter", 6, 33, "pariah", "paria"),
        ("RLM.value_marker_value", 6, 54, "zero", None),
        ("RLM.value_faction_zone", 9, 33, "fundo", "fundos"),
        ("RLM.value_cost_units", 9, 80, "um", None),
    ]


def test_every_key_the_reader_knows_has_its_values_checked_or_is_declared_free():
    from rulesdsl.rootlog import mapping_check as keys
    from rulesdsl.rootlog import mapping_values as values
    assert set(keys.SECTION_KEYS) == set(values.CHECKED_SECTION_KEYS) | set(values.UNCHECKED_SECTION_KEYS)
    assert set(keys.FACTION_KEYS) == set(values.CHECKED_FACTION_KEYS)


def test_an_explanation_that_fails_says_so_instead_of_leaving_the_correction_silent(monkeypatch):
    from types import SimpleNamespace
    from rulesdsl.rootlog import why

    def broken(*a, **k):
        raise KeyError("x")
    monkeypatch.setattr(why, "_actions_explain", broken)
    monkeypatch.setattr(why, "_place_explain", lambda *a: None)
    out = why.explain(SimpleNamespace(lang="es"), None, object())
    assert "KeyError" in out["text"] and "no logró explicar" in out["text"]
