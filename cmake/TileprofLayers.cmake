# The architecture is the link graph, and the build holds it: each library or program is one
# directory of the source tree, and its files may include headers only from that directory and
# from the directories of the targets it links, directly or through them. An include of anything
# else (a higher layer, a neighbour it does not link) fails the build, naming the file, the line
# and what the target may include. docs/architecture.md draws the layers.

set(TILEPROF_LAYERING_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/check_layering.cmake)

# tileprof_layer(<target>): call after the target's target_link_libraries.
function(tileprof_layer target)
  get_target_property(directory ${target} SOURCE_DIR)
  file(RELATIVE_PATH own ${PROJECT_SOURCE_DIR} ${directory})
  set(allowed ${own})
  get_target_property(links ${target} LINK_LIBRARIES)
  foreach(link IN LISTS links)
    if(TARGET ${link})
      get_target_property(below ${link} TILEPROF_LAYER_DIRS)
      if(below)
        list(APPEND allowed ${below})
      endif()
    endif()
  endforeach()
  list(REMOVE_DUPLICATES allowed)
  set_target_properties(${target} PROPERTIES TILEPROF_LAYER_DIRS "${allowed}")

  # Its sources, and every header of its directory (a directory may hold a library and the program
  # built on it: the headers are the library's).
  file(GLOB_RECURSE files CONFIGURE_DEPENDS ${directory}/*.hpp)
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY ${directory})
    list(APPEND files ${source})
  endforeach()
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/${target}.layering)
  add_custom_command(
    OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -D TARGET=${target} -D ROOT=${PROJECT_SOURCE_DIR} "-D ALLOWED=${allowed}"
            "-D FILES=${files}" -P ${TILEPROF_LAYERING_SCRIPT}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${files} ${TILEPROF_LAYERING_SCRIPT}
    COMMENT "layering ${target}"
    VERBATIM)
  add_custom_target(${target}_layering DEPENDS ${stamp})
  add_dependencies(${target} ${target}_layering)
endfunction()
