"""``ovillo sync`` and ``ovillo central …``: the command line of the central archive (docs/design.md §6)."""

from __future__ import annotations

import argparse
import getpass
import os
import stat
import sys
from pathlib import Path
from typing import Any

from core.api import CLASSIFICATIONS, ConfigError
from cli.text import print_json, say, visible


def add_parsers(sub: Any) -> None:
    """Add ``sync`` and ``central`` to the CLI's subparsers."""
    sy = sub.add_parser("sync", help="pull the records you may read (and their vectors) from the central archive")
    sy.add_argument("--server", required=True, help="postgresql://HOST:PORT/DATABASE (no password in it)")
    sy.add_argument("--user", required=True)
    sy.add_argument("--password-file", metavar="F", help="file whose first line is the password (mode 600)")
    sy.add_argument("--ca-file", metavar="F", help="CA certificate: connects with sslmode=verify-full")
    sy.add_argument("--insecure", action="store_true", help="allow a non-local server without verified TLS")
    sy.add_argument("--page", default="500", metavar="N", help="records per local transaction (1 to 10000)")
    sy.add_argument("--json", action="store_true", help="print the summary as JSON")
    sy.add_argument("--remember-password", action="store_true",
                    help="save the password in the system keyring once the server accepted it")
    sy.add_argument("--forget-password", action="store_true",
                    help="delete the password saved in the system keyring for this user and server, then stop")

    ce = sub.add_parser("central", help="run a central archive server (tests, demos, small institutions)")
    cs = ce.add_subparsers(dest="central_command", required=True)
    ci = cs.add_parser("init", help="create and start a server in DIR; prints the administrator's DSN last")
    ci.add_argument("dir")
    ci.add_argument("--port", metavar="N", help="TCP port, 1 to 65535 (default: a free one)")
    for name in ("start", "stop"):
        cs.add_parser(name, help=f"{name} the server in DIR").add_argument("dir")
    cp = cs.add_parser("publish", help="ingest files with the local pipeline and write them to the central archive")
    cp.add_argument("paths", nargs="+", metavar="PATH")
    cp.add_argument("--dsn", required=True, help="the administrator's DSN")
    cp.add_argument("--collection")
    cp.add_argument("--classification", choices=list(CLASSIFICATIONS))
    cp.add_argument("--project", action="append", default=[], dest="projects", metavar="P")
    cp.add_argument("--json", action="store_true")
    cu = cs.add_parser("user", help="manage users")
    cua = cu.add_subparsers(dest="user_command", required=True)
    ua = cua.add_parser("add", help="create a user, or update its clearance, projects and password")
    ua.add_argument("name")
    ua.add_argument("--dsn", required=True, help="the administrator's DSN")
    ua.add_argument("--clearance", required=True, choices=list(CLASSIFICATIONS))
    ua.add_argument("--project", action="append", dest="projects", metavar="P",
                    help="limit the user to these projects (repeat); none: every project")
    ua.add_argument("--password-file", required=True, metavar="F")


def read_password_file(path: str) -> str:
    """The first line of a private file (refused when others may read it)."""
    p = Path(path).expanduser()
    try:
        st = p.stat()
        if not stat.S_ISREG(st.st_mode):
            raise ConfigError(f"{path} is not a regular file")
        if os.name == "posix" and st.st_mode & 0o077:
            raise ConfigError(f"{path} can be read by other users", hint=f"chmod 600 {path}")
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot read the password file {path}: {exc.strerror}") from exc
    password = text.splitlines()[0] if text else ""
    if not password:
        raise ConfigError(f"the password file {path} is empty")
    return password


def _password(args: argparse.Namespace) -> tuple[str | None, str]:
    """The password and where it came from: ``file``, ``keyring`` (None: the saved one) or ``prompt``."""
    from core.api import saved_password

    if args.password_file:
        return read_password_file(args.password_file), "file"
    if saved_password(args.server, args.user) is not None:  # the OS keyring, when there is one
        return None, "keyring"
    if not sys.stdin.isatty():
        raise ConfigError("no password given", hint="Use --password-file F, or run in a terminal to be asked.")
    return getpass.getpass(f"password for {visible(args.user)}: "), "prompt"


def _offer_keyring(args: argparse.Namespace, source: str) -> bool:
    """Whether to save the password in the OS keyring after a successful sync (asked only in a terminal)."""
    from core.api import keyring_available

    if args.remember_password or source == "keyring" or not keyring_available():
        return bool(args.remember_password)
    if source != "prompt" or not sys.stdin.isatty():
        return False
    answer = input("remember this password in the system keyring? [y/N] ")
    return answer.strip().lower() in ("y", "yes", "s", "si", "sí")


def run(args: argparse.Namespace) -> int:
    """Run ``sync`` or ``central …``."""
    if args.command == "central":
        return _central(args)
    return _sync(args)


def _central(args: argparse.Namespace) -> int:
    from core.api import central_server as server

    if args.central_command == "init":
        dsn = server.init(Path(args.dir), args.port)
        say(f"central server running in {args.dir}; keep this address private (it holds the password):")
        say(dsn)
        return 0
    if args.central_command == "start":
        pid = server.start(Path(args.dir))
        say(f"central server started (pid {pid}, port {server.Cluster(Path(args.dir).resolve()).port})")
        return 0
    if args.central_command == "stop":
        server.stop(Path(args.dir))
        say("central server stopped")
        return 0
    if args.central_command == "publish":
        return _publish(args)
    from core.api import add_user_at

    password = read_password_file(args.password_file)
    created = add_user_at(args.dsn, args.name, args.clearance, args.projects, password)
    say(f"user {args.name} {'created' if created else 'updated'}: clearance {args.clearance}, "
        f"projects {', '.join(map(str, args.projects)) if args.projects else 'all'}")
    return 0


def _publish(args: argparse.Namespace) -> int:
    import hashlib
    import tempfile

    from cli.progress import run_with_progress
    from core.api import CancelToken, IngestOptions, Ovillo, admin_connect, model_folder, publish_store, \
        read_manifest

    roots = [str(Path(p).expanduser().resolve()) for p in args.paths]
    models = Path(args.models).expanduser().resolve() if args.models else None
    # a scratch data folder: the same pipeline as `ovillo ingest`, then COPY to the server
    # the server first: a wrong address fails before minutes of ingest
    with admin_connect(args.dsn) as con, tempfile.TemporaryDirectory(prefix="ovillo-publish-") as scratch, \
            Ovillo(scratch, models_dir=models) as app:
        cancel = CancelToken()
        opts = IngestOptions(collection=args.collection, classification=args.classification,
                             project_ids=args.projects)
        ingested = run_with_progress(app.library.ingest(roots, opts, cancel), cancel, sys.stderr)
        manifest = read_manifest(model_folder(app.paths.models, app.encoder.name))
        # the model's identity: the sha256 of its files' digests (what a client's pinned model must match)
        model_sha = hashlib.sha256("".join(f"{k}:{f.sha256};" for k, f in sorted(manifest.files.items()))
                                   .encode()).hexdigest()
        summary = publish_store(con, app.store, roots, model_sha=model_sha)
        con.commit()
    out = {**summary.to_json(), "failed": [{"path": o.path, "reason": o.reason} for o in ingested.failed]}
    if args.json:
        print_json(out)
    else:
        say(f"published: added {summary.added} · updated {summary.updated} · unchanged {summary.unchanged} · "
            f"tombstoned {summary.tombstoned} · vectors {summary.vectors} · failed files {len(ingested.failed)}")
    return 0


def _sync(args: argparse.Namespace) -> int:
    from cli.progress import run_with_progress
    from core.api import CancelToken, Ovillo, SyncRequest, forget_password, keyring_available, \
        remember_password, server_params

    if args.forget_password:
        had = forget_password(args.server, args.user)
        say(f"forgot the saved password of {args.user}" if had else
            f"no saved password for {args.user}" + ("" if keyring_available() else " (no safe system keyring here)"))
        return 0
    server_params(args.server, ca_file=args.ca_file, insecure=args.insecure)  # refuse before asking
    models = Path(args.models).expanduser().resolve() if args.models else None
    # the store first: a second sync (or ingest) holding it fails here, before a password is asked
    with Ovillo(args.home, models_dir=models) as app:
        password, source = _password(args)
        cancel = CancelToken()
        request = SyncRequest(args.server, args.user, password, ca_file=args.ca_file, insecure=args.insecure,
                              page=args.page, remember=bool(args.remember_password))
        report = run_with_progress(app.sync.run(request, cancel), cancel, sys.stderr)
    if password is not None and not report.remembered and _offer_keyring(args, source):
        report.remembered = remember_password(args.server, args.user, password)
    if args.remember_password and not report.remembered:
        say("the password was not saved: no safe system keyring here", file=sys.stderr)
    if args.json:
        print_json(report.summary.to_json())
    else:
        s = report.summary
        say(f"added {s.added} · updated {s.updated} · removed {s.removed} · revoked {s.revoked} · "
            f"vectors reused {s.vectors_reused} · embedded {s.vectors_embedded} · "
            f"{s.bytes / 1e6:.1f} MB in {s.seconds:.1f} s")
    return 0


def sync_status(store: Any) -> dict[str, Any] | None:
    """``status --json``'s ``sync`` entry: server, user, last_sync, watermark (None: never synced)."""
    from core.api import sync_status as status

    return status(store)
