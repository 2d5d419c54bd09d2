"""Ovillo's pipeline (no Qt). Importing any part of it first closes native telemetry.

onnxruntime >= 1.31 resolves a telemetry host from one of its own native threads
(a DNS query leaves the machine); ``disable_telemetry_events()`` does not stop it,
``ORT_DISABLE_TELEMETRY=1`` in the environment before onnxruntime starts does. Every
entry point (CLI, GUI, tests, benchmarks, the answer-model child process) imports
``core`` before anything imports onnxruntime, so this is the one place that sets it;
it is assigned, not defaulted, so an inherited ``ORT_DISABLE_TELEMETRY=0`` cannot
switch telemetry back on. ``tests/integration/test_egress.py`` proves it with strace.
"""

import os as _os

_os.environ["ORT_DISABLE_TELEMETRY"] = "1"
