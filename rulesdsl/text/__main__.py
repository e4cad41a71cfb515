"""`python -m rulesdsl.text check-text|coverage|text confirm ...` (the same commands as rulesdsl)."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
