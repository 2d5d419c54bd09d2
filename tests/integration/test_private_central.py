"""``central init`` after a data folder has opened: Ovillo's process umask (077, core/private.py) must not
keep the server's own system user out of the folder it runs in."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from core.private import PRIVATE_UMASK
from core.sync import server


def test_central_init_runs_under_ovillos_private_umask() -> None:
    old = os.umask(PRIVATE_UMASK)
    try:
        with tempfile.TemporaryDirectory(prefix="ovillo-central-umask-") as parent:
            root = Path(parent) / "central"
            dsn = server.init(root)
            try:
                assert "127.0.0.1" in dsn and server.pid(root) is not None
            finally:
                server.stop(root)
    finally:
        os.umask(old)
