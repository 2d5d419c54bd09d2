"""Web pages through the real pipeline, encoder and store (issue #34 point 6): a page's own title finds
its article, not the dates, counters and "Loading..." lines that carried the title's words."""

from __future__ import annotations

import shutil
from pathlib import Path

from core.ingest.readers.html_reader import FRAGMENT_CHARS
from core.models.encoder import TextEncoder
from core.service import Ovillo
from tests.conftest import drain

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "html"
# readability test pages: the title readability expects, and a sentence of the article's first passage
PAGES = {
    "la-nacion.html": ("Una solución no violenta para la cuestión mapuche", "Esta falsa noticia fue la más"),
    "aclu.html": ("Facebook Is Tracking Me Even Though I’m Not on Facebook", "When you sign up for Facebook"),
}


def test_a_pages_title_finds_its_article_first(tmp_path: Path, encoder: TextEncoder, models_dir: Path) -> None:
    root = tmp_path / "web"
    root.mkdir()
    for name in PAGES:
        shutil.copy(FIX / name, root / name)
    with Ovillo(tmp_path / "home", models_dir=models_dir, encoder=encoder) as app:
        _, summary = drain(app.library.ingest([root]))
        assert len(summary.ok) == 2 and not summary.failed
        lengths = [n for (n,) in app.store.cursor().execute(
            "SELECT length(source_text) FROM rag_embeddings WHERE modality = 'text'").fetchall()]
        assert lengths and min(lengths) >= FRAGMENT_CHARS  # no "2", no "February 12, 2018"
        for name, (title, article) in PAGES.items():
            first = app.search.passages(title)[0]
            assert first.source_path == str(root / name) and article in first.text, (name, first.text[:80])
