"""One data folder, many front ends (issue #15 point 8): the real CLI beside a real ingest.

While ``ovillo ingest`` of the demo archive holds the store (real encoder), ``ovillo status``
and ``ovillo search`` in other processes are answered by it over its private socket; a second
ingest waits for it (or, with ``--no-wait``, says who holds the folder and exits 75).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from core.store.holder import read_holder
from tests.integration.conftest import DEMO_FOLDERS, REPO
from tests.integration.test_egress import _INET, assert_no_egress, traced

MOLINO_DIARY = "2019-07-09_trinchera2_molino.txt"


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "OVILLO_HOME"}


def ovillo(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cli", "--home", str(home), *args], capture_output=True,
                          text=True, env=_env(), timeout=300, cwd=REPO)


def _popen(home: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "cli", "--home", str(home), *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=_env(), cwd=REPO)


def test_cli_reads_through_a_running_ingest_and_writes_wait_for_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    # small batches, so the demo's records are committed (and searchable) while the ingest goes on:
    # with the default (32 × 4 texts per batch) the whole demo is one batch, committed at the end
    (home / "settings.json").write_text(json.dumps({"embed_batch": 2}), encoding="utf-8")
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "nota.txt").write_text("Una nota sobre el zapatero remendón del barrio.", encoding="utf-8")
    ingest = _popen(home, "ingest", *map(str, DEMO_FOLDERS), "--collection", "demo", "--classification", "public")
    waiter: subprocess.Popen[str] | None = None
    try:
        deadline = time.monotonic() + 600
        while (holder := read_holder(home)) is None or holder.pid != ingest.pid or not holder.socket:
            assert ingest.poll() is None and time.monotonic() < deadline, "the ingest never took the folder"
            time.sleep(0.2)
        who = f"the Ovillo that is importing (PID {ingest.pid})"

        # reads: answered by the ingest while it runs, with the demo's records as they arrive
        found = None
        while found is None:
            assert ingest.poll() is None, "the ingest ended before the diary about the mill was searchable"
            assert time.monotonic() < deadline
            status = ovillo(home, "status", "--json")
            assert status.returncode == 0, status.stderr
            assert f"answered by {who}" in status.stderr
            counts = json.loads(status.stdout)
            assert counts["home"] == str(home) and "sync" in counts
            if counts["records"] == 0:
                time.sleep(1)
                continue
            assert counts["model"] == "multilingual-e5-small"  # pinned before the first record
            search = ovillo(home, "search", "molino", "--json", "--limit", "5")
            assert search.returncode == 0, search.stderr
            assert f"answered by {who}" in search.stderr
            hits = json.loads(search.stdout)
            assert all(h["classification"] == "public" and h["section_tipo"] == "demo" for h in hits)
            if any((h["source_path"] or "").endswith(MOLINO_DIARY) for h in hits):
                found = hits
        assert ingest.poll() is None  # all of the above happened while the ingest held the store
        text = ovillo(home, "search", "molino", "--profile", "public")
        assert text.returncode == 0 and MOLINO_DIARY in text.stdout, text.stderr
        assert ovillo(home, "status", "--profile", "nobody").returncode == 2  # its profile error, relayed

        # writes: --no-wait says who holds the folder; without it, the second ingest waits its turn
        fast = ovillo(home, "ingest", str(extra), "--no-wait")
        assert fast.returncode == 75, fast.stderr
        assert who in fast.stderr and "--no-wait" in fast.stderr and "damaged" not in fast.stderr
        waiter = _popen(home, "ingest", str(extra), "--collection", "extra")
        out, err = ingest.communicate(timeout=1800)
        assert ingest.returncode == 0, err[-2000:]
        assert "failed: 0" in out
        out, err = waiter.communicate(timeout=600)
        assert waiter.returncode == 0, err[-2000:]
        assert f"waiting for {who}…" in err
        assert "files ok: 1" in out
    finally:
        for proc in (ingest, waiter):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.communicate()

    # the folder is free again: the same commands open the store themselves
    assert read_holder(home) is None
    status = ovillo(home, "status", "--json")
    assert status.returncode == 0 and "answered by" not in status.stderr
    assert json.loads(status.stdout)["records"] > len(found)
    hits = json.loads(ovillo(home, "search", "zapatero remendón", "--json", "--limit", "1").stdout)
    assert hits[0]["section_tipo"] == "extra"


def test_asking_the_holder_is_no_egress_under_strace(tmp_path: Path) -> None:
    """A real ``ovillo status`` answered by a holder, traced: the connect is AF_UNIX, and no inet one."""
    from core.models.fake_encoder import HashingEncoder
    from core.service import Ovillo

    with Ovillo(tmp_path / "home", models_dir=tmp_path / "models", encoder=HashingEncoder(), doing="window") as app:
        info = read_holder(app.paths.home)
        assert info is not None and info.socket
        run, found, trace = traced([sys.executable, "-m", "cli", "--home", str(app.paths.home), "status",
                                    "--json"], tmp_path, timeout=300)
    assert_no_egress(run, found, trace)
    assert "answered by the Ovillo that is open in a window" in run.stderr
    assert 'connect(' in trace and f'sa_family=AF_UNIX, sun_path="{info.socket}"' in trace, trace[-3000:]


def test_the_egress_filter_counts_inet_but_not_a_local_socket() -> None:
    """The holder's AF_UNIX connects are not network: test_egress.py's filter agrees."""
    # lines as strace 6.1 prints them (captured from a real run)
    unix = '26762 connect(3, {sa_family=AF_UNIX, sun_path="/run/user/1000/ovillo/0123abcd.sock"}, 21) = 0'
    inet = ('26762 connect(3, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.1")}, 16) = -1 '
            'ECONNREFUSED (Connection refused)')
    assert _INET.findall(unix) == []
    assert _INET.findall(inet) == [("AF_INET", "53", "10.0.0.1", "")]
