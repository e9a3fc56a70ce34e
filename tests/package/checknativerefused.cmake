# cmake -DSOURCE_DIR=... -DSCRATCH=... -P checknativerefused.cmake
# A build tuned with -march=native (ATTNLENS_NATIVE=1 scripts/build.sh) must never be installed
# or packaged: its install step stops with a message before it copies anything. The portable
# build that CI tests cannot show that itself, so this configures a native build of the app
# alone into SCRATCH and installs it without building: the refusal comes first, so no compile is
# needed (tests/app's install.native_build_is_refused checks a real native build the same way).
file(REMOVE_RECURSE ${SCRATCH})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${SCRATCH}/build -G Ninja
                        -DCMAKE_BUILD_TYPE=Release -DATTNLENS_NATIVE_ARCH=ON
                        -DATTNLENS_BUILD_TESTS=OFF -DATTNLENS_BUILD_BENCH=OFF
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "configuring a native build failed (${result}):\n${output}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --install ${SCRATCH}/build --prefix ${SCRATCH}/prefix
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
file(GLOB_RECURSE installed LIST_DIRECTORIES FALSE ${SCRATCH}/prefix/*)
file(REMOVE_RECURSE ${SCRATCH})
if(result EQUAL 0)
    message(FATAL_ERROR "cmake --install of a native build succeeded:\n${output}")
endif()
if(NOT output MATCHES "tuned for the CPU that built it")
    message(FATAL_ERROR "cmake --install of a native build failed without saying why (${result}):\n${output}")
endif()
if(installed)
    message(FATAL_ERROR "a refused native install still installed: ${installed}")
endif()
message(STATUS "a native build's install is refused, nothing installed: ${output}")
