#!/usr/bin/env bash
# The main job on the default input: install what is missing, build, then extract the facts
# from the documents (../shared/seeds), find and report the errata, and resolve the spec.
#   spec/facts.json  spec/gcn.json  reports/errata.{md,json,sarif}
set -euo pipefail
cd "$(dirname "$0")/.."
DOCS="${1:-../shared/seeds}"
bash tools/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
build/cli/gcnspec run --docs "$DOCS"
