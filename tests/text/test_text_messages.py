"""Every code the text tools can report has a message in PT and in ES, with the same fields."""
import os
import re

from rulesdsl.errors import messages
from rulesdsl.text.checks import CODES

SRC = os.path.join(os.path.dirname(__file__), "..", "..", "rulesdsl", "text")


def _used_codes():
    used = set()
    for name in os.listdir(SRC):
        if name.endswith(".py"):
            with open(os.path.join(SRC, name), encoding="utf-8") as fh:
                used.update(re.findall(r'"(T\d{3}|TW\.\w+|TH\.\w+)"', fh.read()))
            with open(os.path.join(SRC, name), encoding="utf-8") as fh:
                used.update("TW." + m for m in re.findall(r'_w\(\s*"(\w+)"[,)]', fh.read()))
    return used


def _fields(template):
    # through ICU plural blocks ("{n, plural, one {# vez} other {# vezes}}") too
    from rulesdsl.i18n import fields
    return fields(template)


def test_every_code_has_pt_and_es():
    cat = messages()
    for code in set(CODES) | _used_codes():
        assert code in cat, code
        assert {"pt", "es"} <= set(cat[code]), code
        assert _fields(cat[code]["pt"]) == _fields(cat[code]["es"]), code


def test_finding_codes_are_stable_and_have_a_severity():
    for code, (sev, kind) in CODES.items():
        assert re.fullmatch(r"T1\d\d", code) and sev in ("error", "warning", "info") and kind
