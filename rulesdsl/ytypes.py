"""Values read from YAML that know their place in the file (YStr, YDict, YList), the text of
a file for turning offsets into line and column (Source), and the small helpers over them.

Kept apart from the YAML reader (rulesdsl/loader.py, which re-exports every name) so that code
which only handles loaded values (the compiler, a ruleset read from the cache) does not import
the YAML parser.
"""
from __future__ import annotations

import bisect
import re

from .errors import Pos

LANG_RE = re.compile(r"^(?:idioma|language|lingua|língua|lengua)\s*:\s*['\"]?([A-Za-z_-]+)", re.M)

_OTHER_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\ufeff]")


class Source:
    """The raw text of a file, to turn character offsets into line/column."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        # lines as str.splitlines() counts them (form feed, U+2028, NEL... end a line), the
        # way the diagnostics are rendered, so a caret lands under the character it names
        self.lines = text.splitlines()
        self.line_starts = [0]
        for line in text.splitlines(keepends=True):
            self.line_starts.append(self.line_starts[-1] + len(line))
        if len(self.line_starts) > 1 and self.line_starts[-1] == len(text):
            self.line_starts.pop()
        # only '\n' ends a line (and no byte-order mark): YAML's marks count lines and columns
        # exactly as `pos` does, and the composer's own line/column can be used as they are
        self.plain = _OTHER_BREAKS.search(text) is None

    def pos(self, index: int, length: int = 1) -> Pos:
        line = bisect.bisect_right(self.line_starts, index) - 1
        if index >= len(self.text) or line >= len(self.lines):
            # the end of the file: point just after the last line that has something on it
            last = len(self.lines) - 1
            while last > 0 and not self.lines[last].strip():
                last -= 1
            return Pos(self.path, max(1, last + 1), len(self.lines[last]) + 1 if self.lines else 1, 1)
        return Pos(self.path, line + 1, index - self.line_starts[line] + 1, length)


class YStr(str):
    """A string read from YAML that knows its place (and can place a caret inside itself)."""

    pos: Pos
    source: Source | None
    start: int
    end: int
    _map: list[int] | None = None     # the raw-text index of each character, on first use

    def __getstate__(self):
        # stored (the compiled-ruleset cache) without the character map: it is computed again
        # on first use, and the parser's maps are ≈ 110 000 numbers in Root's model
        state = self.__dict__
        if "_map" in state:
            state = {k: v for k, v in state.items() if k != "_map"}
        return state

    def at(self, offset: int, length: int = 1) -> Pos:
        """Source position of character `offset` of the string's value."""
        if self.source is None:
            return self.pos
        if self._map is None:
            self._map = _align(str(self), self.source.text, self.start, self.end)
        if not self._map:
            return self.pos
        offset = max(0, min(offset, len(self._map) - 1))
        return self.source.pos(self._map[offset], length)


def _align(value: str, raw: str, start: int, end: int) -> list[int]:
    """The raw-text index of each character of a scalar's value. Exact for plain and block
    scalars and for quoted ones without escapes: the characters appear in order, white space
    may be folded (a line break of the text read as a space) or indented."""
    j = start
    if raw[start:start + 1] in ("|", ">"):
        j = raw.index("\n", start) + 1 if "\n" in raw[start:end] else end
    elif raw[start:start + 1] in ("'", '"'):
        j = start + 1
    out = []
    last = max(start, end - 1)
    for ch in value:
        if ch.isspace():
            out.append(min(j, last))
            if j < end and raw[j].isspace():
                j += 1
            continue
        k = j
        while k < end and raw[k] != ch:
            k += 1
        if k < end:
            j = k
        out.append(min(j, last))
        if j < end:
            j += 1
    return out


class YDict(dict):
    """A mapping with positions: `.pos`, `.key_pos[key]`, `.val_pos[key]`."""

    pos: Pos

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.key_pos: dict = {}
        self.val_pos: dict = {}


class YList(list):
    """A sequence with positions: `.pos`, `.item_pos[i]`."""

    pos: Pos

    def __init__(self, *a):
        super().__init__(*a)
        self.item_pos: list[Pos] = []


def pos_of(container, key=None) -> Pos | None:
    """Best position for a value: a YStr's own, else the parent's record, else the parent's."""
    if key is None:
        return getattr(container, "pos", None)
    if isinstance(container, YDict):
        v = container.get(key)
        if isinstance(v, (YStr, YDict, YList)):
            return v.pos
        return container.val_pos.get(key) or container.pos
    if isinstance(container, YList):
        if isinstance(key, int) and 0 <= key < len(container.item_pos):
            return container.item_pos[key]
        return container.pos
    return None


def detect_lang(text: str, default: str = "pt") -> str:
    m = LANG_RE.search(text)
    return m.group(1).lower() if m else default


