"""The answer model's native code runs on every x86-64 CPU with AVX2: no AVX-512, no AMX.

A native build (GGML_NATIVE) executed AMX ``tilezero`` and died with SIGILL on a VM that
advertises AMX but traps it. Setup builds llama-cpp-python with portable flags; this test
disassembles the installed native libraries and fails on any AVX-512 (``zmm`` registers,
opmask writes) or AMX (``tile*``, ``tdp*``) instruction.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

# AMX mnemonics, and AVX-512's 512-bit registers (AVX-512VL on xmm/ymm still uses EVEX masks {k1..k7})
_FORBIDDEN = re.compile(r"\b(tilezero|tileloadd|tileloaddt1|tilestored|tilerelease|ldtilecfg|sttilecfg|"
                        r"tdpb[su][su]d|tdpbf16ps|tdpfp16ps)\b|%zmm\d+|\{%k[1-7]\}")


def _native_libs() -> list[Path]:
    import llama_cpp

    root = Path(llama_cpp.__file__).parent
    libs = sorted(p for p in root.rglob("*.so*") if p.is_file())
    assert libs, f"no native library found under {root}"
    return libs


def test_llama_libraries_hold_no_avx512_or_amx_instruction() -> None:
    objdump = shutil.which("objdump")
    assert objdump, "objdump is missing: ./scripts/test installs binutils when run as root"
    checked = 0
    for lib in _native_libs():
        out = subprocess.run([objdump, "-d", "--no-show-raw-insn", str(lib)], capture_output=True, text=True,
                             timeout=600)
        assert out.returncode == 0, out.stderr[-1000:]
        bad = [line.strip() for line in out.stdout.splitlines() if _FORBIDDEN.search(line)]
        assert not bad, f"{lib.name} uses instructions not every CPU runs: {bad[:10]}"
        checked += out.stdout.count("\n")
    assert checked > 10_000  # the disassembly really covered the libraries


def test_llama_reports_the_portable_feature_set() -> None:
    import llama_cpp

    info = llama_cpp.llama_print_system_info().decode("utf-8", "replace")
    assert "AVX2 = 1" in info, info
    for feature in ("AVX512 = 1", "AMX_INT8 = 1", "AVX512_VNNI = 1", "AVX512_BF16 = 1"):
        assert feature not in info, info
