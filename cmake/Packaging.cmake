# Debian packages (cmake --build build --target package, or cpack in the build tree): `tileprof`, the
# command line with what it ships with (the ROMs, designs, scenarios, the CI script and the manual),
# and `tileprof-gui`, the debugger, which alone needs the window and OpenGL libraries. Their
# dependencies are worked out from the binaries by dpkg-shlibdeps (dpkg-dev), never written by hand.
install(PROGRAMS scripts/tileprof-ci DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT cli)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs COMPONENT cli)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tileprof)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "tileprof developers <tileprof@users.noreply.github.com>")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
if(TILEPROF_GUI)
  set(CPACK_COMPONENTS_ALL cli gui)
else()
  set(CPACK_COMPONENTS_ALL cli)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)

set(CPACK_DEBIAN_CLI_PACKAGE_NAME tileprof)
# A description's first line is its synopsis; CPack indents the rest as Debian wants.
set(CPACK_COMPONENT_CLI_DESCRIPTION
  "cycle-accurate 65816 emulator for profiling SNES code (command line)
tileprof runs a SNES engine's routines (first of all tile collision) on a
model of the SNES CPU bus exact to the bus cycle, in a harness or inside the
running game, and reports what every call cost per case, per function and
per source line, with baselines and checks that fail CI when a case gets
slower. With the bundled ROMs, designs and scenarios, tileprof-ci (checks and
plays for CI, JUnit and a Markdown summary) and the manual.")
# The libretro core `tileprof bench` compares against is opened at run time, never linked.
set(CPACK_DEBIAN_CLI_PACKAGE_SUGGESTS "libretro-bsnes-mercury-accuracy")

set(CPACK_DEBIAN_GUI_PACKAGE_NAME tileprof-gui)
set(CPACK_COMPONENT_GUI_DEPENDS cli)
set(CPACK_COMPONENT_GUI_DESCRIPTION
  "cycle-accurate 65816 emulator for profiling SNES code (debugger)
tileprof-gui shows a collision routine's calls on the map, the tiles each call
read, its source line by line and its trace, live play of a scenario, and a
game's frames and calls under a play file.")

include(CPack)
