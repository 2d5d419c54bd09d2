"""The crash tests' kill switch reads the CLI's own progress lines from a pseudo-terminal."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from cli.progress import progress_line
from core.progress import Progress
from tests.cli_progress import Step, StepReader, kill_at
from tests.demo_fixtures import REPO

# draws progress as cli.progress does on a terminal, one step every 0.2 s, and leaves a file per step
_CHILD = """
import sys, time
from pathlib import Path
from cli.progress import run_with_progress
from core.progress import CancelToken, Progress
out, steps, code = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
def work():
    yield Progress("scan", 3, None, "files", item="a.txt")
    for i in range(1, steps + 1):
        (out / f"step{i}").touch()
        yield Progress("embed", i, steps, "chunks", item="some/very/long/name " * 5)
        time.sleep(0.2)
    return code
sys.exit(run_with_progress(work(), CancelToken(), sys.stderr))
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


def test_every_step_is_read_once_however_the_reads_split_the_lines() -> None:
    """A batch's files are drawn together, so one read of the terminal often held several lines:
    the reader took the later lines' offsets from the wrong origin and skipped them, and the crash
    test's kill at "half the files done" never fired (the ingest ran to the end)."""
    events = [Progress("index", 0, None, "files", item="a.txt")]
    events += [Progress("index", i, 9, "files", item=f"diary {i}.md", eta_s=9.0 - i) for i in range(1, 10)]
    events += [Progress("embed", 16, 17, "chunks", item="oh01_josep_ca.vtt")]
    raw = b"".join(("\r\033[K" + progress_line(ev)).encode() for ev in events)
    expected = [Step(ev.stage, ev.done, ev.total, ev.unit) for ev in events]
    assert StepReader().feed(raw) == expected  # all in one read
    splits = random.Random(7)
    for _ in range(200):
        cuts = sorted(splits.sample(range(1, len(raw)), splits.randint(1, 40)))
        reader = StepReader()
        got = [s for a, b in zip([0, *cuts], [*cuts, len(raw)]) for s in reader.feed(raw[a:b])]
        assert got == expected, cuts
