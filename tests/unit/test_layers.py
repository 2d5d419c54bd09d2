"""The layer contracts of docs/design.md §2 (``[tool.importlinter]`` in pyproject.toml), checked by import-linter.

Lazy imports inside functions and ``TYPE_CHECKING`` blocks count: a circle is a circle even when it only
shows up at type-checking time.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _lint() -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or "lint-imports"
    return subprocess.run([exe, "--no-cache", "--no-logo"], cwd=REPO, capture_output=True, text=True, timeout=300)


def test_every_layer_contract_is_kept() -> None:
    run = _lint()
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    for contract in contracts:  # each one was read and checked, none silently dropped
        assert f"{contract['name']} KEPT" in run.stdout


def test_the_core_layers_name_every_module_of_core() -> None:
    """A new core module must be given its place in the layers (the contract is exhaustive)."""
    contracts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    layered = next(c for c in contracts if c["type"] == "layers" and c.get("containers") == ["core"])
    assert layered["exhaustive"] is True
    named = {m.strip() for layer in layered["layers"] for m in layer.replace(":", "|").split("|")}
    on_disk = {p.stem if p.is_file() else p.name for p in (REPO / "core").iterdir()
               if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()}
    assert on_disk == named


def test_a_broken_contract_fails(tmp_path: Path) -> None:
    """The check is live: a front end importing core's insides breaks the first contract."""
    bad = REPO / "cli" / "_layers_probe.py"
    bad.write_text("from core.store.db import Store  # a front end reaching past core.api\n", encoding="utf-8")
    try:
        run = _lint()
    finally:
        bad.unlink()
    assert run.returncode != 0
    assert "cli._layers_probe -> core.store.db" in run.stdout


def test_every_name_of_the_door_resolves() -> None:
    """Each name core.api offers its front ends is where the door says it is."""
    import core.api

    missing = []
    for name in core.api.__all__:
        try:
            getattr(core.api, name)
        except (AttributeError, ImportError) as exc:
            missing.append(f"{name}: {exc}")
    assert not missing


def test_the_door_loads_nothing_heavy() -> None:
    """Importing the door costs nothing: each name loads its module when first asked for."""
    code = ("import sys, core.api; heavy = {'numpy', 'duckdb', 'onnxruntime', 'llama_cpp', 'PySide6'}; "
            "print(sorted(heavy & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _private_reaches(path: Path) -> list[str]:
    """Private names a script takes from the project's packages, or reads off any object but its own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("core", "app", "cli"):
            found += [f"{node.lineno}: {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls", "C")):  # C: the benchmarks' _common
                found.append(f"{node.lineno}: .{node.attr}")
    return found


def test_scripts_reach_core_through_public_names_only() -> None:
    """Benchmarks and tools measure through public seams (a seam is added where one is missing), never privates."""
    offenders = {str(p.relative_to(REPO)): bad for p in (REPO / "scripts").rglob("*.py") if (bad := _private_reaches(p))}
    assert not offenders
