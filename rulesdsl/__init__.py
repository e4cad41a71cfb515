"""rulesdsl: a declarative rules language (PT/ES) and a generic interpreter for board games."""
from .environment import Environment, resolve_ruleset
from .errors import RulesError, Diagnostics

__all__ = ["Environment", "RulesError", "Diagnostics", "resolve_ruleset", "load"]
__version__ = "0.1.0"


def load(path: str, lang: str | None = None):
    """Load and compile a ruleset folder; raises RulesError listing every problem."""
    return Environment(lang).load(path)
