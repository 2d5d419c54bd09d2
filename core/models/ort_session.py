"""One place that opens ONNX Runtime sessions for the encoders (text and image)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.errors import ModelError


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
