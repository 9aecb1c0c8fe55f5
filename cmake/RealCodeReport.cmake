# reports/real-code.{md,json}: how much of real compiled code gcnspec decodes. Compiles the
# OpenCL C kernels of tests/peer/cases/disasm (the corpus test_disasm_objdump checks) with
# clang-14 for every generation, as that test does, into WORK, and counts them with
# `gcnspec disasm --stats`. Run as a script:
#   cmake -DGCNSPEC=... -DCLANG=... -DSOURCE_DIR=... -DWORK=... [-DCHECK=1] -P RealCodeReport.cmake
# Without CHECK it writes reports/real-code.{md,json} (each to a temporary file, then renamed);
# with CHECK it writes them into WORK and fails when they differ from the committed ones. The
# reports hold counts only (no paths, no timings), so they are the same from run to run.
cmake_minimum_required(VERSION 3.20)

foreach(v GCNSPEC SOURCE_DIR WORK)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "RealCodeReport.cmake: -D${v}=... is required")
  endif()
endforeach()
if(NOT CLANG OR NOT EXISTS "${CLANG}")
  # test_real_code_report's SKIP_REGULAR_EXPRESSION
  message(FATAL_ERROR "clang-14 is not installed: the real-code report is skipped")
endif()

set(cases "tests/peer/cases/disasm")
set(cpus tahiti bonaire tonga gfx900)
# test_disasm_objdump's command line, exactly
set(flags -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -nogpulib -O2 -c)

file(GLOB kernels RELATIVE "${SOURCE_DIR}/${cases}" "${SOURCE_DIR}/${cases}/*.cl")
list(SORT kernels)
list(LENGTH kernels nkernels)
file(MAKE_DIRECTORY "${WORK}")

set(objs)
foreach(cpu IN LISTS cpus)
  foreach(k IN LISTS kernels)
    string(REGEX REPLACE "\\.cl$" "" stem "${k}")
    set(obj "${WORK}/${stem}_${cpu}.o")
    execute_process(
      COMMAND "${CLANG}" ${flags} -mcpu=${cpu} "${SOURCE_DIR}/${cases}/${k}" -o "${obj}"
      RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${cases}/${k}: clang-14 -mcpu=${cpu} failed:\n${err}")
    endif()
    list(APPEND objs "${obj}")
  endforeach()
endforeach()

execute_process(COMMAND "${CLANG}" --version OUTPUT_VARIABLE clang_version)
string(REGEX MATCH "^[^\n]*" clang_version "${clang_version}")

# the listing's share and counts; gcnspec exits 1 when a word is invalid, which the tables
# show: the report is still written, and the run fails after it
set(status 0)
foreach(fmt md json)
  execute_process(COMMAND "${GCNSPEC}" disasm --stats=${fmt} ${objs}
                  WORKING_DIRECTORY "${WORK}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stats_${fmt} ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    set(status "${rc}: ${err}")
  endif()
endforeach()

# the summary: one row per generation, from each table's "decoded: X of Y" line and total row
set(summary "| generation | mcpu | instructions | decoded | not modelled | invalid | share decoded |\n")
string(APPEND summary "|---|---|---:|---:|---:|---:|---:|\n")
string(REGEX MATCHALL "### [^\n]*\n|\\| total \\|[^\n]*\n|\ndecoded: [^\n]*" lines "${stats_md}")
foreach(l IN LISTS lines)
  if(l MATCHES "^### ([^ ]+) \\(([^)]+)\\)")
    set(gen "${CMAKE_MATCH_1}")
    set(mcpu "${CMAKE_MATCH_2}")
  elseif(l MATCHES "^\\| total \\| ([0-9]+) \\| ([0-9]+) \\| ([0-9]+) \\| ([0-9]+) \\|")
    set(row "| ${gen} | ${mcpu} | ${CMAKE_MATCH_1} | ${CMAKE_MATCH_2} | ${CMAKE_MATCH_3} | ${CMAKE_MATCH_4}")
  elseif(l MATCHES "\\(([^)]+)\\)$")
    string(APPEND summary "${row} | ${CMAKE_MATCH_1} |\n")
  endif()
endforeach()

string(REPLACE ";" ", " kernel_list "${kernels}")
string(REPLACE "\n### " "\n## " tables "\n${stats_md}")
set(md "# How much of real code gcnspec decodes\n\n")
string(APPEND md
  "The ${nkernels} OpenCL C kernels of `${cases}/` (${kernel_list}), compiled by "
  "${clang_version} for each generation (`clang-14 -x cl -cl-std=CL2.0 -target "
  "amdgcn-amd-amdhsa -mcpu=CPU -nogpulib -O2 -c`, as `test_disasm_objdump` compiles them), and counted by "
  "`gcnspec disasm --stats`: every instruction of their code, by the encoding the catalogue "
  "(`spec/encodings.json`) identifies; *decoded* is what the codec turns into an instruction "
  "(and `test_disasm_objdump` holds to llvm-objdump-19, or to llvm-mc reassembly on GCN "
  "1.0/1.1), *not modelled* an encoding the codec does not decode yet, *invalid* a word the "
  "codec refuses or no encoding has. Every word of `.text` counts, the `s_nop` padding "
  "that aligns each function too, as llvm-objdump lists it.\n\n"
  "Written by `cmake --build build --target real_code_report` (`tools/main.sh` runs it); "
  "`test_real_code_report` fails when this file is not what the target would write.\n\n"
  "## Share decoded, by generation\n\n${summary}${tables}")

string(REPLACE "\"" "\\\"" clang_json "${clang_version}")
set(kernels_json)
foreach(k IN LISTS kernels)
  list(APPEND kernels_json "\"${k}\"")
endforeach()
string(REPLACE ";" ", " kernels_json "${kernels_json}")
string(SUBSTRING "${stats_json}" 2 -1 stats_rest)
set(json "{\n  \"corpus\": \"${cases}\",\n  \"compiler\": \"${clang_json}\",\n")
string(APPEND json "  \"flags\": \"-x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=CPU -nogpulib -O2 -c\",\n")
string(APPEND json "  \"kernels\": [${kernels_json}],\n${stats_rest}")

if(CHECK)
  set(drift)
  foreach(ext md json)
    file(WRITE "${WORK}/real-code.${ext}" "${${ext}}")
    file(READ "${SOURCE_DIR}/reports/real-code.${ext}" committed)
    if(NOT committed STREQUAL "${${ext}}")
      list(APPEND drift "reports/real-code.${ext}")
    endif()
  endforeach()
  if(drift)
    message(FATAL_ERROR "${drift} drifted from what the corpus gives today (fresh copies in "
            "${WORK}): cmake --build build --target real_code_report")
  endif()
else()
  foreach(ext md json)
    set(out "${SOURCE_DIR}/reports/real-code.${ext}")
    file(WRITE "${out}.gcnspec-tmp" "${${ext}}")
    file(RENAME "${out}.gcnspec-tmp" "${out}")
  endforeach()
  message(STATUS "Wrote reports/real-code.md and reports/real-code.json")
endif()
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gcnspec disasm --stats found invalid words in the corpus (exit ${status})")
endif()
