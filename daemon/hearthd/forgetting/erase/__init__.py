"""Erase: delete for good, leave no byte of the erased text behind, and hand back a signed receipt (spec 9).

- selectors.py: the selector kinds, parsed and validated, and the rows each selects itself;
- links.py: the one declaration of what links to what, which everything below follows;
- plan.py: what an erase would delete (the selected rows, what goes with them, derived rows): the dry run;
- execute.py: the erase itself, in one write transaction, and its receipt;
- checkpoint.py: truncating the WAL afterwards without holding up the writer.
"""

from .checkpoint import retry_pending, truncate_wal
from .execute import erase, execute_erase
from .links import DELETE_ORDER, LINKS, TABLES, Link
from .plan import ErasePlan, collect, plan_erase
from .selectors import KINDS, Selector, contains_identifier

__all__ = [
    "DELETE_ORDER",
    "KINDS",
    "LINKS",
    "TABLES",
    "ErasePlan",
    "Link",
    "Selector",
    "collect",
    "contains_identifier",
    "erase",
    "execute_erase",
    "plan_erase",
    "retry_pending",
    "truncate_wal",
]
