"""Hostile values for every ``ovillo`` subcommand: a clear one-line error and exit code 2, never a traceback.

Most cases fail validation before the store or a model is opened, so they run in-process
(``cli.main.main`` with capsys) at no cost; a few real ``.venv/bin/ovillo`` processes prove
that nothing reaches a user's terminal as a traceback, and that a FIFO or ``/dev/zero``
is refused instead of blocking or eating memory.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cli.main
from cli.main import main
from tests.integration.conftest import REPO, copy_home

OVILLO = Path(sys.executable).with_name("ovillo")  # the console script of this venv
LONG = "x" * 100_000
PG = "postgresql://127.0.0.1:1/archive"  # never reached: every case fails before connecting


@pytest.fixture(scope="module")
def home(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_home(demo_home, tmp_path_factory.mktemp("cli_hostile") / "home")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Files a user (or a script gone wrong) may pass: a FIFO, a folder, a non-UTF-8 file, …"""
    d = tmp_path_factory.mktemp("hostile")
    os.mkfifo(d / "fifo")
    (d / "folder").mkdir()
    (d / "plain.txt").write_text("a plain file\n", encoding="utf-8")
    (d / "latin1.txt").write_bytes("denario\ncerámica vidriada\n".encode("latin-1"))
    (d / "nul.txt").write_bytes(b"denario\nmolino\x00de abajo\n")
    (d / "long.txt").write_text("denario\n" + LONG + "\n", encoding="utf-8")
    (d / "blank.txt").write_text("\n   \n\n", encoding="utf-8")
    (d / "words.txt").write_text("denario\n%%%\n", encoding="utf-8")
    with open(d / "huge.txt", "wb") as f:  # sparse: 11 MB on paper, nothing on disk
        f.truncate(11 * 1024 * 1024)
    return {k.removesuffix(".txt"): str(d / k) for k in ("fifo", "folder", "plain.txt", "latin1.txt", "nul.txt",
                                                         "long.txt", "blank.txt", "words.txt", "huge.txt")}


def run(capsys: pytest.CaptureFixture[str], home: Path, *argv: str) -> tuple[int, str, str]:
    """The real CLI in-process; no traceback may ever reach stderr."""
    code = main(["--home", str(home), *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    return code, out, err


def ovillo(*argv: str, stdin: int | None = subprocess.DEVNULL, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The installed console script, as a user runs it."""
    return subprocess.run([str(OVILLO), *argv], capture_output=True, text=True, stdin=stdin, timeout=timeout,
                          cwd=REPO, env={k: v for k, v in os.environ.items() if k != "OVILLO_HOME"})


# Each case: argv after `--home HOME` ({name} is a file from `hostile`), and the message stderr must hold.
REFUSED: list[tuple[list[str], str]] = [
    # ingest
    (["ingest", "{fifo}"], "it is a FIFO (named pipe), not a file or folder"),
    (["ingest", "/dev/zero"], "cannot ingest '/dev/zero': it is a character device, not a file or folder"),
    (["ingest", "in\x00put"], "error: the path to ingest contains a NUL character"),
    (["ingest", LONG], "error: the path to ingest is too long (100,000 characters; at most 4096)"),
    (["ingest", "{folder}", "--collection=--"], "error: --collection needs a value"),
    (["ingest", "{folder}", "--collection", "%"], "error: --collection '%' has no letter or digit"),
    (["ingest", "{folder}", "--collection", LONG], "error: --collection is too long (100,000 characters"),
    (["ingest", "{folder}", "--collection", "a\x00b"], "error: --collection contains a NUL character"),
    (["ingest", "{folder}", "--lang=--"], "error: --lang needs a value"),
    (["ingest", "{folder}", "--lang", "es'; DROP TABLE records; --"], "is not valid (e.g. es, ca or en)"),
    (["ingest", "{folder}", "--classification=--"], "error: --classification needs a value"),
    (["ingest", "{folder}", "--classification", "%"], "argument --classification: invalid choice: '%'"),
    (["ingest", "{folder}", "--project", "-1"], "error: --project must be a whole number from 1 to 2147483647"),
    (["ingest", "{folder}", "--project", "1" * 40], "error: --project must be a whole number from 1 to"),
    (["ingest", "{folder}", "--project=--"], "error: --project needs a value"),
    # search
    (["search", "x", "--collection=--"], "error: --collection needs a value"),
    (["search", "x", "--lang=--"], "error: --lang needs a value"),
    (["search", "x", "--facet=--"], "error: --facet needs a value"),
    (["search", "x", "--limit=--"], "error: --limit needs a value"),
    (["search", "x", "--from=--"], "error: --from needs a value"),
    (["search", "x", "--profile=--"], "error: --profile needs a value"),
    (["search", "%"], "error: the query '%' has no words"),
    (["search", "'\"'"], "has no words"),
    (["search", "molino\x00de abajo"], "error: the query contains a NUL character"),
    (["search", LONG], "error: the query is too long (100,000 characters; at most 4,000)"),
    (["search", "   "], "error: the query is empty"),
    (["search", "x", "--limit", "0"], "error: --limit must be a whole number of at least 1 (got '0')"),
    (["search", "x", "--limit", "-5"], "error: --limit must be a whole number of at least 1 (got '-5')"),
    (["search", "x", "--limit", "%"], "error: --limit must be a whole number of at least 1 (got '%')"),
    (["search", "x", "--lang", "%"], "error: --lang '%' is not valid (e.g. es, ca or en)"),
    (["search", "x", "--lang", LONG], "error: --lang is too long (100,000 characters)"),
    (["search", "x", "--facet", "rag:' OR 1=1 --"], "is not valid (e.g. rag:transcript)"),
    (["search", "x", "--collection", "\"\""], "error: --collection '\"\"' has no letter or digit"),
    (["search", "x", "--from", "2019-02-30"], "error: --from '2019-02-30' is not a date (YYYY-MM-DD)"),
    (["search", "x", "--to", "%"], "error: --to '%' is not a date (YYYY-MM-DD)"),
    (["search", "x", "--from", "2020-01-01", "--to", "2019-01-01"], "error: --from 2020-01-01 is after --to"),
    (["search", "x", "--profile", "' OR 1=1 --"], "error: --profile \"' OR 1=1 --\" is not valid"),
    (["search", "x", "--profile", "own\x00er"], "error: --profile contains a NUL character"),
    (["search"], "error: give a QUERY or --queries FILE"),
    (["search", "x", "--queries", "{plain}"], "error: give a QUERY or --queries FILE, not both"),
    # search --queries
    (["search", "--queries=--"], "error: --queries needs a value"),
    (["search", "--queries", "{fifo}"], "is a FIFO (named pipe), not a regular file"),
    (["search", "--queries", "/dev/zero"], "error: --queries /dev/zero is a character device, not a regular file"),
    (["search", "--queries", "{folder}"], "is a folder, not a regular file"),
    (["search", "--queries", "{latin1}"], "latin1.txt line 2 is not UTF-8"),
    (["search", "--queries", "{nul}"], "nul.txt line 2 contains a NUL character"),
    (["search", "--queries", "{long}"], "long.txt line 2 is too long (100,000 characters; at most 4,000)"),
    (["search", "--queries", "{words}"], "words.txt line 2 '%%%' has no words"),
    (["search", "--queries", "{blank}"], "blank.txt holds no queries (one query per line)"),
    (["search", "--queries", "{huge}"], "huge.txt is larger than 10 MB"),
    (["search", "--queries", "no such file.txt"], "error: --queries no such file.txt: No such file or directory"),
    (["search", "--queries", "q\x00.txt"], "error: --queries contains a NUL character"),
    (["search", "--queries", LONG], "error: --queries is too long (100,000 characters"),
    # similar
    (["similar", "catalogue", "abc"], "error: SECTION_ID must be a whole number from 0 to 9223372036854775807"),
    (["similar", "catalogue", "-1"], "error: SECTION_ID must be a whole number from 0 to"),
    (["similar", "catalogue", "9" * 100_000], "error: SECTION_ID must be a whole number from 0 to"),
    (["similar", "%", "1"], "error: SECTION_TIPO '%' is not valid"),
    (["similar", "cata\x00logue", "1"], "error: SECTION_TIPO contains a NUL character"),
    (["similar", LONG, "1"], "error: SECTION_TIPO is too long"),
    (["similar", "catalogue", "1", "--limit", "0"], "error: --limit must be a whole number of at least 1"),
    (["similar", "catalogue", "1", "--lang=--"], "error: --lang needs a value"),
    # status
    (["status", "--profile=--"], "error: --profile needs a value"),
    (["status", "--profile", LONG], "error: --profile is too long (100,000 characters)"),
    (["status", "--profile", "%"], "error: --profile '%' is not valid (e.g. owner or public)"),
    # ask
    (["ask", ""], "error: the question is empty"),
    (["ask", "\t \n"], "error: the question is empty"),
    (["ask", "Who found\x00 the hoard?"], "error: the question contains a NUL character"),
    (["ask", "Who found\x1b[2J the hoard?"], "error: the question contains a control character"),
    (["ask", LONG], "error: the question is too long (100,000 characters; at most 2,000)"),
    (["ask", "--", "--"], "error: the question '--' has no words"),
    (["ask", "%"], "error: the question '%' has no words"),
    (["ask", "Who found the hoard?", "--max-tokens", "0"], "error: --max-tokens must be a whole number from 1 to 4096"),
    (["ask", "Who found the hoard?", "--max-tokens", "%"], "error: --max-tokens must be a whole number from 1 to"),
    (["ask", "Who found the hoard?", "--max-tokens=--"], "error: --max-tokens needs a value"),
    (["ask", "Who found the hoard?", "--model", "../../etc/passwd"], "error: --model '../../etc/passwd' is not a model"),
    (["ask", "Who found the hoard?", "--model=--"], "error: --model needs a value"),
    (["ask", "Who found the hoard?", "--profile", "\""], "error: --profile '\"' is not valid"),
    # sync and central (these ended as exit 70, "a bug in Ovillo", before they were checked)
    (["sync", "--server=--", "--user", "u"], "error: --server needs a value"),
    (["sync", "--server", "a\x00b", "--user", "u"], "error: --server contains a NUL character"),
    (["sync", "--server", LONG, "--user", "u"], "error: --server is too long (100,000 characters)"),
    (["sync", "--server", "'; DROP TABLE records; --", "--user", "u"], "error: not a PostgreSQL address"),
    (["sync", "--server", PG, "--user", "a\x00b"], "error: --user contains a NUL character"),
    (["sync", "--server", PG, "--user", "u", "--password-file", "/dev/zero"], "error: /dev/zero is not a regular file"),
    (["sync", "--server", PG, "--user", "u", "--password-file", "{fifo}"], "fifo is not a regular file"),
    (["sync", "--server", PG, "--user", "u", "--ca-file", "{fifo}"], "is a FIFO (named pipe), not a regular file"),
    (["sync", "--server", PG, "--user", "u", "--ca-file", "{folder}"], "is a folder, not a regular file"),
    (["sync", "--server", PG, "--user", "u", "--page", "0"], "error: --page must be a whole number from 1 to 10000"),
    (["sync", "--server", PG, "--user", "u", "--page", "%"], "error: --page must be a whole number from 1 to 10000"),
    (["sync", "--server", PG, "--user", "u", "--page=--"], "error: --page needs a value"),
    (["central", "publish", "{folder}", "--dsn", PG, "--project=--"], "error: --project needs a value"),
    (["central", "publish", "{folder}", "--dsn", PG, "--project", "x"], "error: --project must be a whole number"),
    (["central", "user", "add", "u", "--dsn", PG, "--clearance", "public", "--password-file", "{plain}",
      "--project=--"], "error: --project needs a value"),
    (["central", "init", "/dev/zero"], "error: DIR '/dev/zero' is a character device, not a folder"),
    (["central", "init", "{fifo}"], "is a FIFO (named pipe), not a folder"),
    (["central", "init", "a\x00b"], "error: DIR contains a NUL character"),
    (["central", "init", LONG], "error: DIR is too long (100,000 characters"),
    (["central", "init", "{folder}/c", "--port=--"], "error: --port needs a value"),
    (["central", "init", "{folder}/c", "--port", "0"], "error: --port must be a whole number from 1 to 65535"),
    (["central", "init", "{folder}/c", "--port", "-1"], "error: --port must be a whole number from 1 to 65535"),
    (["central", "init", "{folder}/c", "--port", "65536"], "error: --port must be a whole number from 1 to 65535"),
    (["central", "init", "{folder}/c", "--port", "5432x"], "error: --port must be a whole number from 1 to 65535"),
    (["central", "start", "y" * 300], "cannot be used: File name too long"),
    (["central", "stop", "{plain}"], "plain.txt' is a file, not a folder"),
    (["central", "publish", "/dev/zero", "--dsn", PG], "it is a character device, not a file or folder"),
    (["central", "publish", "{folder}", "--dsn", PG, "--collection", "%"], "--collection '%' has no letter or digit"),
    (["central", "publish", "{folder}", "--dsn", "a\x00b"], "error: --dsn contains a NUL character"),
    (["central", "user", "add", "a\x00b", "--dsn", PG, "--clearance", "public", "--password-file", "{plain}"],
     "error: NAME contains a NUL character"),
    (["central", "user", "add", "u", "--dsn", PG, "--clearance", "public", "--password-file", "{fifo}"],
     "fifo is not a regular file"),
    # reindex and objects
    (["reindex", "--model=--"], "error: --model needs a value"),
    (["reindex", "--model", "%"], "error: --model '%' is not a model name"),
    (["reindex", "--model", "a\x00b"], "is not a model name"),
    (["objects", "lookup", "--image", "a=/dev/zero"], "error: --image: '/dev/zero' is not a regular file"),
    (["objects", "lookup", "--image", "a={fifo}"], "is not a regular file"),
    (["objects", "similar", "%", "1"], "error: SECTION_TIPO '%' is not valid"),
    (["objects", "similar", "c", "1", "--limit=--"], "error: --limit needs a value"),
    (["objects", "characterize", "c", "1", "--text", LONG], "error: --text is too long (100,000 characters"),
    # models, and the folders every command uses
    (["models", "%"], "argument action: invalid choice: '%'"),
    (["models", "--generator=--"], "error: --generator needs a value"),
    (["--models", "/dev/zero", "models", "list"], "error: --models /dev/zero is not a folder"),
    (["--models", "{fifo}", "models", "assemble"], "is not a folder"),
    (["--models", "{plain}", "status"], "plain.txt is not a folder"),
    (["--models", "a\x00b", "models"], "error: --models contains a NUL character"),
    (["--models=--", "models"], "error: --models needs a value"),
    (["--home", "{plain}", "status"], "plain.txt is not a folder"),
    (["--home", "{fifo}", "status"], "fifo is not a folder"),
    (["--home", "/dev/zero", "search", "x"], "error: --home /dev/zero is not a folder"),
    (["--home", "{plain}/sub", "status"], "cannot be written: Not a directory"),
    (["--home", "/proc/ovillo-home", "status"], "error: --home /proc/ovillo-home cannot be written"),
    (["--home", "h\x00me", "status"], "error: --home contains a NUL character"),
    (["--home", LONG, "status"], "error: --home is too long (100,000 characters"),
    (["--home=--", "status"], "error: --home needs a value"),
    (["--home", "", "status"], "error: --home is empty"),
]


def _fill(text: str, files: dict[str, str]) -> str:
    for name, path in files.items():
        text = text.replace("{" + name + "}", path)
    return text


@pytest.mark.timeout(60)  # a FIFO must be refused, not waited on
@pytest.mark.parametrize(("argv", "message"), REFUSED,
                         ids=[" ".join(a)[:60].encode("unicode_escape").decode() for a, _ in REFUSED])
def test_refused_with_a_clear_message(argv: list[str], message: str, hostile: dict[str, str], tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    args = [_fill(a, hostile) for a in argv]
    code, out, err = run(capsys, tmp_path / "home", *args)
    assert code == 2, err
    assert _fill(message, hostile) in err
    assert out == ""
    # one error line (plus argparse's usage, or a hint), never a dump
    assert len(err.splitlines()) <= 8 and len(err) < 2_000


def test_refusal_opens_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Values are checked before the data folder is touched: a bad one leaves no folder behind."""
    code, _, err = run(capsys, tmp_path / "new_home", "search", "x", "--limit", "0")
    assert code == 2 and "--limit" in err
    assert not (tmp_path / "new_home").exists()


def test_folders_from_the_environment_are_checked(hostile: dict[str, str], monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("OVILLO_HOME", hostile["plain"])
    assert main(["status"]) == 2
    assert f"error: OVILLO_HOME {hostile['plain']} is not a folder" in capsys.readouterr().err
    monkeypatch.delenv("OVILLO_HOME")
    monkeypatch.setenv("OVILLO_MODELS", hostile["fifo"])
    assert main(["models", "list"]) == 2
    err = capsys.readouterr().err
    assert f"error: OVILLO_MODELS {hostile['fifo']} is not a folder" in err and "Traceback" not in err


def test_queries_from_standard_input(home: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"denario\n\xff\xfe\n")))
    code, out, err = run(capsys, home, "search", "--queries", "-")
    assert code == 2 and "error: standard input line 2 is not UTF-8" in err and out == ""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfdenario\r\n\r\nmolino de abajo\n")))
    code, out, err = run(capsys, home, "search", "--queries", "-", "--limit", "9" * 5000)  # clamped, not refused
    assert code == 0, err
    assert "note: --limit is more than 50; showing at most 50" in err
    lines = out.splitlines()
    assert len(lines) == 2 and all(0 < len(json.loads(ln)) <= 50 for ln in lines)


def test_hostile_but_valid_queries_are_searched(home: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Quotes, %, SQL and FTS syntax, `--` are text to search for, not syntax: one JSON array per line."""
    queries = ['"quoted" denario', "l'aigua al poble", "100% plata", "%denario%", "-- ; DROP TABLE records; --",
               "molino' OR '1'='1", "campana*", "NEAR(molino)", "denario\tde\tTrajano", "--limit 0"]
    qfile = tmp_path / "hostile queries.txt"
    qfile.write_text("\n".join(queries) + "\n", encoding="utf-8")
    code, out, err = run(capsys, home, "search", "--queries", str(qfile), "--limit", "3", "--collection",
                         "Demo", "--lang", "ES", "--lang", "ca", "--lang", "en")
    assert code == 0, err
    lines = out.splitlines()
    assert len(lines) == len(queries)
    results = [json.loads(ln) for ln in lines]
    assert all(isinstance(r, list) and len(r) <= 3 for r in results)
    assert all(h["section_tipo"] == "demo" and h["lang"] in ("es", "ca", "en") for r in results for h in r)
    assert results[0] and results[1]  # real queries still find things under the normalised filters


def test_unknown_record_and_profile_are_clear_errors(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, home, "similar", "catalogue", "1")
    assert code == 2 and "error: no record catalogue 1" in err and out == ""
    code, out, err = run(capsys, home, "status", "--profile", "nobody")
    assert code == 2 and "error: no profile named 'nobody'" in err and out == ""


def test_unexpected_failure_is_one_line_and_a_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The last resort: a bug becomes one line and exit 70; its traceback is in logs/ovillo-cli.log."""

    def boom(args: object) -> int:
        raise RuntimeError("kaboom\nsecond line " + LONG)

    monkeypatch.setattr(cli.main, "_dispatch", boom)
    code, out, err = run(capsys, tmp_path / "home", "status")
    log = tmp_path / "home" / "logs" / "ovillo-cli.log"
    assert code == 70 and out == ""
    assert err.startswith("error: unexpected RuntimeError: kaboom second line xxx") and str(log) in err
    assert len(err.splitlines()) == 2 and len(err) < 600
    text = log.read_text(encoding="utf-8")
    assert "ovillo status" in text and "Traceback (most recent call last)" in text and "RuntimeError: kaboom" in text


def test_broken_pipe_is_quiet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    def closed_reader(args: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(cli.main, "_dispatch", closed_reader)
    code, out, err = run(capsys, tmp_path / "home", "status")
    assert code == 141 and out == "" and err == ""


# -- the installed console script, as a user runs it ----------------------------------------
def _no_traceback(r: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, r.stderr


def test_console_script_refuses_fifo_and_endless_input(hostile: dict[str, str], tmp_path: Path) -> None:
    home = str(tmp_path / "home")
    r = ovillo("--home", home, "search", "--queries", hostile["fifo"], timeout=60)  # must not block
    _no_traceback(r)
    assert r.returncode == 2 and "is a FIFO (named pipe), not a regular file" in r.stderr
    with open("/dev/zero", "rb") as zero:  # `--queries -` reads at most 10 MB, then refuses
        r = ovillo("--home", home, "search", "--queries", "-", stdin=zero.fileno(), timeout=60)
    _no_traceback(r)
    assert r.returncode == 2 and "error: standard input is larger than 10 MB" in r.stderr
    r = ovillo("--home", home, "search", "--queries", hostile["latin1"])
    _no_traceback(r)
    assert r.returncode == 2 and f"error: {hostile['latin1']} line 2 is not UTF-8" in r.stderr
    for argv, message in [(["search", "x", "--collection=--"], "error: --collection needs a value"),
                          (["search", "x", "--lang=--"], "error: --lang needs a value"),
                          (["search", "x", "--facet=--"], "error: --facet needs a value"),
                          (["ingest", "/dev/zero"], "it is a character device, not a file or folder"),
                          (["ask", LONG], "error: the question is too long"),
                          (["similar", "catalogue", "%"], "error: SECTION_ID must be a whole number"),
                          (["status", "--profile", "%"], "error: --profile '%' is not valid"),
                          (["--models", hostile["fifo"], "models", "list"], "is not a folder")]:
        r = ovillo("--home", home, *argv)
        _no_traceback(r)
        assert r.returncode == 2 and message in r.stderr, (argv, r.stderr)


def test_console_script_hostile_but_valid_values(home: Path, tmp_path: Path) -> None:
    """A real search with quotes, % and `--` in the query, and a real ingest of a hostile folder."""
    r = ovillo("--home", str(home), "search", "--json", "--limit", "3", "--",
               "100% \"denario\" de 'plata' --")  # two of its three words in one passage: above the floor
    _no_traceback(r)
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)) == 3
    folder = tmp_path / "deposit 100% \"quoted\""
    folder.mkdir()
    (folder / "nota 'molino'.md").write_text("# Nota\n\nEl molino de abajo tenía dos muelas.\n", encoding="utf-8")
    (folder / "latin1.txt").write_bytes("El molí de baix tenia dues moles.\n".encode("latin-1"))
    (folder / "binary.txt").write_bytes(b"\x00\x01\x02\x03" * 64)
    os.mkfifo(folder / "pipe.txt")  # inside a folder: ingest must not block on it either
    r = ovillo("--home", str(tmp_path / "h"), "ingest", str(folder), "--collection", "Fondo Pérez", "--json",
               timeout=300)
    _no_traceback(r)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    failed = {Path(f["path"]).name for f in summary["failed"]}
    assert summary["ok"] == 2 and failed == {"binary.txt", "pipe.txt"}
