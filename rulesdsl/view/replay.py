"""A saved game stepped through on the board: one static, self-contained HTML page (no file or
network it needs) with the SVG board of svg.py and, for every decision of the game, what
changed — the pieces of each space, the colours of the spaces, the turn and the scores — plus
who chose what. Buttons, a slider and the arrow keys move through the steps.

What a game is read from (`read_game`):
  * a saved game of `jogar --salvar` (`{"format": "rulesdsl-partida/1", "game": Game.save()}`),
    a bare `Game.save()` dictionary, or a game imported from Rootlog (`rulesdsl-rootlog/1`,
    with its card swaps);
  * the log of `jogar --log` (JSON lines: the `start` record, then each `decision` with the
    id of the option chosen).
The page is built from the states themselves, replayed on the engine: the same file gives the
same page, byte for byte.
"""
from __future__ import annotations

import json

SAVE_FORMAT = "rulesdsl-partida/1"


class ReplayError(Exception):
    """A file that is not a game (`code` is the CLI message, `args_` its arguments)."""

    def __init__(self, code: str, **args):
        super().__init__(code)
        self.code = code
        self.args_ = args


def read_game(text: str) -> dict:
    """{"game": Game.save()-like dict, "ruleset": path or None, "name": the game's name or
    None, "swaps": [(position, a, b)]} from the text of a saved game or of a log."""
    text = text.lstrip("\ufeff")
    stripped = text.strip()
    if not stripped:
        raise ReplayError("CLI091", why="vazio")
    first = stripped.splitlines()[0]
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict) and data.get("t") != "start":
        return _from_saved(data)
    # JSON lines: a log of `jogar --log`
    records = []
    for n, line in enumerate(stripped.splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ReplayError("CLI091", why=f"{n}: {exc.msg}") from None
    if not records or not isinstance(records[0], dict) or records[0].get("t") != "start":
        raise ReplayError("CLI091", why=first[:60])
    st = records[0]
    # a game whose factions were chosen is made again with its seats (`seats`), not the factions
    game = {"ruleset": st.get("ruleset"), "factions": st.get("seats") or st.get("factions"), "seed": st.get("seed", 0),
            "map": st.get("map"), "deck": st.get("deck"),
            "history": [r["choice"] for r in records if isinstance(r, dict) and r.get("t") == "decision"
                        and "choice" in r]}
    for k in ("setup", "landmarks", "hirelings", "chance", "options"):
        if st.get(k) is not None:
            game[k] = st[k]
    return {"game": game, "ruleset": st.get("ruleset_path"), "name": st.get("game"), "swaps": []}


def _from_saved(data: dict) -> dict:
    swaps, path, name, agents = [], None, None, None
    fmt = data.get("format")
    if fmt == SAVE_FORMAT:
        path, name, agents = data.get("ruleset_path"), data.get("name"), data.get("agents")
        data = data.get("game")
    elif fmt == "rulesdsl-rootlog/1":
        swaps = [tuple(x) for x in data.get("swaps") or ()]
        name = "root"
        data = data.get("game")
    if not isinstance(data, dict) or "history" not in data or "factions" not in data:
        raise ReplayError("CLI091", why="history")
    return {"game": data, "ruleset": path, "name": name, "swaps": swaps, "agents": agents}


def make_game(gdef, saved: dict, history: bool = False):
    """The game at its start (`history`: False) or with the whole history applied."""
    from ..interpreter.engine import Game, RulesetError
    data = saved["game"]
    if data.get("ruleset") not in (None, gdef.rs.hash):
        raise ReplayError("CLI092")
    try:
        game = Game(gdef, data["factions"], data.get("seed", 0), data.get("map"), data.get("deck"),
                    chance=data.get("chance"), setup=data.get("setup"), landmarks=data.get("landmarks"),
                    hirelings=data.get("hirelings"), options=data.get("options"))
    except (RulesetError, ValueError, KeyError, TypeError) as exc:
        raise ReplayError("CLI093", n=0, choice="-", why=str(exc)) from None
    if history:
        for _ in steps(game, saved):
            pass
    return game


def steps(game, saved: dict):
    """Apply the saved history to `game` (made by make_game), yielding after each decision
    (player, label of the choice in the game's language, decision number)."""
    from ..interpreter import describe as D
    from ..interpreter.engine import option_id
    swaps = saved.get("swaps") or []
    hist = list(saved["game"]["history"])
    k = len(game.history)
    for n, oid in enumerate(hist[k:], k + 1):
        if swaps:
            from ..rootlog import cards as _cards
            for pos, a, b in swaps:
                if pos == len(game.history):
                    _cards.swap(game, a, b)
        d = game.pending
        if d is None:
            raise ReplayError("CLI093", n=n, choice=oid, why="-")
        ids = [option_id(o) for o in d.options]
        if str(oid) not in ids:
            raise ReplayError("CLI093", n=n, choice=oid, why=", ".join(ids[:8]))
        yield d.player, ids.index(str(oid)), d
        game.apply_id(str(oid))


def replay_html(gdef, saved: dict, lang: str, title: str | None = None) -> str:
    """The page: the board at the start and after every decision of the saved game."""
    from ..interpreter import describe as D
    from .svg import board_svg, pieces_seen, pieces_svg, panel_svg, _geometry, _enum_colour
    game = make_game(gdef, saved)
    md = game.m
    _, _, w, _ = _geometry(md)
    x0 = w + 10
    title = title or D.game_name(gdef, lang)
    base = board_svg(gdef, lang=lang, game=game, title=title)
    snippets: list = []
    index: dict = {}

    def snip(text: str) -> int:
        i = index.get(text)
        if i is None:
            i = index[text] = len(snippets)
            snippets.append(text)
        return i

    from ..interpreter.board import spaces_view

    def frame(caption: str) -> dict:
        board, statuses = pieces_seen(game)
        view = spaces_view(game.ctx)
        pieces = {}
        for sp in list(md.attrs) + list(getattr(md, "paths", None) or {}):
            here = board.get(sp)
            pieces[sp] = snip(pieces_svg(gdef, game, lang, sp, here, statuses.get(sp))) if here else -1
        fills = {sp: _enum_colour(gdef, view.attrs.get(sp) or md.attrs.get(sp))[0] for sp in md.attrs}
        panel, _ = panel_svg(game, lang, x0, title)
        return {"p": pieces, "f": fills, "n": snip(panel), "c": caption}

    frames = [frame(D._m("GM.tb.setup", lang))]
    caption = None
    for player, i, d in steps(game, saved):
        if caption is not None:         # the previous choice is applied now
            frames.append(frame(caption))
        who = D.faction_name(game, player, lang) if player in game.factions else str(player)
        caption = f"{len(frames)}. {who} — {D.describe_prompt(game, d, lang)}: " \
                  f"{D.describe_option(game, d, d.options[i], lang)}"
    if caption is not None:
        frames.append(frame(caption))
    # each frame keeps only what changed since the one before (the page rebuilds the rest)
    packed, prev = [], {"p": {}, "f": {}, "n": None}
    for fr in frames:
        out = {"c": fr["c"]}
        dp = {sp: v for sp, v in fr["p"].items() if prev["p"].get(sp, -1) != v}
        df = {sp: v for sp, v in fr["f"].items() if prev["f"].get(sp) != v}
        if dp:
            out["p"] = dp
        if df:
            out["f"] = df
        if fr["n"] != prev["n"]:
            out["n"] = fr["n"]
        packed.append(out)
        prev = fr
    data = json.dumps({"s": snippets, "f": packed}, ensure_ascii=False, separators=(",", ":"))
    data = data.replace("</", "<\\/")
    from ..errors import format_message
    m = lambda code: format_message(code, lang, {})  # noqa: E731
    from xml.sax.saxutils import escape
    return PAGE.format(lang=lang, title=escape(title), svg=base, data=data,
                       first=escape(m("VW.first")), prev=escape(m("VW.prev")), next=escape(m("VW.next")),
                       last=escape(m("VW.last")), step=escape(m("VW.step")), of=escape(m("VW.of")),
                       keys=escape(m("VW.keys")))


PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="generator" content="rulesdsl">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 12px; background: #f3efe4; color: #222; }}
#board svg {{ max-width: 100%; height: auto; border: 1px solid #cbbf9f; background: #fbf8f0; }}
#controls {{ display: flex; gap: 6px; align-items: center; margin: 8px 0; flex-wrap: wrap; }}
#controls input[type=range] {{ flex: 1; min-width: 200px; }}
#caption {{ font-size: 15px; min-height: 1.4em; margin: 4px 0 8px; }}
button {{ font-size: 14px; padding: 3px 10px; }}
</style>
</head>
<body>
<div id="controls">
<button id="first" title="{first}">&#x23EE;</button>
<button id="prev" title="{prev}">&#x25C0;</button>
<button id="next" title="{next}">&#x25B6;</button>
<button id="last" title="{last}">&#x23ED;</button>
<input id="slider" type="range" min="0" value="0" step="1" aria-label="{step}">
<span id="where"></span>
</div>
<div id="caption"></div>
<div id="board">
{svg}
</div>
<p><small>{keys}</small></p>
<script id="replay-data" type="application/json">{data}</script>
<script>
(function () {{
  "use strict";
  var D = JSON.parse(document.getElementById("replay-data").textContent);
  var S = D.s, F = D.f, N = F.length;
  var slider = document.getElementById("slider");
  slider.max = String(N - 1);
  var NS = "http://www.w3.org/2000/svg";
  // the full state of every step, rebuilt once from the changes
  var states = [], cur = {{p: {{}}, f: {{}}, n: null}};
  for (var i = 0; i < N; i++) {{
    var fr = F[i], st = {{p: Object.assign({{}}, cur.p), f: Object.assign({{}}, cur.f), n: cur.n, c: fr.c}};
    if (fr.p) Object.assign(st.p, fr.p);
    if (fr.f) Object.assign(st.f, fr.f);
    if (fr.n !== undefined) st.n = fr.n;
    states.push(st); cur = st;
  }}
  function fill(node, text) {{
    while (node.firstChild) node.removeChild(node.firstChild);
    if (!text) return;
    var doc = new DOMParser().parseFromString('<svg xmlns="' + NS + '">' + text + '</svg>', "image/svg+xml");
    var kids = doc.documentElement.childNodes;
    for (var k = 0; k < kids.length; k++) node.appendChild(document.importNode(kids[k], true));
  }}
  var at = -1;
  function show(i) {{
    i = Math.max(0, Math.min(N - 1, i));
    var st = states[i], was = at >= 0 ? states[at] : null;
    for (var sp in st.p) {{
      if (was && was.p[sp] === st.p[sp]) continue;
      var g = document.getElementById("pieces-" + sp);
      if (g) fill(g, st.p[sp] >= 0 ? S[st.p[sp]] : "");
    }}
    for (var sq in st.f) {{
      if (was && was.f[sq] === st.f[sq]) continue;
      var sg = document.getElementById("space-" + sq);
      var shape = sg && sg.querySelector(".shape");
      if (shape) shape.setAttribute("fill", st.f[sq]);
    }}
    if (!was || was.n !== st.n) fill(document.getElementById("panel"), S[st.n]);
    document.getElementById("caption").textContent = st.c;
    document.getElementById("where").textContent = "{step} " + i + " {of} " + (N - 1);
    slider.value = String(i);
    at = i;
    document.body.setAttribute("data-step", String(i));
  }}
  document.getElementById("first").onclick = function () {{ show(0); }};
  document.getElementById("prev").onclick = function () {{ show(at - 1); }};
  document.getElementById("next").onclick = function () {{ show(at + 1); }};
  document.getElementById("last").onclick = function () {{ show(N - 1); }};
  slider.oninput = function () {{ show(parseInt(slider.value, 10)); }};
  document.addEventListener("keydown", function (e) {{
    if (e.key === "ArrowRight") show(at + 1);
    else if (e.key === "ArrowLeft") show(at - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(N - 1);
  }});
  window.replay = {{show: show, count: N, states: states, snippets: S}};
  show(0);
}})();
</script>
</body>
</html>
"""
