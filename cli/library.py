"""``ovillo ingest``, ``ovillo library …`` and ``ovillo watch``: importing, the library's sources, watching them."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from cli.ingest import print_summary
from cli.progress import run_with_progress
from cli.text import print_json, say
from core.api import CLASSIFICATIONS, CancelToken, drive

WATCH_TICK_S = 0.2  # how often `ovillo watch` looks for settled changes (as the window: app/library_watch.py)


def add_parsers(sub: Any) -> None:
    """``library add|list|remove|rescan|exclude|include|pause|resume`` and ``watch``."""
    lib = sub.add_parser("library", help="the folders and files this library keeps current")
    acts = lib.add_subparsers(dest="action", required=True)
    add = acts.add_parser("add", help="keep folders or files in the library (indexed now, watched while Ovillo runs)")
    add.add_argument("paths", nargs="+")
    import_options(add)
    add.add_argument("--include", action="append", default=[], metavar="GLOB",
                     help="force matching files in (relative to the source; after the --exclude rules)")
    add.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                     help="leave matching files out (relative to the source: a name, a folder or a glob)")
    add.add_argument("--no-scan", action="store_true", help="only record the source; index it later")
    add.add_argument("--rescan-every", metavar="MINUTES",
                     help="while watched, also rescan it this often (0: never; default: only on a network share, "
                          "which sends no file events, every 10 minutes)")
    ls = acts.add_parser("list", help="the sources: files, records, last scan, failures, watching or not")
    ls.add_argument("--json", action="store_true")
    rm = acts.add_parser("remove", help="stop keeping a source; its records leave the library")
    rm.add_argument("path")
    rm.add_argument("--keep-records", action="store_true", help="keep what it indexed searchable")
    rs = acts.add_parser("rescan", help="scan sources again for what changed (all when no PATH is given)")
    rs.add_argument("paths", nargs="*")
    for name, text in (("exclude", "leave files out of a source; their records leave the library"),
                       ("include", "force files into a source (undoes a broader exclude)")):
        rule = acts.add_parser(name, help=text)
        rule.add_argument("glob", metavar="GLOB", help="a glob relative to the source, or a file's or folder's path")
        rule.add_argument("--source", metavar="PATH", help="the source it applies to (default: every source)")
    for name, text in (("pause", "stop watching a source"), ("resume", "watch a source again")):
        acts.add_parser(name, help=text).add_argument("path")
    for sp in acts.choices.values():
        if not any(a.dest == "json" for a in sp._actions):
            sp.add_argument("--json", action="store_true")
        sp.add_argument("--no-wait", action="store_true",
                        help="when another Ovillo holds the data folder, fail at once instead of waiting")
    wa = sub.add_parser("watch", help="watch the library's sources and index changes until stopped (Ctrl-C)")
    wa.add_argument("--rescan-every", metavar="MINUTES",
                    help="also rescan every source this often (network shares send no file events)")
    wa.add_argument("--no-wait", action="store_true",
                    help="when another Ovillo holds the data folder, fail at once instead of waiting")


def import_options(sp: argparse.ArgumentParser) -> None:
    """The options files are indexed with (``ingest`` and ``library add``)."""
    sp.add_argument("--collection")
    sp.add_argument("--lang")
    sp.add_argument("--classification", choices=list(CLASSIFICATIONS))
    sp.add_argument("--project", action="append", default=[], dest="projects", metavar="ID")
    sp.add_argument("--reclassify", action="store_true",
                    help="allow --classification to loosen records already stored (reported in the summary)")
    sp.add_argument("--as-pages", action="store_true",
                    help="read pictures (JPEG/PNG/TIFF) as scanned pages to OCR, not as photographs of objects")
    sp.add_argument("--follow-symlinks", action="store_true",
                    help="follow symbolic links, never to a target outside the paths given")


def _options(args: argparse.Namespace) -> Any:
    from core.api import IngestOptions

    return IngestOptions(collection=args.collection, lang=args.lang, classification=args.classification,
                         project_ids=args.projects, reclassify=args.reclassify,
                         follow_symlinks=args.follow_symlinks, as_pages=args.as_pages)


def run_ingest(app: Any, args: argparse.Namespace) -> int:
    """``ovillo ingest``: index now; each path is kept as a library source unless ``--once``."""
    cancel = CancelToken()
    summary = run_with_progress(app.library.ingest(args.paths, _options(args), cancel, remember=not args.once),
                                cancel, sys.stderr)
    return report(summary, args.json)


def run(app: Any, args: argparse.Namespace) -> int:
    """``ovillo library …`` and ``ovillo watch``."""
    if args.command == "watch":
        return _watch(app, args.rescan_every)
    lib = app.library
    cancel = CancelToken()
    if args.action == "add":
        rules = [("exclude", g) for g in args.exclude] + [("include", g) for g in args.include]
        added = [lib.add_source(p, _options(args), rules=rules, rescan_every=args.rescan_every) for p in args.paths]
        if args.no_scan:
            for src in added:
                say(f"added {src.path} (not indexed yet: `ovillo library rescan`)")
            return 0
        return report(run_with_progress(lib.rescan([s.path for s in added], cancel), cancel, sys.stderr), args.json)
    if args.action == "list":
        return print_sources([s.to_json() for s in lib.sources()], args.json)
    if args.action == "remove":
        summary = run_with_progress(lib.remove_source(args.path, keep_records=args.keep_records), cancel, sys.stderr)
        removed = sum(summary.changes.removed.values())
        if args.json:
            print_json({"removed": args.path, "records_removed": removed, "kept_records": args.keep_records})
        else:
            say(f"removed {args.path} from the library" + ("; its records are kept" if args.keep_records
                                                           else f"; {removed} records left the library"))
        return 0
    if args.action == "rescan":
        return report(run_with_progress(lib.rescan(args.paths or None, cancel), cancel, sys.stderr), args.json)
    if args.action in ("exclude", "include"):
        summary = run_with_progress(lib.set_rule(args.action, args.glob, args.source, cancel), cancel, sys.stderr)
        return report(summary, args.json)
    src = lib.set_paused(args.path, args.action == "pause")
    if args.json:
        print_json({"path": src.path, "paused": src.paused})
    else:
        say(f"{'paused' if src.paused else 'watching again'}: {src.path}")
    return 0


def print_sources(entries: list[dict[str, Any]], as_json: bool) -> int:
    """``library list``: the sources' ``to_json`` entries (from this process, or from the holder's)."""
    if as_json:
        print_json(entries)
        return 0
    if not entries:
        say("the library has no sources yet; add one with `ovillo library add PATH`")
    for js in entries:
        say(f"{js['path']}  [{js['state']}]")
        last = (js["last_scan"] or "never").replace("T", " ")
        say(f"    files {js['files']} · records {js['records']} · failed {len(js['failures'])} · last scan {last}")
        if js["reason"]:
            say(f"    {js['reason']}")
        for rule in js["rules"]:
            say(f"    {rule['kind']}: {rule['glob']}")
        for f in js["failures"]:
            say(f"    failed: {f['path']}: {f['reason']}")
    return 0


def _watch(app: Any, rescan_every_min: int | None) -> int:
    """Watch until Ctrl-C: a reconciling scan first, then each settled burst of changes indexed (and every
    source rescanned each ``rescan_every_min`` minutes, for shares without events)."""
    lib = app.library
    state = lib.watch()
    if not state:
        say("the library has no sources to watch; add one with `ovillo library add PATH`", file=sys.stderr)
        return 1
    for st in lib.sources():  # after watch(): each source's state, a share on the rescan timer said as such
        if st.source.path in state:
            reason = f" ({st.reason})" if st.reason else ""
            say(f"watching {st.source.path}{reason}" if st.watching else f"not watching {st.source.path}: {st.reason}",
                file=sys.stderr)
    cancel = CancelToken()
    summary = run_with_progress(lib.rescan(cancel=cancel), cancel, sys.stderr)
    _one_line(summary, "caught up")
    say("watching for changes (Ctrl-C to stop)", file=sys.stderr, flush=True)
    last = time.monotonic()
    try:
        while True:
            time.sleep(WATCH_TICK_S)
            _one_line(drive(lib.index_watched(cancel)), "changes indexed")
            if rescan_every_min and time.monotonic() - last >= 60 * rescan_every_min:
                _one_line(drive(lib.rescan(cancel=cancel)), "rescanned")
                last = time.monotonic()
    except KeyboardInterrupt:
        say("stopped watching", file=sys.stderr)
        return 0


def _one_line(summary: Any, what: str) -> None:
    if summary.outcomes:
        say(f"{what}: ok {len(summary.ok)} · moved {len(summary.moved)} · removed {len(summary.removed)} · "
            f"failed {len(summary.failed)}", file=sys.stderr, flush=True)
        for o in summary.failed:
            say(f"  failed: {o.path}: {o.reason}", file=sys.stderr, flush=True)


def report(summary: Any, as_json: bool) -> int:
    """Print an import's summary (as JSON with ``as_json``); the exit code it earns."""
    print_summary(summary, as_json)
    return 130 if summary.cancelled else (1 if summary.failed and not summary.ok and not summary.skipped else 0)
