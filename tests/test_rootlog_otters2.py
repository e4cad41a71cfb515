"""The Riverfolk's funds in the tolerant replay's corrections (rulesdsl/rootlog/fund_costs.py).

The Riverfolk commit a fund to move, to battle and to buy a card (11.5.1, 11.5.2, 11.5.4) and
the notation never writes a commit. A correction that stands for one of those actions (the
engine could not make it) commits the fund too, as the action would have: otherwise the
engine's funds stay too many and the next Birdsong pays Dividends (11.4.2) the record never
writes (r2g4 l. 26 → l. 31)."""

from rulesdsl.rootlog.fund_costs import cost_edits
from rulesdsl.rootlog.notation import parse

RECORD = ("Map: Fall\nDeck: E&P\nA: Ann\nO: Otto\nC: Cat\n"
          "A:3#->$\nO:w->10+11/2w->5/$_->3\n"
          "C:t_k->2/b_s->2/b_r->10/b_w->5/w->1+2+3+5+6+7+8+9+10+11+12\n"
          "A:#->A\n"
          "O:XA11/At11->/++/XA11/At11->/2Cw$->/2w11->12/2#->O/XC5/R#C->/Cw5->\n")

FUNDS, COMMITTED = "ribeirinhos.fundos", "ribeirinhos.comprometidos"
OW, CW = "ribeirinhos.guerreiro", "marqueses.guerreiro"


def _setup(root_def, mapping):
    from rulesdsl.rootlog.replay import Replayer
    rp = Replayer(root_def, parse(RECORD), mapping, tolerant=True)
    game = rp.new_game()
    game.s.piece_zones[FUNDS] = {OW: 2, CW: 2}     # two of their own, two paid by the Marquise
    return rp, game


def _line(rp):
    """The Riverfolk's line: its block, and each action's index in the flat list by its text
    (the first of two equal ones)."""
    bi = len(rp.blocks) - 1
    idx = {}
    for ai, (b, _, a) in enumerate(rp.actions):
        if b == bi:
            idx.setdefault(a.raw, []).append(ai)
    return bi, idx


def _open(rp, ai):
    return [(at, at.n) for at in rp.atoms[-1] if at.action == ai]


def test_a_corrected_battle_commits_one_fund_once(root_def, mapping):
    """`XA11/At11->` corrected: the engine did not fight, so the battle's fund is committed
    with the casualty (their own warrior first; the Marquise's are spent later, `2Cw$->`).
    A second casualty of the same battle commits nothing more; the next battle, one more."""
    rp, game = _setup(root_def, mapping)
    bi, idx = _line(rp)
    left = [[at, at.n] for at in rp.atoms[bi]]
    first = idx["At11->"][0]
    assert cost_edits(rp, game, first, _open(rp, first), left) == [["zone_piece", FUNDS, COMMITTED, OW, 1]]
    assert cost_edits(rp, game, first, _open(rp, first), left) == []          # paid once
    second = idx["At11->"][1]
    assert cost_edits(rp, game, second, _open(rp, second), left) == [["zone_piece", FUNDS, COMMITTED, OW, 1]]


def test_a_battle_the_engine_fought_is_not_paid_again(root_def, mapping):
    """The casualty of `XC5` in another line position was matched (the engine fought and
    committed the fund itself): correcting a later change costs nothing."""
    rp, game = _setup(root_def, mapping)
    bi, idx = _line(rp)
    ai = idx["Cw5->"][0]
    left = [[at, 0 if at.action == ai else at.n] for at in rp.atoms[bi]]
    assert cost_edits(rp, game, ai, [], left) == []


def test_a_corrected_move_and_draw_commit_their_funds(root_def, mapping):
    """A move (`2w11->12`) commits one fund whatever the warriors moved; two cards bought
    (`2#->O`) commit two. With their own warriors gone, the Marquise's are committed, once
    the line no longer spends them."""
    rp, game = _setup(root_def, mapping)
    bi, idx = _line(rp)
    spend = idx["2Cw$->"][0]
    left = [[at, 0 if at.action <= spend else at.n] for at in rp.atoms[bi]]
    move = idx["2w11->12"][0]
    assert cost_edits(rp, game, move, _open(rp, move), left) == [["zone_piece", FUNDS, COMMITTED, OW, 1]]
    draw = idx["2#->O"][0]
    assert cost_edits(rp, game, draw, _open(rp, draw), left) == [["zone_piece", FUNDS, COMMITTED, OW, 2]]
    game.s.piece_zones[FUNDS] = {CW: 2}
    assert cost_edits(rp, game, draw, _open(rp, draw), left) == [["zone_piece", FUNDS, COMMITTED, CW, 2]]


def test_other_factions_and_unwritten_costs_pay_nothing(root_def, mapping):
    """Points and a card the Marquise spend in the Riverfolk's line are no action of theirs
    with an unwritten cost; the Alliance has no such cost at all."""
    rp, game = _setup(root_def, mapping)
    bi, idx = _line(rp)
    left = [[at, at.n] for at in rp.atoms[bi]]
    for raw in ("++", "R#C->", "2Cw$->"):
        ai = idx[raw][0]
        assert cost_edits(rp, game, ai, _open(rp, ai), left) == []
    ai = next(ai for ai, (b, _, a) in enumerate(rp.actions) if a.raw == "#->A")
    atoms = [(at, at.n) for block in rp.atoms for at in block if at.action == ai]
    assert atoms and cost_edits(rp, game, ai, atoms, left) == []


# -- the round trip: funds spent and prices changed are written (export.py) ---------------------

def test_a_fund_spent_is_written_as_the_players_write_it(mapping):
    """A trade post (11.5.6.II) spends two of the Duchy's warriors from the funds: the engine
    moves them to the spent section, then back to their owner's supply. The line writes the
    spend, `2Dw$->` (real records: `2w$->/t_r+w->5`); a payment moving between two sections
    of `$` is not written."""
    from rulesdsl.rootlog.export import _action, _reverse
    ev = {"t": "move", "from": "ribeirinhos.fundos", "to": "ribeirinhos.gastos",
          "kind": "ducado.guerreiro", "owner": "ducado", "count": 2, "by": "ribeirinhos"}
    out = _action(ev, "move", _reverse(mapping), mapping, mapping.letters, "ribeirinhos", None, {})
    assert out == "2Dw$->"
    ev = dict(ev, to="ribeirinhos.comprometidos", kind="ribeirinhos.guerreiro", owner="ribeirinhos", count=1)
    assert _action(ev, "move", _reverse(mapping), mapping, mapping.letters, "ribeirinhos", None, {}) is None



def test_a_typo_in_the_unwritten_costs_is_an_error_where_it_stands():
    """`batalhas` for `batalha`: never a cost quietly absent (mapping_check.py)."""
    import pytest
    from rulesdsl.errors import RulesError
    from rulesdsl.rootlog.mapping_check import check_keys
    text = ("idioma: pt\nrootlog:\n  facções:\n    O:\n      id: ribeirinhos\n"
            "      custos_não_escritos: {de: fundos, para: comprometidos, ações: {batalhas: 1}}\n")
    with pytest.raises(RulesError) as exc:
        check_keys("rootlog.yaml", text)
    (d,) = exc.value.diagnostics
    assert (d.code, d.pos.line, d.args["key"], d.hint) == ("RLM.unknown_key", 6, "batalhas", "batalha")
