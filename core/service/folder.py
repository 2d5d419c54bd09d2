"""An open data folder: its lock, settings, store and models, shared by the facade's rooms."""

from __future__ import annotations

import os
import threading
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, overload

from core.acl import Profile, load_profile
from core.errors import ConfigError, ModelMismatch, StoreError
from core.models.encoder import AnyEncoder, ImageEncoder, Modality, TextEncoder
from core.models.generator import Generator as AnswerModel
from core.paths import Paths
from core.progress import Progress
from core.retrieval.search import Searcher
from core.settings import Settings, load_settings
from core.store.db import Store
from core.store.holder import HolderLock
from core.store.models_repo import PinnedModel, active_model


class Folder:
    """The data folder held open: what every room of the facade reads (:class:`core.service.Ovillo`)."""

    def __init__(self, home: str | os.PathLike[str] | None = None, *, models_dir: Path | None = None,
                 settings: Settings | None = None, encoder: TextEncoder | None = None,
                 generator: AnswerModel | None = None, image_encoder: ImageEncoder | None = None,
                 doing: str = "open") -> None:
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
        self._owns_image_encoder = False  # one handed in belongs to the caller, and is never let go
        self._in_use = 0  # imports running now: their models are not let go meanwhile
        self._in_use_lock = threading.Lock()
        self._searcher: Searcher | None = None
        self._generator = generator
        self._owns_generator = False  # a generator handed in belongs to the caller

    def close(self) -> None:
        """Stop the answer model's process (when one was started), finish erasing, checkpoint and close
        the store, then free the data folder."""
        if self._generator is not None and self._owns_generator:
            self._generator.close()
        self._finish_erasing()
        self.release()

    def release(self) -> None:
        """Close the store and free the data folder (without the close's erase)."""
        self.store.close()
        if self._holder is not None:
            self._holder.release()  # after the store: a waiter must find DuckDB's lock free too

    def _finish_erasing(self) -> None:
        """What an interrupted import or sync left to erase is erased before the folder is let go."""
        from core.store.compact import compact_if_pending

        try:
            if compact_if_pending(self.store) is not None:
                self._drop_vector_files()
        except StoreError:
            pass  # the flag stays: the next import, sync or close tries again

    def _drop_vector_files(self) -> None:
        """After the store was rewritten to erase removed records: the mapped vector files may still hold their
        vectors (dead rows are zeroed only when a search next follows the log), so they go too; the next
        search rebuilds them from the rewritten store."""
        import shutil

        from core.retrieval.vecfile import vectors_root

        self._searcher = None
        shutil.rmtree(vectors_root(self.paths.home), ignore_errors=True)

    def erase_removed(self) -> Generator[Progress, None, None]:
        """Rewrite the store when records were removed or revoked: no readable copy stays on disk."""
        from core.store.compact import compact, erase_pending

        if erase_pending(self.store):
            yield Progress("erase", 0, 1, "store", message="erasing removed records from the store file")
            if compact(self.store) is not None:
                self._drop_vector_files()
            yield Progress("erase", 1, 1, "store")

    @property
    def settings(self) -> Settings:
        """The data folder's settings (a front end saves them first: ``save_settings``)."""
        return self._settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        self._settings = value
        self.parts_changed()

    def parts_changed(self) -> None:
        """Called when the settings or a model were replaced: parts made from the old ones are dropped."""

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
            raise ConfigError(f"unknown modality {modality!r}", hint="Use text or image.")
        if self._image_encoder is None:
            from core.models.registry import load_image_encoder

            self._image_encoder = load_image_encoder(self.paths.models, self.settings.image_model,
                                                     threads=self.settings.threads)
            self._owns_image_encoder = True
        return self._image_encoder

    @contextmanager
    def models_in_use(self) -> Iterator[None]:
        """While inside (an import), :meth:`release_idle_models` lets no model go."""
        with self._in_use_lock:
            self._in_use += 1
        try:
            yield
        finally:
            with self._in_use_lock:
                self._in_use -= 1

    def release_idle_models(self) -> list[str]:
        """Let go what only imports need — the image encoder, the OCR engine, the text encoder's
        inference buffers — and give the freed memory back to the system; each loads again on next use.
        Does nothing while an import runs. Returns what was let go."""
        from core.models.ocr_engine import release_shared
        from core.models.ort_session import trim_heap

        with self._in_use_lock:
            if self._in_use:
                return []
            released = []
            if self._image_encoder is not None and self._owns_image_encoder:
                self._image_encoder, self._owns_image_encoder = None, False
                released.append("image encoder")
            if release_shared():
                released.append("OCR engine")
            release = getattr(self._encoder, "release_memory", None)
            if release is not None:
                release()
                released.append("text encoder buffers")
        trim_heap()
        return released

    def use_encoder(self, encoder: AnyEncoder) -> None:
        """Make ``encoder`` the one of its modality (after a reindex to it); search reloads with it."""
        if isinstance(encoder, TextEncoder):
            self._encoder, self._searcher = encoder, None
        else:
            self._image_encoder, self._owns_image_encoder = encoder, True
        self.parts_changed()

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

    def profile(self, name: str = "owner") -> Profile:
        """A profile by name (unknown names are an error)."""
        return load_profile(self.store, name)

    def searcher(self) -> Searcher:
        """The retrieval engine (one per open folder, so its vector cache is reused)."""
        if self._searcher is None:
            pinned = self.pinned_model()
            if pinned is not None and pinned.name != self.encoder.name:
                raise ModelMismatch(f"this archive is indexed with {pinned.name}, but {self.encoder.name} is loaded",
                                    hint=f"Switch with `ovillo reindex --model {self.encoder.name}`.")
            self._searcher = Searcher(self.store, self.encoder, lexical_weight=self.settings.lexical_weight)
        return self._searcher
