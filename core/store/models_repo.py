"""Which model an index is pinned to, and the build-beside-then-switch lifecycle."""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import ModelMismatch
from core.store.db import Store, now


@dataclass(frozen=True)
class PinnedModel:
    """A row of the ``models`` table."""

    name: str
    dimension: int
    state: str


def active_model(store: Store, modality: str = "text") -> PinnedModel | None:
    """The model the index is pinned to, if any."""
    row = store.cursor().execute("SELECT name, dimension, state FROM models WHERE modality = ? AND state = 'active'",
                                 [modality]).fetchone()
    return PinnedModel(row[0], int(row[1]), row[2]) if row else None


def pin_model(store: Store, name: str, dimension: int, *, sha256: str | None = None,
              source_package: str | None = None, modality: str = "text") -> PinnedModel:
    """Pin an empty index to a model; an index pinned to another model raises :class:`ModelMismatch`."""
    current = active_model(store, modality)
    if current is not None:
        if current.name != name:
            target = name if modality == "text" else f"{name} --modality {modality}"  # the command's default: text
            raise ModelMismatch(f"this archive is indexed with {current.name}, not {name}",
                                hint=f"Use `ovillo reindex --model {target}` to build the new index "
                                     "beside the old one and switch when complete.")
        return current
    with store.transaction() as cur:
        cur.execute("""
            INSERT INTO models (name, modality, dimension, sha256, source_package, state, created_at, activated_at)
            VALUES (?, ?, ?, ?, ?, 'active', ?, ?)
            ON CONFLICT (name) DO UPDATE SET state = 'active', activated_at = excluded.activated_at
        """, [name, modality, dimension, sha256, source_package, now(), now()])
    return PinnedModel(name, dimension, "active")


def begin_building(store: Store, name: str, dimension: int, modality: str = "text") -> None:
    """Register a model whose rows are being built beside the active ones."""
    with store.transaction() as cur:
        cur.execute("""
            INSERT INTO models (name, modality, dimension, state, created_at) VALUES (?, ?, ?, 'building', ?)
            ON CONFLICT (name) DO UPDATE SET state = 'building', dimension = excluded.dimension
        """, [name, modality, dimension, now()])


def switch_to(store: Store, name: str, modality: str = "text") -> None:
    """Make a fully built model active and drop the old model's rows, in one transaction."""
    with store.transaction() as cur:
        old = cur.execute("SELECT name FROM models WHERE modality = ? AND state = 'active'", [modality]).fetchall()
        cur.execute("UPDATE models SET state = 'retired' WHERE modality = ? AND state = 'active'", [modality])
        cur.execute("UPDATE models SET state = 'active', activated_at = ? WHERE name = ?", [now(), name])
        for (old_name,) in old:
            if old_name != name:
                cur.execute("DELETE FROM rag_embeddings WHERE model = ?", [old_name])
                cur.execute("DELETE FROM embedding_cache WHERE model = ?", [old_name])
        Store.bump_generation(cur)
