"""``Ovillo``: an open data folder and its rooms by domain — library, search, answers, objects, sync."""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from core.models.encoder import ImageEncoder, TextEncoder
from core.models.generator import Generator as AnswerModel
from core.service.agent import Agent
from core.service.answers import Answers
from core.service.folder import Folder
from core.service.library import Library
from core.service.search import Search
from core.service.sync import Sync
from core.service.work import Work
from core.settings import Settings

if TYPE_CHECKING:
    from core.objects.api import Objects
    from core.objects.catalogue import Catalogue
    from core.remote import Server


class Ovillo(Folder):
    """An open data folder (:class:`Folder`: store, settings, models) and the operations on it, by room:
    :attr:`library`, :attr:`search`, :attr:`answers`, :attr:`objects` and :attr:`catalogue`, :attr:`sync`,
    :attr:`work` (the person's saved searches and working lists), :attr:`agent` (what an outside AI tool
    may read)."""

    def __init__(self, home: str | os.PathLike[str] | None = None, *, models_dir: Path | None = None,
                 settings: Settings | None = None, encoder: TextEncoder | None = None,
                 generator: AnswerModel | None = None, image_encoder: ImageEncoder | None = None,
                 doing: str = "open", serve: bool = True) -> None:
        super().__init__(home, models_dir=models_dir, settings=settings, encoder=encoder, generator=generator,
                         image_encoder=image_encoder, doing=doing)
        self.library = Library(self)
        self.search = Search(self)
        self.answers = Answers(self)
        self.sync = Sync(self)
        self.work = Work(self)
        self.agent = Agent(self, self.library, self.search, self.answers, self.sync, lambda: self.objects)
        self._catalogue: Catalogue | None = None
        self._server: Server | None = None
        if serve and self._holder is not None:  # other processes on this folder ask us (core/remote.py)
            from core.remote import Server

            try:
                self._server = Server.start(self, self._holder)
            except BaseException:
                self.release()  # a failed start must not leave the folder locked
                raise

    def close(self) -> None:
        """Stop serving other processes, then close the folder (:meth:`Folder.close`)."""
        if self._server is not None:
            self._server.stop()
        self.library.stop_watching()
        super().close()

    def __enter__(self) -> "Ovillo":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @cached_property
    def objects(self) -> "Objects":
        """Object lookups: neighbours by photographs, characterization (see :mod:`core.objects`); one per
        facade, so its vector matrix is loaded once per store change."""
        from core.objects.api import Objects

        return Objects(self.store, self.settings, lambda: self.encoder_for("image"), self.searcher)

    @property
    def catalogue(self) -> "Catalogue":
        """Cataloguing new objects: examine photographs, save, export as catalogue CSV, thumbnails
        (see :mod:`core.objects.catalogue`)."""
        from core.objects.catalogue import Catalogue

        catalogue = self._catalogue  # read once: settings saved on another thread may drop it meanwhile
        if catalogue is None:
            catalogue = self._catalogue = Catalogue(self.objects, self.store, self.settings, self.paths.home,
                                                    lambda: self.encoder, self.profile)
        return catalogue

    def parts_changed(self) -> None:
        """Objects and the catalogue read limits, defaults and the image model from what they were made with:
        after new settings or a new model they are made again, on first use."""
        self._catalogue = None
        self.__dict__.pop("objects", None)  # the cached_property's value
