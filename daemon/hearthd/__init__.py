"""Hearth daemon: the long-term memory of a home voice assistant."""

import os

# numpy's BLAS threads busy-wait after each product and starve torch's threads on a 2-core hub: a live turn
# embeds (torch) and then searches (numpy) back to back. One BLAS thread keeps both fast. It must be set
# before numpy is first imported; a value the user set wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
