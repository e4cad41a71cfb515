"""N7/N9 pieces of the engine: crafting as an event (`cria: K` on an action → `criação`
{carta, por} once the action is done), a card revealed (`revelação`), the removal destination
(`substituições:` of `remoção` with `destino:`, a piece zone of 'você': still a removal, the
pieces just do not reach the supply) and `devolva` (pieces of a piece zone back to their
owners' supplies, which is not a removal). Every mistake in the spelling is an error at its
place, in the file's language."""
import pytest

from minigames import errors, load
import minigames
import rulesdsl
from rulesdsl.interpreter.engine import Game

PT = """\
idioma: pt
jogo:
  id: oficina
  nome: {pt: Oficina, es: Taller}
  jogadores: {mínimo: 2, máximo: 2}
  turno: [manha]
  pontuação: pv
  baralho: ordens
fases:
  manha: {nome: {pt: Manhã, es: Alba}}
contadores:
  pv: {nome: {pt: PV, es: PV}, inicial: 0, escopo: jogador}
zonas:
  pilha: {nome: {pt: pilha, es: pila}, conteúdo: cartas, oculta: sim}
  descarte: {nome: {pt: descarte, es: descarte}, conteúdo: cartas}
zonas_de_jogador:
  mao: {nome: {pt: mão, es: mano}, conteúdo: cartas, oculta: sim}
  mesa: {nome: {pt: mesa, es: mesa}, conteúdo: cartas, em_jogo: sim}
  cova: {nome: {pt: cova, es: fosa}, conteúdo: peças}
tipos_de_espaço:
  vale: {nome: {pt: vale, es: valle}}
categorias_de_peça:
  soldado: {nome: {pt: soldado, es: soldado}, governa: sim}
mapas:
  m:
    nome: {pt: m, es: m}
    espaços:
      a: {tipo: vale, nome: {pt: Alta, es: Alta}}
baralhos:
  ordens:
    nome: {pt: ordens, es: órdenes}
    cartas:
      - id: escultor
        nome: {pt: Escultor, es: Grabador}
        gatilhos:
          - quando: {evento: criação, por: você, carta: K}
            efeito: receba 1 PV
      - id: corretor
        nome: {pt: Corretor, es: Corredor}
        gatilhos:
          - quando: {evento: criação, por: F}
            condição: F não é você
            efeito: receba 10 PV
      - id: coveiro
        nome: {pt: Coveiro, es: Sepulturero}
        substituições:
          - em_vez_de: {evento: remoção, peças: soldado}
            destino: cova
      - id: espia
        nome: {pt: Espia, es: Espía}
        gatilhos:
          - quando: {evento: revelação, carta: K, por: F}
            efeito: receba 100 PV
      - id: ordem
        nome: {pt: Ordem, es: Orden}
        cópias: 4
gatilhos:
  - quando: {evento: remoção, peças: soldado, por: você, quantidade: N}
    efeito: receba (1000 * N) PV
facções:
  azuis:
    nome: {pt: Azuis, es: Azules}
    peças:
      soldado: {nome: {pt: soldado azul, es: soldado azul}, categoria: soldado, quantidade: 5}
    turno:
      manha:
        - realize até 1 ações entre forjar, abater, exibir, esvaziar
    ações:
      forjar:
        nome: {pt: forjar, es: forjar}
        cria: K
        efeito: |
          escolha uma carta K da sua mão
          adicione K na sua mesa
      abater:
        nome: {pt: abater, es: abatir}
        efeito: remova 2 soldados vermelhos de Alta
      exibir:
        nome: {pt: exibir, es: exhibir}
        efeito: |
          escolha uma carta K da sua mão
          revele K
      esvaziar:
        nome: {pt: esvaziar, es: vaciar}
        efeito: devolva todos os soldados de sua cova
  vermelhos:
    nome: {pt: Vermelhos, es: Rojos}
    peças:
      soldado: {nome: {pt: soldado vermelho, es: soldado rojo}, categoria: soldado, quantidade: 5}
    preparação:
      - posicione 3 soldados vermelhos em Alta
    turno:
      manha:
        - realize até 1 ações entre aguardar
    ações:
      aguardar:
        nome: {pt: aguardar, es: esperar}
        efeito: receba 0 PV
"""


def edit(old, new, text=PT):
    return minigames.edit(text, old, new)


def game_with(tmp_path, hand=(), table=None, text=PT):
    diags, gd = load(tmp_path, text)
    assert errors(diags) == [], "\n".join(d.render() for d in diags)
    game = Game(gd, ["azuis", "vermelhos"], 1)
    s = game.s
    for cid, zone in [(c, "azuis:mao") for c in hand] + list((table or {}).items()):
        card = next(i for i, d in enumerate(s.card_defs) if d == cid and not any(
            i in cs for z, cs in s.zones.items() if z.endswith((":mao", ":mesa"))))
        src = next(z for z, cs in s.zones.items() if card in cs)
        s.move_card(card, src, zone)
    return game


def act(game, name):
    game.apply(game.pending.options.index(f"azuis.{name}"))


def pv(game, f):
    return game.s.counters[game.g.counter_key("pv", f)]


def test_crafting_raises_the_event_for_the_cards_of_the_crafter_and_of_the_others(tmp_path):
    game = game_with(tmp_path, hand=["ordem"], table={"escultor": "azuis:mesa", "corretor": "vermelhos:mesa"})
    act(game, "forjar")
    # the Blues' own card: +1; the Reds' card on another player's crafting: +10
    assert pv(game, "azuis") == 1 and pv(game, "vermelhos") == 10


def test_no_crafting_event_for_an_action_that_does_not_craft(tmp_path):
    game = game_with(tmp_path, hand=["ordem"], table={"escultor": "azuis:mesa"})
    act(game, "exibir")
    assert pv(game, "azuis") == 0


def test_a_crafting_card_in_hand_does_nothing(tmp_path):
    game = game_with(tmp_path, hand=["ordem", "escultor"])
    game.apply(game.pending.options.index("azuis.forjar"))
    d = game.pending
    game.apply(d.options.index(next(o for o in d.options if game.s.card_defs[o] == "ordem")))
    assert pv(game, "azuis") == 0


def test_a_removed_piece_goes_to_the_destination_and_the_removal_still_happens(tmp_path):
    game = game_with(tmp_path, table={"coveiro": "vermelhos:mesa"})
    s = game.s
    supply = s.supply["vermelhos.soldado"]
    act(game, "abater")
    # onto the Reds' cova (the card's owner is 'você'), not to the supply; the removal hook
    # of the remover fired (2 pieces)
    assert s.piece_zones["vermelhos:cova"] == {"vermelhos.soldado": 2}
    assert s.supply["vermelhos.soldado"] == supply
    assert pv(game, "azuis") == 2000


def test_without_the_card_in_play_removed_pieces_go_to_the_supply(tmp_path):
    game = game_with(tmp_path)
    s = game.s
    supply = s.supply["vermelhos.soldado"]
    act(game, "abater")
    assert s.piece_zones["vermelhos:cova"] == {} and s.supply["vermelhos.soldado"] == supply + 2


def test_returning_is_not_a_removal_and_the_journal_undoes_it(tmp_path):
    game = game_with(tmp_path, table={"coveiro": "azuis:mesa"})
    s = game.s
    s.move_zone_piece(None, "azuis:cova", "vermelhos.soldado", 2)
    s.adjust_supply("vermelhos.soldado", -2)
    supply = s.supply["vermelhos.soldado"]
    copy = game.clone()
    act(game, "esvaziar")
    assert s.piece_zones["azuis:cova"] == {} and s.supply["vermelhos.soldado"] == supply + 2
    assert pv(game, "azuis") == 0              # no removal hook
    # the clone taken before is untouched, and plays the same
    assert copy.s.piece_zones["azuis:cova"] == {"vermelhos.soldado": 2}
    copy.apply(copy.pending.options.index("azuis.esvaziar"))
    assert copy.s.piece_zones["azuis:cova"] == {} and copy.s.supply == s.supply


def test_returning_a_number_of_pieces_asks_which_when_there_is_a_choice(tmp_path):
    """`devolva 3 soldados de sua cova`: that many; with two kinds there, who returns chooses
    one piece after the other; fewer there than asked: the ones there are."""
    text = edit("        efeito: devolva todos os soldados de sua cova",
                "        efeito: devolva 3 soldados de sua cova")
    game = game_with(tmp_path, table={"coveiro": "azuis:mesa"}, text=text)
    s = game.s
    for k in ("vermelhos.soldado", "azuis.soldado"):
        s.move_zone_piece(None, "azuis:cova", k, 2)
        s.adjust_supply(k, -2)
    red, blue = s.supply["vermelhos.soldado"], s.supply["azuis.soldado"]
    act(game, "esvaziar")
    d = game.pending
    assert d.player == "azuis" and len(d.options) == 2          # a red or a blue soldier
    game.apply(0)
    game.apply(0)
    # three back in all; the one still there was never picked first
    left = s.piece_zones["azuis:cova"]
    assert sum(left.values()) == 1
    assert s.supply["vermelhos.soldado"] + s.supply["azuis.soldado"] == red + blue + 3
    # one kind only, fewer than asked: no question, the ones there go back
    game2 = game_with(tmp_path, table={"coveiro": "azuis:mesa"}, text=text)
    s2 = game2.s
    s2.move_zone_piece(None, "azuis:cova", "vermelhos.soldado", 2)
    s2.adjust_supply("vermelhos.soldado", -2)
    supply2 = s2.supply["vermelhos.soldado"]
    act(game2, "esvaziar")
    assert s2.piece_zones["azuis:cova"] == {} and s2.supply["vermelhos.soldado"] == supply2 + 2


def test_a_revealed_card_raises_the_reveal_event(tmp_path):
    game = game_with(tmp_path, hand=["ordem"], table={"espia": "vermelhos:mesa"})
    act(game, "exibir")
    assert pv(game, "vermelhos") == 100


@pytest.mark.parametrize("old,new,code,needle", [
    # a replacement that says nothing: M130
    ("            destino: cova\n", "", "M130", "em_vez_de"),
    # a destination on another event: M131
    ("em_vez_de: {evento: remoção, peças: soldado}", "em_vez_de: {evento: descarte}", "M131", "destino"),
    # an effect instead of a destination for a removal: M131
    ("            destino: cova\n", "            efeito: receba 1 PV\n", "M131", "em_vez_de"),
    # a destination that is not a piece zone: M132
    ("            destino: cova\n", "            destino: mesa\n", "M132", "destino: mesa"),
    # a crafting variable the effect never binds: M133
    ("        cria: K\n", "        cria: KK\n", "M133", "KK"),
    # a field the crafting event does not carry: M045
    ("quando: {evento: criação, por: você, carta: K}", "quando: {evento: criação, por: você, espaço: C}",
     "M045", "espaço: C"),
])
def test_mistakes_are_errors_at_their_place(tmp_path, old, new, code, needle):
    text = edit(old, new)
    diags, gd = load(tmp_path, text)
    errs = [d for d in errors(diags) if d.code == code]
    assert errs, [d.render() for d in diags]
    line = text.count("\n", 0, text.index(needle)) + 1 if needle in text else None
    assert line is None or any(d.pos is not None and d.pos.line in (line, line - 1, line + 1) for d in errs), \
        [d.render() for d in errs]


def test_the_spanish_spellings(tmp_path):
    folder = tmp_path / "es"
    folder.mkdir()
    (folder / "jogo.yaml").write_text(PT, encoding="utf-8")
    (folder / "extra.yaml").write_text("""\
idioma: es
acciones:
  tallar:
    nombre: {pt: entalhar, es: tallar}
    fabrica: K
    efecto: |
      elige una carta K de tu mano
      añade K a tu mesa
disparadores:
  - cuando: {evento: fabricación, por: tú}
    efecto: gana 5 PV
  - cuando: {evento: revelación, carta: K}
    efecto: gana 7 PV
""", encoding="utf-8")
    env = rulesdsl.Environment()
    gd = env.load(str(folder))
    assert errors(env.diagnostics) == []
    assert gd.actions["tallar"].crafts == "K"
    assert "craft" in gd.triggers and "reveal" in gd.triggers


GARDENS = """\
idioma: pt
jogo:
  id: jardins
  nome: {pt: Jardins, es: Jardines}
  jogadores: {mínimo: 2, máximo: 2}
  turno: [manha]
  pontuação: pv
  baralho: sementes
fases:
  manha: {nome: {pt: Manhã, es: Alba}}
contadores:
  pv: {nome: {pt: PV, es: PV}, inicial: 0, escopo: jogador}
zonas:
  pilha: {nome: {pt: pilha, es: pila}, conteúdo: cartas, oculta: sim}
  descarte: {nome: {pt: descarte, es: descarte}, conteúdo: cartas}
zonas_de_jogador:
  mao: {nome: {pt: mão, es: mano}, conteúdo: cartas, oculta: sim}
atributos_de_carta:
  custo: {tipo: lista de terreno, nome: {pt: custo, es: coste}}
baralhos:
  sementes:
    nome: {pt: sementes, es: semillas}
    cartas:
      - {id: semente_rio, nome: {pt: semente da ribeira, es: semilla de la ribera}, custo: [rio]}
      - {id: semente_colina, nome: {pt: semente da colina, es: semilla de la colina}, custo: [colina]}
enumerações:
  terreno:
    nome: {pt: terreno, es: terreno}
    valores:
      colina: {nome: {pt: colina, es: colina}}
      rio: {nome: {pt: ribeira, es: ribera}}
      coringa: {nome: {pt: coringa, es: comodín}, curinga: sim}
tipos_de_espaço:
  vale:
    nome: {pt: vale, es: valle}
    atributos:
      terreno: {tipo: terreno, nome: {pt: terreno, es: terreno}}
categorias_de_peça:
  posto: {nome: {pt: posto, es: puesto}}
mapas:
  m:
    nome: {pt: m, es: m}
    espaços:
      a: {tipo: vale, nome: {pt: Alta, es: Alta}, terreno: colina}
facções:
  azuis:
    nome: {pt: Azuis, es: Azules}
    paga_com: peça
    peças:
      jardim_rio: {nome: {pt: jardim da ribeira, es: jardín de la ribera}, categoria: posto, quantidade: 2, terreno: rio}
    preparação:
      - posicione 1 jardim da ribeira em Alta
      - compre 2 cartas
    turno:
      manha:
        - realize até 1 ações entre semear
    ações:
      semear:
        nome: {pt: semear, es: sembrar}
        requer: houver carta K da sua mão onde houver postos seus correspondentes a custo de K
        efeito: |
          escolha uma carta K da sua mão onde houver postos seus correspondentes a custo de K
          ative postos seus correspondentes a custo de K
          descarte K
  vermelhos:
    nome: {pt: Vermelhos, es: Rojos}
    peças:
      jardim: {nome: {pt: jardim vermelho, es: jardín rojo}, categoria: posto, quantidade: 2}
    turno:
      manha:
        - realize até 1 ações entre esperar
    ações:
      esperar:
        nome: {pt: esperar, es: esperar}
        efeito: receba 0 PV
"""


def test_a_faction_that_pays_with_its_pieces_reads_the_piece_not_the_space(tmp_path):
    diags, gd = load(tmp_path, GARDENS)
    assert errors(diags) == [], "\n".join(d.render() for d in diags)
    assert gd.pays_with_piece == frozenset({"azuis"})
    # the garden of the river pays 'rio' in a hill space, and never 'colina'
    assert _sowable(gd) == ["semente_rio"]


def _sowable(gd):
    game = Game(gd, ["azuis", "vermelhos"], 1)
    s = game.s
    assert sorted(s.card_defs[c] for c in s.zones["azuis:mao"]) == ["semente_colina", "semente_rio"]
    game.apply(game.pending.options.index("azuis.semear"))
    d = game.pending
    if d is not None and d.player == "azuis" and d.kind != "menu":
        return sorted(s.card_defs[o] for o in d.options if isinstance(o, int))
    # one card only: taken at once, it left the hand
    return sorted({"semente_rio", "semente_colina"} - {s.card_defs[c] for c in s.zones["azuis:mao"]})


def test_by_default_the_space_pays(tmp_path):
    diags, gd = load(tmp_path, GARDENS.replace("    paga_com: peça\n", ""))
    assert errors(diags) == []
    assert _sowable(gd) == ["semente_colina"]


def test_paying_with_pieces_that_have_no_value_is_an_error(tmp_path):
    text = GARDENS.replace(", terreno: rio}", "}")
    diags, gd = load(tmp_path, text)
    errs = [d for d in errors(diags) if d.code == "M134"]
    assert errs and errs[0].pos.line == text.count("\n", 0, text.index("paga_com")) + 1


def test_an_unknown_payment_source_is_an_error(tmp_path):
    diags, gd = load(tmp_path, GARDENS.replace("paga_com: peça", "paga_com: pessa"))
    assert any(d.code == "M044" for d in errors(diags)), [d.render() for d in diags]


SWAY = GARDENS.replace('''      - {id: semente_rio, nome: {pt: semente da ribeira, es: semilla de la ribera}, custo: [rio]}
      - {id: semente_colina, nome: {pt: semente da colina, es: semilla de la colina}, custo: [colina]}''', '''      - {id: duas_colinas, nome: {pt: duas colinas, es: dos colinas}, custo: [colina, colina]}
      - {id: colina_e_rio, nome: {pt: colina e ribeira, es: colina y ribera}, custo: [colina, rio]}
      - {id: tres_colinas, nome: {pt: três colinas, es: tres colinas}, custo: [colina, colina, coringa]}''').replace(
    '''      a: {tipo: vale, nome: {pt: Alta, es: Alta}, terreno: colina}''', '''      a: {tipo: vale, nome: {pt: Alta, es: Alta}, terreno: colina}
      b: {tipo: vale, nome: {pt: Baixa, es: Baja}, terreno: colina}
      c: {tipo: vale, nome: {pt: Funda, es: Honda}, terreno: rio}''').replace(
    '''      - posicione 1 jardim da ribeira em Alta
      - compre 2 cartas''', '''      - posicione 2 jardins da ribeira em Alta
      - compre 3 cartas''').replace(
    '''      jardim: {nome: {pt: jardim vermelho, es: jardín rojo}, categoria: posto, quantidade: 2}''',
    '''      jardim: {nome: {pt: jardim vermelho, es: jardín rojo}, categoria: posto, quantidade: 2}
    preparação:
      - posicione 1 jardim vermelho em Funda
      - posicione 1 jardim vermelho em Baixa''').replace(
    '''        requer: houver carta K da sua mão onde houver postos seus correspondentes a custo de K
        efeito: |
          escolha uma carta K da sua mão onde houver postos seus correspondentes a custo de K
          ative postos seus correspondentes a custo de K
          descarte K''', '''        requer: houver carta K da sua mão onde houver vales correspondentes a custo de K com postos
        efeito: |
          escolha uma carta K da sua mão onde houver vales correspondentes a custo de K com postos
          receba (número de vales correspondentes a custo de K com postos) PV
          descarte K''').replace("    paga_com: peça\n", "")


def test_a_list_is_covered_by_distinct_spaces_without_activation_marks(tmp_path):
    diags, gd = load(tmp_path, SWAY)
    assert errors(diags) == [], "\n".join(d.render() for d in diags)
    game = Game(gd, ["azuis", "vermelhos"], 1)
    s = game.s
    # pieces in Alta (hill, 2 of them: one space), Baixa (hill) and Funda (river)
    game.apply(game.pending.options.index("azuis.semear"))
    d = game.pending
    # two hills: Alta and Baixa; hill and river: Alta and Funda; two hills and a wild value:
    # three spaces (Alta's two pieces are one space)
    assert sorted(s.card_defs[o] for o in d.options if isinstance(o, int)) == \
        ["colina_e_rio", "duas_colinas", "tres_colinas"]
    game.apply(next(i for i, o in enumerate(d.options) if isinstance(o, int) and s.card_defs[o] == "colina_e_rio"))
    assert pv(game, "azuis") == 2
    # nothing was marked used: the same spaces cover the next card again
    assert not any(k[0] == "used" for k in s.marks if isinstance(k, tuple))


def test_the_count_is_the_values_that_can_be_covered(tmp_path):
    text = SWAY.replace("        requer: houver carta K da sua mão onde houver vales correspondentes a custo de K com postos\n", "").replace(
        "escolha uma carta K da sua mão onde houver vales correspondentes a custo de K com postos",
        "escolha uma carta K da sua mão onde K tiver custo")
    diags, gd = load(tmp_path, text)
    assert errors(diags) == [], "\n".join(d.render() for d in diags)
    game = Game(gd, ["azuis", "vermelhos"], 1)
    s = game.s
    game.apply(game.pending.options.index("azuis.semear"))
    d = game.pending
    game.apply(next(i for i, o in enumerate(d.options) if isinstance(o, int) and s.card_defs[o] == "tres_colinas"))
    # two hills and the wild value on the river: all three
    assert pv(game, "azuis") == 3


def test_one_space_short_covers_less(tmp_path):
    text = SWAY.replace("      - posicione 1 jardim vermelho em Baixa\n", "")
    diags, gd = load(tmp_path, text)
    assert errors(diags) == []
    game = Game(gd, ["azuis", "vermelhos"], 1)
    s = game.s
    game.apply(game.pending.options.index("azuis.semear"))
    # Alta's two pieces are one space: neither two hills nor two hills and a wild value can be
    # covered; hill and river (Alta, Funda) is the only card, taken at once
    assert pv(game, "azuis") == 2
    assert sorted(s.card_defs[c] for c in s.zones["azuis:mao"]) == ["duas_colinas", "tres_colinas"]


# a faction's own replacement may send its removed pieces to a piece zone of that faction (the
# Lizards' Revenge, Law 10.2.3, sends them to the Acolytes); another faction's zone stays M132
OWN_ZONE = edit("""  vermelhos:
    nome: {pt: Vermelhos, es: Rojos}
""", """  vermelhos:
    nome: {pt: Vermelhos, es: Rojos}
    zonas:
      capela: {nome: {pt: capela, es: capilla}, conteúdo: peças}
    substituições:
      - em_vez_de: {evento: remoção, peças: soldado, dono: você}
        destino: capela
""")


def test_a_faction_sends_its_removed_pieces_to_its_own_piece_zone(tmp_path):
    game = game_with(tmp_path, text=OWN_ZONE)
    s = game.s
    supply = s.supply["vermelhos.soldado"]
    act(game, "abater")
    assert s.piece_zones["vermelhos.capela"] == {"vermelhos.soldado": 2}
    assert s.supply["vermelhos.soldado"] == supply
    assert pv(game, "azuis") == 2000          # still a removal


def test_another_factions_piece_zone_is_not_a_destination(tmp_path):
    text = edit("""    preparação:
      - posicione 3 soldados vermelhos em Alta
""", """    zonas:
      capela: {nome: {pt: capela, es: capilla}, conteúdo: peças}
    preparação:
      - posicione 3 soldados vermelhos em Alta
""")
    text = text.replace("""  azuis:
    nome: {pt: Azuis, es: Azules}
""", """  azuis:
    nome: {pt: Azuis, es: Azules}
    substituições:
      - em_vez_de: {evento: remoção, peças: soldado}
        destino: capela
""")
    diags, gd = load(tmp_path, text)
    assert any(d.code == "M132" for d in errors(diags)), [d.render() for d in diags]
