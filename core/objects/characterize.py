"""Characterize an object by its neighbours (no language model): a similarity-weighted vote per role.

Each neighbour votes with its similarity (mean cosine over the views compared, floored at 0) for
the value it has in its catalogue. Categorical roles → the winner, its weight share as the
confidence, and the runners-up; the period → earliest…latest over the voters, a central year (the
weighted median of the voters' mid-years: neighbours split between two eras give a year of the
heavier one, never a mean between them that no neighbour holds), and confidence = 1 − spread/span
(spread: twice the weighted standard deviation of the voters' mid-years; span: latest − earliest),
so voters that agree give 1 and voters split between the two ends give 0. Neighbours without a
value do not vote; fewer than 3 voters → not enough evidence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from core.objects.similar import ObjectHit
from core.roles import OBJECT_ROLES

CATEGORICAL = tuple(r for r in OBJECT_ROLES if r != "period")  # the period is a date range, voted apart
MIN_VOTERS = 3
EVIDENCE = 8
NOT_ENOUGH = "not enough evidence"


@dataclass
class Proposal:
    """One role's proposal with the neighbours that support it."""

    role: str
    voters: int
    confidence: float = 0.0
    value: str | None = None
    runners_up: list[tuple[str, float]] = field(default_factory=list)
    earliest: int | None = None
    latest: int | None = None
    central: int | None = None
    evidence: list[ObjectHit] = field(default_factory=list)

    @property
    def enough(self) -> bool:
        """False when fewer than 3 neighbours had a value."""
        return self.voters >= MIN_VOTERS

    def to_json(self) -> dict[str, Any]:
        """The ``characterize --json`` shape of one role."""
        out: dict[str, Any] = {"voters": self.voters, "confidence": round(self.confidence, 4)}
        if not self.enough:
            out["note"] = NOT_ENOUGH
        if self.role == "period":
            out.update({"earliest": self.earliest, "latest": self.latest, "central": self.central})
        else:
            out["value"] = self.value
            out["runners_up"] = [{"value": v, "share": round(s, 4)} for v, s in self.runners_up]
        out["evidence"] = [h.to_json() for h in self.evidence]
        return out


def _weight(hit: ObjectHit) -> float:
    return max(hit.similarity, 0.0)


def vote(role: str, neighbours: Sequence[ObjectHit]) -> Proposal:
    """A categorical role's weighted vote."""
    voters = [(h, str(h.roles[role]).strip()) for h in neighbours if str(h.roles.get(role) or "").strip()]
    prop = Proposal(role, len(voters))
    if not prop.enough:
        return prop
    totals: dict[str, float] = {}
    for h, value in voters:
        totals[value.casefold()] = totals.get(value.casefold(), 0.0) + _weight(h)
    spelled = {value.casefold(): value for _, value in reversed(voters)}  # the best neighbour's spelling
    whole = sum(totals.values()) or 1.0
    ranked = sorted(totals, key=lambda v: -totals[v])
    prop.value = spelled[ranked[0]]
    prop.confidence = totals[ranked[0]] / whole
    prop.runners_up = [(spelled[v], totals[v] / whole) for v in ranked[1:4]]
    prop.evidence = sorted((h for h, v in voters if v.casefold() == ranked[0]), key=lambda h: -_weight(h))[:EVIDENCE]
    return prop


def date_vote(neighbours: Sequence[ObjectHit]) -> Proposal:
    """The period: range, central year (weighted median), agreement as confidence."""
    voters = []
    for h in neighbours:
        years = h.roles.get("period_years")
        if isinstance(years, list) and len(years) == 2:
            voters.append((h, int(years[0]), int(years[1])))
    prop = Proposal("period", len(voters))
    if not prop.enough:
        return prop
    weights = [max(_weight(h), 1e-6) for h, _, _ in voters]
    mids = [(lo + hi) / 2 for _, lo, hi in voters]
    total = sum(weights)
    mean = sum(w * m for w, m in zip(weights, mids)) / total
    std = (sum(w * (m - mean) ** 2 for w, m in zip(weights, mids)) / total) ** 0.5
    prop.earliest = min(lo for _, lo, _ in voters)
    prop.latest = max(hi for _, _, hi in voters)
    span = max(prop.latest - prop.earliest, 1)
    # the demo's new find (a real de a ocho) had neighbours of 1600s pieces and of an Emporion drachma:
    # their weighted mean, 964, was a year none of them held
    prop.central = round(_weighted_median(mids, weights))
    prop.confidence = min(1.0, max(0.0, 1.0 - 2 * std / span))
    prop.evidence = [h for h, _, _ in sorted(voters, key=lambda v: -_weight(v[0]))][:EVIDENCE]
    return prop


def _weighted_median(values: Sequence[float], weights: Sequence[float]) -> float:
    """The first value, in ascending order, at which the cumulative weight reaches half the total."""
    pairs = sorted(zip(values, weights, strict=True))
    half, run = sum(weights) / 2, 0.0
    for value, weight in pairs:
        run += weight
        if run >= half:
            return value
    return pairs[-1][0]


def characterize(neighbours: Sequence[ObjectHit]) -> dict[str, Any]:
    """Proposals for every role plus the neighbours, as ``characterize --json`` prints them."""
    proposals = {role: vote(role, neighbours) for role in CATEGORICAL}
    proposals["period"] = date_vote(neighbours)
    return {"proposals": {r: p.to_json() for r, p in proposals.items()},
            "neighbours": [h.to_json() for h in neighbours]}
