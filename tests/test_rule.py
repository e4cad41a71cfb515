"""Who rules a space is declared data (interpreter/rule.py, issue 9, primitive N3): the
`governo:` / `gobierno:` declaration and the `valor: governante` modifiers are checked like
every other key (a code, `file:line:col`, a suggestion), and the rulers kept per space stay
right while pieces, cards and modifiers change."""
from __future__ import annotations

import os
import random

import pytest

import rulesdsl
from rulesdsl import compiler
from rulesdsl.errors import RulesError
from rulesdsl.interpreter import rule as rulemod
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.runtime import ruler

HERE = os.path.dirname(os.path.abspath(__file__))
CONTROLE = os.path.join(HERE, "games", "controle", "jogo.yaml")

PT = """\
idioma: pt
jogo:
  id: mini
  nome: {pt: Mini, es: Mini}
  jogadores: {mínimo: 2, máximo: 2}
  turno: [dia]
governo:
  lei: "2.5"
  peças: [guerreiro, construcao]
fases:
  dia: {nome: {pt: dia, es: día}}
tipos_de_espaço:
  clareira: {nome: {pt: clareira, es: claro}}
categorias_de_peça:
  guerreiro: {nome: {pt: guerreiro, es: guerrero}}
  construcao: {nome: {pt: construção, es: construcción}}
  marcador: {nome: {pt: marcador, es: ficha}}
mapas:
  m:
    nome: {pt: m, es: m}
    espaços:
      a: {tipo: clareira, nome: {pt: Alta, es: Alta}}
facções:
  gatos:
    nome: {pt: Gatos, es: Gatos}
    peças:
      guerreiro: {nome: {pt: guerreiro, es: guerrero}, categoria: guerreiro, quantidade: 3}
      serraria: {nome: {pt: serraria, es: aserradero}, categoria: construcao, quantidade: 3}
      madeira: {nome: {pt: madeira, es: madera}, categoria: marcador, quantidade: 3}
    turno:
      dia:
        - posicione 1 serraria em Alta
    modificadores:
      - lei: "7.2.2"
        valor: governante
        desempate: você
"""

ES = """\
idioma: es
juego:
  id: mini
  nombre: {pt: Mini, es: Mini}
  jugadores: {mínimo: 2, máximo: 2}
  turno: [dia]
gobierno:
  ley: "2.5"
  piezas: [guerreiro, construcao]
fases:
  dia: {nombre: {pt: dia, es: día}}
tipos_de_espacio:
  clareira: {nombre: {pt: clareira, es: claro}}
categorías_de_pieza:
  guerreiro: {nombre: {pt: guerreiro, es: guerrero}}
  construcao: {nombre: {pt: construção, es: construcción}}
mapas:
  m:
    nombre: {pt: m, es: m}
    espacios:
      a: {tipo: clareira, nombre: {pt: Alta, es: Alta}}
facciones:
  gatos:
    nombre: {pt: Gatos, es: Gatos}
    piezas:
      guerreiro: {nombre: {pt: guerreiro, es: guerrero}, categoría: guerreiro, cantidad: 3}
      serraria: {nombre: {pt: serraria, es: aserradero}, categoría: construcao, cantidad: 3}
    turno:
      dia:
        - coloca 1 aserradero en Alta
    modificadores:
      - ley: "7.2.2"
        valor: gobernante
        desempate: tú
"""


def diagnose(tmp_path, text):
    folder = tmp_path / "regras"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "jogo.yaml").write_text(text, encoding="utf-8")
    env = rulesdsl.Environment()
    try:
        g = env.load(str(folder))
        return list(env.diagnostics.items), g
    except RulesError as exc:
        return exc.diagnostics, None


def errors_of(tmp_path, base, old, new):
    assert old in base, old
    diags, _ = diagnose(tmp_path, base.replace(old, new, 1))
    return [d for d in diags if d.severity == "error"]


def where(d, text, needle, nth=0):
    """(line, col) of the nth occurrence of `needle` in `text`, 1-based."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(needle, i + 1)
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return line, col


def one(tmp_path, base, old, new, code, at, words=()):
    text = base.replace(old, new, 1)
    errs = errors_of(tmp_path, base, old, new)
    assert [e.code for e in errs] == [code], [e.render() for e in errs]
    (d,) = errs
    assert (d.pos.line, d.pos.col) == where(d, text, at), d.render()
    assert d.render().startswith(f"{d.pos.file}:{d.pos.line}:{d.pos.col}: ")
    for w in words:
        assert w in d.render(), d.render()
    return d


def test_the_declarations_load(tmp_path):
    for lang, text in (("pt", PT), ("es", ES)):
        diags, g = diagnose(tmp_path / lang, text)
        assert not [d for d in diags if d.severity == "error"], [d.render() for d in diags]
        assert g.rule.tiers == [{"gatos.guerreiro": 1, "gatos.serraria": 1}]
        assert g.tie_breakers == ["gatos"] and g.rule.fast is not None


# the declaration --------------------------------------------------------------------------------

def test_unknown_key_in_the_declaration(tmp_path):
    d = one(tmp_path, PT, "  peças: [guerreiro, construcao]\n", "  peças: [guerreiro, construcao]\n  empates: ninguém\n",
            "M010", "empates")
    assert "empates" in d.message()


def test_unknown_piece_or_category(tmp_path):
    d = one(tmp_path, PT, "peças: [guerreiro, construcao]", "peças: [guerreiro, construçao]",
            "M043", "construçao", ["construcao"])
    assert d.hint == "construcao"


def test_unknown_piece_in_spanish(tmp_path):
    d = one(tmp_path, ES, "piezas: [guerreiro, construcao]", "piezas: [guerrero, construcao]",
            "M043", "guerrero")
    assert d.lang == "es" and "no es" in d.message()


@pytest.mark.parametrize("weight,code", [("-1", "M072"), ("dois", "M011"), ("1.5", "M011")])
def test_a_bad_weight(tmp_path, weight, code):
    one(tmp_path, PT, "peças: [guerreiro, construcao]", f"peças: {{guerreiro: 1, construcao: {weight}}}",
        code, weight)


def test_weights_and_tiers_not_both(tmp_path):
    one(tmp_path, PT, "  peças: [guerreiro, construcao]\n",
        "  peças: [guerreiro]\n  níveis:\n    - peças: [construcao]\n", "M096", "níveis")


def test_governa_on_a_category_beside_the_declaration(tmp_path):
    one(tmp_path, PT, "construcao: {nome: {pt: construção, es: construcción}}",
        "construcao: {nome: {pt: construção, es: construcción}, governa: sim}", "M095", "governa: sim",
        ["governo"])


# the modifiers ----------------------------------------------------------------------------------

def test_a_rule_key_on_another_value(tmp_path):
    text = PT + "    valores_derivados:\n      recrutas: {nome: {pt: recrutas, es: reclutas}, base: 1}\n"
    one(tmp_path, text, "        valor: governante\n        desempate: você\n",
        "        valor: recrutas\n        soma: 1\n        peso: 2\n", "M097", "peso", ["governante"])


def test_a_rule_modifier_says_one_thing(tmp_path):
    one(tmp_path, PT, "        desempate: você\n", "        desempate: você\n        define: você\n",
        "M098", "define")
    one(tmp_path / "b", PT, "        desempate: você\n", "        soma: 1\n", "M098", "soma")


def test_a_tier_that_does_not_exist(tmp_path):
    one(tmp_path, PT, "        desempate: você\n",
        "        peças: madeira\n        peso: 2\n        nível: 2\n", "M099", "nível", ["1"])


def test_rule_cannot_depend_on_rule(tmp_path):
    one(tmp_path, PT, "        desempate: você\n",
        "        espaço: C\n        condição: você governa C\n        define: você\n", "M100", "você governa")


def test_the_ruler_value_in_the_file_language(tmp_path):
    # `governante` is the Portuguese word: in a Spanish file it names nothing
    errs = errors_of(tmp_path, ES, "valor: gobernante", "valor: governante")
    assert [e.code for e in errs] == ["M097", "C003"], [e.render() for e in errs]
    assert "gobernante" in errs[0].message()


# the value and its memo -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def controle():
    return rulesdsl.load(CONTROLE)


def _fresh(game, space):
    """Who rules `space` computed now, nothing kept."""
    s = game.s
    kept = s._ruler
    s._ruler = {}
    try:
        return ruler(game.ctx, space)
    finally:
        s._ruler = kept


def test_a_card_entering_a_play_area_changes_who_rules(controle):
    g = controle
    game = Game(g, ["azuis", "vermelhos"], seed=1)
    s, ctx = game.s, game.ctx
    assert g.rule.fast is None and g.rule.stamp is not None and "vc" in g.rule.reads
    s._ruler.clear()
    for sp in list(s.board):
        for k, n in list(s.board[sp].items()):
            s.take(sp, k, n)
    s.put("norte", "azuis.sinal", 1)
    s.put("norte", "vermelhos.unidade", 1)
    assert ruler(ctx, "norte") == "vermelhos"
    # a copy keeps the same rulers, and what changes in it stays in it
    twin = s.copy()
    card = next(c for c, cid in enumerate(s.card_defs) if cid == "estandarte")
    src = next(z for z, cs in s.zones.items() if card in cs)
    mark = s.mark()
    s.move_card(card, src, "azuis:area")
    assert ruler(ctx, "norte") == "azuis"          # no piece moved: the kept ruler was dropped
    s.rollback(mark)
    assert ruler(ctx, "norte") == "vermelhos"
    assert twin._ruler.get("norte") == "vermelhos"


def test_a_local_condition_needs_no_version(controle):
    """`houver altar seu em C` reads only the pieces of the space it rules: cards moving do
    not drop the rulers it made; the altar's own space changing does."""
    (altar,) = [m for m in controle.rule.overrides if m.var and not m.reads]
    assert altar.owner == "azuis"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kept_rulers_equal_a_fresh_computation(controle, seed, monkeypatch):
    """Random games of Controle (tiers, weights, aliases, overrides, a non-seated owner): after
    every decision, every kept ruler equals a fresh computation, and memo hits are checked."""
    monkeypatch.setattr(compiler.memo, "CHECK_MEMO", True)
    rng = random.Random(seed)
    game = Game(controle, ["azuis", "vermelhos"], seed=seed)
    spaces = list(game.m.space_ids)
    n = 0
    while game.pending is not None and n < 400:
        for sp in spaces:
            assert ruler(game.ctx, sp) == _fresh(game, sp), (n, sp)
        game.apply(rng.randrange(len(game.pending.options)))
        n += 1
    assert n > 20


def test_root_declares_rule_in_data():
    g = rulesdsl.load(os.path.join(os.path.dirname(HERE), "rulesets", "root"))
    assert g.rule.law == "2.5"
    # one tier of warriors and buildings, weight 1; the Eyrie break ties (7.2.2); nothing else
    # but a card's modifier (Soup Kitchens, E&P deck): the fast path while that card is not in
    # play, and the kept rulers keyed by who has it there (the cards' version only in a game
    # that has such a card: State.vg)
    assert g.rule.fast is not None and g.rule.stamp is None
    # the Riverfolk's Mercenaries (11.2.7.III): their modifier holds only in a game where they
    # sit (runtime.ruler takes the general path there); the selections' memo keys, fixed at
    # load, count what it reads
    assert "ribeirinhos" in g.rule.seated and g.rule.reads >= {"vb", "vg"}
    assert g.rule.gates == {"cozinhas_comunitarias"} and g.rule.stamp is None
    cats = {g.piece_kinds[k].category for k in g.rule.tiers[0]}
    assert cats == {"guerreiro", "construcao"} and set(g.rule.tiers[0].values()) == {1}
    assert g.tie_breakers == ["rapinas"]


def test_kinds_named_by_category_and_by_id(controle):
    assert set(rulemod.kinds_named(controle, "estrutura")) == {"azuis.forte", "azuis.altar", "vermelhos.forte"}
    assert rulemod.kinds_named(controle, "azuis.altar") == ["azuis.altar"]
    assert set(rulemod.kinds_named(controle, "forte")) == {"azuis.forte", "vermelhos.forte"}


def test_a_factions_override_holds_only_while_the_faction_is_seated():
    # the Lizards' Pilgrims (10.2.4: `define:` where they have a garden) need the general path
    # only in the games where the Lizards are seated
    g = rulesdsl.load(os.path.join(os.path.dirname(HERE), "rulesets", "root"))
    assert g.rule.fast is not None and "lagartos" in g.rule.seated
    without = Game(g, ["marqueses", "rapinas"], seed=1)
    assert g.rule.seated.isdisjoint(without.s.seats)
    with_them = Game(g, ["lagartos", "marqueses"], seed=1)
    assert not g.rule.seated.isdisjoint(with_them.s.seats)
