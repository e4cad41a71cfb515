"""Static HTML pages for `coverage --html` and `check-text --html`.

One self-contained file each: CSS and JavaScript inline, the data as JSON inside the page, no
network. The left column lists the paragraphs (filterable); clicking one — or opening the page
with `#p=6.5.4` — shows its text in every language, its data blocks with their source lines,
its scenarios and tests, and its findings.
"""
from __future__ import annotations

import html
import json

from ..errors import format_message
from . import coverage as covmod

_CONTEXT_LINES = 14


def _w(key: str, lang: str) -> str:
    return format_message("TW." + key, lang, {})


def _block_snippet(c) -> str:
    """The source lines of a rule block (from its `lei:` line to the end of the mapping)."""
    text = covmod._file_text(c.pos.file)
    lines = text.splitlines()
    start = c.block.pos.line if c.block is not None else c.pos.line
    start = min(start, c.pos.line)
    end = start
    if c.block is not None:
        def last_line(node, best):
            for attr in ("key_pos", "val_pos"):
                for p in getattr(node, attr, {}).values():
                    best = max(best, p.line)
            for p in getattr(node, "item_pos", []):
                best = max(best, p.line)
            vals = node.values() if isinstance(node, dict) else (node if isinstance(node, list) else [])
            for v in vals:
                if isinstance(v, (dict, list)):
                    best = last_line(v, best)
                elif hasattr(v, "pos"):
                    best = max(best, v.pos.line + str(v).count("\n"))
            return best
        end = last_line(c.block, start)
    end = min(end, start + _CONTEXT_LINES - 1, len(lines))
    return "\n".join(f"{n:>4}  {lines[n - 1]}" for n in range(start, end + 1) if 1 <= n <= len(lines))


def _texts(cat) -> dict:
    """Law key → [{doc, lang, role, number, title, text}] for every document."""
    out: dict[str, list] = {}
    for doc in cat.documents.values():
        for p in doc.paragraphs.values():
            for k in (p.aligned or []):
                out.setdefault(k, []).append({
                    "doc": doc.id, "lang": doc.lang, "role": doc.role, "number": p.number,
                    "title": p.title, "text": p.text, "note": p.note, "typo": p.known_typo})
    return out


def _cite(c, with_snippet=False) -> dict:
    d = {"file": covmod._rel(c.pos.file), "line": c.pos.line, "name": c.name}
    if with_snippet:
        d["snippet"] = _block_snippet(c)
    return d


def _json_for_script(data) -> str:
    return (json.dumps(data, ensure_ascii=False)
            .replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def coverage_page(cat, cov, lang: str) -> str:
    texts = _texts(cat)
    paras = []
    for e in cov.entries.values():
        paras.append({
            "key": e.key, "title": e.title, "chapter": e.chapter, "heading": e.empty,
            "texts": texts.get(e.key, []),
            "data": [_cite(c, True) for c in e.data],
            "scenarios": [_cite(c, True) for c in e.scenarios],
            "tests": [_cite(c) for c in e.tests],
            "findings": [],
        })
    data = {"kind": "coverage", "lang": lang, "root": cat.root, "totals": cov.totals(),
            "chapters": cov.chapters, "paragraphs": paras}
    return _page(_w("coverage_title", lang), data, lang)


def _finding(f, lang: str, silenced: bool = False) -> dict:
    d = f.as_dict(lang)
    if silenced:
        d["silenced"] = True
    if d.get("file"):
        # a link to the file (the line is in the text beside it: file: URLs carry none)
        import os
        import pathlib
        try:
            d["href"] = pathlib.Path(os.path.abspath(d["file"])).as_uri()
        except ValueError:
            pass
    return d


def check_page(cat, report, lang: str) -> str:
    from .checks import CODES
    texts = _texts(cat)
    by_para: dict[str, list] = {}
    general = []
    for f, silenced in [(f, False) for f in report.findings] + [(f, True) for f in report.silenced]:
        d = _finding(f, lang, silenced)
        if f.paragraph in (cat.law.paragraphs if cat.law else {}):
            by_para.setdefault(f.paragraph, []).append(d)
        else:
            general.append(d)
    paras = []
    for k, p in (cat.law.paragraphs.items() if cat.law else []):
        paras.append({"key": k, "title": p.title, "chapter": k.split(".")[0],
                      "heading": not p.text.strip(), "texts": texts.get(k, []),
                      "data": [], "scenarios": [], "tests": [], "findings": by_para.get(k, [])})
    sev = report.by_severity()
    legend = [{"code": c, "severity": sv, "kind": k, "text": format_message("TL." + c, lang, {})}
              for c, (sv, k) in sorted(CODES.items())]
    data = {"kind": "check", "lang": lang, "root": cat.root, "general": general,
            "summary": {"by_code": report.counts(), "by_severity": sev,
                        "silenced": len(report.silenced)},
            "documents": [d for d in cat.documents if cat.law is None or d != cat.law.id],
            "legend": legend, "paragraphs": paras}
    return _page(_w("check_title", lang), data, lang)


_CSS = """
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d232a;background:#f6f5f1}
header{padding:10px 16px;background:#2f4a3a;color:#fff}header h1{margin:0;font-size:18px}header .sub{opacity:.8;font-size:12px}
main{display:flex;height:calc(100vh - 56px)}#side{width:360px;min-width:260px;border-right:1px solid #ccc;display:flex;flex-direction:column;background:#fff}
#controls{padding:8px;border-bottom:1px solid #ddd}#controls input[type=search]{width:100%;padding:5px}#controls label{font-size:12px;margin-right:8px}
#totals{font-size:12px;padding:6px 8px;border-bottom:1px solid #ddd;max-height:30vh;overflow:auto}#totals table{border-collapse:collapse;width:100%}
#totals td,#totals th{padding:1px 4px;text-align:right}#totals td:first-child,#totals th:first-child{text-align:left}
#list{overflow:auto;flex:1}#list a{display:block;padding:3px 8px;color:inherit;text-decoration:none;border-left:4px solid transparent;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
#list a:hover{background:#eef}#list a.sel{background:#dde6f7}#list a.ok{border-left-color:#3a8d4f}#list a.half{border-left-color:#d6a400}#list a.gap{border-left-color:#c0392b}
#list a.heading{font-weight:600;color:#555}#list a .n{font-family:ui-monospace,monospace;margin-right:6px}#list a .b{float:right;font-size:11px;border-radius:8px;padding:0 6px;background:#c0392b;color:#fff}
#list a .b.w{background:#d6a400}#detail{flex:1;overflow:auto;padding:14px 20px}#detail h2{margin:0 0 8px}
.texts{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:10px}.txt{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 10px}
.txt .h{font-size:12px;color:#666;margin-bottom:4px}.txt p{margin:0;white-space:pre-wrap}
section{margin-top:14px}section h3{font-size:14px;margin:0 0 6px}pre{background:#1d232a;color:#e8e8e8;padding:8px;border-radius:6px;overflow:auto;font-size:12px}
.cite{font-family:ui-monospace,monospace;font-size:12px}.f{border-left:4px solid #d6a400;background:#fff;padding:6px 10px;margin:6px 0;border-radius:4px}
.f.error{border-left-color:#c0392b}.f.info{border-left-color:#888}.f.silenced{opacity:.6;border-left-style:dashed}
mark{background:#ffe08a;padding:0 1px;border-radius:2px}#filters{font-size:12px;margin-top:4px}#filters select{font-size:12px}
#legend{font-size:12px;padding:6px 8px;border-top:1px solid #ddd;max-height:25vh;overflow:auto}#legend td{padding:0 4px;vertical-align:top}.f .ex{font-size:12px;color:#444;margin:2px 0 0 10px}.muted{color:#888}
"""

_JS = r"""
(function(){
var D=JSON.parse(document.getElementById('data').textContent);
var L=JSON.parse(document.getElementById('words').textContent);
var list=document.getElementById('list'),detail=document.getElementById('detail'),q=document.getElementById('q'),only=document.getElementById('only');
function esc(s){return String(s==null?'':s).replace(/[&<>"']/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c];});}
function status(p){if(D.kind==='check'){var fs=shownF(p),e=fs.filter(function(f){return f.severity==='error'}).length;return fs.length?(e?'gap':'half'):'ok';}
 var a=p.data.length>0,b=(p.scenarios.length+p.tests.length)>0;return a&&b?'ok':(a||b?'half':'gap');}
function sevOn(f){if(D.kind!=='check')return true;var b=document.getElementById('sev-'+f.severity);var d=document.getElementById('doc');
 return (!b||b.checked)&&(!d||!d.value||f.document===d.value)&&(!f.silenced||document.getElementById('sev-silenced').checked);}
function shownF(p){return p.findings.filter(sevOn);}
function markup(text,words){var h=esc(text);(words||[]).slice().sort(function(a,b){return b.length-a.length;}).forEach(function(w){if(!w)return;var e=esc(w);h=h.split(e).join('\u0001'+e+'\u0002');});
 return h.replace(/\u0001/g,'<mark>').replace(/\u0002/g,'</mark>');}
function want(p){var s=q.value.trim().toLowerCase();if(only.checked){if(D.kind==='check'){if(!shownF(p).length)return false;}else if(p.heading||status(p)!=='gap')return false;}
 if(!s)return true;var hay=(p.key+' '+p.title+' '+p.data.map(function(c){return c.file}).join(' ')+' '+p.tests.map(function(c){return c.file+' '+c.name}).join(' ')+' '+p.findings.map(function(f){return f.code+' '+f.document}).join(' ')).toLowerCase();return hay.indexOf(s)>=0;}
function draw(){var h=[],sel=current();D.paragraphs.forEach(function(p){if(!want(p))return;var cls=(p.heading?'heading ':'')+status(p)+(p.key===sel?' sel':'');
 var badge='',fs=shownF(p);if(fs.length){var e=fs.filter(function(f){return f.severity==='error'}).length;badge='<span class="b'+(e?'':' w')+'">'+fs.length+'</span>';}
 else if(D.kind==='coverage'&&!p.heading){badge='<span class="muted" style="float:right;font-size:11px">'+p.data.length+'/'+(p.scenarios.length+p.tests.length)+'</span>';}
 h.push('<a href="#p='+encodeURIComponent(p.key)+'" class="'+cls+'" data-key="'+esc(p.key)+'"><span class="n">'+esc(p.key)+'</span>'+esc(p.title)+badge+'</a>');});
 list.innerHTML=h.join('')||'<p class="muted" style="padding:8px">'+esc(L.none)+'</p>';}
function current(){var m=/[#&]p=([^&]+)/.exec(location.hash);return m?decodeURIComponent(m[1]):null;}
function cites(arr){return arr.map(function(c){return '<div class="cite">'+esc(c.file)+':'+c.line+(c.name?' — '+esc(c.name):'')+'</div>'+(c.snippet?'<pre>'+esc(c.snippet)+'</pre>':'');}).join('')||'<p class="muted">'+esc(L.none)+'</p>';}
function show(){var k=current(),p=null;D.paragraphs.forEach(function(x){if(x.key===k)p=x;});
 if(!p){detail.innerHTML='<p class="muted" id="pick">'+esc(L.pick)+'</p>'+general();detail.setAttribute('data-shown','');return;}
 var fs=shownF(p),words={};fs.forEach(function(f){Object.keys(f.marks||{}).forEach(function(d){words[d]=(words[d]||[]).concat(f.marks[d]);});});
 var t=p.texts.map(function(x){return '<div class="txt" data-doc="'+esc(x.doc)+'" lang="'+esc(x.lang)+'"><div class="h">'+esc(x.doc)+' · '+esc(x.lang)+' · '+esc(L['role_'+x.role]||x.role)+' · §'+esc(x.number)+'</div><p><b>'+markup(x.title,words[x.doc])+'</b> '+markup(x.text,words[x.doc])+'</p>'+(x.typo?'<p class="muted">⚠ '+esc(x.typo)+'</p>':'')+(x.note?'<p class="muted">'+esc(x.note)+'</p>':'')+'</div>';}).join('');
 var h='<h2>§'+esc(p.key)+' '+esc(p.title)+'</h2><div class="texts">'+t+'</div>';
 if(fs.length)h+='<section id="findings"><h3>'+esc(L.findings)+' ('+fs.length+')</h3>'+fs.map(finding).join('')+'</section>';
 if(D.kind==='coverage'){h+='<section id="data"><h3>'+esc(L.data)+' ('+p.data.length+')</h3>'+cites(p.data)+'</section>';
  h+='<section id="scenarios"><h3>'+esc(L.scenarios)+' ('+p.scenarios.length+')</h3>'+cites(p.scenarios)+'</section>';
  h+='<section id="tests"><h3>'+esc(L.tests)+' ('+p.tests.length+')</h3>'+cites(p.tests)+'</section>';}
 detail.innerHTML=h;detail.setAttribute('data-shown',p.key);
 var a=list.querySelector('a.sel');if(a)a.classList.remove('sel');a=list.querySelector('a[data-key="'+(window.CSS&&CSS.escape?CSS.escape(p.key):p.key)+'"]');if(a){a.classList.add('sel');}}
function finding(f){var m=f.marks||{};var ex=Object.keys(f.excerpts||{}).map(function(d){return '<div class="ex"><b>'+esc(d)+'</b> «'+markup(f.excerpts[d],m[d])+'»</div>';}).join('');
 var where=f.file?(f.href?'<a href="'+esc(f.href)+'">'+esc(f.file)+'</a>':esc(f.file))+':'+f.line+' ':'';
 var ack=f.acknowledged?'<div class="ex ack">✓ '+esc(L.accepted_because)+': '+esc(f.acknowledged.reason)+(f.acknowledged.file?' ('+esc(f.acknowledged.file)+':'+f.acknowledged.line+')':'')+'</div>':'';
 return '<div class="f '+esc(f.severity)+(f.silenced?' silenced':'')+'" data-code="'+esc(f.code)+'" data-doc="'+esc(f.document)+'"><b>'+esc(f.code)+'</b> ['+esc(f.document)+'] '+esc(f.message)+ex+ack+'<div class="ex muted">'+where+'#'+esc(f.fingerprint)+'</div></div>';}
function legend(){var el=document.getElementById('legend');if(!el||D.kind!=='check')return;el.innerHTML='<b>'+esc(L.legend)+'</b><table>'+D.legend.map(function(c){return '<tr><td>'+esc(c.code)+'</td><td>'+esc(L[c.severity]||c.severity)+'</td><td>'+esc(c.text)+'</td></tr>';}).join('')+'</table>';}
function filters(){var el=document.getElementById('filters');if(!el||D.kind!=='check')return;
 var h=['error','warning','info'].map(function(s){return '<label><input type="checkbox" id="sev-'+s+'"'+(s==='info'?'':' checked')+'> '+esc(L[s])+'</label>';}).join(' ');
 h+=' <label><input type="checkbox" id="sev-silenced"> '+esc(L.silenced)+'</label><br><select id="doc"><option value="">'+esc(L.all_docs)+'</option>'+D.documents.map(function(d){return '<option>'+esc(d)+'</option>';}).join('')+'</select>';
 el.innerHTML=h;el.addEventListener('change',function(){draw();show();});}
function general(){if(D.kind!=='check'||!D.general.length)return '';return '<section><h3>'+esc(L.general)+'</h3>'+D.general.map(finding).join('')+'</section>';}
function totals(){var el=document.getElementById('totals');if(D.kind==='coverage'){var h='<table><tr><th>'+esc(L.chapter)+'</th><th>'+esc(L.paragraphs)+'</th><th>'+esc(L.implemented)+'</th><th>'+esc(L.exercised)+'</th><th>'+esc(L.neither)+'</th></tr>';
 Object.keys(D.chapters).forEach(function(c){var t=D.chapters[c];h+='<tr><td>'+esc(c)+'</td><td>'+t.paragraphs+'</td><td>'+t.implemented+'</td><td>'+t.exercised+'</td><td>'+t.neither+'</td></tr>';});
 var T=D.totals;h+='<tr><th>'+esc(L.total)+'</th><th>'+T.paragraphs+'</th><th>'+T.implemented+'</th><th>'+T.exercised+'</th><th>'+T.neither+'</th></tr></table>';el.innerHTML=h;}
 else{var s=D.summary;el.innerHTML=esc(L.errors)+': <b>'+s.by_severity.error+'</b> · '+esc(L.warnings)+': '+s.by_severity.warning+' · '+esc(L.notes)+': '+s.by_severity.info+' · '+esc(L.silenced)+': '+s.silenced+'<br>'+Object.keys(s.by_code).map(function(c){return c+' '+s.by_code[c];}).join(' · ');}}
q.addEventListener('input',draw);only.addEventListener('change',draw);window.addEventListener('hashchange',function(){show();});
list.addEventListener('click',function(ev){var a=ev.target.closest('a');if(!a)return;ev.preventDefault();location.hash='p='+encodeURIComponent(a.getAttribute('data-key'));});
filters();legend();totals();draw();show();document.body.setAttribute('data-ready','1');
})();
"""


def _page(title: str, data: dict, lang: str) -> str:
    words = {k: _w(k, lang) for k in ("none", "pick", "data", "scenarios", "tests", "chapter",
                                      "paragraphs", "implemented", "exercised", "neither", "total",
                                      "errors", "warnings", "notes", "silenced", "general")}
    words["findings"] = _w("findings", lang)
    for k in ("legend", "accepted_because", "all_docs"):
        words[k] = _w(k, lang)
    words.update(error=_w("error", lang), warning=_w("warning", lang), info=_w("info", lang))
    for role in ("source", "translation", "reference", "summary"):
        words["role_" + role] = _w("role_" + role, lang)
    only_label = _w("only_findings" if data["kind"] == "check" else "only_gaps", lang)
    sub = html.escape(f"{data['root']}")
    return f"""<!DOCTYPE html>
<html lang="{html.escape(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>{html.escape(title)}</title><style>{_CSS}</style></head>
<body data-kind="{data['kind']}">
<header><h1>{html.escape(title)}</h1><div class="sub">{sub}</div></header>
<main><div id="side"><div id="controls"><input id="q" type="search" placeholder="{html.escape(_w('search', lang))}">
<label><input id="only" type="checkbox"> {html.escape(only_label)}</label><div id="filters"></div></div>
<div id="totals"></div><nav id="list"></nav><div id="legend"></div></div>
<div id="detail"><noscript>JavaScript</noscript></div></main>
<script type="application/json" id="data">{_json_for_script(data)}</script>
<script type="application/json" id="words">{_json_for_script(words)}</script>
<script>{_JS}</script>
</body></html>
"""
