#!/usr/bin/env bash
# npm run check:production-install — the admin command line after a production install: the
# packages of `npm ci --omit=dev` (no tsx, no test tools) and the bundle of `npm run build`.
# Resets the demo data in a throw-away PGlite folder and lists it, backs it up and restores the
# backup into another folder (the runtime packages: PGlite, tar). Needs `npm run build` first and
# the npm registry (about 40 s).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f .next/admin-cli.mjs ] || { echo "run npm run build first" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/lib/admin" "$dir/lib/edge" "$dir/.next"
cp package.json package-lock.json "$dir/"
cp lib/admin/bin.mjs "$dir/lib/admin/"
# bin.mjs finds the bundle in the build's folder (NEXT_DIST_DIR) by this.
cp lib/edge/build.mjs lib/edge/basePath.mjs "$dir/lib/edge/"
cp .next/admin-cli.mjs "$dir/.next/"
cp -r content "$dir/"
(cd "$dir" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)
for dev in tsx smtp-server mailparser esbuild; do
  [ ! -e "$dir/node_modules/$dev" ] || { echo "$dev was installed by --omit=dev" >&2; exit 1; }
done
export DATA_DIR="$dir/data"
node "$dir/lib/admin/bin.mjs" demo reset
listed=$(node "$dir/lib/admin/bin.mjs" assessment list)
grep -q '^P1DEMO01,' <<<"$listed" || { echo "the demo row P1DEMO01 is missing" >&2; exit 1; }
node "$dir/lib/admin/bin.mjs" backup --output "$dir/backup.tar.gz"
DATA_DIR="$dir/restored" node "$dir/lib/admin/bin.mjs" restore "$dir/backup.tar.gz"
restored=$(DATA_DIR="$dir/restored" node "$dir/lib/admin/bin.mjs" assessment list)
[ "$restored" = "$listed" ] || { echo "the restored database lists other assessments" >&2; exit 1; }
echo "admin command line: runs after npm ci --omit=dev, backup and restore too"
