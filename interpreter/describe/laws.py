"""What an ability or a victory is called: the title of its Law paragraph, read from the
ruleset's text catalogue (titles only, cached per GameDef)."""
from __future__ import annotations


def laws(law) -> list[str]:
    if law is None:
        return []
    if isinstance(law, (list, tuple)):
        return [str(x) for x in law if x is not None]
    return [str(law)]


def _law_titles(root: str) -> dict:
    """{lang: {Law paragraph: title}} from the ruleset's text catalogue, read with the fast
    YAML reader (titles only; summaries left out: a summary is not the rule's name). The
    full catalogue (rulesdsl/text) checks these files; here they are only read."""
    import os
    import yaml
    from ... import lexicon as lexmod
    from ...text.catalogue import find_text_folder
    folder = find_text_folder(root) if root and os.path.isdir(root) else None
    out: dict = {}
    if folder is None:
        return out
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    files = []
    roles: dict = {}
    for n in sorted(os.listdir(folder)):
        if not n.endswith((".yaml", ".yml")):
            continue
        try:
            with open(os.path.join(folder, n), encoding="utf-8") as fh:
                data = yaml.load(fh, Loader=loader)
        except (OSError, yaml.YAMLError):
            continue
        if not isinstance(data, dict):
            continue
        lang = next((str(v) for k, v in data.items() if lexmod.means_key(k, "language")), None)
        if lang not in lexmod.available():
            continue
        lex = lexmod.get(lang)
        neutral = {lex.key_of(k) or k: v for k, v in data.items()}
        for did, d in (neutral.get("documents") or {}).items():
            if isinstance(d, dict):
                nd = {lex.key_of(k) or k: v for k, v in d.items()}
                roles[str(did)] = lex.value_of(nd.get("role")) or ""
        if isinstance(neutral.get("paragraphs"), dict):
            files.append((lang, lex, str(neutral.get("document") or ""), neutral["paragraphs"]))
    # the source (the Law) first, then translations and references
    rank = {"role_source": 0, "role_translation": 1, "role_reference": 2}
    for lang, lex, doc, paras in sorted(files, key=lambda f: rank.get(roles.get(f[2], ""), 3)):
        if roles.get(doc) == "role_summary":
            continue
        table = out.setdefault(lang, {})
        for key, p in paras.items():
            if not isinstance(p, dict):
                continue
            fields = {lex.key_of(k) or k: v for k, v in p.items()}
            title = str(fields.get("title") or "").strip().rstrip(".:").strip()
            if not title:
                continue
            title = title[:1] + title[1:].lower() if title.isupper() else title
            for k in [str(key)] + [str(a) for a in (fields.get("aligned") or [])]:
                table.setdefault(k, title)
    return out


def law_title(game, key: str, lang: str) -> str | None:
    """The title of Law paragraph `key` in `lang`, else in any language the catalogue has
    ('Removendo Bases'); None without a catalogue or a title."""
    g = game.g
    if "_law_titles" not in g.__dict__:
        try:
            g.__dict__["_law_titles"] = _law_titles(g.rs.root)
        except Exception:  # noqa: BLE001 - a name for the narration is best effort
            g.__dict__["_law_titles"] = {}
    titles = g.__dict__["_law_titles"]
    t = titles.get(lang, {}).get(key)
    if t is None:
        t = next((tb[key] for tb in titles.values() if key in tb), None)
    return t


def ability_name(game, law, lang: str, section: bool = False) -> tuple[str | None, str | None]:
    """(title, paragraph) naming a rule by its first Law paragraph; with `section`, by the
    section above it ('3.3.1' → '3.3 Cartas de domínio'), what a victory is called."""
    paragraphs = laws(law)
    if not paragraphs:
        return None, None
    key = paragraphs[0]
    if section and key.count(".") >= 2:
        up = ".".join(key.split(".")[:2])
        t = law_title(game, up, lang)
        if t:
            return t, key
    return law_title(game, key, lang), key
