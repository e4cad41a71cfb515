"""The Corvid Conspiracy in the real Rootlog games (docs/rootlog.md, «Os Corvídeos nas partidas
reais»): how the tolerant replay corrects their plots, and the lines the record gets wrong."""
from rulesdsl.rootlog.notation import parse

W, BACK = "corvideos.guerreiro", "corvideos.trama"
SNARE, EXTORTION = "corvideos.armadilha", "corvideos.extorsao"


def _replayer(root_def, mapping, text):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(text), mapping, tolerant=True)


def _atoms(rp, raw):
    """The expected changes of the record's action written `raw`, each still to make."""
    ai = next(i for i, (_, _, a) in enumerate(rp.actions) if a.raw == raw)
    return [(at, at.n) for block in rp.atoms for at in block if at.action == ai]


def test_a_plot_the_referee_places_lies_face_down_with_the_face_the_record_reveals(root_def, mapping):
    """Position: the Corvids' turn; the line places a plot in 1 (`t->1`, 13.5.2) that the engine
    cannot make, and a later line flips it as a snare (`t1^t_s`, 13.4.2). Choice: the referee
    corrects the placement. Result: one face-down plot in 1 (the back), a snare from the supply
    under it — not a face-up snare, which would stop every enemy move out of 1 (13.7.2) and
    leave nothing for the flip; the position passes the engine's invariants (the supply and the
    hidden faces add up)."""
    from rulesdsl.interpreter.invariants import check
    from rulesdsl.rootlog import repair
    rp = _replayer(root_def, mapping, "P: Corvideos\nE: Rapinas\nP:w->1/w1->/t->1\nE:#->E\nP:t1^t_s/++\n")
    game = rp.new_game()
    s = game.s
    supply = dict(s.supply)
    edits, missing = repair.plan(rp, game, _atoms(rp, "t->1"))
    assert (edits, missing) == ([["put", "c1", BACK, 1, SNARE]], 0)
    repair.apply(game, edits)
    assert s.count("c1", BACK) == 1 and s.count("c1", SNARE) == 0
    assert s.identities("c1", BACK) == {SNARE: 1}
    assert s.supply[SNARE] == supply[SNARE] - 1 and s.supply.get(BACK, 0) == supply.get(BACK, 0)
    assert check(game) == []

    # the flip corrected in its turn: the face-down snare turns face up
    edits, missing = repair.plan(rp, game, _atoms(rp, "t1^t_s"))
    assert (edits, missing) == ([["take", "c1", BACK, 1, SNARE], ["put", "c1", SNARE, 1]], 0)
    repair.apply(game, edits)
    assert s.count("c1", BACK) == 0 and s.count("c1", SNARE) == 1 and s.identities("c1", BACK) == {}
    assert check(game) == []


def test_a_plot_never_revealed_takes_the_first_face_the_supply_has(root_def, mapping):
    """The same correction when no later line reveals the plot: still face down, over the
    first face of the plot's back (the Law's order in the faction's data: a bomb) the supply
    has; a second one in the same correction takes the next copy, a third the next face."""
    from rulesdsl.rootlog import repair
    rp = _replayer(root_def, mapping, "P: Corvideos\nE: Rapinas\nP:t->1/t->5/t->9\n")
    game = rp.new_game()
    atoms = _atoms(rp, "t->1") + _atoms(rp, "t->5") + _atoms(rp, "t->9")
    edits, missing = repair.plan(rp, game, atoms)
    bomb = "corvideos.bomba"
    assert (edits, missing) == ([["put", "c1", BACK, 1, bomb], ["put", "c5", BACK, 1, bomb],
                                 ["put", "c9", BACK, 1, SNARE]], 0)
