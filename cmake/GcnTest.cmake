# cmocka as an INTERFACE target (Debian ships no imported target) and one helper per unit test.
find_path(CMOCKA_INCLUDE_DIR cmocka.h)
find_library(CMOCKA_LIBRARIES cmocka)
if(CMOCKA_INCLUDE_DIR AND CMOCKA_LIBRARIES)
  add_library(gcn_cmocka INTERFACE)
  target_include_directories(gcn_cmocka INTERFACE ${CMOCKA_INCLUDE_DIR})
  target_link_libraries(gcn_cmocka INTERFACE ${CMOCKA_LIBRARIES})
endif()

# gcn_add_unit_test(NAME SOURCES... LIBS ... [ARGS ...] [PEER])
# PEER tests exit 77 when their peer (llvm-mc) is missing; ctest shows them as skipped.
function(gcn_add_unit_test name)
  cmake_parse_arguments(T "PEER" "TIMEOUT" "SOURCES;LIBS;ARGS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  gcn_target_defaults(${name})
  target_link_libraries(${name} PRIVATE gcn_cmocka ${T_LIBS})
  set(peer)
  if(T_PEER)
    set(peer PEER)
  endif()
  gcn_add_test_run(${name} TARGET ${name} ARGS ${T_ARGS} LABELS ${T_LABELS} TIMEOUT ${T_TIMEOUT}
                   ${peer})
endfunction()

# gcn_add_test_run(NAME TARGET target [ARGS ...] [LABELS ...] [TIMEOUT s] [PEER])
# One more test of a unit test's executable (another part of it, chosen by ARGS), in the same
# environment: the parts of a long test spread over the cores, and a label can leave one out of
# the sanitizer pass.
function(gcn_add_test_run name)
  cmake_parse_arguments(T "PEER" "TARGET;TIMEOUT" "ARGS;LABELS" ${ARGN})
  add_test(NAME ${name} COMMAND ${T_TARGET} ${T_ARGS} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set(env "GCN_SOURCE_DIR=${CMAKE_SOURCE_DIR}" "GCN_BUILD_DIR=${CMAKE_BINARY_DIR}"
          "GCN_DOCS_DIR=${GCN_DOCS_DIR}" "GCNSPEC=$<TARGET_FILE:gcnspec>")
  set_tests_properties(${name} PROPERTIES ENVIRONMENT "${env}")
  if(T_PEER)
    set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
  endif()
  if(T_TIMEOUT)
    set_tests_properties(${name} PROPERTIES TIMEOUT ${T_TIMEOUT})
  endif()
  if(T_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}")
  endif()
endfunction()
