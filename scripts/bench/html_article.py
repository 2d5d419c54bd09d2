#!/usr/bin/env python3
"""How much of a web page's article the HTML reader keeps, and how much of what it keeps is article (#34, point 6).

Corpus: mozilla/readability's test pages (Apache-2.0; 130 pages, each ``source.html`` with the article
readability extracts as ``expected.html``), too large to keep in this repository, so this is not a run_all
step. Get them once on a connected machine:

    git clone https://github.com/mozilla/readability && git -C readability checkout ab4027a8b376
    .venv/bin/python scripts/bench/html_article.py --pages readability/test/test-pages

Words are compared as multisets (lower-cased ``\\w+``): *article kept* = words of the expected article found
in what the reader indexes; *indexed that is article* = words indexed found in the expected article. The
expected article is readability's choice (it keeps some navigation boxes and one blog's comments), so neither
figure can reach 100 %. Prints the totals and the pages that lose most; writes nothing else.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402,F401  (imports core first: telemetry off before onnxruntime)

from core.api import OvilloError  # noqa: E402
from core.ingest.readers import html_reader  # noqa: E402


class _Text(HTMLParser):
    """All text outside script and style: the expected article's words."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skip += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.out.append(data)


def words(text: str) -> Counter[str]:
    """Lower-cased word multiset."""
    return Counter(re.findall(r"\w+", text.lower()))


def measure(pages: Path) -> list[tuple[str, int, int, int]]:
    """Per page: (name, article words, indexed words, words in both)."""
    rows = []
    for folder in sorted(p for p in pages.iterdir() if (p / "source.html").exists() and (p / "expected.html").exists()):
        parser = _Text()
        parser.feed((folder / "expected.html").read_text(encoding="utf-8", errors="replace"))
        article = words(" ".join(parser.out))
        src = folder / "source.html"
        try:
            got = html_reader.read(src, src.read_bytes())
            indexed = words(" ".join(b.text for rec in got.records for b in rec.blocks))
        except OvilloError:
            indexed = Counter()
        rows.append((folder.name, sum(article.values()), sum(indexed.values()), sum((article & indexed).values())))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=Path, required=True, help="readability's test/test-pages folder")
    ap.add_argument("--worst", type=int, default=10, help="list the pages that lose most article words")
    args = ap.parse_args()
    rows = measure(args.pages)
    if not rows:
        raise SystemExit(f"no source.html/expected.html pairs under {args.pages}")
    art, idx, both = (sum(r[i] for r in rows) for i in (1, 2, 3))
    print(f"{len(rows)} pages: article kept {100 * both / art:.2f} % (target ≥ 98 %), "
          f"indexed that is article {100 * both / max(idx, 1):.2f} % (target ≥ 95 %)")
    for name, a, i, b in sorted(rows, key=lambda r: r[2] - r[1])[: args.worst]:
        print(f"  {name}: article {a} words, indexed {i}, in both {b}")


if __name__ == "__main__":
    main()
