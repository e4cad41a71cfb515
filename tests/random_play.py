"""Random games to the end, shared by the tests of each faction: uniform random choices from
`random.Random(seed)`, the invariants checked after every decision (plus the caller's own), and
a failure that says where it happened (seed, decision, round, player, phase, last choices)."""
import random

from rulesdsl.interpreter.invariants import check


def play_to_the_end(game, seed, max_decisions, label="", extra_checks=None, each=None) -> int:
    """Play `game` to its end; -> the number of decisions. `extra_checks(game)` -> more
    violations to check after each decision; `each(game)` is called after each decision."""
    rng = random.Random(seed)
    n = 0

    def where():
        return (f"{label or f'seed {seed}'}, decision {n}, round {game.s.round}, "
                f"{game.s.active}, phase {game.s.phase}; last choices: {game.history[-8:]}")
    v = check(game)
    assert not v, "; ".join(v) + " — at the start, " + where()
    while not game.is_terminal():
        acts = game.legal_actions()
        assert acts, "no legal action before the end — " + where()
        game.apply(rng.randrange(len(acts)))
        n += 1
        v = check(game) + (extra_checks(game) if extra_checks else [])
        assert not v, "; ".join(v) + " — " + where()
        assert n < max_decisions, "no end — " + where()
        if each is not None:
            each(game)
    failure = getattr(game.s, "failure", None)
    assert failure is None, f"stuck: {getattr(failure, 'why', failure)} (Law {getattr(failure, 'law', '?')}) — " + where()
    if game.log:    # with a log: a winner, or the round limit said why there is none
        assert game.winners() or any(e.get("t") == "round_limit" for e in game.log), where()
    return n


def play_some(game, seed, limit) -> int:
    """Uniform random choices from `random.Random(seed)` until the game asks nothing more or
    `limit` decisions were made, with no checks of its own (the caller's test checks what it
    is about); -> the number of decisions."""
    rng = random.Random(seed)
    n = 0
    while game.pending is not None and n < limit:
        game.apply(rng.randrange(len(game.pending.options)))
        n += 1
    return n


def play_alike(games, seed, steps) -> None:
    """Play the same random choices (from `random.Random(seed)`) in every game of `games`, at
    most `steps` of them, checking before each that all offer the same choices (the same
    game written twice, e.g. in two languages, must play alike)."""
    rnd = random.Random(seed)
    for _ in range(steps):
        ids = [g.legal_ids() for g in games]
        assert all(x == ids[0] for x in ids), ids
        if games[0].is_terminal():
            break
        i = rnd.randrange(len(ids[0]))
        for g in games:
            g.apply(i)
