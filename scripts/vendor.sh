#!/usr/bin/env bash
# Refresh the web client's vendored ES modules from the npm registry (run by a maintainer, never
# by users: the files are committed). Pinned versions below; writes
# src/westeros/web/static/vendor/{preact,hooks,htm}.module.js and vendor.lock (version + sha256).
# Needs node + npm. Usage: scripts/vendor.sh
set -euo pipefail
PREACT=10.29.8
HTM=3.1.1
cd "$(dirname "$0")/.."
out=src/westeros/web/static/vendor
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "preact@$PREACT" "htm@$HTM" > /dev/null)
mkdir -p "$tmp/preact" "$tmp/htm" "$out"
tar -xzf "$tmp/preact-$PREACT.tgz" -C "$tmp/preact"
tar -xzf "$tmp/htm-$HTM.tgz" -C "$tmp/htm"
cp "$tmp/preact/package/dist/preact.module.js" "$out/preact.module.js"
# hooks import 'preact': the page's import map resolves that bare name to preact.module.js
cp "$tmp/preact/package/hooks/dist/hooks.module.js" "$out/hooks.module.js"
cp "$tmp/htm/package/dist/htm.module.js" "$out/htm.module.js"
cp "$tmp/preact/package/LICENSE" "$out/LICENSE-preact"
cp "$tmp/htm/package/LICENSE" "$out/LICENSE-htm"
{
    echo "# package version file sha256 (scripts/vendor.sh)"
    for f in preact.module.js hooks.module.js; do
        echo "preact $PREACT $f $(sha256sum "$out/$f" | cut -d' ' -f1)"
    done
    echo "htm $HTM htm.module.js $(sha256sum "$out/htm.module.js" | cut -d' ' -f1)"
} > "$out/vendor.lock"
cat "$out/vendor.lock"
