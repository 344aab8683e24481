#!/usr/bin/env bash
# Install the language servers the tests drive: ty comes with lsai (PyPI); TypeScript 7 from npm into
# lsai's own cache (what `lsai doctor --install` does); clangd and gopls from Debian when root.
# Each step is skipped when its server is already there; a failed step only warns (tests skip).
set -uo pipefail
CACHE="${LSAI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lsai}"
NPM_PREFIX="$CACHE/npm"

if [ ! -x "$NPM_PREFIX/node_modules/.bin/tsc" ] && command -v npm >/dev/null; then
    echo "== installing typescript@7 into $NPM_PREFIX"
    mkdir -p "$NPM_PREFIX"
    npm install --prefix "$NPM_PREFIX" --no-audit --no-fund --loglevel=error typescript@7 \
        || echo "warning: typescript@7 not installed; TypeScript server tests will skip"
fi

missing=()
command -v clangd >/dev/null || missing+=(clangd)
command -v gopls >/dev/null || missing+=(gopls)
command -v go >/dev/null || missing+=(golang-go)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
        echo "== apt-get install ${missing[*]}"
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}") >/dev/null \
            || echo "warning: apt-get install ${missing[*]} failed; those server tests will skip"
    else
        echo "note: not root; install ${missing[*]} yourself to run their server tests"
    fi
fi
