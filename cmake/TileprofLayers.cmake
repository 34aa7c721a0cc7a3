# The architecture is the link graph, and the build holds it: each library or program is one
# directory of the source tree, and its files may include headers only from that directory and
# from the directories of the targets it links, directly or through them. Inside a target, its
# subdirectories are rooms: ORDER names them from the lowest up, each using those before it; ROOMS
# says of each which rooms it uses ("cpu: timing cartridge"), the rooms it names declared before
# it. A room may include itself and the rooms it uses, directly or through them. An include of anything else (a higher layer, a neighbour it does not link) fails the build,
# naming the file, the line and what it may include. docs/architecture.md draws the layers.

set(TILEPROF_LAYERING_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/check_layering.cmake)

# tileprof_layer(<target> [ORDER <subdirectory>...] [ROOMS "<subdirectory>[: <subdirectory>...]"...]):
# call after the target's target_link_libraries.
function(tileprof_layer target)
  cmake_parse_arguments(LAYER "" "" "ORDER;ROOMS" ${ARGN})
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

  # ORDER is rooms in a line, each using the one before it.
  set(rooms ${LAYER_ROOMS})
  set(previous "")
  foreach(sub IN LISTS LAYER_ORDER)
    list(APPEND rooms "${sub}:${previous}")
    set(previous ${sub})
  endforeach()

  # One check for the whole target, or one a room.
  set(checks)
  if(rooms)
    set(roomNames)
    foreach(room IN LISTS rooms)
      string(FIND "${room}" ":" colon)
      if(colon EQUAL -1)
        set(name "${room}")
        set(uses "")
      else()
        string(SUBSTRING "${room}" 0 ${colon} name)
        math(EXPR after "${colon} + 1")
        string(SUBSTRING "${room}" ${after} -1 uses)
      endif()
      string(STRIP "${name}" name)
      separate_arguments(uses UNIX_COMMAND "${uses}")
      set(reach_${name} ${own}/${name})
      foreach(use IN LISTS uses)
        if(NOT use IN_LIST roomNames)
          message(FATAL_ERROR "${target}: room ${name} uses ${use}, which is not a room declared before it")
        endif()
        list(APPEND reach_${name} ${reach_${use}})
      endforeach()
      list(REMOVE_DUPLICATES reach_${name})
      list(APPEND roomNames ${name})
      set(roomFiles ${files})
      list(FILTER roomFiles INCLUDE REGEX "^${directory}/${name}/")
      # Lists passed on joined by "|": a ";" would split them in the list of commands.
      string(JOIN "|" roomAllowed ${reach_${name}} ${below})
      string(JOIN "|" roomFiles ${roomFiles})
      list(APPEND checks COMMAND ${CMAKE_COMMAND} -D LAYER=${own}/${name} -D ROOT=${PROJECT_SOURCE_DIR}
                                 -D ALLOWED=${roomAllowed} -D FILES=${roomFiles} -P ${TILEPROF_LAYERING_SCRIPT})
    endforeach()
    foreach(file IN LISTS files)
      file(RELATIVE_PATH relative ${directory} ${file})
      string(REGEX REPLACE "/.*" "" sub "${relative}")
      if(NOT sub IN_LIST roomNames)
        message(FATAL_ERROR "${own}/${relative}: ${target}'s rooms (${roomNames}) do not place its directory")
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
