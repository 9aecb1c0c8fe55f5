#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh outside Docker, with the environment ClusterFuzzLite's builder
# gives it ($SRC $OUT $WORK $CC $CFLAGS $LIB_FUZZING_ENGINE, address sanitizer), and checks that
# $OUT holds, for every campaign target of harness/targets.h, the fuzzer, its options, dictionary and seed
# corpus zip, and that each fuzzer replays its seed corpus (-runs=0) as the builder's check does.
#
#   tools/clusterfuzzlite_check.sh [SCRATCH_DIR]     (default: build-fuzz/clusterfuzzlite)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SCRATCH="${1:-$ROOT/build-fuzz/clusterfuzzlite}"
mkdir -p "$SCRATCH/src" "$SCRATCH/out" "$SCRATCH/work"
export SRC="$SCRATCH/src" OUT="$SCRATCH/out" WORK="$SCRATCH/work"
export GCNSPEC_SRC="$ROOT" GCNSPEC_JOBS="${GCNSPEC_JOBS:-2}"
export CC="${CC:-clang-14}"
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address \
-fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
export SANITIZER=address FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64

bash .clusterfuzzlite/build.sh > "$SCRATCH/build.log" 2>&1 || {
  tail -30 "$SCRATCH/build.log"
  echo "clusterfuzzlite_check: build.sh failed (log: $SCRATCH/build.log)" >&2
  exit 1
}

bad=0
targets=$(sed -n 's/^ *X(\([a-z0-9_]*\), *[a-z0-9_.]*, *[a-z]*, *[0-9]*, *campaign,.*/\1/p' harness/targets.h)
for name in $targets; do
  f="$OUT/fuzz_$name"
  for want in "$f" "$f.options" "$f.dict" "${f}_seed_corpus.zip"; do
    if [ ! -s "$want" ]; then
      echo "missing or empty: $want" >&2
      bad=1
    fi
  done
  [ -x "$f" ] || { echo "not executable: $f" >&2; bad=1; continue; }
  grep -q '^\[libfuzzer\]' "$f.options" || { echo "$f.options: no [libfuzzer] section" >&2; bad=1; }
  seeds="$SCRATCH/seeds-$name"
  rm -rf "$seeds" && mkdir -p "$seeds"
  (cd "$seeds" && unzip -q "${f}_seed_corpus.zip")
  n=$(find "$seeds" -type f | wc -l)
  rc=0
  "$f" -runs=0 "$seeds" > "$SCRATCH/run-$name.log" 2>&1 || rc=$?
  # 77: the LLVM targets when the LLVM-C library is missing
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
    echo "fuzz_$name failed on its seed corpus (exit $rc, log $SCRATCH/run-$name.log)" >&2
    bad=1
  else
    echo "fuzz_$name: $n seeds replayed, $(du -h "$f" | cut -f1) binary"
  fi
done
libs=$(ls "$OUT/lib" 2>/dev/null | wc -l)
echo "clusterfuzzlite_check: $(echo "$targets" | wc -w) targets in $OUT, $libs shared libraries in $OUT/lib"
exit $bad
