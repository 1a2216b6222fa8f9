# Third-party packages, found once for the whole tree.

find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets Test Svg Concurrent)
find_package(QScintilla REQUIRED)
find_package(CLI11 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GVC REQUIRED IMPORTED_TARGET libgvc libcgraph)
find_package(benchmark QUIET)

# The IR is made of many small shared nodes, and parsing, lowering and
# releasing a module spend much of their time in malloc and free. mimalloc
# replaces the system allocator in every program that links the compiler.
# Sanitizer and fuzz builds keep the sanitizer's own allocator.
option(TIRX_USE_MIMALLOC "Link mimalloc as the allocator of every program" ON)
if(TIRX_BUILD_FUZZ OR CMAKE_CXX_FLAGS MATCHES "-fsanitize")
  set(TIRX_USE_MIMALLOC OFF)
endif()
if(TIRX_USE_MIMALLOC)
  find_library(TIRX_MIMALLOC_LIBRARY NAMES mimalloc)
  if(NOT TIRX_MIMALLOC_LIBRARY)
    message(STATUS "mimalloc not found (libmimalloc-dev): using the system allocator")
    set(TIRX_USE_MIMALLOC OFF)
  endif()
endif()
