#!/usr/bin/env bash
# Every test: install what is missing, build and run the suite, then build once more with
# AddressSanitizer + UndefinedBehaviorSanitizer (clang) and run it again there.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh
JOBS="$(nproc)"

# llvm-mc's and llvm-objdump's answers, kept by the first pass and read back by the second
# (util/proc.c: the same binary, arguments and input): the sanitizer pass runs our code again,
# not LLVM's. Emptied first, so a run never reads another run's answers.
export GCN_PEER_CACHE="$PWD/build/peer-cache"
rm -rf "$GCN_PEER_CACHE"
mkdir -p "$GCN_PEER_CACHE"
trap 'rm -rf "$GCN_PEER_CACHE"' EXIT

echo "== build (gcc, -Werror) and test"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$JOBS"
(cd build && ctest --output-on-failure -j"$JOBS")

# the sanitizer pass leaves out the peer-data tests: they run no gcnspec code that the
# tests it keeps do not run too (tests/peer/CMakeLists.txt), and the first pass ran them
# -O1, as the sanitizers' documentation advises: the checks are the same, the run twice as fast
echo "== build (clang, ASan+UBSan, -O1) and test"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" \
  -DGCN_SANITIZE=ON -DCMAKE_C_COMPILER=clang-14 >/dev/null
cmake --build build-asan -j"$JOBS"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --output-on-failure -j"$JOBS" -LE peer-data)
