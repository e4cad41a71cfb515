"""The user's language, and plural forms and numbers in it (CLDR data, through Babel).

    user_lang(argv, environ)          -> "es" | "pt" | None   (None: the user said nothing)
    locale_lang(environ)              -> the language of LANGUAGE / LC_ALL / LC_MESSAGES / LANG
    plural(n, lang)                   -> "one" | "other" | "many" ... (CLDR plural category)
    expand_plurals(template, lang, args)
        "{n, plural, =0 {nenhum erro} one {# erro} other {# erros}}" -> "2 erros"
    percent(0.381, "es")              -> "38,1 %"      decimal(12.5, "pt", 2) -> "12,50"

Message templates (grammar/messages/*.yaml) hold every plural form of a sentence in the
ICU MessageFormat `plural` notation, so a translator writes the forms and CLDR's rules (not
code of ours) choose among them. The lexicon's own plural rules (grammar/lexicon/*.yaml
`plural:`) are for reading ruleset words, not for writing sentences.
"""
from __future__ import annotations

import re
from functools import lru_cache

# ---------------------------------------------------------------------------------------------
# which language the user speaks

_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


def _lang_of_locale(value: str) -> str | None:
    """'es_ES.UTF-8' -> 'es'; 'C', 'POSIX', '' -> None."""
    v = (value or "").strip()
    if not v or v in ("C", "POSIX") or v.startswith(("C.", "POSIX.")):
        return None
    code = re.split(r"[_.@\-]", v, maxsplit=1)[0].lower()
    return code or None


def locale_lang(environ, known) -> str | None:
    """The first language in the locale the user set that we speak, following gettext's order:
    LANGUAGE (a list, 'es:pt', read only when a locale is set), then the first of LC_ALL,
    LC_MESSAGES and LANG that is set."""
    locale = next((environ.get(k) for k in _LOCALE_VARS if environ.get(k)), "")
    base = _lang_of_locale(locale)
    if base is not None:
        for item in (environ.get("LANGUAGE") or "").split(":"):
            lg = _lang_of_locale(item)
            if lg in known:
                return lg
    return base if base in known else None


def user_lang(option: str | None, typed: str | None, environ, known) -> str | None:
    """The user's language: the option given (`--idioma`), else the language of the command
    typed (`jugar` is Spanish, `validar` is both), else the locale's; None when the user said
    nothing we speak (the caller then uses the ruleset's language, then Portuguese)."""
    for lg in (option, typed):
        if lg in known:
            return lg
    return locale_lang(environ, known)


# ---------------------------------------------------------------------------------------------
# CLDR through Babel

@lru_cache(maxsize=16)
def _locale(lang: str):
    from babel import Locale, UnknownLocaleError
    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError, TypeError):
        return Locale.parse("pt")


def plural(n, lang: str) -> str:
    """CLDR plural category of `n` in `lang` ('one', 'other', 'many', ...)."""
    return _locale(lang).plural_form(abs(n))


def decimal(x, lang: str, digits: int = 0) -> str:
    """A number with exactly `digits` decimals, in the language's notation ('12,50')."""
    from babel.numbers import format_decimal
    fmt = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(x, format=fmt, locale=_locale(lang))


def percent(x, lang: str, digits: int = 1) -> str:
    """A rate (0..1) as a percentage with `digits` decimals, written as the language writes
    them ('38,1%' in PT, '38,1 %' in ES)."""
    from babel.numbers import format_percent
    pattern = _locale(lang).percent_formats[None].pattern
    if digits:
        pattern = re.sub(r"0(?=[^0#,.]*%)", "0." + "0" * digits, pattern, count=1)
    return format_percent(x, format=pattern, locale=_locale(lang))


# ---------------------------------------------------------------------------------------------
# ICU `plural` blocks in message templates

_PLURAL_HEAD = re.compile(r"\{(\w+),\s*plural,")


def _closing(text: str, i: int) -> int:
    """Index of the brace closing the one opened at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError("unbalanced braces")


def _branches(body: str) -> dict[str, str]:
    out: dict[str, str] = {}
    i = 0
    while i < len(body):
        m = re.compile(r"\s*(=\d+|\w+)\s*\{").match(body, i)
        if not m:
            break
        start = m.end() - 1
        end = _closing(body, start)
        out[m.group(1)] = body[start + 1:end]
        i = end + 1
    return out


def _plural_blocks(template: str):
    """The `{name, plural, ...}` blocks of a template that no other block holds, in order:
    (start, end, name, {form: text}), the block being template[start:end + 1]."""
    pos = 0
    for m in list(_PLURAL_HEAD.finditer(template)):
        if m.start() < pos:
            continue
        end = _closing(template, m.start())
        yield m.start(), end, m.group(1), _branches(template[m.end():end])
        pos = end + 1


def expand_plurals(template: str, lang: str, args: dict) -> str:
    """Replace each `{name, plural, ...}` block by the form `args[name]` asks for: an exact
    `=N` first, then the CLDR category, then `other`; `#` is the number."""
    out = []
    pos = 0
    for start, end, name, forms in _plural_blocks(template):
        n = args.get(name)
        try:
            num = n if isinstance(n, (int, float)) else float(str(n)) if "." in str(n) else int(str(n))
        except (TypeError, ValueError):
            num = None
        if num is None:
            chosen = forms.get("other", "")
        else:
            chosen = forms.get(f"={num}") or forms.get(plural(num, lang)) or forms.get("other", "")
        out.append(template[pos:start])
        out.append(chosen.replace("#", "{" + name + "}"))
        pos = end + 1
    out.append(template[pos:])
    return "".join(out)


def fields(template: str) -> set[str]:
    """The names a template reads, through its plural blocks (for checks that the PT and ES
    texts of a message take the same arguments)."""
    import string
    names: set[str] = set()
    flat = []
    pos = 0
    for start, end, name, forms in _plural_blocks(template):
        names.add(name)
        for text in forms.values():
            names |= fields(text.replace("#", ""))
        flat.append(template[pos:start])
        pos = end + 1
    flat.append(template[pos:])
    names |= {f for _, f, _, _ in string.Formatter().parse("".join(flat)) if f}
    return names
