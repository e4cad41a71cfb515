"""Pretty-printer (moved into a package; split into modules in the next commit)."""
from .core import (OPTIONAL_TO_AFTER, NameIndex, PrintError, canonical_key, features,  # noqa: F401
                   gender_of, neutral_word, optional_to, pick, source_marks, to_text)
