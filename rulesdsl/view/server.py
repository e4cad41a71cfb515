"""`rulesdsl servir REGRAS --faccoes ... --agentes humano,aleatorio,...`: a game on a local web
server (the standard library's http.server), one seat per browser.

  /                 the seats, each a link to its own page
  /seat/F           the page of seat F: the board (svg.py), what F sees of the table
                    (describe.describe_table: its hand, never another's), the last events as F
                    saw them (observation.ViewLog) and — when F decides — the options as buttons;
                    when the options are spaces, the spaces on the board are clickable too
  /state/F          the same as JSON (the page asks for it every second)
  /choose/F         POST {"i": option, "n": decision number}: F's answer
  /help/F/I         the Law text and the rule behind option I (agents.rule_help)

The bots play as soon as it is their turn; a human's page waits for the others. Nothing is
shown to a seat that its player could not see at the table. One game per server, in memory;
`--salvar` keeps it on file after every decision (savegame.py).
"""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote
from xml.sax.saxutils import escape

from ..errors import format_message


def _m(code, lang, **kw):
    return format_message(code, lang, kw)


class Table:
    """The game, its agents and each human seat's view, behind one lock."""

    def __init__(self, game, agents: dict, lang: str, save=None):
        from ..interpreter.agents import HumanAgent
        from ..interpreter.observation import ViewLog
        self.game = game
        self.agents = agents
        self.lang = lang
        self.save = save
        self.lock = threading.RLock()
        self.humans = [f for f, a in agents.items() if isinstance(a, HumanAgent)]
        self.logs = {}
        for f in self.humans:
            self.logs[f] = ViewLog(game, f, lang)
            self.logs[f].start()
        self.stopped = None
        self.catalogue = False
        self._advance()

    def _agent_of(self, p):
        return self.agents[p] if p in self.agents else self.agents[self.game.seat_of(p)]

    def _seat_of(self, p):
        """The human seat (as given to the server) that answers for player `p`, else None."""
        for f in self.humans:
            if f == p or self.game.seat_of(p) == f:
                return f
        return None

    def _drain(self):
        for lg in self.logs.values():
            lg.drain()

    def _advance(self):
        """Let the bots play until a human decides or the game ends."""
        from ..interpreter.agents import end_reason
        g = self.game
        while not g.is_terminal():
            p = g.current_player()
            if self._seat_of(p) is not None:
                break
            g.apply(self._agent_of(p).choose(g))
            self._drain()
        self._drain()
        if g.is_terminal() and self.stopped is None:
            self.stopped = end_reason(g)
        if self.save is not None:
            self.save(g)

    def choose(self, seat, i, n) -> str | None:
        """Apply seat's answer; None when done, else why not (a message code)."""
        with self.lock:
            g = self.game
            if g.is_terminal() or self._seat_of(g.current_player()) != seat:
                return "SV.not_yours"
            if n != g.decisions:
                return "SV.stale"
            if not isinstance(i, int) or not 0 <= i < len(g.pending.options):
                return "SV.bad_option"
            g.apply(i)
            self._drain()
            self._advance()
            return None

    def help(self, seat, i) -> str:
        from ..interpreter.agents import law_paragraph, load_catalogue, rule_help
        from ..interpreter.table_help import option_text
        with self.lock:
            g = self.game
            d = g.pending
            if d is None or self._seat_of(d.player) != seat or not 0 <= i < len(d.options):
                return ""
            if self.catalogue is False:
                self.catalogue = load_catalogue(g.g.rs.root)
            cat = self.catalogue
            lines = option_text(g, d, d.options[i], self.lang)
            lines.append(rule_help(g, d, d.options[i], self.lang,
                                   lambda game, key: law_paragraph(cat, key, self.lang)))
            return "\n".join(lines)

    def state(self, seat) -> dict:
        from ..interpreter import describe as D
        from ..interpreter.engine import option_id
        from ..interpreter.table_help import connections
        from .svg import board_svg
        with self.lock:
            g = self.game
            lang = self.lang
            d = g.pending
            mine = d is not None and self._seat_of(d.player) == seat
            out = {"n": g.decisions, "seat": seat, "terminal": g.is_terminal(),
                   "svg": board_svg(g.g, lang=lang, game=g, title=D.game_name(g.g, lang)),
                   "table": D.describe_table(g, self._player_of(seat), lang) + "\n" + connections(g, lang),
                   "events": [r["texto"] for r in self.logs[seat].records[-40:]] if seat in self.logs else [],
                   "mine": mine, "options": [], "prompt": None}
            if d is not None:
                who = D.faction_name(g, d.player, lang) if d.player in g.factions else str(d.player)
                out["waiting"] = _m("SV.waiting", lang, player=who)
            if mine:
                out["prompt"] = D.describe_decision(g, d, lang)
                spaces = g.m.attrs if g.m is not None else {}
                for i, o in enumerate(d.options):
                    oid = option_id(o)
                    out["options"].append({"i": i, "label": D.describe_option(g, d, o, lang),
                                           "space": oid if isinstance(o, str) and o in spaces else None})
            if g.is_terminal():
                from ..interpreter.agents import summary
                out["result"] = D.describe_result(g, summary(g, self.stopped or "victory"), lang)
            return out

    def _player_of(self, seat):
        """The faction a seat plays now (a drafted seat has one after the draft)."""
        g = self.game
        for f in g.factions:
            if g.seat_of(f) == seat or f == seat:
                return f
        return seat


def make_handler(table: Table):
    lang = table.lang

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):       # quiet: the terminal shows the address only
            pass

        def _send(self, code, body, ctype):
            data = body.encode("utf-8")
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def _seat(self, part):
            seat = unquote(part)
            return seat if seat in table.humans else None

        def do_GET(self):   # noqa: N802 - http.server's name
            parts = [p for p in self.path.split("?")[0].split("/") if p]
            if not parts:
                return self._send(200, index_page(table), "text/html; charset=utf-8")
            seat = self._seat(parts[1]) if len(parts) >= 2 else None
            if seat is None:
                return self._send(404, _m("SV.no_seat", lang), "text/plain; charset=utf-8")
            if parts[0] == "seat":
                return self._send(200, seat_page(table, seat), "text/html; charset=utf-8")
            if parts[0] == "state":
                return self._send(200, json.dumps(table.state(seat), ensure_ascii=False), "application/json")
            if parts[0] == "help" and len(parts) == 3 and parts[2].isdigit():
                return self._send(200, table.help(seat, int(parts[2])), "text/plain; charset=utf-8")
            return self._send(404, _m("SV.no_seat", lang), "text/plain; charset=utf-8")

        def do_POST(self):  # noqa: N802
            parts = [p for p in self.path.split("/") if p]
            seat = self._seat(parts[1]) if len(parts) == 2 and parts[0] == "choose" else None
            if seat is None:
                return self._send(404, _m("SV.no_seat", lang), "text/plain; charset=utf-8")
            try:
                n = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(min(n, 10000)) or b"{}")
                why = table.choose(seat, body.get("i"), body.get("n"))
            except (ValueError, json.JSONDecodeError, AttributeError):
                why = "SV.bad_option"
            if why is None:
                return self._send(200, json.dumps({"ok": True}), "application/json")
            return self._send(409, json.dumps({"ok": False, "why": _m(why, lang)}, ensure_ascii=False),
                              "application/json")

    return Handler


def serve(table: Table, host="127.0.0.1", port=8000):
    """The server (not yet serving): `server.serve_forever()`; `server.server_address`."""
    return ThreadingHTTPServer((host, port), make_handler(table))


def index_page(table: Table) -> str:
    from ..interpreter import describe as D
    g, lang = table.game, table.lang
    items = "".join(f'<li><a href="/seat/{escape(f)}">{escape(D.faction_name(g, f, lang) if f in g.factions else f)}'
                    f'</a></li>' for f in table.humans)
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(D.game_name(g.g, lang))}'
            f'</title></head><body style="font-family:sans-serif"><h1>{escape(D.game_name(g.g, lang))}</h1>'
            f'<p>{escape(_m("SV.pick_seat", lang))}</p><ul>{items}</ul></body></html>')


def seat_page(table: Table, seat: str) -> str:
    lang = table.lang
    texts = {k: _m("SV." + k, lang) for k in ("table", "events", "help", "your_turn", "sent")}
    return SEAT_PAGE.replace("__LANG__", lang).replace("__SEAT__", json.dumps(seat)) \
        .replace("__TEXTS__", json.dumps(texts, ensure_ascii=False)).replace("__TITLE__", escape(seat))


SEAT_PAGE = """<!DOCTYPE html>
<html lang="__LANG__">
<head><meta charset="utf-8"><title>__TITLE__</title>
<style>
body { font-family: sans-serif; margin: 10px; background: #f3efe4; color: #222; }
#wrap { display: flex; gap: 14px; flex-wrap: wrap; }
#board svg { max-width: 100%; height: auto; border: 1px solid #cbbf9f; }
#board { flex: 3; min-width: 420px; }
#side { flex: 2; min-width: 300px; }
#options button { display: block; margin: 3px 0; text-align: left; font-size: 14px; padding: 4px 8px; width: 100%; }
pre { white-space: pre-wrap; background: #fbf8f0; padding: 6px; border: 1px solid #ddd; font-size: 12px; }
.clickable { cursor: pointer; }
.clickable .shape { stroke: #d00 !important; stroke-width: 4 !important; }
#prompt { font-weight: bold; margin: 6px 0; }
</style></head>
<body>
<div id="wrap">
<div id="board"></div>
<div id="side">
<div id="prompt"></div>
<div id="options"></div>
<div id="result"></div>
<pre id="help" hidden></pre>
<h3 id="t-table"></h3><pre id="table"></pre>
<h3 id="t-events"></h3><pre id="events"></pre>
</div></div>
<script>
(function () {
  "use strict";
  var SEAT = __SEAT__, T = __TEXTS__, last = -1;
  document.getElementById("t-table").textContent = T.table;
  document.getElementById("t-events").textContent = T.events;
  function send(i, n) {
    fetch("/choose/" + encodeURIComponent(SEAT), {method: "POST", body: JSON.stringify({i: i, n: n})})
      .then(function (r) { return r.json(); })
      .then(function (r) { if (!r.ok) alert(r.why); last = -1; poll(); });
  }
  function help(i) {
    fetch("/help/" + encodeURIComponent(SEAT) + "/" + i).then(function (r) { return r.text(); })
      .then(function (t) { var h = document.getElementById("help"); h.textContent = t; h.hidden = !t; });
  }
  function render(st) {
    document.getElementById("board").innerHTML = st.svg;
    document.getElementById("table").textContent = st.table;
    document.getElementById("events").textContent = st.events.slice().reverse().join("\\n");
    document.getElementById("prompt").textContent = st.mine ? st.prompt : (st.waiting || "");
    document.getElementById("result").textContent = st.result || "";
    document.getElementById("help").hidden = true;
    var box = document.getElementById("options");
    box.innerHTML = "";
    st.options.forEach(function (o) {
      var b = document.createElement("button");
      b.textContent = (o.i + 1) + ") " + o.label;
      b.setAttribute("data-option", String(o.i));
      b.onclick = function () { send(o.i, st.n); };
      var q = document.createElement("button");
      q.textContent = "? " + T.help;
      q.style.width = "auto";
      q.onclick = function () { help(o.i); };
      box.appendChild(b); box.appendChild(q);
      if (o.space) {
        var g = document.getElementById("space-" + o.space);
        if (g) { g.classList.add("clickable"); g.onclick = function () { send(o.i, st.n); }; }
      }
    });
    document.body.setAttribute("data-decision", String(st.n));
    document.body.setAttribute("data-mine", st.mine ? "1" : "0");
    document.body.setAttribute("data-terminal", st.terminal ? "1" : "0");
  }
  function poll() {
    fetch("/state/" + encodeURIComponent(SEAT)).then(function (r) { return r.json(); }).then(function (st) {
      if (st.n !== last || st.terminal) { last = st.n; render(st); }
    });
  }
  poll();
  setInterval(poll, 1000);
})();
</script>
</body></html>
"""
