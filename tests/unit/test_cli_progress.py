"""The crash tests' kill switch reads the CLI's own progress lines from a pseudo-terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.cli_progress import Step, kill_at
from tests.demo_fixtures import REPO

# draws progress as core.cli does on a terminal, one step every 0.2 s, and leaves a file per step
_CHILD = """
import sys, time
from pathlib import Path
from core.cli import _drive
from core.progress import CancelToken, Progress
out, steps, code = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
def work():
    yield Progress("scan", 3, None, "files", item="a.txt")
    for i in range(1, steps + 1):
        (out / f"step{i}").touch()
        yield Progress("embed", i, steps, "chunks", item="some/very/long/name " * 5)
        time.sleep(0.2)
    return code
sys.exit(_drive(work(), CancelToken(), sys.stderr))
"""


def _cmd(out: Path, steps: int, code: int = 0) -> list[str]:
    return [sys.executable, "-c", _CHILD, str(out), str(steps), str(code)]


def test_the_kill_lands_at_the_step_asked_for(tmp_path: Path) -> None:
    seen: list[Step] = []

    def when(step: Step) -> bool:
        seen.append(step)
        return step.stage == "embed" and step.done == 3

    step = kill_at(_cmd(tmp_path, 8), when, cwd=REPO, env={"PYTHONPATH": str(REPO)})
    assert step == Step("embed", 3, 8, "chunks")
    assert seen == [Step("scan", 3, None, "files")] + [Step("embed", i, 8, "chunks") for i in (1, 2, 3)]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["step1", "step2", "step3"]  # killed before step 4


def test_a_command_that_ends_first_returns_none_and_a_failed_one_fails(tmp_path: Path) -> None:
    assert kill_at(_cmd(tmp_path, 2), lambda s: False, cwd=REPO, env={"PYTHONPATH": str(REPO)}) is None
    with pytest.raises(AssertionError, match="failed before the kill"):
        kill_at(_cmd(tmp_path, 1, code=3), lambda s: False, cwd=REPO, env={"PYTHONPATH": str(REPO)})
