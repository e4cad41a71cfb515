"""`python -m rulesdsl.scenario FILE...`: the same as `rulesdsl scenario FILE...`."""
import sys

from .load import main

sys.exit(main())
