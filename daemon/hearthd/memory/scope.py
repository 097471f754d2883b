"""Which memory pools a caller may read. One builder, used by every read surface, so they cannot diverge."""

from __future__ import annotations

from dataclasses import dataclass

from ..store.vectors import OwnerCodes


@dataclass(frozen=True)
class Scope:
    # The personal pools readable besides the household pool (owner None); every pool when all_pools.
    owners: frozenset[str] = frozenset()
    household: bool = True
    all_pools: bool = False

    def sql(self, column: str) -> tuple[str, list]:
        """A WHERE clause limiting `column` (an owner_id) to this scope."""
        if self.all_pools:
            return "1", []
        parts, params = [], []
        if self.household:
            parts.append(f"{column} IS NULL")
        if self.owners:
            parts.append(f"{column} IN ({', '.join('?' * len(self.owners))})")
            params.extend(sorted(self.owners))
        return ("(" + " OR ".join(parts) + ")") if parts else "0", params

    def codes(self, owner_codes: OwnerCodes) -> frozenset[int] | None:
        if self.all_pools:
            return None
        ids: set = set(self.owners)
        if self.household:
            ids.add(None)
        return owner_codes.codes(ids)

    @property
    def empty(self) -> bool:
        return not (self.all_pools or self.household or self.owners)


EVERYTHING = Scope(all_pools=True)
NOTHING = Scope(household=False)


def scope_for(speaker_id: str | None, band: str | None) -> Scope:
    """A confidently identified (high band) speaker reads their own pool and the household's; any other
    voice, an unsure match or an anonymous one, reads the household pool only."""
    if speaker_id and (band or "high") == "high":
        return Scope(owners=frozenset({speaker_id}))
    return Scope()
