"""Tiny YAML writer shared by the one-shot extraction scripts (tools/extract_*.py).

It writes only what the text catalogue needs: nested mappings, lists of strings and strings.
Every string is written double-quoted (so that "no", "sí", "1.1" never change type) on one
line, with YAML escapes for backslash, quote, tab and newline; non-ASCII characters (accents,
emoji) are written as they are. Keys that are not plain identifiers are quoted as well.
"""
from __future__ import annotations

import re

_PLAIN_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_ÀÁÂÃÉÊÍÓÔÕÚÇàáâãéêíóôõúçñÑ-]*$")


def q(s: str) -> str:
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def key(k: str) -> str:
    if _PLAIN_KEY.match(k) and k.lower() not in {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}:
        return k
    return q(k)


def dump(value, indent: int = 0) -> list[str]:
    """Lines for a mapping (dict) value, indented by `indent` spaces."""
    pad = " " * indent
    lines: list[str] = []
    for k, v in value.items():
        if isinstance(v, dict):
            if not v:
                lines.append(f"{pad}{key(k)}: {{}}")
            else:
                lines.append(f"{pad}{key(k)}:")
                lines.extend(dump(v, indent + 2))
        elif isinstance(v, list):
            lines.append(f"{pad}{key(k)}: [" + ", ".join(q(x) for x in v) + "]")
        elif v is None:
            lines.append(f"{pad}{key(k)}:")
        else:
            lines.append(f"{pad}{key(k)}: {q(str(v))}")
    return lines


def write(path: str, header: str, data: dict) -> None:
    text = header.rstrip("\n") + "\n" + "\n".join(dump(data)) + "\n"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
