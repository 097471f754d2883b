"""`python -m hearth`: how Briefcase starts the app on macOS and Windows."""

import sys

from hearth.app import main

sys.exit(main())
