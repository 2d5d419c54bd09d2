"""What a sync did: the summary users see, and the records it changed (front ends refresh from them)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from core.store.writer import Changes


@dataclass
class SyncSummary:
    """What one sync did (``ovillo sync --json`` prints exactly this)."""

    added: int = 0
    updated: int = 0
    removed: int = 0
    revoked: int = 0
    vectors_reused: int = 0
    vectors_embedded: int = 0
    bytes: int = 0  # payload received: the sizes of the values read
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain dict."""
        return asdict(self)


@dataclass
class SyncReport:
    """What a sync did: the summary users see, and the records changed (front ends refresh from it)."""

    summary: SyncSummary
    changes: Changes
    server: str  # host:port/db, as status shows it
    remembered: bool = False  # the password is now in the OS keyring
