"""The Python heap after a large load: out of the cyclic garbage collector's full passes.

A daemon with its model, tracks and keyword index loaded holds a few hundred thousand long-lived objects (the
model's libraries are most of them), and a full collection walks every one: tens of milliseconds with the GIL
held, landing on whichever live turn is running (bench/: the proxy's and the API's p95). They never become
garbage, so once a load has finished they are moved to the permanent generation (gc.freeze): a full pass then
walks only what was made since. Objects that die by their reference count are still freed as usual.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect what the load left behind, then freeze the survivors."""
    gc.collect()
    gc.freeze()
