"""``ovillo`` — the command line (stable: other tools script it)."""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cli.args import check_args
from cli.crash import report_unexpected
from cli.library import add_parsers as add_library_parsers, import_options
from cli.progress import run_with_progress
from cli.text import Parser, no_match_lines, print_json, say, timecode
from core.api import CLASSIFICATIONS, Cancelled, CancelToken, Hit, OvilloError, SearchFilters

EXIT_BUSY = 75  # sysexits' EX_TEMPFAIL: another Ovillo holds the data folder and --no-wait was given
# answered by the holder of the store when there is one
REMOTE_COMMANDS = ("search", "similar", "status", "library list")


def build_parser() -> argparse.ArgumentParser:
    """The whole CLI grammar."""
    p = Parser(prog="ovillo", description="Offline multilingual search for heritage archives.")
    p.add_argument("--home", help="data folder (overrides OVILLO_HOME and the platform default)")
    p.add_argument("--models", help="models folder (overrides OVILLO_MODELS)")
    sub = p.add_subparsers(dest="command", required=True)

    ing = sub.add_parser("ingest", help="index files and folders (recursively)")
    ing.add_argument("paths", nargs="+")
    import_options(ing)
    ing.add_argument("--once", action="store_true", help="index now without keeping the paths as library sources")
    ing.add_argument("--json", action="store_true", help="print the summary as JSON")
    _no_wait(ing)

    def filters(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--limit", metavar="N", help="results to show (at most 50; default 10)")
        sp.add_argument("--collection", action="append", default=[])
        sp.add_argument("--facet", action="append", default=[], help="component, e.g. rag:transcript")
        sp.add_argument("--lang", action="append", default=[])
        sp.add_argument("--classification", action="append", default=[],
                        choices=list(CLASSIFICATIONS))
        sp.add_argument("--from", dest="date_from", metavar="YYYY-MM-DD")
        sp.add_argument("--to", dest="date_to", metavar="YYYY-MM-DD")
        sp.add_argument("--profile", default="owner")
        sp.add_argument("--json", action="store_true")
        _no_wait(sp)

    se = sub.add_parser("search", help="hybrid search")
    se.add_argument("query", nargs="?")
    se.add_argument("--queries", metavar="FILE",
                    help="UTF-8 file (at most 10 MB; - reads standard input) with one query per line; "
                         "prints one JSON array per line")
    se.add_argument("--passages", action="store_true", help="return passages instead of records")
    filters(se)

    si = sub.add_parser("similar", help="records similar to a record")
    si.add_argument("section_tipo")
    si.add_argument("section_id")
    filters(si)

    st = sub.add_parser("status", help="library status")
    st.add_argument("--profile", default="owner")
    st.add_argument("--json", action="store_true")
    _no_wait(st)

    ak = sub.add_parser("ask", help="answer from the archive with validated citations, or refuse")
    ak.add_argument("question")
    ak.add_argument("--profile", default="owner")
    ak.add_argument("--model", help="answer model (name of a GGUF manifest)")
    ak.add_argument("--max-tokens", metavar="N", help="longest answer in tokens (1 to 4096)")
    ak.add_argument("--json", action="store_true", help="print the result as JSON (stable shape)")
    _no_wait(ak)

    rx = sub.add_parser("reindex", help="switch the index to another model (built beside the old one, "
                                        "then switched in one transaction)")
    rx.add_argument("--model", required=True, help="name of the new model (see `ovillo models list`)")
    rx.add_argument("--modality", choices=["text", "image"], default="text")
    rx.add_argument("--json", action="store_true")
    _no_wait(rx)

    md = sub.add_parser("models", help="list or assemble models")
    md.add_argument("action", choices=["list", "assemble"], nargs="?", default="list")
    md.add_argument("--force", action="store_true")
    md.add_argument("--generator", choices=["auto", "default", "small", "none"], default="auto",
                    help="answer model to assemble (auto: the default one when its packages are installed)")
    from cli.sync import add_parsers as add_sync_parsers

    add_sync_parsers(sub)  # sync, central
    from cli.mcp_server import add_parser as add_mcp_parser
    from cli.objects import add_parser as add_objects_parser

    add_objects_parser(sub)  # objects lookup|similar|characterize
    add_mcp_parser(sub)  # mcp: the archive for the user's AI tools
    add_library_parsers(sub)  # library add|list|remove|rescan|exclude|include|pause|resume, watch
    return p


def _no_wait(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("--no-wait", action="store_true",
                    help=f"when another Ovillo holds the data folder, fail at once (exit {EXIT_BUSY}) instead of "
                         "waiting for it")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ovillo`` console script.

    Exit codes: 0 done · 1 nothing could be indexed, or the answer was not grounded · 2 a bad
    value or an expected error (one line on stderr) · 75 another Ovillo holds the data folder and
    ``--no-wait`` was given · 70 an unexpected failure (its traceback
    goes to ``logs/ovillo-cli.log`` in the data folder) · 130 stopped by the user · 141 the
    reader of the output went away (``| head``).
    """
    args: argparse.Namespace | None = None
    try:
        _tolerant_output()
        try:
            args = build_parser().parse_args(argv)
        except SystemExit as done:  # argparse printed the usage error (2) or the help (0)
            return done.code if isinstance(done.code, int) else (0 if done.code is None else 2)
        if args.command == "objects":
            from cli.objects import check as check_objects

            check_objects(args)  # before check_args, which may create the data folder
        check_args(args)
        return _dispatch(args)
    except (Cancelled, KeyboardInterrupt):
        say("stopped: nothing half-written was kept; run the same command again to resume", file=sys.stderr)
        return 130
    except _NoWait as stop:
        say(f"error: {stop.busy}; not waiting (--no-wait)", file=sys.stderr)
        return EXIT_BUSY
    except OvilloError as exc:
        say(f"error: {exc}", file=sys.stderr)
        if exc.hint:
            say(f"  {exc.hint}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _silence_stdout()  # the reader went away (`| head`): nothing left to say to it
        return 141
    except Exception as exc:  # last resort: the causes are fixed where they arise; never a traceback
        return report_unexpected(exc, args)


def _dispatch(args: argparse.Namespace) -> int:
    from core.api import Ovillo

    models = Path(args.models).expanduser().resolve() if args.models else None
    if args.command == "models":
        return _models(args, models)
    if args.command in ("sync", "central"):
        from cli.sync import run as run_sync

        if args.command == "sync" and not args.forget_password:
            _wait_for_holder(Path(args.home))  # sync writes: it waits like ingest (cli_sync opens the store)
        return run_sync(args)
    if args.command == "mcp":  # opens the folder per call, or asks its holder (cli/mcp_source.py)
        from cli.mcp_server import run as run_mcp
        return run_mcp(args, models)
    opened = _open(args, models)
    if not isinstance(opened, Ovillo):
        return _remote(opened, args)
    with opened as app:
        if hasattr(args, "profile"):
            app.profile(args.profile)  # an unknown profile fails now, before a model is loaded
        if args.command in ("ingest", "library", "watch"):
            from cli.library import run as run_library, run_ingest

            return run_ingest(app, args) if args.command == "ingest" else run_library(app, args)
        if args.command == "objects":
            from cli.objects import run as run_objects

            return run_objects(app, args)
        if args.command == "reindex":
            cancel = CancelToken()
            embedded = run_with_progress(app.library.reindex(args.model, modality=args.modality, cancel=cancel), cancel,
                                         sys.stderr)
            if args.json:
                print_json({"model": args.model, "modality": args.modality, "embedded": embedded})
            else:
                say(f"switched the {args.modality} index to {args.model} ({embedded} passages embedded)")
            return 0
        if args.command == "search":
            return _search(app, args)
        if args.command == "similar":
            hits = app.search.similar(args.section_tipo, args.section_id, profile=args.profile, limit=args.limit,
                               filters=_filters(args))
            _print_hits(hits, args.json, "")
            return 0
        if args.command == "ask":
            from cli.ask import run_ask

            return run_ask(app, args)
        if args.command == "status":
            status = app.library.status(args.profile)
            if args.json:
                print_json({**status.to_json(), "sync": app.sync.status(args.profile)})
            else:
                for k, v in status.to_json().items():
                    say(f"{k:>15}: {v}")
                for path, reason in app.library.failed_sources() if args.profile == "owner" else []:
                    say(f"  failed: {path}: {reason}")
            return 0
    return 2


def _open(args: argparse.Namespace, models: Path | None) -> Any:
    """The facade on the data folder; when a live Ovillo holds it: a client of that holder (reads),
    or wait until it is free (with --no-wait: exit code :data:`EXIT_BUSY`)."""
    from core.api import HolderGone, Ovillo, RemoteOvillo, StoreBusy, StoreLocked

    doing = " ".join(["ingest", *args.paths]) if args.command == "ingest" else args.command
    waiting, unanswered = False, 0
    while True:
        try:
            app = Ovillo(args.home, models_dir=models, doing=doing)
            if app.made_private:
                say(f"note: {app.made_private} file(s) and folder(s) of {app.paths.home} that other accounts could "
                    "read are now readable by you only", file=sys.stderr)
            return app
        except StoreLocked:
            raise  # held by a program that does not say who it is: said at once, not waited for blindly
        except StoreBusy as busy:
            if busy.holder is not None and busy.holder.socket and _asked(args) in REMOTE_COMMANDS \
                    and unanswered < 10:
                try:
                    return RemoteOvillo(busy.holder)
                except HolderGone:
                    unanswered += 1  # it is closing: open the store ourselves on the next turn
                    time.sleep(0.2)
                    continue
            waiting = _wait_turn(busy, args, waiting)


def _asked(args: argparse.Namespace) -> str:
    """The command as REMOTE_COMMANDS names it (``library list``: one action of its command)."""
    return f"{args.command} {args.action}" if args.command == "library" else args.command


def _wait_turn(busy: Any, args: argparse.Namespace, announced: bool) -> bool:
    if getattr(args, "no_wait", False):
        raise _NoWait(busy)
    if not announced:
        say(busy.waiting_line(), file=sys.stderr, flush=True)
    time.sleep(0.5)
    return True


def _wait_for_holder(home: Path) -> None:
    """Wait while a live Ovillo holds ``home`` (a write command started beside it)."""
    from core.api import StoreBusy, read_holder

    announced = False
    while (holder := read_holder(home)) is not None and holder.pid != os.getpid():
        announced = _wait_turn(StoreBusy(f"the data folder {home} is in use by {holder.describe()}",
                                         holder=holder), argparse.Namespace(), announced)


class _NoWait(Exception):
    """--no-wait met a held data folder (main prints it and exits with EXIT_BUSY)."""

    def __init__(self, busy: Any) -> None:
        super().__init__(str(busy))
        self.busy = busy


def _remote(remote: Any, args: argparse.Namespace) -> int:
    """Run a read command through the holder of the data folder, printing as the local command does."""
    with remote:
        if args.command == "status":
            data = remote.status(args.profile)
            failed = data.pop("failed", [])
            if args.json:
                print_json(data)
            else:
                for k, v in data.items():
                    if k != "sync":
                        say(f"{k:>15}: {v}")
                for path, reason in failed:
                    say(f"  failed: {path}: {reason}")
        elif args.command == "search":
            _search(remote, args)
        elif args.command == "library":
            from cli.library import print_sources

            print_sources(remote.sources("owner"), args.json)
        else:
            hits = remote.search.similar(args.section_tipo, args.section_id, profile=args.profile, limit=args.limit,
                                  filters=_filters(args))
            _print_hits(hits, args.json, "")
    say(f"(answered by {remote.holder.describe()}, which holds this data folder)", file=sys.stderr)
    return 0


def _tolerant_output() -> None:
    # a file name that is not UTF-8, or a terminal that is not, must not end in UnicodeEncodeError
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors="backslashreplace")


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush does not fail again
        os.close(devnull)
    except (OSError, ValueError, io.UnsupportedOperation):
        pass


def _models(args: argparse.Namespace, models: Path | None) -> int:
    from core.api import assemble_default_text_model, default_models_dir, list_models

    folder = models or default_models_dir()
    if args.action == "assemble":
        path = assemble_default_text_model(folder, force=args.force)
        say(f"ready: {path}")
        from core.api import assemble_default_image_models

        for path in assemble_default_image_models(folder, force=args.force):
            say(f"ready: {path}")
        from cli.ask import assemble_answer_model

        return assemble_answer_model(folder, args.generator, args.force)
    for m in list_models(folder):
        say(m.name, m.task, m.dimension or "", m.source.get("weights_package", ""), sep="\t")
    return 0


def _filters(args: argparse.Namespace) -> SearchFilters:
    return SearchFilters(collections=tuple(args.collection), facets=tuple(args.facet), langs=tuple(args.lang),
                         classifications=tuple(args.classification), date_from=args.date_from,
                         date_to=args.date_to)


def _search(app: Any, args: argparse.Namespace) -> int:
    filters = _filters(args)
    find = app.search.passages if args.passages else app.search.records
    if args.query_list is not None:  # --queries, already read and checked by check_args
        for q in args.query_list:
            hits = find(q, profile=args.profile, limit=args.limit, filters=filters)
            print_json([h.to_json() for h in hits], flush=True)
        return 0
    hits = find(args.query, profile=args.profile, limit=args.limit, filters=filters)
    _print_hits(hits, args.json, args.query)
    return 0


def _print_hits(hits: list[Hit], as_json: bool, query: str) -> None:
    if as_json:
        print_json([h.to_json() for h in hits])
        return
    if not hits:
        for line in no_match_lines(getattr(hits, "no_match", None)):
            say(line)
        return
    for n, h in enumerate(hits, 1):
        where = f"p. {h.page}" if h.page else (timecode(h.tc_in) if h.tc_in is not None else "")
        say(f"{n:>2}. {h.title}  [{h.section_tipo} {h.section_id}#{h.chunk_index}] {h.lang or ''} "
            f"score {h.score:.4f}")
        say(f"    {h.snippet}")
        say(f"    {h.source_path or ''} {where}".rstrip())
