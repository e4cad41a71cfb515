"""mega_exploding_birds (docs/rootlog.md, «A fusão de mega»): the few lines of a record and
the step the search ranks, where the whole game costs too much for the suite."""

from rulesdsl.rootlog.notation import parse


def _replayer(root_def, mapping, text, **kw):
    from rulesdsl.rootlog.replay import Replayer
    return Replayer(root_def, parse(text), mapping, **kw)


def test_a_battle_whose_losses_take_the_next_moves_warriors_is_merged(root_def, mapping, monkeypatch):
    """A position like mega's l. 30: the Corvids battle the Riverfolk at 10, losing a warrior,
    and then move two warriors from 10 to 1 (`XO10/(Ow+w)10->/2w10->1`). A battle in which the
    Corvids lose three warriors at 10 makes the line's −3 there from two unalike actions, the
    removal and the move, and leaves the move's arrival at 1 unmade: with the switch
    (merged.py, `RULESDSL_ROOTLOG_MERGE_HALF_DONE`), one change made of two logged actions; a
    step that makes both actions whole stays unmerged (the Keepers' move and Evening removal,
    test_rootlog_roundtrip3.py). Off (the default: r1g2, r2g4 and after_dark lose by it,
    docs/rootlog.md «A fusão de mega»), only alike actions merge. Which merge of mega's the
    switch restores was not pinned to one step."""
    from rulesdsl.rootlog import merged
    monkeypatch.setattr(merged, "HALF_DONE", True)
    rp = _replayer(root_def, mapping, "P: Corvideos\nO: Ribeirinhos\nP:#->P\nO:#->O\n"
                                      "P:XO10/(Ow+w)10->/2w10->1\n")
    bi = 1
    w, ow = "corvideos.guerreiro", "ribeirinhos.guerreiro"
    left = [[at, at.n] for at in rp.atoms[bi]]
    removal = next(at.action for at in rp.atoms[bi] if rp.actions[at.action][2].raw == "(Ow+w)10->")
    three = rp.consume(left, {("c10", w): -3, ("c10", ow): -1}, {bi})
    assert three is not None and rp.merged is True
    three_rank = rp._score(left, three, removal, rp.merged)
    one = rp.consume(left, {("c10", w): -1, ("c10", ow): -1}, {bi})
    assert one is not None and rp.merged is False
    assert rp._score(left, one, removal, rp.merged) > three_rank
    # the move made whole in the same step is no merge left half done
    whole = rp.consume(left, {("c10", w): -3, ("c10", ow): -1, ("c1", w): 2}, {bi})
    assert whole is not None and rp.merged is False
    monkeypatch.setattr(merged, "HALF_DONE", False)
    assert rp.consume(left, {("c10", w): -3, ("c10", ow): -1}, {bi}) is not None and rp.merged is False
