"""Semantic checks of a whole ruleset (issue 2 §3): actions nothing can reach, triggers that
can set themselves off again. Both are warnings at the place they are written, in the file's
language."""
from pathlib import Path

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
