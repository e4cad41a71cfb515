"""Action windows (`disponível:` / `disponible:`): an action declared once and offered in every
action menu of the listed phases of its player's turn, to any player or to the owners of the
card it is declared on (while the card lies in a zone `em_jogo: sim`); `ações_proibidas:`
keeps a window action from one faction. Every mistake in the spelling is an error at
file:line:col, in the file's language, with a suggestion where one helps."""
import pytest

from minigames import errors, load
import minigames
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.card_scope import owners_in_play
from rulesdsl.interpreter.runtime import DONE

PT = """\
idioma: pt
jogo:
  id: janelas
  nome: {pt: Janelas, es: Ventanas}
  jogadores: {mínimo: 2, máximo: 2}
  turno: [manha, tarde]
  pontuação: pv
  baralho: ordens
fases:
  manha: {nome: {pt: Manhã, es: Alba}}
  tarde: {nome: {pt: Tarde, es: Tarde}}
contadores:
  pv: {nome: {pt: PV, es: PV}, inicial: 0, escopo: jogador}
zonas:
  pilha: {nome: {pt: pilha, es: pila}, conteúdo: cartas, oculta: sim}
  descarte: {nome: {pt: descarte, es: descarte}, conteúdo: cartas}
zonas_de_jogador:
  mao: {nome: {pt: mão, es: mano}, conteúdo: cartas, oculta: sim}
  mesa: {nome: {pt: mesa, es: mesa}, conteúdo: cartas, em_jogo: sim}
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
      - id: tesouro
        nome: {pt: Tesouro, es: Tesoro}
        cópias: 1
        ações:
          cunhar:
            nome: {pt: cunhar, es: acuñar}
            disponível: {fases: [manha], quem: dono da carta}
            gratuita: sim
            limite_por_turno: 1
            efeito: receba 2 PV
      - id: ordem
        nome: {pt: Ordem, es: Orden}
        cópias: 3
ações:
  colher:
    nome: {pt: colher, es: cosechar}
    disponível: {fases: [manha], quem: qualquer jogador}
    gratuita: sim
    limite_por_turno: 1
    efeito: receba 1 PV
facções:
  azuis:
    nome: {pt: Azuis, es: Azules}
    peças:
      soldado: {nome: {pt: soldado azul, es: soldado azul}, categoria: soldado, quantidade: 5}
    turno:
      manha:
        - realize até 1 ações entre marchar
      tarde:
        - realize até 1 ações entre marchar
    ações:
      marchar:
        nome: {pt: marchar, es: marchar}
        efeito: posicione 1 soldado azul em Alta
  vermelhos:
    nome: {pt: Vermelhos, es: Rojos}
    ações_proibidas:
      colher: {}
    peças:
      soldado: {nome: {pt: soldado vermelho, es: soldado rojo}, categoria: soldado, quantidade: 5}
    turno:
      manha:
        - realize até 1 ações entre atacar
    ações:
      atacar:
        nome: {pt: atacar, es: atacar}
        efeito: posicione 1 soldado vermelho em Alta
"""

ES_WINDOW = """\
idioma: es
acciones:
  recoger:
    nombre: {pt: recolher, es: recoger}
    disponible: {fases: [alba], quien: cualquier jugador}
    efecto: gana 1 PV
"""


def edit(old, new, text=PT):
    return minigames.edit(text, old, new)


def at(text, needle):
    """(line, col) of the last `needle` in `text` (the edited line comes after the card's)."""
    i = text.rindex(needle)
    return text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1


def test_the_game_validates_and_indexes_the_windows_per_phase(tmp_path):
    diags, gd = load(tmp_path, PT)
    assert diags == [], "\n".join(d.render() for d in diags)
    assert gd.windows == {"manha": ("colher", "cunhar")}
    assert gd.actions["cunhar"].card == "tesouro"
    assert gd.in_play_zones == ("mesa",)
    assert gd.factions["vermelhos"].barred == frozenset({"colher"})


def _menu(game):
    d = game.pending
    assert d is not None and d.kind == "menu"
    return [o for o in d.options if o is not DONE]


def test_a_window_action_is_offered_in_the_phase_menus_only_and_once_per_turn(tmp_path):
    _, gd = load(tmp_path, PT)
    game = Game(gd, ["azuis", "vermelhos"], 1)
    # the morning menu lists marchar; the window adds colher after it
    assert game.s.phase == "manha" and _menu(game) == ["azuis.marchar", "colher"]
    game.apply(game.pending.options.index("colher"))
    # free: marchar is still there (the budget of 1 untouched); once per turn: colher is gone
    assert _menu(game) == ["azuis.marchar"]
    game.apply(game.pending.options.index(DONE))
    # the afternoon menu: no window
    assert game.s.phase == "tarde" and _menu(game) == ["azuis.marchar"]
    game.apply(game.pending.options.index(DONE))
    # the Reds' morning: colher is barred for them (`ações_proibidas`)
    assert game.pending.player == "vermelhos" and _menu(game) == ["vermelhos.atacar"]


def test_a_card_action_is_its_owners_while_the_card_is_in_play(tmp_path):
    _, gd = load(tmp_path, PT)
    game = Game(gd, ["azuis", "vermelhos"], 1)
    s = game.s
    card = s.card_defs.index("tesouro")
    src = next(z for z, cs in s.zones.items() if card in cs)
    s.move_card(card, src, "vermelhos:mesa")
    assert owners_in_play(game.ctx, "tesouro") == ("vermelhos",)
    # the Blues' menu does not offer the Reds' card
    assert "cunhar" not in _menu_again(game)
    s.move_card(card, "vermelhos:mesa", "azuis:mao")
    assert owners_in_play(game.ctx, "tesouro") == ()     # a hand is not in play
    assert "cunhar" not in _menu_again(game)
    s.move_card(card, "azuis:mao", "azuis:mesa")
    assert owners_in_play(game.ctx, "tesouro") == ("azuis",)
    assert "cunhar" in _menu_again(game)


def test_a_spanish_file_spells_the_window_in_spanish(tmp_path):
    diags, gd = load(tmp_path, PT, ES_WINDOW)
    assert diags == [], "\n".join(d.render() for d in diags)
    # in the data's order (extra.yaml is read before jogo.yaml), the cards' actions last
    assert gd.windows["manha"] == ("recoger", "colher", "cunhar")


@pytest.mark.parametrize("old,new,code,needle,hint", [
    # an unknown phase: M043 at the phase, with the suggestion
    ("disponível: {fases: [manha], quem: qualquer jogador}",
     "disponível: {fases: [manhã2], quem: qualquer jogador}", "M043", "manhã2", None),
    # an unknown `quem`: M044 with the spelling closest to it
    ("quem: qualquer jogador}", "quem: qualquer jogadr}", "M044", "qualquer jogadr", "qualquer jogador"),
    # an unknown key in the window (a moment the engine cannot honour): M010
    ("disponível: {fases: [manha], quem: qualquer jogador}",
     "disponível: {fases: [manha], quem: qualquer jogador, momento: antes da compra}", "M010", "momento", None),
    # no phases: M012
    ("disponível: {fases: [manha], quem: qualquer jogador}",
     "disponível: {quem: qualquer jogador}", "M012", "{quem", None),
    # `dono da carta` on an action that is not on a card: M091
    ("quem: qualquer jogador}", "quem: dono da carta}", "M091", "dono da carta}", None),
])
def test_window_mistakes_are_errors_at_their_place(tmp_path, old, new, code, needle, hint):
    text = edit(old, new)
    diags, _ = load(tmp_path, text)
    errs = errors(diags)
    assert [d.code for d in errs] == [code], "\n".join(d.render() for d in diags)
    (d,) = errs
    assert (d.pos.line, d.pos.col) == at(text, needle), d.render()
    assert d.lang == "pt"
    if hint is not None:
        assert d.hint == hint


def test_a_window_on_a_faction_action_is_an_error(tmp_path):
    text = edit("""        nome: {pt: marchar, es: marchar}
""", """        nome: {pt: marchar, es: marchar}
        disponível: {fases: [manha]}
""")
    diags, _ = load(tmp_path, text)
    assert [d.code for d in errors(diags)] == ["M092"]
    assert (errors(diags)[0].pos.line, errors(diags)[0].pos.col) == at(text, "disponível: {fases: [manha]}\n")


def test_a_card_action_needs_a_zone_in_play(tmp_path):
    text = edit("mesa: {nome: {pt: mesa, es: mesa}, conteúdo: cartas, em_jogo: sim}",
                "mesa: {nome: {pt: mesa, es: mesa}, conteúdo: cartas}")
    diags, _ = load(tmp_path, text)
    assert [d.code for d in errors(diags)] == ["M093"]


def test_a_barred_action_must_exist(tmp_path):
    text = edit("      colher: {}\n", "      colhr: {}\n")
    diags, _ = load(tmp_path, text)
    assert [d.code for d in errors(diags)] == ["M043"]
    assert errors(diags)[0].hint == "colher"


def test_the_spanish_spellings_are_checked_in_spanish(tmp_path):
    diags, _ = load(tmp_path, PT, ES_WINDOW.replace("cualquier jugador", "cualquier jugadr"))
    errs = errors(diags)
    assert [d.code for d in errs] == ["M044"] and errs[0].lang == "es"
    assert errs[0].hint == "cualquier jugador"


def test_a_card_action_for_any_player_needs_the_card_in_someones_play_area(tmp_path):
    text = edit("disponível: {fases: [manha], quem: dono da carta}",
                "disponível: {fases: [manha], quem: qualquer jogador}")
    _, gd = load(tmp_path, text)
    game = Game(gd, ["azuis", "vermelhos"], 1)
    s = game.s
    card = s.card_defs.index("tesouro")
    src = next(z for z, cs in s.zones.items() if card in cs)
    assert "cunhar" not in _menu(game)
    s.move_card(card, src, "vermelhos:mesa")
    assert "cunhar" in _menu_again(game)


def _menu_again(game):
    """The options of the pending menu, listed again (the state changed under it)."""
    return [a for a in game.g.windows["manha"] if game.g.actions[a].enabled(game.ctx.child(me=game.pending.player))]


def test_a_limit_per_parameter_names_a_parameter(tmp_path):
    text = edit("""    limite_por_turno: 1
    efeito: receba 1 PV
""", """    parâmetros: {vale: V}
    limite_por_turno: {quantidade: 1, por: val}
    efeito: receba 1 PV
""")
    diags, _ = load(tmp_path, text)
    errs = errors(diags)
    assert [d.code for d in errs] == ["M094"], "\n".join(d.render() for d in diags)
    assert (errs[0].pos.line, errs[0].pos.col) == at(text, "val}")
    assert errs[0].hint == "vale"


def test_a_window_may_also_open_as_its_phase_starts(tmp_path):
    """`no_início_da_fase: sim`: the window's actions are offered as the phase starts, before
    its rules (a phase with no menu of its own, or before an Evening draw), only to whom may
    take them, and with nothing enabled there is no decision at all."""
    text = edit("disponível: {fases: [manha], quem: qualquer jogador}",
                "disponível: {fases: [manha], quem: qualquer jogador, no_início_da_fase: sim}")
    diags, gd = load(tmp_path, text)
    assert diags == [], "\n".join(d.render() for d in diags)
    assert gd.window_starts == {"manha": ("colher",)}
    game = Game(gd, ["azuis", "vermelhos"], 1)
    # the Blues' morning opens with a menu of colher alone, before the rules' menu
    assert game.s.phase == "manha" and _menu(game) == ["colher"]
    game.apply(game.pending.options.index("colher"))
    # once per turn: taken, so the start menu ends; the rules' menu has no colher either
    assert _menu(game) == ["azuis.marchar"]
    game.apply(game.pending.options.index(DONE))
    assert game.s.phase == "tarde" and _menu(game) == ["azuis.marchar"]
    game.apply(game.pending.options.index(DONE))
    # the Reds may not colher: no start menu for them
    assert game.pending.player == "vermelhos" and _menu(game) == ["vermelhos.atacar"]


def test_a_phase_start_window_in_spanish(tmp_path):
    es = ES_WINDOW.replace("quien: cualquier jugador}", "quien: cualquier jugador, al_inicio_de_la_fase: sí}")
    diags, gd = load(tmp_path, PT, es)
    assert diags == [], "\n".join(d.render() for d in diags)
    assert gd.window_starts == {"manha": ("recoger",)}


ANYTIME = ("disponível: {fases: [manha], quem: qualquer jogador}",
           "disponível: {fases: [manha, tarde], quem: qualquer jogador, a_qualquer_momento: sim, "
           "até_comprar: tarde}")
AFTERNOON = ("""      tarde:
        - realize até 1 ações entre marchar
    ações:
      marchar:""", """      tarde:
        - receba 1 PV
        - compre 1 carta
        - realize até 1 ações entre marchar
    ações:
      marchar:""")


def test_an_anytime_window_opens_between_the_steps_until_the_turns_draw(tmp_path):
    """`a_qualquer_momento: sim` (Root 13.2.4, "a qualquer momento em seus turnos"): as the
    phase starts, in its menus and between two steps of its rules, never inside one (1.4.2);
    `até_comprar: F` closes it in phase F once the turn's own rules drew."""
    text = edit(*AFTERNOON, text=edit(*ANYTIME))
    diags, gd = load(tmp_path, text)
    assert diags == [], "\n".join(d.render() for d in diags)
    assert gd.window_steps == {"manha": ("colher",), "tarde": ("colher",)}
    assert gd.draw_marks == frozenset({"tarde"})
    game = Game(gd, ["azuis", "vermelhos"], 1)
    assert game.s.phase == "manha" and _menu(game) == ["colher"]         # the phase starts
    game.apply(game.pending.options.index(DONE))
    assert _menu(game) == ["azuis.marchar", "colher"]                      # its menu
    game.apply(game.pending.options.index(DONE))
    assert game.s.phase == "tarde" and _menu(game) == ["colher"]          # the afternoon starts
    game.apply(game.pending.options.index(DONE))
    # after the first step (1 VP), before the draw: the window again
    assert game.s.counters["azuis:pv"] == 1
    assert _menu(game) == ["colher"]
    hand = len(game.s.zones.get("azuis:mao", ()))
    game.apply(game.pending.options.index("colher"))
    # the turn's draw made, the window is closed: the rules' menu has marchar alone
    assert len(game.s.zones.get("azuis:mao", ())) == hand + 1
    assert game.s.marks.get(("drew", "azuis", "tarde")) is True
    assert _menu(game) == ["azuis.marchar"]


def test_an_anytime_window_in_spanish_and_its_draw_phase_must_be_a_window_phase(tmp_path):
    es = ES_WINDOW.replace("quien: cualquier jugador}",
                           "quien: cualquier jugador, en_cualquier_momento: sí, hasta_robar: alba}")
    diags, gd = load(tmp_path, PT, es)
    assert diags == [], "\n".join(d.render() for d in diags)
    assert gd.window_steps == {"manha": ("recoger",)} and gd.actions["recoger"].until_draw == "manha"
    # M185: `até_comprar:` names a phase where the window is not open
    text = edit("disponível: {fases: [manha], quem: qualquer jogador}",
                "disponível: {fases: [manha], quem: qualquer jogador, até_comprar: tarde}")
    diags, _ = load(tmp_path, text)
    errs = errors(diags)
    assert [d.code for d in errs] == ["M185"], "\n".join(d.render() for d in diags)
    assert (errs[0].pos.line, errs[0].pos.col) == at(text, "tarde}")
