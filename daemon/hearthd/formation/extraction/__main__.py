"""`python -m hearthd.formation.extraction "I live in Porto."` prints what the rules read."""

import sys

from .pipeline import _main

_main(sys.argv[1:])
