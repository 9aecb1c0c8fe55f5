# What `cmake --install` puts in place (GNUInstallDirs' layout under any --prefix):
#   bin/gcnspec
#   lib/libgcnspec.a            the codec, code objects and the oracle (and the util they stand
#                               on), one archive
#   include/gcnspec/*.h         the public API (extern "C")
#   lib/pkgconfig/gcnspec.pc    and lib/cmake/gcnspec/ (gcnspec::gcnspec): one link line
#   share/gcnspec/              the data the commands read, in the source tree's layout
#                               (util/datadir.h: the installed gcnspec finds it from its own path)
# tests/install installs into a temporary prefix and uses all of it from another directory.
include(CMakePackageConfigHelpers)

# One archive of every object a program of the public API needs: a user links -lgcnspec (and
# cJSON, libcrypto, libelf (code objects), libm, which the .pc file and the package config name), never our
# internal layering. Every global symbol in it starts with gcn_ (tests/install checks with nm).
add_library(gcnspec_lib STATIC $<TARGET_OBJECTS:gcn_util> $<TARGET_OBJECTS:gcn_codec_objs>
                               $<TARGET_OBJECTS:gcn_codec> $<TARGET_OBJECTS:gcn_codeobj>
                               $<TARGET_OBJECTS:gcn_oracle>)
set_target_properties(gcnspec_lib PROPERTIES OUTPUT_NAME gcnspec LINKER_LANGUAGE C)

install(TARGETS gcnspec RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS gcnspec_lib ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/include/gcnspec DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")

# The data: what the commands' defaults name (cli_data_path), nothing of the build.
set(data ${CMAKE_INSTALL_DATADIR}/gcnspec)
install(FILES ${CMAKE_SOURCE_DIR}/spec/gcn.json ${CMAKE_SOURCE_DIR}/spec/errata.json
              ${CMAKE_SOURCE_DIR}/spec/facts.json
              ${CMAKE_SOURCE_DIR}/spec/facts-clrx.json DESTINATION ${data}/spec)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/spec/curated ${CMAKE_SOURCE_DIR}/spec/peers
        DESTINATION ${data}/spec FILES_MATCHING PATTERN "*.json")
install(FILES ${CMAKE_SOURCE_DIR}/vectors/llvm-mc-vectors-known.json DESTINATION ${data}/vectors)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/documents DESTINATION ${data})

# pkg-config: relocatable (the prefix is found from the .pc file's own place). The archive is
# static, so its dependencies are public (Requires, Libs): `pkg-config --libs gcnspec` alone
# gives a link line that links.
file(RELATIVE_PATH GCN_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" GCN_PC_TO_PREFIX "${GCN_PC_TO_PREFIX}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/gcnspec.pc.in ${CMAKE_BINARY_DIR}/gcnspec.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/gcnspec.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# find_package(gcnspec): the imported target gcnspec::gcnspec, with its include directory and
# its dependencies.
set(cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/gcnspec)
configure_package_config_file(
  ${CMAKE_SOURCE_DIR}/cmake/gcnspecConfig.cmake.in ${CMAKE_BINARY_DIR}/gcnspecConfig.cmake
  INSTALL_DESTINATION ${cmake_dir}
  PATH_VARS CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_DATADIR)
# 0.x: a minor version may break the API
write_basic_package_version_file(${CMAKE_BINARY_DIR}/gcnspecConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/gcnspecConfig.cmake
              ${CMAKE_BINARY_DIR}/gcnspecConfigVersion.cmake DESTINATION ${cmake_dir})
