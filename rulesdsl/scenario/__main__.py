"""`python -m rulesdsl.scenario FILE...`: the same as `rulesdsl scenario FILE...`."""
import sys

from .cli import main

sys.exit(main())
