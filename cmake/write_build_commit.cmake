# Run at every build (cmake -P): writes OUT with the commit the sources are at, "-modified" when the
# working tree differs from it, or COMMIT when given (a build from a source archive has no git). The
# file is rewritten only when that changes, so only build_version.cpp compiles again.
if(COMMIT STREQUAL "")
  set(COMMIT "unknown")
  find_program(GIT git)
  if(GIT)
    execute_process(COMMAND ${GIT} -C ${SOURCE} rev-parse --short=12 HEAD
      OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE failed ERROR_QUIET)
    if(NOT failed)
      set(COMMIT ${head})
      execute_process(COMMAND ${GIT} -C ${SOURCE} status --porcelain --untracked-files=no
        OUTPUT_VARIABLE changes RESULT_VARIABLE failed ERROR_QUIET)
      if(NOT failed AND NOT changes STREQUAL "")
        string(APPEND COMMIT "-modified")
      endif()
    endif()
  endif()
endif()
set(text "#define TILEPROF_COMMIT \"${COMMIT}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
