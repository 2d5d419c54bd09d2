"""The sync room of the facade: pull what a user may read from the central archive, and what the last sync was."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from core.models.encoder import TextEncoder
from core.progress import CancelToken, Progress
from core.service.folder import Folder
from core.store.rows import Changes
from core.sync.report import SyncReport
from core.sync.request import SyncRequest


class Sync:
    """Sync with a central archive (the PostgreSQL client is imported only when a sync runs)."""

    def __init__(self, folder: Folder) -> None:
        self._f = folder

    def run(self, request: SyncRequest, cancel: CancelToken | None = None, *,
            changes: Changes | None = None) -> Generator[Progress, None, SyncReport]:
        """Pull the records ``request.user`` may read from ``request.server`` (a write: run it where ingest runs).

        ``changes`` fills as each page commits: after a sync that stopped early the caller still holds what
        its committed pages changed (see :mod:`core.sync.service`)."""
        from core.models.registry import load_text_encoder
        from core.sync.service import run_sync

        f = self._f

        def encoder(name: str) -> TextEncoder:
            return load_text_encoder(f.paths.models, name, threads=f.settings.threads,
                                     batch_size=f.settings.embed_batch)

        report = yield from run_sync(f.store, request, cancel, changes=changes, encoder=encoder)
        yield from f.erase_removed()
        return report

    def status(self, profile: str = "owner") -> dict[str, Any] | None:
        """``{server, user, last_sync, watermark}`` of the last sync (None: never synced). Another profile
        gets ``last_sync`` alone: the watermark is the key of a record it may not see, and the server and
        user are the owner's configuration."""
        from core.sync.service import sync_status

        state = sync_status(self._f.store)
        if state is None or self._f.profile(profile).name == "owner":
            return state
        return {"last_sync": state.get("last_sync")}

    @staticmethod
    def keyring(server: str | None = None, user: str | None = None, *, forget: bool = False) -> bool:
        """Whether the OS keyring can hold the sync password (with ``server`` and ``user``: whether it
        holds theirs; with ``forget``: delete it, True when there was one)."""
        from core.sync import service

        if server is None or user is None:
            return service.keyring_available()
        if forget:
            return service.forget_password(server, user)
        return service.saved_password(server, user) is not None
