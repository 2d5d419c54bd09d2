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


def test_core_never_imports_qt_or_app() -> None:
    offenders = {str(p.relative_to(CORE)): sorted(imports_of(p) & {"PySide6", "PyQt5", "PyQt6", "qtpy", "app"})
                 for p in CORE.rglob("*.py")}
    assert not {k: v for k, v in offenders.items() if v}


def test_core_imports_without_qt_loaded() -> None:
    code = "import sys, core.service, core.cli; assert not any(m.startswith('PySide6') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=CORE.parent)


def test_modules_stay_small() -> None:
    big = {str(p.relative_to(CORE)): n for p in CORE.rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert not big
