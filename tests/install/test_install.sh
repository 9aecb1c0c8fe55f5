#!/usr/bin/env bash
# gcnspec as a user gets it: `cmake --install` into a temporary prefix, which is then moved (the
# install must not depend on where it was put); the library holds no global symbol without the
# gcn_ prefix; a C and a C++ program built against it through pkg-config and through
# find_package run; every subcommand of the installed gcnspec runs from another directory and
# finds its data, and none writes into the installed data.
# Environment (tests/install/CMakeLists.txt): BUILD_DIR SRC_DIR WORK CC CXX SAN_FLAGS.
set -euo pipefail

fail() {
    echo "test_install: $*" >&2
    exit 1
}
skip() {
    echo "test_install: skipped: $*" >&2
    exit 77
}
# run NAME CMD...: the command must succeed; its output goes to NAME.out / NAME.err
run() {
    local name=$1
    shift
    if ! "$@" >"$name.out" 2>"$name.err"; then
        cat "$name.out" "$name.err" >&2
        fail "'$*' failed in $PWD"
    fi
}

command -v pkg-config >/dev/null || skip "no pkg-config (tools/deps.sh installs it)"
[ -n "$CXX" ] && command -v "$CXX" >/dev/null || skip "no C++ compiler (tools/deps.sh: g++)"
command -v nm >/dev/null || skip "no nm"

rm -rf "$WORK"
mkdir -p "$WORK/elsewhere"
cd "$WORK"
start=$SECONDS

# ---- install, then move the prefix ---------------------------------------------------------
run install cmake --install "$BUILD_DIR" --prefix "$WORK/staged"
mv "$WORK/staged" "$WORK/prefix"
P="$WORK/prefix"
G="$P/bin/gcnspec"
DATA="$P/share/gcnspec"
for f in "$G" "$P/lib/libgcnspec.a" "$P/include/gcnspec/codec.h" "$P/include/gcnspec/oracle.h" \
    "$P/lib/pkgconfig/gcnspec.pc" "$P/lib/cmake/gcnspec/gcnspecConfig.cmake" \
    "$P/lib/cmake/gcnspec/gcnspecConfigVersion.cmake" "$DATA/spec/gcn.json" \
    "$DATA/spec/errata.json" "$DATA/spec/curated/atomics_pairs.json" \
    "$DATA/spec/peers/llvm-mc-known.json" "$DATA/vectors/llvm-mc-vectors-known.json" \
    "$DATA/documents/PROVENANCE.md"; do
    [ -e "$f" ] || fail "the install lacks $f"
done
ls "$DATA"/documents/seeds/* >/dev/null || fail "the install lacks the documents"
for h in "$P"/include/gcnspec/*.h; do
    grep -q 'extern "C"' "$h" || fail "$h has no extern \"C\" guard"
done

# ---- no exported symbol without the prefix ---------------------------------------------------
nm -g --defined-only "$P/lib/libgcnspec.a" >nm.out
awk 'NF == 3 && $3 !~ /^(gcn_|GCN_)/ { print "  " $2 " " $3 }' nm.out >leaks.out
[ -s leaks.out ] && fail "libgcnspec.a defines global symbols without the gcn_ prefix:
$(cat leaks.out)"
grep -q ' [Ti] gcn_decode$' nm.out || fail "nm lists no gcn_decode in libgcnspec.a"

# ---- C and C++ programs through pkg-config --------------------------------------------------
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
unset PKG_CONFIG_LIBDIR
read -r -a cflags <<<"$(pkg-config --cflags gcnspec)"
read -r -a libs <<<"$(pkg-config --libs gcnspec)"
read -r -a san <<<"${SAN_FLAGS:-}"
run cc_pc "$CC" -std=c11 -Wall -Wextra -Werror "${san[@]}" "${cflags[@]}" \
    "$SRC_DIR/tests/install/consumer.c" -o consumer_c_pc "${libs[@]}"
run cxx_pc "$CXX" -std=c++11 -Wall -Wextra -Werror "${san[@]}" "${cflags[@]}" \
    "$SRC_DIR/tests/install/consumer.cpp" -o consumer_cxx_pc "${libs[@]}"
run consumer_c_pc ./consumer_c_pc
run consumer_cxx_pc ./consumer_cxx_pc
grep -q '^c: s_bcnt1_i32_b32 s1, s0' consumer_c_pc.out || fail "consumer.c printed nothing"
grep -q '^c++: s_bcnt1_i32_b32 s1, s0' consumer_cxx_pc.out || fail "consumer.cpp printed nothing"

# ---- the same through find_package ------------------------------------------------------------
run cmake_configure cmake -S "$SRC_DIR/tests/install/consumer" -B consumer-build \
    -DCMAKE_PREFIX_PATH="$P" -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_C_FLAGS="${SAN_FLAGS:-}" -DCMAKE_CXX_FLAGS="${SAN_FLAGS:-}" \
    -DCMAKE_EXE_LINKER_FLAGS="${SAN_FLAGS:-}"
run cmake_build cmake --build consumer-build
run consumer_c_cmake consumer-build/consumer_c
run consumer_cxx_cmake consumer-build/consumer_cxx
cmp -s consumer_c_pc.out consumer_c_cmake.out || fail "consumer_c differs between the builds"
echo "test_install: installed, library checked, 4 programs built and run ($((SECONDS - start)) s)"

# ---- every subcommand from another directory ------------------------------------------------
unset GCNSPEC_DATA_DIR
touch stamp
sleep 1 # a file the commands would write into the prefix is newer than the stamp
cd "$WORK/elsewhere"

run version "$G" --version
grep -qxF "data: $(realpath "$DATA") (installed)" version.out ||
    fail "gcnspec --version does not name the installed data: $(cat version.out)"
grep -qx 'gcnspec [0-9]*\.[0-9]*\.[0-9]*' version.out || fail "--version names no version"
grep -qx 'spec: [0-9a-f]\{64\} .*' version.out || fail "--version names no spec hash"

printf 's_bcnt1_i32_b32 s1, s0\nds_read_b32 v3, v1 offset:16\n' >prog.s
run asm "$G" asm --gen gfx9 prog.s
run disasm "$G" disasm --gen gfx9 asm.out
diff -u prog.s disasm.out >/dev/null || fail "disasm of asm's bytes: $(cat disasm.out)"

printf '{"generation": "gfx9", "sgprs": {"s0": "0xf0f0f0f1", "exec": "0xffffffffffffffff"}}\n' \
    >state.json
run exec "$G" exec --state state.json prog.s
grep -q '"s1": "0x00000011"' exec.out || fail "exec: $(cat exec.out)"

run vectors "$G" vectors --out vec --gen gfx9 --encoding SOP1 -q
[ -s vec/index.json ] && ls vec/jsonl/*.jsonl vec/semantic/*.jsonl >/dev/null ||
    fail "vectors wrote no vectors"
run check_oracle "$G" check --impl gcnspec-oracle -q vec
if command -v llvm-mc-14 >/dev/null; then
    # the known lists (spec/peers, vectors/) come from the installed data
    run check_llvm "$G" check --impl llvm-mc-14 --report llvm14 -q vec
    [ -s llvm14.md ] || fail "check wrote no report"
fi

run atomics_out "$G" atomics --random 16 --out deep/new/dir
[ -s deep/new/dir/atomics-gcn-vs-visa.md ] && [ -s deep/new/dir/atomics-gcn-vs-visa.json ] ||
    fail "atomics --out did not create its directory"
run atomics "$G" atomics --random 16
[ -s gcnspec-reports/atomics-gcn-vs-visa.md ] || fail "atomics' default output is not ./gcnspec-reports"

run extract "$G" extract
cmp -s facts.json "$DATA/spec/facts.json" || fail "extract (default output ./facts.json) differs"
run extract_check "$G" extract --check "$DATA/spec/facts.json"
run resolve "$G" resolve --facts facts.json
cmp -s gcn.json "$DATA/spec/gcn.json" || fail "resolve (default output ./gcn.json) differs"
if [ -r /usr/share/dict/american-english-huge ]; then
    run errata "$G" errata --no-variants
    [ -s gcnspec-reports/errata.md ] || fail "errata wrote no report"
    run run "$G" run --out run-out
    for f in facts.json gcn.json errata.md errata.json errata.sarif; do
        [ -s "run-out/$f" ] || fail "run wrote no run-out/$f"
    done
    cmp -s run-out/gcn.json "$DATA/spec/gcn.json" || fail "run's gcn.json differs"
fi
run fuzz_list "$G" fuzz --list
run help "$G" help

# --data-dir and GCNSPEC_DATA_DIR name the data, a build-tree gcnspec finds its source tree,
# and a wrong one is an error that says so
run data_dir "$G" --data-dir "$DATA" atomics --random 4 --out dd
[ -s dd/atomics-gcn-vs-visa.md ] || fail "--data-dir: atomics wrote nothing"
run env_version env GCNSPEC_DATA_DIR="$DATA" "$BUILD_DIR/cli/gcnspec" --version
grep -qxF "data: $(realpath "$DATA") (GCNSPEC_DATA_DIR)" env_version.out ||
    fail "GCNSPEC_DATA_DIR is not the data: $(cat env_version.out)"
run tree_version "$BUILD_DIR/cli/gcnspec" --version
grep -qxF "data: $(realpath "$SRC_DIR") (source tree)" tree_version.out ||
    fail "the build tree's gcnspec does not find its source tree: $(cat tree_version.out)"
if GCNSPEC_DATA_DIR="$WORK/elsewhere" "$G" vectors --out v2 >bad.out 2>bad.err; then
    fail "a GCNSPEC_DATA_DIR without data was accepted"
fi
grep -q "GCNSPEC_DATA_DIR" bad.err || fail "the missing data is not explained: $(cat bad.err)"
if "$G" --data-dir "$WORK/nowhere" atomics >bad.out 2>bad.err; then
    fail "a --data-dir without data was accepted"
fi
grep -q "^$WORK/nowhere: not a gcnspec data directory" bad.err || fail "$(cat bad.err)"

changed=$(find "$P" -newer "$WORK/stamp")
[ -z "$changed" ] || fail "the commands wrote into the install: $changed"
echo "test_install: every subcommand ran from $PWD ($((SECONDS - start)) s)"
rm -rf "$WORK"
