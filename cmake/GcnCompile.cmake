# Warnings, sanitizers and the project-wide include path, applied per target.
set(GCN_WARNINGS -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla)
if(GCN_WERROR)
  list(APPEND GCN_WARNINGS -Werror)
endif()

if(GCN_SANITIZE)
  set(GCN_SAN_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_options(${GCN_SAN_FLAGS})
  add_link_options(${GCN_SAN_FLAGS})
endif()

function(gcn_target_defaults target)
  target_compile_options(${target} PRIVATE ${GCN_WARNINGS})
  target_include_directories(${target} PRIVATE ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/include)
endfunction()
