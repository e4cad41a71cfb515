"""Ruleset options: optional and house rules declared in the data, chosen at game creation.

    opções:
      aliancas:
        lei: "A FÁBRICA: ALIANÇAS E SUBORNOS"
        nome: {pt: alianças e subornos, es: alianzas y sobornos}
        tipo: booleano            # or `escolha` with `valores:` (one of them)
        padrão: não

A game is made with the values chosen (`Game(..., options={"aliancas": True})`, `rulesdsl
jogar --opcao aliancas=sim`, a scenario's `com_opções:`); the others keep their default. The
values never change during the game; rules read them:

    requer: a opção alianças estiver ativada e moedas de você >= 1
    se a opção ritmo for rápido: ...

An action or rule that exists only with an option on says so in its condition (`requer:`,
`condição:`, `se ...:`). The options chosen are part of what a game was made with
(`Game.made_with`: saves, the start record of logs), only those that differ from the default,
so a game with every default keeps the record it always had.

Errors: M260-M263 (the data), E810/E811 (a game made with an unknown option or a bad value),
CLI130-CLI132 (`--opcao`).
"""
from __future__ import annotations

from .errors import Word, fold, suggest
from .ytypes import pos_of

BOOL, CHOICE = "boolean", "choice"
_TRUE = ("sim", "si", "true", "yes", "verdadeiro", "verdadero", "1", "on", "ativada", "activada", "ligada")
_FALSE = ("nao", "no", "false", "falso", "0", "off", "desativada", "desactivada", "desligada")


class Option:
    __slots__ = ("id", "law", "kind", "values", "default", "pos")

    def __init__(self, oid, law, kind, values, default, pos):
        self.id = oid
        self.law = law
        self.kind = kind            # BOOL or CHOICE
        self.values = values        # CHOICE: the value ids, in the data's order
        self.default = default      # True/False, or a value id
        self.pos = pos


class OptionError(Exception):
    """A game made with an option the ruleset does not declare (E810) or a value the option
    does not take (E811); `kw` fills the message."""

    def __init__(self, code, **kw):
        super().__init__(code)
        self.code = code
        self.kw = kw


def _truth(v):
    """True/False for a yes/no value in any language, None if it is not one."""
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return bool(v) if v in (0, 1) else None
    f = fold(str(v)).strip()
    return True if f in _TRUE else False if f in _FALSE else None


def compile_options(gdef, d) -> dict:
    """`opções:` of the ruleset: {id: Option}, each checked (M260-M262)."""
    from .lexicon import get as _lexicon
    out = {}
    opts = d.get("options") or {}
    for oid, o in opts.items():
        if not isinstance(o, dict):
            continue
        lang = getattr(o, "_lang", None) or gdef.lang
        pos = opts.key_pos.get(oid) if hasattr(opts, "key_pos") else None
        kind = o.get("type")
        kind = (_lexicon(lang).value_of(kind) or str(kind)) if kind is not None else None
        values = tuple(str(v) for v in (o.get("values") or {}))
        if kind is None:
            kind = CHOICE if values else BOOL
        if kind not in (BOOL, CHOICE):
            continue            # the schema reported it (M044)
        if (kind == CHOICE) != bool(values):
            # a choice needs its values; a yes/no option has none
            gdef.diags.add("M261", pos_of(o, "values") or pos, lang, option=str(oid),
                           kind=str(o.get("type") or ""))
            continue
        raw = o.get("default")
        if kind == BOOL:
            default = False if raw is None else _truth(raw)
        else:
            default = values[0] if raw is None else _value_id(gdef, values, raw)
        if default is None:
            gdef.diags.add("M260", pos_of(o, "default") or pos, lang, option=str(oid), value=str(raw),
                           known=", ".join(values) if kind == CHOICE else Word("yes_no"),
                           hint=suggest(str(raw), list(values)) if kind == CHOICE else None)
            continue
        out[str(oid)] = Option(str(oid), o.get("law"), kind, values, default, pos)
    return out


def _value_id(gdef, values, spec):
    """The id of one of `values` written as its id or its name in any language."""
    s = fold(str(spec)).strip()
    for v in values:
        if fold(v) == s:
            return v
    for v in values:
        th = gdef.rs.things.get("enumval", {}).get(v)
        if th is not None and any(fold(n) == s for ns in th.names.values() for n in ns):
            return v
    return None


def option_names(gdef) -> dict:
    """{folded spelling: id} of the options: ids and names in every language."""
    out = {}
    for oid in getattr(gdef, "options", {}) or {}:
        out[fold(oid)] = oid
        th = gdef.rs.things.get("option", {}).get(oid)
        for ns in (th.names.values() if th is not None else ()):
            for n in ns:
                out.setdefault(fold(n), oid)
                out.setdefault(fold(n.replace(" ", "_")), oid)
    return out


def resolve(gdef, given) -> dict:
    """The value of every option for a game made with `given` ({id or name: value}, or None):
    the defaults, with the given ones over them. OptionError for an unknown option (E810) or a
    value it does not take (E811)."""
    decl = getattr(gdef, "options", None) or {}
    out = {oid: o.default for oid, o in decl.items()}
    if not given:
        return out
    names = option_names(gdef)
    for k, v in dict(given).items():
        oid = names.get(fold(str(k)))
        if oid is None:
            raise OptionError("E810", name=str(k), known=", ".join(decl) or "-",
                              hint=suggest(str(k), list(names)))
        o = decl[oid]
        val = _truth(v) if o.kind == BOOL else _value_id(gdef, o.values, v)
        if val is None:
            raise OptionError("E811", name=oid, value=str(v),
                              known=", ".join(o.values) if o.kind == CHOICE else Word("yes_no"),
                              hint=suggest(str(v), list(o.values)) if o.kind == CHOICE else None)
        out[oid] = val
    return out


def chosen(gdef, values: dict) -> dict:
    """The options of a game whose value is not the default (what `made_with` records)."""
    decl = getattr(gdef, "options", None) or {}
    return {k: v for k, v in values.items() if k in decl and decl[k].default != v}


def parse_specs(specs) -> dict:
    """`--opcao ID=VALOR` (repeated, or joined by commas) -> {ID: VALOR}; a spec without a
    value (`--opcao aliancas`) turns a yes/no option on. ValueError(spec) if unreadable."""
    out = {}
    for spec in specs or ():
        for part in str(spec).split(","):
            part = part.strip()
            if not part:
                continue
            k, eq, v = part.partition("=")
            if not k.strip() or (eq and not v.strip()):
                raise ValueError(part)
            out[k.strip()] = v.strip() if eq else "sim"
    return out


# compiling `a opção X` and `a opção X estiver ativada` (compiler/expressions.py) -------------

def _game_options(ctx):
    g = ctx.engine
    return getattr(g, "options", None) if g is not None else None


def compile_read(cc, node):
    """`a opção X` (fn "option"): X's value in this game, a yes/no or a value id;
    `a opção X estiver ativada` (fn "option_on"): a yes/no option that is on. M262: X is no
    option; M263: `ativada` said of a choice, or of something that is not an option."""
    from .compiler.context import BOOL, ENUMVAL
    from . import nodes as N
    arg = node.args[0]
    if node.fn == "option_on":
        if not (isinstance(arg, N.Call) and arg.fn == "option"):
            cc.err("M263", arg, words=getattr(arg, "words", None) or "?")
        opt = _declared(cc, arg.args[0])
        if opt.kind != BOOL_KIND:
            cc.err("M263", arg, words=opt.id)
        oid, default = opt.id, opt.default
        return (lambda ctx: bool((_game_options(ctx) or {}).get(oid, default))), BOOL
    opt = _declared(cc, arg)
    oid, default = opt.id, opt.default
    return (lambda ctx: (_game_options(ctx) or {}).get(oid, default)), (BOOL if opt.kind == BOOL_KIND else ENUMVAL)


BOOL_KIND = BOOL


def _declared(cc, arg):
    from . import nodes as N
    decl = getattr(cc.g, "options", None) or {}
    if isinstance(arg, N.Name) and arg.kind == "option" and arg.ids and arg.ids[0] in decl:
        return decl[arg.ids[0]]
    text = getattr(arg, "text", None) or "?"
    cc.err("M262", arg, word=text, known=", ".join(decl) or "-", hint=suggest(str(text), list(decl)))
