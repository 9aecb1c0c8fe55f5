#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: every target of harness/targets.h, built as the local engine
# builds do (cmake/GcnFuzz.cmake, here GCN_FUZZ=external: the builder's $CC, $CFLAGS and
# $LIB_FUZZING_ENGINE), into $OUT with what those engines read beside each binary:
#   $OUT/fuzz_<target>                   the fuzzer
#   $OUT/fuzz_<target>_seed_corpus.zip   the spec-generated seeds (corpus/, kind of the target)
#   $OUT/fuzz_<target>.dict              its dictionary
#   $OUT/fuzz_<target>.options           libFuzzer's flags ([libfuzzer] max_len, dict)
#   $OUT/lib/                            shared libraries the runner image lacks (cJSON, LLVM),
#                                        found through the fuzzers' $ORIGIN/lib run path
# tools/clusterfuzzlite_check.sh runs this script outside Docker and checks its output.
SRC_DIR="${GCNSPEC_SRC:-$SRC/gcnspec}"
BUILD="${WORK:-/tmp}/gcnspec-build"
JOBS="${GCNSPEC_JOBS:-$(nproc)}"

# The host tool (gcngen) and the corpus generator run during the build: they are compiled with
# the same flags, which is harmless under ASan/UBSan (the sanitizers ClusterFuzzLite runs).
cmake -S "$SRC_DIR" -B "$BUILD" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="$CC" \
  -DCMAKE_C_FLAGS="$CFLAGS" \
  -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath,\$ORIGIN/lib" \
  -DGCN_FUZZ=external \
  -DGCN_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
  -DGCN_WERROR=OFF

# The campaign targets, read from the one list (as harness/CMakeLists.txt reads it; the bench
# ones are the local benchmark's baselines, nothing to fuzz).
targets=$(sed -n 's/^ *X(\([a-z0-9_]*\), *[a-z0-9_.]*, *\([a-z]*\), *[0-9]*, *campaign,.*/\1:\2/p' \
  "$SRC_DIR/harness/targets.h")
[ -n "$targets" ] || { echo "build.sh: no target in harness/targets.h" >&2; exit 1; }
build_targets=fuzz_corpora
for t in $targets; do build_targets="$build_targets fuzz_${t%%:*}"; done
# shellcheck disable=SC2086
cmake --build "$BUILD" -j"$JOBS" --target $build_targets

mkdir -p "$OUT/lib"
for t in $targets; do
  name=${t%%:*}
  kind=${t##*:}
  cp "$BUILD/harness/fuzz_$name" "$OUT/"
  cp "$BUILD/corpus/fuzz_$name.options" "$OUT/"
  cp "$BUILD/corpus/$kind.dict" "$OUT/fuzz_$name.dict"
  rm -f "$OUT/fuzz_${name}_seed_corpus.zip"
  (cd "$BUILD/corpus/seeds/$kind" && zip -q -r "$OUT/fuzz_${name}_seed_corpus.zip" .)
  # the shared libraries outside the base runner image (libc's own stay)
  ldd "$OUT/fuzz_$name" | awk '/=> \// {print $3}' | while read -r lib; do
    case "$(basename "$lib")" in
      libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | ld-linux* | libgcc_s.so* | \
        libstdc++.so*) ;;
      *) cp -n "$lib" "$OUT/lib/" ;;
    esac
  done
done
