# The LLVM-C API of each LLVM version (Debian's llvm-14-dev, llvm-19-dev): found through
# llvm-config-N, else under /usr/lib/llvm-N. gcn_use_llvm_c(TARGET VERSION) builds TARGET
# against it (defining GCN_LLVM_C) when it was found; one version per executable, since two
# libLLVMs in one process would share symbol names.
find_package(Threads REQUIRED)
foreach(v 14 19)
  find_program(GCN_LLVM_CONFIG_${v} llvm-config-${v})
  set(hint_inc /usr/lib/llvm-${v}/include)
  set(hint_lib /usr/lib/llvm-${v}/lib)
  if(GCN_LLVM_CONFIG_${v})
    execute_process(COMMAND ${GCN_LLVM_CONFIG_${v}} --includedir OUTPUT_VARIABLE hint_inc
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    execute_process(COMMAND ${GCN_LLVM_CONFIG_${v}} --libdir OUTPUT_VARIABLE hint_lib
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
  endif()
  find_path(GCN_LLVM${v}_INCLUDE_DIR llvm-c/Disassembler.h PATHS ${hint_inc} NO_DEFAULT_PATH)
  find_library(GCN_LLVM${v}_LIBRARY NAMES LLVM-${v} PATHS ${hint_lib} NO_DEFAULT_PATH)
  if(GCN_LLVM${v}_INCLUDE_DIR AND GCN_LLVM${v}_LIBRARY)
    message(STATUS "LLVM ${v} C API: ${GCN_LLVM${v}_LIBRARY}")
  else()
    message(STATUS "LLVM ${v} C API not found (llvm-${v}-dev)")
  endif()
endforeach()

function(gcn_use_llvm_c target v)
  if(GCN_LLVM${v}_INCLUDE_DIR AND GCN_LLVM${v}_LIBRARY)
    target_compile_definitions(${target} PRIVATE GCN_LLVM_C GCN_LLVM_VERSION=${v})
    target_include_directories(${target} SYSTEM PRIVATE ${GCN_LLVM${v}_INCLUDE_DIR})
    target_link_libraries(${target} PRIVATE ${GCN_LLVM${v}_LIBRARY} Threads::Threads)
  endif()
endfunction()
