#!/usr/bin/env bash
# Builds the DocC documentation of every public module, with warnings as errors,
# so that every ``symbol`` link in the doc comments and the catalogs resolves.
# Usage: scripts/docs.sh [OUTPUT_DIR]   (default .build/docs; one .doccarchive per module)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
graphs=.build/symbol-graphs
swift package dump-symbol-graph --minimum-access-level public >/dev/null
rm -rf "$graphs" && mkdir -p "$graphs" "$out"
cp .build/*/symbolgraph/*.symbols.json "$graphs"/
status=0
for catalog in Sources/*/*.docc; do
    module=$(basename "$catalog" .docc)
    dir=$(mktemp -d)
    cp "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json "$dir"/ 2>/dev/null || true
    if ! docc convert "$catalog" --additional-symbol-graph-dir "$dir" --fallback-display-name "$module" \
            --fallback-bundle-identifier "org.mixdown.$module" --warnings-as-errors \
            --output-dir "$out/$module.doccarchive" >"$dir/log" 2>&1; then
        echo "docs: $module:" >&2
        grep -E "warning|error" "$dir/log" >&2 || cat "$dir/log" >&2
        status=1
    fi
    rm -rf "$dir"
done
[ $status -eq 0 ] && echo "docs: every module's documentation builds without warnings ($out)"
exit $status
