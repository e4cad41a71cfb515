"""Translate a ruleset file into another language, keeping its layout and comments.

    translate_file("rulesets/root/jogo.yaml", "es") -> str
    translate_text(text, path, "es", ruleset=None) -> str
    translate_ruleset("rulesets/root", "es") -> {relative path: text}

The original text is edited in place, span by span; nothing is re-serialized:

  * every fixed YAML key -> its preferred spelling in the target lexicon (`jogo:` -> `juego:`;
    a key written in its n-th spelling, like `fontes` beside `fonte`, takes the n-th one);
  * every attribute key the ruleset declares -> the attribute's target name (`naipe:` -> `palo:`);
  * `idioma: pt` -> `idioma: es`;
  * the enumerated values the engine reads by their spelling (yes/no fields, event names, an
    event's owner/by, a zone's content, a counter's scope, an attribute's type) and the piece
    names of an event pattern -> their target spellings;
  * every effect expression -> its tokens re-spelled: keywords and verbs by the target
    lexicon (the preferred spelling, or the one with the same marks: plural, feminine,
    infinitive), the ruleset's names by their first target name in the same form (singular or
    plural), number words by the target's; digits, variables, punctuation and comments inside
    the expression unchanged; noise words (articles) dropped.

Names (`nome:`), ids and free text (notes, sources) are left alone. Every translated expression
is parsed again in the target language and must give the same tree (names shared by several
factions compare as the compiler resolves them, see `printer.canonical_key`); when the word by
word translation does not, the expression is printed anew from its tree (`printer.to_text`).

A file's names come from its whole ruleset, loaded from the file's folder when a file there
declares the game (`jogo:`), else from the nearest folder above that does (see
`find_ruleset_root`); or pass `ruleset=`. A `texto/` catalogue is not part of a ruleset and is
never translated.
The jobs live in their own modules: one file's text edited span by span
(translate_document), the word by word respelling of an expression (translate_respell) and
the language-free data that compares a ruleset with its translation (translate_neutral).
This module holds the entry points, for a file, a ruleset and a folder.
"""
from __future__ import annotations

import os
import re

from . import lexicon as lexmod
from .errors import Diagnostics, RulesError
from .loader import detect_lang
from .model import _ruleset_files, load_ruleset
from .translate_document import _FileTranslator
from .translate_neutral import EVENT_KEYS, EVENT_REL, VALUE_POSITIONS, neutral_data  # noqa: F401
from .translate_respell import (POSTNOMINAL, PRENOMINAL, TranslateError,  # noqa: F401
                                declared_genders)

GENERATED_BY = "tools/translate_ruleset.py"


# ---------------------------------------------------------------------------------------------
# public API

def find_ruleset_root(path: str) -> str:
    """The ruleset folder of a file: its own folder if a file there declares the game
    (`jogo:`/`juego:`) or a base (`base:`, an overlay), else up while the parent folder holds *.yaml files (at most 3 levels)."""
    d = os.path.dirname(os.path.abspath(path))
    start = d
    for _ in range(3):
        if _declares_game(d):
            return d
        parent = os.path.dirname(d)
        if parent == d or not _has_yaml(parent):
            break
        d = parent
    return d if _declares_game(d) else start


def _has_yaml(d: str) -> bool:
    try:
        return any(n.endswith((".yaml", ".yml")) and os.path.isfile(os.path.join(d, n))
                   for n in os.listdir(d))
    except OSError:
        return False


def _declares_game(d: str) -> bool:
    words = {"game", "base"}          # an overlay's folder declares its base, not a game
    for lang in lexmod.available():
        words.update(lexmod.get(lang).keys.get("game", []))
        words.update(lexmod.get(lang).keys.get("base", []))
    rx = re.compile(r"^(?:%s)\s*:" % "|".join(re.escape(w) for w in words), re.M)
    try:
        names = [n for n in os.listdir(d) if n.endswith((".yaml", ".yml"))]
    except OSError:
        return False
    for n in names:
        try:
            with open(os.path.join(d, n), encoding="utf-8") as fh:
                if rx.search(fh.read()):
                    return True
        except (OSError, UnicodeDecodeError):
            continue
    return False


def translate_file(path: str, to_lang: str, ruleset=None, notes: list | None = None) -> str:
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except UnicodeDecodeError:   # a binary file: the loader's own placed error
        from .errors import Diagnostics, Pos, RulesError
        d = Diagnostics()
        d.add("E004", Pos(path, 1, 1))
        raise RulesError(d.items) from None
    return translate_text(text, path, to_lang, ruleset, notes)


def translate_text(text: str, path: str, to_lang: str, ruleset=None, notes: list | None = None) -> str:
    """`text` (the content of the ruleset file `path`) rewritten in `to_lang`.

    `notes`, if given, receives a line for each expression that had to be printed anew
    (its inner comments are then lost)."""
    lexmod.get(to_lang)  # KeyError for an unknown language
    from_lang = detect_lang(text)
    if from_lang == to_lang:
        return text
    rs = ruleset if ruleset is not None else _load(find_ruleset_root(path))
    return _FileTranslator(rs, text, path, from_lang, to_lang, notes).run()


def translate_ruleset(root: str, to_lang: str, header: bool = True, notes: list | None = None,
                      out: str | None = None) -> dict:
    """Every ruleset file of `root` (not its `texto/` catalogue) in `to_lang`:
    {path relative to root: text}. With `header`, each text starts with a comment saying it is
    generated and how to regenerate it (into the folder `out`)."""
    rs = _load(root)
    result = {}
    # where the translation reads the Law from: the same for every file (read once)
    texts = _texts_to_point_at(root) if out is not None else None
    for p in _ruleset_files(root):
        rel = os.path.relpath(p, root)
        body = translate_file(p, to_lang, rs, notes)
        if texts is not None:
            body = _point_at_texts(body, texts, out, to_lang)
        if header:
            body = generated_header(root, rel, to_lang, out) + body
        result[rel] = body
    return result


def _texts_to_point_at(root: str) -> str | None:
    """The source's text catalogue a translation of `root` must name, or None (it has none,
    or `root` is an overlay that reads its base's catalogue through `base:` already)."""
    from .text.catalogue import find_text_folder
    from .overlay import base_of
    src = find_text_folder(root)
    if src is None:
        return None
    base = base_of(root)
    if base is not None and src == find_text_folder(base if os.path.isdir(base) else os.path.dirname(base)):
        return None
    return src


def _point_at_texts(body: str, src: str, out: str, to_lang: str) -> str:
    """The translated game declaration names the source's text catalogue `src`
    (`carpeta_de_textos: ../root/texto`): the generated ruleset has none of its own, and its
    players' `?` and the text tools read the Law from there."""
    lex = lexmod.get(to_lang)
    key = lex.spell_key("text_folder")
    lines = body.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^([^\s#][^:]*):\s*(#.*)?$", line)
        if m and lex.key_of(m.group(1).strip()) == "game":
            rel = os.path.relpath(os.path.abspath(src), os.path.abspath(out)).replace(os.sep, "/")
            lines.insert(i + 1, f"  {key}: {rel}")
            return "\n".join(lines)
    return body


def regenerate_command(root: str, to_lang: str, out: str | None) -> str:
    dest = _display_path(out) if out else "DEST"
    return f"python {GENERATED_BY} {_display_path(root)} --to {to_lang} --out {dest}"


def generated_header(root: str, rel: str, to_lang: str, out: str | None = None) -> str:
    """The first line of a generated file: where it comes from, how to make it again."""
    cmd = regenerate_command(root, to_lang, out)
    whence = f"{_display_path(root)}/{rel}".replace(os.sep, "/")
    if to_lang == "pt":
        return f"# GERADO a partir de {whence} por `{cmd}`: não edite à mão.\n"
    if to_lang == "es":
        return f"# GENERADO a partir de {whence} con `{cmd}`: no lo edites a mano.\n"
    return f"# GENERATED from {whence} by `{cmd}`: do not edit by hand.\n"


def _display_path(root: str) -> str:
    """A ruleset folder as the repository names it (rulesets/root), whatever the cwd."""
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    full = os.path.abspath(root)
    if os.path.commonpath([repo, full]) == repo:
        return os.path.relpath(full, repo).replace(os.sep, "/")
    return os.path.basename(full.rstrip(os.sep))


def _load(root: str):
    diags = Diagnostics()
    rs = load_ruleset(root, diags)
    # an unknown key (M010, an error for `validar`) is carried over as written: translating
    # needs only what the model knows
    if any(d.severity == "error" and d.code != "M010" for d in diags):
        raise RulesError(diags.items)
    return rs


# ---------------------------------------------------------------------------------------------
# a whole folder (`rulesdsl traduzir PASTA --para es --saida OUTRA`)

def translate_folder(src: str, to_lang: str, out: str, notes: list | None = None) -> dict:
    """Every ruleset file of the folder `src` in `to_lang`, as {path under `out`: text}, all
    computed before anything is written (a failure raises, and no file changes). The folder
    may be an overlay: its names come from its base too, and a `base:` given as a relative
    path is rewritten to name the same base from `out`. A text catalogue is not translated:
    the translation points at the source's (`carpeta_de_textos:`)."""
    files = translate_ruleset(src, to_lang, header=False, notes=notes, out=out)
    return {os.path.join(out, rel): _rebase(text, src, out) for rel, text in files.items()}


def _rebase(text: str, src: str, out: str) -> str:
    """`base: ../x` written for `src` → the path to the same folder from `out`."""
    from .overlay import resolve_base
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r"^(\S[^:#]*):(\s*)([^#\s][^#]*?)(\s*(#.*)?)$", line)
        if not m or not any(lexmod.get(lg).key_of(m.group(1).strip()) == "base"
                            for lg in lexmod.available()):
            continue
        value = m.group(3).strip().strip("'\"")
        here = os.path.normpath(os.path.join(os.path.abspath(src), value))
        if not os.path.exists(here) or resolve_base(value, os.path.abspath(src)) != here:
            continue       # a bundled name ("root") reads the same from anywhere
        rel = os.path.relpath(here, os.path.abspath(out)).replace(os.sep, "/")
        lines[i] = f"{m.group(1)}:{m.group(2)}{rel}{m.group(4)}"
    return "\n".join(lines)


def write_folder(files: dict, out: str) -> None:
    """Write {path: text} under `out`: every text first goes to a temporary file beside its
    target, then all are renamed into place, so an error while writing leaves no half file."""
    from . import safeio
    staged = []
    try:
        for path, text in sorted(files.items()):
            folder = os.path.dirname(os.path.abspath(path))
            os.makedirs(folder, exist_ok=True)
            fd, tmp = safeio.temp_beside(path)
            staged.append((tmp, path))
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
    except BaseException:
        for tmp, _ in staged:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        raise
    for tmp, path in staged:
        safeio.replace(tmp, path)
