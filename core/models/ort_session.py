"""One place that opens ONNX Runtime sessions for the encoders (text and image), and gives their memory back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.errors import ModelError
from core.platform_support import trim_malloc


def open_session(path: Path, name: str, threads: int) -> Any:
    """A CPU inference session with ``threads`` intra-op threads that sleep when idle.

    Idle pool threads sleep instead of spinning: spinning kept both cores of a 2-core laptop
    busy between batches, starving the GUI thread (event-loop stalls 155-177 ms → 80-87 ms with
    an import and an answer running) with no throughput gain (measured 9.6 vs 10.5 passages/s).
    """
    import onnxruntime as ort  # core/__init__.py has switched its telemetry off before this import

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
    opts.log_severity_level = 3
    try:
        return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    except Exception as exc:
        raise ModelError(f"cannot load ONNX model {name}: {exc}") from exc


def shrink_arena() -> Any:
    """Run options that give the CPU arena's free blocks back after the run.

    The arena keeps the largest activations it ever held (a batch of 512-token passages) for the
    session's life; one tiny run with these options frees them. Every run could use them instead,
    at the cost of allocating each batch's buffers again.
    """
    import onnxruntime as ort

    opts = ort.RunOptions()
    opts.add_run_config_entry("memory.enable_memory_arena_shrinkage", "cpu:0")
    return opts


def trim_heap() -> None:
    """Have glibc return free heap pages to the system (a no-op elsewhere).

    Released sessions free their buffers into malloc's arenas, which keep much of them resident.
    No ``gc.collect()`` here: this runs on a worker thread of the window, and a collection there
    finalizes Qt objects off their thread (it deadlocked the window's tests); a released session is
    freed by its reference count.
    """
    trim_malloc()  # not glibc (macOS, Windows, musl): nothing to trim
