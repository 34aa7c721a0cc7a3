# cmake -D BUILD_DIR=... -D BINARY=... -P require_current_build.cmake
# Brings the test binary (and tileprof and tileprof-gui, which it depends on) up to date, and fails
# if that changed it: the tests ctest is running were listed from the binary as it was. Then checks
# that every test case can be run by its name.
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
# CTest runs each test case by its name, and a ';' splits the name into a list: such a case would
# run as no test at all and pass.
execute_process(COMMAND "${BINARY}" --list-test-cases --no-version RESULT_VARIABLE failed OUTPUT_VARIABLE cases)
string(REPLACE ";" "<semicolon>" cases "${cases}")
string(REPLACE "\n" ";" cases "${cases}")
foreach(name IN LISTS cases)
  if(name MATCHES "<semicolon>")
    string(REPLACE "<semicolon>" ";" name "${name}")
    message(FATAL_ERROR "the test case \"${name}\" has a ';' in its name, which CTest cannot run it by")
  endif()
endforeach()
