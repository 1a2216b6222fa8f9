# Compiles through ccache when it is installed: a second build tree or clone
# of the same sources (a branch in a worktree, CI's fresh clone) compiles only
# what differs. Paths are taken relative to the source tree and the build
# folder is left out of the hash, so clones in different folders share
# entries. TIRX_USE_CCACHE=OFF, or a launcher given on the command line,
# turns it off.
option(TIRX_USE_CCACHE "Compile through ccache when it is installed" ON)
if(TIRX_USE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(TIRX_CCACHE ccache)
  if(TIRX_CCACHE)
    set(CMAKE_CXX_COMPILER_LAUNCHER
        "${CMAKE_COMMAND}" -E env "CCACHE_BASEDIR=${CMAKE_SOURCE_DIR}" CCACHE_NOHASHDIR=1
        "CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime" "${TIRX_CCACHE}")
  endif()
endif()
