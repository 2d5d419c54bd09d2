"""Before a sync reads anything: the central schema is one this program knows, and its vectors fit.

:func:`check_server` answers which central vectors are kept as sent (the same model as the local
store's) and, when the text vectors are of another model, loads the local one to embed the records
here; anything else is refused before a record is read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from core.errors import ModelMismatch
from core.models.encoder import TextEncoder
from core.store.db import Store, now
from core.sync.central import known_version
from core.sync.connect import Connection, SyncError

_MODELS_REFERENCED = 3  # the central schema version from which every vector names a registered model


@dataclass
class ModelPlan:
    """Which central vectors a sync keeps as sent, and the local model that embeds the others."""

    local: dict[str, tuple[str, int, str | None]] = field(default_factory=dict)  # modality → (name, dim, sha256)
    reusable: dict[str, str] = field(default_factory=dict)  # modality → the central model whose vectors are reused
    encoder: TextEncoder | None = None  # the local text model, when the central text vectors are of another

    def reused(self) -> dict[str, tuple[str, int]]:
        """Modality → (the central model whose vectors are kept as sent, its dimension)."""
        return {m: (name, self.local[m][1]) for m, name in self.reusable.items()}


def check_server(con: Connection, store: Store, load_encoder: Callable[[str], TextEncoder] | None) -> ModelPlan:
    """Refuse a central schema newer than this program, and vectors of another model.

    ``load_encoder(name)`` loads the local text model, for when the central text vectors are of
    another model (None: such a sync is refused with :class:`ModelMismatch`). A fresh store adopts
    the archive's model, so its vectors are reused as they are.
    """
    row = con.execute("SELECT coalesce(max(version), 0) FROM central_schema_version").fetchone()
    version = int(cast(int, row[0])) if row else 0
    if version > known_version():
        raise SyncError(f"the central schema is version {version}, newer than this Ovillo knows "
                        f"({known_version()})", hint="Update Ovillo, then sync again; nothing was changed.")
    central = {str(n): (str(m), int(cast(int, d)), str(s)) for n, m, d, s in
               con.execute("SELECT name, modality, dimension, sha256 FROM models").fetchall()}
    plan = ModelPlan()
    for modality, names in _models_used(con, central, version).items():
        local = store.cursor().execute(
            "SELECT name, dimension, sha256 FROM models WHERE modality = ? AND state = 'active'",
            [modality]).fetchone()
        if local is None:
            # a fresh laptop: adopt the archive's model, so its vectors are reused as they are
            _, dim, sha = central[names[0]]
            with store.transaction() as cur:
                cur.execute("INSERT INTO models (name, modality, dimension, sha256, state, created_at, "
                            "activated_at) VALUES (?, ?, ?, ?, 'active', ?, ?)",
                            [names[0], modality, dim, sha, now(), now()])
            local = (names[0], dim, sha)
        lname, ldim, lsha = str(local[0]), int(local[1]), local[2]
        plan.local[modality] = (lname, ldim, lsha)
        # the same model: same name, and the same files when this archive recorded their sha256
        if lname in names and (lsha is None or lsha == central[lname][2]):
            plan.reusable[modality] = lname
            continue
        if modality == "text" and load_encoder is not None:
            plan.encoder = load_encoder(lname)  # the central vectors are of no use here
            continue
        other = names[0]
        raise ModelMismatch(
            f"the central {modality} vectors are from {other} (sha256 {central[other][2][:12]}…) but this "
            f"archive is pinned to {lname}" + (f" (sha256 {str(lsha)[:12]}…)" if lsha else ""),
            hint=("Embedding synced images locally is not built yet; " if modality != "text" else
                  "Install the local model's files to embed the records here, or ") +
                 f"switch the local index with `ovillo reindex --model {other}"
                 f"{'' if modality == 'text' else ' --modality ' + modality}`. Nothing was changed.")
    return plan


def _models_used(con: Connection, central: dict[str, tuple[str, int, str]], version: int) -> dict[str, list[str]]:
    """Modality → the central models the readable vectors use, without reading every vector."""
    # First the vectors of the first 100 readable records, which under a restricted user's row
    # check cost a fraction of what a larger sample would; only a model not found there gets one
    # readable row searched among its vectors, and (before schema 3, which refuses them)
    # unregistered names are scanned for, their row-level check run only on rows of such names.
    # A small work_mem keeps that check a probe per row rather than a hash of every readable
    # record built first, which a sync with nothing to fetch would pay each time.
    con.commit()
    con.execute("SET LOCAL work_mem = '64kB'")
    rows = con.execute(
        "SELECT DISTINCT e.model, e.modality FROM (SELECT section_tipo, section_id FROM records LIMIT 100) r "
        "JOIN rag_embeddings e ON e.section_tipo = r.section_tipo AND e.section_id = r.section_id").fetchall()
    missing = [n for n in central if n not in {str(r[0]) for r in rows}]
    unregistered = "" if version >= _MODELS_REFERENCED else (
        " UNION SELECT DISTINCT model, modality FROM rag_embeddings WHERE model <> ALL(%s::text[])")
    if missing or unregistered:
        rows += con.execute(
            "SELECT m.name, x.modality FROM models m CROSS JOIN LATERAL (SELECT e.modality FROM rag_embeddings e "
            f"WHERE e.model = m.name LIMIT 1) x WHERE m.name = ANY(%s::text[]){unregistered}",
            ([missing, [*central]] if unregistered else [missing])).fetchall()
    con.commit()
    used: dict[str, list[str]] = {}
    for n, m in sorted({(str(n), str(m)) for n, m in rows}):
        if n not in central:
            raise SyncError(f"the central {m} vectors name a model ({n}) the server does not register")
        used.setdefault(m, []).append(n)
    return used
