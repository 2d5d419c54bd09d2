"""Cataloguing a new object from its photographs: examine, save to the local catalogue, export as CSV.

``examine`` embeds the new photographs once and keeps the vectors with the neighbours and
proposals, so ``save`` writes exactly those vectors (no second pass through the image encoder).
A saved object is a row of a catalogue CSV kept in the data folder (``catalogue/<collection>/``,
photographs copied beside it under ``images/``): the record is built by the CSV importer's own
reader from that row, so its title, text, roles and fields are what importing the CSV gives, and
its section id is the one an import of that file would give. ``export`` writes visible objects as
rows in the same columns, photographs copied next to the CSV, so a fresh data folder importing
it holds the same objects (the round trip). Every record read here passes the one gate.
Cells a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, tab, CR first) are written
with a leading ``'`` (OWASP's advice on CSV injection); the CSV importer takes it off again.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import time
from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from core import gate
from core.acl import CLASSIFICATIONS, Profile
from core.errors import ConfigError, CorruptSource, NotFound
from core.ids import section_id_for, slug
from core.ingest.images import IMAGE_SUFFIXES, view_hash, write_thumbnail
from core.ingest.readers.csv_reader import neutralise, restore
from core.ingest.record_rows import prepare_record, record_row
from core.ingest.walk import read_regular
from core.models.encoder import TextEncoder
from core.models.image_io import decode
from core.objects.api import Objects
from core.objects.characterize import CATEGORICAL, Proposal, date_vote, vote
from core.objects.similar import Mode, ObjectHit, ObjectQuery
from core.progress import CancelToken, Progress
from core.roles import OBJECT_ROLES
from core.settings import Settings
from core.store.db import Store
from core.store.models_repo import pin_model
from core.store.writer import Changes, EmbeddingRow, RecordKey, RecordRow, RecordWriter

FOLDER = "catalogue"  # under the data folder: one sub-folder per collection
CSV_NAME = "catalogue.csv"
#: the faces a new object's photographs are labelled with (``image``: another view, compared with any face)
FACES = ("obverse", "reverse", "image")
#: the CSV columns written, all names the catalogue importer (core/ingest/readers/csv_reader.py) reads
COLUMNS = ("id", "title", "description") + OBJECT_ROLES + ("classification",) + FACES
_SAFE_ID = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass
class Examination:
    """New photographs looked up: their vectors (kept for saving), neighbours and proposals per role."""

    photos: dict[str, Path]
    sha256: dict[str, str]  # view → the bytes embedded (a photograph changed since is refused at save)
    vectors: dict[str, np.ndarray]
    model: str
    hits: list[ObjectHit]
    proposals: dict[str, Proposal]
    text: str | None = None
    mode: Mode = "hybrid"


@dataclass
class ObjectFields:
    """What the cataloguer accepted or typed for a new object."""

    title: str
    description: str = ""
    typology: str = ""
    material: str = ""
    period: str = ""
    denomination: str = ""
    classification: str | None = None  # None: the archive's default (settings.default_classification)
    collection: str = "objects"
    inventory: str = ""  # empty: one is made up from the date and the photographs


@dataclass
class SavedObject:
    """Where a saved object now lives."""

    section_tipo: str
    section_id: int
    inventory: str
    csv_path: str
    images: dict[str, str] = field(default_factory=dict)  # view → copied photograph
    changes: Changes = field(default_factory=Changes)


class Catalogue:
    """Examine, save and export objects of one data folder."""

    def __init__(self, objects: Objects, store: Store, settings: Settings, home: Path,
                 text_encoder: Callable[[], TextEncoder], profile: Callable[[str], Profile]) -> None:
        self.objects = objects
        self.store = store
        self.settings = settings
        self.home = home
        self._text_encoder = text_encoder
        self._profile = profile

    # -- looking up ---------------------------------------------------------------------------
    def examine(self, photos: Mapping[str, Path], *, profile: str = "owner", text: str | None = None,
                mode: Mode = "hybrid", limit: int = 12) -> Examination:
        """Embed the photographs once; neighbours (gated for ``profile``) and the proposals from the top k."""
        photos = {_face(v): Path(p) for v, p in photos.items()}
        if not photos:
            raise ConfigError("no photograph to look up", hint="Add at least one face of the object.")
        limit_b = self.settings.max_file_mb * 1024 * 1024
        sha = {v: hashlib.sha256(read_regular(p, follow=True, roots=[], limit=limit_b)[0]).hexdigest()
               for v, p in photos.items()}
        vectors = self.objects.embed_photos(photos)
        k = self.settings.objects_neighbours
        q = ObjectQuery(vectors, text=text or None, mode=mode, limit=max(limit, k))
        hits = self.objects.finder.lookup(q, self._profile(profile))
        voters = hits[:k]
        proposals = {role: vote(role, voters) for role in CATEGORICAL}
        proposals["period"] = date_vote(voters)
        return Examination(photos, sha, vectors, self.objects.model, hits[:limit], proposals, text, mode)

    # -- saving -------------------------------------------------------------------------------
    def folder(self, collection: str) -> Path:
        """The catalogue folder of a collection in the data folder."""
        return self.home / FOLDER / slug(collection)

    def save(self, exam: Examination, fields: ObjectFields,
             cancel: CancelToken | None = None) -> Generator[Progress, None, SavedObject]:
        """Copy the photographs into the data folder and write the record with the examined vectors."""
        from core.ingest.readers import csv_reader

        cancel = cancel or CancelToken()
        title = fields.title.strip()
        if not title and not fields.description.strip():
            raise ConfigError("a new object needs a title or a description")
        classification = fields.classification or self.settings.default_classification
        if classification not in CLASSIFICATIONS:
            raise ConfigError(f"unknown classification {classification!r}",
                              hint=f"Use one of: {', '.join(CLASSIFICATIONS)}.")
        section_tipo = slug(fields.collection or "objects")
        folder = self.folder(section_tipo)
        csv_path = folder / CSV_NAME
        rows = _read_rows(csv_path)
        inventory = _safe_id(fields.inventory) or _new_id(exam)
        if any(r.get("id") == inventory for r in rows):
            raise ConfigError(f"{inventory} is already in the {section_tipo} catalogue",
                              hint="Give the object another inventory number.")
        total = len(exam.photos) + 2
        copied: dict[str, Path] = {}
        thumbs: dict[str, str] = {}
        limit = self.settings.max_file_mb * 1024 * 1024
        for i, (view, src) in enumerate(exam.photos.items()):
            cancel.check()
            yield Progress("save", i, total, "photographs", item=src.name)
            raw, _ = read_regular(src, follow=True, roots=[], limit=limit)
            if hashlib.sha256(raw).hexdigest() != exam.sha256[view]:
                raise CorruptSource(f"{src.name} changed since it was looked up", hint="Look it up again.")
            copied[view] = _write_atomic(folder / "images" / f"{inventory}_{view}{_suffix(src)}", raw)
            thumbs[view] = str(write_thumbnail(decode(raw, src.name, max_side=self.settings.image_max_px),
                                               exam.sha256[view], self.home / "thumbs"))
        cancel.check()
        row = {"id": inventory, "title": title, "description": fields.description.strip(),
               **{r: str(getattr(fields, r)).strip() for r in OBJECT_ROLES},
               "classification": classification,
               **{v: f"images/{copied[v].name}" if v in copied else "" for v in FACES}}
        _write_csv(csv_path, rows + [row])
        yield Progress("save", len(exam.photos), total, "photographs", item=csv_path.name)
        parsed = next(r for r in csv_reader.read(csv_path, csv_path.read_bytes()).records
                      if r.data.get("id") == inventory)
        record = self._record(parsed, section_tipo, section_id_for(str(csv_path), parsed.key), str(csv_path),
                              classification)
        record.data["views"] = {v: {"path": str(copied[v]), "thumb": thumbs[v]} for v in copied}
        record.embeddings += [EmbeddingRow(
            component_tipo=f"img:{v}", chunk_index=0, model=exam.model, embedding=exam.vectors[v],
            source_text=str(copied[v]), source_hash=view_hash(exam.sha256[v], exam.model), modality="image",
            chunk_meta={"view": v, "thumb": thumbs[v], "path": str(copied[v])}) for v in copied]
        cancel.check()
        dim = int(len(next(iter(exam.vectors.values()))))
        pin_model(self.store, exam.model, dim, modality="image")
        changes = RecordWriter(self.store).write([record])
        from core.retrieval.lexical import update_lexical_index

        update_lexical_index(self.store)  # the new object's words are searchable at once
        yield Progress("save", total, total, "photographs")
        return SavedObject(section_tipo, record.section_id, inventory, str(csv_path),
                           {v: str(p) for v, p in copied.items()}, changes)

    def _record(self, parsed: Any, section_tipo: str, section_id: int, source: str,
                classification: str) -> RecordRow:
        """The record row an import of the CSV would write (its text embedded here, its images by the caller)."""
        enc = self._text_encoder()
        pin_model(self.store, enc.name, enc.dimension)
        rec = prepare_record(parsed, section_tipo=section_tipo, section_id=section_id, source_path=source,
                             reader="csv", classification=classification, count_tokens=enc.count_tokens,
                             settings=self.settings)
        vecs = enc.embed_batch([c.embedded_text for c in rec.chunks], kind="passage") if rec.chunks \
            else np.empty((0, 0))
        return record_row(rec, {c.source_hash: v for c, v in zip(rec.chunks, vecs)}, enc.name)

    # -- reading back -------------------------------------------------------------------------
    def export(self, keys: Iterable[RecordKey], out: Path, *, profile: str = "owner",
               cancel: CancelToken | None = None) -> Generator[Progress, None, Path]:
        """Write visible objects to ``out/catalogue.csv`` with their photographs under ``out/images``."""
        cancel = cancel or CancelToken()
        p = self._profile(profile)
        keys = list(dict.fromkeys((str(st), int(sid)) for st, sid in keys))
        rows: list[dict[str, str]] = []
        for i, (st, sid) in enumerate(keys):
            cancel.check()
            yield Progress("export", i, len(keys), "objects")
            rec = gate.record(self.store, st, sid, p)  # hidden → NotFound, like a missing record
            data = json.loads(rec.data) if rec.data else {}
            row = _row_of(rec.title or "", rec.classification, data)
            row["id"] = _safe_id(row["id"]) or f"{st}-{sid}"
            for view, meta in (data.get("views") or {}).items():
                face = view if view in FACES else "image"
                if row.get(face):
                    continue  # the CSV has one column per face; a further view stays behind
                src = Path(meta["path"])
                raw, _ = read_regular(src, follow=True, roots=[], limit=self.settings.max_file_mb * 1024 * 1024)
                dest = _write_atomic(out / "images" / f"{row['id']}_{face}{_suffix(src)}", raw)
                row[face] = f"images/{dest.name}"
            rows.append(row)
        target = out / CSV_NAME
        _write_csv(target, rows)
        yield Progress("export", len(keys), len(keys), "objects", item=str(target))
        return target

    def thumbnails(self, keys: Iterable[RecordKey], *,
                   profile: str = "owner") -> dict[RecordKey, list[tuple[str, str]]]:
        """(view, thumbnail file) of each visible record that has photographs; hidden ones are left out."""
        p = self._profile(profile)
        out: dict[RecordKey, list[tuple[str, str]]] = {}
        for st, sid in dict.fromkeys((str(st), int(sid)) for st, sid in keys):
            try:
                rec = gate.record(self.store, st, sid, p)
            except NotFound:
                continue
            views = (json.loads(rec.data) if rec.data else {}).get("views") or {}
            found = [(str(v), str(m["thumb"])) for v, m in views.items() if m.get("thumb")]
            if found:
                out[(st, sid)] = found
        return out


def _face(view: str) -> str:
    """A photograph's label → the face the CSV has a column for (anything else is ``image``)."""
    from core.ingest.images import VIEWS

    v = VIEWS.get(view.strip().lower(), view.strip().lower())
    return v if v in FACES else "image"


def _suffix(path: Path) -> str:
    s = path.suffix.lower()
    return s if s in IMAGE_SUFFIXES else ".jpg"


def _safe_id(value: str) -> str:
    """An inventory number usable in file names (the CSV's id column and the photographs' names)."""
    return _SAFE_ID.sub("-", value.strip()).strip("-.")[:64]


def _new_id(exam: Examination) -> str:
    digest = hashlib.sha256("".join(sorted(exam.sha256.values())).encode()).hexdigest()[:6]
    return f"OBJ-{time.strftime('%Y%m%d')}-{digest}"


def _row_of(title: str, classification: str, data: dict[str, Any]) -> dict[str, str]:
    """A stored record as a row in :data:`COLUMNS`, its fields found under the names the importer knows."""
    from core.ingest.readers.csv_reader import KNOWN

    given = {str(k).lower(): str(v) for k, v in (data.get("fields") or {}).items()}
    roles = data.get("roles") or {}

    def field_of(role: str) -> str:
        return next((given[n] for n in KNOWN[role] if n in given), "")

    row = {c: "" for c in COLUMNS}
    row.update(id=field_of("id"), title=title, description=field_of("text"), classification=classification)
    for r in OBJECT_ROLES:
        row[r] = str(roles.get(r) or field_of(r))
    return row


def _read_rows(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as fh:
        return [{c: restore(r.get(c) or "") for c in COLUMNS} for r in csv.DictReader(fh)]


def _write_csv(path: Path, rows: list[dict[str, str]]) -> None:
    """Write rows in :data:`COLUMNS`, every cell neutralised against formula injection."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(COLUMNS), extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    w.writerows({c: neutralise(str(r.get(c) or "")) for c in COLUMNS} for r in rows)
    _write_atomic(path, buf.getvalue().encode("utf-8"))


def _write_atomic(target: Path, raw: bytes) -> Path:
    """Write under a temporary name, then rename: a crash never leaves half a file under the final name."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    tmp.write_bytes(raw)
    os.replace(tmp, target)
    return target


__all__ = ["COLUMNS", "Catalogue", "Examination", "FACES", "ObjectFields", "SavedObject"]
