# The architecture is the link graph, and the build holds it: each library or program is one
# directory of the source tree, and its files may include headers only from that directory and
# from the directories of the targets it links, directly or through them. Inside a target, ORDER
# names its subdirectories from the lowest up: each may include only itself and those before it.
# An include of anything else (a higher layer, a neighbour it does not link) fails the build,
# naming the file, the line and what it may include. docs/architecture.md draws the layers.

set(TILEPROF_LAYERING_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/check_layering.cmake)

# tileprof_layer(<target> [ORDER <subdirectory>...]): call after the target's target_link_libraries.
function(tileprof_layer target)
  cmake_parse_arguments(LAYER "" "" "ORDER" ${ARGN})
  get_target_property(directory ${target} SOURCE_DIR)
  file(RELATIVE_PATH own ${PROJECT_SOURCE_DIR} ${directory})
  set(below)
  get_target_property(links ${target} LINK_LIBRARIES)
  foreach(link IN LISTS links)
    if(TARGET ${link})
      get_target_property(linked ${link} TILEPROF_LAYER_DIRS)
      if(linked)
        list(APPEND below ${linked})
      endif()
    endif()
  endforeach()
  set(allowed ${own} ${below})
  list(REMOVE_DUPLICATES allowed)
  set_target_properties(${target} PROPERTIES TILEPROF_LAYER_DIRS "${allowed}")

  # Its sources, and every header of its directory (a directory may hold a library and the program
  # built on it: the headers are the library's).
  file(GLOB_RECURSE headers CONFIGURE_DEPENDS ${directory}/*.hpp)
  set(files ${headers})
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${directory})
    list(APPEND files ${source})
  endforeach()

  # One check for the whole target, or one a subdirectory in ORDER.
  set(checks)
  if(LAYER_ORDER)
    set(lower)
    foreach(sub IN LISTS LAYER_ORDER)
      list(APPEND lower ${own}/${sub})
      set(subFiles ${files})
      list(FILTER subFiles INCLUDE REGEX "^${directory}/${sub}/")
      # Lists passed on joined by "|": a ";" would split them in the list of commands.
      string(JOIN "|" subAllowed ${lower} ${below})
      string(JOIN "|" subFiles ${subFiles})
      list(APPEND checks COMMAND ${CMAKE_COMMAND} -D LAYER=${own}/${sub} -D ROOT=${PROJECT_SOURCE_DIR}
                                 -D ALLOWED=${subAllowed} -D FILES=${subFiles} -P ${TILEPROF_LAYERING_SCRIPT})
    endforeach()
    foreach(file IN LISTS files)
      file(RELATIVE_PATH relative ${directory} ${file})
      string(REGEX REPLACE "/.*" "" sub "${relative}")
      if(NOT sub IN_LIST LAYER_ORDER)
        message(FATAL_ERROR "${own}/${relative}: ${target}'s ORDER (${LAYER_ORDER}) does not place its directory")
      endif()
    endforeach()
  else()
    string(JOIN "|" joinedAllowed ${allowed})
    string(JOIN "|" joinedFiles ${files})
    set(checks COMMAND ${CMAKE_COMMAND} -D LAYER=${target} -D ROOT=${PROJECT_SOURCE_DIR} -D ALLOWED=${joinedAllowed}
                       -D FILES=${joinedFiles} -P ${TILEPROF_LAYERING_SCRIPT})
  endif()
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/${target}.layering)
  add_custom_command(
    OUTPUT ${stamp}
    ${checks}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${files} ${TILEPROF_LAYERING_SCRIPT}
    COMMENT "layering ${target}"
    VERBATIM)
  add_custom_target(${target}_layering DEPENDS ${stamp})
  add_dependencies(${target} ${target}_layering)
endfunction()
