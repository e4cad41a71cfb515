"""YAML writer and helpers shared by the one-shot extraction scripts (tools/extract_*.py).

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


def law_keys_beside(out: str) -> set[str] | None:
    """The Law's paragraph keys, read from the catalogue `lei.pt.yaml` in the folder of `out`
    (what an extraction aligns its paragraphs with), or None when there is none yet."""
    import os
    law_path = os.path.join(os.path.dirname(out), "lei.pt.yaml")
    if not os.path.exists(law_path):
        return None
    import yaml
    with open(law_path, encoding="utf-8") as fh:
        return set(yaml.safe_load(fh)["parágrafos"])


def report_alignment(out: str, data: dict, own_prefix: str) -> None:
    """One line: how many entries were written, and how many have no Law counterpart (their
    keys start with `own_prefix`, the document's own numbering)."""
    unaligned = sum(1 for k in data if k.startswith(own_prefix))
    print(f"{out}: {len(data)} entries ({len(data) - unaligned} aligned, {unaligned} without Law counterpart)")


def seed_and_out(argv: list[str], default_seed: str, default_out: str) -> tuple[str, str]:
    """`extract_X.py [SEED [OUT]]`: the seed document to read and the catalogue to write."""
    seed = argv[1] if len(argv) > 1 else default_seed
    out = argv[2] if len(argv) > 2 else default_out
    return seed, out
