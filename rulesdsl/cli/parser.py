"""The argument parser of `rulesdsl`: every command and option with its PT, ES and English
spellings, the user's language's first (`build_parser`); the commands of rulesdsl/rootlog,
rulesdsl/view and rulesdsl/text add their own."""
from __future__ import annotations

import argparse

from .files import cmd_scenario, cmd_translate, cmd_validate
from .messages import LANGS, _m
from .play import cmd_play
from .simulate import cmd_simulate


def _positive(v):
    n = int(v)
    if n < 1:
        raise ValueError(v)
    return n


_positive.__name__ = "int"


def _ordered(lang: str, en, pt, es) -> list[str]:
    """Spellings of one command or option, the CLI language's own first (argparse shows the
    first one in usage lines), then the other language's, then the English one."""
    groups = {"pt": (pt, es, en), "es": (es, pt, en)}.get(lang, (pt, es, en))
    out: list[str] = []
    for g in groups:
        for x in ([g] if isinstance(g, str) else g):
            if x not in out:
                out.append(x)
    return out


def build_parser(lang: str = "pt") -> argparse.ArgumentParser:
    h = lambda key: _m("CLI.h." + key, lang)  # noqa: E731
    mv = lambda key: _m("CLI.mv." + key, lang)  # noqa: E731
    from .. import __version__
    p = argparse.ArgumentParser(prog="rulesdsl", description=h("description"), epilog=h("epilog"))
    p.add_argument(*_ordered(lang, "--version", "--versao", "--versión"), action="version",
                   version=f"rulesdsl {__version__}", help=h("version"))
    sub = p.add_subparsers(dest="command", metavar=mv("command"), title=h("commands"))
    sub.required = True

    def command(en, pt, es, help_key):
        names = _ordered(lang, en, pt, es)
        return sub.add_parser(names[0], aliases=names[1:], help=h(help_key), description=h(help_key))

    def opt(sp, en, pt, es, **kw):
        sp.add_argument(*_ordered(lang, en, pt, es), **kw)

    def lang_opt(sp):
        opt(sp, "--lang", "--idioma", "--idioma", choices=LANGS, default=None, dest="lang", help=h("lang"))

    def factions_opt(sp, required=True):
        opt(sp, "--factions", ["--faccoes", "--facções"], "--facciones", dest="factions", required=required,
            metavar="A,B", help=h("factions"))

    def seed_opt(sp):
        opt(sp, "--seed", "--semente", "--semilla", dest="seed", type=int, default=0, metavar="N", help=h("seed"))

    def agents_opt(sp, default):
        opt(sp, "--agents", "--agentes", "--agentes", dest="agents", default=default, metavar="A,B",
            help=h("agents"))

    def map_opt(sp):
        opt(sp, "--map", "--mapa", "--mapa", dest="map", default=None, metavar="ID", help=h("map"))
        opt(sp, "--deck", "--baralho", "--mazo", dest="deck", default=None, metavar="ID", help=h("deck"))
        opt(sp, "--setup", ["--preparacao", "--preparação"], ["--preparacion", "--preparación"], dest="setup",
            default=None, metavar="ID", help=h("setup"))
        opt(sp, "--landmarks", "--marcos", ["--lugares-miticos", "--lugares-míticos"], dest="landmarks",
            default=None, metavar="N|A,B|N:A,B", help=h("landmarks"))
        opt(sp, "--hirelings", "--capangas", "--secuaces", dest="hirelings", action="store_true",
            help=h("hirelings"))
        opt(sp, "--option", ["--opcao", "--opção"], ["--opcion", "--opción"], dest="rule_options",
            action="append", default=None, metavar="ID=VALOR", help=h("options"))

    def max_decisions_opt(sp, default):
        opt(sp, "--max-decisions", ["--max-decisoes", "--max-decisões"], "--max-decisiones", dest="max_decisions",
            type=_positive, default=default, metavar="N", help=h("max_decisions"))

    def json_opt(sp):
        sp.add_argument("--json", action="store_true", help=h("json"))

    def cache_opt(sp):
        opt(sp, "--no-cache", "--sem-cache", "--sin-cache", dest="no_cache", action="store_true",
            help=h("no_cache"))

    # validate
    v = command("validate", "validar", "validar", "validate")
    v.add_argument("paths", nargs="+", metavar=mv("path"), help=h("paths"))
    opt(v, "--strict", "--estrito", "--estricto", dest="strict", action="store_true", help=h("strict"))
    json_opt(v)
    lang_opt(v)
    v.set_defaults(func=cmd_validate)

    # play
    j = command("play", "jogar", "jugar", "play")
    j.add_argument("ruleset", metavar=mv("ruleset"), help=h("ruleset"))
    # a game whose setup chooses the factions (`escolha_de_facção:`) plays without `--faccoes`
    # (its minimum of players) or with a number of seats (`--faccoes 3`)
    factions_opt(j, required=False)
    seed_opt(j)
    agents_opt(j, None)
    lang_opt(j)
    opt(j, "--save", "--salvar", "--guardar", dest="save", default=None, metavar=mv("file"), help=h("save"))
    opt(j, "--resume", "--retomar", "--retomar", dest="resume", default=None, metavar=mv("file"), help=h("resume"))
    opt(j, "--log", "--registro", "--registro", dest="log", default=None, metavar=mv("file"), help=h("log"))
    opt(j, "--log-for", "--registro-para", ["--registro-de", "--registro-para"], dest="log_for", nargs=2,
        action="append", default=None, metavar=(mv("faction"), mv("file")), help=h("log_for"))
    json_opt(j)
    map_opt(j)
    max_decisions_opt(j, None)
    opt(j, "--quiet", ["--silencioso", "-q"], "--silencioso", dest="quiet", action="store_true", help=h("quiet"))
    cache_opt(j)
    j.set_defaults(func=cmd_play)

    # simulate
    s = command("simulate", "simular", "simular", "simulate")
    s.add_argument("ruleset", metavar=mv("ruleset"), help=h("ruleset"))
    factions_opt(s)
    opt(s, "--games", "--partidas", "--partidas", dest="games", type=_positive, default=100, metavar="N",
        help=h("games"))
    seed_opt(s)
    opt(s, "--workers", "--processos", "--procesos", dest="workers", type=_positive, default=None, metavar="N",
        help=h("workers"))
    json_opt(s)
    agents_opt(s, None)
    map_opt(s)
    max_decisions_opt(s, 100_000)
    opt(s, "--no-rotate", ["--sem-rodizio", "--sem-rodízio"], ["--sin-rotacion", "--sin-rotación"],
        dest="no_rotate", action="store_true", help=h("no_rotate"))
    opt(s, "--invariants", "--invariantes", "--invariantes", dest="invariants", action="store_true",
        help=h("invariants"))
    opt(s, "--out", "--saida", ["--salida"], dest="out", default=None, metavar=mv("file"), help=h("sim_out"))
    opt(s, "--executor", "--executor", "--ejecutor", dest="executor", choices=("local", "dask"), default="local",
        help=h("executor"))
    opt(s, "--address", ["--endereco", "--endereço"], ["--direccion", "--dirección"], dest="address", default=None,
        metavar="tcp://HOST:PORTA", help=h("address"))
    lang_opt(s)
    cache_opt(s)
    s.set_defaults(func=cmd_simulate)

    # translate
    t = command("translate", "traduzir", "traducir", "translate")
    t.add_argument("file", metavar=mv("file"), help=h("file"))
    opt(t, "--to", "--para", "--para", dest="to", required=True, choices=LANGS, help=h("to"))
    opt(t, "--out", ["--saida", "--saída"], "--salida", dest="out", default=None, metavar=mv("file"), help=h("out"))
    lang_opt(t)
    t.set_defaults(func=cmd_translate)

    # scenario
    c = command("scenario", ["cenario", "cenário"], "escenario", "scenario")
    c.add_argument("files", nargs="+", metavar=mv("file"), help=h("scenarios"))
    c.add_argument("-v", "--verbose", action="store_true", help=h("verbose"))
    lang_opt(c)
    c.set_defaults(func=cmd_scenario)

    # Rootlog records (rulesdsl/rootlog/cli.py)
    from ..rootlog.cli import register as register_rootlog
    register_rootlog(sub, lang, command, opt, lang_opt, json_opt)

    # pictures of a game: the replay page (rulesdsl/view/cli.py)
    from ..view.cli import register as register_view, register_print, register_serve
    register_view(sub, lang, command, opt, lang_opt, json_opt)
    register_serve(sub, lang, command, opt, lang_opt)
    register_print(sub, lang, command, opt, lang_opt)

    # the translator's workbench, when installed
    try:
        from ..text.cli import register
    except ImportError:
        register = None
    if register is not None:
        register(sub, lang)
    return p
