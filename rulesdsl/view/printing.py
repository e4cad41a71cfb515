"""`rulesdsl imprimir REGRAS --saida PASTA`: what a designer takes to a playtest table, as SVG
pages (A4, 210 × 297 mm) in PT or ES, from the ruleset's data alone.

  * one faction board per faction: its name, reach, pieces (how many of each, by category) and
    actions, each with its Law paragraph and its rule as the ruleset writes it, printed in the
    chosen language from the rule's tree (rulesdsl/printer/);
  * card sheets, nine cards a page, for each deck: name, the enumeration values of the card
    (a suit: the card's colour), its cost, its text (`texto:`), its Law paragraph and how many
    copies the deck has.
Generic: nothing here names a game; long texts are cut to fit, with "…".
"""
from __future__ import annotations

import os
from xml.sax.saxutils import escape

from .svg import FILL, faction_colour, wrap_words as _wrap

W, H = 210.0, 297.0        # mm


def _e(v) -> str:
    return escape(str(v), {'"': "&quot;"})


def _loc(v, lang):
    if isinstance(v, dict):
        return v.get(lang) or next((x for x in v.values() if x), "")
    return "" if v is None else str(v)


def _page(body: list, title: str) -> str:
    return "\n".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}mm" height="{H}mm" '
                      f'viewBox="0 0 {W} {H}" font-family="sans-serif">', f"<title>{_e(title)}</title>",
                      f'<rect width="{W}" height="{H}" fill="#fff"/>', *body, "</svg>"]) + "\n"


def _text_lines(lines, x, y, size, limit_y, weight="normal", colour="#222") -> tuple:
    out = []
    for ln in lines:
        if y > limit_y:
            out[-1:] = [out[-1].replace("</text>", " …</text>")] if out else []
            break
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" fill="{colour}">'
                   f'{_e(ln)}</text>')
        y += size * 1.3
    return out, y


def _rule_text(g, path, lang, owner):
    from ..printer import to_text
    for e in g.rs.expressions:
        if tuple(e.path or ()) == path and e.tree is not None:
            try:
                return to_text(e.tree, lang, g.rs, owner)
            except Exception:  # noqa: BLE001 - printing is best effort; the data still is there
                return str(e.text)
    return None


def faction_board(g, fid: str, lang: str) -> str:
    t = g.rs.thing("faction", fid)
    data = t.data if t is not None else {}
    name = g.rs.name("faction", fid, lang)
    colour = faction_colour(g, fid)
    body = [f'<rect x="8" y="8" width="{W - 16}" height="{H - 16}" rx="4" fill="none" stroke="{colour}" stroke-width="2"/>',
            f'<rect x="8" y="8" width="{W - 16}" height="18" rx="4" fill="{colour}"/>',
            f'<text x="14" y="21" font-size="10" font-weight="bold" fill="#fff">{_e(name)}</text>']
    y = 34.0
    facts = []
    if data.get("law"):
        facts.append(("law", str(data["law"])))
    if data.get("reach") is not None:
        facts.append(("reach", str(data["reach"])))
    from ..errors import format_message as fm
    line = " · ".join(fm("PR." + k, lang, {"value": v}) for k, v in facts)
    if line:
        body.append(f'<text x="14" y="{y:.1f}" font-size="4.2" fill="#444">{_e(line)}</text>')
        y += 8
    # pieces: how many of each
    body.append(f'<text x="14" y="{y:.1f}" font-size="5" font-weight="bold">{_e(fm("PR.pieces", lang, {}))}</text>')
    y += 6
    x = 14.0
    for pid, p in (data.get("pieces") or {}).items():
        kind = f"{fid}.{pid}"
        label = f"{p.get('count') or 0} × {g.rs.name('piece', kind, lang)}"
        w = 6 + len(label) * 2.1
        if x + w > W - 14:
            x, y = 14.0, y + 9
        body.append(f'<rect x="{x:.1f}" y="{y - 4.5:.1f}" width="{w:.1f}" height="7" rx="1.5" fill="{colour}" opacity="0.18"/>'
                    f'<text x="{x + 3:.1f}" y="{y:.1f}" font-size="3.8">{_e(label)}</text>')
        x += w + 3
    y += 12
    # actions with their rules
    body.append(f'<text x="14" y="{y:.1f}" font-size="5" font-weight="bold">{_e(fm("PR.actions", lang, {}))}</text>')
    y += 6
    for aid, a in (data.get("actions") or {}).items():
        if y > H - 20:
            break
        head = g.rs.name("action", f"{fid}.{aid}", lang)
        if a.get("law"):
            head += f"  ({fm('PR.law', lang, {'value': a['law']})})"
        body.append(f'<text x="14" y="{y:.1f}" font-size="4.2" font-weight="bold" fill="{colour}">{_e(head)}</text>')
        y += 5
        text = _rule_text(g, ("factions", fid, "actions", aid, "effect"), lang, fid) or _loc(a.get("text"), lang)
        # the rule's own lines, indented as written (non-breaking spaces keep the indentation)
        lines = ["\u00a0" * 2 * (len(raw) - len(raw.lstrip())) + ln
                 for raw in str(text or "").splitlines() if raw.strip() for ln in _wrap(raw.strip(), 95)]
        out, y = _text_lines(lines[:8], 18, y, 3.3, H - 16)
        body.extend(out)
        y += 3
    return _page(body, name)


def _card_cell(g, c, lang, x, y, w, h) -> list:
    cid = str(c.get("id"))
    name = g.rs.name("card", cid, lang)
    cdef = g.cards.get(cid)
    attrs = dict(getattr(cdef, "attrs", None) or {})
    fill, tags = "#eeeeee", []
    for v in attrs.values():
        if isinstance(v, str):
            for vals in g.enums.values():
                if v in vals:
                    if fill == "#eeeeee":
                        fill = FILL[vals.index(v) % len(FILL)]
                    tags.append(g.rs.name("enumval", v, lang))
                    break
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="3" fill="#fff" stroke="#555" stroke-width="0.4"/>',
           f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="11" rx="3" fill="{fill}"/>']
    title = _wrap(name, 30)[:2]
    for k, ln in enumerate(title):
        out.append(f'<text x="{x + 3:.1f}" y="{y + 5 + k * 4.5:.1f}" font-size="4" font-weight="bold">{_e(ln)}</text>')
    yy = y + 16
    if tags:
        out.append(f'<text x="{x + 3:.1f}" y="{yy:.1f}" font-size="3" fill="#444">{_e(", ".join(tags))}</text>')
        yy += 4.5
    cost = [v for k, v in attrs.items() if isinstance(v, list)]
    if cost:
        names = ", ".join(g.rs.name("enumval", str(v), lang) for v in cost[0])
        for ln in _wrap("⚒ " + names, 36)[:2]:
            out.append(f'<text x="{x + 3:.1f}" y="{yy:.1f}" font-size="3" fill="#444">{_e(ln)}</text>')
            yy += 4
    text = _loc(c.get("text"), lang)
    lines = _wrap(" ".join(str(text).split()), 38)
    cell, _ = _text_lines(lines, x + 3, yy + 1, 2.8, y + h - 9)
    out.extend(cell)
    foot = []
    if c.get("law"):
        from ..errors import format_message as fm
        foot.append(fm("PR.law", lang, {"value": c["law"]}))
    copies = c.get("copies") or 1
    if int(copies) > 1:
        foot.append(f"× {copies}")
    if foot:
        out.append(f'<text x="{x + 3:.1f}" y="{y + h - 3:.1f}" font-size="2.6" fill="#666">{_e(" · ".join(foot))}</text>')
    return out


def card_sheets(g, did: str, lang: str) -> list:
    """The pages (SVG texts) of the deck `did`, nine cards a page."""
    deck = (g.rs.data.get("decks") or {}).get(did) or {}
    cards = [c for c in deck.get("cards") or [] if isinstance(c, dict) and c.get("id")]
    pages = []
    w, h = 63.0, 88.0
    for start in range(0, len(cards), 9):
        body = []
        for k, c in enumerate(cards[start:start + 9]):
            r, col = divmod(k, 3)
            body.extend(_card_cell(g, c, lang, 10 + col * (w + 2), 12 + r * (h + 2), w, h))
        pages.append(_page(body, f"{g.rs.name('deck', did, lang)} {len(pages) + 1}"))
    return pages


def print_all(g, lang: str) -> dict:
    """{file name: SVG text}: a board per faction, the sheets of every deck."""
    out = {}
    for fid in g.factions:
        out[f"faccao-{fid}.svg" if lang == "pt" else f"faccion-{fid}.svg"] = faction_board(g, fid, lang)
    for did in (g.rs.data.get("decks") or {}):
        for i, page in enumerate(card_sheets(g, did, lang), 1):
            out[f"cartas-{did}-{i}.svg"] = page
    return out
