"""`python -m hearthd`: the daemon (what the tray app starts when no hearthd command is installed)."""

import sys

from .server import main

sys.exit(main())
