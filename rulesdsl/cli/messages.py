"""The language the command line speaks and its messages: the user's language (an option,
the command typed, the locale), the message of a code in that language (`_m`), the errors a
command raises for the user (CliError), and argparse's own messages in that language."""
from __future__ import annotations

import argparse
import contextlib
import os

from ..errors import format_message


LANGS = ("pt", "es")


def _m(code: str, lang: str, **kw) -> str:
    return format_message(code, lang, kw)


class CliError(Exception):
    """A user-facing error: a message code, its arguments and an optional suggestion."""

    def __init__(self, code: str, hint: str | None = None, **args):
        super().__init__(code)
        self.code = code
        self.hint = hint
        self.args_ = args

    def render(self, lang: str) -> str:
        out = f"{_m('CLI.error', lang)} {self.code}: {_m(self.code, lang, **self.args_)}"
        if self.hint:
            out += "\n   = " + _m("CLI.hint", lang, hint=self.hint)
        return out


# spellings that belong to one language only (`validar`, `simular`, `--agentes` are both)
_ES_WORDS = {"jugar", "traducir", "escenario", "--facciones", "--semilla", "--salida", "--procesos",
             "--sin-rotacion", "--sin-rotación", "--max-decisiones", "--estricto", "--registro-de",
             "--versión", "--sin-cache", "reproducir", "--guardar", "--puerto"}
_PT_WORDS = {"jogar", "traduzir", "cenario", "cenário", "--faccoes", "--facções", "--semente", "--saida",
             "--saída", "--processos", "--sem-rodizio", "--sem-rodízio", "--max-decisoes", "--max-decisões",
             "--estrito", "--versao", "--sem-cache", "reproduzir", "--salvar", "--porta"}
# the translator's workbench (rulesdsl/text/cli.py): its words of one language only
_ES_WORDS |= {"revisar-texto", "--fallar-en", "--linea-base", "--escribir-linea-base", "--sin-datos",
              "--pruebas", "--traduccion", "--traducción"}
_PT_WORDS |= {"conferir-texto", "--falhar-em", "--linha-de-base", "--gravar-linha-de-base", "--sem-dados",
              "--testes", "--traducao", "--tradução"}


def _option_lang(argv) -> str | None:
    for i, a in enumerate(argv):
        if a in ("--lang", "--idioma") and i + 1 < len(argv) and argv[i + 1] in LANGS:
            return argv[i + 1]
        for opt in ("--lang=", "--idioma="):
            if a.startswith(opt) and a[len(opt):] in LANGS:
                return a[len(opt):]
    return None


def _typed_lang(argv) -> str | None:
    """The language of the first command or option word that belongs to one language only."""
    for a in argv:
        if a in _ES_WORDS:
            return "es"
        if a in _PT_WORDS:
            return "pt"
    return None


def user_lang(argv, environ=None) -> str | None:
    """The user's own language, whatever the ruleset's: `--idioma`/`--lang`, else the language
    of the command typed (`jugar` → es), else the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG);
    None if the user said nothing we speak (then the ruleset's language, then Portuguese)."""
    from ..i18n import user_lang as pick
    return pick(_option_lang(argv), _typed_lang(argv), os.environ if environ is None else environ, LANGS)


def prescan_lang(argv) -> str:
    """The language to speak before any ruleset is read."""
    return user_lang(argv) or "pt"


# argparse's own messages, spoken in the chosen language
_AP = {
    "usage: ": "CLI.ap.usage",
    "positional arguments": "CLI.ap.positional",
    "options": "CLI.ap.options",
    "show this help message and exit": "CLI.ap.help",
    "show program's version number and exit": "CLI.ap.version",
    "the following arguments are required: %s": "CLI.ap.required",
    "unrecognized arguments: %s": "CLI.ap.unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "CLI.ap.invalid_choice",
    "argument %(argument_name)s: %(message)s": "CLI.ap.argument",
    "%(prog)s: error: %(message)s\n": "CLI.ap.error",
    "expected one argument": "CLI.ap.expected_one",
    "expected at most one argument": "CLI.ap.expected_at_most_one",
    "expected at least one argument": "CLI.ap.expected_at_least_one",
    "invalid %(type)s value: %(value)r": "CLI.ap.invalid_type",
    "ambiguous option: %(option)s could match %(matches)s": "CLI.ap.ambiguous",
    "not allowed with argument %s": "CLI.ap.not_allowed",
    "one of the arguments %s is required": "CLI.ap.one_required",
    "ignored explicit argument %r": "CLI.ap.ignored",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "CLI.ap.unknown_parser",
    "can't open '%(filename)s': %(error)s": "CLI.ap.cant_open",
}


@contextlib.contextmanager
def _argparse_speaks(lang: str):
    old_gettext, old_ngettext = argparse._, argparse.ngettext

    def gettext(msg):
        code = _AP.get(msg)
        return format_message(code, lang, {}) if code else old_gettext(msg)

    def ngettext(single, plural, n):
        if single == "expected %s argument":
            return format_message("CLI.ap.expected_n", lang, {})
        return old_ngettext(single, plural, n)

    argparse._, argparse.ngettext = gettext, ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = old_gettext, old_ngettext
