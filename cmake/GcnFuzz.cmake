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
#   external    OSS-Fuzz / ClusterFuzzLite (.clusterfuzzlite/build.sh): the compiler and its flags
#               come from $CC and $CFLAGS as those builders set them, the targets are linked with
#               GCN_FUZZ_ENGINE ($LIB_FUZZING_ENGINE)
#
# Each engine builds in its own tree (gcnspec fuzz makes them: build-fuzz/<engine>).
set(GCN_FUZZ "" CACHE STRING
    "Fuzzing engine for harness/: empty, libfuzzer, afl, afl-cmplog or external")
set_property(CACHE GCN_FUZZ PROPERTY STRINGS "" libfuzzer afl afl-cmplog external)
set(GCN_FUZZ_ENGINE "" CACHE STRING
    "GCN_FUZZ=external: how the targets link the engine (OSS-Fuzz's $LIB_FUZZING_ENGINE)")
set(GCN_FUZZ_SANITIZERS "address,undefined" CACHE STRING
    "Sanitizers of the libfuzzer/afl builds (none: without, for the benchmark)")

set(GCN_FUZZ_LINK "")
if(GCN_FUZZ STREQUAL "external")
  if(NOT GCN_FUZZ_ENGINE)
    message(FATAL_ERROR "GCN_FUZZ=external needs -DGCN_FUZZ_ENGINE=\"$LIB_FUZZING_ENGINE\"")
  endif()
  separate_arguments(GCN_FUZZ_LINK UNIX_COMMAND "${GCN_FUZZ_ENGINE}")
elseif(GCN_FUZZ)
  if(NOT GCN_FUZZ MATCHES "^(libfuzzer|afl|afl-cmplog)$")
    message(FATAL_ERROR "GCN_FUZZ=${GCN_FUZZ}: expected libfuzzer, afl, afl-cmplog or external")
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
    add_compile_options(-fsanitize=fuzzer-no-link
                        -fsanitize-coverage-ignorelist=${CMAKE_SOURCE_DIR}/cmake/fuzz-coverage-ignore.txt)
    # Without a sanitizer runtime nothing defines the coverage callbacks the instrumentation
    # calls: the executables that are not fuzz targets (gcngen, gcn_corpus, fuzz_reassemble)
    # take libFuzzer's runtime without its main (gcn_target_defaults, GcnCompile.cmake).
    if(NOT san)
      # the benchmark's build: a finding abandons its input (harness/fuzz_keep_going.c)
      set(GCN_FUZZ_KEEP_GOING ON)
      add_compile_definitions(GCN_FUZZ_KEEP_GOING)
      execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libclang_rt.fuzzer_no_main-x86_64.a
                      OUTPUT_VARIABLE GCN_FUZZ_HOST_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
      if(NOT EXISTS "${GCN_FUZZ_HOST_RUNTIME}")
        message(FATAL_ERROR "libFuzzer's runtime without main is not where clang says: "
                            "${GCN_FUZZ_HOST_RUNTIME}")
      endif()
    endif()
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
