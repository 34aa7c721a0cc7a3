# cmake -D BUILD_DIR=... -D BINARY=... -P require_current_build.cmake
# Brings the test binary (and tileprof and tileprof-gui, which it depends on) up to date, and fails
# if that changed it: the tests ctest is running were listed from the binary as it was.
if(EXISTS "${BINARY}")
  file(SHA256 "${BINARY}" before)
  set(state "out of date")
else()
  set(before "")
  set(state "not built")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD_DIR}" --target tileprof_tests --parallel 2
                RESULT_VARIABLE failed OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(failed)
  message(FATAL_ERROR "building the tests failed:\n${output}")
endif()
file(SHA256 "${BINARY}" after)
if(NOT before STREQUAL after)
  message(FATAL_ERROR "${BINARY} was ${state}; it is built now, so run ctest again. "
                      "(./scripts/setup.sh --tests builds the tests before ctest runs them.)")
endif()
