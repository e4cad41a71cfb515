"""Many games of one ruleset, in parallel: win rates with confidence intervals, lengths, errors.

    from rulesdsl.interpreter.simulate import simulate
    r = simulate("rulesets/root", ["marqueses", "rapinas"], games=1000, seed=1, workers=8)
    r["win_rate"]["marqueses"]   # {"wins": 512, "games": 1000, "rate": 0.512, "ci95": [0.481, 0.543]}

* Game k gets its own seed, derived from the base seed and k alone (so the results do not
  depend on the number of workers or on the order games finish in).
* By default the seats rotate: game k seats the factions shifted by k, so each faction plays
  each seat equally often; win rates are reported per faction and per seat.
* `workers=1` plays in this process. Where processes can be forked (Linux and the other Unix
  systems but macOS), the workers are forked from this process and inherit the ruleset it
  already loaded and compiled: they do not load it again. Elsewhere (Windows, macOS) each
  worker loads it once, from the compiled-ruleset cache when there is one (rulesdsl/cache.py).
* Results and per-game records do not depend on the number of workers: each game is played
  from its own seed, results are sorted by game, and `on_game` receives the games in their
  order (a game that finishes early waits for the ones before it).
* A game that raises is reported with its seed (and the exception), never a crash; a game
  still running after `max_decisions` decisions is counted as unfinished; a game that takes
  longer than `time_limit` CPU seconds (a loop the engine's bounds did not catch) is reported as an error.
* With `invariants=True` the generic invariants (interpreter/invariants.py) are checked
  after every decision; a violation is an error of that game, naming the decision.
* Confidence intervals are Wilson score intervals at 95%.
"""
from __future__ import annotations

import contextlib
import hashlib
import math
import os
import signal
import sys
import threading
import time

from .seating import seat_ids, seat_number

Z95 = 1.959963984540054


def game_seed(base: int, k: int) -> int:
    """The seed of game k of a run with base seed `base` (a stable 31-bit number)."""
    h = hashlib.sha256(f"rulesdsl-sim:{base}:{k}".encode()).digest()
    return int.from_bytes(h[:4], "big") & 0x7FFFFFFF


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (n = 0 gives [0, 1])."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    den = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / den
    half = z / den * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(k: int, n: int) -> dict:
    lo, hi = wilson(k, n)
    return {"wins": k, "games": n, "rate": (k / n) if n else 0.0, "ci95": [round(lo, 6), round(hi, 6)]}


# ---------------------------------------------------------------------------------------------
# one game (runs in a worker)

_WORKER: dict = {}


def _init_worker(ruleset_path: str | None, lang: str | None, cache: bool | None = None) -> None:
    # Ctrl-C is the parent's business: it stops the pool; workers must not print tracebacks
    with contextlib.suppress(ValueError, OSError, AttributeError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if ruleset_path is None:      # forked: the parent's compiled ruleset is already here
        return
    from ..environment import Environment
    _WORKER["gdef"] = Environment(lang, cache=cache).load(ruleset_path)


def can_fork() -> bool:
    """Can workers be forked from this process? Not where fork is missing (Windows) or
    unsafe with the system's libraries (macOS)."""
    import multiprocessing as mp
    return "fork" in mp.get_all_start_methods() and sys.platform != "darwin"


def _pool(workers: int, gdef, ruleset_path, lang, cache):
    """A process pool whose workers hold the compiled ruleset: forked from this process
    where possible, else each loading it once."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor
    if can_fork():
        import gc
        _WORKER["gdef"] = gdef
        # the inherited heap goes to the permanent generation: the workers' collections
        # neither walk it nor touch (and so copy) its pages
        gc.collect()
        gc.freeze()
        return ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("fork"),
                                   initializer=_init_worker, initargs=(None, lang)), "fork"
    return ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                               initargs=(ruleset_path, lang, cache)), "load"


def _timed_chunk(task):
    """A chunk of games, with the CPU time this worker spent on it and its process id."""
    t0 = time.process_time()
    res = _run_chunk(task)
    return os.getpid(), time.process_time() - t0, res


def _seating(factions, k, rotate):
    if isinstance(factions, int):
        # seats only: the factions are drafted in the game's setup (Law A.8), nothing to rotate
        return seat_ids(factions)
    if not rotate:
        return list(factions)
    r = k % len(factions)
    return list(factions[r:]) + list(factions[:r])


class InvariantViolation(Exception):
    """The rules broke a generic invariant (pieces, counters, cards): the game is an error."""


def play_one(gdef, seats, seed, agents_spec, max_decisions, map_id=None, invariants=False, deck_id=None,
             setup_id=None, landmarks=None, hirelings=None, cpu_limit=None, options=None) -> dict:
    """Play one game with the given seating; returns a plain result dict. With `invariants`,
    the generic invariants are checked before the first decision and after every one: a
    violation stops the game as an error naming the decision (replayable from the seed).
    cpu_limit: (clock, seconds): the game stops with GameTimeout once `clock()` has advanced by
    more than `seconds`, checked between decisions (where no timer signal can reach: Dask's
    worker threads, cluster.py)."""
    from .engine import Game
    from .agents import make_agents, play, summary
    drafted = bool(seats) and seat_number(seats[0]) is not None
    game = Game(gdef, len(seats) if drafted else seats, seed, map_id=map_id, deck_id=deck_id, setup=setup_id,
                landmarks=landmarks, hirelings=hirelings, options=options)
    agents = make_agents(agents_spec, seats, seed)
    checks = []
    if invariants:
        from .invariants import check

        def broken_invariants():
            broken = check(game)
            if broken:
                raise InvariantViolation(f"#{len(game.history)}: " + "; ".join(broken))
        broken_invariants()
        checks.append(broken_invariants)
    if cpu_limit is not None and cpu_limit[1]:
        clock, seconds = cpu_limit
        t0 = clock()

        def past_limit():
            if clock() - t0 > seconds:
                raise GameTimeout(seconds)
        checks.append(past_limit)
    after = None
    if checks:
        def after():
            for c in checks:
                c()
    stopped = play(game, agents, max_decisions=max_decisions, after=after)
    out = summary(game, stopped)
    # the seats in turn order, each with the faction it played (drafted or given) and its agent
    out.update(agents=[agents[game.seat_of(f)].name for f in game.s.seats], map=game.map_id, deck=game.deck_id)
    out["factions"] = list(game.s.seats)
    return out


class GameTimeout(Exception):
    def __init__(self, seconds):
        super().__init__(f"> {seconds:g} s")


@contextlib.contextmanager
def deadline(seconds):
    """Raise GameTimeout in the block after `seconds` of CPU time of this process (Unix, main
    thread only; else no limit). CPU time, not wall time: on a loaded machine a slow game is not
    a stuck one, and the verdict does not depend on the load."""
    if not seconds or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_alarm(signum, frame):
        raise GameTimeout(seconds)
    old = signal.signal(signal.SIGPROF, on_alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def _run_chunk(task) -> list[dict]:
    return run_chunk_with(_WORKER["gdef"], task)


def run_chunk_with(gdef, task, cpu_clock=None) -> list[dict]:
    """The games of one chunk. The CPU-time limit is a timer signal, or with `cpu_clock` (a
    thread's clock, where signals cannot reach) a check between decisions."""
    ks, factions, base, rotate, agents_spec, max_decisions, map_id, limit, invariants, deck_id, setup_id, landmarks, hired = task[:13]
    options = task[13] if len(task) > 13 else None       # ruleset options (rulesdsl/options.py)
    out = []
    for k in ks:
        seed = game_seed(base, k)
        seats = _seating(factions, k, rotate)
        spec = _agents_for(agents_spec, factions, seats)
        try:
            with deadline(None if cpu_clock else limit):
                r = play_one(gdef, seats, seed, spec, max_decisions, map_id, invariants, deck_id, setup_id, landmarks,
                             hired, cpu_limit=(cpu_clock, limit) if cpu_clock else None, options=options)
            r["game"] = k
        except Exception as exc:  # noqa: BLE001 - a broken game is a result, not a crash
            r = {"game": k, "seed": seed, "factions": seats, "map": map_id, "deck": deck_id,
                 "error": f"{type(exc).__name__}: {exc}"}
        out.append(r)
    return out


def _agents_for(agents_spec, factions, seats):
    """Agents are given per faction (in the order of `factions`); follow them to their seat."""
    if agents_spec is None:
        return None
    names = agents_spec.split(",") if isinstance(agents_spec, str) else list(agents_spec)
    if isinstance(factions, int) or len(names) != len(factions):
        return names
    by_f = dict(zip(factions, names))
    return [by_f[f] for f in seats]


# ---------------------------------------------------------------------------------------------

def simulate(ruleset_path, factions, games, seed=0, workers=None, *, rotate=True, agents=None,
             max_decisions=100_000, lang=None, map_id=None, progress=None, time_limit=120.0,
             invariants=False, deck_id=None, on_game=None, cache=None, stats=None,
             gdef=None, setup_id=None, landmarks=None, hirelings=None, executor=None, address=None,
             options=None) -> dict:
    """Play `games` games and aggregate them (see the module docstring).

    executor: None or "local" (this process, or a local process pool), or "dask": the games on
    the Dask cluster at `address` (None: a local cluster of `workers` threads), cluster.py.

    gdef: the ruleset of `ruleset_path` when the caller has already loaded it (not loaded again).
    cache: use the compiled-ruleset cache (None: as RULESDSL_CACHE says; rulesdsl/cache.py).
    stats: a dict filled with how the run went, for benchmarks (never part of the result):
    `start` ("here", "fork" or "load"), `cpu` (CPU seconds per process id: the games' own
    time in each worker), `games` (games per process id), `wall` (seconds).
    progress: None = a bar on stderr when it is a terminal; False = never; or fn(done, total).
    on_game: fn(result) called in this process as each game finishes (in the order they
    finish), e.g. to write per-game records (records.py).
    Ctrl-C (KeyboardInterrupt) stops the run: the games finished so far are aggregated and the
    result says `interrupted: True`."""
    seats_only = isinstance(factions, int) and not isinstance(factions, bool)
    factions = int(factions) if seats_only else list(factions)
    games = int(games)
    if workers is None:
        workers = os.cpu_count() or 1
    workers = max(1, min(int(workers), max(1, games)))
    # fail early, in this process, on a broken ruleset, an unknown faction or agent name
    from ..environment import Environment
    from .engine import RulesetError
    if gdef is None:
        gdef = Environment(lang, cache=cache).load(ruleset_path)
    for f in ([] if seats_only else factions):
        if f not in gdef.factions:
            raise RulesetError(f)
    if seats_only:
        st = (getattr(gdef, "setups", None) or {}).get(setup_id)
        if (st.faction_choice if st is not None else gdef.faction_choice) is None:
            raise RulesetError("seats without factions: the game has no faction choice")
    if agents is not None:
        from .agents import make_agents
        make_agents(agents, seat_ids(factions) if seats_only else factions, 0)
    if progress is None:
        progress = _bar(lang) if sys.stderr.isatty() else False
    t0 = time.perf_counter()
    ks = list(range(games))
    # small chunks: the progress and the records follow the games closely; one process plays
    # game by game
    chunk = 1 if workers == 1 and executor != "dask" else max(1, min(8, games // (workers * 8) or 1))
    tasks = [(ks[i:i + chunk], factions, int(seed), rotate, agents, max_decisions, map_id, time_limit,
              invariants, deck_id, setup_id, landmarks, hirelings, options)
             for i in range(0, games, chunk)]
    results: list[dict] = []
    interrupted = False
    waiting: dict = {}            # games finished before an earlier one: held for on_game
    nxt = [0]
    stats = {} if stats is None else stats
    stats.update(cpu={}, games={})

    def release(flush=False):
        while nxt[0] in waiting or (flush and waiting):
            k = nxt[0] if nxt[0] in waiting else min(waiting)
            on_game(waiting.pop(k))
            nxt[0] = k + 1

    def finished(res, pid=None, cpu=None):
        results.extend(res)
        if pid is not None:
            stats["cpu"][pid] = stats["cpu"].get(pid, 0.0) + cpu
            stats["games"][pid] = stats["games"].get(pid, 0) + len(res)
        if on_game is not None:
            for r in res:
                waiting[r["game"]] = r
            release()
        if progress:
            progress(len(results), games)

    if executor == "dask":
        from . import cluster
        interrupted = cluster.run(ruleset_path, tasks, lang, address, workers, finished, stats)
    elif workers == 1:
        import gc
        _WORKER["gdef"] = gdef
        stats["start"] = "here"
        # the compiled ruleset (hundreds of thousands of objects, none of them garbage) goes
        # to the permanent generation, as before forking: the collections while the games run
        # do not walk it (≈ 0.25 s in the first game of Root otherwise)
        gc.collect()
        gc.freeze()
        try:
            for t in tasks:
                c0 = time.process_time()
                res = _run_chunk(t)
                finished(res, os.getpid(), time.process_time() - c0)
        except KeyboardInterrupt:
            interrupted = True
        finally:
            gc.unfreeze()
    else:
        import gc
        from concurrent.futures import as_completed
        ex, stats["start"] = _pool(workers, gdef, ruleset_path, lang, cache)
        try:
            futs = [ex.submit(_timed_chunk, t) for t in tasks]
            for f in as_completed(futs):
                pid, cpu, res = f.result()
                finished(res, pid, cpu)
        except BaseException as exc:
            # interrupted (Ctrl-C) or a broken pool: stop the workers now, do not wait for them
            procs = list((getattr(ex, "_processes", None) or {}).values())
            ex.shutdown(wait=False, cancel_futures=True)
            for proc in procs:
                with contextlib.suppress(Exception):
                    proc.terminate()
            if not isinstance(exc, KeyboardInterrupt):
                raise
            interrupted = True
        else:
            ex.shutdown(wait=True)
        finally:
            gc.unfreeze()
    if on_game is not None:
        release(flush=True)       # after Ctrl-C: the games that finished, in their order
    elapsed = time.perf_counter() - t0
    stats["wall"] = elapsed
    if progress:
        progress(None, games)
    results.sort(key=lambda r: r["game"])
    if seats_only:
        # the factions the seats drafted, in the ruleset's order; each one's rates over the
        # games it played
        played = {f for r in results for f in (r.get("factions") or ()) if "error" not in r}
        out = aggregate(results, [f for f in gdef.factions if f in played], games, int(seed), False,
                        seats=factions)
        by = dict(agents_by_seat=_agent_names(agents, seat_ids(factions)), agents_by_faction={})
    else:
        out = aggregate(results, factions, games, int(seed), rotate)
        by = dict(agents_by_faction=_agent_names(agents, factions))
    out.update(interrupted=interrupted, finished=len(results), ruleset=str(ruleset_path), workers=workers, agents=agents,
               executor=executor or "local", max_decisions=max_decisions, **by,
               time_limit=time_limit, invariants=bool(invariants), map=map_id or gdef.default_map,
               deck=deck_id or gdef.default_deck)
    # the only fields that vary from run to run
    out["seconds"] = round(elapsed, 3)
    out["games_per_second"] = round(len(results) / elapsed, 2) if elapsed > 0 else None
    return out


def _agent_names(agents_spec, factions) -> dict:
    """faction -> the name of its agent (random when none was given)."""
    from .agents import make_agents
    made = make_agents(agents_spec, list(factions), 0) if agents_spec is not None else {}
    return {f: (made[f].name if f in made else "random") for f in factions}


def aggregate(results, factions, games, seed, rotate, seats=None) -> dict:
    """seats: a number of seats whose factions were drafted (each game's `factions` are those it
    drafted): a faction's rates are over the games it played."""
    ok = [r for r in results if "error" not in r]
    errors = [{"game": r["game"], "seed": r["seed"], "factions": r["factions"], "error": r["error"]}
              for r in results if "error" in r]
    n = len(ok)
    nseats = len(factions) if seats is None else seats
    played = {f: (n if seats is None else sum(1 for r in ok if f in r["factions"])) for f in factions}
    wins = {f: 0 for f in factions}
    seat_wins = [0] * nseats
    no_winner = unfinished = stuck = 0
    score_sum = {f: 0.0 for f in factions}
    rounds = decisions = turns = 0
    for r in ok:
        ws = r.get("winners") or []
        if not ws:
            no_winner += 1
        for w in ws:
            if w in wins:
                wins[w] += 1
            if w in r["factions"]:
                seat_wins[r["factions"].index(w)] += 1
        if r.get("stopped") == "max_decisions":
            unfinished += 1
        if r.get("stopped") == "stuck":
            stuck += 1
        for f, v in (r.get("scores") or {}).items():
            if f in score_sum:
                score_sum[f] += v
        rounds += r.get("rounds") or 0
        decisions += r.get("decisions") or 0
        turns += r.get("turns") or 0
    nw = _rate(no_winner, n)
    return {
        "factions": factions,
        "seats": nseats,
        "games": games,
        "completed": n,
        "seed": seed,
        "rotate": rotate,
        "win_rate": {f: _rate(wins[f], played[f]) for f in factions},
        "seat_win_rate": {str(i + 1): _rate(seat_wins[i], n) for i in range(nseats)},
        "no_winner": {"games": no_winner, "rate": nw["rate"], "ci95": nw["ci95"]},
        "unfinished": unfinished,
        "stuck": stuck,
        "mean_scores": {f: (score_sum[f] / played[f] if played[f] else 0.0) for f in factions},
        "mean_rounds": rounds / n if n else 0.0,
        "mean_turns": turns / n if n else 0.0,
        "mean_decisions": decisions / n if n else 0.0,
        "errors": errors,
    }


def _bar(lang):
    """A progress bar on stderr with the rate and the time left (tqdm)."""
    from tqdm import tqdm
    from ..errors import format_message
    word = format_message("CLI.sim.games", lang or "pt", {})
    state = {"bar": None}

    def show(done, total):
        bar = state["bar"]
        if done is None:
            if bar is not None:
                bar.close()
            return
        if bar is None:
            bar = state["bar"] = tqdm(total=total, unit=" " + word, file=sys.stderr, dynamic_ncols=True,
                                      smoothing=0.1, leave=False)
        bar.update(done - bar.n)
    return show
