# cmake -D SOURCE=dir -D BINARY=dir -D LAYERS=TileprofLayers.cmake -D ROOMS="a|b: a" -P build_rooms.cmake
# Configures and builds the rooms project (rooms/) with those ROOMS, printing what CMake said and
# how it ended, for a test's regular expression to read.
string(REPLACE "|" ";" ROOMS "${ROOMS}")
file(REMOVE_RECURSE ${BINARY})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${BINARY} -D TILEPROF_LAYERS=${LAYERS} "-DCHIP_ROOMS=${ROOMS}"
                OUTPUT_VARIABLE output ERROR_VARIABLE output RESULT_VARIABLE configured)
message("${output}")
if(NOT configured EQUAL 0)
  message("the configuration failed")
  return()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY} OUTPUT_VARIABLE output ERROR_VARIABLE output
                RESULT_VARIABLE built)
message("${output}")
if(built EQUAL 0)
  message("the build passed")
else()
  message("the build failed")
endif()
