"""Where a file of the grammar folder is: the repository's grammar/, else the installed package's.

In a checkout the folder sits beside rulesdsl/; an installed rulesdsl carries it as the package
`rulesdsl.grammar` (pyproject.toml maps grammar/ there).
"""
from __future__ import annotations

import os


def grammar_file(*parts: str) -> str:
    """The path of grammar/<parts...> (a file or a folder)."""
    here = os.path.dirname(os.path.abspath(__file__))
    cand = os.path.join(os.path.dirname(here), "grammar", *parts)
    if os.path.exists(cand):
        return cand
    import importlib.resources as ir
    return str(ir.files("rulesdsl.grammar").joinpath(*parts))
