# Any python3 starts scripts/ovsetup (stdlib only); it then finds a Python >= 3.12 on its own.
# Sourced by scripts/run, scripts/test and scripts/bundle.
set -euo pipefail
BOOT_PY=""
for c in "${OVILLO_PYTHON:-}" python3.12 python3.13 python3 python; do
    # a pyenv shim exists as a command even when its version is not enabled: try it, do not trust it
    if [ -n "$c" ] && "$c" -c 'import sys; sys.exit(sys.version_info < (3, 7))' >/dev/null 2>&1; then
        BOOT_PY="$(command -v "$c")"; break
    fi
done
if [ -z "$BOOT_PY" ]; then
    for c in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.*/bin/python3; do [ -x "$c" ] && BOOT_PY="$c"; done
fi
[ -n "$BOOT_PY" ] || { echo "[ovillo] no python3 found: install Python 3.12 or newer (e.g. sudo apt-get install python3 python3-venv)" >&2; exit 1; }
