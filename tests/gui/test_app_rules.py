"""House rules for app/: small modules, and core reached only through the facade and its data types."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
# data types and the facade; nothing that does work behind the facade's back (store, retrieval, ingest runs)
ALLOWED = {"core.service", "core.errors", "core.progress", "core.records", "core.settings", "core.retrieval.hits",
           "core.retrieval.filters", "core.ingest.pipeline", "core.answer.result", "core.answer.conversation",
           "core.answer.citations"}


def core_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("core"):
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names if a.name.startswith("core"))
    return names


def test_app_modules_stay_small() -> None:
    big = {p.name: n for p in APP.rglob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines())) >= 400}
    assert not big


def test_app_reaches_core_only_through_the_facade() -> None:
    bad = {str(p.relative_to(APP)): sorted(core_imports(p) - ALLOWED) for p in APP.rglob("*.py")}
    assert not {k: v for k, v in bad.items() if v}


def test_only_ops_and_the_entry_points_touch_the_facade_methods() -> None:
    # views call core through app.ops (the operation wrapper), never ovillo.<op>() on the GUI thread directly
    for p in (APP / "views").glob("*.py"):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Lambda):
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                if isinstance(owner, ast.Attribute) and owner.attr == "ovillo":
                    # allowed only inside a lambda handed to ops.run (checked by ops.run being the caller)
                    assert _inside_lambda(tree, node), f"{p.name}:{node.lineno} calls the facade directly"


def _inside_lambda(tree: ast.AST, target: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Lambda) and any(n is target for n in ast.walk(node)):
            return True
    return False
