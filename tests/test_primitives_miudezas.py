"""Small generic forms of the language (N8, N18) on a tiny non-Root game (tests/games/miudezas):
typed counters, a counter's maximum, tables of ranges, choosing a number in a range, strict
matching, swapping two pieces, replacing a piece all or nothing, removability bound to an
action, and a faction's hand everybody sees. The Law of Root paragraphs each form serves are
cited where Root has the rule (the factions themselves are written elsewhere).
"""
import os

import pytest

import rulesdsl
from rulesdsl.errors import Diagnostics, RulesError
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.machine import drive
from rulesdsl.interpreter.observation import observation
from rulesdsl.interpreter.runtime import Ctx
from rulesdsl.interpreter.small_forms import TypedValueError
from rulesdsl.compiler import CC, compile_block, CompileError
from rulesdsl.model import parse_expression

GAME = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "miudezas")


@pytest.fixture(scope="module")
def g():
    return rulesdsl.load(GAME)


def _game(g):
    return Game(g, ["azuis", "vermelhos"], seed=1)


def _compile(g, text, me, lang="pt"):
    tree = parse_expression(text, lang, g.rs.builder.tokenizer(lang), g.diags)
    assert tree is not None, [d.message() for d in g.diags.errors]
    return compile_block(CC(g, g.diags, lang, me), tree)


def _run(game, text, me, answers=(), lang="pt"):
    """Run an effect; each decision takes the next of `answers` (an option itself), else the
    first option. -> the decisions met, as lists of options."""
    run = _compile(game.g, text, me, lang)
    gen = drive(run(Ctx(game.g, game.m, game.s, me, {}, game)))
    asked, answers = [], list(answers)
    try:
        d = next(gen)
        while True:
            asked.append(list(d.options))
            i = d.options.index(answers.pop(0)) if answers else 0
            d = gen.send(i)
    except StopIteration:
        pass
    return asked


def _errors(g, text, me="azuis", lang="pt"):
    diags = Diagnostics()
    tree = parse_expression(text, lang, g.rs.builder.tokenizer(lang), diags)
    if tree is not None:
        try:
            compile_block(CC(g, diags, lang, me), tree)
        except CompileError:
            pass
    return [d.code for d in diags.errors]


# ---------------------------------------------------------------------------------------------
# N8: counters

def test_counter_maximum_holds_when_gaining_and_setting(g):
    game = _game(g)
    _run(game, "receba 2 famas", "azuis")
    _run(game, "receba 2 famas", "azuis")
    assert game.s.counters["azuis:fama"] == 3              # máximo: 3
    _run(game, "perca 9 famas", "azuis")
    assert game.s.counters["azuis:fama"] == 0              # mínimo: 0
    _run(game, "defina fama para 7", "azuis")
    assert game.s.counters["azuis:fama"] == 3
    _run(game, "defina fama para (0 - 2)", "azuis")
    assert game.s.counters["azuis:fama"] == 0


def test_a_per_faction_counter_keeps_its_bounds(g):
    game = _game(g)
    key = g.pair_key("estima", "azuis", "vermelhos")
    _run(game, "receba 3 estimas de vermelhos", "azuis")
    assert game.s.counters.get(key) == 2                   # máximo: 2, for each pair
    _run(game, "perca 5 estimas de vermelhos", "azuis")
    assert game.s.counters.get(key, 0) == 0                # mínimo: 0


def test_counter_holding_a_suit(g):
    """The Outcast suit (Law 10.3.3): a counter whose value is a suit, read and compared as one."""
    game = _game(g)
    _run(game, "se proscrito de você = lua: receba 1 ponto", "azuis")      # `inicial: lua`
    assert game.s.counters["azuis:pontos"] == 1
    _run(game, "defina proscrito para sol", "azuis")
    _run(game, "se proscrito de você = lua: receba 1 ponto", "azuis")
    assert game.s.counters["azuis:pontos"] == 1
    # it compares with a space's suit like any suit
    _run(game, "para cada casa C correspondente a (proscrito de você): receba 1 ponto", "azuis")
    assert game.s.counters["azuis:pontos"] == 3                          # Norte and Sul


def test_counter_holding_a_faction(g):
    """A hireling's controller (Law E.3): a counter whose value is a faction, none at first."""
    game = _game(g)
    assert game.s.counters["guardião"] == 0                              # no faction yet
    _run(game, "para cada jogador D onde D = guardião de você: D receba 3 pontos", "azuis")
    _run(game, "defina guardião para vermelhos", "azuis")
    _run(game, "se guardião de você = vermelhos: receba 1 ponto", "azuis")
    _run(game, "se guardião de você = azuis: receba 1 ponto", "azuis")
    _run(game, "para cada jogador D onde D = guardião de você: D receba 3 pontos", "azuis")
    assert game.s.counters["azuis:pontos"] == 1
    assert game.s.counters["vermelhos:pontos"] == 3


def test_typed_counter_misuse_is_an_error(g):
    assert _errors(g, "defina proscrito para 3") == ["M113"]
    assert _errors(g, "defina proscrito para vermelhos") == ["M113"]
    assert _errors(g, "receba 1 proscrito") == ["M112"]
    # a value met in play that the counter cannot hold: an error, never silent
    game = _game(g)
    with pytest.raises(TypedValueError):
        _run(game, "escolha uma casa C\ndefina proscrito para C", "azuis")


def test_typed_counters_are_shown_by_value(g):
    """A typed counter (N8) is observed and described by its value (a suit, a faction), never
    as the number the state keeps; the observation's vector encodes it by its place."""
    from rulesdsl.adapters.encoding import Layout
    from rulesdsl.interpreter.describe import describe_table
    from rulesdsl.interpreter.observation import observation_string
    game = _game(g)
    _run(game, "defina guardião para vermelhos", "azuis")
    o = observation(game, "azuis")
    assert o["counters"]["proscrito"] == "lua" and o["counters"]["guardião"] == "vermelhos"
    assert "proscrito lua" in describe_table(game, "azuis", "pt")
    assert "guardián rojos" in describe_table(game, "azuis", "es")
    assert "guardião = vermelhos" in observation_string(game, "azuis", "pt")
    lay = Layout.of(game)
    v = lay.encode(o)
    at = lay._off["counters"]
    assert v[at + lay._counter_i["proscrito"]] == 2.0 and v[at + lay._counter_i["guardião"]] == 2.0


def test_typed_counter_in_a_scenario_position(tmp_path):
    """A scenario sets a typed counter by the name of its value (PT and ES); another value is
    S035, with the values it can hold."""
    from rulesdsl.scenario import load_scenarios, run_scenario
    head = "idioma: pt\nregras: %s\nfacções: [azuis, vermelhos]\n" % GAME.replace("\\", "/")
    good = head + """cenários:
  - nome: posto e lido
    vez: azuis
    fase: manhã
    contadores: {proscrito: sol, guardião: vermelhos}
    espera_se:
      contadores: {proscrito: lua}
"""
    (tmp_path / "a.yaml").write_text(good, encoding="utf-8")
    res = run_scenario(load_scenarios(str(tmp_path / "a.yaml"))[0])
    assert not res.ok and "lua" in res.render("pt") and "sol" in res.render("pt")
    bad = good.replace("proscrito: sol", "proscrito: estrela")
    (tmp_path / "b.yaml").write_text(bad, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        load_scenarios(str(tmp_path / "b.yaml"))
    d = [x for x in e.value.diagnostics if x.code == "S035"]
    assert d and "sol, lua, ave" in d[0].message()


def test_cards_of_a_parameter_read_that_players_hand(tmp_path):
    """'número de cartas de D' in a derived value whose parameter D is a player: D's hand
    (as 'cartas na mão de D'), not the cards like D in the hand of who asks."""
    from minigames import errors, load
    text = open(os.path.join(GAME, "jogo.yaml"), encoding="utf-8").read()
    text = text.replace("valores_derivados:\n", """valores_derivados:
  seguradas:
    nome: {pt: cartas seguradas, es: cartas sostenidas}
    parâmetro: D
    base: número de cartas de D
""", 1)
    diags, gd = load(tmp_path, text)
    assert errors(diags) == []
    game = Game(gd, ["azuis", "vermelhos"], seed=1)
    s = game.s
    s.move_card(s.zones["monte"][0], "monte", "vermelhos:mão")
    assert (len(s.zones["azuis:mão"]), len(s.zones["vermelhos:mão"])) == (2, 3)
    _run(game, "receba (cartas seguradas de vermelhos) pontos", "azuis")
    _run(game, "receba (cartas seguradas de você) pontos", "vermelhos")
    assert game.s.counters["azuis:pontos"] == 3 and game.s.counters["vermelhos:pontos"] == 3


def _load_codes(tmp_path, edits):
    """The error codes of the test game with `edits` (old text -> new text) applied."""
    text = open(os.path.join(GAME, "jogo.yaml"), encoding="utf-8").read()
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        rulesdsl.load(str(tmp_path))
    return sorted(d.code for d in e.value.diagnostics if d.severity == "error")


def test_declarations_are_checked(tmp_path):
    codes = _load_codes(tmp_path, [
        # a type that is no type (M111); a typed counter with a maximum (M112), an initial
        # value of another type (M113)
        ("  preço:", "  cor: {tipo: naipez}\n  cor2: {tipo: naipes, inicial: sombra, máximo: 2}\n  preço:"),
        # a table row that is no range (M114), rows leaving a gap (M115)
        ("valores_derivados:\n", "valores_derivados:\n  ruim: {base: 1, tabela: {\"0\": 1, \"2-3\": 2, \"x\": 3}}\n"),
        # a global zone made public (M119); removable in an action, and never (M118)
        ("    zonas_públicas: [mão]", "    zonas_públicas: [mão, monte]"),
        ("quantidade: 1, removível_em: [batalha]", "quantidade: 1, removível: não, removível_em: [batalha]"),
    ])
    assert codes == ["M111", "M112", "M113", "M114", "M115", "M118", "M119"]


# ---------------------------------------------------------------------------------------------
# N8: tables and numbers

def test_table_by_ranges(g):
    """The Hundreds' Command (Law 14.2.4): 0 → 1, 1–2 → 2, 3 → 3, 4 or more → 4."""
    game = _game(g)
    s = game.s
    s.take("norte", "azuis.marco", 1)                  # no marker on the map
    s.adjust_supply("azuis.marco", 3)                  # (more markers than the box holds)
    seen = []
    for _ in range(6):
        s.counters["azuis:pontos"] = 0
        _run(game, "receba (comando) pontos", "azuis")
        seen.append(s.counters["azuis:pontos"])
        s.put("sul", "azuis.marco", 1)
    assert seen == [1, 2, 2, 3, 4, 4]
    # Spanish: the same table, read by its Spanish name
    s.counters["azuis:pontos"] = 0
    _run(game, "anota (mando) puntos", "azuis", lang="es")
    assert s.counters["azuis:pontos"] == 4


def test_choose_a_number_in_a_range(g):
    """A price from 1 to 4 (Law 11.2.6, 11.6.2): the choice offers exactly those numbers."""
    game = _game(g)
    asked = _run(game, "escolha um número N entre 1 e 4\ndefina preço para N", "azuis", answers=[3])
    assert asked == [[1, 2, 3, 4]]
    assert game.s.counters["azuis:preço"] == 3
    asked = _run(game, "escolha um número N entre (preço de você) e 4 onde N != 4\nreceba N pontos",
                 "azuis", answers=[3])
    assert asked == [] and game.s.counters["azuis:pontos"] == 3          # only 3 was left
    # Spanish
    asked = _run(game, "elige un número N entre 2 y 3\nanota N puntos", "vermelhos", answers=[2],
                 lang="es")
    assert asked == [[2, 3]] and game.s.counters["vermelhos:pontos"] == 2


def test_number_without_a_range_is_an_error(g):
    assert _errors(g, "escolha um número N") == ["M110"]
    assert _errors(g, "escolha um número N entre 1, 2 e 3") == ["M110"]


# ---------------------------------------------------------------------------------------------
# N18: strict matching

def test_strict_matching_leaves_the_wild_suit_out(g):
    """Birds are not wild for the Lizard Cult's rituals (Law 10.2.2)."""
    game = _game(g)
    hand = game.s.zones["azuis:mão"]
    assert {g.card_attr(Ctx(g, game.m, game.s, "azuis", {}, game), c, "naipe") for c in hand} == {"ave"}
    _run(game, "para cada casa C onde houver carta correspondente a C na sua mão: receba 1 ponto", "azuis")
    assert game.s.counters["azuis:pontos"] == 3          # a bird matches every house
    _run(game, "para cada casa C onde houver carta correspondente exatamente a C na sua mão: "
               "receba 1 ponto", "azuis")
    assert game.s.counters["azuis:pontos"] == 3          # ... but not exactly
    _run(game, "para cada carta K na sua mão:\n  se K corresponde exatamente a ave: receba 1 ponto", "azuis")
    assert game.s.counters["azuis:pontos"] == 5          # a bird matches a bird
    # the menu: the ritual needs an exact match, so it is not offered to the blue player
    assert "rito" not in game.legal_ids()
    # Spanish
    _run(game, "para cada casa C onde houver carta correspondente exatamente a C na sua mão: "
               "receba 1 ponto", "azuis")
    _run(game, "por cada casa C donde haya carta correspondiente exactamente a C en tu mano: "
               "anota 1 punto", "azuis", lang="es")
    assert game.s.counters["azuis:pontos"] == 5


# ---------------------------------------------------------------------------------------------
# N18: swap, replace

def test_swap_two_pieces(g):
    """The Corvids' Trick (Law 13.5.4): two pieces trade places; a swap is not a move."""
    game = _game(g)
    _run(game, "troque 1 marco seu em Norte e 1 soldado em Sul", "azuis")
    b = game.s.board
    assert b["norte"] == {"azuis.soldado": 1, "azuis.chefe": 1, "vermelhos.soldado": 1}
    assert b["sul"] == {"vermelhos.soldado": 1, "azuis.marco": 1}
    # one side missing: nothing happens
    _run(game, "troque 1 marco seu em Centro e 1 soldado em Sul", "azuis")
    assert b["sul"] == {"vermelhos.soldado": 1, "azuis.marco": 1}
    # ... and inside `tente`, that is a failure
    _run(game, "tente: troque 1 marco seu em Centro e 1 soldado em Sul\nse não puder: receba 1 ponto",
         "azuis")
    assert game.s.counters["azuis:pontos"] == 1
    # Spanish
    _run(game, "intercambia 1 hito tuyo en Sur y 1 soldado tuyo en Norte", "azuis", lang="es")
    assert b["sul"] == {"vermelhos.soldado": 1, "azuis.soldado": 1}


def test_replace_all_or_nothing(g):
    """Conversion (Law 10.4.3.II): an enemy warrior is replaced by one of yours; if you have no
    warrior to place, nothing happens."""
    game = _game(g)
    _run(game, "substitua 1 soldado inimigo em Sul por 1 soldado seu", "azuis")
    assert game.s.board["sul"] == {"vermelhos.soldado": 1, "azuis.soldado": 1}
    assert game.s.supply["vermelhos.soldado"] == 2
    # no soldier left in the supply: nothing happens, the enemy soldier stays
    game.s.supply["azuis.soldado"] = 0
    _run(game, "substitua 1 soldado inimigo em Centro por 1 soldado seu", "azuis")
    assert game.s.board["centro"] == {"vermelhos.soldado": 1}
    # a building in a full slot: the slot the removed piece frees counts
    _run(game, "posicione 1 marco em Sul", "vermelhos")
    assert game.s.board["sul"].get("vermelhos.marco") == 1
    _run(game, "substitua 1 marco inimigo em Sul por 1 marco seu", "azuis")
    assert game.s.board["sul"].get("azuis.marco") == 1 and "vermelhos.marco" not in game.s.board["sul"]
    # Spanish
    game.s.supply["azuis.soldado"] = 1
    _run(game, "sustituye 1 soldado enemigo en Centro por 1 soldado tuyo", "azuis", lang="es")
    assert game.s.board["centro"] == {"azuis.soldado": 1}


def test_replace_needs_a_place_and_one_kind(g):
    assert _errors(g, "substitua 1 soldado inimigo por 1 soldado seu") == ["M116"]
    assert _errors(g, "troque 1 marco seu e 1 soldado em Sul") == ["M116"]


# ---------------------------------------------------------------------------------------------
# N18: removability bound to an action; a public hand

def test_piece_removable_only_in_battle(g):
    """The Warlord is removed only in battle (Law 14.2.2)."""
    game = _game(g)
    _run(game, "remova todas as peças de Norte", "vermelhos")
    assert game.s.board["norte"] == {"azuis.chefe": 1}
    game.s.put("norte", "vermelhos.soldado", 1)
    # hits outside the battle action do not remove it either
    _run(game, "cause 2 danos às peças de azuis em Norte", "vermelhos")
    assert game.s.board["norte"]["azuis.chefe"] == 1
    # the battle action: hits remove the chief too
    _run(game, "realize batalha", "vermelhos", answers=["norte", "azuis"])
    assert game.s.board.get("norte", {}).get("azuis.chefe", 0) == 0


def test_public_hand(g):
    """The Riverfolk's hand is public (Law 11.2.3): every player sees it; the other hand stays
    its owner's."""
    game = _game(g)
    assert g.zone_visible_to("vermelhos:mão", "azuis")
    assert not g.zone_visible_to("azuis:mão", "vermelhos")
    red_hand = observation(game, "azuis")["zones"]["vermelhos:mão"]
    blue_hand = observation(game, "vermelhos")["zones"]["azuis:mão"]
    assert red_hand.get("cards") and len(red_hand["cards"]) == 2
    assert not blue_hand.get("cards") and blue_hand.get("size") == 2


def test_you_may_place_asks_first(g):
    """"Você pode posicionar ..." is optional (Law 1.5.4 reads every "may" as a choice): the
    player is asked, and declining does nothing — also in "você pode X: Y", where Y then does
    not happen. A verb that is a cost ("você pode gastar ...") asks in its own way."""
    from rulesdsl.interpreter.runtime import PASS
    game = _game(g)
    before = dict(game.s.board["sul"])
    asked = _run(game, "você pode posicionar 1 soldado em Sul", "azuis", answers=[PASS])
    assert asked == [[True, PASS]] and game.s.board["sul"] == before
    _run(game, "você pode posicionar 1 soldado em Sul: receba 1 ponto", "azuis", answers=[PASS])
    assert game.s.counters["azuis:pontos"] == 0 and game.s.board["sul"] == before
    _run(game, "você pode posicionar 1 soldado em Sul: receba 1 ponto", "azuis", answers=[True])
    assert game.s.counters["azuis:pontos"] == 1 and game.s.board["sul"]["azuis.soldado"] == 1
    # Spanish, and the plain imperative still does not ask
    assert _run(game, "puedes colocar 1 soldado en Sur", "azuis", answers=[True], lang="es") == [[True, PASS]]
    assert game.s.board["sul"]["azuis.soldado"] == 2
    assert _run(game, "posicione 1 soldado em Sul", "azuis") == []
