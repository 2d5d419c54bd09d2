"""Nothing leaves the machine, proven at the system-call level.

A Python audit hook cannot see sockets that native threads open (onnxruntime's
telemetry resolves a host from its own thread), so the real CLI runs under
``strace -f``, which follows every thread and child process (the answer model's
too), and any ``connect``/``sendto``/``sendmsg`` to an ``AF_INET``/``AF_INET6``
address fails the test. A control run of bare onnxruntime with telemetry left on
shows that the tracer does see a native thread's DNS query.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.conftest import DEMO, REPO, copy_home
from tests.pg_fixtures import CentralServer, central_server  # noqa: F401  (the session fixture)

# a destination in strace's rendering of a sockaddr: family, then port and address
# (strace prints ``sin6_flowinfo=…,`` between an AF_INET6 port and its address)
_INET = re.compile(r"sa_family=(AF_INET6?),\s*sin6?_port=htons\((\d+)\),\s*(?:sin6_flowinfo=[^,]*,\s*)?"
                   r"(?:sin_addr=inet_addr\(\"([^\"]+)\"\)|inet_pton\(AF_INET6,\s*\"([^\"]+)\")")
# sync to a configured central server is the one permitted destination; none is configured here
ALLOWED: frozenset[tuple[str, int]] = frozenset()
# onnxruntime 1.32 switches its telemetry off by itself when any of these is set (read off its
# library's strings, then measured: CI=true gives no DNS query). CI sets some of them, so traced
# commands run without them: the test sees what a user's machine does, not what a CI runner does.
CI_MARKERS = ("CI", "TF_BUILD", "GITHUB_ACTIONS", "GITLAB_CI", "CIRCLECI", "TRAVIS", "JENKINS_URL",
              "CODEBUILD_BUILD_ID", "BUILDKITE", "TEAMCITY_VERSION", "APPVEYOR", "BITBUCKET_BUILD_NUMBER",
              "SYSTEM_TEAMFOUNDATIONCOLLECTIONURI")


def destinations(trace: str) -> list[tuple[str, str, int]]:
    """Every inet destination in an strace log: (family, address, port)."""
    return [(fam, v4 or v6, int(port)) for line in trace.splitlines() for fam, port, v4, v6 in _INET.findall(line)]


def test_the_filter_reads_both_address_families_as_strace_prints_them() -> None:
    """Lines as strace 6.1 writes them: IPv4, IPv6 (with its flowinfo), and a local socket that is no egress."""
    trace = ('123 connect(5, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.2")}, 16) = 0\n'
             '124 connect(6, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), '
             'inet_pton(AF_INET6, "2001:db8::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ENETUNREACH\n'
             '125 connect(7, {sa_family=AF_UNIX, sun_path="/run/user/0/ovillo/s.sock"}, 110) = 0\n')
    assert destinations(trace) == [("AF_INET", "10.0.0.2", 53), ("AF_INET6", "2001:db8::1", 443)]


def _strace() -> str:
    path = shutil.which("strace")
    assert path, ("strace is required for the egress test and is missing: ./scripts/test installs it "
                  "(apt-get install strace) when run as root; install it and run again")
    return path


def traced(argv: list[str], tmp_path: Path, *, env: dict[str, str] | None = None,
           timeout: float = 900) -> tuple[subprocess.CompletedProcess[str], list[tuple[str, str, int]], str]:
    """Run ``argv`` under strace; return the run, every inet destination, and the raw trace."""
    log = tmp_path / f"trace-{len(list(tmp_path.glob('trace-*')))}.txt"
    e = {k: v for k, v in os.environ.items() if k != "OVILLO_HOME" and k not in CI_MARKERS}
    e.update(env or {})
    cmd = [_strace(), "-f", "-qq", "-s", "128", "-e", "trace=connect,sendto,sendmsg,execve", "-o", str(log), "--", *argv]
    run = subprocess.run(cmd, capture_output=True, text=True, env=e, timeout=timeout, cwd=REPO)
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    return run, destinations(text), text


# onnxruntime's upload thread resolves its host some seconds after the first inference, so each
# command lingers afterwards: a short command must not exit before a delayed lookup could be seen
LINGER_S = 12
_RUN_CLI = ("import sys, time\n"
            "import core\n"
            "{switch}"
            "from cli.main import main\n"
            "rc = main(sys.argv[1:])\n"
            f"time.sleep({LINGER_S})\n"
            "sys.exit(rc)\n")


def cli(home: Path, *args: str, telemetry_back_on: bool = False) -> list[str]:
    """The real ``ovillo`` CLI; ``telemetry_back_on`` undoes core's switch (the detector's control)."""
    switch = "import os; os.environ['ORT_DISABLE_TELEMETRY'] = '0'\n" if telemetry_back_on else ""
    return [sys.executable, "-c", _RUN_CLI.format(switch=switch), "--home", str(home), *args]


def assert_no_egress(run: subprocess.CompletedProcess[str], found: list[tuple[str, str, int]], trace: str,
                     allowed: frozenset[tuple[str, int]] = ALLOWED) -> None:
    assert run.returncode == 0, run.stderr[-2000:]
    leaks = [d for d in found if (d[1], d[2]) not in allowed]
    assert not leaks, f"network destinations contacted: {leaks}\n{trace[-3000:]}"


@pytest.fixture(scope="module")
def home(demo_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_home(demo_home, tmp_path_factory.mktemp("egress") / "home")


def test_the_tracer_sees_a_native_threads_dns_query(tmp_path: Path, home: Path) -> None:
    """Control: the same ingest with telemetry switched back on after core's switch is caught.

    onnxruntime's telemetry thread resolves its collector's host (a DNS query to port 53);
    strace sees it although no Python code opened a socket.
    """
    folder = tmp_path / "notas"
    folder.mkdir()
    (folder / "nota.txt").write_text("Una nota sobre el molino.", encoding="utf-8")
    run, found, trace = traced(cli(home, "ingest", str(folder), telemetry_back_on=True), tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert any(port == 53 for _, _, port in found), f"no DNS query seen; trace:\n{trace[-3000:]}"
    assert "mobile" in trace and "events" in trace  # the query names onnxruntime's telemetry host


def test_ingest_search_similar_status_open_no_network_socket(tmp_path: Path, home: Path) -> None:
    """The four commands, each traced with its linger; the three independent chains (ingest;
    search, then similar of its first hit; status) run at once, each on its own copy of the
    folder (DuckDB locks a store per process, and a second process would be answered by the
    first over its socket: another code path), so the test waits out the lingers side by side."""
    import json
    from concurrent.futures import ThreadPoolExecutor

    folder = tmp_path / "cartas"
    folder.mkdir()
    for n in range(3):
        (folder / f"carta_{n}.txt").write_text(f"Carta {n}: el molino del valle volvió a moler trigo en 19{50 + n}.",
                                               encoding="utf-8")
    # an inherited ORT_DISABLE_TELEMETRY=0 must not switch telemetry back on
    env = {"ORT_DISABLE_TELEMETRY": "0"}

    def chain(name: str, steps: list[list[str]]) -> list[tuple[subprocess.CompletedProcess[str],
                                                               list[tuple[str, str, int]], str]]:
        logs = tmp_path / name
        logs.mkdir()
        mine = copy_home(home, tmp_path / f"home-{name}")
        out = []
        for args in steps:
            if args[0] == "similar":  # of the search's first hit
                first = json.loads(out[-1][0].stdout)[0]
                args = [args[0], first["section_tipo"], str(first["section_id"]), *args[1:]]
            out.append(traced(cli(mine, *args), logs, env=env))
            if out[-1][0].returncode != 0:
                break
        return out

    with ThreadPoolExecutor(3) as pool:
        ingest = pool.submit(chain, "ingest", [["ingest", str(folder), "--classification", "public"]])
        search = pool.submit(chain, "search", [["search", "molino de agua", "--json"], ["similar", "--json"]])
        status = pool.submit(chain, "status", [["status", "--json"]])
        runs = {"ingest": ingest.result(), "search": search.result(), "status": status.result()}
    for steps in runs.values():
        for run, found, trace in steps:
            assert_no_egress(run, found, trace)
    assert [len(v) for v in runs.values()] == [1, 2, 1]
    assert "files ok: 3" in runs["ingest"][0][0].stdout
    assert '"section_id"' in runs["search"][0][0].stdout
    assert json.loads(runs["search"][1][0].stdout)
    assert json.loads(runs["status"][0][0].stdout)["records"] > 0


def test_ask_with_the_real_answer_model_opens_no_network_socket(tmp_path: Path, home: Path) -> None:
    run, found, trace = traced(cli(home, "ask", "Where did the denarius of Trajan come from?", "--json",
                                   "--max-tokens", "48"), tmp_path, env={"ORT_DISABLE_TELEMETRY": "0"})
    assert_no_egress(run, found, trace)
    import json

    result = json.loads(run.stdout)
    assert result["model"] and (result["answer"] or result["refused"])
    # the answer model ran in its own (spawned) process, and strace followed it there
    assert "spawn_main" in trace, trace[-3000:]


def test_the_window_opens_no_network_socket(tmp_path: Path, home: Path) -> None:
    """The desktop app's views on the demo (offscreen): search, record, import, library, kiosk."""
    out = tmp_path / "shots"
    demo = [str(DEMO / "reports")]
    run, found, trace = traced([sys.executable, "-m", "app.screenshots", "--home", str(home), "--out", str(out),
                                "--no-ask", *demo], tmp_path,
                               env={"QT_QPA_PLATFORM": "offscreen", "ORT_DISABLE_TELEMETRY": "0"})
    assert_no_egress(run, found, trace)
    assert (out / "search.png").stat().st_size > 0


def test_sync_connects_only_to_the_configured_server(tmp_path: Path, central_server: CentralServer) -> None:  # noqa: F811
    """``ovillo sync`` opens exactly one kind of connection: to the server it was given, and nothing else."""
    import psycopg

    from core.sync.central import add_user

    with psycopg.connect(central_server.dsn) as admin:
        add_user(admin, "egress_user", "public", None, "egress-pw")
        admin.execute("TRUNCATE records CASCADE")  # the session's server: start from a known archive
        admin.execute("INSERT INTO records (section_tipo, section_id, title, classification) "
                      "VALUES ('egress', 1, 'one', 'public')")
    pw = tmp_path / "pw"
    pw.write_text("egress-pw\n", encoding="utf-8")
    pw.chmod(0o600)
    server = ("127.0.0.1", central_server.port)
    run, found, trace = traced(cli(tmp_path / "home", "sync", "--server", central_server.address, "--user",
                                   "egress_user", "--password-file", str(pw), "--json"), tmp_path)
    assert_no_egress(run, found, trace, allowed=ALLOWED | {server})
    assert {(d[1], d[2]) for d in found} == {server}, trace[-3000:]  # the sync really went over TCP, there only
    assert '"added": 1' in run.stdout
