"""What front ends call for objects: look up by new photographs, neighbours of a catalogued object,
characterize either way. Photographs are decoded as ingest decodes them (EXIF orientation, size cap)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from core.acl import Profile
from core.errors import ModelMismatch
from core.ingest.walk import read_regular
from core.models.encoder import ImageEncoder
from core.models.image_io import decode
from core.objects.characterize import characterize
from core.objects.similar import Mode, ObjectFinder, ObjectHit, ObjectQuery
from core.retrieval.search import Searcher
from core.settings import Settings
from core.store.db import Store
from core.store.models_repo import active_model


class Objects:
    """Object lookups over one store (the image encoder loads only when a new photograph needs it)."""

    def __init__(self, store: Store, settings: Settings, image_encoder: Callable[[], ImageEncoder],
                 searcher: Callable[[], Searcher]) -> None:
        pinned = active_model(store, "image")
        self.model = pinned.name if pinned else settings.image_model
        self.settings = settings
        self._encoder = image_encoder
        self.finder = ObjectFinder(store, self.model, searcher)

    def embed_photos(self, photos: Mapping[str, Path]) -> dict[str, np.ndarray]:
        """One vector per view from image files (read safely, decoded like ingest does)."""
        enc = self._encoder()
        if enc.name != self.model:
            raise ModelMismatch(f"the photographs here are indexed with {self.model}, but {enc.name} is loaded",
                                hint=f"Switch with `ovillo reindex --model {enc.name} --modality image`.")
        limit = self.settings.max_file_mb * 1024 * 1024
        pixels = []
        for path in photos.values():
            raw, _ = read_regular(Path(path), follow=True, roots=[], limit=limit)
            pixels.append(decode(raw, Path(path).name, max_side=self.settings.image_max_px))
        vecs = enc.embed_batch(pixels)
        return dict(zip(photos, vecs))

    def lookup(self, photos: Mapping[str, Path], profile: Profile, *, text: str | None = None,
               mode: Mode = "hybrid", limit: int = 10, near_duplicates: bool = False,
               all_views: bool = False) -> list[ObjectHit]:
        """Catalogued objects nearest new photographs (and the typed description, in hybrid mode)."""
        q = ObjectQuery(self.embed_photos(photos), text=text, mode=mode, limit=limit,
                        near_duplicates_only=near_duplicates, all_views=all_views)
        return self.finder.lookup(q, profile)

    def similar(self, section_tipo: str, section_id: int, profile: Profile, *, mode: Mode = "hybrid",
                limit: int = 10, near_duplicates: bool = False, all_views: bool = False) -> list[ObjectHit]:
        """Neighbours of a catalogued object from its stored vectors."""
        return self.finder.similar(section_tipo, section_id, profile, mode=mode, limit=limit,
                                   near_duplicates_only=near_duplicates, all_views=all_views)

    def characterize(self, profile: Profile, *, photos: Mapping[str, Path] | None = None,
                     section: tuple[str, int] | None = None, text: str | None = None,
                     mode: Mode = "hybrid") -> dict[str, Any]:
        """Proposals per role from the top-k neighbours (k: ``settings.objects_neighbours``)."""
        k = self.settings.objects_neighbours
        if section is not None:
            hits = self.similar(section[0], section[1], profile, mode=mode, limit=k)
        else:
            hits = self.lookup(photos or {}, profile, text=text, mode=mode, limit=k)
        return characterize(hits)
