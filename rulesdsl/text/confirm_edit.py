"""`text confirm`'s edit: record the source hash in a translation file, editing the text in
place — only the paragraph's own `confirmado` line changes, and the result is read back and
checked before it is written (atomically).

(Split out of catalogue.py.)"""
from __future__ import annotations

import os

from ..errors import Diagnostics
from ..loader import load_text
from .catalogue import _Keys
from .model import Paragraph

class EditError(Exception):
    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


def _plain(v):
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, str):
        return str(v)
    return v


def _compose(text: str):
    import yaml
    loader = yaml.SafeLoader(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _find_para_node(root, p: Paragraph, keys: _Keys):
    from yaml.nodes import MappingNode
    if not isinstance(root, MappingNode):
        return None
    for k, v in root.value:
        if keys.of(k.value) == "paragraphs" and isinstance(v, MappingNode):
            for pk, pv in v.value:
                if pk.start_mark.line + 1 == p.pos.line and pk.start_mark.column + 1 == p.pos.col:
                    return pv
    return None


def set_confirmed(p: Paragraph, digest: str) -> tuple[str, str]:
    """The file's new text with `confirmado: "<digest>"` set on paragraph `p`.

    Only the paragraph's own `confirmado` line changes (or one line is added after its last
    key; in a flow mapping `{...}`, before the closing brace): comments, order, quoting and
    wrapping of everything else stay as they were. Raises EditError when that cannot be done
    safely. Returns (path, new_text)."""
    from yaml.nodes import MappingNode, ScalarNode
    doc = p.doc
    path, text = doc.path, doc.file_text
    if not path or not text:
        raise EditError("no file")
    keys = _Keys(doc.lang)
    spelled = doc.keys_spelling.get("confirmed") or keys.spell("confirmed")
    try:
        root = _compose(text)
    except Exception as exc:  # noqa: BLE001 - any YAML problem means: do not touch the file
        raise EditError(str(exc).splitlines()[0])
    node = _find_para_node(root, p, keys)
    if not isinstance(node, MappingNode):
        raise EditError("paragraph is not a mapping")
    value = f'"{digest}"'
    existing = next(((k, v) for k, v in node.value if keys.of(k.value) == "confirmed"), None)
    if existing is not None:
        k, v = existing
        if not isinstance(v, ScalarNode):
            raise EditError("confirmado is not a scalar")
        a, b = v.start_mark.index, v.end_mark.index
        if a == b:                       # `confirmado:` with no value
            new = text[:k.end_mark.index] + ": " + value + text[_after_colon(text, k.end_mark.index):]
        else:
            if v.start_mark.line != v.end_mark.line:
                raise EditError("confirmado spans several lines")
            old = text[a:b]
            quote = old[0] if old[:1] in ("'", '"') else '"'
            new = text[:a] + f"{quote}{digest}{quote}" + text[b:]
    elif node.flow_style:
        end = node.end_mark.index
        close = text.rfind("}", node.start_mark.index, end)
        if close < 0:
            raise EditError("flow mapping without '}'")
        inner = text[node.start_mark.index + 1:close]
        sep = ", " if inner.strip() else ""
        # keep a trailing space before '}' where the author put one
        j = close
        while j > node.start_mark.index + 1 and text[j - 1] in " \t":
            j -= 1
        new = text[:j] + f"{sep}{spelled}: {value}" + text[j:]
    else:
        if not node.value:
            raise EditError("empty paragraph")
        first_key = node.value[0][0]
        indent = first_key.start_mark.column
        last_val = node.value[-1][1]
        end = last_val.end_mark.index
        # back over the blank lines a block scalar swallowed
        while end > 0 and text[end - 1] in " \t\r\n":
            end -= 1
        nl = text.find("\n", end)
        eol = "\r\n" if "\r\n" in text else "\n"
        if nl < 0:
            new = text + eol + " " * indent + f"{spelled}: {value}" + eol
        else:
            new = text[:nl + 1] + " " * indent + f"{spelled}: {value}" + eol + text[nl + 1:]
    _verify(text, new, p, keys, path, digest)
    return path, new


def _after_colon(text: str, i: int) -> int:
    j = text.find(":", i)
    j = j + 1 if j >= 0 else i
    while j < len(text) and text[j] in " \t":
        j += 1
    return j


def _verify(old: str, new: str, p: Paragraph, keys: _Keys, path: str, digest: str) -> None:
    """The edited file must load cleanly and differ from the old one only in that value."""
    d1, d2 = Diagnostics(p.doc.lang), Diagnostics(p.doc.lang)
    a = load_text(old, path, d1, p.doc.lang)
    b = load_text(new, path, d2, p.doc.lang)
    if d2.has_errors() or not isinstance(b, dict) or not isinstance(a, dict):
        raise EditError("the edited file would not load")
    pa, pb = _plain(a), _plain(b)

    def paras(d):
        for k in d:
            if keys.of(k) == "paragraphs":
                return d[k]
        return None
    ta, tb = paras(pa), paras(pb)
    if not isinstance(ta, dict) or not isinstance(tb, dict):
        raise EditError("paragraphs not found")
    key = next((k for k in ta if str(k) == p.key or _same_key(k, p)), None)
    if key is None or key not in tb:
        raise EditError("paragraph not found after editing")
    want = dict(ta[key]) if isinstance(ta[key], dict) else None
    if want is None:
        raise EditError("paragraph is not a mapping")
    ck = next((k for k in want if keys.of(k) == "confirmed"), None)
    ck = ck or next((k for k in tb[key] if keys.of(k) == "confirmed"), None)
    want[ck] = digest
    expect = dict(pa)
    expect_paras = dict(ta)
    expect_paras[key] = want
    for k in expect:
        if keys.of(k) == "paragraphs":
            expect[k] = expect_paras
    if expect != pb:
        raise EditError("the edit would change more than the confirmation")


def _same_key(k, p: Paragraph) -> bool:
    try:
        return str(k) == str(float(p.key)) or str(k) == str(int(p.key))
    except ValueError:
        return False


def write_atomic(path: str, text: str) -> None:
    import tempfile
    from ..safeio import check_target
    check_target(path)   # a symbolic link is refused, not replaced by the rename
    d = os.path.dirname(os.path.abspath(path))
    mode = os.stat(path).st_mode & 0o7777
    fd, tmp = tempfile.mkstemp(prefix=".confirm-", dir=d)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
