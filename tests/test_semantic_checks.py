"""Semantic checks of a whole ruleset (issue 2 §3): actions nothing can reach, triggers that
can set themselves off again. Both are warnings at the place they are written, in the file's
language."""
from pathlib import Path

import pytest

import rulesdsl

GAME = Path(__file__).parent / "games" / "conquista" / "jogo.yaml"
MENU = "        - realize até 2 ações entre marchar, atacar, recrutar\n"


def _load(tmp_path, text):
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    env = rulesdsl.Environment()
    env.load(str(tmp_path))
    return env.diagnostics.items


def test_the_game_as_written_has_no_warning(tmp_path):
    assert _load(tmp_path, GAME.read_text(encoding="utf-8")) == []


def test_an_action_no_menu_offers_is_reported(tmp_path):
    text = GAME.read_text(encoding="utf-8").replace(MENU, "        - realize até 2 ações entre marchar, atacar\n")
    (d,) = [x for x in _load(tmp_path, text) if x.code == "M040"]
    assert d.severity == "warning" and "recrutar" in d.message() and "nunca pode acontecer" in d.message()
    assert d.pos.line == GAME.read_text(encoding="utf-8").splitlines().index("  recrutar:") + 1


def test_a_trigger_that_feeds_itself_is_reported(tmp_path):
    hook = ("    gatilhos:\n      - quando: {evento: posicionamento, peças: soldado, espaço: C}\n"
            "        efeito: posicione 1 soldado em C\n")
    text = GAME.read_text(encoding="utf-8").replace("  vermelhos:\n", hook + "  vermelhos:\n", 1)
    (d,) = [x for x in _load(tmp_path, text) if x.code == "M041"]
    assert "posicionamento" in d.message() and d.severity == "warning"


def test_a_trigger_on_other_pieces_is_not_reported(tmp_path):
    hook = ("    gatilhos:\n      - quando: {evento: posicionamento, peças: forte, espaço: C}\n"
            "        efeito: posicione 1 soldado em C\n")
    text = GAME.read_text(encoding="utf-8").replace("  vermelhos:\n", hook + "  vermelhos:\n", 1)
    assert not [x for x in _load(tmp_path, text) if x.code == "M041"]


def test_simultaneous_effects_are_ordered_by_the_active_player(tmp_path):
    """Law 1.1.3: two triggered effects with choices, set off together, are resolved in the
    order the player whose turn it is chooses."""
    from rulesdsl.interpreter.engine import Game
    hooks = ("    gatilhos:\n"
             "      - quando: {evento: remoção, peças: soldado, dono: você, espaço: C}\n"
             "        efeito: |\n          você pode escolher um vale X adjacente a C:\n            receba 1 ponto\n"
             "      - quando: {evento: remoção, peças: soldado, dono: você, espaço: C}\n"
             "        efeito: |\n          você pode escolher um vale Y adjacente a C:\n            compre 1 carta\n")
    text = GAME.read_text(encoding="utf-8").replace("  vermelhos:\n", hooks + "  vermelhos:\n", 1)
    (tmp_path / "jogo.yaml").write_text(text, encoding="utf-8")
    g = rulesdsl.load(str(tmp_path))

    def pos(game):
        s = game.s
        s.put("norte", "azuis.soldado", 1)
        s.put("norte", "vermelhos.soldado", 3)
    game = Game(g, ["vermelhos", "azuis"], seed=4, position=pos, start=("vermelhos", "manhã"))
    game.apply_id("atacar")
    # attack Norte; dice decide the hits: play on until the blue soldier is removed
    seen = set()
    while not game.is_terminal() and game.s.round < 3:
        d = game.pending
        seen.add(d.kind)
        if d.kind == "order":
            assert d.player == "vermelhos"      # the active player, not the owner of the effects
            assert len(d.options) == 2
            return
        game.apply(0)
    assert "order" in seen


RECRUIT = "      escolha uma carta K da sua mão\n      escolha um vale V correspondente a K\n      gaste K\n"


def _recruit_options(tmp_path, line, text=None):
    """The valleys `recrutar` offers when its choice is written as `line` (in the game `text`)."""
    from rulesdsl.interpreter.engine import Game
    text = text or GAME.read_text(encoding="utf-8")
    assert RECRUIT in text
    (tmp_path / "jogo.yaml").write_text(text.replace(RECRUIT, f"      {line}\n"), encoding="utf-8")
    game = Game(rulesdsl.load(str(tmp_path)), ["azuis", "vermelhos"], seed=1, start=("azuis", "manhã"))
    game.apply_id("recrutar")
    return game.legal_ids()


@pytest.mark.parametrize("line", [
    "escolha um vale V correspondente a colina onde (não houver forte em V)",
    "escolha um vale V onde (não houver forte em V) e V corresponde a colina",
    "escolha um vale V onde não houver forte em V e V corresponde a colina",
])
def test_a_suit_filter_and_a_where_condition_both_apply(tmp_path, line):
    """The two ways C028 suggests: the filter before `onde`, or both as conditions joined
    with `e` (`V corresponde a colina` reads the valley's own terrain)."""
    assert _recruit_options(tmp_path, line) == ["norte", "sul"]


def test_a_suit_filter_after_a_where_condition_is_an_error(tmp_path):
    """Written after `onde (...)`, the filter was read into the condition (comparing a truth
    value with a terrain: always true) and every valley was offered; now it is C028."""
    from rulesdsl.errors import RulesError
    with pytest.raises(RulesError) as exc:
        _recruit_options(tmp_path, "escolha um vale V onde (não houver forte em V) correspondente a colina")
    (d,) = exc.value.diagnostics
    assert d.code == "C028" and "'correspondente a colina'" in d.message() and "'vale V'" in d.message()


@pytest.mark.parametrize("line", [
    "escolha um vale V onde número de soldados em V = 0",
    "escolha um vale V onde (número de soldados em V) é 0",
    "escolha um vale V onde 0 é número de soldados em V",
])
def test_a_count_compared_with_a_number(tmp_path, line):
    """The valleys with no soldiers (the azuis hold Norte, the vermelhos Sul): the count is
    compared with `=`, or with `é` once the count is closed by parentheses or comes second."""
    assert _recruit_options(tmp_path, line) == ["leste", "oeste"]


@pytest.mark.parametrize("line,said,hint", [
    ("escolha um vale V onde número de soldados em V é 0", "'é 0'", "número de soldados em V = 0"),
    ("escolha um vale V onde número de soldados em V for 0", "'for 0'", "número de soldados em V = 0"),
    ("escolha um vale V onde não houver soldados em V é 0", "'é 0'", None),
])
def test_a_count_compared_with_is_is_an_error(tmp_path, line, said, hint):
    """`é 0` right after the noun filtered the soldiers (those that "are 0": none), so the count
    was always 0 and `houver` always false: the first line offered no valley, the last one every
    valley. Now it is C029, with the comparison meant as the suggestion."""
    from rulesdsl.errors import RulesError
    with pytest.raises(RulesError) as exc:
        _recruit_options(tmp_path, line)
    (d,) = exc.value.diagnostics
    assert d.code == "C029" and said in d.message() and "'soldados'" in d.message()
    assert d.hint == hint


def test_an_is_filter_with_a_space_still_filters(tmp_path):
    """`é X` with a space is the filter it always was: only Leste, so nothing is asked and the
    soldiers are placed there."""
    from rulesdsl.interpreter.engine import Game
    text = GAME.read_text(encoding="utf-8")
    (tmp_path / "jogo.yaml").write_text(text.replace(RECRUIT, "      escolha um vale V é Leste\n"),
                                        encoding="utf-8")
    game = Game(rulesdsl.load(str(tmp_path)), ["azuis", "vermelhos"], seed=1, start=("azuis", "manhã"))
    game.apply_id("recrutar")
    assert game.s.board["leste"] == {"azuis.soldado": 2}


def _recruit_error(tmp_path, line, text=None):
    """The one diagnostic `recrutar` written with `line` gives."""
    from rulesdsl.errors import RulesError
    with pytest.raises(RulesError) as exc:
        _recruit_options(tmp_path, line, text)
    (d,) = exc.value.diagnostics
    return d


# a second enumeration, not the one `correspondente a` reads: the valleys' weather
CLIMA = GAME.read_text(encoding="utf-8").replace(
    "enumerações:\n", "enumerações:\n  clima:\n    nome: {pt: tempo, es: tiempo}\n"
    "    valores:\n      sol: {nome: {pt: sol, es: sol}}\n", 1).replace(
    "      casas: {tipo: número, nome: {pt: casas, es: casas}}\n",
    "      casas: {tipo: número, nome: {pt: casas, es: casas}}\n"
    "      clima: {tipo: clima, nome: {pt: clima, es: clima}}\n", 1).replace(
    "{pt: Norte, es: Norte}, terreno: colina, casas: 1}",
    "{pt: Norte, es: Norte}, terreno: colina, casas: 1, clima: sol}", 1).replace(
    "{pt: Leste, es: Este}, terreno: rio, casas: 1}", "{pt: Leste, es: Este}, terreno: rio, casas: 1, clima: sol}", 1)


@pytest.mark.parametrize("line,said,value,hint,clima", [
    ("escolha um vale V é colina", "'é colina'", "um valor de 'terreno'", "correspondente a colina", False),
    ("escolha um vale V onde houver soldados em V é ribeira", "'é ribeira'", "um valor de 'terreno'",
     "correspondente a ribeira", False),
    ("escolha um vale V é sol", "'é sol'", "um valor de 'tempo'", "onde clima de V = sol", True),
    ("escolha um vale V onde número de vales é sol = 0", "'é sol'", "um valor de 'tempo'",
     "vales V onde clima de V = sol", True),
])
def test_an_is_filter_with_a_terrain_is_an_error(tmp_path, line, said, value, hint, clima):
    """`vale V é colina` compared each valley with the terrain itself: no valley was ever
    offered. Now it is C031, with the filter meant as the suggestion."""
    d = _recruit_error(tmp_path, line, CLIMA if clima else None)
    assert d.code == "C031" and said in d.message() and value in d.message(), d.render()
    assert d.hint == hint


def test_the_weather_compared_the_right_way(tmp_path):
    assert _recruit_options(tmp_path, "escolha um vale V onde clima de V = sol", CLIMA) == ["norte", "leste"]
    assert _recruit_options(tmp_path, "escolha um vale V correspondente a colina") == ["norte", "sul"]


@pytest.mark.parametrize("line,valleys", [
    ("escolha um vale V onde houver peça P em V onde P é soldado", ["norte", "sul"]),
    ("escolha um vale V onde houver peça P em V onde P não é soldado", []),
    ("escolha um vale V onde houver peça P em V onde P não é forte", ["norte", "sul"]),
])
def test_a_piece_compared_with_a_kind(tmp_path, line, valleys):
    """`P é soldado` compares the kind of P with the soldiers' kinds (it compared P with the
    number of soldiers: `é` never true, `não é` always). With no valley the action is undone and
    the menu is offered again."""
    options = _recruit_options(tmp_path, line)
    assert options == (valleys or ["marchar", "atacar", "fim"])


def test_a_player_that_is_a_count(tmp_path):
    d = _recruit_error(tmp_path, "escolha um vale V onde número de soldados governa V")
    assert d.code == "C032" and d.hint == "você governa V" and "'número de soldados'" in d.message()


# a phase named in data must exist: a typo would switch the rule off without a word (M042)
PHASE_HOOK = ("    gatilhos:\n      - quando: {{evento: início_de_fase, fase: {phase}}}\n"
              "        efeito: posicione 1 soldado em Norte\n")


def _with_phase_hook(phase):
    return GAME.read_text(encoding="utf-8").replace(
        "  vermelhos:\n", PHASE_HOOK.format(phase=phase) + "  vermelhos:\n", 1)


def test_an_unknown_phase_is_an_error_with_a_suggestion(tmp_path):
    from rulesdsl.errors import RulesError
    text = _with_phase_hook("manha_")
    with pytest.raises(RulesError) as e:
        _load(tmp_path, text)
    (d,) = [x for x in e.value.diagnostics if x.code == "M042"]
    assert d.severity == "error" and "não há fase 'manha_'" in d.message() and "manhã" in d.message()
    assert d.hint == "manhã"
    assert d.pos.line == text.splitlines().index(next(ln for ln in text.splitlines() if "manha_" in ln)) + 1


@pytest.mark.parametrize("phase", ["manhã", "Manhã", "mañana"])
def test_a_phase_by_its_id_or_any_of_its_names(tmp_path, phase):
    assert [x for x in _load(tmp_path, _with_phase_hook(phase)) if x.severity == "error"] == []
    env = rulesdsl.Environment()
    g = env.load(str(tmp_path))
    assert any(h.phase == "manhã" for hs in g.triggers.values() for h in hs)
