"""Two generic primitives, on the small non-Root game tests/games/conquista:

* `escolha um vale C aleatório ponderado por (N)`: a draw where each element holds N tickets
  (N read with C bound to it; 0 or less: out). All weights 1 draw exactly as plain `aleatório`.
* `realize tantas ações quanto (N) entre ...`: a menu whose budget N is read again before every
  step (actions done never exceed N's current value); `realize até N ações` reads N once.
"""
import os
from collections import Counter

import rulesdsl
from rulesdsl.compiler import CC, compile_block
from rulesdsl.interpreter.engine import Game
from rulesdsl.interpreter.machine import drive
from rulesdsl.interpreter.runtime import DONE, Ctx
from rulesdsl.model import parse_expression

GAME = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games", "conquista", "jogo.yaml")


def _game(seed=0, soldiers=None):
    g = rulesdsl.load(GAME)

    def position(game):
        for sp, n in (soldiers or {}).items():
            for _ in range(n):
                game.s.put(sp, "azuis.soldado")
                game.s.adjust_supply("azuis.soldado", -1)
    return g, Game(g, ["azuis", "vermelhos"], seed=seed, position=position)


def _start(game, text, me="azuis"):
    """Run the effect `text` as `me` to its first decision: (generator, decision, env)."""
    g = game.g
    tree = parse_expression(text, "pt", g.rs.builder.tokenizer("pt"), g.diags)
    run = compile_block(CC(g, g.diags, "pt", me), tree)
    ctx = Ctx(g, game.m, game.s, me, {}, game)
    # a statement runs as frames (machine.py); drive() runs them as a generator here
    gen = drive(run(ctx))
    try:
        d = next(gen)
    except StopIteration:
        d = None
    return gen, d, ctx.env


def _send(gen, i):
    try:
        return gen.send(i)
    except StopIteration:
        return None


def test_weighted_draw_follows_the_tickets():
    seen = Counter()
    g, game = _game(0, {"norte": 3, "leste": 1})
    for seed in range(2000):
        game.s.rng.seed(seed)
        _, d, env = _start(game, "escolha um vale C aleatório ponderado por (número de soldados em C)")
        assert d is None                       # the game draws: nobody is asked
        seen[env["C"]] += 1
    # Sul and Oeste hold no soldier: no ticket; Norte 3 tickets of 4
    assert set(seen) == {"norte", "leste"}
    assert abs(seen["norte"] / 2000 - 0.75) < 0.05


def test_weight_one_draws_like_the_plain_random_filter():
    g, game = _game(0)
    for seed in range(50):
        game.s.rng.seed(seed)
        _, _, plain = _start(game, "escolha um vale C aleatório onde C não é Sul")
        game.s.rng.seed(seed)
        _, _, weighted = _start(game, "escolha um vale C aleatório ponderado por 1 onde C não é Sul")
        assert plain["C"] == weighted["C"] != "sul"


def test_live_menu_reads_its_budget_before_every_step():
    # the budget is the blue soldiers in Norte: marching them all away leaves no action
    g, game = _game(0, {"norte": 2})
    gen, d, _ = _start(game, "realize tantas ações quanto (número de soldados seus em Norte) entre marchar")
    assert d.kind == "menu" and d.prompt == ("menu", 2)
    d = _send(gen, d.options.index("marchar"))
    while d is not None and d.kind != "menu":
        # origin Norte, then the first destination, then all the soldiers
        d = _send(gen, len(d.options) - 1 if d.kind == "count" else 0)
    assert d is None                            # 0 left in Norte, 1 action done: over
    assert game.s.board.get("norte", {}).get("azuis.soldado", 0) == 0


def test_fixed_menu_reads_its_budget_once():
    g, game = _game(0, {"norte": 2})
    gen, d, _ = _start(game, "realize até (número de soldados seus em Norte) ações entre marchar")
    d = _send(gen, d.options.index("marchar"))
    while d is not None and d.kind != "menu":
        d = _send(gen, len(d.options) - 1 if d.kind == "count" else 0)
    assert d is not None and d.kind == "menu" and d.prompt == ("menu", 1)
    assert DONE in d.options and "marchar" in d.options


def test_live_menu_grows_with_its_budget():
    g, game = _game(0, {"norte": 1})
    gen, d, _ = _start(game, "realize tantas ações quanto (número de soldados seus em Norte) entre marchar")
    assert d.prompt == ("menu", 1)
    # two more soldiers reach Norte before the march: 3 - 1 done = 2 actions left after it
    for _ in range(2):
        game.s.put("norte", "azuis.soldado")
        game.s.adjust_supply("azuis.soldado", -1)
    d = _send(gen, d.options.index("marchar"))
    while d is not None and d.kind != "menu":
        d = _send(gen, d.options.index(1) if d.kind == "count" else 0)   # 1 soldier away
    assert d is not None and d.prompt == ("menu", 1)           # 2 in Norte - 1 done


def test_both_spellings_print_and_read_back():
    from rulesdsl.model import load_ruleset
    from rulesdsl.printer import canonical_key, to_text
    rs = load_ruleset(os.path.dirname(GAME))
    for pt, es in (("realize tantas ações quanto (número de soldados seus em Norte) entre marchar, atacar",
                    "realiza tantas acciones como (número de soldados tuyos en Norte) entre marchar, atacar"),
                   ("escolha um vale C aleatório ponderado por (número de soldados em C) onde C não é Sul",
                    "elige un valle C aleatorio ponderado por (número de soldados en C) donde C no es Sur")):
        t_pt = parse_expression(pt, "pt", rs.builder.tokenizer("pt"), _diags("pt"))
        t_es = parse_expression(es, "es", rs.builder.tokenizer("es"), _diags("es"))
        assert t_pt is not None and t_es is not None
        assert canonical_key(t_pt, "azuis") == canonical_key(t_es, "azuis")
        # printed in the other language (the printer's preferred words), read back: the same
        words = {"es": ("tantas acciones como", "aleatorio ponderado por"),
                 "pt": ("tantas ações quanto", "aleatório ponderado por")}
        for tree, lang in ((t_pt, "es"), (t_es, "pt")):
            text = to_text(tree, lang, rs.names_table(lang), "azuis")
            assert any(w in text for w in words[lang]), text
            back = parse_expression(text, lang, rs.builder.tokenizer(lang), _diags(lang))
            assert canonical_key(back, "azuis") == canonical_key(tree, "azuis"), text


def _diags(lang):
    from rulesdsl.errors import Diagnostics
    return Diagnostics(lang)
