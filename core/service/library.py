"""The library room of the facade: import, what the library holds, the record view, model switches."""

from __future__ import annotations

from collections.abc import Generator

from core.ingest.status import Status, failed_sources, library_status
from core.progress import CancelToken, Progress
from core.records import EditResult, Facets, RecordText, read_record, visible_facets
from core.service.sources import LibrarySources
from core.store.edits import RecordEdit


class Library(LibrarySources):
    """Import files, keep sources current, count what the library holds, read a record, switch a modality's
    model."""

    def status(self, profile: str = "owner") -> Status:
        """Counts as visible to ``profile`` (the owner sees everything)."""
        f = self._f
        return library_status(f.store, f.profile(profile), f.pinned_model(), str(f.paths.home))

    def failed_sources(self) -> list[tuple[str, str]]:
        """(path, reason) of every source that failed its last indexing."""
        return failed_sources(self._f.store)

    def record(self, section_tipo: str, section_id: int, profile: str = "owner") -> RecordText:
        """A record's full text from its chunks, in order; hidden like missing (:class:`NotFound`)."""
        f = self._f
        pinned = f.pinned_model()
        return read_record(f.store, pinned.name if pinned else None, section_tipo, int(section_id), f.profile(profile))

    def edit(self, section_tipo: str, section_id: int, edit: RecordEdit, *, reclassify: bool = False,
             profile: str = "owner") -> EditResult:
        """Make ``edit`` the owner's layer over a locally ingested record (see :mod:`core.ingest.edits`): kept
        across re-imports of its file; a looser classification needs ``reclassify``; a synced record and any
        profile but the owner are refused (:class:`PermissionDenied`). A write: run it where ingest runs."""
        from core.errors import PermissionDenied
        from core.ingest.edits import edit_record
        from core.retrieval.lexical import update_lexical_index

        f = self._f
        if f.profile(profile).name != "owner":
            raise PermissionDenied("Editing records is not available in kiosk mode")
        changes = edit_record(f.store, (section_tipo, int(section_id)), edit, reclassify=reclassify)
        update_lexical_index(f.store)  # the title is part of what keyword search reads
        return EditResult(self.record(section_tipo, section_id, profile), changes)

    def facets(self, profile: str = "owner") -> Facets:
        """Collections, languages, classifications and date range among visible records."""
        return visible_facets(self._f.store, self._f.profile(profile))

    def reindex(self, model: str, *, modality: str = "text",
                cancel: CancelToken | None = None) -> Generator[Progress, None, int]:
        """Switch the index of ``modality`` to ``model``: build its rows beside the active ones
        (resumable; search keeps the old model meanwhile), then switch in one transaction and
        make it the configured model. Returns the units embedded."""
        from core.errors import ConfigError
        from core.ingest.reindex import reindex
        from core.models.registry import load_image_encoder, load_text_encoder
        from core.settings import save_settings

        f = self._f
        if modality not in ("text", "image"):
            raise ConfigError(f"unknown modality {modality!r}", hint="Use text or image.")
        if modality == "image":
            img = load_image_encoder(f.paths.models, model, threads=f.settings.threads)
            embedded = yield from reindex(f.store, img, cancel, max_side=f.settings.image_max_px)
            f.use_encoder(img)
            setting = "image_model"
        else:
            enc = load_text_encoder(f.paths.models, model, threads=f.settings.threads,
                                    batch_size=f.settings.embed_batch)
            embedded = yield from reindex(f.store, enc, cancel)
            f.use_encoder(enc)
            setting = "text_model"
        if getattr(f.settings, setting) != model:
            f.settings = f.settings.model_copy(update={setting: model})
            save_settings(f.settings, f.paths.settings)
        return embedded

    def rebuild_keyword_index(self) -> None:
        """Rebuild the derived BM25 index (a write: run it where ingest runs)."""
        from core.retrieval.lexical import rebuild_lexical_index

        rebuild_lexical_index(self._f.store)
