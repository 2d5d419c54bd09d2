"""Hostile names and text reach the terminal escaped, never raw (cli/text.py, design §10).

A file name may hold a newline (a forged result line), ESC/OSC sequences (retitle, clear, recolour
the terminal, plant a hyperlink), C1 controls and bidi overrides; so may a document's text. The
real CLI runs in-process on the hashing encoder: ingest, search, similar, status and their
``failed:`` lines, error lines, argparse's own messages, the progress line, ask and objects.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from core.answer.extract import Span
from core.answer.result import AnswerResult, Citation, EvidenceFound, RetrievalDone, SpanVerdict
from cli.main import main
from cli.progress import run_with_progress
from cli.text import REDRAW, json_text, visible
from core.models.fake_encoder import HashingEncoder
from core.progress import CancelToken, Progress

REPO = Path(__file__).resolve().parents[2]
# every character that steers a terminal or forges a line, except the newline that ends a line
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
OSC_TITLE = "\x1b]0;pwned\x07"
NAME = f"molino\n 2. FORGED {OSC_TITLE}\x1b[2J\u202egpj.\x9b31m.txt"  # ingested: a record and a hit
EMPTY = "vacío\x1b[1m\n  failed: forged.txt"  # empty: one failed line, which must stay one line
TEXT = ("El molino del valle molía trigo para todo el pueblo. " * 3
        + "El molino \x1b[2J\x1b]8;;http://x.invalid/\x07aquí\x1b]8;;\x07 \u202emolía\u202c \x9b31m trigo. "
        + "Las ruedas giraban con el agua del río. " * 3)

Run = Callable[..., tuple[int, str, str]]


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Iterator[Run]:
    """``run(*argv)`` → (exit code, stdout, stderr) of the real CLI on a data folder of hostile files."""
    monkeypatch.setattr("core.models.registry.load_text_encoder", lambda *a, **k: HashingEncoder())
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / NAME).write_text(TEXT, encoding="utf-8")
    (docs / EMPTY).write_bytes(b"")

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(["--home", str(tmp_path / "home"), *[a.replace("DOCS", str(docs)) for a in argv]])
        out, err = capsys.readouterr()
        return code, out, err

    yield run


def _clean(text: str) -> None:
    found = sorted({f"U+{ord(c):04X}" for c in RAW.findall(text)})
    assert not found, f"raw control characters {found} in {text!r}"


def test_search_status_and_failed_lines_show_names_and_text_escaped(cli: Run) -> None:
    code, out, err = cli("ingest", "DOCS")
    assert code == 0, err
    _clean(out + err)
    failed = [ln for ln in out.splitlines() if ln.startswith("  failed:")]
    assert len(failed) == 1 and "vacío\\x1b[1m\\n  failed: forged.txt: empty" in failed[0]

    code, out, err = cli("search", "molino")
    assert code == 0, err
    _clean(out + err)
    lines = out.splitlines()
    assert len(lines) == 3 and lines[0].startswith(" 1. ")  # one hit, three lines: nothing forged
    assert "\\x1b]0;pwned\\x07" in lines[0] and "\\x1b]8;;http://x.invalid/\\x07" in lines[1]
    assert lines[2].endswith("molino\\n 2. FORGED \\x1b]0;pwned\\x07\\x1b[2J\\u202egpj.\\x9b31m.txt")

    code, out, err = cli("status")
    assert code == 0, err
    _clean(out + err)
    assert [ln for ln in out.splitlines() if "failed:" in ln] == [failed[0]]


def test_json_output_escapes_every_control_and_keeps_the_values(cli: Run, tmp_path: Path) -> None:
    """json.dumps escapes C0 itself; with ensure_ascii=False it leaves DEL, C1 and bidi raw."""
    code, out, _ = cli("ingest", "DOCS", "--json")
    assert code == 0
    _clean(out.rstrip("\n"))
    assert [Path(f["path"]).name for f in json.loads(out)["failed"]] == [EMPTY]
    (tmp_path / "queries.txt").write_text("molino\n", encoding="utf-8")
    for argv in (("search", "molino", "--json"), ("search", "--queries", str(tmp_path / "queries.txt"))):
        code, out, _ = cli(*argv)
        assert code == 0
        _clean(out.rstrip("\n"))
        (hit,) = json.loads(out)
        assert Path(hit["source_path"]).name == NAME and "\x1b]8;;http://x.invalid/\x07" in hit["snippet"]
    code, out, _ = cli("status", "--json")
    _clean(out.rstrip("\n"))
    assert json.loads(out)["failed_sources"] == 1
    assert json.loads(json_text({"k": "\x7f\x9b\u202e\u2028é"})) == {"k": "\x7f\x9b\u202e\u2028é"}


def test_similar_lines_are_escaped(cli: Run, tmp_path: Path) -> None:
    (tmp_path / "docs" / "rueda.txt").write_text("La rueda del molino del valle molía trigo. " * 4, encoding="utf-8")
    assert cli("ingest", "DOCS")[0] == 0
    hits = json.loads(cli("search", "rueda", "--json")[1])
    start = next(h for h in hits if h["source_path"].endswith("rueda.txt"))
    code, out, err = cli("similar", start["section_tipo"], str(start["section_id"]))
    assert code == 0, err
    _clean(out + err)
    assert len(out.splitlines()) == 3 and out.rstrip("\n").endswith(visible(NAME))  # the hostile record, one hit


def test_error_lines_and_argparse_messages_are_escaped(cli: Run, tmp_path: Path) -> None:
    plain = tmp_path / f"home{OSC_TITLE}\n"
    plain.write_text("not a folder")
    code, out, err = cli("--home", str(plain), "status")
    assert code == 2 and out == ""
    _clean(err)
    assert err.startswith("error: --home ") and "home\\x1b]0;pwned\\x07\\n is not a folder" in err
    code, out, err = cli("status", f"extra{OSC_TITLE}\u202e")  # argparse echoes unknown arguments verbatim
    assert code == 2
    _clean(err)
    assert "unrecognized arguments: extra\\x1b]0;pwned\\x07\\u202e" in err


def test_theprogress_line_escapes_the_item_and_keeps_its_own_redraw() -> None:
    def work() -> Iterator[Progress]:
        yield Progress("ingest", 1, 2, "files", item=f"/docs/{NAME}")
        yield Progress("ingest", 2, 2, "files", message=f"reading {OSC_TITLE}")
        return None

    out = Tty()
    run_with_progress(work(), CancelToken(), out)  # type: ignore[arg-type]
    drawn = out.getvalue()
    assert drawn.count(REDRAW) == 3
    _clean(drawn.replace(REDRAW, ""))
    assert "\\x1b]0;pwned\\x07" in drawn


def test_ask_streams_and_prints_escaped(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from cli.ask import run_ask

    text = f"El molino \x1b]0;pwned\x07 molía\n\ntrigo \u202e."
    span = Span("S1", "docs", 1, 0, f"Molino{OSC_TITLE}", f"/docs/{NAME}", None, None, "es", 0, len(text), text,
                0.9, 0.9, 1.0)
    cited = Citation("S1", "docs", 1, 0, text, f"/docs/{NAME}", None, None, 0, len(text),
                     quotes=[{"text": f"molía\x1b[2J trigo\u202e", "start": 0, "end": len(text)}])
    result = AnswerResult(f"{text} [S1]", True, False, "grounded", citations=[cited], spans=[span])

    class Answers:
        def ask(self, question: str, **kw: object) -> Iterator[object]:
            yield RetrievalDone(1, ["S1"], 0.9, 1.0)
            yield EvidenceFound([span], 5.0)
            yield SpanVerdict(0, span.judged(0.9, True))
            return result

    class App:
        answers = Answers()

    monkeypatch.setattr("sys.stdout", Tty())
    args = argparse.Namespace(question="q", profile="owner", model=None, max_tokens=None, json=False)
    assert run_ask(App(), args) == 0
    out = sys.stdout.getvalue()  # type: ignore[attr-defined]
    err = capsys.readouterr().err
    _clean(out + err)
    assert "Molino\\x1b]0;pwned\\x07" in err  # the verdict line names the record, escaped
    assert "“molía\\x1b[2J trigo\\u202e”" in out and f"/docs/{visible(NAME)}" in out
    refused = AnswerResult("", False, True, "no_relevant_passages", details=[f"gate {OSC_TITLE}"],
                           nearest=[{"id": "S1", "title": f"Molino{OSC_TITLE}", "source_path": NAME}])
    monkeypatch.setattr(Answers, "ask", lambda self, q, **kw: iter_result(refused))
    monkeypatch.setattr("sys.stdout", io.StringIO())
    assert run_ask(App(), args) == 0
    out = sys.stdout.getvalue()  # type: ignore[attr-defined]
    _clean(out)
    assert "Refused: gate \\x1b]0;pwned\\x07" in out and len(out.splitlines()) == 3


def iter_result(result: AnswerResult) -> Iterator[object]:
    """An ask generator that streams nothing and returns ``result``."""
    yield from ()
    return result


def test_objects_lines_are_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.objects import _print_characterization, _print_hits

    _print_hits([{"title": f"Denario{OSC_TITLE}\nforged", "section_tipo": "c", "section_id": 1, "score": 0.5,
                  "near_duplicate": False, "views": {"obverse": {"score": 0.5, "rank": 1}},
                  "thumbnail": f"/t/{NAME}"}])
    _print_characterization({"proposals": {
        "material": {"value": f"plata\x1b[2J\u202e", "confidence": 0.9, "evidence": [
            {"title": f"Denario{OSC_TITLE}", "score": 0.5}], "runners_up": [{"value": "\x9bcobre", "share": 0.1}]},
        "period": {"note": f"no dates\n  forged: {OSC_TITLE}", "voters": 0}}, "neighbours": [1]}, False)
    out = capsys.readouterr().out
    _clean(out)
    assert len(out.splitlines()) == 3 + 4  # a hit; two lines of material, one of period, the vote count


@pytest.mark.parametrize(("raw", "shown"), [
    ("\x1b", "\\x1b"), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"), ("\x00", "\\x00"), ("\x07", "\\x07"),
    ("\x7f", "\\x7f"), ("\x85", "\\x85"), ("\x9b", "\\x9b"), ("\u202a", "\\u202a"), ("\u202e", "\\u202e"),
    ("\u2066", "\\u2066"), ("\u2069", "\\u2069"), ("\u2028", "\\u2028"),
    ("Cerámica · 陶器 ✓ \\ “x”", "Cerámica · 陶器 ✓ \\ “x”"),  # printable text and backslashes unchanged
])
def test_visible_escapes_what_steers_a_terminal_and_nothing_else(raw: str, shown: str) -> None:
    assert visible(f"a{raw}b") == f"a{shown}b"
    assert visible(f"a{raw}b", lines=True) == ("a\nb" if raw == "\n" else f"a{shown}b")


def test_every_cli_line_goes_through_cli_text() -> None:
    """print, json.dumps and stream writes live in cli/text.py alone: no CLI line can skip it."""
    offenders = []
    for path in sorted((REPO / "core").glob("cli*.py")):
        if path.name == "cli_text.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f"{ast.unparse(f.value)}.{f.attr}" \
                if isinstance(f, ast.Attribute) else ""
            if name in ("print", "json.dumps", "sys.stdout.write", "sys.stderr.write"):
                offenders.append(f"{path.name}:{node.lineno} {name}")
    assert not offenders, offenders
