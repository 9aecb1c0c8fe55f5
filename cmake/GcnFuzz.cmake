# The fuzzing engines. GCN_FUZZ picks how the harness/ targets are linked, and with what the
# whole build is compiled, since coverage feedback must reach the codec and the loaders:
#
#   (empty)     replay executables: each target with harness/fuzz_main.c (the suite runs them
#               on every corpus, under gcc and under ASan+UBSan)
#   libfuzzer   clang: everything -fsanitize=fuzzer-no-link,<GCN_FUZZ_SANITIZERS>; the targets
#               linked with -fsanitize=fuzzer
#   afl         afl-clang-fast (CC=afl-clang-fast): everything with <GCN_FUZZ_SANITIZERS>; the
#               targets linked with AFL++'s driver (-fsanitize=fuzzer: persistent mode)
#   afl-cmplog  afl-clang-fast with AFL_LLVM_CMPLOG=1 and no sanitizer: the CmpLog binaries
#               afl-fuzz -c takes beside the afl build
#
# Each engine builds in its own tree (gcnspec fuzz makes them: build-fuzz/<engine>).
set(GCN_FUZZ "" CACHE STRING "Fuzzing engine for harness/: empty, libfuzzer, afl or afl-cmplog")
set_property(CACHE GCN_FUZZ PROPERTY STRINGS "" libfuzzer afl afl-cmplog)
set(GCN_FUZZ_SANITIZERS "address,undefined" CACHE STRING
    "Sanitizers of the libfuzzer/afl builds (none: without, for the benchmark)")

set(GCN_FUZZ_LINK "")
if(GCN_FUZZ)
  if(NOT GCN_FUZZ MATCHES "^(libfuzzer|afl|afl-cmplog)$")
    message(FATAL_ERROR "GCN_FUZZ=${GCN_FUZZ}: expected libfuzzer, afl or afl-cmplog")
  endif()
  if(GCN_SANITIZE)
    message(FATAL_ERROR "GCN_FUZZ builds take their sanitizers from GCN_FUZZ_SANITIZERS")
  endif()
  get_filename_component(cc_name "${CMAKE_C_COMPILER}" NAME)
  if(GCN_FUZZ STREQUAL "libfuzzer" AND NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GCN_FUZZ=libfuzzer needs clang (-DCMAKE_C_COMPILER=clang-14)")
  endif()
  if(GCN_FUZZ MATCHES "^afl" AND NOT cc_name MATCHES "^afl-clang")
    message(FATAL_ERROR "GCN_FUZZ=${GCN_FUZZ} needs -DCMAKE_C_COMPILER=afl-clang-fast")
  endif()
  set(san "")
  if(GCN_FUZZ_SANITIZERS AND NOT GCN_FUZZ_SANITIZERS STREQUAL "none"
     AND NOT GCN_FUZZ STREQUAL "afl-cmplog")
    set(san -fsanitize=${GCN_FUZZ_SANITIZERS} -fno-sanitize-recover=all)
  endif()
  add_compile_options(-g -fno-omit-frame-pointer ${san})
  add_link_options(${san})
  if(GCN_FUZZ STREQUAL "libfuzzer")
    add_compile_options(-fsanitize=fuzzer-no-link)
  endif()
  # afl-clang-fast prints a banner per file (AFL_QUIET); the CmpLog build is the same compiler
  # with AFL_LLVM_CMPLOG set for every compile
  if(GCN_FUZZ STREQUAL "afl")
    set(CMAKE_C_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env AFL_QUIET=1)
  elseif(GCN_FUZZ STREQUAL "afl-cmplog")
    set(CMAKE_C_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env AFL_QUIET=1 AFL_LLVM_CMPLOG=1)
  endif()
  set(GCN_FUZZ_LINK -fsanitize=fuzzer)
endif()
