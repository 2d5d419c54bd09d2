"""What one sync takes: the central server's address, as whom, how its TLS is checked, the page size.

No PostgreSQL client is imported here: front ends and the command line build a request without it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.errors import ConfigError

PAGE_RANGE = (1, 10_000)  # records per local transaction of a sync, both ends included


@dataclass(frozen=True)
class SyncRequest:
    """Where to sync from and as whom. ``password`` None: the one saved in the OS keyring."""

    server: str  # the PostgreSQL address (DSN or URL), without a password
    user: str
    password: str | None = field(default=None, repr=False)
    ca_file: str | None = None
    insecure: bool = False  # credentials may go to a remote server without verified TLS
    page: int = 500  # records per local transaction (what a cancel or a crash can lose at most)
    remember: bool = False  # save the password in the OS keyring once the server accepted it

    def __post_init__(self) -> None:
        """The one check of the page size."""
        low, high = PAGE_RANGE
        if not low <= self.page <= high:
            raise ConfigError(f"the page size must be between {low} and {high}")
