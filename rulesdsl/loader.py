"""Stage 1 — load: safe YAML with a source position on every key, value and list item.

PyYAML composes the node graph with its SafeLoader scanner; we build the Python values
ourselves so that
  * no tag outside YAML's core schema is ever constructed (``!!python/...`` is an error),
  * a duplicate key is an error naming both lines,
  * only ``true``/``false`` are booleans: ``no``, ``sí``, ``sim``, ``on`` stay strings
    (the ruleset's schema decides what a PT/ES yes/no means),
  * every string remembers where it came from, so an error inside an effect expression can
    put its caret inside the expression.
"""
from __future__ import annotations

import re

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .errors import Diagnostics, Pos
# the positioned values live in a module of their own (no YAML import: a cached load unpickles
# them without the parser); re-exported here, where the rest of the code looks for them
from .ytypes import (LANG_RE, Source, YDict, YList, YStr, _OTHER_BREAKS, _align,  # noqa: F401
                     detect_lang, pos_of)


_CORE_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class _Resolver(yaml.resolver.Resolver):
    pass


# YAML 1.2 core-like implicit typing: only true/false are booleans.
_Resolver.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
    for k, v in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}
_Resolver.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


# Resource limits: no ruleset nests deeper than ~10 levels or holds more than a few thousand
# values in a file; these bounds keep any input (a 1 KB alias bomb, 3000 '[' in a row, a
# recursive anchor) to a bounded time and memory, each refused with a positioned error
MAX_DEPTH = 64            # nested maps/lists
MAX_NODES = 200_000       # values built from one file
MAX_ALIASED = 10_000      # values built again through '*' aliases (an alias bomb multiplies them)


class _TooDeep(yaml.MarkedYAMLError):
    pass


class _ComposeLoader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser,
                     yaml.composer.Composer, _Resolver):
    def __init__(self, stream):
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        _Resolver.__init__(self)
        self._depth = 0

    def compose_node(self, parent, index):
        # PyYAML composes recursively: bound the depth before Python's own stack does
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _TooDeep(None, None, "nesting too deep", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


try:   # libyaml's composer, when PyYAML was built with it: the same node graph, ~10x faster
    from yaml.cyaml import CParser as _CParser
except ImportError:   # pragma: no cover - PyYAML without libyaml
    _CParser = None

if _CParser is not None:
    class _CComposeLoader(_CParser, _Resolver):
        def __init__(self, stream):
            _CParser.__init__(self, stream)
            _Resolver.__init__(self)

# Text the two composers read differently (tabs, other line breaks, a byte-order mark,
# characters YAML does not print, a last line without its line break: libyaml places the end
# marks after a virtual one; an empty value in a flow mapping: libyaml places it one column
# later): read by PyYAML's own composer, whose positions and errors are the reference.
# Anything else gives the same node graph and marks (tests/test_load_cache.py compares them).
_C_UNSAFE = re.compile("[^\x0A\x20-\x7E\xA0-\uD7FF\uE000-\uFEFE\uFF00-\uFFFC\U00010000-\U0010FFFF]")


def _compose(text: str):
    """The node graph of `text`: libyaml's composer when it can be trusted to agree with
    PyYAML's, else (and whenever it fails: the errors come from PyYAML) PyYAML's."""
    if (_CParser is not None and text.endswith("\n") and not _C_UNSAFE.search(text)
            and _block_prefix_ok(text)):
        try:
            loader = _CComposeLoader(text)
            try:
                node = loader.get_single_node()
            finally:
                loader.dispose()
        except Exception:
            node = False
        if node is not False and _agrees(node, "{" in text or "[" in text):
            return node
    loader = _ComposeLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _block_prefix_ok(text: str) -> bool:
    """Block nesting needs indentation or '- ' / '? ' on a line: with every line's prefix
    short, libyaml's (recursive, C) composer cannot go deep; `_agrees` then bounds it."""
    return _LONG_PREFIX.search(text) is None


_LONG_PREFIX = re.compile(r"^[ \t?:-]{256}", re.M)


def _agrees(node, flow: bool) -> bool:
    """libyaml's graph is one PyYAML would give: no deeper than MAX_DEPTH (PyYAML refuses
    deeper), no empty value where a flow mapping may have put it elsewhere."""
    if node is None:
        return True
    stack = [(node, 1)]
    seen = set()
    while stack:
        n, d = stack.pop()
        if d > MAX_DEPTH:
            return False
        if id(n) in seen:
            continue
        if isinstance(n, ScalarNode):
            if flow and not n.value and n.start_mark.index == n.end_mark.index:
                return False
            continue
        seen.add(id(n))
        if isinstance(n, SequenceNode):
            stack.extend((x, d + 1) for x in n.value)
        else:
            for k, v in n.value:
                stack.append((k, d + 1))
                stack.append((v, d + 1))
    return True


def load_text(text: str, path: str, diags: Diagnostics, lang: str | None = None):
    """Parse YAML text into YDict/YList/YStr values; problems go to `diags`. None on failure."""
    src = Source(path, text)
    lang = lang or detect_lang(text)
    deep = _flow_too_deep(text)
    if deep is not None:
        # PyYAML's scanner is quadratic in the depth of '[' / '{': refuse before it starts
        diags.add("E015", src.pos(deep), lang)
        return None
    try:
        node = _compose(text)
    except yaml.reader.ReaderError as exc:   # a control character YAML does not allow
        diags.add("E017", src.pos(exc.position), lang, char=f"U+{exc.character:04X}"
                  if isinstance(exc.character, int) else repr(exc.character))
        return None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = src.pos(mark.index) if mark else Pos(path, 1, 1)
        problem = (exc.problem or exc.context or "").strip()
        diags.add(_yaml_problem_code(problem), pos, lang)
        return None
    except yaml.YAMLError as exc:  # reader errors (bad bytes) and the like
        diags.add("E001", Pos(path, 1, 1), lang, problem=str(exc).splitlines()[0])
        return None
    if node is None:   # an empty or comment-only file: an empty mapping at its start
        empty = YDict()
        empty.pos = Pos(path, 1, 1)
        return empty
    try:
        return _build(node, src, diags, lang, _Budget())
    except _AliasLoop as exc:
        diags.add("E016", _node_pos(exc.node, src), lang, limit=exc.limit)
        return None


def _flow_too_deep(text: str) -> int | None:
    """The index where '[' / '{' nest deeper than MAX_DEPTH (quotes and comments skipped)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return None
    depth = 0
    quote = None
    prev = "\n"
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            quote = None
            depth = depth if depth else 0
        elif quote:
            if c == quote:
                quote = None
        elif c in "'\"" and (prev in " \t[{,:\n-"):
            quote = c
        elif c == "#" and prev in " \t\n":
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        elif c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return i
        elif c in "]}":
            depth = max(0, depth - 1)
        prev = c
        i += 1
    return None


class _Budget:
    """How many values are left to build, and the nodes being built (a recursive anchor)."""

    def __init__(self):
        self.left = MAX_NODES
        self.aliased = MAX_ALIASED
        self.open: set = set()
        self.seen: set = set()


class _AliasLoop(Exception):
    def __init__(self, node, limit):
        self.node = node
        self.limit = limit


# PyYAML explains problems in English; each known kind gets its own code and a PT/ES message
_YAML_PROBLEMS = [
    ("mapping values are not allowed", "E007"),   # "efeito: se X: faça Y" — ': ' inside a value
    ("expected ',' or ']'", "E008"),
    ("expected ',' or '}'", "E009"),
    ("cannot start any token", "E010"),            # a tab, or '@' / '`' starting a value
    ("could not find expected ':'", "E011"),
    ("found unexpected end of stream", "E012"),    # an unclosed quote
    ("expected <block end>", "E013"),
    ("did not find expected key", "E013"),
    ("did not find expected '-'", "E013"),
    ("found undefined alias", "E014"),
    ("nesting too deep", "E015"),
]


def _yaml_problem_code(problem: str) -> str:
    for text, code in _YAML_PROBLEMS:
        if text in problem:
            return code
    return "E001"


def load_file(path: str, diags: Diagnostics, lang: str | None = None):
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except UnicodeDecodeError:
        diags.add("E004", Pos(path, 1, 1), lang or "pt")
        return None
    except OSError as exc:
        diags.add("E005", None, lang or "pt", path=path, reason=exc.strerror or str(exc))
        return None
    return load_text(text, path, diags, lang)


def _node_pos(node, src: Source) -> Pos:
    start, end = node.start_mark, node.end_mark
    length = max(1, end.index - start.index) if isinstance(node, ScalarNode) else 1
    if start.line != end.line:
        length = 1
    if src.plain and start.index < len(src.text):
        return Pos(src.path, start.line + 1, start.column + 1, length)
    return src.pos(start.index, length)


def _build(node, src: Source, diags: Diagnostics, lang: str, budget: _Budget):
    budget.left -= 1
    if id(node) in budget.seen:
        budget.aliased -= 1
    else:
        budget.seen.add(id(node))
    if budget.left < 0 or budget.aliased < 0 or id(node) in budget.open:
        # an alias bomb (anchors of anchors) or an anchor inside itself: refused, not expanded
        raise _AliasLoop(node, MAX_ALIASED if budget.aliased < 0 else MAX_NODES)
    if node.tag not in _CORE_TAGS:
        diags.add("E002", _node_pos(node, src), lang, tag=node.tag)
        return None
    if isinstance(node, ScalarNode):
        return _scalar(node, src, diags, lang)
    if isinstance(node, (SequenceNode, MappingNode)):
        budget.open.add(id(node))
        try:
            return _build_collection(node, src, diags, lang, budget)
        finally:
            budget.open.discard(id(node))
    return None


def _build_collection(node, src: Source, diags: Diagnostics, lang: str, budget: _Budget):
    if isinstance(node, SequenceNode):
        out = YList()
        out.pos = _node_pos(node, src)
        for item in node.value:
            v = _build(item, src, diags, lang, budget)
            out.append(v)
            out.item_pos.append(_same_pos(v, item, src))
        return out
    if isinstance(node, MappingNode):
        out = YDict()
        out.pos = _node_pos(node, src)
        for knode, vnode in node.value:
            if knode.tag == "tag:yaml.org,2002:merge":
                diags.add("E002", _node_pos(knode, src), lang, tag="<<")
                continue
            key = _build(knode, src, diags, lang, budget)
            if isinstance(key, (YDict, YList)):
                diags.add("E006", _node_pos(knode, src), lang)
                continue
            kpos = _node_pos(knode, src)
            if key in out:
                diags.add("E003", kpos, lang, key=str(key), first=out.key_pos[key].line,
                          related=out.key_pos[key])
                continue
            out[key] = v = _build(vnode, src, diags, lang, budget)
            out.key_pos[key] = kpos
            out.val_pos[key] = _same_pos(v, vnode, src)
        return out
    return None


def _same_pos(value, node, src: Source) -> Pos:
    """The position of `node`, built into `value`: the value's own `pos` object when it has
    one (it is the same position), so the model (and the compiled-ruleset cache, which
    unpickles every position: ≈ 17 000 fewer in Root) holds it once."""
    if type(value) in (YStr, YDict, YList):
        return value.pos
    return _node_pos(node, src)


_INT_RE = re.compile(r"^[-+]?[0-9]+$")
_FLOAT_RE = re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$")


def _scalar(node: ScalarNode, src: Source, diags: Diagnostics, lang: str):
    tag, value = node.tag, node.value
    if tag == "tag:yaml.org,2002:null":
        return None
    if tag == "tag:yaml.org,2002:bool":
        return value.lower() == "true"
    if tag == "tag:yaml.org,2002:int":
        if _INT_RE.match(value.replace("_", "")):
            return int(value.replace("_", ""))
    if tag == "tag:yaml.org,2002:float":
        if _FLOAT_RE.match(value):
            return float(value)
    s = YStr(value)
    s.pos = _node_pos(node, src)
    s.source = src
    # a quoted or block scalar begins after its indicator
    s.start = node.start_mark.index
    s.end = node.end_mark.index
    return s
