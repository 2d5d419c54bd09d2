"""docs/benchmarks.md is what ``scripts/bench/run_all`` writes, and each section says how its thresholds were set.

Issue #9: a replay row was once added to the file by hand, from a script ``run_all`` never ran, and
thresholds were reported on the data they were tuned on without saying so. These checks read the
document and the scripts as text (nothing is measured): every section is one a ``run_all`` step
writes, and every section states whether anything in it was tuned (and on what).
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "benchmarks.md"
BENCH = REPO / "scripts" / "bench"


def _steps() -> dict[str, Path]:
    """``run_all``'s STEPS: section name → script."""
    text = (BENCH / "run_all").read_text(encoding="utf-8")
    block = re.search(r"^STEPS=\((.*?)^\)", text, re.S | re.M)
    assert block, "no STEPS=( … ) in scripts/bench/run_all"
    steps = {}
    for line in re.findall(r'"([^"]+)"', block.group(1)):
        name, script, *_ = line.split()
        steps[name] = BENCH / script
    return steps


def _sections() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(r"<!-- bench:(\w+) -->\n(.*?)<!-- /bench:\1 -->", text, re.S)}


def _writes(script: Path, name: str) -> bool:
    """Whether ``script`` writes the section ``name`` (directly or through its SECTION constant)."""
    text = script.read_text(encoding="utf-8")
    return f'write_section("{name}"' in text or (f'SECTION = "{name}"' in text and "write_section(SECTION" in text)


def test_every_run_all_step_has_a_script_that_writes_its_section() -> None:
    steps = _steps()
    assert len(steps) >= 10
    missing = [n for n, s in steps.items() if not s.is_file() or not _writes(s, n)]
    assert not missing, f"run_all steps whose script does not write their section: {missing}"


def test_every_section_of_the_document_is_written_by_a_run_all_step() -> None:
    sections, steps = _sections(), _steps()
    assert sections, "docs/benchmarks.md has no bench sections"
    orphans = sorted(set(sections) - set(steps))
    assert not orphans, f"sections no run_all step writes (added by hand?): {orphans}"


def test_every_section_says_whether_its_thresholds_were_tuned() -> None:
    """Each section states its tuning — 'nothing tuned', or what was chosen on which data."""
    silent = sorted(n for n, body in _sections().items() if not re.search(r"\btun(ing|ed)\b", body, re.I))
    assert not silent, f"sections that do not say whether anything was tuned on their data: {silent}"


def test_the_checks_see_a_section_added_by_hand(tmp_path: Path) -> None:
    """The section pattern really finds sections: a hand-made one would be reported."""
    text = DOC.read_text(encoding="utf-8") + "\n<!-- bench:handmade -->\nreplay: 30/34 grounded\n<!-- /bench:handmade -->\n"
    found = {m.group(1) for m in re.finditer(r"<!-- bench:(\w+) -->\n(.*?)<!-- /bench:\1 -->", text, re.S)}
    assert "handmade" in found and "handmade" not in _steps()
    assert not re.search(r"\btun(ing|ed)\b", "replay: 30/34 grounded", re.I)
