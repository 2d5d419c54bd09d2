"""House rules that keep the code shaped as designed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "core"


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_core_imports_without_qt_loaded() -> None:
    code = "import sys, core.service, cli.main; assert not any(m.startswith('PySide6') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=CORE.parent)


def test_modules_stay_small() -> None:
    """Small modules named for what they hold: none over 400 lines in core/, app/ or cli/."""
    big = {str(p.relative_to(CORE.parent)): n for folder in ("core", "app", "cli")
           for p in (CORE.parent / folder).rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not big


def _first_import_line(path: Path, module: str) -> int | None:
    """Line of the first statement in ``path`` that imports ``module`` (any depth), or None."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == module for a in node.names):
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] == module:
            lines.append(node.lineno)
    return min(lines) if lines else None


def test_every_onnxruntime_import_comes_after_core_closed_telemetry() -> None:
    """core/__init__.py sets ORT_DISABLE_TELEMETRY; a file that imports onnxruntime must import core first.

    Inside core that holds by construction (the package is initialised before any module of it).
    Elsewhere (scripts, tests, app) the file itself must import core on an earlier line; the
    system-call test (tests/integration/test_egress.py) is the proof, this keeps new files honest.
    """
    repo = CORE.parent
    offenders = []
    for folder in ("app", "scripts", "tests"):
        for path in (repo / folder).rglob("*.py"):
            ort = _first_import_line(path, "onnxruntime")
            if ort is None:
                continue
            core = _first_import_line(path, "core")
            if core is None or core > ort:
                offenders.append(f"{path.relative_to(repo)}:{ort}")
    assert not offenders, f"onnxruntime imported before core: {offenders}"


def test_core_sets_telemetry_off_unconditionally() -> None:
    code = ("import os; os.environ['ORT_DISABLE_TELEMETRY'] = '0'; import core; "
            "print(os.environ['ORT_DISABLE_TELEMETRY'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_only_core_sync_talks_to_postgresql() -> None:
    offenders = [str(p.relative_to(CORE.parent)) for folder in ("core", "app")
                 for p in (CORE.parent / folder).rglob("*.py")
                 if imports_of(p) & {"psycopg", "psycopg2", "asyncpg", "pg8000"}
                 and "sync" not in p.relative_to(CORE.parent).parts]
    assert not offenders


def test_terminal_code_stays_out_of_the_pipeline() -> None:
    """print/argparse/stdin belong to the front ends (cli/, app/), not to core."""
    offenders = []
    for path in CORE.rglob("*.py"):
        if path == CORE / "models" / "e5_export.py":  # a developer's export tool (python -m …), not a user path
            continue
        if imports_of(path) & {"argparse"}:
            offenders.append(str(path.relative_to(CORE)))
    assert not offenders
