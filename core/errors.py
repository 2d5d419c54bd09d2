"""The one exception tree of Ovillo's core.

Every error core raises on purpose derives from :class:`OvilloError`, so the
CLI and the GUI can tell "expected, explain it to the user" from "a bug".
"""

from __future__ import annotations


class OvilloError(Exception):
    """Root of every error core raises deliberately."""

    #: A short hint the user can act on; front ends show it under the message.
    hint: str = ""

    def __init__(self, message: str, *, hint: str = "") -> None:
        super().__init__(message)
        if hint:
            self.hint = hint


class Cancelled(OvilloError):
    """The user (or a cancel token) stopped the operation; front ends stay quiet."""


class ConfigError(OvilloError):
    """Settings, paths or arguments that cannot work."""


class StoreError(OvilloError):
    """The local DuckDB store cannot be opened, migrated or written."""


class MigrationError(StoreError):
    """A schema migration failed or the store is newer than this program."""


class ModelError(OvilloError):
    """A model is missing, fails its sha256 check or cannot be loaded."""


class ModelCrashed(ModelError):
    """The answer model's child process died or hung; the caller is unaffected and may ask again."""


class ModelMismatch(ModelError):
    """The store is pinned to another model than the one asked for."""


class IngestError(OvilloError):
    """One source could not be read; the batch goes on without it."""


class UnsupportedFormat(IngestError):
    """No reader handles this file type."""


class RefusedSource(IngestError):
    """A link, device, pipe or system file that must not be read; rows it left earlier are removed."""


class CorruptSource(IngestError):
    """The file is damaged, encrypted, binary or not in the expected format."""


class NotFound(OvilloError):
    """A record, profile or model that does not exist (or is not visible)."""


class PermissionDenied(OvilloError):
    """The active profile may not do this."""
