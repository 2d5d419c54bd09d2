"""House rules for app/: views reach core through app.ops, never the facade directly."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
# the module size and "core through core.api only" rules are the whole tree's: tests/unit/test_architecture.py
# and the layer contracts (tests/unit/test_layers.py)


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


PLAIN = APP / "plain.py"
TEXT = APP / "text.py"
# Qt guesses the format of these (Qt::mightBeRichText): a file named "<img src=…>.txt" would render as
# HTML, so only app/plain.py makes them, as plain text or escaped
GUESSING_CLASSES = {"QLabel", "QMessageBox"}
GUESSING_METHODS = {"setToolTip", "setWhatsThis", "showText", "setTextFormat"}
GUESSING_ROLES = {"ToolTipRole", "WhatsThisRole"}
MESSAGE_BOX_STATICS = {"information", "warning", "critical", "question"}


def _guessing_sites(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    sites: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            sites += [(node.lineno, f"subclasses {b.id}") for b in node.bases
                      if isinstance(b, ast.Name) and b.id in GUESSING_CLASSES]
        elif isinstance(node, ast.Attribute) and node.attr in GUESSING_ROLES:
            sites.append((node.lineno, node.attr))
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id in GUESSING_CLASSES:
                sites.append((node.lineno, f"{f.id}(…)"))
            elif isinstance(f, ast.Attribute):
                # a form row given a string title makes its own label, which guesses
                titled_row = len(node.args) >= {"addRow": 2, "insertRow": 3}.get(f.attr, 99)
                static_box = (isinstance(f.value, ast.Name) and f.value.id == "QMessageBox"
                              and f.attr in MESSAGE_BOX_STATICS)
                if f.attr in GUESSING_METHODS or titled_row or static_box:
                    sites.append((node.lineno, f".{f.attr}(…)"))
    return [f"{path.relative_to(APP)}:{line} {what}" for line, what in sorted(sites)]


def test_labels_tooltips_and_message_boxes_are_made_only_by_app_plain() -> None:
    sites = [s for p in sorted(APP.rglob("*.py")) if p != PLAIN for s in _guessing_sites(p)]
    assert not sites, "use app.plain (plain_label, rich_label, set_tip, form_row, message_box): " + ", ".join(sites)


def _imports_html(path: Path) -> bool:
    return any((isinstance(n, ast.Import) and any(a.name == "html" for a in n.names))
               or (isinstance(n, ast.ImportFrom) and n.module == "html")
               for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))


def test_markup_escapes_data_in_one_place() -> None:
    # views build markup with app.text's escape and highlight: one escape to check, not one per view
    assert not [str(p.relative_to(APP)) for p in APP.rglob("*.py") if p != TEXT and _imports_html(p)]
