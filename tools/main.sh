#!/usr/bin/env bash
# The main job on the default input: install what is missing, build, then extract the facts
# from the documents (documents/seeds and documents/clrx, vendored), find and report the errata,
# and resolve the spec; then
# rebuild the codec from that spec and report where it and LLVM differ.
#   spec/facts.json  spec/gcn.json  reports/errata.{md,json,sarif}  reports/codec-vs-llvm.md
#   spec/operands-page.json  reports/operands-vs-llvm.json (GcnOperands.md against llvm-mc)
#   spec/sdwadpp-page.json  spec/state-page.json (the tables of GcnSdwaDpp.md, GcnState.md)
#   spec/facts-clrx.json  spec/encodings.json (every CLRX instruction page; the encodings)
#   reports/assembler-syntax.md (the assembler's syntax cases against llvm-mc)
#   reports/coverage.md (what the fuzz targets' seed corpora reach of the spec)
#   reports/real-code.{md,json} (how much of clang-14's code for the disasm kernels is decoded)
set -euo pipefail
cd "$(dirname "$0")/.."
DOCS="${1:-documents/seeds}"
bash tools/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
build/cli/gcnspec run --docs "$DOCS"
# the operand-code page's facts, and where they and llvm-mc's scalar operands differ
build/cli/gcnspec extract --operands documents/clrx/GcnOperands.md
build/cli/gcnspec extract --operands documents/clrx/GcnOperands.md --cross-check
build/cli/gcnspec extract --tables documents/clrx/GcnSdwaDpp.md -o spec/sdwadpp-page.json
build/cli/gcnspec extract --tables documents/clrx/GcnState.md -o spec/state-page.json
# the catalogue of encodings the disassembler identifies words by, from the whole CLRX
# documentation (its pages' disagreements on stderr; spec/encoding-decisions.json settles them);
# 'gcnspec run' above extracted every CLRX page's facts (spec/facts-clrx.json) and resolved the
# encodings spec/curated/pages.json lists from them
build/cli/gcnspec extract --encodings documents/clrx -o spec/encodings.json
# the codec generated from the spec just resolved, against LLVM (the SOP1 sweep sections of the
# report take minutes: cmake --build build --target sop1_sweep_report)
cmake --build build -j"$(nproc)"
cmake --build build --target codec_vs_llvm_report
# the assembler's syntax against llvm-mc 14 and 19 (reports/assembler-syntax.md)
cmake --build build --target syntax_report
# the oracle's DS atomics against vISA DWORD_ATOMIC (reports/atomics-gcn-vs-visa.{md,json})
build/cli/gcnspec atomics --out reports
# the fuzz corpora's coverage of the spec (fails when a corpus misses an element)
cmake --build build --target fuzz_coverage
# how much of real code the codec decodes: the OpenCL C kernels of tests/peer/cases/disasm
# compiled by clang-14 for each generation, counted by gcnspec disasm --stats
# (reports/real-code.{md,json})
cmake --build build --target real_code_report
# conformance vectors of every generation (build/vectors: JSON Lines, lit files and semantic
# vectors; docs/vectors.md), checked against llvm-mc 14 and 19: reports/conformance-llvm.{md,json};
# the wall times, which change from run to run, go to the build tree, not into the reports
build/cli/gcnspec vectors --out build/vectors
mkdir -p build/reports
build/cli/gcnspec check --impl llvm-mc-14 --impl llvm-mc-19 --time-bare \
  --timing build/reports/conformance-llvm-timing.md \
  --md reports/conformance-llvm.md --json reports/conformance-llvm.json build/vectors
