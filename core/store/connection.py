"""Opening the DuckDB file: pinned version, extensions loaded from their packages, migrations.

``INSTALL`` would download and fails offline; the vss/fts extension files ship
inside ``duckdb-extension-*`` wheels built for exactly this DuckDB version
(docs/design.md §5), so we ``LOAD`` them by path with autoinstall disabled.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import duckdb

from core.errors import StoreError
from core.platform_support import physical_memory

PINNED_DUCKDB = "1.5.5"
EXTENSIONS = {"fts": "duckdb_extension_fts", "vss": "duckdb_extension_vss"}


def extension_path(name: str) -> Path:
    """Path of the packaged extension file for the running DuckDB."""
    package = EXTENSIONS[name]
    try:
        base = importlib.resources.files(package)
    except ModuleNotFoundError as exc:
        raise StoreError(f"the DuckDB extension package {package} is not installed",
                         hint="Run ./scripts/run or ./scripts/test once to set up dependencies.") from exc
    path = Path(str(base / "extensions" / f"v{duckdb.__version__}" / f"{name}.duckdb_extension"))
    if not path.exists():
        raise StoreError(f"no {name} extension for DuckDB {duckdb.__version__} in {package}",
                         hint=f"DuckDB must be {PINNED_DUCKDB}; reinstall the pinned versions.")
    return path


# Rows per row group of the store's tables (DuckDB's default is 122,880). A transaction that
# inserts at least this many rows into a table writes them straight into the file; fewer go
# through the WAL and are written again at the next checkpoint. Smaller groups let a sync or an
# ingest commit every few seconds without paying twice (scripts/bench/sync.py), and a scan splits
# into more parallel tasks.
ROW_GROUP_ROWS = 16_384


def connect(path: Path | None, *, read_only: bool = False, threads: int | None = None) -> duckdb.DuckDBPyConnection:
    """Open (or create) a store file with the extensions loaded first.

    Extensions are loaded before anything else touches the file because an
    index created by an extension cannot be replayed from the WAL without it.
    """
    if duckdb.__version__ != PINNED_DUCKDB:
        raise StoreError(f"DuckDB {duckdb.__version__} found, {PINNED_DUCKDB} required",
                         hint="The packaged extensions only load into the pinned version.")
    config: dict[str, str | bool | int | float | list[str]] = {
        "autoinstall_known_extensions": False,
        "autoload_known_extensions": False,
        "allow_unsigned_extensions": False,
    }
    if threads:
        config["threads"] = threads
    if (limit := memory_limit_mib()) is not None:
        config["memory_limit"] = f"{limit}MiB"
    try:
        con = duckdb.connect(":memory:", config=config)
        # embedding floats: ALP/ALPRD took 4x the CPU of storing them plain and made them 24 % larger
        # (real e5 vectors, docs/design.md §5); a global setting, which the config dict ignores
        con.execute("SET disabled_compression_methods = 'alp,alprd'")
        # DuckDB draws its own progress bar on standard output for a query past 2 s on this
        # connection (the checkpoint closing a store after a large sync or keyword index): into
        # `--json` output and over the CLI's own progress line (its cursors start with it off)
        con.execute("SET enable_progress_bar = false")
        for name in EXTENSIONS:
            con.execute(f"LOAD '{extension_path(name)}'")
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not read_only:  # a rewrite a crash interrupted (core/store/compact.py): the old file is whole
                path.with_name(path.name + ".compact").unlink(missing_ok=True)
                path.with_name(path.name + ".compact.wal").unlink(missing_ok=True)
            # an in-memory connection spills to ".tmp" in the working directory; beside the store instead
            con.execute(f"SET temp_directory = '{sql_literal(str(path.with_name(path.name + '.tmp')))}'")
            mode = ", READ_ONLY" if read_only else ""
            con.execute(f"ATTACH '{sql_literal(str(path))}' AS store (ROW_GROUP_SIZE {ROW_GROUP_ROWS}{mode})")
            con.execute("USE store")
    except duckdb.Error as exc:
        if "Could not set lock" in str(exc):  # another process holds the file: busy, never "damaged"
            from core.store.holder import StoreLocked

            raise StoreLocked(path, str(exc)) from exc
        raise StoreError(f"cannot open the store {path}: {exc}",
                         hint="Another Ovillo may be using it, or the file is damaged.") from exc
    return con


def memory_limit_mib() -> int | None:
    """DuckDB's memory limit for a store: a quarter of the machine's memory, between 1 and 4 GiB.

    DuckDB's own default is 80 % of it, which a laptop shares with the window, the encoder and the
    answer model; past the limit DuckDB evicts cached blocks and spills to its temp folder (design §5).
    None where the platform cannot tell its memory (DuckDB's default then).
    """
    total = physical_memory()
    if total is None:
        return None
    return int(min(max(total // 4, 1 << 30), 4 << 30) >> 20)


def sql_literal(value: str) -> str:
    """Escape a string for a SQL literal (ATTACH and LOAD take no parameters)."""
    return value.replace("'", "''")
