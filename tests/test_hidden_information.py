"""Hidden information (issue 4; Law 1.2, 8.2.3): a player's log and observation show nothing
that player may not see.

Whole games are played with every seat observed; for each player the log as it sees it
(`ViewLog`, what `jogar --log-for` writes) is checked against a ground truth computed here,
independently of interpreter/observation.py, from the full log alone plus the zone
declarations: where every card instance is after each event (replaying draws, adds, takes,
gives, discards, reshuffles and the undoing of failed actions), and which cards were shown to
whom (`reveal`). A card may be named to F when it is in a zone F may look into, or was shown to F
and has not moved since, or — for an event that moves it — when F can see the zone it leaves or
enters (discarding is done face up). The ground truth's card positions are compared with the
real state after every decision, so the replay itself is checked too.

`HIDDEN_GAMES=N` (or RULESDSL_FULL=1) plays more seeds.
"""
from __future__ import annotations

import json
import os
import random
import re

import pytest

import rulesdsl
from rulesdsl.cli import main
from rulesdsl.interpreter.engine import Game, option_id
from observed_play import ObservedLogs
from rulesdsl.interpreter.observation import HIDDEN, ShownCards, WatchedState

TESTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(os.path.dirname(TESTS), "rulesets", "root")
CONQUISTA = os.path.join(TESTS, "games", "conquista", "jogo.yaml")
FULL = os.environ.get("RULESDSL_FULL", "") not in ("", "0", "false", "no")
N_SEEDS = int(os.environ.get("HIDDEN_GAMES") or (12 if FULL else 2))
FOUR = ["marqueses", "rapinas", "alianca", "malandro"]
TWO = ["marqueses", "rapinas"]
MAX_DECISIONS = 6000
STATS = {"games": 0, "events": 0, "checked": 0, "mentions": 0, "hidden": 0, "own_draws": 0,
         "hidden_pieces": 0, "omitted_decisions": 0}


def _load(path):
    return rulesdsl.load(path)


@pytest.fixture(scope="module")
def root():
    return _load(ROOT)


@pytest.fixture(scope="module")
def conquista():
    return _load(CONQUISTA)


# ---------------------------------------------------------------------------------------------
# the ground truth, from the full log

class _Snap(Exception):
    pass


def initial_layout(g, factions, seed):
    """card instance -> zone, and instance -> card id, before anything happens."""
    out = {}

    def grab(game):
        out["loc"] = {c: z for z, cards in game.s.zones.items() for c in cards}
        out["defs"] = list(game.s.card_defs)
        raise _Snap()
    with pytest.raises(_Snap):
        Game(g, factions, seed, position=grab)
    return out["loc"], out["defs"]


class Truth:
    """Where each card is and who may name it, replaying the full log event by event."""

    def __init__(self, g, factions, seed, lang):
        self.g = g
        self.factions = list(factions)
        self.loc, self.defs = initial_layout(g, factions, seed)
        self.names = {c: g.rs.name("card", cid, lang) for c, cid in enumerate(self.defs)}
        self.known = {}          # (card, faction) -> zone where it was shown
        self.moves = []          # (full index, card, src, dst); card None: (.., None, space, n) covers
        # pieces that cover others (`cobre:`, a ruin over its items): where they are, and what they hide
        self.coverers = {k: {str(x) for x in (v if isinstance(v, (list, tuple)) else [v])}
                         for k, pk in g.piece_kinds.items() for v in [pk.attrs.get("covers")] if v}
        self.coverable = {k for k, pk in g.piece_kinds.items()
                          if any(k in h or pk.category in h for h in self.coverers.values())}
        self.cover = {}          # space -> number of covering pieces there
        self.frames = []         # (faction, action, len(moves)) of the actions begun
        self.undone = set()      # full indices of events inside an undone action
        self.index = -1

    def zone_vis(self, z, f):
        return z is not None and self.g.zone_visible_to(z, f)

    def vis(self, c, f):
        z = self.loc.get(c)
        return self.zone_vis(z, f) or self.known.get((c, f)) == z

    def _cover(self, space, n):
        self.moves.append((self.index, None, space, n))
        self.cover[space] = self.cover.get(space, 0) + n

    def covered(self, rec) -> bool:
        """Is a piece placed by this record face down (a coverer in its space)?"""
        return rec["t"] == "place" and rec.get("kind") in self.coverable and self.cover.get(rec.get("space"), 0) > 0

    def _move(self, c, dst):
        src = self.loc[c]
        self.moves.append((self.index, c, src, dst))
        self.loc[c] = dst
        for f in self.factions:
            self.known.pop((c, f), None)

    def hand(self, f):
        return self.g.zone_key(self.g.hand_zone, f)

    def card_choice(self, rec):
        """The card a decision record chose, if it chose a card (its label is that card's name,
        perhaps followed by its suit: 'Emboscada! (pássaro)')."""
        ch = str(rec.get("choice"))
        label = str(rec.get("label") or "")
        if ch.isdigit() and int(ch) in self.names and \
                (label == self.names[int(ch)] or label.startswith(self.names[int(ch)] + " (")):
            return int(ch)
        return None

    def step(self, rec) -> dict:
        """Consume one full record; {faction: set of card instances it may see named in it}."""
        self.index += 1
        t = rec["t"]
        g = self.g
        allowed = {f: set() for f in self.factions}
        c = rec.get("card")
        if t == "draw":
            assert self.loc[c] == g.draw_zone
            before = {f: self.vis(c, f) for f in self.factions}
            self._move(c, rec["zone"])
            for f in self.factions:
                if before[f] or self.vis(c, f):
                    allowed[f].add(c)
        elif t in ("add", "take", "give") or (t in ("discard", "spend") and not rec.get("replaced")):
            dst = {"add": lambda: rec["zone"], "take": lambda: self.hand(rec["by"]),
                   "give": lambda: self.hand(rec["to"])}.get(t, lambda: g.discard_zone)()
            before = {f: self.vis(c, f) for f in self.factions}
            self._move(c, dst)
            for f in self.factions:
                if before[f] or self.vis(c, f):
                    allowed[f].add(c)
        elif t in ("discard", "spend", "overflow"):
            # not moved (yet): discarded face up
            for f in self.factions:
                if self.vis(c, f) or self.zone_vis(g.discard_zone, f):
                    allowed[f].add(c)
        elif t == "reshuffle":
            cards = [x for x, z in self.loc.items() if z == g.discard_zone]
            assert len(cards) == rec["count"]
            for x in cards:
                self._move(x, rec["zone"])
        elif t == "reveal":
            to = [rec["to"]] if rec.get("to") is not None else self.factions
            for x in rec["cards"]:
                for f in to:
                    self.known[(x, f)] = self.loc[x]
                for f in self.factions:
                    if self.vis(x, f):
                        allowed[f].add(x)
        elif t == "decision":
            x = self.card_choice(rec)
            if x is not None:
                for f in self.factions:
                    if self.vis(x, f):
                        allowed[f].add(x)
        elif t == "action":
            self.frames.append((rec["faction"], rec["action"], len(self.moves), self.index))
        elif t == "action_undone":
            key = (rec["faction"], rec["action"])
            j = max(i for i, fr in enumerate(self.frames) if fr[:2] == key)
            start, first = self.frames[j][2], self.frames[j][3]
            for _, x, src, dst in reversed(self.moves[start:]):
                if x is None:
                    self.cover[src] -= dst
                else:
                    self.loc[x] = src
            del self.moves[start:]
            del self.frames[j:]
            self.undone.update(range(first, self.index))
        else:
            assert "card" not in rec and "cards" not in rec, rec
        if rec.get("kind") in self.coverers and t in ("place", "remove", "move"):
            n = int(rec.get("count") or 1)
            if t == "place" and rec.get("space") is not None:
                self._cover(rec["space"], n)
            elif t == "remove" and rec.get("space") is not None:
                self._cover(rec["space"], -n)
            elif t == "move":
                self._cover(rec["from"], -n)
                self._cover(rec["to"], n)
        if len(self.frames) > 200:
            del self.frames[:100]
        return allowed


# ---------------------------------------------------------------------------------------------
# the checker of one player's log

_LONGEST_FIRST = {}


def names_in(text, names):
    """Card names that occur in a text (a longer name hides the shorter ones it contains)."""
    key = id(names)
    if key not in _LONGEST_FIRST:
        _LONGEST_FIRST[key] = sorted(set(names.values()), key=len, reverse=True)
    found = set()
    for n in _LONGEST_FIRST[key]:
        if n in text:
            found.add(n)
            text = text.replace(n, "\x00")
    return found


def ambiguous_names(g, lang, names):
    """Card names that are also the name of something else (a faction, a piece...)."""
    others = set()
    for kind, things in g.rs.things.items():
        if kind == "card":
            continue
        for ident in things:
            others.add(g.rs.name(kind, ident, lang).lower())
    return {n for n in set(names.values()) if n.lower() in others}


IGNORED = {"seq", "texto", "card", "cards", "choice", "label", "options", "index", "prompt", "option_ids"}


def check_player_log(full_text, view_text, f, g, factions, seed, lang, decisions=None, state_check=None):
    """Check faction f's JSON Lines log against the ground truth from the full log."""
    full = [json.loads(x) for x in full_text.splitlines()]
    view = [json.loads(x) for x in view_text.splitlines()]
    truth = Truth(g, factions, seed, lang)
    amb = ambiguous_names(g, lang, truth.names)
    assert view[0]["t"] == "start" and view[0]["viewer"] == f
    assert {k: v for k, v in view[0].items() if k not in ("viewer", "texto", "seq")} == \
        {k: v for k, v in full[0].items() if k not in ("texto", "seq")}
    assert view[-1]["t"] == "end" and view[-1]["texto"] == full[-1]["texto"]
    assert [r["seq"] for r in view] == list(range(len(view)))
    j = 1
    k = 0                 # decisions seen in the full log
    own_draws, shown_draws = [], []
    for i, x in enumerate(full[1:-1]):
        allowed = truth.step(x)[f]
        STATS["events"] += 1
        d = None
        if x["t"] == "decision":
            d = decisions[k] if decisions is not None else None
            k += 1
        v = view[j]
        hidden_piece = truth.covered(x)     # placed face down: its kind hidden from everyone
        same = v["t"] == x["t"] and all(v.get(key) == x.get(key) for key in x
                                        if key not in IGNORED and not (hidden_piece and key == "kind"))
        if x["t"] == "decision" and same:
            same = v["choice"] in (x["choice"], HIDDEN)
        if not same:
            # only another player's decision may be missing: one among cards f cannot see
            assert x["t"] == "decision" and x["player"] != f, (f, x, v)
            if d is not None:
                cards = [o for o in d.options if isinstance(o, int) and not isinstance(o, bool)]
                assert cards and any(not truth.zone_vis(truth.loc[c], f) for c in cards), (f, x)
            STATS["omitted_decisions"] += 1
            continue
        j += 1
        STATS["checked"] += 1
        if hidden_piece:
            assert v["kind"] == HIDDEN, (f, x, v)
            STATS["hidden_pieces"] += 1
        else:
            assert v.get("kind") == x.get("kind"), (f, x, v)
        # what the record names, structurally
        named = set()
        for key in ("card",):
            if isinstance(v.get(key), int):
                named.add(v[key])
            elif key in x:
                assert v[key] == HIDDEN
                STATS["hidden"] += 1
        for c in v.get("cards") or []:
            if c != HIDDEN:
                named.add(c)
        if x["t"] == "decision":
            if x["player"] != f:
                assert "options" not in v and "index" not in v and "option_ids" not in v
            else:
                assert v["options"] == x["options"] and v["index"] == x["index"]
                assert len(v["option_ids"]) == x["options"]
            chosen = truth.card_choice(x)
            if chosen is not None and v["choice"] != HIDDEN:
                named.add(chosen)
            if d is not None and x["player"] == f:
                for o, oid in zip(d.options, v["option_ids"]):
                    if isinstance(o, int) and not isinstance(o, bool) and chosen is not None and oid != HIDDEN:
                        assert truth.vis(o, f), (f, x, oid)
                        STATS["mentions"] += 1
        for c in named:
            assert c in allowed, (f, x, v)
            STATS["mentions"] += 1
        # and what its text says: every card name must be one of the cards it may name
        ok_names = {truth.names[c] for c in named}
        for n in names_in(v["texto"] + " " + str(v.get("label") or ""), truth.names):
            if n not in amb:
                assert n in ok_names, (f, n, v)
        if x["t"] == "draw" and x["by"] == f:
            own_draws.append(i)
            if v["card"] == x["card"]:
                shown_draws.append(i)
        if state_check is not None:
            state_check(truth, i)
    assert j == len(view) - 1, "the view has records the full log has not"
    # the player's own draws appear (but those an undone action took back)
    missing = [i for i in own_draws if i not in shown_draws and i not in truth.undone]
    assert not missing, (f, missing[:5])
    STATS["own_draws"] += len(shown_draws)
    return truth


# ---------------------------------------------------------------------------------------------
# whole games

def play_observed(g, factions, seed, lang="pt", max_decisions=MAX_DECISIONS, check_state=True):
    """Play a random game with every seat observed; returns the full log, each view's log, the
    decisions taken, and the positions of the cards after each decision (for the ground truth)."""
    rng = random.Random(seed)
    game = Game(g, factions, seed, lang=lang, log=True, observe=factions)
    assert isinstance(game.s, WatchedState)
    logs = ObservedLogs(game, factions, lang)
    full, views = logs.full, logs.views
    decisions = []
    snapshots = []        # (number of full records, card -> zone) after each decision
    n = 0
    while not game.is_terminal() and n < max_decisions:
        decisions.append(game.pending)
        i = rng.randrange(len(game.legal_actions()))
        logs.apply(i)
        if check_state:
            snapshots.append((len(full.records), {c: z for z, cs in game.s.zones.items() for c in cs}))
        n += 1
    logs.end()
    return game, full.text(), {f: v.text() for f, v in views.items()}, decisions, snapshots


def _state_checker(snapshots):
    """Compare the ground truth's card positions with the real ones after each decision."""
    by_count = {}
    for count, loc in snapshots:
        by_count[count] = loc      # the last snapshot taken with this many records

    def check(truth, i):
        count = i + 2              # records consumed so far: start + events 0..i
        loc = by_count.get(count)
        if loc is not None:
            assert truth.loc == loc, [(c, truth.loc.get(c), loc.get(c)) for c in loc if truth.loc.get(c) != loc[c]][:5]
    return check


def _whole_games(g, factions, seeds, lang="pt"):
    for seed in seeds:
        game, full, views, decisions, snaps = play_observed(g, factions, seed, lang)
        STATS["games"] += 1
        checker = _state_checker(snaps)
        for f in factions:
            check_player_log(full, views[f], f, g, factions, seed, lang, decisions,
                             state_check=checker if f == factions[0] else None)
        # the same seed and choices give the same bytes
        _, full2, views2, _, _ = play_observed(g, factions, seed, lang, check_state=False)
        assert full2 == full and views2 == views
        # and the players' logs differ from each other (each sees its own hand)
        assert len(set(views.values())) == len(factions)


@pytest.mark.slow
def test_root_four_players_logs_hide_what_each_may_not_see(root):
    _whole_games(root, FOUR, [1 + 7 * k for k in range(N_SEEDS)])


@pytest.mark.slow
def test_root_two_players_logs(root):
    _whole_games(root, TWO, [2 + 5 * k for k in range(max(2, N_SEEDS - 1))])


def test_root_in_spanish(root):
    _whole_games(root, FOUR, [5], lang="es")


def test_conquista_two_players_logs(conquista):
    _whole_games(conquista, ["azuis", "vermelhos"], [1, 2, 3])


def test_figures_report():
    """Not a check: prints how much the games above checked (pytest -s)."""
    print("\nhidden information:", STATS)


# ---------------------------------------------------------------------------------------------
# the command line

def test_cli_log_for_is_byte_identical_and_hides(root, tmp_path, capsys):
    paths = {}
    for run in ("a", "b"):
        full = tmp_path / f"{run}-full.jsonl"
        # cut short: whole four-player games are checked above; here the command line's files
        args = ["jogar", ROOT, "--faccoes", ",".join(FOUR), "--semente", "11", "--json", "--log", str(full),
                "--max-decisoes", "300"]
        for f, spelling in zip(FOUR, ["marqueses", "Rapinas", "Aliança", "Vagabundo"]):
            p = tmp_path / f"{run}-{f}.jsonl"
            args += ["--registro-para" if f != "malandro" else "--registro-de", spelling, str(p)]
            paths[(run, f)] = p
        paths[(run, None)] = full
        assert main(args) == 0
        capsys.readouterr()
    for key in list(paths):
        if key[0] == "a":
            assert paths[key].read_bytes() == paths[("b", key[1])].read_bytes()
    full_text = paths[("a", None)].read_text(encoding="utf-8")
    for f in FOUR:
        check_player_log(full_text, paths[("a", f)].read_text(encoding="utf-8"), f, root, FOUR, 11, "pt")


def test_cli_log_for_errors(tmp_path, capsys):
    out = tmp_path / "x.jsonl"
    assert main(["jogar", ROOT, "--faccoes", "marqueses,rapinas", "--log-for", "alianca", str(out)]) == 1
    assert "CLI019" in capsys.readouterr().err and not out.exists()
    assert main(["jogar", ROOT, "--faccoes", "marqueses,rapinas", "--log", str(out),
                 "--log-for", "marqueses", str(out)]) == 1
    assert "CLI020" in capsys.readouterr().err and not out.exists()


# ---------------------------------------------------------------------------------------------
# the observation

def _until(game, rng, pred, limit=5000):
    for _ in range(limit):
        if game.is_terminal() or pred(game):
            return True
        game.apply(rng.randrange(len(game.legal_actions())))
    return pred(game)


def test_observation_shows_own_hand_and_only_sizes_of_the_rest(root):
    game = Game(root, TWO, 3)
    g, s = root, game.s
    for f in TWO:
        other = [x for x in TWO if x != f][0]
        o = game.observation(f)
        json.dumps(o)                                  # plain data
        assert o["viewer"] == f and o["seats"] == TWO
        mine, theirs = g.zone_key(g.hand_zone, f), g.zone_key(g.hand_zone, other)
        assert [c["instance"] for c in o["zones"][mine]["cards"]] == s.zones[mine]
        assert [c["card"] for c in o["zones"][mine]["cards"]] == [s.card_defs[c] for c in s.zones[mine]]
        assert o["zones"][theirs] == {"size": len(s.zones[theirs])} and o["zones"][theirs]["size"] > 0
        assert o["zones"][g.draw_zone] == {"size": len(s.zones[g.draw_zone])}
        assert "cards" in o["zones"][g.discard_zone]
        assert o["board"] == {sp: k for sp, k in s.board.items() if k}
        # a typed counter (the hireling controller, `tipo: facção`) is shown by its value
        from rulesdsl.interpreter import small_forms
        plain = {k: v for k, v in s.counters.items() if small_forms.typed_of_key(g, k) is None}
        assert {k: v for k, v in o["counters"].items() if k in plain} == plain
        assert o["round"] == s.round and o["phase"] == s.phase
        for c in s.zones[theirs] + s.zones[g.draw_zone]:
            assert not game.visible_to(c, f)
        for c in s.zones[mine] + s.zones[g.discard_zone]:
            assert game.visible_to(c, f)
        # nothing of the other's hand or of the draw pile, anywhere in the observation
        text = json.dumps(o)
        hidden_ids = {s.card_defs[c] for c in s.zones[theirs] + s.zones[g.draw_zone]}
        seen_ids = {s.card_defs[c] for z, cs in s.zones.items() if g.zone_visible_to(z, f) for c in cs}
        for cid in hidden_ids - seen_ids:
            assert f'"card": "{cid}"' not in text


def test_observation_pending_decision_only_for_its_player(root):
    game = Game(root, TWO, 4)
    d = game.pending
    me = d.player
    other = [x for x in TWO if x != me][0]
    o = game.observation(me)
    assert o["decision"]["player"] == me and o["decision"]["options"] == game.legal_ids()
    assert game.observation(other)["decision"] == {"player": me, "kind": d.kind}
    from rulesdsl.interpreter.describe import describe_decision, describe_option
    mine, theirs = game.observation_string(me, "pt"), game.observation_string(other, "pt")
    assert describe_decision(game, d, "pt") in mine and describe_decision(game, d, "pt") not in theirs
    assert all(describe_option(game, d, o, "pt") in mine for o in d.options)
    assert "aguardando" in theirs and "esperando" in game.observation_string(other, "es")
    # a clone keeps its observers
    observed = Game(root, TWO, 4, observe=[me])
    assert list(observed.clone().views) == [me]


def test_alliance_supporters_hidden_to_others_and_counted(root):
    factions = ["marqueses", "rapinas", "alianca"]
    game = Game(root, factions, 6)
    rng = random.Random(6)
    key = "alianca.apoiadores"
    assert _until(game, rng, lambda gm: len(gm.s.zones.get(key, ())) >= 2)
    cards = game.s.zones[key]
    own = game.observation("alianca")["zones"][key]
    assert [c["instance"] for c in own["cards"]] == cards
    for f in ("marqueses", "rapinas"):
        assert game.observation(f)["zones"][key] == {"size": len(cards)}
        assert not any(game.visible_to(c, f) for c in cards)
        text = game.observation_string(f, "pt")
        name = lambda c: root.rs.name("card", game.s.card_defs[c], "pt")  # noqa: E731
        public = {name(x) for z, xs in game.s.zones.items() if root.zone_visible_to(z, f) for x in xs}
        assert not any(name(c) in text for c in cards if name(c) not in public)
    assert all(game.visible_to(c, "alianca") for c in cards)


def test_revealed_cards_are_visible_to_whom_they_were_shown_while_they_stay(root):
    shown_now = left = 0
    for seed in range(1, 12):
        game = Game(root, FOUR, seed, log=True)
        rng = random.Random(seed)
        seen = 0
        expect = {}        # (card, faction) -> zone where it was shown: this test's own book
        while not game.is_terminal() and game.decisions < 3000:
            game.apply(rng.randrange(len(game.legal_actions())))
            where = {c: z for z, cs in game.s.zones.items() for c in cs}
            new = False
            for e in game.log[seen:]:
                if e["t"] == "reveal" and e.get("to"):
                    new = True
                    for c in e["cards"]:
                        expect[(c, e["to"])] = where[c]
            seen = len(game.log)
            assert isinstance(game.s.visible, ShownCards)
            for (c, f), z in list(expect.items()):
                if where[c] != z:
                    # it left the zone where it was shown: known no more, unless it is in sight
                    del expect[(c, f)]
                    assert game.visible_to(c, f) == root.zone_visible_to(where[c], f)
                    left += not root.zone_visible_to(where[c], f)
                elif not root.zone_visible_to(z, f):
                    assert game.visible_to(c, f)
                    if new:
                        assert c in {r["instance"] for r in game.observation(f)["revealed"]}
                    shown_now += 1
            if new:
                # whoever was never shown a card in a zone it cannot look into does not see it
                for c, fs in game.s.visible.items():
                    for f in FOUR:
                        if f not in fs and not root.zone_visible_to(where[c], f):
                            assert not game.visible_to(c, f)
        if shown_now >= 20 and left >= 1:
            break
    print("\nrevelations checked:", shown_now, "left:", left)
    assert shown_now >= 1, "no revelation happened in the games tried"


def test_information_state_string_replays_without_observers(root):
    game = Game(root, TWO, 8)
    rng = random.Random(8)
    for _ in range(60):
        game.apply(rng.randrange(len(game.legal_actions())))
    observed = Game(root, TWO, 8, observe=TWO, history=list(game.history))
    for f in TWO:
        a = game.information_state_string(f)
        b = observed.information_state_string(f)
        assert a == b
        assert a.startswith(game.observation_string(f))
    assert game.information_state_string(TWO[0]) != game.information_state_string(TWO[1])


def test_no_observer_no_extra_work(root):
    """The hot path: a game without observers has the plain state and log, and no per-event
    hook until a card is shown."""
    from rulesdsl.interpreter.state import State
    game = Game(root, TWO, 1)
    assert type(game.s) is State and type(game.log) is list and game.views == {}
    assert "log_change" not in game.__dict__
    assert not game.log


def test_one_human_at_the_table_is_narrated_its_own_view(root, tmp_path, capsys, monkeypatch):
    """With one human, the narration is that player's view: the others' draws say 'uma carta'."""
    answers = iter(["1"] * 40 + ["q"])
    monkeypatch.setattr("builtins.input", lambda *a: next(answers))
    full = tmp_path / "full.jsonl"
    code = main(["jogar", ROOT, "--faccoes", "marqueses,rapinas", "--agentes", "humano,aleatorio",
                 "--semente", "2", "--log", str(full)])
    out = capsys.readouterr().out
    assert code == 0
    recs = [json.loads(x) for x in full.read_text(encoding="utf-8").splitlines()]
    theirs = [r for r in recs if r["t"] == "draw" and r["by"] == "rapinas"]
    mine = [r for r in recs if r["t"] == "draw" and r["by"] == "marqueses"]
    assert theirs and mine
    for r in theirs:
        assert r["texto"] not in out
    assert "Rapinas compra uma carta" in out
    for r in mine:
        assert r["texto"] in out
