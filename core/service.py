"""The one facade front ends talk to (CLI, GUI, kiosk). Everything else in core is behind it."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from core.acl import Profile, load_profile
from core.answer.conversation import Conversation
from core.answer.result import AnswerResult, AskEvent
from core.errors import ModelMismatch, StoreError
from core.ingest.pipeline import IngestOptions, Ingestor, IngestSummary
from core.ingest.reembed import note_if_empty, reembed_after_import
from core.ingest.status import Status, failed_sources, library_status
from core.models.encoder import AnyEncoder, ImageEncoder, Modality, TextEncoder
from core.models.generator import Generator as AnswerModel
from core.paths import Paths
from core.progress import CancelToken, Progress
from core.retrieval.count import ResultPage
from core.filters import SearchFilters
from core.retrieval.hits import Hit
from core.retrieval.search import Searcher
from core.settings import Settings, load_settings
from core.store.db import Store
from core.store.models_repo import PinnedModel, active_model, pin_model
from core.store.rows import Changes

__all__ = ["Ovillo"]  # front ends reach it, and the types it speaks in, through core.api

if TYPE_CHECKING:
    from core.objects.api import Objects
    from core.objects.catalogue import Catalogue
    from core.records import Facets, RecordText
    from core.remote import Server
    from core.sync.report import SyncReport
    from core.sync.request import SyncRequest


class Ovillo:
    """An open data folder: store, settings, models, and the operations on them."""

    def __init__(self, home: str | os.PathLike[str] | None = None, *, models_dir: Path | None = None,
                 settings: Settings | None = None, encoder: TextEncoder | None = None,
                 generator: AnswerModel | None = None, image_encoder: ImageEncoder | None = None,
                 doing: str = "open", serve: bool = True) -> None:
        from core.store.holder import HolderLock

        self.paths = Paths.from_home(home, models_dir)
        # files and folders other accounts could read, made private on this open (front ends say so once)
        self.made_private = self.paths.ensure()
        self._settings = settings or load_settings(self.paths.settings)
        # the folder's lock first: another live Ovillo holding it is StoreBusy, said apart from damage
        self._holder = HolderLock.acquire(self.paths.home, doing)
        try:
            self.store = Store(self.paths.store, threads=self.settings.threads)
        except BaseException:
            if self._holder is not None:
                self._holder.release()
            raise
        self._encoder = encoder
        self._image_encoder = image_encoder
        self._searcher: Searcher | None = None
        self._objects: Objects | None = None
        self._catalogue: Catalogue | None = None
        self._generator = generator
        self._owns_generator = False  # a generator handed in belongs to the caller
        self._server: Server | None = None
        if serve and self._holder is not None:  # other processes on this folder ask us (core/remote.py)
            from core.remote import Server

            try:
                self._server = Server.start(self, self._holder)
            except BaseException:
                self.store.close()  # a failed start must not leave the folder locked
                self._holder.release()
                raise

    # -- lifecycle ---------------------------------------------------------------
    def close(self) -> None:
        """Stop serving other processes and the answer model's process (when one was started),
        checkpoint and close the store, then free the data folder."""
        if self._server is not None:
            self._server.stop()
        if self._generator is not None and self._owns_generator:
            self._generator.close()
        self._finish_erasing()
        self.store.close()
        if self._holder is not None:
            self._holder.release()  # after the store: a waiter must find DuckDB's lock free too

    def _finish_erasing(self) -> None:
        """What an interrupted import or sync left to erase is erased before the folder is let go."""
        from core.store.compact import compact_if_pending

        try:
            compact_if_pending(self.store)
        except StoreError:
            pass  # the flag stays: the next import, sync or close tries again

    def __enter__(self) -> "Ovillo":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def settings(self) -> Settings:
        """The data folder's settings (a front end saves them first: ``save_settings``)."""
        return self._settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        self._settings = value
        self._catalogue = None  # it reads limits and defaults from the settings it was made with

    # -- models ------------------------------------------------------------------
    @property
    def encoder(self) -> TextEncoder:
        """The text encoder, loaded once, lazily (verifying its sha256)."""
        if self._encoder is None:
            from core.models.registry import load_text_encoder

            self._encoder = load_text_encoder(self.paths.models, self.settings.text_model,
                                              threads=self.settings.threads, batch_size=self.settings.embed_batch)
        return self._encoder

    @overload
    def encoder_for(self, modality: Literal["text"]) -> TextEncoder: ...
    @overload
    def encoder_for(self, modality: Literal["image"]) -> ImageEncoder: ...
    @overload
    def encoder_for(self, modality: str) -> AnyEncoder: ...

    def encoder_for(self, modality: str) -> AnyEncoder:
        """The encoder of ``modality`` (``text`` is :attr:`encoder`; ``image`` follows ``settings.image_model``),
        loaded once, lazily, verifying its sha256."""
        if modality == "text":
            return self.encoder
        if modality != "image":
            from core.errors import ConfigError

            raise ConfigError(f"unknown modality {modality!r}", hint="Use text or image.")
        if self._image_encoder is None:
            from core.models.registry import load_image_encoder

            self._image_encoder = load_image_encoder(self.paths.models, self.settings.image_model,
                                                     threads=self.settings.threads)
        return self._image_encoder

    def warm_up(self) -> None:
        """Load the encoder and the language identifier now instead of on first use.

        Each holds the GIL for up to a second while loading (tokenizer parsing, langid's
        tables), which freezes a GUI's event loop however the work is threaded; a window calls
        this before it shows.
        """
        from core.answer.prompt import question_language
        from core.ingest.language import detect_language

        _ = self.encoder
        detect_language("warm up the language identifier once")  # ingest's copy
        question_language("warm up the language identifier once")  # ask's (py3langid's global one)

    def generator(self, name: str | None = None) -> AnswerModel:
        """The answer model in its child process, started once, lazily (verifying its sha256)."""
        if self._generator is not None and (name is None or name == self._generator.name):
            return self._generator
        from core.models.generator_process import load_generator

        if self._generator is not None and self._owns_generator:
            self._generator.close()
        self._owns_generator = True
        self._generator = load_generator(self.paths.models, name or self.settings.answer_model,
                                         threads=self.settings.answer_threads, n_ctx=self.settings.answer_n_ctx)
        return self._generator

    def pinned_model(self, modality: Modality = "text") -> PinnedModel | None:
        """The model this archive's index of ``modality`` is pinned to."""
        return active_model(self.store, modality)

    def _check_model(self) -> None:
        pinned = self.pinned_model()
        if pinned is not None and pinned.name != self.encoder.name:
            raise ModelMismatch(f"this archive is indexed with {pinned.name}, but {self.encoder.name} is loaded",
                                hint=f"Switch with `ovillo reindex --model {self.encoder.name}`.")

    # -- operations ----------------------------------------------------------------
    def profile(self, name: str = "owner") -> Profile:
        """A profile by name (unknown names are an error)."""
        return load_profile(self.store, name)

    def ingest(self, paths: Iterable[str | os.PathLike[str]], options: IngestOptions | None = None,
               cancel: CancelToken | None = None) -> Generator[Progress, None, IngestSummary]:
        """Ingest files and folders (see :class:`core.ingest.pipeline.Ingestor`)."""
        enc = self.encoder
        pin_model(self.store, enc.name, enc.dimension)
        ingestor = Ingestor(self.store, enc, self.settings, image_encoder=lambda: self.encoder_for("image"),
                            thumbs=self.paths.home / "thumbs")
        note_if_empty(self.store, enc.name)
        summary = yield from ingestor.run(paths, options, cancel)
        if not summary.cancelled:  # passages a newer chunker embeds differently, from the store
            yield from reembed_after_import(self.store, enc, cancel, page=4 * self.settings.embed_batch)
        yield from self._erase_removed()
        return summary

    def _erase_removed(self) -> Generator[Progress, None, None]:
        """Rewrite the store when records were removed or revoked: no readable copy stays on disk."""
        from core.store.compact import compact, erase_pending

        if erase_pending(self.store):
            yield Progress("erase", 0, 1, "store", message="erasing removed records from the store file")
            compact(self.store)
            yield Progress("erase", 1, 1, "store")

    def objects(self) -> "Objects":
        """Object lookups: neighbours by photographs, characterization (see :mod:`core.objects`)."""
        from core.objects.api import Objects

        if self._objects is None:  # one per facade, so its vector matrix is loaded once per store change
            self._objects = Objects(self.store, self.settings, lambda: self.encoder_for("image"), self.searcher)
        return self._objects

    def catalogue(self) -> "Catalogue":
        """Cataloguing new objects: examine photographs, save, export as catalogue CSV, thumbnails
        (see :mod:`core.objects.catalogue`)."""
        from core.objects.catalogue import Catalogue

        if self._catalogue is None:
            self._catalogue = Catalogue(self.objects(), self.store, self.settings, self.paths.home,
                                        lambda: self.encoder, self.profile)
        return self._catalogue

    def searcher(self) -> Searcher:
        """The retrieval engine (one per facade, so its vector cache is reused)."""
        if self._searcher is None:
            self._check_model()
            self._searcher = Searcher(self.store, self.encoder, lexical_weight=self.settings.lexical_weight)
        return self._searcher

    def search(self, query: str, *, profile: str = "owner", limit: int | None = None,
               filters: SearchFilters | None = None, passages: bool = False) -> list[Hit]:
        """Hybrid search: records (best passage each) or passages."""
        s = self.searcher()
        p = self.profile(profile)
        if passages:
            return s.retrieve(query, p, limit=limit, filters=filters)
        return s.search(query, p, limit=limit, filters=filters)

    def search_page(self, query: str, *, profile: str = "owner", limit: int | None = None,
                    filters: SearchFilters | None = None) -> ResultPage:
        """A page of records (as :meth:`search`) and how many records match in all, for the same
        profile and filters (:mod:`core.retrieval.count`)."""
        hits = self.search(query, profile=profile, limit=limit, filters=filters)
        no_match = getattr(hits, "no_match", None)
        if no_match is not None:  # under the relevance floor: a stray word's matches are not "records that match"
            return ResultPage([], 0, no_match)
        total = self.searcher().count(query, self.profile(profile), filters=filters, shown=hits)
        return ResultPage(hits, total)

    def similar(self, section_tipo: str, section_id: int, *, profile: str = "owner",
                limit: int | None = None, filters: SearchFilters | None = None) -> list[Hit]:
        """Records similar to a record, from its stored vectors."""
        return self.searcher().similar_to(section_tipo, section_id, self.profile(profile), limit=limit,
                                          filters=filters)

    def ask(self, question: str, *, profile: str = "owner", conversation: Conversation | None = None,
            cancel: CancelToken | None = None, model: str | None = None, max_tokens: int | None = None,
            filters: SearchFilters | None = None) -> Generator[AskEvent, None, AnswerResult]:
        """Answer with the archive's own spans the answer model accepts, or refuse (see :mod:`core.answer.engine`)."""
        from core.answer.engine import Answerer, AskOptions

        s = self.settings
        answerer = Answerer(self.searcher(), lambda: self.generator(model))
        opts = AskOptions(max_tokens=max_tokens or s.answer_max_tokens, limit=s.answer_passages,
                          min_relevance=s.answer_min_relevance, span_check=s.answer_span_check, filters=filters)
        result = yield from answerer.ask(question, self.profile(profile), options=opts, conversation=conversation,
                                         cancel=cancel)
        return result

    def translate(self, text: str, lang: str, *, model: str | None = None,
                  cancel: CancelToken | None = None) -> str:
        """``text`` (a span already shown) in ``lang``, by the answer model: a machine translation, to be labelled
        as such (see :mod:`core.answer.translate`)."""
        from core.answer.translate import translate

        return translate(self.generator(model), text, lang, cancel=cancel)

    def status(self, profile: str = "owner") -> Status:
        """Counts as visible to ``profile`` (the owner sees everything)."""
        return library_status(self.store, self.profile(profile), self.pinned_model(), str(self.paths.home))

    def failed_sources(self) -> list[tuple[str, str]]:
        """(path, reason) of every source that failed its last indexing."""
        return failed_sources(self.store)

    # -- reading (GUI record view, facet filters, maintenance) --------------------------------
    def record(self, section_tipo: str, section_id: int, profile: str = "owner") -> "RecordText":
        """A record's full text from its chunks, in order; hidden like missing (:class:`NotFound`)."""
        from core.records import read_record

        pinned = self.pinned_model()
        return read_record(self.store, pinned.name if pinned else None, section_tipo, int(section_id),
                           self.profile(profile))

    def facets(self, profile: str = "owner") -> "Facets":
        """Collections, languages, classifications and date range among visible records."""
        from core.records import visible_facets

        return visible_facets(self.store, self.profile(profile))

    def reindex(self, model: str, *, modality: str = "text",
                cancel: CancelToken | None = None) -> Generator[Progress, None, int]:
        """Switch the index of ``modality`` to ``model``: build its rows beside the active ones
        (resumable; search keeps the old model meanwhile), then switch in one transaction and
        make it the configured model. Returns the units embedded."""
        from core.errors import ConfigError
        from core.ingest.reindex import reindex
        from core.models.registry import load_image_encoder, load_text_encoder
        from core.settings import save_settings

        if modality not in ("text", "image"):
            raise ConfigError(f"unknown modality {modality!r}", hint="Use text or image.")
        if modality == "image":
            img = load_image_encoder(self.paths.models, model, threads=self.settings.threads)
            embedded = yield from reindex(self.store, img, cancel, max_side=self.settings.image_max_px)
            self._image_encoder = img
            setting = "image_model"
        else:
            enc = load_text_encoder(self.paths.models, model, threads=self.settings.threads,
                                    batch_size=self.settings.embed_batch)
            embedded = yield from reindex(self.store, enc, cancel)
            self._encoder, self._searcher = enc, None
            setting = "text_model"
        if getattr(self.settings, setting) != model:
            self.settings = self.settings.model_copy(update={setting: model})
            save_settings(self.settings, self.paths.settings)
        return embedded

    # -- sync with a central archive (core/sync: the PostgreSQL client is imported only here) -----
    def sync(self, request: "SyncRequest", cancel: CancelToken | None = None, *,
             changes: Changes | None = None) -> Generator[Progress, None, "SyncReport"]:
        """Pull the records ``request.user`` may read from ``request.server`` (a write: run it where ingest runs).

        ``changes`` fills as each page commits: after a sync that stopped early the caller still holds what
        its committed pages changed (see :mod:`core.sync.service`)."""
        from core.models.registry import load_text_encoder
        from core.sync.service import run_sync

        def encoder(name: str) -> TextEncoder:
            return load_text_encoder(self.paths.models, name, threads=self.settings.threads,
                                     batch_size=self.settings.embed_batch)

        report = yield from run_sync(self.store, request, cancel, changes=changes, encoder=encoder)
        yield from self._erase_removed()
        return report

    def sync_status(self, profile: str = "owner") -> dict[str, Any] | None:
        """``{server, user, last_sync, watermark}`` of the last sync (None: never synced). Another profile
        gets ``last_sync`` alone: the watermark is the key of a record it may not see, and the server and
        user are the owner's configuration."""
        from core.sync.service import sync_status

        state = sync_status(self.store)
        if state is None or self.profile(profile).name == "owner":
            return state
        return {"last_sync": state.get("last_sync")}

    @staticmethod
    def sync_keyring(server: str | None = None, user: str | None = None, *, forget: bool = False) -> bool:
        """Whether the OS keyring can hold the sync password (with ``server`` and ``user``: whether it
        holds theirs; with ``forget``: delete it, True when there was one)."""
        from core.sync import service

        if server is None or user is None:
            return service.keyring_available()
        if forget:
            return service.forget_password(server, user)
        return service.saved_password(server, user) is not None

    def rebuild_keyword_index(self) -> None:
        """Rebuild the derived BM25 index (a write: run it where ingest runs)."""
        from core.retrieval.lexical import rebuild_lexical_index

        rebuild_lexical_index(self.store)
